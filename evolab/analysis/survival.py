"""Survival of a trait's carriers against the other animals of the same turns, with 95% intervals over games.

Comparing carriers with the non-carriers who faced the very same turns (the same food, the same predators)
is the fair test of whether a trait helps: comparing carriers in one world with carriers in another mixes
the trait's effect with the world's. The animals of one game are not independent samples (they share its
dice and its bots), so each interval treats a game as one sample: the ratio estimator's linearised
variance over games, with a t quantile for the number of games.
"""
from __future__ import annotations

import math

from . import _hashable, _rows, _unhash, parameters, t95


def _params(trait_rows, turn_rows, by):
    """``by``, or the experiment parameters of the traits table (the turns table has more measures, which
    ``parameters`` cannot tell from parameters) that the turns table has too."""
    if by is not None:
        return list(by)
    found = parameters(trait_rows) if trait_rows else parameters(turn_rows)
    return [p for p in found if p not in ("turn", "trait") and (not turn_rows or p in turn_rows[0])]


def _ratio_var(pairs):
    """(sum y / sum x, its variance over games); (None, None) when x sums to 0."""
    k = len(pairs)
    total_x = sum(x for _, x in pairs)
    if not total_x:
        return None, None
    r = sum(y for y, _ in pairs) / total_x
    if k < 2:
        return r, float("nan")
    return r, k / (k - 1) * sum((y - r * x) ** 2 for y, x in pairs) / total_x ** 2


def pooled_share(pairs) -> tuple:
    """(share, low, high): ``sum(y) / sum(x)`` over games given as ``(y, x)`` pairs (e.g. survivors and animals
    of one game), with a 95% interval that counts each game as one sample; (None, None, None) when x sums
    to 0. Give every game of the condition, those with ``(0, 0)`` too."""
    r, var = _ratio_var(pairs)
    if r is None:
        return None, None, None
    half = t95(len(pairs)) * math.sqrt(var)
    return r, r - half, r + half


def share_difference(pairs_a, pairs_b) -> tuple:
    """(difference, low, high): ``pooled_share(pairs_a) - pooled_share(pairs_b)`` for two conditions played in
    different games (independent samples), with its 95% interval."""
    ra, va = _ratio_var(pairs_a)
    rb, vb = _ratio_var(pairs_b)
    if ra is None or rb is None:
        return None, None, None
    half = t95(min(len(pairs_a), len(pairs_b))) * math.sqrt(va + vb)
    return ra - rb, ra - rb - half, ra - rb + half


def paired_difference(pairs_a, pairs_b) -> tuple:
    """(difference, low, high): ``pooled_share(pairs_a) - pooled_share(pairs_b)`` for two groups of animals of
    the same games (``pairs_a[i]`` and ``pairs_b[i]`` from game i), with its 95% interval over games."""
    return _difference_ci(pairs_a, pairs_b)


def _difference_ci(carriers, others):
    """Difference of two pooled ratios from the same games, with its 95% interval over games."""
    xc = sum(x for _, x in carriers)
    xo = sum(x for _, x in others)
    if not xc or not xo:
        return None, None, None
    rc = sum(y for y, _ in carriers) / xc
    ro = sum(y for y, _ in others) / xo
    d = rc - ro
    k = len(carriers)
    if k < 2:
        return d, float("nan"), float("nan")
    z = [(yc - rc * xc_i) / xc - (yo - ro * xo_i) / xo for (yc, xc_i), (yo, xo_i) in zip(carriers, others)]
    half = t95(k) * math.sqrt(k / (k - 1) * sum(v * v for v in z))
    return d, d - half, d + half


def trait_survival(trait_rows, turn_rows, traits, by=None, turns=None) -> list:
    """Per condition and trait: the share of carriers that survived a turn, of the other animals in the same
    turns, and of all animals, each with its 95% interval over games, and the difference carriers - others.

    ``trait_rows`` and ``turn_rows`` are the ``traits`` and ``turns`` tables of the same games; ``traits`` a
    trait name or a list of them; ``turns`` limits the count to some turns (e.g. ``[6]``, the turn of a food
    crash); ``by`` the parameters that tell conditions apart (default: every experiment parameter). An animal
    faced a turn if it was alive when feeding began (``alive`` + ``deaths`` of the turn, or ``at_feeding``
    for carriers). Rows: ``{params..., "trait", "games", "carriers_faced", "carriers_survived",
    "carrier_survival", "carrier_low", "carrier_high", "others_faced", "others_survived", "other_survival",
    "other_low", "other_high", "all_faced", "all_survived", "all_survival", "all_low", "all_high",
    "difference", "difference_low", "difference_high"}``; a share is None when nobody faced it.
    """
    traits = [traits] if isinstance(traits, str) else list(traits)
    turn_rows = _rows(turn_rows)
    trait_rows = [r for r in _rows(trait_rows) if r["trait"] in traits]
    by = _params(trait_rows, turn_rows, by)
    keep = None if turns is None else set(turns)

    def key(r):
        return tuple(_hashable(r.get(k)) for k in by)

    everyone: dict = {}                # condition -> game -> [survived, faced]
    for r in turn_rows:
        if keep is not None and r["turn"] not in keep:
            continue
        g = everyone.setdefault(key(r), {}).setdefault((r["game"], r.get("seed")), [0, 0])
        g[0] += r["alive"]
        g[1] += r["alive"] + r["deaths"]
    carried: dict = {}                 # (condition, trait) -> game -> [survived, faced]
    for r in trait_rows:
        if keep is not None and r["turn"] not in keep:
            continue
        g = carried.setdefault((key(r), r["trait"]), {}).setdefault((r["game"], r.get("seed")), [0, 0])
        g[0] += r["survived"]
        g[1] += r["at_feeding"]
    out = []
    for cond in sorted(everyone, key=lambda k: tuple((str(type(x)), x) for x in k)):
        games = everyone[cond]
        for trait in traits:
            mine = carried.get((cond, trait), {})
            c = [tuple(mine.get(g, (0, 0))) for g in games]
            a = [tuple(games[g]) for g in games]
            o = [(ya - yc, xa - xc) for (yc, xc), (ya, xa) in zip(c, a)]
            row = dict(zip(by, map(_unhash, cond)))
            row["trait"] = trait
            row["games"] = len(games)
            for name, short, pairs in (("carriers", "carrier", c), ("others", "other", o), ("all", "all", a)):
                row[f"{name}_faced"] = sum(x for _, x in pairs)
                row[f"{name}_survived"] = sum(y for y, _ in pairs)
                row[f"{short}_survival"], row[f"{short}_low"], row[f"{short}_high"] = pooled_share(pairs)
            row["difference"], row["difference_low"], row["difference_high"] = _difference_ci(c, o)
            out.append(row)
    return out


__all__ = ["trait_survival", "pooled_share", "share_difference", "paired_difference"]

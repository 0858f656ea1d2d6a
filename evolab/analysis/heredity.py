"""Measures a biology teacher uses, for the Heredity variant, each with a 95% interval over replicate games.

All take tracked rows (lists of dicts, a DataFrame or a ``Table``) and group by the experiment's parameters
(``by`` to choose), so two conditions of one batch come back side by side:

- ``trait_frequency(generations, trait)``: the trait's frequency per generation, over the runs still alive,
  with how many runs there are and how many still have animals (a run that died out has no frequency:
  averaging only the survivors flatters every result, so the count is always given);
- ``selection_differential(generations, trait)``: survival and offspring of carriers against non-carriers
  of the same cohort, their differences (paired within each game), and the trait's change by selection;
- ``arose_vs_kept(generations)``: what blind mutation produced against what was carried at the end;
- ``fixation_times(generations, fates, trait)``: when the trait was fixed or lost, per condition;
- ``mutation_spectrum(births)`` and ``spectrum_test(...)``: the share of each trait among the mutations that
  arose, with a chi-square test of homogeneity across conditions and of fit to the deck's composition.
"""
from __future__ import annotations

import math

from . import _hashable, _rows, _unhash, parameters, t95

_GEN_KEYS = ("turn", "trait")


def _mean_ci(vals):
    """(n, mean, sd, ci_low, ci_high) of a list of numbers (t interval; NaN half-width for n < 2)."""
    n = len(vals)
    if not n:
        return 0, None, None, None, None
    mean = sum(vals) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in vals) / (n - 1)) if n > 1 else 0.0
    half = t95(n) * sd / math.sqrt(n) if n > 1 else float("nan")
    return n, mean, sd, mean - half, mean + half


def _params(rows, by):
    """``by``, or every experiment parameter found in any row (rows of several batches may be joined)."""
    if by is not None:
        return list(by)
    names: dict = {}
    for r in rows:
        for k in r:
            names.setdefault(k, None)
    return [p for p in parameters([dict.fromkeys(names)]) if p not in ("turn", "trait")]


def _group_key(r, by):
    return tuple(_hashable(r.get(k)) for k in by)


def _order(key):
    return tuple((str(type(x)), x) for x in key)


def _sorted(keys):
    return sorted(keys, key=_order)


def runs_alive(generations, by=None) -> list:
    """Per condition and generation: ``runs`` (games in the condition) and ``runs_alive`` (with animals)."""
    rows = _rows(generations)
    by = _params(rows, by)
    games: dict = {}
    alive: dict = {}
    for r in rows:
        key = _group_key(r, by)
        games.setdefault(key, set()).add(r["game"])
        if r["alive"]:
            alive.setdefault((key, r["turn"]), set()).add(r["game"])
    turns = sorted({r["turn"] for r in rows})
    out = []
    for key in _sorted(games):
        for t in turns:
            row = dict(zip(by, map(_unhash, key)))
            row.update({"turn": t, "runs": len(games[key]), "runs_alive": len(alive.get((key, t), ()))})
            out.append(row)
    return out


def trait_frequency(generations, trait, by=None) -> list:
    """The trait's frequency per generation: mean and 95% interval over the runs with living animals.

    Rows: {params..., "turn", "runs", "runs_alive", "n", "mean", "sd", "ci_low", "ci_high"}; ``n`` is the
    number of runs averaged (= runs_alive), ``mean`` is None once every run has died out.
    """
    rows = [r for r in _rows(generations) if r["trait"] == trait]
    if not rows:
        raise KeyError(f"no rows for trait {trait!r}")
    by = _params(rows, by)
    alive = {(_group_key(a, by), a["turn"]): a for a in runs_alive(rows, by)}
    vals: dict = {}
    for r in rows:
        f = r["frequency"] if "frequency" in r else (r["carriers"] / r["alive"] if r["alive"] else None)
        if f is not None:
            vals.setdefault((_group_key(r, by), r["turn"]), []).append(f)
    out = []
    for (key, t), a in sorted(alive.items(), key=lambda kv: (_order(kv[0][0]), kv[0][1])):
        n, mean, sd, lo, hi = _mean_ci(vals.get((key, t), []))
        out.append({**dict(zip(by, map(_unhash, key))), "turn": t, "runs": a["runs"],
                    "runs_alive": a["runs_alive"], "n": n, "mean": mean, "sd": sd, "ci_low": lo, "ci_high": hi})
    return out


_DIFF = (("survival", "carrier_survival", "other_survival"), ("offspring", "carrier_offspring", "other_offspring"))


def selection_differential(generations, trait, by=None, pooled=False) -> list:
    """Carriers against non-carriers of the cohort that faced selection, per generation, each with its 95%
    interval over games; ``pooled=True`` gives one row per condition: the mean over every generation of
    every game (each compared within itself first: pooling the animals of early, well fed generations
    with those of late, crowded ones would bias a trait that happened to grow; averaging per game first
    would over-weight the games where the trait was soon lost), with an interval that counts each game
    as one sample (games are the replicates, their generations are not independent).

    Columns: ``carrier_survival``, ``other_survival``, ``survival_difference`` (carrier - other, paired
    within a generation of a game), the same for ``offspring`` (young per animal), and
    ``selection_differential`` (the trait's share among what the cohort left minus its share at feeding:
    selection's part of the change). Only generations where both carriers and non-carriers faced
    selection count (``n``: how many games).
    """
    rows = [r for r in _rows(generations) if r["trait"] == trait and r["turn"] > 0]
    by = _params(rows, by)
    names = ("carrier_survival", "other_survival", "survival_difference", "carrier_offspring", "other_offspring",
             "offspring_difference", "selection_differential")
    groups: dict = {}
    for r in rows:
        fc, f = r["feeding_carriers"], r["feeding"]
        if not fc or fc == f:
            continue
        cs, os_ = r["survived_carriers"] / fc, (r["survived"] - r["survived_carriers"]) / (f - fc)
        co, oo = r["offspring_carriers"] / fc, (r["young"] - r["offspring_carriers"]) / (f - fc)
        sd = r.get("selection_differential")
        if sd is None:
            sd = _selection_differential(r)
        key = (_group_key(r, by), None if pooled else r["turn"])
        per_game = groups.setdefault(key, {}).setdefault(r["game"], [[] for _ in names])
        for lst, v in zip(per_game, (cs, os_, cs - os_, co, oo, co - oo, sd)):
            if v is not None:
                lst.append(v)
    out = []
    for (key, turn), games in sorted(groups.items(), key=lambda kv: (_order(kv[0][0]), kv[0][1] or 0)):
        row = dict(zip(by, map(_unhash, key)))
        if not pooled:
            row["turn"] = turn
        row["n"] = len(games)
        for i, name in enumerate(names):
            mean, lo, hi = _cluster_mean_ci([g[i] for g in games.values() if g[i]])
            row[name] = mean
            row[name + "_low"] = lo
            row[name + "_high"] = hi
        out.append(row)
    return out


def _cluster_mean_ci(clusters):
    """Mean of every value, with a 95% interval that treats each game (a list of values) as one sample:
    the ratio estimator's linearised variance, with a t quantile for the number of games."""
    k = len(clusters)
    n = sum(len(c) for c in clusters)
    if not n:
        return None, None, None
    mean = sum(sum(c) for c in clusters) / n
    if k < 2:
        return mean, float("nan"), float("nan")
    var = k / (k - 1) * sum((sum(c) - mean * len(c)) ** 2 for c in clusters) / n ** 2
    half = t95(k) * math.sqrt(var)
    return mean, mean - half, mean + half


def _selection_differential(r):
    after = r["survived"] + r["young"]
    if not r["feeding"] or not after:
        return None
    return (r["survived_carriers"] + r["offspring_carriers"]) / after - r["feeding_carriers"] / r["feeding"]


def arose_vs_kept(generations, by=None) -> list:
    """Per trait: its share of the blind mutations that arose (over the whole game) against its share of
    the trait copies carried at the end, each a mean with 95% interval over games that had mutations and
    living animals at the end. Positive ``selection`` = selection kept more of it than mutation produced.
    """
    rows = _rows(generations)
    by = _params(rows, by)
    per_game: dict = {}
    for r in rows:
        g = per_game.setdefault(r["game"], {"key": _group_key(r, by), "arose": {}, "last": -1, "end": {}})
        g["arose"][r["trait"]] = g["arose"].get(r["trait"], 0) + r["arose"]
        if r["turn"] > g["last"]:
            g["last"], g["end"] = r["turn"], {}
        if r["turn"] == g["last"]:
            g["end"][r["trait"]] = r["carriers"]
    acc: dict = {}
    for g in per_game.values():
        total_arose = sum(g["arose"].values())
        total_end = sum(g["end"].values())
        if not total_arose or not total_end:
            continue
        for t in g["arose"]:
            a = acc.setdefault((g["key"], t), ([], [], []))
            a[0].append(g["arose"][t] / total_arose)
            a[1].append(g["end"].get(t, 0) / total_end)
            a[2].append(g["arose"][t])
    out = []
    for (key, t), (ar, kept, counts) in sorted(acc.items(), key=lambda kv: (_order(kv[0][0]), kv[0][1])):
        n, m_a, _, lo_a, hi_a = _mean_ci(ar)
        _, m_k, _, lo_k, hi_k = _mean_ci(kept)
        out.append({**dict(zip(by, map(_unhash, key))), "trait": t, "n": n, "arose": sum(counts),
                    "share_arose": m_a, "share_arose_low": lo_a, "share_arose_high": hi_a,
                    "share_kept": m_k, "share_kept_low": lo_k, "share_kept_high": hi_k, "selection": m_k - m_a})
    return out


def fixation_times(generations, fates, trait, by=None) -> list:
    """When the trait was first fixed or lost, per condition.

    Counts ``fixed``, ``lost``, ``segregating`` (neither by the end), ``died_out`` (the population died
    before either) out of ``runs``; ``absorbed`` = the share of runs where it was fixed or lost, with its
    95% (Wilson) interval; and the generation of the first fixation or loss: mean with 95% interval and
    median, over the runs where it happened.
    """
    gens = _rows(generations)
    by = _params(gens, by)
    first: dict = {}
    for r in _rows(fates):
        if r["trait"] == trait and r["game"] not in first:
            first[r["game"]] = (r["turn"], r["fate"])
    games: dict = {}
    for r in gens:
        if r["trait"] != trait:
            continue
        g = games.setdefault(r["game"], {"key": _group_key(r, by), "alive_end": r["alive"], "last": r["turn"]})
        if r["turn"] >= g["last"]:
            g["last"], g["alive_end"] = r["turn"], r["alive"]
    acc: dict = {}
    for game, g in games.items():
        a = acc.setdefault(g["key"], {"runs": 0, "fixed": 0, "lost": 0, "segregating": 0, "died_out": 0, "times": []})
        a["runs"] += 1
        if game in first:
            turn, fate = first[game]
            a[fate] += 1
            a["times"].append(turn)
        elif g["alive_end"]:
            a["segregating"] += 1
        else:
            a["died_out"] += 1
    out = []
    for key in _sorted(acc):
        a = acc[key]
        n, mean, _, lo, hi = _mean_ci(a["times"])
        times = sorted(a["times"])
        median = (times[(n - 1) // 2] + times[n // 2]) / 2 if n else None
        share, s_lo, s_hi = proportion(n, a["runs"])
        out.append({**dict(zip(by, map(_unhash, key))), "runs": a["runs"], "fixed": a["fixed"], "lost": a["lost"],
                    "segregating": a["segregating"], "died_out": a["died_out"], "absorbed": share,
                    "absorbed_low": s_lo, "absorbed_high": s_hi, "n": n, "mean": mean,
                    "ci_low": lo, "ci_high": hi, "median": median})
    return out


def proportion(k: int, n: int) -> tuple:
    """(k/n, low, high): a share with its 95% Wilson interval (good for small n and shares near 0 or 1)."""
    if not n:
        return None, None, None
    z = 1.959964
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def spread(generations, trait, turn, by=None) -> list:
    """How far replicates drifted apart: the standard deviation of the trait's frequency across the runs
    alive at ``turn``, with a 95% interval (chi-square based, from the normal approximation)."""
    out = []
    for r in trait_frequency(generations, trait, by):
        if r["turn"] != turn:
            continue
        n, sd = r["n"], r["sd"]
        if n and n > 1:
            lo = sd * math.sqrt((n - 1) / _chi2_quantile(0.975, n - 1))
            hi = sd * math.sqrt((n - 1) / _chi2_quantile(0.025, n - 1))
        else:
            lo = hi = None
        out.append({**{k: v for k, v in r.items() if k not in ("mean", "ci_low", "ci_high", "sd")},
                    "mean": r["mean"], "sd": sd, "sd_low": lo, "sd_high": hi})
    return out


# ---- the mutation spectrum and chi-square tests -------------------------------------------------------
def mutation_spectrum(births, by=None) -> dict:
    """{condition: {trait: number of blind mutations that arose}} from ``births`` rows (effect or not).

    A condition is the value of the one parameter in ``by`` (or a tuple of values); lists and dicts
    appear as their JSON text."""
    rows = [r for r in _rows(births) if r["mutation"]]
    by = _params(_rows(births), by) if by is None else list(by)
    out: dict = {}
    for r in rows:
        key = _group_key(r, by)
        key = key[0] if len(key) == 1 else key
        d = out.setdefault(key, {})
        d[r["mutation"]] = d.get(r["mutation"], 0) + 1
    return out


def deck_spectrum(ruleset) -> dict:
    """{trait: expected share among blind mutations}: each card's copies, half to each side of a two-sided card."""
    sides = tuple(ruleset.card_sides())
    total = sum(k for _, k in sides)
    out: dict = {}
    for traits, k in sides:
        for t in traits:
            out[t] = out.get(t, 0.0) + k / total / len(traits)
    return out


def spectrum_test(spectrum: dict, expected: dict | None = None) -> dict:
    """Chi-square tests on a mutation spectrum (``mutation_spectrum``'s result).

    With two or more conditions: homogeneity (is each trait's share the same in every condition?),
    Pearson's chi-square on the traits x conditions table. With ``expected`` shares (``deck_spectrum``):
    goodness of fit of the pooled counts. Traits expected fewer than 5 times are pooled into one cell,
    as the chi-square approximation asks. Returns {"homogeneity": {...}, "fit": {...}}, each with
    ``chi2``, ``df`` and ``p``.
    """
    out = {}
    conds = list(spectrum)
    traits = sorted({t for d in spectrum.values() for t in d} | set(expected or ()))
    if len(conds) >= 2:
        table = [[spectrum[c].get(t, 0) for c in conds] for t in traits]
        out["homogeneity"] = _chi2_table(table)
    if expected is not None:
        pooled = {t: sum(spectrum[c].get(t, 0) for c in conds) for t in traits}
        out["fit"] = _chi2_fit(pooled, expected)
    return out


def _merge_small(cells):
    """Pool the cells (observed, expected) whose expectation is below 5 into one."""
    big = [c for c in cells if c[1] >= 5]
    small = [c for c in cells if c[1] < 5]
    if small:
        big.append((sum(c[0] for c in small), sum(c[1] for c in small)))
    return big


def _chi2_fit(observed: dict, expected: dict) -> dict:
    n = sum(observed.values())
    total = sum(expected.values())
    cells = _merge_small([(observed.get(t, 0), n * expected.get(t, 0) / total) for t in observed])
    chi2 = sum((o - e) ** 2 / e for o, e in cells if e > 0)
    df = len(cells) - 1
    return {"chi2": chi2, "df": df, "p": chi2_sf(chi2, df), "n": n}


def _chi2_table(table) -> dict:
    cols = len(table[0])
    col_tot = [sum(r[j] for r in table) for j in range(cols)]
    n = sum(col_tot)
    rows = [r for r in table if sum(r)]
    # pool rare traits (row totals too small for every expected cell to reach 5) into one row
    need = 5 * n / max(1, min(col_tot))
    big = [r for r in rows if sum(r) >= need]
    small = [r for r in rows if sum(r) < need]
    if small:
        big.append([sum(r[j] for r in small) for j in range(cols)])
    chi2 = 0.0
    for r in big:
        rt = sum(r)
        for j in range(cols):
            e = rt * col_tot[j] / n
            if e > 0:
                chi2 += (r[j] - e) ** 2 / e
    df = (len(big) - 1) * (cols - 1)
    return {"chi2": chi2, "df": df, "p": chi2_sf(chi2, df), "n": n}


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with ``df`` degrees of freedom (regularized upper gamma)."""
    if df <= 0:
        return float("nan")
    if x <= 0:
        return 1.0
    return _gamma_q(df / 2.0, x / 2.0)


def _gamma_q(a, x):
    if x < a + 1:                                       # series for P, then Q = 1 - P
        term = total = 1.0 / a
        k = a
        for _ in range(10_000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - math.lgamma(a)))
    b = x + 1 - a                                       # continued fraction for Q (Lentz)
    c = 1e300
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def _chi2_quantile(p, df):
    """The x with P(X <= x) = p, by bisection on ``chi2_sf`` (for the interval of a standard deviation)."""
    lo, hi = 0.0, max(10.0, df * 10.0)
    for _ in range(200):
        mid = (lo + hi) / 2
        if 1 - chi2_sf(mid, df) < p:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


__all__ = ["runs_alive", "trait_frequency", "selection_differential", "arose_vs_kept", "fixation_times", "spread",
           "mutation_spectrum", "deck_spectrum", "spectrum_test", "chi2_sf", "proportion"]

"""Tables and graphs from tracked rows: pandas and networkx are imported here, never by the engine.

- ``to_frame(rows)``: a pandas DataFrame;
- ``summary(rows, value)``: mean and 95% interval across replicates, per turn and parameter;
- ``food_web(rows_or_events)``: who ate whom as a ``networkx.DiGraph``;
- ``to_csv(rows, path)``: rows to a CSV file (and ``read_csv`` back, e.g. from ``evolab simulate``);
- the Heredity variant's measures (``trait_frequency``, ``selection_differential``, ``arose_vs_kept``,
  ``fixation_times``, ``spread``, ``mutation_spectrum``/``spectrum_test``): see ``analysis.heredity``.
"""
from __future__ import annotations

import csv
import json
import math
from array import array
from collections.abc import Iterable
from itertools import repeat

from .. import columns
from ..tables import Table

# columns that identify a row or are measured, never parameters to group by
_IDS = {"game", "seed", "rep"}
_MEASURES = {
    "animals", "alive", "at_feeding", "survived", "born", "frequency", "survival", "food_bank", "food_eaten",
    "deaths", "starved", "eaten", "poisoned", "parasites", "attacks", "kills", "escapes", "extinctions",
    "trait_cards", "mean_traits", "died", "score", "turns", "moves", "winner", "winner_score", "scores", "winners",
    "animal", "cause", "traits", "by", "by_traits", "predator", "prey", "prey_seat", "predator_traits",
    "prey_traits", "outcome", "redirects", "kind", "what", "players_alive", "partly_fed", "food_wasted", "food", "fat",
    # the mutations table, and the Heredity variant's generations, births and fates tables
    "arose", "arose_total", "mutations_total", "copies", "share_arose", "share_alive", "selection", "carriers",
    "feeding_carriers", "feeding", "survived_carriers", "offspring_carriers", "young", "added", "lost",
    "carrier_survival", "other_survival", "carrier_offspring", "other_offspring", "selection_differential",
    "parent", "inherited", "mutation", "effect", "fate", "species", "body", "population",
}
_KEYS = ("turn", "trait", "seat")

# t quantiles (two-sided 95%) for small samples; large samples use 1.96
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
        10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}


def _rows(rows):
    if isinstance(rows, Table):
        return rows.to_list()
    if hasattr(rows, "to_dict") and hasattr(rows, "columns"):      # a DataFrame
        return rows.to_dict("records")
    return list(rows)


def to_frame(rows):
    """A pandas DataFrame of tracker/batch rows (a list of dicts, a ``Table`` or a CSV path); a ``Table`` is
    read column by column, without a dict per row."""
    import pandas as pd
    if isinstance(rows, str):
        return pd.read_csv(rows)
    if isinstance(rows, Table):
        return columns.to_frame(rows)
    return pd.DataFrame(_rows(rows))


def t95(n: int) -> float:
    """The two-sided 95% t quantile for ``n`` - 1 degrees of freedom (1.96 for large samples)."""
    df = n - 1
    if df < 1:
        return float("nan")
    for k in sorted(_T95):
        if df <= k:
            return _T95[k]
    return 1.96


def parameters(rows) -> list:
    """The experiment parameters found in the rows (columns that are neither ids nor measures)."""
    if isinstance(rows, Table):
        names = rows.fieldnames if len(rows) else []
    else:
        rows = _rows(rows)
        names = list(rows[0]) if rows else []
    return [c for c in names if c not in _IDS and c not in _MEASURES and c not in _KEYS]


def summary(rows, value="frequency", by=None) -> list:
    """Mean, standard deviation and 95% interval of ``value`` across replicates.

    Groups by ``turn``, ``trait``/``seat`` when present, and every experiment parameter (``by`` to
    choose). Returns rows ``{..group.., "n", "mean", "sd", "ci_low", "ci_high"}`` in a stable order.
    A missing value (e.g. survival with no carriers) is left out of its group.
    """
    if isinstance(rows, Table):                     # read column by column: no dict per row
        names = rows.fieldnames if len(rows) else []
        if names and value not in names:
            raise KeyError(f"no column {value!r}; columns are {names}")
        by = ([k for k in _KEYS if k in names] + parameters(rows)) if by is None else list(by)
        keys: Iterable[tuple] = zip(*columns.iter_columns(rows, by).values()) if by and names else repeat(())
        values = columns.iter_columns(rows, [value])[value] if names else ()
    else:
        rows = _rows(rows)
        if rows and value not in rows[0]:
            raise KeyError(f"no column {value!r}; columns are {list(rows[0])}")
        if by is None:
            by = ([k for k in _KEYS if k in rows[0]] + parameters(rows)) if rows else []
        keys, values = (tuple(r[k] for k in by) for r in rows), (r[value] for r in rows)
    groups: dict = {}
    for key, v in zip(keys, values):
        if v is None or (isinstance(v, float) and math.isnan(v)) or v == "":
            continue
        groups.setdefault(tuple(_hashable(x) for x in key), array("d")).append(v)
    out = []
    for key in sorted(groups, key=lambda k: tuple((str(type(x)), x) for x in k)):
        vals = groups[key]
        n = len(vals)
        mean = sum(vals) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in vals) / (n - 1)) if n > 1 else 0.0
        half = t95(n) * sd / math.sqrt(n) if n > 1 else float("nan")
        row = dict(zip(by, (_unhash(k) for k in key)))
        row.update({"n": n, "mean": mean, "sd": sd, "ci_low": mean - half, "ci_high": mean + half})
        out.append(row)
    return out


def _hashable(v):
    return json.dumps(v, sort_keys=True) if isinstance(v, (list, dict)) else v


def _unhash(v):
    if isinstance(v, str) and v[:1] in "[{":
        try:
            return json.loads(v)
        except ValueError:
            return v
    return v


def food_web(rows_or_events, by="traits", energy_flow=False):
    """Who ate whom, as a ``networkx.DiGraph``.

    Accepts ``attacks`` rows (kills are those with outcome ``eaten``), ``deaths`` rows (cause ``eaten``)
    or ``Died`` events. Nodes are kinds of animals: by default their trait combination at the time
    (``by="traits"``, e.g. ``"carnivorous+swimming"``; ``"(no traits)"`` for a plain animal), or
    ``by="seat"``. An edge points from the predator to the prey it ate (``energy_flow=True`` reverses
    it, as food-web diagrams in biology do) and has ``weight`` = number of kills. Nodes carry
    ``traits`` (list), ``kills`` (animals eaten by this kind) and ``eaten`` (times this kind was eaten).
    """
    import networkx as nx
    if by not in ("traits", "seat"):
        raise ValueError("by must be 'traits' or 'seat'")
    g = nx.DiGraph()
    for pred, prey in _kills(rows_or_events, by):
        for node in (pred, prey):
            if node not in g:
                traits = [] if by == "seat" or node == "(no traits)" else node.split("+")
                g.add_node(node, traits=traits, kills=0, eaten=0)
        g.nodes[pred]["kills"] += 1
        g.nodes[prey]["eaten"] += 1
        a, b = (prey, pred) if energy_flow else (pred, prey)
        if g.has_edge(a, b):
            g[a][b]["weight"] += 1
        else:
            g.add_edge(a, b, weight=1)
    return g


def _label(traits):
    if isinstance(traits, (list, tuple)):
        traits = "+".join(traits)
    parts = sorted(set(t for t in str(traits).split("+") if t))
    return "+".join(parts) if parts else "(no traits)"


def _kills(items, by):
    for x in items:
        if hasattr(x, "cause"):                  # a Died event
            if x.cause == "eaten":
                yield ((_label(x.by_traits), _label(x.traits)) if by == "traits" else (f"seat {x.by}", f"seat {x.seat}"))
            continue
        if not isinstance(x, dict):
            continue
        if "outcome" in x:                       # an attacks row
            if x["outcome"] == "eaten":
                if by == "traits":
                    yield _label(x["predator_traits"]), _label(x["prey_traits"])
                else:
                    yield f"seat {x['seat']}", f"seat {x['prey_seat']}"
        elif x.get("cause") == "eaten":          # a deaths row
            if by == "traits":
                yield _label(x.get("by_traits", "")), _label(x.get("traits", ""))
            else:
                raise ValueError("deaths rows do not name the predator's seat; use attacks rows for by='seat'")


def descent_tree(events):
    """Species descent as a ``networkx.DiGraph`` (parent -> daughter) from ``Speciation`` events or rows.

    Node attributes: ``seat``, ``founded`` (turn; 0 for a species that was on the table from the start),
    ``traits`` (the traits it inherited from its parent when it split off), ``gained`` and ``lost`` (traits
    it gained or lost after it was founded, in order, from ``TraitGained``/``TraitLost`` events, whose
    ``animal`` field holds the species id in Random Mutations), ``fate`` (``alive`` or ``extinct``) and
    ``extinct_turn``.
    """
    import networkx as nx
    g = nx.DiGraph()
    changes: dict = {}                 # species -> [(kind, trait)] in order (a parent may appear later)
    for e in events:
        d = e.to_dict() if hasattr(e, "to_dict") else dict(e)
        kind = d.get("type")
        if kind in ("TraitGained", "TraitLost"):
            changes.setdefault(d["animal"], []).append((kind, d["trait"]))
            continue
        if kind == "Speciation":
            g.add_node(d["species"], seat=d["seat"], founded=d["turn"], traits=list(d.get("traits", ())),
                       fate="alive", extinct_turn=None)
            if d["parent"] >= 0:
                if d["parent"] not in g:
                    g.add_node(d["parent"], seat=d["seat"], founded=0, traits=[], fate="alive", extinct_turn=None)
                g.add_edge(d["parent"], d["species"], turn=d["turn"])
        elif kind == "SpeciesExtinct" and d["species"] in g:
            g.nodes[d["species"]]["fate"] = "extinct"
            g.nodes[d["species"]]["extinct_turn"] = d["turn"]
    for n in g:
        g.nodes[n]["gained"] = [t for k, t in changes.get(n, ()) if k == "TraitGained"]
        g.nodes[n]["lost"] = [t for k, t in changes.get(n, ()) if k == "TraitLost"]
    return g


def to_csv(rows, path):
    """Write rows (dicts) to CSV; lists become JSON text."""
    rows = _rows(rows)
    if isinstance(rows, list) and rows:
        names = list(rows[0])
        for r in rows[1:]:
            for k in r:
                if k not in names:
                    names.append(k)
    else:
        names = []
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=names)
        w.writeheader()
        for r in rows:
            w.writerow({k: (json.dumps(v) if isinstance(v, (list, dict, tuple)) else v) for k, v in r.items()})


def read_csv(path) -> list:
    """Rows back from a CSV written by evolab, numbers as numbers."""
    with open(path, newline="") as f:
        return [{k: _parse(v) for k, v in r.items()} for r in csv.DictReader(f)]


def _parse(v):
    if v == "":
        return None
    for cast in (int, float):
        try:
            return cast(v)
        except ValueError:
            pass
    if v in ("True", "False"):
        return v == "True"
    if v[:1] in "[{":
        try:
            return json.loads(v)
        except ValueError:
            return v
    return v


from .heredity import (  # noqa: E402
    arose_vs_kept,
    chi2_sf,
    deck_spectrum,
    fixation_times,
    mutation_spectrum,
    proportion,
    runs_alive,
    selection_differential,
    spectrum_test,
    spread,
    trait_frequency,
)

__all__ = ["to_frame", "summary", "food_web", "descent_tree", "to_csv", "read_csv", "parameters", "t95",
           "runs_alive", "trait_frequency", "selection_differential", "arose_vs_kept", "fixation_times", "spread",
           "mutation_spectrum", "deck_spectrum", "spectrum_test", "chi2_sf", "proportion"]

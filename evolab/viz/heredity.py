"""Charts of the Heredity variant (evolab's classroom rules): one turn is one generation, so the axes say so.

Each takes the ``generations`` rows of a tracked batch (a list of dicts, a DataFrame, a ``Table`` or a CSV
path) and ``ax=None``, returns the Axes, and leaves a plain-language caption (``describe(ax)``) that always
says how many runs were still alive: a run that died out has no trait frequency.
"""
from __future__ import annotations

from ..analysis.heredity import selection_differential, trait_frequency
from ..palette import COLOURS, pretty, trait_style
from .plots import _axes, _caption, _load, _pct, _percent_formatter

_STYLES = ("-", "--", "-.", ":")


def _label(cond: dict) -> str:
    if not cond:
        return "all games"
    return ", ".join(f"{k} = {v}" for k, v in cond.items())


def generation_frequency(rows, trait, by=None, ax=None, where=None, band=True, label=None):
    """The share of living animals carrying ``trait``, generation by generation: the mean over the runs
    still alive, its 95% band, one line per condition (``by``: the parameters that differ, found by
    default). The legend gives the runs alive at the last generation; ``label`` names a single line (e.g.
    the trait, when several traits share the axes)."""
    rows = [r for r in _load(rows, where) if r["trait"] == trait]
    if not rows:
        raise ValueError(f"no generations rows for trait {trait!r} (is this a Heredity batch?)")
    if by is None:
        by = _varying(rows)
    stats = trait_frequency(rows, trait, by=by)
    series: dict = {}
    for s in stats:
        series.setdefault(tuple((k, _freeze(s[k])) for k in by), []).append(s)
    ax = _axes(ax)
    parts = []
    for i, (key, pts) in enumerate(series.items()):
        colour = trait_style(trait)[0] if len(series) == 1 else COLOURS[i % len(COLOURS)]
        style = _STYLES[i % len(_STYLES)]
        alive = [p for p in pts if p["mean"] is not None]
        x = [p["turn"] for p in alive]
        last = pts[-1]
        cond = dict(key)
        name = label if label is not None and len(series) == 1 else _label(cond)
        ax.plot(x, [p["mean"] for p in alive], color=colour, linestyle=style, linewidth=2, marker="o", markersize=3,
                label=f"{name} ({last['runs_alive']}/{last['runs']} runs alive at the end)")
        if band:
            lo = [max(0.0, p["ci_low"]) if p["n"] > 1 else p["mean"] for p in alive]
            hi = [min(1.0, p["ci_high"]) if p["n"] > 1 else p["mean"] for p in alive]
            ax.fill_between(x, lo, hi, color=colour, alpha=0.15, linewidth=0)
        if alive:
            a, b = alive[0], alive[-1]
            verb = "rose" if b["mean"] > a["mean"] else "fell" if b["mean"] < a["mean"] else "stayed"
            parts.append(f"{_label(cond)}: {pretty(trait)} {verb} from {_pct(a['mean'])} (generation {a['turn']}) to "
                         f"{_pct(b['mean'])} (generation {b['turn']}, 95% interval {_pct(max(0, b['ci_low'] or 0))}"
                         f"-{_pct(min(1, b['ci_high'] or 0))}, over the {b['runs_alive']} of {b['runs']} runs still alive)")
    ax.set_title(f"{pretty(trait)}: share of living animals, generation by generation")
    ax.set_xlabel("Generation")
    ax.set_ylabel(f"Share of living animals with {pretty(trait)}")
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(_percent_formatter())
    ax.legend(fontsize=9, loc="best")
    text = "; ".join(parts) if parts else "No run had living animals."
    return _caption(ax, f"Heredity variant (evolab's classroom rules). {text}.")


def selection_bars(rows, trait, by=None, ax=None, where=None):
    """Carriers against non-carriers of the same generations: the share that survived and the young per
    animal, each with its 95% interval over games, one group of bars per condition."""
    rows = [r for r in _load(rows, where) if r["trait"] == trait]
    if by is None:
        by = _varying(rows)
    stats = selection_differential(rows, trait, by=by, pooled=True)
    if not stats:
        raise ValueError(f"no generation had both carriers and non-carriers of {trait!r}")
    ax = _axes(ax)
    width = 0.2
    parts = []
    for i, s in enumerate(stats):
        cond = {k: s[k] for k in by}
        for j, (name, label) in enumerate((("carrier_survival", f"with {pretty(trait)}: survived"),
                                            ("other_survival", "without: survived"),
                                            ("carrier_offspring", f"with {pretty(trait)}: young per animal"),
                                            ("other_offspring", "without: young per animal"))):
            v, lo, hi = s[name], s[name + "_low"], s[name + "_high"]
            ax.bar(i + (j - 1.5) * width, v, width, yerr=[[v - lo], [hi - v]], capsize=3,
                   color=COLOURS[j], hatch="//" if j % 2 else "", label=label if i == 0 else None)
        parts.append(f"{_label(cond)}: {_pct(s['carrier_survival'])} of carriers survived against "
                     f"{_pct(s['other_survival'])} of the others (difference {s['survival_difference']:+.2f}, 95% "
                     f"interval {s['survival_difference_low']:+.2f} to {s['survival_difference_high']:+.2f}, "
                     f"{s['n']} games)")
    ax.set_xticks(range(len(stats)), [_label({k: s[k] for k in by}) for s in stats])
    ax.set_ylabel("Share survived / young per animal")
    ax.set_title(f"Do animals with {pretty(trait)} survive and breed more than those without?")
    ax.set_ylim(0, max(1.0, ax.get_ylim()[1]))
    ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    return _caption(ax, "Heredity variant (evolab's classroom rules). " + "; ".join(parts) + ".")


def _freeze(v):
    import json
    return json.dumps(v, sort_keys=True) if isinstance(v, (list, dict)) else v


def _varying(rows) -> list:
    """The parameters whose value differs between the rows' games (those are the conditions compared)."""
    from ..analysis.heredity import _params
    return [p for p in _params(rows, None) if len({_freeze(r.get(p)) for r in rows}) > 1]


__all__ = ["generation_frequency", "selection_bars"]

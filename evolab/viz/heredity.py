"""Charts of the Heredity variant (evolab's classroom rules): one turn is one generation, so the axes say so.

Each takes the ``generations`` rows of a tracked batch (a list of dicts, a DataFrame, a ``Table`` or a CSV
path) and ``ax=None``, returns the Axes, and leaves a plain-language caption (``describe(ax)``) that always
says how many runs were still alive: a run that died out has no trait frequency.
"""
from __future__ import annotations

from ..analysis.heredity import selection_differential, trait_frequency
from ..i18n import N_, _, ngettext
from .fonts import speaks
from ..names import trait_label
from ..palette import COLOURS, trait_style
from .plots import _axes, _caption, _load, _pct, _percent_formatter, trend

_STYLES = ("-", "--", "-.", ":")
#: A trait's share that rose, fell or stayed over the generations (``plots.trend``).
GENERATION_TRENDS = (
    N_("{condition}: {trait} rose from {start} (generation {first}) to {end} (generation {last}, 95% interval "
       "{low}-{high}, over the {alive} of {runs} runs still alive)"),
    N_("{condition}: {trait} fell from {start} (generation {first}) to {end} (generation {last}, 95% interval "
       "{low}-{high}, over the {alive} of {runs} runs still alive)"),
    N_("{condition}: {trait} stayed from {start} (generation {first}) to {end} (generation {last}, 95% interval "
       "{low}-{high}, over the {alive} of {runs} runs still alive)"))
#: What every caption of the variant starts with: these are not the printed game's rules.
VARIANT = N_("Heredity variant (evolab's classroom rules).")


def _label(cond: dict) -> str:
    if not cond:
        return _("all games")
    return ", ".join(f"{k} = {v}" for k, v in cond.items())


@speaks
def generation_frequency(rows, trait, by=None, ax=None, where=None, band=True, label=None):
    """The share of living animals carrying ``trait``, generation by generation: the mean over the runs
    still alive, its 95% band, one line per condition (``by``: the parameters that differ, found by
    default). The legend gives the runs alive at the last generation; ``label`` names a single line (e.g.
    the trait, when several traits share the axes)."""
    rows = [r for r in _load(rows, where) if r["trait"] == trait]
    if not rows:
        raise ValueError(_("no generations rows for trait {trait} (is this a Heredity batch?)").format(trait=repr(trait)))
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
                label=ngettext("{name} ({alive}/{runs} runs alive at the end)", "{name} ({alive}/{runs} runs alive at the end)",
                               last["runs"]).format(name=name, alive=last["runs_alive"], runs=last["runs"]))
        if band:
            lo = [max(0.0, p["ci_low"]) if p["n"] > 1 else p["mean"] for p in alive]
            hi = [min(1.0, p["ci_high"]) if p["n"] > 1 else p["mean"] for p in alive]
            ax.fill_between(x, lo, hi, color=colour, alpha=0.15, linewidth=0)
        if alive:
            a, b = alive[0], alive[-1]
            text = trend(a["mean"], b["mean"], GENERATION_TRENDS)
            parts.append(text.format(condition=_label(cond), trait=trait_label(trait), start=_pct(a["mean"]),
                                     first=a["turn"], end=_pct(b["mean"]), last=b["turn"],
                                     low=_pct(max(0, b["ci_low"] or 0)), high=_pct(min(1, b["ci_high"] or 0)),
                                     alive=b["runs_alive"], runs=b["runs"]))
    ax.set_title(_("{trait}: share of living animals, generation by generation").format(trait=trait_label(trait)))
    ax.set_xlabel(_("Generation"))
    ax.set_ylabel(_("Share of living animals with {trait}").format(trait=trait_label(trait)))
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(_percent_formatter())
    ax.legend(fontsize=9, loc="best")
    text = "; ".join(parts) if parts else _("No run had living animals.")
    return _caption(ax, f"{_(VARIANT)} {text}.")


@speaks
def selection_bars(rows, trait, by=None, ax=None, where=None):
    """Carriers against non-carriers of the same generations: the share that survived and the young per
    animal, each with its 95% interval over games, one group of bars per condition."""
    rows = [r for r in _load(rows, where) if r["trait"] == trait]
    if by is None:
        by = _varying(rows)
    stats = selection_differential(rows, trait, by=by, pooled=True)
    if not stats:
        raise ValueError(_("no generation had both carriers and non-carriers of {trait}").format(trait=repr(trait)))
    ax = _axes(ax)
    width = 0.2
    parts = []
    for i, s in enumerate(stats):
        cond = {k: s[k] for k in by}
        with_trait = trait_label(trait)
        for j, (name, label) in enumerate((("carrier_survival", _("with {trait}: survived").format(trait=with_trait)),
                                            ("other_survival", _("without: survived")),
                                            ("carrier_offspring",
                                             _("with {trait}: young per animal").format(trait=with_trait)),
                                            ("other_offspring", _("without: young per animal")))):
            v, lo, hi = s[name], s[name + "_low"], s[name + "_high"]
            ax.bar(i + (j - 1.5) * width, v, width, yerr=[[v - lo], [hi - v]], capsize=3,
                   color=COLOURS[j], hatch="//" if j % 2 else "", label=label if i == 0 else None)
        parts.append(_("{condition}: {carriers} of carriers survived against {others} of the others (difference "
                       "{difference:+.2f}, 95% interval {low:+.2f} to {high:+.2f}, {n} games)").format(
            condition=_label(cond), carriers=_pct(s["carrier_survival"]), others=_pct(s["other_survival"]),
            difference=s["survival_difference"], low=s["survival_difference_low"],
            high=s["survival_difference_high"], n=s["n"]))
    ax.set_xticks(range(len(stats)), [_label({k: s[k] for k in by}) for s in stats])
    ax.set_ylabel(_("Share survived / young per animal"))
    ax.set_title(_("Do animals with {trait} survive and breed more than those without?").format(trait=with_trait))
    ax.set_ylim(0, max(1.0, ax.get_ylim()[1]))
    ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
    return _caption(ax, _(VARIANT) + " " + "; ".join(parts) + ".")


def _freeze(v):
    import json
    return json.dumps(v, sort_keys=True) if isinstance(v, (list, dict)) else v


def _varying(rows) -> list:
    """The parameters whose value differs between the rows' games (those are the conditions compared)."""
    from ..analysis.heredity import _params
    return [p for p in _params(rows, None) if len({_freeze(r.get(p)) for r in rows}) > 1]


__all__ = ["generation_frequency", "selection_bars"]

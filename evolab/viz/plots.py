"""The charts. Each draws one idea, labels it in plain words, and leaves a caption on ``ax.evolab_description``."""
from __future__ import annotations

import re

from ..analysis import _rows, read_csv, summary
from ..i18n import N_, _, ngettext
from .fonts import speaks
from ..names import CAUSE_AFTER_WERE, cause_label, cause_word, column_label, trait_label
from ..palette import CAUSE_COLOURS, CAUSE_HATCHES, FOOD_COLOUR, SEAT_COLOURS, pretty, trait_style  # noqa: F401 (pretty: public here)
from ..tracking import CAUSES


# ---- helpers ---------------------------------------------------------------------------------
def _load(rows, where=None):
    if isinstance(rows, str) or hasattr(rows, "__fspath__"):
        rows = read_csv(str(rows))
    rows = _rows(rows)
    if where:
        rows = [r for r in rows if all(r.get(k) == v for k, v in where.items())]
    return rows


def _common_turns(rows, min_share):
    """Keep the turns that at least ``min_share`` of the games reached: games end at different turns, and a
    mean over the two games that lasted longest says little."""
    if not rows or "turn" not in rows[0]:
        return rows
    games_at = {}
    for r in rows:
        games_at.setdefault(r["turn"], set()).add((r.get("game"), r.get("seed")))
    total = len({g for gs in games_at.values() for g in gs})
    keep = {t for t, gs in games_at.items() if len(gs) >= min_share * total}
    return [r for r in rows if r["turn"] in keep]


def _axes(ax, size=(8, 4.5)):
    if ax is None:
        import matplotlib.pyplot as plt
        _fig, ax = plt.subplots(figsize=size, layout="constrained")
    return ax


def _caption(ax, text):
    """Attach the caption, and make the text big enough to read on a projector (and wrapped to fit)."""
    ax.evolab_description = text
    ax.title.set_fontsize(max(ax.title.get_fontsize(), 13))
    for label in (ax.xaxis.label, ax.yaxis.label):
        label.set_fontsize(max(label.get_fontsize(), 12))
    ax.tick_params(labelsize=11)
    legend = ax.get_legend()
    if legend is not None:
        for t in legend.get_texts():
            t.set_fontsize(max(t.get_fontsize(), 11))
    return fit_words(ax)


# A run of text that may break anywhere (Chinese, Japanese, Korean, full-width forms), a word, or spaces.
_BREAKABLE = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
_CLOSING = "\u3001\u3002\uff0c\uff0e\uff1a\uff1b"          # closing marks stay on the line before a break
_PIECES = re.compile(f"[{_BREAKABLE}][\u3000-\u303f{_CLOSING}]*|[^\\s{_BREAKABLE}]+[{_CLOSING}]*|\\s+")


def _wrap(text: str, width: float, measure) -> str:
    """``text`` in lines no wider than ``width`` (as ``measure`` gives a line's width), broken between words, or
    between any two characters of Chinese (a word longer than a line stays whole: breaking it would hide it)."""
    lines = []
    for paragraph in text.split("\n"):
        line, space = "", False
        for piece in _PIECES.findall(paragraph):
            if piece.isspace():
                space = bool(line)
                continue
            longer = line + (" " if space else "") + piece
            if line and measure(longer) > width:
                lines.append(line)
                longer = piece
            line, space = longer, False
        lines.append(line)
    return "\n".join(lines)


def fit_words(ax):
    """Wrap the title and the axis labels of ``ax`` (and of the axes twinned with it) to the axes' width and
    height, so a longer language's title stays inside the figure. Returns ``ax``."""
    fig = ax.figure
    renderer = fig.canvas.get_renderer() if hasattr(fig.canvas, "get_renderer") else fig._get_renderer()
    twins = [a for a in fig.axes if a is not ax and a.bbox.bounds == ax.bbox.bounds]
    box = ax.get_position()
    across, up = box.width * fig.bbox.width, box.height * fig.bbox.height
    for a in (ax, *twins):
        for text, room in ((a.title, across), (a.xaxis.label, across), (a.yaxis.label, up)):
            words = text.get_text()
            if not words:
                continue
            prop = text.get_fontproperties()
            wrapped = _wrap(words, 0.95 * room,
                            lambda line, p=prop: renderer.get_text_width_height_descent(line, p, ismath=False)[0])
            text.set_text(wrapped)
    return ax


def figure_png(fig, dpi=100) -> bytes:
    """A figure as PNG bytes (for an ``ipywidgets.Image``, a download, or a file)."""
    import io
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return buf.getvalue()


def describe(ax) -> str:
    """The plain-language caption of a chart drawn by evolab (its alt text)."""
    return getattr(ax, "evolab_description", "")


def _pct(x):
    return _("{pct}%").format(pct=f"{100 * x:.0f}")     # the catalogue places the sign ("%57" in Turkish)


def _games(rows):
    return len({(r.get("game"), r.get("seed")) for r in rows})


def _final_rows(rows, by=()):
    """Each game's row in its last turn (per value of the ``by`` columns, e.g. per trait)."""
    final = {}
    for r in rows:
        key = (r.get("game"), r.get("seed")) + tuple(r.get(b) for b in by)
        if key not in final or r.get("turn", 0) >= final[key].get("turn", 0):
            final[key] = r
    return list(final.values())


def final_shares(rows, y="frequency", where=None) -> list:
    """Traits ranked by how common they are at the end of the games: the mean over games of each trait's
    ``y`` in the game's last turn (with its 95% interval), highest first.

    This is the ranking a chart of "which traits win" should use: nearly every trait reaches 100% in some
    early turn of some game, so a trait's highest value says little about where it ends.
    """
    stats = summary(_final_rows(_load(rows, where), by=("trait",)), y, by=["trait"])
    return sorted(stats, key=lambda s: (-s["mean"], s["trait"]))


def _where_text(where):
    def short(v):
        return f"[{v[0]}, {v[1]}, ... {v[-1]}]" if isinstance(v, (list, tuple)) and len(v) > 4 else v
    return "" if not where else " (" + ", ".join(f"{k} = {short(v)}" for k, v in where.items()) + ")"


# ---- trait frequencies -------------------------------------------------------------------------
@speaks
def trait_frequencies(rows, traits=None, ax=None, band=True, where=None, top=6, min_share=0.5):
    """Lines: the share of living animals carrying each trait, turn by turn.

    With replicate games the line is the mean and the band its 95% interval. ``traits`` picks the
    traits (default: the ``top`` traits with the highest peak); ``where`` filters rows, e.g.
    ``{"mutation_rate": 0.5}``; only turns that ``min_share`` of the games reached are drawn.
    """
    rows = _common_turns(_load(rows, where), min_share)
    if not rows:
        raise ValueError(_("no rows to plot (check the table and the where= filter)"))
    series, traits = frequency_series(rows, traits, top)
    ax = _axes(ax)
    for t in traits:
        pts = sorted(series.get(t, []), key=lambda p: p["turn"])
        if not pts:
            continue
        colour, ls, marker = trait_style(t)
        x = [p["turn"] for p in pts]
        ax.plot(x, [p["mean"] for p in pts], color=colour, linestyle=ls, marker=marker, markersize=4,
                label=trait_label(t), linewidth=2)
        if band and any(p["n"] > 1 for p in pts):
            lo = [max(0.0, p["ci_low"]) if p["n"] > 1 else p["mean"] for p in pts]
            hi = [min(1.0, p["ci_high"]) if p["n"] > 1 else p["mean"] for p in pts]
            ax.fill_between(x, lo, hi, color=colour, alpha=0.15, linewidth=0)
    n = _games(rows)
    ax.set_title(_("How common each trait is among living animals{where}").format(where=_where_text(where)))
    ax.set_xlabel(_("Turn"))
    ax.set_ylabel(_("Share of living animals with the trait"))
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(_percent_formatter())
    if traits:
        ax.legend(title=ngettext("Trait (mean of {n} game)", "Trait (mean of {n} games)", n).format(n=n), fontsize=9,
                  loc="best")
    return _caption(ax, describe_frequencies(series, traits, n))


def frequency_series(rows, traits=None, top=6):
    """``({trait: [summary row per turn]}, traits drawn)``: the data of a trait-frequency chart; by default
    the ``top`` traits with the highest peak (shared by the matplotlib and the SVG charts)."""
    series: dict = {}
    for s in summary(rows, "frequency", by=["trait", "turn"]):
        series.setdefault(s["trait"], []).append(s)
    if traits is None:
        peak = {t: max(p["mean"] for p in v) for t, v in series.items()}
        traits = [t for t in sorted(peak, key=lambda t: (-peak[t], t)) if peak[t] > 0][:top]
    return series, traits


@speaks
def describe_frequencies(series, traits, n):

    parts = []
    for t in traits:
        pts = sorted(series.get(t, []), key=lambda p: p["turn"])
        if len(pts) < 2:
            continue
        a, b = pts[0], pts[-1]
        hi = max(pts, key=lambda p: p["mean"])
        text = trend(a["mean"], b["mean"], FREQUENCY_TRENDS)
        parts.append(text.format(trait=trait_label(t), start=_pct(a["mean"]), end=_pct(b["mean"]), first=a["turn"],
                                 last=b["turn"], peak=_pct(hi["mean"]), peak_turn=hi["turn"]))
    if not parts:
        return ngettext("No trait was carried by living animals in {n} game(s).",
                        "No trait was carried by living animals in {n} game(s).", n).format(n=n)
    return ngettext("Over {n} game(s): {parts}.", "Over {n} game(s): {parts}.", n).format(n=n, parts="; ".join(parts))


#: A share that rose, fell or stayed between two turns: one sentence each (word order differs by language).
FREQUENCY_TRENDS = (
    N_("{trait} rose from {start} to {end} of living animals between turn {first} and turn {last} "
       "(highest {peak} at turn {peak_turn})"),
    N_("{trait} fell from {start} to {end} of living animals between turn {first} and turn {last} "
       "(highest {peak} at turn {peak_turn})"),
    N_("{trait} stayed from {start} to {end} of living animals between turn {first} and turn {last} "
       "(highest {peak} at turn {peak_turn})"))


def trend(start, end, sentences) -> str:
    """The sentence of ``sentences`` (rose, fell, stayed) for a value that went from ``start`` to ``end``."""
    rose, fell, stayed = sentences
    return _(rose if end > start else fell if end < start else stayed)


def _percent_formatter():
    from matplotlib.ticker import PercentFormatter
    return PercentFormatter(1.0)


@speaks
def trait_area(rows, traits=None, ax=None, where=None, top=8, min_share=0.5):
    """Stacked areas: each trait's share of all trait copies carried by living animals (which dominate)."""
    rows = _common_turns(_load(rows, where), min_share)
    if not rows:
        raise ValueError(_("no rows to plot"))
    stats = summary(rows, "animals", by=["trait", "turn"])
    turns = sorted({s["turn"] for s in stats})
    mean = {(s["trait"], s["turn"]): s["mean"] for s in stats}
    total_by_trait = {}
    for (t, _turn), v in mean.items():
        total_by_trait[t] = total_by_trait.get(t, 0) + v
    if traits is None:
        traits = [t for t in sorted(total_by_trait, key=lambda t: (-total_by_trait[t], t)) if total_by_trait[t] > 0][:top]
    others = [t for t in total_by_trait if t not in traits]
    layers, labels, colours = [], [], []
    totals = [sum(mean.get((t, k), 0) for t in total_by_trait) for k in turns]
    for t in traits:
        layers.append([mean.get((t, k), 0) / tot if tot else 0 for k, tot in zip(turns, totals)])
        labels.append(trait_label(t))
        colours.append(trait_style(t)[0])
    if others:
        layers.append([sum(mean.get((t, k), 0) for t in others) / tot if tot else 0 for k, tot in zip(turns, totals)])
        labels.append(_("Other traits"))
        colours.append("#DDDDDD")
    ax = _axes(ax)
    polys = ax.stackplot(turns, layers, labels=labels, colors=colours, alpha=0.9) if layers else []
    for p, h in zip(polys, ("", "//", "..", "xx", "\\\\", "++", "oo", "--", "||")):
        p.set_hatch(h)
        p.set_edgecolor("white")
    ax.set_title(_("Which adaptations dominate: each trait's share of all traits carried{where}").format(
        where=_where_text(where)))
    ax.set_xlabel(_("Turn"))
    ax.set_ylabel(_("Share of all trait copies"))
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(_percent_formatter())
    if layers:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=9)
    text = _("No living animal carried a trait.")
    if traits and turns:
        last = turns[-1]
        top_t = max(traits, key=lambda t: mean.get((t, last), 0))
        share = mean.get((top_t, last), 0) / totals[-1] if totals[-1] else 0
        games = _games(rows)
        text = ngettext("At turn {turn}, {trait} made up {share} of all trait copies carried by living animals, the "
                        "largest share (mean of {n} game(s)).",
                        "At turn {turn}, {trait} made up {share} of all trait copies carried by living animals, the "
                        "largest share (mean of {n} game(s)).", games).format(
            turn=last, trait=trait_label(top_t), share=_pct(share), n=games)
    return _caption(ax, text)


# ---- populations -------------------------------------------------------------------------------
@speaks
def population(rows, ax=None, where=None, band=True, min_share=0.5):
    """Lines: animals alive per seat over turns (``seats`` rows); mean and 95% band across games."""
    rows = _common_turns(_load(rows, where), min_share)
    if not rows:
        raise ValueError(_("no rows to plot"))
    stats = summary(rows, "alive", by=["seat", "turn"])
    ax = _axes(ax)
    seats = sorted({s["seat"] for s in stats})
    peaks = []
    for seat in seats:
        pts = sorted((s for s in stats if s["seat"] == seat), key=lambda s: s["turn"])
        x = [p["turn"] for p in pts]
        colour = SEAT_COLOURS[int(seat) % len(SEAT_COLOURS)]
        ax.plot(x, [p["mean"] for p in pts], color=colour, marker="os^Dv<>P"[int(seat) % 8], linewidth=2,
                label=_("Player {n}").format(n=int(seat) + 1))
        if band and any(p["n"] > 1 for p in pts):
            ax.fill_between(x, [max(0, p["ci_low"]) if p["n"] > 1 else p["mean"] for p in pts],
                            [p["ci_high"] if p["n"] > 1 else p["mean"] for p in pts], color=colour, alpha=0.15)
        best = max(pts, key=lambda p: p["mean"])
        peaks.append(_("player {n} peaked at {animals:.1f} animals in turn {turn}").format(
            n=int(seat) + 1, animals=best["mean"], turn=best["turn"]))
    ax.set_title(_("Population: animals alive at the end of each turn{where}").format(where=_where_text(where)))
    ax.set_xlabel(_("Turn"))
    ax.set_ylabel(_("Animals alive"))
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=9)
    games = _games(rows)
    return _caption(ax, ngettext("Mean of {n} game(s): {peaks}.", "Mean of {n} game(s): {peaks}.", games).format(
        n=games, peaks="; ".join(peaks)))


@speaks
def predator_prey(trait_rows, turn_rows, ax=None, where=None, predator_trait="carnivorous", min_share=0.5):
    """Predators (carriers of Carnivorous) and other animals over turns, with the food bank on a second axis.

    Returns the main Axes; the food axis is ``ax.food_axis``. A rise in prey followed by a rise in
    predators, then a fall in prey, is the predator-prey lag.
    """
    trows = [r for r in _common_turns(_load(trait_rows, where), min_share) if r["trait"] == predator_trait]
    all_turns = _load(turn_rows, where)
    urows = _common_turns(all_turns, min_share)
    if not urows:
        raise ValueError(_("no turn rows to plot"))
    pred = {s["turn"]: s["mean"] for s in summary(trows, "animals", by=["turn"])}
    alive = {s["turn"]: s["mean"] for s in summary(urows, "alive", by=["turn"])}
    food = {s["turn"]: s["mean"] for s in summary(urows, "food_bank", by=["turn"])}
    turns = sorted(alive)
    ax = _axes(ax)
    ax.plot(turns, [pred.get(t, 0) for t in turns], color=trait_style(predator_trait)[0], marker="o",
            linewidth=2.5, label=_("Predators ({trait})").format(trait=trait_label(predator_trait)))
    ax.plot(turns, [alive[t] - pred.get(t, 0) for t in turns], color="#0072B2", marker="s", linestyle="--",
            linewidth=2.5, label=_("Other animals (prey)"))
    n, n_all = _games(urows), _games(all_turns)
    ax.set_xlabel(_("Turn"))
    ax.set_ylabel(_("Animals alive") if n == 1 else
                  ngettext("Animals alive (mean of {n} game)", "Animals alive (mean of {n} games)", n).format(n=n))
    ax.set_ylim(bottom=0)
    if n == 1:                        # whole animals
        from matplotlib.ticker import MaxNLocator
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    right = ax.twinx()
    right.bar(turns, [food.get(t, 0) for t in turns], color=FOOD_COLOUR, alpha=0.2, label=_("Food bank"), width=0.6)
    right.set_ylabel(_("Food bank (red tokens)"), color=FOOD_COLOUR)
    right.set_ylim(bottom=0)
    ax.set_zorder(right.get_zorder() + 1)
    ax.patch.set_visible(False)
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = right.get_legend_handles_labels()
    # below the plot, where it hides no line or bar
    ax.legend(h1 + h2, l1 + l2, fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncols=3,
              frameon=False)
    ax.set_title(_("Predators and prey over time, with the food supply{where}").format(where=_where_text(where)))
    ax.food_axis = right
    return _caption(ax, _predator_prey_caption(turns, pred, alive, n, n_all, where, predator_trait, min_share))


def _predator_prey_caption(turns, pred, alive, n, n_all, where, predator_trait, min_share) -> str:
    """When prey and predators peaked, over which turns, and whether predators lagged behind prey."""
    peak_pred = max(turns, key=lambda t: pred.get(t, 0))
    peak_prey = max(turns, key=lambda t: alive[t] - pred.get(t, 0))
    lag = peak_pred - peak_prey
    drawn = (_("turns {first} to {last}").format(first=turns[0], last=turns[-1]) if len(turns) > 1 else
             _("turn {turn}").format(turn=turns[0]))
    if n_all > 1:
        drawn += (_(", the turns that every game reached") if min_share >= 1 else
                  _(", the turns that at least {share} of the games reached").format(share=_pct(min_share)))
    text = ngettext("Mean of {n} game(s){where}, {drawn}: prey peaked at turn {turn} ({animals:.1f} animals)",
                    "Mean of {n} game(s){where}, {drawn}: prey peaked at turn {turn} ({animals:.1f} animals)", n).format(
        n=n, where=_where_text(where), drawn=drawn, turn=peak_prey, animals=alive[peak_prey] - pred.get(peak_prey, 0))
    if not any(pred.get(t, 0) for t in turns):
        text += _("; there were no predators (no animal carried {trait}).").format(trait=trait_label(predator_trait))
    elif n == 1:                      # a handful of animals in one game: its peaks are chance, not a lag
        text = _("One game{where}, {drawn}: at most {alive:.0f} animals were alive, and at most {predators:.0f} "
                 "predators; one game this small shows no pattern.").format(
            where=_where_text(where), drawn=drawn, alive=max(alive.values()), predators=max(pred.values()))
    else:
        text += _(" and predators at turn {turn} ({animals:.1f}); ").format(turn=peak_pred,
                                                                          animals=pred.get(peak_pred, 0))
        text += (ngettext("predators peaked {n} turn(s) after prey.", "predators peaked {n} turn(s) after prey.",
                          lag).format(n=lag) if lag > 0 else
                 _("predators did not peak after prey here.") if lag < 0 else _("both peaked in the same turn."))
    return text


# ---- deaths and extinctions ---------------------------------------------------------------------
@speaks
def deaths_by_cause(rows, ax=None, where=None, min_share=0.5):
    """Stacked bars: mean deaths per turn by cause (starved, eaten, poisoned, parasites)."""
    rows = _common_turns(_load(rows, where), min_share)
    if not rows:
        raise ValueError(_("no rows to plot"))
    ax = _axes(ax)
    turns = sorted({r["turn"] for r in rows})
    games = _games(rows)
    bottom = [0.0] * len(turns)
    totals = {}
    for cause in CAUSES:
        per = {s["turn"]: s["mean"] for s in summary(rows, cause, by=["turn"])}
        vals = [per.get(t, 0.0) for t in turns]
        totals[cause] = sum(vals)
        if not any(vals):
            continue
        ax.bar(turns, vals, bottom=bottom, color=CAUSE_COLOURS[cause], hatch=CAUSE_HATCHES[cause],
               edgecolor="white", label=cause_label(cause), width=0.8)
        bottom = [b + v for b, v in zip(bottom, vals)]
    ax.set_title(_("Why animals died, turn by turn{where}").format(where=_where_text(where)))
    ax.set_xlabel(_("Turn"))
    ax.set_ylabel(_("Deaths per turn (mean)"))
    if any(totals.values()):
        ax.legend(fontsize=9)
    all_deaths = sum(totals.values())
    if all_deaths:
        main = max(totals, key=totals.get)
        rest = ", ".join(_("{cause} {share}").format(cause=cause_word(c), share=_pct(v / all_deaths))
                         for c, v in totals.items() if v and c != main)
        text = ngettext("Mean of {n} game(s): {share} of deaths were {cause}; {rest}.",
                        "Mean of {n} game(s): {share} of deaths were {cause}; {rest}.", games).format(
            n=games, share=_pct(totals[main] / all_deaths), cause=_(CAUSE_AFTER_WERE.get(main, main)), rest=rest)
    else:
        text = _("No animal died.")
    return _caption(ax, text)


@speaks
def extinction_timeline(deaths_rows, extinctions_rows=None, ax=None, game=None):
    """One game's deaths as a timeline (a lane per cause, dot size = animals), with trait extinctions marked."""
    rows = _load(deaths_rows)
    if game is None and rows:
        game = rows[0]["game"]
    rows = [r for r in rows if r["game"] == game]
    ax = _axes(ax)
    present = {r["cause"] for r in rows}
    causes = [c for c in CAUSES if c in present or c in ("starved", "eaten")]
    lanes = {c: i for i, c in enumerate(causes)}
    counts = {}
    for r in rows:
        counts[(r["turn"], r["cause"])] = counts.get((r["turn"], r["cause"]), 0) + 1
    for cause in causes:
        pts = [(t, n) for (t, c), n in sorted(counts.items()) if c == cause]
        if pts:
            ax.scatter([t for t, _n in pts], [lanes[cause]] * len(pts), s=[60 * n for _t, n in pts],
                       color=CAUSE_COLOURS[cause], marker="o^sD"[lanes[cause]], label=cause_label(cause),
                       edgecolor="black", linewidth=0.5)
            for t, n in pts:
                ax.annotate(str(n), (t, lanes[cause]), textcoords="offset points", xytext=(0, 9), ha="center",
                            fontsize=8)
    gone = []
    if extinctions_rows is not None:
        for r in _load(extinctions_rows):
            if r["game"] == game and r["kind"] == "trait":
                gone.append((r["turn"], r["what"]))
        for t, what in gone:
            ax.axvline(t, color=trait_style(what)[0], linestyle=":", linewidth=1)
            ax.annotate(_("{trait} gone").format(trait=trait_label(what)), (t, len(causes) - 0.5), rotation=90,
                        fontsize=9, va="top", ha="right")
    ax.set_yticks(range(len(causes)), [cause_label(c) for c in causes])
    ax.set_ylim(-0.7, len(causes) - 0.3)
    ax.set_xlabel(_("Turn"))
    ax.set_title(_("Extinction timeline of game {game}: who died when, and why").format(game=game))
    text = ngettext("Game {game}: {n} animals died", "Game {game}: {n} animals died", len(rows)).format(
        game=game, n=len(rows))
    if rows:
        by_cause = {c: sum(n for (t, cc), n in counts.items() if cc == c) for c in causes}
        text += " (" + ", ".join(_("{n} {cause}").format(n=n, cause=cause_word(c)) for c, n in by_cause.items() if n) + ")"
        worst = max(counts, key=counts.get)
        text += _("; the worst moment was turn {turn} with {n} {cause}").format(
            turn=worst[0], n=counts[worst], cause=cause_word(worst[1]))
    if gone:
        text += _("; traits lost: {traits}").format(
            traits=", ".join(_("{trait} (turn {turn})").format(trait=trait_label(w), turn=t) for t, w in gone))
    return _caption(ax, text + ".")


# ---- sweeps ------------------------------------------------------------------------------------
@speaks
def sweep(rows, x="mutation_rate", y="frequency", trait=None, ax=None, where=None, label=None):
    """A parameter sweep: the final value of ``y`` in each game against parameter ``x``, mean and 95% interval.

    ``rows``: ``traits`` rows (with ``trait=``) for frequency/survival/animals, ``turns`` rows for
    alive/deaths/mean_traits..., ``games`` rows for winner_score/turns/alive.
    """
    rows = _load(rows, where)
    if trait is not None:
        rows = [r for r in rows if r.get("trait") == trait]
    if not rows:
        raise ValueError(_("no rows to plot (check trait= and where=)"))
    if x not in rows[0] or y not in rows[0]:
        raise KeyError(f"rows need columns {x!r} and {y!r}; they have {list(rows[0])}")
    stats = summary(_final_rows(rows), y, by=[x])          # the last turn of each game
    stats.sort(key=lambda s: s[x])
    ax = _axes(ax)
    xs = [s[x] for s in stats]
    means = [s["mean"] for s in stats]
    err = [[m - s["ci_low"] if s["n"] > 1 else 0 for m, s in zip(means, stats)],
           [s["ci_high"] - m if s["n"] > 1 else 0 for m, s in zip(means, stats)]]
    colour = trait_style(trait)[0] if trait else "#0072B2"
    ax.errorbar(xs, means, yerr=err, color=colour, marker="o", capsize=4, linewidth=2,
                label=label or (trait_label(trait) if trait else column_label(y)))
    ax.set_xlabel(column_label(x))
    what = (_("{column} of {trait}").format(column=column_label(y).lower(), trait=trait_label(trait)) if trait else
            column_label(y).lower())
    ax.set_ylabel(_("Final {what} (mean, 95% interval)").format(what=what))
    ax.set_title(_("Final {what} at the end of the game, by {column}").format(what=what, column=column_label(x).lower()))
    if y in ("frequency", "survival"):
        ax.set_ylim(0, 1)
        ax.yaxis.set_major_formatter(_percent_formatter())
    ax.legend(fontsize=9)
    if len(stats) >= 2:
        a, b = stats[0], stats[-1]
        fmt = _pct if y in ("frequency", "survival") else (lambda v: f"{v:.2f}")
        text = _("With {column} {a}, the final {what} was {a_mean} on average ({a_n} games); with {b} it was "
                 "{b_mean} ({b_n} games).").format(column=column_label(x).lower(), a=a[x], what=what,
                                                   a_mean=fmt(a["mean"]), a_n=a["n"], b=b[x], b_mean=fmt(b["mean"]),
                                                   b_n=b["n"])
    else:
        text = _("Only one value of {column} was run.").format(column=x)
    return _caption(ax, text)


# ---- graphs --------------------------------------------------------------------------------------
def _node_colour(node, data):
    """A node's colour: its predator trait's when it has one (a predator looks like one), else its first trait's."""
    traits = data.get("traits") or []
    from ..rules import editions
    predators = {t for ed in editions().values() for t in ed.ruleset.predator_traits}
    for t in sorted(traits, key=lambda t: t not in predators):
        return trait_style(t)[0]
    return "#BBBBBB"


@speaks
def draw_food_web(graph, ax=None, top=25):
    """Draw ``analysis.food_web(...)``: node size = animals eaten by that kind, edge width = kills, colour by trait.

    The layout is deterministic (the same graph is always drawn the same way): predators that are never
    eaten on top, animals that never kill at the bottom, the rest between.
    """
    import networkx as nx
    ax = _axes(ax, (9, 6))
    g = graph
    if g.number_of_nodes() > top:
        keep = sorted(g.nodes, key=lambda n: (-(g.nodes[n].get("kills", 0) + g.nodes[n].get("eaten", 0)), str(n)))[:top]
        g = g.subgraph(keep).copy()
    layer = {}
    for n, d in g.nodes(data=True):
        k, e = d.get("kills", 0), d.get("eaten", 0)
        layer[n] = 2 if k and not e else 0 if e and not k else 1
    pos = {}
    for lv in (0, 1, 2):
        nodes = sorted((n for n in g if layer[n] == lv), key=str)
        for i, n in enumerate(nodes):
            pos[n] = ((i + 1) / (len(nodes) + 1), lv + (0.15 if i % 2 else -0.15) * (lv == 1))
    most = max([g.nodes[n].get("kills", 0) for n in g] + [1])
    heaviest = max([d.get("weight", 1) for _, _, d in g.edges(data=True)] + [1])
    sizes = [150 + 1350 * (g.nodes[n].get("kills", 0) / most) ** 0.5 for n in g]
    colours = [_node_colour(n, g.nodes[n]) for n in g]
    widths = [0.6 + 5 * d.get("weight", 1) / heaviest for _, _, d in g.edges(data=True)]
    nx.draw_networkx_edges(g, pos, ax=ax, width=widths, alpha=0.6, arrows=True, arrowsize=14,
                           edge_color="#555555", node_size=sizes, connectionstyle="arc3,rad=0.08")
    nx.draw_networkx_nodes(g, pos, ax=ax, node_size=sizes, node_color=colours, edgecolors="black", linewidths=0.8)
    # each label beside its circle, never over it: above the top row, below the bottom row, right of the middle
    for n in g:
        x, y = pos[n]
        text = "\n".join(trait_label(p) for p in str(n).split("+"))
        radius = (sizes[list(g).index(n)] ** 0.5) / 2 + 3          # marker size is an area in points^2
        dx, dy, ha, va = {2: (0, radius, "center", "bottom"), 0: (0, -radius, "center", "top"),
                          1: (radius, 0, "left", "center")}[layer[n]]
        ax.annotate(text, (x, y), xytext=(dx, dy), textcoords="offset points", ha=ha, va=va, fontsize=9,
                    linespacing=1.0, zorder=5, bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none",
                                                     "alpha": 0.8})
    ax.set_title(_("Food web: who ate whom (arrow from predator to prey; bigger circle = more kills)"))
    ax.set_axis_off()
    ax.margins(x=0.1, y=0.45)      # room for the labels above the top row and below the bottom row
    if g.number_of_edges():
        u, v, d = max(g.edges(data=True), key=lambda e: (e[2].get("weight", 1), str(e[0]), str(e[1])))
        text = _("{kinds} kinds of animals and {links} feeding links; the most frequent was {predator} eating {prey} "
                 "({n} times).").format(kinds=graph.number_of_nodes(), links=graph.number_of_edges(), predator=u,
                                        prey=v, n=d.get("weight", 1))
    else:
        text = _("No animal was eaten.")
    return _caption(ax, text)


@speaks
def draw_descent_tree(tree, ax=None, end=None):
    """Draw a descent (lineage) tree from ``analysis.descent_tree``: each species is a line from the turn it
    was founded (a circle) to the turn it died out (a cross and a dagger) or to the end of the game (``end``,
    default the last turn named in the tree); a split is a thin line from the parent down to its daughter.
    Beside each line: its number and traits (those it started with, ``-`` for none, then ``+`` those gained
    later and ``-`` those lost). Turns are whole numbers on the x axis; several species founded in one turn get their own
    rows, so no label sits on another."""
    import networkx as nx
    ax = _axes(ax, (10, 5))
    order = list(nx.topological_sort(tree)) if tree.number_of_nodes() else []
    data = tree.nodes
    founded = {n: data[n].get("founded") or 0 for n in order}
    gone = {n: data[n].get("extinct_turn") for n in order if data[n].get("fate") == "extinct"}
    last = end if end is not None else max([*founded.values(), *[t for t in gone.values() if t is not None], 1])
    row, rows = {}, [0]

    def place(n):                     # pre-order: a parent's row, then each daughter's family below it, the
        row[n] = rows[0]              # latest daughter nearest: then no split line crosses a species' line
        rows[0] += 1
        for k in sorted(tree.successors(n), key=lambda k: (-founded[k], str(k))):
            if k not in row:
                place(k)

    for root in sorted((n for n in order if tree.in_degree(n) == 0), key=lambda n: (founded[n], str(n))):
        place(root)
    stop = {n: (gone[n] if gone.get(n) is not None else last + 0.3) for n in order}
    _draw_splits(ax, tree, order, founded, row)
    for n in order:
        dead = n in gone
        colour = "#d55e00" if dead else "#009e73"
        ax.plot([founded[n], stop[n]], [row[n], row[n]], color=colour, linewidth=3, zorder=2,
                linestyle="--" if dead else "-")
        ax.plot([founded[n]], [row[n]], marker="o", markersize=9, color=colour, markeredgecolor="black", zorder=3)
        if dead:
            ax.plot([stop[n]], [row[n]], marker="X", markersize=10, color=colour, markeredgecolor="black", zorder=3)
        traits = ", ".join(trait_label(t) for t in data[n].get("traits", ())) or "-"
        gained = "".join(f" +{trait_label(t)}" for t in data[n].get("gained", ()))
        lost = "".join(f" -{trait_label(t)}" for t in data[n].get("lost", ()))
        ax.annotate(f"{n}{' †' if dead else ''}: {traits}{gained}{lost}", (stop[n], row[n]), xytext=(8, 0),
                    textcoords="offset points", ha="left", va="center", fontsize=10)
    from matplotlib.ticker import MaxNLocator
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(_("Turn"))
    ax.set_yticks([])
    for side in ("left", "right", "top"):
        ax.spines[side].set_visible(False)
    ax.set_ylim(rows[0] - 0.5, -0.5)  # first species at the top
    ax.set_title(_("Descent tree: which species came from which (solid line = alive at the end, † = extinct)"))
    _fit_labels(ax, min(founded.values(), default=0) - 0.5, last + 0.8)
    alive = [n for n in order if n not in gone]
    return _caption(ax, _("{n} species in the tree, {alive} still alive at the end, {extinct} extinct.").format(
        n=len(order), alive=len(alive), extinct=len(gone)))


def _draw_splits(ax, tree, order, founded, row):
    """The splits of a descent tree: down from the parent's line, then across to the daughter's circle. When
    several parents split in one turn, each gets its own down-stroke just left of the turn, so no two overlap."""
    import networkx as nx
    splitting: dict = {}
    for p, d in tree.edges:
        splitting.setdefault(founded[d], set()).add(p)
    depth = {n: len(nx.ancestors(tree, n)) for n in order}
    for p, d in tree.edges:
        t = founded[d]
        if founded[p] == t:           # founded and split in the same turn: a stroke of its own, by generation
            x = t + 0.06 * depth[p]
        else:
            older = sorted((q for q in splitting[t] if founded[q] < t), key=lambda q: row[q])
            x = max(founded[p], t - 0.12 * (len(older) - 1 - older.index(p)))
        ax.plot([x, x, founded[d]], [row[p], row[d], row[d]], color="#555555", linewidth=1.2, zorder=1)


def _fit_labels(ax, left, right):
    """Set the x axis from ``left`` to at least ``right``, wide enough that every label written right of its
    point (``ax.texts``) ends inside the axes: a label w pixels wide at x needs (x - left) / span of the
    axes' width W to leave w pixels, so span >= (x - left) * W / (W - w)."""
    ax.set_xlim(left, right)
    ax.figure.canvas.draw()           # lay the figure out first: constrained layout moves the axes
    renderer = ax.figure.canvas.get_renderer()
    width = ax.get_window_extent(renderer).width
    span = max(right - left, 1)
    for t in ax.texts:
        w = t.get_window_extent(renderer).width + 12          # the label, its offset and a margin
        if w < 0.9 * width:
            span = max(span, (t.xy[0] - left) * width / (width - w))
    ax.set_xlim(left, left + span)


# ---- a one-page report ---------------------------------------------------------------------------
@speaks
def report(tables, path, title=None, where=None):
    """Save a one-page summary (PNG or PDF by the file's extension) of a batch or a tracker.

    ``tables``: a ``BatchResult``, a ``Tracker`` or a dict of table name -> rows.
    """
    import matplotlib.pyplot as plt

    from ..analysis import food_web
    if hasattr(tables, "tables"):
        tables = {k: v.to_list() for k, v in tables.tables.items()}
    fig, axes = plt.subplots(3, 2, figsize=(11, 14), layout="constrained")
    captions = []
    captions.append(describe(trait_frequencies(tables["traits"], ax=axes[0, 0], where=where)))
    captions.append(describe(trait_area(tables["traits"], ax=axes[0, 1], where=where)))
    captions.append(describe(predator_prey(tables["traits"], tables["turns"], ax=axes[1, 0], where=where)))
    captions.append(describe(deaths_by_cause(tables["turns"], ax=axes[1, 1], where=where)))
    if "seats" in tables:
        captions.append(describe(population(tables["seats"], ax=axes[2, 0], where=where)))
    else:
        axes[2, 0].set_axis_off()
    if "attacks" in tables:
        captions.append(describe(draw_food_web(food_web(_load(tables["attacks"], where)), ax=axes[2, 1], top=15)))
    else:
        axes[2, 1].set_axis_off()
    fig.suptitle(_("evolab experiment") if title is None else title, fontsize=16)
    for a in axes.flat:
        a.title.set_fontsize(11)                 # two columns: smaller titles, each wrapped to its own axes
        fit_words(a)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return captions

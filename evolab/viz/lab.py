"""Lab: an experiment bench. Choose the world (players, bots, trait-card rate, food, predators, rules),
run many games, and read the charts, a table and a CSV you can download.

Two worlds: the printed game, where a trait is a card a player chooses (the bots' **trait-card rate**: how
often a card becomes a trait; never called a mutation), and evolab's **Heredity** variant (not the printed
game), where young inherit their parents' traits and the **mutation rate** is the chance that a young is born
with one blind mutation; there the charts count generations and say how many runs are still alive."""
from __future__ import annotations

import base64
import html
import time

from .. import heredity
from ..experiments import crash, decline, run_batch, steady
from ..i18n import N_, _, ngettext, resolve, using
from ..names import edition_options, trait_label
from ..rules import available_rulesets, ruleset_class
from ..rules.heredity import NAMES as HEREDITY_OPTIONS

FOOD_SCHEDULES = {
    N_("Dice, as in the game"): None,
    N_("Steady: 6 food every turn"): steady(6),
    N_("Slow decline: 8 → 2 food over 10 turns"): decline(8, 2, 10),
    N_("Sudden crash: 8 food, then 2 from turn 5"): crash(8, 2, 5),
}
SWEEP_RATES = [0.0, 0.25, 0.5, 0.75, 1.0]
#: The Heredity variant's mutation rates to compare by default (a real rate is far lower: say so).
HEREDITY_RATES = [0.0, 0.05, 0.1, 0.15, 0.2]
#: What the rate slider is called in each world (the printed game's is a choice, never a mutation).
RATE_LABELS = {False: (N_("Trait-card rate"), N_("Compare several trait-card rates"),
                       N_("How often a bot plays a card as a new trait instead of a new animal: a player's choice, "
                          "not a mutation")),
               True: (N_("Mutation rate"), N_("Compare several mutation rates"),
                      N_("The chance that a young is born with one new, blind mutation (real rates are far lower)"))}
MAX_RATES = 11
#: How many traits the first chart draws until the student picks others (a sweep, a single setting).
DRAWN_TRAITS = {True: 4, False: 6}
#: The predator-prey chart draws only the turns that at least this share of the games reached: games end at
#: different turns, and a late turn's mean over the few longest games describes those games, not the setting.
COMMON_TURNS = 0.8


def parse_rates(text: str) -> list:
    """``"0, 0.5, 1"`` -> ``[0.0, 0.5, 1.0]``: the rates to compare (2 to 11 numbers from 0 to 1)."""
    parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
    rates = []
    for p in parts:
        try:
            r = float(p)
        except ValueError:
            raise ValueError(_("Rates to compare: {text} is not a number; write numbers from 0 to 1 separated by "
                               "commas, e.g. 0, 0.5, 1").format(text=repr(p))) from None
        if not 0 <= r <= 1:
            raise ValueError(_("Rates to compare: {text} is not a rate; a rate is from 0 to 1").format(text=p))
        rates.append(round(r, 4))
    rates = sorted(set(rates))
    if not 2 <= len(rates) <= MAX_RATES:
        raise ValueError(_("Rates to compare: give 2 to {most} different rates from 0 to 1, e.g. 0, 0.5, 1 "
                           "(got {n})").format(most=MAX_RATES, n=len(rates)))
    return rates


class _Bar:
    """Adapts an IntProgress widget to run_batch's progress protocol."""

    def __init__(self, widget, total):
        self.widget = widget
        widget.max = max(1, total)
        widget.value = 0

    def update(self, n):
        self.widget.value = min(self.widget.max, self.widget.value + n)
        self.widget.description = f"{self.widget.value} / {self.widget.max}"

    def close(self):
        self.widget.value = self.widget.max



def _plain(error: Exception) -> str:
    """The bench's one-line message: a chart package the browser could not download is said plainly."""
    from evolab.lite.offline import CHART_PACKAGES, ChartsUnavailable
    package = (getattr(error, "name", None) or "").split(".")[0]
    if isinstance(error, ModuleNotFoundError) and package in CHART_PACKAGES:
        return ChartsUnavailable(package).msg.lstrip("⚠ ")
    return str(error)

class Lab:
    """``Lab()`` shows the bench; ``lab.run()`` (or the Run button) plays the games; ``lab.result`` holds them.

    ``trait_card_rate`` starts the printed game's slider (``mutation_rate`` is its old name here);
    ``world="heredity"`` opens evolab's Heredity variant with ``preset`` (see ``evolab.heredity``).
    ``lang``: the language of the bench and its charts (by default ``EVOLAB_LANG``, then the system's
    locale, then English).
    """

    def __init__(self, ruleset="origin", reps=20, seed=1, mutation_rate=0.5, players=2, bots="greedy",
                 trait_card_rate=None, world="printed", preset="predation", lang=None):
        import ipywidgets as w
        self.w = w
        self.lang = resolve(lang)
        with using(self.lang):
            self._setup(w, ruleset, reps, seed, mutation_rate, players, bots, trait_card_rate, world, preset)

    def _in_lang(self, fn, *args):
        """Run ``fn`` (a widget's callback) in the bench's language."""
        with using(self.lang):
            return fn(*args)

    def _setup(self, w, ruleset, reps, seed, mutation_rate, players, bots, trait_card_rate, world, preset):
        self.result = None
        self.seconds = None
        style = {"description_width": "170px"}
        wide = w.Layout(width="480px")
        self.ruleset = w.Dropdown(options=edition_options(sorted(available_rulesets())), value=ruleset, description=_("Game"),
                                  style=style, layout=wide)
        spec = ruleset_class(ruleset).option_specs
        self.players = w.IntSlider(value=players, min=spec["players"].min, max=spec["players"].max,
                                   description=_("Players"), style=style, layout=wide)
        self.bots = w.Dropdown(options=[(_("Greedy bots (sensible players)"), "greedy"),
                                        (_("Random bots (play anything)"), "random"),
                                        (_("Greedy against random"), "greedy,random")],
                               value=bots, description=_("Players are"), style=style, layout=wide)
        self._world_controls(w, style, wide, ruleset, world, preset)
        self._rate_controls(w, style, wide, mutation_rate if trait_card_rate is None else trait_card_rate)
        self.food = w.FloatSlider(value=1.0, min=0.25, max=5, step=0.25, description=_("Food supply × (dice)"),
                                  style=style, layout=wide)
        self.schedule = w.Dropdown(options=[(_(k), k) for k in FOOD_SCHEDULES], description=_("Food over time"),
                                   style=style,
                                   layout=wide)
        self.no_carnivores = w.Checkbox(value=False, description=_("No predators (Carnivorous banned)"), layout=wide)
        self.carnivores_from = w.IntSlider(value=1, min=1, max=15, description=_("Predators from turn"),
                                           style=style, layout=wide)
        self.reps = w.IntSlider(value=reps, min=1, max=300, description=_("Games per setting"), style=style,
                                layout=wide)
        self.seed = w.IntText(value=seed, description=_("Seed"), style=style, layout=w.Layout(width="300px"))
        self.rules_box = w.Accordion(children=[w.VBox([])])
        self.rules_box.set_title(0, _("Rules options"))
        self.rules_box.selected_index = None
        self._build_rules(ruleset)
        self.ruleset.observe(lambda c: self._in_lang(self._build_rules, c["new"]), "value")
        self.world.observe(lambda c: self._in_lang(self._world_changed), "value")
        self.preset.observe(lambda c: self._in_lang(self._preset_changed) if self.heredity else None, "value")
        rules_box = self.rules_box
        self._result_widgets(w, style)
        self.widget = w.VBox([
            w.HTML("<h3 style='margin:4px 0'>" + _("The lab bench") + "</h3>"),
            self.ruleset, self.world, self.heredity_box, self.players, self.bots, self.mutation_rate, self.sweep,
            self.rates, self.food,
            self.schedule, self.no_carnivores, self.carnivores_from, self.reps, self.seed, rules_box,
            w.HBox([self.run_button, self.progress]), self.status,
            self.trait_picker, self.chart1, self.caption1, self.rate_shown, self.chart2, self.caption2,
            self.table, self.download,
        ])
        self.widget.add_class("evolab-lab")
        self._world_changed()

    def _world_controls(self, w, style, wide, ruleset, world, preset):
        """The world (the printed game or the Heredity variant) and the variant's preset and settings."""
        self.world = w.Dropdown(options=[(_("The printed game: players choose traits"), False),
                                         (_("Heredity: evolab's classroom variant, not the printed game"), True)],
                                value=world == "heredity", description=_("World"), style=style, layout=wide)
        names = list(heredity.presets(ruleset))          # the edition's own presets (none without the variant)
        self.preset = w.Dropdown(options=names, value=preset if preset in names else (names[0] if names else None),
                                 description=_("Heredity preset"),
                                 style=style, layout=wide)
        self.preset_text = w.HTML()
        self.founders = w.IntSlider(value=8, min=1, max=40, description=_("Founders per player"), style=style,
                                    layout=wide)
        self.generations = w.IntSlider(value=20, min=2, max=60, description=_("Generations"), style=style, layout=wide)
        self.predators_leave = w.IntSlider(value=0, min=0, max=60, description=_("Predators leave at gen."),
                                           tooltip=_("0: never"), style=style, layout=wide)
        self.food_crash = w.IntSlider(value=0, min=0, max=60, description=_("Food falls to x1 at gen."),
                                      tooltip=_("0: never"), style=style, layout=wide)
        self.heredity_box = w.VBox([self.preset, self.preset_text, self.founders, self.generations,
                                    self.predators_leave, self.food_crash])

    def _rate_controls(self, w, style, wide, start):
        """The rate slider (a player's trait-card rate, or nature's mutation rate) and the rates to compare."""
        self._rate = {False: start, True: 0.05}       # each world keeps its own slider value
        self._shown = False                           # the world whose rate the slider shows
        self.mutation_rate = w.FloatSlider(value=start, min=0, max=1, step=0.01, style=style, layout=wide)
        self.rate = self.mutation_rate                # the rate slider (its meaning depends on the world)
        self.sweep = w.Checkbox(value=False, layout=wide)
        self.rates = w.Text(value=", ".join(f"{r:g}" for r in SWEEP_RATES), description=_("Rates to compare"),
                            tooltip=_("Rates from 0 to 1, separated by commas"), disabled=True,
                            style=style, layout=wide)
        self.sweep.observe(lambda c: self._in_lang(self._sweep_changed), "value")

    def _result_widgets(self, w, style):
        """The run button, progress, status, the charts with their captions and pickers, the table, the download."""
        self.run_button = w.Button(description=_("Run the experiment"), button_style="success",
                                   layout=w.Layout(width="240px", height="42px"))
        self.run_button.on_click(lambda _: self._safe(self.run))
        self.progress = w.IntProgress(value=0, min=0, max=1, description=_("Games"), layout=w.Layout(width="480px"))
        self.status = w.HTML()
        self.trait_picker = w.SelectMultiple(options=[], rows=6, description=_("Traits drawn"), style=style,
                                             layout=w.Layout(width="480px", display="none"),
                                             tooltip=_("Ctrl-click (Cmd-click on a Mac) to pick several traits"))
        self.trait_picker.observe(lambda c: self._in_lang(self._picked), "value")
        self.rate_shown = w.Dropdown(options=[], description=_("Rate shown"), style=style,
                                     layout=w.Layout(width="480px", display="none"))
        self.rate_shown.observe(lambda c: self._in_lang(self._redraw, self._draw_predators), "value")
        self._filling = False
        self._compared = False
        self.ranking = []
        self.axes1 = self.axes2 = None      # the charts' Axes (for tests and teachers): what is drawn
        self.chart1 = w.Image(format="png", layout=w.Layout(max_width="820px", display="none"))
        self.caption1 = w.HTML()
        self.chart2 = w.Image(format="png", layout=w.Layout(max_width="820px", display="none"))
        self.caption2 = w.HTML()
        self.table = w.HTML()
        self.download = w.HTML()

    def _build_rules(self, ruleset_id):
        """Rules options widgets, built from the selected edition's declared options."""
        w = self.w
        style = {"description_width": "170px"}
        wide = w.Layout(width="480px")
        spec = ruleset_class(ruleset_id).option_specs
        self.rule_widgets = {}
        rows = []
        for name, o in spec.items():
            if name == "heredity" or name in HEREDITY_OPTIONS:      # the World and Heredity controls set these
                continue
            if o.kind == "bool":
                cw = w.Checkbox(value=o.default, description=name, tooltip=_(o.doc), layout=wide)
            elif o.kind == "choice" and len(o.choices) > 1:
                cw = w.Dropdown(options=list(o.choices), value=o.default, description=name, tooltip=_(o.doc),
                                style=style, layout=wide)
            else:
                continue
            self.rule_widgets[name] = cw
            label = " <b>" + _("(provisional rule)") + "</b>" if o.provisional else ""
            rows.append(w.VBox([cw, w.HTML(f"<small>{html.escape(_(o.doc))}{label}</small>")]))
        self.players.max = spec["players"].max
        self.players.min = spec["players"].min
        # knobs the selected edition does not declare are greyed out (and left out of the settings)
        self.schedule.disabled = "food_schedule" not in spec
        self.food.disabled = "food_multiplier" not in spec
        self.rules_box.children = [w.VBox(rows)]
        self.rules_box.set_title(0, _("Rules options"))
        if hasattr(self, "widget"):                  # the variant exists on the editions that declare it
            self.world.disabled = "heredity" not in spec
            if self.world.disabled:
                self.world.value = False
            self._world_changed()

    # ---- the two worlds ---------------------------------------------------------------------------
    @property
    def heredity(self) -> bool:
        """Whether the bench plays evolab's Heredity variant."""
        return bool(self.world.value)

    def _world_changed(self):
        """The rate's name and range, the Heredity controls and the defaults follow the world chosen."""
        on = self.heredity
        label, sweep_label, tip = RATE_LABELS[on]
        self._rate[self._shown] = self.mutation_rate.value
        self._shown = on
        self.mutation_rate.description, self.mutation_rate.tooltip = _(label), _(tip)
        self.mutation_rate.value = self._rate[on]
        self.sweep.description = _(sweep_label)
        self.rates.value = ", ".join(f"{r:g}" for r in (HEREDITY_RATES if on else SWEEP_RATES))
        self.rate_shown.description = _("Mutation rate shown") if on else _("Trait-card rate shown")
        self.carnivores_from.description = _("Predators arrive at gen.") if on else _("Predators from turn")
        self.heredity_box.layout.display = "" if on else "none"      # not None: the browser kernel drops None
        presets = self._presets()
        if list(self.preset.options) != list(presets):       # each edition's own presets
            keep = self.preset.value if self.preset.value in presets else next(iter(presets), None)
            self.preset.options = list(presets)
            self.preset.value = keep
        self.preset.disabled = len(presets) < 2
        if on:
            self._preset_changed()
        else:
            self.food.value = 1.0

    def _preset_changed(self):
        """A preset sets the controls it fixes (food, founders, generations, the environment's switches)."""
        opts = self._preset_options()
        self.food.value = opts.get("food_multiplier", 3.0)
        self.founders.value = opts["founders"]
        self.generations.value = opts["generations"]
        self.predators_leave.value = opts.get("predators_leave") or 0
        crash_at = [t for t, m in opts.get("food_multiplier_from", {}).items() if m == 1.0]
        self.food_crash.value = crash_at[0] if crash_at else 0
        predators = ruleset_class(self.ruleset.value).predator_traits
        self.no_carnivores.value = any(t in predators for t in opts.get("banned_traits", []))
        self.carnivores_from.value = 1
        text = heredity.describe(self.preset.value, self.ruleset.value) if self._presets() else ""
        self.preset_text.value = f"<small>{html.escape(text)}</small>"

    def _presets(self) -> dict:
        """The selected edition's Heredity presets."""
        return heredity.presets(self.ruleset.value)

    def _preset_options(self) -> dict:
        presets = self._presets()
        name = self.preset.value if self.preset.value in presets else next(iter(presets))
        return heredity.preset(name, self.ruleset.value)

    def _sweep_changed(self):
        """Comparing rates uses the list of rates; one rate uses the slider: only the control in use is active."""
        self.mutation_rate.disabled = self.sweep.value
        self.rates.disabled = not self.sweep.value

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)

    def _safe(self, fn):
        with using(self.lang):
            self._run_safe(fn)

    def _run_safe(self, fn):
        try:
            self.status.value = ""
            fn()
        except Exception as e:     # shown on the bench
            self.status.value = f'<span style="color:#b00020;font-weight:700">⚠ {html.escape(_plain(e))}</span>'

    def _picked(self):
        """Traits picked: the first chart again, and in the Heredity variant the second (it shows the first trait)."""
        self._redraw(self._draw_traits)
        if self.heredity:
            self._redraw(self._draw_predators)

    def _redraw(self, fn):
        """A picker changed: draw again from the games already played (errors shown, the status kept)."""
        if self._filling or self.result is None:
            return
        keep = self.status.value
        self._safe(fn)
        if not self.status.value:
            self.status.value = keep

    def settings(self) -> tuple:
        """(grid, fixed parameters) from the controls. The grid is over the ``trait_card_rate`` (printed
        game) or, in the Heredity variant, the ``mutation_rate``."""
        fixed = {"players": self.players.value}
        if self.heredity:
            fixed.update({k: v for k, v in self._preset_options().items()
                          if k not in ("players", "banned_traits", "predators_leave", "food_multiplier_from",
                                       "mutation_rate")})
            fixed.update(founders=self.founders.value, generations=self.generations.value)
            if self.predators_leave.value:
                fixed["predators_leave"] = self.predators_leave.value
            if self.food_crash.value:
                fixed["food_multiplier_from"] = {self.food_crash.value: 1.0}
        if not self.food.disabled:
            fixed["food_multiplier"] = self.food.value
        sched = FOOD_SCHEDULES[self.schedule.value]
        if sched is not None and not self.schedule.disabled:
            fixed["food_schedule"] = sched
        if self.no_carnivores.value:
            fixed["no_carnivores"] = True
        elif self.carnivores_from.value > 1:
            fixed["carnivores_from_turn"] = self.carnivores_from.value
        spec = ruleset_class(self.ruleset.value).option_specs
        for name, cw in self.rule_widgets.items():
            if cw.value != spec[name].default:
                fixed[name] = cw.value
        rates = parse_rates(self.rates.value) if self.sweep.value else [round(self.mutation_rate.value, 2)]
        return {self.rate_key: rates}, fixed

    @property
    def rate_key(self) -> str:
        """The grid's parameter: nature's ``mutation_rate`` in the Heredity variant, else the bots' choice."""
        return "mutation_rate" if self.heredity else "trait_card_rate"

    def run(self):
        """Play the games and draw the charts."""
        with using(self.lang):
            return self._run()

    def _run(self):
        from . import plots
        grid, fixed = self.settings()
        rates = grid[self.rate_key]
        t0 = time.perf_counter()
        # chunk=1: the bar moves after every game (in this process; the bench never starts a pool)
        self.result = run_batch(self.ruleset.value, grid=grid, reps=self.reps.value, seed=self.seed.value,
                                bots=self.bots.value, progress=_Bar(self.progress, len(rates) * self.reps.value),
                                chunk=1, **fixed)
        self.seconds = time.perf_counter() - t0
        traits = self.result.rows("traits")
        self._compared = len(rates) > 1
        self.ranking = plots.final_shares(traits)
        self._filling = True               # fill the pickers without drawing twice
        try:
            self.trait_picker.options = [(_("{trait} (ends at {share:.0f}%)").format(
                trait=plots.trait_label(r["trait"]), share=100 * r["mean"]), r["trait"]) for r in self.ranking]
            self.trait_picker.value = self.default_traits()
            self.rate_shown.options = [(f"{r:g}", r) for r in rates]
            self.rate_shown.value = rates[len(rates) // 2]
        finally:
            self._filling = False
        self.trait_picker.layout.display = ""
        self.rate_shown.layout.display = "" if self._compared and not self.heredity else "none"
        self._draw_traits()
        self._draw_predators()
        self.chart1.layout.display = self.chart2.layout.display = ""   # not None: the browser kernel drops None
        self.table.value = self._preview()
        csv = self._csv_text()
        data = base64.b64encode(csv.encode()).decode()
        table = "generations" if self.heredity else "traits"
        rows = len(self.result.tables[table])
        what = (ngettext("Download the generation rows as CSV ({n} row)", "Download the generation rows as CSV ({n} rows)",
                         rows) if self.heredity else
                ngettext("Download the trait rows as CSV ({n} row)", "Download the trait rows as CSV ({n} rows)", rows))
        self.download.value = (f'<a download="evolab-{table}.csv" href="data:text/csv;base64,{data}" '
                               f'style="font-size:17px">⬇ {what.format(n=rows)}</a>')
        self.status.value = "<i>" + ngettext("{n} game in {seconds:.1f} s.", "{n} games in {seconds:.1f} s.",
                                             len(self.result)).format(n=len(self.result), seconds=self.seconds) + "</i>"
        return self.result

    def default_traits(self) -> tuple:
        """The traits drawn until the student picks others: those most common at the end of the games
        (mean over all games of each trait's share of living animals in a game's last turn); in the Heredity
        variant the preset's trait to watch comes first."""
        ranked = [r["trait"] for r in self.ranking if r["mean"] > 0] or [r["trait"] for r in self.ranking]
        watch = self._presets()[self.preset.value].trait if self.heredity and self.preset.value in self._presets() else ""
        if watch:
            ranked = [watch] + [t for t in ranked if t != watch]
        return tuple(ranked[:DRAWN_TRAITS[self._compared]])

    def _drawn_text(self, picked) -> str:
        """The first sentence of the first caption: which traits are drawn, and why these."""
        final = {r["trait"]: r for r in self.ranking}
        n = len(self.result)
        names = ", ".join(_("{trait} ({share:.0f}%)").format(trait=trait_label(t), share=100 * final[t]["mean"])
                          for t in picked)
        why = (ngettext("the {n} trait most common at the end of the games",
                        "the {n} traits most common at the end of the games", len(picked)).format(n=len(picked))
               if tuple(picked) == self.default_traits() else
               ngettext("the trait you picked", "the traits you picked", len(picked)))
        return _("Drawn: {why} (mean share of living animals in each game's last turn, over all {n} games): "
                 "{names}. Pick others in the list above the chart.").format(why=why, n=n, names=names)

    def _draw_traits(self):
        """The first chart, for the traits picked: final share by rate (comparing rates), else turn by turn."""
        import matplotlib.pyplot as plt

        from . import plots
        picked = list(self.trait_picker.value)
        if not picked:
            self.caption1.value = "<p style='font-size:16px'>" + _("Pick at least one trait in the list.") + "</p>"
            return
        traits = self.result.rows("traits")
        fig, ax = plt.subplots(figsize=(8, 4), layout="constrained")
        if self.heredity:
            from .heredity import VARIANT, generation_frequency
            gens = self.result.rows("generations")
            caps = []
            for t in (picked[:1] if self._compared else picked):   # comparing rates: one trait, a line per rate
                generation_frequency(gens, t, by=["mutation_rate"] if self._compared else [], ax=ax,
                                     label=None if self._compared else plots.trait_label(t))
                caps.append(plots.describe(ax).replace(_(VARIANT) + " ", "") if caps else plots.describe(ax))
            if not self._compared and len(picked) > 1:
                ax.set_title(_("Share of living animals with each trait, generation by generation"))
                ax.set_ylabel(_("Share of living animals"))
                plots.fit_words(ax)
            cap = " ".join(caps)
        elif self._compared:
            caps = []
            for t in picked:
                plots.sweep(traits, x="trait_card_rate", trait=t, ax=ax, label=plots.trait_label(t))
                caps.append(plots.describe(ax))
            ax.set_title(_("Final share of living animals with each trait, by trait-card rate"))
            ax.set_ylabel(_("Final share of living animals"))
            plots.fit_words(ax)
            cap = " ".join(caps)
        else:
            plots.trait_frequencies(traits, traits=picked, ax=ax)
            cap = plots.describe(ax)
        cap = self._drawn_text(picked) + " " + cap
        ax.evolab_description = cap
        self.axes1 = ax
        self.chart1.value = plots.figure_png(fig)
        self.caption1.value = f"<p style='font-size:16px'>{html.escape(cap)}</p>"
        plt.close(fig)

    def _draw_predators(self):
        """The second chart: predators and prey for one trait-card rate, over the turns most games reached;
        in the Heredity variant, carriers of the first trait drawn against the others (survival, young)."""
        import matplotlib.pyplot as plt

        from . import plots
        fig, ax = plt.subplots(figsize=(8, 4), layout="constrained")
        if self.heredity:
            from .heredity import selection_bars
            trait = (list(self.trait_picker.value) or list(self.default_traits()))[0]
            try:
                selection_bars(self.result.rows("generations"), trait, by=["mutation_rate"], ax=ax)
                cap = plots.describe(ax)
            except ValueError as e:          # no generation had both carriers and others
                cap = str(e)
            self.axes2 = ax
            self.chart2.value = plots.figure_png(fig)
            self.caption2.value = f"<p style='font-size:16px'>{html.escape(cap)}</p>"
            plt.close(fig)
            return
        where = {"trait_card_rate": self.rate_shown.value}
        plots.predator_prey(self.result.rows("traits"), self.result.rows("turns"), ax=ax, where=where,
                            min_share=COMMON_TURNS)
        self.axes2 = ax
        self.chart2.value = plots.figure_png(fig)
        self.caption2.value = f"<p style='font-size:16px'>{html.escape(plots.describe(ax))}</p>"
        plt.close(fig)

    def _csv_text(self) -> str:
        import io
        buf = io.StringIO()
        self.result.tables["generations" if self.heredity else "traits"].to_csv(buf)
        return buf.getvalue()

    def _preview(self, n=8) -> str:
        """The first rows of the game summary table."""
        rows = self.result.rows("games")[:n]
        if not rows:
            return ""
        cols = ["game", self.rate_key, "turns", "winners", "winner_score", "alive"]
        head = "".join(f"<th style='padding:2px 8px'>{c}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{_cell(r.get(c))}</td>" for c in cols) + "</tr>"
                       for r in rows)
        head_text = ngettext("The first {n} game", "The first {n} games", len(rows)).format(n=len(rows))
        per = (_("(the CSV has one row per game, generation and trait)") if self.heredity else
               _("(the CSV has one row per game, turn and trait)"))
        return (f"<p><b>{head_text}</b> {per}</p>"
                f"<table style='font-size:15px;border-collapse:collapse'><tr>{head}</tr>{body}</table>")



def _cell(v):
    """A table cell: a list of seats (the winners of a game, several when they share the win) as "0 & 2"."""
    return " & ".join(map(str, v)) if isinstance(v, list) else v

"""Lab: an experiment bench. Choose the world (players, bots, mutation rate, food, predators, rules),
run many games, and read the charts, a table and a CSV you can download."""
from __future__ import annotations

import base64
import html
import time

from ..experiments import crash, decline, run_batch, steady
from ..rules import available_rulesets, ruleset_class

FOOD_SCHEDULES = {
    "Dice, as in the game": None,
    "Steady: 6 food every turn": steady(6),
    "Slow decline: 8 → 2 food over 10 turns": decline(8, 2, 10),
    "Sudden crash: 8 food, then 2 from turn 5": crash(8, 2, 5),
}
SWEEP_RATES = [0.0, 0.25, 0.5, 0.75, 1.0]


class _Bar:
    """Adapts an IntProgress widget to run_batch's progress protocol."""

    def __init__(self, widget, total):
        self.widget = widget
        widget.max = max(1, total)
        widget.value = 0

    def update(self, n):
        self.widget.value = min(self.widget.max, self.widget.value + n)

    def close(self):
        self.widget.value = self.widget.max


class Lab:
    """``Lab()`` shows the bench; ``lab.run()`` (or the Run button) plays the games; ``lab.result`` holds them."""

    def __init__(self, ruleset="origin", reps=20, seed=1, mutation_rate=0.5, players=2, bots="greedy"):
        import ipywidgets as w
        self.w = w
        self.result = None
        self.seconds = None
        style = {"description_width": "170px"}
        wide = w.Layout(width="480px")
        self.ruleset = w.Dropdown(options=sorted(available_rulesets()), value=ruleset, description="Game",
                                  style=style, layout=wide)
        spec = ruleset_class(ruleset).option_specs
        self.players = w.IntSlider(value=players, min=spec["players"].min, max=spec["players"].max,
                                   description="Players", style=style, layout=wide)
        self.bots = w.Dropdown(options=[("Greedy bots (sensible players)", "greedy"),
                                        ("Random bots (play anything)", "random"),
                                        ("Greedy against random", "greedy,random")],
                               value=bots, description="Players are", style=style, layout=wide)
        self.mutation_rate = w.FloatSlider(value=mutation_rate, min=0, max=1, step=0.05,
                                           description="Mutation rate", style=style, layout=wide,
                                           tooltip="How often a card is played as a new trait instead of a new animal")
        self.sweep = w.Checkbox(value=False, description="Compare mutation rates 0, 0.25, 0.5, 0.75, 1",
                                layout=wide)
        self.food = w.FloatSlider(value=1.0, min=0.25, max=3, step=0.25, description="Food supply × (dice)",
                                  style=style, layout=wide)
        self.schedule = w.Dropdown(options=list(FOOD_SCHEDULES), description="Food over time", style=style,
                                   layout=wide)
        self.no_carnivores = w.Checkbox(value=False, description="No predators (Carnivorous banned)", layout=wide)
        self.carnivores_from = w.IntSlider(value=1, min=1, max=15, description="Predators from turn",
                                           style=style, layout=wide)
        self.reps = w.IntSlider(value=reps, min=1, max=300, description="Games per setting", style=style,
                                layout=wide)
        self.seed = w.IntText(value=seed, description="Seed", style=style, layout=w.Layout(width="300px"))
        self.rules_box = w.Accordion(children=[w.VBox([])])
        self.rules_box.set_title(0, "Rules options")
        self.rules_box.selected_index = None
        self._build_rules(ruleset)
        self.ruleset.observe(lambda c: self._build_rules(c["new"]), "value")
        rules_box = self.rules_box
        self.run_button = w.Button(description="Run the experiment", button_style="success",
                                   layout=w.Layout(width="240px", height="42px"))
        self.run_button.on_click(lambda _: self._safe(self.run))
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Games", layout=w.Layout(width="480px"))
        self.status = w.HTML()
        self.chart1 = w.Image(format="png", layout=w.Layout(max_width="820px", display="none"))
        self.caption1 = w.HTML()
        self.chart2 = w.Image(format="png", layout=w.Layout(max_width="820px", display="none"))
        self.caption2 = w.HTML()
        self.table = w.HTML()
        self.download = w.HTML()
        self.widget = w.VBox([
            w.HTML("<h3 style='margin:4px 0'>The lab bench</h3>"),
            self.ruleset, self.players, self.bots, self.mutation_rate, self.sweep, self.food, self.schedule,
            self.no_carnivores, self.carnivores_from, self.reps, self.seed, rules_box,
            w.HBox([self.run_button, self.progress]), self.status,
            self.chart1, self.caption1, self.chart2, self.caption2, self.table, self.download,
        ])
        self.widget.add_class("evolab-lab")

    def _build_rules(self, ruleset_id):
        """Rules options widgets, built from the selected edition's declared options."""
        w = self.w
        style = {"description_width": "170px"}
        wide = w.Layout(width="480px")
        spec = ruleset_class(ruleset_id).option_specs
        self.rule_widgets = {}
        rows = []
        for name, o in spec.items():
            if o.kind == "bool":
                cw = w.Checkbox(value=o.default, description=name, tooltip=o.doc, layout=wide)
            elif o.kind == "choice" and len(o.choices) > 1:
                cw = w.Dropdown(options=list(o.choices), value=o.default, description=name, tooltip=o.doc,
                                style=style, layout=wide)
            else:
                continue
            self.rule_widgets[name] = cw
            label = " <b>(provisional rule)</b>" if o.provisional else ""
            rows.append(w.VBox([cw, w.HTML(f"<small>{html.escape(o.doc)}{label}</small>")]))
        self.players.max = spec["players"].max
        self.players.min = spec["players"].min
        # knobs the selected edition does not declare are greyed out (and left out of the settings)
        self.schedule.disabled = "food_schedule" not in spec
        self.food.disabled = "food_multiplier" not in spec
        self.rules_box.children = [w.VBox(rows)]
        self.rules_box.set_title(0, "Rules options")

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)

    def _safe(self, fn):
        try:
            self.status.value = ""
            fn()
        except Exception as e:     # shown on the bench
            self.status.value = f'<span style="color:#b00020;font-weight:700">⚠ {html.escape(str(e))}</span>'

    def settings(self) -> tuple:
        """(grid, fixed parameters) from the controls."""
        fixed = {"players": self.players.value}
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
        rates = SWEEP_RATES if self.sweep.value else [round(self.mutation_rate.value, 2)]
        return {"mutation_rate": rates}, fixed

    def run(self):
        """Play the games and draw the charts."""
        import matplotlib.pyplot as plt
        from . import plots
        grid, fixed = self.settings()
        t0 = time.perf_counter()
        self.result = run_batch(self.ruleset.value, grid=grid, reps=self.reps.value, seed=self.seed.value,
                                bots=self.bots.value, progress=_Bar(self.progress, len(grid["mutation_rate"]) * self.reps.value),
                                **fixed)
        self.seconds = time.perf_counter() - t0
        traits = self.result.rows("traits")
        fig, ax = plt.subplots(figsize=(8, 4), layout="constrained")
        if self.sweep.value:
            caps = []
            finals = {}
            for r in traits:
                finals[r["trait"]] = max(finals.get(r["trait"], 0), r["frequency"] or 0)
            top = sorted(finals, key=lambda t: (-finals[t], t))[:4]
            for t in top:
                plots.sweep(traits, x="mutation_rate", trait=t, ax=ax, label=plots.pretty(t))
                caps.append(plots.describe(ax))
            ax.set_title("Final share of living animals with each trait, by mutation rate")
            ax.set_ylabel("Final share of living animals")
            cap = " ".join(caps)
        else:
            plots.trait_frequencies(traits, ax=ax)
            cap = plots.describe(ax)
        self.chart1.value = plots.figure_png(fig)
        self.caption1.value = f"<p style='font-size:16px'>{html.escape(cap)}</p>"
        plt.close(fig)
        fig, ax = plt.subplots(figsize=(8, 4), layout="constrained")
        plots.predator_prey(traits, self.result.rows("turns"), ax=ax)
        self.chart2.value = plots.figure_png(fig)
        self.caption2.value = f"<p style='font-size:16px'>{html.escape(plots.describe(ax))}</p>"
        plt.close(fig)
        self.chart1.layout.display = self.chart2.layout.display = ""   # not None: dropped in the browser version
        self.table.value = self._preview()
        csv = self._csv_text()
        data = base64.b64encode(csv.encode()).decode()
        self.download.value = (f'<a download="evolab-traits.csv" href="data:text/csv;base64,{data}" '
                               f'style="font-size:17px">⬇ Download the trait rows as CSV ({len(traits)} rows)</a>')
        self.status.value = f"<i>{len(self.result)} games in {self.seconds:.1f} s.</i>"
        return self.result

    def _csv_text(self) -> str:
        import io
        buf = io.StringIO()
        self.result.tables["traits"].to_csv(buf)
        return buf.getvalue()

    def _preview(self, n=8) -> str:
        """The first rows of the game summary table."""
        rows = self.result.rows("games")[:n]
        if not rows:
            return ""
        cols = ["game", "mutation_rate", "turns", "winner", "winner_score", "alive"]
        head = "".join(f"<th style='padding:2px 8px'>{c}</th>" for c in cols)
        body = "".join("<tr>" + "".join(f"<td style='padding:2px 8px'>{r.get(c)}</td>" for c in cols) + "</tr>"
                       for r in rows)
        return (f"<p><b>The first {len(rows)} games</b> (the CSV has one row per game, turn and trait)</p>"
                f"<table style='font-size:15px;border-collapse:collapse'><tr>{head}</tr>{body}</table>")

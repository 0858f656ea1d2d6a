"""Class data in the classroom: a panel that saves a group's run, a panel that pools the files a teacher collected,
and the chart of the groups against the whole class (``evolab.classdata`` does the reading and the statistics).

    ExportPanel(predictions=[spread_q, leave_q])   # in a lesson: group name, "Run and save", a download link
    ClassPool("class_data")                        # for the teacher: a shared folder and/or uploaded files
    class_groups(classdata.pool(runs), ax=None)    # each group's mean and band, the class's band, the control

The download link carries the file in the page itself (a ``data:`` link), so it works on Binder and offline.
"""
from __future__ import annotations

import base64
import html

from .. import classdata
from ..i18n import _, in_own_language, resolve, speaks, using
from ..palette import COLOURS
from .heredity import VARIANT
from .plots import _axes, _caption, _pct, fit_words


@speaks
def class_groups(summary: dict, ax=None):
    """Each group's mean share of Camouflage carriers with predators (dot and 95% interval), the class's pooled mean
    and band (shaded), and the no-predator control pooled (dashed band). Returns the Axes (caption: ``describe``)."""
    ax = _axes(ax)
    groups = summary["groups"]
    pred, ctrl = classdata.CONDITIONS
    cls, base = summary["class"][pred], summary["class"][ctrl]
    n = len(groups)
    if cls["low"] is not None:
        ax.axhspan(max(0, cls["low"]), min(1, cls["high"]), color=COLOURS[1], alpha=0.25, linewidth=0,
                   label=_("whole class with predators: {share} (band)").format(share=_pct(cls["mean"])))
        ax.axhline(cls["mean"], color=COLOURS[1], linewidth=2)
    if base["low"] is not None:
        ax.axhspan(max(0, base["low"]), min(1, base["high"]), color=COLOURS[0], alpha=0.2, linewidth=0, hatch="//",
                   label=_("whole class, no predators: {share} (band)").format(share=_pct(base["mean"])))
    for i, g in enumerate(groups):
        s = g[pred]
        if s["mean"] is None:
            continue
        missed = g["group"] in summary["missed"]
        if s["low"] is not None:
            ax.errorbar([i], [s["mean"]], yerr=[[s["mean"] - max(0, s["low"])], [min(1, s["high"]) - s["mean"]]],
                        color="black" if not missed else COLOURS[5], marker="o" if not missed else "s", capsize=4,
                        linewidth=1.5, label=(_("a group's band misses the class mean") if missed and
                                              g["group"] == summary["missed"][0] else None))
        else:
            ax.plot([i], [s["mean"]], "o", color="black")
    ax.set_xticks(range(n), [g["group"] for g in groups], rotation=30 if n > 5 else 0, ha="right" if n > 5 else "center")
    ax.set_xlim(-0.6, n - 0.4)
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    ax.set_ylabel(_("Share of living animals with Camouflage"))
    ax.set_title(_("Each group's games at generation {generation}, and the whole class").format(
        generation=summary["generation"]))
    ax.legend(fontsize=10, loc="upper left")
    spread = summary["between_groups"][pred]
    text = _("Dot and whisker plot of each group's mean share of Camouflage carriers with predators at generation "
             "{generation} with its 95% interval, for {n} groups and {games} games, where the class's pooled mean is "
             "{mean}").format(generation=summary["generation"], n=n, games=summary["games"], mean=_pct(cls["mean"]))
    if cls["low"] is not None:
        text += _(" (band {low}-{high})").format(low=_pct(max(0, cls["low"])), high=_pct(min(1, cls["high"])))
    if base["mean"] is not None:
        text += _(" against {share} without predators").format(share=_pct(base["mean"]))
    if spread["sd"] is not None:
        means = [g[pred]["mean"] for g in groups if g[pred]["mean"] is not None]
        text += _("; the groups' means range from {low} to {high} (standard deviation {sd:.0f} points)").format(
            low=_pct(min(means)), high=_pct(max(means)), sd=100 * spread["sd"])
    text += _("; {missed} of {n} group bands miss the class mean.").format(missed=len(summary["missed"]), n=n)
    return _caption(ax, _(VARIANT) + " " + text)


def download_link(run: classdata.ClassRun, label: str | None = None) -> str:
    """An HTML link that downloads the run's JSON file (the file travels in the link: no server needed)."""
    data = base64.b64encode(run.to_json().encode("utf-8")).decode("ascii")
    name = html.escape(run.filename())
    label = html.escape(label or _("Download {file}").format(file=run.filename()))
    return (f"<a download=\"{name}\" href=\"data:application/json;base64,{data}\" "
            f"style=\"font-weight:bold\">\u2b07\ufe0f {label}</a>")


class _Panel:
    """A teacher's or a group's panel that keeps its language (``lang``): built, and its buttons answered, in it."""

    def __init__(self, *parts, lang=None):
        self.lang = resolve(lang)
        with using(self.lang):
            self._build(*parts)


class ExportPanel(_Panel):
    """A group name, a button that plays the group's own games and saves them (``folder``), and a download link.
    ``lang``: its language, as the board's (by default ``EVOLAB_LANG``, then the system's locale)."""

    def __init__(self, predictions=(), folder="class_data", games=classdata.DEFAULT_GAMES,
                 generations=classdata.DEFAULT_GENERATIONS, lang=None):
        super().__init__(predictions, folder, games, generations, lang=lang)

    def _build(self, predictions, folder, games, generations):
        import ipywidgets as w
        self.predictions, self.folder, self.games, self.generations = list(predictions), folder, games, generations
        self.run = None
        self.path = None
        self.name = w.Text(placeholder=_("e.g. Group 3 or Ana and Ben"), description=_("Group name:"),
                           style={"description_width": "initial"}, layout=w.Layout(width="min(100%, 480px)"))
        self.button = w.Button(description=_("Run our {n} games and save the file").format(n=2 * games),
                               button_style="primary",
                               layout=w.Layout(width="auto"))
        self.button.on_click(self._clicked)
        self.status = w.HTML("")
        self.widget = w.VBox([self.name, self.button, self.status])
        self.widget.add_class("evolab-class-export")

    @in_own_language
    def _clicked(self, _button=None):
        name = self.name.value.strip()
        if not name:
            self.status.value = "<b>" + html.escape(_("Type your group's name first.")) + "</b>"
            return
        self.button.disabled = True
        self.status.value = html.escape(_("Playing your games..."))
        try:
            self.save(name)
        except classdata.ClassDataError as e:
            self.status.value = f"<b>{html.escape(str(e))}</b>"
        finally:
            self.button.disabled = False

    @in_own_language
    def save(self, group: str):
        """Play and save the group's run (what the button does)."""
        self.run = classdata.class_run(group, games=self.games, generations=self.generations,
                                       predictions=self.predictions)
        self.path = self.run.save(self.folder)
        shares = {c: self.run.shares(c, self.generations) for c in classdata.CONDITIONS}
        means = {c: (sum(v) / len(v) if v else None) for c, v in shares.items()}
        summary = ", ".join(f"{c}: {_pct(m)}" for c, m in means.items() if m is not None)
        self.status.value = _("Saved <code>{path}</code> ({games} games; Camouflage at generation {generation}, "
                              "average of your games: {summary}). {link} and hand it to your teacher.").format(
            path=html.escape(str(self.path)), games=len(self.run.games), generation=self.generations,
            summary=html.escape(summary), link=download_link(self.run))
        return self.path

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)


class ClassPool(_Panel):
    """For the teacher: the files of a shared ``folder`` and/or files uploaded here, pooled into one chart.
    ``lang``: its language, as the board's (by default ``EVOLAB_LANG``, then the system's locale)."""

    def __init__(self, folder=None, lang=None):
        super().__init__(folder, lang=lang)

    def _build(self, folder):
        import ipywidgets as w
        self.folder_box = w.Text(value="" if folder is None else str(folder), description=_("Shared folder:"),
                                 placeholder=_("a folder with the groups' files (leave empty to upload them)"),
                                 style={"description_width": "initial"}, layout=w.Layout(width="min(100%, 640px)"))
        self.uploaded: list = []
        self.upload = w.FileUpload(accept=".json,.csv", multiple=True, description=_("Add files"),
                                   layout=w.Layout(width="auto"))
        self.upload.observe(self._uploaded, names="value")
        self.button = w.Button(description=_("Pool the class's files"), button_style="primary",
                               layout=w.Layout(width="auto"))
        self.button.on_click(lambda _: self.show())
        self.status = w.HTML("")
        self.out = w.Output()
        self.widget = w.VBox([self.folder_box, w.HBox([self.upload, self.button]), self.status, self.out])
        self.widget.add_class("evolab-class-pool")
        self.runs: list = []
        self.problems: list = []
        self.summary = None

    @in_own_language
    def _uploaded(self, change):
        for f in change["new"]:
            self.uploaded.append((f["name"], bytes(f["content"])))
        self.status.value = html.escape(_("{n} file(s) uploaded. Click \u201cPool the class's files\u201d.").format(
            n=len(self.uploaded)))

    @in_own_language
    def collect(self):
        """Read the folder's files and the uploaded ones: ``(runs, problems)``."""
        from pathlib import Path
        sources, missing = [], []
        folder = self.folder_box.value.strip()
        if folder:
            if Path(folder).is_dir():
                sources += sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in (".json", ".csv"))
            else:
                missing.append(_("{folder}: no such folder").format(folder=folder))
        sources += self.uploaded
        self.runs, self.problems = classdata.load_many(sources)
        self.problems = missing + self.problems
        return self.runs, self.problems

    @in_own_language
    def show(self):
        """Pool and draw into the panel's output."""
        import matplotlib.pyplot as plt
        from IPython.display import Image
        from .plots import figure_png
        self.collect()
        self.out.clear_output()
        lines = [_("Refused: {problem}").format(problem=p) for p in self.problems]
        if not self.runs:
            self.status.value = ("<b>" + html.escape(_("No class files yet.")) + "</b> " +
                                 "<br>".join(html.escape(x) for x in lines))
            return None
        self.summary = classdata.pool(self.runs)
        fig, ax = plt.subplots(figsize=(10, 4.8), layout="constrained")
        class_groups(self.summary, ax=ax)
        self.out.append_display_data(Image(data=figure_png(fig), format="png"))
        plt.close(fig)
        from .plots import describe
        self.out.append_stdout(_("Alt text: {text}").format(text=describe(ax)) + "\n")
        self.status.value = (html.escape(_("{n} group file(s) pooled.").format(n=len(self.runs))) +
                             ("<br>" + "<br>".join(html.escape(x) for x in lines) if lines else ""))
        return self.summary

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)


@speaks
def concept_test_charts(result: dict, fig=None):
    """Three panels for a scored concept test (``evolab.concepttest.score``): each student's score before and after
    with the class's means and 95% bands; the share correct per item before and after; how often each misconception
    was chosen per student before and after. Returns the Figure; its caption is ``fig.evolab_description``."""
    import matplotlib.pyplot as plt
    if fig is None:
        fig = plt.figure(figsize=(15, 4.8), layout="constrained")
    left, middle, right = fig.subplots(1, 3, width_ratios=[1, 1.6, 1.4])
    total = result["total"]
    for s in result["students"]:
        if s["gain"] is not None:
            left.plot([0, 1], [s["pre"], s["post"]], color="#999999", linewidth=1, alpha=0.6)
    for x, t, colour, marker in ((0, "pre", COLOURS[0], "o"), (1, "post", COLOURS[4], "s")):
        m = result[t]
        if m["mean"] is None:
            continue
        err = [[m["mean"] - m["low"]], [m["high"] - m["mean"]]] if m["low"] is not None else None
        left.errorbar([x], [m["mean"]], yerr=err, color=colour, marker=marker, markersize=9, capsize=6, linewidth=2.5)
        left.annotate(f"{m['mean']:.1f}", (x, m["mean"]), xytext=(12, 0), textcoords="offset points", va="center")
    left.set_xticks([0, 1], [_("before"), _("after")])
    left.set_xlim(-0.4, 1.6)
    left.set_ylim(0, total)
    left.set_ylabel(_("Score (out of {total})").format(total=total))
    left.set_title(_("Each student (grey) and the class mean"))
    items = result["items"]
    xs = range(len(items))
    for j, (t, colour, hatch) in enumerate((("pre", COLOURS[0], "//"), ("post", COLOURS[4], ""))):
        middle.bar([x + (j - 0.5) * 0.4 for x in xs], [i[t] or 0 for i in items], 0.4, color=colour, hatch=hatch,
                   edgecolor="white", label=_("before") if t == "pre" else _("after"))
    middle.set_xticks(list(xs), [str(i["item"]) for i in items])
    middle.set_xlabel(_("Item"))
    middle.yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    middle.set_ylim(0, 1)
    middle.set_title(_("Share correct, item by item"))
    middle.legend(fontsize=10)
    mis = result["misconceptions"]
    ys = range(len(mis))
    for j, (t, colour, hatch) in enumerate((("pre", COLOURS[0], "//"), ("post", COLOURS[4], ""))):
        right.barh([y + (j - 0.5) * 0.4 for y in ys], [m[t + "_per_student"] or 0 for m in mis], 0.4, color=colour,
                   hatch=hatch, edgecolor="white", label=_("before") if t == "pre" else _("after"))
    right.set_yticks(list(ys), [f"{m['misconception']} {m['meaning']}" for m in mis], fontsize=10)
    right.invert_yaxis()
    right.set_xlabel(_("Wrong answers showing it, per student"))
    right.set_title(_("Misconceptions chosen"))
    right.legend(fontsize=10)
    g = result["gain"]
    text = _("Three charts of a class's concept test scores before and after the lessons, where the mean score went "
             "from {pre:.1f} to {post:.1f} out of {total}").format(pre=result["pre"]["mean"], post=result["post"]["mean"],
                                                                  total=total)
    if g["mean"] is not None and g["low"] is not None:
        text += _(" (gain {gain:.1f}, 95% band {low:.1f} to {high:.1f}, over the {n} students who took both)").format(
            gain=g["mean"], low=g["low"], high=g["high"], n=g["n"])
    text += _("; the middle chart shows each item's share correct and the right chart each misconception's wrong "
              "answers.")
    fig.evolab_description = text
    for ax in (left, middle, right):
        ax.title.set_fontsize(13)
        fit_words(ax)
    return fig


class ConceptTestPanel(_Panel):
    """For the teacher: an answer sheet from a path or an upload, scored and charted.
    ``lang``: its language, as the board's (by default ``EVOLAB_LANG``, then the system's locale)."""

    def __init__(self, path=None, lang=None):
        super().__init__(path, lang=lang)

    def _build(self, path):
        import ipywidgets as w
        self.path_box = w.Text(value="" if path is None else str(path), description=_("Answer sheet (CSV):"),
                               style={"description_width": "initial"}, layout=w.Layout(width="min(100%, 640px)"))
        self.upload = w.FileUpload(accept=".csv", multiple=False, description=_("Upload a CSV"),
                                   layout=w.Layout(width="auto"))
        self.button = w.Button(description=_("Score the class"), button_style="primary", layout=w.Layout(width="auto"))
        self.button.on_click(lambda _: self.show())
        self.status = w.HTML("")
        self.out = w.Output()
        self.widget = w.VBox([self.path_box, w.HBox([self.upload, self.button]), self.status, self.out])
        self.widget.add_class("evolab-concept-test")
        self.result = None

    @in_own_language
    def show(self):
        import matplotlib.pyplot as plt
        from IPython.display import Image
        from .. import concepttest
        from .plots import figure_png
        self.out.clear_output()
        try:
            if self.upload.value:
                f = self.upload.value[0]
                rows = concepttest.read(bytes(f["content"]), name=f["name"])
            else:
                rows = concepttest.read(self.path_box.value.strip())
        except concepttest.ConceptTestError as e:
            self.status.value = f"<b>{html.escape(str(e))}</b>"
            return None
        self.result = concepttest.score(rows)
        fig = concept_test_charts(self.result)
        self.out.append_display_data(Image(data=figure_png(fig), format="png"))
        plt.close(fig)
        self.out.append_stdout(_("Alt text: {text}").format(text=fig.evolab_description) + "\n")
        self.status.value = html.escape(_("{n} answer rows scored.").format(n=len(rows)))
        return self.result

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)


__all__ = ["class_groups", "download_link", "ExportPanel", "ClassPool", "concept_test_charts", "ConceptTestPanel"]

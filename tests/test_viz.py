"""Charts: the right number of lines, bars and patches, labels, ax=, CSV input, fixed colours, captions."""
from __future__ import annotations

import subprocess
import sys

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from evolab import run_batch, viz  # noqa: E402
from evolab.analysis import descent_tree, food_web  # noqa: E402
from evolab.events import Speciation, SpeciesExtinct  # noqa: E402
from evolab.palette import trait_colour  # noqa: E402


@pytest.fixture(scope="module")
def batch():
    return run_batch("origin", grid={"mutation_rate": [0.5, 1.0]}, reps=6, seed=3, bots="greedy", progress=False)


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def line_colours(ax):
    return {l.get_label(): matplotlib.colors.to_hex(l.get_color()) for l in ax.get_lines()}


def test_trait_frequencies_one_line_per_trait_with_bands(batch):
    ax = viz.trait_frequencies(batch.rows("traits"), traits=["carnivorous", "swimming", "fat_tissue"])
    assert [l.get_label() for l in ax.get_lines()] == ["Carnivorous", "Swimming", "Fat tissue"]
    assert len(ax.collections) == 3                       # one 95% band per trait (replicates exist)
    assert ax.get_xlabel() == "Turn" and "living animals" in ax.get_ylabel()
    assert "trait" in ax.get_title().lower()
    assert viz.describe(ax).startswith("Over 12 game(s): Carnivorous")


def test_charts_accept_ax(batch):
    fig, axes = plt.subplots(2, 3)
    calls = [
        (viz.trait_frequencies, (batch.rows("traits"),)),
        (viz.trait_area, (batch.rows("traits"),)),
        (viz.population, (batch.rows("seats"),)),
        (viz.predator_prey, (batch.rows("traits"), batch.rows("turns"))),
        (viz.deaths_by_cause, (batch.rows("turns"),)),
        (viz.sweep, (batch.rows("traits"),)),
    ]
    for (f, args), ax in zip(calls, axes.flat):
        kw = {"trait": "carnivorous"} if f is viz.sweep else {}
        assert f(*args, ax=ax, **kw) is ax
        assert ax.get_title() and viz.describe(ax)


def test_trait_area_layers(batch):
    ax = viz.trait_area(batch.rows("traits"), traits=["carnivorous", "swimming"])
    assert len(ax.collections) == 3                        # two traits and "Other traits"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Carnivorous", "Swimming", "Other traits"]


def test_population_one_line_per_seat(batch):
    ax = viz.population(batch.rows("seats"))
    assert [l.get_label() for l in ax.get_lines()] == ["Player 1", "Player 2"]


def test_predator_prey_has_food_axis(batch):
    ax = viz.predator_prey(batch.rows("traits"), batch.rows("turns"))
    assert [l.get_label() for l in ax.get_lines()] == ["Predators (Carnivorous)", "Other animals (prey)"]
    assert len(ax.food_axis.patches) == len(ax.get_lines()[0].get_xdata())   # a food bar per turn
    assert "Food bank" in ax.food_axis.get_ylabel()


def test_deaths_by_cause_stacked_bars(batch):
    rows = batch.rows("turns")
    ax = viz.deaths_by_cause(rows)
    causes = [t.get_text() for t in ax.get_legend().get_texts()]
    assert causes[0] == "Starved" and "Eaten" in causes
    turns = len({r["turn"] for r in rows if sum(1 for x in rows if x["turn"] == r["turn"]) >= 6})
    assert len(ax.patches) == turns * len(causes)


def test_extinction_timeline(batch):
    ax = viz.extinction_timeline(batch.rows("deaths"), batch.rows("extinctions"), game=0)
    n = sum(1 for r in batch.rows("deaths") if r["game"] == 0)
    assert viz.describe(ax).startswith(f"Game 0: {n} animals died")
    causes = {r["cause"] for r in batch.rows("deaths") if r["game"] == 0} | {"starved", "eaten"}
    order = ["starved", "eaten", "poisoned", "parasites", "horns"]
    assert [t.get_text() for t in ax.get_yticklabels()] == [c.capitalize() for c in order if c in causes]


def test_sweep_points_per_value(batch):
    ax = viz.sweep(batch.rows("traits"), x="mutation_rate", trait="fat_tissue")
    line = ax.get_lines()[0]                  # the mean line (error bar caps follow)
    assert list(line.get_xdata()) == [0.5, 1.0]
    assert ax.get_xlabel() == "Mutation rate"


def test_food_web_drawing(batch):
    g = food_web(batch.rows("attacks"))
    assert g.number_of_edges() > 0
    ax = viz.draw_food_web(g, top=10)
    assert len(ax.collections) >= 1 and "eating" in viz.describe(ax)


def test_descent_tree_builder_and_drawing():
    ev = [Speciation(0, -1, 1, 1, ("swimming",)), Speciation(0, 1, 2, 3, ("running",)),
          Speciation(0, 1, 3, 4, ()), Speciation(0, 2, 4, 6, ("camouflage",)), SpeciesExtinct(0, 3, 7)]
    t = descent_tree(ev)
    assert sorted(t.edges) == [(1, 2), (1, 3), (2, 4)]
    assert t.nodes[3]["fate"] == "extinct" and t.nodes[4]["founded"] == 6
    ax = viz.draw_descent_tree(t)
    assert "4 species" in viz.describe(ax)


def test_same_trait_same_colour_everywhere(batch):
    a = line_colours(viz.trait_frequencies(batch.rows("traits"), traits=["carnivorous", "swimming"]))
    b = viz.trait_area(batch.rows("traits"), traits=["swimming", "carnivorous"])
    area = {t.get_label(): matplotlib.colors.to_hex(t.get_facecolor()[0]) for t in b.collections}
    c = viz.sweep(batch.rows("traits"), trait="carnivorous")
    for trait, label in (("carnivorous", "Carnivorous"), ("swimming", "Swimming")):
        assert a[label] == area[label] == trait_colour(trait)
    assert matplotlib.colors.to_hex(c.get_lines()[0].get_color()) == trait_colour("carnivorous")
    pp = viz.predator_prey(batch.rows("traits"), batch.rows("turns"))
    assert matplotlib.colors.to_hex(pp.get_lines()[0].get_color()) == trait_colour("carnivorous")


def test_charts_from_cli_csv(tmp_path):
    """evolab simulate writes the CSV; the charts read it back."""
    csv = tmp_path / "traits.csv"
    turns = tmp_path / "turns.csv"
    for table, path in (("traits", csv), ("turns", turns)):
        subprocess.run([sys.executable, "-m", "evolab", "simulate", "--grid", "mutation_rate=0,1", "--reps", "3",
                        "--quiet", "--out", str(path), "--table", table], check=True, capture_output=True)
    ax = viz.trait_frequencies(str(csv), where={"mutation_rate": 1})
    assert ax.get_lines()
    ax = viz.sweep(csv, trait="fat_tissue")
    assert list(ax.get_lines()[0].get_xdata()) == [0, 1]
    assert viz.deaths_by_cause(turns).patches


def test_cli_plot_writes_png(tmp_path):
    out = tmp_path / "traits.png"
    r = subprocess.run([sys.executable, "-m", "evolab", "simulate", "--games", "10", "--plot", str(out), "--quiet"],
                       check=True, capture_output=True, text=True)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Over 10 game(s)" in r.stdout


def test_report_writes_png_and_pdf(batch, tmp_path):
    for name in ("r.png", "r.pdf"):
        caps = viz.report(batch, tmp_path / name)
        assert (tmp_path / name).stat().st_size > 10_000
        assert len(caps) == 6


def test_no_plotting_library_at_import():
    code = "import sys, evolab; import evolab.analysis; print(sorted(m for m in ('matplotlib', 'networkx', 'pandas', 'ipywidgets') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def _outside(fig) -> list:
    """The titles and axis labels of ``fig`` whose drawn box leaves the figure (after its layout is done)."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    inside = fig.bbox.padded(1)
    texts = [t for a in fig.axes for t in (a.title, a.xaxis.label, a.yaxis.label) if t.get_text()]
    return [t.get_text() for t in texts
            if not (inside.contains(*t.get_window_extent(renderer).p0) and
                    inside.contains(*t.get_window_extent(renderer).p1))]


def test_every_charts_words_stay_inside_the_figure_in_a_longer_language(batch):
    """Each chart drawn in a language a third longer than English (in Cyrillic letters, as Russian is): its
    title and axis labels are wrapped at word boundaries, and their drawn boxes lie inside the figure."""
    from i18n_support import LONG, long_translations

    from evolab import i18n
    i18n.register(LONG, long_translations())
    try:
        charts = [viz.trait_frequencies(batch.rows("traits"), lang=LONG),
                  viz.trait_area(batch.rows("traits"), lang=LONG),
                  viz.population(batch.rows("seats"), lang=LONG),
                  viz.predator_prey(batch.rows("traits"), batch.rows("turns"), lang=LONG),
                  viz.deaths_by_cause(batch.rows("turns"), lang=LONG),
                  viz.extinction_timeline(batch.rows("deaths"), batch.rows("extinctions"), game=0, lang=LONG),
                  viz.sweep(batch.rows("traits"), x="mutation_rate", trait="fat_tissue", lang=LONG),
                  viz.draw_food_web(food_web(batch.rows("attacks")), top=10, lang=LONG)]
        assert sum("\n" in ax.get_title() for ax in charts) >= 4             # the long ones were wrapped
        for ax in charts:
            assert "\u0430" in ax.get_title()                                  # translated
            assert _outside(ax.figure) == [], ax.get_title()
            assert all(not line.startswith(" ") and not line.endswith(" ") for line in ax.get_title().split("\n"))
    finally:
        i18n.register(LONG, None)


def test_wrapping_breaks_between_words_or_between_chinese_characters():
    """Words are never cut (one longer than the line stays whole); Chinese breaks between any two characters,
    with its punctuation kept on the line before."""
    from evolab.viz.plots import _wrap
    assert _wrap("aaa bbb ccc ddd eee", 7, len) == "aaa bbb\nccc ddd\neee"
    assert _wrap("tiny enormousword x", 6, len) == "tiny\nenormousword\nx"
    assert _wrap("\u8acb\u554f\u9019\uff0c\u662f\u4ec0\u9ebc", 3, len) == "\u8acb\u554f\n\u9019\uff0c\u662f\n\u4ec0\u9ebc"
    assert _wrap("line one\nline two", 100, len) == "line one\nline two"

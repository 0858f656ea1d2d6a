"""What the lessons' claims rest on: survival of a trait's carriers against the other animals of the same turns, with
95% intervals over games (``evolab.analysis.survival``); the words a notebook uses for an interval
(``evolab.viz.lesson``); and the charts the lessons draw, which must not mislead (a one-game chart called a mean, a
legend over the data, labels over the nodes, a descent tree with doubled daggers or nodes between turns)."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
pytest.importorskip("networkx")

from evolab import Match, Tracker, load_ruleset  # noqa: E402
from evolab.analysis import descent_tree, food_web  # noqa: E402
from evolab.analysis.survival import paired_difference, pooled_share, share_difference, trait_survival  # noqa: E402
from evolab.bots import GreedyBot, RandomBot  # noqa: E402
from evolab.events import Speciation, SpeciesExtinct, TraitGained, TraitLost  # noqa: E402
from evolab.viz import draw_descent_tree, draw_food_web, predator_prey  # noqa: E402
from evolab.viz.lesson import band, of, pct, points, verdict  # noqa: E402

from browser_support import lab_server, notebook_dir, page  # noqa: E402,F401  (fixtures)

ROOT = Path(__file__).resolve().parents[1]


def turn(game, t, alive, deaths, **params):
    return {"game": game, "seed": game, "turn": t, "alive": alive, "deaths": deaths, **params}


def carriers(game, t, trait, at_feeding, survived, **params):
    return {"game": game, "seed": game, "turn": t, "trait": trait, "animals": survived, "at_feeding": at_feeding,
            "survived": survived, "alive": 0, "frequency": 0.0, **params}


# ---- trait_survival: exact counts, shares and intervals -------------------------------------------------
def test_trait_survival_counts_carriers_others_and_everyone_of_the_same_turns():
    # game 0: turn 1 has 10 animals at feeding (6 survive), 4 of them carriers (3 survive); turn 2: 8 (4), 2 (2)
    # game 1: turn 1 has 6 animals (3 survive), 2 of them carriers (1 survives)
    turns = [turn(0, 1, 6, 4, world="a"), turn(0, 2, 4, 4, world="a"), turn(1, 1, 3, 3, world="a")]
    traits = [carriers(0, 1, "running", 4, 3, world="a"), carriers(0, 2, "running", 2, 2, world="a"),
              carriers(1, 1, "running", 2, 1, world="a")]
    (r,) = trait_survival(traits, turns, "running")
    assert r["world"] == "a" and r["games"] == 2
    assert (r["carriers_survived"], r["carriers_faced"]) == (6, 8)
    assert (r["others_survived"], r["others_faced"]) == (7, 16)
    assert (r["all_survived"], r["all_faced"]) == (13, 24)
    assert r["carrier_survival"] == pytest.approx(6 / 8) and r["other_survival"] == pytest.approx(7 / 16)
    assert r["difference"] == pytest.approx(6 / 8 - 7 / 16)
    assert r["carrier_low"] < r["carrier_survival"] < r["carrier_high"]
    # turns=[2]: only the second turn of game 0 (and game 1, which had no turn 2, counts as an empty game)
    (r2,) = trait_survival(traits, turns, "running", turns=[2])
    assert (r2["carriers_survived"], r2["carriers_faced"], r2["all_faced"]) == (2, 2, 8)


def test_trait_survival_keeps_conditions_apart_and_reports_an_absent_trait_as_none():
    turns = [turn(g, 1, 5, 5, food_multiplier=f) for g, f in ((0, 0.5), (1, 0.5), (2, 1.0), (3, 1.0))]
    traits = [carriers(g, 1, "large", 2, 1, food_multiplier=f) for g, f in ((0, 0.5), (1, 0.5))]
    rows = {(r["food_multiplier"], r["trait"]): r for r in trait_survival(traits, turns, ["large", "swimming"])}
    assert rows[0.5, "large"]["carriers_faced"] == 4 and rows[1.0, "large"]["carriers_faced"] == 0
    assert rows[1.0, "large"]["carrier_survival"] is None and rows[1.0, "large"]["difference"] is None
    assert rows[0.5, "swimming"]["carrier_survival"] is None
    assert rows[1.0, "swimming"]["all_faced"] == 20


def test_intervals_count_games_not_animals():
    """Doubling the animals of every game leaves a game-level interval as wide; doubling the games narrows it."""
    pairs = [(3, 10), (7, 10), (5, 10), (6, 10), (2, 10)]
    share, low, high = pooled_share(pairs)
    assert share == pytest.approx(23 / 50)
    bigger = pooled_share([(2 * y, 2 * x) for y, x in pairs])
    assert bigger[2] - bigger[1] == pytest.approx(high - low)
    more = pooled_share(pairs * 4)
    assert more[2] - more[1] < 0.6 * (high - low)
    assert pooled_share([(0, 0), (0, 0)]) == (None, None, None)


def test_differences_paired_and_between_conditions():
    a = [(8, 10), (9, 10), (7, 10), (8, 10)]
    b = [(5, 10), (6, 10), (4, 10), (6, 10)]          # the gaps differ between games, so the band has a width
    d, lo, hi = paired_difference(a, b)
    assert d == pytest.approx(0.275) and 0 < lo < d < hi
    d2, lo2, hi2 = share_difference(a, b)
    assert d2 == pytest.approx(0.275) and 0 < lo2 < d2 < hi2
    same = share_difference(a, a)
    assert same[0] == 0 and same[1] < 0 < same[2]


def test_trait_survival_on_real_games_matches_the_tracker_counts():
    from evolab import run_batch
    batch = run_batch("origin", grid={"no_carnivores": [False]}, reps=6, seed=3, bots="greedy", players=2,
                      progress=False, tables=("turns", "traits"))
    (r,) = trait_survival(batch.rows("traits"), batch.rows("turns"), "carnivorous")
    assert r["carriers_faced"] == sum(x["at_feeding"] for x in batch.rows("traits") if x["trait"] == "carnivorous")
    assert r["all_survived"] == sum(x["alive"] for x in batch.rows("turns"))
    assert r["carriers_survived"] + r["others_survived"] == r["all_survived"]
    assert r["games"] == 6


# ---- the words for an interval ---------------------------------------------------------------------------
def test_lesson_words_follow_the_interval():
    assert verdict(0.01, 0.2) == "clearly higher" and verdict(-0.3, -0.01) == "clearly lower"
    assert verdict(-0.01, 0.2) == "no clear difference"
    assert points(0.08, -0.004, 0.16) == "+8 points (95% band -0.4 to +16)"      # never '-0'
    assert band(0.573, -0.01, 0.6) == "57% (95% band 0% to 60%)"
    assert pct(42, 60) == "42 of 60 (70%)" and of(42, 60, 0.7, 0.61, 0.78) == "42 of 60: 70% (95% band 61% to 78%)"


# ---- charts that must not mislead ----------------------------------------------------------------------
def one_game():
    tracker = Tracker()
    Match(load_ruleset("origin", players=2), seats=[GreedyBot(), RandomBot()], seed=1, observers=[tracker]).play_out()
    return tracker.rows("traits"), tracker.rows("turns")


def test_predator_prey_of_one_game_is_not_a_mean_and_reads_no_lag():
    import matplotlib.pyplot as plt
    ax = predator_prey(*one_game())
    assert "mean" not in ax.get_ylabel().lower()
    caption = ax.evolab_description
    assert caption.startswith("One game") and "no pattern" in caption and "after prey" not in caption
    plt.close(ax.figure)


def test_predator_prey_legend_sits_below_the_plot():
    import matplotlib.pyplot as plt
    ax = predator_prey(*one_game())
    fig = ax.figure
    fig.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    plot = ax.get_window_extent()
    assert legend.y1 <= plot.y0 + 1, "the legend covers the plotted lines"
    plt.close(fig)


def test_food_web_labels_sit_beside_their_circles():
    import matplotlib.pyplot as plt
    tracker = Tracker()
    Match(load_ruleset("origin", players=3), seats=[RandomBot(), RandomBot(), RandomBot()], seed=2,
          observers=[tracker]).play_out()
    web = food_web(tracker.rows("attacks"))
    ax = draw_food_web(web)
    fig = ax.figure
    fig.canvas.draw()
    circles = ax.collections[-1].get_offsets()                        # the nodes' centres (data coordinates)
    centres = [ax.transData.transform(c) for c in circles]
    labels = [t for t in ax.texts if t.get_text()]
    assert len(labels) == web.number_of_nodes()
    for t in labels:
        box = t.get_window_extent()
        covered = [c for c in centres if box.x0 < c[0] < box.x1 and box.y0 < c[1] < box.y1]
        assert not covered, f"the label {t.get_text()!r} is printed over a node"
    plt.close(fig)


def family_events():
    """Species 1 (from the start) gains Swimming and splits twice in turn 3 (daughters 2 and 3; 3 dies in turn 4);
    daughter 2, founded with Swimming, gains Running in turn 4 and splits in turn 5 (granddaughter 4)."""
    return [Speciation(0, -1, 1, 0, ()), TraitGained(0, 1, "swimming", "swimming"),
            Speciation(0, 1, 2, 3, ("swimming",)), Speciation(0, 1, 3, 3, ("swimming",)),
            TraitGained(0, 2, "running", "running"), SpeciesExtinct(0, 3, 4),
            Speciation(0, 2, 4, 5, ("running", "swimming")), TraitLost(0, 1, "swimming")]


def test_descent_tree_records_traits_gained_and_lost_after_founding():
    tree = descent_tree(family_events())
    assert tree.nodes[1]["gained"] == ["swimming"] and tree.nodes[1]["lost"] == ["swimming"]
    assert tree.nodes[2]["traits"] == ["swimming"] and tree.nodes[2]["gained"] == ["running"]
    assert tree.nodes[4]["gained"] == [] and tree.nodes[3]["fate"] == "extinct"


def test_descent_tree_drawing_whole_turns_one_dagger_traits_and_nothing_clipped():
    import matplotlib.pyplot as plt
    tree = descent_tree(family_events())
    ax = draw_descent_tree(tree, end=6)
    fig = ax.figure
    fig.canvas.draw()
    labels = {t.get_text().split(":")[0]: t for t in ax.texts}
    assert set(labels) == {"1", "2", "3 †", "4"}, sorted(labels)       # the dagger once, only on the extinct one
    assert all(t.get_text().count("†") <= 1 for t in ax.texts)
    assert labels["2"].get_text() == "2: Swimming +Running" and labels["1"].get_text() == "1: - +Swimming -Swimming"
    # every species' circle sits on a whole turn: its founding turn
    founded = {1: 0, 2: 3, 3: 3, 4: 5}
    circles = [line for line in ax.get_lines() if line.get_marker() == "o"]
    assert sorted(float(line.get_xdata()[0]) for line in circles) == sorted(founded.values())
    assert all(float(x).is_integer() for x in ax.get_xticks() if ax.get_xlim()[0] <= x <= ax.get_xlim()[1])
    # no label runs past the axes (clipped) and none overlaps another
    plot = ax.get_window_extent()
    boxes = [t.get_window_extent() for t in ax.texts]
    assert all(b.x1 <= plot.x1 + 1 for b in boxes), "a label runs off the chart"
    for i, b in enumerate(boxes):
        for c in boxes[i + 1:]:
            assert not b.overlaps(c), "two labels overlap"
    plt.close(fig)


# ---- notebooks read as text: code hidden, each bar says what it hides ------------------------------------
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks").glob("[a-z]*/*.ipynb"))


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.relative_to(ROOT / "notebooks").with_suffix("").as_posix())
def test_code_cells_are_hidden_and_say_what_they_do(nb):
    """JupyterLab 4 collapses a code cell whose metadata has ``jupyter.source_hidden`` and shows only its first
    line: so every code cell is hidden, and its first line is a comment that tells a student what it does."""
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    code = [c for c in cells if c["cell_type"] == "code"]
    assert code
    for c in code:
        src = "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        assert c.get("metadata", {}).get("jupyter", {}).get("source_hidden") is True, f"{nb.name}: {src[:60]!r}"
        assert src.lstrip().startswith("# "), f"{nb.name}: a hidden cell should start with a comment: {src[:60]!r}"


def test_lessons_take_predictions_before_their_experiments():
    """Every lesson notebook asks at least one prediction with the widget before a run reveals its result."""
    for nb in NOTEBOOKS:
        if not re.match(r"^0[1-9]", nb.name):
            continue
        text = "\n".join("".join(c["source"]) for c in json.loads(nb.read_text(encoding="utf-8"))["cells"]
                         if c["cell_type"] == "code")
        asked = re.findall(r"(\w+) = Prediction\(", text)
        assert asked, f"{nb.name} asks no prediction"
        for name in asked:
            assert text.index(f"{name} = Prediction(") < text.index(f"{name}.reveal("), f"{nb.name}: {name}"


@pytest.mark.browser
def test_jupyterlab_shows_a_hidden_code_cell_as_its_first_line(lab_server, page):
    """JupyterLab 4 honours ``source_hidden``: the code editor is not shown, only a bar with the cell's first line
    (the comment saying what it does); a click on the bar opens the code."""
    base, token = lab_server
    page.goto(f"{base}/lab/tree/01b_food_and_fitness.ipynb?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=60_000)
    # the cells are drawn before their stored metadata collapses them: wait until the first one is collapsed
    page.wait_for_selector(".jp-Notebook .jp-CodeCell .jp-InputPlaceholder", timeout=30_000)
    seen = 0
    for _ in range(6):                                       # JupyterLab draws the cells near the view: scroll
        cells = page.locator(".jp-Notebook .jp-CodeCell")
        for i in range(cells.count()):
            cell = cells.nth(i)
            assert cell.locator(".jp-InputPlaceholder").count() == 1, f"a code cell is not collapsed"
            assert not cell.locator(".cm-editor").first.is_visible(), f"a code cell shows its code"
            seen += 1
        page.mouse.move(700, 500)
        page.mouse.wheel(0, 2500)
        page.wait_for_timeout(300)
    assert seen >= 4
    page.mouse.wheel(0, -100_000)
    page.wait_for_timeout(300)
    cells = page.locator(".jp-Notebook .jp-CodeCell")
    bar = cells.first.locator(".jp-InputPlaceholder")
    assert "Load the kit (click the bar to see the code)" in bar.inner_text()
    bar.click()                                             # the curious can open it
    page.wait_for_function("document.querySelector('.jp-Notebook .jp-CodeCell .cm-editor')?.offsetParent != null",
                           timeout=10_000)

"""The board's live chart as SVG: the same data and caption as the matplotlib chart, palette colours, no matplotlib."""
from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from evolab import Match, Tracker, load_ruleset
from evolab.bots import GreedyBot
from evolab.palette import pretty, trait_style
from evolab.viz.svgchart import BOTTOM, DASHES, TOP, trait_frequencies_svg

SVG = "{http://www.w3.org/2000/svg}"


def _rows(turn, shares):
    return [{"game": 0, "seed": 1, "turn": turn, "trait": t, "animals": 0, "frequency": f} for t, f in shares.items()]


def test_lines_points_and_caption_follow_the_rows():
    rows = (_rows(1, {"carnivorous": 0.0, "swimming": 0.5, "grazing": 0.0})
            + _rows(2, {"carnivorous": 0.25, "swimming": 1.0, "grazing": 0.0})
            + _rows(3, {"carnivorous": 0.5, "swimming": 0.75, "grazing": 0.0}))
    chart = trait_frequencies_svg(rows, title="This game")
    root = ET.fromstring(chart.svg)                       # well-formed SVG
    groups = {g.get("data-trait"): g for g in root.iter(f"{SVG}g")}
    assert list(groups) == ["swimming", "carnivorous"]    # highest peak first; a trait never carried is left out
    swim = groups["swimming"].find(f"{SVG}polyline")
    colour, style, _ = trait_style("swimming")
    assert swim.get("stroke") == colour
    ys = [float(p.split(",")[1]) for p in swim.get("points").split()]
    assert ys == [pytest.approx(BOTTOM - 0.5 * (BOTTOM - TOP)), pytest.approx(TOP), pytest.approx(BOTTOM - 0.75 * (BOTTOM - TOP))]
    carn = groups["carnivorous"].find(f"{SVG}polyline")
    assert carn.get("stroke") == trait_style("carnivorous")[0]
    assert (carn.get("stroke-dasharray") or "") == DASHES[trait_style("carnivorous")[1]]
    text = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "This game" in text and pretty("swimming") in text and "100%" in text and "Turn" in text
    assert chart.caption == ("Over 1 game(s): Swimming rose from 50% to 75% of living animals between turn 1 and "
                             "turn 3 (highest 100% at turn 2); Carnivorous rose from 0% to 50% of living animals "
                             "between turn 1 and turn 3 (highest 50% at turn 3).")
    assert root.get("role") == "img" and root.get("aria-label") == chart.caption
    assert root.find(f"{SVG}desc").text == chart.caption
    assert chart.caption in chart.html() and chart._repr_html_() == chart.html()


def test_same_information_as_the_matplotlib_chart():
    """On a real game's rows the SVG names the traits the matplotlib chart draws, with the same caption."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from evolab.viz import describe, trait_frequencies
    m = Match(load_ruleset("origin", players=3), seats=[GreedyBot(), GreedyBot(), GreedyBot()], seed=4)
    tracker = Tracker()
    tracker.start(m)
    m.observers.append(tracker)
    m.play_out()
    rows = tracker.rows("traits")
    fig, ax = plt.subplots()
    trait_frequencies(rows, ax=ax, band=False, min_share=0)
    plt.close(fig)
    chart = trait_frequencies_svg(rows)
    drawn = [g.get("data-trait") for g in ET.fromstring(chart.svg).iter(f"{SVG}g")]
    assert [pretty(t) for t in drawn] == [line.get_label() for line in ax.get_lines()]
    assert chart.caption == describe(ax)


def test_an_empty_table_says_so():
    chart = trait_frequencies_svg(_rows(1, {"carnivorous": 0.0}))
    assert "No living animal carries a trait yet" in chart.svg
    assert chart.caption.startswith("No trait was carried")


def test_the_board_draws_its_chart_without_matplotlib():
    """A whole game on the board with its live chart never imports matplotlib (it runs offline in the browser)."""
    pytest.importorskip("ipywidgets")
    code = ("import sys\nfrom evolab.viz import GameBoard\nb = GameBoard('origin', seat=0, seed=3)\n"
            "while not b.match.is_over():\n    b.do(b.match.legal_actions()[0])\n"
            "assert '<svg' in b.chart.value and b.chart_description\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'numpy', 'pandas')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

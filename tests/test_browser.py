"""A real browser: JupyterLab 4 runs the play and lab notebooks, a person clicks, and Voila renders the board."""
from __future__ import annotations

import re

import pytest

from browser_support import ARTIFACTS, lab_server, notebook_dir, open_and_run_all, page, voila_server  # noqa: F401

pytestmark = pytest.mark.browser


def board_text(page):
    return page.locator(".evolab-board").first.inner_text()


def click_button(page, text):
    page.locator(".evolab-board button.jupyter-button", has_text=text).first.click()


def serious(errors):
    """Console errors, less the browser's own complaints about resources it may not fetch offline."""
    return [e for e in errors if "Failed to load resource" not in e and "net::ERR" not in e]


def open_panel(page):
    """play.ipynb shows the table of cards; its list of buttons (what these tests click) is one click away."""
    if page.locator(".evolab-board .evolab-actions").first.is_hidden():
        page.locator(".evolab-board .jupyter-widget-Collapse-header").first.click()
    page.wait_for_selector(".evolab-board .evolab-actions button.jupyter-button", timeout=30_000)


FOCUS_IN_PANEL = "document.activeElement && document.activeElement.closest('.evolab-actions') !== null"


def focus_ring(page):
    """(outline style, outline width in px) of the element that has keyboard focus."""
    return page.evaluate("(() => { const s = getComputedStyle(document.activeElement);"
                         " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()")


def cut_off(page):
    """Visible buttons and tab labels of the board whose text does not fit (shown as "Ne...")."""
    return page.evaluate("""[...document.querySelectorAll('.evolab-board button, .evolab-board .lm-TabBar-tabLabel')]
        .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)""")


def test_play_notebook_in_jupyterlab(lab_server, page):
    base, token = lab_server
    open_and_run_all(page, base, token, "play.ipynb")
    page.wait_for_selector(".evolab-board button.jupyter-button", timeout=90_000)
    open_panel(page)
    first = board_text(page)
    assert "Turn 1" in first and "Development" in first
    assert not cut_off(page), cut_off(page)
    # a full development phase: play a card as a new animal, then pass
    row = page.locator(".evolab-board .widget-hbox", has_text="Play a card as a new animal").first
    row.locator("button").last.click()
    page.wait_for_function("document.querySelector('.evolab-board').innerText.includes('You played a new animal')",
                           timeout=30_000)
    assert re.search(r"#\d+", board_text(page))
    # after the click, keyboard focus is back on the action panel (not on the page), with a visible ring
    page.wait_for_function(FOCUS_IN_PANEL, timeout=10_000)
    style, width = focus_ring(page)
    assert style == "solid" and width >= 2, (style, width)
    # ... so the keyboard alone plays on: Tab to the list, Tab to its "Do it", Enter
    played = board_text(page).count("You played a new animal")
    if "Play a card as a new animal" in board_text(page):
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.innerText") == "Do it"
        style, width = focus_ring(page)
        assert style == "solid" and width >= 2, (style, width)
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.querySelector('.evolab-board').innerText"
                               f".split('You played a new animal').length - 1 > {played}", timeout=30_000)
        page.wait_for_function(FOCUS_IN_PANEL, timeout=10_000)
    click_button(page, "Pass (play no more cards this turn)")
    # the bots play on: feeding, or (when the greedy bot ate your only animal) the next turn, or the end
    page.wait_for_function("!document.querySelector('.evolab-board').innerText.includes('Development (play cards)')"
                           " || document.querySelector('.evolab-board').innerText.includes('Turn 2')"
                           " || document.querySelector('.evolab-board').innerText.includes('Game over')",
                           timeout=30_000)
    text = board_text(page)
    assert "Feeding" in text or "Game over" in text or "Turn 2" in text
    # one feeding action: take food if offered, else end the move
    if "Take food" in text:
        before = text.count("took 1 red food")
        row = page.locator(".evolab-board .widget-hbox", has_text="Take food").first
        row.locator("button").last.click()
        page.wait_for_function(f"document.querySelector('.evolab-board').innerText.split('took 1 red food').length - 1 > {before}",
                               timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "jupyterlab-gameboard.png"), full_page=True)
    assert not serious(page.console_errors), page.console_errors


def test_lab_notebook_in_jupyterlab(lab_server, page):
    base, token = lab_server
    open_and_run_all(page, base, token, "lab.ipynb")
    page.wait_for_selector(".evolab-lab button.jupyter-button", timeout=90_000)
    page.locator(".evolab-lab button.jupyter-button", has_text="Run the experiment").click()
    page.wait_for_function(
        "[...document.querySelectorAll('.evolab-lab img')].some(i => i.naturalWidth > 100)"
        " && document.querySelector('.evolab-lab').innerText.includes('games in')", timeout=90_000)
    text = page.locator(".evolab-lab").first.inner_text()
    assert "Download the trait rows as CSV" in text
    page.screenshot(path=str(ARTIFACTS / "jupyterlab-lab.png"), full_page=True)
    assert not serious(page.console_errors), page.console_errors


def test_play_notebook_in_voila(voila_server, page):
    page.goto(voila_server)
    page.wait_for_selector(".evolab-board button.jupyter-button", timeout=90_000)
    open_panel(page)
    assert "Turn 1" in board_text(page)
    text = page.locator("body").inner_text()
    assert "Choose your moves with the buttons" in text and "Run the cell below" not in text
    row = page.locator(".evolab-board .widget-hbox", has_text="Play a card as a new animal").first
    row.locator("button").last.click()
    page.wait_for_function("document.querySelector('.evolab-board').innerText.includes('You played a new animal')",
                           timeout=30_000)
    page.screenshot(path=str(ARTIFACTS / "voila-gameboard.png"), full_page=True)
    assert not serious(page.console_errors), page.console_errors

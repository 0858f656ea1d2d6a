"""The card table in a real browser (Debian Chromium, JupyterLab 4 and Voila): a whole game of each edition
played by clicking cards (not the button panel), one by keyboard only, illegal clicks answered with the
rule, an axe-core audit with no serious or critical violation, and the browser's click-to-repaint times.

One JupyterLab server and one browser serve every test here (module fixtures), to keep CI time small.
Screenshots of each edition's table (start, mid-game, an attack, the end) go to ``artifacts/``.
"""
from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

import pytest
from browser_support import (ARGS, ARTIFACTS, CHROMIUM, _env, _need_browser, click_one, free_port, notebook, offered,
                             open_table, settle, start, start_jupyterlab, stop, wait_http, watched)

pytestmark = pytest.mark.browser

AXE_VERSION = "4.10"
EDITIONS = {"origin": "seed=1", "random_mutations": "seed=2", "northstar": "seed=1"}
CELL = ("from evolab.viz.table import CardBoard\n"
        "board = CardBoard({rid!r}, seat=0, {args}, players=2)\n"
        "board")


@pytest.fixture(scope="module")
def table_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("tables")
    for rid, args in EDITIONS.items():
        (d / f"table_{rid}.ipynb").write_text(notebook(CELL.format(rid=rid, args=args)))
    (d / "table_keyboard.ipynb").write_text(notebook(CELL.format(rid="origin", args="seed=4, animate=False")))
    (d / "table_heredity.ipynb").write_text(notebook(
        "from evolab.viz.table import CardBoard\n"
        "board = CardBoard('origin', seat=0, seed=2, players=2, options={'heredity': True, 'generations': 2})\n"
        "board"))
    return d


@pytest.fixture(scope="module")
def lab(table_dir, tmp_path_factory):
    _need_browser()
    tmp = tmp_path_factory.mktemp("lab")
    port, token = free_port(), "evolabtable"
    proc = start_jupyterlab(table_dir, tmp, port, token)
    try:
        yield f"http://127.0.0.1:{port}", token
    finally:
        stop(proc)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    _need_browser()
    from playwright.sync_api import sync_playwright
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM,
                                                   headless=True, args=ARGS, viewport={"width": 1600, "height": 2200})
        try:
            yield ctx
        finally:
            ctx.close()


@pytest.fixture
def page(browser):
    pg = watched(browser.new_page())
    try:
        yield pg
    finally:
        pg.close()


@pytest.fixture(scope="module")
def axe_script(tmp_path_factory):
    """axe-core's script, from npm's registry (kept in ~/.cache/evolab-axe; never in the repository)."""
    cache = Path(os.environ.get("EVOLAB_AXE_DIR", Path.home() / ".cache" / "evolab-axe"))
    script = cache / "node_modules" / "axe-core" / "axe.min.js"
    if not script.exists():
        npm = shutil.which("npm")
        why = None
        if npm is None:
            why = "npm is not installed (apt-get install nodejs npm): axe-core comes from npm's registry"
        else:
            cache.mkdir(parents=True, exist_ok=True)
            done = subprocess.run([npm, "install", "--prefix", str(cache), "--no-audit", "--no-fund",
                                   "--loglevel=error", f"axe-core@{AXE_VERSION}"],
                                  capture_output=True, text=True, timeout=300)
            if done.returncode or not script.exists():
                why = ("axe-core could not be installed from npm (is npm's registry reachable?): "
                       + (done.stderr or done.stdout)[-1500:])
        if why:
            if os.environ.get("CI"):
                pytest.fail(why)
            pytest.skip(why)
    return script


# ---- helpers ---------------------------------------------------------------------------------------------
OVER = "document.querySelector('.evolab-table .et-prompt')?.innerText === 'The game is over.'"
#: What the table offers now, in one round trip.
clickable = offered


def board_text(page):
    return page.locator(".evolab-cardboard").first.inner_text()


def shot(page, name):
    page.locator(".evolab-cardboard").first.screenshot(path=str(ARTIFACTS / f"table-{name}.png"),
                                                      animations="disabled")


def serious(errors):
    return [e for e in errors if "Failed to load resource" not in e and "net::ERR" not in e]


def repaint_times(page):
    return page.evaluate("window.__evolabRepaints || []")


def play_by_clicking(page, name, max_steps=900, probe=None):
    """Clicks cards until the game ends: a lit target if there is one, else a button on a card, and every
    third decision (or when nothing else is offered) a button in the centre (pass, end the move)."""
    shot(page, f"{name}-start")
    page.evaluate("""window.__evolabRepaints = [];
        new MutationObserver(() => { const t = document.querySelector('.evolab-table');
          if (t && t.dataset.repaintMs && t.dataset.repaintMs !== window.__lastRepaint) {
            window.__lastRepaint = t.dataset.repaintMs;
            window.__evolabRepaints.push([+t.dataset.repaintMs, +t.dataset.drawMs]); } })
        .observe(document.querySelector('.evolab-table'), {attributes: true});""")
    attack_shot = mid_shot = False
    decisions = 0
    c = clickable(page)
    for step in range(max_steps):
        if c["over"]:
            break
        if probe and decisions >= 8 and page.locator(
                ".evolab-table .et-others .et-face[data-target^='animal:']:not(.is-lit)").count():
            (ARTIFACTS / f"table-{name}-illegal.txt").write_text(probe(page))
            shot(page, f"{name}-illegal-click")
            probe, c = None, clickable(page)
        if not click_one(page, c, step):
            pytest.fail(f"nothing to click and the game is not over: {c['prompt']}")
        settle(page)
        before, c = c, clickable(page)
        if c["seq"] != before["seq"]:
            decisions += 1
            # an attack on the table: its badges (under attack, has attacked), else its animation (North Star)
            if attack_shot != "badge" and (c["attacks"] or (c["attack_fx"] and not attack_shot)):
                shot(page, f"{name}-attack")
                attack_shot = "badge" if c["attacks"] else "animation"
            if not mid_shot and decisions == 25:
                shot(page, f"{name}-mid")
                mid_shot = True
    assert page.evaluate(OVER), f"{name}: not over after {max_steps} clicks"
    assert probe is None, "no other player's animal to click on in the whole game"
    assert "Game over" in board_text(page)
    shot(page, f"{name}-end")
    return decisions, attack_shot


# ---- the tests --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("rid", list(EDITIONS))
def test_a_whole_game_by_clicking_cards(lab, page, rid):
    base, token = lab
    open_table(page, base, token, f"table_{rid}.ipynb")
    # the button panel is there, closed: the game below is played on the cards only
    assert page.locator(".evolab-cardboard .evolab-actions").first.is_hidden()
    cut = page.evaluate("""[...document.querySelectorAll('.evolab-table button')]
        .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)""")
    assert not cut, f"text that does not fit its card: {cut}"
    probe = illegal_click_says_why if rid == "origin" else None
    decisions, attacked = play_by_clicking(page, rid, probe=probe)
    assert decisions >= 5
    pairs = repaint_times(page)
    assert pairs, "the browser reported no click-to-repaint time"
    times, draws = [p[0] for p in pairs], [p[1] for p in pairs]
    (ARTIFACTS / f"table-{rid}-repaint.json").write_text(json.dumps(
        {"clicks": len(times), "median_ms": statistics.median(times),
         "p90_ms": sorted(times)[int(0.9 * (len(times) - 1))],
         "draw_median_ms": statistics.median(draws), "draw_p90_ms": sorted(draws)[int(0.9 * (len(draws) - 1))],
         "attack_screenshot": attacked}))
    assert not serious(page.console_errors), page.console_errors


def illegal_click_says_why(page):
    """A click on another player's animal (no target now): the engine's rule in one line, nothing changes;
    a hand card lights up where it may go, and Escape takes the choice back."""
    table = page.locator(".evolab-table")
    seq = clickable(page)["seq"]
    table.locator(".et-others .et-face[data-target^='animal:']:not(.is-lit)").first.click()
    page.wait_for_function("document.querySelector('.evolab-table .et-notice').innerText.length > 0",
                           timeout=10_000)
    notice = table.locator(".et-notice").inner_text()
    assert notice.startswith("Not allowed: ") and len(notice) > len("Not allowed: ") + 5, notice
    assert clickable(page)["seq"] == seq
    if table.locator(".et-handcard").count():
        table.locator(".et-handcard").first.click()
        assert table.locator(".is-selected").count() == 1 and table.locator(".is-lit").count() >= 1
        page.keyboard.press("Escape")
        assert table.locator(".is-selected").count() == 0
        assert table.locator(".et-notice").inner_text() == "Choice cancelled."
    return notice


FOCUSED = """(() => { const e = document.activeElement;
    if (!document.querySelector('.evolab-table').contains(e)) return 'outside';
    return e.dataset.target || (e.dataset.move !== undefined ? 'move:' + e.dataset.move : ''); })()"""


def test_a_whole_game_by_keyboard_only(lab, page):
    base, token = lab
    open_table(page, base, token, "table_keyboard.ipynb")
    table = page.locator(".evolab-table")
    table.locator(".et-tool").first.focus()           # the one step a keyboard user takes with Tab from the page
    rings = []
    for step in range(1500):
        c = clickable(page)
        if c["over"]:
            break
        want = set(c["lit"]) | {f"move:{m}" for m in c["cards"] + c["centre"]}
        finish = {f"move:{m}" for m in c["centre"]}
        # Tab on (Shift+Tab back at the end) to a place that lights up or a move's button, then Enter
        target_pool = (finish if step % 3 == 2 and finish else want - finish or want)
        key = "Tab"
        for _ in range(300):
            here = page.evaluate(FOCUSED)
            if here in target_pool:
                break
            if here == "outside":                            # Tab went past the table's end: come back
                key = "Shift+Tab" if key == "Tab" else "Tab"
            page.keyboard.press(key)
        else:
            pytest.fail(f"Tab never reached a move: {c}")
        rings.append(page.evaluate("(() => { const s = getComputedStyle(document.activeElement);"
                                   " return [s.outlineStyle, parseFloat(s.outlineWidth)]; })()"))
        page.keyboard.press("Enter")
        settle(page)
    assert page.evaluate(OVER), "the keyboard game did not end"
    assert all(style == "solid" and width >= 3 for style, width in rings), set(map(tuple, rings))
    shot(page, "keyboard-end")
    assert not serious(page.console_errors), page.console_errors


def test_heredity_variant_and_projector_size(lab, page):
    base, token = lab
    open_table(page, base, token, "table_heredity.ipynb")
    text = board_text(page)
    assert "Generation 1 of 2" in text
    page.locator(".evolab-table .et-tool", has_text="Projector size").click()
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.evolab-table')).fontSize)")
    assert size >= 20
    shot(page, "heredity-start-projector")
    page.locator(".evolab-table .et-tool", has_text="Projector size").click()
    play_by_clicking(page, "heredity", max_steps=1500)
    assert page.locator(".evolab-table .et-hand-area").count() == 0      # the variant's players hold no cards


def _axe(page, script, selector):
    # colours are judged at rest: a card still fading in (born, mutated) has a blended, paler colour
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')", timeout=10_000)
    page.add_script_tag(path=str(script))
    result = page.evaluate("async (sel) => { const r = await axe.run(document.querySelector(sel),"
                           " {resultTypes: ['violations']});"
                           " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
                           " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})); }", selector)
    return result


def test_axe_finds_no_serious_violation_in_jupyterlab(lab, page, axe_script):
    base, token = lab
    open_table(page, base, token, "table_origin.ipynb")
    table = page.locator(".evolab-table")
    audits = {"start": _axe(page, axe_script, ".evolab-cardboard")}
    table.locator(".et-handcard").first.click()               # a choice in progress: lit targets, Cancel
    audits["choosing"] = _axe(page, axe_script, ".evolab-cardboard")
    page.locator(".evolab-table .et-tool", has_text="Projector size").click()
    audits["projector"] = _axe(page, axe_script, ".evolab-cardboard")
    (ARTIFACTS / "table-axe-jupyterlab.json").write_text(json.dumps(audits, indent=1))
    bad = {k: [v for v in vs if v["impact"] in ("serious", "critical")] for k, vs in audits.items()}
    assert not any(bad.values()), bad


def test_axe_finds_no_serious_violation_in_voila(table_dir, page, axe_script, tmp_path):
    pytest.importorskip("voila")
    port = free_port()
    proc = start([sys.executable, "-m", "voila", str(table_dir / "table_northstar.ipynb"), "--no-browser",
                  f"--port={port}", "--Voila.ip=127.0.0.1"], _env(tmp_path), tmp_path / "voila.log", cwd=table_dir)
    try:
        wait_http(f"http://127.0.0.1:{port}/")
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_selector(".evolab-table .et-seat", timeout=90_000)
        violations = _axe(page, axe_script, ".evolab-cardboard")
        (ARTIFACTS / "table-axe-voila.json").write_text(json.dumps(violations, indent=1))
        bad = [v for v in violations if v["impact"] in ("serious", "critical")]
        assert not bad, bad
        # the table plays in Voila too: a card, then where it goes
        seq = clickable(page)["seq"]
        for _ in range(3):
            lit = clickable(page)["lit"]
            if not lit or clickable(page)["seq"] != seq:
                break
            page.locator(f'.evolab-table [data-target="{lit[0]}"]').first.click()
            settle(page)
        page.wait_for_function(f"+document.querySelector('.evolab-table').dataset.seq > {seq}", timeout=30_000)
        shot(page, "voila-northstar")
        assert not serious(page.console_errors), page.console_errors
    finally:
        stop(proc)

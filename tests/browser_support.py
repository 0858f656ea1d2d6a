"""Real-browser fixtures and helpers: JupyterLab or Voila on a temporary copy of the notebooks, headless
Chromium, and the card table's clicks (shared by the browser tests and ``tools/screenshots.py``).

Chromium is Debian's (/usr/bin/chromium), driven by Playwright; never a downloaded browser.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = ROOT / "artifacts"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _need_browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Debian chromium is not installed: .ci/run must install it")
        pytest.skip("Debian chromium is not installed (apt-get install chromium)")
    pytest.importorskip("playwright")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url, timeout=60):
    t0 = time.time()
    while time.time() - t0 < timeout:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer within {timeout} s")


@pytest.fixture
def notebook_dir(tmp_path):
    """A temporary copy of notebooks/ (autosave never writes into the repository), with lessons/ beside it for the
    teacher notebooks' example files (``../lessons/...``)."""
    d = tmp_path / "nb"
    shutil.copytree(ROOT / "notebooks", d)
    shutil.copytree(ROOT / "lessons", tmp_path / "lessons")
    return d


def _env(tmp_path):
    env = dict(os.environ)
    settings = tmp_path / "settings"
    (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
    (settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    env.update(JUPYTERLAB_SETTINGS_DIR=str(settings), JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "ws"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), MPLBACKEND="module://matplotlib_inline.backend_inline")
    return env


def start(cmd, env, log, cwd=None):
    """A server process, its errors written to ``log``."""
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=open(log, "w"), cwd=cwd)


def stop(proc):
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def start_jupyterlab(folder, tmp, port: int, token: str):
    """JupyterLab serving ``folder`` (its settings and log in ``tmp``); returns the process once it answers."""
    proc = start([sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1",
                  f"--port={port}", f"--ServerApp.token={token}", f"--ServerApp.root_dir={folder}"],
                 _env(tmp), tmp / "lab.log")
    try:
        wait_http(f"http://127.0.0.1:{port}/api/status?token={token}", timeout=90)
    except TimeoutError:
        stop(proc)
        raise
    return proc


def notebook(code: str) -> str:
    """A notebook of one code cell, as the text of an .ipynb file."""
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                                  "source": code}],
                       "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


@pytest.fixture
def lab_server(notebook_dir, tmp_path):
    _need_browser()
    port, token = free_port(), "evolabtest"
    proc = start_jupyterlab(notebook_dir, tmp_path, port, token)
    try:
        yield f"http://127.0.0.1:{port}", token
    finally:
        stop(proc)


@pytest.fixture
def voila_server(notebook_dir, tmp_path):
    _need_browser()
    pytest.importorskip("voila")
    port = free_port()
    proc = start([sys.executable, "-m", "voila", str(notebook_dir / "play.ipynb"), "--no-browser", f"--port={port}",
                  "--Voila.ip=127.0.0.1"], _env(tmp_path), tmp_path / "voila.log", cwd=notebook_dir)
    try:
        wait_http(f"http://127.0.0.1:{port}/")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(proc)


@pytest.fixture
def page(tmp_path):
    _need_browser()
    from playwright.sync_api import sync_playwright
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                   headless=True, args=ARGS, viewport={"width": 1400, "height": 1000})
        pg = watched(ctx.new_page())
        try:
            yield pg
        finally:
            ctx.close()


def watched(pg):
    """The page, keeping its console errors and uncaught exceptions in ``pg.console_errors``."""
    pg.console_errors = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    return pg


def open_and_run_all(page, base, token, name):
    """Open notebook ``name`` in JupyterLab and Run All once its kernel is idle."""
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_function("document.querySelector('#jp-main-statusbar')?.innerText.includes('| Idle')",
                           timeout=60_000)
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator('li.lm-Menu-item[data-command="runmenu:run-all"]').click()


# ---- the card table ------------------------------------------------------------------------------------------
#: The English prompt at the end of a game (a translated table passes its own to ``offered``).
GAME_OVER = "The game is over."
IDLE = "!document.querySelector('.evolab-table').classList.contains('is-waiting')"


def open_table(page, base, token, name):
    """Open a notebook that shows a card table, run it, and wait for the table."""
    open_and_run_all(page, base, token, name)
    page.wait_for_selector(".evolab-table .et-seat", timeout=90_000)


def settle(page):
    """Wait until the table is not waiting for the kernel's answer to a click."""
    page.wait_for_function(IDLE, timeout=30_000)


def offered(page, over_prompt: str = GAME_OVER) -> dict:
    """What the table offers now (lit targets, buttons on cards, buttons in the centre such as Pass), the
    table's number, its prompt, whether the game is over and how many badges and animations tell of an
    attack: one round trip."""
    return page.evaluate("""((over) => {
        const t = document.querySelector('.evolab-table');
        const ids = (sel) => [...t.querySelectorAll(sel)].map(e => e.dataset.target || e.dataset.move);
        const prompt = t.querySelector('.et-prompt').innerText;
        return {lit: ids('.is-lit[data-target]'), cards: ids('.et-card .et-choice, .et-member-wrap .et-choice'),
                centre: ids('.et-centre-moves .et-choice'), seq: +t.dataset.seq, prompt, over: prompt === over,
                attacks: t.querySelectorAll('.et-badge.b-under-attack, .et-badge.b-attacked').length,
                attack_fx: t.querySelectorAll('.fx-attack').length};
    })""", over_prompt)


def click_one(page, c: dict, step: int) -> bool:
    """One click of a game played on the cards, from what the table offers (``c``): a lit target if any,
    else a button on a card, and every third step (or when nothing else is offered) a button in the centre
    (pass, end the move). False when there was nothing to click."""
    table = page.locator(".evolab-table")
    finish = step % 3 == 2 and c["centre"]
    if c["lit"] and not finish:
        table.locator(f'[data-target="{c["lit"][step % len(c["lit"])]}"]').first.click()
    elif c["cards"] and not finish:
        move = c["cards"][step % len(c["cards"])]
        table.locator(f'.et-card .et-choice[data-move="{move}"], '
                      f'.et-member-wrap .et-choice[data-move="{move}"]').first.click()
    elif c["centre"]:
        table.locator(f'.et-centre-moves .et-choice[data-move="{c["centre"][0]}"]').first.click()
    else:
        return False
    return True


def play_a_few(page, decisions: int, over_prompt: str = GAME_OVER) -> int:
    """Click cards until ``decisions`` moves were made or the game ended (its prompt ``over_prompt``);
    while nothing is offered the bots play on by themselves. Returns the moves made."""
    made, c = 0, offered(page, over_prompt)
    for step in range(decisions * 6):
        if c["over"] or made >= decisions:
            break
        if not click_one(page, c, step):
            page.wait_for_timeout(200)
        settle(page)
        before, c = c, offered(page, over_prompt)
        made += c["seq"] != before["seq"]
    return made

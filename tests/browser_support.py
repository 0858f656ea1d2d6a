"""Real-browser fixtures: JupyterLab or Voila on a temporary copy of the notebooks, and headless Chromium.

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


@pytest.fixture
def lab_server(notebook_dir, tmp_path):
    _need_browser()
    port, token = free_port(), "evolabtest"
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
         f"--ServerApp.token={token}", f"--ServerApp.root_dir={notebook_dir}"],
        env=_env(tmp_path), stdout=subprocess.DEVNULL, stderr=open(tmp_path / "lab.log", "w"))
    try:
        wait_http(f"http://127.0.0.1:{port}/api/status?token={token}")
        yield f"http://127.0.0.1:{port}", token
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture
def voila_server(notebook_dir, tmp_path):
    _need_browser()
    pytest.importorskip("voila")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(notebook_dir / "play.ipynb"), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1"],
        env=_env(tmp_path), stdout=subprocess.DEVNULL, stderr=open(tmp_path / "voila.log", "w"), cwd=notebook_dir)
    try:
        wait_http(f"http://127.0.0.1:{port}/")
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


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

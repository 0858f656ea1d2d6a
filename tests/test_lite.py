"""The JupyterLite site, offline: build it, serve it from a sub-path with a plain static server, and play a whole
game of ``play.ipynb`` in Debian's Chromium while every request that would leave the machine is blocked."""
from __future__ import annotations

import json
import os
import shutil
import socketserver
import threading
import time
from urllib.parse import urlsplit

import pytest

from browser_support import ARGS, ARTIFACTS, _need_browser

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SUB_PATH = "evolab"          # GitHub Pages serves a project site at https://<account>.github.io/<repository>/
MAX_MB = 40


#: Chromium's own background services (updates, sign-in, autofill) that it calls whatever page is open.
BROWSER_SERVICES = ("google.com", "googleapis.com", "gvt1.com", "gstatic.com")


class _RefusingProxy(socketserver.ThreadingTCPServer):
    """Chromium's proxy for every non-loopback request: it writes down where the request was going and refuses it.
    Requests from pages, workers and service workers alike pass here, so none can leave unseen."""
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self):
        self.asked = []
        super().__init__(("127.0.0.1", 0), _Refuse)

    def hosts(self, ignore=BROWSER_SERVICES):
        """The hosts asked for (``CONNECT host:443`` or ``GET http://host/...``), less the browser's own services."""
        hosts = {urlsplit(a.split()[1] if "://" in a.split()[1] else "//" + a.split()[1]).hostname for a in self.asked}
        return {h for h in hosts if not h.endswith(ignore)}


class _Refuse(socketserver.StreamRequestHandler):
    def handle(self):
        line = self.rfile.readline(4096).decode("latin-1").strip()
        if line:
            self.server.asked.append(line)
        self.wfile.write(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built from nothing but the caches of npm's and PyPI's downloads (as in CI)."""
    _need_browser()
    pytest.importorskip("jupyterlite_core")
    from evolab.lite.build import FetchError, build
    www = tmp_path_factory.mktemp("www")
    try:
        built = build(www / SUB_PATH, log=lambda *a: None)
    except FetchError as e:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"the site's packages could not be fetched (are PyPI and npm's registry reachable?): {e}")
    return www, built


@pytest.fixture(scope="module")
def server(site):
    from evolab.lite.serve import serve
    www, _ = site
    httpd = serve(www)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}/{SUB_PATH}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def offline_page(tmp_path):
    """Chromium with every non-loopback request sent to a refusing proxy, and aborted by Playwright first."""
    from playwright.sync_api import sync_playwright
    proxy = _RefusingProxy()
    threading.Thread(target=proxy.serve_forever, daemon=True).start()
    left = []

    def only_local(route):
        host = urlsplit(route.request.url).hostname
        if route.request.url.startswith(("data:", "blob:")) or host in ("127.0.0.1", "localhost"):
            route.continue_()
        else:
            left.append(route.request.url)
            route.abort()

    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path="/usr/bin/chromium", headless=True,
            args=ARGS + [f"--proxy-server=http://127.0.0.1:{proxy.server_address[1]}"],
            viewport={"width": 1400, "height": 1000})
        ctx.route("**/*", only_local)
        page = ctx.new_page()
        page.errors = []
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.left, page.proxy = left, proxy
        try:
            yield page
        finally:
            ctx.close()
            proxy.shutdown()
            proxy.server_close()


def _board(page):
    return page.locator(".evolab-board").first


def _play_to_the_end(page, limit=400):
    """Click the first action offered (or let the bots play) until the game is over; return the clicks and
    each distinct caption the live chart showed."""
    captions, clicks = [], 0
    while "Game over" not in _board(page).inner_text() and clicks < limit:
        actions = page.locator(".evolab-board .evolab-actions button")
        button = actions.first if actions.count() else \
            page.locator(".evolab-board button", has_text="Let the bots play").first
        handle = button.element_handle()
        button.click()
        handle.wait_for_element_state("hidden", timeout=60_000)      # the board was drawn again
        status = page.locator(".evolab-board").first.inner_text()
        assert "⚠" not in status, status[:500]
        clicks += 1
        caption = page.locator(".evolab-board figcaption")
        if caption.count():
            text = caption.first.inner_text()
            if not captions or captions[-1] != text:
                captions.append(text)
    return clicks, captions


def test_the_site_plays_a_whole_game_offline(site, server, offline_page):
    page = offline_page
    www, built = site
    size_mb = built["bytes"] / 1e6
    assert size_mb <= MAX_MB, f"the site is {size_mb:.1f} MB"
    assert not list(www.rglob("*.map")), "source maps were shipped"

    page.goto(server)
    start = page.locator("body").inner_text()
    assert "playing the game works with no internet" in start and "need the internet for their charts" in start
    t0 = time.perf_counter()
    page.get_by_role("link", name="Play the game").click()
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
    page.wait_for_function("document.querySelector('#jp-main-statusbar')?.innerText.includes('| Idle')",
                           timeout=180_000)
    kernel_s = time.perf_counter() - t0
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator('li.lm-Menu-item[data-command="runmenu:run-all"]').click()
    page.wait_for_selector(".evolab-board .evolab-actions button", timeout=180_000)
    ready_s = time.perf_counter() - t0
    assert "Turn 1" in _board(page).inner_text()

    t1 = time.perf_counter()
    clicks, captions = _play_to_the_end(page)
    game_s = time.perf_counter() - t1
    text = _board(page).inner_text()
    assert "Game over" in text, text[:800]
    # the live chart (SVG) was drawn and redrawn as the turns went by
    assert page.locator(".evolab-board figure svg[role=img]").count() == 1
    assert len(captions) >= 3 and "game(s)" in captions[-1], captions
    page.screenshot(path=str(ARTIFACTS / "lite-gameboard.png"), full_page=True)
    page.locator(".evolab-board figure").screenshot(path=str(ARTIFACTS / "lite-chart.png"))

    assert page.left == [] and page.proxy.hosts() == set(), (page.left, page.proxy.asked)
    assert page.errors == [], page.errors
    report = {"build_s": round(built["seconds"], 1), "site_mb": round(size_mb, 1), "kernel_start_s": round(kernel_s, 1),
              "board_ready_s": round(ready_s, 1), "game_clicks": clicks, "game_s": round(game_s, 1),
              "pyodide": built["pyodide"]}
    (ARTIFACTS / "lite.json").write_text(json.dumps(report, indent=1))
    print("JupyterLite site:", report)

    # A chart package cannot load offline: one plain line, and the only request tried was to the Pyodide CDN.
    page.locator(".jp-Notebook .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")                     # a new cell below, then edit it
    page.keyboard.press("Enter")
    page.keyboard.type("import matplotlib.pyplot as plt")
    page.keyboard.press("Shift+Enter")
    out = page.locator(".jp-Cell").filter(has_text="import matplotlib.pyplot as plt").locator(".jp-OutputArea-output")
    out.first.wait_for(timeout=120_000)
    page.wait_for_function("[...document.querySelectorAll('.jp-OutputArea-output')]"
                           ".some(o => o.innerText.includes('The charts need matplotlib'))", timeout=120_000)
    shown = [o.strip() for o in out.all_inner_texts() if o.strip()]
    assert len(shown) == 1 and "\n" not in shown[0] and shown[0].startswith("⚠ The charts need matplotlib"), shown
    from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL
    cdn = urlsplit(PYODIDE_CDN_URL).hostname
    assert {urlsplit(u).hostname for u in page.left} | page.proxy.hosts() == {cdn}, (page.left, page.proxy.asked)

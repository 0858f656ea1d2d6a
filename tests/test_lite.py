"""The JupyterLite site, offline: build it, serve it from a sub-path with a plain static server, and play a whole
game of ``play.ipynb`` in Debian's Chromium while every request that would leave the machine is blocked: first on
the table of cards (anywidget, shipped in the site), then on its list of buttons."""
from __future__ import annotations

import importlib.util
import json
import os
import socketserver
import subprocess
import sys
import threading
import time
from urllib.parse import urlsplit

import pytest

from browser_support import ARGS, ARTIFACTS, ROOT, _need_browser, offered, play_a_few
from test_browser import open_panel
from evolab.lite.build import site_size

pytestmark = [pytest.mark.slow, pytest.mark.browser]

SUB_PATH = "evolab"          # GitHub Pages serves a project site at https://<account>.github.io/<repository>/
MAX_MB = 40
#: Moves made on the table of cards (in the browser's own Python) before the game goes on with the buttons.
CARD_DECISIONS = 12


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


def _fail_or_skip(what, done):
    """A registry that cannot be reached skips the test on a developer's machine, and fails it in CI."""
    message = f"{what} failed (are PyPI and npm's registry reachable?):\n{(done.stderr or done.stdout)[-3000:]}"
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site built as the README says: a fresh environment with ``pip install -e '.[lite]'``, then
    ``python -m evolab.lite build`` (JupyterLite's packages stay out of the test environment, whose JupyterLab
    would otherwise load the browser kernel's extension)."""
    _need_browser()
    tmp = tmp_path_factory.mktemp("lite")
    venv, www = tmp / "venv", tmp / "www"
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"

    def run(cmd, timeout):
        return subprocess.run([str(c) for c in cmd], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=timeout)
    t0 = time.perf_counter()
    if importlib.util.find_spec("uv") is not None:
        from uv import find_uv_bin
        steps = [[find_uv_bin(), "venv", "--seed", "--quiet", "--python", sys.executable, venv],     # with pip
                 [find_uv_bin(), "pip", "install", "--quiet", "--python", python, "-e", ".[lite]"]]
    else:
        steps = [[sys.executable, "-m", "venv", venv], [python, "-m", "pip", "install", "--quiet", "-e", ".[lite]"]]
    for cmd in steps:
        done = run(cmd, 600)
        if done.returncode:
            _fail_or_skip("installing evolab[lite]", done)
    install_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    done = run([python, "-m", "evolab.lite", "build", "--output", www / SUB_PATH], 600)
    if done.returncode == 3:                      # FetchError: PyPI or npm's registry out of reach
        _fail_or_skip("python -m evolab.lite build", done)
    assert done.returncode == 0, done.stderr[-4000:]
    return www, {"seconds": time.perf_counter() - t0, "install_seconds": install_s,
                 "bytes": site_size(www / SUB_PATH)}


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
        rows = page.locator(".evolab-board .evolab-actions .widget-hbox").filter(has=page.locator("button"))
        if rows.count():                                      # the first group of moves
            row = rows.first
            button = row.locator("button").last
            if row.locator("select").count():                 # a list of moves: choose its first one
                row.locator("select").first.select_option(index=0)
        else:
            button = page.locator(".evolab-board button", has_text="Let the bots play").first
        handle = button.element_handle()
        button.click()
        handle.wait_for_element_state("hidden", timeout=60_000)      # the board was drawn again
        status = page.locator(".evolab-board").first.inner_text()
        assert "⚠" not in status, status[:500]
        clicks += 1
        caption = page.locator(".evolab-board figcaption")
        if caption.count() and caption.first.is_visible():
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
    files = www / SUB_PATH / "files"                      # every notebook, and the guides and worksheets
    for pattern in ("*.ipynb", "[a-z]*/*.ipynb"):                     # translations in notebooks/<lang>/ too
        assert ({p.relative_to(files) for p in (files / "notebooks").glob(pattern)}
                == {p.relative_to(ROOT) for p in (ROOT / "notebooks").glob(pattern)})
    assert ({p.relative_to(files) for p in (files / "lessons").rglob("*.md")}
            == {p.relative_to(ROOT) for p in (ROOT / "lessons").rglob("*.md")})

    # the table of cards travels with the site: anywidget's wheel (served from the site, never a CDN), its front
    # end, and play.ipynb drawing the CardBoard
    pyodide = www / SUB_PATH / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    for name in ("anywidget", "psygnal", "typing-extensions"):
        wheel = lock["packages"][name]["file_name"]
        assert "://" not in wheel and (pyodide / wheel).exists(), (name, wheel)
    assert (www / SUB_PATH / "extensions" / "anywidget" / "package.json").exists()
    play = json.loads((files / "notebooks" / "play.ipynb").read_text())
    code = "\n".join("".join(c["source"]) for c in play["cells"] if c["cell_type"] == "code")
    assert "CardBoard" in code, code

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
    page.wait_for_selector(".evolab-table .et-seat", timeout=180_000)       # the table of cards, drawn
    ready_s = time.perf_counter() - t0
    assert "Turn 1" in _board(page).inner_text()
    assert page.locator(".evolab-table .et-handcard").count() >= 1
    page.locator(".evolab-cardboard").first.screenshot(path=str(ARTIFACTS / "lite-cardtable-start.png"))

    t1 = time.perf_counter()
    on_cards = play_a_few(page, CARD_DECISIONS)
    cards_s = time.perf_counter() - t1
    assert on_cards == CARD_DECISIONS or offered(page)["over"], on_cards
    page.locator(".evolab-cardboard").first.screenshot(path=str(ARTIFACTS / "lite-cardtable-played.png"))
    open_panel(page)                             # ... and the game goes on with the list of buttons
    t1 = time.perf_counter()
    clicks, captions = _play_to_the_end(page)
    game_s = time.perf_counter() - t1
    text = _board(page).inner_text()
    assert "Game over" in text, text[:800]
    # the live chart (SVG) was drawn and redrawn as the turns went by
    chart = page.locator(".evolab-board figure svg[role=img]")
    assert chart.count() == 1 and chart.first.bounding_box()["height"] > 200      # drawn, and shown
    assert len(captions) >= 3 and "game(s)" in captions[-1], captions
    page.screenshot(path=str(ARTIFACTS / "lite-gameboard.png"), full_page=True)
    page.locator(".evolab-board figure").screenshot(path=str(ARTIFACTS / "lite-chart.png"))

    assert page.left == [] and page.proxy.hosts() == set(), (page.left, page.proxy.asked)
    assert page.errors == [], page.errors
    report = {"install_s": round(built["install_seconds"], 1), "build_s": round(built["seconds"], 1),
              "site_mb": round(size_mb, 1), "kernel_start_s": round(kernel_s, 1), "board_ready_s": round(ready_s, 1),
              "card_decisions": on_cards, "cards_s": round(cards_s, 1),
              "game_clicks": clicks, "game_s": round(game_s, 1)}
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
    lock = json.loads((www / SUB_PATH / "static" / "pyodide" / "pyodide-lock.json").read_text())
    cdn = urlsplit(lock["packages"]["matplotlib"]["file_name"]).hostname       # where the compiled packages are
    assert {urlsplit(u).hostname for u in page.left} | page.proxy.hosts() == {cdn}, (page.left, page.proxy.asked)

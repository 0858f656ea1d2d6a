"""Notebooks in a real browser: JupyterLab 4 in Debian Chromium opens each one, runs *Run All* and finds no
error (every notebook with EVOLAB_BROWSER_NOTEBOOKS='*.ipynb'); each opens with its code hidden; and a student
answers a prediction by clicks, after which the waiting result appears beside it. One server, the notebooks in sequence, each kernel shut down after use."""
from __future__ import annotations

import json
import os
import time
import urllib.request
from pathlib import Path

import pytest

from browser_support import ARTIFACTS, lab_server, notebook_dir, page  # noqa: F401  (fixtures)
from test_browser import open_and_run_all, serious

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
#: Run All in the browser by default: the notebooks whose in-browser parts (the start page, the game board, the
#: prediction boxes answered by clicks, the teachers' upload panels) matter and that run quickly. Lessons 1b-5 use the
#: same widgets and are run cell by cell by nbval; play and lab have their own browser tests. For every notebook
#: (about 12 minutes on a busy two-core machine) set EVOLAB_BROWSER_NOTEBOOKS='*.ipynb' (a glob).
DEFAULT = ("00_start_here.ipynb", "01_playing_evolution.ipynb", "06_speciation.ipynb",
           "07_selection_across_generations.ipynb", "teacher_class_data.ipynb", "teacher_concept_test.ipynb")
PATTERN = os.environ.get("EVOLAB_BROWSER_NOTEBOOKS")
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob(PATTERN)) if PATTERN else list(DEFAULT)


def no_windowing(tmp_path):
    """Ask JupyterLab to render every cell (not only those on screen), so that the page can be checked whole."""
    folder = tmp_path / "settings" / "@jupyterlab" / "notebook-extension"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))


def kernels(base, token):
    with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=10) as r:
        return json.load(r)


def wait_for_run_all(page, path: Path, timeout=240.0) -> dict:
    """Save the notebook from the browser every few seconds until every code cell has run or one has failed (Run
    All stops there); returns the saved notebook. Reading the saved file sees every cell as the page has it, even
    cells whose code is hidden."""
    start = time.time()
    while True:
        nb = save_and_read(page, path)
        not_run, errors = run_report(nb)
        if errors or not not_run:
            return nb
        if time.time() - start > timeout:
            return nb
        time.sleep(2.0)


def save_and_read(page, path: Path, timeout=30.0):
    """Save the notebook from the browser and read what JupyterLab wrote: every code cell's execution count and
    outputs, exactly as the student's page had them."""
    before = path.stat().st_mtime_ns
    page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    page.locator('li.lm-Menu-item[data-command="docmanager:save"]').click()
    start = time.time()
    while time.time() - start < timeout:
        if path.stat().st_mtime_ns != before:
            try:
                return json.loads(path.read_text(encoding="utf-8"))
            except ValueError:
                pass                                    # caught while being written
        time.sleep(0.3)
    raise AssertionError(f"{path.name} was not saved")


def run_report(nb: dict) -> tuple:
    """(code cells not run, error outputs) of a saved notebook."""
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    not_run = [i for i, c in enumerate(code) if c.get("execution_count") is None]
    errors = [f"{o['ename']}: {o['evalue']}" for c in code for o in c.get("outputs", []) if o["output_type"] == "error"]
    return not_run, errors


def shutdown_kernels(base, token):
    for k in kernels(base, token):
        req = urllib.request.Request(f"{base}/api/kernels/{k['id']}?token={token}", method="DELETE")
        urllib.request.urlopen(req, timeout=10).close()


def hidden_code_cells(page):
    """(code cells, code cells whose input JupyterLab shows collapsed)."""
    return page.evaluate("""(() => {
        const cells = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell')];
        const hidden = cells.filter(c => c.querySelector('.jp-InputPlaceholder') !== null);
        return [cells.length, hidden.length];
    })()""")


def waiting(page) -> int:
    """How many result areas show (visibly) that they wait for a prediction."""
    return page.evaluate("""[...document.querySelectorAll('.evolab-predict-result')].filter(r => [...r.querySelectorAll('*')]
        .some(e => e.offsetParent !== null && e.children.length === 0
                   && e.textContent.includes('hidden until you make your prediction'))).length""")


def answer_first_prediction(page):
    """Choose the first answer of the first prediction, type a reason and lock it in."""
    box = page.locator(".evolab-predict").first
    box.locator("input[type=radio]").first.check()
    box.locator("textarea").fill("Predators cannot see the camouflaged animals, so they leave more young.")
    box.locator("button", has_text="Lock in my prediction").click()
    page.wait_for_function("""(() => { const r = document.querySelector('.evolab-predict-result');
        return r && [...r.querySelectorAll('img')].some(i => i.naturalWidth > 100)
                 && r.innerText.includes('Your prediction'); })()""", timeout=60_000)


def test_notebooks_run_all_in_jupyterlab(lab_server, page, notebook_dir, tmp_path):
    base, token = lab_server
    no_windowing(tmp_path)
    failures = []
    for name in NOTEBOOKS:
        started = time.time()
        open_and_run_all(page, base, token, name)
        not_run, errors = run_report(wait_for_run_all(page, notebook_dir / name))
        if errors or not_run:
            failures.append(f"{name}: errors {errors}, code cells not run {not_run}")
            shutdown_kernels(base, token)
            continue
        cells, hidden = hidden_code_cells(page)
        if cells:                                            # every notebook reads as text: its code hidden
            assert hidden == cells, f"{name}: {cells - hidden} of {cells} code cells are not hidden"
        if name.startswith("07_"):
            # Run All did not wait for the predictions: every result waits behind its prediction
            predictions = page.locator(".evolab-predict").count()
            assert waiting(page) == predictions >= 5
            assert page.locator(".evolab-predict-result img").count() == 0
            answer_first_prediction(page)
            first = page.locator(".evolab-predict-result").first.inner_text()
            assert "It will spread" in first and "What the data show" in first and "matched" in first
            assert page.locator(".evolab-predict button", has_text="Prediction locked in").count() == 1
            assert waiting(page) == predictions - 1                 # the others still wait
            page.locator(".evolab-predict").first.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "jupyterlab-prediction.png"), full_page=False)
        shutdown_kernels(base, token)
        print(f"{name}: Run All in the browser took {time.time() - started:.0f} s")
    assert not failures, "\n".join(failures)
    assert not serious(page.console_errors), page.console_errors


def test_the_default_notebooks_exist():
    missing = [n for n in DEFAULT if not (ROOT / "notebooks" / n).exists()]
    assert not missing, missing

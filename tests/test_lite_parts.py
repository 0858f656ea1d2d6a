"""The parts of the JupyterLite build that need no network or browser: the one-line message for a chart package
that cannot load, Pyodide's lock rewritten for the wheels shipped, and the start page."""
from __future__ import annotations

import json
import sys
import zipfile
from pathlib import Path

import pytest

from evolab.lite import build as lb
from evolab.lite.offline import CHART_PACKAGES, ChartsUnavailable, install

IPython = pytest.importorskip("IPython")


@pytest.fixture
def shell():
    from IPython.core.interactiveshell import InteractiveShell
    sh = InteractiveShell.instance()
    yield sh
    sh.set_custom_exc((), None)
    InteractiveShell.clear_instance()


def test_a_chart_package_that_cannot_load_is_one_line(shell, capsys, monkeypatch):
    """As offline in the browser: ``import matplotlib.pyplot`` fails, and the notebook shows one sentence."""
    install(shell)
    monkeypatch.setitem(sys.modules, "matplotlib", None)          # "No module named matplotlib"
    result = shell.run_cell("import matplotlib.pyplot as plt")
    shown = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert shown == [ChartsUnavailable("matplotlib").msg]
    assert shown[0].startswith("⚠ The charts need matplotlib") and "Traceback" not in shown[0]
    assert isinstance(result.error_in_exec, ModuleNotFoundError)
    # the same from inside evolab's chart functions, which import matplotlib when they draw
    result = shell.run_cell("from evolab import viz\nviz.trait_frequencies([{'turn': 1, 'trait': 'swimming', "
                            "'frequency': 0.5, 'game': 0, 'seed': 1}])")
    shown = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    assert shown == [ChartsUnavailable("matplotlib").msg]


def test_other_errors_keep_their_traceback(shell, capsys):
    install(shell)
    shell.run_cell("import no_such_module_for_evolab")
    out = capsys.readouterr().out
    assert "ModuleNotFoundError" in out and "no_such_module_for_evolab" in out and "charts need" not in out
    shell.run_cell("1 / 0")
    assert "ZeroDivisionError" in capsys.readouterr().out


def test_startup_file_installs_the_message_and_leaves_no_name(shell):
    """The kernel runs ``startup.py`` as its PYTHONSTARTUP file, in the notebook's namespace."""
    before = set(shell.user_ns)
    shell.safe_execfile(str(Path(lb.__file__).with_name("startup.py")), shell.user_ns, raise_exceptions=True)
    assert shell.custom_exceptions == (ModuleNotFoundError,)
    assert {n for n in set(shell.user_ns) - before if not n.startswith("_")} == set()
    assert {"matplotlib", "numpy", "pandas", "networkx"} <= CHART_PACKAGES


def _wheel(folder: Path, name: str, version: str, requires=(), modules=("pkg",)) -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        for m in modules:
            whl.writestr(f"{m}/__init__.py", "")
        meta = [f"Name: {name}", f"Version: {version}"] + [f"Requires-Dist: {r}" for r in requires]
        whl.writestr(f"{name}-{version}.dist-info/METADATA", "\n".join(meta) + "\n")
    return path


LOCK = {"info": {"python": "3.14.2"}, "packages": {
    "ipython": {"name": "ipython", "version": "9.1", "file_name": "ipython-9.1-py3-none-any.whl", "sha256": "old",
                "depends": ["traitlets"], "imports": ["IPython"], "install_dir": "site", "package_type": "package"},
    "traitlets": {"name": "traitlets", "version": "5.1", "file_name": "traitlets-5.1-py3-none-any.whl",
                  "sha256": "old", "depends": [], "imports": ["traitlets"]},
    "numpy": {"name": "numpy", "version": "2.4", "file_name": "numpy-2.4-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
              "sha256": "cdn", "depends": [], "imports": ["numpy"]}}}


def test_lock_ships_its_wheels_and_sends_the_rest_to_the_cdn(tmp_path):
    ipy = _wheel(tmp_path, "ipython", "9.1", modules=["IPython"])
    widgets = _wheel(tmp_path, "ipywidgets", "8.1.9", modules=["ipywidgets"],
                     requires=["ipython>=6", "traitlets", "jupyterlab_widgets~=3.0", "pytest; extra == 'test'",
                               "backports.zoneinfo; python_version < '3.9'"])
    lock = lb.rewrite_lock(LOCK, {"ipython": ipy, "ipywidgets": widgets}, "https://cdn.example/full/", "3.14")
    pk = lock["packages"]
    assert pk["ipython"]["file_name"] == ipy.name and pk["ipython"]["sha256"] == lb.sha256(ipy)
    assert pk["ipython"]["depends"] == ["traitlets"]                  # the lock's own entry is kept
    assert pk["traitlets"]["file_name"] == "https://cdn.example/full/traitlets-5.1-py3-none-any.whl"
    assert pk["numpy"]["file_name"].startswith("https://cdn.example/full/numpy-2.4-")
    new = pk["ipywidgets"]
    assert new["name"] == "ipywidgets" and new["version"] == "8.1.9" and new["imports"] == ["ipywidgets"]
    assert new["depends"] == ["ipython", "traitlets"]                 # front end only, extras, old Pythons: left out
    assert new["sha256"] == lb.sha256(widgets) and new["file_name"] == widgets.name
    assert LOCK["packages"]["ipython"]["sha256"] == "old"             # the original is not changed


def test_lock_refuses_what_it_cannot_ship(tmp_path):
    orphan = _wheel(tmp_path, "orphan", "1.0", requires=["no-such-dependency"])
    with pytest.raises(lb.LiteBuildError, match="no-such-dependency"):
        lb.rewrite_lock(LOCK, {"orphan": orphan}, "https://cdn.example/full", "3.14")
    assert lb.lock_closure(LOCK, ["IPython"]) == ["ipython", "traitlets"]
    with pytest.raises(lb.LiteBuildError, match="compiled for the browser"):
        lb.lock_closure(LOCK, ["numpy"])
    with pytest.raises(lb.LiteBuildError, match="not in Pyodide's lock"):
        lb.lock_closure(LOCK, ["evolab-nonexistent"])


def test_start_page_says_what_needs_the_internet():
    config = '<script id="jupyter-config-data" type="application/json" data-jupyter-lite-root=".">{}</script>'
    notebooks = sorted((lb.ROOT / "notebooks").glob("*.ipynb"))
    page = lb.landing_page(notebooks, "9.9", "314.0.6", "https://cdn.example/pyodide/v314.0.6/full", config)
    assert config in page and "$" not in page.replace("&#36;", "")
    assert "playing the game works with no internet at all" in page
    assert "need the internet for their charts" in page and "cdn.example" in page
    assert "lab/index.html?path=notebooks/play.ipynb" in page
    for nb in notebooks:
        if nb.stem[:2].isdigit() and nb.stem != "00_start_here":
            assert f"path=notebooks/{nb.name}'" in page
    assert "Random mutation" in page                                  # titles come from the notebooks


def test_output_folder_is_never_a_stranger(tmp_path):
    (tmp_path / "notes.txt").write_text("a teacher's file")
    with pytest.raises(lb.LiteBuildError, match="not empty"):
        lb._prepare_output(tmp_path)
    assert (tmp_path / "notes.txt").exists()
    site = tmp_path / "site"
    site.mkdir()
    (site / "jupyter-lite.json").write_text(json.dumps({}))
    lb._prepare_output(site)
    assert not site.exists()


def test_the_pages_workflow_builds_with_the_documented_command():
    yaml = pytest.importorskip("yaml")
    flow = yaml.safe_load((lb.ROOT / ".github" / "workflows" / "lite.yml").read_text())
    steps = flow["jobs"]["build"]["steps"]
    runs = [s.get("run", "") for s in steps]
    assert "python -m pip install -e '.[lite]'" in runs and "python -m evolab.lite build --output _site" in runs
    assert any(s.get("uses", "").startswith("actions/setup-node") for s in steps)      # npm for Pyodide
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "_site"
    assert flow["permissions"]["pages"] == "write" and flow["permissions"]["id-token"] == "write"
    assert flow["jobs"]["deploy"]["steps"][0]["uses"].startswith("actions/deploy-pages")
    readme = (lb.ROOT / "README.md").read_text()
    assert "## No install: the kit in the browser" in readme and "python -m evolab.lite build" in readme


def test_the_preview_server_serves_webassembly_and_modules(tmp_path):
    """``python -m evolab.lite serve``: a plain static server with the types browsers insist on."""
    import threading
    import urllib.request
    from evolab.lite.serve import serve
    (tmp_path / "site").mkdir()
    for name in ("pyodide.asm.wasm", "pyodide.mjs", "index.html"):
        (tmp_path / "site" / name).write_bytes(b"x")
    httpd = serve(tmp_path)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        types = {}
        for name in ("pyodide.asm.wasm", "pyodide.mjs", "index.html"):
            with urllib.request.urlopen(f"http://127.0.0.1:{httpd.server_port}/site/{name}") as r:
                types[name] = r.headers["Content-Type"]
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert types == {"pyodide.asm.wasm": "application/wasm", "pyodide.mjs": "text/javascript",
                     "index.html": "text/html"}

"""Build the kit as a static JupyterLite site, from PyPI and npm only.

    python -m evolab.lite build [--output _site] [--cache ~/.cache/evolab-lite]

What goes in, and where it comes from:

- the JupyterLite app, its Pyodide kernel and the widgets' front end: ``jupyterlite-core``,
  ``jupyterlite-pyodide-kernel`` and ``jupyterlab_widgets``, installed from PyPI in the build environment
  (``pip install -e '.[lite]'``);
- the Pyodide runtime (the Python interpreter compiled to WebAssembly) from npm's ``pyodide`` package, at the
  version the kernel expects, served from the site itself;
- the pure-Python wheels the kernel loads when it starts (IPython and its dependencies, micropip, jedi, tqdm,
  typing-extensions) from PyPI at the versions of Pyodide's lock, comm, ipywidgets, anywidget and psygnal at the
  build environment's versions (anywidget draws the card table; its front end comes from the build environment
  like the widgets'), the kernel's own small wheels, and evolab itself; Pyodide's lock is rewritten for the wheels
  shipped, and all of them are preloaded, so a notebook needs no install cell and the game no network;
- every notebook, and the lessons' teacher guides and worksheets.

Compiled packages (numpy, matplotlib, pandas, ...) are not on PyPI in a form a browser can run, so the rewritten
lock points them at the Pyodide CDN: a lesson downloads them the first time it draws a chart. That is the site's
only use of the network; playing the game needs none. Downloads are cached, so a rebuild takes seconds.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shutil
import string
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from importlib import metadata
from pathlib import Path

#: The source tree: ``pyproject.toml``, ``notebooks/`` and ``lessons/`` (the site is built from a copy of the repository).
ROOT = Path(__file__).resolve().parents[2]
#: Pyodide's core runtime, from its npm package (no source maps, no type declarations).
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: What the kernel loads from Pyodide's lock when it starts (their dependencies come along).
LOCK_ROOTS = ("micropip", "ipython", "jedi", "tqdm", "typing-extensions")
#: Not in Pyodide's lock: from PyPI at the versions installed in the build environment (ipywidgets must match
#: the widgets' front end, ``jupyterlab_widgets``, that the site ships; anywidget its own front end, which is in
#: its wheel; psygnal is anywidget's pure-Python dependency).
ENV_PACKAGES = ("comm", "ipywidgets", "anywidget", "psygnal")
#: The kernel's own wheels, shipped inside ``jupyterlite-pyodide-kernel`` (``widgetsnbextension`` is a stub:
#: the front end is already in the site).
KERNEL_WHEELS = {"piplite": None, "pyodide-kernel": None, "ipykernel": None, "widgetsnbextension": "4."}
#: Requirements the browser does not need, because the site already has what they would bring.
FRONT_END_ONLY = {"jupyterlab-widgets"}
#: Loaded with Pyodide, before the kernel starts (the kernel would otherwise install some of them one by one).
PRELOAD = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython", "ipywidgets", "anywidget",
           "evolab")
#: The JupyterLab extensions the site needs; others installed in the build environment (Voila's preview...) are
#: left out because they need a server.
EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "anywidget", "@jupyterlite/pyodide-kernel-extension")
#: Settings of the site: guides open as formatted text; no news or update checks (no request leaves the site).
OVERRIDES = {
    "@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}},
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


class LiteBuildError(RuntimeError):
    """The site could not be built; the message says why and what to do."""


class FetchError(LiteBuildError):
    """A registry (PyPI or npm) could not be reached, or a tool to reach it is missing."""


def canonical(name: str) -> str:
    """A package name as Pyodide's lock and PyPI compare them (``Prompt_Toolkit`` -> ``prompt-toolkit``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def default_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "evolab-lite"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(cmd, what, cwd=None, error=FetchError) -> str:
    try:
        done = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError:
        raise error(f"{what}: {cmd[0]} is not installed") from None
    if done.returncode:
        raise error(f"{what} failed ({' '.join(map(str, cmd))}):\n{(done.stderr or done.stdout)[-3000:]}")
    return done.stdout


# ---- the Pyodide runtime (npm) -------------------------------------------------------------------------------
def pyodide_version() -> str:
    """The Pyodide version the installed kernel was made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    return PYODIDE_VERSION


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The folder of Pyodide's core files, unpacked from ``npm pack pyodide@version`` (kept in the cache)."""
    dest = cache / f"pyodide-{version}"
    if all((dest / f).exists() for f in PYODIDE_CORE):
        return dest
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.exists():
        npm = shutil.which("npm")
        if npm is None:
            raise FetchError("npm is not installed: the Pyodide runtime comes from npm's registry "
                             "(install Node.js and npm, e.g. apt-get install nodejs npm)")
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            _run([npm, "pack", f"pyodide@{version}", "--pack-destination", tmp, "--silent"],
                 f"downloading pyodide {version} from npm")
            (packed,) = Path(tmp).glob("pyodide-*.tgz")
            packed.replace(tgz)
    partial = cache / f"pyodide-{version}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    with tarfile.open(tgz) as tar:
        for name in PYODIDE_CORE:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                raise LiteBuildError(f"npm's pyodide {version} has no {name}")
            (partial / name).write_bytes(member.read())
    shutil.rmtree(dest, ignore_errors=True)
    partial.rename(dest)
    return dest


# ---- the wheels (PyPI) ------------------------------------------------------------------------------------------
def lock_closure(lock: dict, roots) -> list:
    """The lock's names of ``roots`` and everything they depend on, all of which must be pure Python."""
    packages, seen, todo = lock["packages"], set(), [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        if name not in packages:
            raise LiteBuildError(f"{name} is not in Pyodide's lock")
        if not packages[name]["file_name"].endswith("-none-any.whl"):
            raise LiteBuildError(f"{name} is compiled for the browser: it cannot come from PyPI")
        seen.add(name)
        todo.extend(canonical(d) for d in packages[name]["depends"])
    return sorted(seen)


def _cached_wheel(folder: Path, name: str, version: str):
    for path in folder.glob("*.whl"):
        dist, ver = path.name.split("-")[:2]
        if canonical(dist) == name and ver == version:
            return path
    return None


def fetch_wheels(pins: dict, cache: Path, python: str) -> dict:
    """``{name: wheel path}`` for ``pins`` (``{name: version}``), downloaded from PyPI once and then cached."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    missing = [f"{name}=={version}" for name, version in sorted(pins.items())
               if _cached_wheel(folder, name, version) is None]
    if missing:
        if importlib.util.find_spec("pip") is None:
            raise LiteBuildError("pip downloads the wheels from PyPI, and this environment has none: "
                                 "python -m ensurepip (or create it with python -m venv)")
        _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--platform", "any",
              "--implementation", "py", "--abi", "none", "--python-version", python, "--disable-pip-version-check",
              "-q", "-d", folder, *missing], "downloading wheels from PyPI")
    found = {name: _cached_wheel(folder, name, version) for name, version in pins.items()}
    lost = sorted(name for name, path in found.items() if path is None)
    if lost:
        raise FetchError(f"PyPI has no pure-Python wheel for {', '.join(lost)} at the versions required")
    return found


def kernel_wheels() -> dict:
    """``{name: wheel path}`` of the kernel's own wheels, as installed with ``jupyterlite-pyodide-kernel``."""
    folder = _extension_dir("@jupyterlite/pyodide-kernel-extension") / "static" / "pypi"
    found = {}
    for path in sorted(folder.glob("*.whl")):
        dist, version = path.name.split("-")[:2]
        name = canonical(dist)
        if name in KERNEL_WHEELS and version.startswith(KERNEL_WHEELS[name] or ""):
            found[name] = path
    if set(found) != set(KERNEL_WHEELS):
        raise LiteBuildError(f"jupyterlite-pyodide-kernel lacks {sorted(set(KERNEL_WHEELS) - set(found))}")
    return found


def build_evolab_wheel(folder: Path) -> Path:
    """evolab's own wheel, built from the source tree by its build backend (hatchling, from the ``lite`` extra;
    else pip fetches it from PyPI into an isolated build environment, which is slower)."""
    if not (ROOT / "pyproject.toml").exists():
        raise LiteBuildError(f"{ROOT} is not the evolab repository: build the site from a copy of it")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        import babel  # noqa: F401  (the build hook compiles the message catalogues with it)
        import hatchling.build  # noqa: F401
    except ImportError:
        _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check", "-q", "-w", folder,
              ROOT], "building evolab's wheel")
    else:
        _run([sys.executable, "-c", "import sys; from hatchling.build import build_wheel; build_wheel(sys.argv[1])",
              folder], "building evolab's wheel", cwd=ROOT, error=LiteBuildError)
    (wheel,) = folder.glob("evolab-*.whl")
    with zipfile.ZipFile(wheel) as whl:         # the site speaks every language the source tree has
        names = set(whl.namelist())
    missing = [po.relative_to(ROOT).with_suffix(".mo").as_posix() for po in sorted(
        (ROOT / "evolab" / "locale").glob("*/LC_MESSAGES/evolab.po"))
        if po.relative_to(ROOT).with_suffix(".mo").as_posix() not in names]
    if missing:
        raise LiteBuildError(f"evolab's wheel lacks its compiled message catalogues: {', '.join(missing)}")
    return wheel


def wheel_info(path: Path, python: str) -> tuple:
    """``(name, version, imports, depends)`` of a wheel, from its metadata (for packages new to the lock)."""
    from packaging.requirements import Requirement
    with zipfile.ZipFile(path) as whl:
        names = whl.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = whl.read(meta_name).decode()
    fields = [line.split(": ", 1) for line in meta.splitlines() if ": " in line]
    name = next(v for k, v in fields if k == "Name")
    version = next(v for k, v in fields if k == "Version")
    env = {"python_version": python, "python_full_version": python + ".0", "sys_platform": "emscripten",
           "platform_system": "Emscripten", "implementation_name": "cpython", "extra": ""}
    depends = []
    for k, v in fields:
        if k == "Requires-Dist":
            req = Requirement(v)
            if req.marker is None or req.marker.evaluate(env):
                depends.append(canonical(req.name))
    imports = sorted({n.split("/")[0].removesuffix(".py") for n in names
                      if not n.split("/")[0].endswith((".dist-info", ".data")) and (n.endswith(".py") or "/" in n)})
    return name, version, imports, depends


def rewrite_lock(lock: dict, shipped: dict, cdn: str, python: str) -> dict:
    """Pyodide's lock for this site: ``shipped`` (``{name: wheel}``) served from beside the lock with their own
    sha256; every other package fetched from the Pyodide CDN."""
    out = json.loads(json.dumps(lock))
    packages = out["packages"]
    for name, entry in packages.items():
        if name not in shipped and "://" not in entry["file_name"]:
            entry["file_name"] = f"{cdn.rstrip('/')}/{entry['file_name']}"
    for name, wheel in shipped.items():
        if name in packages:
            entry = packages[name]
        else:
            dist, version, imports, depends = wheel_info(wheel, python)
            unknown = [d for d in depends if d not in packages and d not in shipped and d not in FRONT_END_ONLY]
            if unknown:
                raise LiteBuildError(f"{dist} needs {', '.join(unknown)}, which the site does not ship")
            entry = packages[name] = {
                "name": dist, "version": version, "imports": imports, "install_dir": "site",
                "package_type": "package", "unvendored_tests": False,
                "depends": [d for d in depends if d not in FRONT_END_ONLY]}
        entry["file_name"] = wheel.name
        entry["sha256"] = sha256(wheel)
    return out


# ---- the site -----------------------------------------------------------------------------------------------------
def _extension_dir(name: str) -> Path:
    from jupyter_core.paths import jupyter_path
    for base in jupyter_path("labextensions"):
        if (Path(base) / name / "package.json").exists():
            return Path(base) / name
    raise LiteBuildError(f"the JupyterLab extension {name} is not installed: pip install -e '.[lite]'")


def _notebook_title(path: Path) -> str:
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].replace("*", "").strip()
    return path.stem


def landing_page(notebooks: list, version: str, pyodide: str, cdn: str, config: str) -> str:
    """The site's start page: where to begin, and plainly what needs the internet. ``config`` is JupyterLite's
    root configuration element, which the apps read from the root page."""
    def link(nb):
        return f"lab/index.html?path=notebooks/{nb.name}"
    lessons = "".join(f"<li><a href='{link(nb)}'>{_notebook_title(nb)}</a></li>"
                      for nb in notebooks if nb.stem[:2].isdigit() and nb.stem[:2] != "00")
    page = string.Template((Path(__file__).with_name("index.html")).read_text(encoding="utf-8"))
    return page.substitute(version=version, pyodide=pyodide, lessons=lessons, cdn=cdn.split("/")[2], config=config,
                           start=link(ROOT / "notebooks" / "00_start_here.ipynb"),
                           play=link(ROOT / "notebooks" / "play.ipynb"), lab=link(ROOT / "notebooks" / "lab.ipynb"),
                           guides="lab/index.html?path=lessons/README.md")


def _stage_contents(folder: Path) -> list:
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    (folder / "notebooks").mkdir(parents=True)
    for nb in notebooks:
        shutil.copy2(nb, folder / "notebooks" / nb.name)
    for nb in sorted((ROOT / "notebooks").glob("[a-z]*/*.ipynb")):      # translations: notebooks/<lang>/
        dest = folder / nb.relative_to(ROOT)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(nb, dest)
    for guide in sorted((ROOT / "lessons").rglob("*.md")):
        dest = folder / guide.relative_to(ROOT)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(guide, dest)
    return notebooks


def _prepare_output(output: Path):
    if output.exists() and any(output.iterdir()):
        if not (output / "jupyter-lite.json").exists():
            raise LiteBuildError(f"{output} is not empty and is not a site built before: choose another --output")
        shutil.rmtree(output)


def _link_favicon(output: Path):
    """Give each page its icon, so that the browser does not ask the web server's root (outside the site, e.g.
    another site on GitHub Pages) for ``/favicon.ico``."""
    for page in output.rglob("index.html"):
        parts = page.relative_to(output).parts
        text = page.read_text(encoding="utf-8")
        if "build" not in parts and 'rel="icon"' not in text and "<head>" in text:
            href = "../" * (len(parts) - 1) + "static/favicons/favicon.ico"
            page.write_text(text.replace("<head>", f'<head>\n    <link rel="icon" href="{href}">', 1), encoding="utf-8")


def _drop_legacy_fonts(build_dir: Path):
    """Font Awesome's EOT, TrueType and SVG fonts (2.4 MB): browsers of this century load its WOFF2 files."""
    for path in build_dir.glob("fa-*"):
        if path.suffix in (".eot", ".ttf", ".svg"):
            path.unlink()


def site_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _write_lite_dir(lite: Path, contents: Path, output: Path, python: str):
    """JupyterLite's build configuration: the apps, contents and extensions, and the kernel's settings
    (preloaded packages; the one-line message for chart packages, run when the kernel starts)."""
    startup = f"/lib/python{python}/site-packages/evolab/lite/startup.py"
    (lite / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"appName": "evolab", "litePluginSettings": {
            "@jupyterlite/pyodide-kernel-extension:kernel": {"loadPyodideOptions": {
                "packages": list(PRELOAD), "env": {"PYTHONSTARTUP": startup}}}}}}, indent=1))
    (lite / "overrides.json").write_text(json.dumps(OVERRIDES, indent=1))
    (lite / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
        "apps": ["lab"], "contents": [str(contents)], "output_dir": str(output),
        "no_sourcemaps": True, "ignore_sys_prefix": ["federated_extensions"],
        "federated_extensions": [str(_extension_dir(name)) for name in EXTENSIONS]}}, indent=1))


def _finish(output: Path, notebooks: list, pyodide: str, cdn: str):
    """After JupyterLite's build: the start page (keeping JupyterLite's root configuration), icons, fonts."""
    from .. import __version__
    root = (output / "index.html").read_text(encoding="utf-8")
    config = re.search(r'<script id="jupyter-config-data".*?</script>', root, re.S)
    if config is None:
        raise LiteBuildError("JupyterLite's root page has no jupyter-config-data: this JupyterLite is not supported")
    (output / "index.html").write_text(landing_page(notebooks, __version__, pyodide, cdn, config[0]), encoding="utf-8")
    _link_favicon(output)
    _drop_legacy_fonts(output / "build")


def build(output=ROOT / "_site", cache=None, log=print) -> dict:
    """Build the site into ``output``; return what was built (path, bytes, seconds, versions)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_CDN_URL
    t0 = time.perf_counter()
    output, cache = Path(output).resolve(), Path(cache or default_cache()).resolve()
    _prepare_output(output)
    version = pyodide_version()
    core = fetch_pyodide(version, cache)
    lock = json.loads((core / "pyodide-lock.json").read_text(encoding="utf-8"))
    python = ".".join(lock["info"]["python"].split(".")[:2])
    pins = {name: lock["packages"][name]["version"] for name in lock_closure(lock, LOCK_ROOTS)}
    for name in ENV_PACKAGES:
        try:
            pins[canonical(name)] = metadata.version(name)
        except metadata.PackageNotFoundError:
            raise LiteBuildError(f"{name} is not installed in the build environment: pip install -e '.[lite]'") from None
    log(f"Pyodide {version} (Python {python}) from npm; {len(pins)} wheels from PyPI")
    shipped = {**fetch_wheels(pins, cache, python), **kernel_wheels()}
    with tempfile.TemporaryDirectory(prefix="evolab-lite-") as tmpdir:
        tmp = Path(tmpdir)
        lite, static = tmp / "lite", tmp / "lite" / "static" / "pyodide"     # JupyterLite serves static/pyodide/
        static.mkdir(parents=True)
        shipped["evolab"] = build_evolab_wheel(tmp / "wheel")
        for name in PYODIDE_CORE[:-1]:
            shutil.copy2(core / name, static / name)
        for wheel in shipped.values():
            shutil.copy2(wheel, static / wheel.name)
        (static / "pyodide-lock.json").write_text(json.dumps(rewrite_lock(lock, shipped, PYODIDE_CDN_URL, python)),
                                                  encoding="utf-8")
        notebooks = _stage_contents(tmp / "contents")
        _write_lite_dir(lite, tmp / "contents", output, python)
        _run([sys.executable, "-m", "jupyterlite_core", "build"], "jupyter lite build", cwd=lite, error=LiteBuildError)
    _finish(output, notebooks, version, PYODIDE_CDN_URL)
    size = site_size(output)
    seconds = time.perf_counter() - t0
    log(f"Built {output} in {seconds:.0f} s: {size / 1e6:.1f} MB")
    return {"path": output, "bytes": size, "seconds": seconds, "pyodide": version, "python": python,
            "wheels": sorted(w.name for w in shipped.values())}

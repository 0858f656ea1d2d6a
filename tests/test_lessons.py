"""The classroom kit: lesson notebooks, teacher guides, worksheets, links and the Binder setup.

- every lesson notebook (``notebooks/NN_name.ipynb``) has a teacher guide ``lessons/NN_name.md`` and a
  worksheet ``lessons/worksheets/NN_name.md``; each guide names NGSS codes and misconceptions and has the
  sections a teacher needs;
- every relative link in the guides, the worksheets, the README, docs/ and the notebooks' markdown resolves;
- notebooks are committed without outputs and with a python3 kernel;
- ``binder/`` installs the package with everything the notebooks import, and (slow) a fresh virtual
  environment built from ``binder/requirements.txt`` alone runs a notebook, as Binder would.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = ROOT / "lessons"
WORKSHEETS = LESSONS / "worksheets"


def all_notebooks() -> list:
    """Every notebook: the English ones in ``notebooks/`` and their translations in ``notebooks/<lang>/``."""
    return sorted(NOTEBOOKS.glob("*.ipynb")) + sorted(NOTEBOOKS.glob("[a-z]*/*.ipynb"))


LESSON_RE = re.compile(r"^\d\d[a-z]?_")            # 01_..., and 01b_... for a lesson taught in two parts
NGSS_RE = re.compile(r"\b(HS|MS)-LS\d-\d\b")
MISCONCEPTION_RE = re.compile(r"\bM(10|[1-9])\b")
HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$", re.M)
# [text](target "title") and ![alt](target); <target> form included; reference definitions [x]: target
LINK_RE = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REF_RE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$", re.M)
HTML_RE = re.compile(r"""<(?:a|img)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.I)


def lesson_notebooks() -> list:
    """Notebooks whose name starts with two digits. The start page (00_...) is not a lesson: it needs a
    guide only if it has one."""
    out = []
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):
        if not LESSON_RE.match(nb.name):
            continue
        if nb.name.startswith("00_") and not (LESSONS / f"{nb.stem}.md").exists():
            continue
        out.append(nb)
    return out


def guides() -> list:
    return [LESSONS / f"{nb.stem}.md" for nb in lesson_notebooks() if (LESSONS / f"{nb.stem}.md").exists()]


def read_notebook(path: Path) -> dict:
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def cell_source(cell) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def sections(text: str) -> list:
    """(heading, body) pairs of a Markdown document; the body runs to the next heading of the same or a
    higher level."""
    heads = [(m.start(), m.end(), len(m.group(1)), m.group(2)) for m in HEADING_RE.finditer(strip_code(text))]
    out = []
    for i, (start, end, level, title) in enumerate(heads):
        stop = next((s for s, _, lv, _ in heads[i + 1:] if lv <= level), len(text))
        out.append((title, text[end:stop]))
    return out


def strip_code(text: str) -> str:
    """Blank out fenced code blocks and inline code (same length, so offsets stay valid)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    text = re.sub(r"(?ms)^(```|~~~).*?^\1[^\n]*$", blank, text)
    return re.sub(r"`[^`\n]*`", blank, text)


def relative_links(text: str) -> list:
    text = strip_code(text)
    found = LINK_RE.findall(text) + REF_RE.findall(text) + HTML_RE.findall(text)
    out = []
    for target in found:
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith(("#", "//")):
            continue                       # http(s):, mailto:, data: ... and anchors within the page
        path = unquote(target.split("#", 1)[0].split("?", 1)[0])
        if path:
            out.append(path)
    return out


def documents() -> list:
    """The markdown documents a reader is given: the README, docs/, the teacher guides and the worksheets."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted(LESSONS.glob("*.md")),
            *sorted(WORKSHEETS.glob("*.md"))]


def link_sources() -> list:
    """(where, directory the links are relative to, markdown text) for every document a link test covers."""
    docs = []
    for path in documents():
        if path.exists():
            docs.append((path.relative_to(ROOT).as_posix(), path.parent, path.read_text(encoding="utf-8")))
    for nb in all_notebooks():
        cells = read_notebook(nb)["cells"]
        text = "\n\n".join(cell_source(c) for c in cells if c["cell_type"] == "markdown")
        docs.append((nb.relative_to(ROOT).as_posix(), nb.parent, text))
    return docs


# ---- (a) every lesson has a guide and a worksheet, and each guide has what a teacher needs -----------
def test_there_are_lessons():
    assert len(lesson_notebooks()) >= 3, "expected the lesson notebooks 01_... to 06_... in notebooks/"


@pytest.mark.parametrize("nb", lesson_notebooks(), ids=lambda p: p.stem)
def test_lesson_has_guide_and_worksheet(nb):
    guide = LESSONS / f"{nb.stem}.md"
    sheet = WORKSHEETS / f"{nb.stem}.md"
    missing = [p.relative_to(ROOT).as_posix() for p in (guide, sheet) if not p.exists()]
    assert not missing, f"{nb.name} needs {missing}"


@pytest.mark.parametrize("guide", guides(), ids=lambda p: p.stem)
def test_guide_names_standards_misconceptions_and_sections(guide):
    text = guide.read_text(encoding="utf-8")
    assert NGSS_RE.search(text), f"{guide.name}: name at least one NGSS code such as HS-LS4-2"
    assert MISCONCEPTION_RE.search(text), f"{guide.name}: name at least one misconception (M1 ... M10)"
    secs = sections(text)
    titles = [t.lower() for t, _ in secs]
    assert any("objective" in t for t in titles), f"{guide.name}: needs an Objectives section"
    assert any("what the game gets wrong" in t for t in titles), \
        f"{guide.name}: needs a 'What the game gets wrong' section"
    discussion = [body for t, body in secs if "discussion" in t.lower()]
    assert discussion, f"{guide.name}: needs a Discussion section"
    assert any(re.search(r"\b(answer|key)\b", body, re.I) for body in discussion), \
        f"{guide.name}: the Discussion section needs its answers (an answer key)"


def core_minutes(timing: str) -> tuple:
    """(minutes of the rows marked core, rows marked optional) of a guide's 5E timing table, whose second column
    is the minutes and whose last column says "core" or "optional"."""
    core, optional = 0, 0
    for line in timing.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.lstrip().startswith("|") else []
        if len(cells) < 3 or not cells[-1]:
            continue
        kind = cells[-1].lower()
        minutes = re.match(r"^(\d+)(?:\s*min)?$", cells[1])
        if kind.startswith("core") and minutes:
            core += int(minutes.group(1))
        elif kind.startswith("optional"):
            optional += 1
    return core, optional


@pytest.mark.parametrize("guide", guides(), ids=lambda p: p.stem)
def test_guide_fits_a_class_period_and_differentiates(guide):
    """The core parts of a lesson fill one 45-minute period, anything more is marked optional, and the guide says
    how to support English learners and stretch a fast class."""
    secs = sections(guide.read_text(encoding="utf-8"))
    timing = [body for t, body in secs if t.lower().startswith("timing")]
    assert timing, f"{guide.name}: needs a Timing section"
    core, optional = core_minutes(timing[0])
    assert core == 45, f"{guide.name}: the core parts of the timing table add up to {core} minutes, not 45"
    assert optional >= 1 or "optional" in timing[0].lower(), f"{guide.name}: mark what can be left out as optional"
    support = [body for t, body in secs if "differentiation" in t.lower()]
    assert support, f"{guide.name}: needs a Differentiation section"
    assert re.search(r"English learners?", support[0]), f"{guide.name}: say how to support English learners"
    assert re.search(r"extension", support[0], re.I), f"{guide.name}: give extension questions for a fast class"


def test_core_minutes_reads_the_timing_table():
    table = ("| Phase | Min | What | Notebook | Core or optional |\n|---|---|---|---|---|\n"
             "| Engage | 5 min | a | P1 | core |\n| Explore | 40 | b | P2 | core (read aloud) |\n"
             "| — | — | c | P6 | optional |\n")
    assert core_minutes(table) == (45, 1)


def test_lessons_index_lists_every_guide():
    index = LESSONS / "README.md"
    assert index.exists(), "lessons/README.md: the index of the teacher guides"
    text = index.read_text(encoding="utf-8")
    linked = {Path(p).name for p in relative_links(text)}
    for guide in guides():
        assert guide.name in linked, f"lessons/README.md does not link {guide.name}"
    assert NGSS_RE.search(text)
    for concept in range(1, 13):
        assert re.search(rf"\bC{concept}\b", text), f"lessons/README.md: concept C{concept} is not in the matrix"


# ---- (b) links resolve -------------------------------------------------------------------------------
def test_relative_links_resolve():
    broken = []
    for where, base, text in link_sources():
        for link in relative_links(text):
            if not (base / link).resolve().exists():
                broken.append(f"{where}: {link}")
    assert not broken, "broken relative links:\n" + "\n".join(broken)


# The ways the kit is opened: each `jupyter lab` command the README and the guides give (run from the
# repository root), and Binder (repo2docker serves the repository root and opens the badge's urlpath).
LAB_COMMAND_RE = re.compile(r"jupyter\s+lab\b([^`&;|]*)")
BINDER_RE = re.compile(r"mybinder\.org/v2/gh/[^)\s]*?urlpath=lab/tree/([^)\s&#]+\.ipynb)")


def ways_to_open_the_kit() -> list:
    """(where, arguments of ``jupyter lab``) for every command the documents tell a reader to run."""
    out = []
    for path in documents():
        text = path.read_text(encoding="utf-8")
        for span in re.findall(r"(?s)```.*?```|`[^`]+`", text):        # commands are in code, maybe wrapped
            for m in LAB_COMMAND_RE.finditer(" ".join(span.strip("`").split())):
                out.append((path.relative_to(ROOT).as_posix(), shlex.split(m.group(1))))
    return out


def server_root(args) -> tuple:
    """(server root, notebook opened) of ``jupyter lab args`` started in the repository root, decided by
    jupyter_server itself (a file argument alone makes its folder the root)."""
    from jupyter_server.serverapp import ServerApp
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        app = ServerApp()
        app.parse_command_line(list(args))
        root = Path(app.root_dir).resolve()
        opened = Path(app.file_to_run).resolve() if app.file_to_run else None
    finally:
        os.chdir(cwd)
    return root, opened


def unreachable_links(root: Path) -> list:
    """Links in the notebooks' markdown that a browser served from ``root`` cannot follow: outside the server
    root (a silent 404 in JupyterLab) or missing."""
    bad = []
    for nb in all_notebooks():
        cells = read_notebook(nb)["cells"]
        text = "\n\n".join(cell_source(c) for c in cells if c["cell_type"] == "markdown")
        for link in relative_links(text):
            target = (nb.parent / link).resolve()
            if not target.is_relative_to(root):
                bad.append(f"{nb.relative_to(NOTEBOOKS)}: {link} (outside the server root {root})")
            elif not target.exists():
                bad.append(f"{nb.relative_to(NOTEBOOKS)}: {link} (missing)")
    return bad


def test_the_documents_say_how_to_open_the_kit():
    ways = ways_to_open_the_kit()
    assert any(where == "README.md" for where, _ in ways), "the README's quick start opens JupyterLab"
    assert BINDER_RE.search((ROOT / "README.md").read_text(encoding="utf-8")), "the README has a Binder badge"


@pytest.mark.parametrize("where,args", [pytest.param(w, a, id=f"{w}-{i}") for i, (w, a) in enumerate(ways_to_open_the_kit())])
def test_notebook_links_work_with_each_jupyter_lab_command(where, args):
    """Every link in every notebook resolves against the server root the command gives, and the command opens
    a notebook inside that root."""
    pytest.importorskip("jupyter_server")
    root, opened = server_root(args)
    assert opened is not None and opened.exists(), f"{where}: `jupyter lab {' '.join(args)}` opens no notebook"
    assert opened.is_relative_to(root)
    bad = unreachable_links(root)
    assert not bad, f"{where}: `jupyter lab {' '.join(args)}` serves {root}; broken links:\n" + "\n".join(bad)


def test_notebook_links_work_on_binder():
    """repo2docker serves the repository root and opens the badge's notebook."""
    start = BINDER_RE.search((ROOT / "README.md").read_text(encoding="utf-8")).group(1)
    assert (ROOT / start).exists(), f"the Binder badge opens {start}, which does not exist"
    bad = unreachable_links(ROOT.resolve())
    assert not bad, "broken links on Binder:\n" + "\n".join(bad)


def test_link_finder():
    text = ("[a](x.md) ![b](img/y.png \"t\") [c](https://e.org) [d](#part) [e](../z.ipynb#top) `[f](no.md)`\n"
            "[ref]: refs/r.md\n<a href=\"h.md\">h</a>\n```\n[g](code.md)\n```\n[h](my%20file.md)")
    assert relative_links(text) == ["x.md", "img/y.png", "../z.ipynb", "my file.md", "refs/r.md", "h.md"]


# ---- (c) notebooks are committed clean -------------------------------------------------------------
def _git(path: Path, *args):
    """``git -C <folder of path> args`` as text, or None when git or a checkout is not there."""
    try:
        done = subprocess.run(["git", "-C", str(path.parent), *args], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.decode("utf-8") if done.returncode == 0 else None


def committed_versions(nb: Path) -> list:
    """(what, notebook JSON) for each version of ``nb`` that is or will be committed.

    A teacher who plays a notebook in JupyterLab has its outputs autosaved into the working copy; that is
    not what the repository holds, so in a git checkout the check reads the committed file (``HEAD``) and
    the staged one (the index: what the next commit will hold). A notebook git does not track yet, or a
    copy that is not a checkout (an unpacked archive), is checked as the file on disk. CI (``CI`` set)
    checks the working copy too: there it must equal what was committed."""
    out = []
    for what, rev in (("committed", f"HEAD:./{nb.name}"), ("staged", f":./{nb.name}")):
        text = _git(nb, "show", rev)
        if text is not None:
            out.append((what, json.loads(text)))
    if not out or os.environ.get("CI"):
        out.append(("on disk", read_notebook(nb)))
    return out


@pytest.mark.parametrize("nb", all_notebooks(), ids=lambda p: p.relative_to(NOTEBOOKS).with_suffix("").as_posix())
def test_notebook_committed_without_outputs(nb):
    for what, data in committed_versions(nb):
        where = f"{nb.name} ({what})"
        assert data["metadata"].get("kernelspec", {}).get("name") == "python3", f"{where}: kernelspec python3"
        for i, cell in enumerate(data["cells"]):
            if cell["cell_type"] == "code":
                assert not cell.get("outputs"), f"{where}: cell {i} was committed with outputs"
                assert cell.get("execution_count") is None, f"{where}: cell {i} has an execution count"


def _notebook(outputs: bool) -> str:
    cell = {"cell_type": "code", "metadata": {}, "source": ["print(1)"],
            "outputs": [{"output_type": "stream", "name": "stdout", "text": ["1\n"]}] if outputs else [],
            "execution_count": 1 if outputs else None}
    return json.dumps({"cells": [cell], "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4,
                       "nbformat_minor": 5})


def test_committed_check_ignores_a_played_working_copy_but_not_a_committed_output(tmp_path, monkeypatch):
    """A teacher plays a notebook (JupyterLab autosaves its outputs) and runs the tests: they pass, because the
    repository still holds the clean notebook; outputs staged or committed still fail, and so does a notebook
    outside a checkout."""
    if _git(ROOT / "README.md", "--version") is None:
        pytest.skip("git is not installed")
    monkeypatch.delenv("CI", raising=False)
    repo = tmp_path / "kit"
    (repo / "notebooks").mkdir(parents=True)
    nb = repo / "notebooks" / "play.ipynb"
    nb.write_text(_notebook(outputs=False))
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "commit.gpgsign=false"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "clean"], check=True)
    nb.write_text(_notebook(outputs=True))                 # played and autosaved, not committed
    test_notebook_committed_without_outputs(nb)
    monkeypatch.setenv("CI", "true")                       # CI's checkout must be clean on disk too
    with pytest.raises(AssertionError, match="on disk"):
        test_notebook_committed_without_outputs(nb)
    monkeypatch.delenv("CI")
    subprocess.run(git + ["add", "-A"], check=True)        # staged: the next commit would hold outputs
    with pytest.raises(AssertionError, match="staged"):
        test_notebook_committed_without_outputs(nb)
    subprocess.run(git + ["commit", "-q", "-m", "outputs"], check=True)
    with pytest.raises(AssertionError, match="committed"):
        test_notebook_committed_without_outputs(nb)
    loose = tmp_path / "unpacked" / "play.ipynb"           # not a checkout: the file itself is checked
    loose.parent.mkdir()
    loose.write_text(_notebook(outputs=True))
    with pytest.raises(AssertionError, match="on disk"):
        test_notebook_committed_without_outputs(loose)


def test_games_to_play_are_tables_of_cards():
    """Every notebook with a game to play shows the table of cards (its list of buttons one click away): no
    notebook builds a GameBoard itself, which play.ipynb keeps only as its fallback where anywidget is missing."""
    playable = []
    for path in all_notebooks():
        code = "\n".join(cell_source(c) for c in read_notebook(path)["cells"] if c["cell_type"] == "code")
        assert not re.search(r"\bGameBoard\(", code), f"{path.name} builds a GameBoard: show a CardBoard"
        if re.search(r"\bCardBoard\b", code):
            playable.append(path.name)
    assert {"play.ipynb", "01_playing_evolution.ipynb", "02_random_mutation.ipynb"} <= set(playable), playable


def test_play_notebook_reads_right_in_voila():
    """Voila (``voila notebooks/play.ipynb``, for the projector) shows the text and the board but no code cells:
    an instruction to run a cell must say it is for JupyterLab."""
    nb = read_notebook(NOTEBOOKS / "play.ipynb")
    text = "\n".join(cell_source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
        if re.search(r"\bcells?\b|shift\s*\+\s*enter|code box", sentence, re.I):
            assert "JupyterLab" in sentence, f"play.ipynb: {sentence!r} makes no sense in Voila"


# ---- (d) Binder --------------------------------------------------------------------------------------
def test_binder_files():
    req = [line.split("#", 1)[0].strip() for line in (ROOT / "binder/requirements.txt").read_text().splitlines()]
    req = [r for r in req if r]
    local = [r for r in req if r == "." or r.startswith(".[")]
    assert local, "binder/requirements.txt must install the package itself ('.' or '.[lab]')"
    assert (ROOT / "binder/runtime.txt").read_text().strip() == "python-3.11"
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    extras = set()
    for spec in local:
        for extra in re.findall(r"[\w-]+", spec.partition("[")[2]):
            extras |= {re.split(r"[<>=!~\[; ]", d)[0].lower() for d in project["optional-dependencies"][extra]}
    needed = {"matplotlib", "pandas", "networkx", "ipywidgets", "jupyterlab"}
    assert needed <= extras | {r.split("=")[0].lower() for r in req}, \
        f"binder/requirements.txt misses {sorted(needed - extras)}"
    apt = [line.split("#", 1)[0].strip() for line in (ROOT / "binder/apt.txt").read_text().splitlines()]
    assert "fonts-wqy-microhei" in apt, "binder/apt.txt must install a CJK font for charts in Chinese"


def _binder_notebook() -> Path:
    start = NOTEBOOKS / "00_start_here.ipynb"
    return start if start.exists() else NOTEBOOKS / "play.ipynb"


@pytest.mark.slow
def test_binder_requirements_build_a_working_environment(tmp_path):
    """As Binder does: a fresh environment from binder/requirements.txt alone (installed from the repository
    root), then one notebook run in it. pytest and nbval are added only to run the notebook."""
    venv = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"

    def run(cmd, timeout, cwd=ROOT):
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
        assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
        return done

    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if importlib.util.find_spec("uv") is not None:
        from uv import find_uv_bin
        uv = find_uv_bin()
        run([uv, "venv", "--quiet", "--python", sys.executable, str(venv)], 120)
        run([uv, "pip", "install", "--quiet", "--python", str(python), "-r", "binder/requirements.txt"], 600)
        run([uv, "pip", "install", "--quiet", "--python", str(python), "pytest", "nbval"], 300)
    else:
        run([sys.executable, "-m", "venv", str(venv)], 120)
        run([str(python), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"], 600)
        run([str(python), "-m", "pip", "install", "--quiet", "pytest", "nbval"], 300)
    # the package was installed into the environment (run outside the repository, so its copy is not importable)
    where = run([str(python), "-c", "import evolab; print(evolab.__file__)"], 60, cwd=tmp_path).stdout.strip()
    assert Path(where).resolve().is_relative_to(venv.resolve()), where
    nb = _binder_notebook().relative_to(ROOT).as_posix()
    run([str(python), "-m", "pytest", "-q", "--nbval-lax", "-p", "no:cacheprovider", nb], 300)

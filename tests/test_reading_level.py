"""Student-facing text reads at grade 10 or below (Flesch-Kincaid, textstat): every student notebook's markdown
(code, maths, links and table rules stripped) and every worksheet, and the concept test's student copy. A single
cell may reach grade 12 (a definition), as the writing guide allows. Teacher notebooks (``teacher_*``) are not for
students."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

textstat = pytest.importorskip("textstat")

ROOT = Path(__file__).resolve().parents[1]
MAX_GRADE = 10
MAX_CELL_GRADE = 12
MIN_WORDS = 20                     # shorter cells give unstable grades


def prose(text: str) -> str:
    """Markdown as plain sentences: code, maths, images, link targets and HTML removed; each table cell and heading
    a sentence of its own; list markers, emphasis and fill-in blanks removed."""
    text = re.sub(r"(?ms)^(```|~~~).*?^\1[^\n]*$", " ", text)
    text = re.sub(r"`[^`\n]*`", " ", text)
    text = re.sub(r"\$\$.*?\$\$|\$[^$\n]*\$", " ", text, flags=re.S)
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", " ", text)
    out = []
    for line in text.splitlines():
        s = line.strip()
        if re.match(r"^\|?\s*:?-{3,}", s):
            continue
        if s.startswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            out += [c if c.endswith((".", "?", "!", ":")) else c + "." for c in cells if c.strip("_ ")]
            continue
        heading = s.startswith("#")
        s = re.sub(r"^(#+|>+|[-*+]|\d+[.)]|[a-d]\))\s*", "", s)
        s = re.sub(r"^>\s*", "", s).replace("**", "").replace("__", "").replace("*", "")
        s = re.sub(r"_{2,}", " ", s)
        if s and heading and not s.endswith((".", "?", "!", ":")):
            s += "."
        out.append(s)
    return "\n".join(out)


def grade(text: str) -> float:
    return textstat.flesch_kincaid_grade(prose(text))


def markdown_cells(nb: Path) -> list:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in cells if c["cell_type"] == "markdown"]


#: Notebooks in another language (``notebooks/<lang>/``, such as ``notebooks/ru/``) are exempt: Flesch-Kincaid counts
#: English syllables and words per sentence, so its grade means nothing for Russian text.
TRANSLATED = sorted((ROOT / "notebooks").glob("[a-z]*/*.ipynb"))
STUDENT_NOTEBOOKS = [nb for nb in sorted((ROOT / "notebooks").glob("*.ipynb")) if not nb.name.startswith("teacher_")]
STUDENT_DOCUMENTS = sorted((ROOT / "lessons" / "worksheets").glob("*.md")) + [ROOT / "lessons" / "concept_test.md"]


@pytest.mark.parametrize("nb", STUDENT_NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_prose_reading_level(nb):
    cells = markdown_cells(nb)
    whole = grade("\n\n".join(cells))
    assert whole <= MAX_GRADE, f"{nb.name}: Flesch-Kincaid grade {whole:.1f} > {MAX_GRADE}: shorter sentences, plainer words"
    for cell in cells:
        if len(prose(cell).split()) >= MIN_WORDS:
            g = grade(cell)
            assert g <= MAX_CELL_GRADE, f"{nb.name}: a cell reads at grade {g:.1f} > {MAX_CELL_GRADE}: {cell[:80]!r}"


@pytest.mark.parametrize("doc", STUDENT_DOCUMENTS, ids=lambda p: p.stem)
def test_student_document_reading_level(doc):
    text = doc.read_text(encoding="utf-8")
    if doc.name == "concept_test.md":                       # the student copy only, not the key for the teacher
        text = text.split("## Student copy", 1)[1].split("## Answer key", 1)[0]
    g = grade(text)
    assert g <= MAX_GRADE, f"{doc.name}: Flesch-Kincaid grade {g:.1f} > {MAX_GRADE}"


def test_translated_notebooks_are_exempt_by_their_folder():
    """Every notebook outside ``notebooks/`` itself sits in a language's folder; the English ones are all checked."""
    from evolab.i18n import LANGUAGES
    assert all(nb.parent.name in LANGUAGES and nb.parent.name != "en" for nb in TRANSLATED), TRANSLATED
    assert not set(TRANSLATED) & set(STUDENT_NOTEBOOKS)


def test_the_check_can_fail():
    """Long sentences of long words score far above grade 10; the prose filter drops code, links and tables' rules."""
    hard = ("Notwithstanding considerable methodological heterogeneity, contemporary evolutionary investigations "
            "overwhelmingly corroborate differential reproductive success attributable to heritable phenotypic "
            "variation, particularly under environmentally determined selective regimes. ") * 3
    assert grade(hard) > MAX_GRADE + 5
    assert prose("Run `x = 1` and see [the guide](../a.md).\n|---|---|\n| a | b |") == "Run   and see the guide.\na.\nb."

"""A teacher guide quotes no number its notebook does not print.

Measured results live in the notebook, which prints them and asserts its claims; a guide that copies them goes
stale as soon as the engine or the bots change. So the rule is: **every number in a guide appears in its notebook's
text or code** (the settings a teacher needs: games, seeds, generations, rates, founders), or is a structural
number (NGSS codes, misconception and concept numbers, lesson, part, item and question numbers, years, minutes,
grades, numbered lists, links and code). The guide describes results in words and points to the notebook's
printout.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NUMBER = re.compile(r"(?<![\w.])\d+(?:,\d{3})*(?:\.\d+)?")
#: Parts of a guide whose numbers are not measurements.
STRUCTURAL = (
    r"\]\([^)]*\)",                                             # link targets
    r"`[^`]*`", r"(?ms)^```.*?^```",                            # code
    r"\b(?:HS|MS)-LS\d-\d\b", r"\b[MCL]\d+\b",                  # standards, misconceptions, concepts, lessons
    r"\b(?:18|19|20)\d\d\b",                                    # years
    r"\b\d+\s*(?:[–-]|to)\s*\d+\s*(?:min|minutes?)\b", r"\b\d+\s*(?:min|minutes?|s|seconds?)\b",
    r"\bgrades?\s+\d+(?:\s*[–-]\s*\d+)?",
    r"\b(?:lesson|part|item|probe|question|extension|step|phase|column|row)s?\s+\d+(?:\s*(?:[–-]|and|or|,)\s*\d+)*",
    r"(?m)^\s*\d+[.)]\s", r"(?m)^\|\s*\d+\s*\|",                # numbered lists, numbered table rows
    r"\bPython\s+3\.\d+", r"\b5E\b", r"\b\d+\s*[×x]\s*45\b",
)


def guide_numbers(text: str) -> list:
    for pattern in STRUCTURAL:
        text = re.sub(pattern, " ", text, flags=re.I)
    return [m.group(0) for m in NUMBER.finditer(text)]


def notebook_numbers(nb: Path) -> set:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in cells)
    return {n.replace(",", "") for n in NUMBER.findall(text)}


def guides() -> list:
    out = []
    for guide in sorted((ROOT / "lessons").glob("[0-9][0-9]*_*.md")):
        nb = ROOT / "notebooks" / f"{guide.stem}.ipynb"
        if nb.exists():
            out.append(pytest.param(guide, nb, id=guide.stem))
    return out


@pytest.mark.parametrize("guide,nb", guides())
def test_guide_quotes_only_numbers_its_notebook_has(guide, nb):
    known = notebook_numbers(nb)
    missing = sorted({n for n in guide_numbers(guide.read_text(encoding="utf-8")) if n.replace(",", "") not in known})
    assert not missing, (f"{guide.name} quotes numbers that {nb.name} does not have in its text or code: {missing}. "
                         "Describe results in words and let the notebook print them.")


def test_the_rule_can_fail_and_ignores_structure():
    text = ("Lesson 7, Part 3 (HS-LS4-3, M4): 5 min.\n1. Run 60 games. See [x](07_a.md) and `reps=60`.\n"
            "Camouflage rose to 72 % (1,234 of 1,700).")
    assert guide_numbers(text) == ["60", "72", "1,234", "1,700"]

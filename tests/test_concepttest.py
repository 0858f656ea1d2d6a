"""The pre/post concept test: the key in ``evolab.concepttest`` matches the printed answer key in
``lessons/concept_test.md``; answer sheets are read strictly (bad ones refused, nothing scored); scores, the paired
gain and misconception counts are exact on a small hand-made class."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from evolab import concepttest as ct

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "lessons" / "concept_test.md"


def test_printed_key_matches_the_scoring_key():
    text = DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| ([^|]+) \| ([a-d]) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", text, re.M)
    assert len(rows) == len(ct.ITEMS) == 10
    for item, (num, concept, key, *cols) in zip(ct.ITEMS, rows):
        assert int(num) == item.number and key == item.key and concept.strip() == item.concept
        for letter, cell in zip("abcd", cols):
            cell = cell.strip()
            if letter == key:
                assert cell == "key"
            else:
                assert cell.split()[0] == item.wrong[letter], (num, letter, cell)
    # every item is printed with four options, and its stem number
    for item in ct.ITEMS:
        assert re.search(rf"^\*\*{item.number}\.\*\*", text, re.M)
    assert len(re.findall(r"^[a-d]\) ", text, re.M)) == 40


def sheet(*rows):
    return ",".join(ct.COLUMNS) + "\n" + "\n".join(",".join(r) for r in rows) + "\n"


KEY = [i.key for i in ct.ITEMS]


def test_scores_gain_and_misconceptions():
    wrong_m1 = ["a"] + KEY[1:]                      # item 1: 'a' shows M1
    rows = ct.read(sheet(["s1", "pre"] + wrong_m1,
                         ["s1", "post"] + KEY,
                         ["s2", "pre"] + [""] * 10,            # no answers: 0
                         ["s2", "post"] + KEY[:5] + [""] * 5,
                         ["s3", "pre"] + KEY))                # no post test: not in the gain
    r = ct.score(rows)
    by = {s["student"]: s for s in r["students"]}
    assert (by["s1"]["pre"], by["s1"]["post"], by["s1"]["gain"]) == (9, 10, 1)
    assert (by["s2"]["pre"], by["s2"]["post"], by["s2"]["gain"]) == (0, 5, 5)
    assert by["s3"]["gain"] is None and r["paired"] == 2
    assert r["pre"]["mean"] == pytest.approx(19 / 3) and r["post"]["mean"] == 7.5
    assert r["gain"]["mean"] == 3 and r["gain"]["normalised"] == pytest.approx((7.5 - 4.5) / (10 - 4.5))
    m1 = next(m for m in r["misconceptions"] if m["misconception"] == "M1")
    assert (m1["pre"], m1["post"]) == (1, 0)
    assert r["items"][0]["pre"] == pytest.approx(1 / 3) and r["items"][0]["post"] == 1.0


@pytest.mark.parametrize("text,match", [
    ("student,test,q1\n", "columns"),
    (sheet(["s1", "mid"] + KEY), "pre' or 'post"),
    (sheet(["s1", "pre"] + ["e"] + KEY[1:]), "q1 must be"),
    (sheet(["s1", "pre"] + KEY, ["s1", "pre"] + KEY), "twice"),
    (sheet(["", "pre"] + KEY), "name or number"),
    (sheet(["s1", "pre"] + KEY[:3]), "values"),
    (",".join(ct.COLUMNS) + "\n", "no answers"),
])
def test_bad_sheets_are_refused(text, match):
    with pytest.raises(ct.ConceptTestError, match=match):
        ct.read(text)


def test_example_and_template_files():
    assert (ROOT / "lessons" / "concept_test_template.csv").read_text() == ct.template()
    r = ct.score(ct.read(ROOT / "lessons" / "concept_test_example.csv"))
    assert r["pre"]["n"] == 24 and r["paired"] == 22
    with pytest.raises(ct.ConceptTestError, match="cannot be read"):
        ct.read(ROOT / "lessons" / "missing.csv")

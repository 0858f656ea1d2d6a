"""The kit's pre/post concept test (``lessons/concept_test.md``): its answer key, and scoring a class's answers.

    from evolab import concepttest
    answers = concepttest.read("answers.csv")       # student, test (pre/post), q1 ... q10: a, b, c, d or blank
    result = concepttest.score(answers)
    result["gain"]                                  # mean post - pre with its 95% interval, normalised gain

The key and the misconception behind each wrong answer live here as data, and ``lessons/concept_test.md`` prints
them (a test checks that the two agree). A file with an unknown column, an answer that is not a-d, or a student
twice in the same test is refused with ``ConceptTestError`` naming the line, and nothing is scored. Pure Python.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .csvfile import data_rows
from .errors import _FieldError

MAX_BYTES = 1_000_000
TESTS = ("pre", "post")


class ConceptTestError(_FieldError):
    """An answer sheet that cannot be scored; ``field`` names the line or column at fault. Nothing is scored."""


@dataclass(frozen=True)
class Item:
    number: int
    concept: str
    key: str
    wrong: dict          # letter -> misconception ("M1" ... "M10") the wrong answer shows


ITEMS = (
    Item(1, "C1 variation", "c", {"a": "M1", "b": "M4", "d": "M1"}),
    Item(2, "C2 inheritance", "b", {"a": "M4", "c": "M4", "d": "M1"}),
    Item(3, "C3 origin of variation", "b", {"a": "M1", "c": "M2", "d": "M3"}),
    Item(4, "C3 origin of variation", "a", {"b": "M2", "c": "M3", "d": "M4"}),
    Item(5, "C4/C5 overproduction, limited resources", "d", {"a": "M1", "b": "M3", "c": "M6"}),
    Item(6, "C6 differential survival", "b", {"a": "M7", "c": "M8", "d": "M3"}),
    Item(7, "C6 fitness", "c", {"a": "M6", "b": "M9", "d": "M6"}),
    Item(8, "C7 change in a population", "c", {"a": "M4", "b": "M1", "d": "M3"}),
    Item(9, "C7 change in a population", "d", {"a": "M9", "b": "M4", "c": "M1"}),
    Item(10, "C3/C7 mutations and the environment", "a", {"b": "M5", "c": "M9", "d": "M5"}),
)
COLUMNS = ("student", "test") + tuple(f"q{i.number}" for i in ITEMS)
MISCONCEPTIONS = {"M1": "need", "M2": "the environment causes mutations", "M3": "trying",
                  "M4": "individuals change and pass it on", "M5": "mutations are always harmful",
                  "M6": "fittest means strongest", "M7": "all-or-nothing survival", "M8": "it is all luck",
                  "M9": "progress", "M10": "common means useful"}


def template() -> str:
    """The header of an answer sheet (CSV)."""
    return ",".join(COLUMNS) + "\n"


def read(source, name: str = "") -> list:
    """Answer rows from a CSV file path, or its contents (bytes or text with a newline): ``[{student, test, q1 ...}]``,
    answers as lower-case letters ('' = no answer). Refused with ``ConceptTestError`` when anything is wrong."""
    if isinstance(source, (bytes, bytearray, memoryview)):
        data = bytes(source)
    elif isinstance(source, str) and "\n" in source:
        data = source.encode("utf-8")
    else:
        path = Path(source)
        name = name or path.name
        try:
            if path.stat().st_size > MAX_BYTES:
                raise ConceptTestError(f"{name}: too large for a class's answer sheet (at most {MAX_BYTES:,} bytes)")
            data = path.read_bytes()
        except OSError as e:
            raise ConceptTestError(f"{name}: cannot be read ({e.strerror})") from None
    label = name or "the answer sheet"
    if len(data) > MAX_BYTES:
        raise ConceptTestError(f"{label}: too large for a class's answer sheet (at most {MAX_BYTES:,} bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ConceptTestError(f"{label}: not a text (CSV) file") from None
    rows, seen = [], set()
    for where, values in data_rows(text, COLUMNS, label, ConceptTestError, "; start from concept_test_template.csv"):
        student, test = values[0], values[1].lower()
        if not student:
            raise ConceptTestError(f"{label}: {where}: the student needs a name or number", where)
        if test not in TESTS:
            raise ConceptTestError(f"{label}: {where}: test must be 'pre' or 'post', not {values[1]!r}", where)
        if (student, test) in seen:
            raise ConceptTestError(f"{label}: {where}: {student} appears twice in the {test} test", where)
        seen.add((student, test))
        row = {"student": student, "test": test}
        for item, answer in zip(ITEMS, values[2:]):
            a = answer.lower().rstrip(")")
            if a not in ("", "a", "b", "c", "d"):
                raise ConceptTestError(f"{label}: {where}: q{item.number} must be a, b, c, d or empty, not "
                                       f"{answer!r}", f"{where}.q{item.number}")
            row[f"q{item.number}"] = a
        rows.append(row)
    if not rows:
        raise ConceptTestError(f"{label}: no answers yet")
    return rows


def _mean_ci(values):
    """Mean and 95% interval (t) as a dict; ``low``/``high`` None with fewer than two values."""
    from .analysis.heredity import _mean_ci as interval
    n, mean, sd, low, high = interval(list(values))
    two = n > 1
    return {"n": n, "mean": mean, "low": low if two else None, "high": high if two else None, "sd": sd if two else None}


def score(rows) -> dict:
    """Scores: ``students`` (pre, post, gain, normalised gain per student), ``pre`` and ``post`` (class mean score
    with 95% interval, over everyone who took that test), ``gain`` (post - pre over the students who took both,
    paired, with its 95% interval, and the class's normalised gain (post - pre) / (10 - pre) of the means),
    ``items`` (share correct per item before and after) and ``misconceptions`` (how often a wrong answer showing
    each misconception was chosen, before and after)."""
    total = len(ITEMS)
    by_student: dict = {}
    for r in rows:
        correct = sum(r[f"q{i.number}"] == i.key for i in ITEMS)
        by_student.setdefault(r["student"], {})[r["test"]] = correct
    students = []
    for name, s in by_student.items():
        pre, post = s.get("pre"), s.get("post")
        both = pre is not None and post is not None
        students.append({"student": name, "pre": pre, "post": post, "gain": post - pre if both else None,
                         "normalised_gain": ((post - pre) / (total - pre) if both and pre < total else None)})
    pre = _mean_ci([s["pre"] for s in students if s["pre"] is not None])
    post = _mean_ci([s["post"] for s in students if s["post"] is not None])
    paired = [s for s in students if s["gain"] is not None]
    gain = _mean_ci([s["gain"] for s in paired])
    if paired:
        mp = sum(s["pre"] for s in paired) / len(paired)
        mq = sum(s["post"] for s in paired) / len(paired)
        gain["normalised"] = (mq - mp) / (total - mp) if mp < total else None
    else:
        gain["normalised"] = None
    items = []
    for i in ITEMS:
        row = {"item": i.number, "concept": i.concept, "key": i.key}
        for t in TESTS:
            answered = [r for r in rows if r["test"] == t]
            k = sum(r[f"q{i.number}"] == i.key for r in answered)
            row[t] = (k / len(answered)) if answered else None
            row[t + "_n"] = len(answered)
        items.append(row)
    mis: dict = {}
    for t in TESTS:
        answered = [r for r in rows if r["test"] == t]
        for i in ITEMS:
            for r in answered:
                m = i.wrong.get(r[f"q{i.number}"])
                if m:
                    mis.setdefault(m, {"pre": 0, "post": 0})[t] += 1
    counts = {t: sum(1 for r in rows if r["test"] == t) for t in TESTS}
    misconceptions = [{"misconception": m, "meaning": MISCONCEPTIONS[m], "pre": v["pre"], "post": v["post"],
                       "pre_per_student": v["pre"] / counts["pre"] if counts["pre"] else None,
                       "post_per_student": v["post"] / counts["post"] if counts["post"] else None}
                      for m, v in sorted(mis.items(), key=lambda kv: int(kv[0][1:]))]
    return {"students": students, "pre": pre, "post": post, "gain": gain, "items": items,
            "misconceptions": misconceptions, "total": total, "paired": len(paired)}


__all__ = ["ITEMS", "Item", "COLUMNS", "MISCONCEPTIONS", "ConceptTestError", "read", "score", "template"]

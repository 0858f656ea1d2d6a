"""Code outside ``evolab/rules/`` never names an edition or a trait to decide anything: it asks the edition.

The check reads the syntax tree of every module of ``evolab`` outside ``evolab/rules/`` and looks for a
string constant equal to an edition id or a trait id (of any registered edition) used

- as an operand of a comparison (``==``, ``!=``, ``in``, ``not in``, ``is``), or a ``case`` pattern;
- as a key: of a dict display, of a subscript (``x["carnivorous"]``), or of ``.get(...)``;
- as an element of a tuple, list or set display that is itself compared or looked into (``in ("a", "b")``).

Defaults of parameters (``ruleset="origin"``), docstrings and messages are not decisions and are not flagged.
It also finds no ``hasattr`` or three-argument ``getattr`` on a ruleset outside ``evolab/rules/``.
"""
from __future__ import annotations

import ast
import pathlib

import pytest

import evolab
from evolab.rules import editions

ROOT = pathlib.Path(evolab.__file__).parent
#: Modules not yet brought under the rule, each with its reason (the list should only shrink).
KNOWN: dict[str, str] = {}
MODULES = sorted(p for p in ROOT.rglob("*.py") if "rules" not in p.relative_to(ROOT).parts
                 and str(p.relative_to(ROOT)) not in KNOWN)


def _names():
    ids = set(editions())
    traits = {t for ed in editions().values() for t in ed.ruleset.traits}
    return ids, traits


def _strings(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node
    elif isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        for x in node.elts:
            yield from _strings(x)


def decisions(tree):
    """(line, string) of each string constant used to decide something (see the module docstring)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for x in [node.left, *node.comparators]:
                for c in _strings(x):
                    yield c.lineno, c.value
        elif isinstance(node, ast.Dict):
            for k in node.keys:
                if k is not None:
                    for c in _strings(k):
                        yield c.lineno, c.value
        elif isinstance(node, ast.Subscript):
            for c in _strings(node.slice):
                yield c.lineno, c.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and node.args:
            for c in _strings(node.args[0]):
                yield c.lineno, c.value
        elif isinstance(node, ast.match_case):
            for sub in ast.walk(node.pattern):
                if isinstance(sub, ast.MatchValue):
                    for c in _strings(sub.value):
                        yield c.lineno, c.value


def probes(tree):
    """(line, text) of each ``hasattr(x, ...)`` or ``getattr(x, name, default)`` whose ``x`` is a ruleset."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("hasattr", "getattr"):
            if node.func.id == "getattr" and len(node.args) < 3:
                continue
            target = ast.unparse(node.args[0]) if node.args else ""
            if target in ("rs", "rules") or target.endswith("ruleset"):
                yield node.lineno, ast.unparse(node)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_edition_or_trait_is_named_to_decide_outside_the_rules(path):
    ids, traits = _names()
    tree = ast.parse(path.read_text(), str(path))
    found = [f"line {line}: {value!r}" for line, value in decisions(tree) if value in ids | traits]
    assert not found, f"{path.relative_to(ROOT)} decides by an edition or trait id: " + "; ".join(found)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_ruleset_is_probed_for_a_member(path):
    found = [f"line {line}: {text}" for line, text in probes(ast.parse(path.read_text(), str(path)))]
    assert not found, f"{path.relative_to(ROOT)} probes a ruleset: " + "; ".join(found)


def test_the_check_finds_what_it_looks_for():
    """The check flags each kind of decision it describes (so a green run means something)."""
    code = ("if rs.id == 'origin': pass\n"
            "x = {'carnivorous': 1}\n"
            "y = row['swimming']\n"
            "z = d.get('northstar')\n"
            "ok = t in ('fat_tissue', 'other')\n"
            "def f(ruleset='origin'): return 'carnivorous is a word'\n")
    assert [v for _, v in decisions(ast.parse(code))] == ["origin", "carnivorous", "swimming", "northstar",
                                                           "fat_tissue", "other"]
    assert [t for _, t in probes(ast.parse("hasattr(state.ruleset, 'x')\ngetattr(rs, 'y', None)\n"))] == [
        "hasattr(state.ruleset, 'x')", "getattr(rs, 'y', None)"]

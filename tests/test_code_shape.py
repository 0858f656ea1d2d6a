"""The code stays readable: no function or method in ``evolab/`` is longer than 60 lines (a reader sees one
whole on a screen); split by what its parts do."""
from __future__ import annotations

import ast
import pathlib

import evolab

ROOT = pathlib.Path(evolab.__file__).parent
LIMIT = 60


def long_functions(limit=LIMIT):
    out = []
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > limit:
                    out.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({n} lines)")
    return out


def test_no_function_is_longer_than_sixty_lines():
    found = long_functions()
    assert not found, "functions over 60 lines: " + "; ".join(found)


def test_the_check_measures_functions():
    assert long_functions(limit=5), "the check finds no function at all"

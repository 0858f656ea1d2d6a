"""Tracked tables read column by column, straight from their typed storage: a 10,000-game sweep's million
trait rows as a handful of compact arrays (or one DataFrame) instead of a million dicts.

``columns(table)`` gives ``{name: column}`` with the same names and values as ``table.rows()``: whole
numbers as ``array``, categories and objects as lists (the strings shared, not copied), derived columns (a
frequency from two counts) and the game's experiment parameters row by row. A missing value (``None`` in a
row: a frequency with no animal alive, a parameter a game lacks) is ``nan`` in a number column and ``None``
in a list, as pandas shows it. ``iter_columns`` reads columns in one pass without holding them;
``to_frame(table)`` builds a pandas DataFrame (categories as ``Categorical``). None builds a dict per row.
"""
from __future__ import annotations

import math
from array import array

_NAN = math.nan


def _iter(table, name):
    """The stored column ``name`` value by value, without copying it."""
    data = table.data[name]
    if name in table.codes:
        return map(table.names[name].__getitem__, data)
    return iter(data)


def _stored(table, name):
    data = table.data[name]
    if name in table.codes:
        labels = table.names[name]
        return [labels[k] for k in data]
    return array(data.typecode, data) if hasattr(data, "typecode") else list(data)


def _numbers(values):
    """``values`` as an array: 'q' when all are whole numbers, 'd' when some are floats (None -> nan);
    None when some are neither (the column stays a list)."""
    if all(type(v) is int for v in values):
        try:
            return array("q", values)
        except OverflowError:
            return None
    if all(v is None or type(v) in (int, float) for v in values):
        return array("d", (_NAN if v is None else v for v in values))
    return None


def _derived_values(table, f):
    """Derived column ``f`` row by row, computed with one reused dict (no dict per row)."""
    names = table.columns
    row: dict = {}
    for vals in zip(*(_iter(table, c) for c in names)):
        row.update(zip(names, vals))
        yield f(row)


def _derived(table, f):
    col = array("d")
    values = None
    for v in _derived_values(table, f):
        if values is None and (v is None or type(v) in (int, float)):
            col.append(_NAN if v is None else v)
        else:
            if values is None:                   # not a number after all: a list, None for missing
                values = [(None if math.isnan(x) else x) for x in col]
            values.append(v)
    return col if values is None else values


def _param_values(table, name):
    per_game = {g: p.get(name) for g, p in table.params.items()}
    return per_game, map(per_game.get, _iter(table, "game"))


def _param(table, name):
    """Parameter ``name`` row by row (from each row's game): an array when every game's value is a number."""
    per_game, values = _param_values(table, name)
    nums = _numbers(list(per_game.values())) if per_game else None
    if nums is not None and nums.typecode == "d":
        return array("d", (_NAN if v is None else v for v in values))
    if nums is not None and all(g in per_game for g in set(_iter(table, "game"))):
        return array("q", values)
    return list(values)


def _check(table, names):
    unknown = [n for n in names if n not in table.fieldnames]
    if unknown:
        raise KeyError(f"no column(s) {unknown} in table {table.name!r}; columns are {table.fieldnames}")


def _read(table, names, stored, derived, param) -> dict:
    _check(table, names)
    fns = dict(table.derived)
    return {n: stored(table, n) if n in table.data else derived(table, fns[n]) if n in fns else param(table, n)
            for n in names}


def columns(table, names=None) -> dict:
    """``{name: column}`` of ``table`` (a ``tables.Table``): every column of ``table.fieldnames``, or ``names``."""
    return _read(table, list(table.fieldnames if names is None else names), _stored, _derived, _param)


def iter_columns(table, names) -> dict:
    """``{name: iterator}`` over the values of each column of ``names`` (missing values as in the rows: None),
    computed as they are read: one pass over a big table without holding any column."""
    return _read(table, list(names), _iter, _derived_values, lambda t, n: _param_values(t, n)[1])


def to_frame(table, names=None):
    """A pandas DataFrame of ``table``'s columns (categories as ``pandas.Categorical``), built without rows."""
    import numpy as np
    import pandas as pd
    wanted = list(table.fieldnames if names is None else names)
    _check(table, wanted)
    data = {}
    for name in wanted:
        if name in table.codes and not any(v is None for v in table.names[name]):
            stored = table.data[name]                                # the stored codes themselves
            codes = np.fromiter(stored, dtype=np.int16, count=len(stored))
            data[name] = pd.Categorical.from_codes(codes, categories=table.names[name])
            continue
        col = columns(table, [name])[name]
        if isinstance(col, array):
            data[name] = np.frombuffer(col, dtype=np.dtype(col.typecode)) if len(col) else \
                np.zeros(0, np.dtype(col.typecode))
        else:
            data[name] = col
    return pd.DataFrame(data, columns=list(data))

"""Tracked tables read column by column, straight from their typed storage: a 10,000-game sweep's million
trait rows as a handful of compact arrays (or one DataFrame) instead of a million dicts.

``columns(table)`` gives ``{name: column}`` with the same names and values as ``table.rows()``: whole
numbers and derived columns (a frequency from two counts) as ``array``, objects as lists. Two kinds of column
read like lists but cost far less: categories (a trait, a cause of death) are ``CategoryColumn``s, two-byte
codes into their labels; columns whose values come in long runs (``game``, ``turn``, a turn's ``alive``, each
game's experiment parameters) are ``RunColumn``s, each value once with the number of rows that repeat it.
``numpy.asarray`` expands either. A missing value (``None`` in a row: a frequency with no animal alive, a
parameter a game lacks) is ``nan`` in a number column and ``None`` otherwise, as pandas shows it.
``iter_columns`` reads columns in one pass without holding them; ``to_frame(table)`` builds a pandas DataFrame
(categories as ``Categorical``). None builds a dict per row.
"""
from __future__ import annotations

import math
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate, chain, islice, repeat

from .tables import Runs

_NAN = math.nan


class RunColumn(Sequence):
    """A read-only column kept as runs of equal values: ``values[i]`` repeated ``counts[i]`` times. A sweep's
    game number, turn and parameters change once per game or turn, so two million rows of them cost a few
    thousand entries. Reads like a list (``len``, ``col[i]``, slices as lists, iteration, ``in``);
    ``numpy.asarray(col)`` expands it; ``typecode`` is the values' array type, or None for objects."""

    __slots__ = ("values", "counts", "_ends")

    def __init__(self, values, counts):
        if len(values) != len(counts):
            raise ValueError(f"a RunColumn needs one count per value, got {len(values)} values and {len(counts)} counts")
        self.values = values
        self.counts = array("q", counts)
        self._ends = None

    @property
    def typecode(self):
        return getattr(self.values, "typecode", None)

    def _end(self) -> list:
        if self._ends is None:
            self._ends = list(accumulate(self.counts))
        return self._ends

    def __len__(self):
        ends = self._end()
        return ends[-1] if ends else 0

    def __iter__(self):
        return chain.from_iterable(map(repeat, self.values, self.counts))

    def __getitem__(self, i):
        n = len(self)
        if isinstance(i, slice):
            start, stop, step = i.indices(n)
            return list(islice(self, start, stop, step)) if step > 0 else list(self)[i]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("RunColumn index out of range")
        return self.values[bisect_right(self._end(), i)]

    def tolist(self) -> list:
        return list(self)

    def __eq__(self, other):
        if isinstance(other, RunColumn):
            return list(self.values) == list(other.values) and self.counts == other.counts
        if isinstance(other, (list, tuple, array)):
            return len(self) == len(other) and all(map(_same, self, other))
        return NotImplemented

    __hash__ = None     # type: ignore[assignment]

    def __array__(self, dtype=None, copy=None):
        import numpy as np
        values = np.asarray(self.values, dtype=np.dtype(self.typecode)) if self.typecode else \
            np.array(list(self.values), dtype=object)
        out = np.repeat(values, np.asarray(self.counts, dtype=np.int64))
        return out if dtype is None else out.astype(dtype)

    def __repr__(self):
        shown = ", ".join(f"{v!r} x{k}" for v, k in islice(zip(self.values, self.counts), 4))
        more = ", ..." if len(self.counts) > 4 else ""
        return f"RunColumn([{shown}{more}], {len(self)} rows)"


class CategoryColumn(Sequence):
    """A read-only column of categories (a trait's name, a cause of death) kept as small codes into its
    ``labels``: two bytes a row instead of a reference to a string. Reads like the list of its labels (``len``,
    ``col[i]``, slices as lists, iteration, ``in``); ``numpy.asarray(col)`` gives the labels as objects."""

    __slots__ = ("codes", "labels")

    def __init__(self, codes, labels):
        self.codes = codes if isinstance(codes, array) else array("h", codes)
        self.labels = list(labels)

    typecode = None

    def __len__(self):
        return len(self.codes)

    def __iter__(self):
        return map(self.labels.__getitem__, self.codes)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(map(self.labels.__getitem__, self.codes[i]))
        return self.labels[self.codes[i]]

    def tolist(self) -> list:
        return list(self)

    def __eq__(self, other):
        if isinstance(other, (CategoryColumn, RunColumn, list, tuple)):
            return len(self) == len(other) and all(map(_same, self, other))
        return NotImplemented

    __hash__ = None     # type: ignore[assignment]

    def __array__(self, dtype=None, copy=None):
        import numpy as np
        labels = np.empty(len(self.labels), dtype=object)
        labels[:] = self.labels
        out = labels[np.asarray(self.codes, dtype=np.intp)]
        return out if dtype is None else out.astype(dtype)

    def __repr__(self):
        shown = ", ".join(map(repr, islice(self, 4)))
        return f"CategoryColumn([{shown}{', ...' if len(self) > 4 else ''}], {len(self)} rows)"


def _same(a, b):
    return a == b or (a != a and b != b)        # nan equals nan here, as in a column compared value by value


def _runs(values, counts) -> tuple:
    """``values`` and ``counts`` with equal neighbours joined into one run."""
    vals: list = []
    cnts = array("q")
    for v, k in zip(values, counts):
        if vals and (vals[-1] == v or (v != v and vals[-1] != vals[-1])) and type(vals[-1]) is type(v):
            cnts[-1] += k
        else:
            vals.append(v)
            cnts.append(k)
    return vals, cnts


def _iter(table, name):
    """The stored column ``name`` value by value, without copying it."""
    data = table.data[name]
    if name in table.codes:
        return map(table.names[name].__getitem__, data)
    return iter(data)


def _stored(table, name):
    data = table.data[name]
    if name in table.codes:
        return CategoryColumn(array(data.typecode, data), table.names[name])
    if type(data) is Runs:
        return _as_runs(array(data.typecode, data.values), data.counts, len(data))
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
    """Parameter ``name`` row by row (from each row's game), as runs over the game column's runs: typed ('q' or
    'd') when every game's value is a number."""
    per_game = {g: p.get(name) for g, p in table.params.items()}
    game = table.data["game"]
    if type(game) is Runs:
        games, counts = game.values, game.counts
    else:
        games, counts = list(game), repeat(1)
    values, counts = _runs(map(per_game.get, games), counts)
    nums = _numbers(list(per_game.values())) if per_game else None
    if nums is not None and nums.typecode == "d":
        values = array("d", (_NAN if v is None else v for v in values))
    elif nums is not None and all(g in per_game for g in set(games)):
        values = array("q", values)
    return _as_runs(values, counts, len(game))


def _as_runs(values, counts, n):
    """A ``RunColumn`` of these runs (copies: a tracker's table may still grow), or the plain column (``array`` or
    list) where the runs are short (a table with a row per game): runs cost more than rows there."""
    if 2 * len(values) <= n:
        return RunColumn(values, counts)
    rows = chain.from_iterable(map(repeat, values, counts))
    return array(values.typecode, rows) if isinstance(values, array) else list(rows)


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
        if isinstance(col, (RunColumn, CategoryColumn)):
            data[name] = np.asarray(col)
        elif isinstance(col, array):
            data[name] = np.frombuffer(col, dtype=np.dtype(col.typecode)) if len(col) else \
                np.zeros(0, np.dtype(col.typecode))
        else:
            data[name] = col
    return pd.DataFrame(data, columns=list(data))

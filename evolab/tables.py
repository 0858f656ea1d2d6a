"""A small columnar table: tracked rows are kept as typed columns (compact for 10,000-game sweeps) and
handed out as plain dicts in long ("tidy") form, with the experiment parameters of each game joined in."""
from __future__ import annotations

import csv
from array import array
import struct
from itertools import accumulate, chain, compress, groupby, islice, repeat
from operator import is_, mul, ne, sub

_ARRAY = {"i": "i", "h": "h", "z": "h", "d": "d", "c": "h"}
#: Rows a table queues before storing them (blocks: an eighth as many), whatever reads it first.
QUEUED = 1024
_CATEGORIES = ("c", "b")
# rows arrive game by game, turn by turn and (per seat) seat by seat, and a turn's rows share its count of
# living animals (and of mutations and trait copies so far): these columns are stored as runs
_RUNS = ("game", "turn", "seat", "alive", "mutations_total", "copies")


class Runs:
    """A column of whole numbers kept as runs of equal values (value, count): a game's hundreds of rows share
    one ``game`` and a turn's rows one ``turn``, so the column costs bytes per run instead of per row (and
    three times a plain column's where every row differs: it is used only where runs are the rule).
    Reads like an ``array``: ``len``, iteration, ``append``, ``extend``, ``typecode``."""

    __slots__ = ("typecode", "values", "counts", "_len")

    def __init__(self, typecode="i"):
        self.typecode = typecode
        self.values = array(typecode)
        self.counts = array("i")
        self._len = 0

    def __len__(self):
        return self._len

    def append(self, v):
        if self._len and self.values[-1] == v:
            self.counts[-1] += 1
        else:
            self.values.append(v)
            self.counts.append(1)
        self._len += 1

    def extend(self, values):
        if isinstance(values, Runs):
            self._extend_runs(values.values, values.counts, values._len)
        elif type(values) is tuple and values and values.count(values[0]) == len(values):
            self._add(values[0], len(values))           # the tracker's usual (game,) * k: one run
        else:
            for v, run in groupby(values):
                self._add(v, sum(1 for _ in run))

    def _add(self, v, k):
        if self._len and self.values[-1] == v:
            self.counts[-1] += k
        else:
            self.values.append(v)
            self.counts.append(k)
        self._len += k

    def _extend_runs(self, values, counts, total):
        """Add another column's runs (arrays ``values`` and ``counts`` holding ``total`` values) at C speed: only
        the first run may continue this column's last one."""
        if not total:
            return
        i = 1 if self._len and self.values[-1] == values[0] else 0
        vals = values[i:] if i else values
        if type(vals) is not array or vals.typecode != self.typecode:
            vals = array(self.typecode, vals)          # refuses what the typecode cannot hold, before anything changes
        if i:
            self.counts[-1] += counts[0]
        self.values.extend(vals)
        self.counts.extend(counts[i:] if i else counts)
        self._len += total

    def __iter__(self):
        for v, k in zip(self.values, self.counts):
            yield from repeat(v, k)

    def __getstate__(self):
        return self.typecode, self.values.tobytes(), self.counts.tobytes(), self._len

    def __setstate__(self, st):
        self.__init__(st[0])
        self.values.frombytes(st[1])
        self.counts.frombytes(st[2])
        self._len = st[3] if len(st) > 3 else sum(self.counts)     # the length sent along: no sum when merging


class Blocks:
    """A column of whole numbers kept as runs of repeated blocks: the tracker writes the same trait ids turn after
    turn, so a million rows of ``trait`` are one block of codes and one run. Each ``extend`` adds its values as
    one block (``append`` a block of one), and equal blocks in a row make a run. Reads like an ``array``:
    ``len``, iteration, ``append``, ``extend``, ``typecode``."""

    __slots__ = ("typecode", "blocks", "runs", "_ids", "_len")

    def __init__(self, typecode="h"):
        self.typecode = typecode
        self.blocks: list = []         # distinct blocks (tuples of values), in order of first use
        self._ids: dict = {}           # block -> its index in ``blocks``
        self.runs = Runs("i")          # the index of each block written, as runs
        self._len = 0

    def __len__(self):
        return self._len

    def _index(self, block: tuple) -> int:
        """The index of ``block`` in ``blocks`` (added when new)."""
        i = self._ids.get(block)
        if i is None:
            array(self.typecode, block)                    # refuses what the typecode cannot hold
            i = self._ids[block] = len(self.blocks)
            self.blocks.append(block)
        return i

    def _add(self, block: tuple, k: int = 1):
        self.runs._add(self._index(block), k)
        self._len += len(block) * k

    def append(self, v):
        self._add((v,))

    def extend(self, values, remap=None):
        """Add ``values`` as one block; from another ``Blocks``, its blocks and runs (codes through ``remap``)."""
        if isinstance(values, Blocks):
            ids = [self._index(b if remap is None else tuple(map(remap.__getitem__, b))) for b in values.blocks]
            runs = values.runs
            if len(set(ids)) < len(ids):                   # two of its blocks are one here: join their runs
                for i, k in zip(runs.values, runs.counts):
                    self.runs._add(ids[i], k)
            else:
                self.runs._extend_runs(runs.values if ids == list(range(len(ids))) else
                                       array("i", map(ids.__getitem__, runs.values)), runs.counts, runs._len)
            self._len += values._len
            return
        values = tuple(values if remap is None else map(remap.__getitem__, values))
        if values:
            self._add(values)

    def __iter__(self):
        blocks = self.blocks
        for i, k in zip(self.runs.values, self.runs.counts):
            b = blocks[i]
            for _ in range(k):
                yield from b

    def __getstate__(self):
        return self.typecode, self.blocks, self.runs

    def __setstate__(self, st):
        self.__init__(st[0])
        self.blocks = [tuple(b) for b in st[1]]
        self._ids = {b: i for i, b in enumerate(self.blocks)}
        self.runs = st[2]
        sizes = [len(b) for b in self.blocks]
        self._len = sum(map(mul, map(sizes.__getitem__, self.runs.values), self.runs.counts))


class Table:
    """Rows with fixed columns. ``kinds`` maps a column to "i" (int32), "h" (small int, int16), "z" (a small
    int that is mostly 0, such as young or mutations per trait and turn: int16 kept as ``Runs``, a few bytes per
    run of zeros instead of two per row), "d" (float), "c" (a category: a string stored as a 2-byte code), "b"
    (a category written in repeated blocks, such as the trait ids of every turn: stored as ``Blocks``) or "o"
    (any object).

    ``derived`` columns are computed from a row when it is read (e.g. a frequency from two counts), so
    they cost no memory.
    """

    def __init__(self, name, columns, derived=()):
        self.name = name
        self.columns = tuple(c for c, _ in columns)
        self.kinds = dict(columns)
        self._data = {c: (Runs(_ARRAY[k]) if (c in _RUNS and k in ("i", "h")) or k == "z" else Blocks("h") if k == "b" else
                          array(_ARRAY[k]) if k in _ARRAY else []) for c, k in columns}
        self.codes = {c: {} for c, k in columns if k in _CATEGORIES}       # category -> code
        self.names = {c: [] for c, k in columns if k in _CATEGORIES}       # code -> category
        self.derived = tuple(derived)     # ((name, function(row) -> value), ...)
        self.params = {}                  # game -> {parameter: value}
        self.param_names = []
        self._coded: dict = {}            # (column, tuple of categories) -> their codes: the tracker's trait ids
        self._rows: list = []             # rows queued (tuples of values in column order), stored by ``flush``
        self._blocks: list = []           # or blocks queued: (number of rows, columns in order)
        self._slots()

    def _slots(self):
        """Per column in order: (name, storage, its codes or None, its kind of storage), looked up once so that
        storing rows and blocks does no look-up by name."""
        self._cols = tuple((c, self._data[c], self.codes.get(c), type(self._data[c])) for c in self.columns)

    @property
    def data(self) -> dict:
        """{column: its storage} (``array``, ``Runs``, ``Blocks`` or list; categories as codes), queued rows
        stored first."""
        if self._rows or self._blocks:
            self.flush()
        return self._data

    def __len__(self):
        return len(self.data[self.columns[0]])

    def _code(self, c, v):
        codes = self.codes[c]
        k = codes.get(v)
        if k is None:
            k = codes[v] = len(self.names[c])
            self.names[c].append(v)
        return k

    def _named(self, values: dict):
        if len(values) != len(self.columns) or not all(c in values for c in self.columns):
            missing = sorted(set(self.columns) - set(values))
            extra = sorted(set(values) - set(self.columns))
            raise KeyError(f"table {self.name!r}: a row names every column once (missing {missing}, unknown {extra})")

    def append(self, **values):
        """One row, every column named: ``append(game=0, turn=3, trait="swimming", ...)``."""
        self._named(values)
        self.append_values([values[c] for c in self.columns])

    def append_values(self, values):
        """One row given as its values in the order of ``columns`` (no names to match), stored at once; a row of the
        wrong length, or with a value its column cannot hold, is refused and nothing is stored."""
        self.queue(values)
        self.flush()

    def queue(self, values):
        """``append_values`` for the tracker's per-event rows: queued and stored with others when the table is next
        read, ``flush``ed or holds ``QUEUED`` rows (one conversion per column instead of one per value); the length
        is checked now."""
        if len(values) != len(self._cols):
            raise ValueError(f"table {self.name!r}: a row has {len(self.columns)} values {self.columns}, "
                             f"got {len(values)}")
        if self._blocks:
            self.flush()
        rows = self._rows
        rows.append(tuple(values))
        if len(rows) >= QUEUED:
            self.flush()

    def add_columns(self, n: int, **columns):
        """Append ``n`` rows at once, given column by column and named; a column given as one value (not a list
        or tuple) holds it in every row."""
        self._named(columns)
        self.add_block(n, [columns[c] for c in self.columns])

    def add_block(self, n: int, block):
        """``add_columns`` with the columns given in the order of ``columns`` (no names to match), stored at once;
        every column is checked before any is stored, and a value a column cannot hold stores nothing."""
        if len(block) != len(self.columns):
            raise ValueError(f"table {self.name!r}: a block has {len(self.columns)} columns {self.columns}, "
                             f"got {len(block)}")
        for c, v in zip(self.columns, block):
            if isinstance(v, (list, tuple)) and len(v) != n:
                raise ValueError(f"table {self.name!r}: column {c!r} has {len(v)} values for {n} rows")
        self.write_block(n, [list(v) if isinstance(v, list) else v for v in block])   # a copy: stored later
        self.flush()

    def write_block(self, n: int, block):
        """``add_block`` for a caller that built the block to fit (the tracker, once per turn and table): ``n``
        rows, the columns in order, each a list or tuple of ``n`` values or one value for every row; not checked,
        and queued like ``queue``'s rows (the lists are read when stored: do not change them afterwards)."""
        if not n:
            return
        if self._rows:
            self.flush()
        blocks = self._blocks
        blocks.append((n, block))
        if len(blocks) >= QUEUED // 8:
            self.flush()

    def flush(self):
        """Store the queued rows or blocks, column by column; a value a column cannot hold raises ``ValueError`` and
        none of them is stored."""
        rows, blocks = self._rows, self._blocks
        if not (rows or blocks):
            return
        self._rows, self._blocks = [], []
        names = {c: len(v) for c, v in self.names.items()}      # to take back the categories of refused rows
        try:
            if rows:
                n = len(rows)
                staged = [_staged(kind, col, values if codes is None else self._coded_list(c, values), n)
                          for (c, col, codes, kind), values in zip(self._cols, zip(*rows))]
            else:
                ns = [k for k, _ in blocks]
                n = sum(ns)
                staged = [self._staged_blocks(c, col, codes, kind, values, ns, n)
                          for (c, col, codes, kind), values in zip(self._cols, zip(*[b for _, b in blocks]))]
        except (OverflowError, TypeError, struct.error) as e:
            for c, k in names.items():
                for v in self.names[c][k:]:
                    del self.codes[c][v]
                del self.names[c][k:]
            self._coded.clear()
            raise ValueError(f"table {self.name!r}: a value does not fit its column ({e}); nothing was stored") \
                from None
        for (_c, col, _codes, kind), (a, b) in zip(self._cols, staged):
            if kind is array:
                col.frombytes(a)
            elif kind is Runs:
                col._extend_runs(a, b, n)
            elif kind is Blocks:
                for block, k in a:
                    col._add(block, k)
            else:
                col.extend(a)

    def _staged_blocks(self, c, col, codes, kind, values, ns, n) -> tuple:
        """Column ``c`` of queued blocks (``values``: one per block of ``ns`` rows) staged like ``_staged``'s rows: a
        ``Blocks`` column as [block, repeats] (the same tuple block after block coded once), a ``Runs`` column of one
        value per block as runs without repeating the values, else every row's value in one list."""
        if kind is Blocks:
            out: list = []
            prev = None
            for v, k in zip(values, ns):
                if v is prev:                                    # the trait ids of turn after turn
                    out[-1][1] += 1
                    continue
                if isinstance(v, (list, tuple)):
                    block, prev = self._codes_of(c, v), v
                else:
                    block, prev = (self._code(c, v),) * k, None
                if out and out[-1][0] == block:
                    out[-1][1] += 1
                else:
                    out.append([block, 1])
            for block, _k in out:
                if block not in col._ids:
                    array(col.typecode, block)                   # refuses what the typecode cannot hold
            return out, None
        types = set(map(type, values))
        if types <= {list, tuple}:
            flat = list(chain.from_iterable(values))
        elif types & {list, tuple} or any(issubclass(t, (list, tuple)) for t in types):
            flat = []
            for v, k in zip(values, ns):
                flat.extend(v if isinstance(v, (list, tuple)) else repeat(v, k))
        elif kind is Runs and codes is None:                     # one value per block: its runs straight away
            starts = [0, *compress(range(1, len(values)), map(ne, islice(values, 1, None), values))]
            ends = [0, *accumulate(ns)]
            return (array(col.typecode, map(values.__getitem__, starts)),
                    array("i", map(sub, map(ends.__getitem__, starts[1:] + [len(values)]), map(ends.__getitem__, starts))))
        else:
            flat = list(chain.from_iterable(map(repeat, values, ns)))
        return _staged(kind, col, flat if codes is None else self._coded_list(c, flat), n)

    def _coded_list(self, c, values) -> list:
        """The codes of ``values`` in column ``c``, new categories coded in order of appearance."""
        codes = self.codes[c]
        out = list(map(codes.get, values))
        if None in out:                 # code only the values not coded yet, each once, in order of first appearance
            code = self._code           # (the same codes as one by one), then look every value up again in C
            for v in dict.fromkeys(compress(values, map(is_, out, repeat(None)))):
                code(c, v)
            out = list(map(codes.__getitem__, values))
        return out

    def _codes_of(self, c, values) -> tuple:
        """The codes of a column's categories; a tuple given again and again (the traits of every turn) is
        coded once."""
        if type(values) is tuple:
            key = (c, values)
            codes = self._coded.get(key)
            if codes is None:
                codes = self._coded[key] = tuple([self._code(c, v) for v in values])
            return codes
        return tuple([self._code(c, v) for v in values])

    def set_params(self, game, params: dict):
        if self.params.get(game) is params:      # already set through another table sharing the mapping
            return
        self.params[game] = params
        for k in params:
            if k not in self.param_names:
                self.param_names.append(k)

    def extend(self, other: Table):
        mine, theirs = self.data, other.data                     # each read once: reading stores what is queued
        for c in self.columns:
            if c in self.codes:
                remap = [self._code(c, v) for v in other.names[c]]
                if remap == list(range(len(remap))):            # the same codes (the usual case): no re-coding
                    mine[c].extend(theirs[c])
                elif isinstance(mine[c], Blocks):
                    mine[c].extend(theirs[c], remap)
                else:
                    mine[c].extend(map(remap.__getitem__, theirs[c]))
            else:
                mine[c].extend(theirs[c])
        params, new = self.params, other.params
        # a batch's tables share one mapping, so after the first table of a chunk every game is already there
        if len(new) > len(params) or not all(map(is_, map(params.get, new), new.values())):
            for g, p in new.items():
                self.set_params(g, p)

    @property
    def fieldnames(self):
        return list(self.columns) + [d for d, _ in self.derived] + [p for p in self.param_names
                                                                      if p not in self.columns]

    def rows(self):
        """Every row as a dict: the columns, the derived columns, then the game's parameters."""
        cols = [([self.names[c][k] for k in self.data[c]] if c in self.codes else self.data[c])
                for c in self.columns]
        names = self.columns
        params = self.params
        for values in zip(*cols):
            row = dict(zip(names, values))
            for d, f in self.derived:
                row[d] = f(row)
            p = params.get(row.get("game"))
            if p:
                for k, v in p.items():
                    row.setdefault(k, v)
            yield row

    def to_list(self) -> list:
        return list(self.rows())

    def to_csv(self, path_or_file):
        """Write the rows as CSV (lists such as ``food_schedule`` as JSON text)."""
        import json

        def write(f):
            w = csv.DictWriter(f, fieldnames=self.fieldnames)
            w.writeheader()
            for r in self.rows():
                w.writerow({k: (json.dumps(v) if isinstance(v, (list, dict, tuple)) else v) for k, v in r.items()})
        if hasattr(path_or_file, "write"):
            write(path_or_file)
        else:
            with open(path_or_file, "w", newline="") as f:
                write(f)

    def __getstate__(self):   # tables cross process boundaries in batch runs
        return {"name": self.name, "columns": [(c, self.kinds[c]) for c in self.columns],
                "data": {c: (self.data[c].tobytes() if isinstance(self.data[c], array) else self.data[c])
                         for c in self.columns},
                "names": self.names, "params": self.params, "param_names": self.param_names}

    def __setstate__(self, st):
        self.__init__(st["name"], st["columns"], _DERIVED.get(st["name"], ()))
        data = self._data
        for c in self.columns:
            d = st["data"][c]
            if isinstance(data[c], array):
                data[c].frombytes(d)
            elif type(d) is type(data[c]):
                data[c] = d                          # a Runs, Blocks or list of its own, unpickled
            else:
                data[c].extend(d)
        for c, names in st["names"].items():
            self.names[c] = list(names)
            self.codes[c] = {v: i for i, v in enumerate(names)}
        self.params = st["params"]
        self.param_names = st["param_names"]
        self._slots()


def _staged(kind, col, values, n: int) -> tuple:
    """A column's queued ``values`` (categories coded) converted so that storing them cannot fail: packed bytes for
    an array, (values, counts) of its runs for ``Runs``, else the values."""
    if kind is array:
        return struct.pack(f"{n}{col.typecode}", *values), None
    if kind is Runs:
        if n > 64 and values.count(0) * 4 >= n * 3:
            return _sparse_runs(col.typecode, values, n)
        starts = [0, *compress(range(1, n), map(ne, islice(values, 1, None), values))]
        return array(col.typecode, map(values.__getitem__, starts)), array("i", map(sub, starts[1:] + [n], starts))
    if kind is Blocks:
        array(col.typecode, values)                          # refuses what the typecode cannot hold
        return [((v,), 1) for v in values], None
    return values, None


def _sparse_runs(typecode, values, n: int) -> tuple:
    """``_staged``'s runs of a column that is mostly 0 (young, mutations per trait and turn): only the other values
    are walked, found at C speed, so the zeros between them cost nothing each (the same runs, each valued by its
    first element, as the dense way)."""
    vals: list = []
    counts: list = []
    end = 0                                       # where the runs found so far end
    for p in compress(range(n), values):
        v = values[p]
        if p > end:                               # the zeros before this value
            vals.append(values[end])
            counts.append(p - end)
        elif vals and vals[-1] == v:              # the same value again: the run goes on
            counts[-1] += 1
            end = p + 1
            continue
        vals.append(v)
        counts.append(1)
        end = p + 1
    if end < n:
        vals.append(values[end])
        counts.append(n - end)
    return array(typecode, vals), array("i", counts)


_DERIVED: dict = {}   # table name -> derived columns, filled by tracking.py so unpickled tables match

"""A small columnar table: tracked rows are kept as typed columns (compact for 10,000-game sweeps) and
handed out as plain dicts in long ("tidy") form, with the experiment parameters of each game joined in."""
from __future__ import annotations

import csv
from array import array


class Table:
    """Rows with fixed columns. ``kinds`` maps a column to "i" (int), "d" (float) or "o" (any object).

    ``derived`` columns are computed from a row when it is read (e.g. a frequency from two counts), so
    they cost no memory.
    """

    def __init__(self, name, columns, derived=()):
        self.name = name
        self.columns = tuple(c for c, _ in columns)
        self.kinds = dict(columns)
        self.data = {c: (array("q") if k == "i" else array("d") if k == "d" else []) for c, k in columns}
        self.derived = tuple(derived)     # ((name, function(row) -> value), ...)
        self.params = {}                  # game -> {parameter: value}
        self.param_names = []

    def __len__(self):
        return len(self.data[self.columns[0]])

    def append(self, *values):
        for c, v in zip(self.columns, values):
            self.data[c].append(v)

    def add_columns(self, *columns):
        """Append many rows at once, given column by column (the fast path of the tracker)."""
        for c, values in zip(self.columns, columns):
            self.data[c].extend(values)

    def set_params(self, game, params: dict):
        self.params[game] = params
        for k in params:
            if k not in self.param_names:
                self.param_names.append(k)

    def extend(self, other: "Table"):
        for c in self.columns:
            self.data[c].extend(other.data[c])
        for g, p in other.params.items():
            self.set_params(g, p)

    @property
    def fieldnames(self):
        return list(self.columns) + [d for d, _ in self.derived] + [p for p in self.param_names
                                                                      if p not in self.columns]

    def rows(self):
        """Every row as a dict: the columns, the derived columns, then the game's parameters."""
        cols = [self.data[c] for c in self.columns]
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
                "data": {c: (self.data[c].tolist() if isinstance(self.data[c], array) else self.data[c])
                         for c in self.columns},
                "params": self.params, "param_names": self.param_names}

    def __setstate__(self, st):
        self.__init__(st["name"], st["columns"], _DERIVED.get(st["name"], ()))
        for c in self.columns:
            self.data[c].extend(st["data"][c])
        self.params = st["params"]
        self.param_names = st["param_names"]


_DERIVED: dict = {}   # table name -> derived columns, filled by tracking.py so unpickled tables match

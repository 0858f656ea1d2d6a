"""Reading the small CSV files a teacher hands in (class runs, concept-test answers): a fixed header, then rows of
exactly that many values. A file that breaks the shape is refused whole, with the line at fault named."""
from __future__ import annotations

import csv
import io


def data_rows(text: str, columns, label: str, error, hint: str = ""):
    """Yield ``(where, values)`` for each non-blank row of ``text`` ("line N", the values stripped of spaces).

    The header must be ``columns`` (any case); a missing or different header, a row with another number of values
    or text the csv module cannot parse raises ``error(message, field)``. ``hint`` is added to the header's message
    (e.g. which template to start from)."""
    columns = tuple(columns)
    reader = csv.reader(io.StringIO(text))
    try:
        header = [h.strip().lower() for h in next(reader)]
    except (StopIteration, csv.Error):
        raise error(f"{label}: an empty CSV file") from None
    if tuple(header) != columns:
        raise error(f"{label}: the CSV's columns must be {', '.join(columns)} (found {', '.join(header)}){hint}",
                    "header")
    try:
        for n, row in enumerate(reader, start=2):
            if not row or not any(c.strip() for c in row):
                continue
            where = f"line {n}"
            if len(row) != len(columns):
                raise error(f"{label}: {where} has {len(row)} values, not {len(columns)}", where)
            yield where, [c.strip() for c in row]
    except csv.Error as e:
        raise error(f"{label}: not a readable CSV ({e})") from None

"""How an edition's observation becomes a vector of numbers (``evolab.env``, PettingZoo): a fixed layout of named
segments, filled from ``observe(state, seat)`` only, seats counted from the observer (its own first).

The neutral ``Encoder`` encodes what every edition has (its phase, whose decision, the turn); an edition's
package names its own (``Edition(..., encoder=...)``) that adds its table. NumPy is imported only to encode.
"""
from __future__ import annotations


class Encoder:
    """Builds the fixed layout once; ``encode(view)`` fills a vector segment by segment.

    ``phases`` are the edition's phases in a fixed order (the one-hot ``phase`` segment); ``default_units`` is
    how many animals (or species) of each player are encoded when the environment is not told."""

    phases: tuple = ()
    default_units = 8

    def __init__(self, rs, max_units):
        self.rs, self.n, self.k = rs, rs.players, max_units
        self.layout = self.segments()
        self.size = sum(n for _, n in self.layout)
        self.offset = {}
        at = 0
        for name, n in self.layout:
            self.offset[name] = at
            at += n

    def segments(self) -> list:
        """(name, length) of each segment, in order."""
        return [("phase", len(self.phases)), ("to_move", self.n), ("turn", 1)]

    def values(self, view) -> dict:
        """{segment name: its values} for one observation."""
        return self.common(view)

    def rel(self, view, seat):
        return (seat - view.seat) % self.n

    def per_seat(self, view, values):
        out = [0.0] * self.n
        for seat, v in enumerate(values):
            out[self.rel(view, seat)] = float(v)
        return out

    def common(self, view) -> dict:
        phase = [0.0] * len(self.phases)
        if view.phase in self.phases:
            phase[self.phases.index(view.phase)] = 1.0
        mover = [0.0] * self.n
        if view.to_move >= 0:
            mover[self.rel(view, view.to_move)] = 1.0
        return {"phase": phase, "to_move": mover, "turn": [float(view.turn)]}

    def encode(self, view):
        import numpy as np
        out = np.zeros(self.size, dtype=np.float32)
        for name, values in self.values(view).items():
            start = self.offset[name]
            out[start:start + len(values)] = values
        return out

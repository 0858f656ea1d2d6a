"""The table of North Star *Evolution*: species boards, hands, the Watering Hole, food bags."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..common import TableState


_new = object.__new__
#: {trait name: bits of a species' ``kind``}, filled from the trait entries' hook tables (``traits.KIND_BITS``)
TRAIT_BITS: dict = {}


class NSSpecies:
    """A species board: Body Size, Population, food on the board, fat, revealed and face-down traits."""

    __slots__ = ("id", "owner", "body", "pop", "food", "fat", "_traits", "names", "kind", "pending", "founded",
                 "fits")

    def __init__(self, id, owner, founded):
        self.id, self.owner, self.founded = id, owner, founded
        self.body = self.pop = 1
        self.food = self.fat = 0
        self.traits = ()      # revealed trait card ids ("trait:food"); sets ``fits``, what a trait card may replace
        #                       on it, kept by the legal moves (``moves._fits``) while its cards stay the same
        self.pending = ()     # played face down this round

    @property
    def traits(self) -> tuple:
        return self._traits

    @traits.setter
    def traits(self, cards):
        self._traits = tuple(cards)
        names = self.names = frozenset([c.partition(":")[0] for c in self._traits])   # for fast has(); a list
        kind = 0                # which hook tables its traits are in: one bit test for a set's isdisjoint
        for t in names:
            kind |= TRAIT_BITS.get(t, 0)
        self.kind = kind
        self.fits = None      # other cards held: what the move lists kept of them no longer holds

    def clone(self):
        """A copy (its tuples shared: they never change in place), slot by slot in straight lines: states and
        observations copy every species."""
        s = _new(NSSpecies)
        s.id, s.owner, s.body, s.pop, s.food, s.fat = self.id, self.owner, self.body, self.pop, self.food, self.fat
        s._traits, s.names, s.kind, s.pending = self._traits, self.names, self.kind, self.pending
        s.founded, s.fits = self.founded, self.fits
        return s

    def reveal(self) -> None:
        """Turn the face-down cards up. The cards held stay the same, so what the move lists keep of them
        (``fits``, under the names and face-down cards it was worked out for) stays true under the new names."""
        names, pending, f = self.names, self.pending, self.fits
        self.traits = self._traits + pending
        self.pending = ()
        if f is not None and f[0] is names and f[1] is pending:
            self.fits = (self.names, ()) + f[2:]

    def has(self, trait) -> bool:
        return trait in self.names

    @property
    def trait_ids(self) -> tuple:
        return tuple(c.split(":", 1)[0] for c in self.traits)

    def to_dict(self):
        return {"id": self.id, "owner": self.owner, "body": self.body, "pop": self.pop, "food": self.food,
                "fat": self.fat, "traits": list(self.traits), "pending": list(self.pending), "founded": self.founded}

    @classmethod
    def from_dict(cls, d):
        s = _new(cls)
        s.id, s.owner, s.founded = d["id"], d["owner"], d["founded"]
        s.body, s.pop, s.food, s.fat = d["body"], d["pop"], d["food"], d["fat"]
        s.traits, s.pending = d["traits"], tuple(d["pending"])
        return s

    def __repr__(self):
        return f"NSSpecies({self.id}, seat {self.owner}, body {self.body}, pop {self.pop}, food {self.food})"


class Snapshot(Mapping):
    """The public table when a simultaneous Play Cards phase began: what the others keep seeing until the reveal.

    It keeps copies of the species boards as they were (``boards``, never changed), the rows, the hand sizes and
    the bags, which the observations read at every decision. It reads like its saved form (a mapping of
    "species", "rows", "hand_sizes" and "bags" in JSON values; ``saved`` gives it as a new dict), worked out from
    them only when read (a save, a check), not at every new phase."""

    __slots__ = ("boards", "rows", "hand_sizes", "bags")
    KEYS = ("species", "rows", "hand_sizes", "bags")

    def __init__(self, boards: tuple, rows: tuple, hand_sizes: tuple, bags: tuple):
        self.boards, self.rows, self.hand_sizes, self.bags = boards, rows, hand_sizes, bags

    @classmethod
    def of(cls, s) -> Snapshot:
        """The snapshot of table ``s`` now."""
        return cls(tuple([sp.clone() for sp in s.species.values()]), s.rows, tuple(map(len, s.hands)), s.bags)

    @classmethod
    def from_saved(cls, d) -> Snapshot:
        """From its saved form (checked by the caller)."""
        return cls(tuple([NSSpecies.from_dict(x) for x in d["species"]]), tuple(tuple(r) for r in d["rows"]),
                   tuple(d["hand_sizes"]), tuple(d["bags"]))

    def saved(self) -> dict:
        """The saved form, a new dict."""
        return {k: self[k] for k in self.KEYS}

    def __getitem__(self, key):
        if key == "species":
            return [sp.to_dict() for sp in self.boards]
        if key == "rows":
            return [list(r) for r in self.rows]
        if key == "hand_sizes" or key == "bags":
            return list(getattr(self, key))
        raise KeyError(key)

    def __iter__(self):
        return iter(self.KEYS)

    def __len__(self):
        return len(self.KEYS)

    def __repr__(self):
        return f"Snapshot({len(self.boards)} species)"


_PLAIN = ("players", "phase", "turn", "first", "current", "deck", "deck_size", "discard", "removed", "food_cards",
          "watering", "bags", "rows", "passes", "done", "last_round", "next_last", "cycles", "draw_queue",
          "winner", "winners", "next_uid", "snapshot")
_TUPLES = ("deck", "discard", "food_cards", "bags", "done", "draw_queue", "winners")


class NSState(TableState):
    """Everything on a North Star table. Treat as immutable: ``apply`` returns a changed copy. The discard pile's
    counts are a list of its own, counted up in place (a card is discarded at most moves; a copy of the whole
    pile each time cost more than the rest of the move), which ``clone`` copies; the other plain fields are
    immutable."""

    __slots__ = _PLAIN + ("ruleset", "hands", "species", "__weakref__")
    PLAIN = _PLAIN
    TUPLES = _TUPLES
    # The fields of this edition, for type checkers (the slots above hold them).
    deck: Any
    discard: Any
    food_cards: Any
    watering: Any
    bags: Any
    rows: Any
    done: Any
    last_round: Any
    next_last: Any
    cycles: Any
    draw_queue: Any
    winners: Any
    snapshot: Any
    hands: Any
    species: Any

    def clone(self):
        s = self._copy_plain()
        s.discard = list(self.discard)
        s.hands = [list(h) for h in self.hands]
        s.species = {k: v.clone() for k, v in self.species.items()}
        return s

    def card_total(self) -> int:
        """Draw deck + discards + hands + food cards + trait cards on boards + removed: all 129."""
        table = sum(len(sp.traits) + len(sp.pending) for sp in self.species.values())
        return (self.deck_size + sum(self.discard) + sum(len(h) for h in self.hands)
                + sum(1 for c in self.food_cards if c) + table + self.removed)

    def species_of(self, seat) -> list:
        return [self.species[i] for i in self.rows[seat]]

    def to_dict(self) -> dict:
        d = self._plain_dict()
        d["rows"] = [list(r) for r in self.rows]
        d["hands"] = [list(h) for h in self.hands]
        d["species"] = [sp.to_dict() for sp in self.species.values()]
        if self.snapshot is not None:
            d["snapshot"] = self.snapshot.saved()
        return d

    def __repr__(self):
        return (f"<NSState round {self.turn} {self.phase} seat {self.current} watering hole {self.watering} "
                f"species {len(self.species)} deck {self.deck_size}>")


from . import traits as _traits  # noqa: E402,F401  (fills TRAIT_BITS from the trait entries before any species is built)

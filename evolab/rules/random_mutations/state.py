"""The table of *Random Mutations*: species (stacks of animals sharing traits), blind player decks,
the centre's red/green/black tokens, and the lineage of trait sets for Divergence."""
from __future__ import annotations

from typing import Any

from ..common import KMTableState


class RMAnimal:
    """One animal card of a species; tokens sit on animals."""

    __slots__ = ("id", "species", "owner", "red", "blue", "shelter", "parasites", "fed_by_kill", "attacked", "parent")

    def __init__(self, id, species, owner):
        self.id, self.species, self.owner = id, species, owner
        self.parent = -1          # Heredity variant: the animal whose young it is
        self.red = self.blue = self.parasites = 0
        self.shelter = self.fed_by_kill = self.attacked = False

    def clone(self):
        a = RMAnimal.__new__(RMAnimal)
        for k in RMAnimal.__slots__:
            setattr(a, k, getattr(self, k))
        return a

    def to_dict(self):
        return {k: getattr(self, k) for k in RMAnimal.__slots__}

    @classmethod
    def from_dict(cls, d):
        a = cls(d["id"], d["species"], d["owner"])
        for k in RMAnimal.__slots__:
            setattr(a, k, d[k] if k != "parent" else d.get(k, -1))
        return a

    @property
    def food(self):
        return self.red + self.blue

    def __repr__(self):
        return f"RMAnimal({self.id} of species {self.species}, food {self.red + self.blue})"


class Species:
    """A species: its animals (ids, in play order), its own trait cards, and the shared trait sets it
    inherited by Divergence (``sets``: ids into ``state.sets``, oldest first)."""

    __slots__ = ("id", "owner", "animals", "own", "sets", "founded", "parent", "tcache")

    def __init__(self, id, owner, founded, parent=-1):
        self.id, self.owner, self.founded, self.parent = id, owner, founded, parent
        self.animals = ()
        self.own = ()          # ((card uid, trait), ...)
        self.sets = ()
        self.tcache = None     # (traits, need) while the cards do not change

    def clone(self):
        s = Species.__new__(Species)
        for k in Species.__slots__:
            setattr(s, k, getattr(self, k))
        return s

    @property
    def population(self):
        return len(self.animals)

    def to_dict(self):
        return {"id": self.id, "owner": self.owner, "animals": list(self.animals),
                "own": [list(c) for c in self.own], "sets": list(self.sets), "founded": self.founded,
                "parent": self.parent}

    @classmethod
    def from_dict(cls, d):
        s = cls(d["id"], d["owner"], d["founded"], d["parent"])
        s.animals = tuple(d["animals"])
        s.own = tuple(tuple(c) for c in d["own"])
        s.sets = tuple(d["sets"])
        s.tcache = None
        return s

    def __repr__(self):
        return f"Species({self.id}, seat {self.owner}, population {len(self.animals)})"


_PLAIN = ("players", "phase", "turn", "first", "current", "deck_size", "pdecks", "hidden", "revealed",
          "discards", "removed", "red", "green", "black", "blue_out", "passed", "passes", "round", "move_main",
          "move_stomped", "last_turn", "winner", "tied", "next_uid", "pending_play", "attack", "choose_victim",
          "scavenge", "simplify", "parasite_queue", "rows", "litters", "newborn")
_TUPLES = ("pdecks", "hidden", "discards", "passed", "tied", "newborn")
_LATER_FIELDS = KMTableState.LATER_FIELDS


class RMState(KMTableState):
    """Everything on a *Random Mutations* table. Treat as immutable: ``apply`` returns a changed copy."""

    __slots__ = _PLAIN + ("ruleset", "species", "animals", "sets", "__weakref__")
    PLAIN = _PLAIN
    TUPLES = _TUPLES
    # The fields of this edition, for type checkers (the slots above hold them).
    pdecks: Any
    hidden: Any
    revealed: Any
    red: Any
    green: Any
    black: Any
    blue_out: Any
    move_stomped: Any
    pending_play: Any
    attack: Any
    choose_victim: Any
    simplify: Any
    parasite_queue: Any
    rows: Any
    species: Any
    animals: Any
    sets: Any

    def clone(self):
        s = self._copy_plain()
        s.species = {k: v.clone() for k, v in self.species.items()}
        s.animals = {k: v.clone() for k, v in self.animals.items()}
        s.sets = dict(self.sets)          # values are immutable tuples
        return s

    def card_total(self) -> int:
        """Common deck + player decks + table + discards + out of the game: the size of the full deck.

        In the Heredity variant animals and their traits are copies, not cards: the deck and its discards."""
        if self.ruleset.heredity:
            return self.deck_size + sum(self.discards) + self.removed
        table = len(self.animals) + sum(len(sp.own) for sp in self.species.values())
        table += sum(len(cards) for cards in self.sets.values())
        in_hand = 1 if self.pending_play is not None else 0      # the card being turned over
        return self.deck_size + sum(self.pdecks) + table + sum(self.discards) + self.removed + in_hand

    def species_of(self, seat) -> list:
        return [self.species[i] for i in self.rows[seat]]

    def to_dict(self) -> dict:
        d = self._plain_dict()
        d["rows"] = [list(r) for r in self.rows]
        for f in ("pending_play", "attack", "choose_victim", "simplify"):
            d[f] = list(d[f]) if d[f] is not None else None
        d["parasite_queue"] = [[seat, list(c)] for seat, c in self.parasite_queue]
        d["litters"] = [list(x) for x in self.litters]
        d["species"] = [sp.to_dict() for sp in self.species.values()]
        d["animals"] = [a.to_dict() for a in self.animals.values()]
        d["sets"] = [[k, [list(c) for c in v]] for k, v in self.sets.items()]
        return d

    def __repr__(self):
        return (f"<RMState turn {self.turn} {self.phase} seat {self.current} red {self.red} green {self.green} "
                f"black {self.black} species {len(self.species)} animals {len(self.animals)}>")

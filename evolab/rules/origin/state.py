"""The table of *The Origin of Species*: animals, pair links, hands, deck, food bank, phase.

The engine treats a state as a value: public ``apply`` clones it and changes only the clone. The classes
are plain slotted objects (not frozen) so that a ``Match``, which owns its state, can advance it in place
on the hot path.
"""
from __future__ import annotations

from typing import Any

from ..common import KMTableState
from .traits import BIT, NEED

CHANCE_PHASES = ("deal", "first_player", "food", "draw", "tiebreak")


class TraitCard:
    """A card played face up as one trait (``trait`` is the chosen side of ``card``)."""

    __slots__ = ("uid", "card", "trait")

    def __init__(self, uid, card, trait):
        self.uid, self.card, self.trait = uid, card, trait

    def __eq__(self, o):
        return isinstance(o, TraitCard) and (self.uid, self.card, self.trait) == (o.uid, o.card, o.trait)

    def __repr__(self):
        return f"TraitCard({self.uid}, {self.trait})"


class Animal:
    """One animal card on the table, with its traits and tokens."""

    __slots__ = ("id", "owner", "cards", "mask", "need", "fat_cards", "red", "blue", "fat", "attacked",
                 "pirated", "grazed", "hibernating", "hibernated_turn", "poisoned", "mimicked_turn",
                 "links", "born", "parent")

    def __init__(self, id, owner, born=0, parent=-1):
        self.id = id
        self.owner = owner
        self.cards = ()          # TraitCards under the animal (single traits and a Parasite)
        self.mask = 0            # bit mask of the single traits it has
        self.need = 1
        self.fat_cards = 0
        self.red = self.blue = self.fat = 0
        self.attacked = self.pirated = self.hibernating = self.poisoned = False
        self.grazed = -1         # the round (or turn) it last grazed
        self.hibernated_turn = -9
        self.mimicked_turn = -1
        self.links = ()          # uids of pair links
        self.born = born
        self.parent = parent     # Heredity variant: the animal whose young it is (-1: played or founder)

    def clone(self):
        a = Animal.__new__(Animal)
        for s in Animal.__slots__:
            setattr(a, s, getattr(self, s))
        return a

    # -- derived ---------------------------------------------------------------------------------
    @property
    def food(self) -> int:
        return self.red + self.blue

    def is_fed(self) -> bool:
        return self.hibernating or self.red + self.blue >= self.need

    def has(self, trait: str) -> bool:
        return bool(self.mask & BIT[trait])

    @property
    def traits(self) -> tuple:
        """Trait ids of the single-trait cards on it (pair traits are on ``links``)."""
        return tuple(c.trait for c in self.cards)

    def set_cards(self, cards):
        self.cards = cards
        mask = 0
        need = 1
        fat = 0
        for c in cards:
            mask |= BIT[c.trait]
            need += NEED[c.trait]
            if c.trait == "fat_tissue":
                fat += 1
        self.mask, self.need, self.fat_cards = mask, need, fat
        if self.fat > fat:
            self.fat = fat

    def to_dict(self):
        return {"id": self.id, "owner": self.owner,
                "cards": [[c.uid, c.card, c.trait] for c in self.cards],
                "red": self.red, "blue": self.blue, "fat": self.fat, "attacked": self.attacked,
                "pirated": self.pirated, "grazed": self.grazed, "hibernating": self.hibernating,
                "hibernated_turn": self.hibernated_turn, "poisoned": self.poisoned,
                "mimicked_turn": self.mimicked_turn, "links": list(self.links), "born": self.born,
                "parent": self.parent}

    @classmethod
    def from_dict(cls, d):
        a = cls(d["id"], d["owner"], d["born"], d.get("parent", -1))
        a.fat = d["fat"]
        a.set_cards(tuple(TraitCard(u, c, t) for u, c, t in d["cards"]))
        a.fat = d["fat"]
        for k in ("red", "blue", "attacked", "pirated", "grazed", "hibernating", "hibernated_turn",
                  "poisoned", "mimicked_turn", "born"):
            setattr(a, k, d[k])
        a.links = tuple(d["links"])
        return a

    def __repr__(self):
        return (f"Animal({self.id}, seat {self.owner}, {'+'.join(self.traits) or 'no traits'}, "
                f"food {self.red + self.blue}/{self.need}, fat {self.fat}/{self.fat_cards})")


class Link:
    """A pair-trait card between animals ``a`` and ``b`` (Symbiosis: ``a`` protects ``b``)."""

    __slots__ = ("uid", "card", "trait", "a", "b", "fired")

    def __init__(self, uid, card, trait, a, b, fired=-1):
        self.uid, self.card, self.trait, self.a, self.b, self.fired = uid, card, trait, a, b, fired

    def clone(self):
        return Link(self.uid, self.card, self.trait, self.a, self.b, self.fired)

    def other(self, animal_id):
        return self.b if animal_id == self.a else self.a

    def to_dict(self):
        return {"uid": self.uid, "card": self.card, "trait": self.trait, "a": self.a, "b": self.b,
                "fired": self.fired}

    def __repr__(self):
        return f"Link({self.uid}, {self.trait}, {self.a}-{self.b})"


class AttackState:
    """An attack being resolved: who attacks whom, and the defences already used in it."""

    __slots__ = ("predator", "prey", "targeted", "ran", "mimicked", "rolling")

    def __init__(self, predator, prey):
        self.predator, self.prey = predator, prey
        self.targeted = (prey,)
        self.ran = ()
        self.mimicked = ()
        self.rolling = False

    def clone(self):
        a = AttackState(self.predator, self.prey)
        a.targeted, a.ran, a.mimicked, a.rolling = self.targeted, self.ran, self.mimicked, self.rolling
        return a

    def to_dict(self):
        return {"predator": self.predator, "prey": self.prey, "targeted": list(self.targeted),
                "ran": list(self.ran), "mimicked": list(self.mimicked), "rolling": self.rolling}

    @classmethod
    def from_dict(cls, d):
        a = cls(d["predator"], d["prey"])
        a.targeted, a.ran, a.mimicked = tuple(d["targeted"]), tuple(d["ran"]), tuple(d["mimicked"])
        a.rolling = d["rolling"]
        return a


# Fields of OriginState and how each is serialised ("plain" = JSON value as is).
_PLAIN = ("players", "phase", "turn", "first", "current", "deck", "deck_size", "discards", "food_bank",
          "passed", "passes", "round", "epoch", "move_main", "move_any", "move_ate", "ending",
          "last_turn", "scavenge", "pending", "draw_owed", "draw_seat", "next_uid", "winner",
          "tied", "removed", "rolled", "played", "choose_owed", "next_last", "litters", "newborn")
_TUPLE_FIELDS = ("deck", "discards", "passed", "draw_owed", "tied", "played", "choose_owed", "newborn")
_LATER_FIELDS = KMTableState.LATER_FIELDS


class OriginState(KMTableState):
    """Everything on the table. Treat as immutable: ``apply`` returns a changed copy."""

    __slots__ = _PLAIN + ("ruleset", "hands", "pools", "animals", "links", "attack", "barred", "__weakref__")
    PLAIN = _PLAIN
    TUPLES = _TUPLE_FIELDS
    # The fields of this edition, for type checkers (the slots above hold them).
    deck: Any
    food_bank: Any
    epoch: Any
    move_any: Any
    move_ate: Any
    ending: Any
    pending: Any
    draw_owed: Any
    draw_seat: Any
    rolled: Any
    played: Any
    choose_owed: Any
    next_last: Any
    hands: Any
    pools: Any
    animals: Any
    links: Any
    attack: Any
    barred: Any

    def clone(self):
        s = self._copy_plain()
        s.hands = [list(h) for h in self.hands]
        s.pools = [list(p) for p in self.pools] if self.pools is not None else None
        s.animals = {k: a.clone() for k, a in self.animals.items()}
        s.links = {k: l.clone() for k, l in self.links.items()}
        s.attack = self.attack.clone() if self.attack else None
        s.barred = [set(b) for b in self.barred] if self.barred is not None else None
        return s

    # -- read helpers used by engine, bots and views --------------------------------------------
    def animals_of(self, seat) -> list:
        return [a for a in self.animals.values() if a.owner == seat]

    def cards_on_table(self) -> int:
        return len(self.animals) + sum(len(a.cards) for a in self.animals.values()) + len(self.links)

    def card_total(self) -> int:
        """Deck + hands + table + discards + cards out of the game: always the size of the full deck.

        In the Heredity variant traits on animals are copies, not cards: only the mutation deck and its
        discards are counted (heredity.md, Inheritance)."""
        pools = sum(len(p) for p in self.pools) if self.pools is not None else 0
        table = 0 if self.ruleset.heredity else self.cards_on_table()
        return (self.deck_size + sum(len(h) for h in self.hands) + table
                + sum(self.discards) + self.removed + pools)

    def to_dict(self) -> dict:
        d = self._plain_dict()
        d["pending"] = [list(p) for p in self.pending]
        d["litters"] = [list(p) for p in self.litters]
        d["hands"] = [list(h) for h in self.hands]
        d["pools"] = [list(p) for p in self.pools] if self.pools is not None else None
        d["animals"] = [a.to_dict() for a in self.animals.values()]
        d["links"] = [l.to_dict() for l in self.links.values()]
        d["attack"] = self.attack.to_dict() if self.attack else None
        d["barred"] = ([sorted((x.to_dict() for x in b), key=lambda m: sorted(m.items())) for b in self.barred]
                       if self.barred is not None else None)
        return d

    def __repr__(self):
        return (f"<OriginState turn {self.turn} {self.phase} seat {self.current} food {self.food_bank} "
                f"animals {len(self.animals)} deck {self.deck_size}>")

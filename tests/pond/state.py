"""The pond's table: animals with traits and food, hands, a counted deck, the food bank."""
from __future__ import annotations

_PLAIN = ("players", "phase", "turn", "current", "deck", "owed", "food_bank", "passed", "next_id", "winner")


class PondAnimal:
    __slots__ = ("id", "owner", "traits", "food", "attacked")

    def __init__(self, id, owner, traits=(), food=0, attacked=False):
        self.id, self.owner, self.traits, self.food, self.attacked = id, owner, tuple(traits), food, attacked

    def clone(self):
        return PondAnimal(self.id, self.owner, self.traits, self.food, self.attacked)

    def to_dict(self):
        return {"id": self.id, "owner": self.owner, "traits": list(self.traits), "food": self.food,
                "attacked": self.attacked}


class PondState:
    __slots__ = _PLAIN + ("ruleset", "hands", "animals")

    def clone(self):
        s = PondState.__new__(PondState)
        for f in _PLAIN:
            setattr(s, f, getattr(self, f))
        s.ruleset = self.ruleset
        s.hands = [list(h) for h in self.hands]
        s.animals = {k: a.clone() for k, a in self.animals.items()}
        return s

    @property
    def deck_size(self) -> int:
        return sum(n for _, n in self.deck)

    def to_dict(self) -> dict:
        d = {f: getattr(self, f) for f in _PLAIN}
        d["deck"] = [list(x) for x in self.deck]
        d["owed"], d["passed"] = list(self.owed), list(self.passed)
        d["ruleset"] = {"id": self.ruleset.id, "options": dict(self.ruleset.options)}
        d["hands"] = [list(h) for h in self.hands]
        d["animals"] = [a.to_dict() for a in self.animals.values()]
        return d

    def __eq__(self, other):
        return isinstance(other, PondState) and self.to_dict() == other.to_dict()

    __hash__ = None

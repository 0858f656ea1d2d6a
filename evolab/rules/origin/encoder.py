"""The observation of *The Origin of Species* as numbers (``evolab.env``): the food bank, the deck, hands,
gene pools and every animal's food, fat and traits."""
from __future__ import annotations

from ..encoding import Encoder
from .deck import CARDS
from .traits import PAIR_TRAITS, TRAIT_IDS

PHASES = ("deal", "choose", "first_player", "food", "development", "feeding", "extinction", "draw", "tiebreak", "over")


class OriginEncoder(Encoder):
    phases = PHASES
    default_units = 12

    def segments(self):
        self.cards = {c.id: i for i, c in enumerate(CARDS)}
        singles = [t for t in TRAIT_IDS if t not in PAIR_TRAITS]
        self.traits = {t: i for i, t in enumerate(singles)}
        self.pairs = {t: i for i, t in enumerate(sorted(PAIR_TRAITS))}
        self.fields = ("present", "red", "blue", "fat", "need", "fed", "hibernating", "attacked", "pirated",
                       "poisoned", "predator_now", "prey_now") + tuple(f"trait:{t}" for t in singles) + \
            tuple(f"pair:{t}" for t in sorted(PAIR_TRAITS))
        n, k = self.n, self.k
        return [("phase", len(PHASES)), ("to_move", n), ("turn", 1), ("food_bank", 1), ("deck_size", 1),
                ("last_turn", 1), ("hand", len(CARDS)), ("pool", len(CARDS)), ("hand_sizes", n),
                ("discard_sizes", n), ("pool_sizes", n), ("animals", n * k * len(self.fields))]

    def values(self, view):
        v = self.common(view)
        v["food_bank"] = [float(view.food_bank)]
        v["deck_size"] = [float(view.deck_size)]
        v["last_turn"] = [float(view.last_turn)]
        for name, cards in (("hand", view.hand), ("pool", view.pool)):
            counts = [0.0] * len(self.cards)
            for c in cards:
                counts[self.cards[c]] += 1
            v[name] = counts
        v["hand_sizes"] = self.per_seat(view, view.hand_sizes)
        v["discard_sizes"] = self.per_seat(view, view.discard_sizes)
        v["pool_sizes"] = self.per_seat(view, view.pool_sizes) if view.pool_sizes else [0.0] * self.n
        f = len(self.fields)
        units = [0.0] * (self.n * self.k * f)
        slot = [0] * self.n
        at = view.attack
        for aid in sorted(view.animals):
            a = view.animals[aid]
            r = self.rel(view, a.owner)
            if slot[r] >= self.k:
                continue
            base = (r * self.k + slot[r]) * f
            slot[r] += 1
            units[base:base + 12] = [1.0, a.red, a.blue, a.fat, a.need, float(a.is_fed()), float(a.hibernating),
                                     float(a.attacked), float(a.pirated), float(a.poisoned),
                                     float(at is not None and at.predator == aid),
                                     float(at is not None and at.prey == aid)]
            for c in a.cards:
                units[base + 12 + self.traits[c.trait]] += 1
            for u in a.links:
                units[base + 12 + len(self.traits) + self.pairs[view.links[u].trait]] += 1
        v["animals"] = units
        return v

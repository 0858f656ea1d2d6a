"""The observation of North Star *Evolution* as numbers (``evolab.env``): the Watering Hole, hands, bags and
every species' Body Size, Population, food and traits (one's own face-down ones too)."""
from __future__ import annotations

from ..encoding import Encoder
from .deck import TRAIT_IDS, card_kinds

PHASES = ("remove", "first_player", "deal", "select_food", "play_cards", "feeding", "end_of_round", "end_draws", "over")


class NorthStarEncoder(Encoder):
    phases = PHASES
    default_units = 6

    def segments(self):
        self.cards = {k[0]: i for i, k in enumerate(card_kinds())}
        self.traits = {t: i for i, t in enumerate(TRAIT_IDS)}
        self.fields = ("present", "body", "population", "food", "fat", "face_down") + \
            tuple(f"trait:{t}" for t in TRAIT_IDS) + tuple(f"my_face_down:{t}" for t in TRAIT_IDS)
        n, k = self.n, self.k
        return [("phase", len(PHASES)), ("to_move", n), ("turn", 1), ("watering_hole", 1),
                ("deck_size", 1), ("last_round", 1), ("hand", len(self.cards)), ("my_food_card", len(self.cards)),
                ("hand_sizes", n), ("bags", n), ("food_placed", n), ("species", n * k * len(self.fields))]

    def values(self, view):
        v = self.common(view)
        v["watering_hole"] = [float(view.watering)]
        v["deck_size"] = [float(view.deck_size)]
        v["last_round"] = [float(view.last_round)]
        hand = [0.0] * len(self.cards)
        for c in view.hand:
            hand[self.cards[c]] += 1
        v["hand"] = hand
        food = [0.0] * len(self.cards)
        if view.food_card:
            food[self.cards[view.food_card]] = 1.0
        v["my_food_card"] = food
        v["hand_sizes"] = self.per_seat(view, view.hand_sizes)
        v["bags"] = self.per_seat(view, view.bags)
        v["food_placed"] = self.per_seat(view, view.food_placed)
        f, t = len(self.fields), len(self.traits)
        units = [0.0] * (self.n * self.k * f)
        for seat, row in enumerate(view.rows):
            r = self.rel(view, seat)
            for slot, sid in enumerate(row[:self.k]):
                sp = view.species[sid]
                base = (r * self.k + slot) * f
                units[base:base + 6] = [1.0, sp.body, sp.pop, sp.food, sp.fat, len(sp.pending)]
                for c in sp.traits:
                    units[base + 6 + self.traits[c.split(":", 1)[0]]] += 1
                if seat == view.seat:
                    for c in sp.pending:
                        units[base + 6 + t + self.traits[c.split(":", 1)[0]]] += 1
        v["species"] = units
        return v

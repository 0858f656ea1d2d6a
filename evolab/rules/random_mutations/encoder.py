"""The observation of *Random Mutations* as numbers (``evolab.env``): the climate's chips, the decks and every
species' population, food, shelters, parasites and traits."""
from __future__ import annotations

from ..encoding import Encoder
from .deck import TRAIT_IDS

PHASES = ("first_player", "development", "reveal", "climate_red", "climate_green", "climate_black", "feeding",
          "parasites", "extinction", "tiebreak", "over")


class RandomMutationsEncoder(Encoder):
    phases = PHASES
    default_units = 8

    def segments(self):
        self.traits = {t: i for i, t in enumerate(TRAIT_IDS)}
        self.fields = ("present", "population", "need", "food", "fed_animals", "shelters", "parasites") + \
            tuple(f"trait:{t}" for t in TRAIT_IDS)
        n, k = self.n, self.k
        return [("phase", len(PHASES)), ("to_move", n), ("turn", 1), ("red", 1), ("green", 1),
                ("black", 1), ("deck_size", 1), ("last_turn", 1), ("player_deck_sizes", n), ("discard_sizes", n),
                ("species", n * k * len(self.fields))]

    def values(self, view):
        rs = self.rs
        v = self.common(view)
        v["red"], v["green"], v["black"] = [float(view.red)], [float(view.green)], [float(view.black)]
        v["deck_size"] = [float(view.deck_size)]
        v["last_turn"] = [float(view.last_turn)]
        v["player_deck_sizes"] = self.per_seat(view, view.pdeck_sizes)
        v["discard_sizes"] = self.per_seat(view, view.discard_sizes)
        f = len(self.fields)
        units = [0.0] * (self.n * self.k * f)
        for seat, row in enumerate(view.rows):
            r = self.rel(view, seat)
            for slot, sid in enumerate(row[:self.k]):
                sp = view.species[sid]
                need = rs.need(view, sp)
                animals = [view.animals[a] for a in sp.animals]
                base = (r * self.k + slot) * f
                units[base:base + 7] = [1.0, len(animals), need, sum(a.red + a.blue for a in animals),
                                        sum(1 for a in animals if a.red + a.blue >= need or a.fed_by_kill),
                                        sum(1 for a in animals if a.shelter), sum(a.parasites for a in animals)]
                for t in rs.traits_of(view, sp):
                    if t in self.traits:
                        units[base + 7 + self.traits[t]] += 1
        v["species"] = units
        return v

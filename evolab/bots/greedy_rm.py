"""GreedyBot's rules of thumb for *Random Mutations* (species, blind cards, shelters, parasites)."""
from __future__ import annotations

from ..actions import (Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove, Pass, PlaceParasite,
                       PlayCard, Scavenge, Stomp, TakeFood, TakeShelter)


class Context:
    def __init__(self, view, legal):
        self.v = view
        self.seat = view.seat
        self.rs = view.ruleset
        self.mine = [view.species[i] for i in view.rows[view.seat]]
        self._traits = {}

    def traits(self, sp):
        t = self._traits.get(sp.id)
        if t is None:
            t = self._traits[sp.id] = set(self.rs.traits_of(self.v, sp))
        return t

    def need(self, sp):
        return 1 + sum(self.rs.need_bonus[t] for t in self.traits(sp))

    def hungry_animals(self):
        return sum(1 for sp in self.mine for a in sp.animals
                   if self.v.animals[a].red + self.v.animals[a].blue < self.need(sp)
                   and not self.v.animals[a].fed_by_kill)

    def rival_hunters(self):
        return any(self.traits(sp) & {"predator", "obligate_predator"}
                   for sp in self.v.species.values() if sp.owner != self.seat)


def _food_per_player(rs):
    outs = getattr(rs, "red_outcomes", None) or ()
    total = sum(w for _, w in outs)
    red = sum(o.food * w for o, w in outs) / total if total else 5.0
    return red / rs.players


def _play(ctx, a):
    """Grow while the food can feed the animals; beyond that, mutate (traits score without eating)."""
    animals = sum(len(sp.animals) for sp in ctx.mine)
    room = _food_per_player(ctx.rs) + 1.5 - animals
    if a.mode == "new_species":
        return 2.2 if room > 0 else 0.1
    if a.mode == "add_animal":
        return (1.9 - 0.2 * len(ctx.v.species[a.species].animals)) if room > 0 else 0.1
    if a.mode == "trait":
        return 1.5
    return 1.2 if room > 0 else 0.2     # diverge


def _take_food(ctx, a):
    return 5.0


def _take_shelter(ctx, a):
    animal = ctx.v.animals[a.animal]
    sp = ctx.v.species[animal.species]
    if "bark_beetle" in ctx.traits(sp) and animal.red + animal.blue < ctx.need(sp):
        return 5.0
    return 2.5 if ctx.rival_hunters() else 0.7


def _parasite(ctx, a):
    target = ctx.v.animals[a.animal]
    load = sum(ctx.v.animals[x].parasites for x in ctx.v.species[target.species].animals)
    return 1.5 + 0.5 * load


def _attack(ctx, a):
    return 6.0 if ctx.v.species[a.prey].owner != ctx.seat else 1.0


def _stomp(ctx, a):
    rivals_hungry = any(sp.owner != ctx.seat for sp in ctx.v.species.values())
    return 0.5 * a.tokens if ctx.hungry_animals() == 0 and rivals_hungry else -1.0


def _least_food(ctx, a):
    animal = ctx.v.animals[a.animal]
    return -(animal.red + animal.blue) - (2 if animal.shelter else 0)


def _zero(ctx, a):
    return 0.0


VALUES = {PlayCard: _play, Pass: lambda c, a: 0.3, TakeFood: _take_food, TakeShelter: _take_shelter,
          PlaceParasite: _parasite, Attack: _attack, Stomp: _stomp, EndMove: _zero, ChooseVictim: _least_food,
          ChooseParasiteVictim: _least_food, Scavenge: _zero, DiscardTrait: _zero}

"""GreedyBot's rules of thumb for North Star *Evolution*: feed first, hunt what pays, grow what food allows."""
from __future__ import annotations

from ..actions import EatPlant, EndTurn, Grow, Hunt, NewSpecies, Pass, PlaceTrait, SelectFood, ThinkFood

_TRAIT_VALUE = {"carnivore": 1.4, "long_neck": 1.8, "foraging": 1.6, "cooperation": 1.5, "fat_tissue": 1.4,
                "fertile": 1.3, "hard_shell": 1.6, "climbing": 1.5, "burrowing": 1.4, "horns": 1.3,
                "defensive_herding": 1.3, "warning_call": 1.2, "symbiosis": 1.1, "scavenger": 1.2,
                "intelligence": 1.0, "ambush": 0.8, "pack_hunting": 0.9}


class Context:
    def __init__(self, view, legal):
        self.v = view
        self.seat = view.seat
        self.mine = [view.species[i] for i in view.rows[view.seat]]
        self.rs = view.ruleset


def _food(card):
    return int(card.rsplit(":", 1)[1])


def _select(ctx, a):
    return 0.2 * _food(a.card) - 0.3 * _TRAIT_VALUE.get(a.card.split(":")[0], 1.0)


def _place(ctx, a):
    t = a.card.split(":")[0]
    sp = ctx.v.species[a.species]
    if a.replace:
        return -1.0
    if t == "carnivore" and sp.pop > 1:
        return 0.2
    return _TRAIT_VALUE.get(t, 1.0) - 0.3 * len(sp.traits)


def _new(ctx, a):
    return 1.7 if len(ctx.mine) < 3 else 0.6


def _grow(ctx, a):
    sp = ctx.v.species[a.species]
    if a.what == "population":
        return 1.5 - 0.2 * sp.pop
    return (1.6 if sp.body < 3 else 0.9) - 0.1 * sp.body


def _end(ctx, a):
    return 0.75 if len(ctx.v.hand) <= 2 else 0.3


def _eat(ctx, a):
    sp = ctx.v.species[a.species]
    return 4.0 + (1.0 if sp.food < sp.pop else -2.0)


def _hunt(ctx, a):
    prey = ctx.v.species[a.prey]
    value = 5.0 + prey.body
    if prey.owner == ctx.seat:
        value -= 12
    if prey.has("horns"):
        value -= 3
    if a.card:
        value -= 1.5
    return value


def _think(ctx, a):
    return 1.0


VALUES = {SelectFood: _select, PlaceTrait: _place, NewSpecies: _new, Grow: _grow, EndTurn: _end, EatPlant: _eat,
          Hunt: _hunt, ThinkFood: _think, Pass: lambda c, a: 0.0}

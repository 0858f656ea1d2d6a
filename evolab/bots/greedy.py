"""GreedyBot: a sensible one-move-ahead player. It feeds its animals, attacks when it pays, defends itself.

Each legal action gets a score from simple rules a player would state aloud; the best wins, ties go to
the random number generator so the bot is not predictable.
"""
from __future__ import annotations

from ..actions import (Attack, BurnFat, ChooseCard, DropTail, EndMove, Graze, Hibernate, Mimic, NoDefence, Pass,
                       PlayAnimal, PlayPairTrait, PlayTrait, Pirate, Resolve, Run, Scavenge, TakeFood)
from .base import Bot

_DEFENSIVE = {"camouflage": 1.6, "burrowing": 1.4, "swimming": 1.5, "running": 1.3, "tail_loss": 1.3,
              "mimicry": 1.1, "high_body_weight": 1.2, "poisonous": 1.2}
_OTHER = {"fat_tissue": 1.0, "hibernation": 1.0, "scavenger": 1.0, "piracy": 0.9, "grazing": 0.5,
          "sharp_vision": 0.3, "communication": 1.3, "cooperation": 1.4, "symbiosis": 1.0}


class GreedyBot(Bot):
    """Scores every legal action with a few rules of thumb and plays the best."""

    name = "greedy"
    picks_from_legal = True

    def pick(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        best_v = None
        context, values = _rules_of_thumb(view.ruleset.id)
        ctx = context(view)
        ties = []
        for a in legal:
            v = values.get(type(a), _zero)(ctx, a)
            if best_v is None or v > best_v + 1e-9:
                best_v, ties = v, [a]
            elif v > best_v - 1e-9:
                ties.append(a)
        return ties[0] if len(ties) == 1 else ties[int(rng.random() * len(ties))]   # ties: by chance


def _rules_of_thumb(ruleset_id):
    """(context class, {action type: value function}) of an edition, loaded once."""
    table = _TABLES.get(ruleset_id)
    if table is None:
        import importlib
        module = importlib.import_module(f"evolab.bots.{_MODULES[ruleset_id]}")
        table = _TABLES[ruleset_id] = (module.Context, module.VALUES)
    return table


_MODULES = {"random_mutations": "greedy_rm", "northstar": "greedy_ns"}
_TABLES: dict = {}     # ruleset id -> (context class, values); Origin's are below


class _Context:
    """What the scoring rules need, computed once per decision."""

    def __init__(self, view):
        self.v = view
        self.seat = view.seat
        self.animals = view.animals
        self.mine = [a for a in view.animals.values() if a.owner == view.seat]
        self.players = view.players
        rs = view.ruleset
        food = _FOOD.get(rs)
        if food is None:
            food = _FOOD[rs] = _expected_food(rs)
        self.expected_food = food

    @property
    def deficit(self):
        return sum(max(0, a.need - a.red - a.blue) for a in self.mine if not a.hibernating)

    def fed(self, a):
        return a.hibernating or a.red + a.blue >= a.need


_FOOD: dict = {}   # ruleset -> mean food bank, computed once


def _expected_food(rs):
    outs = getattr(rs, "food_outcomes", None)
    if not outs:
        return 6.0
    return sum(o.food * w for o, w in outs) / sum(w for _, w in outs)


def _zero(ctx, a):
    return 0.0


def _play_animal(ctx, a):
    target = ctx.expected_food / ctx.players + 0.5
    return 2.5 if len(ctx.mine) < target else 0.6


def _play_trait(ctx, a):
    x = ctx.animals[a.animal]
    if a.trait == "parasite":
        return 2.2 + 0.1 * len(x.cards)
    if a.trait == "carnivorous":
        prey = sum(1 for y in ctx.animals.values() if y.owner != ctx.seat)
        return 2.0 if prey else 0.4
    if a.trait == "sharp_vision":
        return 1.0 if x.has("carnivorous") else 0.3
    v = _DEFENSIVE.get(a.trait) or _OTHER.get(a.trait, 0.5)
    return v - 0.1 * len(x.cards)


def _play_pair(ctx, a):
    return _OTHER.get(a.trait, 1.0)


def _pass(ctx, a):
    return 0.8 if len(ctx.mine) >= 2 else 0.1


def _take(ctx, a):
    x = ctx.animals[a.animal]
    if not ctx.fed(x):
        protects = sum(1 for u in x.links if ctx.v.links[u].trait == "symbiosis" and ctx.v.links[u].a == x.id)
        return 5.0 + 0.5 * (x.need - x.red - x.blue) + protects
    return 1.5


def _attack(ctx, a):
    p, q = ctx.animals[a.predator], ctx.animals[a.prey]
    if q.owner == ctx.seat:
        return -5.0
    v = 6.0 + 0.4 * len(q.cards)
    if q.has("poisonous"):
        v -= 12.0
    if q.has("running"):
        v -= 2.5
    if q.has("tail_loss"):
        v -= 1.5
    if q.has("mimicry"):
        v -= 0.5
    if ctx.fed(p):
        v -= 3.0
    return v


def _burn(ctx, a):
    return (3.0 if ctx.v.food_bank == 0 else 1.0) + a.tokens


def _graze(ctx, a):
    hungry_rivals = any(not ctx.fed(x) for x in ctx.animals.values() if x.owner != ctx.seat)
    return 2.5 if ctx.deficit == 0 and hungry_rivals else -1.0


def _pirate(ctx, a):
    return 4.0 if ctx.animals[a.victim].owner != ctx.seat else -1.0


def _hibernate(ctx, a):
    return 4.0 if ctx.v.food_bank < ctx.deficit else -1.0


def _run(ctx, a):
    return 3.0


def _mimic(ctx, a):
    x = ctx.animals[a.animal]
    return 2.0 + 0.8 * (x.has("running") + x.has("tail_loss")) - 0.3 * len(x.cards)


def _drop_tail(ctx, a):
    at = ctx.v.attack
    x = ctx.animals[at.prey]
    for c in x.cards:
        if c.uid == a.card_uid:
            return {"parasite": 2.5, "tail_loss": 1.5, "fat_tissue": 1.0 + (x.fat < x.fat_cards)}.get(c.trait, 0.8)
    return 0.6   # a pair-trait card


def _scavenge(ctx, a):
    return 1.0 if not ctx.fed(ctx.animals[a.animal]) else 0.5


def _choose_card(ctx, a):
    """Equilibrium: prefer cards with two uses, then carnivores and protection."""
    sides = a.card.split("/")
    return 0.5 * len(sides) + sum(_DEFENSIVE.get(t, 0) + (1.5 if t == "carnivorous" else 0) for t in sides) / 2


_VALUE = {
    PlayAnimal: _play_animal, PlayTrait: _play_trait, PlayPairTrait: _play_pair, Pass: _pass,
    TakeFood: _take, Attack: _attack, BurnFat: _burn, Graze: _graze, Pirate: _pirate,
    Hibernate: _hibernate, EndMove: _zero, Run: _run, Mimic: _mimic, DropTail: _drop_tail,
    NoDefence: _zero, Scavenge: _scavenge, Resolve: _zero, ChooseCard: _choose_card,
}

_TABLES["origin"] = (_Context, _VALUE)

"""GreedyBot's rules of thumb for *Random Mutations* (species, blind cards, shelters, parasites).

Feeding follows the same plan as in *The Origin of Species* (``plan.py``): the red tokens the bot can
expect, taking one a move in turn with its rivals (less what their Stompers may destroy), go to the
animals it can finish, cheapest first, a Large hunter's token before its kill. As taking a chip is
compulsory while one can be placed, a chip it cannot use to finish an animal goes to a shelter when
rivals hunt or to a parasite on a rival; failing those, to the hungry animal closest to fed (a token
taken is one the rivals do not get).
"""
from __future__ import annotations

from ...actions import (Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove, Pass, PlaceParasite,
                       PlayCard, Scavenge, Stomp, TakeFood, TakeShelter)
from ..hints import BotHints, FeedingPlan, PlanOnDemand, completion_plan, expected_share
from .checks import trait_block
from .moves import NEW_SPECIES, PASS, play_card
from .worlds import PUBLIC

_HUNTERS = frozenset(("predator", "obligate_predator"))
_MAIN = frozenset((TakeFood, TakeShelter, PlaceParasite, Attack))
_HOPELESS = 1.2      # food for an animal it cannot finish: below a shelter against hunters and a parasite


class Context(PlanOnDemand):
    def __init__(self, view, legal):
        self.v = view
        self.seat = view.seat
        self.rs = view.ruleset
        self.legal = legal
        self.mine = [view.species[i] for i in view.rows[view.seat]]
        self._traits = {}
        self._plan = None
        self.room = self._hunters = None
        self._finishes = {}             # hunter -> whether a kill finishes it (``_attack``)
        self._targets = {}              # species -> what a hunt on it is worth (``_attack``)
        self._loads = {}                # species -> parasites on it (``_parasite``)

    def traits(self, sp):
        """The traits of species ``sp`` (a tuple of names, as the ruleset keeps them)."""
        t = self._traits.get(sp.id)
        if t is None:
            t = self._traits[sp.id] = self.rs.traits_of(self.v, sp)
        return t

    def need(self, sp):
        return self.rs.need(self.v, sp)

    def short(self, a):
        """Food an animal still needs (0 when fed; an Obligate Predator is fed only by a kill)."""
        if a.fed_by_kill:
            return 0
        return max(0, self.need(self.v.species[a.species]) - a.red - a.blue)

    def rival_hunters(self):
        if self._hunters is None:
            self._hunters = any(not _HUNTERS.isdisjoint(self.traits(sp))
                                for sp in self.v.species.values() if sp.owner != self.seat)
        return self._hunters


class _FeedingPlan(FeedingPlan):
    """As in the Origin bot: ``cost`` (red tokens each hungry animal still needs after a sure kill),
    ``share`` (the red tokens to expect, rivals taking in turn while they have animals the centre could
    finish, after what the rivals' Stompers could destroy), ``planned`` (the animals finished with it,
    cheapest first) and ``spare``."""

    def __init__(self, ctx):
        v = ctx.v
        seat = ctx.seat
        self.hunters, me_first = _open_moves(ctx)
        costs, total = self._costs(ctx)
        self.me_first = me_first
        bank = _red_left(ctx)
        rivals = [0] * v.players
        if bank:
            animals = v.animals
            for sp in v.species.values():
                if sp.owner != seat and "obligate_predator" not in ctx.traits(sp):
                    need = ctx.need(sp)
                    for x in sp.animals:
                        a = animals[x]
                        short = need - a.red - a.blue
                        if 0 < short <= bank:
                            rivals[sp.owner] += short
        self.bank = bank
        self.demands = [rivals[(seat + k) % v.players] for k in range(1, v.players)]
        self.share = expected_share(bank, self.demands, me_first)
        self.planned, self.spare = completion_plan(costs, self.share)

    def _costs(self, ctx):
        """``self.cost`` per hungry animal, and the (cost, ties..., id) to plan with and their total."""
        v, hunters = ctx.v, self.hunters
        self.cost = cost = {}
        costs = []
        total = 0
        for sp in ctx.mine:
            traits = ctx.traits(sp)
            if "obligate_predator" in traits:
                continue                       # fed only by its own kill, never by the centre's food
            need = ctx.need(sp)
            for aid in sp.animals:
                a = v.animals[aid]
                short = need - a.red - a.blue
                if short > 0:
                    hunt = hunters.get(aid, 0)
                    c = max(0, short - hunt)
                    cost[aid] = c
                    total += c
                    # ties: a hunter first (its kill comes anyway: hunting is compulsory), then what was begun
                    costs.append((c, -hunt, -a.red - a.blue, aid))
        return costs, total


def _open_moves(ctx):
    """(hunters, me_first): a predator -> 2 when a sure prey (an unsheltered animal of a rival species without
    Running) is open to it, two hunters never counting on one prey; whether a main action is open."""
    v, seat = ctx.v, ctx.seat
    hunters: dict = {}
    me_first = False
    prey_left: dict = {}
    for x in ctx.legal:
        t = type(x)
        if t in _MAIN:
            me_first = True
            if t is Attack and x.predator not in hunters:
                target = v.species[x.prey]
                if target.owner != seat and "running" not in ctx.traits(target):
                    left = prey_left.get(target.id)
                    if left is None:
                        left = sum(1 for y in target.animals if not v.animals[y].shelter)
                    if left > 0:
                        hunters[x.predator] = 2
                        prey_left[target.id] = left - 1
    return hunters, me_first


def _red_left(ctx):
    """The red tokens in the centre after what the rivals' Stompers may destroy on their next moves."""
    v = ctx.v
    bank = v.red
    if bank:
        stomp = 0
        for sp in v.species.values():
            if sp.owner != ctx.seat and "stomper" in ctx.traits(sp):
                stomp += len(sp.animals)
        bank = max(0, bank - stomp)
    return bank


_RED: dict = {}      # ruleset -> mean red tokens per player


def _food_per_player(rs):
    red = _RED.get(rs)
    if red is None:
        outs = getattr(rs, "red_outcomes", None) or ()
        total = sum(w for _, w in outs)
        red = _RED[rs] = (sum(o.food * w for o, w in outs) / total if total else 5.0) / rs.players
    return red


def _room(rs, mine):
    """How many more animals the food the bot can expect can feed, beyond ``mine`` (its species) and a margin."""
    return _food_per_player(rs) + 1.5 - sum(len(sp.animals) for sp in mine)


def _play(ctx, a):
    """Grow while the expected food can feed one more animal; beyond that, mutate (traits score without
    eating, and which trait arises is blind)."""
    room = ctx.room
    if room is None:
        room = ctx.room = _room(ctx.rs, ctx.mine)
    if a.mode == "new_species":
        return 2.2 if room > 0 else 0.1
    if a.mode == "add_animal":
        sp = ctx.v.species[a.species]
        return (1.9 - 0.2 * len(sp.animals)) if room > 0 else 0.1
    if a.mode == "trait":
        return 1.5
    return 1.2 if room >= 1 else 0.2     # diverge


def _take_food(ctx, a):
    """Finish the cheapest animal first; a token for an animal the food cannot finish comes after a shelter
    against hunters and a parasite (then the one closest to fed)."""
    plan = ctx.plan
    aid = a.animal
    cost = plan.cost.get(aid)
    if cost is None:
        return 0.0
    if aid in plan.planned:
        animal = ctx.v.animals[aid]
        short = ctx.short(animal)
        hunt = plan.hunters.get(aid, 0)
        if hunt and short <= 2:
            return 1.0                  # it will eat by hunting; a token now would be lost to the kill
        # the closest to fed first; a hunter (its kill comes anyway) and food already given are not to be lost
        return 6.0 - 0.3 * min(cost, 5) + (0.4 if cost == 1 else 0.0) + 0.25 * hunt + 0.1 * (animal.red + animal.blue)
    return _HOPELESS - 0.05 * min(cost, 5)


def _take_shelter(ctx, a):
    animal = ctx.v.animals[a.animal]
    sp = ctx.v.species[animal.species]
    if "bark_beetle" in ctx.traits(sp) and "obligate_predator" not in ctx.traits(sp) and ctx.short(animal):
        return _take_food(ctx, TakeFood(a.animal)) + 0.2      # the shelter is eaten: food from a green chip
    return 2.5 if ctx.rival_hunters() else 0.7


def _parasite(ctx, a):
    """More parasites on a species already carrying some (the value of a parasite on a load; ``_parasite_cap`` is
    its most)."""
    sid = ctx.v.animals[a.animal].species
    load = ctx._loads.get(sid)
    if load is None:
        load = ctx._loads[sid] = _parasites_on(ctx.v, ctx.v.species[sid])
    return 1.5 + 0.5 * load             # the same value as ``_parasite_cap``'s bound


def _parasites_on(v, sp):
    """Parasites on the animals of species ``sp`` (its load)."""
    animals = v.animals
    return sum(animals[x].parasites for x in sp.animals)


def _attack(ctx, a):
    """Hunt a rival species when the kill finishes the hunter; one's own other species only to feed a
    hunter with an animal that would starve anyway (the owner chooses the victim). The value depends on the
    hunter only through whether the kill finishes it, so both halves are worked out once per decision."""
    finishes = ctx._finishes.get(a.predator)
    if finishes is None:
        pred = ctx.v.animals[a.predator]
        finishes = ctx._finishes[a.predator] = ("obligate_predator" in ctx.traits(ctx.v.species[pred.species])
                                                or _finishable(ctx, pred))
    w = ctx._targets.get(a.prey)
    if w is None:
        w = ctx._targets[a.prey] = _target_worth(ctx, ctx.v.species[a.prey])
    return w[0] if finishes else w[1]


def _target_worth(ctx, target):
    """(value of a hunt on species ``target`` by a hunter its kill finishes, value by one it does not)."""
    v = ctx.v
    if target.owner != ctx.seat:
        plan = ctx.plan
        # the kill comes anyway (hunting is compulsory while there is prey): while the centre's food is
        # short, take it first; else hunt first and take the bank's food for what the kill leaves
        tight = plan.spare <= 0 and any(plan.cost[x] for x in plan.planned)
        return (5.0 if tight else 7.0) - (2.0 if "running" in ctx.traits(target) else 0.0), -1.0
    doomed = any(ctx.plan.hopeless(x) and not v.animals[x].shelter for x in target.animals)
    return 3.0 if doomed else 0.5, -2.0    # compulsory at times: then the least harm


def _finishable(ctx, pred):
    """A kill gives 2 tokens; the bank food left for the hunter after this move must cover the rest."""
    after = ctx.short(pred) - 2
    return after <= 0 or after <= ctx.plan.room_after_attack(pred.id)


def _stomp(ctx, a):
    """Destroy red tokens the bot will not eat: none of its animals can still be finished with them."""
    plan = ctx.plan
    rivals_hungry = any(sp.owner != ctx.seat for sp in ctx.v.species.values())
    if rivals_hungry and not any(plan.cost[x] for x in plan.planned):
        return 0.5 * a.tokens
    return -1.0


def _victim(ctx, a):
    """Which of one's animals dies (to a predator or to parasites): one that is not fed, least food first."""
    animal = ctx.v.animals[a.animal]
    short = ctx.short(animal)
    return (10.0 if short else 0.0) - (animal.red + animal.blue) - (2 if animal.shelter else 0)


def _scavenge(ctx, a):
    plan = ctx.plan
    if a.animal in plan.planned:
        return 3.0 - 0.3 * min(plan.cost[a.animal], 5)
    return 1.0


def _discard_trait(ctx, a):
    """Simplification: drop the trait that costs the most food."""
    for sp in ctx.mine:
        for uid, trait in sp.own + tuple(c for k in sp.sets for c in ctx.v.sets[k]):
            if uid == a.card_uid:
                return ctx.rs.need_bonus.get(trait, 0)
    return 0.0


def _zero(ctx, a):
    return 0.0


Context.plan_class = _FeedingPlan
VALUES = {PlayCard: _play, Pass: lambda c, a: 0.3, TakeFood: _take_food, TakeShelter: _take_shelter,
          PlaceParasite: _parasite, Attack: _attack, Stomp: _stomp, EndMove: _zero, ChooseVictim: _victim,
          ChooseParasiteVictim: _victim, Scavenge: _scavenge, DiscardTrait: _discard_trait}


def _streamed_best(ctx, legal):
    """``BotHints.greedy_best`` in one pass in the legal order: the values of ``VALUES``, but a parasite or a Stomp whose
    bound cannot reach the best so far is not valued (the parasites come after the chips and attacks in the list,
    most often below a token that finishes an animal). The ties are the actions within 1e-9 of the best, in order."""
    get = VALUES.get
    best = top = _NONE
    found = []          # (value, action) of the actions that may tie for the best, in order
    cap = None          # the most a parasite may be worth here (``_parasite_cap``), worked out when first needed
    for a, t in zip(legal, map(type, legal)):       # the types read in C
        if t is PlaceParasite:
            if top >= 1.5:                  # ``_parasite`` of no load
                if cap is None:
                    cap = _parasite_cap(ctx)
                if cap <= top:
                    continue
            v = _parasite(ctx, a)
        elif t is Stomp:
            if 0.5 * a.tokens <= top:       # ``_stomp``: at most half a point a token
                continue
            v = _stomp(ctx, a)
        elif t is EndMove:
            v = 0.0
        else:
            v = get(t, _zero)(ctx, a)
        if v > top:
            found.append((v, a))
            if v > best:
                best = v
                top = v - 1e-9
    return [a for v, a in found if v > top]


def _parasite_cap(ctx):
    """The value ``_parasite`` gives a parasite on the most loaded of the rivals' species (the hosts)."""
    v, seat = ctx.v, ctx.seat
    load = 0
    for sp in v.species.values():
        if sp.owner != seat:
            n = _parasites_on(v, sp)
            if n > load:
                load = n
    return 1.5 + 0.5 * load             # ``_parasite`` of the most loaded


_NONE = float("-inf")


def _live_development(view):
    """``BotHints.greedy_best`` of a development decision (``moves.dev_actions``), from the view without the list.
    While the expected food can feed one more animal (``_play``'s room), a new species (2.2) is worth more than any
    other play (an added animal at most 1.7, a trait 1.5, the pass 0.3): it alone is the best. Else a trait on each
    species that may take one (1.5) beats the rest (the pass 0.3, a new species or an added animal 0.1), and the
    pass is the best when none may. None where the list is needed: with Divergence on (``Bot.choose`` draws for it
    from the list) and for a Simplification's discard."""
    rs = view.ruleset
    if rs.options["divergence"] or view.public[_SIMPLIFY] is not None:
        return None
    seat = view.seat
    if view.pdeck_sizes[seat] < 1:          # ``checks.deck_block``: the pass alone
        return [PASS]
    mine = [view.species[i] for i in view.rows[seat]]
    if _room(rs, mine) > 0:
        return [NEW_SPECIES]
    return [play_card("trait", sp.id) for sp in mine if trait_block(sp) is None] or [PASS]


_SIMPLIFY = PUBLIC.index("simplify")      # the public field of a pending Simplification (a discard, not a play)


class RandomMutationsHints(BotHints):
    """GreedyBot's rules of thumb for *Random Mutations*."""

    greedy_values = VALUES

    def greedy_best(self, ctx, legal):
        """The best actions (``BotHints.greedy_best``) streamed (``_streamed_best``): a parasite or a Stomp that
        cannot reach the best so far is not valued."""
        return _streamed_best(ctx, legal)

    def greedy_context(self, view, legal, salt=0):
        return Context(view, legal)

    greedy_live_phases = frozenset({"development"})

    def greedy_live(self, view):
        """``greedy_best`` of a development decision found from the view (``_live_development``); None in the
        other phases, whose lists the feeding plan reads."""
        return _live_development(view) if view.phase == "development" else None

"""What the bots value in *The Origin of Species*: GreedyBot's rules of thumb, one value per kind of action.

A sensible one-move-ahead player feeds its animals, attacks when it pays, defends itself. In the feeding phase
the rules follow a plan (``rules.hints``): how much food the bot can expect this turn, and which of its animals
it can finish with it. It finishes the cheapest animals first and gives no food to an animal it cannot finish.
"""
from __future__ import annotations

from .styles import STYLES

from ...actions import (Attack, BurnFat, ChooseCard, DropTail, EndMove, Graze, Hibernate, Mimic, NoDefence, Pass,
                        PlayAnimal, PlayPairTrait, PlayTrait, Pirate, Resolve, Run, Scavenge, TakeFood)
from ..heredity import scramble
from ..hints import BotHints, FeedingPlan, PlanOnDemand, completion_plan, expected_share
from .feeding import attack_block, can_receive
from .moves import ANIMAL_PLAYS, CARD_SIDES, PASS, attack_rows, open_pairs, pair_plays, play_pair, rival_attacks
from .traits import CARNIVOROUS, DIRECTED, MIMICRY, POISONOUS, RUNNING, TAIL_LOSS, TRAIT_IDS

_DEFENSIVE = {"camouflage": 1.6, "burrowing": 1.4, "swimming": 1.5, "running": 1.3, "tail_loss": 1.3,
              "mimicry": 1.1, "high_body_weight": 1.2, "poisonous": 1.2}
_OTHER = {"fat_tissue": 1.0, "hibernation": 1.0, "scavenger": 1.0, "piracy": 0.9, "grazing": 0.5,
          "sharp_vision": 0.3, "communication": 1.3, "cooperation": 1.4, "symbiosis": 1.0}
_TRAIT_VALUE = {**{t: v for t, v in _OTHER.items() if t != "sharp_vision"}, **_DEFENSIVE}
_HBW_ROOM = 0.0
_NO_KEEPER = 1.0
_NONE = float("-inf")
_UNSURE = RUNNING | TAIL_LOSS | MIMICRY | POISONOUS     # prey that may escape, or poison the hunter
_MAIN = frozenset((TakeFood, Attack, BurnFat))          # the main actions a feeding plan looks for


class _Context(PlanOnDemand):
    """What the scoring rules need, computed once per decision (the feeding plan only when asked for)."""

    # worked out on first use
    _keepers = _room = _new_animal = _prey = _pred = _rival_bound = _columns = _top = _rival_attacks = _graze = None

    def __init__(self, view, legal, salt=0):
        self.v = view
        self.salt = salt
        self.seat = seat = view.seat
        self.animals = animals = view.animals
        self.mine = mine = []           # the bot's animals, in the row's order (a loop: cheaper than a comprehension)
        for a in animals.values():
            if a.owner == seat:
                mine.append(a)
        self.players = view.players
        self.legal = legal
        # what an animal's trait cards are worth to the bot (points, and points denied to a rival): nothing in
        # the Heredity variant, where choosing whom to feed, hunt or shield by its traits would be a breeder's
        # selection of those traits, not nature's
        self.card_worth = 0.0 if view.ruleset.heredity else 1.0

    @property
    def expected_food(self):
        """The food bank this turn: known when it was rolled before development (the scenarios), else its mean."""
        v = self.v
        if v.phase == "development" and v.food_bank:
            return v.food_bank
        return _expected_food(v.ruleset, v.turn)

    def keepers(self):
        """Development: the animals the expected food can feed, cheapest first (as the feeding plan will)."""
        if self._keepers is None:
            budget = self.expected_food / self.players + 0.5
            prey = len(self.animals) > len(self.mine)
            self._keepers = set()
            for need, _, aid in sorted((max(0, a.need - a.fat - (2 if prey and a.mask & CARNIVOROUS else 0)),
                                        -len(a.cards), a.id) for a in self.mine):
                if need > budget:
                    break
                budget -= need
                self._keepers.add(aid)
        return self._keepers

    @property
    def room(self):
        """Development: how much more food need the bot's share of the food bank can carry this turn.

        Its animals' needs, less what their stored fat and (for carnivores with prey on the table) a kill
        will feed, against its share of the expected food bank."""
        if self._room is None:
            prey = len(self.animals) > len(self.mine)
            need = 0
            for a in self.mine:
                n = a.need - a.fat - (2 if prey and a.mask & CARNIVOROUS else 0)
                if n > 0:
                    need += n
            self._room = self.expected_food / self.players + 0.5 - need
        return self._room

    @property
    def deficit(self):
        return sum(max(0, a.need - a.red - a.blue) for a in self.mine if not a.hibernating)

    def fed(self, a):
        return a.hibernating or a.red + a.blue >= a.need


class _FeedingPlan(FeedingPlan):
    """This turn's feeding as the bot sees it.

    ``cost[x]``: red tokens from the food bank that animal ``x`` still needs, after what it can feed itself
    (burning its own fat, a sure hunt); ``share``: the tokens the bot can expect from the bank, taking one
    per move in turn with rivals who take while they have an animal the bank could finish or fat room
    (none, when every rival passed since the bot's last move); ``planned``: the hungry animals it can
    finish with that share, cheapest first.
    """

    def __init__(self, ctx):
        v = self.v = ctx.v
        self.seat = ctx.seat
        # a main action is open: the bot takes before the rivals this round (the types read in C)
        self.me_first = me_first = not _MAIN.isdisjoint(map(type, ctx.legal))
        hungry, total, linked = self._costs(ctx)
        self.bank = bank = v.food_bank
        n = v.players
        self._demands = None
        if bank == 0 or v.passes >= n - 1:        # after a round of passes, what is left is the bot's
            self._demands = ()
            share = bank
        else:
            share = -(-bank // n) if me_first else bank // n      # what the bot gets if every rival takes
            if total > share:
                share = expected_share(bank, self.demands, me_first)
        self.share = share
        if total <= share:
            self.planned, self.spare = set(self.cost), share - total
        elif len(hungry) == 1 and not linked:    # one hungry animal the share cannot finish (``completion_plan``)
            self.planned, self.spare = set(), share
        else:
            self._plan_short(ctx, hungry, share, linked)

    def _costs(self, ctx):
        """``self.cost`` (what each hungry animal still needs from the bank, after its fat and a sure hunt) and
        ``self.hunters``; returns the hungry (cost, animal) in the row's order, their total, whether any is
        linked. The legal attacks are read only when a hungry carnivore asks."""
        v, me_first = self.v, self.me_first
        self.hunters = hunters = {}   # hungry carnivore -> 2 when a prey that cannot escape is open to it now
        self.cost = cost = {}
        hungry = []
        total = 0
        linked = False
        scanned = not me_first
        by_mask = None      # hunter's traits (mask) -> ``_hunt`` of a hunter that has not attacked this turn
        for a in ctx.mine:
            short = a.need - a.red - a.blue
            if short > 0 and not a.hibernating:
                c = short - a.fat
                if a.mask & CARNIVOROUS:
                    if not scanned:
                        scanned = True
                        _sure_hunters(ctx, hunters)
                    hunt = hunters.get(a.id)
                    if hunt is None and not me_first:
                        if a.attacked:
                            hunt = 0
                        else:           # a sure prey depends on the hunter only through its traits (``protector``)
                            if by_mask is None:
                                by_mask = {}
                            hunt = by_mask.get(a.mask)
                            if hunt is None:
                                hunt = by_mask[a.mask] = self._hunt(v, a)
                        hunters[a.id] = hunt
                    if hunt:
                        c -= hunt
                if c < 0:
                    c = 0
                cost[a.id] = c
                total += c
                hungry.append((c, a))
                if a.links:
                    linked = True
        return hungry, total, linked

    def _plan_short(self, ctx, hungry, share, linked):
        """Food is short: finish the cheapest animals first. Ties among animals that cost the same: finish what
        was begun; then, in the variant, none is fed first for its traits or age (a bot that fed carriers first
        would be a breeder selecting them): an order drawn anew every decision; otherwise the one with more
        trait cards first (it scores more)."""
        v = self.v
        salt = ctx.salt if v.ruleset.heredity else None
        costs = []
        waiting = []
        for c, a in hungry:
            aid = a.id
            key = (c, a.red + a.blue == 0, -len(a.cards) if salt is None else scramble(aid, salt), aid)
            if a.links and not can_receive(v, a):   # a Symbiosis partner eats only after its protector
                waiting.append(key)
            else:
                costs.append(key)
        self.planned, self.spare = completion_plan(costs, share)
        if waiting:                                 # those whose protectors will be fed, with what is left
            ready = [w for w in waiting if self._protectors_fed(v, w[-1])]
            more, self.spare = completion_plan(ready, self.spare)
            self.planned |= more
        if linked and self._shared(v):
            more, self.spare = completion_plan([(self.cost[k[-1]], *k) for _, *k in costs if k[-1] not in self.planned],
                                               self.spare)
            self.planned |= more

    @property
    def demands(self):
        """What each rival still wants from the bank, in the order they move after the bot: the needs of his
        animals the bank could finish, and his empty fat; nothing from those who passed since the bot's move."""
        if self._demands is None:
            v, seat, bank = self.v, self.seat, self.bank
            rival = [0] * v.players
            for a in v.animals.values():
                owner = a.owner
                if owner != seat and not a.hibernating:
                    want = a.fat_cards - a.fat
                    short = a.need - a.red - a.blue
                    if 0 < short <= bank:
                        want += short
                    if want > 0 and (not a.links or can_receive(v, a)):
                        rival[owner] += want
            out = rival[seat + 1:] + rival[:seat]
            passed = min(v.passes, len(out))
            if passed > 0:                     # the rivals who just passed (the last to move) want nothing
                out[-passed:] = [0] * passed
            self._demands = out
        return self._demands

    def _protectors_fed(self, v, aid):
        for u in v.animals[aid].links:
            link = v.links[u]
            if link.trait == "symbiosis" and link.b == aid:
                p = v.animals[link.a]
                if p.red + p.blue < p.need and not p.hibernating and link.a not in self.planned:
                    return False
        return True

    def _shared(self, v):
        """Credit an unplanned animal with the tokens its Cooperation or Communication partner passes on:
        one for each bank token the partner takes in its own plan (one a round)."""
        changed = False
        for x, cost in self.cost.items():
            if x in self.planned:
                continue
            credit = 0
            for u in v.animals[x].links:
                link = v.links[u]
                y = link.other(x)
                if link.trait != "symbiosis" and y in self.planned:
                    credit += self.cost[y]
            if credit:
                self.cost[x] = max(0, cost - credit)
                changed = True
        return changed

    @staticmethod
    def _hunt(v, a):
        """Food a hungry carnivore can count on from its attack this turn: 2 from a prey that cannot escape
        (read from the legal attacks when the bot may attack now)."""
        if a.attacked:
            return 0
        for b in v.animals.values():
            if b.owner != a.owner and not b.mask & _UNSURE and attack_block(v, a, b) is None:
                return 2
        return 0



def _sure_hunters(ctx, hunters):
    """Mark in ``hunters`` (with 2, the tokens of a kill) the hunters with a legal attack on a rival's animal that
    cannot escape (read from the attacks on rivals' animals, when a long list's pass has listed them)."""
    seat, animals = ctx.seat, ctx.animals
    attacks = ctx._rival_attacks
    actions = ctx.legal if attacks is None else attacks
    for x, t in zip(actions, map(type, actions)):
        if t is Attack and x.predator not in hunters:
            q = animals[x.prey]
            if not q.mask & _UNSURE and q.owner != seat:
                hunters[x.predator] = 2


_FOOD: dict = {}   # id(ruleset) -> (ruleset, its mean food bank), computed once


def _expected_food(rs, turn):
    """The mean of the food dice (a food schedule of an experiment is not known to the players). Kept by the
    ruleset's identity (a ruleset's hash is a Python call), with the ruleset itself so that its id stays its own."""
    kept = _FOOD.get(id(rs))
    if kept is None:
        kept = _FOOD[id(rs)] = (rs, _mean(getattr(rs, "food_outcomes", None)))
    return kept[1]


def _mean(outs):
    if not outs:
        return 6.0
    return sum(o.food * w for o, w in outs) / sum(w for _, w in outs)


def _zero(ctx, a):
    return 0.0


def _play_animal(ctx, a):
    """A new animal while the expected food can feed it (it needs 1)."""
    v = ctx._new_animal
    if v is None:
        v = ctx._new_animal = 2.5 if ctx.room >= 1 else 0.6
    return v


def _play_trait(ctx, a):
    x = ctx.animals[a.animal]
    t = a.trait
    v = _TRAIT_VALUE.get(t)
    if v is None:
        if t == "parasite":
            return 2.2 + 0.1 * len(x.cards)
        if t == "carnivorous":               # a carnivore feeds itself by hunting, if there is prey
            if len(ctx.animals) <= len(ctx.mine):
                return 0.4
            # a kill gives 2 food: an animal that already needs more than 1 (a Parasite, High Body Weight)
            # would need the rest from the food bank, while the expected food can carry it
            return 2.0 if x.need <= 1 or ctx.room >= x.need - 1 else 0.4
        if t == "sharp_vision":
            v = 1.0 if x.mask & CARNIVOROUS else 0.3
            return v - 0.1 * len(x.cards)
        v = 0.5
    elif t == "high_body_weight" and ctx.room < _HBW_ROOM:
        v -= 1.0                          # one more food a turn than the table can give
    return v - 0.1 * len(x.cards)


def _play_pair(ctx, a):
    return _pair_worth(ctx, a.trait, a.animals)


def _pair_worth(ctx, trait, pair):
    """Cooperation and Communication pass food on: between two animals the food can feed, not from one
    of them to an animal that will starve anyway (the food it passes would be wasted)."""
    v = _OTHER.get(trait, 1.0)
    if trait != "symbiosis":
        fed = ctx.keepers()
        n = (pair[0] in fed) + (pair[1] in fed)
        if n == 1:
            v -= 1.1
        elif n == 0:
            v -= _NO_KEEPER
    return v


def _pass(ctx, a):
    return 0.8 if len(ctx.mine) >= 2 else 0.1


def _gifts(ctx, x):
    """What a token for ``x`` brings its partners: Cooperation and Communication pass one on (0.8 to a hungry
    partner it may help finish, 0.3 to one storing fat, -0.2 to one that will starve anyway: wasted), and a
    fed protector lets its Symbiosis partner eat (0.5). A token outside the plan (for an animal the plan does
    not finish, or for fat) uses one of the spare tokens the partner would need."""
    v = 0.0
    fed_after = x.red + x.blue + 1 >= x.need
    plan = None
    for u in x.links:
        link = ctx.v.links[u]
        y = ctx.animals[link.other(x.id)]
        if link.trait == "symbiosis":
            if link.a == x.id and fed_after and not ctx.fed(y):
                v += 0.5
        elif not y.hibernating and can_receive(ctx.v, y):
            if ctx.fed(y):
                v += 0.3
            else:
                if plan is None:
                    plan = ctx._plan or ctx.plan
                    spare = plan.spare - (x.id not in plan.planned)
                v += 0.8 if y.id in plan.planned or plan.cost[y.id] - 1 <= spare else -0.2
    return v


def _take(ctx, a):
    """Finish the cheapest animal first; never feed one that cannot be finished; then store fat."""
    x = ctx.animals[a.animal]
    gifts = _gifts(ctx, x) if x.links else 0.0
    short = x.need - x.red - x.blue
    if short <= 0:
        return 1.5 + 0.5 * gifts
    plan = ctx._plan or ctx.plan
    if x.id in plan.planned:
        return _take_planned(plan, x, short, gifts)
    return -1.0 + gifts                     # cannot be finished: the token would be wasted


def _take_planned(plan, x, short, gifts=0.0):
    """A token for a hungry animal the plan finishes (``short`` tokens from fed; ``gifts``: what the token
    brings its partners)."""
    aid = x.id
    if short <= 2 and plan.hunters.get(aid):
        return 1.0                          # it will eat by hunting; a token now would be lost to the kill
    cost = plan.cost[aid]
    if cost == 0:                           # its own fat can feed it: eat from the bank only if food is left over
        return (5.0 if plan.spare > 0 else 1.6) + gifts
    return 6.0 - 0.3 * min(cost, 5) + (0.4 if short == 1 else 0.0) + gifts


def _attack(ctx, a):
    """An attack scored from its prey's worth and its hunter's state, each worked out once per decision."""
    prey = ctx._prey
    if prey is None:
        prey = ctx._prey = {}
        ctx._pred = {}
    w = prey.get(a.prey)
    if w is None:
        w = prey[a.prey] = _prey_worth(ctx, ctx.animals[a.prey])
    h = ctx._pred.get(a.predator)
    if h is None:
        h = ctx._pred[a.predator] = _hunter(ctx, ctx.animals[a.predator])
    return _attack_value(w, h, ctx.card_worth)


def _attack_value(w, h, card_worth):
    v, gain, cards = w
    if gain == 0:                            # the bot's own animal
        return 3.0 + 0.2 * (h[3] - cards) * card_worth if v and not h[0] and h[2] else -5.0
    if h[0]:
        return v - 3.0                      # a kill for its fat, and one rival animal fewer
    return v if h[gain] else -1.0           # unfinished, it starves anyway: the meat would be wasted


def _prey_worth(ctx, q):
    """(value, tokens a kill gives, trait cards) of a rival's animal as prey; for the bot's own animal, gain 0
    and whether eating it is thinkable: only one that will starve anyway (after every better way to feed the
    carnivore) and that cannot escape or poison it."""
    m = q.mask
    if q.owner == ctx.seat:
        if m & (POISONOUS | _UNSURE):
            return False, 0, len(q.cards)
        plan = ctx.plan
        return q.id in plan.cost and q.id not in plan.planned, 0, len(q.cards)
    v = 7.0 + 0.4 * len(q.cards) * ctx.card_worth
    if m & _UNSURE:
        if m & POISONOUS:
            v -= 12.0
        if m & RUNNING:
            v -= 2.5
        if m & TAIL_LOSS:
            v -= 1.5
        if m & MIMICRY:
            v -= 0.5
    return v, 1 if m & TAIL_LOSS else 2, len(q.cards)


def _hunter(ctx, p):
    """(fed or asleep, a kill of 1 finishes it, a kill of 2 finishes it, its trait cards)."""
    if p.hibernating or p.red + p.blue >= p.need:
        return True, False, False, len(p.cards)
    return False, _finishable(ctx, p, 1), _finishable(ctx, p, 2), len(p.cards)


def _finishable(ctx, p, gain=2):
    """Whether the ``gain`` of an attack (2 tokens for a kill, 1 when the prey drops its tail), its fat and
    the bank food it can still get (the attack is this move's action, so bank food comes from the next
    round on) would finish carnivore ``p``."""
    after = p.need - p.red - p.blue - gain - p.fat
    return after <= 0 or after <= ctx.plan.room_after_attack(p.id)


def _burn(ctx, a):
    """Burn fat as the last step that finishes an animal, and only when the food bank will not feed it
    anyway: fat kept is food for a later turn."""
    x = ctx.animals[a.animal]
    short = x.need - x.red - x.blue
    plan = ctx.plan
    if a.tokens < short or x.id not in plan.planned:
        return -0.5                          # bank food first; fat burnt too early may feed nobody
    if plan.spare >= short and ctx.v.food_bank > 0:
        return 0.8                           # the bank can still feed it: keep the fat
    return 5.8 + 0.1 * a.tokens


def _graze(ctx, a):
    """Graze when the bot's animals are all fed and a rival's is not. The same for every grazer of the decision,
    so worked out once (a Heredity table may hold dozens of grazers, each a move)."""
    v = ctx._graze
    if v is None:
        hungry_rivals = any(not ctx.fed(x) for x in ctx.animals.values() if x.owner != ctx.seat)
        v = ctx._graze = 2.5 if ctx.deficit == 0 and hungry_rivals else -1.0
    return v


def _pirate(ctx, a):
    if ctx.animals[a.victim].owner == ctx.seat:
        return -1.0
    p = ctx.animals[a.pirate]
    plan = ctx.plan
    return 4.5 if plan.cost.get(p.id, 0) - 1 <= plan.share else -0.5     # a stolen token it cannot use is wasted


def _hibernate(ctx, a):
    """Sleep through a turn the animal cannot be fed in, or to leave the food to the others."""
    x = ctx.animals[a.animal]
    plan = ctx.plan
    if plan.hopeless(x.id):
        return 4.5
    cost = plan.cost.get(x.id, 0)
    if cost > 0:
        freed = plan.spare + cost          # the food it leaves could finish another animal
        if any(plan.hopeless(y.id) and plan.cost[y.id] <= freed for y in ctx.mine if y is not x):
            return 4.0 + 0.1 * cost
    return -1.0


def _run(ctx, a):
    return 3.0


def _mimic(ctx, a):
    """Send the predator to the animal that costs least: one that will starve anyway, few traits."""
    x = ctx.animals[a.animal]
    doomed = 2.0 if ctx.plan.hopeless(x.id) else 0.0
    return 2.0 + 0.8 * (x.has("running") + x.has("tail_loss")) - 0.3 * len(x.cards) * ctx.card_worth + doomed


def _drop_tail(ctx, a):
    at = ctx.v.attack
    x = ctx.animals[at.prey]
    for c in x.cards:
        if c.uid == a.card_uid:
            return {"parasite": 2.5, "tail_loss": 1.5, "fat_tissue": 1.0 + (x.fat < x.fat_cards)}.get(c.trait, 0.8)
    return 0.6   # a pair-trait card


def _scavenge(ctx, a):
    x = ctx.animals[a.animal]
    if ctx.fed(x):
        return 0.5
    plan = ctx.plan
    if x.id in plan.planned:
        return 3.0 - 0.3 * min(plan.cost[x.id], 5)
    return 1.0


def _resolve(ctx, a):
    return 1.0 if a.fire else 0.0


def _choose_card(ctx, a):
    """Equilibrium: prefer cards with two uses, then carnivores and protection."""
    sides = a.card.split("/")
    return 0.5 * len(sides) + sum(_DEFENSIVE.get(t, 0) + (1.5 if t == "carnivorous" else 0) for t in sides) / 2


_VALUE = {
    PlayAnimal: _play_animal, PlayTrait: _play_trait, PlayPairTrait: _play_pair, Pass: _pass,
    TakeFood: _take, Attack: _attack, BurnFat: _burn, Graze: _graze, Pirate: _pirate,
    Hibernate: _hibernate, EndMove: _zero, Run: _run, Mimic: _mimic, DropTail: _drop_tail,
    NoDefence: _zero, Scavenge: _scavenge, Resolve: _resolve, ChooseCard: _choose_card,
}

_Context.plan_class = _FeedingPlan


class OriginHints(BotHints):
    """GreedyBot's rules of thumb for *The Origin of Species*."""

    greedy_values = _VALUE
    play_styles = STYLES

    def greedy_context(self, view, legal, salt=0):
        return _Context(view, legal, salt)

    def greedy_best(self, ctx, legal):
        """The best actions (``BotHints.greedy_best``) from the same values streamed: an action whose value
        cannot reach the best found so far is not worked out in full (a trait's table value only drops with the
        trait cards already on its animal; a token for a fed animal is worth 1.5)."""
        return _best(ctx, legal)

    def greedy_ties(self, view, legal, salt=0):
        """``greedy_best`` of a new context, in one call (the bot asks this at every decision)."""
        return _best(_Context(view, legal, salt), legal)

    greedy_live_rates = True
    greedy_live_phases = frozenset({"development"})

    def greedy_live(self, view, trait_card_rate=None, rng=None):
        """``greedy_best`` of a development decision worked out card by card from the view (``_live_development``),
        with a trait-card rate's draw; None in the other phases, whose lists the feeding plan reads."""
        return _live_development(view, trait_card_rate, rng) if view.phase == "development" else None


def _best(ctx, legal):
    """``greedy_best`` by the kind of decision."""
    if ctx.v.phase == "development":
        return _streamed_best(ctx, legal)
    if len(legal) > _LONG:
        return _feeding_best_long(ctx, legal)
    if Attack in map(type, legal):          # a scan in C: most feeding lists have no attack
        return _feeding_best(ctx, legal)
    return _streamed_best(ctx, legal)


def _streamed_best(ctx, legal):
    """``greedy_best`` of a development decision, or of a feeding list without attacks: the rules' values
    (``greedy_values``) in one pass in the legal order. A trait play whose bound (``_TRAIT_BOUND``) cannot reach the
    best so far is skipped; a token for a hungry animal asks for the plan (only an attack could make it not worth
    valuing). The ties are kept as a list of actions: a new best less than 1e-9 above the last (rare: a Parasite
    play against a new animal) sends the decision to the plain valuation."""
    animals = ctx.animals
    bound = _TRAIT_BOUND
    plain = _PLAIN_TRAIT.get
    get = _VALUE.get
    best = top = _NONE
    ties: list = []
    new = plan = None
    for a, t in zip(legal, map(type, legal)):      # the types read in C
        if t is PlayTrait:
            if bound[a.trait] <= top:       # one subscript skips most trait plays once a new animal is the best
                continue
            trait = a.trait
            v = plain(trait)
            if v is not None:
                v -= 0.1 * len(animals[a.animal].cards)
            elif trait == "parasite":
                v = 2.2 + 0.1 * len(animals[a.animal].cards)
            else:
                v = _play_trait(ctx, a)
        elif t is PlayAnimal:
            if new is None:
                new = _play_animal(ctx, a)
            v = new
        elif t is TakeFood:
            x = animals[a.animal]
            short = x.need - x.red - x.blue
            if x.links:
                v = _take(ctx, a)
            elif short <= 0:
                v = 1.5
            else:
                if plan is None:
                    plan = ctx.plan
                v = _take_planned(plan, x, short) if x.id in plan.planned else -1.0
        elif t is PlayPairTrait and _OTHER.get(a.trait, 1.0) <= top:
            continue
        else:
            v = get(t, _zero)(ctx, a)
        if v > top:
            if v <= best:
                ties.append(a)
                continue
            if v - 1e-9 < best:             # within 1e-9 of the last best: some ties may fall out, value them all
                return BotHints.greedy_best(_HINTS, ctx, legal)
            ties = [a]
            best = v
            top = v - 1e-9
    return ties


def _live_development(view, rate=None, rng=None):
    """``greedy_best`` of a development decision without its legal list: the plays are walked in ``dev_actions``'
    order (each card's animal, then its sides on their targets, then the pass) and valued as ``_streamed_best``
    values them, but a side whose bound (``_TRAIT_BOUND``) cannot reach the best so far is skipped whole, before
    its targets are looked at. The ties are the plays within 1e-9 of the best, in that order. With a trait-card
    ``rate``, ``trait_card_filter``'s draw from ``rng`` first, when a card may be played either way. None where the
    list is needed: traits restricted by turn, and the scenarios (their limits on passing)."""
    rs = view.ruleset
    if rs.restricted or rs.options["scenario"] != "base":
        return None
    ctx = _Context(view, ())
    animals = sides = True          # the kinds of play kept (``trait_card_filter``: one of them, and the pass)
    if rate is not None and view.hand and _trait_play_open(ctx, view.hand):
        if rng.random() < rate:
            animals = False
        else:
            sides = False
    best = top = _NONE
    found: list = []        # (value, play) of the plays that may tie for the best, in order
    seen = None
    for cid in view.hand:
        if cid == seen:
            continue
        seen = cid
        if animals:
            a = ANIMAL_PLAYS[cid]
            v = ctx._new_animal or _play_animal(ctx, a)
            if v > top:
                found.append((v, a))
                if v > best:
                    best = v
                    top = v - 1e-9
        if sides:
            for side in CARD_SIDES[cid]:
                if (_OTHER.get(side[0], 1.0) if side[1] == "pair" else _TRAIT_BOUND[side[0]]) > top:
                    best, top = _live_side(ctx, cid, side, found, best, top)
    v = _pass(ctx, PASS)
    if v > top:
        found.append((v, PASS))
        if v > best:
            top = v - 1e-9
    return [a for v, a in found if v > top]


def _trait_play_open(ctx, hand):
    """Whether a card of ``hand`` may be played as a trait now (``trait_card_filter`` draws only then)."""
    mine = ctx.mine
    for cid in hand:
        for trait, kind, block, _plays in CARD_SIDES[cid]:
            if kind == "pair":
                if len(mine) > 1 and pair_plays(ctx.v, mine, cid, trait, []):
                    return True
                continue
            for x in mine if kind == "single" else ctx.animals.values():
                if not x.mask & block and (kind == "single" or x.owner != ctx.seat):
                    return True
    return False


def _live_side(ctx, cid, side, found, best, top):
    """``_live_development``: the plays of one side of card ``cid`` on its targets (own animals, or a Parasite on the
    rivals'), each added to ``found`` when above ``top``; returns (best, top). A pair side: ``_live_pairs``."""
    trait, kind, block, plays = side
    if kind == "pair":
        return _live_pairs(ctx, cid, trait, found, best, top)
    pv = _PLAIN_TRAIT.get(trait)
    for x in ctx.mine if kind == "single" else [x for x in ctx.animals.values() if x.owner != ctx.seat]:
        if x.mask & block:
            continue
        v = pv - 0.1 * len(x.cards) if pv is not None else _play_trait(ctx, plays[x.id])
        if v > top:
            found.append((v, plays[x.id]))
            if v > best:
                best = v
                top = v - 1e-9
    return best, top


def _live_pairs(ctx, cid, trait, found, best, top):
    """``_live_side`` of a pair side: each two own animals it may link, valued as ``_play_pair`` values the play
    (either way round: the value does not depend on the order); the plays are built only above ``top``."""
    mine = ctx.mine
    if len(mine) < 2:
        return best, top
    directed = trait in DIRECTED
    for pair in open_pairs(ctx.v, mine, trait):
        v = _pair_worth(ctx, trait, pair)
        if v > top:
            found.append((v, play_pair(cid, trait, pair)))
            if directed:
                found.append((v, play_pair(cid, trait, pair[::-1])))
            if v > best:
                best = v
                top = v - 1e-9
    return best, top


def _feeding_best(ctx, legal, floor=-1.0):
    """``greedy_best`` of a feeding decision: the rules' values (``greedy_values``) in one pass, with shortcuts that
    change no choice. An attack's value depends only on its prey and on which kills would finish its hunter, so
    it is read from one table per kind of hunter (``_hunter_column``), and a hunter none of whose attacks can
    reach the best has its attacks skipped; the tokens for hungry animals, which need the feeding plan, are
    valued last and only while their bound (``_TAKE_BOUND``) can reach the best (a decision won by an attack
    often needs no plan). Only values above ``floor`` are kept: when none is the best by more than 1e-9, the
    pass runs again with no floor."""
    animals = ctx.animals
    get = _VALUE.get
    best = top = ctx._top = floor
    found = []          # (value, action) of the actions that may tie for the best, in the legal actions' order
    keep = found.append
    later = []          # (action, animal, tokens it is short) of the tokens that need the plan
    hunters = {}        # hunter -> its column (``_hunter_column``), None when none of its attacks can reach the best
    last = column = None
    for a, t in zip(legal, map(type, legal)):       # the types read in C
        if t is Attack:
            pid = a.predator
            if pid != last:                     # a hunter's attacks come one after another
                last = pid
                column = hunters[pid] if pid in hunters else _hunter_column(ctx, pid, hunters, top)
                if column is not None:
                    value_of = column[0].get
            if column is None:
                continue
            v = value_of(a.prey)
            if v is None:
                v = _attack_in(ctx, column, a.prey, pid)
        elif t is TakeFood:
            x = animals[a.animal]
            short = x.need - x.red - x.blue
            if x.links:
                v = _take(ctx, a)
            elif short <= 0:
                v = 1.5
            elif _TAKE_BOUND <= top:
                continue
            else:
                plan = ctx._plan
                if plan is None:
                    later.append((a, x, short))
                    continue
                v = _take_planned(plan, x, short) if x.id in plan.planned else -1.0
        elif t is EndMove:
            v = 0.0
        else:
            v = get(t, _zero)(ctx, a)
        if v > top:
            keep((v, a))
            if v > best:
                best = v
                top = ctx._top = v - 1e-9
    return _feeding_finish(ctx, legal, floor, found, later, best, top)


def _feeding_finish(ctx, legal, floor, found, later, best, top):
    """The end of ``_feeding_best``: the tokens left for the feeding plan are valued while they can reach the best,
    then the ties come back in the legal order (or the pass runs again with no floor)."""
    n = len(found)
    if later and _TAKE_BOUND > top:
        plan = ctx._plan or ctx.plan
        planned = plan.planned
        for a, x, short in later:
            v = _take_planned(plan, x, short) if x.id in planned else -1.0
            if v > top:
                found.append((v, a))
                if v > best:
                    best = v
                    top = v - 1e-9
    if best <= floor + 1e-9 and floor != _NONE:     # the best may be at the floor: value everything
        ctx._columns = None                         # (they may hold bounds below the floor)
        return _feeding_best(ctx, legal, _NONE)
    if len(found) == 1:
        return [found[0][1]]
    return _in_order([a for v, a in found if v > top], legal, len(found) > n)   # tokens valued last among them


def _in_order(ties, legal, mixed):
    """``ties`` in the legal actions' order when they were found in more than one pass (``mixed``)."""
    if mixed and len(ties) > 1:
        ids = set(map(id, ties))
        ties = [a for a in legal if id(a) in ids]
    return ties


def _split_long(ctx, legal, rows):
    """(the attacks on rivals' animals, the actions other than attacks) of a long feeding list, in its order: row by
    row where the list has its predators' rows (``attack_rows``), else one by one."""
    if rows is not None:
        hits = []
        others = []
        animals, seat = ctx.animals, ctx.seat
        done = 0
        for at, row in rows:
            others += legal[done:at]
            hits += rival_attacks(row, animals, seat)
            done = at + len(row[1])
        others += legal[done:]
        return hits, others
    rivals = {q.id for q in ctx.animals.values() if q.owner != ctx.seat}
    hits = []
    others = []
    for a in legal:
        if type(a) is Attack:
            if a.prey in rivals:
                hits.append(a)
        else:
            others.append(a)
    return hits, others


def _feeding_best_long(ctx, legal, floor=-1.0):
    """``_feeding_best`` of a long feeding list (the Heredity variant's predation tables list hundreds of attacks,
    most of them on the bot's own animals). One pass sorts out the attacks on rivals' animals (the plan reads its
    sure kills from them) and the actions other than attacks; they are valued first, and the attacks on the bot's
    own animals last, only when one of them can still reach the best: one that starves anyway (``_attack``)."""
    rows = attack_rows(legal)
    hits, others = _split_long(ctx, legal, rows)
    if legal is ctx.legal:
        ctx._rival_attacks = hits
    get = _VALUE.get
    best = top = ctx._top = floor
    found = []          # (value, action) of the actions that may tie for the best
    keep = found.append
    for a in others:
        t = type(a)
        v = 0.0 if t is EndMove else get(t, _zero)(ctx, a)
        if v > top:
            keep((v, a))
            if v > best:
                best = v
                top = ctx._top = v - 1e-9
    n = len(found)
    hunters = {}
    best, top = _value_attacks(ctx, hits, hunters, found, best, top)
    mixed = 0 < n < len(found)          # the best may be in both lists: their legal order is needed
    doomed = _doomed(ctx) if top < _own_prey_bound(ctx) else None
    eaten = ()          # without trait cards that count: the attacks on the animals that starve anyway, worth 3
    if doomed and not ctx.card_worth:
        eaters = set()  # the hungry hunters a kill of 2 finishes (``_attack``: the others' are worth -5)
        for p in ctx.mine:
            if p.mask & CARNIVOROUS:
                pid = p.id
                column = hunters[pid] if pid in hunters else _hunter_column(ctx, pid, hunters, top)
                if column is not None and column[1] in _EATS:
                    eaters.add(pid)
        if eaters:
            eaten = _attacks_on(legal, rows, doomed, eaters)
            if eaten and 3.0 > best:
                best = 3.0
                top = ctx._top = 3.0 - 1e-9
    elif doomed:                        # the attacks on them, valued one by one
        m = len(found)
        eating = _attacks_on(legal, rows, doomed)
        best, top = _value_attacks(ctx, eating, hunters, found, best, top)
        mixed = mixed or 0 < m < len(found)
    if best <= floor + 1e-9:            # the best may be at the floor: value everything
        ctx._columns = None             # (they may hold bounds below the floor)
        return _feeding_best(ctx, legal, _NONE)
    if len(found) == 1 and not eaten:
        return [found[0][1]]
    ties = [a for v, a in found if v > top]
    if eaten and 3.0 > top:
        mixed = mixed or bool(ties)
        ties += eaten
    return _in_order(ties, legal, mixed)    # the best in more than one list: back in the legal order


def _attacks_on(legal, rows, prey, hunters=None):
    """The attacks in ``legal`` on the animals ``prey`` (by the ``hunters`` only, when given), in its order: from
    its predators' rows when it has them (``attack_rows``), skipping the rows of other hunters."""
    if rows is None:
        return [a for a in legal if type(a) is Attack and a.prey in prey and (hunters is None or a.predator in hunters)]
    out = []
    for _at, row in rows:
        attacks = row[1]
        if hunters is None or attacks[0].predator in hunters:
            out += [a for a in attacks if a.prey in prey]
    return out


def _value_attacks(ctx, attacks, hunters, found, best, top):
    """Value ``attacks`` from their hunters' columns (``_hunter_column``), adding to ``found`` the (value, attack)
    above ``top``; returns the new (best, top)."""
    keep = found.append
    for a in attacks:
        pid = a.predator
        column = hunters[pid] if pid in hunters else _hunter_column(ctx, pid, hunters, top)
        if column is not None:
            v = column[0].get(a.prey)
            if v is None:
                v = _attack_in(ctx, column, a.prey, pid)
            if v > top:
                keep((v, a))
                if v > best:
                    best = v
                    top = ctx._top = v - 1e-9
    return best, top


def _doomed(ctx):
    """The bot's own animals that starve anyway and cannot escape: the only ones its hunters would eat (``_attack``);
    the attacks on its other animals are worth -5."""
    plan = ctx.plan
    cost, planned = plan.cost, plan.planned
    return {q.id for q in ctx.mine if q.id in cost and q.id not in planned and not q.mask & (POISONOUS | _UNSURE)}


def _own_prey_bound(ctx):
    """The most an attack on the bot's own animal can be worth (``_attack``): by its hunter with the most trait
    cards, on an animal without any."""
    cw = ctx.card_worth
    if not cw:
        return 3.0
    return 3.0 + 0.2 * max(len(p.cards) for p in ctx.mine) * cw


_LONG = 40
"""A feeding list longer than this is valued by ``_feeding_best_long``."""

# the columns of attack values: by a hunter that is fed or asleep, that a kill of 1 token would finish (and so one
# of 2), that only a kill of 2 would finish, or that no kill would finish; and by a hunter one token from fed (a
# kill of 2 finishes it) whose kill of 1 is judged only when it attacks a prey that may drop its tail (``_attack_in``)
_FED, _ONE, _TWO, _NOT, _NEAR = 0, 1, 2, 3, 4
_EATS = (_ONE, _TWO, _NEAR)


def _hunter_column(ctx, pid, hunters, top):
    """The column of hunter ``pid``'s attacks, kept in ``hunters``: (prey -> value, column, its trait cards), one
    per column (and number of cards, when those count) in a decision; None when none of its attacks can reach the
    best so far ``top`` (it only grows). Which kills finish the hunter: the kill, its fat and the bank food from
    the next round on (``_finishable``)."""
    p = ctx.animals[pid]
    cards = len(p.cards)
    col = None
    if p.hibernating or p.red + p.blue >= p.need:
        # a fed hunter's attack: a rival's animal less 3 (at most 4 without trait cards), or -5
        if not (top >= 4.0 and _rival_bound(ctx) - 3.0 <= top):
            col = _FED
    elif not (top >= 7.0 and _hungry_bound(ctx, cards) <= top):    # a rival's animal: at most 7 + its cards
        after = p.need - p.red - p.blue - p.fat - 1
        if after <= 0:
            col = _ONE
        else:
            if after == 1:                  # a kill of 2 finishes it: a kill of 1 only matters on a tail
                col = _NEAR
            elif after - 1 > ctx.v.food_bank:   # no kill finishes it (its room is at most the bank): no plan
                col = _NOT
            else:
                room = ctx.plan.room_after_attack(pid)
                col = _ONE if after <= room else _TWO if after - 1 <= 0 or after - 1 <= room else _NOT
    if col is None or col == _NOT and top >= -1.0:     # its attacks are worth -1 or -5: none reaches the best
        column = None
    else:
        key = (col, cards) if ctx.card_worth else col
        columns = ctx._columns
        if columns is None:
            columns = ctx._columns = {}
        column = columns.get(key)
        if column is None:
            column = columns[key] = ({}, col, cards)
    hunters[pid] = column
    return column


def _attack_in(ctx, column, qid, pid):
    """The value of an attack on ``qid`` (``_attack``) by hunter ``pid`` of ``column``, kept in it; an attack on the
    bot's own animal that cannot reach the best so far is given its bound, without the plan. A ``_NEAR`` hunter's
    attack on a prey that may drop its tail asks the plan whether a kill of 1 finishes it, and is not kept (the
    column is shared by hunters with other rooms)."""
    values, col, cards = column
    q = ctx.animals[qid]
    if q.owner != ctx.seat:
        prey = ctx._prey
        if prey is None:
            prey = ctx._prey = {}
            ctx._pred = {}
        w = prey.get(qid)
        if w is None:
            w = prey[qid] = _prey_worth(ctx, q)
        v, gain, _ = w
        if col == _FED:
            v -= 3.0
        elif col == _NOT or col == _TWO and gain != 2:
            v = -1.0                            # unfinished, it starves anyway: the meat would be wasted
        elif col == _NEAR and gain != 2:        # ``_hunter_column``'s test of a kill of 1 (its shortfall after it: 1)
            top = ctx._top
            if v <= top and -1.0 <= top:        # below the best so far either way: no plan
                return v
            return v if 1 <= ctx.plan.room_after_attack(pid) else -1.0
    elif col == _FED or col == _NOT or q.mask & (POISONOUS | _UNSURE):
        v = -5.0
    else:                                       # the bot's own sure kill: eaten only if it starves anyway
        v = 3.0 + 0.2 * (cards - len(q.cards)) * ctx.card_worth
        plan = ctx._plan
        if plan is None and v <= ctx._top:
            pass                                # it cannot reach the best so far, which only grows: its bound
        elif qid not in (plan or ctx.plan).cost or qid in ctx._plan.planned:
            v = -5.0
    values[qid] = v
    return v


def _hungry_bound(ctx, cards):
    """The most an attack by a hungry hunter with ``cards`` trait cards can be worth: a rival's animal, or its own
    animal that starves anyway."""
    own = 3.0 + 0.2 * cards * ctx.card_worth
    rival = _rival_bound(ctx)
    return own if own > rival else rival


def _rival_bound(ctx):
    """The most a rival's animal can be worth as prey (``_prey_worth``, before what may save it)."""
    b = ctx._rival_bound
    if b is None:
        cw = ctx.card_worth
        if cw:
            cards = max((len(q.cards) for q in ctx.animals.values() if q.owner != ctx.seat), default=0)
            b = 7.0 + 0.4 * cards * cw
        else:
            b = 7.0
        ctx._rival_bound = b
    return b


_TAKE_BOUND = 6.2
"""The most a token for a hungry animal without pair traits is worth (``_take_planned``: 6.0 - 0.3 + 0.4)."""


_BOUND = {"carnivorous": 2.0, "sharp_vision": 1.0, "high_body_weight": 1.2}
"""The most a trait outside ``_PLAIN_TRAIT`` (Parasite aside) can be worth (``_play_trait``; others: 0.5)."""


_PLAIN_TRAIT = {t: v for t, v in _TRAIT_VALUE.items() if t != "high_body_weight"}
"""Traits whose value is their table value less 0.1 a trait card already on the animal."""

_TRAIT_BOUND = {t: _PLAIN_TRAIT.get(t, _BOUND.get(t, 0.5)) for t in TRAIT_IDS}
_TRAIT_BOUND["parasite"] = float("inf")     # 2.2 and 0.1 a trait card: valued every time
"""The most a play of each trait can be worth (``_play_trait``), read with one subscript."""

_HINTS = OriginHints()
"""The rules of thumb, for the plain valuation (``BotHints.greedy_best``) the streamed ones fall back on."""

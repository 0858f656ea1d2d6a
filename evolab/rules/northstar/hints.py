"""GreedyBot's rules of thumb for North Star *Evolution*: feed first, hunt what pays, grow what food allows.

Each individual needs one food, so no food token is ever half-used; what a feeding turn decides is which
species eats. A species left with no food dies out whole (its board, its Body Size, its traits), so a
sensible player first gives one food to each species that has none, then takes as much food per turn
as he can (Foraging, Cooperation passing plants to the right), and stores fat last. Hunting, the meat
counts only as far as the carnivore has room; Horns and one's own species cost.
"""
from __future__ import annotations

from ...actions import EatPlant, EndTurn, Grow, Hunt, NewSpecies, Pass, PlaceTrait, SelectFood, ThinkFood
from ..hints import BotHints
from .deck import FOOD_NUMBERS, TRAIT_OF
from .moves import END_TURN, GROWTHS, NEW_SPECIES, PLACEMENTS, fits
from .traits import ARMOURED

_TRAIT_VALUE = {"carnivore": 1.4, "long_neck": 1.8, "foraging": 1.6, "cooperation": 1.5, "fat_tissue": 1.4,
                "fertile": 1.3, "hard_shell": 1.6, "climbing": 1.5, "burrowing": 1.4, "horns": 1.3,
                "defensive_herding": 1.3, "warning_call": 1.2, "symbiosis": 1.1, "scavenger": 1.2,
                "intelligence": 1.0, "ambush": 0.8, "pack_hunting": 0.9}
_CARD_FOOD = sum(sum(v) for v in FOOD_NUMBERS.values()) / sum(len(v) for v in FOOD_NUMBERS.values())
_TRAIT_OF: dict = {}   # card id -> trait
_SAVED = 3.0       # a species that had no food is saved from dying out
_HUNGRY = 1.0      # a food token that feeds an individual
_FAT = 0.3         # a token stored as fat (food for the next round)


class Context:
    _room: float | None = None
    _new: float | None = None
    _mine: list | None = None
    _reach: tuple | None = None
    _grown = _placed = None      # made when first asked (a feeding decision needs none of them)

    def __init__(self, view, legal):
        self.v = view
        self.seat = view.seat
        self.rs = view.ruleset

    @property
    def mine(self):
        """The bot's species, in row order."""
        mine = self._mine
        if mine is None:
            species = self.v.species
            mine = self._mine = [species[i] for i in self.v.rows[self.seat]]
        return mine

    @property
    def room(self):
        """Plant food the bot can expect this round (a food card's mean for each player, shared, plus what
        lies on the Watering Hole) less what its plant eaters already need: room for more individuals."""
        if self._room is None:
            v = self.v
            need = 0
            for sp in self.mine:
                if "carnivore" not in sp.names:
                    need += sp.pop - (1 if "long_neck" in sp.names else 0)
            self._room = _CARD_FOOD + v.watering / v.players - need
        return self._room

    def prey_for(self, sp, growth=0):
        """Whether ``sp`` as a carnivore (``growth`` Body Size larger) would be larger than some rival
        species (Hard Shell counted) that Climbing does not put out of its reach."""
        reach = self._reach
        if reach is None:
            reach = self._reach = self._smallest_rivals()
        return self.rs.attack_size(sp) + growth > reach["climbing" in sp.names]

    def reach(self, sp):
        """The smallest defence among the rivals' species ``sp`` could reach (Climbing counted)."""
        reach = self._reach
        if reach is None:
            reach = self._reach = self._smallest_rivals()
        return reach["climbing" in sp.names]

    def _smallest_rivals(self):
        """(the smallest defence among the rivals' species without Climbing, among all of them): a carnivore is
        larger than some rival it can reach when it is larger than the smallest (worked out once per decision)."""
        low = low_all = _FAR
        defence = self.rs.defence_size
        seat = self.seat
        for t in self.v.species.values():
            if t.owner != seat:
                d = t.body if ARMOURED.isdisjoint(t.names) else defence(t)     # defence_size's own short cut
                if d < low_all:
                    low_all = d
                if d < low and "climbing" not in t.names:
                    low = d
        return low, low_all


_FAR = 1 << 30      # larger than any Body Size: no rival to reach


def _food(card):
    return int(card.rsplit(":", 1)[1])


def _select(ctx, a):
    value = _SELECT.get(a.card)
    if value is None:
        value = _SELECT[a.card] = 0.2 * _food(a.card) - 0.3 * _TRAIT_VALUE.get(a.card.split(":")[0], 1.0)
    return value


_SELECT: dict = {}       # card -> its value as the food card (it depends on the card alone)


def _place(ctx, a):
    if a.replace:
        return _REPLACED
    t = _TRAIT_OF.get(a.card) or _TRAIT_OF.setdefault(a.card, a.card.split(":")[0])
    key = (t, a.species)
    memo = ctx._placed
    if memo is None:
        memo = ctx._placed = {}     # (trait, species) -> value: cards of one trait offer the same placement
    value = memo.get(key)
    if value is None:
        value = memo[key] = _place_trait(ctx, t, ctx.v.species[a.species])
    return value


def _place_trait(ctx, t, sp):
    if t == "carnivore":
        if not ctx.prey_for(sp):        # a carnivore with nothing it could eat would starve out,
            if not (sp.body < 6 and len(ctx.v.hand) >= 2 and ctx.prey_for(sp, 1)):
                return -0.5
            return 0.9                   # unless a card grows it big enough this turn
        if sp.pop > 1:
            return 0.2
    return _TRAIT_VALUE.get(t, 1.0) - 0.3 * len(sp.traits)


def _new(ctx, a):
    value = ctx._new
    if value is None:
        value = ctx._new = 0.6 if len(ctx.mine) >= 3 else 1.7 if ctx.room >= 1 else 0.7
    return value


def _grow(ctx, a):
    key = (a.species, a.what)
    memo = ctx._grown
    if memo is None:
        memo = ctx._grown = {}      # (species, what) -> value: every card in hand offers the same growth
    value = memo.get(key)
    if value is None:
        value = memo[key] = _growth(ctx, ctx.v.species[a.species], a.what)
    return value


def _growth(ctx, sp, what):
    return _more(ctx, sp) if what == "population" else _bigger(ctx, sp)


def _more(ctx, sp):
    """Growing the Population."""
    if "carnivore" not in sp.names and ctx.room < 1:
        return 0.3                       # one more mouth than the Watering Hole is likely to feed
    return 1.5 - 0.2 * sp.pop


def _bigger(ctx, sp):
    """Growing the Body Size."""
    if "carnivore" in sp.names or not _CARNIVORES.isdisjoint(sp.pending):
        size, reach = ctx.rs.attack_size(sp), ctx.reach(sp)
        if not size > reach and size + 1 > reach:
            return 2.0                   # big enough to hunt something
    return (1.6 if sp.body < 3 else 0.9) - 0.1 * sp.body


_CARNIVORES = frozenset(c for c in TRAIT_OF if c.startswith("carnivore:"))     # the Carnivore cards


def _end(ctx, a):
    return 0.75 if len(ctx.v.hand) <= 2 else 0.3


def _intake(ctx, sp, food, source_hole=True):
    """The value of ``sp`` eating plants now: one token per hungry individual, fat a little, and a species
    with no food saved from dying out; Foraging takes two and Cooperation passes plants to the right."""
    names = sp.names
    if food > 0 and _SHARERS.isdisjoint(names):       # the usual case, the loop below in short
        if sp.pop <= sp.food:
            return 0.0
        return _HUNGRY + _SAVED if sp.food == 0 else _HUNGRY
    value = 0.0
    first = True
    while sp is not None and food > 0:
        names = sp.names
        n = 2 if "foraging" in names and (source_hole and first or ctx.rs.options["foraging_everywhere"]) else 1
        hungry = sp.pop - sp.food
        if hungry < 0:
            hungry = 0
        fat = sp.body - sp.fat if "fat_tissue" in names else 0
        if fat < 0:
            fat = 0
        got = n if n < food else food           # min(n, food, hungry + fat), without the calls
        if hungry + fat < got:
            got = hungry + fat
        if got <= 0:
            break
        fed = got if got < hungry else hungry
        value += _HUNGRY * fed + _FAT * (got - fed) + (_SAVED if sp.food == 0 and fed else 0.0)
        food -= got
        if "cooperation" not in names:
            break
        v = ctx.v
        row = v.rows[sp.owner]
        i = row.index(sp.id)
        sp = v.species[row[i + 1]] if i + 1 < len(row) else None
        if sp is not None and "carnivore" in sp.names:
            break
        first = False
    return value


_SHARERS = frozenset(("foraging", "fat_tissue", "cooperation"))    # traits that make one intake more than a token


def _eat(ctx, a):
    sp = ctx.v.species[a.species]
    return 3.0 + _intake(ctx, sp, ctx.v.watering) + 0.05 * (len(sp.traits) + sp.body)


def _think(ctx, a):
    """Intelligence: two plants from the Food Bank for a card (the Watering Hole is left to later turns)."""
    sp = ctx.v.species[a.species]
    return 2.0 + _intake(ctx, sp, 2, source_hole=False) - 1.5


def _hunt(ctx, a):
    """Meat it has room for, a carnivore saved from dying out, a rival's individual taken; Horns, one's own
    species and Intelligence cards cost."""
    v = ctx.v
    pred, prey = v.species[a.predator], v.species[a.prey]
    hungry = max(0, pred.pop - pred.food)
    fat = max(0, pred.body - pred.fat) if pred.has("fat_tissue") else 0
    horns = prey.has("horns") and "horns" not in a.cancel.split("+")
    if horns:
        if pred.pop <= 1:
            return -8.0                 # the horns would wipe the hunter out
        hungry = max(0, hungry - 1)
    meat = min(prey.body, hungry + fat)
    fed = min(meat, hungry)
    value = 3.0 + _HUNGRY * fed + _FAT * (meat - fed) + (_SAVED if pred.food == 0 and fed else 0.0)
    if prey.owner == ctx.seat:
        value -= 6.0 + (_SAVED if prey.pop <= 1 else 0.0)
    else:
        value += 0.5 + (1.5 if prey.pop <= 1 else 0.0)
    if horns:
        value -= 1.5
    if a.card:
        value -= 1.5 * len(a.card.split("+"))
    return value


VALUES = {SelectFood: _select, PlaceTrait: _place, NewSpecies: _new, Grow: _grow, EndTurn: _end, EatPlant: _eat,
          Hunt: _hunt, ThinkFood: _think, Pass: lambda c, a: 0.0}


class NorthStarHints(BotHints):
    """GreedyBot's rules of thumb for North Star *Evolution*."""

    greedy_values = VALUES

    greedy_live_phases = frozenset({"play_cards"})

    def greedy_live(self, view):
        """``greedy_best`` of a whole Play Cards decision worked out from the view alone (``play_ties``); None in
        the other phases, whose lists are short."""
        return play_ties(view) if view.phase == "play_cards" else None

    def greedy_context(self, view, legal, salt=0):
        return Context(view, legal)

    def greedy_best(self, ctx, legal):
        """The actions within 1e-9 of the best value, in their order (``BotHints.greedy_best``), found in one
        pass (``_best``)."""
        return _best(ctx, legal) if ctx.v.phase == "play_cards" else _best_each(ctx, legal)


_NONE = float("-inf")


def _best_each(ctx, legal):
    """``_best`` of a decision with a few actions (choosing the food card, feeding): each valued on its own."""
    get = VALUES.get
    best = top = _NONE
    ties: list = []
    for a in legal:
        v = get(type(a), _zero)(ctx, a)
        if v > top:
            if v > best:
                top = v - 1e-9
                ties = [x for x in ties if x[0] > top] if best > top else []
                best = v
            ties.append((v, a))
    return [x[1] for x in ties]


def _best(ctx, legal):
    """``greedy_best`` in one pass over ``legal``: each action valued as ``greedy_values`` values it (a Play Cards
    turn offers every card on every species, but a growth is worth the same whichever card makes it, so growths
    are kept by species and placements by (card, species)), and the best kept as it goes: an action joins the
    ties when within 1e-9 of the best so far, and the ties are sifted again when the best rises (cheaper than
    valuing all, then taking the maximum and comparing every value to it)."""
    species = ctx.v.species
    bigger: dict = {}                # species -> value of growing its Body Size
    more: dict = {}                  # species -> value of growing its Population
    placed: dict = {}                # (card, species) -> value
    new = None
    best = top = _NONE
    ties: list = []                  # (value, action) within 1e-9 of the best so far
    for a in legal:
        t = type(a)
        if t is Grow:
            if a.what == "body":
                v = bigger.get(a.species)
                if v is None:
                    v = bigger[a.species] = _bigger(ctx, species[a.species])
            else:
                v = more.get(a.species)
                if v is None:
                    v = more[a.species] = _more(ctx, species[a.species])
        elif t is PlaceTrait:
            if a.replace:
                v = _REPLACED
            else:
                k = (a.card, a.species)
                v = placed.get(k)
                if v is None:
                    card = a.card
                    trait = _TRAIT_OF.get(card) or _TRAIT_OF.setdefault(card, card.split(":")[0])
                    v = placed[k] = _place_trait(ctx, trait, species[a.species])
        elif t is NewSpecies:
            if new is None:
                new = _new(ctx, a)
            v = new
        else:
            v = VALUES.get(t, _zero)(ctx, a)
        if v > top:
            if v > best:
                top = v - 1e-9
                ties = [x for x in ties if x[0] > top] if best > top else []     # none left if the old best is out
                best = v
            ties.append((v, a))
    return [x[1] for x in ties]


def _zero(ctx, a):
    return 0.0


def play_ties(view) -> list | None:
    """``_best`` over ``legal_actions`` of a Play Cards decision, without the list: the seat's hand, species and
    round give the same moves in the same blocks and order (``moves.play_actions``: each card as a new species,
    each card's growths species by species, each trait card's placements, ending the turn), and a value depends on
    the block and the species alone (and a placement's trait), so the best is found from a few values and only
    the actions within 1e-9 of it are built, in their order. None (value the list) if a replacement could tie."""
    hand = list(dict.fromkeys(view.hand))
    if not hand:
        return [END_TURN]
    ctx = Context(view, None)
    mine = ctx.mine
    new, end = _new(ctx, None), _end(ctx, None)
    if end <= _REPLACED + 1e-9:          # never with these values: a replacement is worth less than ending
        return None
    grows, most = _growths(ctx, mine)
    traits = _trait_cards(view, hand)
    adds, added = _best_adds(ctx, mine, traits)
    top = max(new, end, most, added) - 1e-9
    ties: list = []
    if new > top:
        for c in hand:
            ties.extend(NEW_SPECIES[c])
    if most > top:
        for c in hand:
            body, pop = GROWTHS[c]
            for sid, b, p in grows:
                if b is not None and b > top:
                    ties.append(body[sid])
                if p is not None and p > top:
                    ties.append(pop[sid])
    if added > top:
        _placement_ties(ctx, ties, traits, adds, top)
    if end > top:
        ties.append(END_TURN)
    return ties


def _growths(ctx, mine) -> tuple:
    """([(species id, value of growing its Body Size (``_bigger``), its Population (``_more``); None: at 6)], the best
    of them) for ``play_ties``."""
    grows = []
    most = _NONE
    for sp in mine:
        b = _bigger(ctx, sp) if sp.body < 6 else None
        p = _more(ctx, sp) if sp.pop < 6 else None
        if b is not None and b > most:
            most = b
        if p is not None and p > most:
            most = p
        grows.append((sp.id, b, p))
    return grows, most


_REPLACED = -1.0       # a trait card played over another (``_place``)


def _trait_cards(view, hand) -> list:
    """The cards of ``hand`` that may be played as traits this round (``checks.trait_turn_block``)."""
    rs = view.ruleset
    if view.turn >= rs.open_from:
        return hand
    turn, when = view.turn, rs.trait_turn
    return [c for c in hand if turn >= when[TRAIT_OF[c]]]


def _best_adds(ctx, mine, traits) -> tuple:
    """([(species, the traits it holds, what ``_place_trait`` takes off a trait's own value there, the best value
    of adding one of ``traits`` to it or None, the value of adding Carnivore there when a card of it is among
    ``traits``)], the best of them): a trait it does not hold is added when it has
    room (``moves.fits``: "" first among what a card of a trait it does not hold may replace), and every trait but
    Carnivore is worth its own value less the same amount for the species, so the highest-valued such trait is
    the best added."""
    ranked, carnivore = _ranked(traits)
    rs = ctx.rs
    limit = rs.limit
    adds = []
    best = _NONE
    for sp in mine:
        f = sp.fits
        if f is None or f[0] is not sp.names or f[1] is not sp.pending or f[2] != limit:
            f = fits(rs, sp)
        held, other = f[3]
        if other and not other[0]:          # room for one more trait
            v = None
            crowd = 0.3 * len(sp.traits)
            for t, value in ranked:
                if t not in held:
                    v = value - crowd       # _place_trait of a trait but Carnivore
                    break
            c = None
            if carnivore and "carnivore" not in held:
                c = _place_trait(ctx, "carnivore", sp)
                if v is None or c > v:
                    v = c
            if v is not None:
                if v > best:
                    best = v
                adds.append((sp, held, crowd, v, c))
    return adds, best


def _ranked(traits) -> tuple:
    """(the traits of ``traits`` but Carnivore with their values, highest first; whether Carnivore is among them),
    kept per set of traits (a bit per trait: hands differ card by card, their traits recur)."""
    m = 0
    bit = _CARD_BIT
    for c in traits:
        m |= bit[c]
    got = _RANKED.get(m)
    if got is None:
        names = {TRAIT_OF[c] for c in traits}
        got = _RANKED[m] = ([x for x in _ORDER if x[0] in names], "carnivore" in names)
    return got


_RANKED: dict = {}      # (at most one entry per set of the deck's traits)
#: every trait but Carnivore with its value, highest first; a card -> the bit of its trait
_ORDER = sorted(((t, _TRAIT_VALUE.get(t, 1.0)) for t in set(TRAIT_OF.values()) - {"carnivore"}),
                key=lambda x: (-x[1], x[0]))
_BIT_OF = {t: 1 << i for i, t in enumerate(sorted(set(TRAIT_OF.values())))}
_CARD_BIT = {c: _BIT_OF[t] for c, t in TRAIT_OF.items()}


def _placement_ties(ctx, ties, traits, adds, top) -> None:
    """The added traits within ``top`` of the best, card by card, species by species (``play_ties``; Carnivore's
    value as ``_best_adds`` found it)."""
    adds = [x for x in adds if x[3] > top]
    for c in traits:
        t = TRAIT_OF[c]
        for sp, held, crowd, _, carnivore in adds:
            if t not in held:
                value = carnivore if t == "carnivore" else _TRAIT_VALUE.get(t, 1.0) - crowd
                if value > top:
                    ties.append(PLACEMENTS[c, sp.id, ""])

"""*Evolution: The Origin of Species* as a Ruleset: the game loop, development, extinction, draw, scoring.

Spec: ``shared/rules/origin-of-species.md``; section numbers (§) in rule ids and docstrings refer to it.
"""
from __future__ import annotations

import bisect
import functools

from ...actions import (CHANCE, TERMINAL, Attack, BurnFat, ChooseCard, Draw, DropTail, EndMove, FirstPlayer, Graze,
                        Hibernate, LoseTrait, Mimic, Mutate, NoDefence, Pass, PlayAnimal, PlayPairTrait, PlayTrait,
                        Pirate, Resolve, RollDie, RollFood, Run, Scavenge, TakeFood, TieBreak)
from ...errors import OptionError
from ...events import (AnimalBorn, CardDealt, FirstPlayerChosen, FoodBankRolled, Mutation,
                       Passed, PhaseStarted, TraitGained, TurnEnded)
from ..base import Ruleset
from . import feeding as F
from . import heredity as H
from .deck import CARD_BY_ID, CARD_INDEX, CARDS, COPIES, FOOD_TABLE, dice_distribution
from ..common import ById, finish, game_over, next_to_play, pass_seat
from . import presets as _presets
from .options import OPTIONS
from .. import heredity as variant
from .state import Animal, Link, OriginState, TraitCard
from .view import observe
from .traits import BIT, EXCLUDES, POINTS, TRAITS, SCAVENGER, CARNIVOROUS
from . import worlds

HAND_SIZE = 6
# interned constructors for the actions legal_actions builds again and again
from ...actions import interned  # noqa: E402

_PlayPair, _Attack, _BurnFat = interned(PlayPairTrait), interned(Attack), interned(BurnFat)
_Pirate, _Mimic, _DropTail = interned(Pirate), interned(Mimic), interned(DropTail)
_FOOD, _GRAZE, _HIBERNATE = ById(TakeFood), ById(Graze), ById(Hibernate)        # by animal id
_DRAWS = {c.id: Draw(c.id) for c in CARDS}
_DIE = tuple((RollDie(v), 1) for v in range(1, 7))
_END = EndMove()
_PASS = Pass()
_NODEF = NoDefence()
_RUN = Run()
_CHANCE_PHASES = frozenset(("deal", "first_player", "food", "draw", "tiebreak", "reproduction"))

#: The type every action field must have exactly (True is not animal 1).
_FIELD_TYPES = {"animal": int, "predator": int, "prey": int, "pirate": int, "victim": int, "card_uid": int,
                "link": int, "tokens": int, "card": str, "trait": str, "colour": str, "fire": bool, "source": int,
                "animals": tuple}


def _deal_gene_pools(rs, s) -> None:
    """The Equilibrium scenario: each seat chooses its hands from its own gene pool (2 Swimming + 1 of each other
    card: 21); cards no gene pool uses are out of the game."""
    n = rs.players
    s.pools, deck = [], list(rs.copies)
    for _ in range(n):
        pool = []
        for i, c in enumerate(CARDS):
            k = 2 if c.id == "swimming" else 1
            take = min(k, deck[i])
            deck[i] -= take
            pool.extend([c.id] * take)
        s.pools.append(pool)
    s.removed = sum(deck)
    s.deck = (0,) * len(CARDS)
    s.deck_size = 0
    s.draw_owed = (0,) * n
    s.choose_owed = (HAND_SIZE,) * n
    s.phase = "choose"


class OriginRuleset(Ruleset):
    """The base game for 2-8 players, every RULING/UNCERTAIN point an option (see ``option_specs``)."""

    id = "origin"
    name = "Evolution: The Origin of Species"
    version = "2"
    changes = {"2": "2026-12-01: a pair card may have a trigger pending from each linked animal; the first that "
                    "delivers is the card's firing (Resolve names the side when both wait)"}
    option_specs = OPTIONS
    heredity_presets = _presets.PRESETS
    heredity_base = _presets.BASE
    traits = TRAITS
    cards = CARDS
    predator_traits = ("carnivorous",)
    rule_prefix = "origin"
    public_of = worlds.public_of              # the public fields an observation carries
    sample_world = staticmethod(worlds.sample_world)

    def __init__(self, options):
        super().__init__(options)
        n = options["players"]
        decks = options["decks"] or (1 if n <= 4 else 2)
        self.copies = tuple(c * decks for c in COPIES)
        self.deck = tuple(c for c, k in zip(CARDS, self.copies) for _ in range(k))
        table = options["food_table"] or FOOD_TABLE
        if options["scenario"] == "fatality" and options["fatality_food_table"]:
            table = options["fatality_food_table"]          # provisional: the printed table was not found
        self.dice = table.get(n, FOOD_TABLE[n])
        self.food_outcomes = self._food_outcomes(options["food_multiplier"])
        self.food_cum = _cumulative(self.food_outcomes)
        changes = []
        for turn, mult in options["food_multiplier_from"].items():
            outs = self._food_outcomes(mult)
            changes.append((turn, outs, _cumulative(outs)))
        self.food_changes = tuple(changes)
        self.schedule = options["food_schedule"]
        banned = set(options["banned_traits"])
        self.trait_turn = {t: (10 ** 9 if t in banned else 1) for t in TRAITS}
        self.trait_turn.update({t: k for t, k in options["trait_from_turn"].items() if t not in banned})
        self.restricted = bool(banned or options["trait_from_turn"])
        if options["heredity"]:
            self.heredity = True
            self.provisional = variant.RULES
            H.configure(self)

    def _food_outcomes(self, mult) -> tuple:
        dice, bonus = self.dice
        merged: dict = {}
        for t, w in dice_distribution(dice, bonus):
            food = int(t * mult + 0.5) if mult != 1 else t      # round half up, the same everywhere
            merged[food] = merged.get(food, 0) + w
        if self.options["food_fixed"] is not None:
            merged = {self.options["food_fixed"]: 1}
        return tuple((RollFood(t), w) for t, w in sorted(merged.items()))

    def _food_table(self, turn: int) -> tuple:
        """(outcomes, cumulative weights) of the food dice in ``turn`` (``food_multiplier_from`` may change them)."""
        outs, cum = self.food_outcomes, self.food_cum
        for start, o, c in self.food_changes:
            if turn >= start:
                outs, cum = o, c
        return outs, cum

    def food_outcomes_at(self, turn: int) -> tuple:
        """The food bank's possible sizes this turn with their weights (a schedule fixes one)."""
        if self.schedule:
            return ((RollFood(self.schedule[min(turn, len(self.schedule)) - 1]), 1),)
        return self._food_table(turn)[0]

    def trait_allowed(self, trait: str, turn: int) -> bool:
        """Experiment restrictions: a banned trait never, a late trait from its turn on."""
        return not self.restricted or turn >= self.trait_turn[trait]

    @classmethod
    def load(cls, **options):
        """Options checked against ``OPTIONS``; the Heredity variant's options only with ``heredity=True``,
        where ``food_multiplier`` defaults to 3 (heredity.md, Options)."""
        o = variant.resolve(OPTIONS, options, "in the printed game nobody is born and nothing mutates by chance")
        if o["heredity"] and o["scenario"] != "base":
            raise OptionError(f"the Heredity variant plays the base game, not scenario={o['scenario']!r}")
        return cls(o)

    @classmethod
    def scenario(cls, spec):
        from .scenario import build
        return build(cls, spec)

    # ---- setup ----------------------------------------------------------------------------------
    def new_game(self) -> OriginState:
        s = OriginState.__new__(OriginState)
        n = self.players
        s.ruleset = self
        s.players = n
        s.phase = "deal"
        s.turn = 1
        s.first = 0
        s.current = 0
        s.deck = self.copies
        s.deck_size = sum(self.copies)
        s.discards = (0,) * n
        s.food_bank = 0
        s.passed = (False,) * n
        s.passes = 0
        s.round = 0
        s.epoch = 0
        s.move_main = s.move_any = s.move_ate = s.ending = False
        s.last_turn = False
        s.scavenge = -1
        s.pending = ()
        s.draw_owed = (HAND_SIZE,) * n
        s.draw_seat = 0
        s.next_uid = 1
        s.winner = -1
        s.tied = ()
        s.removed = 0
        s.hands = [[] for _ in range(n)]
        s.pools = None
        s.rolled = False
        s.played = (0,) * n
        s.choose_owed = (0,) * n
        s.next_last = False
        s.litters = ()
        s.newborn = ()
        scen = self.options["scenario"]
        if scen == "fatality":
            s.draw_owed = (s.deck_size // n,) * n          # every card dealt; the rest removed unseen
        elif scen == "equilibrium":
            _deal_gene_pools(self, s)
        s.animals = {}
        s.links = {}
        s.attack = None
        s.barred = [set() for _ in range(n)] if self.options["feeding_pass_is_final"] else None
        if self.heredity:            # no cards in hand: the deck is only the source of mutations
            s.draw_owed = (0,) * n
            s.phase = "first_player"
            H.place_founders(s, 1)
        return s

    # ---- who moves ------------------------------------------------------------------------------
    def to_move(self, s) -> int:
        ph = s.phase
        if ph == "development":
            return s.current
        if ph == "choose":
            return s.draw_seat
        if ph == "feeding":
            at = s.attack
            if at is not None:
                return CHANCE if at.rolling else s.animals[at.prey].owner
            if s.scavenge >= 0:
                return s.scavenge
            if s.pending:
                return s.animals[F.pending_group(s)[0][1]].owner
            return s.current
        if ph == "over":
            return TERMINAL
        return CHANCE

    def chance_outcomes(self, s) -> tuple:
        """((outcome, integer weight), ...) at a chance node, () elsewhere."""
        ph = s.phase
        if ph in ("deal", "draw"):
            return tuple((_DRAWS[c.id], k) for c, k in zip(CARDS, s.deck) if k)
        if ph == "food":
            return self.food_outcomes_at(s.turn)
        if ph == "feeding" and s.attack is not None and s.attack.rolling:
            return _DIE
        if ph == "reproduction":
            return H.outcomes(s)
        if ph == "first_player":
            return tuple((FirstPlayer(i), 1) for i in range(s.players))
        if ph == "tiebreak":
            return tuple((TieBreak(i), 1) for i in s.tied)
        return ()

    def sample_chance(self, s, rng):
        """One chance outcome drawn with ``rng.random()`` and bisect (stable across Python versions)."""
        ph = s.phase
        if ph == "deal" or ph == "draw":   # walk the deck counts: same as bisect over the cumulative weights
            x = rng.random() * s.deck_size
            t = 0
            for card, k in zip(CARDS, s.deck):
                t += k
                if t > x:
                    return _DRAWS[card.id]
        if ph == "reproduction":
            return H.sample(s, rng)
        if ph == "food" and not self.schedule:
            outs, cum = self._food_table(s.turn) if self.food_changes else (self.food_outcomes, self.food_cum)
            return outs[bisect.bisect_right(cum, rng.random() * cum[-1])][0]
        return super().sample_chance(s, rng)

    # ---- legality -------------------------------------------------------------------------------
    def legal_actions(self, s) -> list:
        ph = s.phase
        if ph == "development":
            return self._dev_actions(s, s.current)
        if ph == "choose":
            return [ChooseCard(c) for c in dict.fromkeys(s.pools[s.draw_seat])]
        if ph != "feeding":
            return []
        at = s.attack
        if at is not None:
            if at.rolling:
                return []
            target = s.animals[at.prey]
            run, tail, mim = F.defences(s, at, target)
            out: list = []
            if run:
                out.append(_RUN)
            out.extend(_Mimic(x) for x in mim)
            out.extend(_DropTail(u) for u in tail)
            if F.no_defence_block(s, at, target) is None:
                out.append(_NODEF)
            return out
        if s.scavenge >= 0:
            return [Scavenge(a.id) for a in s.animals.values()
                    if a.owner == s.scavenge and a.mask & SCAVENGER and F.can_receive(s, a)]
        if s.pending:
            out = [Resolve(link, True, src) for link, src in F.trigger_choices(s)]
            if self.options["pair_triggers_optional"]:
                out.extend(Resolve(link, False, src) for link, src in F.trigger_choices(s))
            return out
        out = self._move_actions(s, s.current, not s.move_main)
        out.append(_END)
        return out

    def _dev_actions(self, s, seat) -> list:
        out: list = []
        mine = [a for a in s.animals.values() if a.owner == seat]
        others = [a for a in s.animals.values() if a.owner != seat]
        restricted = self.restricted
        seen = None
        for cid in s.hands[seat]:
            if cid == seen:
                continue
            seen = cid
            out.append(_ANIMAL_PLAYS[cid])
            for trait in CARD_BY_ID[cid].traits:
                if restricted and not self.trait_allowed(trait, s.turn):
                    continue
                kind = _KIND[trait]
                if kind == "single":
                    block = _SINGLE_BLOCKS[trait]          # _single_block as one mask test
                    plays = _trait_plays(cid, trait)
                    for a in mine:
                        if not a.mask & block:
                            out.append(plays[a.id])
                elif kind == "parasite":
                    bit = BIT[trait]
                    plays = _trait_plays(cid, trait)
                    for a in others:
                        if not a.mask & bit:
                            out.append(plays[a.id])
                else:
                    for i, a in enumerate(mine):
                        for b in mine[i + 1:]:
                            if _linked(s, a, b, trait):
                                continue
                            out.append(_PlayPair(cid, trait, (a.id, b.id)))
                            if trait == "symbiosis":
                                out.append(_PlayPair(cid, trait, (b.id, a.id)))
        if pass_block(s, seat) is None:
            out.append(_PASS)
        return out

    def _move_actions(self, s, seat, main: bool) -> list:
        """Feeding actions of ``seat`` now: free actions always, main actions when ``main``."""
        out = []
        animals = s.animals
        mine = [a for a in animals.values() if a.owner == seat]
        bank = s.food_bank
        prey_of: dict = {}                # predator's traits (mask) -> prey it may attack (itself aside)
        for a in mine:
            m = a.mask
            if main:
                if bank and F.can_receive(s, a):
                    out.append(_FOOD[a.id])
                if m & CARNIVOROUS and F.can_attack(s, a):
                    prey = prey_of.get(m)
                    if prey is None:
                        prey = prey_of[m] = [b.id for b in animals.values() if F.protection(s, a, b) is None]
                    aid = a.id
                    out.extend(_Attack(aid, b) for b in prey if b != aid)
                if a.fat and not a.is_fed():
                    for n in range(1, min(a.fat, a.need - a.red - a.blue) + 1):
                        out.append(_BurnFat(a.id, n))
            if m & BIT["grazing"] and F.graze_block(s, a) is None:
                out.append(_GRAZE[a.id])
            if m & BIT["piracy"] and not a.pirated and not a.is_fed() and F.can_receive(s, a):
                for v in animals.values():
                    if v is not a and not v.is_fed():
                        if v.red:
                            out.append(_Pirate(a.id, v.id, "red"))
                        if v.blue:
                            out.append(_Pirate(a.id, v.id, "blue"))
            if m & BIT["hibernation"] and F.hibernate_block(s, a) is None:
                out.append(_HIBERNATE[a.id])
        if s.barred is not None and s.barred[seat]:
            bar = s.barred[seat]
            out = [x for x in out if x not in bar]
        return out

    def has_move_action(self, s, seat, main: bool) -> bool:
        """Whether ``seat`` has any feeding action besides ending the move (cheap early exits)."""
        if s.barred is not None:
            return bool(self._move_actions(s, seat, main))
        bank = s.food_bank
        for a in s.animals.values():
            if a.owner != seat:
                continue
            m = a.mask
            if main:
                if bank and F.can_receive(s, a):
                    return True
                if a.fat and not a.is_fed():
                    return True
                if m & CARNIVOROUS and F.can_attack(s, a):
                    for b in s.animals.values():
                        if F.attack_block(s, a, b) is None:
                            return True
            if m & BIT["grazing"] and F.graze_block(s, a) is None:
                return True
            if m & BIT["piracy"] and not a.pirated and not a.is_fed() and F.can_receive(s, a):
                for v in s.animals.values():
                    if v is not a and not v.is_fed() and (v.red or v.blue):
                        return True
            if m & BIT["hibernation"] and F.hibernate_block(s, a) is None:
                return True
        return False

    def check_player(self, s, seat, action):
        if type(action) is PlayPairTrait and not all(type(x) is int for x in action.animals):
            return "engine.malformed", "a pair trait names two animal ids (whole numbers)"
        try:
            return _CHECKS[type(action)](self, s, seat, action)
        except (TypeError, KeyError, AttributeError, ValueError, IndexError):
            return "engine.malformed", f"{action!r} has fields of the wrong kind"

    # ---- applying -------------------------------------------------------------------------------
    def with_ruleset(self, s, other):
        """The same table under another ruleset of this edition (other options): for "what if" replays."""
        if other.id != self.id or other.players != s.players or other.copies != self.copies:
            raise ValueError("a game can only continue under the same edition, players and deck")
        if other.heredity != self.heredity:
            raise ValueError("a game cannot switch between the printed game and the Heredity variant")
        t = s.clone()
        t.ruleset = other
        if other.options["feeding_pass_is_final"]:
            t.barred = t.barred if t.barred is not None else [set() for _ in range(s.players)]
        else:
            t.barred = None
        return t

    def observe(self, s, seat, copy=True):
        return observe(s, seat, copy)

    def state_from_dict(self, d, prefix=""):
        from .io import state_from_dict
        return state_from_dict(self, d, prefix)

    def card_sides(self):
        return tuple((c.traits, k) for c, k in zip(CARDS, self.copies))

    def unit_info(self, s, aid):
        """(owner, traits) of an animal on the table, or None."""
        a = s.animals.get(aid)
        return None if a is None else (a.owner, F.traits_of(s, a))

    def animal_traits(self, s, aid) -> tuple:
        return F.traits_of(s, s.animals[aid])

    def census_traits(self, s, a) -> tuple:
        """Every trait of an animal, pair traits included."""
        return F.traits_of(s, a)

    # ---- census (for tracking) -----------------------------------------------------------------
    def census(self, s):
        """(seat, unit id, trait ids, animals) for every living unit; in this edition a unit is one animal."""
        links = s.links
        for a in s.animals.values():
            t = tuple(c.trait for c in a.cards)
            if a.links:
                t += tuple(links[u].trait for u in a.links)
            yield a.owner, a.id, t, 1

    # ---- scoring --------------------------------------------------------------------------------
    def scores(self, s) -> tuple:
        """§11.2: 2 per animal, 1 per trait card (a pair card once), plus food-need bonuses."""
        pts = [0] * s.players
        for a in s.animals.values():
            p = 2 + len(a.cards)
            for c in a.cards:
                p += POINTS[c.trait]
            pts[a.owner] += p
        for l in s.links.values():
            pts[s.animals[l.a].owner] += 1
        return tuple(pts)

    def ranking(self, s) -> list:
        """Seats best first by points, then discard pile size (the dice decide the winner only)."""
        sc = self.scores(s)
        order = sorted(range(s.players), key=lambda i: (-sc[i], -s.discards[i], i))
        if s.winner >= 0:
            order.remove(s.winner)
            order.insert(0, s.winner)
        return order


# ---- development ------------------------------------------------------------------------------
def pass_block(s, seat):
    """Scenario limits on passing in development: Fatality plays every card; Equilibrium at least one."""
    scen = s.ruleset.options["scenario"]
    if scen == "fatality" and s.hands[seat]:
        return "origin.fatality.no-pass", "in Fatality every card must be played: you cannot pass while you hold cards"
    if scen == "equilibrium" and s.hands[seat] and not s.played[seat]:
        return "origin.equilibrium.play-one", "in Equilibrium you must play at least one card before you pass"
    return None


def _check_choose(rs, s, seat, action):
    if s.phase != "choose":
        return "origin.equilibrium.choose", "cards are chosen from the gene pool only at the start and after extinction"
    if action.card not in s.pools[seat]:
        return "origin.equilibrium.pool", f"{action.card!r} is not in your gene pool"
    return None


def _do_choose(rs, s, action, ev):
    seat = s.draw_seat
    s.pools[seat].remove(action.card)
    bisect.insort(s.hands[seat], action.card, key=CARD_INDEX.__getitem__)
    owed = list(s.choose_owed)
    owed[seat] -= 1
    s.choose_owed = tuple(owed)
    if ev is not None:
        ev.append(CardDealt(seat, action.card, (seat,)))
    _next_chooser(s, seat, ev)


def _next_chooser(s, start, ev):
    """Each player chooses his cards in turn (clockwise from ``start``); then the game goes on."""
    n = s.players
    for k in range(n):
        seat = (start + k) % n
        if s.choose_owed[seat] > 0:
            s.draw_seat = seat
            return
    if s.round == 0:                    # no feeding yet: this was the opening choice of 6 cards
        s.phase = "first_player"
        return
    _end_turn(s, ev)


#: Per trait, its kind, and the bits of an animal that forbid playing it there (``_single_block`` as one mask).
_KIND = {t: r.kind for t, r in TRAITS.items()}
_SINGLE_BLOCKS = {t: (0 if t == "fat_tissue" else BIT[t]) | EXCLUDES[t] for t in TRAITS}
_ANIMAL_PLAYS = {c.id: PlayAnimal(c.id) for c in CARDS}


_PLAYS: dict = {}


def _trait_plays(card, trait) -> ById:
    """{animal id: PlayTrait} of one card and trait."""
    plays = _PLAYS.get((card, trait))
    if plays is None:
        plays = _PLAYS[card, trait] = ById(functools.partial(PlayTrait, card, trait))
    return plays


def _single_block(a, trait):
    bit = BIT[trait]
    if a.mask & bit and trait != "fat_tissue":
        return "origin.placement.duplicate", f"animal {a.id} already has {TRAITS[trait].name}"
    if a.mask & EXCLUDES[trait]:
        return "origin.placement.exclusive", "Carnivorous and Scavenger cannot be on the same animal"
    return None


def _linked(s, a, b, trait) -> bool:
    for u in a.links:
        l = s.links[u]
        if l.trait == trait and (l.a == b.id or l.b == b.id):
            return True
    return False


def _card_side(s, seat, card, trait):
    if card not in CARD_BY_ID:
        return "origin.card.unknown", f"there is no card {card!r}"
    if card not in s.hands[seat]:
        return "origin.card.not-in-hand", f"the card {card!r} is not in seat {seat}'s hand"
    if trait not in CARD_BY_ID[card].traits:
        return "origin.card.side", f"the card {card!r} has no side {trait!r}"
    return None


def _check_dev(rs, s, seat, action):
    if s.phase != "development":
        return "origin.phase", f"{type(action).__name__} is a development-phase action; the phase is {s.phase}"
    t = type(action)
    if t is Pass:
        return pass_block(s, seat)
    if t is PlayAnimal:
        if action.card not in CARD_BY_ID:
            return "origin.card.unknown", f"there is no card {action.card!r}"
        if action.card not in s.hands[seat]:
            return "origin.card.not-in-hand", f"the card {action.card!r} is not in seat {seat}'s hand"
        return None
    v = _card_side(s, seat, action.card, action.trait)
    if v:
        return v
    if not rs.trait_allowed(action.trait, s.turn):
        if action.trait in rs.options["banned_traits"]:
            return "experiment.banned-trait", f"{action.trait} is banned in this experiment (banned_traits)"
        return ("experiment.trait-from-turn",
                f"{action.trait} may be played from turn {rs.trait_turn[action.trait]} on (trait_from_turn)")
    rule = TRAITS[action.trait]
    if t is PlayTrait:
        a = s.animals.get(action.animal)
        if a is None:
            return "origin.placement.no-animal", f"there is no animal {action.animal!r}"
        if rule.kind == "pair":
            return "origin.placement.pair", f"{rule.name} is a pair trait: play it with PlayPairTrait"
        if rule.kind == "parasite":
            if a.owner == seat:
                return "origin.parasite", "a Parasite is played only on another player's animal"
            if a.mask & BIT[action.trait]:
                return "origin.placement.duplicate", f"animal {a.id} already has a Parasite"
            return None
        if a.owner != seat:
            return "origin.placement.own", "a trait other than Parasite goes only on one of your own animals"
        return _single_block(a, action.trait)
    # PlayPairTrait
    if rule.kind != "pair":
        return "origin.placement.pair", f"{rule.name} is not a pair trait: play it with PlayTrait"
    ids = action.animals
    if not isinstance(ids, tuple) or len(ids) != 2:
        return "engine.malformed", "a pair trait names exactly two animals"
    a, b = s.animals.get(ids[0]), s.animals.get(ids[1])
    if a is None or b is None:
        return "origin.placement.no-animal", f"there is no animal {ids[0] if a is None else ids[1]!r}"
    if a is b:
        return "origin.placement.pair-same", "a pair trait links two different animals"
    if a.owner != seat or b.owner != seat:
        return "origin.placement.own", "a pair trait links two of your own animals"
    if action.trait != "symbiosis" and ids[0] > ids[1]:
        return "engine.canonical", "name the two animals of a Communication/Cooperation card in increasing id order"
    if _linked(s, a, b, action.trait):
        return "origin.placement.pair-duplicate", f"animals {a.id} and {b.id} are already linked by {rule.name}"
    return None


def _remove_from_hand(s, seat, card):
    s.hands[seat].remove(card)
    played = list(s.played)
    played[seat] += 1
    s.played = tuple(played)


def _do_play_animal(rs, s, action, ev):
    seat = s.current
    _remove_from_hand(s, seat, action.card)
    a = Animal(s.next_uid, seat, s.turn)
    s.next_uid += 1
    s.animals[a.id] = a
    if ev is not None:
        ev.append(AnimalBorn(seat, a.id, s.turn))
    _dev_next(s, ev)


def _do_play_trait(rs, s, action, ev):
    seat = s.current
    _remove_from_hand(s, seat, action.card)
    a = s.animals[action.animal]
    a.set_cards(a.cards + (TraitCard(s.next_uid, action.card, action.trait),))
    s.next_uid += 1
    if ev is not None:
        ev.append(Mutation(seat, action.trait, s.turn))
        ev.append(TraitGained(a.owner, a.id, action.trait, action.card, -1, seat))
    _dev_next(s, ev)


def _do_play_pair(rs, s, action, ev):
    seat = s.current
    _remove_from_hand(s, seat, action.card)
    x, y = action.animals
    l = Link(s.next_uid, action.card, action.trait, x, y)
    s.next_uid += 1
    s.links[l.uid] = l
    for aid in (x, y):
        s.animals[aid].links += (l.uid,)
    if ev is not None:
        ev.append(Mutation(seat, action.trait, s.turn))
        ev.append(TraitGained(seat, x, action.trait, action.card, y, seat))
        ev.append(TraitGained(seat, y, action.trait, action.card, x, seat))
    _dev_next(s, ev)


def _do_pass(rs, s, action, ev):
    pass_seat(s, s.current, ev)
    _dev_next(s, ev)


def _dev_next(s, ev):
    """Next seat that has not passed; a seat with an empty hand passes (it has no choice)."""
    if next_to_play(s, ev, lambda s, seat: bool(s.hands[seat])):
        return
    if s.rolled:                      # Fatality, Equilibrium: the food bank was rolled before development
        _start_feeding(s, ev)
        return
    s.phase = "food"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "food"))


def _start_development(s, ev):
    s.phase = "development"
    s.passed = (False,) * s.players
    s.played = (0,) * s.players
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "development"))
    s.current = (s.first - 1) % s.players
    _dev_next(s, ev)


# ---- chance -----------------------------------------------------------------------------------
def _do_draw(rs, s, action, ev):
    seat = s.draw_seat
    i = CARD_INDEX[action.card]
    deck = list(s.deck)
    deck[i] -= 1
    s.deck = tuple(deck)
    s.deck_size -= 1
    h = s.hands[seat]
    bisect.insort(h, action.card, key=CARD_INDEX.__getitem__)
    owed = list(s.draw_owed)
    owed[seat] -= 1
    s.draw_owed = tuple(owed)
    if ev is not None:
        ev.append(CardDealt(seat, action.card, (seat,)))
    _next_draw(s, (seat + 1) % s.players, ev)


def _next_draw(s, start, ev):
    """Deal one card at a time clockwise, skipping seats that have all they are owed (§9.3)."""
    n = s.players
    if s.deck_size > 0:
        for k in range(n):
            seat = (start + k) % n
            if s.draw_owed[seat] > 0:
                s.draw_seat = seat
                return
    s.draw_owed = (0,) * n
    if s.phase == "deal":
        if s.ruleset.options["scenario"] == "fatality":    # cards that cannot be shared equally leave unseen
            s.removed += s.deck_size
            s.deck = (0,) * len(CARDS)
            s.deck_size = 0
        s.phase = "first_player"
    else:
        _end_turn(s, ev)


def _do_first(rs, s, action, ev):
    s.first = action.seat
    if ev is not None:
        ev.append(FirstPlayerChosen(action.seat))
    if rs.heredity:
        s.last_turn = rs.options["generations"] == 1
        H.start_generation(s, ev)
        return
    scen = s.ruleset.options["scenario"]
    if s.deck_size == 0 and scen != "equilibrium":
        s.last_turn = True   # §14.23: the deck ran out in the deal (Fatality: the only turn)
    if scen == "base":
        _start_development(s, ev)
    else:
        s.phase = "food"     # scenarios roll the food bank before development
        if ev is not None:
            ev.append(PhaseStarted(s.turn, "food"))


def _do_roll_food(rs, s, action, ev):
    s.food_bank = action.food
    if ev is not None:
        ev.append(FoodBankRolled(action.food))
    if rs.options["scenario"] != "base":
        s.rolled = True
        _start_development(s, ev)
        return
    _start_feeding(s, ev)


def _start_feeding(s, ev):
    s.phase = "feeding"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "feeding"))
    s.current = s.first
    s.passes = 0
    _new_round(s)
    _reset_move(s)
    _seek_actor(s, ev)


def _do_roll_die(rs, s, action, ev):
    F.run_roll(s, action.value, ev)
    _settle(s, ev)


def _do_tiebreak(rs, s, action, ev):
    s.winner = action.seat
    game_over(s, ev)


# ---- feeding flow -----------------------------------------------------------------------------
def _new_round(s):
    s.round += 1
    if s.ruleset.options["pair_trigger_reset"] == "round":
        s.epoch += 1


def _reset_move(s):
    s.move_main = s.move_any = s.move_ate = s.ending = False


def _seek_actor(s, ev):
    """From ``s.current``: a seat with nothing to do passes; a full circuit of passes ends feeding."""
    rs = s.ruleset
    n = s.players
    while s.passes < n:
        if rs.has_move_action(s, s.current, True):
            return
        s.passes += 1
        _advance_seat(s)
    _end_feeding(s, ev)


def _advance_seat(s):
    s.current = (s.current + 1) % s.players
    if s.current == s.first:
        _new_round(s)


def _end_move(s, ev):
    if s.move_any:
        s.passes = 0
    else:
        s.passes += 1
        if ev is not None:
            ev.append(Passed(s.current, "feeding"))
    _reset_move(s)
    _advance_seat(s)
    _seek_actor(s, ev)


def _settle(s, ev):
    """After an action: resolve automatic triggers, then end the move when the mover has no choice left."""
    while s.phase == "feeding":
        if s.attack is not None or s.scavenge >= 0:
            return
        if s.pending:
            if F.trigger_decision_needed(s):
                return
            entry = s.pending[0]
            s.pending = s.pending[1:]
            F.fire(s, entry, ev)
            continue
        if s.ending or not s.ruleset.has_move_action(s, s.current, not s.move_main):
            _end_move(s, ev)
        return


def _check_feed(rs, s, seat, action):
    if s.phase != "feeding":
        return "origin.phase", f"{type(action).__name__} is a feeding-phase action; the phase is {s.phase}"
    t = type(action)
    if s.attack is not None:
        return "origin.attack.defence-window", f"an attack is being resolved: seat {seat} must choose a defence"
    if s.scavenge >= 0:
        return "origin.scavenger.choose", f"seat {seat} must choose which Scavenger receives the token"
    if s.pending:
        return "origin.triggers.order", f"seat {seat} must choose which pair-trait trigger resolves next"
    if t is EndMove:
        return None
    if s.barred is not None and action in s.barred[seat]:
        return ("origin.feeding.pass-is-final",
                "this action was open when you passed; with feeding_pass_is_final it is barred this turn")
    main = t in (TakeFood, Attack, BurnFat)
    if main and s.move_main:
        return "origin.feeding.one-main-action", "only one main action (take food, attack, burn fat) per move"
    if t is Pirate:
        p, v = s.animals.get(action.pirate), s.animals.get(action.victim)
        if p is None or v is None:
            return "origin.feeding.no-animal", "there is no such animal"
        if p.owner != seat:
            return "origin.feeding.own-animal", f"animal {p.id} is not yours"
        return F.pirate_block(s, p, v, action.colour)
    if t is Attack:
        a, b = s.animals.get(action.predator), s.animals.get(action.prey)
        if a is None or b is None:
            return "origin.feeding.no-animal", "there is no such animal"
        if a.owner != seat:
            return "origin.feeding.own-animal", f"animal {a.id} is not yours"
        return F.predator_block(s, a) or F.attack_block(s, a, b)
    a = s.animals.get(action.animal)
    if a is None:
        return "origin.feeding.no-animal", f"there is no animal {action.animal!r}"
    if a.owner != seat:
        return "origin.feeding.own-animal", f"animal {a.id} is not yours"
    if t is TakeFood:
        if s.food_bank < 1:
            return "origin.food-bank.empty", "the food bank is empty"
        return F.receive_block(s, a)
    if t is BurnFat:
        if not isinstance(action.tokens, int) or isinstance(action.tokens, bool):
            return "engine.malformed", "tokens must be a whole number"
        if a.fat < 1:
            return "origin.fat_tissue.no-fat", f"animal {a.id} has no fat to burn"
        if a.is_fed():
            return "origin.fat_tissue.fed", f"animal {a.id} is already fed"
        if not 1 <= action.tokens <= min(a.fat, a.need - a.red - a.blue):
            return "origin.fat_tissue.amount", f"burn between 1 and {min(a.fat, a.need - a.red - a.blue)} fat tokens"
        return None
    if t is Graze:
        return F.graze_block(s, a)
    if t is Hibernate:
        return F.hibernate_block(s, a)
    return "engine.malformed", f"{action!r} is not a feeding action"


def _check_defence(rs, s, seat, action):
    at = s.attack
    if s.phase != "feeding" or at is None:
        return "origin.attack.no-attack", "no attack is being resolved"
    target = s.animals[at.prey]
    run, tail, mim = F.defences(s, at, target)
    t = type(action)
    if t is Run:
        return None if run else ("origin.running", "the attacked animal has no Running left to use in this attack")
    if t is Mimic:
        if not target.mask & BIT["mimicry"]:
            return "origin.mimicry", "the attacked animal has no Mimicry"
        if action.animal in mim:
            return None
        if target.id in at.mimicked:
            return "origin.mimicry.once-per-attack", "this Mimicry has already redirected this attack"
        return "origin.mimicry.target", (f"the attack cannot be redirected to {action.animal!r}: it must be another of "
                                         "your animals this carnivore could attack")
    if t is DropTail:
        if not tail:
            return "origin.tail_loss", "the attacked animal has no Tail Loss"
        if action.card_uid not in tail:
            return "origin.tail_loss.card", f"{action.card_uid!r} is not a trait card of the attacked animal"
        return None
    if t is NoDefence:
        return F.no_defence_block(s, at, target)
    return "engine.malformed", f"{action!r} is not a defence"


def _check_scavenge(rs, s, seat, action):
    if s.phase != "feeding" or s.scavenge < 0:
        return "origin.scavenger.no-choice", "no Scavenger token is waiting for a choice"
    a = s.animals.get(action.animal)
    if a is None or a.owner != s.scavenge or not a.mask & SCAVENGER or not F.can_receive(s, a):
        return "origin.scavenger", f"{action.animal!r} is not one of your Scavengers able to receive food"
    return None


def _check_resolve(rs, s, seat, action):
    if s.phase != "feeding" or not s.pending or s.attack is not None or s.scavenge >= 0:
        return "origin.triggers.none", "no pair-trait trigger is waiting"
    if not isinstance(action.fire, bool):
        return "engine.malformed", "fire must be true or false"
    if not action.fire and not rs.options["pair_triggers_optional"]:
        return "origin.triggers.compulsory", "pair-trait triggers are compulsory (pair_triggers_optional is off)"
    if (action.link, action.source) in F.trigger_choices(s):
        return None
    sides = [p[1] for p in F.pending_group(s) if p[0] == action.link]
    if len(sides) > 1:
        return "origin.triggers.order", (f"card {action.link!r} has a trigger waiting from animal {sides[0]} and one "
                                         f"from animal {sides[1]}: name the one to resolve as its source")
    if sides:
        return "origin.triggers.order", f"card {action.link!r} has one trigger waiting: resolve it without a source"
    return "origin.triggers.order", f"card {action.link!r} has no trigger waiting for you"


def _do_take(rs, s, a, ev):
    F.take_food(s, s.animals[a.animal], ev)
    _settle(s, ev)


def _do_attack(rs, s, a, ev):
    F.start_attack(s, s.animals[a.predator], s.animals[a.prey], ev)
    _settle(s, ev)


def _do_burn(rs, s, a, ev):
    F.burn_fat(s, s.animals[a.animal], a.tokens, ev)
    _settle(s, ev)


def _do_graze(rs, s, a, ev):
    F.graze(s, s.animals[a.animal], ev)
    _settle(s, ev)


def _do_hibernate(rs, s, a, ev):
    F.hibernate(s, s.animals[a.animal], ev)
    _settle(s, ev)


def _do_pirate(rs, s, a, ev):
    F.pirate(s, s.animals[a.pirate], s.animals[a.victim], a.colour, ev)
    _settle(s, ev)


def _do_end_move(rs, s, a, ev):
    """§7.2: end the move; with the house-rule options, eat automatically or make a pass final."""
    if rs.options["auto_take_food_on_pass"] and not s.move_ate and s.food_bank > 0:
        for x in s.animals.values():
            if x.owner == s.current and F.can_receive(s, x):
                s.ending = True          # a take-food move, not a pass: nothing is barred
                F.take_food(s, x, ev)
                _settle(s, ev)
                return
    if rs.options["feeding_pass_is_final"] and not s.move_any:
        s.barred[s.current] |= set(rs._move_actions(s, s.current, True))
    _end_move(s, ev)


def _do_run(rs, s, a, ev):
    s.attack.rolling = True


def _do_mimic(rs, s, a, ev):
    F.redirect(s, a.animal, ev)
    F.defence_window(s, ev)
    _settle(s, ev)


def _do_drop_tail(rs, s, a, ev):
    F.drop_tail(s, a.card_uid, ev)
    _settle(s, ev)


def _do_no_defence(rs, s, a, ev):
    F.eat(s, ev)
    _settle(s, ev)


def _do_scavenge(rs, s, a, ev):
    F.award_scavenger(s, s.animals[a.animal], ev)
    _settle(s, ev)


def _do_resolve(rs, s, a, ev):
    group = F.pending_group(s)
    entry = next(p for p in group if p[0] == a.link and a.source in (-1, p[1]))
    s.pending = tuple(p for p in s.pending if p is not entry)
    if a.fire:
        F.fire(s, entry, ev)
    _settle(s, ev)


# ---- extinction, draw, end ---------------------------------------------------------------------
def _end_feeding(s, ev):
    """§7.6 then §9: leftover food goes; poisoned and unfed animals die together."""
    s.food_bank = 0
    s.phase = "extinction"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "extinction"))
    dead = [a for a in s.animals.values() if a.poisoned or not a.is_fed()]
    for a in dead:
        F.remove_animal(s, a, "poisoned" if a.poisoned else "starved", ev)
    if s.ruleset.heredity:
        H.reproduce(s, ev)
        return
    if s.last_turn:
        _score(s, ev)
        return
    n = s.players
    owed = []
    for seat in range(n):
        k = sum(1 for a in s.animals.values() if a.owner == seat)
        owed.append(HAND_SIZE if k == 0 and not s.hands[seat] else k + 1)
    if s.ruleset.options["scenario"] == "equilibrium":
        short = [owed[i] > len(s.pools[i]) for i in range(n)]
        end = s.ruleset.options["equilibrium_end"]
        s.next_last = all(short) if end == "all_players_short" else any(short)
        s.choose_owed = tuple(min(owed[i], len(s.pools[i])) for i in range(n))
        s.phase = "choose"
        _next_chooser(s, s.first, ev)
        return
    s.draw_owed = tuple(owed)
    s.phase = "draw"
    _next_draw(s, s.first, ev)


def clear_turn(s):
    """§9 steps 4-5: food tokens go, per-turn flags are reset (fat stays)."""
    for a in s.animals.values():
        a.red = a.blue = 0
        a.attacked = a.pirated = a.hibernating = a.poisoned = False
    if s.barred is not None:
        s.barred = [set() for _ in range(s.players)]
    s.rolled = False


def _end_turn(s, ev):
    """§9 steps 4-6: clear food, reset per-turn flags, pass the first-player role clockwise."""
    clear_turn(s)
    if ev is not None:
        alive = [0] * s.players
        for a in s.animals.values():
            alive[a.owner] += 1
        ev.append(TurnEnded(s.turn, tuple(alive)))
    if s.ruleset.options["scenario"] == "equilibrium":
        s.last_turn = s.next_last
    elif s.deck_size == 0:
        s.last_turn = True
    s.first = (s.first + 1) % s.players
    s.turn += 1
    if s.ruleset.options["scenario"] != "base":
        s.phase = "food"      # the scenarios roll the food bank before development, every turn
        if ev is not None:
            ev.append(PhaseStarted(s.turn, "food"))
        return
    _start_development(s, ev)


def _score(s, ev):
    if ev is not None:
        alive = [0] * s.players
        for a in s.animals.values():
            alive[a.owner] += 1
        ev.append(TurnEnded(s.turn, tuple(alive)))
    finish(s, ev)


def _cumulative(outs):
    cum, t = [], 0
    for _, w in outs:
        t += w
        cum.append(t)
    return cum


_APPLY = {
    Draw: _do_draw, FirstPlayer: _do_first, RollFood: _do_roll_food, RollDie: _do_roll_die,
    TieBreak: _do_tiebreak, PlayAnimal: _do_play_animal, PlayTrait: _do_play_trait,
    PlayPairTrait: _do_play_pair, Pass: _do_pass, TakeFood: _do_take, Attack: _do_attack,
    BurnFat: _do_burn, Graze: _do_graze, Hibernate: _do_hibernate, Pirate: _do_pirate,
    EndMove: _do_end_move, Run: _do_run, Mimic: _do_mimic, DropTail: _do_drop_tail,
    NoDefence: _do_no_defence, Scavenge: _do_scavenge, Resolve: _do_resolve, ChooseCard: _do_choose,
    Mutate: H.apply_mutate, LoseTrait: H.apply_lose,
}
_CHECKS = {
    PlayAnimal: _check_dev, PlayTrait: _check_dev, PlayPairTrait: _check_dev, Pass: _check_dev,
    TakeFood: _check_feed, Attack: _check_feed, BurnFat: _check_feed, Graze: _check_feed,
    Hibernate: _check_feed, Pirate: _check_feed, EndMove: _check_feed,
    Run: _check_defence, Mimic: _check_defence, DropTail: _check_defence, NoDefence: _check_defence,
    Scavenge: _check_scavenge, Resolve: _check_resolve, ChooseCard: _check_choose,
}


from .io import validate_state  # noqa: E402,F401  (saved positions, checked in full)

OriginRuleset.apply_table = _APPLY
OriginRuleset.field_types = _FIELD_TYPES

"""North Star *Evolution* (2014; second-edition texts) as a Ruleset (spec ``north-star-evolution.md``).

A round: Deal Cards → Select Food (a secret card each) → Play Cards (traits face down, new species,
Body Size, Population) → Feeding (reveal-step triggers, the food cards, then feeding turns), then the
end-of-round steps. Points: food in the bag, Population and trait cards of surviving species.
"""
from __future__ import annotations

import bisect

from ...actions import (CHANCE, TERMINAL, Draw, EatPlant, EndTurn, FirstPlayer, Grow, Hunt, NewSpecies,
                        Pass, PlaceTrait, SelectFood, ThinkFood, interned)
from ...events import (AnimalBorn, Attacked, CardDealt, Died, FirstPlayerChosen, FoodBankRolled, FoodTaken, GameOver,
                       FoodLost, Mutation, Passed, PhaseStarted, Scavenged, Speciation, SpeciesExtinct, TraitGained,
                       TraitLost, TurnEnded)
from ..base import Ruleset, resolve_options
from ..common import ById
from .deck import TRAIT_IDS, card_kinds
from .options import OPTIONS
from .state import NSSpecies, NSState
from .traits import CANCELLABLE, TRAITS
from . import worlds

KINDS = card_kinds()
CARD_IDS = tuple(k[0] for k in KINDS)
CARD_INDEX = {c: i for i, c in enumerate(CARD_IDS)}
FOOD = {k[0]: k[2] for k in KINDS}
TRAIT_OF = {k[0]: k[1] for k in KINDS}
_DRAWS = {c: Draw(c) for c in CARD_IDS}
_PASS, _END = Pass(), EndTurn()
_Eat, _Hunt, _Think = interned(EatPlant), interned(Hunt), interned(ThinkFood)
_Place, _New, _Select = interned(PlaceTrait), interned(NewSpecies), interned(SelectFood)
_CHANCE = frozenset(("first_player", "tiebreak"))
_NEWS = {c: (_New(c, "left"), _New(c, "right")) for c in CARD_IDS}      # a card as a new species, either end
#: Per card, {species id: action} for growing its Body Size, its Population, and adding the card as a trait.
_BY_SPECIES = {c: (ById(lambda sid, c=c: Grow(c, sid, "body")), ById(lambda sid, c=c: Grow(c, sid, "population")),
                   ById(lambda sid, c=c: PlaceTrait(c, sid, ""))) for c in CARD_IDS}


def _trait(card):
    return TRAIT_OF[card]


class NorthStarRuleset(Ruleset):
    """North Star *Evolution* for 2-6 players."""

    id = "northstar"
    name = "Evolution (North Star Games)"
    version = "2"
    changes = {"2": "2026-12-01: an attack resolves meat first, then the target's Population loss (option "
                    "attack_order); Cooperation fires only for an attacker that took meat; Intelligence's plant "
                    "take is one take of 2 (Foraging +1 once, Cooperation once)"}
    option_specs = OPTIONS
    traits = TRAITS
    predator_traits = ("carnivore",)
    rule_prefix = "northstar"
    unit_noun = "species"
    food_feeds_population = True
    public_of = worlds.public_of              # the public fields an observation carries
    sample_world = staticmethod(worlds.sample_world)

    def hides_plays(self, s, seat, viewer) -> bool:
        """Six-player variant: the others' Play Cards moves stay secret until the reveal."""
        return self.simultaneous and s.phase == "play_cards" and seat != viewer
    field_types = {"card": str, "species": int, "replace": str, "side": str, "what": str, "predator": int,
                   "prey": int, "cancel": str}

    def __init__(self, options):
        super().__init__(options)
        n = options["players"]
        banned = set(options["banned_traits"])
        self.copies = tuple(k[3] for k in KINDS)
        self.deck = tuple(c for c, k in zip(CARD_IDS, self.copies) for _ in range(k))
        self.total_cards = len(self.deck)
        self.limit = options["trait_limit"] or (2 if n == 2 else 3)
        self.remove = options["remove_cards"] if options["remove_cards"] >= 0 else (40 if n == 2 else 0)
        sim = options["simultaneous_play_cards"]
        self.simultaneous = sim == "on" or (sim == "auto" and n == 6)
        self.trait_turn = {t: (10 ** 9 if t in banned else 1) for t in TRAIT_IDS}
        self.trait_turn.update({t: k for t, k in options["trait_from_turn"].items() if t not in banned})

    @classmethod
    def load(cls, **options):
        return cls(resolve_options(OPTIONS, options))

    @classmethod
    def scenario(cls, spec):
        from .scenario import build
        return build(cls, spec)

    # ---- setup ------------------------------------------------------------------------------------
    def new_game(self) -> NSState:
        s = NSState.__new__(NSState)
        n = self.players
        s.ruleset = self
        s.players = n
        s.turn = 1
        s.first = s.current = 0
        s.deck = self.copies
        s.deck_size = self.total_cards
        s.discard = (0,) * len(CARD_IDS)
        s.removed = 0
        s.food_cards = ("",) * n
        s.watering = 0
        s.bags = (0,) * n
        s.passes = 0
        s.done = (False,) * n
        s.last_round = s.next_last = False
        s.cycles = 0
        s.winner = -1
        s.winners = ()
        s.next_uid = 1
        s.snapshot = None
        s.hands = [[] for _ in range(n)]
        s.species = {}
        rows = []
        for seat in range(n):
            sp = NSSpecies(s.next_uid, seat, 1)
            s.next_uid += 1
            s.species[sp.id] = sp
            rows.append((sp.id,))
        s.rows = tuple(rows)
        # two players: 40 cards leave unseen first (chance draws, to nobody)
        s.draw_queue = (-1,) * self.remove
        s.phase = "remove" if self.remove else "first_player"
        return s

    # ---- who moves ----------------------------------------------------------------------------------
    def to_move(self, s) -> int:
        ph = s.phase
        if s.draw_queue:
            return CHANCE
        if ph in ("select_food", "play_cards", "feeding"):
            return s.current
        if ph == "over":
            return TERMINAL
        return CHANCE

    def chance_outcomes(self, s) -> tuple:
        if s.draw_queue:
            return tuple((_DRAWS[c], k) for c, k in zip(CARD_IDS, s.deck) if k)
        if s.phase == "first_player":
            return tuple((FirstPlayer(i), 1) for i in range(s.players))
        return ()

    def sample_chance(self, s, rng):
        if s.draw_queue:
            x = rng.random() * s.deck_size
            t = 0
            for c, k in zip(CARD_IDS, s.deck):
                t += k
                if t > x:
                    return _DRAWS[c]
        return super().sample_chance(s, rng)

    # ---- rules of attack and feeding -------------------------------------------------------------------
    def room(self, sp) -> int:
        """Food it may still take: up to its Population, then fat up to its Body Size."""
        r = max(0, sp.pop - sp.food)
        if sp.has("fat_tissue"):
            r += max(0, sp.body - sp.fat)
        return r

    def hungry(self, sp) -> bool:
        return sp.food < sp.pop

    def attack_size(self, a) -> int:
        size = a.body
        if a.has("pack_hunting"):
            size += a.pop if self.options["pack_hunting_variant"] == "population" else 3
        return size

    def defences(self, s, a, t) -> list:
        """The protections (trait names) that stop ``a`` attacking ``t``, besides size (§5.3)."""
        out = []
        if t.has("climbing") and not a.has("climbing"):
            out.append("climbing")
        if t.has("burrowing") and t.food >= t.pop:
            out.append("burrowing")
        if t.has("defensive_herding") and not a.pop > t.pop:
            out.append("defensive_herding")
        row = s.rows[t.owner]
        i = row.index(t.id)
        if t.has("symbiosis") and i + 1 < len(row) and s.species[row[i + 1]].body > t.body:
            out.append("symbiosis")
        if not a.has("ambush"):
            for j in (i - 1, i + 1):          # each Warning Call neighbour protects (and is cancelled) on its own
                if 0 <= j < len(row) and s.species[row[j]].has("warning_call"):
                    out.append("warning_call")
        return out

    def defence_size(self, t, cancelled=()) -> int:
        size = t.body
        if t.has("hard_shell") and "hard_shell" not in cancelled:
            size += self.options["hard_shell_bonus"]
        return size

    def attack_block(self, s, a, t, cancelled=()):
        """Why ``a`` may not attack ``t`` now (rule, message), or None."""
        if not a.has("carnivore"):
            return "northstar.carnivore", f"species {a.id} is not a Carnivore"
        if a is t:
            return "northstar.carnivore.itself", "a Carnivore cannot attack itself"
        if not self.room(a):
            return "northstar.carnivore.full", "a full Carnivore without Fat Tissue room cannot attack"
        if not self.attack_size(a) > self.defence_size(t, cancelled):
            return "northstar.size", "the attacker must be larger than the target (Hard Shell adds to the target)"
        left = list(cancelled)
        for d in self.defences(s, a, t):
            if d in left:
                left.remove(d)                 # one discarded card cancels one protection
            else:
                return f"northstar.{d}", f"the target is protected by {TRAITS[d].name}"
        return None

    def compulsory(self, s, seat) -> bool:
        """§5.2: a hungry species of ``seat`` that can feed must feed (Intelligence never counts)."""
        strict = self.options["fat_filling_mandatory"]
        for sp in s.species_of(seat):
            if not (self.hungry(sp) or (strict and self.room(sp))):
                continue
            if sp.has("carnivore"):
                if any(self.attack_block(s, sp, t) is None for t in s.species.values()):
                    return True
            elif s.watering:
                return True
        return False

    # ---- legality -----------------------------------------------------------------------------------
    def legal_actions(self, s) -> list:
        if s.draw_queue:
            return []
        ph = s.phase
        seat = s.current
        if ph == "select_food":
            return [_Select(c) for c in dict.fromkeys(s.hands[seat])]
        if ph == "play_cards":
            return self._play_actions(s, seat)
        if ph == "feeding":
            return self._feed_actions(s, seat)
        return []

    def _play_actions(self, s, seat) -> list:
        out: list = []
        hand = list(dict.fromkeys(s.hands[seat]))
        mine = s.species_of(seat)
        for c in hand:
            out.extend(_NEWS[c])
        for c in hand:
            body, pop, _ = _BY_SPECIES[c]
            for sp in mine:
                if sp.body < 6:
                    out.append(body[sp.id])
                if sp.pop < 6:
                    out.append(pop[sp.id])
        for c in hand:
            t = _trait(c)
            if s.turn < self.trait_turn[t]:
                continue
            add = _BY_SPECIES[c][2]
            for sp in mine:
                cards = sp.traits + sp.pending
                names = [_trait(x) for x in cards]
                if len(cards) < self.limit and t not in names:
                    out.append(add[sp.id])
                for r in dict.fromkeys(cards):
                    rest = list(names)
                    rest.remove(_trait(r))
                    if t not in rest:
                        out.append(_Place(c, sp.id, r))
        out.append(_END)
        return out

    def _feed_actions(self, s, seat) -> list:
        out = []
        multi = self.options["intelligence_multi_discard"]
        hand = list(dict.fromkeys(s.hands[seat]))
        for sp in s.species_of(seat):
            if not self.room(sp):
                continue
            if sp.has("carnivore"):
                for t in s.species.values():
                    if self.attack_block(s, sp, t) is None:
                        out.append(_Hunt(sp.id, t.id, "", ""))
                    if sp.has("intelligence") and hand and t is not sp:
                        out.extend(self._clever_hunts(s, sp, t, hand, multi))
            else:
                if s.watering:
                    out.append(_Eat(sp.id))
                if sp.has("intelligence"):
                    for c in hand:
                        out.append(_Think(sp.id, c))
        if not self.compulsory(s, seat):
            out.append(_PASS)
        return out

    def _cancellable(self, s, a, t):
        """The target's protections Intelligence may cancel (Horns too; one entry per Warning Call)."""
        out = [d for d in CANCELLABLE if t.has(d) and d != "warning_call"]
        out.extend(d for d in self.defences(s, a, t) if d == "warning_call")
        return out

    def _clever_hunts(self, s, a, t, hand, multi):
        """Attacks with Intelligence: one card cancels one protection (several with the first-edition text).

        Several cards are joined with "+" in ``Hunt.card`` and ``Hunt.cancel``, in the same order."""
        import itertools
        can = self._cancellable(s, a, t)
        sizes = range(1, len(can) + 1) if multi else (1,)
        out, seen = [], set()
        for k in sizes:
            for cancels in itertools.combinations(can, k):
                if cancels in seen or self.attack_block(s, a, t, cancels) is not None:
                    continue
                seen.add(cancels)
                if k > 1 and self.attack_block(s, a, t, cancels[:-1]) is None and "horns" not in cancels:
                    continue                   # a needless extra card
                for cards in itertools.combinations(sorted(s.hands[a.owner], key=CARD_INDEX.__getitem__), k):
                    out.append(_Hunt(a.id, t.id, "+".join(cards), "+".join(cancels)))
        return list(dict.fromkeys(out))

    def why(self, s, seat, action):
        t = type(action)
        ph = s.phase
        card = getattr(action, "card", "")
        if ph == "select_food":
            if t is not SelectFood:
                return "northstar.phase", "choose a food card for the Watering Hole first"
            return "northstar.card.not-in-hand", f"{card!r} is not in your hand"
        if ph == "play_cards":
            return self._why_play_cards(s, seat, action, card)
        if ph != "feeding":
            return "northstar.phase", f"{t.__name__} is not allowed now"
        if t is Pass:
            return "northstar.feeding.compulsory", "a hungry species that can feed must feed"
        return self._why_feeding(s, seat, action)

    def _why_play_cards(self, s, seat, action, card):
        """The Play Cards rule an illegal action breaks."""
        t = type(action)
        if t not in (PlaceTrait, NewSpecies, Grow, EndTurn):
            return "northstar.phase", f"{t.__name__} is not a Play Cards action"
        if card not in s.hands[seat]:
            return "northstar.card.not-in-hand", f"{card!r} is not in your hand"
        if t is NewSpecies:
            return "northstar.new-species.side", "a new species goes at the 'left' or 'right' end"
        sp = s.species.get(action.species)
        if sp is None or sp.owner != seat:
            return "northstar.own-species", f"{action.species!r} is not one of your species"
        if t is Grow:
            if action.what not in ("body", "population"):
                return "engine.malformed", "what is 'body' or 'population'"
            return "northstar.grow.max", "Body Size and Population are at most 6"
        tr = _trait(card) if card in TRAIT_OF else None
        if tr is not None and s.turn < self.trait_turn[tr]:
            return "experiment.trait-from-turn", f"{tr} may not be played in this round (banned or later)"
        if action.replace and action.replace not in sp.traits + sp.pending:
            return "northstar.replace", f"{action.replace!r} is not a trait card of species {sp.id}"
        if not action.replace and len(sp.traits) + len(sp.pending) >= self.limit:
            return "northstar.trait-limit", f"a species holds at most {self.limit} traits: replace one"
        return "northstar.trait-duplicate", "a species never has two traits of the same name"

    def _why_feeding(self, s, seat, action):
        """The feeding rule an illegal eating, hunting or Intelligence action breaks."""
        t = type(action)
        if t not in (EatPlant, Hunt, ThinkFood):
            return "northstar.phase", f"{t.__name__} is not a feeding action"
        sid = action.predator if t is Hunt else action.species
        sp = s.species.get(sid)
        if sp is None or sp.owner != seat:
            return "northstar.own-species", f"{sid!r} is not one of your species"
        if not self.room(sp):
            return "northstar.full", f"species {sid} is full"
        if t is EatPlant:
            if sp.has("carnivore"):
                return "northstar.carnivore.plants", "a Carnivore never eats plant food"
            return "northstar.watering-hole.empty", "the Watering Hole is empty"
        if t is ThinkFood:
            if not sp.has("intelligence"):
                return "northstar.intelligence", f"species {sid} has no Intelligence"
            if sp.has("carnivore"):
                return "northstar.intelligence.carnivore", "a Carnivore uses Intelligence to cancel a defence"
            return "northstar.card.not-in-hand", f"{action.card!r} is not in your hand"
        target = s.species.get(action.prey)
        if target is None:
            return "northstar.no-species", f"there is no species {action.prey!r}"
        cards = tuple(action.card.split("+")) if action.card else ()
        cancelled = tuple(action.cancel.split("+")) if action.cancel else ()
        if cards or cancelled:
            if not sp.has("intelligence"):
                return "northstar.intelligence", f"species {sid} has no Intelligence"
            hand = list(s.hands[seat])
            for c in cards:
                if c not in hand:
                    return "northstar.card.not-in-hand", f"{c!r} is not in your hand"
                hand.remove(c)
            if len(cards) != len(cancelled) or any(d not in CANCELLABLE for d in cancelled):
                return "northstar.intelligence.cancel", "each discarded card cancels one defence, never the size rule"
            if len(cards) > 1 and not self.options["intelligence_multi_discard"]:
                return "northstar.intelligence.one-card", "one card per use (intelligence_multi_discard is off)"
        return self.attack_block(s, sp, target, cancelled) or ("northstar.attack", "this attack is not allowed")

    # ---- scoring ------------------------------------------------------------------------------------
    def scores(self, s) -> tuple:
        """§10: food in the bag + Population and trait cards of each surviving species."""
        pts = list(s.bags)
        for sp in s.species.values():
            pts[sp.owner] += sp.pop + len(sp.traits) + len(sp.pending)
            if self.options["score_fat"]:
                pts[sp.owner] += sp.fat
            if self.options["score_body_size"]:
                pts[sp.owner] += sp.body
        return tuple(pts)

    def tie_key(self, s, seat):
        mine = s.species_of(seat)
        return (sum(len(sp.traits) + len(sp.pending) for sp in mine), sum(sp.pop + sp.body for sp in mine))

    def winners(self, s) -> tuple:
        """§10: the seats that won; several when the tie-breaks leave a tie (the tied players share the win)."""
        return tuple(s.winners) if s.phase == "over" else ()

    def ranking(self, s) -> list:
        sc = self.scores(s)
        return sorted(range(s.players), key=lambda i: (-sc[i], tuple(-x for x in self.tie_key(s, i)), i))

    def census(self, s):
        for sp in s.species.values():
            yield sp.owner, sp.id, sp.trait_ids, sp.pop

    def species_census(self, s):
        for sp in s.species.values():
            yield sp.owner, sp.id, sp.body, sp.pop, sp.trait_ids

    def census_traits(self, s, sp):
        return sp.trait_ids

    def unit_info(self, s, sid):
        """(owner, traits) of a species on the table, or None."""
        sp = s.species.get(sid)
        return None if sp is None else (sp.owner, sp.trait_ids)

    def animal_traits(self, s, sid):
        return s.species[sid].trait_ids

    def with_ruleset(self, s, other):
        if other.id != self.id or other.players != s.players:
            raise ValueError("a game can only continue under the same edition and players")
        t = s.clone()
        t.ruleset = other
        return t

    def observe(self, s, seat, copy=True):
        from .view import observe
        return observe(s, seat, copy)

    def state_from_dict(self, d, prefix=""):
        from .io import state_from_dict
        return state_from_dict(self, d, prefix)

    def card_sides(self):
        return tuple(((TRAIT_OF[c],), k) for c, k in zip(CARD_IDS, self.copies))


def _add(t, i, n):
    lst = list(t)
    lst[i] += n
    return tuple(lst)


def _discard(s, card):
    s.discard = _add(s.discard, CARD_INDEX[card], 1)


# ---- drawing cards (chance) -------------------------------------------------------------------------
def _do_draw(rs, s, action, ev):
    seat = s.draw_queue[0]
    s.draw_queue = s.draw_queue[1:]
    s.deck = _add(s.deck, CARD_INDEX[action.card], -1)
    s.deck_size -= 1
    if seat < 0:
        s.removed += 1
    else:
        bisect.insort(s.hands[seat], action.card, key=CARD_INDEX.__getitem__)
        if ev is not None:
            ev.append(CardDealt(seat, action.card, (seat,)))
    _after_draw(rs, s, ev)


def _after_draw(rs, s, ev):
    _reshuffle(rs, s)
    if s.draw_queue:
        return
    if s.phase == "remove":
        s.phase = "first_player"
    elif s.phase == "deal":
        _start_select(s, ev)
    # extinction draws during feeding or the end of the round: play simply goes on


def _reshuffle(rs, s):
    """§9: a draw from an empty deck reshuffles the discards and starts the end of the game."""
    while s.draw_queue and s.deck_size == 0:
        s.cycles += 1                       # a card must be drawn from an empty deck: it has run out
        if not sum(s.discard):
            s.draw_queue = ()               # nothing left to draw anywhere
        else:
            s.deck, s.discard = s.discard, (0,) * len(CARD_IDS)
            s.deck_size = sum(s.deck)
        if s.cycles >= rs.options["deck_cycles_to_end"]:
            if s.phase == "deal":
                s.last_round = True         # exhausted while dealing: this round is the last
            else:
                s.next_last = True          # exhausted by an extinction draw: the next round is the last


def _do_first(rs, s, action, ev):
    s.first = action.seat
    if ev is not None:
        ev.append(FirstPlayerChosen(action.seat))
    for seat in range(s.players):
        if ev is not None:
            ev.append(Speciation(seat, -1, s.rows[seat][0], 1, ()))
            ev.append(AnimalBorn(seat, s.rows[seat][0], 1))
    _start_round(rs, s, ev)


def _start_round(rs, s, ev):
    """§4.1: a player with no species gets one; each is dealt 3 + 1 per species, one card at a time."""
    s.phase = "deal"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "deal"))
    n = s.players
    owed = []
    for seat in range(n):
        if not s.rows[seat]:
            _new_species(s, seat, "right", ev)
        owed.append(3 + len(s.rows[seat]))
    queue = []
    while any(owed):
        for k in range(n):
            seat = (s.first + k) % n
            if owed[seat]:
                owed[seat] -= 1
                queue.append(seat)
    s.draw_queue = tuple(queue)
    _after_draw(rs, s, ev)


def _new_species(s, seat, side, ev):
    sp = NSSpecies(s.next_uid, seat, s.turn)
    s.next_uid += 1
    s.species[sp.id] = sp
    rows = list(s.rows)
    rows[seat] = (sp.id,) + rows[seat] if side == "left" else rows[seat] + (sp.id,)
    s.rows = tuple(rows)
    if ev is not None:
        ev.append(Speciation(seat, -1, sp.id, s.turn, ()))
        ev.append(AnimalBorn(seat, sp.id, s.turn))
    return sp


# ---- select food and play cards ----------------------------------------------------------------------
def _start_select(s, ev):
    s.phase = "select_food"
    s.current = s.first
    s.done = (False,) * s.players
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "select_food"))
    _next_selector(s, ev)


def _next_selector(s, ev):
    n = s.players
    for k in range(n):
        seat = (s.first + k) % n
        if not s.done[seat] and s.hands[seat]:
            s.current = seat
            return
    _start_play(s, ev)


def _do_select(rs, s, action, ev):
    seat = s.current
    s.hands[seat].remove(action.card)
    s.food_cards = tuple(action.card if i == seat else c for i, c in enumerate(s.food_cards))
    s.done = tuple(True if i == seat else d for i, d in enumerate(s.done))
    _next_selector(s, ev)


def _start_play(s, ev):
    s.phase = "play_cards"
    s.done = (False,) * s.players
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "play_cards"))
    if s.ruleset.simultaneous:                 # the others see the table as it was when the phase began
        s.snapshot = snapshot(s)
    s.current = (s.first - 1) % s.players
    _next_player(s, ev)


def snapshot(s) -> dict:
    """The public table when a simultaneous Play Cards phase begins (what the others keep seeing)."""
    return {"species": [sp.to_dict() for sp in s.species.values()], "rows": [list(r) for r in s.rows],
            "hand_sizes": [len(h) for h in s.hands], "bags": list(s.bags)}


def _next_player(s, ev):
    n = s.players
    for _ in range(n):
        s.current = (s.current + 1) % n
        if not s.done[s.current]:
            return
    _reveal(s, ev)


def _play_card(s, seat, card):
    s.hands[seat].remove(card)


def _do_place(rs, s, action, ev):
    seat = s.current
    sp = s.species[action.species]
    _play_card(s, seat, action.card)
    if action.replace:
        _remove_trait(rs, s, sp, action.replace, ev)
    sp.pending = sp.pending + (action.card,)


def _remove_trait(rs, s, sp, card, ev):
    """§4.3: a replaced trait goes to the discard pile at once; fat on a replaced Fat Tissue is lost."""
    if card in sp.pending:
        lst = list(sp.pending)
        lst.remove(card)
        sp.pending = tuple(lst)
    else:
        lst = list(sp.traits)
        lst.remove(card)
        sp.traits = tuple(lst)
        if _trait(card) == "fat_tissue" and sp.fat:
            if rs.options["score_fat"] or rs.options["replaced_fat_to_bag"]:
                s.bags = _add(s.bags, sp.owner, sp.fat)
            elif ev is not None:
                ev.append(FoodLost(sp.id, sp.fat))
            sp.fat = 0
        if ev is not None:
            ev.append(TraitLost(sp.owner, sp.id, _trait(card)))
    _discard(s, card)


def _do_new(rs, s, action, ev):
    seat = s.current
    _play_card(s, seat, action.card)
    _discard(s, action.card)
    _new_species(s, seat, action.side, ev)


def _do_grow(rs, s, action, ev):
    seat = s.current
    _play_card(s, seat, action.card)
    _discard(s, action.card)
    sp = s.species[action.species]
    if action.what == "body":
        sp.body += 1
    else:
        sp.pop += 1
        if ev is not None:
            ev.append(AnimalBorn(seat, sp.id, s.turn))


def _do_end_turn(rs, s, action, ev):
    s.done = tuple(True if i == s.current else d for i, d in enumerate(s.done))
    if ev is not None:
        ev.append(Passed(s.current, "play_cards"))
    _next_player(s, ev)


def _reveal(s, ev):
    """End of Play Cards: every face-down trait is turned up at once; then feeding begins (§5.1)."""
    rs = s.ruleset
    s.snapshot = None
    for sp in s.species.values():
        if sp.pending:
            for c in sp.pending:
                if ev is not None:
                    ev.append(Mutation(sp.owner, _trait(c), s.turn))
                    ev.append(TraitGained(sp.owner, sp.id, _trait(c), c, -1, sp.owner))
            sp.traits = sp.traits + sp.pending
            sp.pending = ()
    s.phase = "feeding"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "feeding"))
    n = s.players
    for k in range(n):                          # reveal-step triggers, player order, left to right
        seat = (s.first + k) % n
        for sid in s.rows[seat]:
            sp = s.species.get(sid)
            if sp is None:
                continue
            if sp.has("fertile") and (s.watering > 0 or not rs.options["fertile_needs_food"]) and sp.pop < 6:
                sp.pop += 1
                if ev is not None:
                    ev.append(AnimalBorn(seat, sid, s.turn))
            if sp.has("long_neck") and not sp.has("carnivore"):
                _take(rs, s, sp, "plant", "bank", ev, "long_neck")
            if sp.has("fat_tissue") and sp.fat:
                move = min(sp.fat, max(0, sp.pop - sp.food))
                sp.fat -= move
                sp.food += move
    total = sum(FOOD[c] for c in s.food_cards if c)
    for c in s.food_cards:
        if c:
            _discard(s, c)
    s.food_cards = ("",) * n
    if total > 0:
        mult = rs.options["food_multiplier"]
        s.watering += int(total * mult + 0.5) if mult != 1 else total
    else:
        s.watering = max(0, s.watering + total)
    if ev is not None:
        ev.append(FoodBankRolled(s.watering))
    s.current = s.first
    s.passes = 0
    _seek(rs, s, ev)


# ---- feeding -------------------------------------------------------------------------------------------
def _take(rs, s, sp, kind, source, ev, why, amount=1):
    """One intake (§5.4) of ``amount`` food: plant from the Watering Hole or the Food Bank, or meat (an
    attack's meat is one intake of the prey's Body Size); Foraging adds 1 plant food once; then, if
    anything was taken, Cooperation fires once."""
    if sp.id not in s.species or (kind == "plant" and sp.has("carnivore")):
        return 0
    n = amount
    if kind == "plant" and sp.has("foraging") and (
            rs.options["foraging_everywhere"] or (source == "hole" and why != "cooperation")):
        n += 1
    got = 0
    for _ in range(n):
        if source == "hole" and s.watering < 1:
            break
        if not _store(rs, s, sp):
            break
        if source == "hole":
            s.watering -= 1
        got += 1
        if ev is not None:
            ev.append(FoodTaken(sp.owner, sp.id, kind, why, sp.fat > 0 and sp.food >= sp.pop))
    if got and sp.has("cooperation"):
        row = s.rows[sp.owner]
        i = row.index(sp.id)
        if i + 1 < len(row):
            _take(rs, s, s.species[row[i + 1]], kind, source, ev, "cooperation")
    return got


def _store(rs, s, sp) -> bool:
    if sp.food < sp.pop:
        sp.food += 1
        return True
    if sp.has("fat_tissue") and sp.fat < sp.body:
        sp.fat += 1
        return True
    return False


def _has_action(rs, s, seat) -> bool:
    """Whether ``seat`` has a feeding action besides passing: ``_feed_actions`` stopped at the first one."""
    hand = s.hands[seat]
    for sp in s.species_of(seat):
        if not rs.room(sp):
            continue
        if not sp.has("carnivore"):
            if s.watering or (hand and sp.has("intelligence")):
                return True
            continue
        clever = bool(hand) and sp.has("intelligence")
        multi = rs.options["intelligence_multi_discard"]
        for t in s.species.values():
            if rs.attack_block(s, sp, t) is None:
                return True
            if clever and t is not sp and rs._clever_hunts(s, sp, t, hand, multi):
                return True
    return False


def _seek(rs, s, ev):
    """A seat with nothing to feed is skipped; a full circuit of passes and skips ends feeding (§5.2)."""
    n = s.players
    while s.passes < n:
        if _has_action(rs, s, s.current):
            return
        s.passes += 1
        s.current = (s.current + 1) % n
    _end_round(rs, s, ev)


def _next_feeder(rs, s, ev, acted):
    if acted:
        s.passes = 0
    else:
        s.passes += 1
    s.current = (s.current + 1) % s.players
    if not s.draw_queue:
        _seek(rs, s, ev)


def _do_eat(rs, s, action, ev):
    _take(rs, s, s.species[action.species], "plant", "hole", ev, "food_bank")
    _next_feeder(rs, s, ev, True)


def _do_think(rs, s, action, ev):
    seat = s.current
    _play_card(s, seat, action.card)
    _discard(s, action.card)
    sp = s.species[action.species]
    _take(rs, s, sp, "plant", "bank", ev, "intelligence", 2)    # one take of 2 (§6 notes)
    _next_feeder(rs, s, ev, True)


def _do_pass(rs, s, action, ev):
    if ev is not None:
        ev.append(Passed(s.current, "feeding"))
    _next_feeder(rs, s, ev, False)


def _do_hunt(rs, s, action, ev):
    """§5.3 resolution: Horns; meat = the target's Body Size, then Cooperation if any meat was taken; the
    target loses 1 Population; every Scavenger. With ``attack_order="shrink_first"`` the target shrinks
    before the meat (the earlier draft's order), which matters when it is the attacker's Cooperation
    neighbour: it then has less room for the shared meat, or is gone and the next species gets it."""
    seat = s.current
    a, t = s.species[action.predator], s.species[action.prey]
    for c in (action.card.split("+") if action.card else ()):
        _play_card(s, seat, c)
        _discard(s, c)
    if ev is not None:
        ev.append(Attacked(seat, a.id, t.id, a.trait_ids, t.trait_ids, t.owner))
    if t.has("horns") and "horns" not in action.cancel.split("+"):
        _shrink(rs, s, a, ev, "horns")            # the prey's horns wound the attacker first
    shrink_first = rs.options["attack_order"] == "shrink_first"
    if shrink_first:
        _shrink(rs, s, t, ev, "eaten", by=a)
    _take(rs, s, a, "meat", "bank", ev, "carnivore", t.body)   # nothing if Horns killed the attacker
    if not shrink_first:
        _shrink(rs, s, t, ev, "eaten", by=a)
    n = s.players
    for k in range(n):
        for sid in s.rows[(seat + k) % n]:
            sp = s.species.get(sid)
            if sp is not None and sp.has("scavenger"):
                if _take(rs, s, sp, "meat", "bank", ev, "scavenger") and ev is not None:
                    ev.append(Scavenged(sid))
    _next_feeder(rs, s, ev, True)


def _shrink(rs, s, sp, ev, cause, by=None):
    """Population -1; food above it goes to the bag; at 0 the species goes extinct (§8.2)."""
    sp.pop -= 1
    if ev is not None:
        ev.append(Died(sp.owner, sp.id, cause, sp.trait_ids, by.id if by is not None else -1,
                       by.trait_ids if by is not None else ()))
    if sp.food > sp.pop:
        s.bags = _add(s.bags, sp.owner, sp.food - sp.pop)
        sp.food = sp.pop
    if sp.pop <= 0:
        _extinct(rs, s, sp, ev)


def _extinct(rs, s, sp, ev):
    """§8.2: board food to the bag, fat to the bank, cards to the discards; the owner draws as many."""
    del s.species[sp.id]
    rows = list(s.rows)
    rows[sp.owner] = tuple(x for x in rows[sp.owner] if x != sp.id)
    s.rows = tuple(rows)
    s.bags = _add(s.bags, sp.owner, sp.food + (sp.fat if rs.options["score_fat"] else 0))
    cards = sp.traits + sp.pending
    for c in cards:
        _discard(s, c)
    if ev is not None:
        if sp.fat and not rs.options["score_fat"]:
            ev.append(FoodLost(sp.id, sp.fat))
        ev.append(SpeciesExtinct(sp.owner, sp.id, s.turn))
    if cards:
        s.draw_queue = s.draw_queue + (sp.owner,) * len(cards)
        _reshuffle(rs, s)


def _end_round(rs, s, ev):
    """§8.1: starving species shrink to their food, empty ones go extinct, food goes to the bags."""
    s.phase = "end_of_round"
    for seat in range(s.players):
        for sid in s.rows[seat]:
            sp = s.species.get(sid)
            if sp is None or sp.food >= sp.pop:
                continue
            lost, pop = sp.pop - sp.food, sp.pop
            for _ in range(lost):
                sp.pop -= 1
                if ev is not None:
                    ev.append(Died(sp.owner, sp.id, "starved", sp.trait_ids, -1, (), sp.food, pop))
            if sp.pop <= 0:
                _extinct(rs, s, sp, ev)
    for sp in s.species.values():
        s.bags = _add(s.bags, sp.owner, sp.food)
        sp.food = 0
    if ev is not None:
        alive = [0] * s.players
        for sp in s.species.values():
            alive[sp.owner] += sp.pop
        ev.append(TurnEnded(s.turn, tuple(alive)))
    if s.draw_queue:
        s.phase = "end_draws"                  # extinction draws first (chance), then the next round
        return
    _next_round(rs, s, ev)


def _next_round(rs, s, ev):
    if s.last_round:
        _score(s, ev)
        return
    if s.next_last:
        s.last_round = True
        s.next_last = False
    s.first = (s.first + 1) % s.players
    s.turn += 1
    _start_round(rs, s, ev)


def _score(s, ev):
    rs = s.ruleset
    sc = rs.scores(s)
    best = max(sc)
    top = [i for i in range(s.players) if sc[i] == best]
    if len(top) > 1:
        key = max(rs.tie_key(s, i) for i in top)
        top = [i for i in top if rs.tie_key(s, i) == key]
    s.winners = tuple(top)
    s.winner = top[0] if len(top) == 1 else -1     # a shared win has no single winner
    s.phase = "over"
    if ev is not None:
        ev.append(GameOver(sc, s.winner))


def _do_draw_any(rs, s, action, ev):
    _do_draw(rs, s, action, ev)
    if not s.draw_queue:
        if s.phase == "end_draws":
            _next_round(rs, s, ev)
        elif s.phase == "feeding":
            _seek(rs, s, ev)


_APPLY = {
    Draw: _do_draw_any, FirstPlayer: _do_first, SelectFood: _do_select, PlaceTrait: _do_place, NewSpecies: _do_new,
    Grow: _do_grow, EndTurn: _do_end_turn, EatPlant: _do_eat, Hunt: _do_hunt, ThinkFood: _do_think, Pass: _do_pass,
}


from .io import validate_state  # noqa: E402,F401  (saved positions, checked in full)

NorthStarRuleset.apply_table = _APPLY

"""*Evolution: Random Mutations* as a Ruleset (spec ``shared/rules/random-mutations.md``, § numbers below).

Blind play: nobody, the owner included, knows a player-deck card. The engine keeps no identity for any
card that has never been turned face up; when a card announced as a trait is revealed, nature draws its
trait from the cards never yet revealed, weighted by how many of each remain. Every never-revealed card
is equally likely to be any of them, so this is exactly the shuffled deck's probability, and ``observe``
has nothing to leak.
"""
from __future__ import annotations

from ...actions import (CHANCE, TERMINAL, Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove,
                        FirstPlayer, LoseTrait, Mutate, Pass, PlaceParasite, PlayCard, Reveal, RollDie, RollFood,
                        RollParasites, RollShelter, Scavenge, Stomp, TakeFood, TakeShelter, TieBreak, interned)
from ...events import (AnimalBorn, Attacked, ClimateRolled, Died, Escaped, FirstPlayerChosen, FoodBankRolled,
                       FoodLost, FoodTaken, Mutation, ParasitePlaced, Passed, PhaseStarted, Scavenged,
                       ShelterTaken, Speciation, SpeciesExtinct, Stomped, TraitGained, TraitLost, TraitRevealed,
                       TurnEnded)
from ..base import Ruleset
from .. import heredity as variant
from . import heredity as H
from ..origin.deck import dice_distribution
from .deck import NEED_BONUS, PROVISIONAL_CLIMATE, TRAIT_IDS
from ..common import ById, finish, game_over, next_to_play, pass_seat
from . import presets as _presets
from .options import DEFAULT_DECK, OPTIONS, PROVISIONAL_RULES
from .state import RMAnimal, RMState, Species
from .traits import TRAITS
from . import worlds

PLAYER_DECK = 7
START_SPECIES = 3
_DIE = tuple((RollDie(v), 1) for v in range(1, 7))
_PASS, _END = Pass(), EndMove()
_PlayCard, _Attack, _Stomp = interned(PlayCard), interned(Attack), interned(Stomp)
_FOOD, _SHELTER, _PARASITE = ById(TakeFood), ById(TakeShelter), ById(PlaceParasite)   # by animal id
_CHANCE = frozenset(("deal", "first_player", "reveal", "climate_red", "climate_green", "climate_black",
                     "tiebreak", "reproduction"))
_HUNTERS = frozenset(("predator", "obligate_predator"))
_EXCLUSIVE = frozenset(("predator", "obligate_predator", "scavenger"))


class RandomMutationsRuleset(Ruleset):
    """*Random Mutations* for 2-8 players; provisional rules are options, listed in ``provisional``."""

    id = "random_mutations"
    name = "Evolution: Random Mutations"
    version = "1"
    option_specs = OPTIONS
    heredity_presets = _presets.PRESETS
    heredity_base = _presets.BASE
    traits = TRAITS
    provisional = PROVISIONAL_RULES
    predator_traits = ("predator", "obligate_predator")
    rule_prefix = "rm"
    public_of = worlds.public_of              # the public fields an observation carries
    sample_world = staticmethod(worlds.sample_world)
    prey_is_species = True
    field_types = {"mode": str, "species": int, "animal": int, "predator": int, "prey": int, "tokens": int,
                   "card_uid": int}

    def __init__(self, options):
        super().__init__(options)
        n = options["players"]
        boxes = options["decks"] or (1 if n <= 4 else 2)
        deck = dict(options["deck"] or DEFAULT_DECK)
        for t in options["banned_traits"]:
            deck[t] = 0
        self.copies = tuple(deck[t] * boxes for t in TRAIT_IDS)
        self.total_cards = sum(self.copies)
        self.deck = tuple(t for t, k in zip(TRAIT_IDS, self.copies) for _ in range(k))
        table = options["climate_table"] or PROVISIONAL_CLIMATE
        row = table.get(n, PROVISIONAL_CLIMATE[n])
        boxed = {"red": 22, "green": 6, "black": 10}        # tokens of each colour in one box
        self.caps = {c: row[c][2] if not options["physical_supply"] else min(row[c][2], boxed[c] * boxes)
                     for c in ("red", "green", "black")}
        self.blue_cap = 16 * boxes if options["physical_supply"] else None
        mult = options["food_multiplier"]
        red: dict = {}
        for t, w in dice_distribution(row["red"][0], row["red"][1]):
            v = min(int(t * mult + 0.5) if mult != 1 else t, self.caps["red"])
            red[v] = red.get(v, 0) + w
        if options["food_fixed"] is not None:
            red = {options["food_fixed"]: 1}
        self.red_outcomes = tuple((RollFood(v), w) for v, w in sorted(red.items()))
        self.green_outcomes = _capped(row["green"], self.caps["green"], RollShelter)
        self.black_outcomes = _capped(row["black"], self.caps["black"], RollParasites)
        self.schedule = options["food_schedule"]
        self.need_bonus = dict(NEED_BONUS, predator=options["predator_need_bonus"],
                               obligate_predator=options["obligate_need_bonus"])
        self.trait_turn = dict(options["trait_from_turn"])
        if options["heredity"]:
            self.heredity = True
            self.provisional = PROVISIONAL_RULES + variant.RULES
            H.configure(self)

    @classmethod
    def load(cls, **options):
        """Options checked against ``OPTIONS``; the Heredity variant's only with ``heredity=True``."""
        return cls(variant.resolve(OPTIONS, options, "in the printed game a new animal is a card a player plays"))

    @classmethod
    def scenario(cls, spec):
        from .scenario import build
        return build(cls, spec)

    # ---- setup ------------------------------------------------------------------------------------
    def new_game(self) -> RMState:
        s = RMState.__new__(RMState)
        n = self.players
        s.ruleset = self
        s.players = n
        s.phase = "first_player"
        s.turn = 1
        s.first = s.current = 0
        s.hidden = self.copies
        s.revealed = 0
        s.discards = (0,) * n
        s.removed = 0
        s.red = s.green = s.black = s.blue_out = 0
        s.passed = (False,) * n
        s.passes = s.round = 0
        s.move_main = s.move_stomped = False
        s.last_turn = False
        s.winner = -1
        s.tied = ()
        s.next_uid = 1
        s.pending_play = s.attack = s.choose_victim = s.simplify = None
        s.scavenge = -1
        s.parasite_queue = ()
        s.species, s.animals, s.sets = {}, {}, {}
        s.rows = tuple(() for _ in range(n))
        s.litters = s.newborn = ()
        if self.heredity:              # no player decks: the deck is only the source of mutations
            s.deck_size = self.total_cards
            s.pdecks = (0,) * n
            H.place_founders(s, 1)
            return s
        # §3: 7 cards into each player deck, then 3 face-down starting species: nobody sees them
        dealt = min(self.total_cards, n * (PLAYER_DECK + START_SPECIES))
        per = [0] * n
        left = dealt
        for _ in range(PLAYER_DECK + START_SPECIES):
            for seat in range(n):
                if left:
                    per[seat] += 1
                    left -= 1
        s.deck_size = self.total_cards - dealt
        pdecks = []
        for seat in range(n):
            species = min(START_SPECIES, max(0, per[seat] - PLAYER_DECK)) if per[seat] > PLAYER_DECK else 0
            pdecks.append(per[seat] - species)
            for _ in range(species):
                _new_species(s, seat, None)
        s.pdecks = tuple(pdecks)
        if s.deck_size == 0:
            s.last_turn = True
        return s

    # ---- who moves ----------------------------------------------------------------------------------
    def to_move(self, s) -> int:
        ph = s.phase
        if ph in _CHANCE:
            return CHANCE
        if ph == "over":
            return TERMINAL
        if ph == "feeding":
            if s.attack is not None:
                return CHANCE        # Running's die
            if s.choose_victim is not None:
                return s.choose_victim[0]      # (seat, species, predator)
            if s.scavenge >= 0:
                return s.scavenge
            return s.current
        if ph == "development":
            return s.simplify[0] if s.simplify is not None else s.current
        if ph == "parasites":
            return s.parasite_queue[0][0]
        return CHANCE

    def chance_outcomes(self, s) -> tuple:
        ph = s.phase
        if ph == "reveal":
            return tuple((Reveal(t), k) for t, k in zip(TRAIT_IDS, s.hidden) if k)
        if ph == "climate_red":
            if self.schedule:
                return ((RollFood(min(self.caps["red"], self.schedule[min(s.turn, len(self.schedule)) - 1])), 1),)
            return self.red_outcomes
        if ph == "climate_green":
            return self.green_outcomes
        if ph == "climate_black":
            return self.black_outcomes
        if ph == "feeding" and s.attack is not None:
            return _DIE
        if ph == "reproduction":
            return H.outcomes(s)
        if ph == "first_player":
            return tuple((FirstPlayer(i), 1) for i in range(s.players))
        if ph == "tiebreak":
            return tuple((TieBreak(i), 1) for i in s.tied)
        return ()

    def sample_chance(self, s, rng):
        if s.phase == "reproduction":
            return H.sample(s, rng)
        return super().sample_chance(s, rng)

    # ---- derived facts ------------------------------------------------------------------------------
    def traits_of(self, s, sp) -> tuple:
        """Every trait of a species: its inherited sets (oldest first), then its own cards."""
        c = sp.tcache
        if c is None:
            c = sp.tcache = self._traits_need(s, sp)
        return c[0]

    def need(self, s, sp) -> int:
        c = sp.tcache
        if c is None:
            c = sp.tcache = self._traits_need(s, sp)
        return c[1]

    def _traits_need(self, s, sp):
        out = ()
        for k in sp.sets:
            out += tuple(t for _, t in s.sets[k])
        out += tuple(t for _, t in sp.own)
        hunter = frozenset(out) if not _HUNTERS.isdisjoint(out) else None
        return out, 1 + sum(self.need_bonus[t] for t in out), "obligate_predator" not in out, hunter

    def _feeding_side(self, s, sp) -> tuple:
        """(food need, whether it takes red food, its traits if it hunts else None) of species ``sp``."""
        c = sp.tcache
        if c is None:
            c = sp.tcache = self._traits_need(s, sp)
        return c[1:]

    def fed(self, s, a, need=None) -> bool:
        if a.fed_by_kill:
            return True
        if need is None:
            need = self.need(s, s.species[a.species])
        return a.red + a.blue >= need

    def census(self, s):
        for sp in s.species.values():
            yield sp.owner, sp.id, self.traits_of(s, sp), len(sp.animals)

    def unit_info(self, s, aid):
        """(owner, traits of its species) of an animal on the table, or None."""
        a = s.animals.get(aid)
        return None if a is None else (a.owner, self.traits_of(s, s.species[a.species]))

    def animal_traits(self, s, aid) -> tuple:
        return self.traits_of(s, s.species[s.animals[aid].species])

    def unit_of(self, s, aid):
        """The species an animal belongs to (the tracker counts animals per species)."""
        a = s.animals.get(aid)
        return a.species if a is not None else aid

    def trait_allowed(self, trait: str, turn: int) -> bool:
        """Experiment restrictions: a banned trait never, a late trait from its turn on."""
        return trait not in self.options["banned_traits"] and turn >= self.trait_turn.get(trait, 1)

    def animal_census(self, s):
        """(seat, animal id, traits of its species) for every living animal (the Heredity tracker's unit)."""
        for sp in s.species.values():
            t = self.traits_of(s, sp)
            for aid in sp.animals:
                yield sp.owner, aid, t

    def species_census(self, s):
        """(seat, species, Body Size, Population, traits); this edition has no Body Size (0)."""
        for sp in s.species.values():
            yield sp.owner, sp.id, 0, len(sp.animals), self.traits_of(s, sp)

    def census_traits(self, s, sp):
        return self.traits_of(s, sp)

    # ---- legality -----------------------------------------------------------------------------------
    def legal_actions(self, s) -> list:
        ph = s.phase
        if ph == "development":
            if s.simplify is not None:
                seat, sid = s.simplify
                sp = s.species[sid]
                return [DiscardTrait(u) for u, t in _cards_of(s, sp) if t != "simplification"]
            return self._dev_actions(s, s.current)
        if ph == "parasites":
            seat, sids = s.parasite_queue[0]
            return [ChooseParasiteVictim(a) for sid in sids for a in s.species[sid].animals]
        if ph != "feeding" or s.attack is not None:
            return []
        if s.choose_victim is not None:
            seat, sid, _ = s.choose_victim
            return [ChooseVictim(a) for a in self._victims(s, s.species[sid])]
        if s.scavenge >= 0:
            return [Scavenge(a.id) for a in self._scavengers(s, s.scavenge)]
        out = self._main_actions(s, s.current) if not s.move_main else []
        has_main = bool(out)
        k = self._stomp_capacity(s, s.current) if s.red and not s.move_stomped else 0
        if k:
            out.extend(_Stomp(n) for n in range(1, min(k, s.red) + 1))
        if s.move_main or not has_main or self.options["rm_feeding_voluntary"]:
            out.append(_END)
        return out

    def _dev_actions(self, s, seat) -> list:
        out = []
        if s.pdecks[seat] < 1:
            return [_PASS]
        out.append(_PlayCard("new_species", -1))
        mine = s.species_of(seat)
        n = len(mine)
        for sp in mine:
            if len(sp.animals) == 1:
                out.append(_PlayCard("trait", sp.id))
        for sp in mine:
            if self._add_block(s, seat, sp) is None:
                out.append(_PlayCard("add_animal", sp.id))
        if self.options["divergence"]:
            for sp in mine:
                if not self.options["divergence_checks_cap"] or len(sp.animals) + 1 <= n:
                    out.append(_PlayCard("diverge", sp.id))
        out.append(_PASS)
        return out

    def _add_block(self, s, seat, sp):
        if len(sp.animals) + 1 > len(s.rows[seat]):
            return "rm.population-cap", (f"species {sp.id} has {len(sp.animals)} animals; you have "
                                         f"{len(s.rows[seat])} species, and a species may not grow beyond that")
        if "extremophile" in self.traits_of(s, sp) and s.pdecks[seat] <= 1:
            return "rm.extremophile", "an animal cannot join an Extremophile species while your player deck holds one card"
        return None

    def _main_actions(self, s, seat, first=False) -> list:
        """Chip placements and attacks open to ``seat``, animal by animal in table order; with ``first`` it
        stops after the first animal that has one (enough to tell whether there is any)."""
        out: list = []
        red, green, species = s.red, s.green, s.species
        sides: dict = {}                       # per species: what its animals may do, worked out once
        aims: dict = {}                        # per hunting species: the species it may attack
        for a in s.animals.values():
            if a.owner != seat:
                continue
            sid = a.species
            side = sides.get(sid)
            if side is None:
                side = sides[sid] = self._feeding_side(s, species[sid])
            need, eats, hunter = side
            hungry = not self.fed(s, a, need)
            if red and eats and hungry:
                out.append(_FOOD[a.id])
            if green and not a.shelter:
                out.append(_SHELTER[a.id])
            if hunter is not None and hungry and not a.attacked:
                targets = aims.get(sid)
                if targets is None:            # an attack's limits depend on the two species only
                    targets = aims[sid] = [t.id for t in species.values() if self._attack_block(s, sid, hunter, t) is None]
                out.extend(_Attack(a.id, t) for t in targets)
            if first and out:
                return out
        if s.black and self.options["parasite_move_enabled"]:
            out.extend([_PARASITE[a.id] for a in s.animals.values() if a.owner != seat])
        return out

    def _attack_block(self, s, sid, traits, target):
        """Why an animal of species ``sid`` (with ``traits``) may not attack species ``target`` (or None)."""
        if target.id == sid:
            return "rm.predator.own-species", "a predator never attacks its own species"
        tt = self.traits_of(s, target)
        if "swimming" in tt and "swimming" not in traits:
            return "rm.swimming", "only a swimming predator can attack a swimming species (provisional)"
        if "swimming" in traits and "swimming" not in tt:
            return "rm.swimming", "a swimming predator can only attack swimming species (provisional)"
        if "large" in tt and "large" not in traits and self.options["large_blocks_small_predators"]:
            return "rm.large", "only a Large predator can attack a Large species (provisional)"
        if not self._victims(s, target, tt):
            return "rm.shelter", "every animal of that species is sheltered (or a fed Burrowing animal)"
        return None

    def _victims(self, s, sp, traits=None):
        traits = self.traits_of(s, sp) if traits is None else traits
        burrow = "burrowing" in traits and self.options["rm_burrowing_rule"] == "origin_like"
        need = self.need(s, sp) if burrow else 0
        return [aid for aid in sp.animals if not s.animals[aid].shelter
                and not (burrow and self.fed(s, s.animals[aid], need))]

    def _scavengers(self, s, seat):
        out = []
        for sp in s.species_of(seat):
            traits = self.traits_of(s, sp)
            if "scavenger" in traits:
                need = self.need(s, sp)
                out.extend(s.animals[x] for x in sp.animals if not self.fed(s, s.animals[x], need))
        return out

    def _stomp_capacity(self, s, seat) -> int:
        return sum(len(sp.animals) for sp in s.species_of(seat) if "stomper" in self.traits_of(s, sp))

    def why(self, s, seat, action):
        """Name the rule an illegal action breaks (the action is known not to be legal)."""
        t = type(action)
        ph = s.phase
        if ph == "development":
            return self._why_development(s, seat, action)
        if ph == "parasites":
            return "rm.parasites.choose", "choose which animal of your most-parasitised species dies"
        if ph != "feeding":
            return "rm.phase", f"{t.__name__} is not allowed in the {ph} phase"
        return self._why_feeding(s, seat, action)

    def _why_development(self, s, seat, action):
        """The development rule an illegal action breaks."""
        t = type(action)
        if s.simplify is not None:
            return "rm.simplification", "choose which other trait Simplification discards"
        if t is PlayCard:
            if s.pdecks[seat] < 1:
                return "rm.player-deck-empty", "your player deck is empty: you must pass"
            if action.mode not in ("new_species", "trait", "add_animal", "diverge"):
                return "engine.malformed", "mode is new_species, trait, add_animal or diverge"
            sp = s.species.get(action.species)
            if action.mode == "diverge" and not self.options["divergence"]:
                return "rm.divergence-off", "Divergence is an optional rule that is not in play"
            if action.mode == "new_species":
                return "engine.malformed", "a new species names no species (species=-1)"
            if sp is None or sp.owner != seat:
                return "rm.own-species", f"{action.species!r} is not one of your species"
            if action.mode == "trait":
                return "rm.trait-population", "a trait goes only on a species of population 1"
            if action.mode == "add_animal":
                return self._add_block(s, seat, sp) or ("rm.add-animal", "this animal cannot be added")
            return "rm.divergence-cap", "this species cannot split now"
        return "rm.phase", f"{t.__name__} is not a development action"

    def _why_feeding(self, s, seat, action):
        """The feeding rule an illegal action breaks (no victim or Scavenger choice is pending)."""
        t = type(action)
        if s.choose_victim is not None:
            return "rm.predator.victim", "choose which unsheltered animal of the attacked species is eaten"
        if s.scavenge >= 0:
            return "rm.scavenger", "choose which of your unfed Scavenger animals gets the token"
        if t in (TakeFood, TakeShelter, PlaceParasite, Attack) and s.move_main:
            return "rm.feeding.one-chip", "one chip or one attack per move"
        if t is EndMove:
            return "rm.feeding.compulsory", "feeding is compulsory: take a chip or attack while you can"
        if t is Stomp:
            if s.move_stomped:
                return "rm.stomper.once", "Stomper acts once per move"
            k = self._stomp_capacity(s, seat)
            return "rm.stomper", f"you may destroy 1 to {min(k, s.red)} red food with your {k} Stomper animal(s)"
        aid = action.predator if t is Attack else getattr(action, "animal", None)
        a = s.animals.get(aid)
        if a is None:
            return "rm.no-animal", f"there is no animal {aid!r}"
        if t is PlaceParasite:
            if a.owner == seat:
                return "rm.parasite.own", "parasites go on another player's animal (provisional)"
            return "rm.parasite.none", "no parasite token is in the centre (or the parasite move is off)"
        if a.owner != seat:
            return "rm.own-animal", f"animal {aid} is not yours"
        sp = s.species[a.species]
        traits = set(self.traits_of(s, sp))
        if t is TakeFood:
            if not s.red:
                return "rm.centre-empty", "no red food is left in the centre"
            if "obligate_predator" in traits:
                return "rm.obligate_predator", "an Obligate Predator is fed only by its own kill"
            return "rm.fed", f"animal {aid} is already fed"
        if t is TakeShelter:
            return ("rm.centre-empty", "no shelter is left in the centre") if not s.green else (
                "rm.shelter.one", f"animal {aid} already has a shelter")
        if t is Attack:
            if not traits & _HUNTERS:
                return "rm.predator", f"animal {aid} is not a predator"
            if a.attacked:
                return "rm.predator.once", f"animal {aid} has already attacked this turn"
            if self.fed(s, a):
                return "rm.predator.fed", "a fed predator does not attack"
            target = s.species.get(action.prey)
            if target is None:
                return "rm.no-species", f"there is no species {action.prey!r}"
            return self._attack_block(s, a.species, traits, target) or ("rm.predator", "this attack is not allowed")
        # A well-formed move of this game that answers no decision pending now (a victim, a scavenger, a
        # Simplification discard): the player's mistake, never "malformed".
        return "rm.no-decision", f"{t.__name__} answers a decision that is not pending now"

    # ---- scoring ------------------------------------------------------------------------------------
    def scores(self, s) -> tuple:
        """§10: 2 per animal, 1 per trait card plus its need bonus once (shared cards score once)."""
        pts = [0] * s.players
        b = self.need_bonus
        for sp in s.species.values():
            pts[sp.owner] += 2 * len(sp.animals) + sum(1 + b[t] for _, t in sp.own)
        for k, cards in s.sets.items():
            owner = _set_owner(s, k)
            if owner >= 0:
                pts[owner] += sum(1 + b[t] for _, t in cards)
        return tuple(pts)

    def ranking(self, s) -> list:
        sc = self.scores(s)
        order = sorted(range(s.players), key=lambda i: (-sc[i], -s.discards[i], i))
        if s.winner >= 0:
            order.remove(s.winner)
            order.insert(0, s.winner)
        return order

    def with_ruleset(self, s, other):
        if other.id != self.id or other.players != s.players or other.copies != self.copies:
            raise ValueError("a game can only continue under the same edition, players and deck")
        if other.heredity != self.heredity:
            raise ValueError("a game cannot switch between the printed game and the Heredity variant")
        t = s.clone()
        t.ruleset = other
        for sp in t.species.values():
            sp.tcache = None          # need bonuses may differ under the other options
        return t

    def observe(self, s, seat, copy=True):
        from .view import observe
        return observe(s, seat, copy)

    def state_from_dict(self, d, prefix=""):
        from .io import state_from_dict
        return state_from_dict(self, d, prefix)

    def card_sides(self):
        return tuple(((t,), k) for t, k in zip(TRAIT_IDS, self.copies))


def _capped(row, cap, cls):
    dice, bonus, _ = row
    out: dict = {}
    for t, w in dice_distribution(dice, bonus):
        v = min(t, cap)
        out[v] = out.get(v, 0) + w
    return tuple((cls(v), w) for v, w in sorted(out.items()))


def _cards_of(s, sp):
    out = []
    for k in sp.sets:
        out.extend(s.sets[k])
    return out + list(sp.own)


def _set_owner(s, k) -> int:
    for sp in s.species.values():
        if k in sp.sets:
            return sp.owner
    return -1


def _add(t, i, n):
    lst = list(t)
    lst[i] += n
    return tuple(lst)


# ---- table changes -----------------------------------------------------------------------------------
def _new_species(s, seat, ev, parent=-1, position="right_end"):
    sp = Species(s.next_uid, seat, s.turn, parent)
    s.next_uid += 1
    s.species[sp.id] = sp
    rows = list(s.rows)
    row = list(rows[seat])
    if position == "next_to_parent" and parent in row:
        row.insert(row.index(parent) + 1, sp.id)
    else:
        row.append(sp.id)
    rows[seat] = tuple(row)
    s.rows = tuple(rows)
    if ev is not None:
        ev.append(Speciation(seat, parent, sp.id, s.turn, ()))
    _add_animal(s, sp, ev)
    return sp


def _add_animal(s, sp, ev):
    a = RMAnimal(s.next_uid, sp.id, sp.owner)
    s.next_uid += 1
    s.animals[a.id] = a
    sp.animals = sp.animals + (a.id,)
    if ev is not None:
        ev.append(AnimalBorn(sp.owner, a.id, s.turn))
    return a


def _kill(s, aid, cause, ev, by=None):
    """An animal dies: its card to its owner's discard pile; a species left empty loses its traits."""
    rs = s.ruleset
    a = s.animals.pop(aid)
    sp = s.species[a.species]
    traits = rs.traits_of(s, sp)
    sp.animals = tuple(x for x in sp.animals if x != aid)
    if not rs.heredity:                     # Heredity: animals are not cards
        s.discards = _add(s.discards, a.owner, 1)
    if ev is not None:
        bt = rs.traits_of(s, s.species[s.animals[by].species]) if by is not None and by in s.animals else ()
        ev.append(Died(a.owner, aid, cause, traits, by if by is not None else -1, bt, a.red + a.blue,
                       rs.need(s, sp)))
    if not sp.animals:
        _remove_species(s, sp, ev)


def _kill_quietly(s, aid):
    """Heredity: an animal leaves the table alive (predators leave); an empty species leaves with it."""
    a = s.animals.pop(aid)
    sp = s.species[a.species]
    sp.animals = tuple(x for x in sp.animals if x != aid)
    if not sp.animals:
        del s.species[sp.id]
        rows = list(s.rows)
        rows[sp.owner] = tuple(x for x in rows[sp.owner] if x != sp.id)
        s.rows = tuple(rows)


def _remove_species(s, sp, ev):
    del s.species[sp.id]
    rows = list(s.rows)
    rows[sp.owner] = tuple(x for x in rows[sp.owner] if x != sp.id)
    s.rows = tuple(rows)
    lost = len(sp.own)
    for k in sp.sets:
        if not any(k in o.sets for o in s.species.values()):
            lost += len(s.sets.pop(k))
    if not s.ruleset.heredity:              # Heredity: traits are copies, not cards
        s.discards = _add(s.discards, sp.owner, lost)
    if ev is not None:
        ev.append(SpeciesExtinct(sp.owner, sp.id, s.turn))
    if s.choose_victim is not None and s.choose_victim[1] == sp.id:
        s.choose_victim = None


# ---- development ---------------------------------------------------------------------------------------
def _do_play(rs, s, action, ev):
    seat = s.current
    s.pdecks = _add(s.pdecks, seat, -1)
    mode = action.mode
    if mode == "trait":
        s.pending_play = (seat, action.species)
        s.phase = "reveal"
        return
    if mode == "new_species":
        _new_species(s, seat, ev)
    elif mode == "add_animal":
        sp = s.species[action.species]
        _add_animal(s, sp, ev)
        if "extremophile" in rs.traits_of(s, sp) and rs.options["extremophile_extra_discard"] and s.pdecks[seat]:
            s.pdecks = _add(s.pdecks, seat, -1)          # discarded unseen (provisional)
            s.discards = _add(s.discards, seat, 1)
    else:  # diverge
        parent = s.species[action.species]
        if parent.own:
            k = s.next_uid
            s.next_uid += 1
            s.sets[k] = parent.own
            parent.sets = parent.sets + (k,)
            parent.own = ()
            parent.tcache = None
        daughter = _new_species(s, seat, ev, parent.id, rs.options["divergence_position"])
        daughter.sets = parent.sets
        if ev is not None:
            ev[-2] = Speciation(seat, parent.id, daughter.id, s.turn, rs.traits_of(s, parent))
    _dev_next(s, ev)


def _fits(rs, s, sp, trait):
    if len(sp.animals) != 1:
        return False
    traits = rs.traits_of(s, sp)
    if trait in traits:
        return False
    if trait in _EXCLUSIVE and _EXCLUSIVE & set(traits):
        return False
    return s.turn >= rs.trait_turn.get(trait, 1)


def _do_reveal(rs, s, action, ev):
    seat, sid = s.pending_play
    s.pending_play = None
    trait = action.trait
    s.hidden = _add(s.hidden, TRAIT_IDS.index(trait), -1)
    s.revealed += 1
    if ev is not None:
        ev.append(Mutation(seat, trait, s.turn))
    row = s.rows[seat]
    target = None
    start = row.index(sid) if sid in row else len(row)
    for x in row[start:]:                      # §5.3: move right until it fits
        if _fits(rs, s, s.species[x], trait):
            target = s.species[x]
            break
    if target is not None:
        uid = s.next_uid
        s.next_uid += 1
        target.own = target.own + ((uid, trait),)
        target.tcache = None
        if ev is not None:
            ev.append(TraitRevealed(seat, trait, sid, target.id, "attached" if target.id == sid else "moved_right"))
            ev.append(TraitGained(seat, target.id, trait, trait, -1, seat))
        if trait == "simplification" and rs.options["simplification_rule"] == "discard_one_trait":
            others = [c for c in _cards_of(s, target) if c[1] != "simplification"]
            if len(others) == 1:
                _discard_trait(s, target, others[0][0], ev)
            elif others:
                s.simplify = (seat, target.id)
                s.phase = "development"
                return
    elif rs.options["unfit_trait_outcome"] == "new_species":
        sp = _new_species(s, seat, ev)             # the card becomes a face-down animal
        if ev is not None:
            ev.append(TraitRevealed(seat, trait, sid, sp.id, "new_species"))
    else:
        s.discards = _add(s.discards, seat, 1)
        if ev is not None:
            ev.append(TraitRevealed(seat, trait, sid, -1, "discarded"))
    s.phase = "development"
    _dev_next(s, ev)


def _discard_trait(s, sp, uid, ev):
    """Simplification: one trait card of the species goes (an inherited card leaves its whole lineage)."""
    trait = None
    if any(u == uid for u, _ in sp.own):
        trait = next(t for u, t in sp.own if u == uid)
        sp.own = tuple(c for c in sp.own if c[0] != uid)
    else:
        for k in sp.sets:
            if any(u == uid for u, _ in s.sets[k]):
                trait = next(t for u, t in s.sets[k] if u == uid)
                s.sets[k] = tuple(c for c in s.sets[k] if c[0] != uid)
    s.discards = _add(s.discards, sp.owner, 1)
    for other in s.species.values():      # an inherited card may change every species of the lineage
        other.tcache = None
    if ev is not None:
        ev.append(TraitLost(sp.owner, sp.id, trait))


def _do_discard_trait(rs, s, action, ev):
    seat, sid = s.simplify
    s.simplify = None
    _discard_trait(s, s.species[sid], action.card_uid, ev)
    _dev_next(s, ev)


def _do_pass(rs, s, action, ev):
    pass_seat(s, s.current, ev)
    _dev_next(s, ev)


def _dev_next(s, ev):
    """Next seat that has not passed; a seat whose player deck is empty passes."""
    if next_to_play(s, ev, lambda s, seat: s.pdecks[seat] > 0):
        return
    s.phase = "climate_red"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "climate"))


def _start_development(s, ev):
    s.phase = "development"
    s.passed = (False,) * s.players
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "development"))
    s.current = (s.first - 1) % s.players
    _dev_next(s, ev)


# ---- chance ------------------------------------------------------------------------------------------
def _do_first(rs, s, action, ev):
    s.first = action.seat
    if ev is not None:
        ev.append(FirstPlayerChosen(action.seat))
    if rs.heredity:
        s.last_turn = rs.options["generations"] == 1
        H.start_generation(s, ev)
        return
    _start_development(s, ev)


def _do_red(rs, s, action, ev):
    s.red = action.food
    s.phase = "climate_green"
    if ev is not None:
        ev.append(FoodBankRolled(action.food))


def _do_green(rs, s, action, ev):
    s.green = action.shelters
    s.phase = "climate_black"


def _do_black(rs, s, action, ev):
    s.black = action.parasites
    if ev is not None:
        ev.append(ClimateRolled(s.red, s.green, s.black))
        ev.append(PhaseStarted(s.turn, "feeding"))
    s.phase = "feeding"
    s.current = s.first
    s.passes = 0
    s.round += 1
    s.move_main = s.move_stomped = False
    _seek(rs, s, ev)


def _do_tiebreak(rs, s, action, ev):
    s.winner = action.seat
    game_over(s, ev)


# ---- feeding -----------------------------------------------------------------------------------------
def _has_choice(rs, s, seat) -> bool:
    """Whether ``seat`` has anything to decide on a fresh move (a chip, an attack, or a Stomp)."""
    if rs._main_actions(s, seat, first=True):
        return True
    return bool(s.red and rs._stomp_capacity(s, seat))


def _seek(rs, s, ev):
    """§7.3: from ``s.current``, a seat with nothing to do skips; a full circuit of skips ends feeding."""
    n = s.players
    while s.passes < n:
        if _has_choice(rs, s, s.current):
            return
        s.passes += 1
        _advance(s)
    _end_feeding(rs, s, ev)


def _advance(s):
    s.current = (s.current + 1) % s.players
    if s.current == s.first:
        s.round += 1


def _end_move(rs, s, ev):
    if s.move_main:
        s.passes = 0
    else:
        s.passes += 1
        if ev is not None:
            ev.append(Passed(s.current, "feeding"))
    s.move_main = s.move_stomped = False
    _advance(s)
    _seek(rs, s, ev)


def _settle(rs, s, ev):
    """After an action: when the mover has nothing left to decide, the move ends by itself."""
    if s.phase != "feeding" or s.attack is not None or s.choose_victim is not None or s.scavenge >= 0:
        return
    if s.move_main:
        if s.move_stomped or not (s.red and rs._stomp_capacity(s, s.current)):
            _end_move(rs, s, ev)
    elif s.move_stomped and not rs._main_actions(s, s.current, first=True) \
            and not rs.options["rm_feeding_voluntary"]:
        _end_move(rs, s, ev)


def _receive(rs, s, a, ev, source, need=None):
    """One blue token onto an unfed animal (extra food); lost when the animal is fed or the box is empty."""
    sp = s.species[a.species]
    if "obligate_predator" in rs.traits_of(s, sp) or rs.fed(s, a, need):
        return False
    if rs.blue_cap is not None and s.blue_out >= rs.blue_cap:
        return False
    a.blue += 1
    s.blue_out += 1
    if ev is not None:
        ev.append(FoodTaken(a.owner, a.id, "blue", source, False))
    return True


def _do_take_food(rs, s, action, ev):
    a = s.animals[action.animal]
    s.red -= 1
    a.red += 1
    s.move_main = True
    if ev is not None:
        ev.append(FoodTaken(a.owner, a.id, "red", "food_bank", False))
    _settle(rs, s, ev)


def _do_take_shelter(rs, s, action, ev):
    a = s.animals[action.animal]
    s.green -= 1
    s.move_main = True
    sp = s.species[a.species]
    traits = rs.traits_of(s, sp)
    if "bark_beetle" in traits and "obligate_predator" not in traits and not rs.fed(s, a):
        if ev is not None:
            ev.append(ShelterTaken(a.owner, a.id, True))
        _receive(rs, s, a, ev, "bark_beetle")     # §8.7: the shelter is eaten
    else:
        a.shelter = True
        if ev is not None:
            ev.append(ShelterTaken(a.owner, a.id, False))
    _settle(rs, s, ev)


def _do_place_parasite(rs, s, action, ev):
    a = s.animals[action.animal]
    s.black -= 1
    a.parasites += 1
    s.move_main = True
    if ev is not None:
        ev.append(ParasitePlaced(a.owner, a.id, s.current))
    _settle(rs, s, ev)


def _do_stomp(rs, s, action, ev):
    s.red -= action.tokens
    s.move_stomped = True
    if ev is not None:
        ev.append(Stomped(s.current, action.tokens))
    _settle(rs, s, ev)


def _do_end_move(rs, s, action, ev):
    _end_move(rs, s, ev)


def _do_attack(rs, s, action, ev):
    a = s.animals[action.predator]
    target = s.species[action.prey]
    a.attacked = True
    s.move_main = True
    if ev is not None:
        ev.append(Attacked(a.owner, a.id, target.id, rs.traits_of(s, s.species[a.species]),
                           rs.traits_of(s, target), target.owner))
    s.attack = (a.id, target.id)
    if "running" in rs.traits_of(s, target):
        return                                   # nature rolls Running's die
    s.attack = None
    _choose_victim(rs, s, a.id, target, ev)


def _do_roll_die(rs, s, action, ev):
    aid, sid = s.attack
    s.attack = None
    if action.value >= 4:
        if ev is not None:
            ev.append(Escaped(aid, sid, "running", action.value))
        _settle(rs, s, ev)
        return
    _choose_victim(rs, s, aid, s.species[sid], ev)


def _choose_victim(rs, s, aid, target, ev):
    victims = rs._victims(s, target)
    if len(victims) == 1:
        _eat(rs, s, aid, victims[0], ev)
    else:
        s.choose_victim = (target.owner, target.id, aid)


def _do_choose_victim(rs, s, action, ev):
    aid = s.choose_victim[2]
    s.choose_victim = None
    _eat(rs, s, aid, action.animal, ev)


def _eat(rs, s, aid, victim, ev):
    """§8.2: the victim is eaten; 2 blue to a Predator, fed-by-kill for an Obligate one; one Scavenger token."""
    pred = s.animals[aid]
    prey_seat = s.animals[victim].owner
    _kill(s, victim, "eaten", ev, by=aid)
    psp = s.species[pred.species]
    if "obligate_predator" in rs.traits_of(s, psp):
        pred.fed_by_kill = True
    else:
        got = _receive(rs, s, pred, ev, "carnivore") + _receive(rs, s, pred, ev, "carnivore")
        if got < 2 and ev is not None:
            ev.append(FoodLost(aid, 2 - got))
    n = s.players
    start = prey_seat if rs.options["scavenger_priority"] == "attacked_player" else pred.owner
    for k in range(n):
        seat = (start + k) % n
        elig = rs._scavengers(s, seat)
        if elig:
            if len(elig) == 1:
                _award(rs, s, elig[0], ev)
            else:
                s.scavenge = seat
                return
            break
    _settle(rs, s, ev)


def _award(rs, s, a, ev):
    s.scavenge = -1
    if ev is not None:
        ev.append(Scavenged(a.id))
    _receive(rs, s, a, ev, "scavenger")


def _do_scavenge(rs, s, action, ev):
    _award(rs, s, s.animals[action.animal], ev)
    _settle(rs, s, ev)


# ---- extinction, draw, end ------------------------------------------------------------------------------
def _end_feeding(rs, s, ev):
    s.red = s.green = s.black = 0
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "extinction"))
    queue = []
    if rs.options["parasite_rule_enabled"]:
        load = {sp.id: sum(s.animals[x].parasites for x in sp.animals) for sp in s.species.values()}
        top = max(load.values(), default=0)
        if top >= 1:
            worst = [sp for sp in s.species.values() if load[sp.id] == top]
            for k in range(s.players):
                seat = (s.first + k) % s.players
                mine = [sp.id for sp in worst if sp.owner == seat]
                if not mine:
                    continue
                if rs.options["parasite_tie"] == "per_player":
                    queue.append((seat, tuple(mine)))
                else:
                    queue.extend((seat, (sid,)) for sid in mine)
    s.parasite_queue = tuple(queue)
    s.phase = "parasites"
    _next_parasite(rs, s, ev)


def _next_parasite(rs, s, ev):
    while s.parasite_queue:
        seat, sids = s.parasite_queue[0]
        candidates = [a for sid in sids if sid in s.species for a in s.species[sid].animals]
        if len(candidates) > 1:
            s.parasite_queue = ((seat, tuple(sid for sid in sids if sid in s.species)),) + s.parasite_queue[1:]
            return
        s.parasite_queue = s.parasite_queue[1:]
        if candidates:
            _kill(s, candidates[0], "parasites", ev)
    _starve(rs, s, ev)


def _do_parasite_victim(rs, s, action, ev):
    s.parasite_queue = s.parasite_queue[1:]
    _kill(s, action.animal, "parasites", ev)
    _next_parasite(rs, s, ev)


def _starve(rs, s, ev):
    """§9 steps 2-4: unfed animals die together; tokens and marks are cleared; then draw or score."""
    s.phase = "extinction"
    needs = {sp.id: rs.need(s, sp) for sp in s.species.values()}
    dead = [a.id for a in s.animals.values() if not rs.fed(s, a, needs[a.species])]
    for aid in dead:
        _kill(s, aid, "starved", ev)
    for a in s.animals.values():
        a.red = a.blue = a.parasites = 0
        a.shelter = a.fed_by_kill = a.attacked = False
    s.blue_out = 0
    if rs.heredity:                         # every survivor was fed: reproduction instead of the draw
        H.reproduce(s, ev)
        return
    alive = [0] * s.players
    for a in s.animals.values():
        alive[a.owner] += 1
    if ev is not None:
        ev.append(TurnEnded(s.turn, tuple(alive)))
    if s.last_turn:
        finish(s, ev)
        return
    # §9.5: animals + 2 cards each (10 with no animal and an empty player deck), one at a time
    owed = [10 if alive[i] == 0 and s.pdecks[i] == 0 else alive[i] + 2 for i in range(s.players)]
    pd = list(s.pdecks)
    k = 0
    while s.deck_size > 0 and any(owed):
        seat = (s.first + k) % s.players
        k += 1
        if owed[seat]:
            owed[seat] -= 1
            pd[seat] += 1
            s.deck_size -= 1
    s.pdecks = tuple(pd)
    if s.deck_size == 0:
        s.last_turn = True
    s.first = (s.first + 1) % s.players
    s.turn += 1
    _start_development(s, ev)


_APPLY = {
    FirstPlayer: _do_first, PlayCard: _do_play, Reveal: _do_reveal, Pass: _do_pass, DiscardTrait: _do_discard_trait,
    RollFood: _do_red, RollShelter: _do_green, RollParasites: _do_black, TieBreak: _do_tiebreak,
    TakeFood: _do_take_food, TakeShelter: _do_take_shelter, PlaceParasite: _do_place_parasite, Stomp: _do_stomp,
    EndMove: _do_end_move, Attack: _do_attack, RollDie: _do_roll_die, ChooseVictim: _do_choose_victim,
    Scavenge: _do_scavenge, ChooseParasiteVictim: _do_parasite_victim,
    Mutate: H.apply_mutate, LoseTrait: H.apply_lose,
}


from .io import validate_state  # noqa: E402,F401  (saved positions, checked in full)

RandomMutationsRuleset.apply_table = _APPLY

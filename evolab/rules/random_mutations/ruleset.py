"""*Evolution: Random Mutations* as a Ruleset: the class that assembles the edition's rules
(spec ``shared/rules/random-mutations.md``, § numbers below).

Blind play: nobody, the owner included, knows a player-deck card. The engine keeps no identity for any
card that has never been turned face up; when a card announced as a trait is revealed, nature draws its
trait from the cards never yet revealed, weighted by how many of each remain. Every never-revealed card
is equally likely to be any of them, so this is exactly the shuffled deck's probability, and ``observe``
has nothing to leak.

The rules live in modules named for what they hold: ``setup.py`` (the opening table, the climate dice),
``species.py`` (a species' traits and need; the table's changes), ``moves.py`` (who moves, legal moves),
``checks.py`` (why a move is refused), ``development.py``, ``feeding.py``, ``extinction.py`` (what each move does,
phase by phase), ``scoring.py`` (census and points), ``io.py`` (saved positions).
"""
from __future__ import annotations

from itertools import accumulate

from ...actions import (Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove, FirstPlayer, LoseTrait,
                        Mutate, Pass, PlaceParasite, PlayCard, Reveal, RollDie, RollFood, RollParasites, RollShelter,
                        Scavenge, Stomp, TakeFood, TakeShelter, TieBreak)
from ..base import Ruleset
from .. import common
from .. import heredity as variant
from . import heredity as H
from ..origin.deck import dice_distribution
from .deck import NEED_BONUS, PROVISIONAL_CLIMATE, TRAIT_IDS
from . import checks, io, moves, scoring, setup, species, view
from . import development as dev, extinction as ext, feeding as feed
from . import presets as _presets
from .options import DEFAULT_DECK, OPTIONS, PROVISIONAL_RULES
from .scenario import build
from .setup import _capped
from .traits import HUNTERS, TRAITS
from . import worlds

# names other modules import from here (the rules before they were split by what they hold)
from .development import _dev_next  # noqa: E402,F401
from .feeding import _seek  # noqa: E402,F401
from .setup import PLAYER_DECK, START_SPECIES  # noqa: E402,F401
from .species import _kill_quietly  # noqa: E402,F401


class RandomMutationsRuleset(
        Ruleset, modules=(setup, moves, checks, scoring, io),
        expose=(("_dev_actions", moves.dev_actions), moves._add_block, moves._main_actions, moves.has_main, moves._attack_block,
                moves._victims, moves._scavengers, ("_stomp_capacity", moves._stomp_capacity),
                species.traits_of, species.need, species._traits_need, species._feeding_side, species.fed,
                scoring.census_traits)):
    """*Random Mutations* for 2-8 players; provisional rules are options, listed in ``provisional``. From its
    modules (``Ruleset.__init_subclass__``): ``new_game`` (setup), ``to_move``, ``legal_actions``,
    ``chance_outcomes``, ``sample_chance`` (moves), ``check_player`` (checks), ``scores``, ``census``,
    ``animal_census``, ``species_census`` (scoring), ``state_from_dict`` (io)."""

    id = "random_mutations"
    name = "Evolution: Random Mutations"
    version = "1"
    option_specs = OPTIONS
    heredity_presets = _presets.PRESETS
    heredity_base = _presets.BASE
    traits = TRAITS
    provisional = PROVISIONAL_RULES
    predator_traits = HUNTERS                 # the hunter traits (Predator, Obligate Predator): their entries' "meal"
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
        #: climate phase -> (its outcomes, their running totals) where the outcomes are fixed (``moves.sample_chance``
        #: draws with bisect over the totals, as ``Ruleset.sample_chance`` does, without building them every roll)
        self.climate_draws = {ph: (outs, list(accumulate(w for _o, w in outs))) for ph, outs in (
            ("climate_red", self.red_outcomes), ("climate_green", self.green_outcomes),
            ("climate_black", self.black_outcomes)) if ph != "climate_red" or not self.schedule}
        self.need_bonus = dict(NEED_BONUS, predator=options["predator_need_bonus"],
                               obligate_predator=options["obligate_need_bonus"])
        self.trait_turn = dict(options["trait_from_turn"])
        #: (index, mode) of the ways to announce a card on a species that are in play (``checks.mode_block``)
        self.play_modes = tuple((i, m) for i, m in enumerate(checks.MODES[1:]) if checks.mode_block(self, m) is None)
        self.random_bot_uniform = not options["divergence"]     # with Divergence a RandomBot draws for it first
        if options["heredity"]:
            self.heredity = True
            self.provisional = PROVISIONAL_RULES + variant.RULES
            H.configure(self)

    @classmethod
    def load(cls, **options):
        """Options checked against ``OPTIONS``; the Heredity variant's only with ``heredity=True``."""
        return cls(variant.resolve(OPTIONS, options, "in the printed game a new animal is a card a player plays"))

    scenario = classmethod(build)
    observe = staticmethod(view.observe)
    uniform_moves = moves.UNIFORM_MOVES

    # ---- derived facts (``traits_of``, ``need``, ``fed`` and the helpers the moves use: ``expose``) ----------
    def unit_info(self, s, aid):
        """(owner, traits of its species) of an animal on the table, or None."""
        a = s.animals.get(aid)
        return None if a is None else (a.owner, species.traits_of(self, s, s.species[a.species]))

    def animal_traits(self, s, aid) -> tuple:
        return species.traits_of(self, s, s.species[s.animals[aid].species])

    def unit_of(self, s, aid):
        """The species an animal belongs to (the tracker counts animals per species)."""
        a = s.animals.get(aid)
        return a.species if a is not None else aid

    def trait_allowed(self, trait: str, turn: int) -> bool:
        """Experiment restrictions: a banned trait never, a late trait from its turn on."""
        return trait not in self.options["banned_traits"] and turn >= self.trait_turn.get(trait, 1)

    # ---- census (for tracking) and scoring --------------------------------------------------------
    ranking = common.ranking

    def with_ruleset(self, s, other):
        t = common.continue_under(self, s, other)
        for sp in t.species.values():
            sp.tcache = None          # need bonuses may differ under the other options
        return t

    def card_sides(self):
        return tuple(((t,), k) for t, k in zip(TRAIT_IDS, self.copies))



APPLY = {
    FirstPlayer: dev._do_first, PlayCard: dev._do_play, Reveal: dev._do_reveal, Pass: dev._do_pass,
    DiscardTrait: dev._do_discard_trait, RollFood: feed._do_red, RollShelter: feed._do_green,
    RollParasites: feed._do_black, TieBreak: ext._do_tiebreak, TakeFood: feed._do_take_food,
    TakeShelter: feed._do_take_shelter, PlaceParasite: feed._do_place_parasite, Stomp: feed._do_stomp,
    EndMove: feed._do_end_move, Attack: feed._do_attack, RollDie: feed._do_roll_die,
    ChooseVictim: feed._do_choose_victim, Scavenge: feed._do_scavenge, ChooseParasiteVictim: ext._do_parasite_victim,
    Mutate: H.apply_mutate, LoseTrait: H.apply_lose,
}
_APPLY = APPLY
RandomMutationsRuleset.apply_table = APPLY


from .io import validate_state  # noqa: E402,F401  (saved positions, checked in full)

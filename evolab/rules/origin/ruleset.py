"""*Evolution: The Origin of Species* as a Ruleset: the class that assembles the edition's rules.

Spec: ``shared/rules/origin-of-species.md``; section numbers (§) in rule ids and docstrings refer to it. The rules
live in modules named for what they hold: ``setup.py`` (the opening table, the food dice), ``moves.py`` (who
moves, legal moves), ``checks.py`` (why a move is refused), ``play.py`` (what a move does), ``phases.py`` (the
turn's flow), ``feeding.py`` (feeding and attacks), ``scoring.py`` (census and points), ``io.py`` (saved
positions).
"""
from __future__ import annotations

from ...actions import RollFood
from ...errors import OptionError
from ..base import Ruleset
from .. import common
from . import feeding as F
from . import heredity as H
from . import checks, io, moves, play, scoring, setup
from .deck import CARDS, COPIES, FOOD_TABLE
from . import presets as _presets
from .options import OPTIONS
from .. import heredity as variant
from .scenario import build
from .view import observe
from .traits import TRAITS
from . import worlds

# names other modules import from here (the rules before they were split by what they hold)
from .checks import _linked, pass_block  # noqa: E402,F401
from .phases import _dev_next, _seek_actor, _settle, clear_turn  # noqa: E402,F401
from .setup import HAND_SIZE  # noqa: E402,F401


class OriginRuleset(Ruleset, modules=(setup, moves, checks, scoring, io),
                    expose=(("_dev_actions", moves.dev_actions), ("_move_actions", moves.move_actions),
                            moves.has_move_action)):
    """The base game for 2-8 players, every RULING/UNCERTAIN point an option (see ``option_specs``). From its
    modules (``Ruleset.__init_subclass__``): ``new_game`` (setup), ``to_move``, ``legal_actions``,
    ``uniform_action``, ``chance_outcomes``, ``sample_chance`` (moves), ``check_player`` (checks), ``scores``,
    ``census`` (scoring), ``state_from_dict`` (io)."""

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
        self.food_outcomes = setup.food_outcomes(self, options["food_multiplier"])
        self.food_cum = setup.cumulative(self.food_outcomes)
        changes = []
        for turn, mult in options["food_multiplier_from"].items():
            outs = setup.food_outcomes(self, mult)
            changes.append((turn, outs, setup.cumulative(outs)))
        self.food_changes = tuple(changes)
        self.schedule = options["food_schedule"]
        banned = set(options["banned_traits"])
        self.trait_turn = {t: (10 ** 9 if t in banned else 1) for t in TRAITS}
        self.trait_turn.update({t: k for t, k in options["trait_from_turn"].items() if t not in banned})
        self.restricted = bool(banned or options["trait_from_turn"])
        self.free_pass = options["scenario"] == "base"      # only the scenarios limit passing (``pass_block``)
        if options["heredity"]:
            self.heredity = True
            self.provisional = variant.RULES
            H.configure(self)

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

    scenario = classmethod(build)

    def observe(self, s, seat, copy=True):
        return observe(s, seat, copy)

    _food_outcomes = setup.food_outcomes
    _food_table = setup.food_table

    # ---- who moves, what they may do, what it does ------------------------------------------------
    random_bot_uniform = True              # no Divergence: a RandomBot's only draw is its pick
    uniform_moves = moves.UNIFORM_MOVES
    uniform_runs = play.UNIFORM_RUNS
    chance_runs = play.CHANCE_RUNS
    chance_run_events = play.CHANCE_RUN_EVENTS
    apply_table = play.APPLY
    field_types = checks.FIELD_TYPES

    def with_ruleset(self, s, other):
        """The same table under another ruleset of this edition (other options): for "what if" replays."""
        t = common.continue_under(self, s, other)
        if other.options["feeding_pass_is_final"]:
            t.barred = t.barred if t.barred is not None else [set() for _ in range(s.players)]
        else:
            t.barred = None
        return t

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

    # ---- census (for tracking) and scoring -----------------------------------------------------
    ranking = common.ranking


from .io import validate_state  # noqa: E402,F401  (saved positions, checked in full)

"""North Star *Evolution* (2014; second-edition texts) as a Ruleset: the class that
assembles the edition's rules (spec ``north-star-evolution.md``).

A round: Deal Cards → Select Food (a secret card each) → Play Cards (traits face down, new species,
Body Size, Population) → Feeding (reveal-step triggers, the food cards, then feeding turns), then the
end-of-round steps. Points: food in the bag, Population and trait cards of surviving species.

The rules live in modules named for what they hold: ``deck.py`` (the cards), ``setup.py`` (the opening table),
``moves.py`` (who moves, legal moves), ``checks.py`` (why a move is refused), ``attack.py`` (sizes, protections,
room for food), ``deal.py``, ``play.py``, ``feeding.py`` (what each move does, phase by phase), ``scoring.py``
(census, points, tie-breaks), ``io.py`` (saved positions).
"""
from __future__ import annotations

from ...actions import (Draw, EatPlant, EndTurn, FirstPlayer, Grow, Hunt, NewSpecies, Pass, PlaceTrait, SelectFood,
                        ThinkFood)
from ..base import Ruleset, resolve_options
from . import deal, play, feeding
from . import attack, checks, io, moves, playout, scoring, setup
from . import view
from .scenario import build
from .deck import CARD_IDS, KINDS, TRAIT_OF, TRAIT_IDS
from .options import OPTIONS
from .traits import MEALS, TRAITS
from . import worlds

# names other modules import from here (the rules before they were split by what they hold)
from .deck import CARD_INDEX, FOOD, _trait  # noqa: E402,F401
from .feeding import _seek  # noqa: E402,F401
from .play import snapshot  # noqa: E402,F401


class NorthStarRuleset(
        Ruleset, modules=(setup, moves, playout, checks, scoring, io),
        expose=(("_play_actions", moves.play_actions), ("_feed_actions", moves.feed_actions),
                attack.room, attack.hungry, attack.attack_size, attack.defences, attack.defence_size,
                attack.attack_block, attack.compulsory, attack._cancellable, attack._clever_hunts,
                scoring.tie_key, scoring.census_traits, scoring.animal_traits)):
    """North Star *Evolution* for 2-6 players. From its modules (``Ruleset.__init_subclass__``): ``new_game``
    (setup), ``to_move``, ``legal_actions``, ``uniform_action``, ``chance_outcomes``, ``sample_chance`` (moves),
    ``check_player`` (checks), ``scores``, ``winners``, ``ranking``, ``census``, ``species_census``, ``unit_info`` (scoring),
    ``state_from_dict`` (io)."""

    id = "northstar"
    name = "Evolution (North Star Games)"
    version = "2"
    changes = {"2": "2026-12-01: an attack resolves meat first, then the target's Population loss (option "
                    "attack_order); Cooperation fires only for an attacker that took meat; Intelligence's plant "
                    "take is one take of 2 (Foraging +1 once, Cooperation once)"}
    option_specs = OPTIONS
    traits = TRAITS
    predator_traits = tuple(t for t, _ in MEALS)         # the hunter traits (Carnivore): their entries' "meal"
    rule_prefix = "northstar"
    unit_noun = "species"
    food_feeds_population = True
    random_bot_uniform = True              # a RandomBot's only draw is its pick (``moves.uniform_action``)
    chance_runs = playout.CHANCE_RUNS
    chance_run_events = playout.CHANCE_RUN_EVENTS
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
        self.open_from = max(self.trait_turn.values())         # the round from which every trait may be played

    @classmethod
    def load(cls, **options):
        return cls(resolve_options(OPTIONS, options))

    scenario = classmethod(build)
    observe = staticmethod(view.observe)

    def card_sides(self):
        return tuple(((TRAIT_OF[c],), k) for c, k in zip(CARD_IDS, self.copies))


APPLY = {
    Draw: deal._do_draw_any, FirstPlayer: deal._do_first, SelectFood: play._do_select, PlaceTrait: play._do_place,
    NewSpecies: play._do_new, Grow: play._do_grow, EndTurn: play._do_end_turn, EatPlant: feeding._do_eat,
    Hunt: feeding._do_hunt, ThinkFood: feeding._do_think, Pass: feeding._do_pass,
}
_APPLY = APPLY
NorthStarRuleset.apply_table = APPLY


from .io import validate_state  # noqa: E402,F401  (saved positions, checked in full)

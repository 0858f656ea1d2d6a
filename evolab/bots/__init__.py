"""Bots: players that choose among the legal actions from what they may observe.

A bot is any object with ``choose(observation, legal, rng) -> action``. ``trait_card_rate`` (when not
None) is the probability that, on a development move where both are legal, the bot plays its card as a
trait rather than as a new animal: a player's choice, never a mutation (``mutation_rate`` is its old
name, kept as an alias).

Names for ``make_bot`` (and ``--bots``): ``random``, ``greedy``, ``lookahead1`` ... ``lookahead5`` (levels
"beginner" to "expert"; ``lookahead`` is level 3), and the Origin play styles ``predator``, ``defensive``,
``fat_storing``.
"""
from .base import Bot, RandomBot, make_bot, BOTS
from .greedy import GreedyBot
from .lookahead import LEVELS, LookaheadBot, level_factory
from .profiles import STYLES, ProfileBot, style_factory

BOTS["greedy"] = GreedyBot
BOTS["lookahead"] = level_factory(3)
BOTS.update({f"lookahead{n}": level_factory(n) for n in LEVELS})
BOTS.update({name: style_factory(name) for name in STYLES})

__all__ = ["Bot", "RandomBot", "GreedyBot", "LookaheadBot", "LEVELS", "ProfileBot", "STYLES", "make_bot", "BOTS"]

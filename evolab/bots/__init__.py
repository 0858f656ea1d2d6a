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
from .profiles import ProfileBot, styles

BOTS["greedy"] = GreedyBot  # type: ignore[assignment]  # BOTS holds bot classes and factories
BOTS["lookahead"] = level_factory(3)
BOTS.update({f"lookahead{n}": level_factory(n) for n in LEVELS})

__all__ = ["Bot", "RandomBot", "GreedyBot", "LookaheadBot", "LEVELS", "ProfileBot", "STYLES", "make_bot", "bot_names",
           "BOTS"]


def bot_names() -> list:
    """Every name ``make_bot`` knows, sorted: the bots and the editions' play styles."""
    return sorted(set(BOTS) | set(styles()))


def __getattr__(name):
    if name == "STYLES":          # every edition's play styles (``profiles.styles``), loaded when asked for
        return styles()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

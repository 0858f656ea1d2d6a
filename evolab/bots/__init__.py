"""Bots: players that choose among the legal actions from what they may observe.

A bot is any object with ``choose(observation, legal, rng) -> action``. ``trait_card_rate`` (when not
None) is the probability that, on a development move where both are legal, the bot plays its card as a
trait rather than as a new animal: a player's choice, never a mutation (``mutation_rate`` is its old
name, kept as an alias).
"""
from .base import Bot, RandomBot, make_bot, BOTS
from .greedy import GreedyBot

BOTS["greedy"] = GreedyBot  # type: ignore[assignment]  # BOTS holds Bot classes

__all__ = ["Bot", "RandomBot", "GreedyBot", "make_bot", "BOTS"]

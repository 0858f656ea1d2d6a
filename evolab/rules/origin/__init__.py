"""*Evolution: The Origin of Species* (Knorre & Machin, 2010): the edition as one package.

``EDITION`` names its rules (``ruleset.py``), how the board and the log show it (``present.py``), what the bots
value in it (``hints.py``).
"""
from ..edition import Edition

EDITION = Edition(
    "origin", "Evolution: The Origin of Species (2010): 2-8 players, 84 cards, 19 traits.",
    ruleset="evolab.rules.origin.ruleset:OriginRuleset",
    presentation="evolab.rules.origin.present:OriginPresentation",
    bot_hints="evolab.rules.origin.hints:OriginHints",
)


def __getattr__(name):
    if name == "OriginRuleset":              # the ruleset loads on first use, not with the registry
        return EDITION.ruleset
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["EDITION", "OriginRuleset"]

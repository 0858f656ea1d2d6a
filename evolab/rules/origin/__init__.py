"""*Evolution: The Origin of Species* (Knorre & Machin, 2010): the edition as one package.

``EDITION`` names its rules (``ruleset.py``), how the board and the log show it (``present.py``), what the bots
value in it (``hints.py``).
"""
from ..edition import package_edition, ruleset_alias

EDITION = package_edition(
    __name__, "origin", "Evolution: The Origin of Species (2010): 2-8 players, 84 cards, 19 traits.",
    "Origin",
)


__getattr__ = ruleset_alias(EDITION, "OriginRuleset", __name__)     # the rules load on first use

__all__ = ["EDITION", "OriginRuleset"]

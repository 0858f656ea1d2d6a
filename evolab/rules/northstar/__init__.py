"""North Star Games' *Evolution* (2014), second-edition card texts, first-edition texts as options: the
edition as one package."""
from ..edition import package_edition, ruleset_alias

EDITION = package_edition(
    __name__, "northstar",
    "Evolution (North Star Games, 2014): 2-6 players, species boards with Body Size and Population, "
    "a Watering Hole, 129 cards, 17 traits.",
    "NorthStar",
)


__getattr__ = ruleset_alias(EDITION, "NorthStarRuleset", __name__)     # the rules load on first use

__all__ = ["EDITION", "NorthStarRuleset"]

"""North Star Games' *Evolution* (2014), second-edition card texts, first-edition texts as options: the
edition as one package."""
from ..edition import Edition, ruleset_alias

EDITION = Edition(
    "northstar",
    "Evolution (North Star Games, 2014): 2-6 players, species boards with Body Size and Population, "
    "a Watering Hole, 129 cards, 17 traits.",
    ruleset="evolab.rules.northstar.ruleset:NorthStarRuleset",
    presentation="evolab.rules.northstar.present:NorthStarPresentation",
    bot_hints="evolab.rules.northstar.hints:NorthStarHints",
    encoder="evolab.rules.northstar.encoder:NorthStarEncoder",
)


__getattr__ = ruleset_alias(EDITION, "NorthStarRuleset", __name__)     # the rules load on first use

__all__ = ["EDITION", "NorthStarRuleset"]

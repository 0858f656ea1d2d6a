"""North Star Games' *Evolution* (2014), second-edition card texts; first-edition texts as options."""
from .ruleset import NorthStarRuleset

__all__ = ["NorthStarRuleset"]

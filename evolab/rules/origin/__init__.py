"""*Evolution: The Origin of Species* (Knorre & Machin, 2010)."""
from .ruleset import OriginRuleset

__all__ = ["OriginRuleset"]

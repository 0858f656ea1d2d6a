"""*Evolution: Random Mutations* (Knorre & Machin, 2013). Parts of its rules were never found; those
parts are evolab's provisional rules, kept as data and options (see ``RandomMutationsRuleset.provisional``)."""
from .ruleset import RandomMutationsRuleset

__all__ = ["RandomMutationsRuleset"]

"""*Evolution: Random Mutations* (Knorre & Machin, 2013): the edition as one package. Parts of its rules were
never found; those parts are evolab's provisional rules, kept as data and options (see
``RandomMutationsRuleset.provisional``)."""
from ..edition import package_edition, ruleset_alias

EDITION = package_edition(
    __name__, "random_mutations",
    "Evolution: Random Mutations (2013): blind cards, species, climate; "
    "PROVISIONAL deck, climate table, parasites, Large, Extremophile, Burrowing, Simplification.",
    "RandomMutations",
)


__getattr__ = ruleset_alias(EDITION, "RandomMutationsRuleset", __name__)     # the rules load on first use

__all__ = ["EDITION", "RandomMutationsRuleset"]

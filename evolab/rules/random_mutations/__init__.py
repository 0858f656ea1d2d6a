"""*Evolution: Random Mutations* (Knorre & Machin, 2013): the edition as one package. Parts of its rules were
never found; those parts are evolab's provisional rules, kept as data and options (see
``RandomMutationsRuleset.provisional``)."""
from ..edition import Edition

EDITION = Edition(
    "random_mutations",
    "Evolution: Random Mutations (2013): blind cards, species, climate; "
    "PROVISIONAL deck, climate table, parasites, Large, Extremophile, Burrowing, Simplification.",
    ruleset="evolab.rules.random_mutations.ruleset:RandomMutationsRuleset",
    presentation="evolab.rules.random_mutations.present:RandomMutationsPresentation",
    bot_hints="evolab.rules.random_mutations.hints:RandomMutationsHints",
)


def __getattr__(name):
    if name == "RandomMutationsRuleset":     # the ruleset loads on first use, not with the registry
        return EDITION.ruleset
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["EDITION", "RandomMutationsRuleset"]

"""Registry of rulesets: id -> lazy entry point, so ``import evolab`` loads no edition it does not use."""
from __future__ import annotations

import importlib

from ..errors import UnknownRuleset

_REGISTRY = {
    "origin": ("evolab.rules.origin", "OriginRuleset",
               "Evolution: The Origin of Species (2010): 2-8 players, 84 cards, 19 traits."),
    "random_mutations": ("evolab.rules.random_mutations", "RandomMutationsRuleset",
                         "Evolution: Random Mutations (2013): blind cards, species, climate; "
                         "PROVISIONAL deck, climate table, parasites, Large, Extremophile, Burrowing, Simplification."),
    "northstar": ("evolab.rules.northstar", "NorthStarRuleset",
                  "Evolution (North Star Games, 2014): 2-6 players, species boards with Body Size and Population, "
                  "a Watering Hole, 129 cards, 17 traits."),
}


def available_rulesets() -> dict:
    """{ruleset id: one-line description} of every edition evolab can play."""
    return {k: v[2] for k, v in _REGISTRY.items()}


def ruleset_class(ruleset_id: str):
    try:
        module, name, _ = _REGISTRY[ruleset_id]
    except (KeyError, TypeError):
        raise UnknownRuleset(f"unknown ruleset {ruleset_id!r}; available: {sorted(_REGISTRY)}") from None
    return getattr(importlib.import_module(module), name)


def load_ruleset(ruleset_id: str, **options):
    """A ruleset with its options checked against the declared ``OptionSpec``s (``players=`` included)."""
    return ruleset_class(ruleset_id).load(**options)

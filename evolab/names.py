"""Names people read for ids that the tables and charts carry: traits, causes of death, table columns, in the
language in use (``evolab.i18n``). A trait's name comes from its edition's presentation, keyed by its id."""
from __future__ import annotations

from .i18n import N_, _
from .palette import pretty

#: Each edition's name in a menu (the ids are the values).
EDITION_NAMES = {"origin": N_("The Origin of Species"), "random_mutations": N_("Random Mutations"),
                 "northstar": N_("Evolution (North Star)")}
#: Causes of death (``events.CAUSES``) as a chart's legend names them.
CAUSE_NAMES = {"starved": N_("Starved"), "eaten": N_("Eaten"), "poisoned": N_("Poisoned"),
               "parasites": N_("Parasites"), "horns": N_("Horns")}
#: Each edition's name in a menu (the ids are the values).
EDITION_NAMES = {"origin": N_("The Origin of Species"), "random_mutations": N_("Random Mutations"),
                 "northstar": N_("Evolution (North Star)")}
#: Causes of death inside a sentence ("12 starved"; "40% of deaths were by parasites").
CAUSE_WORDS = {"starved": N_("starved"), "eaten": N_("eaten"), "poisoned": N_("poisoned"),
               "parasites": N_("parasites"), "horns": N_("horns")}
CAUSE_AFTER_WERE = {"starved": N_("starved"), "eaten": N_("eaten"), "poisoned": N_("poisoned"),
                    "parasites": N_("by parasites"), "horns": N_("horns")}
#: Table columns a chart puts on an axis, as people read them (an id not listed is made readable).
COLUMN_NAMES = {"mutation_rate": N_("Mutation rate"), "trait_card_rate": N_("Trait card rate"),
                "frequency": N_("Frequency"), "survival": N_("Survival"), "animals": N_("Animals"),
                "alive": N_("Alive"), "food_multiplier": N_("Food multiplier"), "players": N_("Players"),
                "turns": N_("Turns"), "founders": N_("Founders"), "generations": N_("Generations"),
                "food_bank": N_("Food bank"), "winner_score": N_("Winner score")}


def trait_label(trait: str, edition: str | None = None) -> str:
    """A trait's name in the language in use: from ``edition``'s presentation, or from the first edition that
    names this id (a chart of rows without an edition)."""
    from .rules import editions
    eds = editions()
    if edition is not None and edition in eds:
        return eds[edition].presentation.trait_name(trait)
    for ed in eds.values():
        pres = ed.presentation
        if trait in pres.trait_names:
            return pres.trait_name(trait)
    return pretty(trait)


def cause_label(cause: str) -> str:
    """A cause of death as a legend names it ("Starved")."""
    name = CAUSE_NAMES.get(cause)
    return _(name) if name else pretty(cause)


def cause_word(cause: str) -> str:
    """A cause of death inside a sentence ("starved")."""
    name = CAUSE_WORDS.get(cause)
    return _(name) if name else cause


def column_label(column: str) -> str:
    """A table column as an axis names it ("Trait card rate")."""
    name = COLUMN_NAMES.get(column)
    return _(name) if name else pretty(column)


def edition_options(ids) -> list:
    """(name, id) of each edition id, for a menu, in the language in use."""
    return [(_(EDITION_NAMES[i]) if i in EDITION_NAMES else i, i) for i in ids]

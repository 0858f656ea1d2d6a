"""Names people read for ids that the tables and charts carry: traits, causes of death, table columns, in the
language in use (``evolab.i18n``). A trait's name comes from its edition's presentation, keyed by its id."""
from __future__ import annotations

from .i18n import N_, _
from .rules.sentences import CAUSE_AFTER_WERE, CAUSE_NAMES, CAUSE_WORDS  # noqa: F401 (here for the charts)
from .palette import pretty

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
    """(name, id) of each edition id, for a menu, in the language in use (the edition's presentation names it)."""
    from .rules import editions
    eds = editions()
    return [(_(eds[i].presentation.title) if i in eds and eds[i].presentation.title else i, i) for i in ids]

"""Single words the game's ids stand for (a food's colour, a side of the table, the unit a player owns), keyed
for translation: an id such as "red" or "left" is never put into a translated sentence as it is. The English of
each word is its id, so English sentences read as before."""
from __future__ import annotations

from ..i18n import keyed, pN_

#: A food token's colour or kind (``FoodTaken.colour``, ``Pirate.colour``), as in "2 red food".
FOOD_COLOURS = {"red": pN_("food", "red"), "blue": pN_("food", "blue"), "yellow": pN_("food", "yellow"),
                "plant": pN_("food", "plant"), "meat": pN_("food", "meat")}
#: Where a new species goes on a North Star board.
SIDES = {"left": pN_("side", "left"), "right": pN_("side", "right")}
#: What a player's units are called in a sentence ("animal #3", "species #2").
UNIT_NOUNS = {"animal": pN_("unit", "animal"), "species": pN_("unit", "species")}


def _word(table: dict[str, str], context: str, key: str) -> str:
    word = table.get(key)
    return key if word is None else keyed(context, word)


def food_colour(colour: str) -> str:
    """"red" in the language in use (an id not listed is shown as it is)."""
    return _word(FOOD_COLOURS, "food", colour)


def side(where: str) -> str:
    """"left" / "right" in the language in use."""
    return _word(SIDES, "side", where)


def unit_noun(noun: str) -> str:
    """"animal" / "species" in the language in use."""
    return _word(UNIT_NOUNS, "unit", noun)

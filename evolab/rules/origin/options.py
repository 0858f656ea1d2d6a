"""The declared options of *The Origin of Species*: each RULING/UNCERTAIN point of the spec by name."""
from __future__ import annotations

from ..base import OptionSpec
from ...errors import OptionError

_O = OptionSpec


def _check_food_table(table):
    if not isinstance(table, dict):
        raise OptionError("food_table must map player counts to [dice, bonus]")
    for k, v in table.items():
        try:
            dice, bonus = v
        except (TypeError, ValueError):
            raise OptionError(f"food_table[{k!r}] must be [dice, bonus], got {v!r}") from None
        if not (isinstance(dice, int) and 0 <= dice <= 10 and isinstance(bonus, int) and 0 <= bonus <= 100):
            raise OptionError(f"food_table[{k!r}] needs 0-10 dice and a bonus of 0-100, got {v!r}")


OPTIONS = {o.name: o for o in (
    _O("players", 2, "int", "Number of players (5-8 play with two decks, 168 cards).", 2, 8),
    _O("decks", 0, "int", "Base decks shuffled together; 0 = one for 2-4 players, two for 5-8 (spec §13).", 0, 2),
    _O("feeding_pass_is_final", False, "bool",
       "evo2 house rule (§7.2): a feeding pass bars every action the player skipped for the rest of the turn."),
    _O("auto_take_food_on_pass", False, "bool",
       "evo2 house rule (§7.2): a move that ends without eating takes a red token for the first animal that can eat."),
    _O("pair_triggers_optional", False, "bool",
       "Ruling §7.5: Communication/Cooperation fire automatically; true lets their owner decline each trigger."),
    _O("pair_trigger_reset", "round", "choice",
       "§7.5: a pair card fires once per feeding round (default) or once per food-receiving action (seed 004).",
       choices=("round", "action")),
    _O("grazing_limit", "per_round", "choice", "§10.11: each Grazing animal grazes once per round or once per turn.",
       choices=("per_round", "per_turn")),
    _O("mimicry_optional", False, "bool", "§10.3: Mimicry must redirect when it can (false) or may be declined (true)."),
    _O("mimicry_once_per_turn", False, "bool", "§10.3: evo2 since v1.1.4 lets each Mimicry redirect once per turn."),
    _O("defences_compulsory", False, "bool", "§8.3: evo2 makes Running and Tail Loss compulsory when usable."),
    _O("hibernate_with_fat_room", False, "bool",
       "§10.14: evo2 lets a fed animal with an empty Fat Tissue slot hibernate."),
    _O("food_table", None, "table",
       "Replace the food-bank dice table: {players: [dice, bonus]}; null = the printed table (§6).",
       min=_check_food_table),
)}

"""The declared options of *The Origin of Species*: each RULING/UNCERTAIN point of the spec by name."""
from __future__ import annotations

from ...errors import OptionError
from ...i18n import N_
from ..base import OptionSpec
from ..heredity import option_specs as heredity_option_specs
from ..knobs import banned_traits_check, check_schedule, trait_turns_check
from .traits import TRAITS

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
    return {int(k): list(v) for k, v in table.items()}


def _check_multiplier_turns(value):
    if not isinstance(value, dict):
        raise OptionError("food_multiplier_from must map turns to food multipliers, e.g. {8: 1.0}")
    out = {}
    for k, m in value.items():
        try:
            turn = int(k)
        except (TypeError, ValueError):
            raise OptionError(f"food_multiplier_from: {k!r} is not a turn number") from None
        if str(turn) != str(k).strip() or not 1 <= turn <= 1000:
            raise OptionError(f"food_multiplier_from: {k!r} is not a turn number 1-1000")
        if isinstance(m, bool) or not isinstance(m, (int, float)) or not 0 <= m <= 10:
            raise OptionError(f"food_multiplier_from[{k!r}] must be a multiplier 0-10, got {m!r}")
        out[turn] = m
    return dict(sorted(out.items()))


OPTIONS = {o.name: o for o in (
    _O("players", 2, "int", N_("Number of players (5-8 play with two decks, 168 cards)."), 2, 8),
    _O("decks", 0, "int", N_("Base decks shuffled together; 0 = one for 2-4 players, two for 5-8 (spec §13)."), 0, 2),
    _O("feeding_pass_is_final", False, "bool",
       N_("evo2 house rule (§7.2): a feeding pass bars every action the player skipped for the rest of the turn.")),
    _O("auto_take_food_on_pass", False, "bool",
       N_("evo2 house rule (§7.2): a move that ends without eating takes a red token for the first animal that can eat.")),
    _O("pair_triggers_optional", False, "bool",
       N_("Ruling §7.5: Communication/Cooperation fire automatically; true lets their owner decline each trigger.")),
    _O("pair_trigger_reset", "round", "choice",
       N_("§7.5: a pair card fires once per feeding round (default) or once per food-receiving action (seed 004)."),
       choices=("round", "action")),
    _O("grazing_limit", "per_round", "choice", N_("§10.11: each Grazing animal grazes once per round or once per turn."),
       choices=("per_round", "per_turn")),
    _O("mimicry_optional", False, "bool", N_("§10.3: Mimicry must redirect when it can (false) or may be declined (true).")),
    _O("mimicry_once_per_turn", False, "bool", N_("§10.3: evo2 since v1.1.4 lets each Mimicry redirect once per turn.")),
    _O("defences_compulsory", False, "bool", N_("§8.3: evo2 makes Running and Tail Loss compulsory when usable.")),
    _O("hibernate_with_fat_room", False, "bool",
       N_("§10.14: evo2 lets a fed animal with an empty Fat Tissue slot hibernate.")),
    _O("food_table", None, "table",
       N_("Replace the food-bank dice table: {players: [dice, bonus]}; null = the printed table (§6)."),
       check=_check_food_table),
    _O("scenario", "base", "choice",
       N_("The game to play: the base game, Fatality (one turn, every card dealt and played, food rolled first) "
       "or Equilibrium (each player's own 21-card gene pool; choose your cards)."),
       choices=("base", "fatality", "equilibrium")),
    _O("fatality_food_table", None, "table",
       N_("PROVISIONAL: Fatality's own food table was not found; null = the normal table. {players: [dice, bonus]}."),
       check=_check_food_table, provisional=True),
    _O("equilibrium_end", "all_players_short", "choice",
       N_("Equilibrium: the last turn starts when no player (default) or any player cannot take all his cards."),
       choices=("all_players_short", "any_player_short")),
    _O("food_multiplier", 1.0, "float",
       N_("Experiment knob: every food-bank roll is multiplied by this and rounded (0.5 = a poorer world)."), 0.0, 10.0),
    _O("food_fixed", None, "int", N_("Experiment knob: the food bank is always this many tokens (no dice)."), 0, 200),
    _O("food_schedule", None, "table",
       N_("Experiment knob: food per turn as a list (the last value repeats), e.g. a steady supply, a slow "
       "decline or a sudden crash; overrides the dice."), check=check_schedule),
    _O("banned_traits", [], "table",
       N_("Experiment knob: traits that may not be played (e.g. ['carnivorous'] for a world without predators); "
       "the cards still serve as animals or for their other side."), check=banned_traits_check(TRAITS)),
    _O("trait_from_turn", {}, "table",
       N_("Experiment knob: {trait: first turn it may be played}, e.g. {'carnivorous': 5}: predators arrive later. "
       "Heredity: founders carrying it arrive at that generation, and mutations to it have no effect before."),
       check=trait_turns_check(TRAITS)),
    _O("food_multiplier_from", {}, "table",
       N_("Experiment knob: {turn: multiplier} from which turn on the food bank is multiplied by another number, "
       "e.g. {8: 1.0}: the food crashes at turn 8."), check=_check_multiplier_turns),
    # ---- the Heredity variant: evolab's own classroom rules (shared/rules/heredity.md), not the printed game
) + heredity_option_specs(TRAITS, "Carnivorous")}

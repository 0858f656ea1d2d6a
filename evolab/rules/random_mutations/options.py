"""Declared options of *Random Mutations*. Provisional rules (spec: NOT FOUND) say so in their doc."""
from __future__ import annotations

from ...i18n import N_
from ...errors import OptionError
from ..base import OptionSpec
from ..heredity import option_specs as heredity_option_specs
from ..knobs import banned_traits_check, check_schedule, trait_turns_check
from .deck import PROVISIONAL_DECK, TRAIT_IDS
from .traits import TRAITS

_O = OptionSpec


def _check_deck(value):
    if not isinstance(value, dict):
        raise OptionError("deck must map trait ids to numbers of copies")
    bad = [t for t in value if t not in TRAIT_IDS]
    if bad:
        raise OptionError(f"deck: unknown trait(s) {bad}; traits are {list(TRAIT_IDS)}")
    for t, k in value.items():
        if type(k) is not int or not 0 <= k <= 50:
            raise OptionError(f"deck[{t!r}] must be 0-50 copies, got {k!r}")
    out = {t: value.get(t, 0) for t in TRAIT_IDS}
    if sum(out.values()) < 20:
        raise OptionError("deck: at least 20 cards are needed")
    return out


def _check_climate(value):
    if not isinstance(value, dict):
        raise OptionError("climate_table must map player counts to {colour: [dice, bonus, cap]}")
    out = {}
    for k, row in value.items():
        try:
            n = int(k)
            out[n] = {c: tuple(row[c]) for c in ("red", "green", "black")}
        except (KeyError, TypeError, ValueError):
            raise OptionError(f"climate_table[{k!r}] needs red, green and black as [dice, bonus, cap]") from None
        for c, (dice, bonus, cap) in out[n].items():
            if not (type(dice) is int and 0 <= dice <= 6 and type(bonus) is int and 0 <= bonus <= 50
                    and type(cap) is int and 0 <= cap <= 100):
                raise OptionError(f"climate_table[{k!r}][{c!r}] needs 0-6 dice, a bonus 0-50 and a cap 0-100")
    return out


OPTIONS = {o.name: o for o in (
    _O("players", 2, "int", N_("Number of players (5-8 play with two boxes; their climate table is provisional)."), 2, 8),
    _O("decks", 0, "int", N_("Boxes of cards shuffled together; 0 = one for 2-4 players, two for 5-8."), 0, 2),
    _O("deck", None, "table", N_("PROVISIONAL deck: {trait: copies}; null = 9 copies of ten traits (spec §2)."),
       check=_check_deck, provisional=True),
    _O("climate_table", None, "table", N_("PROVISIONAL climate table: {players: {colour: [dice, bonus, cap]}} (spec §6)."),
       check=_check_climate, provisional=True),
    _O("physical_supply", False, "bool", N_("Cap the tokens at the box contents (22 red, 16 blue, 6 green, 10 black).")),
    _O("unfit_trait_outcome", "new_species", "choice",
       N_("§5.3: a revealed trait that fits no species to the right becomes a new species (or is discarded)."),
       choices=("new_species", "discard")),
    _O("rm_feeding_voluntary", False, "bool",
       N_("§7.2: feeding is compulsory (false, the rulebook); true lets a player pass at any time (the summary).")),
    _O("parasite_move_enabled", True, "bool",
       N_("PROVISIONAL §7.2: a feeding move may put a parasite on another player's animal."),
       provisional=True),
    _O("parasite_rule_enabled", True, "bool", N_("PROVISIONAL §9.1: the species with the most parasites loses an animal."),
       provisional=True),
    _O("parasite_tie", "per_player", "choice", N_("PROVISIONAL §9.1: on a tie one animal per player, or per species."),
       choices=("per_player", "per_species"), provisional=True),
    _O("large_blocks_small_predators", True, "bool", N_("PROVISIONAL §8.1: only a Large predator attacks a Large species."),
       provisional=True),
    _O("predator_need_bonus", 1, "int", N_("UNCERTAIN §8.2: food-need bonus (and points) of Predator."), 0, 3),
    _O("obligate_need_bonus", 1, "int", N_("UNCERTAIN §8.3: food-need bonus (and points) of Obligate Predator."), 0, 3),
    _O("scavenger_priority", "attacked_player", "choice", N_("§8.4: who gets the scavenged token first."),
       choices=("attacked_player", "attacking_player")),
    _O("extremophile_extra_discard", True, "bool",
       N_("PROVISIONAL §8.6: adding an animal to an Extremophile species discards the next player-deck card."),
       provisional=True),
    _O("budding_rule", "disabled", "choice", N_("§8.9: Budding has no effect until its card text is found."),
       choices=("disabled",)),
    _O("rm_burrowing_rule", "origin_like", "choice", N_("PROVISIONAL §8.11: a fed Burrowing animal cannot be the victim."),
       choices=("origin_like", "disabled"), provisional=True),
    _O("simplification_rule", "discard_one_trait", "choice",
       N_("PROVISIONAL §8.13: Simplification discards one other trait of its species."),
       choices=("discard_one_trait", "disabled"), provisional=True),
    _O("divergence", False, "bool", N_("Divergence (scenarios §3): a fourth way to play a card, splitting a species.")),
    _O("divergence_position", "right_end", "choice", N_("Where a daughter species goes in the row."),
       choices=("right_end", "next_to_parent")),
    _O("divergence_checks_cap", False, "bool", N_("Whether splitting a species checks the population cap.")),
    _O("food_multiplier", 1.0, "float", N_("Experiment knob: red food rolls are multiplied by this and rounded."), 0.0, 10.0),
    _O("food_fixed", None, "int", N_("Experiment knob: the centre always gets this much red food."), 0, 200),
    _O("food_schedule", None, "table", N_("Experiment knob: red food per turn as a list (the last value repeats)."),
       check=check_schedule),
    _O("banned_traits", [], "table", N_("Experiment knob: these traits' cards are taken out of the deck."),
       check=banned_traits_check(TRAIT_IDS)),
    _O("trait_from_turn", {}, "table",
       N_("Experiment knob: {trait: first turn}; revealed earlier, the card does not fit (it becomes a new species)."),
       check=trait_turns_check(TRAIT_IDS)),
    # ---- the Heredity variant: evolab's own classroom rules (shared/rules/heredity.md), not the printed game
) + heredity_option_specs(TRAITS, "Predator")}

PROVISIONAL_RULES = (
    "deck (9 copies of ten traits)", "climate table", "parasite move", "parasite extinction step",
    "Large protection", "Extremophile extra discard", "Burrowing", "Simplification", "Swimming and Running (Origin's rules)",
)
DEFAULT_DECK = dict(PROVISIONAL_DECK)

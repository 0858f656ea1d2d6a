"""Declared options of North Star *Evolution*: second-edition texts by default, first-edition as options."""
from __future__ import annotations

from ...i18n import N_
from ..base import OptionSpec
from ..knobs import banned_traits_check, trait_turns_check
from .deck import TRAIT_IDS

_O = OptionSpec


OPTIONS = {o.name: o for o in (
    _O("players", 3, "int", N_("Number of players (2-6; the basic rules are for 3-5)."), 2, 6),
    _O("trait_limit", 0, "int", N_("Traits per species; 0 = 2 with two players, 3 otherwise (spec §3)."), 0, 3),
    _O("remove_cards", -1, "int", N_("Cards removed unseen before play; -1 = 40 with two players, else 0."), -1, 80),
    _O("simultaneous_play_cards", "auto", "choice",
       N_("Six-player variant: Play Cards done by all at once (hidden until the reveal); auto = with 6 players."),
       choices=("auto", "on", "off")),
    _O("fat_filling_mandatory", False, "bool", N_("§5.2: a full species with Fat Tissue room must keep eating.")),
    _O("hard_shell_bonus", 4, "int", N_("§11: Hard Shell adds 4 to defence (second edition) or 3 (first)."), 3, 4),
    _O("fertile_needs_food", True, "bool", N_("§11: Fertile needs food on the Watering Hole (second edition).")),
    _O("foraging_everywhere", True, "bool",
       N_("§11: Foraging adds 1 plant food on every plant intake (second edition); false: only at the Watering Hole.")),
    _O("intelligence_multi_discard", False, "bool",
       N_("§6/§11: a Carnivore may discard several cards, each cancelling one defence (first-edition text).")),
    _O("scavenger_on_success_only", True, "bool",
       N_("§11: Scavenger eats on a successful attack; every legal attack succeeds here, so both texts play alike.")),
    _O("attack_order", "meat_first", "choice",
       N_("§5.3: an attack resolves meat first, then the target's Population loss (rulebook order); "
       "shrink_first: the target shrinks before the meat (the earlier draft's order)."),
       choices=("meat_first", "shrink_first")),
    _O("pack_hunting_variant", "population", "choice", N_("§11: Pack Hunting adds the Population (or +3)."),
       choices=("population", "plus3")),
    _O("score_fat", False, "bool", N_("§7: stored fat scores (and goes to the bag when lost).")),
    _O("replaced_fat_to_bag", False, "bool", N_("§4.3: fat on a replaced Fat Tissue card goes to the bag, not the bank.")),
    _O("score_body_size", False, "bool", N_("§10: seed 003's extra points for Body Size (treated as an error).")),
    _O("deck_cycles_to_end", 1, "int", N_("§9: how many times the deck must run out before the last round."), 1, 3),
    _O("food_multiplier", 1.0, "float", N_("Experiment knob: positive food-card totals are multiplied by this."), 0.0, 10.0),
    _O("banned_traits", [], "table", N_("Experiment knob: these traits may not be played (the cards stay, for food)."),
       check=banned_traits_check(TRAIT_IDS)),
    _O("trait_from_turn", {}, "table", N_("Experiment knob: {trait: first round it may be played}."),
       check=trait_turns_check(TRAIT_IDS)),
)}

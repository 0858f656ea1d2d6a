"""The traits of *Random Mutations*, each with its need bonus, status and a one-line biology hint.

Rules that depend on a trait live in ``ruleset.py`` next to the step they change (attack legality,
feeding, development); this table is what every part reads: names, bonuses, hints, provisional labels.
"""
from __future__ import annotations

from ..base import TraitRule
from .deck import DECK

_HINTS = {
    "large": ("Big animals are safe from small predators, but need more food.",
              "Needs 1 more food per animal. Only a Large predator can attack it (provisional)."),
    "predator": ("Predators eat other animals instead of plants.",
                 "Each animal may attack another species once per turn; a kill gives it 2 blue food."),
    "obligate_predator": ("Some predators can only live on meat, like cats.",
                          "Never takes food from the centre: an animal is fed only by its own kill."),
    "scavenger": ("Scavengers live on the leftovers of kills, like vultures.",
                  "When any animal is eaten, one unfed scavenger gets 1 blue food (the attacked player's first)."),
    "stomper": ("Big grazers trample the plants others need.",
                "On each of your feeding moves, destroy up to one red food per Stomper animal."),
    "extremophile": ("Life in extreme places is possible but costly.",
                     "Adding an animal costs one more card from your player deck (provisional)."),
    "bark_beetle": ("A bark beetle eats the wood it hides in.",
                    "An unfed animal that gets a shelter eats it instead: 1 blue food."),
    "swimming": ("Water is a refuge: only swimming predators catch swimmers.",
                 "Only a swimming predator attacks it; a swimming predator attacks only swimmers (provisional)."),
    "running": ("Speed lets prey outrun a predator, but not every time.",
                "When attacked, roll a die: 4-6 and the attack fails (provisional)."),
    "budding": ("Some organisms reproduce by budding off a copy of themselves.",
                "No effect: the card's rule was not found (it still scores)."),
    "burrowing": ("A fed animal can hide in its burrow.",
                  "A fed animal of this species cannot be the victim of an attack (provisional)."),
    "metabolic_syndrome": ("A harmful mutation of the metabolism.",
                           "No effect: the card's rule was not found (it still scores)."),
    "simplification": ("Evolution can also lose features, like cave fish losing their eyes.",
                       "When attached, discard one other trait of the species (provisional)."),
}

TRAITS = {
    t: TraitRule(t, name, food_need=bonus, points=bonus, rule=f"rm.{t}", hint=_HINTS[t][0], text=_HINTS[t][1],
                 excludes=tuple(x for x in ("predator", "obligate_predator", "scavenger") if x != t)
                 if t in ("predator", "obligate_predator", "scavenger") else (),
                 extra={"status": status})
    for t, name, _, bonus, status in DECK
}
HUNTERS = ("predator", "obligate_predator")

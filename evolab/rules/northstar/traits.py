"""The 17 traits of North Star *Evolution* (second-edition texts), with one-line biology hints."""
from __future__ import annotations

from ..base import TraitRule
from .deck import TRAIT_IDS

_TEXT = {
    "carnivore": ("Predators eat meat, never plants.",
                  "Feeds only by attacking a smaller species; meat = the prey's Body Size."),
    "ambush": ("Hiding and pouncing beats an alarm call.", "When attacking, ignores Warning Call."),
    "burrowing": ("A well-fed animal can stay safe in its burrow.", "Cannot be attacked while its food equals its Population."),
    "climbing": ("Climbing out of reach of predators that cannot climb.", "Only a climbing Carnivore can attack it."),
    "cooperation": ("Animals that share food help neighbours survive.",
                    "When it takes food, the species to its right takes 1 from the same source."),
    "defensive_herding": ("Safety in numbers: herds protect their members.",
                          "The attacker must have a greater Population."),
    "fat_tissue": ("Stored fat carries an animal through lean times.",
                   "Full, it keeps eating and stores food up to its Body Size; stored food feeds it next round."),
    "fertile": ("More offspring when food is plentiful.",
                "Population +1 before food is revealed, if the Watering Hole has food."),
    "foraging": ("Efficient foragers find more food.", "Takes 1 more plant food whenever it eats plants."),
    "hard_shell": ("Armour makes an animal too big to swallow.", "Counts as 4 larger when attacked."),
    "horns": ("Weapons make an attack costly.", "An attacker loses 1 Population."),
    "intelligence": ("Clever animals find food and outwit defences.",
                     "Discard a card: take 2 plant food from the Food Bank, or (Carnivore) cancel one defence."),
    "long_neck": ("Reaching food others cannot.", "Takes 1 plant food from the Food Bank before food is revealed."),
    "pack_hunting": ("Hunting in groups brings down big prey.", "Attack size = Body Size + Population."),
    "scavenger": ("Scavengers eat what predators leave.", "Takes 1 meat whenever any Carnivore attacks successfully."),
    "symbiosis": ("Living beside a bigger partner gives protection.",
                  "Cannot be attacked while the species to its right is larger."),
    "warning_call": ("Alarm calls warn neighbours of danger.",
                     "Its neighbours can be attacked only by a Carnivore with Ambush."),
}
TRAITS = {t: TraitRule(t, t.replace("_", " ").title(), rule=f"northstar.{t}", hint=_TEXT[t][0], text=_TEXT[t][1])
          for t in TRAIT_IDS}
TRAITS["carnivore"] = TraitRule("carnivore", "Carnivore", rule="northstar.carnivore", hint=_TEXT["carnivore"][0],
                                text=_TEXT["carnivore"][1])
#: traits that protect a species from an attack besides its size (``Ruleset.defences``, §5.3)
PROTECTIONS = ("climbing", "burrowing", "defensive_herding", "symbiosis", "warning_call")
#: traits Intelligence may cancel for one attack (spec §6 notes)
CANCELLABLE = ("climbing", "burrowing", "defensive_herding", "hard_shell", "horns", "symbiosis", "warning_call")

"""The Heredity variant's presets on *The Origin of Species*: named experiments, each a dict of ruleset options
on top of ``BASE`` (``evolab.heredity.preset``). Defaults are the same in every preset; each changes only what
its question needs, and no preset has a special rule for the trait it shows."""
from __future__ import annotations

from ...i18n import N_
from ..heredity import Preset

#: What every preset starts from (heredity.md, "Presets": the prototype's settings). ``max_animals`` 30: room
#: for 30 animals per player, the prototype's 20-60 animals in all. Without a limit of space, kills (whose
#: food comes from outside the food bank) feed predator and scavenger lineages past 200 animals a player and
#: a game takes seconds; the limit is the same in every preset, and who breeds when it binds owes nothing to
#: an animal's traits or place (``rules.heredity.scramble``).
BASE = {"heredity": True, "players": 2, "founders": 8, "mutation_rate": 0.05, "generations": 20, "max_animals": 30}

PRESETS = {p.name: p for p in (
    Preset("predation", {"founder_traits": {"carnivorous": 0.2, "camouflage": 0.1}}, "camouflage",
           N_("Selection by predators: a rare defence (Camouflage on 1 of 8 founders) among prey, with carnivores "
              "(2 of 8 founders). Only a carnivore with Sharp Vision can attack a camouflaged animal, so camouflaged "
              "parents survive more often and leave more young: compare with no_predators."), control="no_predators"),
    Preset("no_predators", {"founder_traits": {"carnivorous": 0.2, "camouflage": 0.1},
                            "banned_traits": ["carnivorous"]}, "camouflage",
           N_("The control for predation: the same founders and deck, but Carnivorous is not part of this world "
              "(the two carnivorous founders are plain animals and Carnivorous mutations have no effect). "
              "Camouflage does nothing here, so it changes only by drift and mutation.")),
    Preset("scarcity", {"founder_traits": {"high_body_weight": 0.25}, "banned_traits": ["carnivorous"],
                        "food_multiplier": 1.0}, "high_body_weight",
           N_("A costly trait under little food: High Body Weight needs 1 more food and protects only against "
              "carnivores, which are absent; with the printed food supply (x1) its carriers are fed less often.")),
    Preset("neutral", {"founder_traits": {"camouflage": 0.5}, "banned_traits": ["carnivorous"]}, "camouflage",
           N_("Drift: Camouflage on half the founders in a world without carnivores, where it does nothing. Run it "
              "with several population sizes (food_multiplier 1, 2, 4 or founders 4, 8, 16): the spread of its "
              "frequency across replicates is larger, and fixation or loss comes sooner, in small populations.")),
    Preset("environment_change", {"founder_traits": {"carnivorous": 0.5, "high_body_weight": 0.1},
                                  "food_multiplier": 4.0, "predators_leave": 5, "food_multiplier_from": {5: 1.0}},
           "high_body_weight",
           N_("The selective agent switched on, then off, on a trait with a benefit and a cost. Environment A "
              "(generations 1-4): many carnivores (4 of 8 founders) and plenty of food (x4); High Body Weight "
              "protects (only a heavy carnivore can attack it) and its extra food need costs little, so heavy "
              "animals survive more often. Environment B (from generation 5): the predators leave and food falls to "
              "the printed supply (x1); the protection is worth nothing and the extra food need is a cost, so "
              "heavy animals starve more often. Measured with the greedy bots: selected for in A, against in B "
              "(benchmarks/heredity.py figures). A trait must cost something to fall after the switch: Camouflage, "
              "which costs nothing, would not. The generation counted as the predators leave (4) has no carnivores "
              "in its count: its share jumps, and its cohort's survival counts the carnivores that left as lost.")),
)}

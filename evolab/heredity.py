"""The Heredity variant: evolab's own classroom rules on *The Origin of Species*, and its presets.

**Not the printed game.** In the printed *Origin of Species* a new animal carries no traits and every trait is
a card a player chooses, so it shows survival and competition but not inheritance, and its "mutations" are
choices. The variant (``shared/rules/heredity.md``) keeps the edition's food, feeding, attacks, defences and
extinction, and replaces development by reproduction: every fed animal has young that copy its traits, each
with a chance of one blind mutation drawn from the deck. Each turn is a generation, so a helpful, inherited
trait can be watched spreading, which is what natural selection needs (variation by chance, inheritance,
differential survival and reproduction).

    from evolab import heredity, run_batch
    rules = heredity.load("predation")                          # = load_ruleset("origin", **preset("predation"))
    result = run_batch("origin", grid={"banned_traits": [[], ["carnivorous"]]}, reps=60,
                       **heredity.preset("predation"))

A preset is a dict of ruleset options (``heredity=True`` included), so it goes wherever options go:
``load_ruleset``, ``run_batch``, ``Match``, the command line (``evolab simulate --preset predation``).
Defaults are the same in every preset (2 players, 8 founders per player, food x3, ``mutation_rate`` 0.05, 20
generations, room for 30 animals per player); each changes only what its question needs, and no preset has
a special rule for the trait it shows. Report the bots with every result (the variant's bots only feed and
hunt; in the variant the greedy bot values no animal for its traits).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import OptionError

#: What every preset starts from (heredity.md, "Presets": the prototype's settings). ``max_animals`` 30: room
#: for 30 animals per player, the prototype's 20-60 animals in all. Without a limit of space, kills (whose
#: food comes from outside the food bank) feed predator and scavenger lineages past 200 animals a player and
#: a game takes seconds; the limit is the same in every preset, and who breeds when it binds owes nothing to
#: an animal's traits or place (``rules.heredity.scramble``).
BASE = {"heredity": True, "players": 2, "founders": 8, "mutation_rate": 0.05, "generations": 20, "max_animals": 30}


@dataclass(frozen=True)
class Preset:
    """A named experiment: its options, the trait to watch, its control and what it shows."""

    name: str
    options: dict
    trait: str
    shows: str
    control: str = ""
    extra: dict = field(default_factory=dict)


PRESETS = {p.name: p for p in (
    Preset("predation", {"founder_traits": {"carnivorous": 0.2, "camouflage": 0.1}}, "camouflage",
           "Selection by predators: a rare defence (Camouflage on 1 of 8 founders) among prey, with carnivores "
           "(2 of 8 founders). Only a carnivore with Sharp Vision can attack a camouflaged animal, so camouflaged "
           "parents survive more often and leave more young: compare with no_predators.", control="no_predators"),
    Preset("no_predators", {"founder_traits": {"carnivorous": 0.2, "camouflage": 0.1},
                            "banned_traits": ["carnivorous"]}, "camouflage",
           "The control for predation: the same founders and deck, but Carnivorous is not part of this world "
           "(the two carnivorous founders are plain animals and Carnivorous mutations have no effect). "
           "Camouflage does nothing here, so it changes only by drift and mutation."),
    Preset("scarcity", {"founder_traits": {"high_body_weight": 0.25}, "banned_traits": ["carnivorous"],
                        "food_multiplier": 1.0}, "high_body_weight",
           "A costly trait under little food: High Body Weight needs 1 more food and protects only against "
           "carnivores, which are absent; with the printed food supply (x1) its carriers are fed less often."),
    Preset("neutral", {"founder_traits": {"camouflage": 0.5}, "banned_traits": ["carnivorous"]}, "camouflage",
           "Drift: Camouflage on half the founders in a world without carnivores, where it does nothing. Run it "
           "with several population sizes (food_multiplier 1, 2, 4 or founders 4, 8, 16): the spread of its "
           "frequency across replicates is larger, and fixation or loss comes sooner, in small populations."),
    Preset("environment_change", {"founder_traits": {"carnivorous": 0.5, "high_body_weight": 0.1},
                                  "food_multiplier": 4.0, "predators_leave": 5, "food_multiplier_from": {5: 1.0}},
           "high_body_weight",
           "The selective agent switched on, then off, on a trait with a benefit and a cost. Environment A "
           "(generations 1-4): many carnivores (4 of 8 founders) and plenty of food (x4); High Body Weight "
           "protects (only a heavy carnivore can attack it) and its extra food need costs little, so heavy "
           "animals survive more often. Environment B (from generation 5): the predators leave and food falls to "
           "the printed supply (x1); the protection is worth nothing and the extra food need is a cost, so "
           "heavy animals starve more often. Measured with the greedy bots: selected for in A, against in B "
           "(benchmarks/heredity.py figures). A trait must cost something to fall after the switch: Camouflage, "
           "which costs nothing, would not. The generation counted as the predators leave (4) has no carnivores "
           "in its count: its share jumps, and its cohort's survival counts the carnivores that left as lost."),
)}


def preset(name: str, **overrides) -> dict:
    """The options of a preset (a new dict), with ``overrides`` on top: ``preset("predation", mutation_rate=0.1)``."""
    if name not in PRESETS:
        raise OptionError(f"unknown preset {name!r}; presets are {sorted(PRESETS)}")
    return {**BASE, **_copy(PRESETS[name].options), **overrides}


def load(name: str, **overrides):
    """The ruleset of a preset: ``load("predation")`` = ``load_ruleset("origin", **preset("predation"))``."""
    from .rules import load_ruleset
    return load_ruleset("origin", **preset(name, **overrides))


def describe(name: str | None = None) -> str:
    """What a preset shows (or every preset, one paragraph each), in plain words."""
    names = [name] if name is not None else list(PRESETS)
    out = []
    for n in names:
        if n not in PRESETS:
            raise OptionError(f"unknown preset {n!r}; presets are {sorted(PRESETS)}")
        p = PRESETS[n]
        out.append(f"{n} (watch {p.trait}): {p.shows}")
    return "\n\n".join(out)


def _copy(options: dict) -> dict:
    return {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v) for k, v in options.items()}


__all__ = ["PRESETS", "Preset", "preset", "load", "describe", "BASE"]

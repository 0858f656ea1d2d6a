"""The 17 traits of North Star *Evolution* (second-edition texts), with one-line biology hints."""
from __future__ import annotations

from ..base import Defence, TraitRule, defence_hooks
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
# ---- defences (§5.3, §11): ``offers(s, attacker, target) -> int`` protections that stop the attack besides size;
# ``size(rs, target) -> int`` added to the target's size; ``resolve(rs, s, attacker, target, ev, wound)`` after
# the attack is made. Intelligence may cancel any of them for one attack (``CANCELLABLE``).
def _climbing(s, a, t) -> int:
    return t.has("climbing") and not a.has("climbing")


def _burrowing(s, a, t) -> int:
    return t.has("burrowing") and t.food >= t.pop


def _defensive_herding(s, a, t) -> int:
    return t.has("defensive_herding") and not a.pop > t.pop


def _symbiosis(s, a, t) -> int:
    if not t.has("symbiosis"):
        return 0
    row = s.rows[t.owner]
    i = row.index(t.id)
    return i + 1 < len(row) and s.species[row[i + 1]].body > t.body


def _warning_call(s, a, t) -> int:
    """Each Warning Call neighbour protects (and is cancelled) on its own; Ambush ignores them all."""
    if a.has("ambush"):
        return 0
    row = s.rows[t.owner]
    i = row.index(t.id)
    return sum(1 for j in (i - 1, i + 1) if 0 <= j < len(row) and s.species[row[j]].has("warning_call"))


def _hard_shell(rs, t) -> int:
    return rs.options["hard_shell_bonus"]


def _horns(rs, s, a, t, ev, wound) -> None:
    wound(rs, s, a, ev, "horns")            # the prey's horns wound the attacker before it eats


_DEFENCES = {"climbing": Defence(offers=_climbing), "burrowing": Defence(offers=_burrowing),
             "defensive_herding": Defence(offers=_defensive_herding), "symbiosis": Defence(offers=_symbiosis),
             "warning_call": Defence(offers=_warning_call), "hard_shell": Defence(size=_hard_shell),
             "horns": Defence(resolve=_horns)}
TRAITS = {t: TraitRule(t, t.replace("_", " ").title(), rule=f"northstar.{t}", hint=_TEXT[t][0], text=_TEXT[t][1],
                       defence=_DEFENCES.get(t))
          for t in TRAIT_IDS}
TRAITS["carnivore"] = TraitRule("carnivore", "Carnivore", rule="northstar.carnivore", hint=_TEXT["carnivore"][0],
                                text=_TEXT["carnivore"][1])
#: traits that protect a species from an attack besides its size (``Ruleset.defences``, §5.3), in the order
#: they are checked (and cancelled by Intelligence)
PROTECTIONS = ("climbing", "burrowing", "defensive_herding", "symbiosis", "warning_call")
#: (trait, offers) of each protection, in that order
PROTECTORS = defence_hooks(TRAITS, "offers", PROTECTIONS)
#: (trait, size) and (trait, resolve) of the traits that change an attack's size or outcome
ARMOUR = defence_hooks(TRAITS, "size")
WEAPONS = defence_hooks(TRAITS, "resolve")
#: traits Intelligence may cancel for one attack (spec §6 notes)
CANCELLABLE = ("climbing", "burrowing", "defensive_herding", "hard_shell", "horns", "symbiosis", "warning_call")

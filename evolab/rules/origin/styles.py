"""Play styles of *The Origin of Species*, above all for the Equilibrium scenario: the traits each builds."""
from __future__ import annotations

from ..hints import PlayStyle

STYLES = {
    "predator": PlayStyle("predator", "predator-heavy: carnivores with sharp eyes that also steal and scavenge",
                          frozenset({"carnivorous", "sharp_vision", "piracy", "scavenger"})),
    "defensive": PlayStyle("defensive",
                           "defensive: prey that hides, swims, runs, or is too big or too poisonous to eat",
                           frozenset({"camouflage", "burrowing", "swimming", "running", "tail_loss", "mimicry",
                                      "poisonous", "high_body_weight", "symbiosis"})),
    "fat_storing": PlayStyle("fat_storing", "fat-storing: animals that save food for lean turns and share it",
                             frozenset({"fat_tissue", "hibernation", "grazing", "cooperation", "communication"})),
}

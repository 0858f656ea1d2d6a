"""The Heredity variant's preset on *Random Mutations*: predators and a rare defence among the founders."""
from __future__ import annotations

from ...i18n import N_
from ..heredity import Preset

#: What the preset starts from (the edition's own defaults for the rest).
BASE = {"heredity": True, "founders": 8, "mutation_rate": 0.05, "generations": 20}
PRESETS = {p.name: p for p in (
    Preset("predators", {"founder_traits": {"predator": 0.25, "swimming": 0.125}}, "",
           N_("Random Mutations: predators on 2 of 8 founders, Swimming on 1 (only swimming predators attack "
              "swimmers).")),
)}

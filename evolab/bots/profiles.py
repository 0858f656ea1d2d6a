"""Play styles (strategy profiles) for *The Origin of Species*, above all for the Equilibrium scenario.

A style is a way of life kept on purpose: it picks the cards of its traits from the gene pool first and
plays only its own traits (other cards become new animals); a base bot (the greedy one unless told
otherwise) makes every other decision. So styles differ in what they build, not in how well they play,
and "which style wins" can be asked fairly, as the Equilibrium scenario intends.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..actions import ChooseCard, PlayPairTrait, PlayTrait
from ..errors import OptionError
from .base import Bot, make_bot


@dataclass(frozen=True)
class Style:
    name: str
    description: str
    traits: frozenset


STYLES = {
    "predator": Style("predator", "predator-heavy: carnivores with sharp eyes that also steal and scavenge",
                      frozenset({"carnivorous", "sharp_vision", "piracy", "scavenger"})),
    "defensive": Style("defensive", "defensive: prey that hides, swims, runs, or is too big or too poisonous to eat",
                       frozenset({"camouflage", "burrowing", "swimming", "running", "tail_loss", "mimicry",
                                  "poisonous", "high_body_weight", "symbiosis"})),
    "fat_storing": Style("fat_storing", "fat-storing: animals that save food for lean turns and share it",
                         frozenset({"fat_tissue", "hibernation", "grazing", "cooperation", "communication"})),
}


class ProfileBot(Bot):
    """``ProfileBot("predator")``: a play style on top of a base bot (``base="greedy"``, or any bot name)."""

    name = "profile"

    def __init__(self, style="predator", base="greedy", mutation_rate=None, divergence_rate=0.1):
        super().__init__(mutation_rate, divergence_rate)
        if style not in STYLES:
            raise OptionError(f"unknown play style {style!r}; styles: {sorted(STYLES)}")
        self.style = STYLES[style]
        self.base = make_bot(base)

    def __repr__(self):
        mr = "" if self.mutation_rate is None else f", mutation_rate={self.mutation_rate}"
        return f"ProfileBot({self.style.name!r}{mr})"

    def pick(self, view, legal, rng):
        if view.ruleset.id != "origin":
            raise OptionError("play styles are defined for The Origin of Species (and its Equilibrium scenario)")
        first = type(legal[0])
        if first is ChooseCard:
            mine = [a for a in legal if self.style.traits.intersection(a.card.split("/"))]
            return self.base.pick(view, mine or legal, rng)
        keep = [a for a in legal if not (type(a) in (PlayTrait, PlayPairTrait) and a.trait not in self.style.traits)]
        return self.base.pick(view, keep or legal, rng)


def style_factory(style):
    """``BOTS`` entry for a style (called with an optional mutation rate, like the other bot names)."""
    def make(mutation_rate=None):
        return ProfileBot(style, mutation_rate=mutation_rate)
    make.__name__ = style
    return make

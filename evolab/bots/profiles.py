"""Play styles (strategy profiles) for *The Origin of Species*, above all for the Equilibrium scenario.

A style is a way of life kept on purpose: it picks the cards of its traits from the gene pool first and
plays only its own traits (other cards become new animals); a base bot (the greedy one unless told
otherwise) makes every other decision. So styles differ in what they build, not in how well they play,
and "which style wins" can be asked fairly, as the Equilibrium scenario intends.
"""
from __future__ import annotations

from ..actions import ChooseCard, PlayPairTrait, PlayTrait
from ..errors import OptionError
from ..rules import editions
from .base import Bot, make_bot


def styles() -> dict:
    """Every registered edition's play styles by name (each edition's bot hints declare its own)."""
    out: dict = {}
    for ed in editions().values():
        out.update(ed.bot_hints.play_styles)
    return out


def __getattr__(name):
    if name == "STYLES":          # the play styles of the editions, loaded with their hints when asked for
        return styles()
    if name == "Style":           # the old name of a play style's class
        from ..rules.hints import PlayStyle
        return PlayStyle
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class ProfileBot(Bot):
    """``ProfileBot("predator")``: a play style on top of a base bot (``base="greedy"``, or any bot name)."""

    name = "profile"

    def __init__(self, style="predator", base="greedy", mutation_rate=None, divergence_rate=0.1):
        super().__init__(mutation_rate, divergence_rate)
        found = styles()
        if style not in found:
            raise OptionError(f"unknown play style {style!r}; styles: {sorted(found)}")
        self.style = found[style]
        self.base = make_bot(base)

    def __repr__(self):
        mr = "" if self.mutation_rate is None else f", mutation_rate={self.mutation_rate}"
        return f"ProfileBot({self.style.name!r}{mr})"

    def pick(self, view, legal, rng):
        if self.style.name not in view.ruleset.edition.bot_hints.play_styles:
            raise OptionError(f"the play style {self.style.name!r} is not one of this edition's "
                              f"({sorted(view.ruleset.edition.bot_hints.play_styles)})")
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

"""One colour per trait, the same in every chart, from colour-blind-safe sets (Okabe & Ito; Paul Tol).

Nineteen traits are more than any colour-blind-safe set can tell apart by colour alone, so each trait
also has a line style and a marker: colour is never the only cue. An edition's presentation may fix a trait's
style (so related ideas look related); other traits get a stable hashed one. Pure Python (no matplotlib here).
"""
from __future__ import annotations

import hashlib

from .events import CAUSES

OKABE_ITO = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#000000")
TOL_MUTED = ("#332288", "#88ccee", "#44aa99", "#117733", "#999933", "#ddcc77", "#cc6677", "#882255",
             "#aa4499", "#bbbbbb")
COLOURS = OKABE_ITO + TOL_MUTED
LINESTYLES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">")

SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")
#: Causes of death (``events.CAUSES``, in their order): a colour and a hatch each.
CAUSE_COLOURS = dict(zip(CAUSES, ("#e69f00", "#d55e00", "#cc79a7", "#332288", "#999933")))
CAUSE_HATCHES = dict(zip(CAUSES, ("", "//", "..", "xx", "++")))
FOOD_COLOUR = "#009e73"


_STYLES: dict[str, tuple] = {}


def trait_style(trait: str) -> tuple:
    """(colour, line style, marker) of a trait: the one an edition's presentation fixes for it (``trait_styles``,
    the first edition that has one), else a stable hashed style."""
    style = _STYLES.get(trait)
    if style is None:
        style = _STYLES[trait] = _edition_style(trait) or _hashed_style(trait)
    return style


def _edition_style(trait: str):
    from .rules import editions
    for ed in editions().values():
        style = ed.presentation.trait_styles.get(trait)
        if style is not None:
            return style
    return None


def _hashed_style(trait: str) -> tuple:
    h = int(hashlib.sha256(trait.encode()).hexdigest(), 16)
    return COLOURS[h % len(COLOURS)], LINESTYLES[(h >> 8) % len(LINESTYLES)], MARKERS[(h >> 16) % len(MARKERS)]


def trait_colour(trait: str) -> str:
    return trait_style(trait)[0]


def pretty(name: str) -> str:
    """``high_body_weight`` -> ``High body weight``: labels people read."""
    return name.replace("_", " ").capitalize()

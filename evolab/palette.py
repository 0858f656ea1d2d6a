"""One colour per trait, the same in every chart, from colour-blind-safe sets (Okabe & Ito; Paul Tol).

Nineteen traits are more than any colour-blind-safe set can tell apart by colour alone, so each trait
also has a line style and a marker: colour is never the only cue. Pure Python (no matplotlib here).
"""
from __future__ import annotations

import hashlib

OKABE_ITO = ("#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#000000")
TOL_MUTED = ("#332288", "#88ccee", "#44aa99", "#117733", "#999933", "#ddcc77", "#cc6677", "#882255",
             "#aa4499", "#bbbbbb")
COLOURS = OKABE_ITO + TOL_MUTED
LINESTYLES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">")

#: Fixed choices, chosen so related ideas look related (predators vermillion, water blue...).
TRAIT_STYLE = {
    "carnivorous": ("#d55e00", "-", "o"), "fat_tissue": ("#e69f00", "--", "s"),
    "swimming": ("#0072b2", "-", "^"), "running": ("#56b4e9", "-.", "D"),
    "mimicry": ("#cc79a7", "-", "v"), "scavenger": ("#999933", ":", "P"),
    "symbiosis": ("#44aa99", "--", "X"), "piracy": ("#882255", "-", "*"),
    "tail_loss": ("#aa4499", "--", "<"), "communication": ("#88ccee", "--", ">"),
    "grazing": ("#117733", "-", "o"), "high_body_weight": ("#332288", "-", "s"),
    "hibernation": ("#bbbbbb", "-", "^"), "poisonous": ("#cc6677", "-", "D"),
    "cooperation": ("#44aa99", "-", "v"), "burrowing": ("#ddcc77", "-", "P"),
    "camouflage": ("#009e73", "-", "X"), "sharp_vision": ("#000000", ":", "*"),
    "parasite": ("#882255", ":", "<"),
}
SEAT_COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442")
CAUSE_COLOURS = {"starved": "#e69f00", "eaten": "#d55e00", "poisoned": "#cc79a7", "parasites": "#332288",
                 "horns": "#999933"}
CAUSE_HATCHES = {"starved": "", "eaten": "//", "poisoned": "..", "parasites": "xx", "horns": "++"}
FOOD_COLOUR = "#009e73"


def trait_style(trait: str) -> tuple:
    """(colour, line style, marker) of a trait; traits of other editions get a stable hashed style."""
    if trait in TRAIT_STYLE:
        return TRAIT_STYLE[trait]
    h = int(hashlib.sha256(trait.encode()).hexdigest(), 16)
    return COLOURS[h % len(COLOURS)], LINESTYLES[(h >> 8) % len(LINESTYLES)], MARKERS[(h >> 16) % len(MARKERS)]


def trait_colour(trait: str) -> str:
    return trait_style(trait)[0]


def pretty(name: str) -> str:
    """``high_body_weight`` -> ``High body weight``: labels people read."""
    return name.replace("_", " ").capitalize()

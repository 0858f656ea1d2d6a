"""*Random Mutations* as data: the deck (trait, copies, food-need bonus, status) and the climate table.

PROVISIONAL: the printed card counts and climate table were not found (spec §2, §6). These tables are
evolab's placeholders, replaceable with the options ``deck`` and ``climate_table``.
"""
from __future__ import annotations

#: (trait id, display name, copies, food-need bonus, status). Status: "solid", "provisional", "unknown".
DECK = (
    ("large", "Large", 9, 1, "solid (need +1); protection provisional"),
    ("predator", "Predator", 9, 1, "solid core; need bonus provisional"),
    ("obligate_predator", "Obligate Predator", 9, 1, "solid core; need bonus provisional"),
    ("scavenger", "Scavenger", 9, 0, "solid"),
    ("stomper", "Stomper", 9, 0, "solid"),
    ("extremophile", "Extremophile", 9, 0, "partial: extra discard provisional"),
    ("bark_beetle", "Bark Beetle", 9, 0, "solid"),
    ("swimming", "Swimming", 9, 0, "provisional (Origin's rule)"),
    ("running", "Running", 9, 0, "provisional (Origin's rule)"),
    ("budding", "Budding", 9, 0, "unknown: no effect until the card text is found"),
    ("burrowing", "Burrowing", 0, 0, "provisional (Origin's rule); no copies"),
    ("metabolic_syndrome", "Metabolic Syndrome", 0, 0, "unknown: no effect; no copies"),
    ("simplification", "Simplification", 0, 0, "provisional (discard one other trait); no copies"),
)
TRAIT_IDS = tuple(r[0] for r in DECK)
PROVISIONAL_DECK = {r[0]: r[2] for r in DECK}
NEED_BONUS = {r[0]: r[3] for r in DECK}

#: players -> colour -> (dice, bonus, cap). PROVISIONAL (spec §6): red = Origin's food formula,
#: green = one die capped by the 6 shelters, black = one die capped by the 10 parasite tokens.
PROVISIONAL_CLIMATE = {
    2: {"red": (1, 2, 22), "green": (1, 0, 6), "black": (1, 0, 10)},
    3: {"red": (2, 0, 22), "green": (1, 0, 6), "black": (1, 0, 10)},
    4: {"red": (2, 2, 22), "green": (1, 0, 6), "black": (1, 0, 10)},
    # 5-8 players (two boxes): not printed anywhere we found; evolab's extension of the same idea
    5: {"red": (3, 2, 44), "green": (2, 0, 12), "black": (2, 0, 20)},
    6: {"red": (3, 4, 44), "green": (2, 0, 12), "black": (2, 0, 20)},
    7: {"red": (4, 2, 44), "green": (2, 0, 12), "black": (2, 0, 20)},
    8: {"red": (4, 4, 44), "green": (2, 0, 12), "black": (2, 0, 20)},
}

"""The 84-card deck of *The Origin of Species* and its food-bank dice table (spec §2, §6)."""
from __future__ import annotations

from ...cards import Card, card_id

#: (printed traits, copies) in the order of the spec's table (§2). SOLID: three independent lists agree.
DECK_LIST = (
    (("swimming",), 8),
    (("running",), 4),
    (("mimicry",), 4),
    (("scavenger",), 4),
    (("symbiosis",), 4),
    (("piracy",), 4),
    (("tail_loss",), 4),
    (("camouflage", "fat_tissue"), 4),
    (("burrowing", "fat_tissue"), 4),
    (("sharp_vision", "fat_tissue"), 4),
    (("grazing", "fat_tissue"), 4),
    (("parasite", "fat_tissue"), 4),
    (("cooperation", "fat_tissue"), 4),
    (("high_body_weight", "fat_tissue"), 4),
    (("hibernation", "carnivorous"), 4),
    (("poisonous", "carnivorous"), 4),
    (("communication", "carnivorous"), 4),
    (("parasite", "carnivorous"), 4),
    (("cooperation", "carnivorous"), 4),
    (("high_body_weight", "carnivorous"), 4),
)

CARDS: tuple = tuple(Card(card_id(t), t) for t, _ in DECK_LIST)
CARD_BY_ID: dict = {c.id: c for c in CARDS}
CARD_INDEX: dict = {c.id: i for i, c in enumerate(CARDS)}
COPIES: tuple = tuple(n for _, n in DECK_LIST)

#: players -> (dice, bonus). SOLID: seeds 001, 002, 004 and Source A agree (scenarios.md §4).
FOOD_TABLE = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}


def dice_distribution(dice: int, bonus: int) -> tuple:
    """((total, ways), ...) for the sum of ``dice`` six-sided dice plus ``bonus``: exact integer weights."""
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict = {}
        for total, w in ways.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + w
        ways = nxt
    return tuple((t + bonus, w) for t, w in sorted(ways.items()))

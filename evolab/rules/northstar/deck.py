"""North Star *Evolution* (second edition) as data: 129 trait cards, each with its printed food number.

SOLID: two independent card lists agree card for card (spec §2). A card's id is ``trait:food``.
"""
from __future__ import annotations

from bisect import bisect_left

FOOD_NUMBERS = {
    "carnivore": (0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6),
    "ambush": (-3, -2, -1, 0, 1, 2, 3),
    "burrowing": (1, 2, 3, 3, 4, 4, 5),
    "climbing": (1, 2, 3, 3, 4, 4, 5),
    "cooperation": (0, 3, 3, 4, 4, 5, 5),
    "defensive_herding": (2, 3, 4, 5, 6, 7, 8),
    "fat_tissue": (-1, 0, 3, 4, 4, 5, 5),
    "fertile": (2, 3, 4, 5, 6, 6, 7),
    "foraging": (2, 3, 4, 5, 6, 6, 7),
    "hard_shell": (1, 2, 3, 3, 4, 4, 5),
    "horns": (1, 2, 3, 3, 4, 4, 5),
    "intelligence": (-2, -1, 0, 4, 5, 6, 7),
    "long_neck": (3, 4, 5, 6, 7, 8, 9),
    "pack_hunting": (-3, -2, -1, 0, 1, 2, 3),
    "scavenger": (2, 3, 4, 5, 6, 6, 7),
    "symbiosis": (1, 2, 3, 3, 4, 4, 5),
    "warning_call": (1, 2, 3, 3, 4, 4, 5),
}
TRAIT_IDS = tuple(FOOD_NUMBERS)


def card_kinds(numbers=FOOD_NUMBERS):
    """[(card id, trait, food number, copies)] in a fixed order."""
    out = []
    for t in TRAIT_IDS:
        counts: dict = {}
        for f in numbers[t]:
            counts[f] = counts.get(f, 0) + 1
        for f in sorted(counts):
            out.append((f"{t}:{f}", t, f, counts[f]))
    return out


KINDS = card_kinds()
CARD_IDS = tuple(k[0] for k in KINDS)
CARD_INDEX = {c: i for i, c in enumerate(CARD_IDS)}
FOOD = {k[0]: k[2] for k in KINDS}
TRAIT_OF = {k[0]: k[1] for k in KINDS}


def _trait(card):
    return TRAIT_OF[card]


def _add(t, i, n):
    lst = list(t)
    lst[i] += n
    return tuple(lst)


def _discard(s, card):
    s.discard[CARD_INDEX[card]] += 1        # the pile's counts are the state's own list


def _play_card(s, seat, card):
    s.hands[seat].remove(card)


#: (deck counts, the deck laid out as card indices in the deck's order): the deck last drawn from, kept by
#: ``taken`` as its cards are drawn, so a draw is one index. A game's first deck is laid out once per edition's
#: card counts (``_LAID_OUT``, shared, never changed); any other deck (after a reshuffle, or a search drawing from
#: other positions) is drawn from by bisecting its running counts. The pile kept here is a list of its own, which
#: a draw shortens in place (no copy of the deck at each card).
PILE: tuple = ((), ())
_LAID_OUT: dict = {}


def lay_out(deck) -> tuple:
    """The full deck as card indices, each as many times as it has copies (laid out once)."""
    global PILE
    pile = _LAID_OUT.get(deck)
    if pile is None:
        pile = _LAID_OUT[deck] = tuple(i for i, k in enumerate(deck) for _ in range(k))
    PILE = (deck, pile)
    return pile


def laid_out(deck) -> list:
    """``deck`` laid out in a list of its own, not kept in ``_LAID_OUT`` (a deck after a reshuffle is drawn from
    in one game only, and that table would grow with every one)."""
    pile: list = []
    for i, k in enumerate(deck):
        if k:
            pile += [i] * k
    return pile


def taken(before, after, i) -> None:
    """The card of index ``i`` left the deck ``before`` (now ``after``): the laid-out deck follows it."""
    global PILE
    kept, pile = PILE
    if kept is before:
        p = bisect_left(pile, i)
        if p < len(pile) and pile[p] == i:
            if type(pile) is tuple:             # the shared first deck: drawn from in a list of its own
                pile = list(pile)
            del pile[p]
            PILE = (after, pile)
        else:
            PILE = ((), ())

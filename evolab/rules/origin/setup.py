"""Setting up a game of *The Origin of Species*: the opening table (§3), the gene pools of the Equilibrium
scenario, and the food dice's outcomes and weights (§7)."""
from __future__ import annotations

from ...actions import RollFood
from . import heredity as H
from .deck import CARDS, dice_distribution
from .state import OriginState

HAND_SIZE = 6


def _deal_gene_pools(rs, s) -> None:
    """The Equilibrium scenario: each seat chooses its hands from its own gene pool (2 Swimming + 1 of each other
    card: 21); cards no gene pool uses are out of the game."""
    n = rs.players
    s.pools, deck = [], list(rs.copies)
    for _ in range(n):
        pool = []
        for i, c in enumerate(CARDS):
            k = 2 if c.id == "swimming" else 1
            take = min(k, deck[i])
            deck[i] -= take
            pool.extend([c.id] * take)
        s.pools.append(pool)
    s.removed = sum(deck)
    s.deck = (0,) * len(CARDS)
    s.deck_size = 0
    s.draw_owed = (0,) * n
    s.choose_owed = (HAND_SIZE,) * n
    s.phase = "choose"


def new_game(rs) -> OriginState:
    s = OriginState.blank(rs, "deal")
    n = rs.players
    s.deck = rs.copies
    s.deck_size = sum(rs.copies)
    s.food_bank = s.epoch = s.draw_seat = 0
    s.move_any = s.move_ate = s.ending = s.rolled = s.next_last = False
    s.pending = ()
    s.draw_owed = (HAND_SIZE,) * n
    s.hands = [[] for _ in range(n)]
    s.pools = None
    s.played = s.choose_owed = (0,) * n
    scen = rs.options["scenario"]
    if scen == "fatality":
        s.draw_owed = (s.deck_size // n,) * n          # every card dealt; the rest removed unseen
    elif scen == "equilibrium":
        _deal_gene_pools(rs, s)
    s.animals = {}
    s.links = {}
    s.attack = None
    s.barred = [set() for _ in range(n)] if rs.options["feeding_pass_is_final"] else None
    if rs.heredity:            # no cards in hand: the deck is only the source of mutations
        s.draw_owed = (0,) * n
        s.phase = "first_player"
        H.place_founders(s, 1)
    return s


def food_outcomes(rs, mult) -> tuple:
    dice, bonus = rs.dice
    merged: dict = {}
    for t, w in dice_distribution(dice, bonus):
        food = int(t * mult + 0.5) if mult != 1 else t      # round half up, the same everywhere
        merged[food] = merged.get(food, 0) + w
    if rs.options["food_fixed"] is not None:
        merged = {rs.options["food_fixed"]: 1}
    return tuple((RollFood(t), w) for t, w in sorted(merged.items()))


def food_table(rs, turn: int) -> tuple:
    """(outcomes, cumulative weights) of the food dice in ``turn`` (``food_multiplier_from`` may change them)."""
    outs, cum = rs.food_outcomes, rs.food_cum
    for start, o, c in rs.food_changes:
        if turn >= start:
            outs, cum = o, c
    return outs, cum


def cumulative(outs):
    cum, t = [], 0
    for _, w in outs:
        t += w
        cum.append(t)
    return cum

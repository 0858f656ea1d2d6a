"""Setting up a game of *Random Mutations* (§3): the player decks dealt blind, the face-down starting species,
and the climate dice's outcomes."""
from __future__ import annotations

from ..origin.deck import dice_distribution
from . import heredity as H
from .species import _new_species
from .state import RMState

PLAYER_DECK = 7
START_SPECIES = 3


def new_game(rs) -> RMState:
    s = RMState.blank(rs, "first_player")
    n = rs.players
    s.hidden = rs.copies
    s.revealed = s.red = s.green = s.black = s.blue_out = 0
    s.move_stomped = False
    s.pending_play = s.attack = s.choose_victim = s.simplify = None
    s.parasite_queue = ()
    s.species, s.animals, s.sets = {}, {}, {}
    s.rows = tuple(() for _ in range(n))
    if rs.heredity:              # no player decks: the deck is only the source of mutations
        s.deck_size = rs.total_cards
        s.pdecks = (0,) * n
        H.place_founders(s, 1)
        return s
    # §3: 7 cards into each player deck, then 3 face-down starting species: nobody sees them
    dealt = min(rs.total_cards, n * (PLAYER_DECK + START_SPECIES))
    per = [0] * n
    left = dealt
    for _ in range(PLAYER_DECK + START_SPECIES):
        for seat in range(n):
            if left:
                per[seat] += 1
                left -= 1
    s.deck_size = rs.total_cards - dealt
    pdecks = []
    for seat in range(n):
        species = min(START_SPECIES, max(0, per[seat] - PLAYER_DECK)) if per[seat] > PLAYER_DECK else 0
        pdecks.append(per[seat] - species)
        for _ in range(species):
            _new_species(s, seat, None)
    s.pdecks = tuple(pdecks)
    if s.deck_size == 0:
        s.last_turn = True
    return s


def _capped(row, cap, cls):
    dice, bonus, _ = row
    out: dict = {}
    for t, w in dice_distribution(dice, bonus):
        v = min(t, cap)
        out[v] = out.get(v, 0) + w
    return tuple((cls(v), w) for v, w in sorted(out.items()))

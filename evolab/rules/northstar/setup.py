"""Setting up a game of North Star *Evolution* (§3): one species each, and the cards that leave unseen."""
from __future__ import annotations

from .deck import CARD_IDS
from .state import NSSpecies, NSState


def new_game(rs) -> NSState:
    s = NSState.__new__(NSState)
    n = rs.players
    s.ruleset = rs
    s.players = n
    s.turn = 1
    s.first = s.current = 0
    s.deck = rs.copies
    s.deck_size = rs.total_cards
    s.discard = [0] * len(CARD_IDS)
    s.removed = 0
    s.food_cards = ("",) * n
    s.watering = 0
    s.bags = (0,) * n
    s.passes = 0
    s.done = (False,) * n
    s.last_round = s.next_last = False
    s.cycles = 0
    s.winner = -1
    s.winners = ()
    s.next_uid = 1
    s.snapshot = None
    s.hands = [[] for _ in range(n)]
    s.species = {}
    rows = []
    for seat in range(n):
        sp = NSSpecies(s.next_uid, seat, 1)
        s.next_uid += 1
        s.species[sp.id] = sp
        rows.append((sp.id,))
    s.rows = tuple(rows)
    # two players: 40 cards leave unseen first (chance draws, to nobody)
    s.draw_queue = (-1,) * rs.remove
    s.phase = "remove" if rs.remove else "first_player"
    return s

"""``observe(state, seat)``: what one player may see. Other hands and the deck's order stay hidden.

Each edition builds its own observation (``Ruleset.observe``) on the common base ``Observation``: bots and
the board see only this.
"""
from __future__ import annotations

from typing import Any


class Observation:
    """A view of the table for one seat: the fields every edition's observation has (each edition adds its
    own: animals or species, the centre's tokens, ...)."""

    __slots__ = ("seat", "ruleset", "players", "phase", "turn", "round", "first", "to_move", "winner",
                 "deck_size", "hand", "hand_sizes", "food_bank")

    seat: int
    ruleset: Any
    players: int
    phase: str
    turn: int
    round: int
    first: int
    to_move: int
    winner: int
    deck_size: int
    hand: tuple
    hand_sizes: tuple
    food_bank: int

    def to_dict(self) -> dict:
        """JSON-able: what a front end needs to draw the table from this seat."""
        return {"seat": self.seat, "ruleset": self.ruleset.id, "phase": self.phase, "turn": self.turn,
                "first": self.first, "to_move": self.to_move, "winner": self.winner, "deck_size": self.deck_size,
                "hand": list(self.hand), "hand_sizes": list(self.hand_sizes)}


def observe(state, seat: int) -> Observation:
    """The table as ``seat`` sees it: public cards and tokens, its own hand, the sizes of the others'."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise ValueError(f"seat must be 0..{state.players - 1}, got {seat!r}")
    return state.ruleset.observe(state, seat)

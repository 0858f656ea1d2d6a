"""What one player of *The Origin of Species* may see: the table, the food bank, his own hand (and gene pool),
and only the sizes of the others' hands, gene pools and discard piles."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...view import Observation, fill_from_table, frozen, frozen_table, live_view_classes, seal


class OriginObservation(Observation):
    """The table as one seat sees it: read-only copies of the animals and links (``view.Observation``)."""

    __slots__ = ("discard_sizes", "animals", "links", "attack", "pending", "scavenge", "last_turn", "pool",
                 "pool_sizes", "passes", "move_main", "move_any")
    # The fields, for type checkers (the slots above hold them).
    discard_sizes: Any
    animals: Any
    links: Any
    attack: Any
    pending: Any
    scavenge: Any
    last_turn: Any
    pool: Any
    pool_sizes: Any
    passes: Any
    move_main: Any
    move_any: Any

    def mine(self) -> list:
        return [a for a in self.animals.values() if a.owner == self.seat]

    def others(self) -> list:
        return [a for a in self.animals.values() if a.owner != self.seat]

    def to_dict(self) -> dict:
        return {
            "seat": self.seat, "ruleset": self.ruleset.id, "phase": self.phase, "turn": self.turn,
            "first": self.first, "to_move": self.to_move, "food_bank": self.food_bank,
            "deck_size": self.deck_size, "hand": list(self.hand), "hand_sizes": list(self.hand_sizes),
            "discard_sizes": list(self.discard_sizes), "last_turn": self.last_turn, "winner": self.winner,
            "animals": [a.to_dict() for a in self.animals.values()],
            "links": [l.to_dict() for l in self.links.values()],
            "attack": self.attack.to_dict() if self.attack else None,
            "pool": list(self.pool), "pool_sizes": list(self.pool_sizes),
        }


def observe(state, seat: int, copy: bool = True) -> OriginObservation:
    """The table as ``seat`` sees it: public cards and tokens, its own hand, the sizes of the others'. (``copy=False``:
    the built-in bots' view over the table's own units; the fields in ``_LAZY``, which their rules of thumb do not
    read, are then worked out from the table only when read.)"""
    rs = state.ruleset
    o: Any                           # the edition's observation, or the live view (its subclass)
    if copy:
        o = OriginObservation.__new__(OriginObservation)
        o.animals = frozen_table(state.animals)
        o.links = frozen_table(state.links)
        o.attack = frozen(state.attack)
        fill_from_table(o, _LAZY, state, seat)
        sealed = _SEALED
    else:                            # the built-in bots' view over the table's own units (``live_table``)
        o = object.__new__(_LIVE)
        o._state = state             # (its ``_LAZY`` fields are read from the table when asked)
        o.animals = MappingProxyType(state.animals)
        o.links = MappingProxyType(state.links)
        o.attack = state.attack
        sealed = _LIVE_SEALED
    o.seat = seat
    o.ruleset = rs
    o.players = state.players
    o.phase = state.phase
    o.turn = state.turn
    o.food_bank = state.food_bank
    o.hand = tuple(state.hands[seat])
    o.passes = state.passes          # consecutive passes just before this move: everyone at the table sees them
    o.__class__ = sealed             # ``seal``: read-only from here on
    return o


def _pool(state, seat) -> tuple:
    """Equilibrium: one's own gene pool (none in the other scenarios)."""
    return () if state.pools is None else tuple(state.pools[seat])


def _pool_sizes(state, seat) -> tuple:
    return () if state.pools is None else tuple(map(len, state.pools))


_SEALED = type(seal(OriginObservation.__new__(OriginObservation)))
#: The fields the built-in bots' rules of thumb do not read: the live view (``copy=False``) reads them from the table
#: only when asked (``live_view_classes``), a copy has them set at once (``fill_from_table``). ``public``: the rest of
#: the public table, for sample_world; ``move_main``, ``move_any``: what the mover has done in this move.
_LAZY = {"to_move": lambda s, seat: s.ruleset.to_move(s), "hand_sizes": lambda s, seat: tuple(map(len, s.hands)),
         "discard_sizes": lambda s, seat: tuple(s.discards), "public": lambda s, seat: s.ruleset.public_of(s),
         "round": lambda s, seat: s.round, "first": lambda s, seat: s.first,
         "deck_size": lambda s, seat: s.deck_size, "pending": lambda s, seat: s.pending,
         "scavenge": lambda s, seat: s.scavenge, "last_turn": lambda s, seat: s.last_turn,
         "move_main": lambda s, seat: s.move_main, "move_any": lambda s, seat: s.move_any,
         "winner": lambda s, seat: s.winner, "pool": _pool, "pool_sizes": _pool_sizes}
_LIVE, _LIVE_SEALED = live_view_classes(OriginObservation, _LAZY)

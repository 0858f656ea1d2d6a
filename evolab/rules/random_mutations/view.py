"""What one player of *Random Mutations* may see: the table, the centre, and the SIZES of the blind
player decks. No card of any player deck is known to anyone, so none can be shown."""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

from ...view import Observation, fill_from_table, frozen_table, live_table, live_view_classes, seal


class RMObservation(Observation):
    __slots__ = ("red", "green", "black", "pdeck_sizes", "discard_sizes", "species", "animals", "sets", "rows",
                 "last_turn", "choose_victim", "scavenge", "move_main", "move_stomped", "blue_out")
    # The fields, for type checkers (the slots above hold them).
    red: Any
    green: Any
    black: Any
    pdeck_sizes: Any
    discard_sizes: Any
    species: Any
    animals: Any
    sets: Any
    rows: Any
    last_turn: Any
    choose_victim: Any
    scavenge: Any
    move_main: Any
    move_stomped: Any
    blue_out: Any

    def mine(self) -> list:
        return [self.species[i] for i in self.rows[self.seat]]

    def to_dict(self) -> dict:
        return {"seat": self.seat, "ruleset": self.ruleset.id, "phase": self.phase, "turn": self.turn,
                "first": self.first, "to_move": self.to_move, "red": self.red, "green": self.green,
                "black": self.black, "deck_size": self.deck_size, "pdeck_sizes": list(self.pdeck_sizes),
                "discard_sizes": list(self.discard_sizes), "last_turn": self.last_turn, "winner": self.winner,
                "species": [sp.to_dict() for sp in self.species.values()],
                "animals": [a.to_dict() for a in self.animals.values()],
                "sets": [[k, [list(c) for c in v]] for k, v in self.sets.items()],
                "rows": [list(r) for r in self.rows]}


def observe(s, seat, copy=True) -> RMObservation:
    """What ``seat`` sees (``copy=False``: a view over the table's own units, for a bot that only reads it during
    its decision)."""
    o: Any                           # the edition's observation, or the live view (its subclass)
    if copy:
        o = RMObservation.__new__(RMObservation)
        fill_from_table(o, _LAZY, s, seat)
        # Read-only copies; a species' trait cache may still be filled in by the rules that read it.
        o.species, o.animals = frozen_table(s.species, ("tcache",)), frozen_table(s.animals)
        o.sets = MappingProxyType(dict(s.sets))
    else:
        o = object.__new__(_LIVE)
        o._state = s                               # (its ``_LAZY`` fields are read from the table when asked)
        o.species, o.animals = live_table(s.species), live_table(s.animals)
        o.sets = MappingProxyType(s.sets)
    o.seat = seat
    o.ruleset = s.ruleset
    o.phase, o.turn, o.round, o.first = s.phase, s.turn, s.round, s.first
    o.red, o.green, o.black = s.red, s.green, s.black
    o.food_bank = s.red
    o.deck_size = s.deck_size
    o.rows = s.rows
    o.last_turn, o.players, o.winner = s.last_turn, s.players, s.winner
    o.choose_victim, o.scavenge = s.choose_victim, s.scavenge
    o.move_main, o.move_stomped = s.move_main, s.move_stomped     # what the mover has done in this move
    o.blue_out = s.blue_out                                         # blue tokens in play (the supply may run out)
    o.hand = ()
    o.hand_sizes = (0,) * s.players          # blind player decks: nobody holds a card in hand
    return seal(o)


#: The fields the built-in bots' rules of thumb do not read: the live view (``copy=False``) reads them from the table
#: only when asked (``live_view_classes``), a copy has them set at once (``fill_from_table``). ``public``: the rest of
#: the public table, for sample_world.
_LAZY = {"to_move": lambda s, seat: s.ruleset.to_move(s), "pdeck_sizes": lambda s, seat: tuple(s.pdecks),
         "discard_sizes": lambda s, seat: tuple(s.discards), "public": lambda s, seat: s.ruleset.public_of(s)}
_LIVE, _LIVE_SEALED = live_view_classes(RMObservation, _LAZY)

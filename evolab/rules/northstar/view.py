"""What one North Star player may see: his hand; others' hand sizes; face-down food cards and trait cards
only as counts (their own are shown to their owner); in the six-player simultaneous Play Cards phase, the
others' species as they were when the phase began."""
from __future__ import annotations

from typing import Any

from ...view import Observation, frozen_table, live_table, seal
from .state import NSSpecies
from .worlds import NEXT_UID


class NSObservation(Observation):
    __slots__ = ("watering", "food_card", "food_cards_placed", "food_placed", "species", "rows", "bags",
                 "last_round", "winners", "draw_queue", "discard_size")
    # The fields, for type checkers (the slots above hold them).
    watering: Any
    food_card: Any
    food_cards_placed: Any
    food_placed: Any
    species: Any
    rows: Any
    bags: Any
    last_round: Any
    winners: Any
    draw_queue: Any
    discard_size: Any

    def mine(self) -> list:
        return [self.species[i] for i in self.rows[self.seat]]

    def to_dict(self) -> dict:
        return {"seat": self.seat, "ruleset": self.ruleset.id, "phase": self.phase, "turn": self.turn,
                "first": self.first, "to_move": self.to_move, "watering": self.watering,
                "deck_size": self.deck_size, "hand": list(self.hand), "hand_sizes": list(self.hand_sizes),
                "food_card": self.food_card, "food_cards_placed": self.food_cards_placed,
                "species": [_public(sp, self.seat) for sp in self.species.values()],
                "rows": [list(r) for r in self.rows], "bags": list(self.bags), "last_round": self.last_round,
                "winner": self.winner}


#: What a face-down trait card of another seat reads as in an observation (how many, not which).
HIDDEN_CARD = "?"


def _face_down(sp, seat):
    """The species as ``seat`` may see it: another seat's face-down cards are only counted."""
    if sp.owner == seat or not sp.pending:
        return sp
    copy = sp.clone()
    copy.pending = (HIDDEN_CARD,) * len(sp.pending)
    return copy


def _public(sp, seat):
    d = sp.to_dict()
    if sp.owner != seat:
        d["pending"] = len(sp.pending)          # face down: how many, not which
    return d


def _hide_new_ids(public):
    out = list(public)
    out[NEXT_UID] = None
    return tuple(out)


#: The last Play Cards snapshot, and per seat the others' species in it as that seat sees them (under None, the
#: snapshot's species read once for all seats): built once per phase rather than at every decision (a snapshot
#: never changes once taken).
_SEEN: tuple = (None, {})


def _others_in(snap, seat) -> dict:
    """The species of ``snap`` that ``seat`` does not own, as he sees them (face-down cards only counted)."""
    global _SEEN
    done, seen = _SEEN
    if done is not snap:
        seen = {}
        _SEEN = (snap, seen)
    others = seen.get(seat)
    if others is None:
        boards = seen.get(None)             # the snapshot's species, read once for every seat
        if boards is None:
            boards = seen[None] = [NSSpecies.from_dict(d) for d in snap["species"]]
        others = seen[seat] = {sp.id: _face_down(sp, seat) for sp in boards if sp.owner != seat}
    return others


def observe(s, seat, copy=True) -> NSObservation:
    o = NSObservation.__new__(NSObservation)
    o.seat, o.ruleset, o.phase, o.turn, o.round, o.first = seat, s.ruleset, s.phase, s.turn, s.turn, s.first
    o.to_move = s.ruleset.to_move(s)
    o.watering = o.food_bank = s.watering
    o.deck_size = s.deck_size
    o.hand = tuple(s.hands[seat])
    o.hand_sizes = tuple(len(h) for h in s.hands)
    o.food_card = s.food_cards[seat]
    o.food_placed = tuple(bool(c) for c in s.food_cards)      # face down: whether, not which
    o.food_cards_placed = sum(o.food_placed)
    o.bags = tuple(s.bags)
    o.last_round, o.players, o.winner, o.winners = s.last_round, s.players, s.winner, s.winners
    rows = s.rows
    if s.snapshot is not None and s.phase == "play_cards":
        rows = tuple(tuple(r) if i != seat else s.rows[i] for i, r in enumerate(s.snapshot["rows"]))
        species = dict(_others_in(s.snapshot, seat))
        species.update({k: v for k, v in s.species.items() if v.owner == seat})    # his own, all face up to him
        o.hand_sizes = tuple(len(s.hands[i]) if i == seat else n for i, n in enumerate(s.snapshot["hand_sizes"]))
        o.bags = tuple(s.bags[i] if i == seat else b for i, b in enumerate(s.snapshot["bags"]))
    else:
        species = {k: _face_down(v, seat) for k, v in s.species.items()}
    table = frozen_table if copy else live_table
    o.species, o.rows = table(species), rows
    o.draw_queue = s.draw_queue          # who draws next (the cards stay hidden)
    o.discard_size = sum(s.discard)
    o.public = s.ruleset.public_of(s)         # the rest of the public table, for sample_world
    if s.snapshot is not None and s.phase == "play_cards":
        o.public = _hide_new_ids(o.public)    # how many species the others founded in secret stays secret
    return seal(o)

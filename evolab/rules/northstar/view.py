"""What one North Star player may see: his hand; others' hand sizes; face-down food cards and trait cards
only as counts (their own are shown to their owner); in the six-player simultaneous Play Cards phase, the
others' species as they were when the phase began."""
from __future__ import annotations

from typing import Any

from ...view import Observation, fill_from_table, frozen_table, live_table, live_view_classes, read_only_class
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


#: The last Play Cards snapshot, per seat what that seat sees of it, and its boards by id when none has a face-down
#: card (what every seat then sees of the others): built once per seat and phase rather than at every decision (a
#: snapshot never changes once taken).
_SEEN: tuple = (None, {}, None)


def _seen_in(snap, seat) -> tuple:
    """What ``seat`` sees of the others in ``snap``: (their species as he sees them, the rows, the hand sizes and the
    bags as the snapshot has them; his own entries are replaced from the table at each decision)."""
    global _SEEN
    done, seen, boards = _SEEN
    if done is not snap:
        seen = {}
        boards = {sp.id: sp for sp in snap.boards}
        if any(sp.pending for sp in snap.boards):   # (a snapshot is taken as Play Cards begins: none has any)
            boards = None
        _SEEN = (snap, seen, boards)
    got = seen.get(seat)
    if got is None:
        if boards is not None:                      # the boards less the seat's own, in the snapshot's order
            others = boards.copy()
            for sp in snap.boards:
                if sp.owner == seat:
                    del others[sp.id]
        else:
            others = {sp.id: _face_down(sp, seat) for sp in snap.boards if sp.owner != seat}
        got = seen[seat] = (others, snap.rows, snap.hand_sizes, snap.bags,
                            [None, 0, None, ()])      # the last species shown (``_simultaneous``)
    return got


def _shown(species, seat, phase) -> dict:
    """The table's species as ``seat`` sees them: the table's own dict when no other seat has a face-down card
    (always outside Play Cards: the reveal turns them up, and ``io`` refuses a table with such cards in another
    phase, so only Play Cards is searched), else a dict with those species copied and their cards hidden."""
    if phase != "play_cards":
        return species
    hidden = [sp for sp in species.values() if sp.pending and sp.owner != seat]
    if not hidden:
        return species
    species = dict(species)
    for sp in hidden:
        species[sp.id] = _face_down(sp, seat)
    return species


def _simultaneous(o, s, seat) -> dict:
    """The six-player Play Cards phase: the others as the snapshot shows them, the seat's own as they are now."""
    others, rows, sizes, bags, last = _seen_in(s.snapshot, seat)
    row = s.rows[seat]
    rows = list(rows)
    rows[seat] = row
    o.rows = tuple(rows)
    return _with_own(s.species, seat, others, row, last)


def _hand_sizes(s, seat) -> tuple:
    """The hands' sizes as ``seat`` sees them (in the six-player Play Cards phase the others' as the snapshot has
    them, his own as it is now)."""
    if s.snapshot is not None and s.phase == "play_cards":
        sizes = list(_seen_in(s.snapshot, seat)[2])
        sizes[seat] = len(s.hands[seat])
        return tuple(sizes)
    return tuple(map(len, s.hands))


def _bags(s, seat) -> tuple:
    """The food bags as ``seat`` sees them (``_hand_sizes``: the snapshot's in the six-player Play Cards phase)."""
    if s.snapshot is not None and s.phase == "play_cards":
        bags = list(_seen_in(s.snapshot, seat)[3])
        bags[seat] = s.bags[seat]
        return tuple(bags)
    return tuple(s.bags)


def _with_own(species, seat, others, row, last) -> dict:
    """``others`` and the seat's own species (all face up to him), in the table's order. Kept in ``last`` (the
    seat's row, the table's size, the dict, his species) and given again while his row, the table's size and his
    species objects stay the same: then so do his species and their order, and rebuilding would give an equal dict."""
    if last[0] == row and last[1] == len(species):
        for k, sp in last[3]:
            if species.get(k) is not sp:
                break
        else:
            return last[2]
    own = [(k, sp) for k, sp in species.items() if sp.owner == seat]
    shown = dict(others)
    shown.update(own)
    last[:] = row, len(species), shown, own
    return shown


def observe(s, seat, copy=True) -> NSObservation:
    """What ``seat`` sees (``copy=False``: a view over the table's own units, for a bot that only reads it during
    its decision; the fields in ``_LAZY``, which the built-in bots' rules of thumb do not read, are then worked out
    from the table only when read). Built field by field in straight lines: the greedy bots observe at every
    decision."""
    rs = s.ruleset
    if copy:
        o = _new(NSObservation)
        fill_from_table(o, _LAZY, s, seat)
    else:
        o = _new(_LIVE)
        o._state = s                       # (its ``_LAZY`` fields are read from the table when asked)
    o.seat, o.ruleset, o.phase, o.turn, o.players = seat, rs, s.phase, s.turn, s.players
    o.watering = s.watering
    o.hand = tuple(s.hands[seat])
    if s.snapshot is not None and s.phase == "play_cards":
        species = _simultaneous(o, s, seat)
    else:
        o.rows = s.rows
        species = _shown(s.species, seat, s.phase)
    if copy:
        o.species = frozen_table(species)
        o.__class__ = _SEALED
    else:
        o.species = _proxy(species)
        o.__class__ = _LIVE_SEALED
    return o


def _public_table(s, seat) -> tuple:
    """The rest of the public table, for sample_world; how many species the others founded in secret stays secret
    in the simultaneous Play Cards phase."""
    public = s.ruleset.public_of(s)
    return _hide_new_ids(public) if s.snapshot is not None and s.phase == "play_cards" else public


_new = object.__new__
_proxy = live_table
_SEALED = read_only_class(NSObservation)      # what ``seal`` makes of an observation, looked up once
#: The fields the built-in bots' rules of thumb do not read: the live view (``copy=False``) reads them from the table
#: only when asked (``live_view_classes``), a copy has them set at once (``fill_from_table``). Face-down food cards
#: show whether, not which; the discard pile's counts are a list changed in place, so its size is counted when read.
_LAZY = {"to_move": lambda s, seat: s.ruleset.to_move(s), "public": _public_table,
         "first": lambda s, seat: s.first, "round": lambda s, seat: s.turn, "food_bank": lambda s, seat: s.watering,
         "deck_size": lambda s, seat: s.deck_size, "food_card": lambda s, seat: s.food_cards[seat],
         "food_placed": lambda s, seat: tuple(map(bool, s.food_cards)),
         "food_cards_placed": lambda s, seat: sum(map(bool, s.food_cards)),
         "discard_size": lambda s, seat: sum(s.discard), "last_round": lambda s, seat: s.last_round,
         "winner": lambda s, seat: s.winner, "winners": lambda s, seat: s.winners,
         "draw_queue": lambda s, seat: s.draw_queue,            # who draws next (the cards stay hidden)
         "hand_sizes": _hand_sizes, "bags": _bags}
_LIVE, _LIVE_SEALED = live_view_classes(NSObservation, _LAZY)

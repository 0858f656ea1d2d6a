"""``observe(state, seat)``: what one player may see. Other hands and the deck's order stay hidden."""
from __future__ import annotations


class Observation:
    """A read-only view of the table for one seat (bots and widgets see only this).

    It shares the table's animal objects rather than copying them: treat them as read-only. ``public``
    holds the table's other public fields (whose turn it is, who passed...) for ``sample_world``.
    """

    __slots__ = ("seat", "ruleset", "phase", "turn", "round", "first", "to_move", "food_bank", "deck_size",
                 "hand", "hand_sizes", "discard_sizes", "animals", "links", "attack", "pending", "scavenge",
                 "last_turn", "players", "winner", "pool", "pool_sizes", "passes", "public")

    def mine(self) -> list:
        return [a for a in self.animals.values() if a.owner == self.seat]

    def others(self) -> list:
        return [a for a in self.animals.values() if a.owner != self.seat]

    def to_dict(self) -> dict:
        """JSON-able: what a front end needs to draw the table from this seat."""
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


def observe(state, seat: int) -> Observation:
    """The table as ``seat`` sees it: public cards and tokens, its own hand, the sizes of the others'."""
    if hasattr(state.ruleset, "observe"):
        return state.ruleset.observe(state, seat)
    if not isinstance(seat, int) or not 0 <= seat < state.players:
        raise ValueError(f"seat must be 0..{state.players - 1}, got {seat!r}")
    o = Observation.__new__(Observation)
    o.seat = seat
    o.ruleset = state.ruleset
    o.players = state.players
    o.phase = state.phase
    o.turn = state.turn
    o.round = state.round
    o.first = state.first
    o.to_move = state.ruleset.to_move(state)
    o.food_bank = state.food_bank
    o.deck_size = state.deck_size
    o.hand = tuple(state.hands[seat])
    o.hand_sizes = tuple(map(len, state.hands))
    o.discard_sizes = tuple(state.discards)
    o.animals = state.animals
    o.links = state.links
    o.attack = state.attack
    o.pending = state.pending
    o.scavenge = state.scavenge
    o.last_turn = state.last_turn
    o.passes = state.passes          # consecutive passes just before this move: everyone at the table sees them
    o.winner = state.winner
    pools = getattr(state, "pools", None)
    o.pool = tuple(pools[seat]) if pools is not None else ()          # Equilibrium: one's own gene pool
    o.pool_sizes = tuple(len(p) for p in pools) if pools is not None else ()
    o.public = state.ruleset.public_of(state)       # the rest of the public table, for sample_world
    return o


def sample_world(view, rng):
    """A whole table consistent with what ``view``'s seat sees: the cards hidden from it (the others' hands,
    the deck, face-down cards) drawn at random from the cards it has not seen. Bots that look ahead play
    on such tables; two states that look the same from the seat give the same tables for the same ``rng``."""
    return view.ruleset.sample_world(view, rng)

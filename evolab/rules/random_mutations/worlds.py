"""Tables of *Random Mutations* consistent with one seat's observation (for bots that look ahead).

Nothing on a *Random Mutations* table is hidden from one player and known to another: player-deck cards
have no identity until they are turned up (the engine draws their trait then), and which traits were never
revealed is public. So the table a seat can imagine is the table itself, rebuilt from its observation.
"""
from __future__ import annotations

from ..worlds import public_fields, restore
from .state import _PLAIN, RMState

#: State fields the observation shows under its own names.
IN_VIEW = {f: f for f in ("players", "phase", "turn", "round", "first", "red", "green", "black", "deck_size",
                          "rows", "last_turn", "winner", "choose_victim", "scavenge")}
IN_VIEW.update(pdecks="pdeck_sizes", discards="discard_sizes")
#: The other public fields (all of them: nothing is hidden), copied into the observation as one tuple.
PUBLIC, public_of = public_fields(_PLAIN, (), IN_VIEW)


def sample_world(view, rng) -> RMState:
    """The full state ``view`` shows (``rng`` is not needed: nothing is hidden)."""
    s = RMState.__new__(RMState)
    restore(s, view, PUBLIC, IN_VIEW)
    s.ruleset = view.ruleset
    s.species = {k: v.clone() for k, v in view.species.items()}
    s.animals = {k: v.clone() for k, v in view.animals.items()}
    s.sets = dict(view.sets)
    return s

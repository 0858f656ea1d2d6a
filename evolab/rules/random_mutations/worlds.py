"""Tables of *Random Mutations* consistent with one seat's observation (for bots that look ahead).

Nothing on a *Random Mutations* table is hidden from one player and known to another: player-deck cards
have no identity until they are turned up (the engine draws their trait then), and which traits were never
revealed is public. So the table a seat can imagine is the table itself, rebuilt from its observation.
"""
from __future__ import annotations

from operator import attrgetter

from .state import _PLAIN, RMState

PUBLIC = _PLAIN
public_of = attrgetter(*PUBLIC)


def sample_world(view, rng) -> RMState:
    """The full state ``view`` shows (``rng`` is not needed: nothing is hidden)."""
    s = RMState.__new__(RMState)
    for f, v in zip(PUBLIC, view.public):
        setattr(s, f, v)
    s.ruleset = view.ruleset
    s.species = {k: v.clone() for k, v in view.species.items()}
    s.animals = {k: v.clone() for k, v in view.animals.items()}
    s.sets = dict(view.sets)
    return s

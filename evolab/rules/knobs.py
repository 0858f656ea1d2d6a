"""The checks of the experiment knobs every edition declares alike: a food schedule, the traits that may not be
played, the first turn a trait may be played. Each edition's ``options.py`` declares the knobs with its own
help text (what they change differs: the food bank, the red food, the food cards) and checks them here against
its own trait ids."""
from __future__ import annotations

from collections.abc import Callable, Collection

from ..errors import OptionError

MAX_TURNS_SCHEDULED = 100
#: The last turn a knob may name (no game lasts that long).
LAST_TURN = 1000


def check_schedule(value):
    """A list of food per turn (the last value repeats); a function of the turn is tabulated here."""
    if callable(value):
        value = [value(t) for t in range(1, MAX_TURNS_SCHEDULED + 1)]
    if not isinstance(value, (list, tuple)) or not value:
        raise OptionError("food_schedule must be a non-empty list of food per turn (or a function of the turn)")
    out = []
    for i, v in enumerate(value):
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 200:
            raise OptionError(f"food_schedule[{i}] (turn {i + 1}) must be a whole number 0-200, got {v!r}")
        out.append(v)
    return out


def banned_traits_check(traits: Collection[str]) -> Callable:
    """The check of ``banned_traits`` for an edition of these trait ids: a list of them, kept sorted, each once."""
    def check(value):
        if not isinstance(value, (list, tuple)):
            raise OptionError(f"banned_traits must be a list of trait ids of this edition: {sorted(traits)}")
        bad = [t for t in value if t not in traits]
        if bad:
            raise OptionError(f"banned_traits: unknown trait(s) {bad}; traits are {sorted(traits)}")
        return sorted(set(value))
    return check


def trait_turns_check(traits: Collection[str]) -> Callable:
    """The check of ``trait_from_turn`` for an edition of these trait ids: {trait: first turn, 1-1000}."""
    def check(value):
        if not isinstance(value, dict):
            raise OptionError("trait_from_turn must map trait ids to the first turn they may be played")
        for t, turn in value.items():
            if t not in traits:
                raise OptionError(f"trait_from_turn: unknown trait {t!r}; traits are {sorted(traits)}")
            if type(turn) is not int or not 1 <= turn <= LAST_TURN:
                raise OptionError(f"trait_from_turn[{t!r}] must be a turn number 1-{LAST_TURN}, got {turn!r}")
        return dict(sorted(value.items()))
    return check

"""``observe(state, seat)``: what one player may see. Other hands and the deck's order stay hidden.

Each edition builds its own observation (``Ruleset.observe``) on the common base ``Observation``: bots and
the board see only this.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any

_TWINS: dict[type, type] = {}


def read_only_class(cls: type, writable: tuple[str, ...] = ()) -> type:
    """The read-only twin of a slotted class: the same slots and methods, but setting or deleting an attribute
    raises ``AttributeError`` (except the ``writable`` caches a rule may fill in while it reads). Reads stay as
    fast as on ``cls``; ``isinstance(x, cls)`` still holds."""
    twin = _TWINS.get(cls)
    if twin is None:
        allowed = frozenset(writable)

        def __setattr__(self, name, value):
            if name not in allowed:
                raise AttributeError(f"{cls.__name__} is read-only: {name} cannot be set (what a seat observes is "
                                     f"a copy of the table, not the table; change the game with apply)")
            object.__setattr__(self, name, value)

        def __delattr__(self, name):
            raise AttributeError(f"{cls.__name__} is read-only: {name} cannot be deleted")

        twin = type(cls.__name__, (cls,), {"__slots__": (), "__setattr__": __setattr__, "__delattr__": __delattr__,
                                           "__module__": cls.__module__, "__qualname__": cls.__qualname__,
                                           "read_only": True})
        _TWINS[cls] = twin
    return twin


_COPIERS: dict[type, Any] = {}


def _copier(cls: type):
    """A function copying every slot of a ``cls`` object into a new read-only twin, written out field by field
    (observations copy many units per decision, so the copy is kept to straight-line attribute moves)."""
    slots = [s for k in reversed(cls.__mro__) for s in k.__dict__.get("__slots__", ())
             if s not in ("__weakref__", "__dict__")]
    body = "".join(f"    n.{s} = o.{s}\n" for s in slots)
    namespace = {"new": object.__new__, "cls": cls}
    exec(f"def copy(o):\n    n = new(cls)\n{body}    return n\n", namespace)
    return namespace["copy"]


def frozen(unit, writable: tuple[str, ...] = ()):
    """A read-only copy of one slotted part of the table (an animal, a species, a link): its slots copied into
    its read-only twin, so the observation does not change when the game goes on, nor change the game."""
    if unit is None:
        return None
    cls = type(unit)
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    twin = copy(unit)
    twin.__class__ = read_only_class(cls, writable)
    return twin


def frozen_table(units: dict, writable: tuple[str, ...] = ()) -> MappingProxyType:
    """{id: read-only copy} of a table of units, itself read-only."""
    if not units:
        return MappingProxyType({})
    cls = type(next(iter(units.values())))
    copy = _COPIERS.get(cls)
    if copy is None:
        copy = _COPIERS[cls] = _copier(cls)
    twin = read_only_class(cls, writable)
    out = {}
    for k, u in units.items():
        if type(u) is cls:
            c = copy(u)
            c.__class__ = twin
        else:                           # a table of several kinds of unit
            c = frozen(u, writable)
        out[k] = c
    return MappingProxyType(out)


def live_table(units: dict, writable: tuple[str, ...] = ()) -> MappingProxyType:
    """A read-only mapping over the table's own units, not copied: the observation the built-in bots get on a
    match's hot path (``Ruleset.observe(..., copy=False)``); they only read it, during one decision."""
    return MappingProxyType(units)


def live_view_classes(cls: type, lazy: dict) -> tuple[type, type]:
    """For an edition's observation class ``cls``: the class of the view the built-in bots get over the table's
    own units (``observe(..., copy=False)``), and its read-only twin. The fields in ``lazy`` ({name: function
    (state, seat) -> value}: those that take work to build and that the bots' rules of thumb seldom read, such
    as ``public`` and ``to_move``) are worked out from the table when read instead of at every decision: the same
    values, as the table does not change during the decision that reads the view."""
    namespace: dict = {"__slots__": ("_state",), "__module__": cls.__module__, "__qualname__": cls.__qualname__}
    for name, f in lazy.items():
        namespace[name] = _read_from_table(name, f)
    fill = type(cls.__name__, (cls,), namespace)
    return fill, read_only_class(fill)


def fill_from_table(o, lazy: dict, state, seat) -> None:
    """Set on the copy ``o`` the fields that ``live_view_classes`` reads from the table when asked, with the same
    functions ({name: function (state, seat) -> value}): one definition of each field for the copy and the view."""
    for name, f in lazy.items():
        setattr(o, name, f(state, seat))


def _read_from_table(name, f) -> property:
    def get(o):
        return f(o._state, o.seat)
    return property(get, doc=f"``{name}``, read from the table")


def seal(observation):
    """Make a filled-in observation read-only (its edition's ``observe`` calls this last)."""
    observation.__class__ = read_only_class(type(observation))
    return observation


class Observation:
    """A view of the table for one seat: the fields every edition's observation has (each edition adds its
    own: animals or species, the centre's tokens, ...).

    It is read-only and it is a copy: its fields cannot be set, its tables are read-only mappings of read-only
    copies of the units, and it stays as it was when the game goes on (``seal``, ``frozen``)."""

    __slots__ = ("seat", "ruleset", "players", "phase", "turn", "round", "first", "to_move", "winner",
                 "deck_size", "hand", "hand_sizes", "food_bank", "public")

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
    #: The table's other public fields (whose turn it is, who passed...), for ``sample_world``.
    public: tuple
    #: True on a sealed observation (``seal``), whose attributes cannot be set.
    read_only = False

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


def sample_world(view, rng):
    """A whole table consistent with what ``view``'s seat sees: the cards hidden from it (the others' hands,
    the deck, face-down cards) drawn at random from the cards it has not seen. Bots that look ahead play
    on such tables; two states that look the same from the seat give the same tables for the same ``rng``."""
    return view.ruleset.sample_world(view, rng)

"""Player actions and chance outcomes: small frozen values, JSON-able through ``to_dict``/``from_dict``.

An action names *what* a player does; whether it is allowed is the engine's business (``check``).
Chance outcomes (draws, dice, the first player) are moves of "nature", so a game record is just a list
of these values and replays without any random number generator.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .values import value_class

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**kwargs):
        """Tells type checkers that a decorator makes dataclasses (a no-op when the program runs)."""
        return lambda f: f

_T = TypeVar("_T")
_TYPES: dict[str, Any] = {}


def _register(cls):
    _TYPES[cls.__name__] = cls
    return cls


class Move:
    """Common base of actions and chance outcomes."""

    __slots__ = ()
    chance = False
    #: The dataclass fields of each move type, in order (set when the type is declared).
    _field_names: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"type": type(self).__name__}
        for name in self._field_names:
            v = getattr(self, name)
            d[name] = list(v) if isinstance(v, tuple) else v
        return d


def move_from_dict(d) -> Move:
    """Rebuild a move from ``Move.to_dict()``; raises ``ValueError`` naming what is wrong."""
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise ValueError(f"a move must be an object with a 'type', got {d!r}")
    cls = _TYPES.get(d["type"])
    if cls is None:
        raise ValueError(f"unknown move type {d['type']!r}")
    extra = set(d) - {"type"} - set(cls._field_names)
    if extra:
        raise ValueError(f"{d['type']} has no field(s) {sorted(extra)}")
    kwargs = {}
    for name in cls._field_names:
        if name not in d:
            raise ValueError(f"{d['type']} needs the field {name!r}")
        v = d[name]
        kwargs[name] = tuple(v) if isinstance(v, list) else v
    return cls(**kwargs)


@dataclass_transform(frozen_default=True)
def _action(cls: type[_T]) -> type[_T]:
    return _register(value_class(cls))


# ---- chance outcomes ---------------------------------------------------------------------------
@_action
class Draw(Move):
    """Nature deals the top card of the deck (the card kind is the outcome)."""
    card: str
    chance = True


@_action
class FirstPlayer(Move):
    """Nature picks the first player (the highest die roll, ties re-rolled)."""
    seat: int
    chance = True


@_action
class RollFood(Move):
    """Nature rolls the food-bank dice; ``food`` is the total with the bonus."""
    food: int
    chance = True


@_action
class RollDie(Move):
    """Nature rolls one six-sided die (e.g. for Running)."""
    value: int
    chance = True


@_action
class TieBreak(Move):
    """Nature's dice settle a tie that points and discard piles did not."""
    seat: int
    chance = True


@_action
class Mutate(Move):
    """Heredity variant: nature's mutation for the young being born: the top ``card`` of the mutation
    deck and the side (``trait``) that arises; ``card`` "" means the young has no new mutation."""
    card: str = ""
    trait: str = ""
    chance = True


@_action
class LoseTrait(Move):
    """Heredity variant: nature's copying loss for the young being born: the inherited ``trait`` it
    lacks; "" means it lost nothing."""
    trait: str = ""
    chance = True


# ---- development -------------------------------------------------------------------------------
@_action
class PlayAnimal(Move):
    """Put a hand card face down as a new animal."""
    card: str


@_action
class PlayTrait(Move):
    """Put a hand card face up as ``trait`` under ``animal`` (Parasite: under another player's animal)."""
    card: str
    trait: str
    animal: int


@_action
class PlayPairTrait(Move):
    """Link two own animals with a pair trait. For Symbiosis ``animals`` is (protector, protected)."""
    card: str
    trait: str
    animals: tuple


@_action
class Pass(Move):
    """Stop playing cards this development phase (final for the phase)."""


# ---- feeding -----------------------------------------------------------------------------------
@_action
class TakeFood(Move):
    """Main action: move one red token from the food bank onto an own animal."""
    animal: int


@_action
class Attack(Move):
    """Main action: a carnivore attacks another animal."""
    predator: int
    prey: int


@_action
class BurnFat(Move):
    """Main action: turn ``tokens`` yellow fat tokens of an unfed animal into food."""
    animal: int
    tokens: int


@_action
class Graze(Move):
    """Free action: a Grazing animal destroys one red token of the food bank."""
    animal: int


@_action
class Pirate(Move):
    """Free action: a Piracy animal steals one ``colour`` token from an unfed animal."""
    pirate: int
    victim: int
    colour: str


@_action
class Hibernate(Move):
    """Free action: an unfed animal with Hibernation Ability sleeps, counting as fed this turn."""
    animal: int


@_action
class EndMove(Move):
    """End this feeding move (with nothing done, the move is a pass)."""


# ---- decisions during an attack or a trigger ----------------------------------------------------
@_action
class Run(Move):
    """Defence: the attacked animal tries Running (a die roll of 4-6 escapes)."""


@_action
class Mimic(Move):
    """Defence: Mimicry redirects the attack to another own ``animal``."""
    animal: int


@_action
class DropTail(Move):
    """Defence: Tail Loss discards the trait card ``card_uid`` of the attacked animal; it escapes."""
    card_uid: int


@_action
class NoDefence(Move):
    """Defence: use no (further) defence; the attacked animal is eaten."""


@_action
class Scavenge(Move):
    """Choose which own Scavenger receives the token of a kill."""
    animal: int


@_action
class Resolve(Move):
    """Resolve the pending pair-trait trigger of card ``link`` now (``fire=False`` declines an optional one).

    ``source`` is the linked animal whose food triggered it; it is named only when the card has a trigger
    pending from each side (-1: the card's only pending trigger)."""
    link: int
    fire: bool = True
    source: int = -1


MOVE_TYPES = dict(_TYPES)


def same_move(a, b) -> bool:
    """Equal and with fields of the same types (``FirstPlayer(1.0)`` is not ``FirstPlayer(1)``)."""
    return a == b and all(type(getattr(a, f)) is type(getattr(b, f)) for f in a._field_names)


def interned(cls, size: int = 100_000):
    """A factory returning one shared instance per distinct argument tuple (actions and events are immutable).

    Engines build the same legal actions (and report the same events: a card dealt, a token taken) over and over,
    and a value found in the cache costs about half of building one (a ``FoodTaken``: 2.3k against 4.2k
    instructions); the cache holds at most about ``size`` values and is cleared when full. A factory's callers pass
    each field the same type every time (``1`` and ``True`` are the same key).
    """
    cache: dict = {}

    def make(*args):
        a = cache.get(args)
        if a is None:
            if len(cache) > size:
                cache.clear()
            a = cache[args] = cls(*args)
        return a

    make.__name__ = f"interned_{cls.__name__}"
    return make

#: ``to_move`` answers CHANCE when nature moves next (a draw, a die) and TERMINAL when the game is over.
CHANCE = -1
TERMINAL = -2


# ---- Random Mutations ----------------------------------------------------------------------------
@_action
class PlayCard(Move):
    """Play the top card of your blind player deck, announcing first how: ``mode`` is ``new_species``,
    ``trait`` (on ``species``, population 1), ``add_animal`` (to ``species``) or ``diverge`` (split
    ``species``). The card is revealed only after the announcement."""
    mode: str
    species: int = -1


@_action
class Reveal(Move):
    """Nature reveals the blind card just played as a trait (the outcome is its trait)."""
    trait: str
    chance = True


@_action
class RollShelter(Move):
    """Nature rolls the green die: shelters in the centre this turn."""
    shelters: int
    chance = True


@_action
class RollParasites(Move):
    """Nature rolls the black die: parasite tokens in the centre this turn."""
    parasites: int
    chance = True


@_action
class TakeShelter(Move):
    """Put a green shelter token from the centre on one of your animals."""
    animal: int


@_action
class PlaceParasite(Move):
    """Put a black parasite token from the centre on another player's animal (provisional rule)."""
    animal: int


@_action
class Stomp(Move):
    """Free action once per move: your Stomper species destroy ``tokens`` red food in the centre."""
    tokens: int


@_action
class ChooseVictim(Move):
    """The attacked species' owner picks which unsheltered ``animal`` is eaten."""
    animal: int


@_action
class ChooseParasiteVictim(Move):
    """Extinction: pick the ``animal`` that dies of parasites (provisional rule)."""
    animal: int


@_action
class DiscardTrait(Move):
    """Simplification (provisional): discard one other trait card ``card_uid`` of the species."""
    card_uid: int


@_action
class ChooseCard(Move):
    """Equilibrium scenario: take ``card`` from your own gene pool into your hand."""
    card: str


MOVE_TYPES.update({k: v for k, v in _TYPES.items() if k not in MOVE_TYPES})


# ---- North Star Evolution --------------------------------------------------------------------------
@_action
class SelectFood(Move):
    """Put ``card`` from your hand face down on the Watering Hole as this round's food card."""
    card: str


@_action
class PlaceTrait(Move):
    """Play ``card`` face down as a trait of ``species``; ``replace`` names a trait card there to discard."""
    card: str
    species: int
    replace: str = ""


@_action
class NewSpecies(Move):
    """Discard ``card`` for a new species (Body Size 1, Population 1) at the ``side`` end of your row."""
    card: str
    side: str


@_action
class Grow(Move):
    """Discard ``card`` to add 1 to the ``what`` ("body" or "population") of ``species``."""
    card: str
    species: int
    what: str


@_action
class EndTurn(Move):
    """End your Play Cards turn."""


@_action
class EatPlant(Move):
    """Feed ``species`` 1 plant food from the Watering Hole (Foraging 2; Cooperation passes it on)."""
    species: int


@_action
class Hunt(Move):
    """A Carnivore ``predator`` attacks species ``prey``; with Intelligence, discard ``card`` to cancel ``cancel``."""
    predator: int
    prey: int
    card: str = ""
    cancel: str = ""


@_action
class ThinkFood(Move):
    """Intelligence: discard ``card`` so non-Carnivore ``species`` takes 2 plant food from the Food Bank."""
    species: int
    card: str


MOVE_TYPES.update({k: v for k, v in _TYPES.items() if k not in MOVE_TYPES})

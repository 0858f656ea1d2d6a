"""What ``apply`` reports: plain frozen values that the tracker, the log and the charts read.

Every event has a ``to_dict()`` with a ``"type"`` key, so event tables are tidy rows. Events that
reveal a hidden card carry ``visible_to`` (the seats allowed to see it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .values import value_class

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    from .actions import dataclass_transform

_T = TypeVar("_T")
EVENT_TYPES: dict[str, Any] = {}


class Event:
    __slots__ = ()
    #: The dataclass fields of each event type, in order (set when the type is declared).
    _field_names: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"type": type(self).__name__}
        for f in self._field_names:
            v = getattr(self, f)
            d[f] = list(v) if isinstance(v, tuple) else v
        return d


@dataclass_transform(frozen_default=True)
def _event(cls: type[_T]) -> type[_T]:
    made: Any = value_class(cls)
    EVENT_TYPES[made.__name__] = made
    return made


@_event
class PhaseStarted(Event):
    turn: int
    phase: str


@_event
class CardDealt(Event):
    seat: int
    card: str
    visible_to: tuple


@_event
class FirstPlayerChosen(Event):
    seat: int


@_event
class AnimalBorn(Event):
    """A new animal: played from the hand, or (Heredity variant) a young of ``parent`` born with copies
    of the parent's single-animal ``traits``."""
    seat: int
    animal: int
    turn: int
    parent: int = -1
    traits: tuple = ()


@_event
class TraitGained(Event):
    seat: int
    animal: int
    trait: str
    card: str
    partner: int = -1      # the other animal of a pair trait
    played_by: int = -1    # differs from seat for a Parasite


@_event
class Passed(Event):
    seat: int
    phase: str


@_event
class FoodBankRolled(Event):
    food: int


@_event
class FoodTaken(Event):
    """An animal received a token: ``colour`` red/blue; ``source`` food_bank, carnivore, cooperation, ..."""
    seat: int
    animal: int
    colour: str
    source: str
    as_fat: bool


@_event
class FoodLost(Event):
    """Tokens that could not be held (no room) return to the supply."""
    animal: int
    tokens: int


@_event
class Attacked(Event):
    seat: int
    predator: int
    prey: int
    predator_traits: tuple
    prey_traits: tuple
    prey_seat: int = -1


@_event
class Escaped(Event):
    """The attack on ``prey`` failed: ``how`` is running, tail_loss; ``roll`` for Running."""
    predator: int
    prey: int
    how: str
    roll: int = 0
    trait_lost: str = ""


@_event
class RunFailed(Event):
    prey: int
    roll: int


@_event
class Redirected(Event):
    """Mimicry sent the attack from ``prey`` to ``to``."""
    predator: int
    prey: int
    to: int
    to_traits: tuple = ()


#: Every cause of death an edition reports in ``Died.cause`` (the tracker counts each in its own column).
CAUSES = ("starved", "eaten", "poisoned", "parasites", "horns")


@_event
class Died(Event):
    """An animal left the table: ``cause`` is one of ``CAUSES``; ``by`` the predator if eaten.

    ``food`` and ``need``: the food tokens (red and blue) it held and needed when it died (-1 when not
    reported), so the log can say why an animal that ate still starved; ``fat``: the stored fat it held, so
    food given to an animal that starved is seen. North Star reports one ``Died`` per Population lost; a
    starving species gives its food and its Population before the loss.
    """
    seat: int
    animal: int
    cause: str
    traits: tuple
    by: int = -1
    by_traits: tuple = ()
    food: int = -1
    need: int = -1
    fat: int = 0


@_event
class Poisoned(Event):
    predator: int
    prey: int


@_event
class Scavenged(Event):
    animal: int


@_event
class Grazed(Event):
    animal: int


@_event
class Pirated(Event):
    pirate: int
    victim: int
    colour: str


@_event
class Hibernated(Event):
    animal: int


@_event
class WokeUp(Event):
    animal: int


@_event
class FatBurned(Event):
    animal: int
    tokens: int


@_event
class TriggerFired(Event):
    link: int
    trait: str
    source: int
    target: int


@_event
class TraitLost(Event):
    seat: int
    animal: int
    trait: str


@_event
class Speciation(Event):
    """A species split (Divergence): ``species`` descends from ``parent`` (-1 for a founding species)."""
    seat: int
    parent: int
    species: int
    turn: int
    traits: tuple = ()


@_event
class SpeciesExtinct(Event):
    seat: int
    species: int
    turn: int


# ---- the Heredity variant ------------------------------------------------------------------------
@_event
class BlindMutation(Event):
    """A young was born with a mutation: the top card of the mutation deck, one side by chance.

    ``outcome``: ``added`` (a new trait of the young), ``linked`` (a pair trait linking it with its
    parent), or no effect: ``duplicate`` (it had the trait already), ``forbidden`` (a combination the
    rules forbid) or ``absent`` (the trait is not part of this world now: an experiment's setting).
    """
    seat: int
    animal: int
    parent: int
    trait: str
    card: str
    outcome: str
    turn: int


@_event
class TraitNotInherited(Event):
    """A young lost one of its parent's traits in copying (the loss rate)."""
    seat: int
    animal: int
    parent: int
    trait: str
    turn: int


@_event
class BirthsCapped(Event):
    """A player reached ``max_animals``: ``unborn`` young were not born this generation."""
    seat: int
    unborn: int
    limit: int
    turn: int


@_event
class Migrated(Event):
    """An animal ``arrived`` on or ``left`` the table by an experiment's setting (predators arrive/leave)."""
    seat: int
    animal: int
    traits: tuple
    how: str
    turn: int


@_event
class DeckReshuffled(Event):
    """The mutation deck ran out: its discards were shuffled into a new deck of ``cards`` cards."""
    cards: int


@_event
class TurnEnded(Event):
    turn: int
    alive: tuple   # animals alive per seat


@_event
class GameOver(Event):
    scores: tuple
    winner: int


# ---- Random Mutations (and a shared mutation marker) ---------------------------------------------
@_event
class Mutation(Event):
    """A trait card came into play as a mutation: played as a trait (Origin) or revealed blind (RM)."""
    seat: int
    trait: str
    turn: int


@_event
class TraitRevealed(Event):
    """A blind card announced as a trait was turned over: where it went (``outcome``)."""
    seat: int
    trait: str
    announced: int
    species: int
    outcome: str      # attached, moved_right, new_species, discarded


@_event
class ClimateRolled(Event):
    red: int
    green: int
    black: int


@_event
class ShelterTaken(Event):
    seat: int
    animal: int
    eaten: bool = False     # Bark Beetle turned it into food


@_event
class ParasitePlaced(Event):
    seat: int
    animal: int
    by: int


@_event
class Stomped(Event):
    seat: int
    tokens: int

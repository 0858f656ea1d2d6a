"""The bot protocol, the trait-card-rate rule every bot honours, and the random bot."""
from __future__ import annotations

from ..actions import EndTurn, Grow, NewSpecies, Pass, PlaceTrait, PlayAnimal, PlayCard, PlayPairTrait, PlayTrait
from ..errors import OptionError

_TRAIT_PLAYS = (PlayTrait, PlayPairTrait, PlaceTrait)
_DEV_FIRST = (PlayAnimal, PlayCard, NewSpecies)      # the first legal action of a development decision


def is_trait_play(a) -> bool:
    """A mutation: a card played as a trait (Origin) or announced as a trait (Random Mutations)."""
    t = type(a)
    return t in _TRAIT_PLAYS or (t is PlayCard and a.mode == "trait")


def is_growth_play(a) -> bool:
    """A card played as a new animal, a new species or one more animal of a species."""
    t = type(a)
    return t is PlayAnimal or t is NewSpecies or t is Grow or (t is PlayCard and a.mode in ("new_species", "add_animal"))


class Bot:
    """Base class: ``choose`` applies ``trait_card_rate``, then ``pick`` chooses among what is left.

    ``trait_card_rate`` is a player's choice, not a mutation: the probability that, on a development move
    where both are legal, the bot plays its card as a trait rather than as a new animal. ``mutation_rate``
    is its old name, kept as an alias (in the Heredity variant "mutation rate" is nature's, a rules option).
    """

    name = "bot"
    needs_observation = True
    #: A class that only ever returns an element of ``legal`` may declare ``picks_from_legal = True`` in its own
    #: body: ``Match`` then skips checking its moves. The declaration is not inherited (a subclass that changes
    #: how moves are chosen is checked again), so only classes whose every path is known to pick from
    #: ``legal`` should declare it.
    picks_from_legal = False

    def __init__(self, trait_card_rate=None, divergence_rate=0.1, mutation_rate=None):
        if mutation_rate is not None:
            if trait_card_rate is not None:
                raise OptionError("give trait_card_rate or its old name mutation_rate, not both")
            trait_card_rate = mutation_rate
        for name, v in (("trait_card_rate", trait_card_rate), ("divergence_rate", divergence_rate)):
            if v is not None and not (isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1):
                raise OptionError(f"{name} must be between 0 and 1, got {v!r}")
        self.trait_card_rate = trait_card_rate
        self.divergence_rate = divergence_rate

    @property
    def mutation_rate(self):
        """Old name of ``trait_card_rate`` (kept so existing code and notebooks run)."""
        return self.trait_card_rate

    @mutation_rate.setter
    def mutation_rate(self, value):
        self.trait_card_rate = value

    def choose(self, view, legal, rng):
        first = type(legal[0])
        if first in _DEV_FIRST:                               # a development move
            diverge = [a for a in legal if type(a) is PlayCard and a.mode == "diverge"] if first is PlayCard else ()
            if diverge:
                if rng.random() < self.divergence_rate:
                    return self.pick(view, diverge, rng)
                legal = [a for a in legal if not (type(a) is PlayCard and a.mode == "diverge")]
            if self.trait_card_rate is not None:
                legal = trait_card_filter(legal, self.trait_card_rate, rng)
        return self.pick(view, legal, rng)

    def pick(self, view, legal, rng):
        """Choose among ``legal``; subclasses decide how. The base class plays the first legal action."""
        return legal[0]

    def __repr__(self):
        mr = "" if self.trait_card_rate is None else f"(trait_card_rate={self.trait_card_rate})"
        return f"{type(self).__name__}{mr}"


# what each kind of action is for the filter, when its type alone says it (PlayCard's mode decides its kind)
_KEEP_TRAITS = frozenset(_TRAIT_PLAYS + (Pass, EndTurn))
_KEEP_GROWTH = frozenset((PlayAnimal, NewSpecies, Grow, Pass, EndTurn))


def trait_card_filter(legal, rate, rng):
    """Keep only trait plays with probability ``rate``, else only animal plays (when both exist).

    Passing stays possible either way: the rate decides *how* a card is played, not *whether*.
    """
    types = set(map(type, legal))
    if PlayCard in types:
        if not any(is_trait_play(a) for a in legal):
            return legal
        keep = is_trait_play if rng.random() < rate else is_growth_play
        return [a for a in legal if keep(a) or type(a) is Pass or type(a) is EndTurn]
    if types.isdisjoint(_TRAIT_PLAYS):            # the same test by type alone, for the editions without PlayCard
        return legal
    keep = _KEEP_TRAITS if rng.random() < rate else _KEEP_GROWTH
    return [a for a in legal if type(a) in keep]


mutation_filter = trait_card_filter      # the old name


class RandomBot(Bot):
    """Chooses uniformly among the legal actions: the baseline every experiment compares against."""

    name = "random"
    needs_observation = False
    picks_from_legal = True

    def pick(self, view, legal, rng):
        return legal[int(rng.random() * len(legal))]


BOTS = {"random": RandomBot}


def make_bot(spec):
    """A bot from a name ("random", "greedy") or ``name:trait_card_rate`` (e.g. ``greedy:0.3``); bot
    objects pass through."""
    if not isinstance(spec, str):
        if hasattr(spec, "choose"):
            return spec
        raise OptionError(f"a seat needs a bot name or a bot object, got {spec!r}")
    name, _, rate = spec.partition(":")
    make = BOTS.get(name)
    if make is None:
        from .profiles import style_factory, styles      # an edition's play style, by its name
        if name not in styles():
            raise OptionError(f"unknown bot {name!r}; available: {sorted(set(BOTS) | set(styles()))}")
        make = style_factory(name)
    try:
        return make(float(rate)) if rate else make()
    except ValueError:
        raise OptionError(f"bad trait-card rate in {spec!r}: write {name}:RATE with a RATE from 0 to 1, "
                          f"e.g. {name}:0.5") from None

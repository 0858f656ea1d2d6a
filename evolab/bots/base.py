"""The bot protocol, the mutation-rate rule every bot honours, and the random bot."""
from __future__ import annotations

from ..actions import Pass, PlayAnimal, PlayPairTrait, PlayTrait
from ..errors import OptionError

_TRAIT_PLAYS = (PlayTrait, PlayPairTrait)


class Bot:
    """Base class: ``choose`` applies ``mutation_rate``, then ``pick`` chooses among what is left."""

    name = "bot"
    needs_observation = True

    def __init__(self, mutation_rate=None):
        if mutation_rate is not None and not (isinstance(mutation_rate, (int, float))
                                              and 0 <= mutation_rate <= 1):
            raise OptionError(f"mutation_rate must be between 0 and 1, got {mutation_rate!r}")
        self.mutation_rate = mutation_rate

    def choose(self, view, legal, rng):
        if self.mutation_rate is not None and type(legal[0]) is PlayAnimal:
            legal = mutation_filter(legal, self.mutation_rate, rng)
        return self.pick(view, legal, rng)

    def pick(self, view, legal, rng):
        raise NotImplementedError   # pragma: no cover  (abstract)

    def __repr__(self):
        mr = "" if self.mutation_rate is None else f"(mutation_rate={self.mutation_rate})"
        return f"{type(self).__name__}{mr}"


def mutation_filter(legal, rate, rng):
    """Keep only trait plays with probability ``rate``, else only animal plays (when both exist).

    Passing stays possible either way: the rate decides *how* a card is played, not *whether*.
    """
    traits = [a for a in legal if type(a) in _TRAIT_PLAYS]
    if not traits:
        return legal
    keep = _TRAIT_PLAYS if rng.random() < rate else (PlayAnimal,)
    return [a for a in legal if type(a) in keep or type(a) is Pass]


class RandomBot(Bot):
    """Chooses uniformly among the legal actions: the baseline every experiment compares against."""

    name = "random"
    needs_observation = False

    def pick(self, view, legal, rng):
        return legal[int(rng.random() * len(legal))]


BOTS = {"random": RandomBot}


def make_bot(spec):
    """A bot from a name ("random", "greedy") or ``name:mutation_rate``; bot objects pass through."""
    if not isinstance(spec, str):
        if hasattr(spec, "choose"):
            return spec
        raise OptionError(f"a seat needs a bot name or a bot object, got {spec!r}")
    name, _, rate = spec.partition(":")
    if name not in BOTS:
        raise OptionError(f"unknown bot {name!r}; available: {sorted(BOTS)}")
    try:
        return BOTS[name](float(rate)) if rate else BOTS[name]()
    except ValueError:
        raise OptionError(f"bad mutation rate in {spec!r}") from None

"""What the bots value in an edition (``BotHints``), and the feeding plan every edition's greedy rules share.

An edition's ``hints.py`` subclasses ``BotHints``: the greedy bot scores each legal action with the edition's
rules of thumb (``greedy_values``), which read a context built once per decision (``greedy_context``). The
base class is neutral: every action is worth the same, so a new edition's greedy bot plays like a random one.

The feeding plan is the way a sensible player makes one: how much food can I expect this round, and which of
my hungry animals can I finish with it? Finishing the cheapest animals first feeds the most of them with a
given amount of food; food spread over many animals may finish none.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress
from typing import Any, ClassVar


@dataclass(frozen=True)
class PlayStyle:
    """A way of life kept on purpose (``evolab.bots.ProfileBot``): the traits it builds, and what it is."""

    name: str
    description: str
    traits: frozenset


class BotHints:
    """What the greedy and lookahead bots value in one edition (neutral: nothing is worth more than anything).

    ``greedy_values`` maps an action type to ``value(context, action) -> float``; the context is
    ``greedy_context(view, legal)``, made once per decision. An action type with no value scores 0.
    """

    #: action type -> value(context, action): the edition's rules of thumb.
    greedy_values: ClassVar[dict[type, Callable[[Any, Any], float]]] = {}
    #: The edition's play styles by name (none by default).
    play_styles: ClassVar[dict[str, PlayStyle]] = {}

    def greedy_context(self, view, legal, salt: int = 0) -> Any:
        """What the rules of thumb read, computed once per decision (by default the observation itself).
        ``salt`` (the Heredity variant) orders ties among animals anew every decision."""
        return view

    def greedy_ties(self, view, legal, salt: int = 0) -> list:
        """What the greedy bot asks once per decision: ``greedy_best`` of ``greedy_context`` (an edition may do both
        in one call, as long as it returns the same list)."""
        return self.greedy_best(self.greedy_context(view, legal, salt), legal)

    #: whether ``greedy_live(view, trait_card_rate, rng)`` also makes ``trait_card_filter``'s draw (as ``Bot.choose``
    #: would, before the bot's own), so that a bot with a trait-card rate may choose from the view too
    greedy_live_rates = False
    #: the phases in which ``greedy_live`` may decide (elsewhere it answers None): a caller may skip it there
    greedy_live_phases: frozenset = frozenset()

    def greedy_live(self, view) -> list | None:
        """``greedy_best`` of the whole legal list of this decision, found from ``view`` alone (a live view) without the
        list being built, or None when the edition needs the list (the default: always)."""
        return None

    def greedy_scores(self, ctx, legal) -> list:
        """The value of every legal action, in order: ``greedy_values`` one by one (an edition may score a
        numerous kind of action, such as attacks, all together)."""
        get = self.greedy_values.get
        return [get(type(a), _zero)(ctx, a) for a in legal]

    def greedy_best(self, ctx, legal) -> list:
        """The legal actions the greedy bot draws among, in their order: those within 1e-9 of the best value.
        By default from ``greedy_scores``; an edition may find them without valuing in full the actions that
        cannot reach the best, as long as it returns the same list."""
        scores = self.greedy_scores(ctx, legal)
        best = max(scores)
        top = best - 1e-9
        i = scores.index(best)
        scores[i] = _NONE
        if max(scores) <= top:                 # one best action (the usual case): the runner-up is below it
            return [legal[i]]
        scores[i] = best
        return list(compress(legal, map(top.__lt__, scores)))


def _zero(ctx, a) -> float:
    return 0.0


_NONE = float("-inf")


def expected_share(bank: int, rival_demands, me_first: bool, my_demand: int = 1 << 30) -> int:
    """Tokens I can expect from a shared pile of ``bank`` when everyone takes one per move in turn.

    ``rival_demands`` lists what each rival still wants, in the order they move after me; a rival stops
    taking when his demand is met. ``me_first``: I take before the rivals in the first round.
    """
    if bank <= 0:
        return 0
    demands = [d for d in rival_demands if d > 0]
    if not demands:
        return min(bank, my_demand)
    mine = 0
    rounds = 0 if me_first else 1      # my next take comes after this many rounds of the rivals' takes
    taken = 0 if me_first else len(demands)      # what the rivals took in those rounds
    while mine < my_demand and mine + taken < bank:
        mine += 1
        rounds += 1
        for d in demands:              # a rival still wanting takes one more
            if d >= rounds:
                taken += 1
    return mine


def completion_plan(costs, budget: float):
    """The animals to finish: cheapest first while the ``budget`` lasts (``costs``: (cost, tie-breaks...,
    id) tuples).

    Returns (planned ids, the budget left over). An animal whose cost is 0 feeds itself (its own fat, a
    sure hunt) and is always planned.
    """
    planned = set()
    left = budget
    for c in sorted(costs):
        if c[0] > left:
            break
        planned.add(c[-1])
        left -= c[0]
    return planned, left


class FeedingPlan:
    """What a plan offers the rules of thumb, in every edition. An edition's plan sets ``cost`` (tokens each
    hungry animal still needs from the shared food), ``share``, ``planned``, ``spare``, ``bank``,
    ``me_first`` (the bot takes before its rivals this round) and ``demands`` (the rivals' wants, in the
    order they move after the bot)."""

    _later = None
    _rooms = None

    @property
    def share_later(self):
        """The tokens to expect when this move is spent on something else (an attack)."""
        if self._later is None:
            self._later = expected_share(self.bank, self.demands, False) if self.me_first and self.bank else self.share
        return self._later

    def room_after_attack(self, aid):
        """Tokens left for hunter ``aid`` if it spends this move attacking: the share from the next round
        on, less what the bot's other planned animals need."""
        rooms = self._rooms
        if rooms is None:
            rooms = self._rooms = {}
        room = rooms.get(aid)
        if room is None:
            others = self.share - self.spare - (self.cost[aid] if aid in self.planned else 0)
            room = rooms[aid] = self.share_later - others
        return room

    def hopeless(self, aid):
        """A hungry animal the bot cannot finish this turn (it will starve unless something else saves it)."""
        return aid in self.cost and aid not in self.planned


class PlanOnDemand:
    """Mixin for a bot's context: the feeding plan, made once per decision when a rule first asks for it."""

    _plan = None
    plan_class: Any = None

    @property
    def plan(self):
        if self._plan is None:
            self._plan = self.plan_class(self)
        return self._plan

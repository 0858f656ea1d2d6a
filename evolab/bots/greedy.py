"""GreedyBot: a sensible one-move-ahead player. It feeds its animals, attacks when it pays, defends itself.

Each legal action gets a score from simple rules a player would state aloud; the best wins, ties go to
the random number generator so the bot is not predictable. The rules of thumb are the edition's own (its
``BotHints``, in ``rules/<edition>/hints.py``): in the feeding phase they follow a plan (``rules.hints``): how
much food the bot can expect this turn, and which of its animals it can finish with it.
"""
from __future__ import annotations

from ..rules.hints import BotHints
from .base import Bot


class GreedyBot(Bot):
    """Scores every legal action with its edition's rules of thumb and plays the best."""

    name = "greedy"
    picks_from_legal = True
    _rs = None
    _hints: tuple = ()

    def pick(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        rs = view.ruleset
        if rs is not self._rs:              # the edition's rules of thumb, looked up once per table
            self._rs = rs
            hints = rs.edition.bot_hints
            if type(hints).greedy_ties is BotHints.greedy_ties:     # context, then best, as the default does
                self._hints = (hints.greedy_context, hints.greedy_best, rs.heredity)
            else:                                                   # the edition does both in one call
                self._hints = (hints.greedy_ties, None, rs.heredity)
        context, best, heredity = self._hints
        # the Heredity variant's ties among animals: a new order every decision
        ties = context(view, legal, int(rng.random() * 4294967296) if heredity else 0)
        if best is not None:
            ties = best(ties, legal)
        if len(ties) == 1:                  # one best action (the usual case)
            return ties[0]
        return ties[int(rng.random() * len(ties))]      # ties: by chance

    def live_chooser(self, rs):
        """``choose`` from the view alone, for a match that has not built the legal list: a function (view, rng) ->
        the action ``choose`` would pick, or None where the edition needs the list (``BotHints.greedy_live``); None
        for a subclass or the Heredity variant, which choose from the list, and for a trait-card rate unless the
        edition makes its draw too (``BotHints.greedy_live_rates``)."""
        hints = rs.edition.bot_hints
        rate = self.trait_card_rate
        if (type(self) is not GreedyBot or rs.heredity or type(hints).greedy_live is BotHints.greedy_live
                or rate is not None and not hints.greedy_live_rates):
            return None
        find = hints.greedy_live

        def choose(view, rng):
            ties = find(view) if rate is None else find(view, rate, rng)
            if ties is None:                # the edition needs the list
                return None
            if len(ties) == 1:              # one best action: no draw, as in pick
                return ties[0]
            return ties[int(rng.random() * len(ties))]
        choose.phases = hints.greedy_live_phases     # where it may decide (callers may skip it elsewhere)
        return choose

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("_rs", None)              # the looked-up rules of thumb are found again where the bot lands
        state.pop("_hints", None)
        return state


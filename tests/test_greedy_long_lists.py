"""The Origin greedy bot's two ways through a feeding decision choose the same actions.

A long feeding list (the Heredity variant's predation tables list hundreds of attacks) is valued by a pass that
sorts the attacks first (``_feeding_best_long``); a short one in a single pass (``_feeding_best``). Both must give
exactly the actions that valuing every legal action one by one gives (``BotHints.greedy_best``).
"""
from __future__ import annotations

import random

from evolab import Match, heredity
from evolab.bots import GreedyBot
from evolab.rules.hints import BotHints
from evolab.rules.origin import hints as origin_hints


class _BothWays(GreedyBot):
    picks_from_legal = True
    long_lists = 0

    def pick(self, view, legal, rng):
        if view.phase == "feeding" and len(legal) > 1:
            hints = view.ruleset.edition.bot_hints
            shuffled = list(legal)
            random.Random(len(legal)).shuffle(shuffled)
            for actions in (legal, shuffled):
                reference = BotHints.greedy_best(hints, hints.greedy_context(view, actions, 3), actions)
                assert origin_hints._feeding_best(hints.greedy_context(view, actions, 3), actions) == reference
                assert origin_hints._feeding_best_long(hints.greedy_context(view, actions, 3), actions) == reference
            type(self).long_lists += len(legal) > origin_hints._LONG
        return super().pick(view, legal, rng)


def test_long_and_short_feeding_passes_choose_alike():
    rs = heredity.load("predation", generations=5)
    Match(rs, seats=[_BothWays(), _BothWays()], seed=5).play_out()
    assert _BothWays.long_lists > 20

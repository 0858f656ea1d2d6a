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


class _NearTies(GreedyBot):
    """Checks every decision's ``greedy_ties`` (what the bot asks) against valuing every legal action, and counts
    the decisions whose candidates differ by less than 1e-9 without being equal (a Parasite play beside a new
    animal: 2.2 + 0.1 * 3 against 2.5), where the streamed valuations hand over to the plain one."""

    picks_from_legal = True
    checked = near = 0

    def pick(self, view, legal, rng):
        if len(legal) > 1:
            hints = view.ruleset.edition.bot_hints
            ctx = hints.greedy_context(view, legal, 3)
            reference = BotHints.greedy_best(hints, ctx, legal)
            assert hints.greedy_ties(view, legal, 3) == reference
            values = hints.greedy_scores(hints.greedy_context(view, legal, 3), legal)
            best = max(values)
            type(self).near += any(best - 1e-9 < v < best for v in values)
            type(self).checked += 1
        return super().pick(view, legal, rng)


def test_ties_within_a_hair_choose_alike():
    """The Fatality scenario (many Parasite plays): the near ties are met and chosen among as before."""
    import evolab
    for players in (2, 4):
        rs = evolab.load_ruleset("origin", players=players, scenario="fatality")
        for seed in range(4):
            Match(rs, seats=[_NearTies() for _ in range(players)], seed=seed).play_out()
    assert _NearTies.checked > 500 and _NearTies.near > 0

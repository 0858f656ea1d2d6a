"""The Random Mutations greedy bot finds its best actions in one pass (``hints._streamed_best``), leaving unvalued the
parasites and Stomps whose bound cannot reach the best so far. The actions it draws among must be exactly those that
valuing every legal action gives, in the legal list's order (the bot draws among ties by their position)."""
from __future__ import annotations

import pytest

import evolab
from evolab import Match
from evolab.actions import PlaceParasite, Stomp
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.hints import BotHints
from evolab.rules.random_mutations import hints as H


class _Compared(GreedyBot):
    """Checks at every decision that the streamed best equals ``BotHints.greedy_best`` of the legal list."""

    picks_from_legal = True
    checked = skipped = ties = stomps = 0

    def pick(self, view, legal, rng):
        hints = view.ruleset.edition.bot_hints
        streamed = hints.greedy_best(hints.greedy_context(view, legal), legal)
        reference = BotHints.greedy_best(hints, hints.greedy_context(view, legal), legal)
        assert streamed == reference
        cls = type(self)
        cls.checked += 1
        cls.ties += len(reference) > 1
        cls.stomps += any(type(a) is Stomp for a in reference)      # a Stomp among the best
        ctx = hints.greedy_context(view, legal)
        if any(type(a) is PlaceParasite for a in legal):
            best = max(hints.greedy_values[type(a)](ctx, a) for a in reference)
            cls.skipped += H._parasite_cap(ctx) <= best - 1e-9      # every parasite left unvalued
        return super().pick(view, legal, rng)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_streamed_ties_are_those_of_the_whole_list(players):
    _Compared.checked = _Compared.skipped = _Compared.ties = _Compared.stomps = 0
    rs = evolab.load_ruleset("random_mutations", players=players)
    for seed in range(4):
        seats = [_Compared() if i % 2 == 0 or seed % 2 else RandomBot() for i in range(players)]
        Match(rs, seats=seats, seed=seed).play_out()
    assert _Compared.checked > 300
    assert _Compared.skipped > 20 and _Compared.ties > 20 and _Compared.stomps > 0


def test_the_streamed_best_is_what_the_greedy_bot_uses():
    rs = evolab.load_ruleset("random_mutations", players=3)
    hints = rs.edition.bot_hints
    assert type(hints).greedy_best is not BotHints.greedy_best
    plain = Match(rs, seats=[GreedyBot() for _ in range(3)], seed=11)
    plain.play_out()
    compared = Match(rs, seats=[_Compared() for _ in range(3)], seed=11)
    compared.play_out()
    assert compared.record.moves == plain.record.moves

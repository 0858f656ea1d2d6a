"""The Origin greedy bot choosing a development move from the live view alone (``OriginHints.greedy_live``).

A match does not build the development legal list for a plain GreedyBot: the edition walks the seat's hand card by
card and skips a side that cannot beat the best play so far. The plays it returns must be exactly those that valuing
every legal action gives, in the legal list's order (the bot draws among ties by their position), and the games must
be the games the bot plays from the list.
"""
from __future__ import annotations

import pytest

import evolab
from evolab import Match
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.hints import BotHints
from live_support import greedy_moves


class _Compared(GreedyBot):
    """Checks at every development decision that ``greedy_live`` gives ``BotHints.greedy_best`` over the legal list."""

    picks_from_legal = True
    checked = ties = pairs = parasites = 0

    def pick(self, view, legal, rng):
        hints = view.ruleset.edition.bot_hints
        live = hints.greedy_live(view)
        if view.phase == "development" and view.ruleset.options["scenario"] == "base" and not view.ruleset.restricted:
            reference = BotHints.greedy_best(hints, hints.greedy_context(view, legal), legal)
            assert live == reference
            cls = type(self)
            cls.checked += 1
            cls.ties += len(reference) > 1
            cls.pairs += any(type(a).__name__ == "PlayPairTrait" for a in legal)
            cls.parasites += any(getattr(a, "trait", None) == "parasite" for a in legal)
        else:
            assert live is None
        return super().pick(view, legal, rng)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_live_development_ties_are_the_legal_lists(players):
    """Greedy seats beside random ones (whose animals carry every kind of trait); pair traits and Parasite plays
    on the table."""
    before = (_Compared.checked, _Compared.ties, _Compared.pairs, _Compared.parasites)
    rs = evolab.load_ruleset("origin", players=players)
    for seed in range(4):
        seats = [_Compared() if s % 3 != 2 else RandomBot() for s in range(players)]
        Match(rs, seats=seats, seed=300 + 10 * players + seed).play_out()
    after = (_Compared.checked, _Compared.ties, _Compared.pairs, _Compared.parasites)
    checked, ties, pairs, parasites = (a - b for a, b in zip(after, before))
    assert checked > 150 and ties > 20 and pairs > 20 and parasites > 20


@pytest.mark.parametrize("options", [{"scenario": "fatality"}, {"scenario": "equilibrium"},
                                     {"trait_from_turn": {"carnivorous": 3}}])
def test_scenarios_and_restricted_traits_choose_from_the_list(options):
    """Where passing is limited or a trait waits for its turn, the live view does not decide: the list does."""
    rs = evolab.load_ruleset("origin", players=3, **options)
    Match(rs, seats=[_Compared(), _Compared(), RandomBot()], seed=5).play_out()


@pytest.mark.parametrize("rate", [0.0, 0.3, 1.0])
def test_a_trait_card_rate_draws_as_the_filter_of_the_legal_list_does(rate):
    """``trait_card_filter`` draws before the bot's own draw, only when a card may be played either way: the live
    walk makes the same draws, so the games are the list's."""
    for players in (2, 4):
        rs = evolab.load_ruleset("origin", players=players)
        for seed in range(3):
            assert greedy_moves(rs, seed, stepped=False, rate=rate) == greedy_moves(rs, seed, stepped=True, rate=rate)

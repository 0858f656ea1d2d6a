"""North Star's greedy bot choosing a Play Cards move from the live view alone (``NorthStarHints.greedy_live``).

A match does not build the Play Cards legal list for a plain GreedyBot: the edition works out the best moves from
the seat's hand, species and round. They must be exactly the actions that valuing every legal action gives, in
the legal list's order (the bot draws among ties by their position), and the games must be the games the bot
plays from the list.
"""
from __future__ import annotations

import pytest

import evolab
from evolab import Match
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.hints import BotHints

OPTIONS = [{}, {"trait_from_turn": {"carnivore": 3, "long_neck": 2}}, {"trait_limit": 1},
           {"banned_traits": ["fat_tissue"], "foraging_everywhere": False}]


class _Compared(GreedyBot):
    """Checks at every Play Cards decision that ``greedy_live`` gives ``BotHints.greedy_best`` over the legal list."""

    picks_from_legal = True
    checked = ties = 0

    def pick(self, view, legal, rng):
        hints = view.ruleset.edition.bot_hints
        if view.phase == "play_cards":
            reference = BotHints.greedy_best(hints, hints.greedy_context(view, legal), legal)
            assert hints.greedy_live(view) == reference
            type(self).checked += 1
            type(self).ties += len(reference) > 1
        else:
            assert hints.greedy_live(view) is None
        return super().pick(view, legal, rng)


@pytest.mark.parametrize("options", OPTIONS)
def test_live_play_cards_ties_are_the_legal_lists(options):
    """Two to six players (six: the simultaneous Play Cards phase), greedy seats beside random ones."""
    before = _Compared.checked, _Compared.ties
    for players in range(2, 7):
        rs = evolab.load_ruleset("northstar", players=players, **options)
        seats = [_Compared() if s % 3 != 2 else RandomBot() for s in range(players)]
        Match(rs, seats=seats, seed=100 + players).play_out()
    assert _Compared.checked - before[0] > 300 and _Compared.ties - before[1] > 20

"""Every edition whose greedy bot chooses from the live view (``GreedyBot.live_chooser``): a played-out game asks
the view and builds no legal list in the phase it decides (North Star's Play Cards, the development of the two
Knorre & Machin editions), and plays the very game the bot plays from the lists (``step`` always builds them).
What each edition's walk must return, decision by decision, is tested in ``test_<edition>_greedy_live.py``."""
from __future__ import annotations

import pytest

import evolab
from evolab.bots import GreedyBot
from live_support import greedy_moves, listed_phases

#: edition -> (the phase its live view decides, table sizes played, whether its walk makes a trait-card rate's draw)
LIVE = {"origin": ("development", (2, 4, 5), True), "northstar": ("play_cards", (3, 4, 6), False),
        "random_mutations": ("development", (2, 4, 5), False)}
GAMES = [(rid, players) for rid, (_, sizes, _) in LIVE.items() for players in sizes]


@pytest.mark.parametrize("rid, players", GAMES)
def test_play_out_from_the_view_plays_the_games_of_the_legal_list(rid, players):
    rs = evolab.load_ruleset(rid, players=players)
    for seed in range(3):
        assert greedy_moves(rs, seed, stepped=False) == greedy_moves(rs, seed, stepped=True)


@pytest.mark.parametrize("rid", sorted(LIVE))
def test_play_out_builds_no_list_where_greedy_seats_choose_from_the_view(rid):
    phase, _, rates = LIVE[rid]
    rs = evolab.load_ruleset(rid, players=4)
    phases = listed_phases(rs, [GreedyBot] * 4)
    assert "feeding" in phases and phase not in phases
    rated = listed_phases(rs, [lambda: GreedyBot(trait_card_rate=0.5)] * 4)
    assert (phase in rated) is not rates        # a walk that makes the rate's draw itself needs no list
    sub = listed_phases(rs, [type("Sub", (GreedyBot,), {})] * 4)
    assert phase in sub                         # a subclass may value plays its own way: it gets the list

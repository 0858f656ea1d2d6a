"""North Star's deck draws: ``sample_chance`` reads the card at the draw's whole part in the deck laid out (kept
from draw to draw); it must be the card the running counts give for the same single draw, whatever deck was
laid out before."""
from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate

import evolab
from evolab import Match
from evolab.bots import RandomBot
from evolab.rules.northstar import moves
from evolab.rules.northstar.deck import CARD_IDS


def _by_running_counts(s, rng):
    return CARD_IDS[bisect_right(list(accumulate(s.deck)), rng.random() * s.deck_size)]


def test_each_draw_is_the_card_of_the_running_counts_along_games():
    rules = evolab.load_ruleset("northstar", players=3)
    checked = 0
    for seed in range(3):
        m = Match(rules, seats=[RandomBot() for _ in range(3)], seed=seed)
        while not m.is_over():
            s = m.state
            if s.draw_queue:
                for k in range(2):
                    a, b = random.Random(k), random.Random(k)
                    assert rules.sample_chance(s, a).card == _by_running_counts(s, b)
                    assert a.getstate() == b.getstate()
                checked += 1
            m.step()
    assert checked > 200


def test_a_draw_from_another_deck_than_the_one_laid_out_is_the_same():
    """Two games drawn in turn (the laid-out deck is the other game's each time), and a deck whose cards were
    taken outside ``deal``: the draw is still the running counts' card."""
    rules = evolab.load_ruleset("northstar", players=4)
    games = [Match(rules, seats=[RandomBot() for _ in range(4)], seed=seed) for seed in (1, 2)]
    for _ in range(150):
        for m in games:
            s = m.state
            if s.draw_queue:
                a, b = random.Random(7), random.Random(7)
                assert rules.sample_chance(s, a).card == _by_running_counts(s, b)
            if not m.is_over():
                m.step()
    s = evolab.load_ruleset("northstar", players=4).new_game()
    s.draw_queue = (0,)
    moves.sample_chance(rules, s, random.Random(3))               # lays out this deck
    deck = list(s.deck)
    deck[0] -= 1
    s.deck, s.deck_size = tuple(deck), s.deck_size - 1             # a card gone without ``deck.taken``
    for k in range(20):
        a, b = random.Random(k), random.Random(k)
        assert moves.sample_chance(rules, s, a).card == _by_running_counts(s, b)

"""``Ruleset.uniform_action``: the move one uniform draw picks, built without the legal list where an edition counts
its moves, is exactly ``legal[int(rng.random() * len(legal))]`` with the same single draw, so a random bot's seeded
games stay the same."""
from __future__ import annotations

import random

import pytest

import evolab
from evolab import Match
from evolab.actions import CHANCE
from evolab.bots import GreedyBot, RandomBot

CASES = [("origin", {"players": 2}), ("origin", {"players": 4}), ("origin", {"players": 6}),
         ("origin", {"players": 3, "banned_traits": ["parasite"], "trait_from_turn": {"symbiosis": 3}}),
         ("origin", {"players": 2, "heredity": True, "generations": 4}),
         ("random_mutations", {"players": 3}), ("random_mutations", {"players": 2, "divergence": True}),
         ("random_mutations", {"players": 4, "heredity": True, "generations": 4}), ("northstar", {"players": 3}),
         ("northstar", {"players": 6}), ("northstar", {"players": 2, "trait_limit": 3}),
         ("northstar", {"players": 4, "banned_traits": ["carnivore"], "trait_from_turn": {"fat_tissue": 3}})]


@pytest.mark.parametrize("ruleset,options", CASES, ids=lambda x: str(x))
def test_uniform_action_is_the_listed_action_of_the_same_draw(ruleset, options):
    rules = evolab.load_ruleset(ruleset, **options)
    checked = 0
    for seed in range(6):
        m = Match(rules, seats=[GreedyBot() if i % 2 else RandomBot() for i in range(rules.players)], seed=seed)
        while not m.is_over():
            s = m.state
            if rules.to_move(s) >= 0:
                legal = rules.legal_actions(s)
                for k in range(3):
                    a, b = random.Random(k), random.Random(k)
                    assert rules.uniform_action(s, a) == legal[int(b.random() * len(legal))]
                    assert a.getstate() == b.getstate()          # one draw, no more
                checked += 1
            m.step()
    assert checked > 100


@pytest.mark.parametrize("ruleset,options", CASES, ids=lambda x: str(x))
def test_uniform_move_is_natures_outcome_or_the_seats_uniform_draw(ruleset, options):
    """``uniform_move`` (one step of a game of random bots) is ``sample_chance`` at a chance node and
    ``uniform_action`` at a decision, with the same draws, in every phase the games reach; so is the function the
    edition lists for the phase in ``uniform_moves`` (what ``Match`` calls in a game of random bots)."""
    rules = evolab.load_ruleset(ruleset, **options)
    phases = set()
    for seed in range(4):
        m = Match(rules, seats=[RandomBot() for _ in range(rules.players)], seed=seed)
        while not m.is_over():
            s = m.state
            a, b = random.Random(seed), random.Random(seed)
            chance = rules.to_move(s) == CHANCE
            expected = rules.sample_chance(s, b) if chance else rules.uniform_action(s, b)
            assert rules.uniform_move(s, a) == expected
            assert a.getstate() == b.getstate()
            direct = rules.uniform_moves.get(s.phase)
            if direct is not None:          # the edition's function for the phase, which Match calls directly
                c = random.Random(seed)
                assert direct(rules, s, c) == expected and c.getstate() == b.getstate()
            phases.add((s.phase, chance))
            m.step()
    assert len(phases) >= 4

def test_random_bots_play_the_same_games_with_and_without_the_uniform_draw(monkeypatch):
    """A seeded game of random bots is the same move for move whether the match asks the ruleset for the drawn
    move or lets the bot pick from the whole list."""
    rules = evolab.load_ruleset("origin", players=3)
    fast = Match(rules, seats=[RandomBot(), RandomBot(), RandomBot()], seed=5)
    fast.play_out()
    monkeypatch.setattr(type(rules), "random_bot_uniform", False)
    slow = Match(rules, seats=[RandomBot(), RandomBot(), RandomBot()], seed=5)
    slow.play_out()
    assert fast.record.moves == slow.record.moves and len(fast.record.moves) > 100


def test_random_mutations_random_bots_play_the_same_games_with_and_without_the_uniform_draw(monkeypatch):
    """Random Mutations without Divergence: the ruleset draws a random bot's move (and counts its development plays)
    and the games are move for move those of the bot picking from the whole list."""
    rules = evolab.load_ruleset("random_mutations", players=3)
    assert rules.random_bot_uniform
    fast = Match(rules, seats=[RandomBot(), RandomBot(), RandomBot()], seed=5)
    fast.play_out()
    monkeypatch.setattr(rules, "random_bot_uniform", False)
    slow = Match(rules, seats=[RandomBot(), RandomBot(), RandomBot()], seed=5)
    slow.play_out()
    assert fast.record.moves == slow.record.moves and len(fast.record.moves) > 100


def test_with_divergence_a_random_bot_picks_from_the_list():
    """With Divergence a random bot first draws whether to diverge (``Bot.choose``), so the uniform draw is not its
    move: the ruleset says so."""
    assert not evolab.load_ruleset("random_mutations", players=2, divergence=True).random_bot_uniform


def test_north_star_random_bots_play_the_same_games_with_and_without_the_uniform_draw(monkeypatch):
    """North Star: the ruleset counts a random bot's Play Cards moves and builds only the one drawn; the games are
    move for move those of the bot picking from the whole list."""
    for players in (2, 4, 6):
        rules = evolab.load_ruleset("northstar", players=players)
        assert rules.random_bot_uniform
        fast = Match(rules, seats=[RandomBot() for _ in range(players)], seed=players)
        fast.play_out()
        monkeypatch.setattr(rules, "random_bot_uniform", False)
        slow = Match(rules, seats=[RandomBot() for _ in range(players)], seed=players)
        slow.play_out()
        monkeypatch.undo()
        assert fast.record.moves == slow.record.moves and len(fast.record.moves) > 100


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 4}, {"players": 6}, {"players": 3, "trait_limit": 2}],
                         ids=lambda x: str(x))
def test_north_star_uniform_game_plays_the_moves_of_uniform_move_and_stops_at_the_budget(options):
    """North Star's ``uniform_game`` (a random game in one loop, a run of deal draws together) plays the moves one
    ``uniform_move`` after another would, with the same draws; stopped after any number of moves (within a run of
    draws too) the table, the record and the generator are those of that many single moves."""
    rules = evolab.load_ruleset("northstar", **options)
    assert rules.uniform_game is not None
    for seed in range(3):
        ref = Match(rules, seats=[RandomBot() for _ in range(rules.players)], seed=seed)
        s, rng, states, moves = ref.state, ref.rng, [], []
        while not ref.is_over():
            a = rules.uniform_move(s, rng)
            rules.apply_inplace(s, a)
            moves.append(a)
            states.append((s.to_dict(), rng.getstate()))
        for cut in (1, 2, 7, 23, 61, len(moves) // 2, len(moves) - 1, len(moves)):
            m = Match(rules, seats=[RandomBot() for _ in range(rules.players)], seed=seed)
            m.play_out(max_moves=cut)
            assert m.record.moves == moves[:cut]
            assert (m.state.to_dict(), m.rng.getstate()) == states[cut - 1]
@pytest.mark.parametrize("options", [{"players": 5, "fat_filling_mandatory": True},
                                     {"players": 4, "intelligence_multi_discard": True, "attack_order": "shrink_first"},
                                     {"players": 2, "food_multiplier": 0.5, "trait_limit": 2}], ids=lambda x: str(x))
def test_north_star_uniform_game_feeding_runs_match_single_moves(options):
    """The feeding run of ``uniform_game`` (a plain eat in line, the next seat found from its own move list) plays
    the moves of single ``uniform_move`` draws under options that change who must feed and how attacks resolve."""
    rules = evolab.load_ruleset("northstar", **options)
    for seed in range(6):
        ref = Match(rules, seats=[RandomBot() for _ in range(rules.players)], seed=seed)
        s, rng, moves = ref.state, ref.rng, []
        while not ref.is_over():
            a = rules.uniform_move(s, rng)
            rules.apply_inplace(s, a)
            moves.append(a)
        fast = Match(rules, seats=[RandomBot() for _ in range(rules.players)], seed=seed)
        fast.play_out()
        assert fast.record.moves == moves
        assert fast.state.to_dict() == s.to_dict() and fast.rng.getstate() == rng.getstate()


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 6, "fat_filling_mandatory": True},
                                     {"players": 4, "intelligence_multi_discard": True}], ids=lambda x: str(x))
def test_north_star_a_seat_can_feed_exactly_when_its_feeding_list_does_not_begin_with_pass(options):
    """What the feeding run relies on: ``feeding._has_action`` (the rules' test for skipping a seat) agrees with
    ``feed_actions``, whose list is never empty and has Pass last or alone, for every seat at every feeding move."""
    from evolab.actions import Pass
    from evolab.rules.northstar.feeding import _has_action
    from evolab.rules.northstar.moves import feed_actions
    rules = evolab.load_ruleset("northstar", **options)
    seen = {True: 0, False: 0}
    for seed in range(8):
        m = Match(rules, seats=[GreedyBot() if i % 2 else RandomBot() for i in range(rules.players)], seed=seed)
        while not m.is_over():
            s = m.state
            if s.phase == "feeding" and not s.draw_queue:
                for seat in range(rules.players):
                    legal = feed_actions(rules, s, seat)
                    assert legal and all(type(a) is not Pass for a in legal[:-1])
                    can = _has_action(rules, s, seat)
                    assert can == (type(legal[0]) is not Pass), (seed, seat, legal)
                    seen[can] += 1
            m.step()
    assert seen[True] > 100 and seen[False] > 100


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 5}, {"players": 3, "scenario": "fatality"}],
                         ids=str)
def test_origin_runs_of_draws_play_the_same_games_as_one_step_per_move(monkeypatch, options):
    """The deal and the draw played as runs (``Ruleset.uniform_runs``) give the game of one step per card, and a
    game stopped after ``max_moves`` stops there, in the middle of a run too, and goes on to the same game."""
    rules = evolab.load_ruleset("origin", **options)
    assert rules.uniform_runs
    runs = [Match(rules, seats=[RandomBot() for _ in range(rules.players)], seed=seed) for seed in range(3)]
    cut = Match(rules, seats=[RandomBot() for _ in range(rules.players)], seed=0)
    cut.play_out(max_moves=7)                 # inside the opening deal
    assert len(cut.record.moves) == 7 and cut.state.phase == "deal"
    cut.play_out()
    for m in runs:
        m.play_out()
    monkeypatch.setattr(type(rules), "uniform_runs", {})
    for seed, m in enumerate(runs):
        steps = Match(rules, seats=[RandomBot() for _ in range(rules.players)], seed=seed)
        steps.play_out()
        assert steps.record.moves == m.record.moves and steps.state == m.state
    assert cut.record.moves == runs[0].record.moves

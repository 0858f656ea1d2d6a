"""LookaheadBot and the tables it imagines: it sees only its observation, hidden cards are drawn from what
its seat has not seen, its budget is a number of tries, and it is deterministic for a seed."""
from __future__ import annotations

import random

import pytest

import evolab
from evolab import CHANCE, Match, load_ruleset, observe
from evolab.actions import PlayAnimal, PlayPairTrait, PlayTrait
from evolab.bots import BOTS, LEVELS, LookaheadBot, make_bot
from evolab.errors import OptionError
from evolab.view import sample_world
from hidden_support import decision_points, other_hidden, same_view, validate

CONFIGS = [("origin", {"players": 2}), ("origin", {"players": 4}), ("origin", {"players": 3, "scenario": "equilibrium"}),
           ("origin", {"players": 3, "scenario": "fatality"}), ("random_mutations", {"players": 3}),
           ("northstar", {"players": 2}), ("northstar", {"players": 4}), ("northstar", {"players": 6})]


def _ids(cfg):
    rid, opts = cfg
    return rid + "-" + "-".join(f"{k}={v}" for k, v in opts.items())


@pytest.mark.parametrize("cfg", [c for c in CONFIGS if c[0] != "random_mutations"], ids=_ids)
def test_lookahead_never_reads_hidden_information(cfg):
    """Give the bot a table whose hidden parts (other hands, deck, face-down and food cards, gene-pool piles)
    are replaced by other values consistent with what it sees: its choices and imagined tables are identical."""
    rid, opts = cfg
    rng = random.Random(7)
    compared = 0
    for state, seat in decision_points(rid, opts, limit=8):
        other = other_hidden(state, seat, rng)
        if other is None:
            continue
        assert other.to_dict() != state.to_dict(), "the hidden parts really differ"
        validate(other)
        assert same_view(state, other, seat)
        legal = state.ruleset.legal_actions(state)
        assert legal == other.ruleset.legal_actions(other)
        w1 = sample_world(observe(state, seat), random.Random(3))
        w2 = sample_world(observe(other, seat), random.Random(3))
        assert w1.to_dict() == w2.to_dict()
        bot = LookaheadBot(level=1, seed=11)
        a = bot.choose(observe(state, seat), list(legal), random.Random(5))
        b = bot.choose(observe(other, seat), list(legal), random.Random(5))
        assert a == b
        compared += 1
    assert compared >= 3


def test_random_mutations_has_no_hidden_cards():
    """Random Mutations keeps no identity for unturned cards, so the imagined table is the table itself."""
    for state, seat in decision_points("random_mutations", {"players": 3}, limit=6):
        w = sample_world(observe(state, seat), random.Random(1))
        assert w.to_dict() == state.to_dict()


@pytest.mark.parametrize("cfg", CONFIGS, ids=_ids)
def test_imagined_tables_look_the_same_from_the_seat(cfg):
    """Every imagined table is a valid position the seat cannot tell from the real one: the same
    observation, the same legal actions, all cards accounted for; and a game can be played on from it."""
    rid, opts = cfg
    played = False
    for state, seat in decision_points(rid, opts, limit=8):
        for k in range(2):
            w = sample_world(observe(state, seat), random.Random(k))
            validate(w)
            assert same_view(w, state, seat)
            assert w.ruleset.legal_actions(w) == state.ruleset.legal_actions(state)
            assert w.card_total() == state.card_total()
        if not played:
            Match(w.ruleset, seats=["greedy"] * opts["players"], seed=2, start=w).play_out()
            played = True


def test_imagined_tables_in_the_heredity_variant():
    """In the Heredity variant the traits on the table are copies, not deck cards: the deck the seat
    imagines still holds every card it has not seen, all game long (a lookahead bot can play the variant)."""
    points = decision_points("origin", {"players": 2, "heredity": True}, every=25, limit=12)
    assert points[-1][0].turn >= 5
    for state, seat in points:
        w = sample_world(observe(state, seat), random.Random(1))
        validate(w)
        assert same_view(w, state, seat) and w.ruleset.legal_actions(w) == state.ruleset.legal_actions(state)


def test_imagined_hands_are_drawn_from_the_unseen_cards():
    """The opponent's imagined hand changes with the random numbers and never holds a card the seat can
    account for: no more copies of a card than the deck list minus the seat's hand and the table."""
    from evolab.rules.origin.deck import CARDS
    points = decision_points("origin", {"players": 2}, every=3, limit=4)
    state, seat = points[-1]
    other = 1 - seat
    view = observe(state, seat)
    hands = set()
    for k in range(30):
        w = sample_world(view, random.Random(k))
        hands.add(tuple(w.hands[other]))
        for i, card in enumerate(CARDS):
            seen = view.hand.count(card.id) + sum(c.card == card.id for a in view.animals.values() for c in a.cards)
            seen += sum(l.card == card.id for l in view.links.values())
            assert w.hands[other].count(card.id) + w.deck[i] <= state.ruleset.copies[i] - seen
    assert len(hands) > 5


def test_northstar_imagined_face_down_traits_respect_the_one_copy_rule():
    """Face-down traits drawn for an opponent's species never repeat a trait of that species."""
    rs = load_ruleset("northstar", players=3)
    checked = 0
    m = Match(rs, seats=["greedy"] * 3, seed=4)
    while not m.is_over() and checked < 30:
        s = m.state
        if m.to_move != CHANCE and any(sp.pending for sp in s.species.values() if sp.owner != m.to_move):
            for k in range(5):
                w = sample_world(observe(s, m.to_move), random.Random(k))
                for sp in w.species.values():
                    names = [c.split(":")[0] for c in sp.traits + sp.pending]
                    assert len(names) == len(set(names))
            checked += 1
        m.step()
    assert checked > 5


# ---- the bot ----------------------------------------------------------------------------------------
def _record(seed, bot_seed=0, level=1):
    bot = LookaheadBot(level, seed=bot_seed, iterations=3)
    m = Match(load_ruleset("origin", players=2), seats=[bot, "greedy"], seed=seed)
    m.play_out()
    return m.record.moves


def test_lookahead_is_deterministic_for_a_seed():
    """The same match seed and bot seed give the same game; another bot seed plays differently."""
    assert _record(3) == _record(3)
    assert _record(3) != _record(3, bot_seed=1)


def _counting(calls):
    """A LookaheadBot class that notes the move of every imagined game in ``calls``."""
    class Counting(LookaheadBot):
        def try_move(self, view, move, r):
            calls.append(move)
            return super().try_move(view, move, r)
    return Counting


def test_lookahead_budget_is_a_number_of_tries():
    """A decision costs exactly the level's number of imagined games (no clock involved)."""
    calls: list = []
    Counting = _counting(calls)
    state, seat = decision_points("origin", {"players": 2}, limit=3)[-1]
    legal = state.ruleset.legal_actions(state)
    for level in (1, 2):
        calls.clear()
        bot = Counting(level)
        bot.choose(observe(state, seat), legal, random.Random(1))
        assert len(calls) == LEVELS[level].iterations
        assert set(calls) <= set(legal)
    calls.clear()
    Counting(1, iterations=5).choose(observe(state, seat), legal, random.Random(1))
    assert len(calls) == 5


def test_candidates_and_score_are_settings_of_the_search():
    """``candidates`` sets how many of the rules of thumb's best moves are tried out; ``score="margin"``
    judges an imagined table by the bot's points minus the rivals' mean instead of the best rival's."""
    tried: list = []
    Recording = _counting(tried)
    state, seat = decision_points("northstar", {"players": 4}, limit=6)[-1]
    legal = state.ruleset.legal_actions(state)
    assert len(legal) >= 4
    Recording(2, candidates=4, iterations=8).choose(observe(state, seat), legal, random.Random(1))
    assert len(set(tried)) == 4 and len(tried) == 8
    bot = LookaheadBot(5, candidates=3, score="margin")
    assert bot.breadth == 3 and repr(bot) == "LookaheadBot(level=5, seed=0, candidates=3, score='margin')"

    class Scored:                         # a finished table with fixed scores: seat 0 has 7 points, won
        phase, winner = "over", 0

        class ruleset:
            @staticmethod
            def scores(_):
                return [7, 8, 2, 3]
    assert LookaheadBot.value(Scored, 0) == 7 - 8 + 0.5
    assert LookaheadBot.margin(Scored, 0) == 7 - (8 + 2 + 3) / 3 + 0.5
    assert LookaheadBot.margin(Scored, 1) == 8 - (7 + 2 + 3) / 3


def _tries_by_move(method, level=4, values=None):
    """One decision: the imagined tables (as random states) each candidate met, by candidate in the order
    first tried (the rules of thumb's order), and the move chosen."""
    met = {}

    class Recording(LookaheadBot):
        def try_move(self, view, move, r):
            met.setdefault(move, []).append(r.getstate())
            return values(move) if values else super().try_move(view, move, r)

    state, seat = decision_points("northstar", {"players": 2}, limit=6)[-1]
    legal = state.ruleset.legal_actions(state)
    choice = Recording(level, method=method).choose(observe(state, seat), legal, random.Random(1))
    return met, list(met), choice


def test_halving_compares_moves_on_the_same_tables_and_spends_the_budget():
    """Sequential halving: the n-th try of every move imagines the same table, moves drop out round by
    round, and the tries add up to the level's budget."""
    met, moves, _ = _tries_by_move("halving")
    assert len(moves) > 2
    assert sum(len(v) for v in met.values()) == LEVELS[4].iterations
    tables = list(met.values())
    for a in tables:
        for b in tables:
            n = min(len(a), len(b))
            assert a[:n] == b[:n]
    assert len({len(v) for v in tables}) > 1          # some moves were dropped early


def test_halving_keeps_the_rules_of_thumb_on_equal_results_and_follows_a_clear_winner():
    """Equal imagined results: the rules of thumb's first choice. One move clearly better: that move."""
    _, moves, choice = _tries_by_move("halving", values=lambda move: 0.0)
    assert choice == moves[0]
    winner = moves[-1]
    for method in ("halving", "ucb"):
        _, moves, choice = _tries_by_move(method, values=lambda move: 5.0 if move == winner else 0.0)
        assert choice == winner != moves[0]


def test_temperature_makes_a_weaker_level_sometimes_play_a_worse_move():
    """With a temperature a move that did a point worse is sometimes played, one that did far worse almost
    never, one that did as well as the best (the rules of thumb keep their choice) or was never tried
    never; the same seeds give the same choices. Temperature 0 is the best move."""
    state, seat = decision_points("northstar", {"players": 2}, limit=6)[-1]
    legal = state.ruleset.legal_actions(state)
    view = observe(state, seat)
    order = LookaheadBot(4).candidates(view, legal, random.Random(0))
    points = {order[0]: 0.0, order[1]: -1.0, order[2]: -30.0}      # the rest: -40

    class Fixed(LookaheadBot):
        def try_move(self, view, move, r):
            return points.get(move, -40.0)

    def choices(temperature, seeds=range(60)):
        bot = Fixed(4, temperature=temperature)
        return [bot.choose(view, legal, random.Random(k)) for k in seeds]
    assert set(choices(0)) == {order[0]}
    warm = choices(1.0)
    assert warm == choices(1.0)                                      # deterministic for the seeds
    assert warm.count(order[1]) >= 5 and warm.count(order[0]) > warm.count(order[1])
    assert set(warm) <= set(order[:4]) and order[2] not in warm
    best, means = Fixed(4).halving_values(view, order[:5], random.Random(0))
    assert best == 0 and means[:3] == [0.0, -1.0, -30.0]
    hot = Fixed(4, temperature=100.0)
    drawn = {hot.soften(0, [0.0, None, -1.0, 0.0], random.Random(k)) for k in range(40)}
    assert drawn == {0, 2}                  # not the move never tried, nor the one as good as the best
    assert "temperature=1" in repr(Fixed(4, temperature=1))


def test_levels_have_names_and_growing_budgets():
    """Five levels from "beginner" to "expert"; every level tries more imagined games and weighs more moves
    than the one below (at least half as many tries again); names and numbers both work."""
    names = [LEVELS[n].name for n in range(1, 6)]
    assert names[0] == "beginner" and names[-1] == "expert" and len(set(names)) == 5
    tries = [LEVELS[n].iterations for n in range(1, 6)]
    assert all(b >= 1.5 * a for a, b in zip(tries, tries[1:]))
    weighed = [LEVELS[n].candidates for n in range(1, 6)]
    assert all(b > a for a, b in zip(weighed, weighed[1:])) and weighed[0] >= 2
    assert all(LEVELS[n].horizon <= LEVELS[n + 1].horizon for n in range(1, 5))
    slips = [LEVELS[n].temperature for n in range(1, 6)]        # the higher the level, the fewer slips
    assert all(b <= a for a, b in zip(slips, slips[1:])) and slips[-1] == 0 and slips[2] < slips[1]
    assert all(LEVELS[n].iterations >= LEVELS[n].candidates for n in LEVELS)   # every move tried at least once
    assert LookaheadBot("expert").level.number == 5
    assert LookaheadBot("2").level.name == names[1]
    assert make_bot("lookahead4").level.number == 4
    assert make_bot("lookahead").level.number == 3
    assert make_bot("lookahead2:0.5").mutation_rate == 0.5
    assert {f"lookahead{n}" for n in range(1, 6)} <= set(BOTS)


@pytest.mark.parametrize("bad", [dict(level=0), dict(level=6), dict(level="master"), dict(level=True),
                                 dict(iterations=0), dict(iterations=2.5), dict(seed="x"), dict(mutation_rate=2),
                                 dict(horizon=-1), dict(horizon=1.5), dict(method="minimax"),
                                 dict(temperature=-1), dict(temperature="hot"), dict(temperature=float("inf")),
                                 dict(candidates=0), dict(candidates=True), dict(score="points")])
def test_lookahead_refuses_bad_settings(bad):
    with pytest.raises(OptionError):
        LookaheadBot(**bad)


def test_lookahead_honours_the_mutation_rate():
    """With mutation_rate=0 the bot never plays a card as a trait when it could play it as an animal."""
    rs = load_ruleset("origin", players=2)
    bot = LookaheadBot(1, mutation_rate=0.0, iterations=3)
    m = Match(rs, seats=[bot, "greedy"], seed=5)
    dev = 0
    while not m.is_over():
        if m.to_move == 0:
            legal = m.legal_actions()
            if any(type(a) is PlayAnimal for a in legal):
                a = bot.choose(observe(m.state, 0), legal, random.Random(dev))
                assert type(a) not in (PlayTrait, PlayPairTrait)
                dev += 1
        m.step()
    assert dev > 3


def test_lookahead_plays_every_edition():
    """A level-1 bot finishes a game of each edition against greedy bots; every move replays as legal."""
    for rid, opts in (("random_mutations", {"players": 2}), ("northstar", {"players": 3}),
                      ("origin", {"players": 3, "scenario": "equilibrium"})):
        bot = LookaheadBot(1, iterations=3)
        m = Match(load_ruleset(rid, **opts), seats=[bot] + ["greedy"] * (opts["players"] - 1), seed=1)
        m.play_out()
        assert evolab.is_over(m.record.replay())


def test_game_board_lets_a_student_pick_the_opponents_level():
    """The board's New game tab lists random, greedy and the five levels; picking one seats that level."""
    from evolab.viz.board import GameBoard
    board = GameBoard("origin", seat=0, seed=1)
    values = [v for _, v in board.new_bots.options]
    assert values == ["random", "greedy"] + [f"lookahead{n}" for n in range(1, 6)]
    labels = [label for label, _ in board.new_bots.options]
    assert labels[2].startswith("beginner") and labels[-1].startswith("expert")
    board.new_bots.value = "lookahead2"
    board.new_game(players=2)
    bot = board.match.seats[1]
    assert isinstance(bot, LookaheadBot) and bot.level.number == 2
    assert board.match.seats[0] is None
    assert "novice lookahead bot" in board.header.value or "novice lookahead bot" in board.table.value


@pytest.mark.parametrize("rid", ["origin", "northstar", "random_mutations"])
def test_imagined_games_choose_from_the_view_as_from_the_legal_list(rid):
    """The imagined games ask the greedy bot's chooser from the view (``GreedyBot.live_chooser``) where the edition
    has one: they are the games of the legal lists, so the values and the choice are the same; and it is asked."""
    asked = []

    class Listed(LookaheadBot):
        def _live_chooser(self, rs):
            return None

    class Counted(LookaheadBot):
        def _live_chooser(self, rs):
            live = super()._live_chooser(rs)

            def counted(view, r):
                asked.append(view.phase)
                return live(view, r)
            counted.phases = live.phases
            return counted

    points = decision_points(rid, {"players": 3}, limit=8)
    for state, seat in points[::2]:
        legal = state.ruleset.legal_actions(state)
        view = observe(state, seat)
        order = LookaheadBot(3).candidates(view, legal, random.Random(0))[:4]
        for horizon in (0, 1):
            live = Counted(3, horizon=horizon).halving_values(view, order, random.Random(1))
            assert live == Listed(3, horizon=horizon).halving_values(view, order, random.Random(1))
    assert len(asked) > 100 and set(asked) == {"play_cards" if rid == "northstar" else "development"}

"""The duplicate tournament format: each deal is played at every rotation of the seats, nature's random
numbers come from the deal alone, and the win rate's interval is a t interval over deals."""
from __future__ import annotations

import json

import pytest

from evolab import CHANCE, Match, load_ruleset
from evolab.bots import make_bot
from evolab.errors import OptionError
from evolab.seeding import derive_seed
from evolab.tournaments import TournamentResult, own_dice, rotations, t_interval, t_quantile, tournament


@pytest.mark.parametrize("rid", ["northstar", "origin", "random_mutations"])
@pytest.mark.parametrize("players", [2, 4])
def test_a_deal_played_twice_by_the_same_bot_is_the_same_game(rid, players):
    """Two copies of one bot under different labels: both games of a deal (seats swapped) share their seed and
    end with the same scores seat by seat, so nothing but the bots decides which seat does better."""
    table = ("A", "B") * (players // 2)
    r = tournament(rid, {"A": "greedy", "B": "greedy"}, games=3, seed=3, players=players, tables=[table],
                   duplicate=True)
    assert [g["deal"] for g in r.games] == [0, 0, 1, 1]             # rounded up to whole deals
    assert [g["seats"] for g in r.games[:2]] == [list(table), list(table[1:] + table[:1])]
    for first, second in (r.games[:2], r.games[2:]):
        assert first["seed"] == second["seed"]
        assert first["scores"] == second["scores"] and first["turns"] == second["turns"]
    assert r.games[0]["seed"] != r.games[2]["seed"]


@pytest.mark.parametrize("rid", ["northstar", "origin", "random_mutations"])
def test_the_same_deal_gives_the_same_cards_whoever_sits_where(rid):
    """Random against greedy, then seats swapped: nature's moves up to the first decision (the deal) are the
    same in both games, and so are the first ones after it; the bots' own numbers do not move nature's."""
    rs = load_ruleset(rid, players=2)
    chance = []
    for seats in (["random", "greedy"], ["greedy", "random"]):
        bots = [own_dice(make_bot(b), derive_seed(11, "seat", i)) for i, b in enumerate(seats)]
        m = Match(rs, seats=bots, seed=11)
        moves, decided = [], False
        while not m.is_over() and sum(d for d, _ in moves) < 3:      # the deal and 3 chance moves after it
            nature = m.to_move == CHANCE
            m.step()
            if nature:
                moves.append((decided, m.record.moves[-1]))
            decided = decided or not nature
        chance.append(moves)
    assert chance[0] == chance[1] and any(d for d, _ in chance[0]) and not chance[0][0][0]


def test_a_bot_with_its_own_dice_keeps_its_trust_and_its_name():
    """The built-in bots stay unchecked (they pick from the legal list) and keep their name in the record."""
    from evolab.match import trusted
    b = own_dice(make_bot("greedy"), 1)
    assert trusted(b) and repr(b) == "GreedyBot"

    class Odd:
        needs_observation = True

        def choose(self, view, legal, rng):
            return legal[0]
    assert not trusted(own_dice(Odd(), 1))


def test_rotations_of_a_table():
    assert rotations(("A", "B")) == [("A", "B"), ("B", "A")]
    assert rotations(("A", "B", "A", "B")) == [("A", "B", "A", "B"), ("B", "A", "B", "A")]
    assert len(rotations(("A", "B", "C"))) == 3


def test_t_interval_over_deals():
    """Student t quantiles match the printed tables; the interval is mean +- t * sd / sqrt(n)."""
    assert t_quantile(0.975, 1) == pytest.approx(12.7062, abs=1e-4)
    assert t_quantile(0.975, 10) == pytest.approx(2.2281, abs=1e-4)
    assert t_quantile(0.975, 39) == pytest.approx(2.0227, abs=1e-4)
    assert t_quantile(0.025, 5) == pytest.approx(-2.5706, abs=1e-4)
    mean, low, high = t_interval([0.5, 1.0, 0.5, 1.0])          # sd = sqrt(4 * 0.25² / 3) = 0.2887
    half = 3.1824 * (0.25 / 3) ** 0.5 / 2
    assert mean == 0.75 and (low, high) == pytest.approx((0.75 - half, 0.75 + half), abs=1e-4)
    assert t_interval([1.0])[0] == 1.0


def test_head_to_head_in_the_duplicate_format_averages_each_deal_first():
    """b wins both games of 6 deals and splits 2 (one game each): 14 of 16 games, a t interval over the 8
    deal means (1 six times, 0.5 twice), not a Wilson interval over 16 games."""
    rs = load_ruleset("origin", players=2)
    rows = []
    for d in range(8):
        for k, seats in enumerate((["a", "b"], ["b", "a"])):
            b_wins = d < 6 or k == 0
            scores = [0, 0]
            scores[seats.index("b" if b_wins else "a")] = 10
            rows.append({"game": len(rows), "table": 0, "seed": d, "deal": d, "seats": seats, "scores": scores,
                         "winner": scores.index(10), "turns": 5})
    r = TournamentResult(rs, ["a", "b"], [("a", "b")], rows, seed=0, duplicate=True)
    h = r.head_to_head("b", "a")
    mean, low, high = t_interval([1.0] * 6 + [0.5] * 2)
    assert h["games"] == 16 and h["deals"] == 8 and h["share"] == pytest.approx(0.875)
    assert (h["low"], h["high"]) == pytest.approx((low, min(1.0, high)))
    assert h["interval"] == "t over deals"
    assert "| b vs a | 16 (8) | 88% |" in r.table()
    single = TournamentResult(rs, ["a", "b"], [("a", "b")], rows, seed=0).head_to_head("b", "a")
    assert single["interval"] == "Wilson over games" and "deals" not in single


def test_duplicate_and_single_results_files_never_mix(tmp_path):
    """A results file of one format is refused by a tournament of the other; a duplicate run resumes."""
    path = tmp_path / "games.jsonl"
    whole = tournament("northstar", ["random", "greedy"], games=4, seed=5, players=2, duplicate=True)
    tournament("northstar", ["random", "greedy"], games=2, seed=5, players=2, results=str(path), duplicate=True)
    resumed = tournament("northstar", ["random", "greedy"], games=4, seed=5, players=2, results=str(path),
                         duplicate=True)
    assert resumed.games == whole.games
    assert [json.loads(x)["deal"] for x in path.read_text().splitlines()] == [0, 0, 1, 1]
    with pytest.raises(OptionError, match="another tournament"):
        tournament("northstar", ["random", "greedy"], games=4, seed=5, players=2, results=str(path))

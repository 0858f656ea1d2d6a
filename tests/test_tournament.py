"""Tournaments: seats rotate, results are reproducible, ratings and intervals are computed right."""
from __future__ import annotations

import math

import pytest

from evolab import load_ruleset
from evolab.cli import main
from evolab.errors import OptionError
from evolab.strategies import frequency_dependence, frequency_table, seatings
from evolab.tournaments import TournamentResult, bradley_terry, comparisons, elo, tournament, wilson


def test_seats_rotate_so_every_bot_sits_everywhere_equally():
    """At each table every bot takes every seat equally often; games are rounded up to whole rotations."""
    import evolab
    assert evolab.tournament is tournament and "tournament" in evolab.__all__
    r = tournament("origin", ["random", "greedy", "random:0.5"], games=5, seed=2, players=3)
    assert len(r.games) == 6
    for label in r.labels:
        seats = [g["seats"].index(label) for g in r.games]
        assert sorted(seats) == [0, 0, 1, 1, 2, 2]


def test_tournament_is_reproducible_and_the_same_in_parallel():
    """The same seed gives the same games, in this process or in two worker processes."""
    a = tournament("northstar", ["random", "greedy"], games=4, seed=5, players=2)
    b = tournament("northstar", ["random", "greedy"], games=4, seed=5, players=2, workers=2)
    assert a.games == b.games
    c = tournament("northstar", ["random", "greedy"], games=4, seed=6, players=2)
    assert [g["seed"] for g in c.games] != [g["seed"] for g in a.games]


def test_tables_all_and_ladder():
    """'all' seats every group of bots; 'ladder' each run of neighbours; explicit tables are checked."""
    rs = load_ruleset("origin", players=2)
    bots = ["random", "greedy", "random:0.2", "greedy:0.2"]
    r = tournament(rs, bots, games=2, seed=1, tables="ladder")
    assert r.tables == [("random", "greedy"), ("greedy", "random:0.2"), ("random:0.2", "greedy:0.2")]
    r = tournament(rs, bots[:3], games=2, seed=1, tables="all")
    assert len(r.tables) == 3
    with pytest.raises(OptionError):
        tournament(rs, bots, games=2, tables=[("random", "nobody")])
    with pytest.raises(OptionError):
        tournament(rs, bots, games=2, tables=[("random", "random")])
    with pytest.raises(OptionError):
        tournament(rs, ["random"], games=2)
    with pytest.raises(OptionError):
        tournament(rs, ["random", "greedy"], games=0)
    with pytest.raises(OptionError):
        tournament(rs, ["random", "nobot"], games=2)
    with pytest.raises(OptionError):
        tournament(rs, ["random", "greedy"], games=2, players=3)


def test_pairwise_comparisons_of_a_game():
    """More points beat fewer; on equal points the game's winner beats the rest, others share a half."""
    row = {"seats": ["a", "b", "c", "a"], "scores": [5, 5, 3, 5], "winner": 1}
    got = comparisons(row)
    assert ("a", "b", 0.0) in got and ("b", "c", 1.0) in got and ("a", "c", 1.0) in got
    assert ("b", "a", 1.0) in got              # seat 1 (b, the winner) against seat 3 (a)
    assert all(not (x == y) for x, y, _ in got)  # the two a seats are not compared
    assert len(got) == 5


def test_bradley_terry_recovers_known_odds():
    """A bot that wins 3 of 4 comparisons is rated 400*log10(3) = 191 Elo points above (up to the small pull
    of the virtual draw); the 95% interval of a share is Wilson's."""
    comps = [("a", "b", 1.0)] * 300 + [("a", "b", 0.0)] * 100
    r = elo(bradley_terry(["a", "b"], comps), "b")
    assert r["a"] == pytest.approx(400 * math.log10(3), abs=3)
    assert r["b"] == 0
    low, high = wilson(0.75, 400)
    assert low == pytest.approx(0.7053, abs=1e-3) and high == pytest.approx(0.7900, abs=1e-3)
    assert wilson(1.0, 10)[1] == 1.0 and wilson(0.0, 10)[0] == 0.0


def test_ratings_intervals_and_head_to_head_from_games():
    """Standings count seats, wins and points; the ladder's shares and intervals come from the games."""
    rs = load_ruleset("origin", players=2)
    games = []
    for g in range(40):                       # b beats a in 30 games of 40, seats alternating
        seats = ["a", "b"] if g % 2 == 0 else ["b", "a"]
        b_wins = g % 4 != 0
        scores = [0, 0]
        scores[seats.index("b" if b_wins else "a")] = 10
        games.append({"game": g, "table": 0, "seed": g, "seats": seats, "scores": scores,
                      "winner": scores.index(10), "turns": 5})
    r = TournamentResult(rs, ["a", "b"], [("a", "b")], games, seed=0)
    h = r.head_to_head("b", "a")
    assert h["games"] == 40 and h["share"] == 0.75
    assert (h["low"], h["high"]) == pytest.approx(wilson(0.75, 40))
    assert r.ladder()[0]["share"] == 0.75
    st = {row["bot"]: row for row in r.standings()}
    assert st["b"]["wins"] == 30 and st["b"]["games"] == 40 and st["a"]["mean_score"] == 2.5
    assert st["b"]["rating"] == pytest.approx(400 * math.log10(3), abs=20)
    lo, hi = r.intervals["b"]
    assert lo < st["b"]["rating"] < hi and lo > 0          # 30 of 40 is clearly better than even
    assert "| b vs a | 40 | 75% |" in r.table()
    with pytest.raises(KeyError):
        r.head_to_head("a", "zz")


def test_cli_tournament(tmp_path, capsys):
    """``evolab tournament`` prints the standings and writes one CSV row per game; bad bots are refused."""
    out = tmp_path / "t.csv"
    assert main(["tournament", "--ruleset", "origin", "--bots", "random,greedy", "--games", "4", "--quiet",
                 "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "| greedy vs random | 4 |" in text and "rating" in text
    assert main(["tournament", "--bots", "random,greedy", "--games", "2", "--quiet", "--anchor", "greedy"]) == 0
    assert "greedy = 0" in capsys.readouterr().out
    lines = out.read_text().splitlines()
    assert len(lines) == 5 and lines[0].startswith("game,table,seed,turns,winner,bot_0,bot_1")
    with pytest.raises(SystemExit) as e:
        main(["tournament", "--bots", "random,nobody", "--games", "2", "--quiet"])
    assert e.value.code == 2 and "unknown bot 'nobody'" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--anchor", "lookahead9"], "evolab tournament: error: anchor 'lookahead9' is not one of the bots ['random', 'greedy']"),
    (["--players", "9"], "evolab tournament: error: option 'players' must be between 2 and 8, got 9"),
    (["--option", "players=3"], "evolab tournament: error: give the number of players with --players"),
    (["--option", "nonsense=1"], "evolab tournament: error: "),
])
def test_cli_tournament_refuses_bad_arguments_before_any_game(argv, message, capsys, monkeypatch):
    """A bad tournament argument is one line on stderr and exit status 2, and no game is played."""
    import evolab.tournaments as T
    monkeypatch.setattr(T, "_run", lambda *a, **k: pytest.fail("a game was played"))
    assert main(["tournament", "--bots", "random,greedy", "--games", "2", "--quiet"] + argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1, err


def test_frequency_dependence_rows():
    """Each count of style seats is played in every seat arrangement; win rates per seat with intervals."""
    assert seatings("predator", "greedy", 4, 2) == ["predator,predator,greedy,greedy", "predator,greedy,greedy,predator",
                                                    "greedy,greedy,predator,predator", "greedy,predator,predator,greedy"]
    rows = frequency_dependence("predator", others="fat_storing", players=3, reps=6, seed=1)
    assert [r["style_seats"] for r in rows] == [1, 2]
    for r in rows:
        assert r["games"] == 6 and r["low"] <= r["win_rate"] <= r["high"]
        assert r["win_rate"] == pytest.approx(r["style_wins"] / r["games"] / r["style_seats"])
    again = frequency_dependence("predator", others="fat_storing", players=3, reps=6, seed=1)
    assert again == rows
    assert "predator vs fat_storing" in frequency_table(rows)
    with pytest.raises(OptionError):
        frequency_dependence("predator", counts=[4], players=4)


def test_play_styles_keep_to_their_traits():
    """In Equilibrium a style takes its own cards from the gene pool first and plays only its own traits."""
    import random as _random

    from evolab import Match, observe
    from evolab.actions import ChooseCard, PlayPairTrait, PlayTrait
    from evolab.bots import STYLES, ProfileBot, make_bot
    rs = load_ruleset("origin", players=3, scenario="equilibrium")
    for name, style in STYLES.items():
        m = Match(rs, seats=[name, "greedy", "greedy"], seed=3)
        bot = m.seats[0]
        assert isinstance(bot, ProfileBot) and make_bot(name).style is style
        chosen = played = 0
        while not m.is_over():
            if m.to_move == 0:
                legal = m.legal_actions()
                a = bot.choose(observe(m.state, 0), legal, _random.Random(chosen + played))
                if type(a) is ChooseCard:
                    own = [x for x in legal if style.traits.intersection(x.card.split("/"))]
                    assert a in own or not own
                    chosen += 1
                if type(a) in (PlayTrait, PlayPairTrait):
                    assert a.trait in style.traits
                    played += 1
            m.step()
        assert chosen >= 6 and played >= 1
    with pytest.raises(OptionError):
        ProfileBot("herbivore")
    with pytest.raises(OptionError):
        Match(load_ruleset("northstar", players=2), seats=["predator", "greedy"], seed=1).play_out()


def test_results_file_keeps_every_game_and_resumes(tmp_path):
    """With ``results=`` each game is written as it ends; a second call reads them back instead of playing
    them, finishes the rest, and gives the same tournament as one uninterrupted run."""
    import json
    path = tmp_path / "games.jsonl"
    whole = tournament("northstar", ["random", "greedy"], games=4, seed=5, players=2)
    tournament("northstar", ["random", "greedy"], games=2, seed=5, players=2, results=str(path))
    assert len(path.read_text().splitlines()) == 2
    resumed = tournament("northstar", ["random", "greedy"], games=4, seed=5, players=2, results=str(path))
    assert resumed.games == whole.games
    assert sorted(json.loads(x)["game"] for x in path.read_text().splitlines()) == [0, 1, 2, 3]
    fewer = tournament("northstar", ["random", "greedy"], games=2, seed=5, players=2, results=str(path))
    assert fewer.games == whole.games[:2]          # the first games of a longer run, read back
    with pytest.raises(OptionError, match="another tournament"):
        tournament("northstar", ["random", "greedy"], games=4, seed=6, players=2, results=str(path))
    path.write_text("not json\n")
    with pytest.raises(OptionError, match="line 1"):
        tournament("northstar", ["random", "greedy"], games=4, seed=5, players=2, results=str(path))

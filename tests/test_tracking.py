"""Tracker: trait frequencies, populations and event tables, checked against the game itself."""
from __future__ import annotations

import pytest

import evolab
from evolab import GameRecord, Match, track_record
from evolab.actions import PlayAnimal, PlayPairTrait, PlayTrait
from evolab.bots import GreedyBot, RandomBot
from evolab.tracking import CAUSES, Tracker


def tracked_game(seed=3, players=2, bots=(GreedyBot, GreedyBot), **options):
    rs = evolab.load_ruleset("origin", players=players, **options)
    t = Tracker(params={"label": "test"})
    m = Match(rs, seats=[b() for b in bots], seed=seed, observers=[t])
    m.play_out()
    return m, t


class Census:
    """Recompute each turn's census independently, by replaying the record move by move."""

    def __init__(self, record):
        self.by_turn = {}
        s = record.initial_state()
        rs = s.ruleset
        for move in record.moves:
            ev = []
            rs.apply_inplace(s, move, ev)
            for e in ev:
                if type(e).__name__ == "TurnEnded":
                    counts = {}
                    for a in s.animals.values():
                        traits = set(c.trait for c in a.cards) | {s.links[u].trait for u in a.links}
                        for t in traits:
                            counts[t] = counts.get(t, 0) + 1
                    self.by_turn[e.turn] = (len(s.animals), counts)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_frequency_is_carriers_over_living_animals(seed):
    """Each trait row: animals = living carriers, frequency = carriers / living animals, as recounted."""
    m, t = tracked_game(seed)
    census = Census(m.record)
    rows = t.rows("traits")
    assert rows, "the tracker recorded no trait rows"
    assert {r["turn"] for r in rows} == set(census.by_turn)
    for r in rows:
        alive, counts = census.by_turn[r["turn"]]
        assert r["alive"] == alive
        assert r["animals"] == counts.get(r["trait"], 0)
        assert r["frequency"] == (counts.get(r["trait"], 0) / alive if alive else None)
    assert any(r["animals"] for r in rows), "no trait was ever carried: the test would prove nothing"


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_deaths_by_cause_add_up_to_animals_lost(seed):
    """Per turn, deaths = sum of the causes; over the game, deaths = animals born - animals alive at the end."""
    m, t = tracked_game(seed, bots=(GreedyBot, RandomBot))
    turns = t.rows("turns")
    for r in turns:
        assert r["deaths"] == sum(r[c] for c in CAUSES)
    born = sum(r["born"] for r in turns)
    deaths = sum(r["deaths"] for r in turns)
    assert born - deaths == len(m.state.animals)
    assert deaths == len(t.rows("deaths"))
    assert sum(r["eaten"] for r in turns) == sum(1 for r in t.rows("attacks") if r["outcome"] == "eaten")


def test_rows_carry_game_seed_turn_and_parameters():
    """Every row of every table has game, seed and the tracker's parameters; per-turn tables have turn."""
    m, t = tracked_game(5)
    for name, table in t.tables.items():
        for r in table.rows():
            assert r["game"] == 0 and r["seed"] == 5 and r["label"] == "test", name
            if name != "games":
                assert "turn" in r


def test_replayed_record_gives_identical_rows(tmp_path):
    """A game replayed from its saved record gives exactly the tracker rows it gave when played."""
    m, t = tracked_game(11, bots=(GreedyBot, RandomBot))
    path = tmp_path / "game.json"
    m.record.save(path)
    t2 = track_record(GameRecord.load(path), params={"label": "test"})
    for name in t.tables:
        assert t.rows(name) == t2.rows(name), name


def test_survival_counts_the_feeding_cohort():
    """survived <= at_feeding for each trait, and survival is their ratio (None without carriers)."""
    m, t = tracked_game(7)
    seen = False
    for r in t.rows("traits"):
        assert 0 <= r["survived"] <= r["at_feeding"]
        if r["at_feeding"]:
            seen = True
            assert r["survival"] == r["survived"] / r["at_feeding"]
        else:
            assert r["survival"] is None
    assert seen


def test_seat_rows_sum_to_table_rows():
    """Per-seat counts add up to the table-wide counts for every turn and trait."""
    m, t = tracked_game(8, players=3, bots=(GreedyBot, GreedyBot, RandomBot))
    total = {(r["turn"], r["trait"]): r["animals"] for r in t.rows("traits")}
    per_seat = {}
    for r in t.rows("seat_traits"):
        per_seat[(r["turn"], r["trait"])] = per_seat.get((r["turn"], r["trait"]), 0) + r["animals"]
    assert per_seat == total
    alive = {r["turn"]: r["alive"] for r in t.rows("turns")}
    seats = {}
    for r in t.rows("seats"):
        seats[r["turn"]] = seats.get(r["turn"], 0) + r["alive"]
    assert seats == alive


def test_attack_rows_record_outcomes():
    """Attack rows name predator and prey traits and end as eaten, running or tail_loss."""
    total = 0
    for seed in range(6):
        m, t = tracked_game(seed)
        for r in t.rows("attacks"):
            total += 1
            assert r["outcome"] in ("eaten", "running", "tail_loss")
            assert "carnivorous" in r["predator_traits"].split("+")
    assert total > 0


def test_games_table_matches_final_state():
    """The games row has the final turn, the winner and the scores of the finished game."""
    m, t = tracked_game(12)
    (g,) = t.rows("games")
    assert g["turns"] == m.state.turn and g["winner"] == m.state.winner
    assert tuple(g["scores"]) == evolab.scores(m.state)
    assert g["moves"] == len(m.record.moves)


def test_unknown_table_is_refused():
    with pytest.raises(ValueError, match="unknown table"):
        Tracker(tables=["traits", "weather"])


def _trait_play(a):
    return isinstance(a, (PlayTrait, PlayPairTrait))


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_mutation_rate_zero_never_plays_a_trait(bot):
    """mutation_rate=0: bots never play a card as a trait."""
    for seed in range(5):
        m = Match(evolab.load_ruleset("origin"), seats=[bot(mutation_rate=0), bot(mutation_rate=0)], seed=seed)
        m.play_out()
        assert not any(_trait_play(a) for a in m.record.moves)
        assert any(isinstance(a, PlayAnimal) for a in m.record.moves)


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot])
def test_mutation_rate_one_never_plays_an_animal_when_a_trait_was_legal(bot):
    """mutation_rate=1: whenever a trait play was legal, the bot did not play an animal."""
    checked = 0
    for seed in range(5):
        m = Match(evolab.load_ruleset("origin"), seats=[bot(mutation_rate=1), bot(mutation_rate=1)], seed=seed)
        m.play_out()
        s = m.record.initial_state()
        rs = s.ruleset
        for move in m.record.moves:
            if isinstance(move, PlayAnimal):
                legal = rs.legal_actions(s)
                assert not any(_trait_play(a) for a in legal), (seed, move)
                checked += 1
            rs.apply_inplace(s, move, None)
    assert checked > 0, "no animal was played at all"


# ---- shared wins (North Star, §10: tied after both tie-breaks) ------------------------------------
def shared_win_start():
    """North Star, last round: seat 0's one move (its only legal action) ends the game at 4 points each,
    equal on trait cards and Population + Body Size too, so seats 0 and 1 share the win."""
    return evolab.scenario("northstar", {"players": 2, "watering": 1, "last_round": True, "bags": [0, 0], "species": [
        {"id": 1, "owner": 0, "pop": 2, "food": 1}, {"id": 2, "owner": 1, "pop": 2, "food": 2}]})


def test_games_table_counts_a_shared_win_as_shared():
    """The games row keeps ``winner`` (-1: no single winner) and lists both seats in ``winners``; a
    single win lists its one seat."""
    start = shared_win_start()
    t = Tracker()
    m = Match(start.ruleset, seats=["random", "random"], seed=1, start=start, observers=[t])
    m.play_out()
    (g,) = t.rows("games")
    assert g["winner"] == -1 and g["winners"] == [0, 1] and g["scores"] == [4, 4]
    assert track_record(m.record).rows("games")[0]["winners"] == [0, 1]
    _, t1 = tracked_game(12)
    (g1,) = t1.rows("games")
    assert g1["winners"] == [g1["winner"]] and g1["winner"] >= 0


def test_cli_summary_counts_a_shared_win_as_half_a_win_each(monkeypatch, capsys, tmp_path):
    """``evolab simulate``: a win shared by k seats counts 1/k to each (wins add up to the games) and is
    reported as shared; the CSV has a ``winners`` column. Here every other game starts from the tied
    position and the others from a position that seat 1 wins."""
    from evolab import cli
    lost = evolab.scenario("northstar", {"players": 2, "watering": 1, "last_round": True, "bags": [0, 3], "species": [
        {"id": 1, "owner": 0, "pop": 2, "food": 1}, {"id": 2, "owner": 1, "pop": 2, "food": 2}]})
    starts = iter([shared_win_start(), lost, shared_win_start()])
    monkeypatch.setattr(cli, "Match", lambda rs, seats, seed: Match(rs, seats=seats, seed=seed, start=next(starts)))
    out = tmp_path / "g.csv"
    assert cli.main(["simulate", "--ruleset", "northstar", "--players", "2", "--games", "3", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "seat 0 (random): wins 1 (33%), 2 shared," in text
    assert "seat 1 (random): wins 2 (67%), 2 shared," in text
    rows = out.read_text().splitlines()
    assert "winners" in rows[0].split(",") and rows[1].count("[0, 1]") == 1 and ",1,[1]," in rows[2]


@pytest.mark.parametrize("ruleset,options", [("origin", {"players": 3}), ("random_mutations", {"players": 2}),
                                             ("northstar", {"players": 3}),
                                             ("origin", {"players": 2, "heredity": True, "generations": 5})])
def test_play_out_with_observers_equals_playing_move_by_move(ruleset, options):
    """``play_out``'s loop for bots (events only for observers) gives the game and the tracked rows that ``step``
    gives move by move."""
    rules = evolab.load_ruleset(ruleset, **options)
    seats = lambda: [GreedyBot(), RandomBot(), GreedyBot()][:rules.players]  # noqa: E731
    fast, slow = Tracker(), Tracker()
    a = Match(rules, seats=seats(), seed=21, observers=[fast], keep_events=True)
    a.play_out()
    b = Match(rules, seats=seats(), seed=21, observers=[slow], keep_events=True)
    while not b.is_over():
        b.step()
    assert a.record.moves == b.record.moves and a.events == b.events
    for table in fast.tables:
        assert fast.rows(table) == slow.rows(table), table

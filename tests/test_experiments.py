"""run_batch: grids, replicates, seeds, executors, checks before any game, and selection showing in the data."""
from __future__ import annotations

import gc
import json
from concurrent.futures import Executor, ProcessPoolExecutor

import pytest

import evolab
from evolab import OptionError, run_batch
from evolab.analysis import summary
from evolab.experiments import plan, play_games, prepare_batch


def small(**kw):
    args = dict(grid={"mutation_rate": [0, 1]}, reps=3, seed=5, progress=False)
    args.update(kw)
    return run_batch("origin", **args)


def test_rows_identical_in_process_and_with_a_process_pool():
    """Rows come back equal and in the same order with 1 worker and with a process pool of 2."""
    one = small()
    two = small(workers=2)
    with ProcessPoolExecutor(2) as ex:
        three = small(executor=ex, chunk=1)
    for name in one.tables:
        assert one.rows(name) == two.rows(name) == three.rows(name), name


def test_rows_are_in_grid_then_replicate_order():
    """Games are numbered grid point by grid point, replicates inside; rows follow that order."""
    r = small(reps=2)
    games = r.rows("games")
    assert [g["game"] for g in games] == [0, 1, 2, 3]
    assert [(g["mutation_rate"], g["rep"]) for g in games] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    turns = [(x["game"], x["turn"]) for x in r.rows("turns")]
    assert turns == sorted(turns)


def test_seeds_are_sha256_derived_and_stable():
    """Each game's seed depends on the batch seed, its parameters and replicate, not on the other grid points."""
    a = plan("origin", {"mutation_rate": [0, 1]}, reps=2, seed=9)
    b = plan("origin", {"mutation_rate": [1]}, reps=2, seed=9)
    assert [x[1] for x in a[2:]] == [x[1] for x in b]
    assert len({x[1] for x in a}) == 4
    c = plan("origin", {"mutation_rate": [0, 1]}, reps=2, seed=10)
    assert {x[1] for x in a}.isdisjoint({x[1] for x in c})


@pytest.mark.parametrize("grid, message", [
    ({}, "grid is empty"),
    ({"wings": [1, 2]}, "unknown grid key"),
    ({"mutation_rate": [0.5, 1.5]}, "mutation_rate must be between 0 and 1"),
    ({"players": []}, "has no values"),
    ({"players": [2, 9]}, "between 2 and 8"),
    ({"food_multiplier": [-1]}, "between 0"),
    ({"food_schedule": [[5, -1]]}, "food_schedule"),
    ({"bots": ["greedy,wizard"]}, "unknown bot"),
    ({"carnivores_from_turn": [0]}, "turn number"),
])
def test_bad_grids_are_refused_before_any_game(grid, message):
    """Unknown keys, out-of-range values and empty grids fail with a message listing what is allowed."""

    class Refuse(Executor):
        def submit(self, *a, **k):
            raise AssertionError("a game was started")

    with pytest.raises(OptionError, match=message) as e:
        run_batch("origin", grid=grid, reps=2, progress=False, executor=Refuse())
    if message in ("unknown grid key", "grid is empty"):
        assert "mutation_rate" in str(e.value) and "players" in str(e.value)


def test_unknown_fixed_parameter_is_refused():
    with pytest.raises(OptionError, match="unknown parameter"):
        run_batch("origin", grid={"players": [2]}, progress=False, wings=3)


def test_trait_frequencies_respond_to_mutation_rate():
    """A 200-game sweep: more mutation gives more traits per animal and more Fat Tissue, with separate intervals."""
    r = run_batch("origin", grid={"mutation_rate": [0.0, 0.5, 1.0]}, reps=67, seed=1, bots="greedy",
                  progress=False, tables=("turns", "traits", "games"))
    assert len(r) == 201
    final = {}
    for t in r.rows("turns"):
        final[t["game"]] = t                    # the last turn of each game
    by_rate = {}
    for g in r.rows("games"):
        by_rate.setdefault(g["mutation_rate"], []).append(final[g["game"]]["mean_traits"])
    means = {k: sum(v) / len(v) for k, v in by_rate.items()}
    assert means[0.0] == 0.0                     # no mutation, no traits at all
    assert means[0.0] < means[0.5] < means[1.0]
    rows = [x for x in r.rows("traits") if x["trait"] == "fat_tissue" and x["turn"] == 3]
    s = {x["mutation_rate"]: x for x in summary(rows, "frequency", by=["mutation_rate"])}
    assert s[0.0]["mean"] == 0.0
    assert s[1.0]["ci_low"] > s[0.5]["ci_high"] > 0.0


def test_no_carnivores_removes_predation():
    """no_carnivores=True: no Carnivorous trait and no attack in any game."""
    r = run_batch("origin", grid={"no_carnivores": [True]}, reps=10, seed=2, progress=False,
                  tables=("turns", "traits"))
    assert all(x["animals"] == 0 for x in r.rows("traits") if x["trait"] == "carnivorous")
    assert sum(x["attacks"] for x in r.rows("turns")) == 0


def test_carnivores_from_turn_delays_predators():
    """carnivores_from_turn=5: no carnivore before turn 5, and some after it."""
    r = run_batch("origin", grid={"carnivores_from_turn": [5]}, reps=20, seed=3, progress=False,
                  tables=("traits",))
    rows = [x for x in r.rows("traits") if x["trait"] == "carnivorous"]
    assert all(x["animals"] == 0 for x in rows if x["turn"] < 5)
    assert any(x["animals"] > 0 for x in rows if x["turn"] >= 5)


def test_food_schedule_sets_the_food_bank_each_turn():
    """A crash schedule: the food bank is exactly the scheduled amount every turn."""
    schedule = evolab.crash(7, 2, at_turn=4, turns=10)
    r = run_batch("origin", grid={"food_schedule": [schedule]}, reps=3, seed=4, progress=False, tables=("turns",))
    for t in r.rows("turns"):
        assert t["food_bank"] == schedule[min(t["turn"], len(schedule)) - 1]


def test_food_schedule_as_function_is_tabulated():
    rs = evolab.load_ruleset("origin", food_schedule=lambda turn: max(1, 9 - turn))
    assert rs.options["food_schedule"][:4] == [8, 7, 6, 5]
    json.dumps(rs.options)   # still saveable


def test_decline_and_crash_schedules():
    assert evolab.decline(8, 2, 3, turns=5) == [8, 6, 4, 2, 2]
    assert evolab.crash(8, 1, 3, turns=5) == [8, 8, 1, 1, 1]
    assert evolab.steady(4, turns=3) == [4, 4, 4]


def test_food_multiplier_scales_the_dice():
    """food_multiplier=0.5 halves every roll (rounded half up): 2 players roll 3-8, so 2-4."""
    rs = evolab.load_ruleset("origin", players=2, food_multiplier=0.5)
    assert sorted({o.food for o, _ in rs.food_outcomes}) == [2, 3, 4]
    assert sum(w for _, w in rs.food_outcomes) == 6


def test_what_if_replay_from_a_saved_turn(tmp_path):
    """The same history continued from turn 3 with and without carnivores: identical before, different after."""
    m = evolab.Match(evolab.load_ruleset("origin"), seats=["greedy", "greedy"], seed=21)
    m.play_out()
    path = tmp_path / "g.json"
    m.record.save(path)
    rec = evolab.GameRecord.load(path)
    start = rec.turn_start(3)
    runs = {}
    for banned in ([], ["carnivorous"]):
        rs = evolab.load_ruleset("origin", banned_traits=banned)
        w = evolab.Match.from_record(rec, turn=3, ruleset=rs, seats=["greedy", "greedy"])
        assert w.state.turn == 3 and w.state.phase == "development"
        w.play_out()
        runs[tuple(banned)] = w
        assert w.record.start is not None
    same = rec.replay(start)
    for w in runs.values():
        assert w.record.initial_state().animals.keys() == same.animals.keys()
    plays = [a for a in runs[("carnivorous",)].record.moves if getattr(a, "trait", None) == "carnivorous"]
    assert plays == []
    # and the continuation itself is a record that saves and replays
    text = runs[()].record.to_json()
    assert evolab.GameRecord.from_json(text).replay() == runs[()].state


def test_batch_csv_round_trip(tmp_path):
    from evolab.analysis import read_csv
    r = small()
    path = tmp_path / "rows.csv"
    r.to_csv(path, "traits")
    back = read_csv(path)
    rows = r.rows("traits")
    assert len(back) == len(rows)
    assert back[5]["frequency"] == pytest.approx(rows[5]["frequency"])
    assert back[5]["trait"] == rows[5]["trait"]


def test_dask_executor_runs_a_small_batch():
    """A Dask client's executor (a local cluster) runs a batch unchanged and gives the same rows."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        r = small(executor=client.get_executor())
    assert r.rows("traits") == small().rows("traits")


def test_fatality_extension_in_the_extinction_guide():
    """lessons/04_extinction.md: in Fatality about 2 animals in 5 survive with normal food, more with 3x food."""
    r = run_batch("origin", grid={"scenario": ["fatality"], "food_multiplier": [1.0, 3.0]}, reps=100, seed=1,
                  bots="greedy", progress=False, tables=("turns",))
    by = {}
    for t in r.rows("turns"):
        assert t["turn"] == 1                          # one turn only
        b = by.setdefault(t["food_multiplier"], [0, 0])
        b[0] += t["born"]
        b[1] += t["alive"]
    normal, rich = by[1.0][1] / by[1.0][0], by[3.0][1] / by[3.0][0]
    assert 0.3 < normal < 0.5 and rich > normal + 0.15


def test_play_games_leaves_the_cycle_collector_as_it_was_and_its_games_leave_no_cycles():
    """play_games pauses the cyclic garbage collector while it plays (its games make no reference cycles, so the
    collector would find nothing): afterwards the collector is on or off as before, and no object of evolab's is
    left in a cycle (other threads of the test run may leave garbage of their own meanwhile)."""
    games = prepare_batch("origin", grid={"mutation_rate": [0.0, 0.5]}, reps=2, seed=3, bots="greedy", players=2)
    assert gc.isenabled()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)          # what a collection finds is kept in gc.garbage, to be looked at
    try:
        tables = play_games("origin", games)
        assert gc.isenabled() and len(tables["games"]) == 4
        gc.collect()
        ours = [o for o in gc.garbage if type(o).__module__.startswith("evolab")]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert ours == []
    gc.disable()
    try:
        play_games("origin", games[:1])
        assert not gc.isenabled()
    finally:
        gc.enable()

"""Tracked tables read column by column equal their rows, value for value, without a dict per row."""
from __future__ import annotations

import math
import pickle
from array import array

import pytest

import evolab
from evolab import analysis, heredity, run_batch
from evolab.bots import GreedyBot, RandomBot
from evolab.columns import CategoryColumn, RunColumn, columns
from evolab.tracking import ALL_TABLES, Tracker


def same(a, b):
    if isinstance(a, float) and math.isnan(a):
        return b is None or (isinstance(b, float) and math.isnan(b))
    return a == b and (type(a) is type(b) or {type(a), type(b)} <= {int, float})


def assert_columns_equal_rows(table, cols):
    rows = table.to_list()
    assert set(cols) == set(table.fieldnames)
    for name, col in cols.items():
        assert len(col) == len(rows), name
        assert isinstance(col, (array, list, RunColumn, CategoryColumn))
        for i, r in enumerate(rows):
            assert same(col[i], r.get(name)), (name, i, col[i], r.get(name))


@pytest.fixture(scope="module")
def batch():
    return run_batch("origin", grid={"mutation_rate": [0.0, 0.5]}, reps=3, seed=4, bots="greedy,random",
                     progress=False, players=3)


@pytest.mark.parametrize("table", ALL_TABLES)
def test_batch_columns_equal_its_rows(batch, table):
    """Every table of a batch: each column holds exactly the values of its rows (derived columns and the
    experiment parameters included; a missing value is nan in a number column)."""
    assert_columns_equal_rows(batch.tables[table], batch.columns(table))


def test_columns_of_the_heredity_variant_equal_the_rows():
    """The Heredity variant's tables, whose derived columns are often missing (None), read the same as columns."""
    r = run_batch("origin", reps=2, seed=3, progress=False, **heredity.preset("predation", generations=4))
    for table in ("generations", "births", "fates", "traits"):
        assert_columns_equal_rows(r.tables[table], r.columns(table))
    assert any(math.isnan(x) for x in r.columns("generations")["carrier_survival"])


@pytest.mark.parametrize("ruleset", ["random_mutations", "northstar"])
def test_tracker_columns_equal_rows_in_every_edition(ruleset):
    """A Tracker on one game of each edition: ``Tracker.columns`` equals ``Tracker.rows`` for each table."""
    t = Tracker(params={"food": 3, "label": "a", "mix": [1, 2]})
    rules = evolab.load_ruleset(ruleset, players=3)
    evolab.Match(rules, seats=[GreedyBot(), RandomBot(), GreedyBot()], seed=11, observers=[t]).play_out()
    for table in t.tables:
        assert_columns_equal_rows(t.tables[table], t.columns(table))
    cols = t.columns("traits", ["trait", "food", "label", "mix"])
    assert list(cols) == ["trait", "food", "label", "mix"]
    assert cols["food"].typecode == "q" and cols["label"][0] == "a" and cols["mix"][0] == [1, 2]
    assert isinstance(cols["food"], RunColumn) and len(cols["food"].values) == 1      # one game: one run


def test_a_run_column_reads_like_the_list_of_its_rows():
    """A ``RunColumn`` (the runs of a game's number, turn and parameters) reads exactly like the list it stands
    for: length, indexing from either end, slices, iteration, membership, equality, numpy, pickling."""
    import numpy as np
    rows = [7] * 3 + [2] + [7] * 5 + [-1] * 2
    col = RunColumn(array("q", [7, 2, 7, -1]), [3, 1, 5, 2])
    assert len(col) == len(rows) and list(col) == rows and col.tolist() == rows
    assert [col[i] for i in range(-len(rows), len(rows))] == rows + rows
    assert col[2:9:3] == rows[2:9:3] and col[::-1] == rows[::-1] and col[5:] == rows[5:]
    assert 2 in col and 5 not in col and col.count(7) == 8 and col.index(-1) == 9
    assert col == rows and col == array("q", rows) and col != rows[:-1] and col != [*rows[:-1], 0]
    assert np.asarray(col).dtype == np.int64 and np.asarray(col).tolist() == rows
    with pytest.raises(IndexError):
        col[len(rows)]
    with pytest.raises(ValueError, match="one count per value"):
        RunColumn([1, 2], [1])
    back = pickle.loads(pickle.dumps(col))
    assert back == col and list(back) == rows
    words = RunColumn(["greedy", None], [2, 1])
    assert np.asarray(words).tolist() == ["greedy", "greedy", None] and words.typecode is None
    nan = RunColumn(array("d", [0.5, math.nan]), [1, 2])
    assert nan == [0.5, math.nan, math.nan] and math.isnan(nan[-1])
    assert repr(RunColumn(array("h"), [])) == "RunColumn([], 0 rows)" and list(RunColumn([], [])) == []


def test_a_category_column_reads_like_the_list_of_its_labels():
    """A ``CategoryColumn`` (codes into labels) reads exactly like the list of labels it stands for."""
    import numpy as np
    rows = ["swimming", None, "swimming", "grazing"]
    col = CategoryColumn([0, 1, 0, 2], ["swimming", None, "grazing"])
    assert len(col) == 4 and list(col) == rows and col.tolist() == rows and col == rows and col != rows[::-1]
    assert [col[i] for i in range(-4, 4)] == rows + rows and col[1:3] == rows[1:3] and col[::-2] == rows[::-2]
    assert "grazing" in col and "tail_loss" not in col and col.count("swimming") == 2
    assert np.asarray(col).tolist() == rows and col.codes.typecode == "h"
    assert pickle.loads(pickle.dumps(col)) == rows
    with pytest.raises(IndexError):
        col[4]


def test_columns_keep_long_runs_as_runs_and_short_ones_as_arrays(batch):
    """Where values repeat for many rows (a turn's traits) the column is a RunColumn of far fewer entries; where
    every row is a new value (a table with one row per game) it is a plain array."""
    traits = batch.columns("traits")
    for name in ("game", "turn", "alive", "mutation_rate", "players", "bots", "seed", "rep"):
        assert isinstance(traits[name], RunColumn), name
        assert 10 * len(traits[name].values) <= len(traits[name]), name
    assert isinstance(traits["animals"], array) and isinstance(traits["trait"], CategoryColumn)
    games = batch.columns("games")
    assert isinstance(games["game"], array) and list(games["game"]) == list(range(len(games["game"])))


def test_columns_of_an_unpickled_table_and_errors(batch):
    """A table that crossed a process boundary reads the same; unknown columns and tables are KeyErrors."""
    table = pickle.loads(pickle.dumps(batch.tables["traits"]))
    assert_columns_equal_rows(table, columns(table))
    with pytest.raises(KeyError, match="no column"):
        batch.columns("traits", ["frequency", "nope"])
    with pytest.raises(KeyError, match="not recorded"):
        batch.columns("nope")
    with pytest.raises(KeyError, match="not recorded"):
        Tracker().columns("nope")


def test_to_frame_from_columns_equals_the_frame_of_rows(batch):
    """``BatchResult.to_frame`` and ``analysis.to_frame(table)`` give the DataFrame of the rows (categories as
    Categorical), without building rows."""
    pd = pytest.importorskip("pandas")
    for table in ("traits", "deaths", "games"):
        direct = batch.to_frame(table)
        assert analysis.to_frame(batch.tables[table]).equals(direct)
        from_rows = pd.DataFrame(batch.rows(table))
        assert list(direct.columns) == list(from_rows.columns)
        for c in direct.columns:
            a = direct[c].astype(object) if str(direct[c].dtype) == "category" else direct[c]
            pd.testing.assert_series_equal(a, from_rows[c], check_dtype=False, check_categorical=False)


def test_summary_of_a_table_reads_columns_and_equals_the_rows(batch, monkeypatch):
    """``analysis.summary`` and ``parameters`` of a Table give the same result as of its rows, and build no rows."""
    table = batch.tables["traits"]
    rows = table.to_list()
    expected = [analysis.summary(rows, "frequency"), analysis.summary(rows, "survival", by=["trait"]),
                analysis.summary(rows, "animals", by=["turn", "mutation_rate"]), analysis.parameters(rows)]
    assert expected[0] and expected[1] and expected[3] == ["players", "bots", "mutation_rate"]
    monkeypatch.setattr(type(table), "rows", lambda self: (_ for _ in ()).throw(AssertionError("rows built")))
    got = [analysis.summary(table, "frequency"), analysis.summary(table, "survival", by=["trait"]),
           analysis.summary(table, "animals", by=["turn", "mutation_rate"]), analysis.parameters(table)]
    assert repr(got) == repr(expected)             # repr: a nan interval (one replicate) equals itself
    with pytest.raises(KeyError, match="no column"):
        analysis.summary(table, "nope")


def test_runs_store_a_column_as_runs_and_read_back_every_value():
    """A ``Runs`` column (game, turn, alive) reads back the values appended, after extending from another and
    after pickling."""
    from evolab.tables import Runs
    values = [3, 3, 3, 7, 7, 3, 0, 0, 0, 0, 65_000]
    r = Runs("i")
    r.extend(values[:4])
    for v in values[4:8]:
        r.append(v)
    other = Runs("i")
    other.extend(values[8:])
    r.extend(other)
    assert list(r) == values and len(r) == len(values)
    assert list(r.values) == [3, 7, 3, 0, 65_000] and list(r.counts) == [3, 2, 1, 4, 1]   # runs, not rows
    back = pickle.loads(pickle.dumps(r))
    assert list(back) == values and len(back) == len(values)
    assert list(array("i", back)) == values


def test_blocks_store_repeated_blocks_once_and_read_back_every_value():
    """A ``Blocks`` column (the trait ids written every turn) reads back the values added, after extending from
    another (with its codes remapped) and after pickling; equal blocks in a row are one run."""
    from evolab.tables import Blocks
    b = Blocks("h")
    for _ in range(3):
        b.extend([0, 1, 2])
    b.append(5)
    b.extend((0, 1, 2))
    values = [0, 1, 2] * 3 + [5, 0, 1, 2]
    assert list(b) == values and len(b) == len(values)
    assert b.blocks == [(0, 1, 2), (5,)] and list(b.runs.values) == [0, 1, 0] and list(b.runs.counts) == [3, 1, 1]
    other = Blocks("h")
    other.extend([1, 0])
    other.extend([1, 0])
    b.extend(other, remap=[7, 8])
    assert list(b) == values + [8, 7, 8, 7] and len(b) == len(values) + 4
    back = pickle.loads(pickle.dumps(b))
    assert list(back) == list(b) and len(back) == len(b)
    with pytest.raises(OverflowError):
        b.extend([70_000])                     # what an int16 column cannot hold is refused
    assert list(b) == list(back)


def test_a_tracked_table_merged_from_workers_with_other_codes_reads_the_same_rows():
    """Tables merged in another order of first appearance (codes differ) give the same rows, trait column included."""
    from evolab.tracking import new_table
    a, b = new_table("traits"), new_table("traits")
    a.add_columns(2, game=0, turn=1, trait=("swimming", "running"), animals=[1, 2], alive=3, at_feeding=[0, 0],
                  survived=[0, 0], born=[0, 0])
    b.add_columns(2, game=1, turn=1, trait=("running", "swimming"), animals=[4, 5], alive=9, at_feeding=[0, 0],
                  survived=[0, 0], born=[0, 0])
    merged = new_table("traits")
    merged.extend(a)
    merged.extend(b)
    got = [(r["game"], r["trait"], r["animals"]) for r in merged.rows()]
    assert got == [(0, "swimming", 1), (0, "running", 2), (1, "running", 4), (1, "swimming", 5)]
    assert columns(merged, ["trait"])["trait"] == ["swimming", "running", "running", "swimming"]


def test_queued_rows_and_blocks_are_stored_as_if_appended_one_by_one():
    """The tracker's queued rows and blocks (``queue``, ``write_block``) read back the same as rows stored at once
    (``append_values``, ``add_block``), in order, through a read, a pickle and the queue's own limit; a value that
    does not fit its column is refused with ``ValueError`` and nothing queued is stored (its new categories
    neither)."""
    from evolab import tables
    from evolab.tracking import new_table
    ids = ("swimming", "running", "camouflage")
    queued, direct = new_table("traits"), new_table("traits")
    deaths_q, deaths_d = new_table("deaths"), new_table("deaths")
    for turn in range(1, tables.QUEUED // 4):          # past the blocks' limit: stored partly on the way
        block = (turn // 50, turn, ids, [turn % 5, 1, 0], 7 + turn // 3, [1, 2, 3], [0, 1, turn % 2], [0, 0, 1])
        queued.write_block(3, block)
        direct.add_block(3, block)
        row = (turn // 50, turn, turn % 2, turn, "starved" if turn % 3 else "eaten", "+".join(ids[: turn % 3]), -1,
               "", 0, turn % 4)
        deaths_q.queue(row)
        deaths_d.append_values(row)
    assert queued._blocks and deaths_q._rows                  # some still queued ...
    assert queued.to_list() == direct.to_list() and len(queued) == len(direct)       # ... stored when read
    assert deaths_q.to_list() == deaths_d.to_list()
    assert list(queued.data["trait"].runs.values) == [0]     # the same tuple of trait ids: one block, one run
    deaths_q.queue((9, 1, 0, 1, "starved", "", -1, "", 0, 0))
    back = pickle.loads(pickle.dumps(deaths_q))
    assert back.to_list() == deaths_q.to_list() and back.to_list()[-1]["game"] == 9
    before = deaths_q.to_list()
    deaths_q.queue((9, 2, 0, 2, "a new cause", "", -1, "", 0, 0))
    deaths_q.queue((9, 2, 0, 3, "starved", "", -1, "", 70_000, 0))      # food: an int16 cannot hold it
    with pytest.raises(ValueError, match="does not fit"):
        deaths_q.flush()
    assert deaths_q.to_list() == before and "a new cause" not in deaths_q.codes["cause"]
    with pytest.raises(ValueError, match="does not fit"):
        deaths_q.append_values((9, 3, 0, 4, "starved", "", -1, "", 0, 70_000))
    assert deaths_q.to_list() == before

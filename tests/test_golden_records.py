"""Games saved by an earlier evolab (``tests/data/records``: every edition, its scenarios and the Heredity
variant, with random and greedy bots) still load, replay to the very same final table and scores, and the
positions saved halfway through still load to the same table: a change to the code never changes a game."""
from __future__ import annotations

import hashlib
import json
import pathlib

import pytest

import evolab
from evolab import GameRecord, load_state

DATA = pathlib.Path(__file__).parent / "data" / "records"
EXPECTED = json.loads((DATA / "expected.json").read_text())


def _sha(d) -> str:
    return hashlib.sha256(json.dumps(d, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_saved_game_replays_to_the_same_end(name):
    want = EXPECTED[name]
    rec = GameRecord.load(DATA / f"{name}.json")
    assert len(rec.moves) == want["moves"]
    s = rec.replay()
    assert list(evolab.scores(s)) == want["scores"]
    assert list(evolab.winners(s)) == want["winners"]
    assert s.turn == want["final_turn"]
    assert _sha(s.to_dict()) == want["final_sha256"], "the replayed final table differs from the saved game's"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_saved_position_loads_to_the_same_table(name):
    s = load_state((DATA / f"{name}.mid.state.json").read_bytes())
    assert _sha(s.to_dict()) == EXPECTED[name]["mid_sha256"]
    rec = GameRecord.load(DATA / f"{name}.json")
    assert rec.replay(EXPECTED[name]["moves"] // 2) == s

"""Bad files are refused with a clear error naming the field, never half loaded: positions checked in full,
record headers checked, and size, nesting and move-count limits applied before anything is parsed or built."""
from __future__ import annotations

import datetime
import json
import tracemalloc

import pytest

import evolab
from evolab import GameRecord, Match, SaveFileError, load_ruleset, load_state, save_state
from evolab.validation import MAX_DEPTH, MAX_FILE_BYTES, MAX_MOVES
from engine_checks import rechecksum
from fuzz_saves import write_huge_record


def _position(edition, ready, players=3, seed=1, **options):
    """A saved position (as a dict): the first moment ``ready(state)`` holds in seeded games (``seed`` on)."""
    for k in range(seed, seed + 50):
        m = Match(load_ruleset(edition, players=players, **options), seats=["greedy", "random"] * 4, seed=k) \
            if players == 8 else Match(load_ruleset(edition, players=players, **options),
                                       seats=(["greedy", "random"] * 4)[:players], seed=k)
        while not m.is_over() and not ready(m.state):
            m.step()
        if ready(m.state):
            return json.loads(save_state(m.state))
    raise AssertionError("no seeded game reached the moment the test needs")


def _refused(d, field):
    """``load_state`` refuses the re-checksummed file with SaveFileError whose ``field`` is ``field``."""
    with pytest.raises(SaveFileError) as err:
        load_state(json.dumps(rechecksum(d)))
    assert err.value.field == field, f"named {err.value.field!r}: {err.value}"
    assert field in str(err.value)
    return err.value


# ---- positions validated in full (the examples that crashed the engine) ----------------------------
def _origin_attack(s):
    return s.phase == "feeding" and s.attack is not None


def test_origin_attack_naming_a_missing_animal_is_refused():
    d = _position("origin", _origin_attack, players=2, seed=3)
    d["state"]["attack"]["prey"] = 999
    _refused(d, "state.attack.prey")


def test_origin_pending_trigger_of_junk_is_refused():
    d = _position("origin", lambda s: s.phase == "feeding" and s.animals, players=2, seed=3)
    d["state"]["pending"] = [["junk", 1, 2]]
    _refused(d, "state.pending[0][0]")


def test_origin_animal_owner_of_one_half_is_refused():
    d = _position("origin", lambda s: s.phase == "feeding" and s.animals, players=2, seed=3)
    d["state"]["animals"][0]["owner"] = 0.5
    _refused(d, "state.animals[0].owner")


def test_origin_trigger_of_a_link_that_does_not_join_the_animal_is_refused():
    d = _position("origin", lambda s: s.phase == "feeding" and any(l.trait != "symbiosis" for l in s.links.values())
                  and len(s.animals) > 2, players=2, seed=5)
    st = d["state"]
    link = next(l for l in st["links"] if l["trait"] != "symbiosis")
    other = next(a["id"] for a in st["animals"] if a["id"] not in (link["a"], link["b"]))
    st["pending"] = [[link["uid"], other, st["epoch"]]]
    _refused(d, "state.pending[0][1]")


def test_random_mutations_victim_choice_naming_a_missing_predator_is_refused():
    d = _position("random_mutations", lambda s: s.choose_victim is not None, players=2, seed=1)
    d["state"]["choose_victim"][2] = 999
    _refused(d, "state.choose_victim[2]")


def test_random_mutations_animal_owner_of_one_half_is_refused():
    d = _position("random_mutations", lambda s: s.phase == "feeding", players=2)
    d["state"]["animals"][0]["owner"] = 0.5
    _refused(d, "state.animals[0].owner")


def test_random_mutations_parasite_step_without_a_queue_is_refused():
    d = _position("random_mutations", lambda s: s.phase == "feeding", players=2)
    d["state"]["phase"] = "parasites"
    d["state"]["red"] = d["state"]["green"] = d["state"]["black"] = 0
    _refused(d, "state.parasite_queue")


def test_northstar_row_naming_a_missing_species_is_refused():
    d = _position("northstar", lambda s: s.phase == "feeding" and not s.draw_queue)
    i = len(d["state"]["rows"][0])
    d["state"]["rows"][0].append(999)
    _refused(d, f"state.rows[0][{i}]")


def test_northstar_draw_for_a_seat_of_one_half_is_refused():
    d = _position("northstar", lambda s: s.phase == "deal" and s.draw_queue)
    d["state"]["draw_queue"][0] = 0.5
    _refused(d, "state.draw_queue[0]")


def test_a_record_start_is_validated_in_full_and_named():
    """A record's start position is read like a saved position; the error names ``start.<field>``."""
    s = evolab.scenario("origin", {"food_bank": 2, "animals": [{"owner": 0}, {"owner": 1}]})
    rec = Match(s.ruleset, seats=["greedy", "greedy"], seed=1, start=s).record
    d = json.loads(rec.to_json())
    d["start"]["animals"][1]["owner"] = 0.5
    with pytest.raises(SaveFileError) as err:
        GameRecord.from_json(json.dumps(rechecksum(d)))
    assert err.value.field == "start.animals[1].owner"


# ---- the record header ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record():
    m = Match(load_ruleset("origin", players=2), seats=["greedy", "random"], seed=4)
    m.play_out()
    return json.loads(m.record.to_json())


@pytest.mark.parametrize("key,value,field", [
    ("seats", ["greedy", "greedy", "greedy"], "seats"),
    ("seats", [1, 2], "seats[0]"),
    ("seats", "greedy,greedy", "seats"),
    ("version", "99", "version"),
    ("version", 1, "version"),
    ("seed", 2 ** 70, "seed"),
    ("seed", -(2 ** 80), "seed"),
    ("seed", 1.5, "seed"),
    ("seed", {"a": 1}, "seed"),
    ("seed", "x" * 500, "seed"),
    ("options", [], "options"),
    ("options", {"players": 2, "wings": True}, "options.wings"),
    ("options", {"players": 2, "grazing_limit": "never"}, "options.grazing_limit"),
    ("options", {"players": 2, "trait_from_turn": None}, "options.trait_from_turn"),
    ("ruleset", "chess", "ruleset"),
    ("ruleset", 3, "ruleset"),
    ("cheat", True, "cheat"),
    ("moves", "none", "moves"),
])
def test_record_header_is_validated(record, key, value, field):
    """Header fields (seats, version, seed range, options, unknown keys) are refused by name."""
    d = json.loads(json.dumps(record))
    d[key] = value
    with pytest.raises(SaveFileError) as err:
        GameRecord.from_json(json.dumps(rechecksum(d)))
    assert err.value.field == field, f"named {err.value.field!r}: {err.value}"


def test_record_move_with_a_nested_value_is_refused_by_name(record):
    d = json.loads(json.dumps(record))
    i = next(i for i, m in enumerate(d["moves"]) if m["type"] == "TakeFood")
    d["moves"][i]["animal"] = [[1]]
    with pytest.raises(SaveFileError) as err:
        GameRecord.from_json(json.dumps(rechecksum(d)))
    assert err.value.field == f"moves[{i}].animal"


def test_record_header_with_a_valid_seed_and_seats_loads(record):
    """The checks refuse only what is wrong: big 63-bit seeds, text seeds and no seats at all are fine."""
    for seed in (2 ** 63 - 1, "class 7b", None):
        d = json.loads(json.dumps(record))
        d["seed"] = seed
        assert GameRecord.from_json(json.dumps(rechecksum(d))).seed == seed
    d = json.loads(json.dumps(record))
    d["seats"] = []
    assert GameRecord.from_json(json.dumps(rechecksum(d))).seats == []


# ---- limits before parsing ----------------------------------------------------------------------------
def test_a_file_over_the_size_limit_is_refused_before_parsing(monkeypatch, record):
    text = json.dumps(record)
    big = text[:-1] + ', "padding": "' + "x" * MAX_FILE_BYTES + '"}'
    import evolab.validation as V
    monkeypatch.setattr(V.json, "loads", lambda *a, **k: pytest.fail("a too-large file was parsed"))
    for load in (GameRecord.from_json, load_state):
        with pytest.raises(SaveFileError, match="larger than"):
            load(big)
        with pytest.raises(SaveFileError, match="larger than"):
            load(big.encode())


def test_a_huge_file_on_disk_is_refused_without_reading_it_all(tmp_path):
    """A 50 MB record is refused reading at most the limit (memory stays near the limit, not the file)."""
    path = tmp_path / "huge.json"
    write_huge_record(path, 50)
    tracemalloc.start()
    try:
        with pytest.raises(SaveFileError, match="larger than"):
            GameRecord.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3 * MAX_FILE_BYTES, f"{peak:,} bytes allocated to refuse the file"


@pytest.mark.parametrize("text", ["[" * 100_000, "{\"a\":" * 100_000, "[" * 50_000 + "]" * 50_000])
def test_deep_nesting_is_refused_not_a_recursion_error(text):
    for load in (GameRecord.from_json, load_state):
        with pytest.raises(SaveFileError, match="nest"):
            load(text)


@pytest.mark.parametrize("depth", [MAX_DEPTH, MAX_DEPTH + 1])
def test_nesting_deeper_than_the_limit_is_refused(record, depth):
    """Valid JSON nested one level deeper than ``MAX_DEPTH`` is refused for its nesting, however it is
    checksummed; at ``MAX_DEPTH`` the nesting passes (and the bad option is what is refused)."""
    d = json.loads(json.dumps(record))
    deep = 1
    for _ in range(depth - 2):                # the record and its options are two levels
        deep = [deep]
    d["options"]["food_table"] = deep
    with pytest.raises(SaveFileError) as err:
        GameRecord.from_json(json.dumps(rechecksum(d)))
    assert ("nest" in str(err.value)) == (depth > MAX_DEPTH), str(err.value)


def test_the_deepest_real_file_is_within_the_nesting_limit():
    """A Random Mutations position with its own climate table (the deepest nesting the format has) loads."""
    table = {"2": {"red": [1, 2, 22], "green": [1, 0, 6], "black": [1, 0, 10]}}
    m = Match(load_ruleset("random_mutations", players=2, climate_table=table), seed=3)
    for _ in range(40):
        m.step()
    text = save_state(m.state)
    assert load_state(text) == m.state
    m.play_out()
    assert GameRecord.from_json(m.record.to_json(indent=1)).replay() == m.state


def test_more_moves_than_any_game_are_refused_before_any_move_is_built(monkeypatch, record):
    d = json.loads(json.dumps(record))
    d["moves"] = [{"type": "Pass"}] * (MAX_MOVES + 1)
    import evolab.actions as A
    monkeypatch.setattr(A, "move_from_dict", lambda *a: pytest.fail("a move was built"))
    with pytest.raises(SaveFileError) as err:
        GameRecord.from_json(json.dumps(rechecksum(d)))
    assert err.value.field == "moves" and f"{MAX_MOVES}" in str(err.value).replace(",", "")


def test_not_a_number_constants_are_refused(record):
    """JSON has no NaN or Infinity; a file that holds one (checksum and all) is refused."""
    d = json.loads(json.dumps(record))
    d["seed"] = float("nan")
    with pytest.raises(SaveFileError, match="NaN"):
        GameRecord.from_json(json.dumps(rechecksum(d)))


def test_a_number_of_a_thousand_digits_is_refused_by_name(record):
    d = json.loads(json.dumps(record))
    d["seed"] = 10 ** 1000
    with pytest.raises(SaveFileError) as err:
        GameRecord.from_json(json.dumps(rechecksum(d)))
    assert err.value.field == "seed" and "digits" in str(err.value)


# ---- the board's upload path ----------------------------------------------------------------------------
@pytest.fixture
def board():
    import matplotlib
    matplotlib.use("Agg")
    from evolab.viz.board import GameBoard
    return GameBoard("origin", seat=0, seed=2, chart=False)


def _upload(board, content: bytes):
    board.load_upload.value = ({"name": "game.json", "type": "application/json", "size": len(content),
                                "content": memoryview(content), "last_modified": datetime.datetime.now()},)


@pytest.mark.parametrize("content,says", [(b"x" * (MAX_FILE_BYTES + 1), "larger than"),
                                          (b"\xff\xfe not utf-8", "not UTF-8"), (b"[" * 100_000, "nest")])
def test_board_upload_refuses_bad_files_and_keeps_the_game(monkeypatch, board, content, says):
    """The board's upload refuses a file over the limit before parsing it, and says what is wrong."""
    before = board.match.state.to_dict()
    moves = list(board.match.record.moves)
    real_loads = json.loads
    monkeypatch.setattr(json, "loads", lambda text, **k: pytest.fail("a bad file was parsed")
                        if len(text) > MAX_FILE_BYTES or text.startswith("[[[") else real_loads(text, **k))
    _upload(board, content)
    assert "⚠" in board.status.value and says in board.status.value, board.status.value
    assert board.match.state.to_dict() == before and board.match.record.moves == moves


def test_board_load_json_refuses_deep_nesting(board):
    with pytest.raises(SaveFileError):
        board.load_json("[" * 100_000)

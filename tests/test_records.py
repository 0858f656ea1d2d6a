"""Game records and saved positions of Origin: JSON round trips, replays, continuing a game, refusing corrupt
files. The checks every edition shares (records through JSON, edited, cut or corrupt records and positions, saves
all along a game) run in ``test_conformance.py`` from ``RECORDS`` below."""
from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest

import evolab
from evolab import (GameRecord, Match, SaveFileError, TakeFood, load_ruleset, load_state,
                    save_state)
from evolab.bots import GreedyBot
from engine_checks import rechecksum
from conformance_common import find_move, move_edit, positions

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "evolab"

NON_DEFAULT = dict(feeding_pass_is_final=True, auto_take_food_on_pass=True, defences_compulsory=True,
                   mimicry_once_per_turn=True, pair_trigger_reset="action", pair_triggers_optional=True,
                   hibernate_with_fat_room=True, grazing_limit="per_turn", mimicry_optional=True)


def played(players=2, seed=7, seats=None, **options):
    m = Match(load_ruleset("origin", players=players, **options), seats=seats, seed=seed)
    m.play_out()
    assert m.is_over()
    return m


def refused(text):
    """``GameRecord.from_json(text)`` raises SaveFileError with a message; returns the message."""
    with pytest.raises(SaveFileError) as err:
        GameRecord.from_json(text)
    assert str(err.value).strip(), "SaveFileError without a message"
    return str(err.value)


# ---- round trips -------------------------------------------------------------------------------
def test_record_save_and_load_round_trip(tmp_path):
    """``record.save(path)`` then ``GameRecord.load(path)`` gives the same record and final state."""
    m = played(players=4, seed=3, seats=["greedy", "random", "greedy", "random"])
    path = tmp_path / "game.json"
    m.record.save(path)
    back = GameRecord.load(path)
    assert back.moves == m.record.moves
    assert back.seats == m.record.seats
    assert back.replay() == m.state
    assert json.loads(path.read_text())["format"] == "evolab.game/1"


def test_saved_file_is_plain_json_not_pickle(tmp_path):
    """A saved game is a UTF-8 JSON object (no pickle bytes)."""
    path = tmp_path / "g.json"
    played().record.save(path)
    raw = path.read_bytes()
    assert not raw.startswith(b"\x80"), "looks like a pickle"
    assert isinstance(json.loads(raw.decode("utf-8")), dict)


# ---- corrupt records -------------------------------------------------------------------------
def good_record():
    """A finished 2-player game record as a dict, its text, and the final state."""
    m = played(players=2, seed=11)
    return m.record.to_dict(), m.record.to_json(), m.state


@pytest.fixture(scope="module")
def good():
    return good_record()


@pytest.mark.parametrize("text", ["", "hello", "{", "[]", "null", "42", '"evolab.game/1"', "{}",
                                  "\x00\x01binary", '{"format": "evolab.game/1"}'])
def test_not_a_saved_game_is_refused(text):
    """Text that is not a saved game (not JSON, not an object, empty object) is refused."""
    refused(text)


@pytest.mark.parametrize("fmt", ["evolab.game/2", "evolab.state/1", "", None, 1])
@pytest.mark.parametrize("recompute", [False, True])
def test_wrong_format_field_is_refused(good, fmt, recompute):
    """A record whose ``format`` is not evolab.game/1 is refused (with or without a fixed checksum)."""
    d = json.loads(good[1])
    d["format"] = fmt
    if recompute:
        rechecksum(d)
    assert "format" in refused(json.dumps(d))


_find_move = find_move


@pytest.mark.parametrize("edition, current", [("origin", "2"), ("northstar", "2"), ("random_mutations", "1")])
def test_record_carries_the_rules_version_it_was_played_under(edition, current):
    """A record is stamped with its edition's rules version (2 for the editions whose rules changed on
    2026-12-01), also when built by hand, and a fresh record of that version loads."""
    m = Match(load_ruleset(edition), seed=3)
    for _ in range(40):
        m.step()
    assert m.record.version == current == m.ruleset.version
    assert GameRecord(edition, {}).version == current
    assert json.loads(m.record.to_json())["version"] == current
    assert GameRecord.from_json(m.record.to_json()).replay() == m.state


@pytest.mark.parametrize("edition", ["origin", "northstar"])
@pytest.mark.parametrize("version", ["1", "3"])
def test_record_of_another_rules_version_is_refused(edition, version):
    """A game saved under other rules (e.g. version 1, before the 2026-12-01 rules changes) is refused with a
    message naming both versions and what changed, never replayed under rules it was not played by; a
    record built in memory with the old version cannot be replayed either."""
    m = Match(load_ruleset(edition), seed=3)
    for _ in range(40):
        m.step()
    d = rechecksum({**m.record.to_dict(), "version": version})
    msg = refused(json.dumps(d))
    assert f"version '{version}'" in msg and "version '2'" in msg and "2026-12-01" in msg
    old = GameRecord(edition, dict(m.record.options), 3, list(m.record.moves), version=version)
    with pytest.raises(SaveFileError, match="cannot be replayed faithfully"):
        old.replay()


@pytest.mark.parametrize("version", [None, 1, ["2"]])
def test_record_version_must_be_text(good, version):
    """``version`` is a string; anything else is refused (with a recomputed checksum too)."""
    d = rechecksum({**json.loads(good[1]), "version": version})
    assert "version" in refused(json.dumps(d))


@pytest.mark.parametrize("key", ["ruleset", "version", "options", "seed", "moves", "checksum", "start", "format"])
@pytest.mark.parametrize("recompute", [False, True])
def test_record_with_a_missing_key_is_refused(good, key, recompute):
    """A record lacking any of its keys is refused."""
    d = json.loads(good[1])
    del d[key]
    if recompute and key != "checksum":
        rechecksum(d)
    refused(json.dumps(d))


@pytest.mark.parametrize("moves", [{"0": {"type": "Pass"}}, "moves", None, 7, [None], [[]]])
@pytest.mark.parametrize("recompute", [False, True])
def test_record_whose_moves_are_not_a_list_of_moves_is_refused(good, moves, recompute):
    """``moves`` must be a list of move objects."""
    d = json.loads(good[1])
    d["moves"] = moves
    if recompute:
        rechecksum(d)
    refused(json.dumps(d))


def test_record_with_options_not_an_object_is_refused(good):
    """``options`` must be a JSON object."""
    d = json.loads(good[1])
    d["options"] = ["players", 2]
    refused(json.dumps(rechecksum(d)))


def test_unreadable_files_are_refused(tmp_path, good):
    """A missing file, a binary file and a truncated file are refused by GameRecord.load."""
    with pytest.raises(SaveFileError):
        GameRecord.load(tmp_path / "nope.json")
    bad = tmp_path / "bin.json"
    bad.write_bytes(b"\x80\x04\x95\xff\xfe not utf-8")
    with pytest.raises(SaveFileError):
        GameRecord.load(bad)
    cut = tmp_path / "cut.json"
    cut.write_text(good[1][: len(good[1]) // 3], encoding="utf-8")
    with pytest.raises(SaveFileError) as err:
        GameRecord.load(cut)
    assert str(err.value)


def test_edited_file_on_disk_is_refused(tmp_path):
    """A saved file whose first RollFood is hand-edited is refused by GameRecord.load."""
    m = played(players=3, seed=2)
    path = tmp_path / "g.json"
    m.record.save(path)
    d = json.loads(path.read_text())
    i = _find_move(d, "RollFood")
    possible = [o.food for o, _ in load_ruleset("origin", players=3).food_outcomes]
    d["moves"][i]["food"] = next(v for v in possible if v != d["moves"][i]["food"])
    path.write_text(json.dumps(d))
    with pytest.raises(SaveFileError, match="checksum"):
        GameRecord.load(path)


# ---- saved positions --------------------------------------------------------------------------
def _positions(players=3, seed=4, every=23, **options):
    return positions(load_ruleset("origin", players=players, **options), seed, every)


def test_save_state_of_a_scenario_round_trips():
    """A teacher's scenario position survives save_state/load_state and plays on identically."""
    s = evolab.scenario("origin", {"food_bank": 2, "animals": [
        {"owner": 0, "traits": ["carnivorous", "fat_tissue"], "fat": 1},
        {"owner": 1, "traits": ["swimming"]}], "links": []})
    back = load_state(save_state(s))
    assert back == s
    assert evolab.apply(back, TakeFood(1))[0] == evolab.apply(s, TakeFood(1))[0]


def test_save_state_round_trip_with_feeding_pass_is_final():
    """Positions of a feeding_pass_is_final game (barred actions included) survive save_state/load_state."""
    for s in _positions(players=2, seed=0, every=1, feeding_pass_is_final=True):
        assert load_state(save_state(s)) == s


# ---- no pickle ---------------------------------------------------------------------------------
PICKLE_LIKE = {"pickle", "_pickle", "cPickle", "cloudpickle", "dill", "shelve", "joblib"}


def test_no_module_of_evolab_imports_pickle():
    """No source file of evolab imports pickle (or shelve, dill, cloudpickle, joblib), directly or by name."""
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 10
    offenders = []
    for f in files:
        tree = ast.parse(f.read_text(encoding="utf-8"), filename=str(f))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                fn = node.func
                fname = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                if fname in ("__import__", "import_module"):
                    names = [str(node.args[0].value)]
            for n in names:
                if n.split(".")[0] in PICKLE_LIKE:
                    offenders.append(f"{f.relative_to(ROOT)}:{node.lineno}: {n}")
    assert offenders == []


def test_saving_and_loading_does_not_load_pickle():
    """Playing, saving and loading a game and a position in a fresh interpreter never imports pickle."""
    code = (
        "import sys, evolab\n"
        "m = evolab.Match('origin', seats=['greedy', 'random'], seed=1, keep_events=True); m.play_out()\n"
        "r = evolab.GameRecord.from_json(m.record.to_json()); assert r.replay() == m.state\n"
        "assert evolab.load_state(evolab.save_state(m.state)) == m.state\n"
        "print(sorted(k for k in sys.modules if k.split('.')[0] in %r))\n" % (PICKLE_LIKE,))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


# ---- continuing a saved game -------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_from_record_continues_a_saved_game_from_move_n(players):
    """``Match.from_record(record, upto=n, seats=...)`` starts at the state after n moves and plays on."""
    m = played(players=players, seed=13)
    record = GameRecord.from_json(m.record.to_json())
    for n in (0, 5, len(record.moves) // 2, len(record.moves) - 1):
        cont = Match.from_record(record, upto=n, seats=[GreedyBot() for _ in range(players)])
        assert cont.state == record.replay(n)
        assert cont.state is not record.replay(n)
        cont.play_out()
        assert cont.is_over()
        assert cont.state.card_total() == len(cont.ruleset.deck)
        # the continuation is itself a valid record (starting from the saved position)
        again = GameRecord.from_json(cont.record.to_json())
        assert again.start is not None
        assert again.replay() == cont.state
        assert again.replay(0) == record.replay(n)


def test_from_record_with_the_same_moves_reaches_the_same_end():
    """Continuing from move n and replaying the original's remaining moves reaches the original final state."""
    m = played(players=3, seed=17)
    n = len(m.record.moves) // 3
    cont = Match.from_record(m.record, upto=n, seats=["human"] * 3)
    for move in m.record.moves[n:]:
        cont.step(move)
    assert cont.state == m.state
    assert cont.record.moves == m.record.moves[n:]


def test_from_record_continuing_at_a_human_decision():
    """A game saved at a person's decision resumes with that person to move and the same legal actions."""
    m = Match(load_ruleset("origin", players=2), seats=[None, "greedy"], seed=3)
    m.play_until_human()
    m.step(m.legal_actions()[0])
    m.play_until_human()
    rec = GameRecord.from_json(m.record.to_json())
    cont = Match.from_record(rec, seats=[None, "greedy"])
    assert cont.waiting_for_human()
    assert cont.legal_actions() == m.legal_actions()
    assert cont.state == m.state


def test_from_record_beyond_the_end_is_the_final_state():
    """``upto`` past the last move (or None) gives the final state."""
    m = played(players=2, seed=19)
    assert Match.from_record(m.record).state == m.state
    assert Match.from_record(m.record, upto=len(m.record.moves) + 10).state == m.state
    assert Match.from_record(m.record).is_over()


# ---- Origin's records and saved positions in the shared suite (test_conformance.py, via test_properties) ---
def _take_food_of_another_seat(d, good):
    """The first TakeFood made while another seat has an animal names that seat's animal."""
    record = GameRecord.from_dict(good[0])
    for i, m in enumerate(d["moves"]):
        if m["type"] == "TakeFood":
            state = record.replay(i)
            others = [a.id for a in state.animals.values() if a.owner != evolab.to_move(state)]
            if others:
                m["animal"] = others[0]
                return
    pytest.fail("the fixture game has no TakeFood while another seat has an animal")


def saved_position():
    """The first feeding position with animals of a 2-player game: (state, saved text)."""
    m = Match(load_ruleset("origin", players=2), seed=9)
    while m.state.phase != "feeding" or not m.state.animals:
        m.step()
    return m.state.clone(), save_state(m.state)


#: Edits of a saved position: refused by the checksum as they are, and as impossible when re-checksummed.
SAVE_EDITS = {
    "deck_size": lambda st: st.__setitem__("deck_size", st["deck_size"] + 1),
    "hand-card": lambda st: st["hands"][0].append("dodo"),
    "animal-owner": lambda st: st["animals"][0].__setitem__("owner", 7),
    "ruleset": lambda st: st["ruleset"].__setitem__("id", "chess"),
    "phase": lambda st: st.__setitem__("phase", "lunch"),
    "extra-card": lambda st: st["hands"][1].append("swimming"),
    "negative-food": lambda st: st["animals"][0].__setitem__("red", -1),
    "too-much-fat": lambda st: st["animals"][0].__setitem__("fat", 5),
    "broken-link": lambda st: st["animals"][0].__setitem__("links", [777]),
    "seats": lambda st: st["hands"].append([]),
}

#: What the shared suite's record and saved-position tests check in Origin (``EditionSuite`` fields).
RECORDS = dict(
    record_configs=[(2, None, {}), (3, "greedy", {}), (4, "mixed", {}), (6, "greedy", {}), (2, "greedy", NON_DEFAULT),
                    (4, None, NON_DEFAULT)],
    good_record=good_record,
    record_edits={
        "rollfood-impossible": move_edit("RollFood", "food", 99),
        "rollfood-string": move_edit("RollFood", "food", "5"),
        "animal-id-made-up": move_edit("TakeFood", "animal", 9_999),
        "animal-id-other-seat": _take_food_of_another_seat,
        "draw-unknown-card": lambda d, good: d["moves"][0].__setitem__("card", "dodo"),
        "move-field-missing": lambda d, good: d["moves"][find_move(d, "RollFood")].pop("food"),
        "move-not-object": lambda d, good: d["moves"].__setitem__(2, "Draw(swimming)"),
        "options-invalid": lambda d, good: d["options"].__setitem__("players", 99),
    },
    save_configs=[(2, {}), (4, {}), (6, {})], save_every=23,
    save_phases=lambda players: {"deal", "development", "feeding", "over"},
    saved_position=saved_position, tamper=SAVE_EDITS,
    impossible={**SAVE_EDITS, **{f"{field}={value!r}": (lambda st, field=field, value=value: st.__setitem__(field, value))
                                 for field, value in (("food_bank", -3), ("current", 7), ("first", -4),
                                                      ("discards", [-1, 1]), ("turn", 0), ("food_bank", True))}},
)


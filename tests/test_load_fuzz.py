"""Hostile saved positions of every edition: each is refused with ``SaveFileError`` naming a field, or loads
into a position that plays on (every legal action, scores, every seat's view, the board). A fixed seeded
corpus keeps this quick; ``EVOLAB_FUZZ_FILES=20000`` (or ``benchmarks/load_fuzz.py``) attacks harder."""
from __future__ import annotations

import os

import pytest

from fuzz_saves import attack, attack_records

FILES = int(os.environ.get("EVOLAB_FUZZ_FILES", "2000"))


@pytest.mark.parametrize("edition", ["origin", "random_mutations", "northstar"])
def test_hostile_saved_positions_are_refused_naming_a_field_or_play_on(edition):
    """Thousands of one-field changes (wrong type, out of range, dangling id, wrong length, swapped values,
    null, huge and negative numbers), re-checksummed: no exception but SaveFileError, ever."""
    t = attack(edition, FILES, seed=2026, per_game=40, board_every=12, record_every=10)
    print(t.line(edition))
    assert not t.other, f"{len(t.other)} exceptions other than SaveFileError, e.g.\n" + "\n".join(
        f"{label}\n{tb}" for label, tb in t.other[:3])
    assert not t.unnamed, f"refused without naming a field of the file: {t.unnamed[:5]}"
    assert t.refused + t.loaded == t.tried == FILES
    # both outcomes really happen: most changes are refused, and some still load and are played on
    assert t.refused > FILES // 2 and t.loaded > FILES // 20
    assert t.refused_exact > t.refused * 3 // 4, "most refusals name exactly the field that was changed"


@pytest.mark.parametrize("edition", ["origin", "random_mutations", "northstar"])
def test_hostile_saved_games_are_refused_naming_a_field_or_replay_and_play_on(edition):
    """Saved games changed in one place (header, options, a move, the seed...), re-checksummed."""
    n = max(100, FILES // 5)
    t = attack_records(edition, n, seed=2026)
    print(t.line(edition))
    assert not t.other, f"{len(t.other)} exceptions other than SaveFileError, e.g.\n" + "\n".join(
        f"{label}\n{tb}" for label, tb in t.other[:3])
    assert not t.unnamed, f"refused without naming a field of the file: {t.unnamed[:5]}"
    assert t.refused + t.loaded == t.tried == n and t.refused > n // 2 and t.loaded > n // 50

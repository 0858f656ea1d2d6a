"""Checks every edition's conformance tests share: a refused action changes nothing, a state survives
JSON, and a saved file can be edited with a fresh checksum (to test what the loader itself refuses)."""
from __future__ import annotations

import hashlib
import json

import pytest

from evolab import IllegalActionError, apply, chance_outcomes, check, legal_actions


def assert_refused(state, action, seat=None, rule=None):
    """``apply`` raises IllegalActionError with a non-empty rule, agrees with ``check``, changes nothing."""
    before = state.to_dict()
    legal_before = legal_actions(state)
    with pytest.raises(IllegalActionError) as err:
        if seat is None:
            apply(state, action)
        else:
            apply(state, action, seat=seat)
    e = err.value
    assert isinstance(e.rule, str) and e.rule.strip(), f"no rule named for {action!r}"
    assert str(e), "the error has no message"
    assert state.to_dict() == before, f"refusing {action!r} changed the state"
    assert legal_actions(state) == legal_before
    v = check(state, action, seat)
    assert v is not None and v.rule == e.rule
    if rule is not None:
        assert e.rule == rule, f"{action!r}: rule {e.rule!r}, expected {rule!r}"
    return e


def assert_step_refused(m, action):
    """``Match.step`` refuses ``action`` and leaves the state, the record and the random generator as they were."""
    before = m.state.to_dict()
    moves = list(m.record.moves)
    rng_state = m.rng.getstate()
    with pytest.raises(IllegalActionError) as err:
        m.step(action)
    assert isinstance(err.value.rule, str) and err.value.rule
    assert m.state.to_dict() == before
    assert m.record.moves == moves
    assert m.rng.getstate() == rng_state
    return err.value


def assert_json_round_trip(state):
    """A state saved as JSON and loaded back is equal, and offers the same moves and chance outcomes."""
    back = state.ruleset.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert back == state
    assert back.to_dict() == state.to_dict()
    assert legal_actions(back) == legal_actions(state)
    assert chance_outcomes(back) == chance_outcomes(state)


def rechecksum(d):
    """The checksum evolab would write for ``d`` (so an edit is not caught by the checksum alone)."""
    body = {k: v for k, v in d.items() if k != "checksum"}
    d["checksum"] = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return d

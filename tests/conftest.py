"""Shared helpers for the rules tests: build a table with ``pos``, act with ``play``, read the rule."""
from __future__ import annotations

import pytest

import evolab
from evolab import apply, check, scenario


def pos(spec: dict, ruleset: str = "origin"):
    """A position from a scenario dict (see ``evolab.scenario``)."""
    return scenario(ruleset, spec)


def play(state, *actions):
    """Apply ``actions`` in order; returns (final state, all events)."""
    events = []
    for a in actions:
        state, ev = apply(state, a)
        events.extend(ev)
    return state, events


def rule_of(state, action):
    """The rule id that forbids ``action`` here (None when it is legal)."""
    v = check(state, action)
    return None if v is None else v.rule


def event_types(events):
    return [type(e).__name__ for e in events]


@pytest.fixture
def origin2():
    return evolab.load_ruleset("origin", players=2)

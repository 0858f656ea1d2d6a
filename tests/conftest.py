"""Shared helpers for the rules tests: build a table with ``pos``, act with ``play``, read the rule.

Hypothesis profiles (loaded here, before any test module builds its ``settings``): ``dev`` (the default) draws
new examples each run and prints the ``@reproduce_failure`` blob of a failing one; ``ci`` (``.ci/run``, or any
run with the ``CI`` variable set) also derandomizes, so every run draws the same examples and a red CI test is
red on any machine. Choose with ``EVOLAB_HYPOTHESIS_PROFILE=ci|dev``; the README's test section has the recipe.
"""
from __future__ import annotations

import os

# The tests read English whatever the machine's locale (kernels the notebook and browser tests start inherit it);
# a test of another language asks for it (lang=, using()).
os.environ["EVOLAB_LANG"] = "en"

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings

import evolab
from evolab import apply, check, scenario

# "ci" as Hypothesis's own CI profile: no deadline or slowness check either (a shared CI machine is slow).
HYPOTHESIS_PROFILES = {"dev": settings(print_blob=True),
                       "ci": settings(derandomize=True, print_blob=True, database=None, deadline=None,
                                      suppress_health_check=[HealthCheck.too_slow])}
for _name, _profile in HYPOTHESIS_PROFILES.items():
    settings.register_profile(_name, _profile)
_chosen = os.environ.get("EVOLAB_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
if _chosen not in HYPOTHESIS_PROFILES:
    raise pytest.UsageError(f"EVOLAB_HYPOTHESIS_PROFILE={_chosen!r}: the profiles are {', '.join(HYPOTHESIS_PROFILES)}")
settings.load_profile(_chosen)


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

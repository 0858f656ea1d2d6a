"""The PettingZoo environment: PettingZoo's own API and seed tests for every edition, masks, observations
built from ``observe`` only, and the README's example."""
from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from evolab import env as evolab_env
from evolab import observe
from hidden_support import decision_points, other_hidden

pytestmark = pytest.mark.filterwarnings("ignore:Observation is not a NumPy array", "ignore:Observation space for each agent")

EDITIONS = [("origin", 2), ("origin", 4), ("random_mutations", 3), ("northstar", 2), ("northstar", 6)]


@pytest.mark.parametrize("ruleset,players", EDITIONS)
def test_pettingzoo_api_and_seed_tests(ruleset, players):
    """PettingZoo's ``api_test`` (a whole game of random legal moves, spaces, rewards, agent removal) and
    ``seed_test`` (two environments with the same seed run identically) pass."""
    api_test(evolab_env.env(ruleset, players=players), num_cycles=1000)
    seed_test(lambda: evolab_env.env(ruleset, players=players), num_cycles=300)


def test_equilibrium_scenario_runs_in_the_environment():
    api_test(evolab_env.env("origin", players=3, scenario="equilibrium"), num_cycles=1000)


def _play(e, seed, policy):
    e.reset(seed=seed)
    total = {a: 0.0 for a in e.possible_agents}
    steps = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        if term or trunc:
            e.step(None)
            continue
        e.step(policy(obs, agent))
        steps += 1
    return total, steps


def test_mask_matches_the_legal_actions_and_chance_is_inside():
    """Only the agent to move has legal actions in its mask, exactly as many as the engine lists; nature
    never asks an agent; an illegal action is refused and changes nothing; rewards are zero-sum at the end."""
    e = evolab_env.raw_env("origin", players=3)
    e.reset(seed=4)
    rng = random.Random(1)
    for _ in range(200):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        seat = e.agent_name_mapping[agent]
        assert e.ruleset.to_move(e.game) == seat
        legal = e.legal_moves()
        obs = e.observe(agent)
        assert obs["action_mask"].sum() == len(legal) and obs["action_mask"][:len(legal)].all()
        other = e.possible_agents[(seat + 1) % 3]
        assert e.observe(other)["action_mask"].sum() == 0
        before = e.game.to_dict()
        for bad in (len(legal), -1, None, "x"):
            with pytest.raises(ValueError):
                e.step(bad)
        assert e.game.to_dict() == before
        e.step(rng.randrange(len(legal)))
    total, _ = _play(e, 9, lambda obs, agent: int(np.flatnonzero(obs["action_mask"])[0]))
    assert sum(total.values()) == pytest.approx(0.0) and max(total.values()) == 1.0


@pytest.mark.parametrize("ruleset", ["origin", "northstar"])
def test_observation_vector_depends_only_on_what_the_seat_sees(ruleset):
    """Two tables the seat cannot tell apart (other hidden cards) give the same observation vector; the
    vector changes with what the seat does see."""
    e = evolab_env.raw_env(ruleset, players=3)
    rng = random.Random(2)
    compared = 0
    for state, seat in decision_points(ruleset, {"players": 3}, limit=8):
        other = other_hidden(state, seat, rng)
        if other is None:
            continue
        a = e.encoder.encode(observe(state, seat))
        b = e.encoder.encode(observe(other, seat))
        assert np.array_equal(a, b)
        assert a.shape == (e.encoder.size,) and a.dtype == np.float32
        compared += 1
    assert compared >= 3
    first, last = decision_points(ruleset, {"players": 3}, limit=8)[0], decision_points(ruleset, {"players": 3}, limit=8)[-1]
    assert not np.array_equal(e.encoder.encode(observe(*first)), e.encoder.encode(observe(*last)))


def test_layout_documents_the_vector():
    e = evolab_env.raw_env("northstar", players=4)
    assert sum(n for _, n in e.layout) == e.encoder.size == e.observation_space("player_0")["observation"].shape[0]
    text = e.describe_layout()
    assert "watering_hole" in text and "species" in text and "trait:carnivore" in text


def test_readme_example_evaluates_a_trivial_policy():
    """The README's example: a policy that always takes the first legal action, against random agents."""
    from evolab.env import evaluate
    result = evaluate(lambda obs, agent: int(np.flatnonzero(obs["action_mask"])[0]), "origin", players=2,
                      games=6, seed=1)
    assert result["games"] == 6 and 0 <= result["wins"] <= 6
    assert result == evaluate(lambda obs, agent: int(np.flatnonzero(obs["action_mask"])[0]), "origin",
                              players=2, games=6, seed=1)

"""A PettingZoo AEC environment for every edition: ``evolab.env.env("origin", players=2)``.

Needs the ``rl`` extra (``pip install -e '.[rl]'``: pettingzoo, gymnasium, numpy); ``import evolab`` never
loads them. Agents are ``player_0`` ... ``player_{n-1}``; nature's moves (deals, dice, revealed cards) are
resolved inside the environment with its own seeded random numbers, so an agent is only asked when a
player decides, and the same agent may be asked several times in a row.

**Actions** are ``Discrete(max_actions)``: action ``i`` is the ``i``-th entry of the engine's
``legal_actions`` at that moment (a fixed, documented order), and the mask marks the first
``len(legal_actions)`` entries; ``env.legal_moves()`` and ``env.describe_action(i)`` name them. (Legal lists
longer than ``max_actions`` are cut; the default is far above any list seen in play.)

**Observations** are ``{"observation": float32 vector, "action_mask": int8 vector}``. The vector encodes
``observe(state, seat)`` only (what that player may see), seats counted from the observer (its own first),
and ``env.layout`` lists its segments as (name, length) in order; ``describe_layout()`` prints them. Each
player's first ``max_units`` animals (species, for the editions with species) are encoded, by id.

**Rewards** come at the end: +1 to the winner, -1/(n-1) to each other player (zero-sum).
"""
from __future__ import annotations

import random

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .actions import CHANCE, TERMINAL
from .rules import edition, editions, load_ruleset
from .view import observe


def __getattr__(name):
    """``PHASES``, ``ENCODERS`` and ``DEFAULT_UNITS`` per edition id, asked of the editions (each edition's
    package holds its encoder: ``Edition.encoder``)."""
    parts = {"PHASES": lambda enc: enc.phases, "ENCODERS": lambda enc: enc,
             "DEFAULT_UNITS": lambda enc: enc.default_units}
    if name in parts:
        return {i: parts[name](ed.encoder) for i, ed in editions().items()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")



class EvolabEnv(AECEnv):
    """*Evolution* as a turn-based multi-agent environment (PettingZoo AEC API); see the module docstring."""

    metadata = {"render_modes": ["ansi"], "name": "evolab_v0", "is_parallelizable": False}

    def __init__(self, ruleset="origin", players=None, render_mode=None, max_actions=1024, max_units=None,
                 **options):
        super().__init__()
        if isinstance(ruleset, str):
            ruleset = load_ruleset(ruleset, **({"players": players} if players else {}), **options)
        self.ruleset = ruleset
        self.render_mode = render_mode
        self.max_actions = max_actions
        encoder = edition(ruleset.id).encoder
        self.encoder = encoder(ruleset, max_units or encoder.default_units)
        self.layout = self.encoder.layout
        self.possible_agents = [f"player_{i}" for i in range(ruleset.players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(self.encoder.size,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(max_actions,), dtype=np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(max_actions) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ---- the game ------------------------------------------------------------------------------------
    def reset(self, seed=None, options=None):
        """A new game; ``seed`` fixes nature's moves (without one, each reset continues the last seed's series)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.rng = random.Random(self._seeds.getrandbits(63))
        self.game = self.ruleset.new_game()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._nature()
        self.agent_selection = self.possible_agents[self._seat()]

    def _nature(self):
        """Play nature's moves until a player decides or the game ends."""
        rs, s = self.ruleset, self.game
        while rs.to_move(s) == CHANCE:
            rs.apply_inplace(s, rs.sample_chance(s, self.rng), None)

    def _seat(self) -> int:
        who = self.ruleset.to_move(self.game)
        return who if who >= 0 else 0

    def legal_moves(self) -> list:
        """The engine's legal actions for the agent to move (action ``i`` is entry ``i``)."""
        if self.game is None or self.ruleset.to_move(self.game) == TERMINAL:
            return []
        return self.ruleset.legal_actions(self.game)[:self.max_actions]

    def describe_action(self, i) -> str:
        moves = self.legal_moves()
        return repr(moves[i]) if 0 <= i < len(moves) else f"action {i} is not legal now"

    def observe(self, agent):
        seat = self.agent_name_mapping[agent]
        mask = np.zeros(self.max_actions, dtype=np.int8)
        if self.ruleset.to_move(self.game) == seat:
            mask[:len(self.legal_moves())] = 1
        return {"observation": self.encoder.encode(observe(self.game, seat)), "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        moves = self.legal_moves()
        try:
            i = int(action)
        except (TypeError, ValueError):
            raise ValueError(f"an action is a whole number (an index into the legal moves), got {action!r}") from None
        if not 0 <= i < len(moves):
            raise ValueError(f"action {action} is not legal now: {len(moves)} legal actions "
                             f"(see the action mask or env.legal_moves())")
        self._cumulative_rewards[agent] = 0.0
        self.ruleset.apply_inplace(self.game, moves[i], None)
        self._nature()
        if self.ruleset.to_move(self.game) == TERMINAL:
            n = len(self.possible_agents)
            w = self.game.winner
            for a, seat in self.agent_name_mapping.items():
                self.rewards[a] = 1.0 if seat == w else -1.0 / (n - 1)
                self.terminations[a] = True
            self.agent_selection = self.possible_agents[(self.agent_name_mapping[agent] + 1) % n]
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[self._seat()]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self):
        if self.game is None:
            return "no game yet: call reset()"
        sc = self.ruleset.scores(self.game)
        return (f"{self.ruleset.name}: turn {self.game.turn}, phase {self.game.phase}, "
                f"to move {self.agent_selection}, scores {list(sc)}")

    def close(self):
        pass

    def describe_layout(self) -> str:
        """The observation vector's segments, in order, with their positions."""
        lines, at = [], 0
        for name, n in self.layout:
            lines.append(f"{at:>6}-{at + n - 1:<6} {name} ({n})")
            at += n
        fields = ", ".join(self.encoder.fields)
        return "\n".join(lines) + f"\nper unit ({len(self.encoder.fields)} values): {fields}"


def evaluate(policy, ruleset="origin", games=20, seed=0, **kwargs) -> dict:
    """Play ``policy(observation, agent) -> action`` against agents that pick uniformly among the legal
    actions; the policy's seat rotates game by game. Returns games, wins, win rate and mean reward."""
    e = raw_env(ruleset, **kwargs)
    n = len(e.possible_agents)
    rng = random.Random(seed)
    wins, reward = 0, 0.0
    for g in range(games):
        me = e.possible_agents[g % n]
        e.reset(seed=rng.getrandbits(63))
        for agent in e.agent_iter():
            obs, r, term, trunc, _ = e.last()
            if agent == me:
                reward += r
            if term or trunc:
                e.step(None)
            elif agent == me:
                e.step(policy(obs, agent))
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        wins += e.game.winner == e.agent_name_mapping[me]
    return {"games": games, "wins": wins, "win_rate": wins / games, "mean_reward": reward / games}


def raw_env(ruleset="origin", **kwargs) -> EvolabEnv:
    return EvolabEnv(ruleset, **kwargs)


def env(ruleset="origin", **kwargs):
    """The environment with PettingZoo's standard checks around it (illegal actions, order of calls)."""
    e = raw_env(ruleset, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["EvolabEnv", "env", "raw_env", "evaluate", "PHASES", "ENCODERS"]  # noqa: F822  (PHASES, ENCODERS: module __getattr__)

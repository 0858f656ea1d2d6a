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
from .rules import load_ruleset
from .view import observe

PHASES = {
    "origin": ("deal", "choose", "first_player", "food", "development", "feeding", "extinction", "draw",
               "tiebreak", "over"),
    "random_mutations": ("first_player", "development", "reveal", "climate_red", "climate_green", "climate_black",
                         "feeding", "parasites", "extinction", "tiebreak", "over"),
    "northstar": ("remove", "first_player", "deal", "select_food", "play_cards", "feeding", "end_of_round",
                  "end_draws", "over"),
}


# ---- observation encoders, one per edition ------------------------------------------------------------
class _Encoder:
    """Builds the fixed layout once; ``encode(view)`` fills a vector segment by segment."""

    def __init__(self, rs, max_units):
        self.rs, self.n, self.k = rs, rs.players, max_units
        self.layout = self.segments()
        self.size = sum(n for _, n in self.layout)
        self.offset = {}
        at = 0
        for name, n in self.layout:
            self.offset[name] = at
            at += n

    def rel(self, view, seat):
        return (seat - view.seat) % self.n

    def per_seat(self, view, values):
        out = [0.0] * self.n
        for seat, v in enumerate(values):
            out[self.rel(view, seat)] = float(v)
        return out

    def common(self, view) -> dict:
        phase = [0.0] * len(PHASES[self.rs.id])
        if view.phase in PHASES[self.rs.id]:
            phase[PHASES[self.rs.id].index(view.phase)] = 1.0
        mover = [0.0] * self.n
        if view.to_move >= 0:
            mover[self.rel(view, view.to_move)] = 1.0
        return {"phase": phase, "to_move": mover, "turn": [float(view.turn)]}

    def encode(self, view):
        out = np.zeros(self.size, dtype=np.float32)
        for name, values in self.values(view).items():
            start = self.offset[name]
            out[start:start + len(values)] = values
        return out


class _OriginEncoder(_Encoder):
    def segments(self):
        from .rules.origin.deck import CARDS
        from .rules.origin.traits import PAIR_TRAITS, TRAIT_IDS
        self.cards = {c.id: i for i, c in enumerate(CARDS)}
        singles = [t for t in TRAIT_IDS if t not in PAIR_TRAITS]
        self.traits = {t: i for i, t in enumerate(singles)}
        self.pairs = {t: i for i, t in enumerate(sorted(PAIR_TRAITS))}
        self.fields = ("present", "red", "blue", "fat", "need", "fed", "hibernating", "attacked", "pirated",
                       "poisoned", "predator_now", "prey_now") + tuple(f"trait:{t}" for t in singles) + \
            tuple(f"pair:{t}" for t in sorted(PAIR_TRAITS))
        n, k = self.n, self.k
        return [("phase", len(PHASES["origin"])), ("to_move", n), ("turn", 1), ("food_bank", 1), ("deck_size", 1),
                ("last_turn", 1), ("hand", len(CARDS)), ("pool", len(CARDS)), ("hand_sizes", n),
                ("discard_sizes", n), ("pool_sizes", n), ("animals", n * k * len(self.fields))]

    def values(self, view):
        v = self.common(view)
        v["food_bank"] = [float(view.food_bank)]
        v["deck_size"] = [float(view.deck_size)]
        v["last_turn"] = [float(view.last_turn)]
        for name, cards in (("hand", view.hand), ("pool", view.pool)):
            counts = [0.0] * len(self.cards)
            for c in cards:
                counts[self.cards[c]] += 1
            v[name] = counts
        v["hand_sizes"] = self.per_seat(view, view.hand_sizes)
        v["discard_sizes"] = self.per_seat(view, view.discard_sizes)
        v["pool_sizes"] = self.per_seat(view, view.pool_sizes) if view.pool_sizes else [0.0] * self.n
        f = len(self.fields)
        units = [0.0] * (self.n * self.k * f)
        slot = [0] * self.n
        at = view.attack
        for aid in sorted(view.animals):
            a = view.animals[aid]
            r = self.rel(view, a.owner)
            if slot[r] >= self.k:
                continue
            base = (r * self.k + slot[r]) * f
            slot[r] += 1
            units[base:base + 12] = [1.0, a.red, a.blue, a.fat, a.need, float(a.is_fed()), float(a.hibernating),
                                     float(a.attacked), float(a.pirated), float(a.poisoned),
                                     float(at is not None and at.predator == aid),
                                     float(at is not None and at.prey == aid)]
            for c in a.cards:
                units[base + 12 + self.traits[c.trait]] += 1
            for u in a.links:
                units[base + 12 + len(self.traits) + self.pairs[view.links[u].trait]] += 1
        v["animals"] = units
        return v


class _RMEncoder(_Encoder):
    def segments(self):
        from .rules.random_mutations.deck import TRAIT_IDS
        self.traits = {t: i for i, t in enumerate(TRAIT_IDS)}
        self.fields = ("present", "population", "need", "food", "fed_animals", "shelters", "parasites") + \
            tuple(f"trait:{t}" for t in TRAIT_IDS)
        n, k = self.n, self.k
        return [("phase", len(PHASES["random_mutations"])), ("to_move", n), ("turn", 1), ("red", 1), ("green", 1),
                ("black", 1), ("deck_size", 1), ("last_turn", 1), ("player_deck_sizes", n), ("discard_sizes", n),
                ("species", n * k * len(self.fields))]

    def values(self, view):
        rs = self.rs
        v = self.common(view)
        v["red"], v["green"], v["black"] = [float(view.red)], [float(view.green)], [float(view.black)]
        v["deck_size"] = [float(view.deck_size)]
        v["last_turn"] = [float(view.last_turn)]
        v["player_deck_sizes"] = self.per_seat(view, view.pdeck_sizes)
        v["discard_sizes"] = self.per_seat(view, view.discard_sizes)
        f = len(self.fields)
        units = [0.0] * (self.n * self.k * f)
        for seat, row in enumerate(view.rows):
            r = self.rel(view, seat)
            for slot, sid in enumerate(row[:self.k]):
                sp = view.species[sid]
                need = rs.need(view, sp)
                animals = [view.animals[a] for a in sp.animals]
                base = (r * self.k + slot) * f
                units[base:base + 7] = [1.0, len(animals), need, sum(a.red + a.blue for a in animals),
                                        sum(1 for a in animals if a.red + a.blue >= need or a.fed_by_kill),
                                        sum(1 for a in animals if a.shelter), sum(a.parasites for a in animals)]
                for t in rs.traits_of(view, sp):
                    if t in self.traits:
                        units[base + 7 + self.traits[t]] += 1
        v["species"] = units
        return v


class _NSEncoder(_Encoder):
    def segments(self):
        from .rules.northstar.deck import TRAIT_IDS, card_kinds
        self.cards = {k[0]: i for i, k in enumerate(card_kinds())}
        self.traits = {t: i for i, t in enumerate(TRAIT_IDS)}
        self.fields = ("present", "body", "population", "food", "fat", "face_down") + \
            tuple(f"trait:{t}" for t in TRAIT_IDS) + tuple(f"my_face_down:{t}" for t in TRAIT_IDS)
        n, k = self.n, self.k
        return [("phase", len(PHASES["northstar"])), ("to_move", n), ("turn", 1), ("watering_hole", 1),
                ("deck_size", 1), ("last_round", 1), ("hand", len(self.cards)), ("my_food_card", len(self.cards)),
                ("hand_sizes", n), ("bags", n), ("food_placed", n), ("species", n * k * len(self.fields))]

    def values(self, view):
        v = self.common(view)
        v["watering_hole"] = [float(view.watering)]
        v["deck_size"] = [float(view.deck_size)]
        v["last_round"] = [float(view.last_round)]
        hand = [0.0] * len(self.cards)
        for c in view.hand:
            hand[self.cards[c]] += 1
        v["hand"] = hand
        food = [0.0] * len(self.cards)
        if view.food_card:
            food[self.cards[view.food_card]] = 1.0
        v["my_food_card"] = food
        v["hand_sizes"] = self.per_seat(view, view.hand_sizes)
        v["bags"] = self.per_seat(view, view.bags)
        v["food_placed"] = self.per_seat(view, view.food_placed)
        f, t = len(self.fields), len(self.traits)
        units = [0.0] * (self.n * self.k * f)
        for seat, row in enumerate(view.rows):
            r = self.rel(view, seat)
            for slot, sid in enumerate(row[:self.k]):
                sp = view.species[sid]
                base = (r * self.k + slot) * f
                units[base:base + 6] = [1.0, sp.body, sp.pop, sp.food, sp.fat, len(sp.pending)]
                for c in sp.traits:
                    units[base + 6 + self.traits[c.split(":", 1)[0]]] += 1
                if seat == view.seat:
                    for c in sp.pending:
                        units[base + 6 + t + self.traits[c.split(":", 1)[0]]] += 1
        v["species"] = units
        return v


ENCODERS = {"origin": _OriginEncoder, "random_mutations": _RMEncoder, "northstar": _NSEncoder}
DEFAULT_UNITS = {"origin": 12, "random_mutations": 8, "northstar": 6}


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
        self.encoder = ENCODERS[ruleset.id](ruleset, max_units or DEFAULT_UNITS[ruleset.id])
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


__all__ = ["EvolabEnv", "env", "raw_env", "evaluate", "PHASES", "ENCODERS"]

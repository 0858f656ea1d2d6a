"""LookaheadBot: tries its best moves on imagined tables and keeps the one that works out best.

It sees only its observation. For each try it imagines a whole table consistent with it (the others' hands,
the deck and face-down cards drawn from the cards it has not seen: ``evolab.view.sample_world``), plays one of its
candidate moves there, lets everybody play on with the greedy rules of thumb (and nature roll its dice) to
the end of the turn (the top two levels: of the next one too), and scores the result (its lead in points over
the best rival). Tries are shared out by sequential halving: every candidate meets the same imagined tables and
dice, the worse half drops out after each round, and the survivors get the rest of the budget, so a move wins on
play rather than on the luck of its tables (the UCB1 sharing of the first version, ``method="ucb"``, let a weak
move win on a few lucky tries, and more tries did not make a stronger bot). The lower levels also slip now and
then, as a learner does: with a ``temperature`` (in points) they sometimes play a move that did a little worse
in their imagined games than their best one, rarely one that did much worse. A level fixes the number of tries,
the moves weighed, the turns imagined and the temperature, so a level plays the same way on any computer; the
bot's ``seed`` and the match's random numbers make it deterministic.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..actions import CHANCE
from ..errors import OptionError
from .base import Bot
from .greedy import GreedyBot


@dataclass(frozen=True)
class Level:
    """How hard a LookaheadBot thinks: imagined games per move, how many moves it tries out, and how often
    it slips (plays a move that did worse in its imagined games)."""

    number: int
    name: str
    iterations: int      # imagined games per decision
    candidates: int      # its best moves by the rules of thumb that it tries out
    horizon: int = 0     # whole turns it imagines after the current one (0: to the end of this turn)
    method: str = "halving"  # how tries are shared out: "halving" (sequential halving) or "ucb" (UCB1)
    temperature: float = 0.0  # points: how often it plays a move that did worse in its imagined games (0: never)


#: Strength levels: each tries more imagined games per move than the one below and weighs more of its best
#: moves by the rules of thumb. Tries alone level off (162 tries of 8 moves did not beat 54 of 6 in 2-player
#: games), and at a table of four the old five levels spanned about one step, so the top two levels also
#: imagine one more whole turn (``horizon=1``: 64% [58%, 71%] against the old expert in 40 Origin 4-player
#: deals), and the expert weighs ten moves with 162 tries (61% [54%, 67%] against level 4's settings in 40
#: such deals). The lower levels slip instead: a move that did d points worse than the best in the imagined
#: games is played with weight exp(-d / temperature) against the best's 1 (the beginner and the novice at
#: temperature 1, so a move a point worse has weight 0.37; level 3 at 0.4; the top two never slip).
LEVELS = {
    1: Level(1, "beginner", 2, 2, temperature=1.0),       # one imagined game for each of its two best moves
    2: Level(2, "novice", 12, 3, temperature=1.0),        # three moves, the better two then played out more
    3: Level(3, "intermediate", 30, 5, temperature=0.4),
    4: Level(4, "advanced", 54, 6, horizon=1),            # to the end of the next turn, always its best
    5: Level(5, "expert", 162, 10, horizon=1),            # ten moves, three times level 4's tries
}
LEVEL_NAMES = {lv.name: n for n, lv in LEVELS.items()}
_EXPLORE = 1.0           # UCB1 exploration weight, in units of the spread of the results seen so far
_MAX_ROLLOUT = 5000      # moves: a safety net, never reached by a real turn


class LookaheadBot(Bot):
    """``LookaheadBot(level=3, seed=0)``: levels 1 ("beginner") to 5 ("expert"), or a level name.

    ``iterations``, ``candidates`` (how many of its best moves by the rules of thumb it tries out),
    ``horizon`` (whole turns imagined after the current one), ``method`` ("halving" or "ucb") and
    ``temperature`` (points; 0: always its best move) override the level's settings. ``score`` says how an
    imagined table is judged: ``"lead"`` (its points minus the best rival's, the default) or ``"margin"``
    (its points minus the rivals' mean, which weighs every rival alike at a table of more than two).
    ``time_limit`` (seconds, default none) is a safety stop only: a search cut short by it depends on the
    computer's speed, so leave it off for experiments.
    """

    name = "lookahead"
    picks_from_legal = True       # it only ever returns one of the legal moves it was given

    def __init__(self, level=3, seed=0, mutation_rate=None, divergence_rate=0.1, iterations=None,
                 time_limit=None, horizon=None, method=None, temperature=None, candidates=None, score="lead"):
        super().__init__(mutation_rate, divergence_rate)
        if isinstance(level, str):
            if level.isdigit():
                level = int(level)
            elif level in LEVEL_NAMES:
                level = LEVEL_NAMES[level]
        if isinstance(level, bool) or level not in LEVELS:
            raise OptionError(f"level must be 1-5 or one of {list(LEVEL_NAMES)}, got {level!r}")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                       or iterations < 1):
            raise OptionError(f"iterations must be a whole number >= 1, got {iterations!r}")
        if candidates is not None and (isinstance(candidates, bool) or not isinstance(candidates, int)
                                       or candidates < 1):
            raise OptionError(f"candidates must be a whole number >= 1, got {candidates!r}")
        if score not in SCORES:
            raise OptionError(f"score must be one of {sorted(SCORES)}, got {score!r}")
        if horizon is not None and (isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 0):
            raise OptionError(f"horizon must be a whole number of turns >= 0, got {horizon!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(f"seed must be a whole number, got {seed!r}")
        self.level = LEVELS[level]
        self.name = f"{self.level.name} lookahead"      # what the board shows: "expert lookahead bot"
        self.iterations = iterations or self.level.iterations
        self.breadth = candidates or self.level.candidates
        self.score = score
        self.horizon = self.level.horizon if horizon is None else horizon
        if method not in (None, "ucb", "halving"):
            raise OptionError(f"method must be 'ucb' or 'halving', got {method!r}")
        self.method = method or self.level.method
        if temperature is not None and (isinstance(temperature, bool) or not isinstance(temperature, (int, float))
                                        or not 0 <= temperature < math.inf):
            raise OptionError(f"temperature must be a number of points >= 0, got {temperature!r}")
        self.temperature = self.level.temperature if temperature is None else float(temperature)
        self.seed = seed
        self.time_limit = time_limit
        self.policy = GreedyBot()

    def __repr__(self):
        extra = "" if self.mutation_rate is None else f", mutation_rate={self.mutation_rate}"
        if self.horizon != self.level.horizon:
            extra += f", horizon={self.horizon}"
        if self.method != self.level.method:
            extra += f", method={self.method!r}"
        if self.temperature != self.level.temperature:
            extra += f", temperature={self.temperature:g}"
        if self.iterations != self.level.iterations:
            extra += f", iterations={self.iterations}"
        if self.breadth != self.level.candidates:
            extra += f", candidates={self.breadth}"
        if self.score != "lead":
            extra += f", score={self.score!r}"
        return f"LookaheadBot(level={self.level.number}, seed={self.seed}{extra})"

    # ---- deciding ----------------------------------------------------------------------------------
    def pick(self, view, legal, rng):
        if len(legal) == 1:
            return legal[0]
        r = random.Random(self.seed * 2 ** 53 + int(rng.random() * 2 ** 53))
        moves = self.candidates(view, legal, r)
        if len(moves) == 1:
            return moves[0]
        if self.method == "halving":
            best, means = self.halving_values(view, moves, r)
        else:
            visits, totals = self.search(view, moves, r)
            best = max(range(len(moves)), key=lambda i: (visits[i], totals[i] / visits[i], -i))
            means = [t / v if v else None for t, v in zip(totals, visits)]
        if self.temperature > 0:
            best = self.soften(best, means, r)
        return moves[best]

    def soften(self, best, means, r) -> int:
        """A move drawn with weights exp(-(points it fell short of the best) / temperature): a weaker
        level sometimes plays a move that did a little worse in its imagined games, as a beginner would,
        and rarely one that did much worse. A move that did as well as the best is not drawn (on equal
        results the rules of thumb's choice stays, as at temperature 0), nor is a move never tried."""
        top = means[best]
        weights = [0.0 if m is None or m >= top else math.exp((m - top) / self.temperature) for m in means]
        weights[best] = 1.0
        x = r.random() * sum(weights)
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return i
        return best

    def candidates(self, view, legal, r) -> list:
        """The level's number of best moves by the greedy rules of thumb, best first."""
        rest = list(legal)
        out: list = []
        while rest and len(out) < self.breadth:
            a = self.policy.pick(view, rest, r)
            out.append(a)
            rest.remove(a)
        return out

    def search(self, view, moves, r):
        """UCB1 over ``moves``: each try imagines a table, plays the move, and rolls the game on.

        The n-th try of every move imagines the same table and the same dice (common random numbers), so
        moves are compared on equal luck. Results are points of lead, so exploration is scaled by their
        spread so far (at least one point)."""
        k = len(moves)
        visits, totals = [0] * k, [0.0] * k
        seeds = []
        s1 = s2 = 0.0
        stop = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for it in range(self.iterations):
            if it < k:
                i = it
            else:
                spread = max(1.0, math.sqrt(max(0.0, s2 / it - (s1 / it) ** 2)))
                c = _EXPLORE * spread * math.sqrt(math.log(it))
                i = max(range(k), key=lambda j: totals[j] / visits[j] + c / math.sqrt(visits[j]))
            if visits[i] == len(seeds):
                seeds.append(int(r.random() * 2 ** 53))
            v = self.try_move(view, moves[i], random.Random(seeds[visits[i]]))
            visits[i] += 1
            totals[i] += v
            s1 += v
            s2 += v * v
            if stop is not None and it >= k and time.perf_counter() > stop:
                break
        return visits, totals

    def halving(self, view, moves, r) -> int:
        """Sequential halving over ``moves`` (best by the rules of thumb first): every move still in the
        running gets the same imagined tables, the worse half drops out after each round, and the last
        round spends what is left of the budget. Moves are compared on the tables they all met, so a
        move wins on play, not on luck; ties go to the rules of thumb's order."""
        return self.halving_values(view, moves, r)[0]

    def halving_values(self, view, moves, r) -> tuple:
        """``halving``'s choice, and each move's mean imagined result (None for a move never tried)."""
        budget = self.iterations
        alive = list(range(min(len(moves), budget)))
        values: list = [[] for _ in moves]
        seeds: list = []
        stop = None if self.time_limit is None else time.perf_counter() + self.time_limit

        def play(i):
            n = len(values[i])
            if n == len(seeds):
                seeds.append(int(r.random() * 2 ** 53))
            values[i].append(self.try_move(view, moves[i], random.Random(seeds[n])))

        def ranked():
            m = min(len(values[i]) for i in alive)
            return sorted(alive, key=lambda i: (-sum(values[i][:m]) if m else 0.0, i))

        left = budget
        rounds = max(1, math.ceil(math.log2(len(alive)))) if len(alive) > 1 else 1
        for rnd in range(rounds):
            if rnd == rounds - 1:            # the last round: the rest of the budget, best first
                order = ranked() if values[alive[0]] else alive
                while left > 0:
                    for i in order:
                        if left == 0:
                            break
                        play(i)
                        left -= 1
                    if stop is not None and time.perf_counter() > stop:
                        break
                break
            per = min(max(1, left // (len(alive) * (rounds - rnd))), left // len(alive))
            for _ in range(per):
                for i in alive:
                    play(i)
                    left -= 1
            alive = ranked()[:math.ceil(len(alive) / 2)]
            if stop is not None and time.perf_counter() > stop:
                break
        return ranked()[0], [sum(v) / len(v) if v else None for v in values]

    def try_move(self, view, move, r) -> float:
        """One imagined game: how many points ``move`` leaves the bot ahead of its best rival."""
        s = view.ruleset.sample_world(view, r)
        rs = s.ruleset
        rs.apply_inplace(s, move, None)
        limit = s.turn + self.horizon      # to the end of this turn, or of as many more as the level imagines
        to_move, legal_actions, apply, sample = rs.to_move, rs.legal_actions, rs.apply_inplace, rs.sample_chance
        look = rs.observe          # the imagined table is the bot's own: the greedy rules read it without a copy
        policy = self.policy
        live = self._live_chooser(rs)
        phases = () if live is None else live.phases
        for _ in range(_MAX_ROLLOUT):
            if s.phase == "over" or s.turn > limit:
                break
            who = to_move(s)
            if who == CHANCE:
                a = sample(s, r)
            elif s.phase in phases:        # the greedy choice from the view alone, where the edition has one
                seen = look(s, who, False)
                a = live(seen, r)
                if a is None:
                    legal = legal_actions(s)
                    a = legal[0] if len(legal) == 1 else policy.choose(seen, legal, r)
            else:
                legal = legal_actions(s)
                a = legal[0] if len(legal) == 1 else policy.choose(look(s, who, False), legal, r)
            apply(s, a, None)
        return SCORES[self.score](s, view.seat)

    def _live_chooser(self, rs):
        """The greedy policy's chooser from the view (``GreedyBot.live_chooser``) for ruleset ``rs``, made once per
        ruleset: it picks what ``choose`` would from the legal list, with the same draws, so the imagined games
        are the same, without the list being built."""
        kept = self.__dict__.get("_live")
        if kept is None or kept[0] is not rs:
            kept = self._live = (rs, self.policy.live_chooser(rs))
        return kept[1]

    @staticmethod
    def value(s, seat) -> float:
        """How good the table is for ``seat``: its lead in points over the best rival (half a point more
        for the winner of a finished game, who won the tie-breaks)."""
        sc = s.ruleset.scores(s)
        lead = sc[seat] - max(x for i, x in enumerate(sc) if i != seat)
        if s.phase == "over" and s.winner == seat:
            lead += 0.5
        return float(lead)

    @staticmethod
    def margin(s, seat) -> float:
        """Its points minus the rivals' mean (half a point more for the winner of a finished game): every
        rival counts, as every rival is compared with it in a tournament's head-to-head share."""
        sc = s.ruleset.scores(s)
        margin = sc[seat] - (sum(sc) - sc[seat]) / (len(sc) - 1)
        if s.phase == "over" and s.winner == seat:
            margin += 0.5
        return float(margin)


#: How an imagined table can be judged (``LookaheadBot(score=...)``).
SCORES = {"lead": LookaheadBot.value, "margin": LookaheadBot.margin}


def level_factory(number):
    """``BOTS`` entry for a level: called with an optional mutation rate, like the other bot names."""
    def make(mutation_rate=None):
        return LookaheadBot(level=number, mutation_rate=mutation_rate)
    make.__name__ = f"lookahead{number}"
    return make

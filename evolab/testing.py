"""The conformance suite every edition must pass, shipped with evolab so that whoever adds an edition runs the
same checks (in the spirit of OpenSpiel's tests over every game and PettingZoo's ``api_test``).

Use it from a pytest module::

    from evolab.testing import ConformanceSuite

    class TestConformance(ConformanceSuite):
        extra_editions = (MY_EDITION,)      # editions to register for the suite (the registered ones run anyway)

Each test runs for every edition of ``available_rulesets()`` (plus ``extra_editions``) at its smallest and
largest player count (at most ``max_players``): random games with the contract checked at every step, illegal
actions refused with the state unchanged, JSON round trips of positions and records, the same game from the
same seed in other processes, read-only observations that hold one's own hand only, and bots, the tracker and
``run_batch`` working unchanged. The plain ``check_*`` functions can be called on their own.

pytest is needed only by ``ConformanceSuite`` (the ``check_*`` functions raise ``AssertionError``).
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

from .actions import CHANCE, TERMINAL, Pass, same_move
from .errors import IllegalActionError
from .match import Match
from .record import GameRecord, load_state, save_state
from .rules import Edition, available_rulesets, edition, load_ruleset, register_edition, unregister_edition
from .view import observe

__all__ = ["ConformanceSuite", "cases", "check_contract_at", "check_random_game", "check_refusals",
           "check_records", "check_determinism", "check_bots_and_tracking", "check_replays",
           "check_refusals_at_every_kind_of_node", "play_record_json"]


def cases(ids=None, max_players: int = 4) -> list[tuple[str, int]]:
    """(edition id, players) pairs: each edition at its fewest and most players (at most ``max_players``)."""
    out: list[tuple[str, int]] = []
    for rid in sorted(available_rulesets() if ids is None else ids):
        spec = edition(rid).ruleset.option_specs["players"]
        low = spec.min if spec.min is not None else spec.default
        high = min(spec.max if spec.max is not None else spec.default, max_players)
        out.extend((rid, p) for p in sorted({low, max(low, high)}))
    return out


# ---- the contract at one position -------------------------------------------------------------------
def check_contract_at(s) -> None:
    """Every promise of the engine at one position: whose move, legal actions agreeing with ``check``, chance
    weights, scores, read-only observations holding one's own hand only, and a JSON round trip."""
    rs = s.ruleset
    who = rs.to_move(s)
    legal = rs.legal_actions(s)
    outcomes = rs.chance_outcomes(s)
    if who == TERMINAL:
        assert rs.is_over(s) and not legal and not outcomes, "a finished game offers moves"
        assert set(rs.winners(s)) <= set(range(s.players))
    elif who == CHANCE:
        assert not legal, "a chance node offers player actions"
        assert outcomes, "a chance node with no outcome"
        assert all(type(w) is int and w > 0 for _, w in outcomes), "chance weights are positive integers"
        for o, _ in outcomes:
            assert rs.check(s, o) is None, f"{o!r} is offered by nature but refused by check"
    else:
        assert 0 <= who < s.players
        assert legal, "a player node with no legal action"
        assert not outcomes
        for a in legal:
            v = rs.check(s, a)
            assert v is None, f"{a!r} is listed as legal but check refuses it: {v}"
        assert len(set(map(repr, legal))) == len(legal), "an action is listed twice"
    sc = rs.scores(s)
    assert len(sc) == s.players and all(isinstance(x, int) for x in sc)
    _check_observations(s)
    back = rs.state_from_dict(json.loads(json.dumps(s.to_dict())))
    assert back == s and back.to_dict() == s.to_dict(), "a position changed through JSON"
    assert rs.legal_actions(back) == legal and rs.chance_outcomes(back) == outcomes


def _check_observations(s) -> None:
    for seat in range(s.players):
        view = observe(s, seat)
        assert view.seat == seat and view.ruleset == s.ruleset and view.phase == s.phase
        assert len(view.hand_sizes) == s.players and len(view.hand) == view.hand_sizes[seat], \
            "an observation holds its own hand (and only the sizes of the others')"
        json.dumps(view.to_dict())
        try:
            view.phase = "changed"
        except AttributeError:
            pass
        else:
            raise AssertionError("an observation can be written to")
        assert view.phase == s.phase


# ---- random games ---------------------------------------------------------------------------------------
def _random_walk(ruleset, seed: int, max_moves: int = 20_000) -> Iterator[tuple[Any, Any]]:
    """(position, the move made there) along a game of uniformly random moves; the last position is final."""
    rng = random.Random(seed)
    s = ruleset.new_game()
    for _ in range(max_moves):
        who = ruleset.to_move(s)
        if who == TERMINAL:
            yield s, None
            return
        if who == CHANCE:
            move = ruleset.sample_chance(s, rng)
        else:
            legal = ruleset.legal_actions(s)
            move = legal[int(rng.random() * len(legal))]
        yield s, move
        before = s.to_dict()
        s2, _ = ruleset.apply(s, move)
        assert s.to_dict() == before, f"apply changed the state it was given ({move!r})"
        s = s2
    raise AssertionError(f"no end after {max_moves} random moves")


def check_random_game(ruleset_id: str, players: int, seed: int) -> int:
    """A game of random moves to its end with ``check_contract_at`` at every position. Returns its moves."""
    rs = load_ruleset(ruleset_id, players=players)
    n = 0
    for s, _ in _random_walk(rs, seed):
        check_contract_at(s)
        n += 1
    return n


def _other_moves(ruleset, seed: int) -> list:
    """Moves seen anywhere in a random game (each legal somewhere): candidates that are illegal elsewhere."""
    seen: dict[str, Any] = {}
    for _, move in _random_walk(ruleset, seed):
        if move is not None:
            seen.setdefault(repr(move), move)
    return list(seen.values())


def check_refusals(ruleset_id: str, players: int, seed: int, every: int = 7) -> int:
    """Along a random game, every move of the game that ``check`` refuses at a position is refused by ``apply``
    with the same rule and changes nothing; ``Pass`` at a chance node and anything after the end too; and every
    move that ``check`` lets through is listed (by ``legal_actions`` or as a chance outcome): the list and the
    checks agree both ways. Returns how many refusals were checked."""
    rs = load_ruleset(ruleset_id, players=players)
    pool = _other_moves(rs, seed + 1) + [Pass()]
    refused = 0
    for k, (s, _) in enumerate(_random_walk(rs, seed)):
        if k % every and rs.to_move(s) != TERMINAL:
            continue
        listed = rs.legal_actions(s) + [o for o, _w in rs.chance_outcomes(s)]
        for a in pool:
            v = rs.check(s, a)
            if v is None:
                assert any(same_move(a, b) for b in listed), f"{a!r} passes check but is not listed"
                continue
            _assert_refused(rs, s, a, v)
            refused += 1
    assert refused, "no illegal candidate was found"
    return refused


def _assert_refused(rs, s, action, refusal) -> None:
    before = s.to_dict()
    try:
        rs.apply(s, action)
    except IllegalActionError as e:
        assert e.rule == refusal[0] and e.rule, f"{action!r}: apply names {e.rule!r}, check {refusal[0]!r}"
    else:
        raise AssertionError(f"{action!r} refused by check ({refusal}) but applied")
    assert s.to_dict() == before, f"refusing {action!r} changed the state"
    assert not refusal[0].startswith("engine.malformed"), \
        f"a well-formed action of the game was reported as malformed: {action!r} {refusal}"


# ---- records, processes, bots ---------------------------------------------------------------------------
def play_record_json(ruleset_id: str, players: int, seed: int, bots: str = "greedy") -> str:
    """The record of a bot game as JSON text (the same text in any process)."""
    from .bots import make_bot
    m = Match(load_ruleset(ruleset_id, players=players), seats=[make_bot(bots) for _ in range(players)],
              seed=seed)
    m.play_out()
    return m.record.to_json()


def check_records(ruleset_id: str, players: int, seed: int) -> None:
    """A record survives JSON and replays to the final position; a saved position loads back equal."""
    from .bots import GreedyBot, RandomBot
    m = Match(load_ruleset(ruleset_id, players=players),
              seats=[GreedyBot() if i % 2 else RandomBot() for i in range(players)], seed=seed)
    m.play_out()
    back = GameRecord.from_json(m.record.to_json())
    assert back.to_json() == m.record.to_json()
    assert back.replay() == m.state
    assert load_state(save_state(m.state)) == m.state


_SUBPROCESS = """
import importlib, json, sys
from evolab.rules import available_rulesets, register_edition
rid, players, seed, package = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
if rid not in available_rulesets():
    register_edition(importlib.import_module(package).EDITION)
from evolab.testing import play_record_json
sys.stdout.write(play_record_json(rid, players, seed))
"""


def check_determinism(ruleset_id: str, players: int, seed: int, hash_seeds=("0", "12345")) -> None:
    """The same seed gives the same record in this process and in fresh interpreters with other hash seeds.
    An edition outside the registry is registered there from its package's ``EDITION``."""
    here = play_record_json(ruleset_id, players, seed)
    package = type(load_ruleset(ruleset_id, players=players)).__module__.rpartition(".")[0]
    for h in hash_seeds:
        env = dict(os.environ, PYTHONHASHSEED=h, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        p = subprocess.run([sys.executable, "-c", _SUBPROCESS, ruleset_id, str(players), str(seed), package],
                           env=env, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        assert p.stdout == here, f"another process (PYTHONHASHSEED={h}) played another game"


def check_bots_and_tracking(ruleset_id: str, players: int, seed: int) -> None:
    """Greedy and random bots finish games; the tracker's rows and ``run_batch`` work for the edition, and a
    batch gives the same rows twice."""
    from .bots import GreedyBot, RandomBot
    from .experiments import run_batch
    from .tracking import Tracker
    tracker = Tracker()
    m = Match(load_ruleset(ruleset_id, players=players), seats=[GreedyBot(), *[RandomBot()] * (players - 1)],
              seed=seed, observers=[tracker])
    m.play_out()
    assert m.is_over()
    games = tracker.rows("games")
    assert len(games) == 1 and games[0]["players"] == players
    assert tracker.rows("turns"), "no turn was tracked"
    traits = set(m.ruleset.traits)
    assert {r["trait"] for r in tracker.rows("traits")} == traits
    a = run_batch(ruleset_id, grid={"players": [players]}, reps=2, seed=seed, progress=False)
    b = run_batch(ruleset_id, grid={"players": [players]}, reps=2, seed=seed, progress=False)
    assert len(a.rows("games")) == 2 and a.rows("traits") == b.rows("traits")


def check_replays(ruleset_id: str, players: int, seed: int) -> None:
    """Step by step and ``play_out`` play the same game; ``record.replay(n)`` is the position after n moves;
    other seeds give other games; a record is not a saved position (nor the other way round); a tracker
    watching the match and ``track_record`` of its record give the same rows."""
    from .bots import GreedyBot, RandomBot
    from .errors import SaveFileError
    from .tracking import ALL_TABLES, Tracker, track_record
    rs = load_ruleset(ruleset_id, players=players)

    def seats():
        return [GreedyBot() if i % 2 == 0 else RandomBot() for i in range(players)]
    tracker = Tracker(params={"x": 1})
    whole = Match(rs, seats=seats(), seed=seed, observers=[tracker])
    whole.play_out()
    m = Match(rs, seats=seats(), seed=seed)
    snapshots = []
    while not m.is_over():
        snapshots.append(m.state.clone())
        m.step()
    assert m.record.to_json() == whole.record.to_json(), "step by step and play_out played different games"
    n = len(snapshots)
    for k in sorted({0, 1, n // 3, n // 2, n - 1}):
        assert m.record.replay(k) == snapshots[k], f"replay({k}) is not the position after {k} moves"
    others = {play_record_json(ruleset_id, players, seed + k, "random") for k in range(1, 4)}
    assert len(others) == 3, "different seeds gave the same game"
    for load, text in ((load_state, m.record.to_json()), (GameRecord.from_json, save_state(m.state))):
        try:
            load(text)
        except SaveFileError:
            continue
        raise AssertionError(f"{load.__name__} accepted a file of the other kind")
    again = track_record(GameRecord.from_json(whole.record.to_json()), params={"x": 1})
    for table in ALL_TABLES:
        assert tracker.rows(table) == again.rows(table), table


def check_refusals_at_every_kind_of_node(ruleset_id: str, players: int, seed: int) -> None:
    """Along a random game: a player's action at a chance node, a chance outcome at a player's node, a legal
    action for another seat, and every move after the end are refused with the engine's rule ids."""
    rs = load_ruleset(ruleset_id, players=players)
    outcomes: list = []
    actions: list = []
    last = None
    for s, move in _random_walk(rs, seed):
        who = rs.to_move(s)
        if who == CHANCE and actions:
            _assert_refused(rs, s, actions[-1], ("engine.chance-node", ""))
        elif who >= 0:
            if outcomes:
                _assert_refused(rs, s, outcomes[-1], ("engine.not-chance", ""))
            other = (who + 1) % players
            _assert_seat_refused(rs, s, move, other)
        if move is not None:
            (outcomes if move.chance else actions).append(move)
        last = s
    assert last is not None and rs.to_move(last) == TERMINAL
    for a in actions[-5:] + outcomes[-5:]:
        _assert_refused(rs, last, a, (f"{rs.rule_prefix}.game-over", ""))


def _assert_seat_refused(rs, s, action, seat) -> None:
    before = s.to_dict()
    try:
        rs.apply(s, action, seat=seat)
    except IllegalActionError as e:
        assert e.rule == f"{rs.rule_prefix}.turn-order", f"{action!r} for seat {seat}: rule {e.rule!r}"
    else:
        raise AssertionError(f"{action!r} was applied for seat {seat}, whose decision it is not")
    assert s.to_dict() == before


# ---- the pytest suite ------------------------------------------------------------------------------------
class ConformanceSuite:
    """Subclass it as ``Test...`` in a test module; every test runs over ``cases()`` of the registered
    editions and ``extra_editions`` (registered while the suite runs)."""

    extra_editions: tuple[Edition, ...] = ()
    _registration: _registered
    max_players = 4
    seeds = (1, 2)

    def pytest_generate_tests(self, metafunc):
        if "case" in metafunc.fixturenames:
            extra = [e.id for e in self.extra_editions if e.id not in available_rulesets()]
            ids = sorted(available_rulesets()) + extra
            with _registered(self.extra_editions):
                found = cases(ids, self.max_players)
            metafunc.parametrize("case", found, ids=[f"{r}-{p}p" for r, p in found])

    @classmethod
    def setup_class(cls):
        cls._registration = _registered(cls.extra_editions)
        cls._registration.__enter__()

    @classmethod
    def teardown_class(cls):
        cls._registration.__exit__(None, None, None)

    def test_random_games_keep_the_contract_at_every_step(self, case):
        for seed in self.seeds:
            assert check_random_game(*case, seed) > 1

    def test_illegal_actions_are_refused_and_change_nothing(self, case):
        check_refusals(*case, self.seeds[0])

    def test_records_and_positions_survive_json(self, case):
        check_records(*case, self.seeds[0])

    def test_same_seed_same_game_in_other_processes(self, case):
        check_determinism(*case, self.seeds[0])

    def test_bots_tracker_and_batches_work(self, case):
        check_bots_and_tracking(*case, self.seeds[0])

    def test_replays_seeds_and_tracking_agree(self, case):
        check_replays(*case, self.seeds[0])

    def test_moves_at_the_wrong_kind_of_node_are_refused(self, case):
        check_refusals_at_every_kind_of_node(*case, self.seeds[0])

    def test_observe_refuses_a_seat_that_does_not_exist(self, case):
        s = load_ruleset(case[0], players=case[1]).new_game()
        for seat in (-1, case[1], 1.0, "0", None, True):
            try:
                observe(s, seat)
            except ValueError:
                continue
            raise AssertionError(f"observe accepted the seat {seat!r}")


class _registered:
    """Register editions for a while (and remove those it added)."""

    def __init__(self, extra):
        self.extra, self.added = extra, []

    def __enter__(self):
        self.added = [e for e in self.extra if e.id not in available_rulesets()]
        for e in self.added:
            register_edition(e)

    def __exit__(self, *exc):
        for e in self.added:
            unregister_edition(e.id)

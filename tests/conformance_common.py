"""The machinery of the shared conformance suite (``test_conformance.py``): random games with the edition's
invariants checked at every step, bot matches watched by an observer, checks that refuse illegal input, records
and saved positions, determinism across processes, and the tracker, ``run_batch`` and charts. Each edition
declares what is its own in an ``EditionSuite`` (its invariants, its candidate moves, its rule ids, its
positions: ``test_properties`` for Origin, ``test_rm_conformance``, ``test_ns_conformance``); what is the same
for every edition is written here and in ``test_conformance.py`` once."""
from __future__ import annotations

import json
import os
import pathlib
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import evolab
from evolab import (CHANCE, TERMINAL, GameRecord, Match, SaveFileError, apply, chance_outcomes, check, is_over,
                    legal_actions, load_state, new_game, save_state, to_move)
from evolab.bots import GreedyBot, RandomBot
from evolab.events import GameOver
from engine_checks import assert_json_round_trip, assert_refused, assert_step_refused, rechecksum

ROOT = pathlib.Path(__file__).resolve().parents[1]
SLOW = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None)


# ---- random games and bot matches -------------------------------------------------------------------
def _nothing(*args):
    return None


@dataclass(frozen=True)
class EditionChecks:
    """What an edition's conformance module checks along its games: ``invariants(state)`` (returns the legal
    actions), ``check_agrees(state, legal, rng, sample)``, ``step(state, move, new, events)`` (what one move may
    change), ``node_kind(state, legal)`` (labels of the decision, for coverage) and ``finished(state)`` (at the
    end of every game)."""

    invariants: Callable
    check_agrees: Callable
    step: Callable
    node_kind: Callable
    finished: Callable = _nothing


@dataclass(frozen=True)
class EditionSuite:
    """One edition's part of the shared conformance suite (``test_conformance.py``): the tests are written once
    there and read here what differs between editions, as data (player counts, option sets, positions, moves
    to refuse, saved-file edits, ...) and as the edition's own checks (``checks``, and the few ``*_check``
    callables that assert what only this edition promises). A test runs for every edition that gives what it
    needs (an empty field: the edition checks that elsewhere, as Origin does its illegal input and records in
    its own modules). The edition's module keeps its own rules tests."""

    id: str
    checks: EditionChecks
    # ---- games: player counts, named and drawn option sets, how many games of each kind ----
    player_counts: tuple[int, ...]
    option_sets: list                   # [(name, options)], the default first
    drawn_options: Any                  # a hypothesis strategy of option dicts
    loaded_check: Callable = _nothing      # (ruleset, players, options): the edition's facts of a loaded ruleset
    examples: dict = field(default_factory=dict)    # max_examples per drawn test: random, drawn, many, bots, illegal
    samples: dict = field(default_factory=dict)     # candidates checked per step: random, drawn, named
    named_games: list = field(default_factory=list)  # [(players, option set name)] played with every invariant
    max_steps: int = 20_000
    rare_kinds: frozenset = frozenset()  # node kinds the random games must reach together
    coverage_games: Callable = _nothing    # seed -> (players, options) of the games that reach them
    coverage_seeds: int = 0
    seat_sets: Callable = _nothing         # players -> the seats of bot games 1, 2, ...
    fast_options: tuple = ()
    # ---- illegal input: positions with a player to move (one named "feeding"), chance nodes, moves ----
    positions: dict = field(default_factory=dict)   # {name: () -> state}
    finished_game: Callable = _nothing
    chance_nodes: Callable = dict       # () -> {name: state at a chance node}
    actions_at_chance: Callable = _nothing  # state -> player actions to refuse there
    chance_outcomes: list = field(default_factory=list)     # outcomes refused while a player must move
    made_up_in_feeding: list = field(default_factory=list)  # [(action, rule or None)]
    feeding_breaches: list = field(default_factory=list)    # [(action, rule or None)]
    malformed: list = field(default_factory=list)
    malformed_positions: dict = field(default_factory=dict)  # {name: () -> state}
    non_integer_ids: list = field(default_factory=list)     # [(position name, action)]
    after_the_end: list = field(default_factory=list)
    off_table_seats: tuple = ()
    larger_games: tuple = ((), (), 1)   # (player counts, phases, from turn)
    illegal_pool: Callable = _nothing      # (state, rng, k) -> candidates
    illegal_along: tuple = ()           # (rate, k)
    person_refused: tuple = ()          # (players, seats, state -> moves)
    first_chance_refused: tuple = ()    # (players, seed, at the start, after the end)
    # ---- records and saved positions ----
    record_configs: list = field(default_factory=list)      # [(players, seats kind, options)]
    record_check: Callable = _nothing      # record read back -> None
    file_game: tuple = ()               # (players, options, seats)
    good_record: Callable | None = None  # () -> (dict, text, final state)
    record_edits: dict = field(default_factory=dict)        # {name: (record dict, good) -> None}
    save_configs: list = field(default_factory=list)        # [(players, options)]
    save_every: int = 1
    save_phases: Callable = _nothing       # players -> phases the positions must cover
    saved_position: Callable | None = None  # () -> (state, text)
    tamper: dict = field(default_factory=dict)      # {name: edit of the saved state}
    impossible: dict = field(default_factory=dict)  # {name: edit of the saved state}
    det_configs: list = field(default_factory=list)  # [(name, players, seats, seed, options)]
    det_min_moves: int = 0
    det_hash_seeds: tuple = ("0", "12345")  # PYTHONHASHSEED of the other interpreters
    det_check: Callable = _nothing         # (moves, options) -> None
    # ---- tracker, run_batch, mutation_rate ----
    batch_tables: tuple = ()            # tables a batch fills (none: no batch checks)
    batch_check: Callable = _nothing       # batch -> None
    trait_play: tuple = ()              # (decides, is_trait, grows) for mutation_rate
    tracked_game: tuple = ()            # (players, options, seats)
    tracked_check: Callable = _nothing     # (tracker, match) -> None


def assert_legal_set_invariants(state, legal):
    """Legal actions exactly at player nodes, listed once each; chance outcomes exactly at chance nodes, with
    positive integer weights; the terminal node exactly at game over."""
    who = to_move(state)
    if who == CHANCE or is_over(state):
        assert legal == [], f"legal actions at a chance/terminal node: {legal[:5]}"
    else:
        assert legal, f"no legal action for seat {who} in phase {state.phase}"
        assert 0 <= who < state.players
        assert len(set(legal)) == len(legal), "a legal action is listed twice"
    assert (who == TERMINAL) == is_over(state) == (state.phase == "over")
    outs = chance_outcomes(state)
    assert bool(outs) == (who == CHANCE), f"chance outcomes {outs[:3]} with {who} to move in {state.phase}"
    for outcome, weight in outs:
        assert isinstance(weight, int) and weight > 0, (outcome, weight)
        assert outcome.chance
    return outs


def assert_check_matches_the_legal_set(state, candidates, legal, outcomes):
    """``check`` is None for a candidate exactly when it is legal (a player's) or a possible outcome (nature's);
    a refusal names a rule."""
    for a in candidates:
        expected = (a in outcomes) if a.chance else (a in legal)
        v = check(state, a)
        assert (v is None) == expected, (
            f"check={v!r} but {'in' if expected else 'not in'} the legal set for {a!r} in phase {state.phase}")
        if v is not None:
            assert isinstance(v.rule, str) and v.rule.strip(), f"empty rule id for {a!r}"


def assert_next_seat_refused(state, legal, rule):
    """The next seat is refused the mover's first legal action, by the turn-order rule."""
    who = to_move(state)
    if who >= 0 and legal:
        v = check(state, legal[0], (who + 1) % state.players)
        assert v is not None and v.rule == rule, v


def play_random_game(checks, ruleset, seed, deep=True, round_trip=True, sample=12, max_steps=20_000, kinds=None):
    """A uniformly random game through the public engine functions, ``checks`` at every step; returns (final
    state, steps)."""
    rng = random.Random(seed)
    check_rng = random.Random(seed ^ 0x5EED)
    state = new_game(ruleset)
    steps = 0
    while not is_over(state):
        assert steps < max_steps, "the game did not end"
        legal = checks.invariants(state)
        if kinds is not None:
            kinds |= checks.node_kind(state, legal)
        if deep:
            checks.check_agrees(state, legal, check_rng, sample)
            if round_trip:
                assert_json_round_trip(state)
        if to_move(state) == CHANCE:
            outs = chance_outcomes(state)
            if rng.random() < 0.5:
                move = ruleset.sample_chance(state, rng)
            else:
                move = rng.choices([o for o, _ in outs], weights=[w for _, w in outs])[0]
            assert move in [o for o, _ in outs]
        else:
            move = legal[rng.randrange(len(legal))]
        before = state.to_dict()
        new, events = apply(state, move)
        assert state.to_dict() == before, f"apply({move!r}) changed the state passed in"
        assert new is not state
        checks.step(state, move, new, events)
        state = new
        steps += 1
    checks.invariants(state)
    if deep and round_trip:
        assert_json_round_trip(state)
    checks.finished(state)
    return state, steps


class InvariantObserver:
    """Checks the cheap invariants (and what one move may change) after every move of a Match."""

    def __init__(self, checks):
        self.checks = checks
        self.moves = 0
        self.prev = None

    def start(self, match):
        self.prev = match.state.clone()

    def update(self, match, move, events):
        self.checks.invariants(match.state)
        self.checks.step(self.prev, move, match.state, events)
        self.prev = match.state.clone()
        self.moves += 1


def play_watched(checks, ruleset, seats, seed):
    """A match of ``seats`` played out (events kept) with ``checks`` after every move; returns the match."""
    obs = InvariantObserver(checks)
    m = Match(ruleset, seats=seats, seed=seed, keep_events=True, observers=[obs])
    m.play_out(max_moves=20_000)
    assert_finished_match(m, obs)
    return m


def assert_finished_match(m, obs):
    assert m.is_over(), "play_out returned before the game ended"
    assert is_over(m.state) and to_move(m.state) == TERMINAL
    obs.checks.finished(m.state)
    obs.checks.invariants(m.state)
    assert obs.moves == len(m.record.moves) > 0
    assert isinstance(m.events[-1], GameOver)
    assert m.events[-1].winner == m.state.winner
    assert tuple(m.events[-1].scores) == tuple(m.scores()) == tuple(evolab.scores(m.state))
    assert m.record.replay() == m.state


def assert_fast_play_out_keeps_the_invariants(checks, ruleset, seats, seed=11):
    """The fast path of play_out (no events) ends with ``checks``' invariants kept and replays exactly."""
    m = Match(ruleset, seats=seats, seed=seed)
    m.play_out(max_moves=20_000)
    assert m.is_over()
    checks.invariants(m.state)
    assert m.record.replay() == m.state


# ---- illegal input -------------------------------------------------------------------------------------
def run_until(ruleset, pred, seed=0, seats=None):
    """A live game state (via Match) at the first point where ``pred(state)`` holds."""
    m = Match(ruleset, seats=seats, seed=seed)
    while not pred(m.state):
        assert not m.is_over(), "the game ended before the position was reached"
        m.step()
    return m.state.clone()


def finished_game(ruleset, seed=3):
    m = Match(ruleset, seed=seed)
    m.play_out()
    assert m.is_over()
    return m.state


def assert_only_the_mover_may_play(s, rule, off_the_table):
    """``apply(state, action, seat=...)`` refuses every seat but the one to move, even for its legal actions:
    another seat by the turn-order ``rule``, a seat of ``off_the_table`` (not at the table at all) by some rule."""
    who = to_move(s)
    for a in legal_actions(s):
        assert apply(s, a, seat=who)[0] is not None
        for seat in range(s.players):
            if seat != who:
                assert_refused(s, a, seat=seat, rule=rule)
        for seat in off_the_table:
            assert_refused(s, a, seat=seat)


def illegal_candidates(s, pool, rng, k=25):
    """Up to ``k`` actions of ``pool`` that are neither legal nor possible outcomes at ``s``."""
    legal = legal_actions(s)
    outcomes = [o for o, _ in chance_outcomes(s)]
    out = [a for a in pool if a not in legal and a not in outcomes]
    return rng.sample(out, min(k, len(out)))


def assert_illegal_moves_refused_along_a_game(ruleset, seed, pool, rate, k, turn_rule, over_rule):
    """Along a random game, now and then (``rate``), ``k`` illegal candidates from ``pool(state, rng, k)`` raise and
    leave the state unchanged, and the next seat is refused the mover's move; at the end, everything is refused
    as the game being over."""
    rng = random.Random(seed)
    m = Match(ruleset, seed=seed)
    tried = 0
    while not m.is_over():
        if rng.random() < rate:
            s = m.state
            for a in illegal_candidates(s, pool(s, rng, k), rng, k):
                assert_refused(s, a)
                tried += 1
            who = to_move(s)
            if who >= 0:
                assert_refused(s, legal_actions(s)[0], seat=(who + 1) % s.players, rule=turn_rule)
        m.step()
    for a in illegal_candidates(m.state, pool(m.state, rng, 5), rng, 5):
        assert_refused(m.state, a, rule=over_rule)
    assert tried > 0


def assert_match_refuses_at_the_first_chance_node_and_after_the_end(ruleset, seed, at_start, after_end):
    """At the first chance node ``Match.step`` refuses ``at_start``; after the end it refuses ``after_end`` and
    no move at all (None)."""
    m = Match(ruleset, seed=seed)
    assert m.to_move == CHANCE
    for a in at_start:
        assert_step_refused(m, a)
    assert m.record.moves == []
    m.play_out()
    for a in (*after_end, None):
        assert_step_refused(m, a)


def assert_match_refuses_a_person_these_moves(ruleset, seats, moves, seed=4):
    """Seat 0, a person, is refused each of ``moves(state)`` with nothing changed; then a legal move is taken."""
    m = Match(ruleset, seats=seats, seed=seed)
    m.play_until_human()
    assert m.waiting_for_human()
    for a in moves(m.state):
        assert_step_refused(m, a)
    n = len(m.record.moves)
    m.step(m.legal_actions()[0])
    assert len(m.record.moves) == n + 1


# ---- records and saved positions ------------------------------------------------------------------------
def refused(text):
    with pytest.raises(SaveFileError) as err:
        GameRecord.from_json(text)
    assert str(err.value).strip()
    return str(err.value)


def seats_of(kind, players):
    """Seats for a record test: all greedy, "mixed" (random and greedy alternately) or None (the default)."""
    if kind == "greedy":
        return [GreedyBot() for _ in range(players)]
    if kind == "mixed":
        return [GreedyBot() if i % 2 else RandomBot() for i in range(players)]
    return None


def assert_record_round_trip(ruleset, seats, seed=21):
    """``from_json(record.to_json()).replay()`` equals the match's final state, with the same moves and events;
    returns the record read back."""
    m = Match(ruleset, seats=seats, seed=seed, keep_events=True)
    m.play_out()
    assert m.is_over()
    text = m.record.to_json()
    back = GameRecord.from_json(text)
    assert back.ruleset == ruleset.id and back.seed == seed
    assert back.options == m.record.options == dict(m.ruleset.options)
    assert back.moves == m.record.moves
    assert back.replay() == m.state
    assert back.to_json() == text
    state, events = back.replay(events=True)
    assert state == m.state and [type(e) for e in events] == [type(e) for e in m.events]
    return back


def assert_record_from_a_scenario_round_trips(start):
    """A match started from a scenario position records it and replays from it."""
    m = Match(start.ruleset, seats=["greedy", "random"], seed=2, start=start)
    m.play_out()
    back = GameRecord.from_json(m.record.to_json())
    assert back.start is not None and back.replay(0) == start
    assert back.replay() == m.state


def assert_record_file_round_trips(m, path):
    """``record.save(path)`` then ``GameRecord.load(path)`` gives the same record and final state."""
    m.play_out()
    m.record.save(path)
    back = GameRecord.load(path)
    assert back.moves == m.record.moves and back.seats == m.record.seats
    assert back.replay() == m.state
    assert json.loads(path.read_text())["format"] == "evolab.game/1"


def assert_good_record_loads(good):
    """The fixture's record loads (also with a recomputed checksum), so the edits of a test are what is refused."""
    _, text, final = good
    assert GameRecord.from_json(text).replay() == final
    assert GameRecord.from_json(json.dumps(rechecksum(json.loads(text)))).replay() == final


def find_move(d, type_, pred=lambda m: True):
    """The index of the first move of ``type_`` (and ``pred``) in a record's dict."""
    return next(i for i, m in enumerate(d["moves"]) if m["type"] == type_ and pred(m))


def move_edit(type_, field, value):
    """An edit of a record's dict: ``field`` of the first move of ``type_`` set to ``value``."""
    return lambda d, good: d["moves"][find_move(d, type_)].__setitem__(field, value)


def other_seats_species(good, type_, pred=lambda mv: True):
    """(index, an id of another seat's species) for the first ``type_`` move of the good record (and ``pred``)
    made while another seat has a species."""
    record = GameRecord.from_dict(good[0])
    for i, mv in enumerate(good[0]["moves"]):
        if mv["type"] == type_ and pred(mv):
            s = record.replay(i)
            others = [sid for sid, sp in s.species.items() if sp.owner != to_move(s)]
            if others:
                return i, others[0]
    pytest.fail(f"the good record has no {type_} while another seat has a species")


def assert_edit_refused(d, recompute):
    """An edited record ``d`` is refused: by the checksum, or (checksum recomputed) by the replay."""
    if recompute:
        rechecksum(d)
    msg = refused(json.dumps(d))
    if not recompute:
        assert "checksum" in msg


def assert_truncated_record_refused(text, cut):
    refused(text[: len(text) // cut] if cut > 1 else text[:-1])


def positions(ruleset, seed=4, every=17):
    """Positions all along a game of random bots: the first, every ``every``-th, the last."""
    m = Match(ruleset, seed=seed)
    out = [m.state.clone()]
    while not m.is_over():
        m.step()
        if len(m.record.moves) % every == 0:
            out.append(m.state.clone())
    out.append(m.state.clone())
    return out


def assert_saves_round_trip(states):
    """``load_state(save_state(s)) == s`` with the same moves and outcomes; returns the phases seen."""
    phases = set()
    for s in states:
        text = save_state(s)
        back = load_state(text)
        assert back == s
        assert back.ruleset == s.ruleset
        assert legal_actions(back) == legal_actions(s)
        assert chance_outcomes(back) == chance_outcomes(s)
        assert save_state(back) == text
        phases.add(s.phase)
    return phases


def saved_position(ruleset, seats, seed, pred):
    """(state, saved text) of a bots' match at the first player node in feeding, round 2 or later, where
    ``pred(state)`` holds."""
    m = Match(ruleset, seats=seats, seed=seed)
    while not (m.state.phase == "feeding" and to_move(m.state) >= 0 and m.state.turn >= 2 and pred(m.state)):
        m.step()
        assert not m.is_over()
    return m.state.clone(), save_state(m.state)


def assert_saved_position_loads(saved):
    s, text = saved
    assert load_state(text) == s
    assert load_state(json.dumps(rechecksum(json.loads(text)))) == s


def assert_tampered_position_refused_by_the_checksum(saved, edit):
    """Any edit of a saved position after saving is refused (the checksum no longer matches)."""
    d = json.loads(saved[1])
    edit(d["state"])
    assert d["state"] != json.loads(saved[1])["state"]
    with pytest.raises(SaveFileError, match="checksum"):
        load_state(json.dumps(d))


CORRUPT_TEXTS = ["", "not json", "[]", "{}", '{"format": "evolab.state/1"}', "\x00\x01", "null",
                 '{"format": "evolab.state/1", "state": {}, "checksum": "0"}']


def assert_corrupt_position_refused(saved, text):
    with pytest.raises(SaveFileError):
        load_state(text)
    with pytest.raises(SaveFileError):
        load_state(saved[1][: len(saved[1]) // 2])


def assert_impossible_position_refused(saved, edit, name):
    """A re-checksummed saved position that no game can reach is refused with SaveFileError."""
    d = json.loads(saved[1])
    edit(d["state"])
    # compared as JSON text: True == 1 in Python, but not in a saved file
    assert json.dumps(d["state"], sort_keys=True) != json.dumps(json.loads(saved[1])["state"], sort_keys=True)
    rechecksum(d)
    try:
        s = load_state(json.dumps(d))
    except SaveFileError as e:
        assert str(e).strip()
        return
    raise AssertionError(f"load_state accepted the impossible position {name!r}: {s!r}")


# ---- determinism ----------------------------------------------------------------------------------------
DET_SCRIPT = r"""
import json, sys
from evolab import Match, load_ruleset
rid, configs = sys.argv[1], json.loads(sys.argv[2])
out = {}
for name, players, seats, seed, options in configs:
    m = Match(load_ruleset(rid, players=players, **options), seats=seats, seed=seed)
    m.play_out()
    out[name] = m.record.to_json()
    # the same game with events kept (play_out then builds every event) must give the same record
    m2 = Match(load_ruleset(rid, players=players, **options), seats=seats, seed=seed, keep_events=True)
    m2.play_out()
    assert m2.record.to_json() == out[name], name
print(json.dumps(out))
"""


def records_of_other_processes(ruleset_id, configs, hashseeds=("0", "12345")):
    """{hash seed: {name: record}}: records of every config (name, players, seats, seed, options) from
    interpreters with each PYTHONHASHSEED of ``hashseeds``."""
    out = {}
    for h in hashseeds:
        env = dict(os.environ, PYTHONHASHSEED=h)
        p = subprocess.run([sys.executable, "-c", DET_SCRIPT, ruleset_id, json.dumps(configs)], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        out[h] = json.loads(p.stdout)
    return out


def assert_same_record_in_every_process(records, config, ruleset, min_moves):
    """Interpreters with different PYTHONHASHSEED (``records``: {hash seed: {name: record}}), and this process,
    write identical records for one seed; returns its moves."""
    name, _players, seats, seed, _options = config
    texts = [r[name] for r in records.values()]
    assert len(texts) >= 2 and all(t == texts[0] for t in texts), f"{name}: the hash seeds gave other games"
    a = texts[0]
    m = Match(ruleset, seats=seats, seed=seed)
    m.play_out()
    assert m.is_over()
    assert m.record.to_json() == a
    moves = json.loads(a)["moves"]
    assert len(moves) > min_moves
    assert json.loads(a)["ruleset"] == ruleset.id
    return moves


# ---- hidden information ---------------------------------------------------------------------------------
def leaves_in(obj, ids, path=()):
    """(path, value) of every string leaf of a JSON-able value that is one of ``ids``."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from leaves_in(v, ids, path + (k,))
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            yield from leaves_in(v, ids, path + (i,))
    elif isinstance(obj, str) and obj in ids:
        yield path, obj


# ---- tracker, run_batch, charts, mutation_rate ------------------------------------------------------------
def assert_rows_identical_with_two_workers(ruleset_id, grid, batch):
    """Two worker processes give exactly the same rows, in the same order, for every table."""
    from evolab.tracking import ALL_TABLES
    par = evolab.run_batch(ruleset_id, grid=grid, reps=3, progress=False, workers=2)
    for t in ALL_TABLES:
        assert par.rows(t) == batch.rows(t), t


def assert_trait_chart_draws(rows):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes

    import evolab.viz
    ax = evolab.viz.trait_frequencies(rows)
    try:
        assert isinstance(ax, Axes)
        assert ax.get_lines(), "no trait line was drawn"
        assert evolab.viz.describe(ax)
    finally:
        plt.close(ax.figure)


def assert_mutation_rate_obeyed(games, batch, bots, decides, is_trait, grows):
    """Replaying the records of ``games`` ((game, rate, match) as run_batch plays them) move by move: at a
    decision where ``decides(state)``, mutation_rate=0 never plays a trait (``is_trait(move)``) and
    mutation_rate=1 never grows (``grows(move)``) while a trait play is legal."""
    if bots == "greedy":        # the same games as the batch
        assert [(r["game"], r["moves"], r["winner"]) for r in batch.rows("games")] == \
               [(g, len(m.record.moves), m.state.winner) for g, _, m in games]
    trait_legal = {0: 0, 1: 0}
    traits_played = {0: 0, 1: 0}
    for g, rate, m in games:
        s = m.record.initial_state()
        rs = s.ruleset
        for move in m.record.moves:
            if to_move(s) >= 0 and decides(s):
                legal = rs.legal_actions(s)
                assert move in legal
                can_mutate = any(is_trait(a) for a in legal)
                trait = is_trait(move)
                trait_legal[rate] += can_mutate
                traits_played[rate] += trait
                if rate == 0:
                    assert not trait, f"game {g}: {move!r} with mutation_rate=0"
                elif can_mutate:
                    assert not grows(move), f"game {g}: {move!r} although a trait play was legal, with mutation_rate=1"
            rs.apply_inplace(s, move, None)
        assert s == m.state
    assert trait_legal[0] > 0 and trait_legal[1] > 0, "no game offered a trait play"
    assert traits_played[0] == 0 and traits_played[1] > 0
    if bots == "greedy":
        arose = {0: 0, 1: 0}
        for r in batch.rows("mutations"):
            arose[r["mutation_rate"]] += r["arose"]
        assert arose[0] == 0 and arose[1] > 0


def tracked_and_replayed(ruleset, seats, seed=5):
    """A Tracker watching a match and ``track_record`` of its record give the same rows; returns (tracker,
    match)."""
    from evolab.tracking import ALL_TABLES
    tracker = evolab.Tracker(params={"x": 1})
    m = Match(ruleset, seats=seats, seed=seed, observers=[tracker])
    m.play_out()
    again = evolab.track_record(GameRecord.from_json(m.record.to_json()), params={"x": 1})
    for t in ALL_TABLES:
        assert tracker.rows(t) == again.rows(t), t
    turns = tracker.rows("turns")
    assert [r["turn"] for r in turns] == list(range(1, m.state.turn + 1))
    return tracker, m

"""Attack the loaders as a hostile file would: saved positions of every edition, taken at many points of
real games, each changed in one field (wrong type, out of range, a dangling or another real id, wrong
length, swapped values, null, huge or negative numbers), re-checksummed and loaded.

Each file must be refused with ``SaveFileError`` naming a field, or load into a state on which
``legal_actions``, ``apply`` of every legal action (every outcome at a chance node), ``scores``,
``observe`` and the board's render all work. Used by ``tests/test_load_fuzz.py`` (a fixed seeded corpus)
and ``benchmarks/load_fuzz.py`` (bigger runs).
"""
from __future__ import annotations

import copy
import hashlib
import json
import random
import traceback
from dataclasses import dataclass, field

from evolab import (CHANCE, TERMINAL, GameRecord, Match, SaveFileError, apply, chance_outcomes, legal_actions,
                    load_ruleset, load_state, observe, scores)
from evolab.bots import GreedyBot

_GREEDY = GreedyBot()

#: (edition, players, options) of the games positions are taken from: every edition, several options.
GAMES = {
    "origin": [
        (2, {}), (3, {}), (5, {}), (8, {}),
        (3, {"scenario": "fatality"}), (2, {"scenario": "equilibrium"}), (4, {"scenario": "equilibrium"}),
        (2, {"feeding_pass_is_final": True, "auto_take_food_on_pass": True, "pair_triggers_optional": True,
             "pair_trigger_reset": "action", "mimicry_optional": True, "grazing_limit": "per_turn"}),
        (3, {"defences_compulsory": True, "mimicry_once_per_turn": True, "food_schedule": [9, 6, 3]}),
    ],
    "random_mutations": [
        (2, {}), (4, {}), (8, {}), (3, {"divergence": True}),
        (2, {"divergence": True, "divergence_position": "next_to_parent",
             "deck": {"large": 6, "predator": 6, "obligate_predator": 6, "scavenger": 6, "stomper": 6,
                      "running": 6, "burrowing": 6, "simplification": 6, "swimming": 6, "bark_beetle": 6}}),
        (3, {"rm_feeding_voluntary": True, "parasite_tie": "per_species", "physical_supply": True,
             "unfit_trait_outcome": "discard"}),
    ],
    "northstar": [
        (2, {}), (3, {}), (5, {}), (6, {}),
        (4, {"intelligence_multi_discard": True, "score_fat": True, "fat_filling_mandatory": True}),
        (3, {"simultaneous_play_cards": "on", "hard_shell_bonus": 3, "pack_hunting_variant": "plus3"}),
    ],
}

HUGE = (10 ** 18, 2 ** 63, 10 ** 30, -(10 ** 18))


def positions(edition: str, per_game: int = 40, seed: int = 0) -> list:
    """Saved positions (``state.to_dict()``) from seeded games with greedy and random bots, spread over the
    kinds of moment a game has (each phase, an attack or a choice in progress...)."""
    rng = random.Random(seed)
    out = []
    for g, (players, options) in enumerate(GAMES[edition]):
        rs = load_ruleset(edition, players=players, **options)
        seats = ["greedy" if (g + i) % 2 else "random" for i in range(players)]
        m = Match(rs, seats=seats, seed=seed * 1000 + g)
        by_kind: dict = {}
        while not m.is_over():
            m.step()
            d = m.state.to_dict()
            by_kind.setdefault(_moment(d), []).append(d)
        by_kind.setdefault(_moment(m.state.to_dict()), []).append(m.state.to_dict())
        kinds = sorted(by_kind)
        for k in range(per_game):            # round-robin over the kinds of moment
            group = by_kind[kinds[k % len(kinds)]]
            out.append(group[rng.randrange(len(group))])
    return out


def _moment(d) -> tuple:
    """What kind of moment a position is: its phase and which choices are in progress."""
    busy = tuple(sorted(k for k in ("attack", "pending", "scavenge", "choose_victim", "simplify",
                                    "parasite_queue", "pending_play", "snapshot", "draw_queue", "tied")
                        if k in d and d[k] not in (None, -1, [], ())))
    return (d["phase"],) + busy


# ---- one change -----------------------------------------------------------------------------------
def _paths(v, path=()):
    """Every location in a JSON value (containers included), as key/index tuples."""
    yield path
    if isinstance(v, dict):
        for k in v:
            yield from _paths(v[k], path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from _paths(x, path + (i,))


def path_text(path) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out


def _get(d, path):
    for p in path:
        d = d[p]
    return d


def _set(d, path, value):
    _get(d, path[:-1])[path[-1]] = value


def _name(path) -> str:
    """The field name a location belongs to (``animals[3].cards[1][0]`` -> ``cards``)."""
    names = [p for p in path if isinstance(p, str)]
    return names[-1] if names else ""


class Target:
    """A position to change, with its locations indexed once: by field name, and its numbers and texts."""

    def __init__(self, d):
        self.d = d
        self.text = json.dumps(d)
        paths = [p for p in _paths(d) if p]
        self.by_name: dict = {}
        for p in paths:
            self.by_name.setdefault(_name(p), []).append(p)
        self.names = sorted(self.by_name)
        self.ints = [_get(d, p) for p in paths if type(_get(d, p)) is int]
        self.strings = [_get(d, p) for p in paths if type(_get(d, p)) is str]


def mutate(target: Target, rng: random.Random):
    """A copy of the position with one location changed: (new dict, path, kind of change)."""
    where = target.by_name[target.names[rng.randrange(len(target.names))]]   # every field equally often
    path = where[rng.randrange(len(where))]
    new = json.loads(target.text)
    old = _get(new, path)
    kind, value = _change(target, new, path, old, rng)
    if kind == "swap-siblings":
        return new, path, kind
    if kind == "delete":
        del _get(new, path[:-1])[path[-1]]
        return new, path, kind
    _set(new, path, value)
    return new, path, kind


def _change(target, d, path, old, rng):
    t = type(old)
    ints, strings = target.ints, target.strings
    common = [("null", None), ("wrong-type", rng.choice(["x", 2.5, [], {}, "1", [1], {"a": 1}, True]))]
    if t is bool:
        opts = [("wrong-type", int(old)), ("wrong-type", str(old).lower()), ("out-of-range", not old)]
    elif t is int:
        opts = [("huge", rng.choice(HUGE)), ("negative", -1), ("negative", -old - 1), ("out-of-range", old + 1),
                ("out-of-range", old - 1), ("out-of-range", old + rng.randint(2, 9)), ("dangling-id", 999),
                ("dangling-id", max(ints) + 1), ("other-value", rng.choice(ints)), ("other-value", rng.choice(ints)),
                ("wrong-type", float(old)), ("wrong-type", old + 0.5), ("wrong-type", str(old)),
                ("wrong-type", bool(old % 2)), ("out-of-range", 0)]
    elif t is str:
        opts = [("other-value", rng.choice(strings)), ("other-value", rng.choice(strings)), ("out-of-range", ""),
                ("out-of-range", "junk"), ("out-of-range", old + "x"), ("wrong-type", 5), ("wrong-type", [old]),
                ("out-of-range", "x" * 5000)]
    elif t is list:
        opts = [("wrong-length", old + [copy.deepcopy(old[-1])] if old else [0]), ("wrong-length", old[:-1]),
                ("wrong-length", []), ("wrong-length", old + [0]), ("wrong-length", old + [None]),
                ("wrong-type", {str(i): x for i, x in enumerate(old)}), ("wrong-type", "[]"),
                ("other-value", list(reversed(old))), ("wrong-length", old + [["junk", 1, 2]]),
                ("wrong-type", [old])]
        if old:
            i = rng.randrange(len(old))
            opts.append(("other-value", old[:i] + [old[i]] + old[i:]))          # one item twice
    elif t is dict:
        opts = [("wrong-type", list(old.values())), ("wrong-length", dict(old, junk=1)),
                ("wrong-length", {k: v for k, v in old.items() if k != rng.choice(sorted(old) or ["x"])})]
        if len(old) >= 2:
            a, b = rng.sample(sorted(old), 2)
            old[a], old[b] = old[b], old[a]
            return "swap-siblings", None
    else:
        opts = [("wrong-type", 0), ("wrong-type", []), ("wrong-type", "x"), ("other-value", rng.choice(ints))]
    if isinstance(path[-1], str) and rng.random() < 0.05:
        return "delete", None
    return rng.choice(opts + common)


# ---- loading and playing on ---------------------------------------------------------------------
def checksummed(body: dict) -> str:
    body = dict(body)
    body.pop("checksum", None)
    body["checksum"] = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    return json.dumps(body)


def as_position(state: dict) -> str:
    return checksummed({"format": "evolab.state/1", "state": state})


def as_record(state: dict) -> str:
    r = state.get("ruleset") if isinstance(state, dict) else None
    rid = r.get("id") if isinstance(r, dict) and isinstance(r.get("id"), str) else "origin"
    opts = r.get("options") if isinstance(r, dict) and isinstance(r.get("options"), dict) else {}
    return checksummed({"format": "evolab.game/1", "ruleset": rid, "version": "1", "options": opts, "seed": 1,
                        "seats": [], "start": state, "moves": []})


def write_huge_record(path, megabytes: int = 50):
    """A record file of ``megabytes`` MB of moves (written in chunks, never held in memory)."""
    with open(path, "w") as f:
        f.write('{"format": "evolab.game/1", "moves": [')
        chunk = '{"type": "Pass"}, ' * 10_000
        for _ in range(megabytes * 1024 * 1024 // len(chunk)):
            f.write(chunk)
        f.write('{"type": "Pass"}]}')


def play_on(s, board=None, rng=None, playout: int = 0):
    """Everything a loaded position must allow: scores, every seat's view, every legal action (or chance
    outcome) applied and the positions reached still able to go on, with ``board`` the board drawn on a
    match started from it, and ``playout`` random moves further."""
    rs = s.ruleset
    scores(s)
    for seat in range(s.players):
        o = observe(s, seat)
        o.to_dict()
    rng = rng or random.Random(0)
    who = rs.to_move(s)
    if who == CHANCE:
        moves = [o for o, _ in chance_outcomes(s)]
        rs.sample_chance(s, rng)
    else:
        moves = legal_actions(s)
        if moves:                                   # what a bot would do here (the board lets bots move)
            assert _GREEDY.choose(observe(s, who), moves, rng) in moves
    assert moves or who == TERMINAL, f"{'nature' if who == CHANCE else f'seat {who}'} must move but cannot"
    after = []
    for a in moves:
        t, _ = apply(s, a)
        _can_go_on(t)
        after.append(t)
    if board is not None:
        board(s)
    for _ in range(playout):                       # and a few random moves further
        if not after:
            break
        s = after[rng.randrange(len(after))]
        if rs.to_move(s) == TERMINAL:
            break
        after = [apply(s, rs.sample_chance(s, rng) if rs.to_move(s) == CHANCE
                       else rng.choice(legal_actions(s)))[0]]
        _can_go_on(after[0])


def _can_go_on(s):
    """A position the engine reached has a move (or is over): nothing led into a dead end."""
    who = s.ruleset.to_move(s)
    if who == CHANCE:
        assert chance_outcomes(s), "the engine reached a chance node without outcomes"
    elif who != TERMINAL:
        assert legal_actions(s), f"the engine reached a position where seat {who} has no legal action"


def board_drawer():
    """``draw(state)``: a GameBoard on a hot-seat match started from ``state``, drawn for the seat to move
    (both behind the 'look away' screen and with the cards shown)."""
    import matplotlib
    matplotlib.use("Agg")
    from evolab.viz.board import GameBoard

    def draw(s):
        m = Match(s.ruleset, seats=[None] * s.players, seed=0, start=s)
        b = GameBoard(m, seat=0, chart=False)
        if not m.is_over() and m.to_move >= 0:
            b._revealed = (m.to_move, len(m.record.moves))
            b.render()
        b.text() if hasattr(b, "text") else None
    return draw


@dataclass
class Tally:
    """What happened to the files of one run."""

    tried: int = 0
    refused: int = 0
    refused_exact: int = 0        # the error named exactly the changed field (or a part of it)
    loaded: int = 0
    unchanged: int = 0            # the change happened to give the same position back (e.g. a no-op)
    other: list = field(default_factory=list)     # (label, exception text): must stay empty
    unnamed: list = field(default_factory=list)   # refused without naming a field of the file

    def line(self, edition) -> str:
        return (f"{edition}: {self.tried} files, {self.refused} refused ({self.refused_exact} naming exactly the "
                f"changed field), {self.loaded} loaded and played on, {len(self.other)} other exceptions, "
                f"{len(self.unnamed)} refused without a field")


def _resolves(doc, fieldpath: str) -> bool:
    """Whether a field path of an error (``animals[2].owner``) names a location in the document."""
    import re
    cur = doc
    for name, index in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]", fieldpath):
        try:
            cur = cur[name] if name else cur[int(index)]
        except (KeyError, IndexError, TypeError):
            return False
    return True


def attack(edition: str, files: int, seed: int = 0, per_game: int = 40, board_every: int = 1,
           record_every: int = 10, playout: int = 0, tally: Tally | None = None) -> Tally:
    """Load ``files`` changed positions of ``edition``; every ``record_every``-th goes in as a record's
    start, every ``board_every``-th loaded one is drawn on the board (0: never)."""
    rng = random.Random(seed)
    base = [Target(d) for d in positions(edition, per_game=per_game, seed=seed)]
    draw = board_drawer() if board_every else None
    t = tally or Tally()
    for k in range(files):
        target = base[rng.randrange(len(base))]
        d = target.d
        new, path, kind = mutate(target, rng)
        label = f"{edition} #{k}: {kind} at {path_text(path)}"
        via_record = record_every and k % record_every == 0
        prefix = "start." if via_record else "state."
        t.tried += 1
        try:
            if via_record:
                s = GameRecord.from_json(as_record(new)).initial_state()
            else:
                s = load_state(as_position(new))
        except SaveFileError as e:
            t.refused += 1
            f = getattr(e, "field", "")
            target = prefix + path_text(path)
            if f and (f.startswith(target) or target.startswith(f)):
                t.refused_exact += 1
            elif not (f.startswith(prefix) and (_resolves(new, f[len(prefix):]) or _resolves(d, f[len(prefix):]))
                      or via_record and f.split(".")[0] in ("options", "ruleset", "version")):
                t.unnamed.append((label, f"field {f!r}: {e}"))
            continue
        except Exception:
            t.other.append((label, traceback.format_exc(limit=-3)))
            continue
        t.loaded += 1
        if json.dumps(s.to_dict(), sort_keys=True) == json.dumps(d, sort_keys=True):
            t.unchanged += 1
        try:
            play_on(s, draw if (draw and t.loaded % board_every == 0) else None, rng, playout)
        except Exception:
            t.other.append((label + " (after loading)", traceback.format_exc(limit=-4)))
    return t


def records(edition: str, seed: int = 0) -> list:
    """Saved games (``GameRecord.to_dict()``) of seeded games, each cut at a random point (so a replay is short)."""
    rng = random.Random(seed)
    out = []
    for g, (players, options) in enumerate(GAMES[edition]):
        rs = load_ruleset(edition, players=players, **options)
        m = Match(rs, seats=["greedy" if (g + i) % 2 else "random" for i in range(players)], seed=seed * 1000 + g)
        m.play_out()
        for _ in range(4):
            d = m.record.to_dict()
            d["moves"] = d["moves"][:rng.randint(1, min(len(d["moves"]), 150))]
            d.pop("checksum")
            out.append(d)
    return out


def attack_records(edition: str, files: int, seed: int = 0, tally: Tally | None = None) -> Tally:
    """Load ``files`` saved games of ``edition`` changed in one place (header, a move, the cut) and
    re-checksummed: refused naming a field, or replayed to a position that plays on."""
    rng = random.Random(seed)
    base = [Target(d) for d in records(edition, seed)]
    t = tally or Tally()
    for k in range(files):
        target = base[rng.randrange(len(base))]
        new, path, kind = mutate(target, rng)
        label = f"{edition} record #{k}: {kind} at {path_text(path)}"
        t.tried += 1
        try:
            s = GameRecord.from_json(checksummed(new)).replay()
        except SaveFileError as e:
            t.refused += 1
            f, where = getattr(e, "field", ""), path_text(path)
            if f and (f.startswith(where) or where.startswith(f)):
                t.refused_exact += 1
            elif not (f and (_resolves(new, f) or _resolves(target.d, f))):
                t.unnamed.append((label, f"field {f!r}: {e}"))
            continue
        except Exception:
            t.other.append((label, traceback.format_exc(limit=-3)))
            continue
        t.loaded += 1
        try:
            play_on(s, None, rng)
        except Exception:
            t.other.append((label + " (after loading)", traceback.format_exc(limit=-4)))
    return t

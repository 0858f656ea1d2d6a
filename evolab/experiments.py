"""Experiments: many games over a grid of parameters, replicated, in parallel, with rows in a fixed order.

    result = run_batch("origin", grid={"mutation_rate": [0, 0.5, 1], "players": [2, 4]}, reps=50, seed=1)
    result.rows("traits")          # tidy rows, the same whichever way the games were run

Each game's seed is derived from ``seed``, the game's parameters and its replicate number with sha256,
so a game does not change when other grid points are added. Any ``concurrent.futures.Executor`` runs
the games (``workers=2`` makes a process pool; a Dask ``Client.get_executor()`` works unchanged).
"""
from __future__ import annotations

import gc
import itertools
import json
import os

from .bots import make_bot
from .errors import OptionError
from .match import Match
from .rules import load_ruleset, ruleset_class
from .seeding import derive_seed
from .tracking import ALL_TABLES, DEFAULT_TABLES, Tracker, new_tables

#: Knobs that are not ruleset options, with their checks. ``trait_card_rate`` is honoured by every bot:
#: the probability that, on a development move where it could, a bot plays its card as a trait (a
#: player's choice, not a mutation). ``mutation_rate`` is its old name in the printed games; with
#: ``heredity=True`` (evolab's Heredity variant) ``mutation_rate`` is the rules option: the per-birth
#: probability of one blind mutation.
EXPERIMENT_KNOBS = {
    "trait_card_rate": "probability (0-1) that a bot plays a card as a trait rather than as a new animal "
                       "(a player's choice, not a mutation)",
    "mutation_rate": "Heredity variant: the probability (0-1) that a young is born with one blind mutation; "
                     "in the printed games, the old name of trait_card_rate",
    "bots": "the bots by seat, e.g. 'greedy,random' (cycled over the seats)",
    "divergence_rate": "probability (0-1) that a bot splits a species when Divergence is in play and it can",
    "no_carnivores": "true: Carnivorous may never be played (a world without predators); in the Heredity "
                     "variant no founder carries it and Carnivorous mutations have no effect",
    "carnivores_from_turn": "the first turn Carnivorous may be played (predators arrive later); in the Heredity "
                            "variant the carnivorous founders arrive at that generation",
}


# ---- food schedules: food per turn for ``food_schedule`` (lists are JSON, so records stay saveable) ----
def steady(food: int, turns: int = 40) -> list:
    """The same food every turn."""
    return [food] * turns


def decline(start: int, end: int, over_turns: int, turns: int = 40) -> list:
    """Gradual change: food falls evenly from ``start`` to ``end`` over ``over_turns`` turns, then stays."""
    if over_turns < 1:
        raise OptionError("over_turns must be at least 1")
    out = [round(start + (end - start) * min(t, over_turns) / over_turns) for t in range(turns)]
    return out


def crash(before: int, after: int, at_turn: int, turns: int = 40) -> list:
    """Sudden change: ``before`` food per turn, then ``after`` from turn ``at_turn`` on."""
    if at_turn < 1:
        raise OptionError("at_turn must be at least 1")
    return [before if t + 1 < at_turn else after for t in range(turns)]


def allowed_keys(ruleset_id="origin") -> list:
    return sorted(set(ruleset_class(ruleset_id).option_specs) | set(EXPERIMENT_KNOBS))


def _bots_spec(value):
    if isinstance(value, str):
        names = [b.strip() for b in value.split(",") if b.strip()]
    elif isinstance(value, (list, tuple)):
        names = [str(b) for b in value]
    else:
        raise OptionError(f"bots must be names like 'greedy,random', got {value!r}")
    if not names:
        raise OptionError("bots: name at least one bot")
    for b in names:
        make_bot(b)
    return ",".join(names)


def game_setup(ruleset_id, params: dict, default_bots="greedy"):
    """(ruleset, bot specs, trait-card rate) for one grid point; raises ``OptionError`` on any bad value."""
    params = dict(params)
    rate = params.pop("trait_card_rate", None)
    name = "trait_card_rate"
    if params.get("heredity") is True:
        if rate is not None:
            raise OptionError("trait_card_rate has no meaning in the Heredity variant: nobody plays cards there "
                              "(mutation_rate is nature's per-birth mutation probability)")
    elif "mutation_rate" in params:
        if rate is not None:
            raise OptionError("give trait_card_rate or its old name mutation_rate, not both")
        rate, name = params.pop("mutation_rate"), "mutation_rate"
    if rate is not None and (isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1):
        raise OptionError(f"{name} must be between 0 and 1, got {rate!r}")
    drate = params.pop("divergence_rate", None)
    if drate is not None and (isinstance(drate, bool) or not isinstance(drate, (int, float)) or not 0 <= drate <= 1):
        raise OptionError(f"divergence_rate must be between 0 and 1, got {drate!r}")
    bots = _bots_spec(params.pop("bots", default_bots))
    opts = dict(params)
    banned = list(opts.get("banned_traits", []))
    if opts.pop("no_carnivores", False) is True:
        banned.extend(ruleset_class(ruleset_id).predator_traits)
    elif "no_carnivores" in params and not isinstance(params["no_carnivores"], bool):
        raise OptionError(f"no_carnivores must be true or false, got {params['no_carnivores']!r}")
    if banned:
        opts["banned_traits"] = banned
    if "carnivores_from_turn" in opts:
        k = opts.pop("carnivores_from_turn")
        hunters = ruleset_class(ruleset_id).predator_traits
        opts["trait_from_turn"] = {**opts.get("trait_from_turn", {}), **{t: k for t in hunters}}
    unknown = sorted(set(opts) - set(ruleset_class(ruleset_id).option_specs))
    if unknown:
        raise OptionError(f"unknown parameter(s) {unknown}; allowed: {allowed_keys(ruleset_id)}")
    rs = load_ruleset(ruleset_id, **opts)
    return rs, bots.split(","), rate


def _seats(bot_names, rate, players, drate=None):
    seats = []
    for i in range(players):
        bot = make_bot(bot_names[i % len(bot_names)])
        if rate is not None and ":" not in bot_names[i % len(bot_names)]:
            bot.trait_card_rate = rate
        if drate is not None:
            bot.divergence_rate = drate
        seats.append(bot)
    return seats


def expand_grid(ruleset_id, grid: dict, base: dict | None = None) -> list:
    """The list of parameter dicts of a grid (cartesian product), each checked before any game runs.

    An empty grid with fixed parameters (``base``) is one point: e.g. a Heredity preset replicated."""
    if not isinstance(grid, dict) or not (grid or base):
        raise OptionError(f"the grid is empty: give at least one parameter with a list of values; "
                          f"allowed: {allowed_keys(ruleset_id)}")
    unknown = sorted(set(grid) - set(allowed_keys(ruleset_id)))
    if unknown:
        raise OptionError(f"unknown grid key(s) {unknown}; allowed: {allowed_keys(ruleset_id)}")
    keys = list(grid)
    values = []
    for k in keys:
        v = grid[k]
        if isinstance(v, (str, bytes)) or not hasattr(v, "__iter__"):
            v = [v]
        v = list(v)
        if not v:
            raise OptionError(f"grid key {k!r} has no values")
        values.append(v)
    points = []
    for combo in itertools.product(*values):
        p = {**(base or {}), **dict(zip(keys, combo))}
        game_setup(ruleset_id, p)      # every value is checked here, before any game starts
        points.append(p)
    return points


def _check_count(name, value, optional=False, why=""):
    """Refuse anything but a whole number >= 1 (or None when ``optional``) with ``OptionError``."""
    if value is None and optional:
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise OptionError(f"{name} must be a whole number >= 1{why}, got {value!r}")


def plan(ruleset_id, grid, reps=1, seed=0, base=None) -> list:
    """Every game of the batch as (game number, seed, parameters), in the fixed output order."""
    _check_count("reps", reps)
    out = []
    g = 0
    for p in expand_grid(ruleset_id, grid, base):
        key = json.dumps(p, sort_keys=True, default=str)
        for r in range(reps):
            out.append((g, derive_seed(seed, ruleset_id, key, r), {**p, "rep": r}))
            g += 1
    return out


def play_games(ruleset_id, games, default_bots="greedy", tables=DEFAULT_TABLES, store=None, setups=None):
    """Play a list of planned games in this process; returns {table: Table} (picklable, for workers): ``store``'s
    tables when given (rows appended there, as a batch run in this process does), else new ones. ``setups``: a dict
    that keeps each grid point's setup between calls."""
    out = new_tables(tables) if store is None else store
    setups = {} if setups is None else setups    # a grid point's setup, built once for its replicates (rulesets are values)
    # The cyclic garbage collector is paused while the games are played (and restored after): a game leaves no
    # reference cycles behind, so its passes over the objects a game makes and the growing tables only cost time.
    collecting = gc.isenabled()
    gc.disable()
    try:
        _play_tracked(ruleset_id, games, default_bots, tables, out, setups)
    finally:
        if collecting:
            gc.enable()
    return out


def _play_tracked(ruleset_id, games, default_bots, tables, out, setups):
    for g, game_seed, params in games:
        p = {k: v for k, v in params.items() if k != "rep"}
        key = json.dumps(p, sort_keys=True, default=str)
        setup = setups.get(key)
        if setup is None:
            setup = setups[key] = game_setup(ruleset_id, p, default_bots)
        rs, bot_names, rate = setup
        tracker = Tracker(params=params, game=g, tables=tables, store=out)      # rows go straight into ``out``
        seats = _seats(bot_names, rate, rs.players, p.get("divergence_rate"))
        Match(rs, seats=seats, seed=game_seed, observers=[tracker]).play_out()


class BatchResult:
    """The tables of a batch: ``rows(table)`` gives dicts, ``to_csv(path, table)`` writes them."""

    def __init__(self, tables: dict, games: list):
        self.tables = tables
        self.games = games

    def rows(self, table="traits") -> list:
        return self._table(table).to_list()

    def columns(self, table="traits", names=None) -> dict:
        """One table column by column: ``{name: array or list}``, the values of ``rows(table)`` without a dict
        per row (``evolab.columns``), for sweeps of many thousand games."""
        from .columns import columns
        return columns(self._table(table), names)

    def to_frame(self, table="traits", names=None):
        """One table as a pandas DataFrame, built from its columns (``evolab.columns.to_frame``)."""
        from .columns import to_frame
        return to_frame(self._table(table), names)

    def _table(self, table):
        if table not in self.tables:
            raise KeyError(f"table {table!r} was not recorded; recorded: {sorted(self.tables)}")
        return self.tables[table]

    def to_csv(self, path, table="traits"):
        self.tables[table].to_csv(path)

    def __len__(self):
        return len(self.games)

    def __repr__(self):
        return f"<BatchResult {len(self.games)} games, tables {sorted(self.tables)}>"


def prepare_batch(ruleset_id="origin", grid=None, reps=1, seed=0, bots="greedy", executor=None, workers=None,
                  tables=DEFAULT_TABLES, chunk=None, **base) -> list:
    """Check every argument of ``run_batch`` (same signature, less ``progress``) and return its planned games;
    a bad one raises ``OptionError`` before any game is played."""
    unknown = sorted(set(tables) - set(ALL_TABLES))
    if unknown:
        raise OptionError(f"unknown table(s) {unknown}; tables are {list(ALL_TABLES)}")
    _check_count("workers", workers, optional=True, why=" (or None: the games run in this process)")
    _check_count("chunk", chunk, optional=True, why=" (or None: chosen from the number of games)")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise OptionError(f"executor must be a concurrent.futures.Executor (or None), got {executor!r}")
    grid = dict(grid or {})
    if not grid and not base:
        expand_grid(ruleset_id, grid)              # refuses an empty experiment with the list of parameters
    bad_base = sorted(set(base) - set(allowed_keys(ruleset_id)))
    if bad_base:
        raise OptionError(f"unknown parameter(s) {bad_base}; allowed: {allowed_keys(ruleset_id)}")
    if "bots" not in grid and "bots" not in base:
        base["bots"] = _bots_spec(bots)
    return plan(ruleset_id, grid, reps, seed, base)


def run_batch(ruleset_id="origin", grid=None, reps=1, seed=0, bots="greedy", executor=None, progress=True,
              workers=None, tables=DEFAULT_TABLES, chunk=None, **base) -> BatchResult:
    """Play the cartesian ``grid`` x ``reps`` games and return their tracked tables.

    ``grid`` maps parameters (ruleset options such as ``players``, ``food_multiplier``,
    ``food_schedule``, and the knobs ``trait_card_rate`` (old name ``mutation_rate``), ``bots``,
    ``no_carnivores``, ``carnivores_from_turn``) to lists of values; other keyword arguments fix a
    parameter for every game. The Heredity variant's options are parameters too
    (``heredity=True``, ``mutation_rate``, ``founder_traits``, ``predators_leave``, ...; presets in
    ``evolab.heredity``): ``run_batch("origin", grid={"mutation_rate": [0, 0.05, 0.1]}, **preset("predation"))``.
    ``executor``: any ``concurrent.futures.Executor``; by default games run in this process, or in a
    process pool of ``workers`` processes. Rows come back in the same order however they ran.
    ``progress``: True for a ``tqdm.auto`` bar, False for none, or any object with ``update(n)`` and
    ``close()``.
    """
    games = prepare_batch(ruleset_id, grid, reps, seed, bots, executor, workers, tables, chunk, **base)
    tables = tuple(tables)
    chunks = _chunks(games, chunk, workers or getattr(executor, "_max_workers", None) or 1)
    bar = _progress(len(games), progress)
    merged = new_tables(tables)
    done: dict = {}          # finished chunks waiting for their turn: rows are merged in chunk order
    nxt = 0

    def collect(i, result):
        nonlocal nxt
        done[i] = result
        while nxt in done:
            r = done.pop(nxt)
            for name in tables:
                merged[name].extend(r[name])
            nxt += 1

    own = None
    if executor is None and workers and workers > 1:
        own = executor = _pool(workers)
    try:
        if executor is None:             # in this process: every game's rows go straight into the merged tables
            setups: dict = {}
            for c in chunks:
                play_games(ruleset_id, c, bots, tables, store=merged, setups=setups)
                bar.update(len(c))
        else:
            from concurrent.futures import as_completed
            futures = {executor.submit(play_games, ruleset_id, c, bots, tables): i for i, c in enumerate(chunks)}
            for f in as_completed(futures):
                i = futures.pop(f)
                collect(i, f.result())
                bar.update(len(chunks[i]))
    finally:
        bar.close()
        if own is not None:
            own.shutdown()
    return BatchResult(merged, games)


def _pool(workers):
    """A process pool of ``workers``; forked where the platform forks safely (Linux), so workers start with this
    process's modules and rules already loaded instead of importing them again."""
    import multiprocessing
    import sys
    from concurrent.futures import ProcessPoolExecutor
    fork = sys.platform.startswith("linux") and "fork" in multiprocessing.get_all_start_methods()
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork") if fork else None)


def _chunks(games, chunk, workers) -> list:
    """The games cut into the tasks a worker plays at a time: ``chunk`` games each when given; otherwise big
    chunks first, shrinking as the games run out (at most 50, about a quarter of a worker's share of what is
    left), so the workers finish together instead of one waiting on the other's last long chunk."""
    n = len(games)
    if chunk is not None:
        return [games[i:i + chunk] for i in range(0, n, chunk)]
    out, i = [], 0
    while i < n:
        k = max(1, min(50, (n - i) // (4 * workers)))
        out.append(games[i:i + k])
        i += k
    return out


class _NoBar:
    def update(self, n):
        pass

    def close(self):
        pass


def _progress(total, progress):
    if not progress:
        return _NoBar()
    if hasattr(progress, "update") and hasattr(progress, "close"):
        return progress          # a caller's own bar (e.g. a widget)
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, desc="games", unit="game", disable=None if progress is True else False)


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


__all__ = ["run_batch", "prepare_batch", "BatchResult", "expand_grid", "plan", "play_games", "EXPERIMENT_KNOBS",
           "steady", "decline", "crash"]

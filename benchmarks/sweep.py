"""Sweep speed and memory: 1,000 tracked two-player games over 10 mutation rates (1 and 2 workers), and
the peak memory of a 10,000-game tracked sweep.

    python benchmarks/sweep.py [--bots greedy] [--big 10000]
    python benchmarks/sweep.py --parts 200     # what is not game play: the same games untracked, with events built
                                               # for an observer that reads none, tracked, and through run_batch, in
                                               # this process (CPU time, medians of 3 rounds)
    python benchmarks/sweep.py --timeline      # where a 2-worker sweep's wall time goes: each worker's share busy
                                               # with games, the wait before the first game, the gaps between chunks
    python benchmarks/sweep.py --bound DIR [--heredity]
                                               # the sweep's games (or the Heredity preset's) tracked by the checkout
                                               # DIR, and tracked and untracked here, as shares of DIR's time: how
                                               # far tracking alone could take them (separate processes, alternating)
"""
from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

RATES = [round(0.1 * i, 1) for i in range(10)]


def timed(workers, bots, games):
    from evolab.experiments import run_batch
    t0 = time.perf_counter()
    r = run_batch("origin", grid={"mutation_rate": RATES}, reps=games // len(RATES), seed=1, bots=bots,
                  workers=workers, progress=False, players=2)
    return time.perf_counter() - t0, len(r.rows("traits"))


def play_untracked(games, bots, setups, observer=None):
    """The planned Origin ``games`` as ``run_batch`` plays them in one process (a grid point's setup built once and
    kept in ``setups``, the cyclic collector paused as ``play_games`` pauses it), but with no tracker:
    ``observer(params, game)`` makes each game's one observer, or there is none."""
    import gc
    from evolab.experiments import _seats, game_setup
    from evolab.match import Match
    collecting = gc.isenabled()
    gc.disable()
    try:
        for g, seed, params in games:
            p = {k: v for k, v in params.items() if k != "rep"}
            key = repr(sorted(p.items()))
            if key not in setups:
                setups[key] = game_setup("origin", p, bots)
            rs, names, rate = setups[key]
            observers = [] if observer is None else [observer(params, g)]
            Match(rs, seats=_seats(names, rate, rs.players), seed=seed, observers=observers).play_out()
    finally:
        if collecting:
            gc.enable()


def parts(bots, n):
    """CPU seconds of ``n`` sweep games played bare (no observer), with the engine's events built for an observer
    that reads none (the events' share), with a Tracker, and through ``run_batch`` in this process, interleaved; the
    differences are what the sweep spends around the games (the collector paused in each, as ``run_batch`` does)."""
    import statistics
    from evolab.experiments import play_games
    from evolab.tracking import Tracker
    games = planned_games(bots, n)
    setups: dict = {}

    class Deaf:
        def update(self, match, move, events):
            pass

    ways = {"bare games": lambda: play_untracked(games, bots, setups),
            "events, no tracker": lambda: play_untracked(games, bots, setups, lambda p, g: Deaf()),
            "tracked games": lambda: play_untracked(games, bots, setups, lambda p, g: Tracker(params=p, game=g)),
            "run_batch, 1 worker": lambda: play_games("origin", games, bots)}
    play_games("origin", games[:2], bots)                              # warm-up
    cpu = {k: [] for k in ways}
    for _ in range(3):
        for k, f in ways.items():
            t0 = time.process_time()
            f()
            cpu[k].append(time.process_time() - t0)
    bare = statistics.median(cpu["bare games"])
    for k, v in cpu.items():
        print(f"{k:>20}: {1e3 * statistics.median(v) / len(games):.2f} ms CPU per game, "
              f"{statistics.median(v) / bare:.3f} x bare ({len(games)} games, median of 3)")


class _TimedPool:
    """An executor that times each task inside its worker (``_timed_task``) and is otherwise the process pool
    ``run_batch`` makes itself (forked, ``workers`` processes)."""

    def __init__(self, workers, log):
        from evolab.experiments import _pool
        self._inner = _pool(workers)
        self._max_workers = workers
        self._log = log

    def submit(self, fn, *args, **kwargs):
        return self._inner.submit(_timed_task, self._log, fn, args, kwargs)

    def shutdown(self, wait=True):
        self._inner.shutdown(wait)


def _timed_task(log, fn, args, kwargs):
    """Run one task and append (worker, start, end) to ``log``: one short line per task,
    written at once (appends that small do not interleave). The clock is the monotonic one all processes share."""
    import os
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    for table in out.values():      # the chunk's rows stored now, as pickling them would, inside the timing
        table.flush()
    line = f"{os.getpid()} {t0} {time.perf_counter()}\n"
    with open(log, "a") as f:
        f.write(line)
    return out


def timeline(bots, games=1000, rounds=3):
    """Where a 2-worker sweep's wall time goes, in ``rounds`` sweeps, as shares of each sweep's wall time: each
    worker's time on its chunks (games and storing their rows), its wait from the call to its first game (planning
    the games, starting the pool), and the gaps between its chunks (returning a chunk's tables, receiving the next)."""
    import tempfile
    from evolab.experiments import run_batch
    for _ in range(rounds):
        with tempfile.NamedTemporaryFile(suffix=".log") as tmp:
            t0 = time.perf_counter()
            pool = _TimedPool(2, tmp.name)      # (made inside the timing, as run_batch makes its own)
            run_batch("origin", grid={"mutation_rate": RATES}, reps=games // len(RATES), seed=1, bots=bots,
                      executor=pool, progress=False, players=2)
            wall = time.perf_counter() - t0
            pool.shutdown()
            rows = [line.split() for line in open(tmp.name)]
        workers = {}
        for pid, start, end in rows:
            workers.setdefault(pid, []).append((float(start), float(end)))
        shares = []
        for spans in workers.values():
            spans.sort()
            busy = sum(e - s for s, e in spans)
            gaps = sum(b[0] - a[1] for a, b in zip(spans, spans[1:]))
            wait = spans[0][0] - t0
            shares.append(f"busy {busy / wall:.3f} of the wall, waiting for its first game {wait / wall:.3f}, "
                         f"between its {len(spans)} chunks {gaps / wall:.3f}")
        print(f"{games} games ({bots}), 2 workers: {wall:.2f} s; " + "; ".join(shares))


def planned_games(bots, n, heredity=False):
    """``n`` of the sweep's games (over its ten rates), planned as ``run_batch`` plans them, or with ``heredity`` ``n``
    of the Heredity ``predation`` preset's: what ``--parts`` and ``--bound`` time."""
    from evolab.experiments import prepare_batch
    if heredity:
        from evolab import heredity as h
        return prepare_batch("origin", reps=n, seed=1, bots=bots, **h.preset("predation"))
    return prepare_batch("origin", grid={"mutation_rate": RATES}, reps=max(1, n // len(RATES)), seed=1, bots=bots,
                         players=2)


def _bound_child(root, way, bots, n, heredity):
    """One process of ``--bound``: processor seconds of the games played ``way`` ("tracked" as ``play_games``
    plays them, or "untracked") by the evolab found at ``root``."""
    sys.path.insert(0, root)
    from evolab.experiments import play_games
    games = planned_games(bots, n, heredity)
    play = (lambda gs: play_games("origin", gs, bots)) if way == "tracked" else \
        (lambda gs: play_untracked(gs, bots, {}))
    play(games[:2])                                           # warm-up: the rules and the bots' tables loaded
    t0 = time.process_time()
    play(games)
    print(time.process_time() - t0)


def bound(baseline, bots, n, rounds, heredity):
    """The processor time of the same games tracked by ``baseline`` (another checkout), and tracked and untracked by
    this one, each in a process of its own, in ``rounds`` alternating rounds; this checkout's as shares of the
    baseline's (medians of the per-round ratios). The untracked share is what no saving in tracking can go below."""
    import os
    import statistics
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sides = {"baseline, tracked": (baseline, "tracked"), "tracked": (here, "tracked"), "untracked": (here, "untracked")}
    cpu: dict = {k: [] for k in sides}
    for r in range(rounds):
        for k, (root, way) in list(sides.items())[::-1 if r % 2 else 1]:      # the order reversed every other round
            cmd = [sys.executable, __file__, "--bound-child", root, way, "--bots", bots, "--games", str(n)]
            out = subprocess.run(cmd + (["--heredity"] if heredity else []), capture_output=True, text=True,
                                 check=True).stdout
            cpu[k].append(float(out.split()[-1]))
    what = "the Heredity predation preset's" if heredity else "the sweep's"
    print(f"{n} of {what} games ({bots}), processor time, {rounds} alternating rounds, one process each:")
    base = cpu["baseline, tracked"]
    for k, v in cpu.items():
        share = statistics.median(a / b for a, b in zip(v, base))
        rng = f"{min(a / b for a, b in zip(v, base)):.3f} to {max(a / b for a, b in zip(v, base)):.3f}"
        print(f"  {k:>18}: {statistics.median(v) / n * 1e3:7.2f} ms a game" +
              ("" if k.startswith("baseline") else f", {share:.3f} of the baseline's (rounds {rng})"))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--big", type=int, default=10_000)
    ap.add_argument("--parts", type=int, default=0, help="games: time them bare, tracked and through run_batch")
    ap.add_argument("--timeline", action="store_true", help="where a 2-worker sweep's wall time goes")
    ap.add_argument("--bound", metavar="DIR", help="another checkout: the same games tracked there, and tracked and "
                    "untracked here, as shares of its time")
    ap.add_argument("--heredity", action="store_true", help="with --bound: the Heredity predation preset's games")
    ap.add_argument("--games", type=int, default=0, help="with --bound: games a round (default 200; Heredity 30)")
    ap.add_argument("--rounds", type=int, default=5, help="with --bound: alternating rounds")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--bound-child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    n = args.games or (30 if args.heredity else 200)
    if args.bound_child:
        _bound_child(*args.bound_child, args.bots, n, args.heredity)
        return
    if args.bound:
        bound(args.bound, args.bots, n, args.rounds, args.heredity)
        return
    if args.timeline:
        timeline(args.bots)
        return
    if args.parts:
        parts(args.bots, args.parts)
        return
    if args.child:
        from evolab.experiments import run_batch
        r = run_batch("origin", grid={"mutation_rate": RATES}, reps=args.big // len(RATES), seed=2,
                      bots=args.bots, progress=False, players=2)
        rows = sum(len(t) for t in r.tables.values())
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{rows} {peak:.0f}")
        return
    # the memory child runs first, while this process is still small (Linux counts a forked child's
    # peak from its parent's size at the fork)
    out = subprocess.run([sys.executable, __file__, "--child", "--big", str(args.big), "--bots", args.bots],
                         capture_output=True, text=True, check=True).stdout.split()
    for workers in (1, 2):
        dt, n = timed(workers, args.bots, 1000)
        print(f"1,000 tracked games ({args.bots}), {workers} worker(s): {dt:.2f} s ({n} trait rows)")
    print(f"{args.big:,} tracked games ({args.bots}), in-process: {int(out[0]):,} rows in all tables, "
          f"peak memory (max RSS) {out[1]} MB")


if __name__ == "__main__":
    main()

"""Sweep speed and memory: 1,000 tracked two-player games over 10 mutation rates (1 and 2 workers), and
the peak memory of a 10,000-game tracked sweep.

    python benchmarks/sweep.py [--bots greedy] [--big 10000]
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--big", type=int, default=10_000)
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
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

"""Frequency dependence in the Equilibrium scenario: each play style's win rate per seat as its share of a
4-player table grows, against the greedy bot and against the other styles (Markdown tables).

    python benchmarks/frequency.py --reps 200 --workers 2
"""
from __future__ import annotations

import argparse
import itertools
import time

from evolab.bots import STYLES
from evolab.strategies import frequency_dependence, frequency_table


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=200, help="games per number of style seats")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None)
    args = ap.parse_args()
    t0 = time.perf_counter()
    games = 0
    pairs = [(s, "greedy") for s in STYLES] + list(itertools.combinations(STYLES, 2))
    for style, others in pairs:
        rows = frequency_dependence(style, others=others, players=4, reps=args.reps, seed=args.seed,
                                    workers=args.workers)
        games += sum(r["games"] for r in rows)
        print(frequency_table(rows) + "\n", flush=True)
    print(f"{games} games (Equilibrium, 4 players) in {time.perf_counter() - t0:.0f} s "
          f"with {args.workers or 1} worker(s)")


if __name__ == "__main__":
    main()

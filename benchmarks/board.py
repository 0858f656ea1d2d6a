"""Responsiveness of the GameBoard: server-side time from a click to the board drawn again.

Each click applies the person's action, lets nature and the bots move until the person must decide
again (as the board does by default), and re-renders the board (and the chart at a turn's end).

    python benchmarks/board.py [--games 5]
"""
from __future__ import annotations

import argparse
import statistics
import time

import matplotlib

matplotlib.use("Agg")

from evolab.viz.board import GameBoard  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    clicks, renders = [], []
    for seed in range(args.games):
        b = GameBoard("origin", seat=0, seed=seed, chart=True)
        while not b.match.is_over():
            legal = b.match.legal_actions()
            b.do(legal[(seed * 7 + len(b.timings)) % len(legal)])
        clicks.extend(b.timings)
        for _ in range(20):
            t0 = time.perf_counter()
            b.render()
            renders.append(1000 * (time.perf_counter() - t0))
    clicks.sort()
    q = lambda xs, p: xs[min(len(xs) - 1, int(p * len(xs)))]  # noqa: E731
    print(f"{len(clicks)} clicks over {args.games} games: median {statistics.median(clicks):.1f} ms, "
          f"90th percentile {q(clicks, 0.9):.1f} ms, max {clicks[-1]:.0f} ms (the slowest draw the turn's chart)")
    renders.sort()
    print(f"re-render alone: median {statistics.median(renders):.1f} ms")


if __name__ == "__main__":
    main()

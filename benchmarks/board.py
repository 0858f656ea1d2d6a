"""Responsiveness of the GameBoard: server-side time from a click to the board drawn again.

Each click applies the person's action, lets nature and the bots move until the person must decide
again (as the board does by default), and re-renders the board (and the chart at a turn's end).
Then, side by side on the same rows: the board's SVG chart against the matplotlib PNG it replaced.

    python benchmarks/board.py [--games 5]
"""
from __future__ import annotations

import argparse
import statistics
import time

from evolab.viz.board import GameBoard
from evolab.viz.svgchart import trait_frequencies_svg


def _ms(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(1000 * (time.perf_counter() - t0))
    return statistics.median(times)


def _matplotlib_png(rows):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from evolab.viz.plots import figure_png, trait_frequencies
    fig, ax = plt.subplots(figsize=(8, 3.6), layout="constrained")
    trait_frequencies(rows, ax=ax, band=False, min_share=0)
    figure_png(fig, dpi=80)
    plt.close(fig)


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
    rows = b.tracker.rows("traits")
    svg = _ms(lambda: trait_frequencies_svg(rows), 20)
    try:
        _matplotlib_png(rows)                     # first call pays the imports
        png = _ms(lambda: _matplotlib_png(rows), 5)
        print(f"the live chart of the last game: SVG {svg:.1f} ms, matplotlib PNG {png:.1f} ms "
              f"(the SVG is {png / svg:.0f}x faster)")
    except ImportError:
        print(f"the live chart of the last game: SVG {svg:.1f} ms (matplotlib not installed)")


if __name__ == "__main__":
    main()

"""Responsiveness of the GameBoard: server-side time from a click to the board drawn again.

Each click applies the person's action, lets nature and the bots move until the person must decide
again (as the board does by default), and re-renders the board (and the chart at a turn's end).
Then, side by side on the same rows: the board's SVG chart against the matplotlib PNG it replaced.
With ``--table``: the card table (``CardBoard``), each edition, a click as the browser sends it (the move's
index in the table it showed) through to the new table model serialised as JSON, next to the GameBoard's
click on the same games; and the answer to an illegal click (the engine's rule message).

    python benchmarks/board.py [--games 5] [--table]
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


def _pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))]


def table_clicks(games):
    """Server-side ms from the browser's click message to the new table model as JSON, per edition, with the
    GameBoard's click time on the same games (the same moves) beside it."""
    import json

    from evolab.viz.table import CardBoard
    for rid in ("origin", "random_mutations", "northstar"):
        card, plain, why = [], [], []
        for seed in range(games):
            b = CardBoard(rid, seat=0, seed=seed, players=2, chart=True)
            g = GameBoard(rid, seat=0, seed=seed, players=2, chart=True)
            k = 0
            while not b.match.is_over():
                table = b.cards.table
                i = (seed * 7 + k) % len(table["moves"])
                t0 = time.perf_counter()
                b._on_message(b.cards, {"type": "act", "i": i, "seq": table["seq"]})
                json.dumps(b.cards.table)
                card.append(1000 * (time.perf_counter() - t0))
                g.do(g.match.legal_actions()[i])
                k += 1
                if b.cards.table["seats"] and b.cards.table["moves"]:
                    units = [u["target"] for s in b.cards.table["seats"] for u in s["units"]] or ["bank"]
                    t0 = time.perf_counter()
                    b.why_not([units[k % len(units)], units[(k + 1) % len(units)]])
                    why.append(1000 * (time.perf_counter() - t0))
            plain.extend(g.timings)
        print(f"{rid}: {len(card)} clicks over {games} games. Card table: median {statistics.median(card):.1f} ms, "
              f"90th percentile {_pct(card, 0.9):.1f} ms; GameBoard on the same moves: median "
              f"{statistics.median(plain):.1f} ms, 90th percentile {_pct(plain, 0.9):.1f} ms "
              f"(ratio of 90th percentiles {_pct(card, 0.9) / _pct(plain, 0.9):.2f}); "
              f"an illegal click's message: median {statistics.median(why):.2f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--table", action="store_true", help="measure the card table (CardBoard) too")
    args = ap.parse_args()
    if args.table:
        table_clicks(args.games)
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

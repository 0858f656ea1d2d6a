"""Engine speed: games/s and moves/s (applied actions + chance outcomes) on one core.

    python benchmarks/engine.py               # 2 and 4 players, random and greedy bots
    python benchmarks/engine.py --profile     # cProfile of 2-player random games, top functions
    python benchmarks/engine.py --checked     # the built-in bots' trusted path against the checked path
    python benchmarks/engine.py --against DIR # this checkout against another (e.g. a worktree of main), side by side
    python benchmarks/engine.py --against DIR --pairs 30 --games 100 --bots greedy
                                              # median of 30 paired short runs, with its 95% interval

``--checked``: ``Match`` checks every move a bot returns unless the bot's class declares
``picks_from_legal`` (the built-in bots do). A subclass that declares nothing takes the checked path and
plays the identical games, so the two are timed side by side, alternately, in one run.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import pathlib
import pstats
import statistics
import subprocess
import sys
import time

import evolab
from evolab.bots import GreedyBot, RandomBot
from evolab.seeding import derive_seed


def run(players, bot_cls, games, ruleset_id="origin"):
    rs = evolab.load_ruleset(ruleset_id, players=players)
    moves = 0
    t0 = time.perf_counter()
    for g in range(games):
        m = evolab.Match(rs, seats=[bot_cls() for _ in range(players)], seed=derive_seed("bench", g))
        m.play_out()
        moves += len(m.record.moves)
    dt = time.perf_counter() - t0
    return games / dt, moves / dt, moves / games


def checked_vs_trusted(games, ruleset_id, rounds=3):
    """Time the same games on the trusted and the checked path, alternating; best of ``rounds`` each."""
    print(f"{ruleset_id}: {'players':>7} {'bots':>7} {'trusted g/s':>11} {'checked g/s':>11} {'checked/trusted':>15}")
    for players in (2, 4):
        for bot in (RandomBot, GreedyBot):
            checked = type(f"Checked{bot.__name__}", (bot,), {})    # no declaration of its own: checked
            best = {bot: 0.0, checked: 0.0}
            moves = {}
            for _ in range(rounds):
                for cls in (bot, checked):
                    gps, _, mpg = run(players, cls, games, ruleset_id)
                    best[cls] = max(best[cls], gps)
                    moves[cls] = mpg
            assert moves[bot] == moves[checked], "the checked path must play the same games"
            print(f"{'':{len(ruleset_id) + 1}} {players:>7} {bot.name:>7} {best[bot]:>11.0f} {best[checked]:>11.0f} "
                  f"{best[checked] / best[bot]:>15.2f}")


_ONE_RUN = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
import evolab
from evolab.bots import GreedyBot, RandomBot
from evolab.seeding import derive_seed
rid, players, bot, games = sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
cls = {"random": RandomBot, "greedy": GreedyBot}[bot]
rs = evolab.load_ruleset(rid, players=players)
moves, t = 0, time.process_time()
for g in range(games):
    m = evolab.Match(rs, seats=[cls() for _ in range(players)], seed=derive_seed("bench", g))
    m.play_out()
    moves += len(m.record.moves)
print(json.dumps([time.process_time() - t, moves]))
"""


def against(other, games, rounds, rulesets):
    """This checkout and ``other`` side by side: for each configuration, fresh processes of each in turn, CPU time
    of the same games, best of ``rounds``; the ratio is this one's time over the other's (below 1: faster), per game
    and per move (where the bots of the two differ, their games do too, and per move is the fair figure)."""
    here = str(pathlib.Path(__file__).resolve().parents[1])
    print(f"{games} games per run, best of {rounds} alternating runs (CPU seconds); same moves = same games")
    print(f"{'configuration':30} {'other':>8} {'this':>8} {'this/other':>10} {'per move':>9} {'same moves':>10}")
    for rid in rulesets:
        for players in (2, 4):
            for bot in ("random", "greedy"):
                best, moves = {}, {}
                for _ in range(rounds):
                    for name, root in (("other", other), ("this", here)):
                        out = subprocess.run([sys.executable, "-c", _ONE_RUN, root, rid, str(players), bot, str(games)],
                                             capture_output=True, text=True, check=True, cwd="/")
                        t, m = json.loads(out.stdout)
                        best[name] = min(best.get(name, float("inf")), t)
                        moves[name] = m
                per_move = (best['this'] / moves['this']) / (best['other'] / moves['other'])
                print(f"{rid + f' {players}p ' + bot:30} {best['other']:8.3f} {best['this']:8.3f} "
                      f"{best['this'] / best['other']:10.3f} {per_move:9.3f} {str(moves['this'] == moves['other']):>10}",
                      flush=True)


def median_interval(values):
    """The median of ``values`` and a distribution-free 95% interval for it: the order statistics whose ranks the
    binomial(n, 1/2) puts 2.5% of its weight outside (the sign test's interval; n >= 6)."""
    from math import comb
    xs = sorted(values)
    n = len(xs)
    med = statistics.median(xs)
    k, tail = 0, 0.0
    while True:                     # the largest k with P(X <= k) <= 2.5%: the interval is (x[k], x[n - 1 - k])
        p = comb(n, k) / 2 ** n
        if tail + p > 0.025:
            break
        tail += p
        k += 1
    if k == 0:
        return med, xs[0], xs[-1]
    return med, xs[k - 1], xs[n - k]


def paired(other, games, pairs, rulesets, bots):
    """This checkout and ``other`` in ``pairs`` alternations of short fresh-process runs (the order within a pair
    alternates too), the ratio per move of each pair, and their median with its 95% interval: on a shared machine
    whose speed drifts from one second to the next, a ratio per pair cancels the drift that a best-of figure keeps."""
    here = str(pathlib.Path(__file__).resolve().parents[1])
    print(f"{games} games per run, {pairs} pairs of runs (CPU seconds); ratio = this / other per move; median of the "
          f"pairs' ratios with its 95% interval (sign test)")
    for rid in rulesets:
        for players in (2, 4):
            for bot in bots:
                ratios = []
                for i in range(pairs):
                    got = {}
                    order = (("other", other), ("this", here)) if i % 2 == 0 else (("this", here), ("other", other))
                    for name, root in order:
                        out = subprocess.run([sys.executable, "-c", _ONE_RUN, root, rid, str(players), bot, str(games)],
                                             capture_output=True, text=True, check=True, cwd="/")
                        got[name] = json.loads(out.stdout)
                    (t1, m1), (t0, m0) = got["this"], got["other"]
                    ratios.append((t1 / m1) / (t0 / m0))
                med, lo, hi = median_interval(ratios)
                print(f"{rid + f' {players}p ' + bot:30} median {med:.3f}  95% interval {lo:.3f} to {hi:.3f}  "
                      f"(pairs from {min(ratios):.3f} to {max(ratios):.3f})", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--ruleset", default=None, choices=sorted(evolab.available_rulesets()),
                    help="one edition (default: origin; with --against, every edition)")
    ap.add_argument("--checked", action="store_true", help="trusted against checked bot moves, side by side")
    ap.add_argument("--against", metavar="DIR", help="another checkout of evolab to time side by side with this one")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--pairs", type=int, default=0,
                    help="with --against: this many alternating pairs of short runs, median ratio and its interval")
    ap.add_argument("--bots", nargs="+", default=["random", "greedy"], choices=["random", "greedy"])
    args = ap.parse_args()
    if args.against and args.pairs:
        paired(args.against, args.games, args.pairs,
               [args.ruleset] if args.ruleset else sorted(evolab.available_rulesets()), args.bots)
        return
    if args.against:
        against(args.against, args.games, args.rounds,
                [args.ruleset] if args.ruleset else sorted(evolab.available_rulesets()))
        return
    args.ruleset = args.ruleset or "origin"
    if args.checked:
        checked_vs_trusted(args.games, args.ruleset)
        return
    if args.profile:
        cProfile.runctx("run(2, RandomBot, args.games, args.ruleset)", globals(), {"args": args}, "/tmp/evolab.prof")
        pstats.Stats("/tmp/evolab.prof").sort_stats("tottime").print_stats(15)
        return
    print(f"{args.ruleset}: {'players':>7} {'bots':>7} {'games/s':>9} {'moves/s':>9} {'moves/game':>10}")
    for players in (2, 4):
        for bot in (RandomBot, GreedyBot):
            gps, mps, mpg = run(players, bot, args.games, args.ruleset)
            print(f"{'':{len(args.ruleset) + 1}} {players:>7} {bot.name:>7} {gps:>9.0f} {mps:>9.0f} {mpg:>10.0f}")


if __name__ == "__main__":
    main()

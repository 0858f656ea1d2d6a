"""The bots' tournament table per edition (random, greedy, lookahead levels 1-5), and level 5's move times.

    python benchmarks/tournament.py --games 40 --workers 2          # 2- and 4-player ladders, all editions
    python benchmarks/tournament.py --timing --decisions 150          # level-5 seconds per move (p50, p90)

Bots sit at "ladder" tables (neighbours in strength meet: pairs in 2-player games, runs of four in
4-player games) with rotating seats; each level must beat the one below it with a 95% interval above 50%.
Prints Markdown tables (the README's) and the time each tournament took.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import evolab
from evolab import Match, observe
from evolab.bots import LEVELS, LookaheadBot
from evolab.tournaments import tournament

BOTS = ["random", "greedy"] + [f"lookahead{n}" for n in LEVELS]


def ladder(args):
    total = 0.0
    for rid in args.editions:
        for players in args.players:
            t0 = time.perf_counter()
            r = tournament(rid, BOTS, games=args.games, seed=args.seed, players=players, tables="ladder",
                           workers=args.workers, anchor="greedy", progress=args.progress)
            dt = time.perf_counter() - t0
            total += dt
            print(r.table())
            holds = all(h["low"] > 0.5 for h in r.ladder())
            print(f"\n{len(r.games)} games in {dt / 60:.1f} min with {args.workers or 1} worker(s); "
                  f"every level beats the one below (95% interval above 50%): {'yes' if holds else 'NO'}\n",
                  flush=True)
    print(f"all tournaments: {total / 60:.1f} min")


def timing(args):
    """Seconds per level-5 decision (with at least two legal moves) in games against greedy bots: processor
    time (what a move costs, whatever else the machine runs) and wall-clock time."""
    for rid in args.editions:
        for players in args.players:
            rs = evolab.load_ruleset(rid, players=players)
            times, cpu, g = [], [], 0
            while len(times) < args.decisions:
                bot = LookaheadBot(5, seed=g)
                m = Match(rs, seats=[bot] + ["greedy"] * (players - 1), seed=g)
                rng = random.Random(g)
                while not m.is_over() and len(times) < args.decisions:
                    if m.to_move == 0 and len(m.legal_actions()) > 1:
                        legal = m.legal_actions()
                        t, c = time.perf_counter(), time.process_time()
                        a = bot.choose(observe(m.state, 0), legal, rng)
                        times.append(time.perf_counter() - t)
                        cpu.append(time.process_time() - c)
                        m.step(a)
                    else:
                        m.step()
                g += 1
            q, qc = statistics.quantiles(times, n=10), statistics.quantiles(cpu, n=10)
            print(f"{rid}, {players} players: {len(times)} level-5 decisions in {g} game(s): processor time "
                  f"median {qc[4]:.2f} s, 90th percentile {qc[8]:.2f} s, longest {max(cpu):.2f} s; wall clock "
                  f"median {q[4]:.2f} s, 90th percentile {q[8]:.2f} s (load average {os.getloadavg()[0]:.1f} "
                  f"on {os.cpu_count()} cores)", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40, help="games per table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--editions", nargs="+", default=sorted(evolab.available_rulesets()))
    ap.add_argument("--players", nargs="+", type=int, default=[2, 4])
    ap.add_argument("--timing", action="store_true", help="measure level 5's seconds per move instead")
    ap.add_argument("--decisions", type=int, default=150, help="level-5 decisions timed per edition")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()
    timing(args) if args.timing else ladder(args)


if __name__ == "__main__":
    main()

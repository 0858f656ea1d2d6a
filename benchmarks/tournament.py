"""The bots' ladder per edition (random, greedy, lookahead levels 1-5), and level 5's move times.

    python benchmarks/tournament.py --editions northstar --players 2 --workers 2    # one ladder
    nice -n 19 python benchmarks/tournament.py --workers auto     # 2 workers while the load is under 3, else 1
    python benchmarks/tournament.py --timing --decisions 150          # level-5 seconds per move (p50, p90)
    python benchmarks/tournament.py --duplicate --report --players 4  # the rows of the games saved so far

Each neighbouring pair (random-greedy, greedy-level 1, ..., level 4-level 5) plays its own games, seats
rotating: in 2-player games one seat each; in 4-player games two seats each, alternating round the table
(A B A B, then B A B A ...). A game counts as the share of the pairwise comparisons between the two bots
that the stronger one won (more points; on equal points the game's winner; otherwise half each), and the
win rate is the mean of that over games, with a 95% Wilson interval over games.

With ``--duplicate`` every deal (game seed) is played twice, seats swapped (A B then B A; A B A B then
B A B A), nature's random numbers drawn from the deal alone, so the luck of the deal falls on both bots;
the win rate is then the mean over deals of each deal's two games, with a 95% Student t interval over
deals, and ``--games``/``--more`` count deals (pairs of games).

The number of games is fixed in advance, in two stages: ``--games`` (40) for every pair, then, only for a
pair whose interval still contains 50%, up to ``--more`` (80) in all; the result at that point is the
result. Every game is appended to a JSON-lines file under ``--results`` as it ends, so a stopped run
resumes where it was. Prints the Markdown rows of the README's table.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import statistics
import time

import evolab
from evolab import Match, observe
from evolab.bots import LEVELS, LookaheadBot
from evolab.tournaments import TournamentResult, tournament

BOTS = ["random", "greedy"] + [f"lookahead{n}" for n in LEVELS]


def pair_path(rid, players, low, high, args):
    """The results file of one pair (the duplicate format's files are named ``...-dup-...``)."""
    fmt = "-dup" if args.duplicate else ""
    return os.path.join(args.results, f"{rid}-{players}p-seed{args.seed}{fmt}-{_tag(high)}-vs-{_tag(low)}.jsonl")


def pair_games(rid, players, low, high, games, args):
    """``high`` against ``low`` over ``games`` games, or deals in the duplicate format (resuming from the
    pair's results file; the duplicate format's files are named ``...-dup-...`` so the formats never mix)."""
    table = tuple((low, high)[i % 2] for i in range(players))
    path = pair_path(rid, players, low, high, args)
    played = games * 2 if args.duplicate else games     # a deal is played twice: A B (A B), then B A (B A)
    return tournament(rid, [low, high], games=played, seed=args.seed, players=players, tables=[table],
                      workers=_workers(args.workers), results=path, progress=args.progress,
                      duplicate=args.duplicate).head_to_head(high, low)


def _workers(setting):
    """``auto``: two processes while the machine's load average is under 3, else one (asked again per pair)."""
    if setting == "auto":
        return 2 if os.getloadavg()[0] < 3 else 1
    return int(setting) if setting is not None else None


def _tag(bot):
    """A bot name with its level's settings, so a results file is never reused after a level changes."""
    if bot.startswith("lookahead") and bot[9:].isdigit():
        lv = LEVELS[int(bot[9:])]
        warm = f"t{lv.temperature:g}" if lv.temperature else ""     # older files: levels without temperature
        return f"{bot}({lv.iterations}x{lv.candidates}h{lv.horizon}{lv.method[0]}{warm})"
    return bot


def ladder(args):
    os.makedirs(args.results, exist_ok=True)
    pairs = list(zip(args.bots, args.bots[1:]))
    for rid in args.editions:
        for players in args.players:
            name = evolab.load_ruleset(rid, players=players).name
            print(f"\n{name}, {players} players (seed {args.seed})", flush=True)
            shown = {}
            for low, high in pairs:                  # first stage: every pair
                shown[low, high] = pair_games(rid, players, low, high, args.games, args)
                _row(shown[low, high])
            for low, high in pairs:                  # second stage: the pairs still undecided
                h = shown[low, high]
                if h["low"] <= 0.5 <= h["high"] and args.more > args.games:
                    shown[low, high] = pair_games(rid, players, low, high, args.more, args)
                    _row(shown[low, high])
            n = "games / pairs" if args.duplicate else "games"
            print(f"\n| pair | {n} | win rate of the first | 95% interval |\n| --- | ---: | ---: | --- |")
            for h in shown.values():
                _row(h)


def report(args):
    """The rows of the games already saved, playing none: each pair's complete deals (or games), with how many
    there are (a step still being played shows what it has so far)."""
    for rid in args.editions:
        for players in args.players:
            print(f"\n{evolab.load_ruleset(rid, players=players).name}, {players} players (seed {args.seed}), "
                  f"saved games only")
            for low, high in zip(args.bots, args.bots[1:]):
                path = pair_path(rid, players, low, high, args)
                rows = []
                if os.path.exists(path):
                    with open(path, encoding="utf-8") as f:
                        rows = [json.loads(line) for line in f if line.strip()]
                if args.duplicate:            # only whole deals: both games of each
                    games_of = collections.Counter((r["table"], r["deal"]) for r in rows)
                    rows = [r for r in rows if games_of[r["table"], r["deal"]] == 2]
                if not rows:
                    print(f"| {high} vs {low} | none saved |")
                    continue
                _row(TournamentResult(rid, [low, high], None, rows, args.seed, duplicate=args.duplicate)
                     .head_to_head(high, low))


def _row(h):
    n = f"{h['games']} / {h['deals']}" if "deals" in h else f"{h['games']}"
    print(f"| {h['a']} vs {h['b']} | {n} | {100 * h['share']:.0f}% | "
          f"{100 * h['low']:.0f}% to {100 * h['high']:.0f}% |{'' if h['low'] > 0.5 else ' not shown'}",
          flush=True)


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
    ap.add_argument("--games", type=int, default=40, help="games (with --duplicate: deals) per pair, first stage")
    ap.add_argument("--more", type=int, default=80, help="games (deals) in all for a pair still undecided")
    ap.add_argument("--duplicate", action="store_true", help="play every deal twice, seats swapped; "
                    "--games and --more then count deals, and the interval is a t interval over deals")
    ap.add_argument("--bots", nargs="+", default=BOTS, help="the ladder, weakest first")
    ap.add_argument("--results", default="benchmarks/results/tournament", help="folder of per-game JSON-lines files")
    ap.add_argument("--report", action="store_true", help="print the rows of the saved games only, playing none")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", default=None, help="processes (a number, or auto: 2 under a load of 3, else 1)")
    ap.add_argument("--editions", nargs="+", default=sorted(evolab.available_rulesets()))
    ap.add_argument("--players", nargs="+", type=int, default=[2, 4])
    ap.add_argument("--timing", action="store_true", help="measure level 5's seconds per move instead")
    ap.add_argument("--decisions", type=int, default=150, help="level-5 decisions timed per edition")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args()
    if args.report:
        report(args)
    elif args.timing:
        timing(args)
    else:
        ladder(args)


if __name__ == "__main__":
    main()

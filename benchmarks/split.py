"""Where a game's time goes, by phase and kind of work: nature's draws, the bots' view of the table, the legal
moves listed, the bots' choices and the moves applied, per game and per move, on one core.

    python benchmarks/split.py                                  # North Star, 4 players, greedy bots
    python benchmarks/split.py --edition origin --players 2 --games 300
    python benchmarks/split.py --players 4 6                    # side by side: what a bigger table costs

It plays the games with the loop ``Match.play_out`` runs for greedy bots (a live chooser where the bot has one,
else the legal list and ``choose``; random bots are timed on that listed path too, not on the match's path that
builds only the move drawn) and times each step with ``perf_counter_ns``; the timer's own cost (a few tenths of
a microsecond a step) is in the figures, so read them as shares and differences, not as the engine's speed.
"""
from __future__ import annotations

import argparse
import collections
import time

import evolab
from evolab import match as M
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.base import Ruleset
from evolab.seeding import derive_seed


def split(edition, players, bot_cls, games):
    """({(kind, phase): nanoseconds}, {(kind, phase): steps}, moves) over ``games`` seeded games."""
    rs = evolab.load_ruleset(edition, players=players)
    pc = time.perf_counter_ns
    t_ns: collections.Counter = collections.Counter()
    n: collections.Counter = collections.Counter()
    moves = 0
    table = rs.apply_table if type(rs).apply_inplace is Ruleset.apply_inplace else None
    for g in range(games):
        m = evolab.Match(rs, seats=[bot_cls() for _ in range(players)], seed=derive_seed("bench", g))
        s, rng, seats = m.state, m.rng, m.seats
        live, where = M._live_choosers(rs, seats, [False] * players)
        look = [b.needs_observation for b in seats]
        while s.phase != "over":
            who = rs.to_move(s)
            ph = s.phase
            t0 = pc()
            if who == M.CHANCE:
                action = rs.sample_chance(s, rng)
                kind = "nature's draw"
            else:
                view = rs.observe(s, who, False) if look[who] else None
                t1 = pc()
                t_ns["view", ph] += t1 - t0
                n["view", ph] += 1
                t0 = t1
                action = live[who](view, rng) if ph in where[who] else None
                if action is None:
                    legal = rs.legal_actions(s)
                    t1 = pc()
                    t_ns["legal list", ph] += t1 - t0
                    n["legal list", ph] += 1
                    t0 = t1
                    action = seats[who].choose(view, legal, rng)
                    kind = "choice from the list"
                else:
                    kind = "choice without a list"
            t1 = pc()
            t_ns[kind, ph] += t1 - t0
            n[kind, ph] += 1
            if table is not None:
                table[type(action)](rs, s, action, None)
            else:
                rs.apply_inplace(s, action, None)
            m.record.moves.append(action)
            t_ns["apply", ph] += pc() - t1
            n["apply", ph] += 1
        moves += len(m.record.moves)
    return t_ns, n, moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--edition", default="northstar", choices=sorted(evolab.available_rulesets()))
    ap.add_argument("--players", type=int, nargs="+", default=[4])
    ap.add_argument("--bots", default="greedy", choices=["greedy", "random"])
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args()
    cls = {"greedy": GreedyBot, "random": RandomBot}[args.bots]
    runs = {}
    for p in args.players:
        split(args.edition, p, cls, 3)                  # warm up: tables built on first use are not timed
        runs[p] = split(args.edition, p, cls, args.games)
    keys = sorted({k for t, _, _ in runs.values() for k in t}, key=lambda k: -runs[args.players[0]][0].get(k, 0))
    head = "".join(f" | {p}p us/move | {p}p ms/game | {p}p steps/move" for p in args.players)
    print(f"{args.edition}, {args.bots} bots, {args.games} games per table size")
    print(f"| work | phase{head} |")
    print("| --- | ---" + " | ---:" * (3 * len(args.players)) + " |")
    for k in keys:
        cells = ""
        for p in args.players:
            t_ns, n, moves = runs[p]
            cells += f" | {t_ns.get(k, 0) / moves / 1e3:.2f} | {t_ns.get(k, 0) / args.games / 1e6:.3f} | " \
                     f"{n.get(k, 0) / moves:.3f}"
        print(f"| {k[0]} | {k[1]}{cells} |")
    cells = ""
    for p in args.players:
        t_ns, n, moves = runs[p]
        tot = sum(t_ns.values())
        cells += f" | {tot / moves / 1e3:.2f} | {tot / args.games / 1e6:.3f} | {moves / args.games:.0f} moves/game"
    print(f"| all | {cells} |")


if __name__ == "__main__":
    main()

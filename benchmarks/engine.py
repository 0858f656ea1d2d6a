"""Engine speed: games/s and moves/s (applied actions + chance outcomes) on one core.

    python benchmarks/engine.py               # 2 and 4 players, random and greedy bots
    python benchmarks/engine.py --profile     # cProfile of 2-player random games, top functions
    python benchmarks/engine.py --checked     # the built-in bots' trusted path against the checked path
    python benchmarks/engine.py --against DIR # this checkout against another (e.g. a worktree of main), side by side

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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--ruleset", default=None, choices=sorted(evolab.available_rulesets()),
                    help="one edition (default: origin; with --against, every edition)")
    ap.add_argument("--checked", action="store_true", help="trusted against checked bot moves, side by side")
    ap.add_argument("--against", metavar="DIR", help="another checkout of evolab to time side by side with this one")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
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

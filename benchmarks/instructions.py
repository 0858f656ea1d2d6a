"""Instructions per move or per game, counted by valgrind: a measure of the engine's work that a busy machine does
not change (time is measured in ``goals.py``; this is for comparing two checkouts while others use the cores).

    python benchmarks/instructions.py                         # this checkout
    python benchmarks/instructions.py --baseline /tmp/old     # and an older one, with the ratio old / new
    python benchmarks/instructions.py --only origin,sweep

Each figure runs in a fresh interpreter under ``valgrind --tool=cachegrind --cache-sim=no`` twice, with n games and
with none (after the same warm-up game), so imports and set-up cancel out: the difference is divided by the moves
(random and North Star figures) or the games (the tracked sweep and the Heredity preset; ``sweep_bare``: the sweep's
games untracked, so ``sweep`` less ``sweep_bare`` is what tracking costs a game). Every run uses hash seed 0,
so the counts are exact and repeatable, but they are instructions, not time: cache misses and the cost of each
instruction are not in them (a change can do fewer instructions and still take longer).
Without valgrind this says so and exits 0.
"""
from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

# name: (what one unit is, games); the child below plays them
FIGURES = {"origin": ("move", 20), "og2": ("move", 6), "og4": ("move", 3), "rm": ("move", 10), "rm4g": ("move", 3),
           "ns4r": ("move", 6),
           "ns4g": ("move", 3), "ns6g": ("move", 2),
           "sweep": ("game", 12), "sweep_bare": ("game", 12), "heredity": ("game", 2)}

CHILD = r'''
import sys
what, n = sys.argv[1], int(sys.argv[2])
import evolab
from evolab.bots import GreedyBot, RandomBot
from evolab.seeding import derive_seed
if what in ("sweep", "sweep_bare", "heredity"):   # (imported here: a baseline older than the variant counts moves)
    from evolab import heredity
    from evolab.experiments import play_games, prepare_batch
    if what == "sweep_bare":    # the same games untracked (benchmarks/sweep.py's play_untracked, this checkout's)
        import os
        sys.path.insert(0, os.environ["EVOLAB_BENCHMARKS"])
        from sweep import play_untracked
        setups = {}

        def play_games(ruleset_id, games, bots):
            play_untracked(games, bots, setups)
    if what != "heredity":  # the classroom sweep's games (tracked, greedy, 10 rates)
        games = prepare_batch("origin", grid={"mutation_rate": [round(0.1 * i, 1) for i in range(10)]}, reps=3,
                              seed=1, bots="greedy", players=2)
    else:                   # the Heredity variant's predation preset
        games = prepare_batch("origin", reps=n + 1, seed=1, **heredity.preset("predation"))
    play_games("origin", games[:1], "greedy")                   # the same warm-up game in both runs
    if n:
        play_games("origin", games[1:n + 1], "greedy")
    print("UNITS", n)
else:
    rid, players, bot = {"origin": ("origin", 2, RandomBot), "og2": ("origin", 2, GreedyBot),
                         "og4": ("origin", 4, GreedyBot), "rm": ("random_mutations", 2, RandomBot),
                         "rm4g": ("random_mutations", 4, GreedyBot),
                         "ns4r": ("northstar", 4, RandomBot), "ns4g": ("northstar", 4, GreedyBot),
                         "ns6g": ("northstar", 6, GreedyBot)}[what]
    rs = evolab.load_ruleset(rid, players=players)
    moves = 0
    for g in range(n + 1):                                      # game 0 is the warm-up
        m = evolab.Match(rs, seats=[bot() for _ in range(players)], seed=derive_seed("goals", g))
        m.play_out()
        moves += len(m.record.moves) if g else 0
    print("UNITS", moves)
'''


def count(root, what, n):
    """(instructions, units) of one child run with ``root``'s evolab first on the path."""
    # one hash seed for every run: with Python's random one, a set's order (and so the work of a loop over it)
    # changes from run to run, and the same checkout's count moved by up to 2%
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0", EVOLAB_BENCHMARKS=str(ROOT / "benchmarks"))
    out = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                          sys.executable, "-c", CHILD, what, str(n)], env=env, capture_output=True, text=True, cwd="/")
    text = out.stdout + out.stderr
    refs = re.search(r"I\s+refs:\s+([\d,]+)", text)
    units = re.search(r"UNITS (\d+)", text)
    if out.returncode or not refs or not units:
        raise RuntimeError(f"{what} under {root} failed: {text.strip().splitlines()[-1:]}")
    return int(refs.group(1).replace(",", "")), int(units.group(1))


def per_unit(root, what):
    n = FIGURES[what][1]
    full, units = count(root, what, n)
    empty, _ = count(root, what, 0)
    return (full - empty) / units


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", help="an older checkout of evolab to count side by side")
    ap.add_argument("--only", default="", help="comma-separated figures: " + ",".join(FIGURES))
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: nothing to count (apt-get install valgrind)")
        return 0
    names = args.only.split(",") if args.only else list(FIGURES)
    for name in names:
        unit, games = FIGURES[name]
        new = per_unit(ROOT, name)
        line = f"{name:9} {new / 1e3:11.1f}k instructions per {unit} ({games} games)"
        if args.baseline:
            old = per_unit(args.baseline, name)
            line += f"   baseline {old / 1e3:11.1f}k   old/new {old / new:.2f}"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

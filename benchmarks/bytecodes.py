"""Python bytecodes and calls per move of 2-player Origin random-bot games, counted by a tracer: the interpreter's own
work, which a busy machine does not change, and by function, to see where it goes.

    python benchmarks/bytecodes.py                          # this checkout, the 25 busiest functions
    python benchmarks/bytecodes.py --baseline /tmp/old      # and an older one, with the ratio old / new

Valgrind's instruction counts (``instructions.py``) weigh each Python call by the many machine instructions of its
frame set-up; bytecodes weigh it as one step. Neither is time: a change that saves bytecodes but adds calls may
still cost CPU time, so look at both, and time what matters side by side (``engine.py --against``). Each checkout
is counted in a fresh interpreter after one warm-up game (the tables built on first use filled).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

CHILD = r'''
import collections, json, os, sys
import evolab
from evolab.bots import RandomBot
from evolab.seeding import derive_seed
games, top = int(sys.argv[1]), int(sys.argv[2])
rs = evolab.load_ruleset("origin", players=2)
ops, calls = collections.Counter(), collections.Counter()
def trace(frame, event, arg):
    if event == "call":
        frame.f_trace_opcodes = True
        calls[frame.f_code] += 1
    elif event == "opcode":
        ops[frame.f_code] += 1
    return trace
evolab.Match(rs, seats=[RandomBot(), RandomBot()], seed=derive_seed("goals", 10 ** 6)).play_out()
moves = 0
sys.settrace(trace)
for g in range(games):
    m = evolab.Match(rs, seats=[RandomBot(), RandomBot()], seed=derive_seed("goals", g))
    m.play_out()
    moves += len(m.record.moves)
sys.settrace(None)
name = lambda co: f"{os.path.basename(co.co_filename)}:{co.co_name}"
print(json.dumps({"ops": sum(ops.values()) / moves, "calls": sum(calls.values()) / moves,
                  "top": [(name(co), n / moves, calls[co] / moves) for co, n in ops.most_common(top)]}))
'''


def count(root, games, top):
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", CHILD, str(games), str(top)], env=env, capture_output=True,
                         text=True, cwd="/", check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--baseline", help="an older checkout of evolab to count side by side")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()
    new = count(ROOT, args.games, args.top)
    print(f"this checkout: {new['ops']:.0f} bytecodes and {new['calls']:.1f} calls per move ({args.games} games)")
    if args.baseline:
        old = count(args.baseline, args.games, args.top)
        print(f"baseline:      {old['ops']:.0f} bytecodes and {old['calls']:.1f} calls per move   "
              f"old/new {old['ops'] / new['ops']:.2f} bytecodes, {old['calls'] / new['calls']:.2f} calls")
    print(f"{'bytecodes/move':>14} {'calls/move':>10}  function (this checkout)")
    for name, n, c in new["top"]:
        print(f"{n:14.1f} {c:10.2f}  {name}")


if __name__ == "__main__":
    main()

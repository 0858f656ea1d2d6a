"""Command line: ``evolab simulate`` plays many bot games and writes one CSV row per game."""
from __future__ import annotations

import argparse
import csv
import json
import sys
import time

from .bots import make_bot
from .errors import EvolabError
from .match import Match
from .rules import available_rulesets, load_ruleset
from .seeding import derive_seed


def _parse_option(text):
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"options look like name=value, got {text!r}")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


def play_games(ruleset, bots, games, seed):
    """Yield one summary dict per game: seed, turns, moves, winner, scores and survivors per seat."""
    n = ruleset.players
    for g in range(games):
        game_seed = derive_seed(seed, g)
        seats = [make_bot(bots[i % len(bots)]) for i in range(n)]
        m = Match(ruleset, seats=seats, seed=game_seed)
        scores = m.play_out()
        s = m.state
        row = {"game": g, "seed": game_seed, "ruleset": ruleset.id, "players": n,
               "bots": ",".join(bots), "turns": s.turn, "moves": len(m.record.moves), "winner": s.winner}
        alive = [0] * n
        for a in s.animals.values():
            alive[a.owner] += 1
        for i in range(n):
            row[f"score_{i}"] = scores[i]
        for i in range(n):
            row[f"alive_{i}"] = alive[i]
        yield row


def simulate(args) -> int:
    options = dict(args.option or [])
    ruleset = load_ruleset(args.ruleset, players=args.players, **options)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    for b in bots:
        make_bot(b)   # unknown names fail before any game
    t0 = time.perf_counter()
    rows = list(play_games(ruleset, bots, args.games, args.seed))
    dt = time.perf_counter() - t0
    if args.out:
        with open(args.out, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    n = ruleset.players
    wins = [sum(1 for r in rows if r["winner"] == i) for i in range(n)]
    mean_score = [sum(r[f"score_{i}"] for r in rows) / len(rows) for i in range(n)]
    print(f"{ruleset.name}: {len(rows)} games, {n} players, bots {','.join(bots)}, seed {args.seed}")
    print(f"mean turns {sum(r['turns'] for r in rows) / len(rows):.2f}, "
          f"mean moves {sum(r['moves'] for r in rows) / len(rows):.1f}, {len(rows) / dt:.0f} games/s")
    for i in range(n):
        print(f"seat {i} ({bots[i % len(bots)]}): wins {wins[i]} ({100 * wins[i] / len(rows):.0f}%), "
              f"mean score {mean_score[i]:.2f}")
    if args.out:
        print(f"wrote {len(rows)} rows to {args.out}")
    return 0


def build_parser():
    p = argparse.ArgumentParser(prog="evolab", description="Play and experiment with the card game Evolution.")
    sub = p.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play many games between bots and summarise them")
    sim.add_argument("--ruleset", default="origin", choices=sorted(available_rulesets()))
    sim.add_argument("--players", type=int, default=2)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--bots", default="random", help="comma-separated bots by seat, e.g. random,greedy "
                     "(name:rate sets a mutation rate, e.g. greedy:0.5)")
    sim.add_argument("--option", action="append", type=_parse_option, metavar="NAME=VALUE",
                     help="a ruleset option, e.g. --option mimicry_optional=true (repeatable)")
    sim.add_argument("--out", help="write one CSV row per game here")
    sim.set_defaults(func=simulate)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "games", 1) < 1:
        print("evolab: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        return args.func(args)
    except EvolabError as e:
        print(f"evolab: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":   # pragma: no cover
    sys.exit(main())

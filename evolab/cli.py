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
        for seat, _, _, k in ruleset.census(s):
            alive[seat] += k
        for i in range(n):
            row[f"score_{i}"] = scores[i]
        for i in range(n):
            row[f"alive_{i}"] = alive[i]
        yield row


def _parse_grid(text):
    key, sep, values = text.partition("=")
    if not sep or not values:
        raise argparse.ArgumentTypeError(f"a grid looks like name=v1,v2,..., got {text!r}")
    out = []
    for v in values.split(","):
        try:
            out.append(json.loads(v))
        except ValueError:
            out.append(v)
    return key, out


def sweep(args) -> int:
    """--grid: a tracked batch; writes the rows of one table (traits by default) and a summary."""
    from .experiments import run_batch
    options = dict(args.option or [])
    grid = dict(args.grid)
    if "players" not in grid:
        options.setdefault("players", args.players)
    t0 = time.perf_counter()
    result = run_batch(args.ruleset, grid=grid, reps=args.reps, seed=args.seed, bots=args.bots,
                       workers=args.workers, progress=not args.quiet, **options)
    dt = time.perf_counter() - t0
    games = result.rows("games")
    print(f"{len(games)} games ({len(result.games) // max(1, args.reps)} grid points x {args.reps} reps) "
          f"in {dt:.1f} s with {args.workers or 1} worker(s)")
    keys = list(grid)
    points: dict = {}
    for g in games:
        points.setdefault(tuple(json.dumps(g[k]) for k in keys), []).append(g)
    for key, gs in points.items():
        label = ", ".join(f"{k}={v}" for k, v in zip(keys, key))
        print(f"  {label}: mean turns {sum(g['turns'] for g in gs) / len(gs):.2f}, "
              f"mean survivors {sum(g['alive'] for g in gs) / len(gs):.2f}, "
              f"mean winning score {sum(g['winner_score'] for g in gs) / len(gs):.2f}")
    if args.out:
        result.to_csv(args.out, args.table)
        print(f"wrote {len(result.tables[args.table])} {args.table} rows to {args.out}")
    if args.plot:
        _plot(result, args, keys)
    return 0


def _plot(result, args, keys):
    """--plot: trait frequencies over turns (one grid point) or the sweep of the first grid key."""
    import matplotlib
    matplotlib.use("Agg")
    from . import viz
    traits = result.rows("traits")
    if args.plot_kind == "report":
        viz.report(result, args.plot, title=f"evolab: {', '.join(keys) or 'games'}")
        print(f"wrote the report to {args.plot}")
        return
    values = sorted({json.dumps(r[keys[0]]) for r in traits}) if keys else []
    if args.plot_kind == "sweep" or (args.plot_kind == "auto" and len(values) > 1 and keys[0] not in ("bots",)):
        ax = viz.sweep(traits, x=keys[0], y="frequency", trait=args.trait)
    else:
        ax = viz.trait_frequencies(traits)
    ax.figure.savefig(args.plot, dpi=120)
    print(f"wrote {args.plot}: {viz.describe(ax)}")


def simulate(args) -> int:
    if args.plot and not args.grid:
        args.grid = [("players", [args.players])]
        args.reps = args.games
    if args.grid:
        return sweep(args)
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
    sim.add_argument("--out", help="write one CSV row per game here (with --grid: the rows of --table)")
    sim.add_argument("--grid", action="append", type=_parse_grid, metavar="NAME=V1,V2,...",
                     help="run a tracked experiment over these values, e.g. mutation_rate=0,0.5,1 (repeatable)")
    sim.add_argument("--reps", type=int, default=10, help="games per grid point (with --grid)")
    sim.add_argument("--workers", type=int, default=None, help="processes to run games in (with --grid)")
    sim.add_argument("--table", default="traits", help="which tracked table --out writes (with --grid): "
                     "traits, turns, seats, seat_traits, deaths, attacks, extinctions, games")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument("--plot", metavar="FILE.png", help="save a chart: trait frequencies over turns, or with a "
                     "grid of several values the sweep of --trait's final frequency")
    sim.add_argument("--plot-kind", default="auto", choices=("auto", "traits", "sweep", "report"),
                     help="which chart --plot saves (report: a one-page summary, .png or .pdf)")
    sim.add_argument("--trait", default="carnivorous", help="the trait of a sweep chart")
    sim.set_defaults(func=simulate)
    _tournament_parser(sub)
    return p


def _tournament_parser(sub):
    """``evolab tournament``: bots play each other with rotating seats; standings and ratings with intervals."""
    t = sub.add_parser("tournament", help="rate bots against each other (seats rotate; ratings with 95%% intervals)")
    t.add_argument("--ruleset", default="origin", choices=sorted(available_rulesets()))
    t.add_argument("--players", type=int, default=2)
    t.add_argument("--bots", default="random,greedy,lookahead1,lookahead2",
                   help="comma-separated bots to rate, e.g. random,greedy,lookahead1 (levels lookahead1-lookahead5)")
    t.add_argument("--games", type=int, default=20, help="games per table (rounded up to whole seat rotations)")
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--workers", type=int, default=None, help="processes to run games in")
    t.add_argument("--tables", default=None, help="'all' (every group of bots that fills a table), 'ladder' "
                   "(consecutive bots in the order given; the default when there are more bots than seats)")
    t.add_argument("--option", action="append", type=_parse_option, metavar="NAME=VALUE",
                   help="a ruleset option, e.g. --option scenario=equilibrium (repeatable)")
    t.add_argument("--anchor", default=None, help="the bot rated 0 (the first one by default)")
    t.add_argument("--out", help="write one CSV row per game here")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    t.set_defaults(func=tournament_command)


def tournament_command(args) -> int:
    from .tournaments import tournament
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    t0 = time.perf_counter()
    result = tournament(args.ruleset, bots, games=args.games, seed=args.seed, workers=args.workers,
                        tables=args.tables, players=args.players, progress=not args.quiet,
                        anchor=args.anchor, **dict(args.option or []))
    dt = time.perf_counter() - t0
    print(result.table())
    print(f"\n{len(result.games)} games in {dt:.1f} s with {args.workers or 1} worker(s)")
    if args.out:
        n = result.ruleset.players
        with open(args.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["game", "table", "seed", "turns", "winner"] + [f"bot_{i}" for i in range(n)]
                       + [f"score_{i}" for i in range(n)])
            for g in result.games:
                w.writerow([g["game"], g["table"], g["seed"], g["turns"], g["winner"]] + g["seats"] + g["scores"])
        print(f"wrote {len(result.games)} rows to {args.out}")
    return 0


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

"""Command line: ``evolab simulate`` plays many bot games and writes one CSV row per game.

A user's mistake (a bad value, an unknown name, an output file that cannot be written) is reported in one line
with what is allowed, exit status 2, before the first game; anything else that goes wrong is a bug and shows
its traceback.
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time

from .bots import bot_names, make_bot
from .errors import EvolabError
from .experiments import EXPERIMENT_KNOBS, prepare_batch, run_batch
from .heredity import PRESETS, preset
from .i18n import LANGUAGES, _, resolve, using
from .match import Match
from .rules import available_rulesets, load_ruleset, ruleset_class
from .seeding import derive_seed
from .tracking import ALL_TABLES


class Refused(EvolabError, ValueError):
    """An argument the command cannot work with; the message says what is wrong and what is allowed."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (no usage block), exit status 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _whole(text, minimum=None):
    try:
        n = int(text)
    except ValueError:
        n = None
    if n is None or (minimum is not None and n < minimum):
        if minimum is None:
            raise argparse.ArgumentTypeError(_("must be a whole number, got {text}").format(text=repr(text)))
        raise argparse.ArgumentTypeError(_("must be a whole number of at least {minimum}, got {text}").format(
            minimum=minimum, text=repr(text)))
    return n


def _count(text):
    return _whole(text, 1)


def _name_value(text, what, example):
    key, sep, value = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{what} look like {example}, got {text!r}")
    return key, value


def _parse_option(text):
    key, value = _name_value(text, "options", "name=value, e.g. mimicry_optional=true")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


def _parse_bots(text):
    """The bots by seat as a clean comma-separated list; every name (and rate) is checked here."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"name at least one bot, e.g. random,greedy; "
                                         f"bots: {', '.join(bot_names())}")
    for b in names:
        try:
            make_bot(b)
        except EvolabError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return ",".join(names)


def play_games(ruleset, bots, games, seed):
    """Yield one summary dict per game: seed, turns, moves, winner (-1 for a shared win), winners (every
    winning seat), scores and survivors per seat."""
    n = ruleset.players
    for g in range(games):
        game_seed = derive_seed(seed, g)
        seats = [make_bot(bots[i % len(bots)]) for i in range(n)]
        m = Match(ruleset, seats=seats, seed=game_seed)
        scores = m.play_out()
        s = m.state
        row = {"game": g, "seed": game_seed, "ruleset": ruleset.id, "players": n,
               "bots": ",".join(bots), "turns": s.turn, "moves": len(m.record.moves), "winner": s.winner,
               "winners": list(ruleset.winners(s))}
        alive = [0] * n
        for seat, _unit, _traits, k in ruleset.census(s):
            alive[seat] += k
        for i in range(n):
            row[f"score_{i}"] = scores[i]
        for i in range(n):
            row[f"alive_{i}"] = alive[i]
        yield row


def _wins(rows, n):
    """Wins per seat, a win shared by k seats counting 1/k to each (so the wins add up to the games), and
    how many of each seat's wins were shared."""
    wins, shared = [0.0] * n, [0] * n
    for r in rows:
        w = r["winners"]
        for i in w:
            wins[i] += 1 / len(w)
            shared[i] += len(w) > 1
    return wins, shared


def _parse_grid(text):
    key, values = _name_value(text, "grids", "name=v1,v2,..., e.g. trait_card_rate=0,0.5,1")
    if not values:
        raise argparse.ArgumentTypeError(f"grids look like name=v1,v2,..., e.g. trait_card_rate=0,0.5,1, got {text!r}")
    out = []
    for v in values.split(","):
        try:
            out.append(json.loads(v))
        except ValueError:
            out.append(v)
    return key, out


def sweep(args) -> int:
    """--grid: a tracked batch; writes the rows of one table (traits by default) and a summary."""
    batch = _batch_arguments(args)
    grid = batch["grid"]
    t0 = time.perf_counter()
    result = run_batch(**batch, progress=not args.quiet)
    dt = time.perf_counter() - t0
    games = result.rows("games")
    print(_("{games} games ({points} grid points x {reps} reps) in {seconds:.1f} s with {workers} worker(s)").format(
        games=len(games), points=len(result.games) // max(1, args.reps), reps=args.reps, seconds=dt,
        workers=args.workers or 1))
    keys = list(grid)
    points: dict = {}
    for g in games:
        points.setdefault(tuple(json.dumps(g[k]) for k in keys), []).append(g)
    for key, gs in points.items():
        label = ", ".join(f"{k}={v}" for k, v in zip(keys, key))
        print("  " + _("{label}: mean turns {turns:.2f}, mean survivors {alive:.2f}, mean winning score "
                       "{score:.2f}").format(label=label, turns=sum(g["turns"] for g in gs) / len(gs),
                                             alive=sum(g["alive"] for g in gs) / len(gs),
                                             score=sum(g["winner_score"] for g in gs) / len(gs)))
    if args.out:
        result.to_csv(args.out, args.table)
        print(_("wrote {n} {table} rows to {path}").format(n=len(result.tables[args.table]), table=args.table,
                                                           path=args.out))
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
        print(_("wrote the report to {path}").format(path=args.plot))
        return
    values = sorted({json.dumps(r[keys[0]]) for r in traits}) if keys else []
    if args.plot_kind == "sweep" or (args.plot_kind == "auto" and len(values) > 1 and keys[0] not in ("bots",)):
        ax = viz.sweep(traits, x=keys[0], y="frequency", trait=args.trait)
    else:
        ax = viz.trait_frequencies(traits)
    ax.figure.savefig(args.plot, dpi=120)
    print(_("wrote {path}: {caption}").format(path=args.plot, caption=viz.describe(ax)))


def _batch_arguments(args) -> dict:
    """``run_batch``'s arguments for a sweep (``--grid``, or ``--plot`` alone)."""
    options = dict(args.option or [])
    grid = dict(args.grid)
    if "players" not in grid:
        options.setdefault("players", args.players)
    return dict(ruleset_id=args.ruleset, grid=grid, reps=args.reps, seed=args.seed, bots=args.bots,
                workers=args.workers, **options)


def _once(pairs, flag):
    """``--option``/``--grid`` pairs as a dict; a name given twice is refused (the last would silently win)."""
    out = {}
    for key, value in pairs or []:
        if key in out:
            raise Refused(_("{flag} {key} is given twice; give each name once").format(flag=flag, key=key))
        out[key] = value
    return out


def _check_output(path, flag, example):
    """Refuse, before any game, an output path that cannot be written (so a long run is not lost at the end)."""
    if not path:
        raise Refused(_("{flag} needs a file name, e.g. {flag} {example}").format(flag=flag, example=example))
    if os.path.isdir(path):
        raise Refused(_("{flag} {path} is a folder; name a file, e.g. {flag} {example}").format(
            flag=flag, path=repr(path), example=os.path.join(path, example)))
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        text = (_("{flag} {path}: the folder {folder} is a file, not a folder") if os.path.exists(folder) else
                _("{flag} {path}: the folder {folder} does not exist (create it first)"))
        raise Refused(text.format(flag=flag, path=repr(path), folder=repr(folder)))
    existed = os.path.exists(path)
    try:
        with open(path, "a"):
            pass
    except OSError as e:
        raise Refused(_("{flag} {path} cannot be written: {why}").format(flag=flag, path=repr(path),
                                                                         why=e.strerror)) from None
    if not existed:
        os.remove(path)


def _plot_formats():
    try:
        from matplotlib.backend_bases import FigureCanvasBase
    except ImportError:
        raise Refused(_("--plot needs matplotlib, which is not installed: {command}").format(
            command="pip install -e '.[plot]'")) from None
    return sorted(FigureCanvasBase.get_supported_filetypes())


def check_arguments(args):
    """Check and complete the parsed arguments before any game; raises ``EvolabError`` (one line) when one
    cannot work. ``--option players=N`` counts as ``--players N``; ``--plot`` alone sweeps the players."""
    options = _once(args.option, "--option")
    grid = _once(args.grid, "--grid")
    both = sorted(set(options) & set(grid))
    if both:
        raise Refused(_("{names} is set by both --option and --grid; give it once").format(names=", ".join(both)))
    if args.preset:                      # a Heredity preset's options, under --option, --grid and --players
        options = {**{k: v for k, v in preset(args.preset).items() if k != "players" and k not in grid},
                   **options}
    if "players" in options:
        players = options.pop("players")
        if args.players is not None and args.players != players:
            raise Refused(_("--players {a} and --option players={b} disagree; give the number of players once").format(
                a=args.players, b=players))
        args.players = players
    elif "players" in grid and args.players is not None:
        raise Refused(_("--players and --grid players=... both set the number of players; give one"))
    if args.players is None:
        args.players = 2
    args.option = list(options.items())
    args.grid = list(grid.items())
    rules = ruleset_class(args.ruleset)
    if args.trait is None:
        args.trait = rules.predator_traits[0]
    elif args.trait not in rules.traits:
        raise Refused(_("--trait {trait} is not a trait of {ruleset}; traits: {traits}").format(
            trait=repr(args.trait), ruleset=args.ruleset, traits=", ".join(rules.traits)))
    if args.plot is not None and not args.grid:
        args.grid = [("players", [args.players])]
        args.reps = args.games
    if args.grid:
        prepare_batch(**_batch_arguments(args))      # every grid point, option and bot, before any game
    else:
        variant = set(rules.option_specs) if options.get("heredity") is True else set()  # mutation_rate is nature's
        knobs = sorted(set(options) & set(EXPERIMENT_KNOBS) - variant)
        if knobs:
            raise Refused(_("{name} is an experiment setting, not a rules option: it works with --grid "
                            "(e.g. --grid {name}=VALUE)").format(name=knobs[0]))
        load_ruleset(args.ruleset, players=args.players, **options)
    if args.out is not None:
        _check_output(args.out, "--out", "results.csv")
    if args.plot is not None:
        _check_output(args.plot, "--plot", "chart.png")
        ext = os.path.splitext(args.plot)[1].lower().lstrip(".")
        formats = _plot_formats()
        if ext not in formats:
            raise Refused(_("--plot {path}: end the file name with a picture format the chart is saved as: "
                            "{formats}").format(path=repr(args.plot), formats="." + ", .".join(formats)))
        if args.out and os.path.realpath(args.out) == os.path.realpath(args.plot):
            raise Refused(_("--out and --plot name the same file; give each its own"))


def simulate(args) -> int:
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
    wins, shared = _wins(rows, n)
    mean_score = [sum(r[f"score_{i}"] for r in rows) / len(rows) for i in range(n)]
    print(_("{ruleset}: {games} games, {n} players, bots {bots}, seed {seed}").format(
        ruleset=ruleset.name, games=len(rows), n=n, bots=",".join(bots), seed=args.seed))
    print(_("mean turns {turns:.2f}, mean moves {moves:.1f}, {speed:.0f} games/s").format(
        turns=sum(r["turns"] for r in rows) / len(rows), moves=sum(r["moves"] for r in rows) / len(rows),
        speed=len(rows) / dt))
    for i in range(n):
        shares = ", " + _("{n} shared").format(n=shared[i]) if shared[i] else ""
        print(_("seat {seat} ({bot}): wins {wins:.4g} ({share:.0f}%){shared}, mean score {score:.2f}").format(
            seat=i, bot=bots[i % len(bots)], wins=wins[i], share=100 * wins[i] / len(rows), shared=shares,
            score=mean_score[i]))
    if args.out:
        print(_("wrote {n} rows to {path}").format(n=len(rows), path=args.out))
    return 0


def build_parser():
    p = _Parser(prog="evolab", description="Play and experiment with the card game Evolution.")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sim = sub.add_parser("simulate", help="play many games between bots and summarise them")
    sim.add_argument("--ruleset", default="origin", choices=sorted(available_rulesets()))
    sim.add_argument("--players", type=_whole, default=None, help="number of players (default 2)")
    sim.add_argument("--games", type=_count, default=100)
    sim.add_argument("--seed", type=_whole, default=1)
    sim.add_argument("--bots", type=_parse_bots, default="random", help="comma-separated bots by seat, e.g. "
                     "random,greedy (name:rate sets the trait-card rate, how often a bot plays a card as a trait: "
                     "greedy:0.5)")
    sim.add_argument("--preset", choices=sorted(PRESETS), metavar="PRESET",
                     help=f"a Heredity preset (evolab's classroom variant, not the printed game): "
                     f"{', '.join(PRESETS)}; there mutation_rate is the chance that a young is born with a blind "
                     f"mutation")
    sim.add_argument("--option", action="append", type=_parse_option, metavar="NAME=VALUE",
                     help="a ruleset option, e.g. --option mimicry_optional=true (repeatable)")
    sim.add_argument("--out", help="write one CSV row per game here (with --grid: the rows of --table)")
    sim.add_argument("--grid", action="append", type=_parse_grid, metavar="NAME=V1,V2,...",
                     help="run a tracked experiment over these values, e.g. trait_card_rate=0,0.5,1, or with "
                     "--preset, mutation_rate=0,0.05,0.1 (repeatable)")
    sim.add_argument("--reps", type=_count, default=10, help="games per grid point (with --grid)")
    sim.add_argument("--workers", type=_count, default=None, help="processes to run games in (with --grid)")
    sim.add_argument("--table", default="traits", choices=ALL_TABLES, metavar="TABLE",
                     help=f"which tracked table --out writes (with --grid): {', '.join(ALL_TABLES)}")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.add_argument("--plot", metavar="FILE.png", help="save a chart: trait frequencies over turns, or with a "
                     "grid of several values the sweep of --trait's final frequency")
    sim.add_argument("--plot-kind", default="auto", choices=("auto", "traits", "sweep", "report"),
                     help="which chart --plot saves (report: a one-page summary, .png or .pdf)")
    sim.add_argument("--trait", default=None, help="the trait of a sweep chart (default: the edition's "
                     "predator trait, e.g. carnivorous)")
    _lang_argument(sim)
    sim.set_defaults(func=simulate, check=check_arguments)
    _tournament_parser(sub)
    p.commands = sub.choices
    return p


def _tournament_parser(sub):
    """``evolab tournament``: bots play each other with rotating seats; standings and ratings with intervals."""
    t = sub.add_parser("tournament", help="rate bots against each other (seats rotate; ratings with 95%% intervals)")
    t.add_argument("--ruleset", default="origin", choices=sorted(available_rulesets()))
    t.add_argument("--players", type=_whole, default=2, help="players at each table (default 2)")
    t.add_argument("--bots", type=_parse_bots, default="random,greedy,lookahead1,lookahead2",
                   help="comma-separated bots to rate, e.g. random,greedy,lookahead1 (levels lookahead1-lookahead5)")
    t.add_argument("--games", type=_count, default=20, help="games per table (rounded up to whole seat rotations)")
    t.add_argument("--seed", type=_whole, default=1)
    t.add_argument("--workers", type=_count, default=None, help="processes to run games in")
    t.add_argument("--tables", default=None, choices=("all", "ladder"), help="'all' (every group of bots that "
                   "fills a table), 'ladder' (consecutive bots in the order given; the default when there are "
                   "more bots than seats)")
    t.add_argument("--option", action="append", type=_parse_option, metavar="NAME=VALUE",
                   help="a ruleset option, e.g. --option scenario=equilibrium (repeatable)")
    t.add_argument("--anchor", default=None, help="the bot rated 0 (the first one by default)")
    t.add_argument("--out", help="write one CSV row per game here")
    t.add_argument("--quiet", action="store_true", help="no progress bar")
    _lang_argument(t)
    t.set_defaults(func=tournament_command, check=check_tournament)


def _lang_argument(parser):
    parser.add_argument("--lang", default=None, metavar="LANG",
                        help=f"the language of what the command prints: {', '.join(LANGUAGES)} (default: "
                        f"EVOLAB_LANG, then the system's locale, then English)")


def check_tournament(args):
    """Everything a tournament needs, checked before its first game (raises ``EvolabError``, one line)."""
    from .tournaments import prepare_tournament
    options = _once(args.option, "--option")
    if "players" in options:
        raise Refused(_("give the number of players with --players, not --option players=N"))
    args.option = list(options.items())
    prepare_tournament(args.ruleset, args.bots.split(","), args.games, args.tables, args.players, args.anchor,
                       **options)
    if args.out is not None:
        _check_output(args.out, "--out", "results.csv")


def tournament_command(args) -> int:
    from .tournaments import tournament
    bots = args.bots.split(",")
    t0 = time.perf_counter()
    result = tournament(args.ruleset, bots, games=args.games, seed=args.seed, workers=args.workers,
                        tables=args.tables, players=args.players, progress=not args.quiet,
                        anchor=args.anchor, **dict(args.option or []))
    dt = time.perf_counter() - t0
    print(result.table())
    print("\n" + _("{games} games in {seconds:.1f} s with {workers} worker(s)").format(
        games=len(result.games), seconds=dt, workers=args.workers or 1))
    if args.out:
        n = result.ruleset.players
        with open(args.out, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["game", "table", "seed", "turns", "winner"] + [f"bot_{i}" for i in range(n)]
                       + [f"score_{i}" for i in range(n)])
            for g in result.games:
                w.writerow([g["game"], g["table"], g["seed"], g["turns"], g["winner"]] + g["seats"] + g["scores"])
        print(_("wrote {n} rows to {path}").format(n=len(result.games), path=args.out))
    return 0


def main(argv=None) -> int:
    """Run a command; a user's mistake exits with status 2 and one line on stderr, before any game is played."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.error(f"name a command: {', '.join(parser.commands)}")
    try:
        lang = resolve(args.lang)
    except ValueError as e:
        print(f"evolab {args.command}: error: {'--lang: ' if args.lang else ''}{e}", file=sys.stderr)
        return 2
    with using(lang):
        try:
            args.check(args)
        except EvolabError as e:
            print(_("evolab {command}: error: {message}").format(command=args.command, message=e), file=sys.stderr)
            return 2
        try:
            return args.func(args)
        except KeyboardInterrupt:
            print(_("evolab: interrupted"), file=sys.stderr)
            return 130


if __name__ == "__main__":   # pragma: no cover
    sys.exit(main())

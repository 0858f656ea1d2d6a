"""Every speed figure evolab aims at, each with its goal, optionally side by side with an older checkout.

    python benchmarks/goals.py                          # every figure, this checkout
    python benchmarks/goals.py --only import,sweep      # some of them
    python benchmarks/goals.py --baseline /tmp/old      # the same figures with an older checkout's evolab,
                                                        # interleaved, and the ratio new / old
    python benchmarks/goals.py --big 2000               # a smaller memory sweep (the goal is for 10,000)

Figures (one core each unless workers are named):

- ``peers``: North Star 4 players, games/s against the peer engine (``benchmarks/peers.py``; needs
  ``EVOLAB_PEER_PATH``);
- ``origin``, ``rm``: moves/s of 2-player random-bot games, in processor time after five warm-up games (the
  goal is a ratio to an older checkout: 1.5x for Origin, 1.7x for Random Mutations, given with
  ``--baseline``; the two are measured in ``--rounds`` alternating rounds and new/old is the median of the
  rounds' ratios);
- ``ns6``: North Star greedy, time per move at 6 players over 4 players (goal: no more than 1);
- ``sweep``: 1,000 tracked greedy Origin games over 10 mutation rates on 2 workers, wall seconds (the median of
  ``--rounds`` runs, alternating with the baseline's when one is given, and how many of the runs were within the
  goal: on a shared machine the same code's runs spread by a fifth either way; the same for ``heredity``); with
  ``--baseline 2f2fa85``, also the sweep as a share of that code's time against the share its line was set at
  (2.5 s of the 6.2 s it took then: ``FILED``), since the same code now runs faster on this machine than then;
- ``memory``: peak memory (max RSS) of a 10,000-game tracked sweep in one process; then with the summary a
  lesson reads (``analysis.summary`` of the traits table's frequency: mean per turn, trait and rate); then
  with the columns its chart reads (turn, trait, frequency, mutation_rate); then with every column of the
  traits table (``BatchResult.columns``), or, in a checkout without columns, ``rows("traits")``;
- ``board``: a GameBoard's clicks to the board redrawn, 90th percentile and maximum (after the first);
- ``import``: ``import evolab`` over bare Python: its cumulative ``-X importtime`` and the wall time of
  ``python -c "import evolab"`` less ``python -c pass``, medians of 10 (bytecode caches written first, as
  in an installed copy); with it, for information, import plus loading Origin and starting a Match;
- ``heredity``: the Heredity variant's ``predation`` preset, 100 replicates x 20 generations on 2 workers.

Each figure is measured in a fresh interpreter (``--child``) with the chosen checkout first on ``sys.path``,
so a baseline and this checkout are timed alternately in one run on the same machine. Each checkout's bytecode
caches are written first, as an installed copy has them: where ``PYTHONDONTWRITEBYTECODE`` is set (this machine),
a child would otherwise compile the rules' source again in every timed run, and wherever an edit left a cache stale
(planning a sweep's games in a fresh process, which loads the Origin rules inside the timed part, took 3.5 to 5.7
times as long without caches in five alternating pairs: about 3% of a sweep, which an installed copy does not pay).
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
RATES = [round(0.1 * i, 1) for i in range(10)]


# ---- the figures (run in a child interpreter; each returns {name: value}) ----------------------------------
def _moves_per_second(ruleset, players, bot, seconds=2.0):
    import evolab
    from evolab.bots import GreedyBot, RandomBot
    from evolab.seeding import derive_seed
    cls = {"random": RandomBot, "greedy": GreedyBot}[bot]
    rs = evolab.load_ruleset(ruleset, players=players)
    for g in range(5):               # warm up: the action tables built on first use are not what is timed
        evolab.Match(rs, seats=[cls() for _ in range(players)], seed=derive_seed("warm", g)).play_out()
    moves = games = 0
    t0 = time.process_time()         # processor time: other work on a shared machine counts less than in wall time
    while time.process_time() - t0 < seconds or games < 5:
        m = evolab.Match(rs, seats=[cls() for _ in range(players)], seed=derive_seed("goals", games))
        m.play_out()
        moves += len(m.record.moves)
        games += 1
    return moves / (time.process_time() - t0)


def fig_origin(args):
    return {"moves/s": _moves_per_second("origin", 2, "random")}


def fig_rm(args):
    return {"moves/s": _moves_per_second("random_mutations", 2, "random")}


def fig_ns6(args):
    """Pairs of one-second samples, 4 and 6 players side by side (their order swapped every pair, so a drift of
    the machine's speed does not favour either): the median of the pairs' ratios."""
    us4, us6 = [], []
    for i in range(6):
        for players in ((4, 6) if i % 2 == 0 else (6, 4)):
            (us4 if players == 4 else us6).append(1e6 / _moves_per_second("northstar", players, "greedy", 1.0))
    return {"us/move 4p": statistics.median(us4), "us/move 6p": statistics.median(us6),
            "6p/4p": statistics.median(b / a for a, b in zip(us4, us6))}


def fig_sweep(args):
    from evolab.experiments import run_batch
    t0 = time.perf_counter()
    run_batch("origin", grid={"mutation_rate": RATES}, reps=100, seed=1, bots="greedy", workers=2,
              progress=False, players=2)
    return {"seconds": time.perf_counter() - t0}


def fig_memory(args):
    from evolab.experiments import run_batch
    peak = lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # noqa: E731
    r = run_batch("origin", grid={"mutation_rate": RATES}, reps=args.big // len(RATES), seed=2, bots="greedy",
                  progress=False, players=2)
    out = {"MB after play": peak(), "games": args.big}
    if hasattr(r, "columns"):
        # a lesson's reading: the mean frequency of every trait per turn and rate (its chart's summary) ...
        from evolab.analysis import summary
        summary(r.tables["traits"], "frequency")
        out["MB incl. summary"] = peak()
        # ... then (each dropped before the next) the columns that chart reads, and every column of the table
        cols = r.columns("traits", ["turn", "trait", "frequency", "mutation_rate"])
        out["MB incl. chart columns"] = peak()
        del cols
        out["trait rows"] = len(next(iter(r.columns("traits").values())))
    else:
        out["trait rows"] = len(r.rows("traits"))
    out["MB incl. reading"] = peak()
    return out


def fig_board(args):
    from evolab.viz.board import GameBoard
    clicks = []
    for seed in range(args.board_games):
        b = GameBoard("origin", seat=0, seed=seed, chart=True)
        while not b.match.is_over():
            legal = b.match.legal_actions()
            b.do(legal[(seed * 7 + len(b.timings)) % len(legal)])
        clicks.extend(b.timings[1:])
    clicks.sort()
    return {"p90 ms": clicks[min(len(clicks) - 1, int(0.9 * len(clicks)))], "max ms": clicks[-1],
            "median ms": statistics.median(clicks), "clicks": len(clicks)}


def fig_import(args):
    # bytecode caches allowed (as in any installed copy), and a neutral working directory so that ``-c``
    # finds the chosen checkout's evolab rather than the one in the current directory
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = args.root
    first_game = ("import evolab; from evolab.bots import RandomBot; "
                  "evolab.Match(evolab.load_ruleset('origin', players=2), seats=[RandomBot(), RandomBot()], seed=1)")

    def run(*cmd):
        return subprocess.run([sys.executable, *cmd], env=env, cwd="/", capture_output=True, text=True, check=True)
    run("-c", first_game)                                       # writes the bytecode caches
    cumulative, wall, game = [], [], []
    for _ in range(10):
        err = run("-X", "importtime", "-c", "import evolab").stderr
        line = [x for x in err.splitlines() if x.rstrip().endswith("| evolab")][-1]
        cumulative.append(int(line.split("|")[1]) / 1000)
        times = []
        for code in ("pass", "import evolab", first_game):
            t0 = time.perf_counter()
            run("-c", code)
            times.append(time.perf_counter() - t0)
        wall.append(1000 * (times[1] - times[0]))
        game.append(1000 * (times[2] - times[0]))
    return {"importtime ms": statistics.median(cumulative), "wall ms over bare": statistics.median(wall),
            "import + first game ms over bare": statistics.median(game)}


def fig_heredity(args):
    from evolab import heredity, run_batch
    t0 = time.perf_counter()
    run_batch("origin", reps=100, seed=1, workers=2, progress=False, **heredity.preset("predation"))
    return {"seconds": time.perf_counter() - t0}


def fig_peers(args):
    path = os.environ.get("EVOLAB_PEER_PATH")
    if not path:
        return {}
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from peers import compare
    med = compare(path, out=lambda *a: None)          # peers.py's own rounds: the same figure as it prints
    return {"random/peer": med["ratio_random"], "greedy/peer": med["ratio_greedy"], "peer g/s": med["peer"]}


# name: (function measuring it (None: read from SOURCE), result key, goal, kind, label); kind "max": at most
# the goal, "min": at least, "ratio": at least goal x the baseline, "info": no goal
FIGURES = {
    "peers": (fig_peers, "random/peer", 1.0, "min", "North Star 4p random games/s over the peer's"),
    "peers_greedy": (None, "greedy/peer", 0.6, "min", "North Star 4p greedy games/s over the peer's"),
    "origin": (fig_origin, "moves/s", 1.5, "ratio", "Origin 2p random moves/s (goal: x baseline)"),
    "rm": (fig_rm, "moves/s", 1.7, "ratio", "Random Mutations 2p random moves/s (goal: x baseline)"),
    "ns6": (fig_ns6, "6p/4p", 1.0, "max", "North Star greedy time per move, 6p over 4p"),
    "sweep": (fig_sweep, "seconds", 2.5, "max", "1,000 tracked greedy Origin games, 10 rates, 2 workers (s)"),
    "memory": (fig_memory, "MB after play", 0, "info", "tracked sweep of --big games, peak memory: play only (MB)"),
    "memory_summary": (None, "MB incl. summary", 200, "max", "  ... incl. summary of the traits' frequency (MB)"),
    "memory_chart": (None, "MB incl. chart columns", 200, "max", "  ... incl. the chart's 4 columns (MB)"),
    "memory_all": (None, "MB incl. reading", 200, "max", "  ... incl. every column (old: rows) of traits (MB)"),
    "board": (fig_board, "p90 ms", 30, "max", "board click redrawn, 90th percentile (ms)"),
    "board_max": (None, "max ms", 100, "max", "board click redrawn, maximum after the first (ms)"),
    "import": (fig_import, "importtime ms", 50, "max", "import evolab over bare Python, -X importtime (ms)"),
    "import_wall": (None, "wall ms over bare", 50, "max", "import evolab over bare Python, wall (ms)"),
    "import_game": (None, "import + first game ms over bare", 0, "info",
                    "import evolab + load Origin + a Match, wall over bare (ms)"),
    "heredity": (fig_heredity, "seconds", 3.0, "max", "Heredity predation 100 x 20 generations, 2 workers (s)"),
}
#: the wall times with a goal of their own, measured in ``--rounds`` runs (alternating with the baseline's) and
#: given as medians
TIMED = ("sweep", "heredity")
#: figure -> (the code, its time then): the time the issue that set an absolute line measured for the code it was
#: set against; the line read as a share of that code's time, measured side by side (docs/speed.md)
FILED = {"sweep": ("2f2fa85", 6.2)}
SOURCE = {"memory_all": "memory", "memory_chart": "memory", "memory_summary": "memory", "peers_greedy": "peers",
          "board_max": "board", "import_wall": "import", "import_game": "import"}


def write_caches(root):
    """Write (or renew) the bytecode caches of ``root``'s evolab, as installing a copy does (``compileall`` writes
    them whatever ``PYTHONDONTWRITEBYTECODE`` says)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(pathlib.Path(root) / "evolab")], check=True,
                   stdout=subprocess.DEVNULL)


def measure(name, root, args):
    """Run one figure in a fresh interpreter with ``root``'s evolab first on the path."""
    cmd = [sys.executable, __file__, "--child", name, "--root", str(root), "--big", str(args.big),
           "--board-games", str(args.board_games)]
    env = dict(os.environ, PYTHONPATH=str(root))
    out = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if out.returncode:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def paired(name, args):
    """A ratio goal: ``--rounds`` rounds of both checkouts in alternating order (new old, old new, ...);
    the figures are medians, and the baseline's is scaled so that new/old is the median of the rounds'
    ratios (one noisy round on a shared machine cannot decide the verdict)."""
    field = FIGURES[name][1]
    news, olds, ratios = [], [], []
    for k in range(args.rounds):
        order = [(ROOT, news), (args.baseline, olds)]
        for root, out in order if k % 2 == 0 else order[::-1]:
            out.append(measure(name, root, args).get(field))
        if news[-1] is None or olds[-1] is None:
            return {"new": {"error": "a round failed"}}
        ratios.append(news[-1] / olds[-1])
    new = statistics.median(news)
    ratio = statistics.median(ratios)
    if FIGURES[name][3] != "ratio":     # a time with a goal of its own: both medians as measured
        return {"new": {field: new, "rounds": [round(r, 3) for r in ratios], "each": news},
                "old": {field: statistics.median(olds), "each": olds}}
    return {"new": {field: new, "rounds": [round(r, 3) for r in ratios]}, "old": {field: new / ratio}}


def repeated(name, args):
    """A time with a goal of its own and no baseline: the median of ``--rounds`` runs (one run of a shared
    machine says little)."""
    field = FIGURES[name][1]
    runs = [measure(name, ROOT, args) for _ in range(args.rounds)]
    bad = [r for r in runs if field not in r]
    if bad:
        return {"new": bad[0]}
    each = [r[field] for r in runs]
    return {"new": {field: statistics.median(each), "each": each}}


def verdict(value, goal, kind, base=None):
    if kind == "info":
        return "(for information)"
    if kind == "ratio":
        if base is None:
            return "needs --baseline"
        return "met" if value / base >= goal else "not met"
    return "met" if (value <= goal if kind == "max" else value >= goal) else "not met"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--only", default="", help="comma-separated figures: " + ",".join(k for k, v in FIGURES.items()
                                                                                       if v[0]))
    ap.add_argument("--baseline", help="an older checkout of evolab to time side by side")
    ap.add_argument("--big", type=int, default=10_000, help="games of the memory sweep")
    ap.add_argument("--board-games", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=5, help="alternating rounds of a ratio goal (with --baseline), "
                    "and runs of the sweep and the Heredity preset (their medians)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--root", default=str(ROOT), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(FIGURES[args.child][0](args)))
        return
    names = [n for n in (args.only.split(",") if args.only else FIGURES) if FIGURES[n][0]]
    for root in (ROOT, args.baseline) if args.baseline else (ROOT,):
        write_caches(root)
    results = {}
    for name in names:
        if args.baseline and (FIGURES[name][3] == "ratio" or name in TIMED):
            results[name] = paired(name, args)
        elif name in TIMED:
            results[name] = repeated(name, args)
        else:
            results[name] = {"new": measure(name, ROOT, args)}
            if args.baseline:
                results[name]["old"] = measure(name, args.baseline, args)
        print(f"  measured {name}: {json.dumps(results[name])}", file=sys.stderr)
    print(f"{'figure':<62} {'now':>10} {'goal':>8} {'baseline':>10} {'new/old':>8}  verdict")
    for key, (_fn, field, goal, kind, label) in FIGURES.items():
        src = SOURCE.get(key, key)
        if src not in results:
            continue
        new = results[src]["new"].get(field)
        old = results[src].get("old", {}).get(field)
        if new is None:
            why = results[src]["new"].get("error", "skipped (set EVOLAB_PEER_PATH)" if src == "peers" else "n/a")
            print(f"{label:<62} {why}")
            continue
        goal_text = "" if kind == "info" else \
            f"{'>=' if kind in ('min', 'ratio') else '<='}{goal:g}{'x' if kind == 'ratio' else ''}"
        each = results[src]["new"].get("each") if key == src else None
        within = "" if not each else \
            f" ({sum(verdict(x, goal, kind) == 'met' for x in each)} of {len(each)} runs within)"
        print(f"{label:<62} {new:>10.2f} {goal_text:>8} {'' if old is None else f'{old:.2f}':>10} "
              f"{'' if old in (None, 0) else f'{new / old:.2f}':>8}  {verdict(new, goal, kind, old)}{within}")
        if key in FILED and old and results[src]["new"].get("rounds"):
            print(_as_share(key, goal, statistics.median(results[src]["new"]["rounds"]), args.baseline))


def _as_share(key, goal, share, baseline):
    """The row of an absolute line read as the share of the filed code's time it was set at (``FILED``): a verdict
    only when the baseline is that code."""
    code, then = FILED[key]
    head = subprocess.run(["git", "-C", str(baseline), "rev-parse", "HEAD"], capture_output=True, text=True).stdout
    line = goal / then
    label = f"  ... as a share of {code}'s time (the line: {goal:g} / {then:g} s)"
    if not head.startswith(code):
        label = "  ... as a share of the baseline's time"
        return f"{label:<62} {share:>10.2f} {'':>8} {'':>10} {'':>8}  (for information: the baseline is not {code})"
    return f"{label:<62} {share:>10.2f} {f'<={line:.2f}':>8} {'':>10} {'':>8}  {verdict(share, line, 'max')}"


if __name__ == "__main__":
    main()

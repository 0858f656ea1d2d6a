"""How well the bots feed, and how often greedy beats random, per edition (the README's bot table).

    python benchmarks/bots.py                          # 500 games per configuration, every edition
    python benchmarks/bots.py --games 100 --editions origin
    python benchmarks/bots.py --baseline HEAD~3        # the same games with the greedy bot of an older commit
    python benchmarks/bots.py --speed --baseline REV   # greedy games per second, old and new side by side
                                                       # (--games split over --rounds interleaved rounds)

Per edition, for 2 and 4 players: games of greedy bots only and of random bots only give the share of
the animals that starved which had been partly fed (food handed out that finished nobody) and the share
of the food received that went to animals that starved; two-player games of greedy against random
(seats alternated) give greedy's win rate with a 95% (Wilson) interval and each bot's wasted-food share.
Every figure comes from the tracker's ``seats`` table, so it measures what experiments record.
"""
from __future__ import annotations

import argparse
import importlib.util
import math
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

import evolab
from evolab import heredity
from evolab.bots import GreedyBot, RandomBot
from evolab.seeding import derive_seed
from evolab.tracking import Tracker

ROOT = pathlib.Path(__file__).resolve().parents[1]
EDITIONS = {
    "origin": ("origin", {}),
    "origin-fatality": ("origin", {"scenario": "fatality"}),
    "origin-equilibrium": ("origin", {"scenario": "equilibrium"}),
    "random_mutations": ("random_mutations", {}),
    "northstar": ("northstar", {}),
    # the Heredity variant's `predation` preset (many carnivores and much prey: the longest feeding lists)
    "heredity-predation": ("origin", {k: v for k, v in heredity.preset("predation").items() if k != "players"}),
}


def load_baseline(rev):
    """The ``GreedyBot`` of commit ``rev`` (its ``evolab/bots`` files as a package of their own)."""
    names = subprocess.run(["git", "ls-tree", "--name-only", f"{rev}:evolab/bots"], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    folder = pathlib.Path(tempfile.mkdtemp(prefix="evolab-baseline-bots-"))
    for name in names:
        if name.endswith(".py"):
            text = subprocess.run(["git", "show", f"{rev}:evolab/bots/{name}"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout
            (folder / name).write_text(text.replace("evolab.bots.", "evolab.bots_baseline."))
    spec = importlib.util.spec_from_file_location("evolab.bots_baseline", folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["evolab.bots_baseline"] = module
    spec.loader.exec_module(module)
    cls = module.GreedyBot
    if "picks_from_legal" not in cls.__dict__:
        # an older bot that predates the declaration only ever returns one of its legal actions too: it is
        # given the same unchecked path and live view as today's, so the two are timed on the same work
        cls.picks_from_legal = True
    return cls


def wilson(k, n, z=1.96):
    if n == 0:
        return float("nan"), float("nan")
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def ratio(xs, ys):
    """sum(xs) / sum(ys) over games, with a 95% interval (ratio estimator, games as clusters)."""
    n, sx, sy = len(xs), sum(xs), sum(ys)
    if not sy:
        return 0.0, 0.0, 0.0
    r = sx / sy
    if n < 2:
        return r, r, r
    var = sum((x - r * y) ** 2 for x, y in zip(xs, ys)) / (n - 1) / n / (sy / n) ** 2
    h = 1.96 * math.sqrt(var)
    return r, max(0.0, r - h), r + h


class StarvedOut:
    """Observer: per seat, the species that died out of hunger (North Star: a species left with no food)."""

    def __init__(self, players):
        self.count = [0] * players

    def update(self, match, move, events):
        hungry = set()
        for e in events:
            name = type(e).__name__
            if name == "Died" and e.cause == "starved":
                hungry.add(e.animal)
            elif name == "SpeciesExtinct" and e.species in hungry:
                self.count[e.seat] += 1


def play(edition, players, seats_of, games, tag):
    """Play ``games`` tracked games; per game and seat: (starved, partly_fed, food_eaten, food_wasted,
    species starved out), and the winner."""
    rid, options = EDITIONS[edition]
    rs = evolab.load_ruleset(rid, players=players, **options)
    out = []
    for g in range(games):
        seats = seats_of(g)
        t = Tracker(tables=("seats",))
        gone = StarvedOut(players)
        m = evolab.Match(rs, seats=seats, seed=derive_seed("bots", edition, players, tag, g), observers=[t, gone])
        m.play_out()
        per = [[0, 0, 0, 0, gone.count[s]] for s in range(players)]
        for r in t.rows("seats"):
            p = per[r["seat"]]
            p[0] += r["starved"]
            p[1] += r["partly_fed"]
            p[2] += r["food_eaten"]
            p[3] += r["food_wasted"]
        out.append((per, m.state.winner))
    return out


def starved_out(results, which=None):
    """Species that died out of hunger, per seat and game."""
    n = sum(len(per) if which is None else len(which(g)) for g, (per, _) in enumerate(results))
    k = sum(sum(per[s][4] for s in (range(len(per)) if which is None else which(g)))
            for g, (per, _) in enumerate(results))
    return k / n if n else 0.0


def feeding(results, which=None):
    """(partly fed share of the starved, wasted share of the food eaten) over the seats ``which(game)``."""
    pf, st, wa, ea = [], [], [], []
    for g, (per, _) in enumerate(results):
        seats = range(len(per)) if which is None else which(g)
        pf.append(sum(per[s][1] for s in seats))
        st.append(sum(per[s][0] for s in seats))
        wa.append(sum(per[s][3] for s in seats))
        ea.append(sum(per[s][2] for s in seats))
    return ratio(pf, st), ratio(wa, ea)


def pct(x):
    return f"{100 * x[0]:5.1f}% [{100 * x[1]:.1f}, {100 * x[2]:.1f}]"


def measure(edition, greedy_cls, games, label):
    rows = []
    for players in (2, 4):
        g = play(edition, players, lambda i: [greedy_cls() for _ in range(players)], games, "greedy")
        (pf, wa) = feeding(g)
        rows.append((f"{players}p greedy only", pf, wa, starved_out(g)))
    # greedy against random, seats alternated: greedy sits at seat (game % players)
    mixed = play(edition, 2, lambda i: [greedy_cls(), RandomBot()] if i % 2 == 0 else [RandomBot(), greedy_cls()],
                 games, "mixed")
    wins = sum(1 for i, (_, w) in enumerate(mixed) if w == i % 2)
    pf_g, wa_g = feeding(mixed, lambda i: (i % 2,))
    pf_r, wa_r = feeding(mixed, lambda i: (1 - i % 2,))
    lo, hi = wilson(wins, len(mixed))
    print(f"  {label}: greedy beats random in {wins}/{len(mixed)} two-player games = "
          f"{100 * wins / len(mixed):.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]")
    print(f"  {label}: in those games, wasted food share: greedy {pct(wa_g)}, random {pct(wa_r)}; "
          f"partly fed among starved: greedy {pct(pf_g)}, random {pct(pf_r)}")
    if EDITIONS[edition][0] == "northstar":
        print(f"  {label}: in those games, species starved out per seat and game: greedy "
              f"{starved_out(mixed, lambda i: (i % 2,)):.2f}, random {starved_out(mixed, lambda i: (1 - i % 2,)):.2f}")
    for name, pf, wa, out in rows:
        extra = f"; species starved out per seat and game {out:.2f}" if EDITIONS[edition][0] == "northstar" else ""
        print(f"  {label}: {name:>16}: partly fed among starved {pct(pf)}; wasted food share {pct(wa)}{extra}")
    return {"win": (wins, len(mixed), lo, hi), "wasted_greedy": wa_g, "wasted_random": wa_r, "rows": rows}


def random_rows(edition, games):
    for players in (2, 4):
        r = play(edition, players, lambda i: [RandomBot() for _ in range(players)], games, "random")
        pf, wa = feeding(r)
        extra = (f"; species starved out per seat and game {starved_out(r):.2f}"
                 if EDITIONS[edition][0] == "northstar" else "")
        print(f"  random: {players}p random only: partly fed among starved {pct(pf)}; wasted food share {pct(wa)}{extra}")


def speed(edition, bots, games, rounds=5):
    """Each bot's greedy-only games (2 and 4 players, no tracker), timed in CPU time (``time.process_time``:
    other programs on the machine do not count) in ``rounds`` interleaved rounds, the bots' order alternating
    from round to round; every figure is the median over the rounds. Per bot: games and moves per second;
    decisions (moves with more than one legal action) per game and legal actions per decision (a bot whose
    animals survive plays bigger games); the engine's time per game (the same games replayed with the legal
    actions and the live view a built-in bot is given, but no bot); and the bot's time per decision on one
    common set of positions (taken from every bot's games), which compares the bots on the same work."""
    rid, options = EDITIONS[edition]
    clock = time.process_time
    names = list(bots)
    per_round = {name: [] for name in names}      # (seconds, games, moves, engine seconds) per round
    shape = {name: [0, 0, 0] for name in names}   # games, decisions, legal actions offered at them
    positions = []
    for k in range(rounds):
        for name in (names if k % 2 == 0 else names[::-1]):
            cls = bots[name]
            dt = engine = 0.0
            n = moves = 0
            for players in (2, 4):
                rs = evolab.load_ruleset(rid, players=players, **options)
                records = []
                t0 = clock()
                for g in range(games):
                    m = evolab.Match(rs, seats=[cls() for _ in range(players)],
                                     seed=derive_seed("speed", edition, players, k, g))
                    m.play_out()
                    records.append(m.record.moves)
                dt += clock() - t0
                n += games
                moves += sum(len(r) for r in records)
                t0 = clock()
                for record in records:
                    s = rs.new_game()
                    for a in record:
                        seat = rs.to_move(s)
                        if seat >= 0:
                            rs.legal_actions(s)
                            rs.observe(s, seat, False)
                        rs.apply_inplace(s, a, None)
                engine += clock() - t0
                if k == 0:
                    shape[name][0] += len(records)
                    for i, record in enumerate(records):
                        s = rs.new_game()
                        for a in record:
                            seat = rs.to_move(s)
                            if seat >= 0:
                                legal = rs.legal_actions(s)
                                if len(legal) > 1:
                                    shape[name][1] += 1
                                    shape[name][2] += len(legal)
                                    if i < 10:
                                        positions.append((rs, s.clone(), seat, legal))
                            rs.apply_inplace(s, a, None)
            per_round[name].append((dt, n, moves, engine))
    views = [(rs.observe(s, seat, False), legal) for rs, s, seat, legal in positions]
    per = {name: [] for name in names}
    for k in range(rounds):
        for name in (names if k % 2 == 0 else names[::-1]):
            bot, rng = bots[name](), random.Random(1)
            t0 = clock()
            for view, legal in views:
                bot.pick(view, legal, rng)
            per[name].append((clock() - t0) / len(views))
    out = {}
    for name in names:
        rows = per_round[name]
        g, d, l = shape[name]
        out[name] = {"games/s": [n / dt for dt, n, _, _ in rows], "moves/s": [m / dt for dt, _, m, _ in rows],
                     "engine ms/game": [1e3 * e / n for _, n, _, e in rows], "us/decision": [1e6 * x for x in per[name]],
                     "decisions/game": d / g, "legal/decision": l / d}
    return out


def report_speed(gps, rounds, games):
    """Print each bot's medians, and with two bots the new/old ratios: medians of the per-round ratios, with
    their range."""
    median = statistics.median
    for name, f in gps.items():
        print(f"  {name:>16}: {median(f['games/s']):6.0f} games/s {median(f['moves/s']):7.0f} moves/s; "
              f"{f['decisions/game']:.0f} decisions/game of {f['legal/decision']:.1f} legal actions; engine "
              f"{median(f['engine ms/game']):.2f} ms/game; {median(f['us/decision']):.1f} us per decision on the "
              f"common positions")
    if len(gps) == 2:
        old, new = gps.values()
        print(f"  new/old, median of {rounds} interleaved rounds of {2 * games} games each [min, max]:")
        for key in ("games/s", "moves/s", "engine ms/game", "us/decision"):
            r = [b / a for a, b in zip(old[key], new[key])]
            print(f"    {key:>15} {median(r):.3f} [{min(r):.3f}, {max(r):.3f}]")
        print(f"    {'decisions/game':>15} {new['decisions/game'] / old['decisions/game']:.3f}; legal actions per "
              f"decision {new['legal/decision'] / old['legal/decision']:.3f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--editions", default=",".join(e for e in EDITIONS if e != "heredity-predation"),
                    help="comma-separated: " + ", ".join(EDITIONS))
    ap.add_argument("--baseline", help="a git revision whose greedy bot is measured side by side")
    ap.add_argument("--speed", action="store_true", help="only time greedy games (old and new with --baseline)")
    ap.add_argument("--rounds", type=int, default=5, help="--speed: interleaved rounds (figures are their medians)")
    args = ap.parse_args()
    bots = {"greedy": GreedyBot}
    if args.baseline:
        bots = {f"greedy@{args.baseline}": load_baseline(args.baseline), "greedy": GreedyBot}
    for edition in args.editions.split(","):
        if edition not in EDITIONS:
            ap.error(f"unknown edition {edition!r}; choose from {', '.join(EDITIONS)}")
        print(f"{edition} ({args.games} games per configuration)")
        if args.speed:
            games = max(1, args.games // (2 * args.rounds))
            report_speed(speed(edition, bots, games, args.rounds), args.rounds, games)
            continue
        for name, cls in bots.items():
            measure(edition, cls, args.games, name)
        random_rows(edition, args.games)


if __name__ == "__main__":
    main()

"""How well the bots feed, and how often greedy beats random, per edition (the README's bot table).

    python benchmarks/bots.py                          # 500 games per configuration, every edition
    python benchmarks/bots.py --games 100 --editions origin
    python benchmarks/bots.py --baseline HEAD~3        # the same games with the greedy bot of an older commit
    python benchmarks/bots.py --speed --baseline REV   # greedy games per second, old and new side by side

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
import subprocess
import sys
import tempfile
import time

import evolab
from evolab.bots import GreedyBot, RandomBot
from evolab.seeding import derive_seed
from evolab.tracking import Tracker
from evolab.view import observe

ROOT = pathlib.Path(__file__).resolve().parents[1]
EDITIONS = {
    "origin": ("origin", {}),
    "origin-fatality": ("origin", {"scenario": "fatality"}),
    "origin-equilibrium": ("origin", {"scenario": "equilibrium"}),
    "random_mutations": ("random_mutations", {}),
    "northstar": ("northstar", {}),
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


def speed(edition, bots, games, rounds=3):
    """Each bot's greedy-only games (2 and 4 players, no tracker), timed in alternating blocks of CPU time
    (``time.process_time``: other programs on the machine do not count). Per bot: games and moves per
    second; the engine's share (the same games replayed with the legal actions and views a bot is given,
    but no bot); and the bot's time per decision on one common set of positions (taken from every bot's
    games), which compares the bots on the same work."""
    rid, options = EDITIONS[edition]
    clock = time.process_time
    totals = {name: [0.0, 0, 0.0] for name in bots}
    positions = []
    for k in range(rounds):
        for name, cls in bots.items():
            for players in (2, 4):
                rs = evolab.load_ruleset(rid, players=players, **options)
                records = []
                t0 = clock()
                for g in range(games):
                    m = evolab.Match(rs, seats=[cls() for _ in range(players)],
                                     seed=derive_seed("speed", edition, players, k, g))
                    m.play_out()
                    records.append(m.record.moves)
                totals[name][0] += clock() - t0
                totals[name][1] += sum(len(r) for r in records)
                t0 = clock()
                for moves in records:
                    s = rs.new_game()
                    for a in moves:
                        seat = rs.to_move(s)
                        if seat >= 0:
                            rs.legal_actions(s)
                            observe(s, seat)
                        rs.apply_inplace(s, a, None)
                totals[name][2] += clock() - t0
                for moves in records[:10] if k == 0 else ():
                    s = rs.new_game()
                    for a in moves:
                        seat = rs.to_move(s)
                        if seat >= 0 and len(rs.legal_actions(s)) > 1:
                            positions.append((s.clone(), seat, rs.legal_actions(s)))
                        rs.apply_inplace(s, a, None)
    views = [(observe(s, seat), legal) for s, seat, legal in positions]
    per = {}
    for _ in range(rounds):
        for name, cls in bots.items():
            bot, rng = cls(), random.Random(1)
            t0 = clock()
            for view, legal in views:
                bot.pick(view, legal, rng)
            per[name] = min(per.get(name, 1e9), (clock() - t0) / len(views))
    n = 2 * rounds * games
    return {name: (n / dt, moves / dt, engine / dt, per[name] * 1e6) for name, (dt, moves, engine) in totals.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--editions", default=",".join(EDITIONS), help="comma-separated: " + ", ".join(EDITIONS))
    ap.add_argument("--baseline", help="a git revision whose greedy bot is measured side by side")
    ap.add_argument("--speed", action="store_true", help="only time greedy games (old and new with --baseline)")
    args = ap.parse_args()
    bots = {"greedy": GreedyBot}
    if args.baseline:
        bots = {f"greedy@{args.baseline}": load_baseline(args.baseline), "greedy": GreedyBot}
    for edition in args.editions.split(","):
        if edition not in EDITIONS:
            ap.error(f"unknown edition {edition!r}; choose from {', '.join(EDITIONS)}")
        print(f"{edition} ({args.games} games per configuration)")
        if args.speed:
            gps = speed(edition, bots, max(1, args.games // 6))
            for name, (g, m, e, d) in gps.items():
                print(f"  {name:>16}: {g:6.0f} games/s {m:7.0f} moves/s; engine {100 * e:.0f}% of the time; "
                      f"{d:.1f} us per decision on the common positions")
            if len(gps) == 2:
                (og, om, oe, od), (ng, nm, ne, nd) = gps.values()
                print(f"  new/old: games/s {ng / og:.3f}, moves/s {nm / om:.3f}, engine time per game "
                      f"{(ne / ng) / (oe / og):.3f}, bot time per decision {nd / od:.3f}")
            continue
        for name, cls in bots.items():
            measure(edition, cls, args.games, name)
        random_rows(edition, args.games)


if __name__ == "__main__":
    main()

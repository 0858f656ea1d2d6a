"""Frequency dependence: does a play style win more when it is rare than when it is common?

    rows = frequency_dependence("predator", reps=200, seed=1)     # Equilibrium, 4 players, 1-3 predators
    for r in rows: print(r["style_seats"], r["win_rate"], r["low"], r["high"])

Built on ``run_batch``: at a table of ``players`` seats, 1, 2, ... players-1 seats play the style and the
rest play ``others`` (the greedy bot by default), every seat arrangement equally often. A style's win rate
per seat is the share of games one of its seats won, divided by its number of seats; 1/players is what
every seat would get if styles did not matter. When that rate falls as the style becomes common, selection
is negative frequency dependent (the rare type has the advantage), as with predators and their prey.
"""
from __future__ import annotations

from .errors import OptionError
from .experiments import run_batch
from .tournaments import wilson


def seatings(style, others, players, k) -> list:
    """Every distinct rotation of ``k`` seats of ``style`` next to ``players - k`` seats of ``others``."""
    base = [style] * k + [others] * (players - k)
    out = []
    for r in range(players):
        spec = ",".join(base[r:] + base[:r])
        if spec not in out:
            out.append(spec)
    return out


def frequency_dependence(style, others="greedy", players=4, reps=100, seed=0, workers=None, executor=None,
                         progress=False, ruleset="origin", counts=None, **options) -> list:
    """One row per number of style seats: games, the style's wins, its win rate per seat and 95% interval.

    ``reps``: games per number of style seats (rounded up to a whole number of seat rotations). Other
    keyword arguments are fixed for every game (the Equilibrium scenario is the default)."""
    if players < 2:
        raise OptionError("frequency dependence needs at least 2 players")
    counts = list(counts or range(1, players))
    if any(not isinstance(k, int) or not 1 <= k < players for k in counts):
        raise OptionError(f"counts of style seats must be whole numbers from 1 to {players - 1}, got {counts!r}")
    options.setdefault("scenario", "equilibrium")
    specs = {k: seatings(style, others, players, k) for k in counts}
    per = {k: -(-reps // len(v)) for k, v in specs.items()}
    rows = []
    for k in counts:
        result = run_batch(ruleset, grid={"bots": specs[k]}, reps=per[k], seed=seed, players=players,
                           tables=("games",), workers=workers, executor=executor, progress=progress, **options)
        games = result.rows("games")
        wins = sum(1 for g in games if g["winner"] >= 0 and g["bots"].split(",")[g["winner"]] == style)
        n = len(games)
        low, high = wilson(wins / n, n)
        rows.append({"style": style, "others": others, "players": players, "style_seats": k,
                     "share": k / players, "games": n, "style_wins": wins, "win_rate": wins / n / k,
                     "low": low / k, "high": high / k, "fair": 1 / players})
    return rows


def frequency_table(rows) -> str:
    """The rows of ``frequency_dependence`` as a Markdown table."""
    lines = ["| style | style seats | games | style wins | win rate per seat | 95% interval | fair share |",
             "| --- | ---: | ---: | ---: | ---: | --- | ---: |"]
    for r in rows:
        lines.append(f"| {r['style']} vs {r['others']} | {r['style_seats']} of {r['players']} | {r['games']} | "
                     f"{r['style_wins']} | {100 * r['win_rate']:.1f}% | {100 * r['low']:.1f}% to "
                     f"{100 * r['high']:.1f}% | {100 * r['fair']:.0f}% |")
    return "\n".join(lines)


__all__ = ["frequency_dependence", "frequency_table", "seatings"]

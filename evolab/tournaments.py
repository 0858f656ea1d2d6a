"""Tournaments: bots play each other at tables whose seats rotate, and get ratings with 95% intervals.

    result = evolab.tournament("origin", ["random", "greedy", "lookahead1"], games=40, seed=1, players=2)
    print(result.table())                  # standings: wins, mean score, Bradley-Terry rating (Elo points)
    result.head_to_head("lookahead1", "greedy")   # share of head-to-head comparisons won, with its interval

Every game is compared pair by pair: of two bots at a table, the one with more points beats the other (on
equal points the game's winner, after the rules' tie-breaks, beats the rest; otherwise it is half a win
each). A Bradley-Terry model fitted to those comparisons gives each bot a rating, in Elo points (400 points:
10 to 1 odds), anchored at 0 for the first bot (or ``anchor``), with a 95% interval that allows for the
comparisons of one game being linked. Head-to-head shares come with 95% Wilson intervals over games.
"""
from __future__ import annotations

import copy
import itertools
import math
import random

from .bots import make_bot
from .errors import OptionError
from .match import Match
from .rules import load_ruleset
from .seeding import derive_seed

Z95 = 1.959963984540054


def tournament(ruleset, bots, games=20, seed=0, workers=None, tables=None, players=None, executor=None,
               progress=False, anchor=None, results=None, duplicate=False, **options):
    """Play ``games`` games at each table and rate the bots.

    ``ruleset``: an edition id (with ``players`` and rules ``options``) or a loaded ruleset. ``bots``: bot
    names ("random", "greedy", "lookahead1" ... "lookahead5") or a dict {label: name or bot object}.
    ``tables``: which bots sit together: by default all of them if they fill the table, else ``"all"``
    (every group of as many bots as seats); ``"ladder"`` (each run of consecutive bots in the order given,
    so neighbours meet most); or a list of tuples of labels. At each table the seats rotate every game
    (``games`` is rounded up to a whole number of rotations) so no bot gains from its seat.
    ``workers``/``executor``: run games in parallel (the results do not change). ``anchor``: the bot
    rated 0 (the first by default). ``results``: a JSON-lines file that gets each game as it ends; games
    already in it (same seed and seats) are read back instead of played, so a long tournament can resume.

    ``duplicate=True`` (as in duplicate bridge): each deal, one game seed, is played at every different
    rotation of the table's seats (A B, then B A; A B A B, then B A B A), so the luck of the deal falls on
    both sides; ``games`` is rounded up to whole deals. The match's random numbers then draw nature's moves
    only (the deal, the dice, the food) and each seat's bot gets its own, seeded from the deal and the
    seat, so the games of a deal start from the same cards and draw the same chance outcomes for as long
    as they ask for the same ones. ``head_to_head`` then averages the games of each deal and gives a
    t interval over deals.
    """
    rs, specs, seatings, anchor = prepare_tournament(ruleset, bots, games, tables, players, anchor, **options)
    plan = _plan(rs, seatings, games, seed, duplicate)
    saved = _saved_games(results, plan) if results is not None else {}
    todo = [p for p in plan if p[0] not in saved]
    size = 1 if results is not None else 4          # a results file keeps every game as soon as it ends
    chunks = [todo[i:i + size] for i in range(0, len(todo), size)]
    args = (rs.id, dict(rs.options), {k: specs[k] for k in specs})
    rows = _run(chunks, args, workers, executor, progress, len(todo), results)
    rows = sorted(rows + list(saved.values()), key=lambda r: r["game"])
    return TournamentResult(rs, list(specs), seatings, rows, seed, anchor, duplicate=duplicate)


def rotations(labels) -> list:
    """The different rotations of a table's seats, in the order the seats turn: (A, B) gives A B and
    B A; (A, B, A, B) gives A B A B and B A B A."""
    n = len(labels)
    out: list = []
    for g in range(n):
        seats = tuple(labels[g:]) + tuple(labels[:g])
        if seats not in out:
            out.append(seats)
    return out


def _plan(rs, seatings, games, seed, duplicate) -> list:
    """(index, table, seats, game seed, deal) of every game: seats rotating each game; in the duplicate
    format the rotations of one deal share its seed (deal None in the single format)."""
    n = rs.players
    plan: list = []
    for t, labels in enumerate(seatings):
        if duplicate:
            turns = rotations(labels)
            for d in range(-(-games // len(turns))):
                deal_seed = derive_seed(seed, rs.id, labels, "deal", d)
                for seats in turns:
                    plan.append((len(plan), t, seats, deal_seed, d))
        else:
            for g in range(-(-games // n) * n):
                plan.append((len(plan), t, labels[g % n:] + labels[:g % n], derive_seed(seed, rs.id, labels, g), None))
    return plan


def _saved_games(path, plan) -> dict:
    """Games of ``plan`` already in the results file ``path``, by index; a row whose seed or seats do not
    match the plan (another tournament's file) is refused rather than mixed in. Games past the end of the
    plan (the same tournament with more games) are left out."""
    import json
    import os
    out: dict = {}
    if not os.path.exists(path):
        return out
    want = {p[0]: p for p in plan}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                index, seats, seed = row["game"], row["seats"], row["seed"]
            except (ValueError, KeyError, TypeError) as e:
                raise OptionError(f"results file {path}, line {n}: not a tournament game ({e})") from None
            if isinstance(index, int) and index >= len(plan):
                continue
            p = want.get(index)
            if p is None or list(p[2]) != seats or p[3] != seed or row.get("deal") != p[4]:
                raise OptionError(f"results file {path}, line {n}: game {index} belongs to another "
                                  "tournament (other bots, tables, seed or edition)")
            out[index] = row
    return out


def prepare_tournament(ruleset, bots, games=20, tables=None, players=None, anchor=None, **options):
    """Check a tournament's arguments before any game: (ruleset, bots by label, tables, anchor), or an
    ``OptionError`` that says what is wrong."""
    if isinstance(ruleset, str):
        rs = load_ruleset(ruleset, **({"players": players} if players else {}), **options)
    elif players or options:
        raise OptionError("give players and options with an edition id, not with a loaded ruleset")
    else:
        rs = ruleset
    specs = _labelled(bots)
    anchor = list(specs)[0] if anchor is None else anchor
    if anchor not in specs:
        raise OptionError(f"anchor {anchor!r} is not one of the bots {list(specs)}")
    seatings = _tables(tables, list(specs), rs.players)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise OptionError(f"games must be a whole number >= 1, got {games!r}")
    return rs, specs, seatings, anchor


def _labelled(bots) -> dict:
    if isinstance(bots, dict):
        out = dict(bots)
    elif isinstance(bots, (list, tuple)):
        out = {}
        for b in bots:
            label = b if isinstance(b, str) else repr(b)
            if label in out:
                raise OptionError(f"bot {label!r} is listed twice; give a dict to label two copies apart")
            out[label] = b
    else:
        raise OptionError(f"bots must be a list of bot names or a dict {{label: bot}}, got {bots!r}")
    if len(out) < 2:
        raise OptionError("a tournament needs at least two bots")
    for spec in out.values():
        make_bot(spec)          # unknown names fail before any game
    return out


def _tables(tables, labels, n) -> list:
    if tables is None:
        tables = "ladder" if len(labels) > n else "all"
    if tables == "all":
        if len(labels) < n:
            raise OptionError(f"{len(labels)} bots cannot fill a table of {n}: give tables with repeats")
        return [tuple(c) for c in itertools.combinations(labels, n)]
    if tables == "ladder":
        if len(labels) < n:
            raise OptionError(f"{len(labels)} bots cannot fill a table of {n}: give tables with repeats")
        return [tuple(labels[i:i + n]) for i in range(len(labels) - n + 1)]
    if isinstance(tables, str) or not hasattr(tables, "__iter__"):
        raise OptionError(f"tables must be 'all', 'ladder' or a list of tuples of bot labels, got {tables!r}")
    out = []
    for t in tables:
        t = tuple(t)
        if len(t) != n or any(x not in labels for x in t) or len(set(t)) < 2:
            raise OptionError(f"table {t!r}: name {n} bots from {labels}, at least two different")
        out.append(t)
    if not out:
        raise OptionError("tables: give at least one table")
    return out


def play_tournament_games(ruleset_id, options, specs, games) -> list:
    """Play planned games in this process (picklable, for workers): one row per game."""
    rs = load_ruleset(ruleset_id, **options)
    out = []
    for index, table, labels, game_seed, *deal in games:
        deal = deal[0] if deal else None
        seats = [copy.deepcopy(specs[x]) if not isinstance(specs[x], str) else make_bot(specs[x]) for x in labels]
        if deal is not None:              # the duplicate format: the match's numbers are nature's alone
            seats = [own_dice(b, derive_seed(game_seed, "seat", i)) for i, b in enumerate(seats)]
        m = Match(rs, seats=seats, seed=game_seed)
        scores = m.play_out()
        row = {"game": index, "table": table, "seed": game_seed, "seats": list(labels),
               "scores": list(scores), "winner": m.state.winner, "turns": m.state.turn}
        if deal is not None:
            row["deal"] = deal
        out.append(row)
    return out


class _OwnDice:
    """A seat's bot that draws from its own random numbers instead of the match's, so the match's
    generator draws nature's moves only and the same game seed deals the same cards whoever sits where."""

    def __init__(self, bot, seed):
        self.bot = bot
        self.rng = random.Random(seed)
        self.needs_observation = bot.needs_observation

    def choose(self, view, legal, rng):
        return self.bot.choose(view, legal, self.rng)

    def __repr__(self):
        return repr(self.bot)


class _TrustedOwnDice(_OwnDice):
    picks_from_legal = True          # the bot inside only returns moves of the legal list it is given


def own_dice(bot, seed):
    """``bot`` playing with its own random numbers, seeded with ``seed`` (trusted as the bot inside is)."""
    from .match import trusted
    return (_TrustedOwnDice if trusted(bot) else _OwnDice)(bot, seed)


def _run(chunks, args: tuple, workers, executor, progress, total, results=None) -> list:
    from .experiments import _progress
    bar = _progress(total, progress)
    rows = []
    own = None
    out = None if results is None else open(results, "a", encoding="utf-8")

    def keep(new):
        rows.extend(new)
        if out is not None:
            import json
            for r in new:
                out.write(json.dumps(r) + "\n")
            out.flush()
    if executor is None and workers and workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        own = executor = ProcessPoolExecutor(max_workers=workers)
    try:
        if executor is None:
            for c in chunks:
                ruleset_id, options, specs = args
                keep(play_tournament_games(ruleset_id, options, specs, c))
                bar.update(len(c))
        else:
            from concurrent.futures import as_completed
            futures = {executor.submit(play_tournament_games, *args, c): len(c) for c in chunks}
            for f in as_completed(futures):
                keep(f.result())
                bar.update(futures[f])
    finally:
        bar.close()
        if out is not None:
            out.close()
        if own is not None:
            own.shutdown()
    rows.sort(key=lambda r: r["game"])
    return rows


# ---- statistics -------------------------------------------------------------------------------------
def comparisons(row) -> list:
    """(a, b, share of a's win) for every pair of different bots at one game's table."""
    sc, labels, w = row["scores"], row["seats"], row["winner"]
    out = []
    for x, y in itertools.combinations(range(len(labels)), 2):
        if labels[x] == labels[y]:
            continue
        if sc[x] != sc[y]:
            r = 1.0 if sc[x] > sc[y] else 0.0
        else:
            r = 1.0 if w == x else 0.0 if w == y else 0.5
        out.append((labels[x], labels[y], r))
    return out


def wilson(p, n, z=Z95) -> tuple:
    """95% Wilson score interval of a share ``p`` observed over ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (0.0 if p <= 0 else max(0.0, c - h), 1.0 if p >= 1 else min(1.0, c + h))


def t_quantile(p, df) -> float:
    """The ``p`` quantile of Student's t distribution with ``df`` degrees of freedom (by bisection)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, got {df!r}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_quantile(1 - p, df)
    low, high = 0.0, 1.0
    while _t_cdf(high, df) < p:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if _t_cdf(mid, df) < p else (low, mid)
    return (low + high) / 2


def _t_cdf(t, df) -> float:
    """P(T <= t) for t >= 0: one minus half the regularised incomplete beta I_x(df/2, 1/2), x = df/(df+t²)."""
    return 1 - 0.5 * _beta_inc(df / 2, 0.5, df / (df + t * t))


def _beta_inc(a, b, x) -> float:
    """The regularised incomplete beta function I_x(a, b), by its continued fraction (modified Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):            # the fraction converges fast on this side only
        return 1 - _beta_inc(b, a, 1 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x)
                     + b * math.log(1 - x)) / a
    tiny = 1e-300
    f, c, d = 1.0, 1.0, 0.0
    for i in range(400):
        m = i // 2
        if i == 0:
            num = 1.0
        elif i % 2 == 0:
            num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
        else:
            num = -((a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1))
        d = 1 + num * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + num / (c if abs(c) > tiny else tiny)
        f *= c * d
        if abs(1 - c * d) < 1e-15:
            break
    return front * (f - 1)


def t_interval(values) -> tuple:
    """(mean, low, high): the mean of ``values`` with its 95% Student t interval (n - 1 degrees of
    freedom); with a single value the interval is unknown (nan)."""
    n = len(values)
    mean = sum(values) / n if n else math.nan
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    h = t_quantile(0.975, n - 1) * sd / math.sqrt(n)
    return mean, mean - h, mean + h


def bradley_terry(labels, comps, iterations=500) -> dict:
    """Strengths (mean 1 in log) from (a, b, a's share) comparisons, by Hunter's MM algorithm.

    Each bot also draws one game against a virtual average player, so a bot that won (or lost) every
    comparison still gets a finite rating."""
    idx = {x: i for i, x in enumerate(labels)}
    k = len(labels)
    wins = [0.5] * k                   # the virtual draw
    pairs: dict = {}
    for a, b, r in comps:
        i, j = idx[a], idx[b]
        wins[i] += r
        wins[j] += 1 - r
        key = (i, j) if i < j else (j, i)
        pairs[key] = pairs.get(key, 0) + 1
    g = [1.0] * k
    counts = list(pairs.items())
    for _ in range(iterations):
        den = [1.0 / (x + 1.0) for x in g]      # the virtual player, strength 1
        for (a, b), c in counts:
            d = c / (g[a] + g[b])
            den[a] += d
            den[b] += d
        new = [w / d for w, d in zip(wins, den)]
        change = max(abs(math.log(x / y)) for x, y in zip(new, g))
        g = new
        if change < 1e-10:
            break
    return {x: g[idx[x]] for x in labels}


def elo(strengths, anchor) -> dict:
    """Bradley-Terry strengths as Elo points, ``anchor`` at 0 (400 points: 10 to 1 odds)."""
    base = strengths[anchor]
    return {x: 400 * math.log10(v / base) for x, v in strengths.items()}


def rating_intervals(labels, games, strengths, anchor, z=Z95) -> dict:
    """95% intervals of the Elo ratings: a sandwich (cluster-robust) variance around the fitted model.

    The comparisons of one game are not independent, so the spread is measured game by game: the
    inverse information of the (slightly regularised) likelihood, times the sum over games of each game's
    score vector squared, times the inverse information again. A bot that won (or lost) nearly every
    comparison is rated mostly by the virtual draw, and its interval is then too narrow: read its
    head-to-head shares instead."""
    free = [x for x in labels if x != anchor]
    idx = {x: i for i, x in enumerate(free)}
    k = len(free)
    theta = {x: math.log(strengths[x] / strengths[anchor]) for x in labels}
    shift = math.log(strengths[anchor])          # the virtual player's strength 1, on the anchored scale
    info = [[0.0] * k for _ in range(k)]
    meat = [[0.0] * k for _ in range(k)]
    for x in free:                                 # the virtual draw of each bot
        p = 1 / (1 + math.exp(-(theta[x] + shift)))
        info[idx[x]][idx[x]] += p * (1 - p)
    for comps in games:
        score = [0.0] * k
        for a, b, r in comps:
            p = 1 / (1 + math.exp(theta[b] - theta[a]))
            w = p * (1 - p)
            ia, ib = idx.get(a), idx.get(b)
            if ia is not None:
                score[ia] += r - p
                info[ia][ia] += w
            if ib is not None:
                score[ib] -= r - p
                info[ib][ib] += w
            if ia is not None and ib is not None:
                info[ia][ib] -= w
                info[ib][ia] -= w
        for i in range(k):
            if score[i]:
                for j in range(k):
                    meat[i][j] += score[i] * score[j]
    inv = _inverse(info)
    cov = _mul(_mul(inv, meat), inv)
    unit = 400 / math.log(10)
    ratings = elo(strengths, anchor)
    out = {anchor: (0.0, 0.0)}
    for x in free:
        se = unit * math.sqrt(max(0.0, cov[idx[x]][idx[x]]))
        out[x] = (ratings[x] - z * se, ratings[x] + z * se)
    return out


def _inverse(m) -> list:
    """Inverse of a small symmetric positive definite matrix (Gauss-Jordan)."""
    k = len(m)
    a = [list(row) + [float(i == j) for j in range(k)] for i, row in enumerate(m)]
    for c in range(k):
        piv = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[piv] = a[piv], a[c]
        d = a[c][c]
        a[c] = [v / d for v in a[c]]
        for r in range(k):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [v - f * w for v, w in zip(a[r], a[c])]
    return [row[k:] for row in a]


def _mul(x, y) -> list:
    return [[sum(x[i][t] * y[t][j] for t in range(len(y))) for j in range(len(y[0]))] for i in range(len(x))]


class TournamentResult:
    """The games of a tournament and what they show: ``table()``, ``standings()``, ``head_to_head(a, b)``."""

    def __init__(self, ruleset, labels, tables, rows, seed, anchor=None, duplicate=False):
        self.ruleset = ruleset
        self.labels = labels
        self.tables = tables
        self.games = rows
        self.seed = seed
        self.duplicate = duplicate
        self._comps = [comparisons(r) for r in rows]
        self.anchor = labels[0] if anchor is None else anchor
        strengths = bradley_terry(labels, [c for cs in self._comps for c in cs])
        self.ratings = elo(strengths, self.anchor)
        clusters = self._comps          # what is linked: the comparisons of one game, or of one deal
        if duplicate:
            deals: dict = {}
            for row, comps in zip(rows, self._comps):
                deals.setdefault((row["table"], row["deal"]), []).extend(comps)
            clusters = list(deals.values())
        self.intervals = rating_intervals(labels, clusters, strengths, self.anchor)

    def head_to_head(self, a, b) -> dict:
        """How often ``a`` beat ``b`` at the same table: games, share (ties half) and its 95% interval.

        Single format: the mean over games of each game's share of a-b comparisons won, with a Wilson
        interval over games. Duplicate format: each deal's games are averaged first (``deals``, its
        ``pairs`` of games), and the interval is a Student t interval over deals."""
        for x in (a, b):
            if x not in self.labels:
                raise KeyError(f"no bot {x!r}; bots are {self.labels}")
        shares = []                   # per game: the share of its a-b comparisons that a won
        deals: dict = {}              # per deal (duplicate format): the shares of its games
        count = 0
        for row, comps in zip(self.games, self._comps):
            won = met = 0
            for x, y, r in comps:
                if (x, y) == (a, b):
                    won, met = won + r, met + 1
                elif (x, y) == (b, a):
                    won, met = won + 1 - r, met + 1
            if met:
                shares.append(won / met)
                count += met
                if self.duplicate:
                    deals.setdefault((row["table"], row["deal"]), []).append(won / met)
        games = len(shares)
        out = {"a": a, "b": b, "games": games, "comparisons": count}
        if self.duplicate:
            share, low, high = t_interval([sum(v) / len(v) for v in deals.values()])
            out.update(deals=len(deals), interval="t over deals")
            if not math.isnan(low):
                low, high = max(0.0, low), min(1.0, high)
        else:
            share = sum(shares) / games if games else math.nan
            # n = games, not comparisons: one game's comparisons of the same two bots are not independent
            low, high = wilson(share, games) if games else (math.nan, math.nan)
            out["interval"] = "Wilson over games"
        out.update(share=share, low=low, high=high)
        return out

    def standings(self) -> list:
        """One row per bot: games, wins, win share, mean score, rating and its 95% interval (Elo points)."""
        rows = []
        for x in self.labels:
            played = wins = 0
            points = 0.0
            for g in self.games:
                for seat, lab in enumerate(g["seats"]):
                    if lab == x:
                        played += 1
                        wins += g["winner"] == seat
                        points += g["scores"][seat]
            lo, hi = self.intervals[x]
            rows.append({"bot": x, "games": played, "wins": wins, "win_share": wins / played if played else math.nan,
                         "mean_score": points / played if played else math.nan, "rating": self.ratings[x],
                         "rating_low": lo, "rating_high": hi})
        return rows

    def ladder(self) -> list:
        """``head_to_head`` of each bot with the one listed before it."""
        return [self.head_to_head(b, a) for a, b in zip(self.labels, self.labels[1:])]

    def table(self, markdown=True) -> str:
        """The standings and the ladder of neighbours as text (a Markdown table by default)."""
        rs = self.ruleset
        how = "each deal played at every rotation of the seats" if self.duplicate else "seats rotating"
        head = (f"{rs.name}, {rs.players} players: {len(self.games)} games at {len(self.tables)} table(s), "
                f"{how}, seed {self.seed}; ratings in Elo points, {self.anchor} = 0")
        lines = [head, "", "| bot | seats played | wins | win share | mean score | rating (Elo, 95% interval) |",
                 "| --- | ---: | ---: | ---: | ---: | --- |"]
        for r in self.standings():
            lines.append(f"| {r['bot']} | {r['games']} | {r['wins']} | {100 * r['win_share']:.0f}% | "
                         f"{r['mean_score']:.1f} | {r['rating']:+.0f} ({r['rating_low']:+.0f} to {r['rating_high']:+.0f}) |")
        together = "games together (deals)" if self.duplicate else "games together"
        lines += ["", f"| bot vs the one before | {together} | share of head-to-heads won | 95% interval |",
                  "| --- | ---: | ---: | --- |"]
        for h in self.ladder():
            if h["comparisons"]:
                n = f"{h['games']} ({h['deals']})" if self.duplicate else f"{h['games']}"
                lines.append(f"| {h['a']} vs {h['b']} | {n} | {100 * h['share']:.0f}% | "
                             f"{100 * h['low']:.0f}% to {100 * h['high']:.0f}% |")
        text = "\n".join(lines)
        return text if markdown else text.replace("| ", "").replace(" |", "")

    def __repr__(self):
        return f"<TournamentResult {self.ruleset.id} {self.ruleset.players}p, {len(self.games)} games, bots {self.labels}>"


__all__ = ["tournament", "TournamentResult", "bradley_terry", "wilson", "comparisons", "t_interval", "rotations"]

"""North Star 4 players against the fastest peer engine: games/s side by side, rounds interleaved.

The peer is ``kmacdough/evolution`` (Python; a course's simplified version of North Star's rules, without
the Intelligence card, played by four of its deterministic "silly" players from an unshuffled deck, so every
peer game is the same game, of 4 turns against about 6 in ours). Its code is not part of evolab: bring a
copy and give its folder in ``EVOLAB_PEER_PATH``::

    git clone https://github.com/kmacdough/evolution /tmp/peer-evolution
    # on a case-sensitive file system its imports say ``evolution.Species``; the file is ``species.py``:
    grep -rl 'evolution.Species' /tmp/peer-evolution --include='*.py' | \\
        xargs sed -i 's/evolution\\.Species import/evolution.species import/'
    EVOLAB_PEER_PATH=/tmp/peer-evolution python benchmarks/peers.py [--rounds 7] [--seconds 0.5]

Each round times the peer's games, then evolab's North Star 4-player games with random bots, then with
greedy bots, for about ``--seconds`` each; the figures are medians over rounds and the ratios are
evolab / peer (above 1: evolab plays more games per second). The peer's logging is switched off (it writes
a log line per step otherwise), which favours the peer. ``--why GAMES`` adds where each side's time goes:
decisions a game (a peer player decides a whole turn's cards at once, an evolab seat one card at a time),
chance draws a game, CPU time per decision, and the top of a profile. Without ``EVOLAB_PEER_PATH`` this prints
how to get the peer and exits 0.

``--floor`` adds two bots that decide nothing, to show what any bot that reads the table pays before it weighs
a single option: ``looking`` observes the table (as every bot that plays from what it sees does) and draws a
legal move uniformly; ``weighing`` also looks once at each legal option (one dictionary look-up) before drawing.
Their games are random games, like the random bots', so the difference from the random bots is the cost of
looking, per game. It also adds two sides that replay greedy games already played (20 of them, in turn) and
choose nothing: ``moves only`` applies their moves, as the match does (the engine's share of a greedy game), and
``moves + view`` also shows the seat to move the table at each decision, as the match shows a greedy bot (what
the bot's choices come on top of).

``--instructions GAMES`` counts instructions per game of each side under valgrind instead of timing them: exact and
unchanged by a busy machine, but not time. evolab's random games take fewer instructions than the peer's while
their timed ratio reads lower than the count's. One reading, consistent with the profiles: a quarter of the peer's
profiled time is in C built-ins (text formatting, ``str.format`` and ``repr``, the largest), against a tenth of
evolab's, whose time is the interpreter's own loop over its rules; the two run different mixes of instructions.
"""
from __future__ import annotations

import argparse
import gc
import logging
import os
import statistics
import sys
import time

ENV = "EVOLAB_PEER_PATH"
GOALS = {"random": 1.0, "greedy": 0.6}      # evolab games/s over the peer's, North Star 4 players


def peer_classes(path):
    """The peer's Dealer, Deck and Player classes (its folder first on the path while they are imported)."""
    sys.path.insert(0, os.path.abspath(path))
    try:
        from dealer.dealer import Dealer
        from dealer.deck import Deck
        from evolution.player.player import Player
    finally:
        sys.path.pop(0)
    return Dealer, Deck, Player


def peer_player(path):
    """A function that plays one complete 4-player game of the peer, and the peer's number of turns per game."""
    Dealer, Deck, Player = peer_classes(path)
    logging.disable(logging.CRITICAL)
    turns = [0]
    run_turn = Dealer.run_turn

    def counted(self):
        turns[0] += 1
        return run_turn(self)

    def play():
        d = Dealer([Player() for _ in range(4)], Deck.make_deck())
        d.run_game()

    Dealer.run_turn = counted
    play()
    Dealer.run_turn = run_turn
    return play, turns[0]


def floor_bots() -> dict:
    """The ``--floor`` bots (see the module's text): they observe, and one of them looks at every option."""
    from evolab.bots import RandomBot

    class Looking(RandomBot):           # a random bot's draw from the legal list, after observing the table
        name = "looking"
        needs_observation = True
        picks_from_legal = True

    seen: dict = {}

    class Weighing(Looking):
        name = "weighing"
        picks_from_legal = True

        def pick(self, view, legal, rng):
            get = seen.get
            for a in legal:             # one look at each option: the least a bot that weighs them does
                get(a)
            return super().pick(view, legal, rng)
    return {"looking": Looking, "weighing": Weighing}


def replay_player(view, games=20):
    """A function that replays one of ``games`` greedy North Star 4-player games (in turn), applying its moves as
    the match does, and with ``view`` showing the seat to move the table first (``observe(..., copy=False)``,
    what a greedy bot is shown); it returns the game's last turn."""
    import evolab
    from evolab.bots import GreedyBot
    from evolab.rules.base import Ruleset
    from evolab.seeding import derive_seed
    rs = evolab.load_ruleset("northstar", players=4)
    records = []
    for g in range(games):
        m = evolab.Match(rs, seats=[GreedyBot() for _ in range(4)], seed=derive_seed("peers", "replay", g))
        m.play_out()
        records.append(m.record)
    table = rs.apply_table if type(rs).apply_inplace is Ruleset.apply_inplace else None
    to_move, look = rs.to_move, rs.observe
    count = [0]

    def play():
        record = records[count[0] % games]
        count[0] += 1
        s = record.initial_state()
        for a in record.moves:
            if view:
                who = to_move(s)
                if who >= 0:
                    look(s, who, False)
            if table is not None:
                table[type(a)](rs, s, a, None)
            else:
                rs.apply_inplace(s, a, None)
        return s.turn
    return play


def evolab_player(bot):
    """A function that plays one North Star 4-player evolab game of ``bot`` bots (a new seed each game)."""
    import evolab
    from evolab.bots import GreedyBot, RandomBot
    from evolab.seeding import derive_seed
    rs = evolab.load_ruleset("northstar", players=4)
    cls = {"random": RandomBot, "greedy": GreedyBot, **floor_bots()}[bot]
    count = [0]

    def play():
        count[0] += 1
        m = evolab.Match(rs, seats=[cls() for _ in range(4)], seed=derive_seed("peers", bot, count[0]))
        m.play_out()
        return m.state.turn
    return play


def games_per_second(play, seconds):
    gc.collect()
    n = 0
    t0 = time.perf_counter()
    while True:
        play()
        n += 1
        dt = time.perf_counter() - t0
        if dt >= seconds:
            return n / dt


def compare(path, rounds=7, seconds=0.5, out=print, floor=False):
    """Interleaved rounds; returns {"peer": median g/s, "random": ..., "greedy": ..., "ratio_random": ...}
    (with ``floor``, the ``looking`` and ``weighing`` bots too)."""
    peer, peer_turns = peer_player(path)
    ours = {b: evolab_player(b) for b in ("random", "greedy") + (("looking", "weighing") if floor else ())}
    if floor:
        ours["moves only"] = replay_player(view=False)
        ours["moves + view"] = replay_player(view=True)
    turns = {b: statistics.mean(ours[b]() for _ in range(20)) for b in ours}
    per: dict = {"peer": [], **{b: [] for b in ours}}
    for _ in range(rounds):
        per["peer"].append(games_per_second(peer, seconds))
        for b in ours:
            per[b].append(games_per_second(ours[b], seconds))
    med = {k: statistics.median(v) for k, v in per.items()}
    out(f"North Star 4 players, {rounds} interleaved rounds of ~{seconds:g} s each (medians, one core):")
    out(f"  peer kmacdough/evolution, silly players:   {med['peer']:8.1f} games/s  ({peer_turns} turns a game)")
    for b in ours:
        ratio = med[b] / med["peer"]
        per_round = statistics.median(x / y for x, y in zip(per[b], per["peer"]))
        med[f"ratio_{b}"] = ratio
        side = f"{b} bots" if b in GOALS or b in ("looking", "weighing") else f"greedy games, {b}"
        out(f"  evolab, {side}:{'':{28 - len(side)}} {med[b]:8.1f} games/s  ({turns[b]:.1f} turns a game)  "
            f"ratio {ratio:.2f}x (median of per-round ratios {per_round:.2f}x)"
            + (f", goal >= {GOALS[b]}x" if b in GOALS else ", no goal: a floor"))
    return med


def _top(profile, n=5):
    """The ``n`` functions with the most time of their own, as "file:function share%"."""
    import pstats
    st = pstats.Stats(profile)
    total = sum(v[2] for v in st.stats.values()) or 1.0
    rows = sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:n]
    return ", ".join(f"{os.path.basename(k[0]) or '~'}:{k[2]} {100 * v[2] / total:.0f}%" for k, v in rows)


def _games(play, games):
    for _ in range(games):
        play()


def _cpu_per_game(play, games):
    gc.collect()
    t0 = time.process_time()
    _games(play, games)
    return (time.process_time() - t0) / games


def why(path, games=30, out=print):
    """Where each side's time goes, per game and per decision: decisions a game (a peer player's choice of cards
    for a whole turn or of one feeding; an evolab seat's single move: a card played, a species fed), CPU time
    per decision in this process, and the functions with the most time of their own (cProfile)."""
    import cProfile
    import evolab
    from evolab.actions import Draw, FirstPlayer
    from evolab.bots import GreedyBot, RandomBot
    from evolab.seeding import derive_seed
    Dealer, Deck, Player = peer_classes(path)
    peer, _turns = peer_player(path)
    asked = [0]
    originals = {name: getattr(Player, name) for name in ("get_card_choices", "choose_feeding")}

    def counted(f):
        def wrapper(*args, **kwargs):
            asked[0] += 1
            return f(*args, **kwargs)
        return wrapper

    for name, f in originals.items():
        setattr(Player, name, counted(f))
    try:
        peer()
        sides = [("peer, silly players", peer, asked[0], 0)]
    finally:
        for name, f in originals.items():
            setattr(Player, name, f)
    rs = evolab.load_ruleset("northstar", players=4)
    for name, cls in (("evolab, random bots", RandomBot), ("evolab, greedy bots", GreedyBot)):
        seeds = iter(range(10 ** 9))

        def play(cls=cls, seeds=seeds):
            m = evolab.Match(rs, seats=[cls() for _ in range(4)], seed=derive_seed("why", next(seeds)))
            m.play_out()
            return m.record.moves
        played = [play() for _ in range(10)]
        moves = statistics.mean(len(x) for x in played)
        nature = statistics.mean(sum(type(a) in (Draw, FirstPlayer) for a in x) for x in played)
        sides.append((name, play, moves - nature, nature))
    out(f"Why, North Star 4 players ({games} games a side, CPU time in this process, one core):")
    out(f"  {'side':<22} {'decisions/game':>14} {'chance/game':>11} {'ms/game':>8} {'us/decision':>11}  top functions "
        f"(own time)")
    for name, play, decisions, nature in sides:
        per_game = _cpu_per_game(play, games)
        prof = cProfile.Profile()
        prof.runcall(_games, play, max(3, games // 3))
        out(f"  {name:<22} {decisions:14.1f} {nature:11.1f} {per_game * 1e3:8.2f} "
            f"{per_game / decisions * 1e6:11.1f}  {_top(prof)}")


_COUNTED = r'''
import sys
side, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, sys.argv[4])
import peers
play = peers.peer_player(path)[0] if side == "peer" else peers.evolab_player(side)
play()                                                  # the same warm-up game in both runs
for _ in range(n):
    play()
'''


def instructions(path, games=100, out=print):
    """Instructions per game of each side, counted by valgrind (``benchmarks/instructions.py``'s method: a run of
    ``games`` games less a run of none, each after one warm-up game, hash seed 0): exact and the same on a busy
    machine, but not time (what one instruction costs differs between two programs: see the module's text)."""
    import re
    import shutil
    import subprocess
    if shutil.which("valgrind") is None:
        out("valgrind is not installed: no instruction counts (apt-get install valgrind)")
        return {}
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ, PYTHONPATH=os.path.dirname(here), PYTHONHASHSEED="0")

    def count(side, n):
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              sys.executable, "-c", _COUNTED, side, str(n), os.path.abspath(path), here],
                             env=env, capture_output=True, text=True, cwd="/")
        refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stdout + run.stderr)
        if run.returncode or not refs:
            raise RuntimeError(f"{side} failed: {(run.stdout + run.stderr).strip().splitlines()[-1:]}")
        return int(refs.group(1).replace(",", ""))

    per = {side: (count(side, games) - count(side, 0)) / games for side in ("peer", "random", "greedy")}
    out(f"North Star 4 players, instructions per game (valgrind, {games} games a side after one warm-up):")
    out(f"  peer kmacdough/evolution, silly players: {per['peer'] / 1e6:7.2f}M")
    for b in ("random", "greedy"):
        out(f"  evolab, {b} bots:{'':{23 - len(b)}} {per[b] / 1e6:7.2f}M   peer/evolab {per['peer'] / per[b]:.2f} "
            f"(games per instruction over the peer's; the timed goal >= {GOALS[b]}x)")
    return per


HOW = __doc__.split("::", 1)[1].split("Each round", 1)[0]


def main():
    ap = argparse.ArgumentParser(description="North Star 4p games/s, evolab against kmacdough/evolution")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=0.5, help="time per side per round")
    ap.add_argument("--why", type=int, default=0, metavar="GAMES",
                    help="also: decisions a game, CPU time per decision and the top of a profile, each side")
    ap.add_argument("--floor", action="store_true",
                    help="also: bots that only look at the table (and at each option), and decide nothing")
    ap.add_argument("--instructions", type=int, default=0, metavar="GAMES",
                    help="instead of timing: instructions per game of each side (valgrind), GAMES games a side")
    args = ap.parse_args()
    path = os.environ.get(ENV)
    if not path:
        print(f"{ENV} is not set: nothing to compare with. To get the peer engine (not part of evolab):{HOW}")
        return 0
    if args.instructions:
        instructions(path, args.instructions)
        return 0
    compare(path, args.rounds, args.seconds, floor=args.floor)
    if args.why:
        why(path, args.why)
    return 0


if __name__ == "__main__":
    sys.exit(main())

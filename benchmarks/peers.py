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
a log line per step otherwise), which favours the peer. Without ``EVOLAB_PEER_PATH`` this prints how to get
the peer and exits 0.
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


def peer_player(path):
    """A function that plays one complete 4-player game of the peer, and the peer's number of turns per game."""
    sys.path.insert(0, os.path.abspath(path))
    try:
        from dealer.dealer import Dealer
        from dealer.deck import Deck
        from evolution.player.player import Player
    finally:
        sys.path.pop(0)
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


def evolab_player(bot):
    """A function that plays one North Star 4-player evolab game of ``bot`` bots (a new seed each game)."""
    import evolab
    from evolab.bots import GreedyBot, RandomBot
    from evolab.seeding import derive_seed
    rs = evolab.load_ruleset("northstar", players=4)
    cls = {"random": RandomBot, "greedy": GreedyBot}[bot]
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


def compare(path, rounds=7, seconds=0.5, out=print):
    """Interleaved rounds; returns {"peer": median g/s, "random": ..., "greedy": ..., "ratio_random": ...}."""
    peer, peer_turns = peer_player(path)
    ours = {b: evolab_player(b) for b in ("random", "greedy")}
    turns = {b: statistics.mean(ours[b]() for _ in range(20)) for b in ours}
    per = {"peer": [], "random": [], "greedy": []}
    for _ in range(rounds):
        per["peer"].append(games_per_second(peer, seconds))
        for b in ours:
            per[b].append(games_per_second(ours[b], seconds))
    med = {k: statistics.median(v) for k, v in per.items()}
    out(f"North Star 4 players, {rounds} interleaved rounds of ~{seconds:g} s each (medians, one core):")
    out(f"  peer kmacdough/evolution, silly players: {med['peer']:8.1f} games/s  ({peer_turns} turns a game)")
    for b in ours:
        ratio = med[b] / med["peer"]
        per_round = statistics.median(x / y for x, y in zip(per[b], per["peer"]))
        med[f"ratio_{b}"] = ratio
        out(f"  evolab, {b} bots:{'':{23 - len(b)}} {med[b]:8.1f} games/s  ({turns[b]:.1f} turns a game)  "
            f"ratio {ratio:.2f}x (median of per-round ratios {per_round:.2f}x), goal >= {GOALS[b]}x")
    return med


HOW = __doc__.split("::", 1)[1].split("Each round", 1)[0]


def main():
    ap = argparse.ArgumentParser(description="North Star 4p games/s, evolab against kmacdough/evolution")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=0.5, help="time per side per round")
    args = ap.parse_args()
    path = os.environ.get(ENV)
    if not path:
        print(f"{ENV} is not set: nothing to compare with. To get the peer engine (not part of evolab):{HOW}")
        return 0
    compare(path, args.rounds, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Hostile files against the loaders: a big seeded fuzz of saved positions per edition, and the cost of
refusing oversized, deeply nested and over-long files next to loading a real saved game in the same run.

    python benchmarks/load_fuzz.py                        # 20,000 files per edition, board every 10th loaded
    python benchmarks/load_fuzz.py --files 2000 --seeds 3 --playout 20
    python benchmarks/load_fuzz.py --limits-only

Counts per edition, for changed positions and (a fifth as many) changed saved games: files tried, refused
(and how many named exactly the changed field), loaded and played on, other exceptions (must be 0),
refusals that named no field (must be 0).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import sys
import tempfile
import time
import tracemalloc

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests"))

from fuzz_saves import Tally, attack, attack_records, write_huge_record  # noqa: E402

from evolab import GameRecord, Match, SaveFileError, load_ruleset, load_state  # noqa: E402
from evolab.validation import MAX_MOVES  # noqa: E402


def fuzz(args):
    bad = 0
    for edition in args.editions:
        t0 = time.perf_counter()
        tally = Tally()
        for seed in range(args.seeds):
            attack(edition, args.files // args.seeds, seed=1000 + seed, per_game=args.per_game,
                   board_every=args.board_every, playout=args.playout, tally=tally)
        print("positions " + tally.line(edition) + f" ({time.perf_counter() - t0:.0f} s)")
        t0 = time.perf_counter()
        games = Tally()
        for seed in range(args.seeds):
            attack_records(edition, args.files // 5 // args.seeds, seed=1000 + seed, tally=games)
        print("games     " + games.line(edition) + f" ({time.perf_counter() - t0:.0f} s)")
        for t in (tally, games):
            for label, tb in t.other[:5] + t.unnamed[:5]:
                print("   ", label, "\n   ", str(tb).strip().splitlines()[-1][:200])
            bad += len(t.other) + len(t.unnamed)
    return bad


def _timed(fn):
    """(seconds, peak bytes allocated, outcome): timed without tracing, then traced for memory."""
    def once():
        try:
            fn()
            return "loaded"
        except SaveFileError as e:
            return f"refused: {str(e)[:70]}"
    t0 = time.perf_counter()
    out = once()
    dt = time.perf_counter() - t0
    tracemalloc.start()
    once()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return dt, peak, out


def limits():
    m = Match(load_ruleset("random_mutations", players=8), seats=["greedy"] * 8, seed=1)
    m.play_out()
    real = m.record.to_json(indent=1)
    with tempfile.TemporaryDirectory() as tmp:
        huge = pathlib.Path(tmp) / "huge.json"
        write_huge_record(huge, 50)
        d = json.loads(real)
        d["moves"] = [{"type": "Pass"}] * (MAX_MOVES + 1)
        d.pop("checksum")
        d["checksum"] = hashlib.sha256(json.dumps(d, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
        long_record = json.dumps(d)
        cases = [
            (f"a real saved game ({len(real) // 1024} KB, {len(m.record.moves)} moves)",
             lambda: GameRecord.from_json(real)),
            ("a 50 MB record on disk", lambda: GameRecord.load(huge)),
            ("'[' * 100000", lambda: GameRecord.from_json("[" * 100_000)),
            ("'[' * 100000 as a position", lambda: load_state("[" * 100_000)),
            (f"{MAX_MOVES + 1:,} moves ({len(long_record) // 1024} KB)", lambda: GameRecord.from_json(long_record)),
        ]
        rows = [(name,) + _timed(fn) for name, fn in cases]
    base = rows[0][1]
    print(f"{'file':<42} {'time':>9} {'x real load':>11} {'peak memory':>12}  outcome")
    for name, dt, peak, out in rows:
        print(f"{name:<42} {dt * 1000:7.1f}ms {dt / base:11.2f} {peak / 2 ** 20:10.1f}MB  {out}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--files", type=int, default=20_000, help="changed files per edition")
    ap.add_argument("--seeds", type=int, default=4, help="corpora (games and changes) to split them over")
    ap.add_argument("--per-game", type=int, default=60, help="positions taken from each game")
    ap.add_argument("--board-every", type=int, default=10, help="draw the board for every n-th loaded file")
    ap.add_argument("--playout", type=int, default=10, help="random moves played on after each load")
    ap.add_argument("--editions", nargs="+", default=["origin", "random_mutations", "northstar"])
    ap.add_argument("--limits-only", action="store_true")
    args = ap.parse_args()
    limits()
    if not args.limits_only:
        sys.exit(1 if fuzz(args) else 0)


if __name__ == "__main__":
    main()

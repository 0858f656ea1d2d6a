"""GameRecord: a whole game as JSON (ruleset, options, seed, every move including nature's), and replay.

Saved games are JSON, never pickle. A record carries a sha256 checksum of its content, so a file that
was edited by hand or damaged is refused with ``SaveFileError`` instead of being half loaded.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from .actions import move_from_dict
from .errors import EvolabError, SaveFileError
from .rules import ruleset_class

FORMAT = "evolab.game/1"


@dataclass
class GameRecord:
    """Everything needed to rebuild a game: replaying ``moves`` from the start gives the same state."""

    ruleset: str
    options: dict
    seed: object = None
    moves: list = field(default_factory=list)
    start: dict | None = None       # a position from ``scenario`` (None: a new game)
    version: str | None = None      # the edition's rules version it was played under (None: the current one)
    seats: list = field(default_factory=list)   # who played each seat (for people reading the file)

    def __post_init__(self):
        if self.version is None:
            try:
                self.version = ruleset_class(self.ruleset).version
            except EvolabError:
                self.version = ""      # an unknown edition: refused when it is loaded

    def load_ruleset(self):
        """The ruleset to replay under; a game played under another version of the rules is refused, since
        its moves would not replay to the same game (evolab keeps only the current rules)."""
        from .rules import load_ruleset
        _check_version(self.ruleset, self.version)
        return load_ruleset(self.ruleset, **self.options)

    def initial_state(self):
        rs = self.load_ruleset()
        if self.start is None:
            return rs.new_game()
        return rs.state_from_dict(self.start)

    def replay(self, upto: int | None = None, events: bool = False):
        """The state after the first ``upto`` moves (all by default); with ``events``, also their events."""
        s = self.initial_state()
        rs = s.ruleset
        evs = [] if events else None
        for m in self.moves[:upto]:
            v = rs.check(s, m)
            if v is not None:
                raise SaveFileError(f"move {m!r} cannot be replayed: {v[1]} [{v[0]}]")
            rs.apply_inplace(s, m, evs)
        return (s, evs) if events else s

    def turn_start(self, turn: int) -> int:
        """The number of moves played before ``turn`` began (its development phase)."""
        if not isinstance(turn, int) or turn < 1:
            raise ValueError(f"turn must be a whole number >= 1, got {turn!r}")
        s = self.initial_state()
        rs = s.ruleset
        if s.turn >= turn and s.phase != "deal":
            return 0
        for i, m in enumerate(self.moves):
            rs.apply_inplace(s, m, None)
            if s.turn >= turn and s.phase not in ("deal", "first_player"):
                return i + 1
        raise ValueError(f"the game ended in turn {s.turn}; it has no turn {turn}")

    # ---- JSON -------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        body = {"format": FORMAT, "ruleset": self.ruleset, "version": self.version,
                "options": self.options, "seed": self.seed, "seats": list(self.seats),
                "start": self.start, "moves": [m.to_dict() for m in self.moves]}
        body["checksum"] = _checksum(body)
        return body

    def to_json(self, indent=None) -> str:
        return json.dumps(self.to_dict(), indent=indent, sort_keys=True)

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json(indent=1))

    @classmethod
    def from_json(cls, text: str, verify: bool = True) -> "GameRecord":
        """Parse and check a saved game; replays it to make sure every move is legal."""
        try:
            d = json.loads(text)
        except (ValueError, TypeError) as e:
            raise SaveFileError(f"not a saved game: the file is not valid JSON ({e})") from None
        return cls.from_dict(d, verify)

    @classmethod
    def from_dict(cls, d, verify: bool = True) -> "GameRecord":
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise SaveFileError(f"not an evolab saved game (expected format {FORMAT!r})")
        missing = {"ruleset", "version", "options", "seed", "moves", "checksum", "start"} - set(d)
        if missing:
            raise SaveFileError(f"the saved game lacks {sorted(missing)}")
        body = {k: v for k, v in d.items() if k != "checksum"}
        if _checksum(body) != d["checksum"]:
            raise SaveFileError("the saved game was changed after it was saved (checksum mismatch); refusing to load it")
        if not isinstance(d["moves"], list) or not isinstance(d["options"], dict) or not isinstance(d["version"], str):
            raise SaveFileError("the saved game's moves, options or version are malformed")
        _check_version(d["ruleset"], d["version"])
        try:
            moves = [move_from_dict(m) for m in d["moves"]]
        except (ValueError, TypeError) as e:
            raise SaveFileError(f"the saved game holds a malformed move: {e}") from None
        rec = cls(d["ruleset"], d["options"], d["seed"], moves, d["start"], d["version"], d.get("seats", []))
        if verify:
            rec.verify()
        return rec

    @classmethod
    def load(cls, path) -> "GameRecord":
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as e:
            raise SaveFileError(f"cannot read {path}: {e}") from None
        return cls.from_json(text)

    def verify(self):
        """Replay the whole record; any problem becomes a ``SaveFileError``."""
        try:
            self.replay()
        except SaveFileError:
            raise
        except EvolabError as e:
            raise SaveFileError(f"the saved game cannot be replayed: {e}") from None
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
            raise SaveFileError(f"the saved game is corrupt: {e!r}") from None


def _check_version(ruleset_id, version):
    """Refuse a game played under another version of its edition's rules: evolab keeps only the current
    rules, and the old moves would not replay to the same game."""
    try:
        rs = ruleset_class(ruleset_id)
    except EvolabError:
        return                      # an unknown edition is refused when the game is replayed
    if version != rs.version:
        why = rs.changes.get(rs.version, "")
        raise SaveFileError(f"this game was saved under version {version!r} of the {rs.name} rules; evolab now "
                            f"plays version {rs.version!r}{f' ({why})' if why else ''}, so it cannot be replayed "
                            f"faithfully")


def _checksum(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def save_state(state) -> str:
    """A single position as JSON (with checksum), e.g. a scenario a teacher prepared."""
    body = {"format": "evolab.state/1", "state": state.to_dict()}
    body["checksum"] = _checksum(body)
    return json.dumps(body, sort_keys=True)


def load_state(text: str):
    """The position saved by ``save_state``; refuses corrupt or edited files with ``SaveFileError``."""
    from .rules import load_ruleset
    try:
        d = json.loads(text)
    except (ValueError, TypeError) as e:
        raise SaveFileError(f"not a saved position: invalid JSON ({e})") from None
    if not isinstance(d, dict) or d.get("format") != "evolab.state/1" or "checksum" not in d:
        raise SaveFileError("not an evolab saved position")
    body = {k: v for k, v in d.items() if k != "checksum"}
    if _checksum(body) != d["checksum"]:
        raise SaveFileError("the saved position was changed after it was saved (checksum mismatch)")
    try:
        sd = d["state"]
        rs = load_ruleset(sd["ruleset"]["id"], **sd["ruleset"]["options"])
        return rs.state_from_dict(sd)
    except EvolabError as e:
        raise SaveFileError(f"the saved position is not valid: {e}") from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
        raise SaveFileError(f"the saved position is corrupt: {e!r}") from None

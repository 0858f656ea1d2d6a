"""GameRecord: a whole game as JSON (ruleset, options, seed, every move including nature's), and replay.

Saved games are JSON, never pickle. A record carries a sha256 checksum of its content, so a file that
was edited by hand or damaged is refused with ``SaveFileError`` instead of being half loaded; a file that
was edited and given a new checksum is read field by field (the header, every move, the start position
in full) and replayed, and refused with the field at fault. Files larger than
``evolab.validation.MAX_FILE_BYTES`` (4 MiB), nested deeper than ``MAX_DEPTH`` or holding more than
``MAX_MOVES`` (50,000) moves are refused before they are parsed or built.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from .errors import EvolabError, SaveFileError
from .i18n import _
from .rules import ruleset_class
from .validation import (MAX_MOVES, Anything, Context, Items, MoveSpec, OrNone, Record, Text, parse_json,
                         read_text, show)

FORMAT = "evolab.game/1"
STATE_FORMAT = "evolab.state/1"
#: Largest seed a record may hold (derived seeds have 63 bits).
MAX_SEED = 2 ** 64


class _Seed:
    """A record's seed: null, a whole number below 2**64 in size, or a short text."""

    def read(self, v, path, ctx):
        if v is None or (type(v) is int and abs(v) < MAX_SEED) or (type(v) is str and len(v) <= 200):
            return v
        ctx.fail(path, f"must be null, a whole number below 2**64 or a short text, got {show(v)}")


_HEADER = Record({
    "format": Text((FORMAT,)), "ruleset": Text(), "version": Text(), "options": Anything(), "seed": _Seed(),
    "seats": Items(Text(), most=8, as_list=True), "start": OrNone(Anything()),
    "moves": Items(Anything(), most=MAX_MOVES, as_list=True), "checksum": Text(),
}, optional=("seats",))
_POSITION = Record({"format": Text((STATE_FORMAT,)), "state": Anything(), "checksum": Text()})


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
        evs: list | None = [] if events else None
        for i, m in enumerate(self.moves[:upto]):
            v = rs.check(s, m)
            if v is not None:
                raise SaveFileError(_("moves[{i}]: move {move} cannot be replayed: {why} [{rule}]").format(
                    i=i, move=repr(m), why=v[1], rule=v[0]), f"moves[{i}]")
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
    def from_json(cls, text, verify: bool = True) -> GameRecord:
        """Parse and check a saved game (text or bytes); replays it to make sure every move is legal."""
        return cls.from_dict(parse_json(text, "saved game"), verify)

    @classmethod
    def from_dict(cls, d, verify: bool = True) -> GameRecord:
        """Check a parsed saved game field by field (``SaveFileError`` names the field), then replay it."""
        from .errors import UnknownRuleset
        from .rules.loading import load as load_options
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise SaveFileError(_("not an evolab saved game (expected format {format})").format(format=repr(FORMAT)),
                                "format")
        ctx = Context(SaveFileError)
        if type(d.get("moves")) is list and len(d["moves"]) > MAX_MOVES:      # before any other work
            ctx.fail("moves", _("{n:,} moves; no real game has more than {most:,}").format(n=len(d["moves"]),
                                                                                          most=MAX_MOVES))
        body = {k: v for k, v in d.items() if k != "checksum"}
        if _checksum(body) != d.get("checksum"):
            raise SaveFileError(_("the saved game was changed after it was saved (checksum mismatch); refusing to "
                                  "load it"), "checksum")
        h = ctx.read(_HEADER, d)            # the key set, types, and no more than MAX_MOVES moves
        try:
            cls_ = ruleset_class(h["ruleset"])
        except UnknownRuleset as e:
            ctx.fail("ruleset", str(e))
        if h["version"] != cls_.version:
            ctx.fail("version", _version_refusal(cls_, h["version"]))
        rs = load_options(cls_, h["options"], ctx, "options")
        seats = h.get("seats", [])
        if seats and len(seats) != rs.players:
            ctx.fail("seats", _("must name the {n} seats of this game, got {got}").format(n=rs.players,
                                                                                         got=len(seats)))
        if any(len(x) > 200 for x in seats):
            ctx.fail("seats", _("a seat's description is at most 200 characters"))
        moves = ctx.read(Items(MoveSpec(tuple(rs.apply_table), rs.field_types), most=MAX_MOVES), d["moves"],
                         "moves")
        if h["start"] is not None:
            rs.state_from_dict(h["start"], prefix="start.")
        rec = cls(h["ruleset"], h["options"], h["seed"], list(moves), h["start"],
                  h["version"], seats)
        if verify:
            rec.verify()
        return rec

    @classmethod
    def load(cls, path) -> GameRecord:
        """A saved game from a file (at most ``MAX_FILE_BYTES``: a larger file is refused unread)."""
        return cls.from_json(read_text(path, "saved game"))

    def verify(self):
        """Replay the whole record; any problem becomes a ``SaveFileError``."""
        try:
            self.replay()
        except SaveFileError:
            raise
        except EvolabError as e:
            raise SaveFileError(_("the saved game cannot be replayed: {error}").format(error=e)) from None
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
            raise SaveFileError(_("the saved game is corrupt: {error}").format(error=repr(e))) from None


def _check_version(ruleset_id, version):
    """Refuse a game played under another version of its edition's rules: evolab keeps only the current
    rules, and the old moves would not replay to the same game."""
    try:
        rs = ruleset_class(ruleset_id)
    except EvolabError:
        return                      # an unknown edition is refused when the game is replayed
    if version != rs.version:
        raise SaveFileError(_version_refusal(rs, version), "version")


def _version_refusal(rs, version) -> str:
    why = rs.changes.get(rs.version, "")
    return _("this game was saved under version {old} of the {rules} rules; evolab now plays version {new}{why}, "
             "so it cannot be replayed faithfully").format(old=repr(version), rules=rs.name, new=repr(rs.version),
                                                           why=f" ({why})" if why else "")


def _checksum(body: dict) -> str:
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def save_state(state) -> str:
    """A single position as JSON (with checksum), e.g. a scenario a teacher prepared."""
    body = {"format": STATE_FORMAT, "state": state.to_dict()}
    body["checksum"] = _checksum(body)
    return json.dumps(body, sort_keys=True)


def load_state(text):
    """The position saved by ``save_state``; refuses corrupt or edited files with ``SaveFileError``.

    Every field is checked (types, ranges, ids that must exist, cards adding up, the phase agreeing with
    what is pending), and the error's ``field`` names the one at fault (``state.animals[2].owner``). Text
    over ``MAX_FILE_BYTES`` (4 MiB) or nested deeper than ``MAX_DEPTH`` is refused before parsing."""
    from .rules.loading import ruleset_of
    d = parse_json(text, "saved position")
    if not isinstance(d, dict) or d.get("format") != STATE_FORMAT:
        raise SaveFileError(_("not an evolab saved position (expected format {format})").format(
            format=repr(STATE_FORMAT)), "format")
    ctx = Context(SaveFileError)
    body = {k: v for k, v in d.items() if k != "checksum"}
    if _checksum(body) != d.get("checksum"):
        raise SaveFileError(_("the saved position was changed after it was saved (checksum mismatch)"), "checksum")
    ctx.read(_POSITION, d)
    sd = d["state"]
    if type(sd) is not dict:
        ctx.fail("state", _("must be an object, got {value}").format(value=show(sd)))
    rs = ruleset_of(sd.get("ruleset"), Context(SaveFileError, "state."))
    try:
        return rs.state_from_dict(sd, prefix="state.")
    except SaveFileError:
        raise
    except EvolabError as e:
        raise SaveFileError(_("the saved position is not valid: {error}").format(error=e)) from None
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as e:
        raise SaveFileError(_("the saved position is corrupt: {error}").format(error=repr(e))) from None

"""Checks every edition's saved positions share: the ruleset a position names, unique ids, the end of the
game, and that the seat to move has something to do. Each failure names the field at fault."""
from __future__ import annotations

from ..actions import CHANCE, TERMINAL
from ..errors import OptionError, UnknownRuleset
from ..validation import Anything, Context, Record, Text, show

RULESET = Record({"id": Text(), "options": Anything()})


def ruleset_of(d, ctx: Context, path="ruleset"):
    """The ruleset a position's ``ruleset`` field names (``{"id": ..., "options": {...}}``), options checked."""
    from . import ruleset_class
    r = ctx.read(RULESET, d, path)
    try:
        cls = ruleset_class(r["id"])
    except UnknownRuleset as e:
        ctx.fail(f"{path}.id", str(e))
    return load(cls, r["options"], ctx, f"{path}.options")


def load(cls, options, ctx: Context, path="options"):
    """``cls.load(**options)`` for options read from a file or a table, each refusal naming its option."""
    if type(options) is not dict:
        ctx.fail(path, f"must be an object of rules options, got {show(options)}")
    specs = cls.option_specs
    for name, value in options.items():
        where = f"{path}.{name}"
        if name not in specs:
            ctx.fail(where, f"is not an option of {cls.id!r}; options: {sorted(specs)}")
        try:
            specs[name].validate(value)
        except OptionError as e:
            ctx.fail(where, str(e))
        except (TypeError, ValueError, AttributeError) as e:   # an option's own check met a value of the wrong kind
            ctx.fail(where, f"has a value of the wrong kind ({e})")
    try:
        return cls.load(**options)
    except OptionError as e:
        ctx.fail(path, str(e))


def seats(rs, d, ctx: Context):
    """A position's own count of seats agrees with its rules (checked first: every per-seat list needs it)."""
    if type(d) is dict and type(d.get("players")) is int and d["players"] != rs.players:
        ctx.fail("players", f"the position has {d['players']} seats but its rules have {rs.players}")


def same_ruleset(rs, d, ctx: Context):
    """A position loaded for ``rs`` must have been saved under ``rs`` (same edition and options)."""
    if ruleset_of(d, ctx) != rs:
        ctx.fail("ruleset", f"the position was saved under other rules than {rs!r}")


def unique(values, path: str, what: str, ctx: Context):
    """Every value appears once (ids of animals, cards, links...)."""
    seen = set()
    for i, v in enumerate(values):
        if v in seen:
            ctx.fail(path(i) if callable(path) else path, f"{what} {v} appears twice")
        seen.add(v)


def counter_ids(items, next_uid: int, ctx: Context):
    """Ids drawn from one counter (``next_uid``): given as (path, id), all different and all below it."""
    seen: dict = {}
    for path, u in items:
        if u in seen:
            ctx.fail(path, f"id {u} is also used by {seen[u]}")
        if u >= next_uid:
            ctx.fail(path, f"id {u} is not below next_uid ({next_uid})")
        seen[u] = path


def in_order(cards, index: dict, path: str, ctx: Context):
    """A hand is kept in card order, as the game keeps it."""
    keys = [index[c] for c in cards]
    if keys != sorted(keys):
        ctx.fail(path, "cards must be in the deck's card order, as the game keeps a hand")


def game_end(s, ctx: Context, shared_win=False):
    """The winner, ties and the last phases agree: a winner only when the game is over, a tie only in the
    tie-break (or after it), and a tie-break among two or more seats."""
    n = s.players
    if s.phase == "over":
        if s.winner < 0 and not shared_win:
            ctx.fail("winner", "a finished game has a winner")
    elif s.winner >= 0:
        ctx.fail("winner", f"the game is not over (phase {s.phase!r}) but names a winner")
    tied = s.tied if hasattr(s, "tied") else s.winners
    if len(set(tied)) != len(tied) or any(not 0 <= t < n for t in tied):
        ctx.fail("tied" if hasattr(s, "tied") else "winners", "must list different seats")
    if s.phase == "tiebreak" and len(tied) < 2:
        ctx.fail("tied", "a tie-break is between two or more seats")
    if tied and s.phase not in ("tiebreak", "over"):
        ctx.fail("tied" if hasattr(s, "tied") else "winners", f"a tie is only settled at the end (phase {s.phase!r})")


def live(rs, s, ctx: Context):
    """Unless the game is over, nature has outcomes to draw from or the seat to move has a legal action."""
    who = rs.to_move(s)
    if who == TERMINAL:
        return
    if who == CHANCE:
        if not rs.chance_outcomes(s):
            ctx.fail("phase", f"nature moves in phase {s.phase!r} but has nothing to draw or roll")
    elif not rs.legal_actions(s):
        ctx.fail("phase", f"seat {who} must decide in phase {s.phase!r} but has no legal action")


# ---- scenario tables ---------------------------------------------------------------------------------
def open_scenario(cls, spec, keys, default_players=None):
    """Start reading a ``scenario`` spec: a dict with known keys only, ``players`` and ``options`` giving the
    ruleset. Returns (ruleset, context) for reading the rest; errors are ``ScenarioError`` naming the key."""
    from ..errors import ScenarioError
    ctx = Context(ScenarioError)
    if type(spec) is not dict:
        raise ScenarioError(f"a scenario is a dict (JSON object), got {type(spec).__name__}", "")
    for k in spec:
        if k not in keys:
            ctx.fail(str(k), f"is not a scenario key; allowed: {sorted(keys)}")
    options = spec.get("options", {})
    if type(options) is not dict:
        ctx.fail("options", f"must be a dict of rules options, got {show(options)}")
    options = dict(options)
    if "players" in spec:
        try:
            cls.option_specs["players"].validate(spec["players"])
        except OptionError as e:
            ctx.fail("players", str(e))
        options["players"] = spec["players"]
    elif default_players is not None:
        options.setdefault("players", default_players)
    rs = load(cls, options, ctx)
    ctx.n = rs.players
    return rs, ctx


def settled(rs, s, ctx, validate, settle):
    """Check a table set up by ``scenario``, let play move on to a real decision, and check it again;
    a refusal by the state checks becomes the ``ScenarioError`` of ``ctx``, naming the field."""
    from ..errors import SaveFileError
    try:
        validate(rs, s, at_rest=False)
        settle(s)
        validate(rs, s)
    except SaveFileError as e:
        raise ctx.error(f"{e} (no real table looks like this)", e.field) from None
    return s


# ---- one edition's saved positions --------------------------------------------------------------------
class StateFile:
    """How one edition reads and checks its positions: the state class and its plain fields, the schema of
    ``to_dict()``, the facts the schema needs, how the rest is built, and what must agree (``consistent``);
    ``later``: fields added after saves already existed, with the value (a list) an older save means."""

    def __init__(self, cls, plain, schema, build, consistent, facts=lambda rs: {}, later=None):
        self.cls, self.plain, self.schema = cls, plain, schema
        self.build, self.consistent, self.facts = build, consistent, facts
        self.later = dict(later or {})

    def context(self, rs, prefix=""):
        from ..errors import SaveFileError
        return Context(SaveFileError, prefix, n=rs.players, **self.facts(rs))

    def read(self, rs, d, prefix: str = ""):
        """Rebuild a state from its ``to_dict()`` form; ``SaveFileError`` naming the field on bad data."""
        if self.later and type(d) is dict and any(k not in d for k in self.later):
            d = {**{k: list(v) for k, v in self.later.items()}, **d}
        ctx = self.context(rs, prefix)
        seats(rs, d, ctx)
        v = ctx.read(self.schema, d)
        same_ruleset(rs, d["ruleset"], ctx)
        s = self.cls.__new__(self.cls)
        for f in self.plain:
            setattr(s, f, v[f])
        s.ruleset = rs
        self.build(s, v, ctx)
        self.check_built(rs, s, ctx)
        return s

    def check(self, rs, s, at_rest: bool = True):
        """Refuse (``SaveFileError`` naming the field) a state no game could reach: its JSON form is read as a
        saved position would be, then everything that must agree is checked. ``at_rest=False`` skips what
        holds only once play has moved on to a real decision (a table being set up by ``scenario``)."""
        ctx = self.context(rs)
        ctx.read(self.schema, s.to_dict())
        self.check_built(rs, s, ctx, at_rest)

    def check_built(self, rs, s, ctx, at_rest=True):
        if s.players != rs.players:
            ctx.fail("players", f"this ruleset has {rs.players} seats, not {s.players}")
        for name in ("animals", "species", "links"):      # every table filed under its own id
            for i, (k, x) in enumerate(getattr(s, name, {}).items()):
                if k != getattr(x, "uid", getattr(x, "id", k)):
                    ctx.fail(f"{name}[{i}]", f"is filed under id {k} but says {getattr(x, 'uid', getattr(x, 'id', k))}")
        self.consistent(rs, s, ctx, at_rest)
        if at_rest:
            live(rs, s, ctx)

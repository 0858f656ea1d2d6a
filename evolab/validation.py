"""Reading data evolab did not write (saved games, saved positions, ``scenario`` tables): limits checked
before parsing, and a small schema language whose every refusal names the field at fault.

A file is refused before it is parsed when it is larger than ``MAX_FILE_BYTES`` or nests lists and
objects deeper than ``MAX_DEPTH``; a record with more than ``MAX_MOVES`` moves is refused before any move
is built. Every whole number in a file lies between fixed bounds (``MAX_COUNT`` at most), so no field can
make the engine work with a number of a thousand digits.
"""
from __future__ import annotations

import json
import re

from .errors import SaveFileError
from .i18n import N_, _

#: What a file was read as, in the refusals ("not a saved game: ...").
WHATS = {"saved game": N_("saved game"), "saved position": N_("saved position")}

#: Largest saved game or position read (4 MiB). The longest game we could produce (Random Mutations,
#: 8 players, 1,300 cards, ten times the food) is about 250 KB with indentation.
MAX_FILE_BYTES = 4 * 1024 * 1024
#: Most moves a record may hold. That longest game has about 4,500 moves.
MAX_MOVES = 50_000
#: Deepest nesting of lists and objects in a file (the format needs 7: a climate table in a position's options).
MAX_DEPTH = 8
#: Largest whole number any count, id or turn of a file may hold; no real game comes near it.
MAX_COUNT = 10 ** 6
#: Longest list a file may hold (hands, animals, a gene pool...): more than every card of every edition.
MAX_ITEMS = 10_000

# A JSON string; the look-ahead is atomic, so an unclosed string costs one scan, not a backtrack per character
# (possessive quantifiers would say the same but need Python 3.11).
_STRING = re.compile(r'"(?=([^"\\]*(?:\\.[^"\\]*)*))\1"')
_BRACKETS = bytes.maketrans(b"{}", b"[]")          # for depth, an object is a list
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def parse_json(text, what: str = "saved game"):
    """The JSON value of ``text`` (str or bytes), refused with ``SaveFileError`` when it is too large or
    nested too deep (both checked before parsing) or is not JSON."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_FILE_BYTES:
            raise _too_large(what, len(text))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise SaveFileError(_("not a {what}: the file is not UTF-8 text ({reason})").format(
                what=_what(what), reason=e.reason)) from None
    if not isinstance(text, str):
        raise SaveFileError(_("not a {what}: expected JSON text, got {type}").format(what=_what(what),
                                                                                     type=type(text).__name__))
    if len(text) > MAX_FILE_BYTES:
        raise _too_large(what, len(text))
    if not _nesting_within(text, MAX_DEPTH):
        raise SaveFileError(_("not a {what}: lists and objects nest deeper than the format's {depth} levels "
                              "(or a bracket is never closed)").format(what=_what(what), depth=MAX_DEPTH))
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, TypeError, RecursionError) as e:
        raise SaveFileError(_("not a {what}: the file is not valid JSON ({error})").format(what=_what(what),
                                                                                           error=e)) from None


def read_text(path, what: str = "saved game") -> bytes:
    """At most ``MAX_FILE_BYTES`` bytes of a file (never the whole of a huge one)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise SaveFileError(_("cannot read {path}: {error}").format(path=path, error=e)) from None
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(what, None)
    return data


def _too_large(what, size):
    if size is None:
        return SaveFileError(_("not a {what}: the file is larger than {limit:,} bytes; no real game comes near that "
                               "size").format(what=_what(what), limit=MAX_FILE_BYTES))
    return SaveFileError(_("not a {what}: the file is larger than {limit:,} bytes ({size:,} bytes); no real game comes "
                           "near that size").format(what=_what(what), limit=MAX_FILE_BYTES, size=size))


def _what(what: str) -> str:
    name = WHATS.get(what)
    return _(name) if name else what


def _no_constant(name):
    raise ValueError(f"{name} is not a number JSON allows")


def _nesting_within(text: str, depth: int) -> bool:
    """Whether brackets nest at most ``depth`` deep (and close): strings are blanked, everything but the
    brackets dropped, then each pass removes every adjacent ``[]`` pair, the innermost level (a replace
    never looks again at the pairs its own removals bring together). Never recursive; ``depth`` passes."""
    t = _STRING.sub('""', text).encode("utf-8", "surrogatepass").translate(_BRACKETS, _NOT_BRACKETS)
    for _level in range(depth):
        if not t:
            break
        t = t.replace(b"[]", b"")
    return not t


def show(v) -> str:
    """A short description of a value for an error message (safe for huge numbers and long texts)."""
    if isinstance(v, bool) or v is None:
        return json.dumps(v)
    if isinstance(v, int):
        return repr(v) if abs(v) < 10 ** 18 else _("a number of about {n} digits").format(
            n=int(v.bit_length() * 0.30103) + 1)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return repr(v) if len(v) <= 40 else repr(v[:37] + "...")
    if isinstance(v, (list, tuple)):
        return _("a list of {n} item(s)").format(n=len(v))
    if isinstance(v, dict):
        return _("an object with {n} key(s)").format(n=len(v))
    return type(v).__name__


# ---- a small schema language ----------------------------------------------------------------------
# A spec reads one JSON value and returns it in the engine's form (lists become tuples), or calls
# ``ctx.fail(path, message)``. Bounds and choices may be functions of ``ctx`` (e.g. the number of seats).

def _get(x, ctx):
    return x(ctx) if callable(x) else x


class Whole:
    """A whole number (never a bool or a float) between ``lo`` and ``hi``."""

    def __init__(self, lo=0, hi=MAX_COUNT):
        self.lo, self.hi = lo, hi

    def read(self, v, path, ctx):
        if type(v) is not int:
            ctx.fail(path, _("must be a whole number, got {value}").format(value=show(v)))
        lo, hi = _get(self.lo, ctx), _get(self.hi, ctx)
        if not lo <= v <= hi:
            ctx.fail(path, _("must be between {low} and {high}, got {value}").format(low=lo, high=hi, value=show(v)))
        return v


class Flag:
    """true or false (never 0 or 1)."""

    def read(self, v, path, ctx):
        if type(v) is not bool:
            ctx.fail(path, _("must be true or false, got {value}").format(value=show(v)))
        return v


class Text:
    """A string, one of ``choices`` when they are given."""

    def __init__(self, choices=None):
        self.choices = choices

    def read(self, v, path, ctx):
        if type(v) is not str:
            ctx.fail(path, _("must be a text, got {value}").format(value=show(v)))
        choices = _get(self.choices, ctx)
        if choices is not None and v not in choices:
            listed = sorted(choices) if len(choices) <= 20 else _("{n} known values").format(n=len(choices))
            ctx.fail(path, _("{value} is not allowed here; allowed: {allowed}").format(value=show(v), allowed=listed))
        return v


class Items:
    """A list of values of one spec (a tuple in the engine), of ``length`` items or at most ``most``."""

    def __init__(self, item, length=None, most=MAX_ITEMS, as_list=False):
        self.item, self.length, self.most, self.as_list = item, length, most, as_list

    def read(self, v, path, ctx):
        if type(v) not in (list, tuple):            # a tuple is a list to Python callers of scenario()
            ctx.fail(path, _("must be a list, got {value}").format(value=show(v)))
        n = _get(self.length, ctx)
        if n is not None and len(v) != n:
            ctx.fail(path, _("must have {n} item(s), got {got}").format(n=n, got=len(v)))
        most = _get(self.most, ctx)
        if len(v) > most:
            ctx.fail(path, _("must have at most {n} item(s), got {got}").format(n=most, got=len(v)))
        out = [self.item.read(x, f"{path}[{i}]", ctx) for i, x in enumerate(v)]
        return out if self.as_list else tuple(out)


class Row:
    """A fixed-length list whose items have their own specs (e.g. ``[uid, card, trait]``), as a tuple."""

    def __init__(self, *items):
        self.items = items

    def read(self, v, path, ctx):
        if type(v) not in (list, tuple) or len(v) != len(self.items):
            ctx.fail(path, _("must be a list of {n} items, got {value}").format(n=len(self.items), value=show(v)))
        return tuple(spec.read(x, f"{path}[{i}]", ctx) for i, (spec, x) in enumerate(zip(self.items, v)))


class Record:
    """A JSON object with exactly the given keys (``optional`` ones may be missing), read into a dict."""

    def __init__(self, fields: dict, optional=()):
        self.fields, self.optional = fields, frozenset(optional)

    def read(self, v, path, ctx):
        if type(v) is not dict:
            ctx.fail(path, _("must be an object, got {value}").format(value=show(v)))
        for k in v:
            if k not in self.fields:
                ctx.fail(_join(path, str(k)), _("is not a field of this object (fields: {fields})").format(
                    fields=sorted(self.fields)))
        out = {}
        for k, spec in self.fields.items():
            if k not in v:
                if k in self.optional:
                    continue
                ctx.fail(_join(path, k), _("is missing"))
            out[k] = spec.read(v[k], _join(path, k), ctx)
        return out


class OrNone:
    """``null`` or a value of ``spec``."""

    def __init__(self, spec):
        self.spec = spec

    def read(self, v, path, ctx):
        return None if v is None else self.spec.read(v, path, ctx)


class Anything:
    """Any JSON value, kept as it is (checked elsewhere, e.g. options by the ruleset)."""

    def read(self, v, path, ctx):
        return v


def _join(path, key):
    return f"{path}.{key}" if path else key


class Context:
    """Where a document is read: the error to raise, a prefix for paths (``start.``) and facts the specs
    need (``n``: seats; anything else an edition sets)."""

    def __init__(self, error=SaveFileError, prefix="", **facts):
        self.error, self.prefix = error, prefix
        self.__dict__.update(facts)

    def fail(self, path, message):
        field = f"{self.prefix}{path}"
        raise self.error(f"{field}: {message}", field)

    def read(self, spec, value, path=""):
        return spec.read(value, path, self)


SEAT = Whole(0, lambda c: c.n - 1)
SEAT_OR_NONE = Whole(-1, lambda c: c.n - 1)
COUNT = Whole(0)
ID = Whole(1)
FLAG = Flag()


def per_seat(spec, as_list=False):
    """One value per seat."""
    return Items(spec, length=lambda c: c.n, as_list=as_list)


class MoveSpec:
    """An action or chance outcome (``Move.to_dict()``): a known type with every field a JSON scalar or a
    flat list of them; ``types`` limits which moves may appear, ``field_types`` fixes a field's exact type."""

    def __init__(self, types=None, field_types=None):
        self.types, self.field_types = types, field_types

    def read(self, v, path, ctx):
        from .actions import move_from_dict
        try:
            m = move_from_dict(v)
        except (ValueError, TypeError) as e:
            ctx.fail(path, str(e)[:200])
        kinds = _get(self.field_types, ctx) or {}
        for name in m._field_names:
            x = getattr(m, name)
            want = kinds.get(name)
            if want is not None and type(x) is not want:
                ctx.fail(f"{path}.{name}", _("must be a {type}, got {value}").format(type=want.__name__, value=show(x)))
            if isinstance(x, tuple):
                if len(x) > 8 or any(type(y) not in (int, str, bool) for y in x):
                    ctx.fail(f"{path}.{name}", _("must be a short list of numbers or texts, got {value}").format(
                        value=show(x)))
            elif type(x) not in (int, str, bool) or (type(x) is int and abs(x) > MAX_COUNT) \
                    or (type(x) is str and len(x) > 200):
                ctx.fail(f"{path}.{name}", _("{value} is not a value a move can hold").format(value=show(x)))
        types = _get(self.types, ctx)
        if types is not None and type(m) not in types:
            ctx.fail(f"{path}.type", _("a {type} cannot appear here").format(type=type(m).__name__))
        return m

"""Small frozen value classes (actions, events) built cheaply.

``value_class`` gives what ``dataclass(frozen=True, slots=True)`` gives — ``__init__`` with defaults, ``repr``,
``==`` and ``hash`` over the fields, immutability, ``__match_args__``, pickling, and ``dataclasses.fields`` /
``replace`` / ``asdict`` — at a fraction of the cost of building the class: evolab defines about ninety of them
and ``dataclass`` compiled six or seven functions for each at import. Here ``__init__``, ``==`` and ``hash``
come from one compiled template per field layout, shared by the classes with that layout; the other methods
are shared functions. A value of three fields or more is built as an object of a plain twin class that holds
the slots (its fields set as any attribute is, without the frozen class's ``__setattr__``), then given its own
class: about 0.7 of the cost of setting each slot through its descriptor, as ``dataclass`` does (events are built by
the hundred a game); with fewer fields the change of class costs more than it saves, and ``__init__`` sets them
through their descriptors.
"""
from __future__ import annotations

import dataclasses

_FIELD = getattr(dataclasses, "_FIELD", None)      # what ``dataclasses.fields`` recognises as a field
_MISSING = dataclasses.MISSING
_TEMPLATES: dict = {}                              # (field names, number of defaults) -> methods factory


_OWN_NAMES = frozenset({"cls", "self", "other", "_new", "_slots"})
_TWIN_FROM = 3
"""Values of at least this many fields are built in their slots' twin (``_methods_factory``)."""


def _methods_factory(names: tuple, n_defaults: int):
    """A function (the slots' twin class, defaults...) -> (the constructor, ``__eq__``, ``__hash__``) for this layout,
    compiled once (the field names are evolab's own identifiers). The constructor is a ``__new__`` that fills an
    object of the twin and makes it an object of the value class, or (under ``_TWIN_FROM`` fields) an
    ``__init__`` that sets the slots through their descriptors."""
    key = (names, n_defaults)
    make = _TEMPLATES.get(key)
    if make is None:
        if _OWN_NAMES & set(names) or any(n.startswith(("_d", "_s")) for n in names):
            raise TypeError(f"field names {sorted(names)} clash with the names of the generated methods")
        required = names[:len(names) - n_defaults]
        params = [*required, *(f"{n}=_d{i}" for i, n in enumerate(names[len(required):]))]
        mine = "".join(f"self.{n}," for n in names)
        theirs = "".join(f"other.{n}," for n in names)
        args = ["_slots", *(f"_d{i}" for i in range(n_defaults))]
        if len(names) >= _TWIN_FROM:
            body = "".join(f"  self.{n} = {n}\n" for n in names)
            build = (f" _new = object.__new__\n"
                     f" def __new__({', '.join(['cls', *params])}):\n"
                     f"  self = _new(_slots)\n{body}"
                     f"  self.__class__ = cls\n"
                     f"  return self\n")
            made = "__new__"
        else:
            sets = "".join(f" _s{i} = _slots.{n}.__set__\n" for i, n in enumerate(names))
            body = "".join(f"  _s{i}(self, {n})\n" for i, n in enumerate(names)) or "  pass\n"
            build = f"{sets} def __init__({', '.join(['self', *params])}):\n{body}"
            made = "__init__"
        src = (f"def make({', '.join(args)}):\n{build}"
               f" def __eq__(self, other):\n"
               f"  if other.__class__ is self.__class__:\n"
               f"   return ({mine}) == ({theirs})\n"
               f"  return NotImplemented\n"
               f" def __hash__(self):\n"
               f"  return hash(({mine}))\n"
               f" return {made}, __eq__, __hash__\n")
        ns: dict = {}
        exec(src, {}, ns)
        make = _TEMPLATES[key] = ns["make"]
    return make


def _repr(self):
    return f"{type(self).__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self._field_names)})"


def _setattr(self, name, value):
    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self, name):
    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def _final(cls, **kwargs):
    raise TypeError("a value class cannot be subclassed: its objects are built for its own slots (evolab.values)")


def _reduce(self):
    return type(self), tuple(getattr(self, n) for n in self._field_names)


def value_class(cls):
    """Class decorator: ``cls`` (annotated fields, optional defaults, no base with fields) as a frozen,
    slotted value class; falls back to ``dataclass`` where this Python's ``dataclasses`` differs."""
    if _FIELD is None:
        cls = dataclasses.dataclass(frozen=True, slots=True)(cls)
        cls._field_names = tuple(f.name for f in dataclasses.fields(cls))
        return cls
    annotations = cls.__dict__.get("__annotations__", {})
    names = tuple(annotations)
    defaults = [cls.__dict__[n] for n in names if n in cls.__dict__]
    if any(n not in cls.__dict__ for n in names[len(names) - len(defaults):]):
        raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    ns = {k: v for k, v in cls.__dict__.items() if k not in names and k not in ("__dict__", "__weakref__")}
    ns["__slots__"] = ()
    # the slots live in a plain twin (``_methods_factory``'s ``__new__`` fills its objects), the frozen class adds none
    slots = type(cls)(f"{cls.__name__}Slots", cls.__bases__, {"__slots__": names, "__module__": cls.__module__,
                                                                "__qualname__": f"{cls.__qualname__}Slots"})
    new = type(cls)(cls.__name__, (slots,), ns)
    new.__qualname__ = cls.__qualname__
    fields = {}
    for n in names:
        f = dataclasses.field(default=cls.__dict__.get(n, _MISSING))
        f.name, f.type, f.kw_only, f._field_type = n, annotations[n], False, _FIELD
        fields[n] = f
    make, eq, hash_ = _methods_factory(names, len(defaults))(slots, *defaults)
    for fn in (make, eq, hash_):
        fn.__qualname__ = f"{new.__qualname__}.{fn.__name__}"
    make.__annotations__ = {**annotations, "return": None}      # help() shows the fields' types
    for attr, value in ((make.__name__, make), ("__repr__", _repr), ("__eq__", eq), ("__hash__", hash_),
                        ("__setattr__", _setattr), ("__delattr__", _delattr), ("__reduce__", _reduce),
                        ("__init_subclass__", classmethod(_final)),
                        ("__match_args__", names), ("__dataclass_fields__", fields),
                        ("_field_names", names)):
        type.__setattr__(new, attr, value)
    if new.__doc__ is None:
        new.__doc__ = f"{new.__name__}({', '.join(names)})"
    return new

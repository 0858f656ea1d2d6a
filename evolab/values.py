"""Small frozen value classes (actions, events) built cheaply.

``value_class`` gives what ``dataclass(frozen=True, slots=True)`` gives — ``__init__`` with defaults, ``repr``,
``==`` and ``hash`` over the fields, immutability, ``__match_args__``, pickling, and ``dataclasses.fields`` /
``replace`` / ``asdict`` — at a fraction of the cost of building the class: evolab defines about ninety of them
and ``dataclass`` compiled six or seven functions for each at import. Here ``__init__``, ``==`` and ``hash``
come from one compiled template per field layout, shared by the classes with that layout; the other methods
are shared functions. ``__init__`` sets the slots through their descriptors, a little faster than a frozen
dataclass's ``object.__setattr__``.
"""
from __future__ import annotations

import dataclasses

_FIELD = getattr(dataclasses, "_FIELD", None)      # what ``dataclasses.fields`` recognises as a field
_MISSING = dataclasses.MISSING
_TEMPLATES: dict = {}                              # (field names, number of defaults) -> init factory


def _methods_factory(names: tuple, n_defaults: int):
    """A function (setters..., defaults...) -> (``__init__``, ``__eq__``, ``__hash__``) for this layout,
    compiled once (the field names are evolab's own identifiers)."""
    key = (names, n_defaults)
    make = _TEMPLATES.get(key)
    if make is None:
        required = names[:len(names) - n_defaults]
        params = [*required, *(f"{n}=_d{i}" for i, n in enumerate(names[len(required):]))]
        body = "".join(f"  _s{i}(self, {n})\n" for i, n in enumerate(names)) or "  pass\n"
        mine = "".join(f"self.{n}," for n in names)
        theirs = "".join(f"other.{n}," for n in names)
        args = [*(f"_s{i}" for i in range(len(names))), *(f"_d{i}" for i in range(n_defaults))]
        src = (f"def make({', '.join(args)}):\n"
               f" def __init__({', '.join(['self', *params])}):\n{body}"
               f" def __eq__(self, other):\n"
               f"  if other.__class__ is self.__class__:\n"
               f"   return ({mine}) == ({theirs})\n"
               f"  return NotImplemented\n"
               f" def __hash__(self):\n"
               f"  return hash(({mine}))\n"
               f" return __init__, __eq__, __hash__\n")
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
    ns["__slots__"] = names
    new = type(cls)(cls.__name__, cls.__bases__, ns)
    new.__qualname__ = cls.__qualname__
    fields = {}
    for n in names:
        f = dataclasses.field(default=cls.__dict__.get(n, _MISSING))
        f.name, f.type, f.kw_only, f._field_type = n, annotations[n], False, _FIELD
        fields[n] = f
    setters = [getattr(new, n).__set__ for n in names]
    init, eq, hash_ = _methods_factory(names, len(defaults))(*setters, *defaults)
    for fn in (init, eq, hash_):
        fn.__qualname__ = f"{new.__qualname__}.{fn.__name__}"
    init.__annotations__ = {**annotations, "return": None}      # help() shows the fields' types
    for attr, value in (("__init__", init), ("__repr__", _repr), ("__eq__", eq), ("__hash__", hash_),
                        ("__setattr__", _setattr), ("__delattr__", _delattr), ("__reduce__", _reduce),
                        ("__match_args__", names), ("__dataclass_fields__", fields),
                        ("_field_names", names)):
        type.__setattr__(new, attr, value)
    if new.__doc__ is None:
        new.__doc__ = f"{new.__name__}({', '.join(names)})"
    return new

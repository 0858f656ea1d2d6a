"""Actions and events are frozen value classes with exactly the behaviour ``dataclass(frozen=True, slots=True)``
gives them (``evolab.values`` builds them cheaply): the same constructor, repr, equality, hash, immutability,
pickling and ``dataclasses`` helpers."""
from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle

import pytest

from evolab.actions import MOVE_TYPES, Attack, Pass, Resolve
from evolab.events import EVENT_TYPES
from evolab.values import value_class

CLASSES = sorted({**MOVE_TYPES, **EVENT_TYPES}.items())


def twin(cls):
    """The ``dataclass(frozen=True, slots=True)`` that ``cls`` would have been."""
    ns = {"__annotations__": dict(cls.__annotations__)}
    ns.update({f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING})
    return dataclasses.dataclass(frozen=True, slots=True)(type(cls.__name__, (), ns))


def sample(cls, salt=0):
    """Arguments for every field: an int, str, bool or tuple after the annotation."""
    made = {"int": 3 + salt, "str": f"x{salt}", "bool": bool(salt), "tuple": (1, salt)}
    return [made.get(f.type, salt) for f in dataclasses.fields(cls)]


@pytest.mark.parametrize("name,cls", CLASSES)
def test_value_class_behaves_as_the_frozen_dataclass(name, cls):
    """Signature, repr, ==, hash, fields, replace, asdict, match_args and slots agree with the dataclass twin."""
    ref = twin(cls)
    assert str(inspect.signature(cls)) == str(inspect.signature(ref))
    assert [(f.name, f.type, f.default, f.init, f.kw_only) for f in dataclasses.fields(cls)] == \
        [(f.name, f.type, f.default, f.init, f.kw_only) for f in dataclasses.fields(ref)]
    assert cls.__match_args__ == ref.__match_args__ == cls._field_names
    a, b, c = cls(*sample(cls)), cls(*sample(cls)), cls(*sample(cls, 1))
    r, rc = ref(*sample(cls)), ref(*sample(cls, 1))
    assert repr(a) == repr(r) and repr(c) == repr(rc)
    assert a == b and hash(a) == hash(b) == hash(r)
    assert (a == c) == (r == rc) and (a != c) == (r != rc)
    assert a != r and (a == tuple(sample(cls))) is False          # another class is never equal
    assert dataclasses.asdict(a) == dataclasses.asdict(r) and dataclasses.is_dataclass(a)
    assert dataclasses.replace(a) == a and type(dataclasses.replace(a)) is cls
    assert not hasattr(a, "__dict__")
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a and copy.copy(a) == a


def test_value_class_is_frozen():
    """Assigning or deleting a field raises FrozenInstanceError, and no other attribute can be added."""
    a = Attack(1, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.prey = 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.prey
    with pytest.raises((dataclasses.FrozenInstanceError, AttributeError)):
        a.other = 1
    assert a == Attack(1, 2)


def test_value_class_objects_are_of_their_own_class_and_final():
    """A value is an object of its class itself, its slots held by a twin base (from three fields built in the twin,
    then given its class), and a value class cannot be subclassed (a subclass's objects would not fit the twin)."""
    from evolab.events import FoodTaken
    for v in (Attack(1, 2), FoodTaken(0, 5, "red", "food_bank", False), Pass()):
        cls = type(v)
        assert cls.__slots__ == () and cls.__mro__[1].__slots__ == cls._field_names and not hasattr(v, "__dict__")
        assert v == cls(*(getattr(v, n) for n in cls._field_names))
    with pytest.raises(TypeError, match="cannot be subclassed"):
        type("MyAttack", (Attack,), {})
    with pytest.raises(TypeError, match="cannot be subclassed"):
        type("MyFood", (FoodTaken,), {})


def test_value_class_defaults_keywords_and_errors():
    """Defaults fill in, keywords work, and a missing or unknown argument is a TypeError as for a dataclass."""
    assert Resolve(4) == Resolve(link=4, fire=True, source=-1) == Resolve(4, source=-1)
    assert Resolve(4, False, 2).fire is False and Pass() == Pass() and hash(Pass()) == hash(())
    with pytest.raises(TypeError):
        Attack(1)
    with pytest.raises(TypeError):
        Attack(1, 2, 3)
    with pytest.raises(TypeError):
        Attack(predator=1, prey=2, extra=3)
    match Attack(5, 6):
        case Attack(p, q):
            assert (p, q) == (5, 6)


def test_value_class_refuses_a_required_field_after_a_default():
    """As with a dataclass, a field without a default may not follow one with a default."""
    with pytest.raises(TypeError):
        value_class(type("Bad", (), {"__annotations__": {"a": "int", "b": "int"}, "a": 1}))

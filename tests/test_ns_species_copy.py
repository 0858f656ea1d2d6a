"""A North Star species board copies whole: ``clone`` and ``from_dict`` set every slot (they are written out field
by field for speed, so a new slot must be added to them)."""
from __future__ import annotations

from evolab.rules.northstar.state import NSSpecies


def _board():
    sp = NSSpecies(7, 2, 3)
    sp.body, sp.pop, sp.food, sp.fat = 4, 3, 2, 1
    sp.traits, sp.pending = ("carnivore:3", "fat_tissue:4"), ("horns:2",)
    return sp


def test_clone_copies_every_slot():
    sp = _board()
    twin = sp.clone()
    assert twin is not sp
    assert {k: getattr(twin, k) for k in NSSpecies.__slots__} == {k: getattr(sp, k) for k in NSSpecies.__slots__}


def test_from_dict_restores_every_saved_slot():
    sp = _board()
    back = NSSpecies.from_dict(sp.to_dict())
    assert back.to_dict() == sp.to_dict()
    assert back.names == frozenset({"carnivore", "fat_tissue"}) and back.fits is None
    assert type(back.traits) is tuple and type(back.pending) is tuple

"""The census of the table (for tracking) and the end of the game's scoring (§10)."""
from __future__ import annotations

from .species import _set_owner


def census(rs, s):
    for sp in s.species.values():
        yield sp.owner, sp.id, rs.traits_of(s, sp), len(sp.animals)


def animal_census(rs, s):
    """(seat, animal id, traits of its species) for every living animal (the Heredity tracker's unit)."""
    for sp in s.species.values():
        t = rs.traits_of(s, sp)
        for aid in sp.animals:
            yield sp.owner, aid, t

def species_census(rs, s):
    """(seat, species, Body Size, Population, traits); this edition has no Body Size (0)."""
    for sp in s.species.values():
        yield sp.owner, sp.id, 0, len(sp.animals), rs.traits_of(s, sp)

def census_traits(rs, s, sp):
    return rs.traits_of(s, sp)


def scores(rs, s) -> tuple:
    """§10: 2 per animal, 1 per trait card plus its need bonus once (shared cards score once)."""
    pts = [0] * s.players
    b = rs.need_bonus
    for sp in s.species.values():
        pts[sp.owner] += 2 * len(sp.animals) + sum(1 + b[t] for _, t in sp.own)
    for k, cards in s.sets.items():
        owner = _set_owner(s, k)
        if owner >= 0:
            pts[owner] += sum(1 + b[t] for _, t in cards)
    return tuple(pts)

def ranking(rs, s) -> list:
    sc = rs.scores(s)
    order = sorted(range(s.players), key=lambda i: (-sc[i], -s.discards[i], i))
    if s.winner >= 0:
        order.remove(s.winner)
        order.insert(0, s.winner)
    return order

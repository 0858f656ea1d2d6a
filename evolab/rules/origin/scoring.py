"""The census of the table (for tracking) and the end of the game's scoring (§11)."""
from __future__ import annotations

from .traits import POINTS


def census(rs, s):
    """(seat, unit id, trait ids, animals) for every living unit; in this edition a unit is one animal."""
    links = s.links
    for a in s.animals.values():
        cards = a.cards                   # a list comprehension, and no generator for a bare animal: read every turn
        t = tuple([c.trait for c in cards]) if cards else ()
        if a.links:
            t += tuple(links[u].trait for u in a.links)
        yield a.owner, a.id, t, 1


def scores(rs, s) -> tuple:
    """§11.2: 2 per animal, 1 per trait card (a pair card once), plus food-need bonuses."""
    pts = [0] * s.players
    for a in s.animals.values():
        p = 2 + len(a.cards)
        for c in a.cards:
            p += POINTS[c.trait]
        pts[a.owner] += p
    for l in s.links.values():
        pts[s.animals[l.a].owner] += 1
    return tuple(pts)

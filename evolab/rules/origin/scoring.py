"""The census of the table (for tracking) and the end of the game's scoring (§11)."""
from __future__ import annotations

from .traits import POINTS


def census(rs, s):
    """(seat, unit id, trait ids, animals) for every living unit; in this edition a unit is one animal."""
    links = s.links
    for a in s.animals.values():
        t = tuple(c.trait for c in a.cards)
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

def ranking(rs, s) -> list:
    """Seats best first by points, then discard pile size (the dice decide the winner only)."""
    sc = rs.scores(s)
    order = sorted(range(s.players), key=lambda i: (-sc[i], -s.discards[i], i))
    if s.winner >= 0:
        order.remove(s.winner)
        order.insert(0, s.winner)
    return order

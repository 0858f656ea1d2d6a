"""The census of the table (for tracking) and the end of the game (§10): points, tie-breaks, shared wins."""
from __future__ import annotations

from ...events import GameOver


def scores(rs, s) -> tuple:
    """§10: food in the bag + Population and trait cards of each surviving species."""
    pts = list(s.bags)
    for sp in s.species.values():
        pts[sp.owner] += sp.pop + len(sp.traits) + len(sp.pending)
        if rs.options["score_fat"]:
            pts[sp.owner] += sp.fat
        if rs.options["score_body_size"]:
            pts[sp.owner] += sp.body
    return tuple(pts)

def tie_key(rs, s, seat):
    mine = s.species_of(seat)
    return (sum(len(sp.traits) + len(sp.pending) for sp in mine), sum(sp.pop + sp.body for sp in mine))

def winners(rs, s) -> tuple:
    """§10: the seats that won; several when the tie-breaks leave a tie (the tied players share the win)."""
    return tuple(s.winners) if s.phase == "over" else ()

def ranking(rs, s) -> list:
    sc = rs.scores(s)
    return sorted(range(s.players), key=lambda i: (-sc[i], tuple(-x for x in rs.tie_key(s, i)), i))

def census(rs, s):
    for sp in s.species.values():
        yield sp.owner, sp.id, sp.trait_ids, sp.pop

def species_census(rs, s):
    for sp in s.species.values():
        yield sp.owner, sp.id, sp.body, sp.pop, sp.trait_ids

def census_traits(rs, s, sp):
    return sp.trait_ids

def unit_info(rs, s, sid):
    """(owner, traits) of a species on the table, or None."""
    sp = s.species.get(sid)
    return None if sp is None else (sp.owner, sp.trait_ids)

def animal_traits(rs, s, sid):
    return s.species[sid].trait_ids


def _score(s, ev):
    rs = s.ruleset
    sc = rs.scores(s)
    best = max(sc)
    top = [i for i in range(s.players) if sc[i] == best]
    if len(top) > 1:
        key = max(rs.tie_key(s, i) for i in top)
        top = [i for i in top if rs.tie_key(s, i) == key]
    s.winners = tuple(top)
    s.winner = top[0] if len(top) == 1 else -1     # a shared win has no single winner
    s.phase = "over"
    if ev is not None:
        ev.append(GameOver(sc, s.winner))

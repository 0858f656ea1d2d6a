"""The end of a turn in *Random Mutations* (§9-§10): parasites kill, the unfed starve, cards are drawn, and
the game ends with its scores."""
from __future__ import annotations

from ...events import PhaseStarted, TurnEnded
from ..common import finish, game_over
from . import heredity as H
from . import development as D
from .species import _kill


def _end_feeding(rs, s, ev):
    s.red = s.green = s.black = 0
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "extinction"))
    queue = []
    if rs.options["parasite_rule_enabled"]:
        load = {sp.id: sum(s.animals[x].parasites for x in sp.animals) for sp in s.species.values()}
        top = max(load.values(), default=0)
        if top >= 1:
            worst = [sp for sp in s.species.values() if load[sp.id] == top]
            for k in range(s.players):
                seat = (s.first + k) % s.players
                mine = [sp.id for sp in worst if sp.owner == seat]
                if not mine:
                    continue
                if rs.options["parasite_tie"] == "per_player":
                    queue.append((seat, tuple(mine)))
                else:
                    queue.extend((seat, (sid,)) for sid in mine)
    s.parasite_queue = tuple(queue)
    s.phase = "parasites"
    _next_parasite(rs, s, ev)


def _next_parasite(rs, s, ev):
    while s.parasite_queue:
        seat, sids = s.parasite_queue[0]
        candidates = [a for sid in sids if sid in s.species for a in s.species[sid].animals]
        if len(candidates) > 1:
            s.parasite_queue = ((seat, tuple(sid for sid in sids if sid in s.species)),) + s.parasite_queue[1:]
            return
        s.parasite_queue = s.parasite_queue[1:]
        if candidates:
            _kill(s, candidates[0], "parasites", ev)
    _starve(rs, s, ev)


def _do_parasite_victim(rs, s, action, ev):
    s.parasite_queue = s.parasite_queue[1:]
    _kill(s, action.animal, "parasites", ev)
    _next_parasite(rs, s, ev)


def _starve(rs, s, ev):
    """§9 steps 2-4: unfed animals die together; tokens and marks are cleared; then draw or score."""
    s.phase = "extinction"
    species = s.species
    dead = []
    for a in s.animals.values():          # ``species.fed`` with the species' cached need, written out
        if a.fed_by_kill:
            continue
        c = species[a.species].tcache
        if c is None:
            sp = species[a.species]
            c = sp.tcache = rs._traits_need(s, sp)
        if a.red + a.blue < c[1]:
            dead.append(a.id)
    for aid in dead:
        _kill(s, aid, "starved", ev)
    for a in s.animals.values():
        a.red = a.blue = a.parasites = 0
        a.shelter = a.fed_by_kill = a.attacked = False
    s.blue_out = 0
    if rs.heredity:                         # every survivor was fed: reproduction instead of the draw
        H.reproduce(s, ev)
        return
    alive = [0] * s.players
    for a in s.animals.values():
        alive[a.owner] += 1
    if ev is not None:
        ev.append(TurnEnded(s.turn, tuple(alive)))
    if s.last_turn:
        finish(s, ev)
        return
    # §9.5: animals + 2 cards each (10 with no animal and an empty player deck), one at a time
    owed = [10 if alive[i] == 0 and s.pdecks[i] == 0 else alive[i] + 2 for i in range(s.players)]
    pd = list(s.pdecks)
    k = 0
    while s.deck_size > 0 and any(owed):
        seat = (s.first + k) % s.players
        k += 1
        if owed[seat]:
            owed[seat] -= 1
            pd[seat] += 1
            s.deck_size -= 1
    s.pdecks = tuple(pd)
    if s.deck_size == 0:
        s.last_turn = True
    s.first = (s.first + 1) % s.players
    s.turn += 1
    D._start_development(s, ev)


def _do_tiebreak(rs, s, action, ev):
    s.winner = action.seat
    game_over(s, ev)

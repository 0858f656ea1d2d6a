"""Feeding in North Star *Evolution* (§5.2-§5.4, §8): intakes with Foraging and Cooperation, feeding turns,
attacks with Horns and Scavengers, Population loss and extinction, and the end of the round."""
from __future__ import annotations

from ...events import Attacked, Died, FoodLost, FoodTaken, Passed, SpeciesExtinct, TurnEnded
from ..common import skip_idle
from . import attack as A
from . import checks as C
from . import deal
from .deck import _add, _discard, _play_card
from .scoring import _score
from .traits import (CLEVER, FORAGERS, HAS_INTAKE, HAS_ROOM, IS_CLEVER, IS_HUNTER, MAY_THINK, MEALS, SCAVENGERS,
                     SCAVENGES, SHARERS, STORES, THINKERS)


def _take(rs, s, sp, kind, source, ev, why, amount=1):
    """One intake (§5.4) of ``amount`` food: plant from the Watering Hole or the Food Bank, or meat (an
    attack's meat is one intake of the prey's Body Size); Foraging adds 1 plant food once; then, if
    anything was taken, Cooperation fires once. A hunter (Carnivore) takes no plant food."""
    if sp.id not in s.species or (kind == "plant" and sp.kind & IS_HUNTER):
        return 0
    n, names, hole = amount, sp.names, source == "hole"
    for t, extra in FORAGERS:                  # Foraging
        if t in names:
            n += extra(rs, kind, source, why)
    got = 0
    for _ in range(n):
        if hole and s.watering < 1:
            break
        if sp.food < sp.pop:                   # _store's first case, in line: most food feeds the Population
            sp.food += 1
        elif not _store(rs, s, sp):
            break
        if hole:
            s.watering -= 1
        got += 1
        if ev is not None:
            ev.append(FoodTaken(sp.owner, sp.id, kind, why, sp.fat > 0 and sp.food >= sp.pop))
    if got:
        for t, share in SHARERS:               # Cooperation
            if t in names:
                share(rs, s, sp, kind, source, ev)
    return got


def _store(rs, s, sp) -> bool:
    """One food onto the species: up to its Population, then into what its traits store (Fat Tissue)."""
    if sp.food < sp.pop:
        sp.food += 1
        return True
    for t, store in STORES:
        if t in sp.names and store(rs, s, sp):
            return True
    return False


def _has_action(rs, s, seat) -> bool:
    """Whether ``seat`` has a feeding action besides passing: ``moves.feed_actions`` stopped at the first one."""
    hand = s.hands[seat]
    species = s.species
    for sid in s.rows[seat]:
        sp = species[sid]
        kind = sp.kind                         # its traits' sets as bits (a test each, no call)
        if not (sp.food < sp.pop or (kind & HAS_ROOM and A.room(rs, sp))):      # C.room_block
            continue
        if not kind & IS_HUNTER:               # it eats (a hunter attacks)
            if s.watering or (hand and kind & MAY_THINK and C.think_block(sp) is None):
                return True
            continue
        if A.prey(rs, s, sp, True):
            return True
        if not (hand and kind & IS_CLEVER):   # no card opens an attack: the table is not walked
            continue
        clever = [h for c, h in CLEVER if c in sp.names]      # Intelligence
        for t in species.values():
            if t is not sp and any(h(rs, s, sp, t, hand) for h in clever):
                return True
    return False


def _seek(rs, s, ev):
    """A seat with nothing to feed is skipped; a full circuit of passes and skips ends feeding (§5.2)."""
    skip_idle(rs, s, ev, _has_action, _end_round)


def _next_feeder(rs, s, ev, acted):
    """After a feeding move (``acted``) or a pass, the next seat with a move besides passing; a full circuit of passes
    and skips ends feeding (§5.2). (``playout._feed_run`` does the same with each seat's move list.)"""
    if acted:
        s.passes = 0
    else:
        s.passes += 1
    n = s.players
    s.current = (s.current + 1) % n
    if s.draw_queue:
        return
    while s.passes < n:                    # _seek (common.skip_idle), in line: two calls less a feeding move
        if _has_action(rs, s, s.current):
            return
        s.passes += 1
        s.current = (s.current + 1) % n
    _end_round(rs, s, ev)


def _eat(rs, s, sp, ev):
    """One plant from the Watering Hole (§5.4): a token straight onto a species none of whose traits acts on the
    intake (most of them), else ``_take`` with its traits."""
    if ev is None and sp.food < sp.pop and s.watering > 0 and not sp.kind & HAS_INTAKE:
        sp.food += 1
        s.watering -= 1
    else:
        _take(rs, s, sp, "plant", "hole", ev, "food_bank")


def _do_eat(rs, s, action, ev):
    _eat(rs, s, s.species[action.species], ev)
    _next_feeder(rs, s, ev, True)


def _do_think(rs, s, action, ev):
    seat = s.current
    _play_card(s, seat, action.card)
    _discard(s, action.card)
    sp = s.species[action.species]
    for t, think in THINKERS:                  # Intelligence: what the card gives
        if t in sp.names:
            think(rs, s, sp, ev)
    _next_feeder(rs, s, ev, True)


def _do_pass(rs, s, action, ev):
    if ev is not None:
        ev.append(Passed(s.current, "feeding"))
    _next_feeder(rs, s, ev, False)


def _do_hunt(rs, s, action, ev):
    """§5.3 resolution: Horns; meat = the target's Body Size, then Cooperation if any meat was taken; the
    target loses 1 Population; every Scavenger. With ``attack_order="shrink_first"`` the target shrinks
    before the meat (the earlier draft's order), which matters when it is the attacker's Cooperation
    neighbour: it then has less room for the shared meat, or is gone and the next species gets it."""
    seat = s.current
    a, t = s.species[action.predator], s.species[action.prey]
    for c in (action.card.split("+") if action.card else ()):
        _play_card(s, seat, c)
        _discard(s, c)
    if ev is not None:
        ev.append(Attacked(seat, a.id, t.id, a.trait_ids, t.trait_ids, t.owner))
    A.wounds(rs, s, a, t, action.cancel.split("+"), ev, _shrink)   # Horns wound the attacker first
    shrink_first = rs.options["attack_order"] == "shrink_first"
    if shrink_first:
        _shrink(rs, s, t, ev, "eaten", by=a)
    for m, meal in MEALS:                     # the hunter's meal (Carnivore: meat = the prey's Body Size)
        if m in a.names:
            meal(rs, s, a, t, ev)
    if not shrink_first:
        _shrink(rs, s, t, ev, "eaten", by=a)
    n = s.players
    for k in range(n):
        for sid in s.rows[(seat + k) % n]:
            sp = s.species.get(sid)
            if sp is not None and sp.kind & SCAVENGES:
                for t, scavenge in SCAVENGERS:
                    if t in sp.names:
                        scavenge(rs, s, sp, ev)
    _next_feeder(rs, s, ev, True)


def _shrink(rs, s, sp, ev, cause, by=None):
    """Population -1; food above it goes to the bag; at 0 the species goes extinct (§8.2)."""
    sp.pop -= 1
    if ev is not None:
        ev.append(Died(sp.owner, sp.id, cause, sp.trait_ids, by.id if by is not None else -1,
                       by.trait_ids if by is not None else ()))
    if sp.food > sp.pop:
        s.bags = _add(s.bags, sp.owner, sp.food - sp.pop)
        sp.food = sp.pop
    if sp.pop <= 0:
        _extinct(rs, s, sp, ev)


def _extinct(rs, s, sp, ev):
    """§8.2: board food to the bag, fat to the bank, cards to the discards; the owner draws as many."""
    del s.species[sp.id]
    rows = list(s.rows)
    rows[sp.owner] = tuple(x for x in rows[sp.owner] if x != sp.id)
    s.rows = tuple(rows)
    s.bags = _add(s.bags, sp.owner, sp.food + (sp.fat if rs.options["score_fat"] else 0))
    cards = sp.traits + sp.pending
    for c in cards:
        _discard(s, c)
    if ev is not None:
        if sp.fat and not rs.options["score_fat"]:
            ev.append(FoodLost(sp.id, sp.fat))
        ev.append(SpeciesExtinct(sp.owner, sp.id, s.turn))
    if cards:
        s.draw_queue = s.draw_queue + (sp.owner,) * len(cards)
        deal._reshuffle(rs, s)


def _end_round(rs, s, ev):
    """§8.1: starving species shrink to their food, empty ones go extinct, food goes to the bags."""
    s.phase = "end_of_round"
    for seat in range(s.players):
        for sid in s.rows[seat]:
            sp = s.species.get(sid)
            if sp is None or sp.food >= sp.pop:
                continue
            lost, pop = sp.pop - sp.food, sp.pop
            for _ in range(lost):
                sp.pop -= 1
                if ev is not None:
                    ev.append(Died(sp.owner, sp.id, "starved", sp.trait_ids, -1, (), sp.food, pop))
            if sp.pop <= 0:
                _extinct(rs, s, sp, ev)
    bags = list(s.bags)                        # _add of each species' food, in one copy
    for sp in s.species.values():
        bags[sp.owner] += sp.food
        sp.food = 0
    s.bags = tuple(bags)
    if ev is not None:
        alive = [0] * s.players
        for sp in s.species.values():
            alive[sp.owner] += sp.pop
        ev.append(TurnEnded(s.turn, tuple(alive)))
    if s.draw_queue:
        s.phase = "end_draws"                  # extinction draws first (chance), then the next round
        return
    _next_round(rs, s, ev)


def _next_round(rs, s, ev):
    if s.last_round:
        _score(s, ev)
        return
    if s.next_last:
        s.last_round = True
        s.next_last = False
    s.first = (s.first + 1) % s.players
    s.turn += 1
    deal._start_round(rs, s, ev)

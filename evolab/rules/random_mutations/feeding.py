"""The climate and feeding in *Random Mutations* (§6-§8): the centre's chips, moves of one chip or one attack,
Stomper, Running, the victim's choice, Scavengers."""
from __future__ import annotations

from ...events import (Attacked, ClimateRolled, FoodBankRolled, FoodTaken, ParasitePlaced, Passed,
                       PhaseStarted, ShelterTaken, Stomped)
from ..common import skip_idle
from . import extinction as X     # a module, not its names: the traits' hooks import this module
from . import moves as M     # a module: the move lists (``has_main``) import the traits, which import this
from . import traits as T
from .species import _kill


def _do_red(rs, s, action, ev):
    s.red = action.food
    s.phase = "climate_green"
    if ev is not None:
        ev.append(FoodBankRolled(action.food))


def _do_green(rs, s, action, ev):
    s.green = action.shelters
    s.phase = "climate_black"


def _do_black(rs, s, action, ev):
    s.black = action.parasites
    if ev is not None:
        ev.append(ClimateRolled(s.red, s.green, s.black))
        ev.append(PhaseStarted(s.turn, "feeding"))
    s.phase = "feeding"
    s.current = s.first
    s.passes = 0
    s.round += 1
    s.move_main = s.move_stomped = False
    _seek(rs, s, ev)


def _has_choice(rs, s, seat) -> bool:
    """Whether ``seat`` has anything to decide on a fresh move (a chip, an attack, or a Stomp)."""
    if M.has_main(rs, s, seat):
        return True
    return bool(s.red and T.stomp_capacity(rs, s, seat))


def _seek(rs, s, ev):
    """§7.3: from ``s.current``, a seat with nothing to do skips; a full circuit of skips ends feeding (a new
    round of the feeding phase starts each time play comes back to the first player)."""
    skip_idle(rs, s, ev, _has_choice, X._end_feeding, _advance)


def _advance(s):
    s.current = (s.current + 1) % s.players
    if s.current == s.first:
        s.round += 1


def _end_move(rs, s, ev):
    if s.move_main:
        s.passes = 0
    else:
        s.passes += 1
        if ev is not None:
            ev.append(Passed(s.current, "feeding"))
    s.move_main = s.move_stomped = False
    s.current = seat = (s.current + 1) % s.players        # ``_advance``, written out on the hot path
    if seat == s.first:
        s.round += 1
    if s.passes < s.players:                              # ``_seek``'s first step, written out
        if _has_choice(rs, s, seat):
            return
        s.passes += 1
        _advance(s)
    _seek(rs, s, ev)


def _settle(rs, s, ev):
    """After an action: when the mover has nothing left to decide, the move ends by itself."""
    if s.phase != "feeding" or s.attack is not None or s.choose_victim is not None or s.scavenge >= 0:
        return
    if s.move_main:
        if s.move_stomped or not (s.red and T.stomp_capacity(rs, s, s.current)):
            _end_move(rs, s, ev)
    elif s.move_stomped and not M.has_main(rs, s, s.current) \
            and not rs.options["rm_feeding_voluntary"]:
        _end_move(rs, s, ev)


def _receive(rs, s, a, ev, source, need=None):
    """One blue token onto an unfed animal (extra food); lost when the animal is fed or the box is empty."""
    if not T.NO_FOOD.isdisjoint(rs.traits_of(s, s.species[a.species])) or rs.fed(s, a, need):   # Obligate Predator
        return False
    if rs.blue_cap is not None and s.blue_out >= rs.blue_cap:
        return False
    a.blue += 1
    s.blue_out += 1
    if ev is not None:
        ev.append(FoodTaken(a.owner, a.id, "blue", source, False))
    return True


def _do_take_food(rs, s, action, ev):
    a = s.animals[action.animal]
    s.red -= 1
    a.red += 1
    s.move_main = True
    if ev is not None:
        ev.append(FoodTaken(a.owner, a.id, "red", "food_bank", False))
    _settle(rs, s, ev)


def _do_take_shelter(rs, s, action, ev):
    a = s.animals[action.animal]
    s.green -= 1
    s.move_main = True
    traits = rs.traits_of(s, s.species[a.species])
    if not any(t in traits and used(rs, s, a, traits, ev) for t, used in T.SHELTERED):    # Bark Beetle
        a.shelter = True
        if ev is not None:
            ev.append(ShelterTaken(a.owner, a.id, False))
    _settle(rs, s, ev)


def _do_place_parasite(rs, s, action, ev):
    a = s.animals[action.animal]
    s.black -= 1
    a.parasites += 1
    s.move_main = True
    if ev is not None:
        ev.append(ParasitePlaced(a.owner, a.id, s.current))
    _settle(rs, s, ev)


def _do_stomp(rs, s, action, ev):
    s.red -= action.tokens
    s.move_stomped = True
    if ev is not None:
        ev.append(Stomped(s.current, action.tokens))
    _settle(rs, s, ev)


def _do_end_move(rs, s, action, ev):
    _end_move(rs, s, ev)


def _do_attack(rs, s, action, ev):
    a = s.animals[action.predator]
    target = s.species[action.prey]
    a.attacked = True
    s.move_main = True
    if ev is not None:
        ev.append(Attacked(a.owner, a.id, target.id, rs.traits_of(s, s.species[a.species]),
                           rs.traits_of(s, target), target.owner))
    s.attack = (a.id, target.id)
    tt = rs.traits_of(s, target)
    for t, offers in T.DODGERS:
        if t in tt and offers(rs, s, target):
            return                               # nature rolls the die (Running)
    s.attack = None
    _choose_victim(rs, s, a.id, target, ev)


def _do_roll_die(rs, s, action, ev):
    sid = s.attack[1]
    tt = rs.traits_of(s, s.species[sid])
    T.RESOLVE[next(t for t, _ in T.DODGERS if t in tt)](rs, s, action.value, ev)


def _choose_victim(rs, s, aid, target, ev):
    victims = rs._victims(s, target)
    if len(victims) == 1:
        _eat(rs, s, aid, victims[0], ev)
    else:
        s.choose_victim = (target.owner, target.id, aid)


def _do_choose_victim(rs, s, action, ev):
    aid = s.choose_victim[2]
    s.choose_victim = None
    _eat(rs, s, aid, action.animal, ev)


def _eat(rs, s, aid, victim, ev):
    """§8.2: the victim is eaten; the predator's hunter trait gives its meal (Predator: 2 blue; Obligate
    Predator: fed by the kill); then the traits that feed on a kill (one Scavenger token)."""
    pred = s.animals[aid]
    prey_seat = s.animals[victim].owner
    _kill(s, victim, "eaten", ev, by=aid)
    tt = rs.traits_of(s, s.species[pred.species])
    for t, meal in T.MEALS:
        if t in tt:
            meal(rs, s, pred, ev)
            break
    for carrion in T.CARRION:
        if carrion(rs, s, pred, prey_seat, ev):
            return
    _settle(rs, s, ev)


def _do_scavenge(rs, s, action, ev):
    """The animal chosen takes the carrion: what the trait that let it choose gives (Scavenger's "scavenged")."""
    a = s.animals[action.animal]
    tt = rs.traits_of(s, s.species[a.species])
    next(fed for t, fed in T.SCAVENGED if t in tt)(rs, s, a, ev)
    _settle(rs, s, ev)

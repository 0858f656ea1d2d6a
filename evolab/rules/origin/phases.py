"""The turn of *The Origin of Species* as it unfolds: development (§5), the food bank and feeding (§7),
extinction and the draw (§9), the end of the game (§11). Each step moves the state on to the next decision."""
from __future__ import annotations

from ...events import TurnEnded
from ..common import finish, open_phase, pass_seat, passed_event, phase_started_event
from . import feeding as F
from . import heredity as H
from .deck import CARDS
from .moves import has_move_action
from .setup import HAND_SIZE


def _next_chooser(s, start, ev):
    """Each player chooses his cards in turn (clockwise from ``start``); then the game goes on."""
    n = s.players
    for k in range(n):
        seat = (start + k) % n
        if s.choose_owed[seat] > 0:
            s.draw_seat = seat
            return
    if s.round == 0:                    # no feeding yet: this was the opening choice of 6 cards
        s.phase = "first_player"
        return
    _end_turn(s, ev)


def _dev_next(s, ev):
    """Next seat that has not passed; a seat with an empty hand passes (it has no choice). (``next_to_play`` with
    the hand as the test, written out: it runs after every development move.)"""
    n = s.players
    hands = s.hands
    seat = (s.current + 1) % n
    if hands[seat] and not s.passed[seat]:      # the next seat plays on: the usual case, without the loop (and
        s.current = seat                        # its range, an allocation on every development move)
        return
    seat = s.current
    for _step in range(n + 1):
        seat = (seat + 1) % n
        if s.passed[seat]:
            continue
        if not hands[seat]:
            pass_seat(s, seat, ev)
            continue
        s.current = seat
        return
    if s.rolled:                      # Fatality, Equilibrium: the food bank was rolled before development
        _start_feeding(s, ev)
        return
    s.phase = "food"
    if ev is not None:
        ev.append(phase_started_event(s.turn, "food"))


def _start_development(s, ev):
    open_phase(s, ev, "development")
    s.played = (0,) * s.players
    _dev_next(s, ev)


def _next_draw(s, start, ev):
    """Deal one card at a time clockwise, skipping seats that have all they are owed (§9.3)."""
    n = s.players
    if s.deck_size > 0:
        owed = s.draw_owed
        for k in range(n):
            seat = (start + k) % n
            if owed[seat] > 0:
                s.draw_seat = seat
                return
    s.draw_owed = (0,) * n
    if s.phase == "deal":
        if s.ruleset.options["scenario"] == "fatality":    # cards that cannot be shared equally leave unseen
            s.removed += s.deck_size
            s.deck = (0,) * len(CARDS)
            s.deck_size = 0
        s.phase = "first_player"
    else:
        _end_turn(s, ev)


def _start_feeding(s, ev):
    s.phase = "feeding"
    if ev is not None:
        ev.append(phase_started_event(s.turn, "feeding"))
    s.current = (s.first - 1) % s.players      # the first player's seat starts the first round
    s.passes = 0
    s.move_main = s.move_any = s.move_ate = s.ending = False
    _seek_actor(s, ev, True)


def _seek_actor(s, ev, advance=False):
    """From ``s.current`` (the next seat with ``advance``; a new round when that is the first player's): a seat
    with nothing to do passes; a full circuit of passes ends feeding."""
    n = s.players
    rs = s.ruleset
    while True:
        if advance:
            s.current = seat = (s.current + 1) % n
            if seat == s.first:
                s.round += 1
                if rs.options["pair_trigger_reset"] == "round":
                    s.epoch += 1
        if s.passes >= n:
            _end_feeding(s, ev)
            return
        if has_move_action(rs, s, s.current, True):
            return
        s.passes += 1
        advance = True


def _end_move(s, ev):
    if s.move_any:
        s.passes = 0
    else:
        s.passes += 1
        if ev is not None:
            ev.append(passed_event(s.current, "feeding"))
    s.move_main = s.move_any = s.move_ate = s.ending = False
    _seek_actor(s, ev, True)


def _settle(s, ev):
    """After an action: resolve automatic triggers, then end the move when the mover has no choice left."""
    while s.phase == "feeding":
        if s.attack is not None or s.scavenge >= 0:
            return
        if s.pending:
            if F.trigger_decision_needed(s):
                return
            entry = s.pending[0]
            s.pending = s.pending[1:]
            F.fire(s, entry, ev)
            continue
        if s.ending or not has_move_action(s.ruleset, s, s.current, not s.move_main):
            _end_move(s, ev)
        return


def _end_feeding(s, ev):
    """§7.6 then §9: leftover food goes; poisoned and unfed animals die together."""
    s.food_bank = 0
    s.phase = "extinction"
    if ev is not None:
        ev.append(phase_started_event(s.turn, "extinction"))
    dead = [a for a in s.animals.values()
            if a.poisoned or not (a.hibernating or a.red + a.blue >= a.need)]     # not ``is_fed()``
    for a in dead:
        F.remove_animal(s, a, "poisoned" if a.poisoned else "starved", ev)
    if s.ruleset.heredity:
        H.reproduce(s, ev)
        return
    if s.last_turn:
        _score(s, ev)
        return
    n = s.players
    owed = [1] * n                  # one card per animal, and one more
    for a in s.animals.values():
        owed[a.owner] += 1
    for seat in range(n):
        if owed[seat] == 1 and not s.hands[seat]:
            owed[seat] = HAND_SIZE
    if s.ruleset.options["scenario"] == "equilibrium":
        short = [owed[i] > len(s.pools[i]) for i in range(n)]
        end = s.ruleset.options["equilibrium_end"]
        s.next_last = all(short) if end == "all_players_short" else any(short)
        s.choose_owed = tuple(min(owed[i], len(s.pools[i])) for i in range(n))
        s.phase = "choose"
        _next_chooser(s, s.first, ev)
        return
    s.draw_owed = tuple(owed)
    s.phase = "draw"
    _next_draw(s, s.first, ev)


def clear_turn(s):
    """§9 steps 4-5: food tokens go, per-turn flags are reset (fat stays)."""
    for a in s.animals.values():
        a.red = a.blue = 0
        a.attacked = a.pirated = a.hibernating = a.poisoned = False
    if s.barred is not None:
        s.barred = [set() for _ in range(s.players)]
    s.rolled = False


def _end_turn(s, ev):
    """§9 steps 4-6: clear food, reset per-turn flags, pass the first-player role clockwise."""
    clear_turn(s)
    if ev is not None:
        alive = [0] * s.players
        for a in s.animals.values():
            alive[a.owner] += 1
        ev.append(TurnEnded(s.turn, tuple(alive)))
    if s.ruleset.options["scenario"] == "equilibrium":
        s.last_turn = s.next_last
    elif s.deck_size == 0:
        s.last_turn = True
    s.first = (s.first + 1) % s.players
    s.turn += 1
    if s.ruleset.options["scenario"] != "base":
        s.phase = "food"      # the scenarios roll the food bank before development, every turn
        if ev is not None:
            ev.append(phase_started_event(s.turn, "food"))
        return
    _start_development(s, ev)


def _score(s, ev):
    if ev is not None:
        alive = [0] * s.players
        for a in s.animals.values():
            alive[a.owner] += 1
        ev.append(TurnEnded(s.turn, tuple(alive)))
    finish(s, ev)

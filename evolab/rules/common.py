"""Steps the Knorre & Machin editions (Origin of Species, Random Mutations) share: the development round
in which passing is final, and the end of the game with its tie-breaks (points, discard pile, dice); and, for
every edition, the table of prebuilt actions per animal or species that legal-move lists read, and the table
of refusal reasons its checks report."""
from __future__ import annotations

from ..actions import FirstPlayer, TieBreak
from ..events import FirstPlayerChosen, GameOver, Passed
from ..i18n import _
from .base import OutOfPhase


def seat_outcomes(s, heredity) -> tuple:
    """The chance outcomes both Knorre & Machin editions share: the Heredity variant's births (``heredity`` is
    the edition's variant module), the first player's draw and the tie-break's; () at any other phase."""
    ph = s.phase
    if ph == "reproduction":
        return heredity.outcomes(s)
    if ph == "first_player":
        return tuple((FirstPlayer(i), 1) for i in range(s.players))
    if ph == "tiebreak":
        return tuple((TieBreak(i), 1) for i in s.tied)
    return ()


def first_player_chosen(rs, s, action, ev, heredity) -> bool:
    """Seat ``action.seat`` plays first; in the Heredity variant its first generation starts now (True), else the
    edition goes on with its own first phase (False)."""
    s.first = action.seat
    if ev is not None:
        ev.append(FirstPlayerChosen(action.seat))
    if rs.heredity:
        s.last_turn = rs.options["generations"] == 1
        heredity.start_generation(s, ev)
        return True
    return False


def pass_seat(s, seat, ev):
    """``seat`` has passed for the rest of this development phase."""
    p = list(s.passed)
    p[seat] = True
    s.passed = tuple(p)
    if ev is not None:
        ev.append(Passed(seat, "development"))


def next_to_play(s, ev, can_play) -> bool:
    """Move ``s.current`` to the next seat that has not passed; a seat that cannot play passes (it has no
    choice). False when every seat has passed: the phase is over."""
    n = s.players
    seat = s.current
    for _step in range(n + 1):
        seat = (seat + 1) % n
        if s.passed[seat]:
            continue
        if not can_play(s, seat):
            pass_seat(s, seat, ev)
            continue
        s.current = seat
        return True
    return False


def finish(s, ev):
    """Score: most points; tied, most cards in the discard pile; still tied, nature's dice (a TieBreak)."""
    sc = s.ruleset.scores(s)
    best = max(sc)
    top = [i for i in range(s.players) if sc[i] == best]
    if len(top) > 1:
        most = max(s.discards[i] for i in top)
        top = [i for i in top if s.discards[i] == most]
    if len(top) == 1:
        s.winner = top[0]
        game_over(s, ev)
    else:
        s.tied = tuple(top)
        s.phase = "tiebreak"


def ranking(rs, s) -> list:
    """Seats best first by points, then discard pile size (the dice decide the winner only)."""
    sc = rs.scores(s)
    order = sorted(range(s.players), key=lambda i: (-sc[i], -s.discards[i], i))
    if s.winner >= 0:
        order.remove(s.winner)
        order.insert(0, s.winner)
    return order


def game_over(s, ev):
    s.phase = "over"
    if ev is not None:
        ev.append(GameOver(s.ruleset.scores(s), s.winner))


class ById(dict):
    """{animal or species id: action} built on first use by ``make(id)``: listing legal moves then costs one
    dict look-up per move instead of a call. Bounded like the interned actions (ids keep growing over a long run)."""

    def __init__(self, make):
        super().__init__()
        self.make = make

    def __missing__(self, key):
        if len(self) > 10_000:
            self.clear()
        action = self[key] = self.make(key)
        return action


class Reasons(dict):
    """{key: (rule id, message id[, fixed fields])}: why a move is refused, one entry per way to break a rule (a
    rule id may have several). A rule's predicate returns its key, cheap enough for the legal-move lists;
    ``refuse`` builds the refusal only when one is reported."""

    def refuse(self, key, **fields):
        """(rule id, message) of ``key``: the message translated first, then its named fields filled."""
        rule, message, *fixed = self[key]
        if fixed:
            fields.update(fixed[0])
        return rule, _(message).format(**fields)

    def out_of_phase(self, key, kind: type, phase: str) -> OutOfPhase:
        """A move of type ``kind`` made in ``phase`` breaks the phase rule of ``key``: the rule id and the move's
        type and phase, worded by the edition's presentation (``key``'s message where it places the move in no
        phase)."""
        rule, message, *fixed = self[key]
        return OutOfPhase(rule, kind, phase, message, {"move": kind.__name__, **(fixed[0] if fixed else {})})

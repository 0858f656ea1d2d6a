"""Steps the Knorre & Machin editions (Origin of Species, Random Mutations) share: the development round
in which passing is final, and the end of the game with its tie-breaks (points, discard pile, dice); and, for
every edition, the table of prebuilt actions per animal or species that legal-move lists read, the table
of refusal reasons its checks report, and what every edition's table (state) shares."""
from __future__ import annotations

from typing import Any, ClassVar

from ..actions import FirstPlayer, TieBreak, interned
from ..events import FirstPlayerChosen, GameOver, Passed, PhaseStarted
from ..i18n import _
from .base import OutOfPhase

# events reported by the hundred a game, one shared value per distinct fields (``interned``; each caller, here and
# in the editions' phase modules, passes each field the same type: the seat and turn ints, the phase a str)
passed_event, phase_started_event = interned(Passed, 4096), interned(PhaseStarted, 4096)


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
        ev.append(passed_event(seat, "development"))


def open_phase(s, ev, phase, event_name=None) -> None:
    """A phase that goes round the table from the first player: nobody has passed, and ``s.current`` sits just
    before the first player, for the edition's next-seat step to move on from."""
    s.phase = phase
    s.passed = (False,) * s.players
    if ev is not None:
        ev.append(phase_started_event(s.turn, event_name or phase))
    s.current = (s.first - 1) % s.players


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


def skip_idle(rs, s, ev, has_choice, end, advance=None) -> None:
    """From ``s.current``, a seat with nothing to do (``has_choice(rs, s, seat)`` false) skips, counted in
    ``s.passes``; a full circuit of passes and skips calls ``end(rs, s, ev)``. ``advance(s)`` moves to the next
    seat where that does more than go round the table (the default)."""
    n = s.players
    while s.passes < n:
        if has_choice(rs, s, s.current):
            return
        s.passes += 1
        if advance is None:
            s.current = (s.current + 1) % n
        else:
            advance(s)
    end(rs, s, ev)


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


def continue_under(rs, s, other):
    """A copy of the table ``s`` of ``rs`` under ``other`` (other options, for "what if" replays): the same
    edition, players and deck, and never a switch between the printed game and the Heredity variant."""
    if other.id != rs.id or other.players != s.players or other.copies != rs.copies:
        raise ValueError("a game can only continue under the same edition, players and deck")
    if other.heredity != rs.heredity:
        raise ValueError("a game cannot switch between the printed game and the Heredity variant")
    t = s.clone()
    t.ruleset = other
    return t


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


class TableState:
    """What the table of every edition shares: the fields every edition has, the copy ``apply`` changes, the
    saved form and equality (by saved form). A subclass declares ``PLAIN`` (fields whose values are copied as
    they are: numbers, strings, immutable tuples), ``TUPLES`` (those of them saved as JSON lists) and
    ``__slots__`` (``PLAIN`` plus its containers); it copies and saves its containers itself."""

    __slots__ = ()
    PLAIN: ClassVar[tuple[str, ...]] = ()
    TUPLES: ClassVar[tuple[str, ...]] = ()
    # The fields every edition has, for type checkers (each subclass's slots hold them).
    players: Any
    phase: Any
    turn: Any
    first: Any
    current: Any
    deck_size: Any
    removed: Any
    passes: Any
    next_uid: Any
    winner: Any
    ruleset: Any

    @classmethod
    def blank(cls, rs, phase: str):
        """A new table of ``rs`` at the start of a game in ``phase``, with the fields every edition has (turn 1,
        seat 0 first, nothing removed or passed, no winner); the edition's ``setup`` fills in the rest."""
        s = cls.__new__(cls)
        s.ruleset = rs
        s.players = rs.players
        s.phase = phase
        s.turn = 1
        s.first = s.current = 0
        s.removed = s.passes = 0
        s.next_uid = 1
        s.winner = -1
        return s

    def _copy_plain(self):
        """A new table of this class with the plain fields and the ruleset (``clone`` then copies containers)."""
        cls = type(self)
        s = cls.__new__(cls)
        for f in self.PLAIN:
            setattr(s, f, getattr(self, f))
        s.ruleset = self.ruleset
        return s

    def _plain_dict(self) -> dict:
        """The saved form of the plain fields, then the ruleset (``to_dict`` then adds containers)."""
        d = {f: getattr(self, f) for f in self.PLAIN}
        for f in self.TUPLES:
            d[f] = list(d[f])
        d["ruleset"] = {"id": self.ruleset.id, "options": dict(self.ruleset.options)}
        return d

    def to_dict(self) -> dict:
        return self._plain_dict()

    def __eq__(self, other):
        return isinstance(other, type(self)) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # a state is a changing table: unhashable


class KMTableState(TableState):
    """The fields the Knorre & Machin editions' tables (Origin of Species, Random Mutations) share: a round of
    passes in development, the discard piles and the tie, the Heredity variant's litters."""

    __slots__ = ()
    #: Fields added after saves already existed, with the value an older save means.
    LATER_FIELDS: ClassVar[dict[str, tuple]] = {"litters": (), "newborn": ()}
    discards: Any
    passed: Any
    round: Any
    move_main: Any
    last_turn: Any
    scavenge: Any
    tied: Any
    litters: Any
    newborn: Any

    @classmethod
    def blank(cls, rs, phase: str):
        """``TableState.blank`` with the fields these two editions share: no discards, no passes this round,
        no move begun, no tie, no scavenging, no litters."""
        s = super().blank(rs, phase)
        n = rs.players
        s.discards = (0,) * n
        s.passed = (False,) * n
        s.round = 0
        s.move_main = s.last_turn = False
        s.scavenge = -1
        s.tied = s.litters = s.newborn = ()
        return s

"""Match: a game with its seats (bots or people), its random number generator, its record and observers.

The match owns its state and advances it in place (the engine's hot path); ``match.state`` is that live
state, so keep ``match.state.clone()`` if you need a snapshot. Undo replays the record.

Every move a bot returns is checked against the rules before it is applied, so a faulty bot cannot put an
illegal move into the record. The built-in bots skip that check: their class declares
``picks_from_legal = True`` (they only ever return an element of the legal list they are given).
"""
from __future__ import annotations

import bisect
import random

from .actions import CHANCE, TERMINAL
from .bots import RandomBot, make_bot
from .errors import IllegalActionError
from .i18n import _
from .record import GameRecord
from .rules.base import Ruleset
from .view import observe


class HumanTurn(Exception):
    """Raised by ``play_out`` when a seat without a bot must decide."""


class Match:
    """Play a game: ``Match(ruleset, seats=[GreedyBot(), None], seed=7)`` (None = a person).

    Observers get ``observer.update(match, move, events)`` after every move; events are only built when
    there is an observer or ``keep_events=True``. An observer may declare ``reads``, the event types it reads (None:
    not declared): then moves whose events it would not read may be played without telling it (in ``play_out``,
    nature's card draws, ``Ruleset.chance_runs``). A bot's illegal move raises ``IllegalActionError``
    (with ``.seat``) and leaves the state, the record and the random number generator as they were.
    """

    def __init__(self, ruleset, seats=None, seed=None, observers=(), start=None, keep_events=False):
        if isinstance(ruleset, str):
            from .rules import load_ruleset
            ruleset = load_ruleset(ruleset)
        self.ruleset = ruleset
        n = ruleset.players
        if seats is None:
            seats = [RandomBot() for _seat in range(n)]
        seats = [None if s is None or s == "human" else make_bot(s) for s in seats]
        if len(seats) != n:
            raise ValueError(f"this ruleset has {n} seats, got {len(seats)} players")
        self.seats = seats
        self.seed = seed
        self.rng = random.Random(seed)
        self.observers = list(observers)
        self.keep_events = keep_events
        self.events = []
        if start is not None and start.ruleset != ruleset:
            raise ValueError("the start position belongs to another ruleset or options")
        self.state = start.clone() if start is not None else ruleset.new_game()
        self.record = GameRecord(ruleset.id, dict(ruleset.options), seed,
                                 start=start.to_dict() if start is not None else None,
                                 seats=[repr(b) if b else "human" for b in seats])
        self._checkpoints = []   # (number of moves, rng state) before each human decision
        for o in self.observers:
            if hasattr(o, "start"):
                o.start(self)

    # ---- stepping -----------------------------------------------------------------------------
    @property
    def to_move(self) -> int:
        return self.ruleset.to_move(self.state)

    def legal_actions(self) -> list:
        return self.ruleset.legal_actions(self.state)

    def is_over(self) -> bool:
        return self.state.phase == "over"

    def waiting_for_human(self) -> bool:
        who = self.to_move
        return who >= 0 and self.seats[who] is None

    def step(self, action=None):
        """Play one move: nature's or a bot's when ``action`` is None, else the person's ``action``.

        Returns the events. An illegal action raises ``IllegalActionError`` and changes nothing.
        """
        s = self.state
        rs = self.ruleset
        who = rs.to_move(s)
        if who == TERMINAL:
            raise IllegalActionError(_("the game is over"), "engine.game-over", action)
        if action is None:
            if who == CHANCE:
                action = rs.sample_chance(s, self.rng)
            else:
                bot = self.seats[who]
                if bot is None:
                    raise HumanTurn(f"seat {who} is a person: pass their action to step()")
                legal = rs.legal_actions(s)
                view = _view(rs, s, who, bot)
                if trusted(bot):
                    action = bot.choose(view, legal, self.rng)
                else:
                    action = self._checked_choice(who, bot, view, legal)
        else:
            v = rs.check(s, action)
            if v is not None:
                raise IllegalActionError(_("{action} is not allowed: {reason}").format(action=repr(action), reason=v[1]),
                                         v[0], action, rs.legal_actions(s))
            if who >= 0 and self.seats[who] is None:
                self._checkpoints.append((len(self.record.moves), self.rng.getstate()))
        ev = [] if (self.observers or self.keep_events) else None
        rs.apply_inplace(s, action, ev)
        self.record.moves.append(action)
        if ev is not None:
            if self.keep_events:
                self.events.extend(ev)
            for o in self.observers:
                o.update(self, action, ev)
        return ev or []

    def play_out(self, max_moves: int = 1_000_000):
        """Play to the end (every seat must be a bot). Returns the final scores."""
        s = self.state
        rs = self.ruleset
        if all(self.seats):
            self._fast_play(max_moves)
        else:
            for _move in range(max_moves):
                if s.phase == "over":
                    break
                if self.waiting_for_human():
                    raise HumanTurn(f"seat {self.to_move} is a person")
                self.step()
        return rs.scores(self.state)

    def _fast_play(self, max_moves):
        """The hot loop of experiments (every seat a bot): ``step`` without its per-move look-ups; events are built
        only for observers (a tracked sweep) or ``keep_events``; only the moves of bots not trusted to pick from
        legal are checked."""
        rs, seats = self.ruleset, self.seats
        # the edition's table of moves, called directly (unless the edition applies moves its own way)
        own = type(rs).apply_inplace is Ruleset.apply_inplace
        table = rs.apply_table if own else _Applier(rs.apply_inplace)
        checked = [not trusted(b) for b in seats]
        uniform = _uniform_seats(rs, seats, checked)
        if all(uniform) and own and not (self.observers or self.keep_events):
            self._uniform_play(max_moves, table)
            return
        self._bots_play(max_moves, table, checked, uniform)

    def _bots_play(self, max_moves, table, checked, uniform):
        """``_fast_play`` where a seat chooses or something watches: the seats' moves one by one, nature's runs of
        moves in one call where ``_chance_runs`` allows."""
        s, rs, rng = self.state, self.ruleset, self.rng
        seats, observers, keep = self.seats, self.observers, self.keep_events
        updates = [o.update for o in observers] if observers or keep else None
        kept = self.events if keep else None
        to_move, legal_actions, chance_sample, draw, look = (rs.to_move, rs.legal_actions, rs.sample_chance,
                                                             rs.uniform_action, rs.observe)
        # What each seat is shown (see _view): nothing, the view over the table's own units, or a copy.
        shown = [None if not b.needs_observation else not c for b, c in zip(seats, checked)]
        live, where = _live_choosers(rs, seats, checked)
        runs, whole = _chance_runs(rs, observers, keep)
        append = self.record.moves.append
        left = max_moves
        while left > 0:
            for done in range(left):
                if s.phase == "over":
                    return
                who = to_move(s)
                if who == CHANCE:
                    if runs is not None:           # nature's run of moves (the deal, the draw) in one call
                        run = runs.get(s.phase)
                        if run is not None:
                            k = run(rs, s, rng, append, left - done, whole)
                            if k:
                                left -= done + k
                                break
                    action = chance_sample(s, rng)
                elif uniform[who]:
                    action = draw(s, rng)
                else:
                    bot = seats[who]
                    how = shown[who]
                    view = None if how is None else look(s, who, False) if how else observe(s, who)
                    action = None if s.phase not in where[who] else live[who](view, rng)
                    if action is None:
                        legal = legal_actions(s)
                        if checked[who]:
                            action = self._checked_choice(who, bot, view, legal)
                        else:
                            action = bot.choose(view, legal, rng)
                if updates is None:
                    table[type(action)](rs, s, action, None)
                    append(action)
                    continue
                ev: list = []
                table[type(action)](rs, s, action, ev)
                append(action)
                if kept is not None:
                    kept.extend(ev)
                for update in updates:
                    update(self, action, ev)
            else:
                return

    def _uniform_play(self, max_moves, table):
        """``_fast_play`` when every seat plays ``uniform_action`` and nothing watches: one call picks each move,
        nature's or a seat's (``Ruleset.uniform_move``), and the edition's table applies it."""
        s, rs, rng = self.state, self.ruleset, self.rng
        move, append = rs.uniform_move, self.record.moves.append
        if rs.uniform_game is not None:
            rs.uniform_game(s, rng, append, max_moves)
            return
        if rs.uniform_moves:
            self._phase_uniform_play(max_moves, table)
            return
        for _move in range(max_moves):
            if s.phase == "over":
                return
            action = move(s, rng)
            table[type(action)](rs, s, action, None)
            append(action)

    def _phase_uniform_play(self, max_moves, table):
        """``_uniform_play`` with the edition's function for the phase (``Ruleset.uniform_moves``) called directly:
        one call less per move on the hot path."""
        s, rs, rng = self.state, self.ruleset, self.rng
        move, append, for_phase = rs.uniform_move, self.record.moves.append, rs.uniform_moves.get
        if rs.uniform_runs:
            self._run_uniform_play(max_moves, table)
            return
        for _move in range(max_moves):
            f = for_phase(s.phase)
            if f is None:               # a phase the table leaves out, or the end
                if s.phase == "over":
                    return
                action = move(s, rng)
            else:
                action = f(rs, s, rng)
            table[type(action)](rs, s, action, None)
            append(action)

    def _run_uniform_play(self, max_moves, table):
        """``_phase_uniform_play`` where the edition plays some phases' runs of moves itself (``Ruleset.uniform_runs``:
        a loop of its own saves the match's step per move). The other moves take the same steps as there: a run's
        phase is left out of the table, so it costs them no test of its own."""
        s, rs, rng = self.state, self.ruleset, self.rng
        runs = rs.uniform_runs
        move, append = rs.uniform_move, self.record.moves.append
        for_phase = {ph: f for ph, f in rs.uniform_moves.items() if ph not in runs}.get
        left = max_moves
        while left > 0:
            for done in range(left):     # noqa: B007  (read after the loop: the moves played)
                f = for_phase(s.phase)
                if f is None:           # a run, a phase the table leaves out, or the end
                    break
                action = f(rs, s, rng)
                table[type(action)](rs, s, action, None)
                append(action)
            else:
                return
            left -= done
            ph = s.phase
            run = runs.get(ph)
            if run is not None:
                left -= run(rs, s, rng, append, left)
            elif ph == "over":
                return
            else:
                action = move(s, rng)
                table[type(action)](rs, s, action, None)
                append(action)
                left -= 1

    def _checked_choice(self, seat, bot, view, legal):
        """The bot's choice, refused before anything changes when the rules forbid it.

        The generator's state is kept first (the bot may draw from it), so a refusal leaves it untouched."""
        rng = self.rng
        before = rng.getstate()
        action = bot.choose(view, legal, rng)
        v = self.ruleset.check(self.state, action, seat)
        if v is not None:
            rng.setstate(before)
            raise IllegalActionError(_("the bot of seat {seat} ({bot}) chose {action}, which is not allowed: {reason}")
                                     .format(seat=seat, bot=repr(bot), action=repr(action), reason=v[1]),
                                     v[0], action, legal, seat=seat)
        return action

    def play_until_human(self) -> list:
        """Let nature and the bots move until a person must decide or the game ends; returns the events."""
        out = []
        while not self.is_over() and not self.waiting_for_human():
            out.extend(self.step())
        return out

    def undo(self) -> bool:
        """Take back the last decision of a person (and every move after it). False if there is none."""
        if not self._checkpoints:
            return False
        n, rng_state = self._checkpoints.pop()
        self.rng.setstate(rng_state)
        del self.record.moves[n:]
        self.state = self.record.replay()
        return True

    def scores(self) -> tuple:
        return self.ruleset.scores(self.state)

    def observe(self, seat: int):
        return observe(self.state, seat)

    @classmethod
    def from_record(cls, record: GameRecord, seats=None, upto=None, turn=None, ruleset=None, seed=None,
                    observers=()):
        """"What if": continue a saved game from a point of its history under other rules or bots.

        Start from move ``upto``, or from the start of ``turn`` (before its development phase), or from
        the end; ``ruleset`` (e.g. the same options plus ``banned_traits=["carnivorous"]``) and ``seats``
        may differ from the original. ``seed`` defaults to the record's, so two continuations of the
        same history with the same seed differ only by what was changed.
        """
        if turn is not None:
            upto = record.turn_start(turn)
        state = record.replay(upto)
        if ruleset is not None and ruleset != state.ruleset:
            state = state.ruleset.with_ruleset(state, ruleset)
        return cls(state.ruleset, seats=seats, seed=record.seed if seed is None else seed,
                   observers=observers, start=state)


def _uniform_seats(rs, seats, checked) -> list:
    """For each seat, whether its move is one uniform draw over the legal list (a plain ``RandomBot`` the match
    trusts, in an edition that says so): the ruleset may then build only the move drawn."""
    return [rs.random_bot_uniform and type(b) is RandomBot and b.trait_card_rate is None and not c
            for b, c in zip(seats, checked)]


def _reads_none_of(events, reads) -> bool:
    """Whether an observer's declared ``reads`` (None: not declared) leaves out every one of ``events``."""
    return reads is not None and events.isdisjoint(reads)


class _Applier(dict):
    """The apply table of an edition that applies moves its own way (``apply_inplace`` overridden): every action
    type -> a function calling it, as the table's functions are called."""

    def __init__(self, apply):
        super().__init__()
        self.apply = apply

    def __missing__(self, kind):
        apply = self.apply
        f = self[kind] = lambda rs, s, action, ev: apply(s, action, ev)
        return f


def _chance_runs(rs, observers, keep) -> tuple:
    """(the edition's runs of nature's moves ``Match`` may play in one call, or None; whether whole): whole runs when
    nothing watches; runs short of each phase's last move when every observer declares in ``reads`` the events it
    reads and none is one a run leaves out (``Ruleset.chance_run_events``: the tracker reads no card dealt)."""
    runs = rs.chance_runs or None
    if runs is None or not (observers or keep):
        return runs, True
    skipped = rs.chance_run_events
    if keep or not all(_reads_none_of(skipped, getattr(o, "reads", None)) for o in observers):
        return None, True
    return runs, False


def _live_choosers(rs, seats, checked) -> tuple:
    """For each seat, the bot's function that chooses from the live view alone when it can (``live_chooser``, for
    a trusted bot that has one): then the match builds no legal list for that decision; and the phases where it
    is asked (its ``phases``, where it says; elsewhere it answers None; every phase where it does not say)."""
    out = []
    where = []
    for b, c in zip(seats, checked):
        make = None if c else getattr(b, "live_chooser", None)
        f = None if make is None else make(rs)
        phases = () if f is None else getattr(f, "phases", None)
        out.append(f)
        where.append(_EVERY_PHASE if phases is None else phases)
    return out, where


class _EveryPhase:
    """The phases of a live chooser that does not name its own: every one."""

    def __contains__(self, phase):
        return True


_EVERY_PHASE = _EveryPhase()


def _view(rs, s, seat, bot):
    """What a bot is shown: a read-only copy (``observe``), or for the built-in bots, which only read it during
    their decision (``trusted``), the same view over the table's own units, which costs no copy."""
    if not bot.needs_observation:
        return None
    return rs.observe(s, seat, False) if trusted(bot) else observe(s, seat)


def trusted(bot) -> bool:
    """True when the bot's own class declares ``picks_from_legal = True`` (inherited declarations do not count,
    so a subclass that changes how moves are chosen is checked) and the instance does not replace its methods."""
    if type(bot).__dict__.get("picks_from_legal") is not True:
        return False
    own = getattr(bot, "__dict__", None)
    return not own or ("choose" not in own and "pick" not in own)


def sample(outcomes, rng):
    """One outcome of ((outcome, weight), ...) drawn with ``rng.random()`` and bisect."""
    cum, t = [], 0
    for _outcome, w in outcomes:
        t += w
        cum.append(t)
    return outcomes[bisect.bisect_right(cum, rng.random() * t)][0]

"""Match checks the moves bots return: an illegal choice is refused naming the seat and the rule, and the
match (state, record, random generator) is exactly as before, so the record still replays and undo works."""
from __future__ import annotations

import dataclasses

import pytest

import evolab
from evolab import IllegalActionError, Match, load_ruleset
from evolab.bots import GreedyBot, RandomBot
from evolab.match import trusted

EDITIONS = ("origin", "random_mutations", "northstar")
MADE_UP = 9_999


def illegal_variant(state, legal):
    """A move the rules refuse here: a legal move with one whole-number field changed to a made-up id,
    or failing that a move of another kind (the engine's own ``check`` confirms it is refused)."""
    rs = state.ruleset
    for a in legal:
        for name in a._field_names:
            if type(getattr(a, name)) is int:
                cand = dataclasses.replace(a, **{name: MADE_UP})
                if rs.check(state, cand) is not None:
                    return cand
    for cand in (evolab.Pass(), evolab.EndTurn(), evolab.TakeFood(MADE_UP), "not a move"):
        if rs.check(state, cand) is not None:
            return cand
    raise AssertionError("no illegal move found")


class CheatBot(RandomBot):
    """Plays fairly until it is handed a ``move`` to cheat with; then it draws from the generator and returns
    that move once (a faulty or dishonest bot). Its class does not declare ``picks_from_legal``: it is checked."""

    name = "cheat"
    move = None

    def choose(self, view, legal, rng):
        if self.move is None:
            return super().choose(view, legal, rng)
        rng.random()                                   # a draw the refusal must take back
        self.tried, self.move = self.move, None
        return self.tried


class Snapshot:
    """What must not change when a bot's move is refused."""

    def __init__(self, m):
        self.state = m.state.to_dict()
        self.moves = list(m.record.moves)
        self.rng = m.rng.getstate()

    def assert_unchanged(self, m):
        assert m.state.to_dict() == self.state
        assert m.record.moves == self.moves
        assert m.rng.getstate() == self.rng


def _cheat_match(ruleset_id, observers=(), decisions=3):
    """A 3-player match stepped to seat 1's ``decisions``-th decision, with seat 1's cheat primed: the
    match, the bot and a snapshot of the match before the illegal move."""
    cheat = CheatBot()
    m = Match(load_ruleset(ruleset_id, players=3), seats=[RandomBot(), cheat, RandomBot()], seed=5,
              observers=observers)
    while True:
        if m.to_move == 1:
            decisions -= 1
            if decisions == 0:
                break
        m.step()
    cheat.move = illegal_variant(m.state, m.legal_actions())
    return m, cheat, Snapshot(m)


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_a_bots_illegal_move_is_refused_by_step_naming_the_seat_and_changes_nothing(ruleset_id):
    """Seat 1's bot returns an illegal move at its third decision: ``step`` raises ``IllegalActionError`` with
    ``.seat == 1``, the rule the engine names and the move; state, record and generator are as before; the
    record replays to the live state, and the game goes on with a fair bot to an end that replays too."""
    m, cheat, snap = _cheat_match(ruleset_id)
    with pytest.raises(IllegalActionError) as err:
        m.step()
    e = err.value
    assert e.seat == 1 and "seat 1" in str(e)
    assert e.action == cheat.tried
    assert e.rule == m.ruleset.check(m.state, cheat.tried)[0]
    assert f"[{e.rule}]" in str(e)
    snap.assert_unchanged(m)
    assert m.record.replay() == m.state
    m.seats[1] = RandomBot()
    m.play_out()
    assert m.is_over() and m.record.replay() == m.state


@pytest.mark.parametrize("ruleset_id", EDITIONS)
def test_a_bots_illegal_move_is_refused_by_play_out_and_changes_nothing(ruleset_id):
    """The same in ``play_out``'s fast loop (no observers): refused, seat named, nothing changed."""
    m, cheat, snap = _cheat_match(ruleset_id)
    with pytest.raises(IllegalActionError) as err:
        m.play_out()
    assert err.value.seat == 1 and err.value.action == cheat.tried
    snap.assert_unchanged(m)
    assert m.record.replay() == m.state


def test_a_bots_illegal_move_is_refused_with_observers_and_they_see_nothing():
    """With an observer (the slow loop), the refused move is neither applied nor reported to the observer."""
    seen = []

    class Observer:
        def update(self, match, move, events):
            seen.append(move)

    m, cheat, snap = _cheat_match("origin", observers=[Observer()])
    n = len(seen)
    with pytest.raises(IllegalActionError):
        m.play_out()
    snap.assert_unchanged(m)
    assert len(seen) == n and cheat.tried not in seen


def test_undo_still_works_after_a_bots_illegal_move():
    """A person plays, then the bot cheats as the match plays on to the person's next decision: the refusal
    leaves the match where it was, and the person's move can still be undone back to exactly the position
    and generator before it."""
    cheat = CheatBot()
    m = Match(load_ruleset("origin", players=2), seats=[None, cheat], seed=2)
    m.play_until_human()
    before = Snapshot(m)
    m.step(m.legal_actions()[0])
    while m.to_move != 1:
        m.step()
    cheat.move = illegal_variant(m.state, m.legal_actions())
    snap = Snapshot(m)
    with pytest.raises(IllegalActionError) as err:
        m.play_until_human()
    assert err.value.seat == 1
    snap.assert_unchanged(m)
    assert m.undo()
    before.assert_unchanged(m)


def test_a_subclass_of_a_builtin_bot_is_checked():
    """Trust is declared by a bot's own class, not inherited: a RandomBot subclass that changes ``pick``, and a
    RandomBot whose ``pick`` is replaced on the instance, are both checked."""

    class Sloppy(RandomBot):
        def pick(self, view, legal, rng):
            return evolab.TakeFood(MADE_UP)

    patched = RandomBot()
    patched.pick = lambda view, legal, rng: evolab.TakeFood(MADE_UP)
    assert trusted(RandomBot()) and trusted(GreedyBot()) and trusted(GreedyBot(0.5))
    assert not trusted(Sloppy()) and not trusted(patched)
    for bot in (Sloppy(), patched):
        m = Match(load_ruleset("origin", players=2), seats=[bot, RandomBot()], seed=1)
        with pytest.raises(IllegalActionError) as err:
            m.play_out()
        assert err.value.seat == 0 and err.value.action == evolab.TakeFood(MADE_UP)
        assert m.record.replay() == m.state


def test_a_checked_bot_that_plays_fairly_plays_the_same_game_as_the_trusted_one():
    """Checking changes nothing for a fair bot: the same seed gives the same moves, checked or trusted."""

    class Checked(GreedyBot):
        pass

    assert not trusted(Checked())
    rs = load_ruleset("origin", players=3)
    a = Match(rs, seats=[GreedyBot(), RandomBot(), GreedyBot()], seed=9)
    b = Match(rs, seats=[Checked(), RandomBot(), Checked()], seed=9)
    a.play_out()
    b.play_out()
    assert a.record.moves == b.record.moves and a.rng.getstate() == b.rng.getstate()


class _Asking(RandomBot):
    """A trusted bot with a live chooser that records the phases it is asked in and answers None (the match then
    builds the legal list); ``phases`` is given to the chooser when not None."""

    picks_from_legal = True
    needs_observation = True

    def __init__(self, phases=None):
        super().__init__()
        self.asked = set()
        self.live_phases = phases

    def live_chooser(self, rs):
        def choose(view, rng):
            self.asked.add(view.phase)
            return None
        if self.live_phases is not None:
            choose.phases = self.live_phases
        return choose


def test_play_out_asks_a_live_chooser_only_in_the_phases_it_names():
    rs = load_ruleset("origin", players=2)
    every, named = _Asking(), _Asking(frozenset({"development"}))
    plain = Match(rs, seats=[RandomBot(), RandomBot()], seed=5)
    plain.play_out()
    asked = Match(rs, seats=[every, named], seed=5)
    asked.play_out()
    assert asked.record.moves == plain.record.moves       # answering None: the bot chooses from the legal list
    assert {"development", "feeding"} <= every.asked      # no phases named: asked in every phase it decides in
    assert named.asked == {"development"}

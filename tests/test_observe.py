"""``observe`` hands out a read-only copy of what one seat may see: nothing set on it reaches the table, and it
does not change when the game goes on."""
from __future__ import annotations

import json
import random
from collections.abc import Mapping

import pytest

import evolab
from evolab import Match, observe
from evolab.actions import PlaceTrait
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.northstar.view import HIDDEN_CARD

from test_ns_rules import S, play_pos

EDITIONS = sorted(evolab.available_rulesets())


def _midgame(rid, moves=60, seed=5):
    """A match of random bots some moves into the game (on a player's turn, with units on the table)."""
    rs = evolab.load_ruleset(rid, players=3)
    m = Match(rs, seats=[RandomBot() for _ in range(3)], seed=seed)
    for _ in range(moves):
        if m.is_over():
            break
        m.step()
    return m


def _slots(obj):
    return [s for k in type(obj).__mro__ for s in getattr(k, "__slots__", ()) if not s.startswith("__")]


def _tables(view):
    return [getattr(view, name) for name in _slots(view) if isinstance(getattr(view, name, None), Mapping)]


@pytest.mark.parametrize("rid", EDITIONS)
def test_observation_refuses_every_write(rid):
    m = _midgame(rid)
    before = m.state.to_dict()
    view = observe(m.state, 0)
    with pytest.raises(AttributeError, match="read-only"):
        view.turn = 99
    tables = _tables(view)
    assert tables, "an edition's observation has at least one table of units"
    units = 0
    for table in tables:
        with pytest.raises(TypeError):
            table[12345] = None                   # the tables are read-only mappings
        for unit in table.values():
            slots = [s for s in _slots(unit) if s != "tcache"]
            with pytest.raises(AttributeError, match="read-only"):
                setattr(unit, slots[0], getattr(unit, slots[0]))
            units += 1
    assert units, "the position has units on the table"
    assert m.state.to_dict() == before


@pytest.mark.parametrize("rid", EDITIONS)
def test_observation_stays_as_it_was_when_the_game_goes_on(rid):
    m = _midgame(rid, moves=40)
    view = observe(m.state, 1)
    seen = json.dumps(view.to_dict(), sort_keys=True)
    for _ in range(40):
        if m.is_over():
            break
        m.step()
    assert json.dumps(view.to_dict(), sort_keys=True) == seen
    assert json.dumps(observe(m.state, 1).to_dict(), sort_keys=True) != seen      # the table did change


def test_another_seats_face_down_cards_are_only_counted():
    """North Star §4.3: a face-down trait is read as a count by the others, in the observation itself (what
    bots read), not only in its JSON."""
    s = play_pos(S(1, 0), S(2, 1), S(3, 2), hands=[["climbing:3"], ["fertile:2"], []])
    s, _ = evolab.apply(s, PlaceTrait("climbing:3", 1))
    assert observe(s, 1).species[1].pending == (HIDDEN_CARD,)
    assert observe(s, 0).species[1].pending == ("climbing:3",)


@pytest.mark.parametrize("rid", EDITIONS)
def test_bots_and_scores_work_from_the_copy(rid):
    m = _midgame(rid)
    view = observe(m.state, m.to_move if m.to_move >= 0 else 0)
    assert m.state.ruleset.scores(view) == evolab.scores(m.state)
    legal = evolab.legal_actions(m.state)
    if m.to_move >= 0 and legal:
        from evolab.bots import GreedyBot
        assert GreedyBot().choose(view, legal, random.Random(1)) in legal


class _CopyingGreedy(GreedyBot):
    """A greedy bot not trusted by ``Match`` (it declares nothing): it is shown read-only copies."""


@pytest.mark.parametrize("rid", EDITIONS)
def test_built_in_bots_play_the_same_game_from_the_live_view_as_from_copies(rid):
    """``Match`` shows the trusted built-in bots a read-only view over the table's own units (no copy); they
    decide exactly as from the copies ``observe`` hands out, so they only read it."""
    rs = evolab.load_ruleset(rid, players=3)
    live = Match(rs, seats=[GreedyBot(), RandomBot(), GreedyBot()], seed=11)
    copied = Match(rs, seats=[_CopyingGreedy(), RandomBot(), _CopyingGreedy()], seed=11)
    live.play_out()
    copied.play_out()
    assert live.record.moves == copied.record.moves


@pytest.mark.parametrize("rid", EDITIONS)
def test_live_view_is_read_only_and_hides_the_same(rid):
    m = _midgame(rid)
    s = m.state
    for seat in range(3):
        live, copy = s.ruleset.observe(s, seat, False), observe(s, seat)
        assert json.dumps(live.to_dict(), sort_keys=True) == json.dumps(copy.to_dict(), sort_keys=True)
        with pytest.raises(AttributeError):
            live.turn = 0
        for table in _tables(live):
            with pytest.raises(TypeError):
                table[1] = None


@pytest.mark.parametrize("rid", EDITIONS)
def test_live_view_gives_every_field_of_the_copy(rid):
    """The live view works some fields out only when they are read (``view.live_view_classes``: ``public``,
    ``to_move``, the others' sizes): at positions all through a game, every field a seat reads equals the
    copy's, and the view is an observation of the edition's class."""
    rs = evolab.load_ruleset(rid, players=3)
    m = Match(rs, seats=[GreedyBot(), RandomBot(), GreedyBot()], seed=21)
    checked = 0
    while not m.is_over():
        if len(m.record.moves) % 2 == 0:
            s = m.state
            for seat in range(3):
                _assert_live_reads_like_the_copy(rs, s, seat)
                checked += 1
        m.step()
    assert checked > 300


def _assert_live_reads_like_the_copy(rs, s, seat):
    """Every field of ``seat``'s live view equals the copy's (tables unit by unit), and the view is an observation
    of the edition's class."""
    live, copy = rs.observe(s, seat, False), observe(s, seat)
    assert isinstance(live, type(copy).__mro__[1]) and live.read_only
    for name in _slots(copy):
        a, b = getattr(live, name), getattr(copy, name)
        if isinstance(b, Mapping):
            assert list(a) == list(b) and [x.to_dict() for x in a.values()] == [x.to_dict() for x in b.values()], name
        elif hasattr(b, "to_dict"):              # a unit copied (an attack under way)
            assert a.to_dict() == b.to_dict(), name
        else:
            assert a == b, (name, a, b)


def test_live_view_gives_every_field_of_the_copy_in_the_six_player_simultaneous_phase():
    """North Star with six players plays cards at once: the others' rows, hand sizes and bags come from the
    snapshot taken when the phase began. The live view works the sizes and bags out when read; every field equals
    the copy's at every decision of that phase in a whole game."""
    rs = evolab.load_ruleset("northstar", players=6)
    m = Match(rs, seats=[GreedyBot() for _ in range(6)], seed=5)
    checked = 0
    while not m.is_over():
        s = m.state
        if s.phase == "play_cards" and s.snapshot is not None:
            for seat in range(6):
                _assert_live_reads_like_the_copy(rs, s, seat)
                checked += 1
        m.step()
    assert checked > 100


def test_north_star_discard_pile_count_follows_the_pile():
    """The discard pile's counts are a list changed in place as cards are discarded: every observation (copy and
    live view) counts the pile as it is now, not as it was when a view was last built."""
    rs = evolab.load_ruleset("northstar", players=4)
    m = Match(rs, seats=[GreedyBot() for _ in range(4)], seed=3)
    seen = set()
    while not m.is_over():
        s = m.state
        for seat in range(4):
            pile = sum(s.discard)
            assert observe(s, seat).discard_size == pile
            assert rs.observe(s, seat, False).discard_size == pile
            seen.add(pile)
        m.step()
    assert len(seen) > 10          # the pile grew through the game


def test_six_player_snapshot_shows_each_seat_the_others_boards_in_the_snapshots_order():
    """What a seat sees of the others in a Play Cards snapshot: their boards as the snapshot has them, in its order,
    the seat's own left out; a board that is face down in a snapshot (one read from a file, say) shows its cards as
    hidden, as at any other decision."""
    from evolab.rules.northstar import view as V
    from evolab.rules.northstar.state import Snapshot
    rs = evolab.load_ruleset("northstar", players=6)
    m = Match(rs, seats=[GreedyBot() for _ in range(6)], seed=8)
    checked = 0
    while not m.is_over() and checked < 60:
        s = m.state
        if s.phase == "play_cards" and s.snapshot is not None:
            snap = s.snapshot
            for seat in range(6):
                others = V._seen_in(snap, seat)[0]
                assert list(others) == [sp.id for sp in snap.boards if sp.owner != seat]
                assert all(others[sp.id] is sp for sp in snap.boards if sp.owner != seat)
                checked += 1
        m.step()
    assert checked >= 60
    boards = [sp.clone() for sp in snap.boards]
    theirs = next(sp for sp in boards if sp.owner != 0)
    theirs.pending = ("horns:3",)
    hidden = Snapshot(tuple(boards), snap.rows, snap.hand_sizes, snap.bags)
    others = V._seen_in(hidden, 0)[0]
    assert list(others) == [sp.id for sp in boards if sp.owner != 0]
    assert others[theirs.id].pending == (HIDDEN_CARD,) and theirs.pending == ("horns:3",)

"""``Ruleset.chance_runs``: nature's runs of moves (the cards drawn in Origin's deal and draw, North Star's queue)
that ``Match.play_out`` plays in one call for any seats, whole when nothing watches, and short of each phase's last
card when every observer declares (``reads``) that it reads no card dealt, as the tracker does. The games, records
and tracked tables are those of one step per card; an observer that reads cards dealt, or one that does not say what
it reads, is told of every move."""
from __future__ import annotations

import pytest

import evolab
from evolab import Match
from evolab.bots import GreedyBot, RandomBot
from evolab.events import CardDealt, TurnEnded
from evolab.rules.origin.play import _run_draws
from evolab.tracking import _HANDLERS, ALL_TABLES, Tracker

CASES = [("origin", {"players": 2}), ("origin", {"players": 5}), ("origin", {"players": 3, "scenario": "fatality"}),
         ("northstar", {"players": 2}), ("northstar", {"players": 4}), ("northstar", {"players": 6}),
         ("northstar", {"players": 3, "deck_cycles_to_end": 2})]


def _seats(rules):
    other = RandomBot(trait_card_rate=0.6) if rules.id == "origin" else RandomBot()
    return [GreedyBot() if i % 2 == 0 else other for i in range(rules.players)]


class Counting(Tracker):
    """The tracker, counting the moves it is told of and the cards dealt it sees (its ``update`` is its own: it
    declares what it reads, the tracker's events)."""

    reads = frozenset(_HANDLERS)

    def start(self, match):
        super().start(match)
        self.told: list = []
        self.dealt = 0

    def update(self, match, move, events):
        self.told.append(len(match.record.moves) - 1)       # the move's place in the record
        self.dealt += sum(type(e) is CardDealt for e in events)
        super().update(match, move, events)


class Listener:
    """An observer that says nothing of what it reads."""

    def __init__(self):
        self.told: list = []
        self.dealt = 0

    def update(self, match, move, events):
        self.told.append(move)
        self.dealt += sum(type(e) is CardDealt for e in events)


def _tables(tracker):
    return {name: tracker.rows(name) for name in ALL_TABLES}


def _draws(m):
    """The cards drawn to a seat (North Star's two-player game first draws some to nobody, with no event)."""
    return sum(type(a).__name__ == "Draw" for a in m.record.moves) - getattr(m.ruleset, "remove", 0)


def _runs_of_draws(moves) -> list:
    """(start, end) of each run of draws in ``moves``."""
    out: list = []
    for i, a in enumerate(moves):
        if type(a).__name__ == "Draw":
            if out and out[-1][1] == i:
                out[-1][1] = i + 1
            else:
                out.append([i, i + 1])
    return out


@pytest.mark.parametrize("edition,options", CASES, ids=str)
def test_a_tracked_game_with_runs_of_draws_is_the_game_and_the_tables_of_one_step_per_card(monkeypatch, edition, options):
    rules = evolab.load_ruleset(edition, **options)
    assert rules.chance_runs and CardDealt in rules.chance_run_events and CardDealt not in Tracker().reads
    fast = []
    for seed in range(3):
        t = Counting()
        m = Match(rules, seats=_seats(rules), seed=seed, observers=[t])
        m.play_out()
        fast.append((m, t))
    monkeypatch.setattr(type(rules), "chance_runs", {})
    for seed, (m, t) in enumerate(fast):
        ref = Counting()
        steps = Match(rules, seats=_seats(rules), seed=seed, observers=[ref])
        steps.play_out()
        assert steps.record.moves == m.record.moves and steps.state == m.state
        assert _tables(t) == _tables(ref)
        assert ref.told == list(range(len(steps.record.moves))) and ref.dealt == _draws(steps) > 20
        # the runs played cards without telling the tracker, and nothing else
        untold = set(ref.told) - set(t.told)
        assert untold and all(type(m.record.moves[i]).__name__ == "Draw" for i in untold)
        assert 0 < t.dealt < ref.dealt


@pytest.mark.parametrize("observer", [Listener, lambda: type("Reader", (Counting,), {"reads": Counting.reads | {CardDealt}})(),
                                      lambda: type("Overrides", (Counting,), {"reads": None})()],
                         ids=["says nothing", "reads cards dealt", "overrides update"])
@pytest.mark.parametrize("edition", ["origin", "northstar"])
def test_an_observer_that_may_read_cards_dealt_is_told_of_every_move(observer, edition):
    rules = evolab.load_ruleset(edition, players=3)
    o = observer()
    m = Match(rules, seats=_seats(rules), seed=4, observers=[o, Tracker()])
    m.play_out()
    assert len(o.told) == len(m.record.moves) and o.dealt == _draws(m) > 20


def test_kept_events_hold_every_card_dealt():
    rules = evolab.load_ruleset("origin", players=2)
    m = Match(rules, seats=_seats(rules), seed=2, observers=[Tracker()], keep_events=True)
    m.play_out()
    assert sum(type(e) is CardDealt for e in m.events) == _draws(m) > 20


@pytest.mark.parametrize("edition", ["origin", "northstar"])
@pytest.mark.parametrize("tracked", [False, True], ids=["untracked", "tracked"])
def test_a_game_stopped_inside_a_run_stops_there_and_goes_on_to_the_same_game(tracked, edition):
    rules = evolab.load_ruleset(edition, players=2 if edition == "origin" else 3)
    whole = Match(rules, seats=_seats(rules), seed=5, observers=[Tracker()] if tracked else ())
    whole.play_out()
    moves = whole.record.moves
    (a, b), (c, _d) = [r for r in _runs_of_draws(moves) if r[1] - r[0] >= 5][:2]      # the deal and a later run
    for cut in (1, a + 1, a + 3, b - 1, b, c + 1, c + 3):
        t = Tracker() if tracked else None
        m = Match(rules, seats=_seats(rules), seed=5, observers=[t] if t else ())
        m.play_out(max_moves=cut)
        assert m.record.moves == moves[:cut]
        m.play_out()
        assert m.record.moves == moves and m.state == whole.state
        if tracked:
            assert _tables(t) == _tables(whole.observers[0])


def test_a_short_run_leaves_the_phases_last_card_and_plays_none_when_only_it_is_left():
    rules = evolab.load_ruleset("origin", players=2)
    m = Match(rules, seats=_seats(rules), seed=1)
    s = m.state
    assert s.phase == "deal"
    left = min(sum(s.draw_owed), s.deck_size)
    got: list = []
    assert _run_draws(rules, s, m.rng, got.append, 5, False) == 5 and s.phase == "deal"
    assert _run_draws(rules, s, m.rng, got.append, 10_000, False) == left - 6 and s.phase == "deal"
    assert min(sum(s.draw_owed), s.deck_size) == 1
    assert _run_draws(rules, s, m.rng, got.append, 10_000, False) == 0 and len(got) == left - 1
    ev: list = []
    rules.apply_inplace(s, rules.sample_chance(s, m.rng), ev)       # the last card, a step with its events
    assert s.phase != "deal" and any(type(e) is CardDealt for e in ev)
    assert not any(type(e) is TurnEnded for e in ev)                  # (the deal starts the game: no turn ends)


def test_a_short_north_star_run_leaves_the_queues_last_card_and_plays_none_when_only_it_is_left():
    from evolab.rules.northstar.playout import _chance_draws
    rules = evolab.load_ruleset("northstar", players=3)
    m = Match(rules, seats=_seats(rules), seed=1, keep_events=True)
    s = m.state
    while not s.draw_queue:
        m.step()
    phase, left = s.phase, min(len(s.draw_queue), s.deck_size)
    assert phase == "deal" and left > 8
    got: list = []
    assert _chance_draws(rules, s, m.rng, got.append, 5, False) == 5
    assert _chance_draws(rules, s, m.rng, got.append, 10_000, False) == left - 6 and len(s.draw_queue) == 1
    assert _chance_draws(rules, s, m.rng, got.append, 10_000, False) == 0 and len(got) == left - 1
    assert s.phase == phase
    events = m.step()                                                   # the last card, a step with its events
    assert s.phase != phase and not s.draw_queue and any(type(e) is CardDealt for e in events)
    assert _chance_draws(rules, s, m.rng, got.append, 10_000, True) == 0      # none queued: nature's run is not due


def test_an_observer_that_says_nothing_is_told_of_every_move_even_where_runs_skip_no_event(monkeypatch):
    rules = evolab.load_ruleset("origin", players=2)
    monkeypatch.setattr(type(rules), "chance_run_events", frozenset())
    o = Listener()
    m = Match(rules, seats=_seats(rules), seed=3, observers=[o])
    m.play_out()
    assert len(o.told) == len(m.record.moves) and o.dealt == _draws(m) > 20


def test_an_edition_that_applies_moves_its_own_way_is_called_for_every_move_played_one_by_one():
    """``Match`` calls an overridden ``apply_inplace`` (no apply table) for the moves it plays one by one, and the game
    is the one the table plays."""
    base = evolab.load_ruleset("origin", players=2)
    calls: list = []

    class Own(type(base)):
        def apply_inplace(self, s, action, ev=None):
            calls.append(action)
            super().apply_inplace(s, action, ev)

    own = Own(base.options)
    for tracked in (False, True):
        ref = Match(base, seats=_seats(base), seed=6, observers=[Tracker()] if tracked else ())
        ref.play_out()
        calls.clear()
        m = Match(own, seats=_seats(own), seed=6, observers=[Tracker()] if tracked else ())
        m.play_out()
        assert m.record.moves == ref.record.moves
        if tracked:
            assert _tables(m.observers[0]) == _tables(ref.observers[0])
        others = [a for a in m.record.moves if type(a).__name__ != "Draw"]
        assert [a for a in calls if type(a).__name__ != "Draw"] == others     # nature's runs apply themselves


def test_the_tracker_declares_its_handlers_events_and_a_subclass_that_overrides_update_declares_nothing():
    class Mine(Tracker):
        def update(self, match, move, events):
            super().update(match, move, events)

    class Keeps(Tracker):
        def _born(self, match, e):
            super()._born(match, e)

    assert Tracker().reads == frozenset(_HANDLERS) == Keeps().reads and CardDealt not in Tracker().reads
    assert Mine().reads is None
    rules = evolab.load_ruleset("origin", players=2)
    told: list = []
    mine = Mine()
    mine.update = lambda match, move, events: told.append(move)          # (an instance's own, counted)
    m = Match(rules, seats=_seats(rules), seed=8, observers=[mine])
    m.play_out()
    assert len(told) == len(m.record.moves)

"""The test-only edition Pond (``tests/pond``: ``__init__.py``, ``rules.py``, ``state.py``, ``hints.py``) works end
to end: the board draws and plays it by clicks, the log tells it, the tracker and ``run_batch`` tabulate it, the
bots play it. Its registration here is the only line outside its package."""
from __future__ import annotations

import pytest

import evolab
from evolab.bots import GreedyBot, RandomBot
from evolab.experiments import run_batch
from evolab.narrate import Narrator
from evolab.rules import register_edition, unregister_edition
from evolab.tracking import Tracker
from pond import EDITION


@pytest.fixture(autouse=True, scope="module")
def pond():
    register_edition(EDITION)          # the registry line
    yield
    unregister_edition(EDITION.id)


def test_pond_is_listed_and_loads_with_its_options():
    assert "pond" in evolab.available_rulesets()
    rs = evolab.load_ruleset("pond", players=3)
    assert rs.players == 3 and rs.edition is EDITION
    with pytest.raises(evolab.OptionError):
        evolab.load_ruleset("pond", players=9)


def test_bots_tracker_and_log_play_pond():
    tracker = Tracker()
    m = evolab.Match(evolab.load_ruleset("pond", players=3), seats=[GreedyBot(), RandomBot(), GreedyBot()],
                     seed=4, observers=[tracker], keep_events=True)
    m.play_out()
    assert m.is_over() and m.state.turn == 3
    turns = tracker.rows("turns")
    assert [r["turn"] for r in turns] == [1, 2, 3]
    assert sum(r["born"] for r in turns) == len(m.state.animals) + sum(r["deaths"] for r in turns)
    assert {r["trait"] for r in tracker.rows("traits")} == {"pond_fins", "pond_shell", "pond_jaws"}
    assert tracker.rows("games")[0]["winner"] == m.state.winner
    lines = Narrator(["A", "B", "C"], 0).lines(evolab.observe(m.state, 0), m.events)
    assert any("played a new animal" in line for line in lines)
    assert sum("starved" in line for line in lines) == sum(r["starved"] for r in turns)


def test_run_batch_plays_pond_the_same_in_a_process_pool():
    serial = run_batch("pond", grid={"players": [2, 3]}, reps=3, seed=2, progress=False)
    pooled = run_batch("pond", grid={"players": [2, 3]}, reps=3, seed=2, progress=False, workers=2)
    assert len(serial.rows("games")) == 6
    for table in ("games", "turns", "traits", "deaths"):
        assert pooled.rows(table) == serial.rows(table), table


def test_board_draws_and_plays_pond_by_clicks():
    pytest.importorskip("ipywidgets")
    import re

    from evolab.viz import GameBoard
    from test_widgets import press
    b = GameBoard("pond", seat=0, seed=3, chart=False)
    assert "Turn 1" in b.text()
    steps = 0
    while not b.match.is_over() and steps < 500:
        if not b.match.waiting_for_human():
            b.bot_play.click()
            continue
        buttons = b.buttons()
        assert buttons, b.text()[:400]
        before = len(b.match.record.moves)
        press(b, buttons[0][1])
        assert not b.status.value, b.status.value
        assert len(b.match.record.moves) > before
        shown = {int(x) for x in re.findall(r"#(\d+)", b.table.value)}
        assert set(b.state.animals) <= shown, "an animal on the table is not drawn"
        assert f"Turn {b.state.turn}" in b.text()
        steps += 1
    assert b.match.is_over() and steps > 3
    assert "Game over" in b.text()


def test_the_environment_plays_pond_with_the_neutral_encoder():
    """``evolab.env`` asks the edition for its encoder; Pond names none and gets the neutral one (phase, whose
    decision, turn), which passes PettingZoo's own API test."""
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from evolab import env as evolab_env
    from evolab.rules.encoding import Encoder

    e = evolab_env.env("pond", players=2)
    api_test(e, num_cycles=200)
    assert type(e.unwrapped.encoder) is Encoder
    assert [name for name, _ in e.unwrapped.layout] == ["phase", "to_move", "turn"]
    assert "pond" in evolab_env.PHASES and evolab_env.DEFAULT_UNITS["pond"] == Encoder.default_units

"""The GameBoard and Lab widgets driven from Python: clicks, values, a whole game, save/load, undo."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import evolab  # noqa: E402
from evolab.actions import Pass  # noqa: E402
from evolab.viz import GameBoard, Lab  # noqa: E402


def check_board_matches_state(b):
    """What the board shows is what the state holds: turn, food bank, every animal, the hand size."""
    s = b.state
    text = b.text()
    assert f"Turn {s.turn}" in text
    assert f"Food bank: {s.food_bank} red tokens" in text
    shown = set(int(x) for x in re.findall(r"#(\d+)\s", b.table.value.replace("</b>", " ")))
    assert set(s.animals) <= shown
    viewer = b.viewer()
    assert f"cards in hand ({len(s.hands[viewer])})" in text or "look away" in text
    if not b.match.is_over() and b.match.waiting_for_human():
        assert b.buttons(), "a person must move but no button is offered"


def click_through(b, choose=lambda labels: 0, limit=3000):
    """Play by clicking: each step picks a button (a group's "Do it" plays its dropdown's choice)."""
    steps = 0
    while not b.match.is_over() and steps < limit:
        if not b.match.waiting_for_human():
            b.bot_play.click()
        buttons = b.buttons()
        if b.match.is_over():
            break
        assert buttons, b.text()[:400]
        label, button = buttons[choose([l for l, _ in buttons])]
        before = len(b.match.record.moves)
        button.click()
        assert not b.status.value, b.status.value
        if "show my cards" not in label:
            assert len(b.match.record.moves) > before
        check_board_matches_state(b)
        steps += 1
    return steps


def test_human_plays_a_whole_game_against_bots_by_clicking():
    b = GameBoard("origin", seat=0, seed=5, chart=False)
    check_board_matches_state(b)
    steps = click_through(b)
    assert b.match.is_over()
    assert steps > 10
    assert "Game over" in b.text()
    assert b.log_entries and "Game over" in b.log_entries[-1][1]
    assert len(b.timings) == steps


def test_development_and_feeding_buttons_are_grouped_and_labelled():
    b = GameBoard("origin", seat=0, seed=2, chart=False)
    rows = [row.children[0].value for row in b.actions.children]
    assert rows[0] == "<b>Play a card as a new animal</b>"
    assert any("Pass" in l for l, _ in b.buttons()) or any("Finish" in r for r in rows)
    # play a card as an animal, then pass: the table shows the new animal and feeding begins
    animals = len(b.state.animals_of(0))
    b.do(b.match.legal_actions()[0])
    assert len(b.state.animals_of(0)) == animals + 1
    while b.state.phase == "development" and b.match.waiting_for_human():
        b.do(Pass())
    assert b.state.phase in ("feeding", "development", "over")
    if b.state.phase == "feeding" and b.match.waiting_for_human():
        titles = " ".join(row.children[0].value for row in b.actions.children)
        assert "Finish" in titles


def test_log_is_plain_language():
    b = GameBoard("origin", seat=0, seed=8, chart=False)
    click_through(b)
    text = " ".join(t for _, t in b.log_entries)
    assert "played a new animal" in text
    assert "food bank" in text
    assert "Game over" in text


def test_undo_takes_back_the_last_decision():
    b = GameBoard("origin", seat=0, seed=4, chart=False)
    before = b.state.clone()
    moves = len(b.match.record.moves)
    b.do(b.match.legal_actions()[0])
    assert b.state != before
    b.undo_button.click()
    assert b.state == before and len(b.match.record.moves) == moves
    assert "taken back" in b.log_entries[-1][1]
    # undo with nothing to undo says so and changes nothing
    b.undo_button.click()
    assert "Nothing to undo" in b.status.value


def test_save_and_load_json_continue_the_game(tmp_path):
    b = GameBoard("origin", seat=0, seed=6, chart=False)
    for _ in range(5):
        if b.match.waiting_for_human():
            b.do(b.match.legal_actions()[0])
    text = b.save_json()
    b.save_button.click()
    assert "download=\"evolab-game.json\"" in b.save_link.value
    c = GameBoard("origin", seat=0, seed=99, chart=False)
    c.load_json(text)
    assert c.state == b.state
    with pytest.raises(evolab.SaveFileError):
        c.load_json(text.replace('"moves"', '"moves_"'))
    assert c.state == b.state


def test_bad_upload_is_reported_not_raised():
    b = GameBoard("origin", seat=0, seed=6, chart=False)
    b._safe(b.load_json, "{not json")
    assert "not a saved game" in b.status.value


def test_hot_seat_hides_the_next_players_cards():
    b = GameBoard("origin", seats=[None, None], seed=3, chart=False)
    assert b.hot_seat
    (label, gate), = b.buttons()
    assert "show my cards" in label and "look away" in b.hand.value
    gate.click()
    assert "cards in hand" in b.hand.value
    who = b.match.to_move
    b.do(b.match.legal_actions()[0])
    if b.match.to_move != who and b.match.waiting_for_human():
        assert "look away" in b.hand.value
    click_through(b)
    assert b.match.is_over()


def test_step_bot_and_speed_controls():
    b = GameBoard("origin", seat=0, seed=7, auto_bots=False, chart=False)
    while b.match.waiting_for_human():
        b.do(b.match.legal_actions()[-1])        # pass / end move
    n = len(b.match.record.moves)
    b.bot_step.click()
    assert len(b.match.record.moves) > n
    b.speed.value = 0.0
    b.bot_play.click()
    assert b.match.is_over() or b.match.waiting_for_human()


def test_live_chart_is_drawn_each_turn():
    """The live chart (SVG, no matplotlib) is redrawn when a turn ends, and its caption follows it."""
    b = GameBoard("origin", seat=0, seed=9, chart=True)
    charts = {}

    def choose(labels):
        charts.setdefault(b.state.turn, (b.chart.value, b.chart_description))
        return 0
    click_through(b, choose)
    assert b.chart.value.startswith("<figure") and "<svg" in b.chart.value
    assert "game(s)" in b.chart_description or "No trait" in b.chart_description
    seen = [charts[t] for t in sorted(charts) if t >= 2]
    assert len(seen) >= 3 and len({value for value, _ in seen}) == len(seen)    # a new chart every turn
    assert all(f"between turn 1 and turn {t - 1}" in caption or "No trait" in caption
               for t, (_, caption) in sorted(charts.items()) if t >= 3)


def test_new_game_button():
    b = GameBoard("origin", seat=0, seed=1, chart=False)
    b.new_players.value = 3
    b.new_seed.value = 11
    b.new_button.click()
    assert b.state.players == 3 and b.match.seed == 11
    assert "Player 3" in b.text()


def test_lab_runs_and_shows_charts_table_and_csv():
    lab = Lab(reps=4)
    lab.run_button.click()
    assert not lab.status.value.startswith("<span"), lab.status.value
    assert lab.result is not None and len(lab.result) == 4
    assert lab.chart1.value[:4] == b"\x89PNG" and lab.chart2.value[:4] == b"\x89PNG"
    assert "Over 4 game(s)" in lab.caption1.value
    assert "<table" in lab.table.value and 'download="evolab-traits.csv"' in lab.download.value
    assert lab.progress.value == lab.progress.max == 4


def test_lab_sweep_and_world_knobs():
    lab = Lab(reps=3)
    lab.sweep.value = True
    lab.no_carnivores.value = True
    lab.schedule.value = "Sudden crash: 8 food, then 2 from turn 5"
    grid, fixed = lab.settings()
    assert grid == {"mutation_rate": [0.0, 0.25, 0.5, 0.75, 1.0]}
    assert fixed["no_carnivores"] is True and fixed["food_schedule"][4] == 2
    lab.run()
    assert len(lab.result) == 15
    assert all(r["attacks"] == 0 for r in lab.result.rows("turns"))
    assert "mutation rate" in lab.caption1.value


def test_lab_rule_options_come_from_the_declared_options():
    lab = Lab(reps=1)
    spec = evolab.load_ruleset("origin").option_specs
    assert set(lab.rule_widgets) == {n for n, o in spec.items() if o.kind in ("bool", "choice")}
    lab.rule_widgets["mimicry_optional"].value = True
    assert lab.settings()[1]["mimicry_optional"] is True


def test_random_mutations_board_plays_a_whole_game():
    """The board plays the Random Mutations edition unchanged: blind deck sizes, species, the centre."""
    b = GameBoard("random_mutations", seat=0, seed=2, chart=False)
    text = b.text()
    assert "player deck: 7 cards, face down" in text and "Centre:" in text
    assert "Species #1 (population 1)" in text
    steps = 0
    while not b.match.is_over() and steps < 3000:
        if not b.match.waiting_for_human():
            b.bot_play.click()
            continue
        label, button = b.buttons()[steps % len(b.buttons())]
        before = len(b.match.record.moves)
        button.click()
        assert not b.status.value, b.status.value
        assert len(b.match.record.moves) > before
        s = b.state
        assert f"Turn {s.turn}" in b.text()
        for sid, sp in s.species.items():
            assert f"Species #{sid} (population {len(sp.animals)}" in b.text()
        steps += 1
    assert b.match.is_over() and "Game over" in b.text()


def test_lab_for_random_mutations_with_divergence():
    lab = Lab(ruleset="random_mutations", reps=3)
    assert "divergence" in lab.rule_widgets and "deck" not in lab.rule_widgets
    lab.rule_widgets["divergence"].value = True
    lab.run()
    assert len(lab.result) == 3 and lab.chart1.value[:4] == b"\x89PNG"
    lab.ruleset.value = "origin"
    assert "divergence" not in lab.rule_widgets and "mimicry_optional" in lab.rule_widgets


def test_lab_for_northstar_greys_out_knobs_it_lacks():
    lab = Lab(ruleset="northstar", reps=2, players=3)
    assert lab.schedule.disabled and not lab.food.disabled
    lab.schedule.value = "Sudden crash: 8 food, then 2 from turn 5"
    assert "food_schedule" not in lab.settings()[1]
    lab.no_carnivores.value = True
    lab.run()
    assert len(lab.result) == 2
    assert all(r["animals"] == 0 for r in lab.result.rows("traits") if r["trait"] == "carnivore")


def test_northstar_board_plays_a_whole_game():
    b = GameBoard("northstar", seat=0, seed=5, chart=False)
    assert "Watering Hole" in b.text() and "Select a food card" in b.text()
    steps = 0
    while not b.match.is_over() and steps < 3000:
        if not b.match.waiting_for_human():
            b.bot_play.click()
            continue
        buttons = b.buttons()
        label, button = buttons[steps % len(buttons)]
        before = len(b.match.record.moves)
        button.click()
        assert not b.status.value, b.status.value
        assert len(b.match.record.moves) > before
        for sid, sp in b.state.species.items():
            assert f"Species #{sid} · Body Size {sp.body} · Population {sp.pop}" in b.text()
        steps += 1
    assert b.match.is_over() and "Game over" in b.text()

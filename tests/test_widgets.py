"""The GameBoard and Lab widgets driven from Python: clicks, values, a whole game, save/load, undo."""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

import evolab  # noqa: E402
from evolab.actions import Pass  # noqa: E402
from evolab.palette import pretty  # noqa: E402
from evolab.viz import GameBoard, Lab  # noqa: E402
from evolab.rules.heredity import NAMES as HEREDITY_OPTIONS  # noqa: E402


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


def press(b, button):
    """Click as a person would: a list that starts with nothing chosen (your own animals to attack) gets its
    first entry chosen first."""
    for row in b.actions.children:
        kids = getattr(row, "children", ())
        if button in kids:
            for dd in kids:
                if isinstance(dd, b.w.Dropdown) and dd.value is None:
                    dd.value = 0
    button.click()


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
        press(b, button)
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
    assert grid == {"trait_card_rate": [0.0, 0.25, 0.5, 0.75, 1.0]}
    assert fixed["no_carnivores"] is True and fixed["food_schedule"][4] == 2
    lab.run()
    assert len(lab.result) == 15
    assert all(r["attacks"] == 0 for r in lab.result.rows("turns"))
    assert "trait card rate" in lab.caption1.value and "mutation" not in lab.caption1.value


def test_lab_rule_options_come_from_the_declared_options():
    lab = Lab(reps=1)
    spec = evolab.load_ruleset("origin").option_specs
    variant = {"heredity"} | set(HEREDITY_OPTIONS)          # set by the World and Heredity controls instead
    assert set(lab.rule_widgets) == {n for n, o in spec.items() if o.kind in ("bool", "choice")} - variant
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
        press(b, button)
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
        press(b, button)
        assert not b.status.value, b.status.value
        assert len(b.match.record.moves) > before
        for sid, sp in b.state.species.items():
            assert f"Species #{sid} · Body Size {sp.body} · Population {sp.pop}" in b.text()
        steps += 1
    assert b.match.is_over() and "Game over" in b.text()


def test_board_and_log_say_a_shared_win_is_shared():
    """North Star, tied after both tie-breaks: the banner and the last log line name both winners."""
    start = evolab.scenario("northstar", {"players": 2, "watering": 1, "last_round": True, "bags": [0, 0], "species": [
        {"id": 1, "owner": 0, "pop": 2, "food": 1}, {"id": 2, "owner": 1, "pop": 2, "food": 2}]})
    b = GameBoard(evolab.Match(start.ruleset, seats=[None, "random"], seed=1, start=start), chart=False)
    (label, button), = b.buttons()
    button.click()
    assert b.match.is_over() and evolab.winners(b.state) == (0, 1)
    assert "share the win" in b.banner.value
    line = b.log_entries[-1][1]
    assert "You and Player 2" in line and line.endswith("share the win!"), line


# ---- the lab bench's charts say what they draw -------------------------------------------------------
def _final_means(rows, by=("trait",)):
    """Independent of the charts: per trait (and ``by``), the mean over games of the value in a game's last turn."""
    last = {}
    for r in rows:
        g = r["game"]
        if g not in last or r["turn"] > last[g]:
            last[g] = r["turn"]
    sums = {}
    for r in rows:
        if r["turn"] == last[r["game"]]:
            k = tuple(r[b] for b in by)
            sums.setdefault(k, []).append(r["frequency"])
    return {k: sum(v) / len(v) for k, v in sums.items()}


@pytest.fixture(scope="module")
def swept_lab():
    lab = Lab(reps=3, seed=2)
    lab.sweep.value = True                   # the default rates 0, 0.25, 0.5, 0.75, 1
    lab.run()
    return lab


def test_lab_sweep_draws_the_traits_that_end_most_common_and_says_so(swept_lab):
    lab = swept_lab
    rows = lab.result.rows("traits")
    final = _final_means(rows)
    top = [k[0] for k in sorted(final, key=lambda k: (-final[k], k[0]))][:4]
    cap = html.unescape(lab.caption1.value)
    drawn = re.findall(r"the final frequency of (.+?) was", cap)
    assert drawn == [pretty(t) for t in top], cap           # the caption names the traits that end highest
    assert [t.get_text() for t in lab.axes1.get_legend().get_texts()] == drawn   # and the chart draws them
    assert "most common at the end of the games" in cap
    for t in top:
        assert f"{pretty(t)} ({100 * final[(t,)]:.0f}%)" in cap
    by_rate = _final_means(rows, by=("trait", "trait_card_rate"))
    rates = sorted({r["trait_card_rate"] for r in rows})
    lines = {c.get_label(): c.lines[0] for c in lab.axes1.containers}     # errorbar: data line, caps, bars
    for t in top:                                            # each point is that rate's mean final share
        line = lines[pretty(t)]
        assert list(line.get_xdata()) == rates
        assert list(line.get_ydata()) == pytest.approx([by_rate[(t, r)] for r in rates])
        m = re.search(rf"final frequency of {re.escape(pretty(t))} was (\d+)% on average \(3 games\); "
                      rf"with {rates[-1]} it was (\d+)%", cap)
        assert m and [int(x) for x in m.groups()] == [round(100 * by_rate[(t, rates[0])]),
                                                      round(100 * by_rate[(t, rates[-1])])]
    # the student picks a trait of their own: it is drawn, and the caption says so
    own = next(o for _, o in lab.trait_picker.options if o not in top)
    lab.trait_picker.value = (own,)
    cap = html.unescape(lab.caption1.value)
    assert re.findall(r"the final frequency of (.+?) was", cap) == [pretty(own)] and "you picked" in cap
    assert [t.get_text() for t in lab.axes1.get_legend().get_texts()] == [pretty(own)]
    lab.trait_picker.value = lab.default_traits()


def test_lab_predator_chart_is_one_rate_over_the_turns_most_games_reach(swept_lab):
    lab = swept_lab
    for rate in (0.5, 1.0):                                  # 0.5 is shown first (the middle rate)
        if rate != 0.5:
            lab.rate_shown.value = rate
        turns = [r for r in lab.result.rows("turns") if r["trait_card_rate"] == rate]
        games = {r["game"] for r in turns}
        reached = {}
        for r in turns:
            reached.setdefault(r["turn"], set()).add(r["game"])
        kept = sorted(t for t, gs in reached.items() if len(gs) >= 0.8 * len(games))
        pred = {}
        for r in lab.result.rows("traits"):
            if r["trait_card_rate"] == rate and r["trait"] == "carnivorous" and r["turn"] in kept:
                pred.setdefault(r["turn"], []).append(r["animals"])
        alive = {}
        for r in turns:
            if r["turn"] in kept:
                alive.setdefault(r["turn"], []).append(r["alive"])
        mean = lambda v: sum(v) / len(v)                     # noqa: E731
        cap = html.unescape(lab.caption2.value)
        assert f"Mean of {len(games)} game(s) (trait_card_rate = {rate})" in cap, cap
        assert f"turns {kept[0]} to {kept[-1]}, the turns that at least 80% of the games reached" in cap
        predators, prey = lab.axes2.get_lines()[:2]
        assert list(predators.get_xdata()) == kept
        assert list(predators.get_ydata()) == pytest.approx([mean(pred[t]) for t in kept])
        assert list(prey.get_ydata()) == pytest.approx([mean(alive[t]) - mean(pred[t]) for t in kept])
        # the caption's peaks are the drawn lines' peaks
        y_pred, y_prey = list(predators.get_ydata()), list(prey.get_ydata())
        peak_prey = kept[y_prey.index(max(y_prey))]
        assert f"prey peaked at turn {peak_prey} ({max(y_prey):.1f} animals)" in cap
        if max(y_pred) > 0:
            peak_pred = kept[y_pred.index(max(y_pred))]
            assert f"predators at turn {peak_pred} ({max(y_pred):.1f})" in cap
            lag = peak_pred - peak_prey
            assert (f"predators peaked {lag} turn(s) after prey" in cap) == (lag > 0)


def test_lab_progress_moves_after_every_game():
    lab = Lab(reps=2)
    lab.sweep.value = True
    seen = []
    lab.progress.observe(lambda c: seen.append(c["new"]), "value")
    lab.run()
    assert seen == list(range(1, 11)) and lab.progress.max == 10 == len(lab.result)


def test_lab_slider_is_off_while_comparing_rates_and_students_choose_the_rates():
    lab = Lab(reps=2)
    assert not lab.mutation_rate.disabled
    lab.sweep.value = True                         # the slider is not used while rates are compared
    assert lab.mutation_rate.disabled
    assert not lab.rates.disabled
    lab.rates.value = "1, 0 ,0.5; 0.5"
    assert lab.settings()[0] == {"trait_card_rate": [0.0, 0.5, 1.0]}
    for bad, why in (("0, 2", "from 0 to 1"), ("0, x", "'x' is not a number"), ("0.5", "2 to 11")):
        lab.rates.value = bad
        with pytest.raises(ValueError, match=why):
            lab.settings()
    lab.run_button.click()                         # refused on the bench, nothing played
    assert "2 to 11" in lab.status.value and lab.result is None
    lab.rates.value = "0, 1"
    lab.run()
    assert sorted({g["trait_card_rate"] for g in lab.result.rows("games")}) == [0.0, 1.0]
    assert [v for _, v in lab.rate_shown.options] == [0.0, 1.0]
    lab.sweep.value = False
    assert not lab.mutation_rate.disabled and lab.rates.disabled


# ---- the board never offers your own animal as the ready-made target --------------------------------
def _board_at(ruleset, spec, seat=0):
    start = evolab.scenario(ruleset, spec)
    rs = start.ruleset
    return GameBoard(evolab.Match(rs, seats=[None if i == seat else "greedy" for i in range(rs.players)], seed=1,
                                  start=start), seat=seat, chart=False)


def _row(b, title):
    return next(r for r in b.actions.children if title in r.children[0].value)


def test_attack_menu_lists_own_animals_last_marked_and_never_preselected():
    # animal 2 (yours) has a lower id than animal 3 (the opponent's): the engine lists Attack(1, 2) first
    b = _board_at("origin", {"players": 2, "phase": "feeding", "food_bank": 0, "animals": [
        {"id": 1, "owner": 0, "traits": ["carnivorous"]}, {"id": 2, "owner": 0}, {"id": 3, "owner": 1}]})
    assert b.match.legal_actions()[0] == evolab.Attack(1, 2)
    label, dd, do_it = _row(b, "Attack").children
    labels = [text for text, _ in dd.options]
    assert "YOUR OWN" not in labels[0] and "Player 2" in labels[0]
    assert labels[-1].startswith("\u26a0 Attack YOUR OWN animal #2")
    assert dd.label == labels[0]                                # the ready choice is the opponent's animal
    moves = len(b.match.record.moves)
    do_it.click()
    assert b.match.record.moves[moves] == evolab.Attack(1, 3)


def test_attack_menu_with_only_your_own_animal_starts_empty():
    # the opponent's animal swims: the only target is your own animal, which must be chosen on purpose
    b = _board_at("origin", {"players": 2, "phase": "feeding", "food_bank": 0, "animals": [
        {"id": 1, "owner": 0, "traits": ["carnivorous"]}, {"id": 2, "owner": 0},
        {"id": 3, "owner": 1, "traits": ["swimming"]}]})
    label, dd, do_it = _row(b, "Attack").children
    assert dd.value is None and [t for t, _ in dd.options] == ["\u26a0 Attack YOUR OWN animal #2 with #1 (Carnivorous)"]
    moves = len(b.match.record.moves)
    do_it.click()
    assert len(b.match.record.moves) == moves and b.state.animals[2].owner == 0
    assert "Choose a move in the list first" in b.status.value
    dd.value = 0                                                  # chosen on purpose: now it happens
    do_it.click()
    assert b.match.record.moves[moves] == evolab.Attack(1, 2)


def test_own_targets_are_marked_in_every_edition():
    from evolab.actions import Hunt
    from evolab.narrate import action_label, group_actions
    ns = evolab.scenario("northstar", {"players": 3, "watering": 0, "species": [
        {"id": 1, "owner": 0, "body": 2, "pop": 2, "traits": ["carnivore"]}, {"id": 2, "owner": 0, "body": 1, "pop": 1},
        {"id": 3, "owner": 1, "body": 1, "pop": 2},
        {"id": 99, "owner": 2, "body": 6, "pop": 6, "traits": ["carnivore"]}]})
    (title, acts), = [g for g in group_actions(evolab.legal_actions(ns), ns) if g[0] == "Hunt"]
    assert [a.prey for a in acts] == [3, 2]
    assert action_label(ns, Hunt(1, 2)) == "\u26a0 Species #1 attacks YOUR OWN species #2"
    assert action_label(ns, Hunt(1, 3)) == "Species #1 attacks species #3 of Player 2"
    rm = evolab.scenario("random_mutations", {"players": 2, "red": 0, "species": [
        {"id": 1, "owner": 0, "traits": ["predator"]}, {"id": 2, "owner": 0}, {"id": 3, "owner": 1}]})
    groups = dict(group_actions(evolab.legal_actions(rm), rm))
    attacks = groups["Attack"]
    assert [a.prey for a in attacks] == [3, 2]
    assert action_label(rm, attacks[-1]).startswith("\u26a0 Attack YOUR OWN species #2")


# ---- what the board shows: characters, names, the New game tab, the download link -----------------
ROOT = Path(__file__).resolve().parents[1]


def _default_font_cmap():
    """The characters of DejaVu Sans, the default font of Debian's Chromium (fonts-dejavu-core); matplotlib
    ships the same font where the system has none."""
    ttlib = pytest.importorskip("fontTools.ttLib")
    path = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if not path.exists():
        path = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"
    return ttlib.TTFont(str(path)).getBestCmap()


def test_every_character_the_kit_shows_is_in_the_default_font():
    """Emoji such as the link sign are empty boxes in Debian's Chromium: the board, the log, the charts, the
    notebooks and the guides use only characters the default font draws."""
    cmap = _default_font_cmap()
    texts = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in
             [*(ROOT / "evolab").rglob("*.py"), *(ROOT / "lessons").rglob("*.md"), ROOT / "README.md"]}
    for nb in [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks").glob("[a-z]*/*.ipynb")]:
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        texts[nb.relative_to(ROOT).as_posix()] = "".join("".join(c["source"]) for c in cells)
    missing = {where: sorted({c for c in text if ord(c) > 127 and ord(c) not in cmap and c != "\ufe0f"})
               for where, text in texts.items()}
    missing = {k: v for k, v in missing.items() if v}
    assert not missing, f"characters the default font lacks: {missing}"


def test_trait_names_are_written_the_same_way_everywhere():
    """One source of names (``palette.pretty``): the board's trait chips, the hand, the buttons and the log."""
    b = _board_at("origin", {"players": 2, "phase": "feeding", "food_bank": 2, "animals": [
        {"id": 1, "owner": 0, "traits": ["fat_tissue", "high_body_weight", "hibernation", "sharp_vision"]},
        {"id": 2, "owner": 1, "traits": ["tail_loss"]}], "hands": [["high_body_weight/fat_tissue", "tail_loss"], []]})
    chips = re.findall(r"<span class='evolab-trait'[^>]*>([^<]+)</span>", b.table.value + b.hand.value)
    assert {"Fat tissue", "High body weight", "Hibernation", "Sharp vision", "Tail loss"} <= set(chips)
    names = {pretty(t) for t in b.state.ruleset.traits}
    assert "High body weight / Fat tissue" in chips                      # a card in hand: both of its traits
    assert all(part in names for c in chips for part in html.unescape(c).split(" / ")), chips
    ns = GameBoard("northstar", seed=3, chart=False)
    sp = next(iter(ns.state.species.values()))
    sp.traits = sp.traits + ("long_neck:3",)
    ns.render()
    assert "Long neck" in ns.table.value and "Long Neck" not in ns.table.value


def test_new_game_tab_starts_from_the_game_on_the_board():
    b = GameBoard("northstar", seats=[None, "random", "random"], seed=7, chart=False)
    assert (b.new_ruleset.value, b.new_players.value, b.new_bots.value, b.new_seed.value) == ("northstar", 3, "random", 7)
    spec = evolab.load_ruleset("northstar").option_specs["players"]
    assert (b.new_players.min, b.new_players.max) == (spec.min, spec.max)
    b.new_button.click()                                   # the same game again
    assert b.state.ruleset.id == "northstar" and b.state.players == 3 and b.match.seed == 7
    assert [s.name for s in b.match.seats if s] == ["random", "random"]
    b.new_ruleset.value = "origin"
    b.new_players.value = 5
    b.new_button.click()
    assert b.state.ruleset.id == "origin" and b.state.players == 5


def test_download_link_goes_when_the_game_moves_on():
    b = GameBoard("origin", seat=0, seed=6, chart=False)
    b.save_button.click()
    assert 'download="evolab-game.json"' in b.save_link.value
    link = b.save_link.value
    b.render()                                             # drawn again, same game: the link stays
    assert b.save_link.value == link
    b.do(b.match.legal_actions()[0])
    assert "download=" not in b.save_link.value and "press Save again" in b.save_link.value
    b.save_button.click()
    assert 'download="evolab-game.json"' in b.save_link.value
    b.undo()
    assert "download=" not in b.save_link.value


# ---- the Heredity variant on the bench ------------------------------------------------------------------
def test_lab_heredity_world_calls_nature_s_rate_a_mutation_rate_and_counts_generations():
    lab = Lab(reps=3, seed=2)
    assert lab.mutation_rate.description == "Trait-card rate" and "not a mutation" in lab.mutation_rate.tooltip
    lab.world.value = True
    assert lab.mutation_rate.description == "Mutation rate" and lab.mutation_rate.value == 0.05
    assert lab.food.value == 3.0 and "Camouflage" in lab.preset_text.value
    lab.preset.value = "environment_change"
    assert lab.predators_leave.value == 5 and lab.food_crash.value == 5 and lab.generations.value == 20
    assert lab.food.value == 4.0
    lab.preset.value = "predation"
    lab.generations.value = 6
    lab.sweep.value = True
    lab.rates.value = "0, 0.2"
    grid, fixed = lab.settings()
    assert grid == {"mutation_rate": [0.0, 0.2]} and fixed["heredity"] is True and fixed["generations"] == 6
    assert "rule_widgets" in vars(lab) and not set(lab.rule_widgets) & ({"heredity"} | set(HEREDITY_OPTIONS))
    lab.run()
    assert len(lab.result) == 6 and lab.axes1.get_xlabel() == "Generation"
    assert lab.trait_picker.value[0] == "camouflage"                  # the preset's trait to watch comes first
    cap = html.unescape(lab.caption1.value)
    assert "mutation_rate = 0.0: Camouflage" in cap and "runs still alive" in cap
    assert "of carriers survived against" in html.unescape(lab.caption2.value)
    assert 'download="evolab-generations.csv"' in lab.download.value
    lab.world.value = False                        # back to the printed game: its own rate and labels
    assert lab.mutation_rate.description == "Trait-card rate" and lab.mutation_rate.value == 0.5
    assert lab.settings()[0] == {"trait_card_rate": [0.0, 0.25, 0.5, 0.75, 1.0]}
    lab.ruleset.value = "northstar"
    assert lab.world.disabled and not lab.heredity


def test_board_plays_the_heredity_variant_and_tells_births_and_mutations():
    """A student feeds; the board names the generation and the variant, and the log tells each birth and
    each mutation as nature draws it (never as a player's move)."""
    b = GameBoard(evolab.heredity.load("predation", generations=3, mutation_rate=0.5), seat=0, seed=3, chart=False)
    assert "Generation 1 of 3" in b.header.value and "not the printed game" in b.header.value
    steps = 0
    while not b.match.is_over() and steps < 300:
        b.match.step(b.match.legal_actions()[0])
        b._advance()
        steps += 1
    b.render()
    text = html.unescape(b.log.value)
    assert "had a young" in text and "Mutation!" in text and "played a new animal" not in text
    assert "young of #" in b.table.value


def test_lab_says_in_one_plain_line_when_the_browser_cannot_load_the_charts():
    """In the browser version without internet, Run fails on importing matplotlib: the bench says why in words."""
    from evolab.viz.lab import Lab

    lab = Lab()

    def offline_import():
        raise ModuleNotFoundError("No module named 'matplotlib'", name="matplotlib")

    lab._safe(offline_import)
    assert "No module named" not in lab.status.value
    assert "could not load" in lab.status.value and "internet" in lab.status.value

    def other_error():
        raise ModuleNotFoundError("No module named 'nosuch'", name="nosuch")

    lab._safe(other_error)
    assert "No module named &#x27;nosuch&#x27;" in lab.status.value

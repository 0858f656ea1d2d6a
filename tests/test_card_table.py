"""The card table's model: every legal move can be made by clicking what is drawn, cards read aloud as the
game says, a click that is no move gets the engine's rule message, and nobody sees a hidden card."""
from __future__ import annotations

import json
import random

import pytest

import evolab
from evolab import CHANCE, apply, chance_outcomes, is_over, legal_actions, observe, scenario, to_move
from evolab.match import sample
from evolab.narrate import action_label
from evolab.viz.table import build_table, candidates, explain
from evolab.viz.table.strings import messages

MESSAGES = messages()      # the shared messages and every edition's (each defined in one place)

GAMES = [("origin", {}), ("origin", {"scenario": "equilibrium"}), ("origin", {"heredity": True}),
         ("random_mutations", {}), ("random_mutations", {"divergence": True}),
         ("random_mutations", {"heredity": True}), ("northstar", {})]
NAMES = ["You", "Player 2", "Player 3"]


def model_of(s, seat=None):
    seat = to_move(s) if seat is None else seat
    legal = legal_actions(s) if to_move(s) == seat else []
    return build_table(observe(s, seat), legal, NAMES, label=lambda a: action_label(s, a), to_move=to_move(s),
                       scores=evolab.scores(s))


def drawn_targets(m) -> set:
    """Every clickable thing the model draws."""
    out = {c["target"] for c in m["hand"] + m["pool"]} | {c["target"] for c in m["centre"]}
    for seat in m["seats"]:
        out |= {sl["target"] for sl in seat["slots"]}
        for u in seat["units"]:
            out.add(u["target"])
            out |= {a["target"] for a in u.get("members", [])}
    return out | {m["centre_target"]}


def play(rid, opts, seed, players=3, every=1):
    """A random game; yields each decision's state (every ``every``-th)."""
    rs = evolab.load_ruleset(rid, players=players, **opts)
    s = evolab.new_game(rs)
    rng = random.Random(seed)
    k = 0
    while not is_over(s):
        if to_move(s) == CHANCE:
            mv = sample(chance_outcomes(s), rng)
        else:
            if k % every == 0:
                yield s
            k += 1
            mv = rng.choice(legal_actions(s))
        s, _ = apply(s, mv)


@pytest.mark.parametrize("rid,opts", GAMES, ids=[f"{r}-{'-'.join(o) or 'plain'}" for r, o in GAMES])
def test_every_legal_move_is_made_on_drawn_cards(rid, opts):
    """Each legal move is offered once, by clicks on things the table draws or a button on one; no two moves
    share a click path unless a button on the card tells them apart; the model is JSON."""
    for s in play(rid, opts, seed=2, every=3):
        m = model_of(s)
        json.dumps(m)
        assert [mv["i"] for mv in m["moves"]] == list(range(len(legal_actions(s))))
        targets = drawn_targets(m)
        for mv in m["moves"]:
            assert mv["paths"] or mv["at"], mv
            for p in mv["paths"]:
                assert set(p) <= targets, (p, mv["label"])
            if mv["at"]:
                assert mv["at"] in targets, mv
        # a path that several moves share ends in choice buttons with different labels
        by_path = {}
        for mv in m["moves"]:
            for p in mv["paths"]:
                by_path.setdefault(tuple(p), []).append(mv["label"])
        for p, labels in by_path.items():
            assert len(set(labels)) == len(labels), (p, labels)


def test_a_card_reads_as_the_game_says():
    s = scenario("origin", {"players": 2, "phase": "feeding", "food_bank": 3, "animals": [
        {"id": 3, "owner": 0, "traits": ["carnivorous", "fat_tissue"], "food": 1},
        {"id": 4, "owner": 1, "traits": ["hibernation"], "hibernating": True},
        {"id": 5, "owner": 0, "traits": []}, {"id": 6, "owner": 0, "traits": []}],
        "links": [{"trait": "cooperation", "animals": [5, 6]}]})
    m = model_of(s, 0)
    units = {u["target"]: u for seat in m["seats"] for u in seat["units"]}
    assert units["animal:3"]["aria"].startswith("Animal 3, yours: Carnivorous, Fat Tissue; food 1 of 2; fat 0 of 1")
    assert units["animal:4"]["aria"].startswith("Animal 4, Player 2's: Hibernation Ability; food 0 of 1")
    assert {"kind": "hibernating", "text": "hibernating"} in units["animal:4"]["badges"]
    # fat: a yellow square per Fat tissue, food: one round slot per food needed
    assert units["animal:3"]["tokens"] == ["red", "empty", "fat-empty"]
    # the pair trait: a chip on both animals naming the partner, and a link drawn between them
    assert [c.get("partner") for c in units["animal:5"]["traits"]] == [6]
    assert [(l["a"], l["b"], l["arrow"]) for l in m["links"]] == [("animal:5", "animal:6", False)]
    # each trait has its shape and border pattern, not only a colour
    chip = units["animal:3"]["traits"][0]
    assert chip["shape"] == "circle" and chip["pattern"] == "solid" and chip["colour"] == "#d55e00"
    # your seat is drawn last (nearest you), the seat to move is marked
    assert [x["seat"] for x in m["seats"]] == [1, 0] and m["seats"][1]["to_move"]


def test_moves_light_the_targets_the_rules_allow():
    """A swimming carnivore: only the swimmer is offered as prey; feeding is a click on your animal."""
    s = scenario("origin", {"players": 2, "phase": "feeding", "food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["carnivorous", "swimming"]},
        {"id": 2, "owner": 1, "traits": ["swimming"]}, {"id": 3, "owner": 1, "traits": []}]})
    m = model_of(s, 0)
    paths = sorted(tuple(p) for mv in m["moves"] for p in mv["paths"])
    assert ("animal:1",) in paths and ("animal:1", "animal:2") in paths
    assert ("animal:1", "animal:3") not in paths


def test_an_illegal_click_gets_the_rule_message_and_changes_nothing():
    s = scenario("origin", {"players": 2, "phase": "feeding", "food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["carnivorous", "swimming"]},
        {"id": 2, "owner": 1, "traits": ["swimming"]}, {"id": 3, "owner": 1, "traits": []}]})
    before = evolab.save_state(s)
    text = explain(s, ["animal:1", "animal:3"], 0)
    assert text == "Not allowed: " + evolab.check(s, evolab.Attack(1, 3)).message[:1].upper() + \
        evolab.check(s, evolab.Attack(1, 3)).message[1:]
    assert "swim" in text.lower()
    assert explain(s, ["animal:2"], 0).startswith("Not allowed: ")       # not your animal to feed
    assert explain(s, ["animal:1", "animal:2"], 0) == ""                   # a legal move: nothing to explain
    assert explain(s, ["animal:1"], 1) == MESSAGES["illegal.not_yours"]
    assert explain(s, ["bank"], 0) == MESSAGES["illegal.nothing"]
    assert evolab.save_state(s) == before


def test_a_move_out_of_its_phase_is_refused_in_plain_words():
    """Clicking a rival's animal in development means "take food for it": the refusal names the move as the
    buttons do and the two phases in plain words, never a class name; the rule id stays the same."""
    s = scenario("origin", {"players": 2, "phase": "development", "hands": [["swimming"], ["running"]],
                            "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1}]})
    assert explain(s, ["animal:2"], 0) == \
        "Not allowed: You can take food only in the feeding phase; now it is the development phase"
    v = evolab.check(s, evolab.TakeFood(2))
    assert v.rule == "origin.phase" and "TakeFood" not in v.message
    fed = scenario("origin", {"players": 2, "phase": "feeding", "food_bank": 2, "hands": [["swimming"], []],
                              "animals": [{"id": 1, "owner": 0}]})
    assert evolab.check(fed, evolab.Pass()) == ("origin.phase",
                                                "you can pass only in the development phase; now it is the feeding phase")
    assert evolab.check(fed, evolab.PlayAnimal("swimming")).message == \
        "you can play a card as a new animal only in the development phase; now it is the feeding phase"
    with pytest.raises(evolab.IllegalActionError, match="now it is the feeding phase") as e:
        apply(fed, evolab.PlayAnimal("swimming"))
    assert e.value.rule == "origin.phase"


def test_candidates_cover_each_kind_of_click():
    assert [type(a).__name__ for a in candidates(["card:camouflage/fat_tissue", "animal:4"])] == ["PlayTrait"] * 2
    assert [type(a).__name__ for a in candidates(["card:carnivore:3", "species:2"])] == ["PlaceTrait", "Grow", "Grow"]
    assert [a.mode for a in candidates(["deck", "species:5"])] == ["trait", "add_animal", "diverge"]
    assert candidates(["card:x", "side:left"])[0].side == "left"
    assert candidates(["animal:1", "species:2"])[0] == evolab.Attack(1, 2)


def test_symbiosis_is_clicked_protector_first_and_drawn_as_an_arrow():
    s = scenario("origin", {"players": 2, "phase": "development", "animals": [{"id": 1, "owner": 0, "traits": []},
                                                      {"id": 2, "owner": 0, "traits": []}],
                            "hands": [["symbiosis"], []]})
    m = model_of(s, 0)
    pair = [mv for mv in m["moves"] if mv["kind"] == "PlayPairTrait"]
    assert sorted(p for mv in pair for p in mv["paths"]) == [["card:symbiosis", "animal:1", "animal:2"],
                                                               ["card:symbiosis", "animal:2", "animal:1"]]
    assert len(pair) == 2 and all(len(mv["paths"]) == 1 for mv in pair)        # two moves: who protects whom
    s, _ = apply(s, evolab.PlayPairTrait("symbiosis", "symbiosis", (1, 2)))
    m = model_of(s, 0)
    assert [(l["a"], l["b"], l["arrow"]) for l in m["links"]] == [("animal:1", "animal:2", True)]
    units = {u["target"]: u for seat in m["seats"] for u in seat["units"]}
    assert [c["link"] for c in units["animal:1"]["traits"]] == ["protects #2"]
    assert [c["link"] for c in units["animal:2"]["traits"]] == ["protected by #1"]


def test_a_defence_is_a_button_on_the_attacked_card():
    s = scenario("origin", {"players": 2, "phase": "feeding", "food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["carnivorous"]}, {"id": 2, "owner": 1, "traits": ["running"]}]})
    s, _ = apply(s, evolab.Attack(1, 2))
    assert to_move(s) == 1
    m = model_of(s, 1)
    assert {mv["kind"]: mv["at"] for mv in m["moves"]} == {"Run": "animal:2", "NoDefence": "animal:2"}
    # on the card, the button says what; the whole move is its label for a screen reader
    assert {mv["kind"]: mv["short"] for mv in m["moves"]} == {"Run": MESSAGES["button.Run"],
                                                              "NoDefence": MESSAGES["button.NoDefence"]}
    assert [mv["label"] for mv in m["moves"]] == [action_label(s, a) for a in legal_actions(s)]
    units = {u["target"]: u for seat in m["seats"] for u in seat["units"]}
    assert "under attack" in units["animal:2"]["aria"]


def test_hidden_cards_stay_hidden():
    """The model for one seat never names a card in another's hand, nor another's face-down trait."""
    for rid, opts in [("origin", {}), ("northstar", {})]:
        for s in play(rid, opts, seed=5, players=2, every=7):
            seat = to_move(s)
            other = 1 - seat
            text = json.dumps(model_of(s, seat))
            mine = set(s.hands[seat])
            for c in set(s.hands[other]) - mine:
                assert f'"card:{c}"' not in text


def test_north_star_species_boards():
    s = scenario("northstar", {"players": 2, "watering": 2, "species": [
        {"id": 1, "owner": 0, "traits": ["carnivore:3", "fat_tissue:4"], "body": 3, "pop": 2, "food": 1, "fat": 1},
        {"id": 2, "owner": 1, "body": 1, "pop": 1}]})
    m = model_of(s, 0)
    units = {u["target"]: u for seat in m["seats"] for u in seat["units"]}
    sp = units["species:1"]
    assert sp["stats"] == [{"label": "Body Size", "value": 3}, {"label": "Population", "value": 2}]
    assert sp["tokens"] == ["plant", "empty", "fat", "fat-empty", "fat-empty"]
    assert sp["aria"].startswith("Species 1, yours: Carnivore, Fat Tissue; Body Size 3, Population 2; food 1 of 2")
    assert [c["target"] for c in m["centre"]][0] == "watering"
    hunts = [mv["paths"] for mv in m["moves"] if mv["kind"] == "Hunt"]
    assert [["species:1", "species:2"]] in hunts


def test_fat_room_is_drawn_before_any_fat_is_stored():
    """A unit that can store fat shows its empty fat slots (how many is the edition presentation's
    ``fat_room``): a North Star species with Fat Tissue holds up to its Body Size, an Origin animal one per Fat
    Tissue card; a unit without Fat Tissue, and every Random Mutations unit, has none."""
    from evolab.rules.presentation import Presentation
    ns = scenario("northstar", {"players": 2, "watering": 2, "species": [
        {"id": 1, "owner": 0, "traits": ["fat_tissue:4"], "body": 4, "pop": 2, "food": 1},
        {"id": 2, "owner": 1, "body": 2, "pop": 1}]})
    units = {u["target"]: u for seat in model_of(ns, 0)["seats"] for u in seat["units"]}
    assert units["species:1"]["tokens"] == ["plant", "empty"] + ["fat-empty"] * 4
    assert "fat 0 of 4" in units["species:1"]["aria"] and units["species:1"]["food_text"].endswith("fat 0/4")
    assert units["species:2"]["tokens"] == ["empty"] and "fat" not in units["species:2"]["aria"]
    origin = scenario("origin", {"players": 2, "phase": "feeding", "food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["fat_tissue", "fat_tissue"]}, {"id": 2, "owner": 1, "traits": []}]})
    units = {u["target"]: u for seat in model_of(origin, 0)["seats"] for u in seat["units"]}
    assert units["animal:1"]["tokens"] == ["empty", "fat-empty", "fat-empty"]
    assert "fat 0 of 2" in units["animal:1"]["aria"] and units["animal:2"]["tokens"] == ["empty"]
    assert Presentation().fat_room(None, None) == 0                   # neutral: an edition without fat
    tokens = [tk for s in play("random_mutations", {}, seed=2, players=2, every=9) for seat in model_of(s)["seats"]
              for u in seat["units"] for a in u["members"] for tk in a["tokens"]]
    assert tokens and not [tk for tk in tokens if tk.startswith("fat")]


def test_random_mutations_species_hold_their_animals():
    s = scenario("random_mutations", {"players": 2, "red": 2, "green": 1, "black": 0, "species": [
        {"id": 1, "owner": 0, "traits": ["large"], "animals": [{"id": 11}, {"id": 12, "shelter": True}]},
        {"id": 2, "owner": 1, "animals": [{"id": 21}]}]})
    m = model_of(s, 0)
    units = {u["target"]: u for seat in m["seats"] for u in seat["units"]}
    members = {a["target"]: a for a in units["species:1"]["members"]}
    assert set(members) == {"animal:11", "animal:12"}
    assert "sheltered" in members["animal:12"]["aria"]
    assert [c["label"] for c in m["centre"][:3]] == ["Food", "Shelters", "Parasites"]


def test_heredity_young_show_their_parent():
    seen = False
    for s in play("origin", {"heredity": True}, seed=1, players=2, every=5):
        m = model_of(s)
        for seat in m["seats"]:
            for u in seat["units"]:
                kinds = {b["kind"] for b in u["badges"]}
                if "young" in kinds:
                    assert "generation" in kinds and "young of #" in u["aria"]
                    seen = True
        assert m["heredity"] and m["hand"] == [] and m["show_hand"] is False
        if seen:
            break
    assert seen


def test_recent_events_become_animations():
    s = scenario("origin", {"players": 2, "phase": "feeding", "food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["carnivorous"]}, {"id": 2, "owner": 1, "traits": []}]})
    s, ev = apply(s, evolab.Attack(1, 2))
    m = build_table(observe(s, 0), [], NAMES, recent=ev)
    effects = {fx["effect"]: fx["targets"] for fx in m["recent"]}
    s2 = scenario("origin", {"players": 2, "phase": "development", "animals": [{"id": 1, "owner": 0, "traits": []}],
                             "hands": [["swimming"], []]})
    s2, ev2 = apply(s2, evolab.PlayTrait("swimming", "swimming", 1))
    chips = build_table(observe(s2, 0), [], NAMES, recent=ev2)["seats"][1]["units"][0]["traits"]
    assert [(c["name"], c["new"], c["mark"]) for c in chips] == [("Swimming", True, "new")]
    assert effects["attack"] == ["animal:1", "animal:2"] and effects["died"] == ["animal:2"]


def test_every_message_is_used_or_a_known_ui_string():
    """One place per message: no message id is defined twice and every template formats."""
    import re
    from pathlib import Path
    src = "".join(p.read_text() for p in (Path(evolab.__file__).parent / "viz" / "table").glob("*.[pj]*"))
    from evolab.viz.table.targets import BUTTONS
    for key in MESSAGES:
        if key.startswith("button."):                  # looked up by the move's type
            assert key[len("button."):] in BUTTONS, key
            continue
        rest = src.replace(f'"{key}": ', "", 1)
        assert f'"{key}"' in rest or f"'{key}'" in rest, key
        re.sub(r"\{\w+\}", "x", MESSAGES[key])


# ---- the widget (Python side; the browser's side is tests/test_card_table_browser.py) ------------------
def _board(rid="origin", **kw):
    pytest.importorskip("anywidget")
    from evolab.viz.table import CardBoard
    return CardBoard(rid, seat=0, seed=3, **kw)


@pytest.mark.parametrize("rid", ["origin", "random_mutations", "northstar"])
def test_a_whole_game_by_the_tables_clicks(rid):
    """The widget plays a game to the end through the messages the browser sends (act with the shown seq)."""
    b = _board(rid)
    n = 0
    while not b.match.is_over():
        table = b.cards.table
        moves = table["moves"]
        assert moves, table["prompt"]
        pick = moves[(n * 7) % len(moves)]
        b._on_message(b.cards, {"type": "act", "i": pick["i"], "seq": table["seq"]})
        n += 1
        assert n < 3000
    assert b.cards.table["prompt"] == MESSAGES["prompt.over"] and b.cards.table["moves"] == []


def test_a_click_on_an_old_table_changes_nothing():
    b = _board()
    moves = len(b.match.record.moves)
    seq = b.cards.table["seq"]
    b._on_message(b.cards, {"type": "act", "i": 0, "seq": seq - 1})
    assert len(b.match.record.moves) == moves
    assert b.cards.table["notice"] == MESSAGES["illegal.stale"] and b.cards.table["seq"] == seq + 1
    b._on_message(b.cards, {"type": "act", "i": 999, "seq": b.cards.table["seq"]})
    assert len(b.match.record.moves) == moves


def test_the_browsers_reports_are_kept_and_odd_messages_ignored():
    b = _board()
    b._on_message(b.cards, {"type": "timing", "ms": 12.5})
    b._on_message(b.cards, {"type": "timing", "ms": "fast"})
    b._on_message(b.cards, "nonsense")
    b._on_message(b.cards, {"type": "unknown"})
    assert b.browser_timings == [12.5]
    assert b.why_not(["bank"]) == MESSAGES["illegal.nothing"]


def test_the_button_panel_stays_one_click_away():
    b = _board()
    assert b.panel.selected_index is None
    b.show_panel()
    assert b.panel.selected_index == 0
    labels = [label for label, _ in b.buttons()]
    assert labels and all(label in {mv["label"] for mv in b.cards.table["moves"]} | {"Do it"} for label in labels)
    b.buttons()[-1][1].click()                                     # the old panel still plays
    assert b.cards.table["seq"] > 1


def test_hot_seat_hides_the_hand_until_the_player_asks():
    b = _board(seats=[None, None])
    assert b.cards.table["hand"] == [] and b.cards.table["reveal"] and b.cards.table["moves"] == []
    b._on_message(b.cards, {"type": "reveal"})
    assert b.cards.table["hand"] and b.cards.table["moves"] and not b.cards.table["reveal"]


def test_out_of_phase_refusals_in_random_mutations_and_north_star_name_no_class():
    """The same plain words in the other editions: the move as its buttons call it and both phases, so a student
    never reads a class name such as "EndTurn" or "PlayCard"; the rule ids stay as they were."""
    from evolab.actions import EndTurn, Grow, PlayCard, TakeFood
    from evolab.bots import RandomBot
    feeding = scenario("northstar", {"players": 2, "watering": 3, "hands": [["long_neck:3"], ["horns:1"]],
                                     "species": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1}]})
    assert evolab.check(feeding, EndTurn()) == (
        "northstar.phase", "you can end your turn only in the play cards phase; now it is the feeding phase")
    v = evolab.check(feeding, Grow("long_neck:3", 1, "body"))
    assert v.rule == "northstar.phase" and v.message.startswith("you can grow a species only in the play cards")
    rs = evolab.load_ruleset("random_mutations", players=2)
    m = evolab.Match(rs, seats=[RandomBot(), RandomBot()], seed=3)
    while not (m.state.phase == "feeding" and to_move(m.state) not in (CHANCE, evolab.TERMINAL)
               and any(type(a) is TakeFood for a in legal_actions(m.state))):
        m.step()
    v = evolab.check(m.state, PlayCard("trait", 1))
    assert v == ("rm.phase", "you can play your top card (blind) only in the development phase; "
                             "now it is the feeding phase")

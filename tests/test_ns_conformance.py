"""Conformance of the North Star *Evolution* edition ("northstar") with the engine's contracts (spec
``shared/rules/north-star-evolution.md``).

The contract checks every edition shares are written once in ``test_conformance.py``; this module gives them
this edition's data (``SUITE``: 2 to 6 players, the default and non-default option sets, positions, moves to
refuse, saved-file edits) and its own invariants, and keeps what only this edition has:

1. invariants at every step of every game: the 129 cards conserved (deck, discards, hands, food cards,
   boards, cards removed unseen), no negative count, 1 <= Body Size, Population <= 6 and 0 <= food <=
   Population, the winners of §10, ``check`` agreeing with ``legal_actions`` and ``chance_outcomes`` on a broad
   set of candidates (this edition's actions and near misses); JSON round trips in every phase;
2. illegal input of this edition's rules (Play Cards, the trait limit, cards in hand, Intelligence, the
   Watering Hole), refused with ``IllegalActionError`` naming the rule and leaving the state unchanged;
3. hidden information: hands and food cards are private, face-down traits are a count, and in the
   simultaneous Play Cards variant the others' new species and growth stay hidden until the reveal;
4. the board widget, the CLI and the experiment knobs on this edition.
"""
from __future__ import annotations

import functools
import json
import subprocess
import sys

import pytest
from hypothesis import strategies as st

import evolab
from evolab import (CHANCE, Match, apply,
                    chance_outcomes, check, is_over, legal_actions, load_ruleset, load_state, new_game, observe,
                    save_state, scenario, to_move)
from evolab.actions import (Attack, Draw, EatPlant, EndTurn, FirstPlayer, Grow, Hunt, NewSpecies, Pass, PlayCard,
                            PlaceTrait, RollFood, SelectFood, TakeFood, ThinkFood, TieBreak)
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.northstar.deck import FOOD_NUMBERS, TRAIT_IDS, card_kinds
from evolab.rules.northstar.traits import CANCELLABLE
from engine_checks import assert_json_round_trip, assert_refused
import conformance_common as common

NS = "northstar"
PLAYER_COUNTS = (2, 3, 4, 5, 6)
MADE_UP = 9_999                     # a species id no game reaches
NOT_A_CARD = "dodo:1"
CARD_IDS = tuple(k[0] for k in card_kinds())
CARD_INDEX = {c: i for i, c in enumerate(CARD_IDS)}
TRAIT_OF = {k[0]: k[1] for k in card_kinds()}
PLAY_PHASES = ("select_food", "play_cards", "feeding")

#: first-edition texts and seed 003's variants, the simultaneous Play Cards phase forced on, 2 traits
NON_DEFAULT_A = dict(fat_filling_mandatory=True, hard_shell_bonus=3, fertile_needs_food=False,
                     foraging_everywhere=False, intelligence_multi_discard=True, pack_hunting_variant="plus3",
                     score_fat=True, score_body_size=True, deck_cycles_to_end=2, simultaneous_play_cards="on",
                     trait_limit=2, remove_cards=0)
#: the other half: fat to the bag, simultaneous play forced off (also with 6 players), 3 traits even for two
NON_DEFAULT_B = dict(replaced_fat_to_bag=True, simultaneous_play_cards="off", trait_limit=3, remove_cards=0,
                     fat_filling_mandatory=True, intelligence_multi_discard=True, deck_cycles_to_end=2,
                     scavenger_on_success_only=False, hard_shell_bonus=3)

OPTION_SETS = [("default", {}), ("non-default-a", NON_DEFAULT_A), ("non-default-b", NON_DEFAULT_B)]

# Every option of the brief, drawn independently by hypothesis.
OPTIONS = st.fixed_dictionaries({
    "fat_filling_mandatory": st.booleans(),
    "hard_shell_bonus": st.sampled_from([3, 4]),
    "fertile_needs_food": st.booleans(),
    "foraging_everywhere": st.booleans(),
    "intelligence_multi_discard": st.booleans(),
    "pack_hunting_variant": st.sampled_from(["population", "plus3"]),
    "score_fat": st.booleans(),
    "replaced_fat_to_bag": st.booleans(),
    "score_body_size": st.booleans(),
    "deck_cycles_to_end": st.sampled_from([1, 2]),
    "simultaneous_play_cards": st.sampled_from(["auto", "on", "off"]),
    "trait_limit": st.sampled_from([0, 1, 2, 3]),
    "remove_cards": st.sampled_from([-1, 0, 10]),
})


def ns(players=3, **options):
    return load_ruleset(NS, players=players, **options)


# ---- invariants ---------------------------------------------------------------------------------
def visible_card_counts(state):
    """Per card kind: the copies in the deck, the discards, hands, food cards and on species boards."""
    k = list(state.deck)
    for i, c in enumerate(state.discard):
        k[i] += c
    for h in state.hands:
        for c in h:
            k[CARD_INDEX[c]] += 1
    for c in state.food_cards:
        if c:
            k[CARD_INDEX[c]] += 1
    for sp in state.species.values():
        for c in sp.traits + sp.pending:
            k[CARD_INDEX[c]] += 1
    return k


def assert_table_invariants(state):
    """The cheap invariants, checked at every step of every game; returns the legal actions."""
    rs = state.ruleset
    n = state.players
    assert rs.total_cards == 129 == sum(rs.copies)
    assert state.card_total() == rs.total_cards, f"cards not conserved: {state.card_total()} != {rs.total_cards}"
    # per kind: nothing appears from nowhere; what is missing is exactly the cards removed unseen
    seen = visible_card_counts(state)
    assert all(0 <= s <= c for s, c in zip(seen, rs.copies)), "more copies of a card than the box holds"
    assert sum(c - s for s, c in zip(seen, rs.copies)) == state.removed
    assert 0 <= state.removed <= rs.remove
    assert state.deck_size == sum(state.deck) >= 0 and min(state.deck) >= 0 and min(state.discard) >= 0
    assert state.watering >= 0, f"negative Watering Hole {state.watering}"
    assert len(state.bags) == len(state.hands) == len(state.rows) == len(state.food_cards) == n
    assert min(state.bags) >= 0, f"negative food bag {state.bags}"
    for h in state.hands:
        assert all(c in CARD_INDEX for c in h), h
    # species and rows agree
    in_rows = [sid for row in state.rows for sid in row]
    assert len(in_rows) == len(set(in_rows)) and set(in_rows) == set(state.species), (state.rows, list(state.species))
    for seat, row in enumerate(state.rows):
        assert all(state.species[sid].owner == seat for sid in row)
    for sp in state.species.values():
        assert 1 <= sp.body <= 6 and 1 <= sp.pop <= 6, f"Body Size / Population out of 1-6: {sp!r}"
        assert 0 <= sp.food <= sp.pop, f"food out of 0..Population: {sp!r}"
        assert sp.fat >= 0, f"negative fat on {sp!r}"
        if sp.fat:
            assert sp.has("fat_tissue") and sp.fat <= sp.body, f"fat {sp.fat} without Fat Tissue room on {sp!r}"
        cards = sp.traits + sp.pending
        names = [TRAIT_OF[c] for c in cards]
        assert len(names) == len(set(names)), f"species {sp.id} holds two traits of one name: {names}"
        assert len(cards) <= rs.limit, f"species {sp.id} holds {len(cards)} traits, the limit is {rs.limit}"
        if state.phase != "play_cards":
            assert sp.pending == (), f"face-down traits outside Play Cards on {sp!r}"
        if state.phase != "feeding":
            assert sp.food == 0, f"food on a board outside feeding: {sp!r} in {state.phase}"
    if state.phase not in ("select_food", "play_cards"):
        assert state.food_cards == ("",) * n, f"food cards {state.food_cards} in phase {state.phase}"
    # the simultaneous variant keeps the table as it was when Play Cards began, and only then
    assert (state.snapshot is not None) == (state.phase == "play_cards" and rs.simultaneous), \
        (state.phase, rs.simultaneous, state.snapshot is not None)
    legal = legal_actions(state)
    outs = common.assert_legal_set_invariants(state, legal)
    if to_move(state) >= 0:
        assert state.phase in PLAY_PHASES
    if state.draw_queue:
        assert sum(w for _, w in outs) == state.deck_size, "draw weights are not the deck's card counts"
    if is_over(state):
        assert_winners(state)
    return legal


def assert_winners(state):
    """§10: the winners have the most points, ties broken by trait cards, then Population + Body Size."""
    rs = state.ruleset
    sc = rs.scores(state)
    assert state.winners, "a finished game without winners"
    best = max(sc)
    top = [i for i in range(state.players) if sc[i] == best]
    key = max(rs.tie_key(state, i) for i in top)
    assert list(state.winners) == [i for i in top if rs.tie_key(state, i) == key]
    assert state.winner == (state.winners[0] if len(state.winners) == 1 else -1)


def chance_candidates(state):
    n = state.players
    out = [Draw(c) for c in CARD_IDS + (NOT_A_CARD, "carnivore", "")]
    out += [FirstPlayer(i) for i in range(-1, n + 1)] + [TieBreak(0), RollFood(3)]
    return out


def _cards_for(state, seat, rng):
    """Cards to put into candidates: the mover's hand, others' cards, cards in no hand, and non-cards."""
    hand = sorted(set(state.hands[seat]), key=CARD_INDEX.__getitem__)
    others = sorted({c for i, h in enumerate(state.hands) if i != seat for c in h} - set(hand))
    absent = [c for c in CARD_IDS if c not in hand]
    return hand + rng.sample(others, min(2, len(others))) + rng.sample(absent, 2) + [NOT_A_CARD, "carnivore", ""]


def player_candidates(state, rng, k=3):
    """Every action type of this edition (and a few of other editions), each ``k`` times with ids and cards
    drawn from the table, the hands and made-up ones: the mover's species and cards are favoured."""
    who = to_move(state)
    seat = who if who >= 0 else 0
    sids = sorted(state.species) + [MADE_UP, 0, -1]
    own = list(state.rows[seat]) or sids
    cards = _cards_for(state, seat, rng)
    hand = sorted(set(state.hands[seat])) or [NOT_A_CARD]
    cancels = list(CANCELLABLE) + ["", "size", "carnivore"]

    def sid():
        return rng.choice(own) if rng.random() < 0.6 else rng.choice(sids)

    def card():
        return rng.choice(hand) if rng.random() < 0.6 else rng.choice(cards)

    def replace(x):
        sp = state.species.get(x)
        on = list(sp.traits + sp.pending) if sp is not None else []
        return rng.choice(on + [NOT_A_CARD, ""]) if rng.random() < 0.3 or not on else rng.choice(on)

    out = [EndTurn(), Pass(), TakeFood(sids[0]), Attack(sids[0], sids[-1]), PlayCard("trait", sids[0])]
    for _ in range(k):
        x, y, c = sid(), rng.choice(sids), card()
        out += [SelectFood(c), NewSpecies(c, rng.choice(["left", "right", "middle", ""])),
                Grow(c, x, rng.choice(["body", "population", "size"])), PlaceTrait(c, x), PlaceTrait(c, x, replace(x)),
                EatPlant(x), ThinkFood(x, c), Hunt(x, y), Hunt(x, y, c, rng.choice(cancels)),
                Hunt(x, y, "", rng.choice(CANCELLABLE)), Hunt(x, y, c, "")]
        # first-edition Intelligence: several cards joined with "+", one cancelled protection each
        c2 = card()
        d1, d2 = rng.sample(CANCELLABLE, 2)
        out += [Hunt(x, y, f"{c}+{c2}", f"{d1}+{d2}"), Hunt(x, y, f"{c}+{c2}", d1), Hunt(x, y, c, f"{d1}+{d2}"),
                Hunt(x, y, f"{c}+", f"{d1}+"), Hunt(x, y, f"{c2}+{c}", f"{d2}+{d1}")]
    return out


def near_misses(state, legal, rng, cap=40):
    """Legal actions with one field changed: another id of the table or a made-up one, another card,
    the other side, another growth, another replaced card, another cancelled defence."""
    sids = sorted(state.species) + [MADE_UP]
    who = to_move(state)
    cards = _cards_for(state, who if who >= 0 else 0, rng)
    table_cards = [c for sp in state.species.values() for c in sp.traits + sp.pending] + [NOT_A_CARD]
    pools = {"species": sids, "predator": sids, "prey": sids, "card": cards, "side": ["left", "right", "up"],
             "what": ["body", "population", "pop"], "replace": table_cards + [""],
             "cancel": list(CANCELLABLE) + ["", "size", "carnivore"]}
    out = []
    for a in rng.sample(legal, min(cap, len(legal))):
        d = a.to_dict()
        for f, pool in pools.items():
            if f in d:
                out.append(evolab.move_from_dict({**d, f: rng.choice(pool)}))
        if type(a) is Hunt and a.card:           # one card more, one card less, the cancellations reversed
            out.append(Hunt(a.predator, a.prey, a.card + "+" + rng.choice(cards), a.cancel + "+" + rng.choice(CANCELLABLE)))
            out.append(Hunt(a.predator, a.prey, a.card.split("+")[0], a.cancel))
            out.append(Hunt(a.predator, a.prey, a.card, "+".join(reversed(a.cancel.split("+")))))
    return out


def assert_check_agrees(state, legal, rng, sample=24):
    """``check`` is None exactly for the legal actions (players) and the possible outcomes (nature), over a
    sample of the legal actions, of every candidate type (``sample`` player candidates, a third as many
    chance candidates) and of near misses of the legal actions."""
    who = to_move(state)
    outcomes = [o for o, _ in chance_outcomes(state)]
    legal_set = set(legal)
    for a in (legal if len(legal) <= sample else rng.sample(legal, sample)):
        assert check(state, a) is None, f"legal action {a!r} fails check: {check(state, a)!r}"
        assert check(state, a, who) is None
    for o in (outcomes if len(outcomes) <= sample // 3 else rng.sample(outcomes, sample // 3)):
        assert check(state, o) is None, f"possible outcome {o!r} fails check: {check(state, o)!r}"
    chances = rng.sample(chance_candidates(state), sample // 3)
    if who == CHANCE and state.draw_queue:          # a card kind the deck has run out of
        chances += [Draw(c) for c, k in zip(CARD_IDS, state.deck) if not k][:2]
    players = player_candidates(state, rng, k=max(1, sample // 10))
    common.assert_check_matches_the_legal_set(state, chances + players + near_misses(state, legal, rng, cap=max(1, sample // 4)),
                                       legal_set, outcomes)
    common.assert_next_seat_refused(state, legal, "northstar.turn-order")


def assert_step(state, move, new, events=None):
    """What one move may change: bags only grow; the round number only grows by one at a time."""
    assert all(b >= a for a, b in zip(state.bags, new.bags)), f"{move!r} took food out of a bag"
    assert new.turn in (state.turn, state.turn + 1)
    if new.turn == state.turn + 1:
        assert new.first == (state.first + 1) % state.players, "the first-player marker did not pass clockwise"
    assert new.cycles >= state.cycles
    assert new.last_round or not state.last_round, "the last round was taken back"
    if new.turn == state.turn + 1:
        assert not state.last_round, "a new round began after the last round"
    if new.phase == "over" and state.phase != "over":
        assert state.last_round or new.last_round, "the game ended before its last round"


def node_kind(state, legal):
    """Labels of what kind of decision this is (for coverage of the random games)."""
    if to_move(state) == CHANCE:
        return {f"chance:{state.phase}"}
    out = {type(a).__name__ for a in legal}
    if any(type(a) is PlaceTrait and a.replace for a in legal):
        out.add("PlaceTrait:replace")
    if any(type(a) is Hunt and a.card for a in legal):
        out.add("Hunt:intelligence")
    if any(type(a) is Hunt and "+" in a.card for a in legal):
        out.add("Hunt:intelligence-multi")
    if any(type(a) is Hunt and state.species[a.prey].owner == state.current for a in legal):
        out.add("Hunt:own")
    if state.phase == "play_cards" and state.snapshot is not None:
        out.add("simultaneous")
    if state.last_round:
        out.add("last_round")
    if state.cycles:
        out.add("reshuffled")
    return out


CHECKS = common.EditionChecks(assert_table_invariants, assert_check_agrees, assert_step, node_kind)


def play_random_game(ruleset, seed, deep=True, round_trip=True, sample=12, max_steps=20_000, kinds=None):
    """A uniformly random game through the public engine functions; returns (final state, steps)."""
    return common.play_random_game(CHECKS, ruleset, seed, deep, round_trip, sample, max_steps, kinds)


# ---- 1. random games, public engine loop ---------------------------------------------------------


RARE_KINDS = {"chance:remove", "chance:first_player", "chance:deal", "chance:feeding", "chance:end_draws",
              "SelectFood", "PlaceTrait", "PlaceTrait:replace", "NewSpecies", "Grow", "EndTurn", "EatPlant", "Hunt",
              "Hunt:intelligence", "Hunt:own", "ThinkFood", "Pass", "simultaneous", "last_round", "reshuffled"}


def test_json_round_trip_in_every_phase_and_with_a_snapshot():
    """States in every phase (the 2-player removal, dealing, extinction draws, the simultaneous Play Cards
    phase with its snapshot, game over) survive a JSON round trip and a save with the same legal actions."""
    seen = set()
    for seed, (players, options) in enumerate([(2, {}), (6, {}), (4, NON_DEFAULT_A), (3, {}), (5, NON_DEFAULT_B)]):
        m = Match(ns(players, **options), seed=seed)
        while True:
            s = m.state
            tag = (s.phase, s.snapshot is not None, bool(s.draw_queue))
            if tag not in seen:
                assert_json_round_trip(s)
                assert load_state(save_state(s)) == s
                seen.add(tag)
            if m.is_over():
                break
            m.step()
    phases = {p for p, _, _ in seen}
    assert {"remove", "first_player", "deal", "select_food", "play_cards", "feeding", "over"} <= phases, phases
    assert ("play_cards", True, False) in seen and ("feeding", False, True) in seen, seen


def test_a_snapshot_keeps_copies_of_the_boards_and_reads_like_its_saved_form():
    """The simultaneous phase's snapshot keeps the boards as they were when the phase began (copies: the table's
    species grow and gain cards, the snapshot does not), reads like its saved form (a dict of JSON values), and a
    table saved mid-phase loads with a snapshot that shows every seat the same table."""
    m = Match(ns(6), seats=["greedy"] * 6, seed=3)
    while not (m.state.phase == "play_cards" and m.state.turn >= 3):
        m.step()
    snap = m.state.snapshot
    before = json.loads(json.dumps(snap.saved()))
    assert dict(snap) == before and snap == before and set(snap) == {"species", "rows", "hand_sizes", "bags"}
    assert [sp.to_dict() for sp in snap.boards] == before["species"] == snap["species"]
    assert all(sp is not m.state.species.get(sp.id) for sp in snap.boards)
    spoilt = m.state.to_dict()["snapshot"]             # a saved form handed out is the caller's to change
    spoilt["species"].clear()
    spoilt["rows"][0].append(999)
    assert snap == before and m.state.to_dict()["snapshot"] == before
    changed = False
    while m.state.phase == "play_cards":
        m.step()
        s = m.state
        if s.phase == "play_cards":
            changed |= any(sp.to_dict() != d for d in before["species"] if (sp := s.species.get(d["id"])))
            assert s.snapshot is snap and json.loads(json.dumps(snap.saved())) == before
            loaded = load_state(save_state(s))
            assert loaded == s and loaded.snapshot == snap and loaded.snapshot is not snap
            for seat in range(6):
                assert observe(loaded, seat).to_dict() == observe(s, seat).to_dict()
    assert changed, "no board changed during the phase: the copies were not put to the test"
    assert m.state.snapshot is None


# ---- 2. illegal input ---------------------------------------------------------------------------
def feeding_position(**extra):
    """Seat 0 to feed, 3 plant food on the Watering Hole. Seat 0 (hand long_neck:3, fertile:2): 1 Carnivore +
    Intelligence (Body 3, Pop 2), 2 (Body 1, Pop 2), 5 Intelligence (Body 2, Pop 1). Seat 1 (hand horns:1):
    3 (Body 1), 4 Climbing (Body 1), 6 Hard Shell (Body 4)."""
    spec = {"players": 2, "watering": 3, "hands": [["long_neck:3", "fertile:2"], ["horns:1"]], "species": [
        {"id": 1, "owner": 0, "body": 3, "pop": 2, "traits": ["carnivore", "intelligence"]},
        {"id": 2, "owner": 0, "body": 1, "pop": 2},
        {"id": 5, "owner": 0, "body": 2, "pop": 1, "traits": ["intelligence"]},
        {"id": 3, "owner": 1, "body": 1, "pop": 1},
        {"id": 4, "owner": 1, "body": 1, "pop": 1, "traits": ["climbing"]},
        {"id": 6, "owner": 1, "body": 4, "pop": 1, "traits": ["hard_shell"]}]}
    spec.update(extra)
    return scenario(NS, spec)


def play_position(**options):
    """Seat 0 to play cards (3 players; hand carnivore:0, long_neck:3, climbing:2, horns:1): species 1 with three
    traits (climbing:1, burrowing:1, hard_shell:1), species 2 at Body Size 6 and Population 6. Seat 1 (hand
    ambush:0) has species 3, seat 2 species 4."""
    return scenario(NS, {"players": 3, "phase": "play_cards", "options": options,
                         "hands": [["carnivore:0", "long_neck:3", "climbing:2", "horns:1"], ["ambush:0"], ["ambush:1"]],
                         "species": [{"id": 1, "owner": 0, "traits": ["climbing", "burrowing", "hard_shell"]},
                                     {"id": 2, "owner": 0, "body": 6, "pop": 6},
                                     {"id": 3, "owner": 1}, {"id": 4, "owner": 2}]})


def select_position():
    """Seat 0 to choose a food card (2 players; hands long_neck:3, fertile:2 and horns:1)."""
    return scenario(NS, {"players": 2, "phase": "select_food", "hands": [["long_neck:3", "fertile:2"], ["horns:1"]],
                         "species": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1}]})


def run_until(pred, players=3, seed=0, seats=None, **options):
    """A live game state (via Match) at the first point where ``pred(state)`` holds."""
    return common.run_until(ns(players, **options), pred, seed, seats)


def finished_game(players=3, seed=3):
    return common.finished_game(ns(players), seed)


def deal_state():
    return run_until(lambda s: s.phase == "deal", players=3, seed=1)


def test_positions_are_what_the_tests_assume():
    """The hand-built positions have seat 0 to move with the expected legal actions."""
    f = feeding_position()
    assert to_move(f) == 0 and f.phase == "feeding"
    assert set(legal_actions(f)) == {Hunt(1, 2), Hunt(1, 5), Hunt(1, 3), Hunt(1, 4, "fertile:2", "climbing"),
                                     Hunt(1, 4, "long_neck:3", "climbing"), EatPlant(2), EatPlant(5),
                                     ThinkFood(5, "fertile:2"), ThinkFood(5, "long_neck:3")}
    p = play_position()
    assert to_move(p) == 0 and p.phase == "play_cards"
    legal = set(legal_actions(p))
    assert {NewSpecies("horns:1", "left"), NewSpecies("horns:1", "right"), Grow("horns:1", 1, "body"),
            PlaceTrait("horns:1", 2), PlaceTrait("horns:1", 1, "climbing:1"), PlaceTrait("climbing:2", 1, "climbing:1"),
            EndTurn()} <= legal
    assert not any(type(a) is Grow and a.species == 2 for a in legal)
    assert not any(type(a) is PlaceTrait and a.species == 1 and not a.replace for a in legal)
    sel = select_position()
    assert legal_actions(sel) == [SelectFood("fertile:2"), SelectFood("long_neck:3")]


@pytest.mark.parametrize("action,rule", [
    (PlaceTrait("horns:1", MADE_UP), "northstar.own-species"), (PlaceTrait("horns:1", 0), "northstar.own-species"),
    (Grow("horns:1", MADE_UP, "body"), "northstar.own-species"),
    (Grow("horns:1", -1, "population"), "northstar.own-species"),
    (PlaceTrait("horns:1", 1, NOT_A_CARD), "northstar.replace"), (PlaceTrait("horns:1", 2, "climbing:1"), "northstar.replace"),
    (PlaceTrait("horns:1", 1, "climbing:2"), "northstar.replace")], ids=repr)
def test_made_up_ids_and_cards_are_refused_in_play_cards(action, rule):
    """Plays on a species not on the table, or replacing a trait card the species does not hold, are refused."""
    assert_refused(play_position(), action, rule=rule)


@pytest.mark.parametrize("action", [EatPlant(3), EatPlant(4), Hunt(3, 1), Hunt(6, 2), ThinkFood(3, "long_neck:3"),
                                    Hunt(4, 3, "long_neck:3", "climbing")], ids=repr)
def test_another_players_species_is_refused_in_feeding(action):
    """Seat 0 may not feed or attack with seat 1's species."""
    assert_refused(feeding_position(), action, rule="northstar.own-species")


@pytest.mark.parametrize("action", [PlaceTrait("horns:1", 3), PlaceTrait("horns:1", 4), Grow("horns:1", 3, "body"),
                                    Grow("long_neck:3", 4, "population"), PlaceTrait("long_neck:3", 3, "")], ids=repr)
def test_another_players_species_is_refused_in_play_cards(action):
    """Seat 0 may not play a trait on, or grow, another player's species."""
    assert_refused(play_position(), action, rule="northstar.own-species")


@pytest.mark.parametrize("make,action", [
    (select_position, SelectFood("horns:1")), (select_position, SelectFood("carnivore:0")),
    (select_position, SelectFood(NOT_A_CARD)), (select_position, SelectFood("long_neck")),
    (play_position, PlaceTrait("ambush:0", 2)), (play_position, NewSpecies("ambush:0", "left")),
    (play_position, Grow("ambush:1", 1, "body")), (play_position, PlaceTrait(NOT_A_CARD, 2)),
    (play_position, NewSpecies("horns", "right")), (play_position, Grow("", 1, "population")),
    (feeding_position, ThinkFood(5, "horns:1")), (feeding_position, ThinkFood(5, "carnivore:0")),
    (feeding_position, Hunt(1, 4, "horns:1", "climbing")), (feeding_position, Hunt(1, 4, NOT_A_CARD, "climbing"))],
    ids=lambda x: repr(x) if not callable(x) else x.__name__)
def test_card_not_in_hand_is_refused(make, action):
    """A card that is not in the mover's hand (another player's, one in the deck, not a card) is refused."""
    assert_refused(make(), action, rule="northstar.card.not-in-hand")


@pytest.mark.parametrize("action,rule", [
    (PlaceTrait("horns:1", 1), "northstar.trait-limit"), (PlaceTrait("long_neck:3", 1, ""), "northstar.trait-limit"),
    (PlaceTrait("climbing:2", 1, "burrowing:1"), "northstar.trait-duplicate"),
    (Grow("horns:1", 2, "body"), "northstar.grow.max"), (Grow("horns:1", 2, "population"), "northstar.grow.max"),
    (Grow("horns:1", 1, "size"), None), (Grow("horns:1", 1, ""), None),
    (NewSpecies("horns:1", "middle"), "northstar.new-species.side"), (NewSpecies("horns:1", ""), None),
    (NewSpecies("horns:1", "Left"), None)], ids=repr)
def test_play_cards_rule_breaches_are_refused(action, rule):
    """A fourth trait, two traits of one name, growth above 6, a bad growth or side are refused."""
    assert_refused(play_position(), action, rule=rule)


def test_two_player_trait_limit_and_banned_traits_are_refused():
    """Two players: at most 2 traits (spec §3); a banned trait may not be played (experiment knob)."""
    s = scenario(NS, {"players": 2, "phase": "play_cards", "options": {"banned_traits": ["horns"]},
                      "hands": [["horns:1", "long_neck:3"], []],
                      "species": [{"id": 1, "owner": 0, "traits": ["climbing", "burrowing"]}, {"id": 2, "owner": 0},
                                  {"id": 3, "owner": 1}]})
    assert PlaceTrait("long_neck:3", 2) in legal_actions(s)
    assert_refused(s, PlaceTrait("long_neck:3", 1), rule="northstar.trait-limit")
    assert_refused(s, PlaceTrait("horns:1", 2), rule="experiment.trait-from-turn")
    assert NewSpecies("horns:1", "left") in legal_actions(s)        # the card may still be used otherwise


def test_feeding_from_an_empty_watering_hole_or_a_full_species_is_refused():
    s = feeding_position(watering=0)
    assert_refused(s, EatPlant(2), rule="northstar.watering-hole.empty")
    full = scenario(NS, {"players": 2, "watering": 2, "species": [
        {"id": 1, "owner": 0, "pop": 1, "food": 1}, {"id": 2, "owner": 0, "pop": 2, "food": 0},
        {"id": 3, "owner": 1}]})
    assert to_move(full) == 0
    assert legal_actions(full) == [EatPlant(2)]
    assert_refused(full, EatPlant(1), rule="northstar.full")


@pytest.mark.parametrize("action", [EatPlant(2), Hunt(1, 3), ThinkFood(1, "horns:1"), Pass(), SelectFood("horns:1"),
                                    TakeFood(2), Attack(1, 3)], ids=repr)
def test_feeding_and_select_actions_during_play_cards_are_refused(action):
    """Feeding actions, Pass (Play Cards ends with EndTurn), SelectFood and other editions' actions
    (these are not actions of this game at all)."""
    foreign = type(action) in (TakeFood, Attack)
    assert_refused(play_position(), action, rule="engine.malformed" if foreign else "northstar.phase")


@pytest.mark.parametrize("action", [PlaceTrait("long_neck:3", 2), NewSpecies("long_neck:3", "left"),
                                    Grow("long_neck:3", 2, "body"), EndTurn(), SelectFood("long_neck:3"),
                                    TakeFood(2), Attack(1, 3), PlayCard("trait", 2)], ids=repr)
def test_play_and_select_actions_during_feeding_are_refused(action):
    foreign = type(action) in (TakeFood, Attack, PlayCard)      # other editions' actions
    assert_refused(feeding_position(), action, rule="engine.malformed" if foreign else "northstar.phase")


@pytest.mark.parametrize("action", [PlaceTrait("long_neck:3", 1), NewSpecies("long_neck:3", "left"),
                                    Grow("long_neck:3", 1, "body"), EndTurn(), EatPlant(1), Pass(), TakeFood(1)],
                         ids=repr)
def test_actions_of_other_phases_during_select_food_are_refused(action):
    foreign = type(action) is TakeFood                          # another edition's action
    assert_refused(select_position(), action, rule="engine.malformed" if foreign else "northstar.phase")


CHANCE_OUTCOMES = [Draw("long_neck:3"), Draw("carnivore:0"), FirstPlayer(0), FirstPlayer(1), TieBreak(0), RollFood(4)]


@functools.cache
def _chance_nodes():
    """The first-player choice, the 2-player removal, dealing, extinction draws in feeding and at the end of a
    round (made once: states are never changed in place)."""
    return {"first_player": new_game(ns(3)), "remove": new_game(ns(2)), "deal": deal_state(),
            "feeding-draw": run_until(lambda s: s.phase == "feeding" and bool(s.draw_queue), players=4, seed=2),
            "end_draws": run_until(lambda s: s.phase == "end_draws", players=4, seed=2)}


@pytest.fixture(scope="module")
def chance_nodes():
    return _chance_nodes()


@pytest.mark.parametrize("node", ["first_player", "remove", "deal", "feeding-draw", "end_draws"])
def test_impossible_chance_outcome_is_refused(chance_nodes, node):
    """Only FirstPlayer(0..n-1) at the first-player node; only draws of a card kind left in the deck."""
    s = chance_nodes[node]
    n = s.players
    outs = [o for o, _ in chance_outcomes(s)]
    if node == "first_player":
        assert outs == [FirstPlayer(i) for i in range(n)]
        bad = [FirstPlayer(n), FirstPlayer(-1), Draw("long_neck:3"), TieBreak(0)]
    else:
        assert outs == [Draw(c) for c, k in zip(CARD_IDS, s.deck) if k]
        bad = [Draw(NOT_A_CARD), Draw("long_neck"), Draw(""), FirstPlayer(0), RollFood(3)]
        bad += [Draw(c) for c, k in zip(CARD_IDS, s.deck) if not k][:3]
    for o in outs:
        assert check(s, o) is None
    for o in bad:
        assert_refused(s, o, rule="engine.impossible-outcome")


@pytest.mark.parametrize("outcome", [FirstPlayer(1.0), FirstPlayer(True), FirstPlayer(0.0)], ids=repr)
def test_chance_outcome_with_a_non_integer_seat_is_refused(outcome):
    s = new_game(ns(3))
    v = check(s, outcome)
    assert v is not None, f"{outcome!r} passes check at the first-player node"
    assert_refused(s, outcome)


MALFORMED = [None, "Pass", "", 42, 3.5, {"type": "Pass"}, [Pass()], Pass, object(),
             EatPlant("2"), EatPlant(2.0), EatPlant(True), EatPlant(None), Hunt("1", 3), Hunt(1, "3"), Hunt(1, 3.0),
             Hunt(1, 3, None, ""), Hunt(1, 3, "", None), Hunt(1, 4, 0, "climbing"), Hunt(True, 3),
             ThinkFood("5", "long_neck:3"), ThinkFood(5, 0), ThinkFood(5, None), SelectFood(0), SelectFood(None),
             SelectFood(("long_neck:3",)), SelectFood(["long_neck:3"]), PlaceTrait("horns:1", "2"),
             PlaceTrait("horns:1", 2, None), PlaceTrait("horns:1", 2.0), PlaceTrait(None, 2),
             NewSpecies("horns:1", 0), NewSpecies("horns:1", None), NewSpecies(0, "left"), Grow("horns:1", 1, 0),
             Grow("horns:1", "1", "body"), Grow("horns:1", True, "body"), Grow(1, 1, "body")]


def _illegal_pool(s, rng, k):
    return chance_candidates(s) + player_candidates(s, rng, k=3)


# ---- 3. records and saved positions ------------------------------------------------------------
def good_record():
    """A finished 3-player record (traits played, attacks made) as a dict, its text and the final state."""
    m = Match(ns(3), seats=["greedy", "random", "greedy"], seed=11)
    m.play_out()
    kinds = {type(x) for x in m.record.moves}
    assert {PlaceTrait, Hunt, Grow, NewSpecies, EatPlant} <= kinds, kinds
    return m.record.to_dict(), m.record.to_json(), m.state


def _on_another_species(type_):
    """An edit: the first ``type_`` move made while another seat has a species names that seat's species."""
    def edit(d, good):
        i, sid = common.other_seats_species(good, type_)
        d["moves"][i]["species"] = sid
    return edit


def _prey_as_text(d, good):
    mv = d["moves"][common.find_move(d, "Hunt")]
    mv["prey"] = str(mv["prey"])


#: Edits of the good record that only this edition's replay can refuse (``test_conformance`` adds those of every
#: edition).
RECORD_EDITS = {
    "draw-unknown-card": common.move_edit("Draw", "card", NOT_A_CARD),
    "draw-card-int": common.move_edit("Draw", "card", 3),
    "first-player-out-of-range": common.move_edit("FirstPlayer", "seat", 3),
    "select-food-not-in-hand": common.move_edit("SelectFood", "card", NOT_A_CARD),
    "place-trait-other-species": _on_another_species("PlaceTrait"),
    "grow-other-species": _on_another_species("Grow"),
    "grow-what-unknown": common.move_edit("Grow", "what", "wings"),
    "hunt-prey-string": _prey_as_text,
    "new-species-side": common.move_edit("NewSpecies", "side", "middle"),
    "eat-plant-made-up": common.move_edit("EatPlant", "species", MADE_UP),
    "move-field-missing": lambda d, good: d["moves"][common.find_move(d, "SelectFood")].pop("card"),
    "options-invalid": lambda d, good: d["options"].__setitem__("hard_shell_bonus", 5),
}


def saved_position():
    """A saved 3-player feeding position in round 2 or later with food, traits and species on the table."""
    return common.saved_position(ns(3), ["greedy:1", "greedy:1", "greedy:1"], 9, lambda s: (
        any(sp.traits for sp in s.species.values()) and any(sp.food for sp in s.species.values()) and s.watering > 0))


def _species_with(st_, pred):
    return next(sp for sp in st_["species"] if pred(sp))


def _unknown_card_in_hand(st_):
    """A hand card replaced by a card id this edition does not have (the real card goes back to the deck)."""
    hand = next(h for h in st_["hands"] if h)
    st_["deck"][CARD_INDEX[hand[0]]] += 1
    st_["deck_size"] += 1
    hand[0] = NOT_A_CARD


TAMPER = {
    "watering+1": lambda st_: st_.__setitem__("watering", st_["watering"] + 1),
    "bag+5": lambda st_: st_["bags"].__setitem__(0, st_["bags"][0] + 5),
    "body+1": lambda st_: _species_with(st_, lambda sp: sp["body"] < 6).__setitem__("body", 6),
    "hand-card-swap": lambda st_: st_["hands"][0].__setitem__(0, "carnivore:6"),
    "trait-swap": lambda st_: _species_with(st_, lambda sp: sp["traits"])["traits"].__setitem__(0, "horns:5"),
    "owner": lambda st_: st_["species"][0].__setitem__("owner", 1 - st_["species"][0]["owner"]),
    "ruleset": lambda st_: st_["ruleset"].__setitem__("id", "origin"),
    "options": lambda st_: st_["ruleset"]["options"].__setitem__("score_fat", True),
    "phase": lambda st_: st_.__setitem__("phase", "play_cards"),
    "current": lambda st_: st_.__setitem__("current", (st_["current"] + 1) % 3),
}


def _take_from_deck(st_, pred=lambda c: True):
    """Take one card whose id satisfies ``pred`` out of the draw deck (the caller puts it somewhere)."""
    j = next(k for k, c in enumerate(st_["deck"]) if c and pred(CARD_IDS[k]))
    st_["deck"][j] -= 1
    st_["deck_size"] -= 1
    return CARD_IDS[j]


def _to_deck(st_, card):
    st_["deck"][CARD_INDEX[card]] += 1
    st_["deck_size"] += 1


def _name(card):
    return card.split(":")[0]


def _a_third_copy(st_):
    """A third carnivore:6 (the box has two) in a hand, one other card fewer in the deck: still 129 cards,
    with every copy of carnivore:6 already on the table, in the deck or the discards (3 players: none removed)."""
    assert st_["removed"] == 0
    _take_from_deck(st_, lambda c: c != "carnivore:6")
    st_["hands"][0].append("carnivore:6")


def _two_traits_of_one_name(st_):
    """A species' second trait card swapped for another card of its first trait's name (the swapped-out card
    goes back to the deck)."""
    sp = _species_with(st_, lambda sp: len(sp["traits"]) >= 2)
    first = _name(sp["traits"][0])
    twin = _take_from_deck(st_, lambda c: _name(c) == first)
    _to_deck(st_, sp["traits"][1])
    sp["traits"][1] = twin


def _four_traits(st_):
    """A fourth trait card (of a new name, from the deck) on a species that has three."""
    sp = _species_with(st_, lambda sp: len(sp["traits"]) == 3)
    names = {_name(c) for c in sp["traits"]}
    sp["traits"].append(_take_from_deck(st_, lambda c: _name(c) not in names))


def _fat_without_fat_tissue(st_):
    _species_with(st_, lambda sp: not any(_name(t) == "fat_tissue" for t in sp["traits"]))["fat"] = 1


def _row_repeats(st_):
    row = next(r for r in st_["rows"] if r)
    row.append(row[0])


def _face_down_trait_in_feeding(st_):
    """A face-down (pending) trait card in the feeding phase, taken from the deck: turned up only at a reveal."""
    sp = _species_with(st_, lambda sp: len(sp["traits"]) < 3) if any(len(x["traits"]) < 3 for x in st_["species"]) \
        else None
    if sp is None:
        sp = st_["species"][0]
        _to_deck(st_, sp["traits"].pop())
    names = {_name(c) for c in sp["traits"]}
    sp["pending"].append(_take_from_deck(st_, lambda c: _name(c) not in names))


def _food_outside_feeding(st_):
    """A species holding food in the Select Food phase (food goes to the bags at the end of every round)."""
    assert st_["phase"] == "feeding"
    st_["phase"] = "select_food"
    assert any(sp["food"] for sp in st_["species"])


def _removed_without_a_removal(st_):
    """Three cards 'removed unseen' in a 3-player game (only 2-player games remove cards)."""
    for _ in range(3):
        _take_from_deck(st_)
    st_["removed"] += 3


def _fat_above_body(st_):
    sp = st_["species"][0]
    if not any(_name(t) == "fat_tissue" for t in sp["traits"]):
        if sp["traits"]:
            _to_deck(st_, sp["traits"].pop())
        sp["traits"].append(_take_from_deck(st_, lambda c: _name(c) == "fat_tissue"))
    sp["fat"] = sp["body"] + 1


IMPOSSIBLE = {
    # the brief's four
    "watering-hole-negative": lambda st_: st_.__setitem__("watering", -1),
    "population-7": lambda st_: st_["species"][0].__setitem__("pop", 7),
    "food-above-population": lambda st_: _species_with(st_, lambda sp: sp["food"]).__setitem__(
        "food", _species_with(st_, lambda sp: sp["food"])["pop"] + 1),
    "row-names-missing-species": lambda st_: st_["rows"][0].append(MADE_UP),
    # more of the same kind
    "body-7": lambda st_: st_["species"][0].__setitem__("body", 7),
    "body-0": lambda st_: st_["species"][0].__setitem__("body", 0),
    "population-0": lambda st_: st_["species"][0].__setitem__("pop", 0),
    "food-negative": lambda st_: st_["species"][0].__setitem__("food", -1),
    "fat-negative": lambda st_: st_["species"][0].__setitem__("fat", -1),
    "bag-negative": lambda st_: st_["bags"].__setitem__(1, -2),
    "row-loses-a-species": lambda st_: st_["rows"][0].pop(),
    "rows-swapped": lambda st_: st_.__setitem__("rows", st_["rows"][::-1]),
    "owner-7": lambda st_: st_["species"][0].__setitem__("owner", 7),
    "unknown-card-in-hand": _unknown_card_in_hand,
    "unknown-trait-card": lambda st_: _species_with(st_, lambda sp: sp["traits"])["traits"].__setitem__(0, "wings:1"),
    "card-total-130": lambda st_: st_["hands"][0].append("long_neck:9"),
    "deck-counts-inconsistent": lambda st_: st_["deck"].__setitem__(0, st_["deck"][0] + 1),
    "deck-count-negative": lambda st_: (st_["deck"].__setitem__(0, st_["deck"][0] - 1 - st_["deck"][0]),
                                        st_.__setitem__("deck_size", st_["deck_size"] - 1 - st_["deck"][0] + st_["deck"][0])),
    "current-seat-7": lambda st_: st_.__setitem__("current", 7),
    "turn-0": lambda st_: st_.__setitem__("turn", 0),
    "watering-bool": lambda st_: st_.__setitem__("watering", True),
    "watering-float": lambda st_: st_.__setitem__("watering", 2.5),
    "seats-mismatch": lambda st_: st_["ruleset"]["options"].__setitem__("players", 4),
    "options-invalid": lambda st_: st_["ruleset"]["options"].__setitem__("hard_shell_bonus", 9),
    "field-missing": lambda st_: st_.pop("watering"),
    # positions the loader accepts although no game can reach them
    "phase-unknown": lambda st_: st_.__setitem__("phase", "lunch"),
    "a-third-copy-of-a-card": _a_third_copy,
    "two-traits-of-one-name": _two_traits_of_one_name,
    "four-traits": _four_traits,
    "fat-without-fat-tissue": _fat_without_fat_tissue,
    "fat-above-body-size": _fat_above_body,
    "row-repeats-a-species": _row_repeats,
    "face-down-trait-in-feeding": _face_down_trait_in_feeding,
    "food-on-a-board-in-select-food": _food_outside_feeding,
    "cards-removed-in-a-3-player-game": _removed_without_a_removal,
    "body-bool": lambda st_: st_["species"][0].__setitem__("body", True),
    "done-wrong-length": lambda st_: st_.__setitem__("done", [False]),
    "draw-queue-seat-7": lambda st_: st_.__setitem__("draw_queue", [7]),
}


# ---- 4. determinism -----------------------------------------------------------------------------
DET_CONFIGS = [
    ("4p-random", 4, ["random"] * 4, 1, {}),
    ("4p-greedy", 4, ["greedy"] * 4, 2, {}),
    ("4p-mixed-mutation", 4, ["greedy:0.3", "random:0.7", "greedy", "random"], 3, {}),
    ("4p-greedy-options", 4, ["greedy"] * 4, 4, NON_DEFAULT_A),
    ("2p-random-options", 2, ["random", "greedy"], 5, NON_DEFAULT_B),
    ("6p-greedy", 6, ["greedy"] * 6, 6, {}),
    ("5p-string-seed", 5, ["greedy", "random"] * 2 + ["greedy"], "darwin-1859", {}),
]


# ---- 5. hidden information ----------------------------------------------------------------------
def _card_leaves(obj):
    """(path, value) of every string leaf of a JSON-able value that is a card id of this edition."""
    return common.leaves_in(obj, CARD_INDEX)


def _visible_species(state, seat):
    """{species id: species} as ``seat`` should see them: in the simultaneous Play Cards phase the others'
    species as they were when the phase began, otherwise the table."""
    if state.phase == "play_cards" and state.snapshot is not None:
        out = {d["id"]: d for d in state.snapshot["species"] if d["owner"] != seat}
        out.update({sid: sp.to_dict() for sid, sp in state.species.items() if sp.owner == seat})
        return out
    return {sid: sp.to_dict() for sid, sp in state.species.items()}


def assert_observation_hides_what_it_must(state, seat):
    """``observe(state, seat).to_dict()``: own hand and food card; others' hands and food cards only as sizes /
    a count; others' face-down traits only as a count; every card id shown is one the seat may see."""
    o = observe(state, seat)
    d = o.to_dict()
    json.dumps(d)
    assert d["seat"] == seat and d["ruleset"] == NS
    assert sorted(d["hand"]) == sorted(state.hands[seat])
    assert d["food_card"] == state.food_cards[seat]
    assert d["food_cards_placed"] == sum(1 for c in state.food_cards if c)
    assert not {"hands", "food_cards", "deck", "discard", "draw_queue", "snapshot", "removed"} & set(d), sorted(d)
    sim = state.phase == "play_cards" and state.snapshot is not None
    sizes = [len(h) for h in state.hands]
    if sim:
        sizes = [sizes[i] if i == seat else k for i, k in enumerate(state.snapshot["hand_sizes"])]
    assert d["hand_sizes"] == sizes
    shown = {sp["id"]: sp for sp in d["species"]}
    want = _visible_species(state, seat)
    assert set(shown) == set(want), "the observation shows other species than the seat may see"
    for sid, sp in shown.items():
        w = want[sid]
        assert (sp["owner"], sp["body"], sp["pop"], sp["food"], sp["traits"]) == \
            (w["owner"], w["body"], w["pop"], w["food"], list(w["traits"])), (sp, w)
        if sp["owner"] == seat:
            assert sp["pending"] == list(w["pending"])
        else:
            assert sp["pending"] == len(w["pending"]), "another player's face-down traits are shown"
    # card ids appear only where the seat may see them: its hand and food card, face-up traits, its own
    # face-down traits
    allowed = sorted(state.hands[seat]) + ([state.food_cards[seat]] if state.food_cards[seat] else [])
    for sp in want.values():
        allowed += list(sp["traits"]) + (list(sp["pending"]) if sp["owner"] == seat else [])
    leaves = list(_card_leaves(d))
    for path, _ in leaves:
        assert path[0] in ("hand", "food_card", "species"), f"a card id at {path} of seat {seat}'s observation"
        if path[0] == "species":
            assert path[2] in ("traits", "pending"), path
    assert sorted(c for _, c in leaves) == sorted(allowed)
    return d


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, NON_DEFAULT_A), (5, NON_DEFAULT_B), (6, {}),
                                             (6, {"simultaneous_play_cards": "off"})])
def test_observation_shows_only_what_the_seat_may_see(players, options):
    """At nodes all along bot games, every seat's observation holds only its own hand and food card and the
    public table; face-down traits of others are counts."""
    m = Match(ns(players, **options), seats=(["greedy", "random"] * 3)[:players], seed=players)
    checked = set()
    while not m.is_over():
        s = m.state
        if len(m.record.moves) % 5 == 0 or (s.phase == "play_cards" and len(m.record.moves) % 2 == 0):
            for seat in range(players):
                assert_observation_hides_what_it_must(s, seat)
            checked.add(s.phase)
        m.step()
    for seat in range(players):
        assert_observation_hides_what_it_must(m.state, seat)
    assert set(PLAY_PHASES) <= checked


def _swap_hand_card(d, seat):
    """Another card in ``seat``'s hand, swapped with one of the draw deck (the counts still add up)."""
    hand = d["hands"][seat]
    old = hand[0]
    new = next(c for k, c in zip(d["deck"], CARD_IDS) if k and c != old)
    d["deck"][CARD_INDEX[new]] -= 1
    d["deck"][CARD_INDEX[old]] += 1
    hand[0] = new
    hand.sort(key=CARD_INDEX.__getitem__)


def _swap_food_card(d, seat):
    old = d["food_cards"][seat]
    new = next(c for k, c in zip(d["deck"], CARD_IDS) if k and c != old)
    d["deck"][CARD_INDEX[new]] -= 1
    d["deck"][CARD_INDEX[old]] += 1
    d["food_cards"][seat] = new


def _swap_pending(d, seat):
    sp = next(x for x in d["species"] if x["owner"] == seat and x["pending"])
    old = sp["pending"][0]
    names = {_name(c) for c in sp["traits"] + sp["pending"]}
    new = next(c for k, c in zip(d["deck"], CARD_IDS) if k and _name(c) not in names)
    d["deck"][CARD_INDEX[new]] -= 1
    d["deck"][CARD_INDEX[old]] += 1
    sp["pending"][0] = new


@pytest.mark.parametrize("what", ["hand", "food_card", "pending"])
def test_positions_differing_only_in_another_players_secret_look_the_same(what):
    """Two positions that differ only in a card of seat 1's hand, its food card or its face-down trait give
    seat 0 (and seat 2) identical observations, and seat 1 different ones."""
    def ready(s):
        if what == "hand":
            return s.phase == "select_food" and len(s.hands[1]) > 0
        if what == "food_card":
            return s.phase == "play_cards" and s.food_cards[1] != ""
        return s.phase == "play_cards" and any(sp.owner == 1 and sp.pending for sp in s.species.values())
    s = run_until(ready, players=3, seed=4, seats=["greedy:1"] * 3)
    d = s.to_dict()
    {"hand": _swap_hand_card, "food_card": _swap_food_card, "pending": _swap_pending}[what](d, 1)
    t = s.ruleset.state_from_dict(json.loads(json.dumps(d)))
    assert t != s and t.card_total() == 129
    for seat in (0, 2):
        assert observe(t, seat).to_dict() == observe(s, seat).to_dict()
    assert observe(t, 1).to_dict() != observe(s, 1).to_dict()


def _play_cards_start(players, options, seed=3):
    """A state at the start of a Play Cards phase (round 2 or later), seat to move with cards in hand."""
    return run_until(lambda s: s.phase == "play_cards" and s.turn >= 2 and not any(s.done) and len(s.hands[s.current]) >= 3
                     and s.species_of(s.current), players=players, seed=seed, seats=["greedy"] * players, **options)


def _hidden_plays(s):
    """A new species, a growth and a trait (replacing a face-up one when the species has one) by the mover."""
    who = s.current
    hand = list(s.hands[who])
    mine = s.species_of(who)
    sp = next((x for x in mine if x.traits), mine[0])
    plays = [NewSpecies(hand[0], "right"), Grow(hand[1], sp.id, "body" if sp.body < 6 else "population")]
    if sp.traits:
        keep = {_name(c) for c in sp.traits[1:] + sp.pending}
        up = next((c for c in hand[2:] if _name(c) not in keep), None)
        if up is not None:
            plays.append(PlaceTrait(up, sp.id, sp.traits[0]))
    elif len(sp.pending) < s.ruleset.limit:
        names = {_name(c) for c in sp.pending}
        up = next((c for c in hand[2:] if _name(c) not in names), None)
        if up is not None:
            plays.append(PlaceTrait(up, sp.id))
    return plays


@pytest.mark.parametrize("players,options", [(6, {}), (3, {"simultaneous_play_cards": "on"}),
                                             (4, NON_DEFAULT_A), (2, {"simultaneous_play_cards": "on"})])
def test_simultaneous_play_cards_hides_others_plays_until_the_reveal(players, options):
    """Simultaneous Play Cards (6 players, or the option on): a new species, growth or replaced trait of the
    seat to move is seen by that seat at once, by no other seat until the reveal, and by all after it."""
    s = _play_cards_start(players, options)
    assert s.ruleset.simultaneous and s.snapshot is not None
    who = s.current
    before = {seat: observe(s, seat).to_dict() for seat in range(players)}
    t = s
    plays = _hidden_plays(s)
    assert len(plays) == 3
    for a in plays:
        assert a in legal_actions(t), a
        t, _ = apply(t, a)
    assert t.phase == "play_cards" and t.current == who
    for seat in range(players):
        d = assert_observation_hides_what_it_must(t, seat)
        if seat == who:
            assert len(d["rows"][who]) == len(before[who]["rows"][who]) + 1, "the mover does not see its own species"
            assert d != before[seat]
        else:
            strip = ("to_move",)
            assert {k: v for k, v in d.items() if k not in strip} == \
                {k: v for k, v in before[seat].items() if k not in strip}, f"seat {seat} sees seat {who}'s plays"
    # everyone ends the phase: after the reveal everyone sees the new species and the new traits
    while t.phase == "play_cards":
        t, _ = apply(t, EndTurn())
    assert t.phase == "feeding", t.phase
    if t.phase == "feeding":
        mover_rows = [observe(t, seat).to_dict()["rows"][who] for seat in range(players)]
        assert all(r == list(t.rows[who]) for r in mover_rows)
        for seat in range(players):
            assert_observation_hides_what_it_must(t, seat)
            shown = {sp["id"]: sp for sp in observe(t, seat).to_dict()["species"]}
            for sid in t.rows[who]:
                assert shown[sid]["traits"] == list(t.species[sid].traits)


def test_simultaneous_play_cards_scenario_hides_plays_too():
    s = scenario(NS, {"players": 6, "phase": "play_cards", "hands": [["horns:1", "long_neck:3"]] + [[]] * 5,
                      "species": [{"id": i + 1, "owner": i} for i in range(6)]})
    assert s.ruleset.simultaneous and to_move(s) == 0
    t, _ = apply(s, NewSpecies("horns:1", "right"))
    assert observe(t, 0).to_dict()["rows"][0] == [1, 7]
    for seat in range(1, 6):
        assert observe(t, seat).to_dict()["rows"][0] == [1], f"seat {seat} sees seat 0's new species"


def test_simultaneous_play_cards_hides_a_replaced_fat_tissue_from_the_bags():
    m = Match(ns(6, replaced_fat_to_bag=True), seats=["greedy"] * 6, seed=1)
    while True:
        assert not m.is_over(), "no Fat Tissue holding fat was replaceable in the simultaneous phase"
        s = m.state
        if s.phase == "play_cards" and s.snapshot is not None and to_move(s) >= 0:
            play = next((a for a in legal_actions(s) if type(a) is PlaceTrait and _name(a.replace) == "fat_tissue"
                         and s.species[a.species].fat > 0), None)
            if play is not None:
                break
        m.step()
    who = s.current
    t, _ = apply(s, play)
    assert t.bags[who] > s.bags[who] or t.species[play.species].fat == 0
    for seat in range(6):
        if seat != who:
            assert observe(t, seat).to_dict()["bags"] == observe(s, seat).to_dict()["bags"], \
                f"seat {seat} sees seat {who}'s bag change before the reveal"


@pytest.mark.parametrize("players,options", [(3, {}), (5, {}), (6, {"simultaneous_play_cards": "off"})])
def test_sequential_play_cards_shows_new_species_at_once_but_traits_face_down(players, options):
    """Sequential Play Cards (the default for 2-5 players): the others see a new species and growth at once,
    and a played trait only as one more face-down card."""
    s = _play_cards_start(players, options)
    assert not s.ruleset.simultaneous and s.snapshot is None
    who = s.current
    other = (who + 1) % players
    plays = _hidden_plays(s)
    assert len(plays) == 3
    t = s
    for a in plays:
        t, _ = apply(t, a)
    d = assert_observation_hides_what_it_must(t, other)
    assert d["rows"][who] == list(t.rows[who])
    shown = {sp["id"]: sp for sp in d["species"]}
    grown, traited = t.species[plays[1].species], t.species[plays[2].species]
    assert shown[grown.id]["body"] == grown.body and shown[grown.id]["pop"] == grown.pop
    assert (grown.body, grown.pop) != (s.species[grown.id].body, s.species[grown.id].pop)
    assert shown[traited.id]["pending"] == len(traited.pending) >= 1


def _board_in_simultaneous_phase_after_a_bot_grew():
    """A 6-player board (seat 0 a person) waiting for seat 0 in a simultaneous Play Cards phase in which a
    bot that moved earlier has started a new species; returns (board, {seat: new species ids})."""
    pytest.importorskip("ipywidgets")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from evolab.viz import GameBoard
    b = GameBoard(NS, seat=0, players=6, seed=1, chart=False)
    for _ in range(400):
        s = b.state
        assert not b.match.is_over(), "no bot started a species before seat 0 in a Play Cards phase"
        if b.match.waiting_for_human():
            if s.phase == "play_cards" and s.snapshot is not None:
                new = {i: set(s.rows[i]) - set(r) for i, r in enumerate(s.snapshot["rows"]) if i and set(s.rows[i]) - set(r)}
                if new:
                    return b, new
            b.do(b.match.legal_actions()[-1] if s.phase == "play_cards" else b.match.legal_actions()[0])
        else:
            b.bot_play.click()
    pytest.fail("no position found")


def test_board_table_hides_others_new_species_in_the_simultaneous_phase():
    """The board's table of a 6-player game shows seat 0 the others' species as they were when Play Cards began."""
    import re
    b, new = _board_in_simultaneous_phase_after_a_bot_grew()
    for seat, sids in new.items():
        for sid in sids:
            assert not re.search(rf"Species #{sid}\b", b.table.value), f"the table shows seat {seat}'s new species"


def test_board_log_hides_others_new_species_in_the_simultaneous_phase():
    import re
    b, new = _board_in_simultaneous_phase_after_a_bot_grew()
    log = " ".join(t for _, t in b.log_entries)
    for seat, sids in new.items():
        for sid in sids:
            assert not re.search(rf"#{sid}\b", log), f"the log tells seat 0 about seat {seat}'s new species #{sid}"


# ---- 6. tracker, run_batch, charts, board, CLI, mutation_rate --------------------------------------
GRID = {"mutation_rate": [0, 1]}


def test_carnivores_from_turn_knob_works_for_north_star():
    """The experiment knob 'carnivores_from_turn' (EXPERIMENT_KNOBS) keeps Carnivores out until that round."""
    res = evolab.run_batch(NS, grid={"carnivores_from_turn": [4]}, reps=2, progress=False)
    for r in res.rows("traits"):
        if r["turn"] < 4:
            assert r["trait"] != "carnivore" or r["animals"] == 0


def test_no_carnivores_knob_works_for_north_star():
    res = evolab.run_batch(NS, grid={"no_carnivores": [True]}, reps=2, progress=False)
    assert all(r["animals"] == 0 for r in res.rows("traits") if r["trait"] == "carnivore")
    assert not res.rows("attacks")


def test_game_board_can_be_clicked_through_to_the_end():
    """``GameBoard("northstar", seat=0, seed=1)``: a person clicks buttons (a different one each time) until the
    game is over; every click is a move, the board shows the round, the Watering Hole and the species, and the
    live trait chart is drawn."""
    pytest.importorskip("ipywidgets")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from evolab.viz import GameBoard
    b = GameBoard(NS, seat=0, seed=1)
    assert "Watering Hole:" in b.text()
    steps = 0
    while not b.match.is_over() and steps < 3000:
        if b.show_chart and b.state.turn >= 3:
            # the live chart was drawn for the first rounds; the rest is played without it (it costs time)
            assert "<svg" in b.chart.value and b.chart_description
            b.show_chart = False
        if not b.match.waiting_for_human():
            b.bot_play.click()
            continue
        buttons = b.buttons()
        assert buttons, b.text()[:400]
        label, button = buttons[steps % len(buttons)]
        before = len(b.match.record.moves)
        button.click()
        assert not b.status.value, b.status.value
        assert len(b.match.record.moves) > before, label
        s = b.state
        text = b.text()
        assert f"Turn {s.turn}" in text and f"Watering Hole: {s.watering} plant food" in text
        for sid in s.rows[0]:
            sp = s.species[sid]
            assert f"Species #{sid} · Body Size {sp.body} · Population {sp.pop}" in text
        assert f"cards in hand ({len(s.hands[0])})" in text
        steps += 1
    assert b.match.is_over() and "Game over" in b.text()
    assert steps > 10 and not b.show_chart
    assert b.match.record.replay() == b.state


def test_cli_simulate_northstar_exits_0():
    p = subprocess.run([sys.executable, "-m", "evolab", "simulate", "--ruleset", NS, "--players", "4", "--games", "3"],
                       cwd=common.ROOT, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr[-2000:]
    assert "3 games, 4 players" in p.stdout


def test_intelligence_multi_discard_lets_a_carnivore_cancel_two_defences():
    """A Carnivore with Intelligence (Body 3) against a Climbing + Hard Shell species of Body 1 (defence 5): one
    cancellation never suffices; with intelligence_multi_discard two cards cancel both, so an attack is legal."""
    spec = {"players": 2, "watering": 0, "hands": [["long_neck:3", "fertile:2"], []], "species": [
        {"id": 1, "owner": 0, "body": 3, "pop": 2, "traits": ["carnivore", "intelligence"]},
        {"id": 2, "owner": 1, "body": 1, "pop": 1, "traits": ["climbing", "hard_shell"]}]}
    single = scenario(NS, spec)
    assert not any(type(a) is Hunt and a.prey == 2 for a in legal_actions(single))
    multi = scenario(NS, {**spec, "options": {"intelligence_multi_discard": True}})
    assert to_move(multi) == 0
    hunts = [a for a in legal_actions(multi) if type(a) is Hunt and a.prey == 2]
    assert hunts == [Hunt(1, 2, "fertile:2+long_neck:3", "climbing+hard_shell")], legal_actions(multi)
    after, _ = apply(multi, hunts[0])
    assert after.hands[0] == [] and 2 not in after.species and after.card_total() == 129
    # without the option two cards are refused, whatever the order; and so is a card without a cancellation
    single_2 = scenario(NS, {**spec, "watering": 1, "species": spec["species"] + [{"id": 3, "owner": 0}]})
    assert_refused(single_2, Hunt(1, 2, "fertile:2+long_neck:3", "climbing+hard_shell"),
                   rule="northstar.intelligence.one-card")
    for bad in (Hunt(1, 2, "long_neck:3+fertile:2", "climbing+hard_shell"), Hunt(1, 2, "fertile:2+long_neck:3", "climbing"),
                Hunt(1, 2, "fertile:2+fertile:2", "climbing+hard_shell"), Hunt(1, 2, "fertile:2", "climbing+hard_shell")):
        assert_refused(multi, bad)


def test_random_games_under_options_reach_multi_card_intelligence():
    """Under intelligence_multi_discard the random games reach attacks with two or more Intelligence cards, with
    every invariant (check agreeing with legal_actions on them included) kept at every step."""
    kinds: set = set()
    play_random_game(ns(5, **NON_DEFAULT_B), 8, deep=True, sample=8, kinds=kinds)
    assert "Hunt:intelligence-multi" in kinds, sorted(kinds)


# ---- this edition's part of the shared suite (test_conformance.py) --------------------------------------
def _loaded(rs, players, options):
    """The 129-card deck of §2; the trait limit, the cards removed and the simultaneous variant by players."""
    assert sum(len(v) for v in FOOD_NUMBERS.values()) == 129
    assert sum(sum(v) for v in FOOD_NUMBERS.values()) == 422
    assert rs.total_cards == 129
    assert rs.limit == (options.get("trait_limit") or (2 if players == 2 else 3))
    assert rs.remove == (40 if players == 2 and not options else 0)
    simultaneous = options.get("simultaneous_play_cards", "auto")
    assert rs.simultaneous == (simultaneous == "on" or (players == 6 and simultaneous == "auto"))


def _actions_at_chance(s):
    sid = next(iter(s.species))
    card = next((c for h in s.hands for c in h), "long_neck:3")
    return [Pass(), EndTurn(), SelectFood(card), PlaceTrait(card, sid), NewSpecies(card, "left"),
            Grow(card, sid, "body"), EatPlant(sid), Hunt(sid, sid), ThinkFood(sid, card)]


def _person_refused(s):
    other = next(sid for sid, sp in s.species.items() if sp.owner != 0)
    return (EatPlant(MADE_UP), Draw("long_neck:3"), FirstPlayer(0), "Pass", EatPlant("1"), Grow("x", 1, "body"),
            PlaceTrait(NOT_A_CARD, other), Hunt(MADE_UP, other), TakeFood(1),
            EndTurn() if s.phase != "play_cards" else Pass())


def _record_check(back):
    kinds = {type(x) for x in back.moves}
    assert {Draw, FirstPlayer, SelectFood, EndTurn} <= kinds, kinds


def _batch_check(batch):
    """Attacks and deaths add up per round; species rows hold boards of this edition; greedy bots play a
    Carnivore only where it can eat, so with random ones too attacks happen."""
    mixed = evolab.run_batch(NS, grid=GRID, reps=3, progress=False, bots="greedy,random,random")
    assert sum(r["attacks"] for r in mixed.rows("turns")) == len(mixed.rows("attacks")) > 0
    games = batch.rows("games")
    assert all(len(r["scores"]) == 3 and r["winner_score"] == max(r["scores"]) for r in games)
    for r in batch.rows("traits"):
        assert r["trait"] in TRAIT_IDS and 0 <= r["frequency"] <= 1
    for r in batch.rows("deaths"):
        assert r["cause"] in ("starved", "eaten", "horns")
    for r in batch.rows("species"):
        assert 1 <= r["body"] <= 6 and 1 <= r["population"] <= 6 and 0 <= r["seat"] < 3
        assert all(t in TRAIT_IDS for t in r["traits"].split("+") if t)
    turns = batch.rows("turns")
    assert sum(r["attacks"] for r in turns) == len(batch.rows("attacks"))
    assert sum(r["deaths"] for r in turns) == len(batch.rows("deaths"))
    assert {(r["game"], r["turn"]) for r in turns} == {(r["game"], r["turn"]) for r in batch.rows("seats")}


def _tracked_check(tracker, m):
    """The species table of the last round is the final table; traits arose only from PlaceTrait."""
    last = [(r["seat"], r["species"], r["body"], r["population"]) for r in tracker.rows("species")
            if r["turn"] == m.state.turn]
    assert sorted(last) == sorted((sp.owner, sp.id, sp.body, sp.pop) for sp in m.state.species.values())
    played = sum(1 for mv in m.record.moves if type(mv) is PlaceTrait)
    arose = sum(r["arose"] for r in tracker.rows("mutations"))
    assert 0 < arose <= played


def _positions():
    return {"select": select_position, "play": play_position, "feeding": feeding_position}


SUITE = common.EditionSuite(
    NS, CHECKS, PLAYER_COUNTS, OPTION_SETS, OPTIONS, _loaded,
    examples=dict(random=1, drawn=3, many=15, bots=8, illegal=6), samples=dict(random=12, drawn=12, named=8),
    named_games=[(2, "non-default-a"), (3, "non-default-b"), (4, "non-default-b"), (5, "non-default-a"),
                 (6, "non-default-b")], max_steps=20_000,
    rare_kinds=frozenset(RARE_KINDS), coverage_seeds=30, coverage_games=lambda seed: (PLAYER_COUNTS[seed % 5], {}),
    seat_sets=lambda n: ([GreedyBot() for _ in range(n)],
                         ["greedy:0.3"] + [RandomBot() if i % 2 else "random:0.5" for i in range(1, n)]),
    fast_options=({}, NON_DEFAULT_A),
    positions=_positions(), finished_game=finished_game, chance_nodes=_chance_nodes,
    actions_at_chance=_actions_at_chance, chance_outcomes=CHANCE_OUTCOMES,
    made_up_in_feeding=[
        (EatPlant(MADE_UP), "northstar.own-species"), (EatPlant(0), "northstar.own-species"),
        (EatPlant(-1), "northstar.own-species"), (Hunt(MADE_UP, 3), "northstar.own-species"),
        (Hunt(1, MADE_UP), "northstar.no-species"), (Hunt(1, -1), "northstar.no-species"),
        (Hunt(1, MADE_UP, "long_neck:3", "climbing"), None),
        (ThinkFood(MADE_UP, "long_neck:3"), "northstar.own-species")],
    feeding_breaches=[
        (Hunt(1, 1), "northstar.carnivore.itself"), (Hunt(2, 3), "northstar.carnivore"),
        (Hunt(5, 3), "northstar.carnivore"), (EatPlant(1), "northstar.carnivore.plants"),
        (Hunt(1, 4), "northstar.climbing"), (Hunt(1, 6), "northstar.size"),
        (Hunt(1, 6, "long_neck:3", "hard_shell"), "northstar.size"), (Pass(), "northstar.feeding.compulsory"),
        (ThinkFood(2, "long_neck:3"), "northstar.intelligence"),
        (ThinkFood(1, "long_neck:3"), "northstar.intelligence.carnivore"),
        (Hunt(1, 4, "long_neck:3", "size"), "northstar.intelligence.cancel"),
        (Hunt(1, 4, "long_neck:3", "carnivore"), "northstar.intelligence.cancel"),
        (Hunt(1, 4, "", "climbing"), None), (Hunt(1, 4, "long_neck:3", ""), None),
        (Hunt(1, 4, "long_neck:3", "horns"), "northstar.climbing"), (Hunt(2, 3, "long_neck:3", "climbing"), None),
        (Hunt(1, 3, "long_neck:3", "climbing"), None)],
    malformed=MALFORMED,
    malformed_positions={**_positions(), "over": finished_game, "first-player": lambda: new_game(ns(3)),
                         "deal": deal_state},
    non_integer_ids=[("feeding", EatPlant(2.0)), ("feeding", EatPlant(True)), ("feeding", Hunt(1.0, 3)),
                     ("feeding", Hunt(1, 3.0)), ("feeding", Hunt(True, 3)), ("feeding", ThinkFood(5.0, "long_neck:3")),
                     ("play", PlaceTrait("horns:1", 2.0)), ("play", Grow("horns:1", True, "body")),
                     ("play", Grow("horns:1", 1.0, "body"))],
    after_the_end=[Pass(), EndTurn(), EatPlant(1), SelectFood("long_neck:3"), NewSpecies("horns:1", "left"),
                   Draw("long_neck:3"), FirstPlayer(0), TieBreak(0), Hunt(1, 2)],
    off_table_seats=(7, -1), larger_games=((4, 5, 6), PLAY_PHASES, 2),
    illegal_pool=_illegal_pool, illegal_along=(0.08, 6),
    person_refused=(3, [None, "random", "greedy"], _person_refused),
    first_chance_refused=(3, 8, [Pass(), EndTurn(), FirstPlayer(3)], [Pass(), FirstPlayer(0)]),
    record_configs=[(2, None, {}), (3, "greedy", {}), (4, "mixed", {}), (5, "greedy", {}), (6, "mixed", {}),
                    (2, "greedy", NON_DEFAULT_A), (3, None, NON_DEFAULT_A), (4, None, NON_DEFAULT_B),
                    (6, "greedy", NON_DEFAULT_B)],
    record_check=_record_check,
    file_game=(5, {"simultaneous_play_cards": "on"}, ["greedy", "random"] * 2 + ["greedy"]), good_record=good_record,
    record_edits=RECORD_EDITS, save_configs=[(2, {}), (3, NON_DEFAULT_A), (4, NON_DEFAULT_B), (5, {}), (6, {})],
    save_every=3,
    save_phases=lambda players: {"deal", "select_food", "play_cards", "feeding", "over",
                                 "remove" if players == 2 else "first_player"},
    saved_position=saved_position, tamper=TAMPER, impossible=IMPOSSIBLE,
    det_configs=DET_CONFIGS, det_min_moves=100, det_check=lambda moves, options: None,
    batch_tables=("traits", "turns", "seats", "games", "deaths", "species", "mutations"), batch_check=_batch_check,
    trait_play=(lambda s: s.phase == "play_cards", lambda a: type(a) is PlaceTrait,
                lambda a: type(a) in (NewSpecies, Grow)),
    tracked_game=(4, NON_DEFAULT_A, ["greedy", "random", "greedy", "random"]), tracked_check=_tracked_check,
)

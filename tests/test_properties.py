"""Property tests of Origin: random games to the end over 2, 3, 4 and 6 players, with the invariants checked at
every step.

At every step: cards are conserved, no token count is negative and fat never exceeds the Fat Tissue cards,
the food bank is never negative, ``legal_actions`` is empty exactly at chance and terminal nodes, ``check``
agrees with ``legal_actions`` (and with ``chance_outcomes`` for nature's moves) on the legal actions and on
many other candidates, ``apply`` never changes the state it is given, and a JSON round trip gives an equal
state. The random, drawn-option and bot games that every edition plays are in ``test_conformance.py``, from
``SUITE`` below; this module keeps Origin's invariants and its own option cases.
"""
from __future__ import annotations

import pytest
from hypothesis import strategies as st

import evolab
from evolab import (Attack, BurnFat, Draw, DropTail, EndMove, FirstPlayer, Graze,
                    Hibernate, Match, Mimic, NoDefence, Pass, PlayAnimal, PlayPairTrait, PlayTrait, Pirate,
                    Resolve, RollDie, RollFood, Run, Scavenge, TakeFood, TieBreak, chance_outcomes,
                    check, legal_actions, load_ruleset)
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.origin.deck import CARDS
from evolab.rules.origin.traits import TRAIT_IDS
from engine_checks import assert_json_round_trip
from test_determinism import DETERMINISM
from test_illegal_input import REFUSALS
from test_records import RECORDS
from conformance_common import (EditionChecks, EditionSuite, assert_check_matches_the_legal_set,
                                assert_legal_set_invariants)
from conformance_common import play_random_game as _play_random_game

PLAYER_COUNTS = (2, 3, 4, 6)
CARD_IDS = tuple(c.id for c in CARDS)
MADE_UP_ID = 9_999          # an animal id / card uid no game reaches
NOT_A_CARD = "dodo"

NON_DEFAULT = dict(feeding_pass_is_final=True, auto_take_food_on_pass=True, defences_compulsory=True,
                   mimicry_once_per_turn=True, pair_trigger_reset="action", pair_triggers_optional=True,
                   hibernate_with_fat_room=True, grazing_limit="per_turn", mimicry_optional=True)


# Every non-default option, drawn independently by hypothesis.
OPTIONS = st.fixed_dictionaries({
    "feeding_pass_is_final": st.booleans(),
    "auto_take_food_on_pass": st.booleans(),
    "defences_compulsory": st.booleans(),
    "mimicry_once_per_turn": st.booleans(),
    "pair_trigger_reset": st.sampled_from(["round", "action"]),
    "pair_triggers_optional": st.booleans(),
    "hibernate_with_fat_room": st.booleans(),
    "grazing_limit": st.sampled_from(["per_round", "per_turn"]),
    "mimicry_optional": st.booleans(),
})


# ---- invariants ---------------------------------------------------------------------------------
def assert_table_invariants(state):
    """The cheap invariants, checked at every step of every game."""
    rs = state.ruleset
    assert state.card_total() == len(rs.deck), f"cards not conserved: {state.card_total()} != {len(rs.deck)}"
    assert state.deck_size == sum(state.deck) >= 0 and min(state.deck) >= 0
    assert state.food_bank >= 0, f"negative food bank {state.food_bank}"
    assert min(state.discards) >= 0 and state.removed >= 0
    for a in state.animals.values():
        assert a.red >= 0 and a.blue >= 0 and a.fat >= 0, f"negative tokens on {a!r}"
        assert a.fat <= a.fat_cards, f"more fat than Fat Tissue cards on {a!r}"
        assert 0 <= a.owner < state.players
    legal = legal_actions(state)
    assert_legal_set_invariants(state, legal)
    return legal


def candidate_actions(state, rng, pairs=120):
    """Candidate moves of every type: ids from the table plus a made-up one, every card, both colours."""
    n = state.players
    ids = sorted(state.animals) + [MADE_UP_ID]
    uids = sorted({c.uid for a in state.animals.values() for c in a.cards} | set(state.links)
                  | {p[0] for p in state.pending}) + [MADE_UP_ID]
    cards = CARD_IDS + (NOT_A_CARD,)
    out = [Pass(), EndMove(), Run(), NoDefence()]
    out += [Draw(c) for c in cards]
    out += [FirstPlayer(i) for i in range(-1, n + 1)] + [TieBreak(i) for i in range(-1, n + 1)]
    out += [RollFood(v) for v in range(0, 30)] + [RollDie(v) for v in range(0, 8)]
    for x in ids:
        out += [TakeFood(x), Graze(x), Hibernate(x), Mimic(x), Scavenge(x)]
        out += [BurnFat(x, k) for k in range(0, 4)]
    for u in uids:
        out += [DropTail(u), Resolve(u, True), Resolve(u, False)]
    for c in cards:
        out.append(PlayAnimal(c))
    # Binary families are too many to list in full: sample them, favouring the cards in hands.
    hand_cards = sorted({c for h in state.hands for c in h}) or list(CARD_IDS)
    for _ in range(pairs):
        x, y = rng.choice(ids), rng.choice(ids)
        out.append(Attack(x, y))
        out.append(Pirate(x, y, rng.choice(("red", "blue"))))
        card = rng.choice(hand_cards) if rng.random() < 0.8 else rng.choice(cards)
        sides = list(next((c.traits for c in CARDS if c.id == card), ()))
        trait = rng.choice(sides) if sides and rng.random() < 0.8 else rng.choice(TRAIT_IDS)
        out.append(PlayTrait(card, trait, x))
        out.append(PlayPairTrait(card, trait, (x, y)))
    return out


def near_misses(legal, ids, rng):
    """Each legal action with one id field changed to another id from the table (or a made-up one)."""
    out = []
    for a in legal:
        d = a.to_dict()
        for f in ("animal", "predator", "prey", "pirate", "victim", "card_uid", "link"):
            if f in d:
                d2 = dict(d)
                d2[f] = rng.choice(ids)
                out.append(evolab.move_from_dict(d2))
        if "animals" in d:
            out.append(evolab.move_from_dict({**d, "animals": list(reversed(d["animals"]))}))
        if "colour" in d:
            out.append(evolab.move_from_dict({**d, "colour": "blue" if d["colour"] == "red" else "red"}))
    return out


def assert_check_agrees(state, legal, rng):
    """``check`` is None for exactly the legal actions (player moves) and the possible outcomes (nature)."""
    outcomes = [o for o, _ in chance_outcomes(state)]
    ids = sorted(state.animals) + [MADE_UP_ID]
    for a in legal:
        assert check(state, a) is None, f"legal action {a!r} fails check: {check(state, a)!r}"
    for o in outcomes:
        assert check(state, o) is None, f"possible outcome {o!r} fails check: {check(state, o)!r}"
    assert_check_matches_the_legal_set(state, candidate_actions(state, rng) + near_misses(legal, ids, rng), legal,
                                       outcomes)


def assert_one_winner(state):
    """The dice end every tie: a finished game has one winner."""
    assert 0 <= state.winner < state.players


CHECKS = EditionChecks(assert_table_invariants, lambda state, legal, rng, sample: assert_check_agrees(state, legal, rng),
                       lambda state, move, new, events: None, lambda state, legal: set(), finished=assert_one_winner)


def play_random_game(ruleset, seed, deep=True, round_trip=True, max_steps=5000):
    """A uniformly random game through the public engine functions; returns (final state, steps)."""
    return _play_random_game(CHECKS, ruleset, seed, deep, round_trip, max_steps=max_steps)


# ---- random games, public engine loop ----------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_random_games_under_all_non_default_options_hold_invariants(players):
    """All non-default options at once: every invariant, the JSON round trip included, at every step."""
    for seed in range(2):
        play_random_game(load_ruleset("origin", players=players, **NON_DEFAULT), seed, deep=True)


def test_json_round_trip_with_feeding_pass_is_final():
    """With feeding_pass_is_final, a state whose barred set is not empty survives a JSON round trip."""
    rs = load_ruleset("origin", players=2, feeding_pass_is_final=True)
    seen_barred = 0
    for seed in range(3):
        m = Match(rs, seed=seed)
        while not m.is_over():
            if m.state.barred is not None and any(m.state.barred):
                seen_barred += 1
            assert_json_round_trip(m.state)
            m.step()
    assert seen_barred > 0


# ---- Origin's part of the shared suite (test_conformance.py): random and bot games, illegal input
# (test_illegal_input.REFUSALS), records and saved positions (test_records.RECORDS), the same game in other
# processes (test_determinism.DETERMINISM).
SUITE = EditionSuite(
    "origin", CHECKS, PLAYER_COUNTS, [("default", {}), ("non-default", NON_DEFAULT)], OPTIONS,
    examples=dict(random=3, drawn=8, many=25, bots=10, illegal=15), samples=dict(random=12, drawn=12),
    max_steps=5000,
    seat_sets=lambda n: ([GreedyBot() for _ in range(n)], [GreedyBot() if i % 2 else RandomBot() for i in range(n)],
                         ["greedy:0.3"] + ["random:0.5"] * (n - 1)),
    fast_options=(NON_DEFAULT,), **REFUSALS, **RECORDS, **DETERMINISM,
)

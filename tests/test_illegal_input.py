"""Illegal input in Origin: every action not in ``legal_actions`` raises ``IllegalActionError`` naming a rule,
and changes nothing (neither the state passed to ``apply`` nor a ``Match``'s state and record).

The checks every edition shares (made-up ids, chance outcomes at a player's node and player moves at a chance
node, malformed objects, moves after the end or for another seat, illegal candidates along random games,
``Match.step``) run in ``test_conformance.py`` from ``REFUSALS`` below; this module keeps Origin's own rules."""
from __future__ import annotations

import functools

import pytest

import evolab
from evolab import (CHANCE, Attack, BurnFat, Draw, DropTail, EndMove, FirstPlayer, Graze, Hibernate,
                    Match, Mimic, NoDefence, Pass, PlayAnimal, PlayPairTrait, PlayTrait,
                    Pirate, Resolve, RollDie, RollFood, Run, Scavenge, TakeFood, TieBreak, apply,
                    chance_outcomes, check, legal_actions, load_ruleset, scenario, to_move)
from evolab.rules.origin.deck import CARDS
from evolab.rules.origin.traits import TRAIT_IDS
from engine_checks import assert_refused, assert_step_refused

MADE_UP = 9_999
CARD_IDS = tuple(c.id for c in CARDS)


# ---- positions ---------------------------------------------------------------------------------
def feeding_position():
    """Seat 0 to move in feeding: a carnivore (1) and a plain animal (2) of seat 0, seat 1 owns 3 and 4."""
    return scenario("origin", {"food_bank": 3, "hands": [["swimming"], ["running"]], "animals": [
        {"owner": 0, "traits": ["carnivorous"]}, {"owner": 0, "traits": ["fat_tissue"]},
        {"owner": 1, "traits": ["grazing"]}, {"owner": 1}]})


def development_position():
    """Seat 0 to move in development, with two animals of its own and one of seat 1's."""
    return scenario("origin", {"phase": "development", "hands": [["swimming", "communication/carnivorous"],
                                                                 ["running"]],
                               "animals": [{"owner": 0}, {"owner": 0}, {"owner": 1}]})


def run_until(pred, players=2, seed=0, **options):
    """A live game state (via Match) at the first point where ``pred(state)`` holds."""
    m = Match(load_ruleset("origin", players=players, **options), seed=seed)
    while not pred(m.state):
        assert not m.is_over(), "the game ended before the position was reached"
        m.step()
    return m.state.clone()


def finished_game(players=2, seed=3):
    m = Match(load_ruleset("origin", players=players), seed=seed)
    m.play_out()
    assert m.is_over()
    return m.state


# ---- made-up and foreign animals ---------------------------------------------------------------
def test_feeding_position_fixture_is_what_the_tests_assume():
    """The hand-built feeding position has seat 0 to move with TakeFood(1) and EndMove legal."""
    s = feeding_position()
    assert to_move(s) == 0 and TakeFood(1) in legal_actions(s) and EndMove() in legal_actions(s)


@pytest.mark.parametrize("action", [
    PlayTrait("swimming", "swimming", MADE_UP),
    PlayPairTrait("communication/carnivorous", "communication", (1, MADE_UP)),
    PlayPairTrait("communication/carnivorous", "communication", (MADE_UP, 2))])
def test_made_up_animal_id_is_refused_in_development(action):
    """Development actions that name an animal not on the table are refused."""
    assert_refused(development_position(), action)


@pytest.mark.parametrize("action", [TakeFood(3), TakeFood(4), Graze(3), Attack(3, 1)])
def test_another_players_animal_is_refused(action):
    """Seat 0 may not feed, graze with or attack with seat 1's animals."""
    assert_refused(feeding_position(), action)


def test_trait_on_another_players_animal_is_refused():
    """A non-Parasite trait goes only on the player's own animal."""
    assert_refused(development_position(), PlayTrait("swimming", "swimming", 3), rule="origin.placement.own")


def test_pair_trait_with_another_players_animal_is_refused():
    """A pair trait links two of the player's own animals."""
    assert_refused(development_position(), PlayPairTrait("communication/carnivorous", "communication", (1, 3)))


def test_card_not_in_hand_is_refused():
    """Playing a card that is not in the player's hand is refused."""
    s = development_position()
    assert_refused(s, PlayAnimal("running"), rule="origin.card.not-in-hand")
    assert_refused(s, PlayAnimal("dodo"))
    assert_refused(s, PlayTrait("swimming", "running", 1))


# ---- wrong phase, wrong node -------------------------------------------------------------------
@pytest.mark.parametrize("action", [TakeFood(1), EndMove(), Attack(1, 3), BurnFat(2, 1), Run(), NoDefence(),
                                    Mimic(1), DropTail(1), Scavenge(1), Resolve(1)])
def test_feeding_and_attack_actions_during_development_are_refused(action):
    """Feeding-phase and attack decisions are refused while seat 0 develops."""
    assert_refused(development_position(), action)


@pytest.mark.parametrize("action", [PlayAnimal("swimming"), PlayTrait("swimming", "swimming", 2), Pass(),
                                    Run(), NoDefence(), Resolve(1), Scavenge(1)])
def test_development_actions_and_decisions_out_of_turn_are_refused_in_feeding(action):
    """Development actions, and defences or triggers with nothing pending, are refused in feeding."""
    assert_refused(feeding_position(), action)


def test_player_action_during_a_running_roll_is_refused():
    """While the Running die is being rolled, no player may act (it is nature's move)."""
    s = scenario("origin", {"food_bank": 2, "animals": [{"owner": 0, "traits": ["carnivorous"]},
                                                        {"owner": 1, "traits": ["running"]}]})
    s, _ = apply(s, Attack(1, 2))
    if Run() in legal_actions(s):
        s, _ = apply(s, Run())
    assert to_move(s) == CHANCE
    for a in (Run(), NoDefence(), EndMove(), TakeFood(1)):
        assert_refused(s, a)
    assert_refused(s, RollDie(7))
    assert_refused(s, RollDie(0))


@pytest.mark.parametrize("outcome", [Draw("dodo"), RollFood(999), RollDie(3), FirstPlayer(7), TieBreak(0)])
def test_impossible_chance_outcome_at_the_deal_is_refused(outcome):
    """At the deal only draws of cards still in the deck are possible outcomes."""
    s = evolab.new_game(load_ruleset("origin", players=2))
    assert_refused(s, outcome)


def test_draw_of_an_exhausted_card_is_refused():
    """A Draw of a card kind with no copy left in the deck is refused."""
    s = run_until(lambda st_: st_.phase in ("deal", "draw") and min(st_.deck) == 0, players=4, seed=2)
    gone = [CARD_IDS[i] for i, k in enumerate(s.deck) if k == 0]
    assert_refused(s, Draw(gone[0]), rule="engine.impossible-outcome")


def test_food_roll_outside_the_dice_range_is_refused():
    """At the food roll, totals the dice cannot make are refused; possible ones pass check."""
    s = run_until(lambda st_: st_.phase == "food", players=2, seed=1)
    possible = [o.food for o, _ in chance_outcomes(s)]
    assert possible == list(range(3, 9))      # 1 die + 2 for two players (§6)
    assert_refused(s, RollFood(2))
    assert_refused(s, RollFood(9))
    assert check(s, RollFood(3)) is None


# ---- malformed objects -------------------------------------------------------------------------
MALFORMED = [None, "TakeFood", "", 42, 3.5, {"type": "TakeFood", "animal": 1}, [TakeFood(1)], TakeFood,
             object(), TakeFood("x"), TakeFood(None), TakeFood("1"), BurnFat(2, "2"),
             BurnFat(1, "2"), BurnFat(2, 1.5), BurnFat(2, True), Attack("1", "3"), Attack(None, 3),
             Pirate(1, 3, "green"), Graze([1]), PlayAnimal(None), PlayAnimal(["swimming"]),
             PlayTrait("swimming", None, 1), PlayPairTrait("communication/carnivorous", "communication", "ab"),
             PlayPairTrait("communication/carnivorous", "communication", (1, 2, 3)), Resolve(1, "yes"),
             DropTail("1"), Mimic({})]


# ---- random positions: illegal candidates -------------------------------------------------------
def _illegal_candidates(s, rng, k=25):
    """Moves of every type with ids and cards of the table and made-up ones, none legal at ``s``."""
    ids = sorted(s.animals) + [MADE_UP]
    cards = CARD_IDS + ("dodo",)
    pool = [Pass(), EndMove(), Run(), NoDefence(), RollFood(rng.randrange(0, 30)), RollDie(rng.randrange(0, 8)),
            Draw(rng.choice(cards)), FirstPlayer(rng.randrange(-1, 8)), TieBreak(rng.randrange(-1, 8))]
    for _ in range(k):
        x, y = rng.choice(ids), rng.choice(ids)
        c = rng.choice(cards)
        t = rng.choice(TRAIT_IDS)
        pool += [TakeFood(x), Attack(x, y), BurnFat(x, rng.randrange(0, 4)), Graze(x), Hibernate(x),
                 Pirate(x, y, rng.choice(("red", "blue"))), Mimic(x), Scavenge(x), DropTail(rng.randrange(0, 90)),
                 Resolve(rng.randrange(0, 90), rng.random() < 0.5), PlayAnimal(c), PlayTrait(c, t, x),
                 PlayPairTrait(c, t, (x, y))]
    legal = legal_actions(s)
    outcomes = [o for o, _ in chance_outcomes(s)]
    return [a for a in pool if a not in legal and a not in outcomes]


# ---- Match.step -------------------------------------------------------------------------------
def test_match_step_refuses_an_impossible_chance_outcome():
    """Match.step at a chance node refuses an outcome that cannot happen there."""
    m = Match(load_ruleset("origin", players=2), seed=8)
    assert_step_refused(m, RollFood(4))
    assert_step_refused(m, Draw("dodo"))


# ---- an engine bug is not the player's mistake -----------------------------------------------------
@pytest.mark.parametrize("edition", ["origin", "random_mutations", "northstar"])
def test_an_exception_in_a_check_propagates_instead_of_refusing_the_move(edition, monkeypatch):
    """A check that fails (an engine bug) raises; it is never reported as the player's malformed action."""
    import importlib
    m = Match(load_ruleset(edition, players=2), seats=[None, None], seed=5)
    m.play_until_human()
    s = m.state
    action = legal_actions(s)[0]

    def broken(rs, state, seat, a):
        raise KeyError("a bug in the rules")

    monkeypatch.setitem(importlib.import_module(f"evolab.rules.{edition}.checks").CHECKS, type(action), broken)
    with pytest.raises(KeyError, match="a bug in the rules"):
        check(s, action)


# ---- Origin's illegal input in the shared suite (test_conformance.py, through test_properties.SUITE) ---------
@functools.cache
def _chance_nodes():
    """The deal, the first-player roll, the food roll and a draw (made once: states are never changed in place)."""
    return {phase: run_until(lambda st_, phase=phase: st_.phase == phase, players=3, seed=5)
            for phase in ("deal", "first_player", "food", "draw")}


POSITIONS = {"development": development_position, "feeding": feeding_position}

#: What the shared suite's illegal-input tests refuse in Origin (``EditionSuite`` fields).
REFUSALS = dict(
    positions=POSITIONS, finished_game=finished_game, chance_nodes=_chance_nodes,
    actions_at_chance=lambda s: [Pass(), EndMove(), PlayAnimal(s.hands[0][0] if s.hands[0] else "swimming"),
                                 TakeFood(1), Run(), NoDefence(), Resolve(1)],
    chance_outcomes=[Draw("swimming"), RollFood(5), RollDie(4), FirstPlayer(0), TieBreak(0)],
    made_up_in_feeding=[(a, None) for a in (
        TakeFood(MADE_UP), Attack(1, MADE_UP), Attack(MADE_UP, 3), BurnFat(MADE_UP, 1), Graze(MADE_UP),
        Hibernate(MADE_UP), Pirate(MADE_UP, 3, "red"), TakeFood(0), TakeFood(-1))],
    malformed=MALFORMED,
    malformed_positions={**POSITIONS, "over": finished_game,
                         "chance": lambda: evolab.new_game(load_ruleset("origin", players=2))},
    non_integer_ids=[("feeding", TakeFood(1.0)), ("feeding", TakeFood(True)), ("feeding", Attack(True, 3.0))],
    after_the_end=[Pass(), EndMove(), TakeFood(1), Draw("swimming"), TieBreak(0), RollFood(4), FirstPlayer(0),
                   NoDefence()],
    off_table_seats=(5,), larger_games=((4,), ("development",), 1),
    illegal_pool=lambda s, rng, k: _illegal_candidates(s, rng), illegal_along=(0.15, 8),
    person_refused=(2, [None, "random"], lambda s: (TakeFood(MADE_UP), Draw("swimming"), RollFood(4), None.__class__,
                                                    "Pass", TakeFood("x"), BurnFat(1, "2"), PlayAnimal("dodo"))),
    first_chance_refused=(3, 8, [Pass(), PlayAnimal("swimming")], [Pass(), TieBreak(0)]),
)

"""Rules tests: the feeding phase of *The Origin of Species* other than the attack procedure.

Spec: shared/rules/origin-of-species.md §7, §10.4-§10.18, §14 items 15-20 and 27; open questions 1-4, 7, 8,
10 and 11 of shared/rules/README.md. Each test lays out a concrete table with ``pos``, acts, and checks the
exact outcome. Positions are built so that the mover still has something to do when the test wants his
move to go on (the engine ends a move, or passes for a seat, as soon as there is nothing left to do).
"""
from __future__ import annotations

import pytest
from conftest import play, pos, rule_of

from evolab import (CHANCE, Attack, BurnFat, EndMove, Graze, Hibernate, IllegalActionError, Pass, Pirate,
                    Resolve, RollFood, TakeFood, apply, chance_outcomes, legal_actions, to_move)
from evolab.events import (Died, FatBurned, FoodTaken, Grazed, Hibernated, Passed, PhaseStarted, Pirated,
                           Scavenged, TriggerFired)
from evolab.narrate import action_label


# ---- helpers -------------------------------------------------------------------------------------
def link_of(state, x, y, trait):
    """The uid of the ``trait`` card linking animals ``x`` and ``y``."""
    for uid in state.animals[x].links:
        l = state.links[uid]
        if l.trait == trait and {l.a, l.b} == {x, y}:
            return uid
    raise AssertionError(f"no {trait} link between {x} and {y}")


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def food_taken(events):
    """(animal, colour, source, as_fat) of every token received, in order."""
    return [(e.animal, e.colour, e.source, e.as_fat) for e in of_type(events, FoodTaken)]


def fired(events):
    """(link, trait, source, target) of every pair trigger that fired, in order."""
    return [(e.link, e.trait, e.source, e.target) for e in of_type(events, TriggerFired)]


def tokens(state, aid):
    a = state.animals[aid]
    return (a.red, a.blue, a.fat)


def to_next_feeding(state, food=5):
    """Play through extinction, draw, development (everyone passes) and the food roll to the next feeding."""
    while state.phase != "feeding":
        assert state.phase != "over", "the game ended before the next feeding phase"
        if to_move(state) == CHANCE:
            outcome = RollFood(food) if state.phase == "food" else chance_outcomes(state)[0][0]
            state, _ = apply(state, outcome)
        else:
            state, _ = apply(state, Pass())
    return state


# ---- §7.1 need and fed ---------------------------------------------------------------------------
def test_need_is_one_plus_food_need_bonuses():
    """§7.1: need = 1 + Carnivorous +1, High Body Weight +1, Parasite +2; other traits add nothing."""
    s = pos({"food_bank": 5, "animals": [
        {"owner": 0},
        {"owner": 0, "traits": ["carnivorous"]},
        {"owner": 0, "traits": ["high_body_weight"]},
        {"owner": 0, "traits": ["parasite"]},
        {"owner": 0, "traits": ["carnivorous", "high_body_weight", "parasite"]},
        {"owner": 0, "traits": ["swimming", "running", "mimicry", "fat_tissue", "grazing", "piracy"]},
    ]})
    assert [s.animals[i].need for i in range(1, 7)] == [1, 2, 2, 3, 5, 1]


@pytest.mark.parametrize("trait, card", [
    ("fat_tissue", "parasite/fat_tissue"),
    ("fat_tissue", "high_body_weight/fat_tissue"),
    ("hibernation", "hibernation/carnivorous"),
    ("poisonous", "poisonous/carnivorous"),
])
def test_unused_side_of_a_two_sided_card_adds_no_need(trait, card):
    """§2/§7.1: a two-sided card is used for one side only; the need bonus of the other side is ignored."""
    s = pos({"food_bank": 5, "animals": [{"owner": 0, "traits": [f"{trait}:{card}"]}]})
    assert s.animals[1].need == 1
    assert s.animals[1].cards[0].card == card


@pytest.mark.parametrize("trait, card, need", [
    ("parasite", "parasite/carnivorous", 3),
    ("carnivorous", "parasite/carnivorous", 2),
    ("high_body_weight", "high_body_weight/carnivorous", 2),
    ("carnivorous", "high_body_weight/carnivorous", 2),
])
def test_chosen_side_of_a_two_sided_card_gives_its_own_need(trait, card, need):
    """§2/§7.1: Parasite/Carnivorous and High Body Weight/Carnivorous add the need of the side played."""
    s = pos({"food_bank": 5, "animals": [{"owner": 0, "traits": [f"{trait}:{card}"]}]})
    assert s.animals[1].need == need


def test_pair_side_of_carnivorous_card_adds_no_need():
    """§2/§7.1: Communication/Carnivorous or Cooperation/Carnivorous played as the pair trait adds no need."""
    s = pos({"food_bank": 5, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 0}],
             "links": [{"trait": "communication:communication/carnivorous", "animals": [1, 2]},
                       {"trait": "cooperation:cooperation/carnivorous", "animals": [2, 3]}]})
    assert [s.animals[i].need for i in (1, 2, 3)] == [1, 1, 1]


def test_fed_counts_red_and_blue_but_not_yellow():
    """§7.1: food = red + blue tokens; an animal with only yellow fat is not fed."""
    s = pos({"food_bank": 5, "animals": [
        {"owner": 0, "traits": ["carnivorous"], "red": 1, "blue": 1},
        {"owner": 0, "traits": ["carnivorous"], "blue": 1},
        {"owner": 0, "traits": ["fat_tissue", "fat_tissue"], "fat": 2},
        {"owner": 0, "traits": ["high_body_weight", "fat_tissue"], "red": 1, "fat": 1},
    ]})
    assert [s.animals[i].is_fed() for i in (1, 2, 3, 4)] == [True, False, False, False]


# ---- §7.3 Take food ------------------------------------------------------------------------------
def test_take_food_moves_one_red_token_from_bank_to_animal():
    """§7.3.1: Take food moves one red token from the food bank onto an own animal."""
    s = pos({"food_bank": 3, "animals": [{"owner": 0, "traits": ["carnivorous"]}, {"owner": 1}]})
    s2, ev = apply(s, TakeFood(1))
    assert s2.food_bank == 2
    assert tokens(s2, 1) == (1, 0, 0)
    assert food_taken(ev) == [(1, "red", "food_bank", False)]
    assert s.food_bank == 3 and tokens(s, 1) == (0, 0, 0)   # apply leaves the old state alone


def test_take_food_only_for_own_animal():
    """§7.3.1: the red token goes onto one of the mover's own animals."""
    s = pos({"food_bank": 3, "animals": [{"owner": 0}, {"owner": 1}]})
    assert rule_of(s, TakeFood(2)) == "origin.feeding.own-animal"
    assert [a for a in legal_actions(s) if isinstance(a, TakeFood)] == [TakeFood(1)]


def test_only_one_main_action_per_move():
    """§7.2/§7.3: at most one main action (take food, attack, burn fat) per move."""
    s = pos({"food_bank": 5, "animals": [
        {"owner": 0},
        {"owner": 0, "traits": ["grazing", "fat_tissue", "carnivorous"], "fat": 1},   # Graze keeps the move open
        {"owner": 1}]})
    assert Attack(2, 3) in legal_actions(s)
    s, _ = apply(s, TakeFood(1))
    assert to_move(s) == 0
    assert rule_of(s, TakeFood(2)) == "origin.feeding.one-main-action"
    assert rule_of(s, BurnFat(2, 1)) == "origin.feeding.one-main-action"
    assert rule_of(s, Attack(2, 3)) == "origin.feeding.one-main-action"
    assert TakeFood(2) not in legal_actions(s)
    assert Graze(2) in legal_actions(s)
    with pytest.raises(IllegalActionError) as e:
        apply(s, TakeFood(2))
    assert e.value.rule == "origin.feeding.one-main-action"


def test_move_main_scenario_flag_forbids_a_second_main_action():
    """§7.2: a move that has had its main action allows free actions only."""
    s = pos({"food_bank": 5, "move_main": True, "animals": [
        {"owner": 0, "traits": ["grazing"]}, {"owner": 1}]})
    assert to_move(s) == 0
    assert set(legal_actions(s)) == {Graze(1), EndMove()}
    assert rule_of(s, TakeFood(1)) == "origin.feeding.one-main-action"


def test_take_food_from_empty_bank_is_illegal():
    """§7.3.1: Take food needs a red token in the food bank."""
    s = pos({"food_bank": 0, "animals": [
        {"owner": 0, "traits": ["high_body_weight", "fat_tissue"], "fat": 1},   # can still burn fat
        {"owner": 1}]})
    assert to_move(s) == 0
    assert rule_of(s, TakeFood(1)) == "origin.food-bank.empty"
    assert not any(isinstance(a, TakeFood) for a in legal_actions(s))


def test_fed_animal_without_empty_fat_slot_cannot_take_food():
    """§7.1: a fed animal can receive food only into an empty Fat Tissue slot."""
    s = pos({"food_bank": 5, "animals": [
        {"owner": 0, "food": 1},
        {"owner": 0, "traits": ["fat_tissue"], "food": 1, "fat": 1},
        {"owner": 0},
        {"owner": 1}]})
    assert rule_of(s, TakeFood(1)) == "origin.feeding.fed"
    assert rule_of(s, TakeFood(2)) == "origin.feeding.fed"
    assert rule_of(s, TakeFood(3)) is None
    assert [a for a in legal_actions(s) if isinstance(a, TakeFood)] == [TakeFood(3)]


def test_fed_animal_with_empty_fat_slot_stores_taken_food_as_fat():
    """§7.1/§10.17: a fed animal with an empty Fat Tissue slot stores the taken red token as yellow."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0, "traits": ["fat_tissue", "fat_tissue"], "food": 1},
        {"owner": 1}]})
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 1) == (1, 0, 1)
    assert s.food_bank == 2
    assert food_taken(ev) == [(1, "red", "food_bank", True)]


def test_unfed_animal_with_full_fat_takes_food_as_food():
    """§7.1: an unfed animal can receive food even with every Fat Tissue slot full; the token is food."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0, "traits": ["fat_tissue"], "fat": 1}, {"owner": 1}]})
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 1) == (1, 0, 1)
    assert food_taken(ev) == [(1, "red", "food_bank", False)]


# ---- §10.17 Fat Tissue ---------------------------------------------------------------------------
def test_fat_tissue_cards_stack_and_hold_one_yellow_token_each():
    """§10.17: any number of Fat Tissue cards on one animal, each holding one yellow token."""
    s = pos({"food_bank": 10, "animals": [
        {"id": 1, "owner": 0, "traits": ["fat_tissue", "fat_tissue", "fat_tissue"], "food": 1},
        {"id": 2, "owner": 0, "traits": ["parasite", "high_body_weight"]},   # keeps seat 0 moving
        {"id": 3, "owner": 1, "traits": ["parasite", "high_body_weight"]}]})
    assert s.animals[1].fat_cards == 3
    for k in range(1, 4):
        s, _ = play(s, TakeFood(1), TakeFood(3))
        assert s.animals[1].fat == k
    assert to_move(s) == 0 and s.round == 4
    assert tokens(s, 1) == (1, 0, 3)
    assert rule_of(s, TakeFood(1)) == "origin.feeding.fed"
    assert rule_of(s, TakeFood(2)) is None


def test_fat_persists_between_turns_while_red_and_blue_are_cleared():
    """§9.4/§10.17: red and blue tokens are removed after the turn; yellow tokens stay on Fat Tissue."""
    s = pos({"food_bank": 2, "deck": 0, "animals": [
        {"owner": 0, "traits": ["carnivorous", "fat_tissue", "fat_tissue"], "red": 1, "blue": 1, "fat": 1},
        {"owner": 1}]})
    s, ev = play(s, TakeFood(1), TakeFood(2))
    assert s.turn == 2, "feeding should have ended after both moves (nobody can act)"
    assert tokens(s, 1) == (0, 0, 2)
    assert tokens(s, 2) == (0, 0, 0)
    assert not of_type(ev, Died)


# ---- §7.3 Burn fat -------------------------------------------------------------------------------
def test_burn_fat_turns_yellow_into_blue_on_unfed_animal():
    """§7.3.3: burning fat turns yellow tokens of an unfed animal into blue food tokens on it."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0, "traits": ["high_body_weight", "fat_tissue", "fat_tissue"], "fat": 2},
        {"owner": 1}]})
    s2, ev = apply(s, BurnFat(1, 2))
    assert tokens(s2, 1) == (0, 2, 0)
    assert s2.animals[1].is_fed()
    assert s2.food_bank == 3
    assert of_type(ev, FatBurned) == [FatBurned(1, 2)]
    assert not of_type(ev, FoodTaken)


def test_burn_fat_is_capped_at_the_deficit():
    """§7.3.3 (RULING): at most need - food yellow tokens may be burnt."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0, "traits": ["high_body_weight", "fat_tissue", "fat_tissue"], "red": 1, "fat": 2},
        {"owner": 1}]})
    assert rule_of(s, BurnFat(1, 2)) == "origin.fat_tissue.amount"
    assert BurnFat(1, 1) in legal_actions(s)
    assert BurnFat(1, 2) not in legal_actions(s)
    s, _ = apply(s, BurnFat(1, 1))
    assert tokens(s, 1) == (1, 1, 1)


def test_burn_fat_is_illegal_for_a_fed_animal():
    """§7.3.3: only an animal that is not fed may burn fat."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0, "traits": ["fat_tissue", "fat_tissue"], "food": 1, "fat": 1},
        {"owner": 1}]})
    assert rule_of(s, BurnFat(1, 1)) == "origin.fat_tissue.fed"
    assert not any(isinstance(a, BurnFat) for a in legal_actions(s))


def test_burn_fat_needs_yellow_tokens():
    """§7.3.3: an animal without yellow tokens has nothing to burn."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0, "traits": ["fat_tissue"]}, {"owner": 1}]})
    assert rule_of(s, BurnFat(1, 1)) == "origin.fat_tissue.no-fat"


def test_burn_fat_does_not_trigger_communication_or_cooperation():
    """§7.3.3/§14.18: burning fat is not receiving food: no Communication, no Cooperation."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0, "traits": ["fat_tissue"], "fat": 1},
        {"owner": 0}, {"owner": 0}, {"owner": 1}],
        "links": [{"trait": "communication", "animals": [1, 2]},
                  {"trait": "cooperation", "animals": [1, 3]}]})
    s, ev = apply(s, BurnFat(1, 1))
    assert tokens(s, 1) == (0, 1, 0)
    assert tokens(s, 2) == (0, 0, 0)
    assert tokens(s, 3) == (0, 0, 0)
    assert s.food_bank == 3
    assert fired(ev) == []
    assert all(s.links[u].fired == -1 for u in s.links)


def test_burn_fat_allowed_with_empty_food_bank():
    """§14.18: burning fat is allowed when the food bank is empty."""
    s = pos({"food_bank": 0, "animals": [
        {"owner": 0, "traits": ["fat_tissue"], "fat": 1}, {"owner": 1}]})
    assert to_move(s) == 0
    assert BurnFat(1, 1) in legal_actions(s)
    s, _ = apply(s, BurnFat(1, 1))
    assert tokens(s, 1) == (0, 1, 0)


def test_burn_fat_allowed_for_protected_animal_of_unfed_protector():
    """§7.3.3/§10.5 (RULING): a Symbiosis-protected animal may burn its own fat while its protector is unfed."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0},
        {"id": 2, "owner": 0, "traits": ["fat_tissue"], "fat": 1},
        {"id": 3, "owner": 1}],
        "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    assert rule_of(s, TakeFood(2)) == "origin.symbiosis"
    assert rule_of(s, BurnFat(2, 1)) is None
    s, _ = apply(s, BurnFat(2, 1))
    assert tokens(s, 2) == (0, 1, 0)
    assert s.animals[2].is_fed() and not s.animals[1].is_fed()


# ---- §10.10 Communication ------------------------------------------------------------------------
def test_communication_partner_takes_red_token_from_bank():
    """§10.10: when one linked animal takes a red token from the bank, the other takes one too."""
    s = pos({"food_bank": 5, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 1}],
             "links": [{"trait": "communication", "animals": [1, 2]}]})
    l = link_of(s, 1, 2, "communication")
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 1) == (1, 0, 0)
    assert tokens(s, 2) == (1, 0, 0)
    assert s.food_bank == 3
    assert fired(ev) == [(l, "communication", 1, 2)]
    assert food_taken(ev) == [(1, "red", "food_bank", False), (2, "red", "communication", False)]


def test_communication_works_from_either_animal():
    """§10.10: the card fires when either linked animal takes food."""
    s = pos({"food_bank": 5, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 1}],
             "links": [{"trait": "communication", "animals": [1, 2]}]})
    s, _ = apply(s, TakeFood(2))
    assert tokens(s, 1) == (1, 0, 0) and tokens(s, 2) == (1, 0, 0)
    assert s.food_bank == 3


def test_communication_chains_through_linked_animals():
    """§7.5/§10.10: a red token taken by Communication triggers the receiver's other Communication card."""
    s = pos({"food_bank": 6, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 0}, {"owner": 1}],
             "links": [{"trait": "communication", "animals": [1, 2]},
                       {"trait": "communication", "animals": [2, 3]}]})
    s, ev = apply(s, TakeFood(1))
    assert [tokens(s, i) for i in (1, 2, 3)] == [(1, 0, 0)] * 3
    assert s.food_bank == 3
    assert [(src, tgt) for _, _, src, tgt in fired(ev)] == [(1, 2), (2, 3)]


def test_communication_chain_stops_when_food_bank_is_empty():
    """§14.16: a Communication chain stops when the food bank is empty."""
    s = pos({"food_bank": 2, "animals": [
        {"owner": 0}, {"owner": 0}, {"owner": 0},
        {"owner": 1, "traits": ["fat_tissue"], "fat": 1}],      # seat 1 can still act: feeding goes on
        "links": [{"trait": "communication", "animals": [1, 2]},
                  {"trait": "communication", "animals": [2, 3]}]})
    s, ev = apply(s, TakeFood(1))
    assert s.phase == "feeding"
    assert s.food_bank == 0
    assert tokens(s, 1) == (1, 0, 0)
    assert tokens(s, 2) == (1, 0, 0)
    assert tokens(s, 3) == (0, 0, 0)
    assert [(src, tgt) for _, _, src, tgt in fired(ev)] == [(1, 2)]


def test_communication_partner_that_cannot_receive_takes_nothing():
    """§7.1: a fed partner with no fat room takes no token; the red token stays in the bank."""
    s = pos({"food_bank": 4, "animals": [{"owner": 0}, {"owner": 0, "food": 1}, {"owner": 1}],
             "links": [{"trait": "communication", "animals": [1, 2]}]})
    s, ev = apply(s, TakeFood(1))
    assert s.food_bank == 3
    assert tokens(s, 2) == (1, 0, 0)
    assert fired(ev) == []


def test_communication_fires_when_taken_token_lands_as_fat():
    """§10.10: a red token taken from the bank into fat is still taken from the bank, so Communication fires."""
    s = pos({"food_bank": 4, "animals": [
        {"owner": 0, "traits": ["fat_tissue"], "food": 1}, {"owner": 0}, {"owner": 1}],
        "links": [{"trait": "communication", "animals": [1, 2]}]})
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 1) == (1, 0, 1)
    assert tokens(s, 2) == (1, 0, 0)
    assert s.food_bank == 2


def test_communication_not_triggered_by_blue_token():
    """§10.10: a blue token (here from Cooperation) does not trigger Communication."""
    s = pos({"food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["high_body_weight"]},
        {"id": 2, "owner": 0}, {"id": 3, "owner": 0}, {"id": 4, "owner": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 3]},
                  {"trait": "communication", "animals": [1, 2]}]})
    s, ev = apply(s, TakeFood(3))
    assert tokens(s, 3) == (1, 0, 0)
    assert tokens(s, 1) == (0, 1, 0)
    assert tokens(s, 2) == (0, 0, 0)
    assert s.food_bank == 4
    assert [t for _, t, _, _ in fired(ev)] == ["cooperation"]


def test_communication_not_triggered_by_piracy():
    """§10.6/§10.10: a stolen token is not taken from the food bank: no Communication."""
    s = pos({"food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy", "high_body_weight"]},
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 1, "traits": ["high_body_weight"], "red": 1}],
        "links": [{"trait": "communication", "animals": [1, 2]}]})
    s, ev = apply(s, Pirate(1, 3, "red"))
    assert tokens(s, 1) == (1, 0, 0)
    assert tokens(s, 3) == (0, 0, 0)
    assert tokens(s, 2) == (0, 0, 0)
    assert s.food_bank == 5
    assert fired(ev) == []


# ---- §10.15 Cooperation --------------------------------------------------------------------------
def test_cooperation_partner_gets_blue_token_from_supply():
    """§10.15: when one linked animal receives food, the other gets 1 blue token from the supply."""
    s = pos({"food_bank": 3, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 1}],
             "links": [{"trait": "cooperation", "animals": [1, 2]}]})
    l = link_of(s, 1, 2, "cooperation")
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 1) == (1, 0, 0)
    assert tokens(s, 2) == (0, 1, 0)
    assert s.food_bank == 2
    assert fired(ev) == [(l, "cooperation", 1, 2)]
    assert food_taken(ev) == [(1, "red", "food_bank", False), (2, "blue", "cooperation", False)]


def test_cooperation_chain_a_b_c():
    """§14.17: A-B and B-C Cooperation: A takes red, B gets blue, C gets blue; A-B does not fire back."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["high_body_weight"]},   # A could still eat: a second A-B firing would show
        {"id": 2, "owner": 0, "traits": ["high_body_weight"]},
        {"id": 3, "owner": 0, "traits": ["high_body_weight"]},
        {"id": 4, "owner": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]},
                  {"trait": "cooperation", "animals": [2, 3]}]})
    ab, bc = link_of(s, 1, 2, "cooperation"), link_of(s, 2, 3, "cooperation")
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 1) == (1, 0, 0)
    assert tokens(s, 2) == (0, 1, 0)
    assert tokens(s, 3) == (0, 1, 0)
    assert s.food_bank == 2
    assert fired(ev) == [(ab, "cooperation", 1, 2), (bc, "cooperation", 2, 3)]


def test_cooperation_triggered_by_token_that_lands_as_fat():
    """§10.15, README q.10 (RULING): a token stored as fat was received, so Cooperation fires."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0, "traits": ["fat_tissue"], "food": 1}, {"owner": 0}, {"owner": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]}]})
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 1) == (1, 0, 1)
    assert tokens(s, 2) == (0, 1, 0)
    assert food_taken(ev) == [(1, "red", "food_bank", True), (2, "blue", "cooperation", False)]


def test_cooperation_partner_with_room_only_in_fat_stores_blue_as_fat():
    """§7.1/§10.15: a fed partner with an empty Fat Tissue slot stores the blue token as yellow."""
    s = pos({"food_bank": 3, "animals": [
        {"owner": 0}, {"owner": 0, "traits": ["fat_tissue"], "food": 1}, {"owner": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]}]})
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 2) == (1, 0, 1)
    assert food_taken(ev)[-1] == (2, "blue", "cooperation", True)


def test_cooperation_then_communication_chain():
    """§7.5: a token received through a trigger triggers the receiver's other pair cards."""
    s = pos({"food_bank": 4, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 0}, {"owner": 1}],
             "links": [{"trait": "communication", "animals": [1, 2]},
                       {"trait": "cooperation", "animals": [2, 3]}]})
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 2) == (1, 0, 0)
    assert tokens(s, 3) == (0, 1, 0)
    assert s.food_bank == 2


# ---- §7.5 once per round, options ----------------------------------------------------------------
def _pirate_then_take(options=None):
    """Seat 0: pirate 1 (need 3) linked by Cooperation to 2 (need 3); seat 1's animal 3 holds a red token."""
    return pos({"options": options or {}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy", "parasite"]},
        {"id": 2, "owner": 0, "traits": ["parasite"]},
        {"id": 3, "owner": 1, "traits": ["high_body_weight"], "red": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]}]})


def test_pair_card_fires_once_per_round_not_again_in_same_move():
    """§7.5: a pair card that fired on Piracy does not fire again for a Take food later in the same round."""
    s = _pirate_then_take()
    s, ev1 = apply(s, Pirate(1, 3, "red"))
    assert tokens(s, 2) == (0, 1, 0)
    assert len(fired(ev1)) == 1
    assert to_move(s) == 0
    s, ev2 = apply(s, TakeFood(1))
    assert tokens(s, 1) == (2, 0, 0)
    assert tokens(s, 2) == (0, 1, 0)
    assert fired(ev2) == []


def test_pair_trigger_reset_action_fires_again_for_each_action():
    """§7.5, option pair_trigger_reset='action': the card fires once per food-receiving action."""
    s = _pirate_then_take({"pair_trigger_reset": "action"})
    s, _ = play(s, Pirate(1, 3, "red"))
    assert tokens(s, 2) == (0, 1, 0)
    s, ev = apply(s, TakeFood(1))
    assert tokens(s, 1) == (2, 0, 0)
    assert tokens(s, 2) == (0, 2, 0)
    assert len(fired(ev)) == 1


def test_pair_trigger_reset_action_still_fires_once_within_a_chain():
    """§7.5, pair_trigger_reset='action': never the same card twice within one action's chain."""
    s = pos({"options": {"pair_trigger_reset": "action"}, "food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["high_body_weight"]},
        {"id": 2, "owner": 0, "traits": ["high_body_weight"]},
        {"id": 3, "owner": 0, "traits": ["high_body_weight"]},
        {"id": 4, "owner": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]},
                  {"trait": "cooperation", "animals": [2, 3]}]})
    s, ev = apply(s, TakeFood(1))
    assert [tokens(s, i) for i in (1, 2, 3)] == [(1, 0, 0), (0, 1, 0), (0, 1, 0)]
    assert len(fired(ev)) == 2


@pytest.mark.parametrize("trait, colour_index", [("communication", 0), ("cooperation", 1)])
def test_pair_card_fires_again_in_next_round(trait, colour_index):
    """§7.5: once the next feeding round begins, the card may fire again."""
    s = pos({"food_bank": 10, "animals": [
        {"id": 1, "owner": 0, "traits": ["parasite"]},
        {"id": 2, "owner": 0, "traits": ["parasite"]},
        {"id": 3, "owner": 1, "traits": ["parasite"]}],
        "links": [{"trait": trait, "animals": [1, 2]}]})
    s, ev1 = apply(s, TakeFood(1))
    assert s.round == 1 and to_move(s) == 1
    s, _ = apply(s, TakeFood(3))
    assert s.round == 2 and to_move(s) == 0
    s, ev2 = apply(s, TakeFood(1))
    assert len(fired(ev1)) == 1 and len(fired(ev2)) == 1
    assert tokens(s, 1) == (2, 0, 0)
    assert tokens(s, 2)[colour_index] == 2


def _scavenger_case(options=None):
    """Seat 0: Scavenger 1 linked by Cooperation to 2; seat 1: carnivore 3 and prey 4 (no Scavenger)."""
    return pos({"options": options or {}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["scavenger", "parasite"]},
        {"id": 2, "owner": 0, "traits": ["parasite"]},
        {"id": 3, "owner": 1, "traits": ["carnivorous"]},
        {"id": 4, "owner": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]}]})


def test_pair_card_fired_on_own_move_not_again_for_scavenger_token_same_round():
    """§14.27: a card that fired on its owner's move does not fire again this round for a Scavenger token."""
    s = _scavenger_case()
    s, _ = apply(s, TakeFood(1))
    assert tokens(s, 2) == (0, 1, 0)
    assert to_move(s) == 1 and s.round == 1
    s, ev = apply(s, Attack(3, 4))
    assert 4 not in s.animals
    assert of_type(ev, Scavenged) == [Scavenged(1)]
    assert tokens(s, 1) == (1, 1, 0)
    assert tokens(s, 2) == (0, 1, 0)
    assert fired(ev) == []


def test_pair_trigger_reset_action_fires_again_for_scavenger_token():
    """§7.5, pair_trigger_reset='action': a Scavenger award is a new action, so the card fires again."""
    s = _scavenger_case({"pair_trigger_reset": "action"})
    s, _ = play(s, TakeFood(1), Attack(3, 4))
    assert tokens(s, 1) == (1, 1, 0)
    assert tokens(s, 2) == (0, 2, 0)


def test_fed_scavenger_with_empty_fat_slot_gets_token_as_fat_and_triggers_cooperation():
    """README q.10/q.11, §10.4/§10.15: a fed Scavenger with fat room is eligible; the fat token fires Cooperation."""
    s = pos({"current": 1, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["scavenger", "fat_tissue"], "food": 1},
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 1, "traits": ["carnivorous"]},
        {"id": 4, "owner": 1},
        {"id": 5, "owner": 1, "traits": ["scavenger"], "food": 1}],      # killer's owner first, but no room
        "links": [{"trait": "cooperation", "animals": [1, 2]}]})
    s, ev = apply(s, Attack(3, 4))
    assert of_type(ev, Scavenged) == [Scavenged(1)]
    assert tokens(s, 1) == (1, 0, 1)
    assert tokens(s, 5) == (1, 0, 0)
    assert tokens(s, 2) == (0, 1, 0)
    assert (1, "blue", "scavenger", True) in food_taken(ev)


def test_pair_triggers_optional_lets_owner_decline():
    """§7.5, option pair_triggers_optional=True: Resolve(link, fire=False) declines the trigger."""
    s = pos({"options": {"pair_triggers_optional": True}, "food_bank": 3, "animals": [
        {"owner": 0}, {"owner": 0}, {"owner": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]}]})
    l = link_of(s, 1, 2, "cooperation")
    s, _ = apply(s, TakeFood(1))
    assert to_move(s) == 0
    assert set(legal_actions(s)) == {Resolve(l, True), Resolve(l, False)}
    assert rule_of(s, EndMove()) == "origin.triggers.order"
    s, ev = apply(s, Resolve(l, fire=False))
    assert tokens(s, 2) == (0, 0, 0)
    assert fired(ev) == []


def test_pair_triggers_optional_owner_may_accept():
    """§7.5, option pair_triggers_optional=True: Resolve(link) fires the trigger."""
    s = pos({"options": {"pair_triggers_optional": True}, "food_bank": 3, "animals": [
        {"owner": 0}, {"owner": 0}, {"owner": 1}],
        "links": [{"trait": "communication", "animals": [1, 2]}]})
    l = link_of(s, 1, 2, "communication")
    s, _ = apply(s, TakeFood(1))
    s, ev = apply(s, Resolve(l))
    assert tokens(s, 2) == (1, 0, 0)
    assert s.food_bank == 1


def test_pair_triggers_compulsory_by_default():
    """§7.5 (RULING, README q.2): by default a trigger fires without asking and cannot be declined."""
    s = pos({"food_bank": 3, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 0}, {"owner": 1}],
             "links": [{"trait": "cooperation", "animals": [1, 2]},
                       {"trait": "cooperation", "animals": [1, 3]}]})
    l2, l3 = link_of(s, 1, 2, "cooperation"), link_of(s, 1, 3, "cooperation")
    s, _ = apply(s, TakeFood(1))
    assert set(legal_actions(s)) == {Resolve(l2), Resolve(l3)}
    assert rule_of(s, Resolve(l2, fire=False)) == "origin.triggers.compulsory"


@pytest.mark.parametrize("chosen, other", [(2, 3), (3, 2)])
def test_owner_chooses_order_of_pending_triggers(chosen, other):
    """§7.5: the owner orders his pending triggers: with 1 red left, the partner resolved first gets it."""
    s = pos({"food_bank": 2, "animals": [
        {"id": 1, "owner": 0}, {"id": 2, "owner": 0}, {"id": 3, "owner": 0},
        {"id": 4, "owner": 1, "traits": ["fat_tissue"], "fat": 1}],   # seat 1 can still act: feeding goes on
             "links": [{"trait": "communication", "animals": [1, 2]},
                       {"trait": "communication", "animals": [1, 3]}]})
    s, _ = apply(s, TakeFood(1))
    assert s.food_bank == 1
    assert to_move(s) == 0
    links = {x: link_of(s, 1, x, "communication") for x in (2, 3)}
    assert set(legal_actions(s)) == {Resolve(links[2]), Resolve(links[3])}
    assert rule_of(s, TakeFood(2)) == "origin.triggers.order"
    s, ev = apply(s, Resolve(links[chosen]))
    assert s.food_bank == 0
    assert tokens(s, chosen) == (1, 0, 0)
    assert tokens(s, other) == (0, 0, 0)
    assert fired(ev) == [(links[chosen], "communication", 1, chosen)]


@pytest.mark.parametrize("protector_first", [True, False])
def test_trigger_order_lets_protected_animal_feed_after_its_protector(protector_first):
    """§7.5 (seed 004 example): resolve the protector's Cooperation first and the protected one can feed."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["high_body_weight"]},
        {"id": 2, "owner": 0},                 # protector
        {"id": 3, "owner": 0},                 # protected
        {"id": 4, "owner": 1}],
        "links": [{"trait": "symbiosis", "protector": 2, "protected": 3},
                  {"trait": "cooperation", "animals": [1, 2]},
                  {"trait": "cooperation", "animals": [1, 3]}]})
    to2, to3 = link_of(s, 1, 2, "cooperation"), link_of(s, 1, 3, "cooperation")
    s, _ = apply(s, TakeFood(1))
    order = (to2, to3) if protector_first else (to3, to2)
    s, _ = apply(s, Resolve(order[0]))
    if s.pending:
        s, _ = apply(s, Resolve(order[1]))
    assert tokens(s, 2) == (0, 1, 0)
    assert tokens(s, 3) == ((0, 1, 0) if protector_first else (0, 0, 0))


# ---- §7.5 a trigger pending from each side of one card --------------------------------------------
PAIR_OPTIONS = [{}, {"pair_trigger_reset": "action"}, {"pair_triggers_optional": True},
                {"pair_triggers_optional": True, "pair_trigger_reset": "action"}]


def _both_links(options, need1=None):
    """Seat 0: animal 1 (need 1, or 2 with ``need1``) and animal 2 (need 2), linked by Communication and by
    Cooperation; seat 1's animal 3 keeps the feeding phase going."""
    return pos({"options": options, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": [need1] if need1 else []},
        {"id": 2, "owner": 0, "traits": ["high_body_weight"]},
        {"id": 3, "owner": 1, "traits": ["high_body_weight"]}],
        "links": [{"trait": "communication", "animals": [1, 2]}, {"trait": "cooperation", "animals": [1, 2]}]})


def _resolve_rest(s):
    """Fire every trigger still waiting (an optional one is offered singly, without a source)."""
    events = []
    while s.pending:
        (choice,) = [a for a in legal_actions(s) if a.fire]
        s, ev = apply(s, choice)
        events.extend(ev)
    return s, events


@pytest.mark.parametrize("options", PAIR_OPTIONS)
def test_pair_card_return_trigger_is_queued(options):
    """§7.5 (2026-12-01), the reported position: animal 2 takes red with Communication and Cooperation both
    linking it to animal 1 (need 1); Communication makes animal 1 take red, and the Cooperation trigger from
    animal 1 back to animal 2 is queued although the card's trigger from animal 2 is still waiting: animal
    2 ends with its blue token, whatever order the owner then picks (here the first offered each time)."""
    s = _both_links(options)
    s, _ = play(s, TakeFood(2), Resolve(link_of(s, 1, 2, "communication")))
    while s.pending:
        s, _ = apply(s, next(a for a in legal_actions(s) if a.fire))
    assert tokens(s, 1) == (1, 0, 0) and tokens(s, 2) == (1, 1, 0)


@pytest.mark.parametrize("options", PAIR_OPTIONS)
@pytest.mark.parametrize("first", [1, 2])
def test_pair_card_trigger_from_each_side_partner_gets_blue(options, first):
    """§7.5 (2026-12-01): animal 2 takes red; its Communication token makes animal 1 take red, which fires the
    Cooperation card back towards animal 2 while the card's trigger from animal 2 (towards the now fed
    animal 1) is still waiting. Both are queued; whichever the owner resolves first, the one towards the fed
    animal cannot deliver and does not count, so animal 2 gets its blue token."""
    s = _both_links(options)
    com, coop = link_of(s, 1, 2, "communication"), link_of(s, 1, 2, "cooperation")
    s, ev = apply(s, TakeFood(2))
    assert {a for a in legal_actions(s) if a.fire} == {Resolve(com), Resolve(coop)}
    s, ev1 = apply(s, Resolve(com))
    assert tokens(s, 1) == (1, 0, 0)
    choices = {a for a in legal_actions(s) if a.fire}
    assert choices == {Resolve(coop, True, 2), Resolve(coop, True, 1)}
    assert rule_of(s, Resolve(coop)) == "origin.triggers.order"          # which side must be named
    s, ev2 = apply(s, Resolve(coop, True, first))
    s, ev3 = _resolve_rest(s)
    assert tokens(s, 2) == (1, 1, 0) and tokens(s, 1) == (1, 0, 0)
    assert fired(ev + ev1 + ev2 + ev3) == [(com, "communication", 2, 1), (coop, "cooperation", 1, 2)]
    assert s.food_bank == 3 and not s.pending


@pytest.mark.parametrize("options", PAIR_OPTIONS)
@pytest.mark.parametrize("first, gets", [(2, 1), (1, 2)])
def test_pair_card_trigger_from_each_side_first_delivery_is_the_firing(options, first, gets):
    """§7.5: when both of a card's pending triggers could deliver, the owner chooses; the first that delivers
    is the card's firing for the round and the other is dropped (never offered again)."""
    s = _both_links(options, need1="high_body_weight")
    com, coop = link_of(s, 1, 2, "communication"), link_of(s, 1, 2, "cooperation")
    s, _ = play(s, TakeFood(2), Resolve(com))
    assert {a for a in legal_actions(s) if a.fire} == {Resolve(coop, True, 2), Resolve(coop, True, 1)}
    assert action_label(s, Resolve(coop, True, first)) == f"Resolve Cooperation (card #{coop}) to #{gets} now"
    s, ev = apply(s, Resolve(coop, True, first))
    assert not s.pending and fired(ev) == [(coop, "cooperation", first, gets)]
    assert tokens(s, gets) == (1, 1, 0) and tokens(s, first) == (1, 0, 0)
    assert to_move(s) == 1                          # nothing left to decide: the move is over


@pytest.mark.parametrize("declined, gets_blue", [(1, False), (2, True)])
def test_pair_triggers_optional_decline_one_side(declined, gets_blue):
    """§7.5 with pair_triggers_optional: declining one side's trigger is not a firing; the other side's
    trigger is then offered on its own (without a source)."""
    s = _both_links({"pair_triggers_optional": True})
    com, coop = link_of(s, 1, 2, "communication"), link_of(s, 1, 2, "cooperation")
    s, _ = play(s, TakeFood(2), Resolve(com))
    assert set(legal_actions(s)) == {Resolve(coop, f, x) for f in (True, False) for x in (1, 2)}
    s, _ = apply(s, Resolve(coop, False, declined))
    assert set(legal_actions(s)) == {Resolve(coop), Resolve(coop, False)}
    assert rule_of(s, Resolve(coop, True, 3 - declined)) == "origin.triggers.order"
    s, _ = apply(s, Resolve(coop))
    assert tokens(s, 2) == ((1, 1, 0) if gets_blue else (1, 0, 0))


# ---- §10.5 Symbiosis -----------------------------------------------------------------------------
def test_symbiosis_protected_animal_cannot_take_food_while_protector_unfed():
    """§7.1/§10.5: the protected animal cannot receive food until its protector is fed."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 0}, {"id": 3, "owner": 1}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    assert rule_of(s, TakeFood(2)) == "origin.symbiosis"
    assert TakeFood(2) not in legal_actions(s)
    assert TakeFood(1) in legal_actions(s)


def test_symbiosis_protected_animal_can_eat_once_protector_is_fed():
    """§10.5: once the protector is fed the protected animal may take food."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "food": 1}, {"id": 2, "owner": 0},
                                         {"id": 3, "owner": 1}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    assert rule_of(s, TakeFood(2)) is None
    s, _ = apply(s, TakeFood(2))
    assert tokens(s, 2) == (1, 0, 0)


def test_symbiosis_protector_feeding_unlocks_protected_in_next_move():
    """§10.5: the protector is fed on one move; the protected animal eats on a later move."""
    s = pos({"food_bank": 5, "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 0},
                                         {"id": 3, "owner": 1, "traits": ["parasite"]}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    s, _ = play(s, TakeFood(1), TakeFood(3))
    assert to_move(s) == 0
    assert rule_of(s, TakeFood(2)) is None
    s, _ = apply(s, TakeFood(2))
    assert tokens(s, 2) == (1, 0, 0)


def test_symbiosis_protector_with_only_fat_is_not_fed():
    """§10.5/§10.17: yellow tokens do not make the protector fed, so the protected animal still cannot eat."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "traits": ["fat_tissue"], "fat": 1},
                                         {"id": 2, "owner": 0}, {"id": 3, "owner": 1}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    assert rule_of(s, TakeFood(2)) == "origin.symbiosis"


def test_symbiosis_hibernating_protector_counts_as_fed():
    """§7.1/§10.5/§10.14: a hibernating protector counts as fed, so the protected animal may eat."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "traits": ["hibernation"], "hibernating": True},
                                         {"id": 2, "owner": 0}, {"id": 3, "owner": 1}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    assert rule_of(s, TakeFood(2)) is None


def test_symbiosis_protected_pirate_of_unfed_protector_cannot_steal():
    """§10.6: the pirate must be able to receive food; a protected animal of an unfed protector cannot."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 0, "traits": ["piracy"]},
                                         {"id": 3, "owner": 1, "traits": ["high_body_weight"], "red": 1}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    assert rule_of(s, Pirate(2, 3, "red")) == "origin.piracy.pirate-fed"


def test_symbiosis_protected_animal_gets_no_cooperation_token_while_protector_unfed():
    """§10.5: the protected animal cannot receive red or blue tokens from any source until its protector is fed."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 0}, {"id": 3, "owner": 0},
                                         {"id": 4, "owner": 1}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2},
                       {"trait": "cooperation", "animals": [2, 3]}]})
    s, ev = apply(s, TakeFood(3))
    assert tokens(s, 2) == (0, 0, 0)
    assert fired(ev) == []


def test_symbiosis_protected_animal_takes_no_communication_token_while_protector_unfed():
    """§7.1/§10.5: Communication does not move a red token to a protected animal of an unfed protector."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 0}, {"id": 3, "owner": 0},
                                         {"id": 4, "owner": 1}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2},
                       {"trait": "communication", "animals": [2, 3]}]})
    s, _ = apply(s, TakeFood(3))
    assert tokens(s, 2) == (0, 0, 0)
    assert s.food_bank == 2


# ---- §10.6 Piracy --------------------------------------------------------------------------------
@pytest.mark.parametrize("colour", ["red", "blue"])
def test_piracy_steals_a_token_from_unfed_animal(colour):
    """§10.6: the pirate takes one red or blue token from another unfed animal."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy"]},
        {"id": 2, "owner": 1, "traits": ["high_body_weight"], colour: 1}]})
    s, ev = apply(s, Pirate(1, 2, colour))
    want = (1, 0, 0) if colour == "red" else (0, 1, 0)
    assert tokens(s, 1) == want
    assert tokens(s, 2) == (0, 0, 0)
    assert s.food_bank == 3
    assert of_type(ev, Pirated) == [Pirated(1, 2, colour)]
    assert food_taken(ev) == [(1, colour, "piracy", False)]


def test_piracy_is_a_free_action_alongside_take_food():
    """§7.4: Piracy is a free action; the same move may still take food."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy", "parasite"]},
        {"id": 2, "owner": 1, "traits": ["high_body_weight"], "red": 1}]})
    s, _ = play(s, Pirate(1, 2, "red"), TakeFood(1))
    assert tokens(s, 1) == (2, 0, 0)
    assert s.food_bank == 2


def test_piracy_once_per_turn():
    """§10.6 (SOLID): each Piracy animal steals at most once per turn, also in later rounds."""
    s = pos({"food_bank": 10, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy", "parasite"]},
        {"id": 2, "owner": 1, "traits": ["parasite"], "red": 1},
        {"id": 3, "owner": 1, "traits": ["parasite"], "red": 1}]})
    s, _ = apply(s, Pirate(1, 2, "red"))
    assert rule_of(s, Pirate(1, 3, "red")) == "origin.piracy.once-per-turn"
    s, _ = play(s, TakeFood(1), TakeFood(2))
    assert s.round == 2 and to_move(s) == 0
    assert rule_of(s, Pirate(1, 3, "red")) == "origin.piracy.once-per-turn"
    assert not any(isinstance(a, Pirate) for a in legal_actions(s))


def test_piracy_pirate_must_be_unfed():
    """§10.6, README q.8: a fed pirate may not steal, even with an empty Fat Tissue slot."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy", "fat_tissue"], "food": 1},
        {"id": 2, "owner": 1, "traits": ["high_body_weight"], "red": 1}]})
    assert to_move(s) == 0
    assert rule_of(s, Pirate(1, 2, "red")) == "origin.piracy.pirate-fed"
    assert not any(isinstance(a, Pirate) for a in legal_actions(s))


def test_piracy_victim_must_be_unfed():
    """§10.6: the victim must not be fed."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy"]},
        {"id": 2, "owner": 1, "red": 1},
        {"id": 3, "owner": 1, "traits": ["carnivorous"], "blue": 2}]})
    assert rule_of(s, Pirate(1, 2, "red")) == "origin.piracy.victim-fed"
    assert rule_of(s, Pirate(1, 3, "blue")) == "origin.piracy.victim-fed"


@pytest.mark.parametrize("colour", ["red", "blue"])
def test_piracy_against_animal_with_only_yellow_tokens_is_illegal(colour):
    """§14.19: yellow fat is not food; an animal with only yellow tokens cannot be robbed."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy"]},
        {"id": 2, "owner": 1, "traits": ["fat_tissue", "fat_tissue"], "fat": 2}]})
    assert rule_of(s, Pirate(1, 2, colour)) == "origin.piracy.no-token"
    assert not any(isinstance(a, Pirate) for a in legal_actions(s))


def test_piracy_needs_the_named_colour():
    """§10.6: the stolen token must be of a colour the victim holds."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy"]},
        {"id": 2, "owner": 1, "traits": ["high_body_weight"], "blue": 1}]})
    assert rule_of(s, Pirate(1, 2, "red")) == "origin.piracy.no-token"
    assert rule_of(s, Pirate(1, 2, "blue")) is None


def test_piracy_may_rob_own_animal():
    """§10.6: the victim may be any other animal of any player, own animals included."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy"]},
        {"id": 2, "owner": 0, "traits": ["high_body_weight"], "red": 1},
        {"id": 3, "owner": 1}]})
    s, _ = apply(s, Pirate(1, 2, "red"))
    assert tokens(s, 1) == (1, 0, 0) and tokens(s, 2) == (0, 0, 0)


def test_piracy_ignores_the_victims_defensive_traits():
    """§10.6: Piracy ignores every defensive trait of the victim."""
    s = pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy"]},
        {"id": 2, "owner": 1, "red": 1,
         "traits": ["camouflage", "swimming", "high_body_weight", "running", "mimicry", "tail_loss", "burrowing"]},
        {"id": 3, "owner": 1, "traits": ["high_body_weight"], "blue": 1},
        {"id": 4, "owner": 1}],
        "links": [{"trait": "symbiosis", "protector": 4, "protected": 3}]})
    assert rule_of(s, Pirate(1, 2, "red")) is None
    assert rule_of(s, Pirate(1, 3, "blue")) is None


def test_piracy_triggers_pirates_cooperation_but_not_communication():
    """§10.6: the stolen token triggers the pirate's Cooperation, not its Communication."""
    s = pos({"food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy", "high_body_weight"]},
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 0},
        {"id": 4, "owner": 1, "traits": ["high_body_weight"], "red": 1}],
        "links": [{"trait": "communication", "animals": [1, 2]},
                  {"trait": "cooperation", "animals": [1, 3]}]})
    coop = link_of(s, 1, 3, "cooperation")
    s, ev = apply(s, Pirate(1, 4, "red"))
    assert tokens(s, 1) == (1, 0, 0)
    assert tokens(s, 3) == (0, 1, 0)
    assert tokens(s, 2) == (0, 0, 0)
    assert s.food_bank == 5
    assert fired(ev) == [(coop, "cooperation", 1, 3)]


# ---- §10.11 Grazing ------------------------------------------------------------------------------
def test_grazing_destroys_one_red_token():
    """§10.11: Grazing destroys one red token of the food bank; the grazer gets nothing."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "traits": ["grazing"]}, {"id": 2, "owner": 1}]})
    s, ev = apply(s, Graze(1))
    assert s.food_bank == 2
    assert tokens(s, 1) == (0, 0, 0)
    assert of_type(ev, Grazed) == [Grazed(1)]
    assert not of_type(ev, FoodTaken)
    assert to_move(s) == 0
    s, _ = apply(s, TakeFood(1))            # Grazing is a free action: the main action is still open
    assert s.food_bank == 1 and tokens(s, 1) == (1, 0, 0)


def test_grazing_once_per_round_per_grazing_animal():
    """§10.11 (default grazing_limit='per_round'): each Grazing animal grazes once per round."""
    s = pos({"food_bank": 10, "animals": [
        {"id": 1, "owner": 0, "traits": ["grazing", "parasite"]},
        {"id": 2, "owner": 0, "traits": ["grazing"]},
        {"id": 3, "owner": 1, "traits": ["parasite"]}]})
    s, _ = apply(s, Graze(1))
    assert rule_of(s, Graze(1)) == "origin.grazing.limit"
    s, _ = apply(s, Graze(2))               # another Grazing animal has its own limit
    assert s.food_bank == 8
    s, _ = play(s, TakeFood(1), TakeFood(3))
    assert s.round == 2 and to_move(s) == 0
    assert rule_of(s, Graze(1)) is None
    s, _ = apply(s, Graze(1))
    assert s.food_bank == 5


def test_grazing_limit_per_turn():
    """§10.11, option grazing_limit='per_turn': a Grazing animal grazes once in the whole turn."""
    s = pos({"options": {"grazing_limit": "per_turn"}, "food_bank": 10, "animals": [
        {"id": 1, "owner": 0, "traits": ["grazing", "parasite"]},
        {"id": 2, "owner": 1, "traits": ["parasite"]}]})
    s, _ = play(s, Graze(1), TakeFood(1), TakeFood(2))
    assert s.round == 2 and to_move(s) == 0
    assert rule_of(s, Graze(1)) == "origin.grazing.limit"
    assert Graze(1) not in legal_actions(s)


def test_grazing_with_empty_food_bank_is_illegal():
    """§10.11: there is nothing to destroy in an empty food bank."""
    s = pos({"food_bank": 0, "animals": [
        {"id": 1, "owner": 0, "traits": ["grazing", "fat_tissue"], "fat": 1}, {"id": 2, "owner": 1}]})
    assert to_move(s) == 0
    assert rule_of(s, Graze(1)) == "origin.grazing.empty"


# ---- §10.14 Hibernation --------------------------------------------------------------------------
def test_hibernating_animal_counts_as_fed_and_survives_extinction():
    """§10.14/§9.1: a hibernating animal counts as fed and survives; an unfed one dies."""
    s = pos({"food_bank": 1, "deck": 0, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation"]},
        {"id": 2, "owner": 1, "traits": ["high_body_weight"]},
        {"id": 3, "owner": 1}]})
    s, ev = apply(s, Hibernate(1))
    assert of_type(ev, Hibernated) == [Hibernated(1)]
    assert s.animals[1].hibernating and s.animals[1].is_fed()
    assert tokens(s, 1) == (0, 0, 0)
    s, ev = play(s, TakeFood(2))            # seat 1 takes the last token: nobody can act, feeding ends
    assert s.turn == 2
    assert 1 in s.animals
    assert [(e.animal, e.cause) for e in of_type(ev, Died)] == [(2, "starved"), (3, "starved")]


def test_hibernating_animal_cannot_take_or_receive_food():
    """§10.14 (RULING): while hibernating an animal cannot receive any token."""
    s = pos({"food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation", "fat_tissue"], "hibernating": True},
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]}]})
    assert rule_of(s, TakeFood(1)) == "origin.hibernation"
    assert TakeFood(1) not in legal_actions(s)
    s, ev = apply(s, TakeFood(2))
    assert tokens(s, 1) == (0, 0, 0)
    assert fired(ev) == []


def test_hibernating_carnivore_cannot_attack():
    """§10.14/§14.14: a hibernating carnivore cannot attack."""
    s = pos({"food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation:hibernation/carnivorous",
                                        "carnivorous:poisonous/carnivorous"], "hibernating": True},
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 1}]})
    assert rule_of(s, Attack(1, 3)) == "origin.hibernation"
    assert not any(isinstance(a, Attack) for a in legal_actions(s))


def test_hibernation_not_in_two_consecutive_turns():
    """§10.14/§14.15: an animal that hibernated last turn may not hibernate this turn."""
    s = pos({"turn": 3, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation"], "hibernated_turn": 2}, {"id": 2, "owner": 1}]})
    assert rule_of(s, Hibernate(1)) == "origin.hibernation.consecutive"
    assert Hibernate(1) not in legal_actions(s)


def test_hibernation_allowed_again_two_turns_later():
    """§14.15: hibernating forbids it for that animal in the next turn only."""
    s = pos({"turn": 3, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation"], "hibernated_turn": 1}, {"id": 2, "owner": 1}]})
    assert rule_of(s, Hibernate(1)) is None


def test_hibernation_barred_next_turn_through_play():
    """§10.14/§9.5: after hibernating in turn 1, the animal cannot hibernate in turn 2."""
    s = pos({"food_bank": 2, "deck": 12, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation"]},
        {"id": 2, "owner": 1}]})
    s, _ = play(s, Hibernate(1), TakeFood(2))
    assert s.phase != "feeding" and 1 in s.animals
    s = to_next_feeding(s)
    assert s.turn == 2 and not s.last_turn
    assert not s.animals[1].hibernating
    if to_move(s) == 1:                     # seat 1 is first player in turn 2
        s, _ = apply(s, TakeFood(2))
    assert to_move(s) == 0
    assert rule_of(s, Hibernate(1)) == "origin.hibernation.consecutive"
    assert rule_of(s, TakeFood(1)) is None


def test_hibernation_never_in_the_last_turn():
    """§10.14/§11.1: Hibernation cannot be used in the last turn."""
    s = pos({"last_turn": True, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation"]}, {"id": 2, "owner": 1}]})
    assert rule_of(s, Hibernate(1)) == "origin.hibernation.last-turn"
    assert Hibernate(1) not in legal_actions(s)


def test_hibernation_illegal_for_fed_animal():
    """§14.15: a fed animal may not hibernate, even with an empty Fat Tissue slot (default)."""
    s = pos({"food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation", "fat_tissue"], "food": 1},
        {"id": 2, "owner": 1}]})
    assert rule_of(s, Hibernate(1)) == "origin.hibernation.fed"
    assert Hibernate(1) not in legal_actions(s)


def test_hibernate_with_fat_room_option_allows_fed_animal_with_empty_slot():
    """§10.14, option hibernate_with_fat_room=True: a fed animal with an empty Fat Tissue slot may hibernate."""
    s = pos({"options": {"hibernate_with_fat_room": True}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation", "fat_tissue"], "food": 1},
        {"id": 2, "owner": 0, "traits": ["hibernation", "fat_tissue"], "food": 1, "fat": 1},
        {"id": 3, "owner": 0},
        {"id": 4, "owner": 1}]})
    assert rule_of(s, Hibernate(1)) is None
    assert rule_of(s, Hibernate(2)) == "origin.hibernation.fed"   # no empty slot: still fed
    s, _ = apply(s, Hibernate(1))
    assert s.animals[1].hibernating
    assert rule_of(s, TakeFood(1)) == "origin.hibernation"       # asleep, it no longer stores fat


def test_hibernation_is_a_free_action():
    """§7.4: Hibernation is a free action; the move's main action is still open afterwards."""
    s = pos({"food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["hibernation"]},
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 1}]})
    s, _ = apply(s, Hibernate(1))
    assert to_move(s) == 0
    s, _ = apply(s, TakeFood(2))
    assert tokens(s, 2) == (1, 0, 0)


# ---- §7.6 end of feeding -------------------------------------------------------------------------
def test_full_circuit_of_passes_ends_feeding_and_removes_leftover_food():
    """§7.6: a whole circuit of passes ends feeding; red tokens left in the bank are removed."""
    s = pos({"food_bank": 4, "deck": 0, "animals": [
        {"id": 1, "owner": 0, "food": 1, "traits": ["fat_tissue"]},
        {"id": 2, "owner": 1, "food": 1, "traits": ["fat_tissue"]}]})
    s, ev = apply(s, EndMove())
    assert of_type(ev, Passed) == [Passed(0, "feeding")]
    assert s.phase == "feeding" and to_move(s) == 1 and s.food_bank == 4
    s, ev = apply(s, EndMove())
    assert Passed(1, "feeding") in ev
    assert PhaseStarted(1, "extinction") in ev
    assert s.phase != "feeding"
    assert s.food_bank == 0
    assert not of_type(ev, Died)


def test_leftover_food_removed_when_nobody_can_act():
    """§7.6: feeding also ends when no player has any action left; leftover red tokens are removed."""
    s = pos({"food_bank": 3, "deck": 0, "animals": [
        {"id": 1, "owner": 0}, {"id": 2, "owner": 1, "food": 1}]})
    s, ev = apply(s, TakeFood(1))
    assert PhaseStarted(1, "extinction") in ev
    assert s.food_bank == 0
    assert s.turn == 2


def test_pass_is_not_final_by_default():
    """§7.2, README q.1: a player who passed may act again later in the phase when someone else acted."""
    s = pos({"food_bank": 5, "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1, "traits": ["parasite"]}]})
    s, ev = apply(s, EndMove())
    assert of_type(ev, Passed) == [Passed(0, "feeding")]
    s, ev = apply(s, TakeFood(2))
    assert s.phase == "feeding" and to_move(s) == 0 and s.round == 2
    assert rule_of(s, TakeFood(1)) is None
    s, _ = apply(s, TakeFood(1))
    assert tokens(s, 1) == (1, 0, 0)


def test_feeding_ends_only_after_every_player_passes_in_a_row():
    """§7.6: with three players, two passes and an action do not end feeding; three passes in a row do."""
    s = pos({"players": 3, "food_bank": 6, "animals": [
        {"id": 1, "owner": 0}, {"id": 2, "owner": 1}, {"id": 3, "owner": 2, "traits": ["parasite"]}]})
    s, _ = play(s, EndMove(), EndMove(), TakeFood(3))
    assert s.phase == "feeding" and to_move(s) == 0
    s, ev = play(s, EndMove(), EndMove())
    assert s.phase == "feeding" and to_move(s) == 2
    s, ev = apply(s, EndMove())
    assert PhaseStarted(1, "extinction") in ev
    assert s.food_bank == 0


def test_move_with_only_a_free_action_is_not_a_pass():
    """§7.2/§7.6: ending a move after a free action is not a pass, so it does not count toward the circuit."""
    s = pos({"food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["grazing"]},
        {"id": 2, "owner": 1, "food": 1, "traits": ["fat_tissue"]}]})
    s, ev = play(s, Graze(1), EndMove())        # seat 0 could still take food, but ends the move
    assert not of_type(ev, Passed)
    s, ev = apply(s, EndMove())                 # seat 1 passes
    assert of_type(ev, Passed) == [Passed(1, "feeding")]
    assert s.phase == "feeding" and to_move(s) == 0
    s, ev = apply(s, EndMove())                 # seat 0 passes too: now a full circuit of passes
    assert PhaseStarted(1, "extinction") in ev


def test_feeding_pass_is_final_option_bars_skipped_actions():
    """§7.2, option feeding_pass_is_final=True: actions open at a pass stay barred; new ones are open."""
    s = pos({"options": {"feeding_pass_is_final": True}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["piracy"]},
        {"id": 2, "owner": 1, "traits": ["high_body_weight"]}]})
    s, _ = apply(s, EndMove())                  # seat 0 passes with TakeFood(1) on offer
    s, _ = apply(s, TakeFood(2))                # seat 1's animal now holds a red token: Piracy opens
    assert to_move(s) == 0
    assert rule_of(s, TakeFood(1)) == "origin.feeding.pass-is-final"
    assert TakeFood(1) not in legal_actions(s)
    assert rule_of(s, Pirate(1, 2, "red")) is None


def test_feeding_pass_is_final_option_skips_a_seat_with_only_barred_actions():
    """§7.2/§7.6, feeding_pass_is_final=True: a player whose actions are all barred gets no more moves."""
    s = pos({"options": {"feeding_pass_is_final": True}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0}, {"id": 2, "owner": 1, "traits": ["parasite"]}]})
    s, _ = play(s, EndMove(), TakeFood(2))
    assert s.phase == "feeding" and to_move(s) == 1
    assert tokens(s, 1) == (0, 0, 0)


def test_auto_take_food_on_pass_option_feeds_first_animal_in_table_order():
    """§7.2, option auto_take_food_on_pass=True: a move without eating takes a red token for the first animal."""
    s = pos({"options": {"auto_take_food_on_pass": True}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "food": 1},                 # fed, no fat room: skipped
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 0},
        {"id": 4, "owner": 0},
        {"id": 5, "owner": 1, "traits": ["parasite"]}],
        "links": [{"trait": "cooperation", "animals": [2, 3]}]})
    s, ev = apply(s, EndMove())
    assert not of_type(ev, Passed)
    assert tokens(s, 2) == (1, 0, 0)
    assert tokens(s, 3) == (0, 1, 0)            # its pair traits fire as usual
    assert tokens(s, 4) == (0, 0, 0)
    assert s.food_bank == 4
    assert to_move(s) == 1


def test_auto_take_food_on_pass_stores_fat_on_fed_first_animal():
    """§7.2, auto_take_food_on_pass=True: a fed first animal with an empty Fat Tissue slot stores the token as fat."""
    s = pos({"options": {"auto_take_food_on_pass": True}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "food": 1, "traits": ["fat_tissue"]},
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 1, "traits": ["parasite"]}]})
    s, ev = apply(s, EndMove())
    assert tokens(s, 1) == (1, 0, 1)
    assert tokens(s, 2) == (0, 0, 0)
    assert food_taken(ev) == [(1, "red", "food_bank", True)]


def test_auto_take_food_on_pass_not_after_eating():
    """§7.2, auto_take_food_on_pass=True: a move that already took food gets no second token."""
    s = pos({"options": {"auto_take_food_on_pass": True}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["grazing"]},
        {"id": 2, "owner": 0},
        {"id": 3, "owner": 1, "traits": ["parasite"]}]})
    s, _ = play(s, TakeFood(1), EndMove())
    assert tokens(s, 1) == (1, 0, 0) and tokens(s, 2) == (0, 0, 0)
    assert s.food_bank == 4


def test_auto_take_move_is_not_a_final_pass_with_both_evo2_options():
    """§7.2: with both evo2 options, a move that ends in an automatic take is not a pass and bars nothing."""
    s = pos({"options": {"auto_take_food_on_pass": True, "feeding_pass_is_final": True}, "food_bank": 5,
             "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 0},
                         {"id": 3, "owner": 1, "traits": ["parasite"]}]})
    s, _ = apply(s, EndMove())                  # automatic take for animal 1
    assert tokens(s, 1) == (1, 0, 0)
    s, _ = apply(s, TakeFood(3))
    assert to_move(s) == 0
    assert rule_of(s, TakeFood(2)) is None


def test_feeding_pass_is_final_does_not_apply_to_a_move_with_a_free_action():
    """§7.2, feeding_pass_is_final=True: a move with a free action is not a pass and bars nothing."""
    s = pos({"options": {"feeding_pass_is_final": True}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["grazing"]},
        {"id": 2, "owner": 1, "traits": ["parasite"]}]})
    s, _ = play(s, Graze(1), EndMove(), TakeFood(2))
    assert to_move(s) == 0
    assert rule_of(s, TakeFood(1)) is None


def test_auto_take_food_on_pass_applies_after_free_actions_only():
    """§7.2/§7.4, auto_take_food_on_pass=True: a move with only free actions still ends with the automatic take."""
    s = pos({"options": {"auto_take_food_on_pass": True}, "food_bank": 5, "animals": [
        {"id": 1, "owner": 0, "traits": ["grazing"]},
        {"id": 2, "owner": 1, "traits": ["parasite"]}]})
    s, ev = play(s, Graze(1), EndMove())
    assert tokens(s, 1) == (1, 0, 0)
    assert s.food_bank == 3


def test_no_automatic_eating_by_default():
    """§7.2, README q.1: by default a pass eats nothing."""
    s = pos({"food_bank": 5, "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1, "traits": ["parasite"]}]})
    s, ev = apply(s, EndMove())
    assert tokens(s, 1) == (0, 0, 0)
    assert s.food_bank == 5
    assert of_type(ev, Passed) == [Passed(0, "feeding")]

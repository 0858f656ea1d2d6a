"""Rules tests for the turn of *The Origin of Species*: deck, setup, development, food bank, extinction,
draw, last turn, scoring, ranking and options (spec origin-of-species.md §1-§6, §9, §11, §13, §14.21-24;
food table scenarios.md §4)."""
from collections import Counter
from itertools import product

import pytest
from conftest import play, pos, rule_of

import evolab
from evolab import (CHANCE, TERMINAL, Draw, EndMove, FirstPlayer, Hibernate, IllegalActionError, OptionError, Pass,
                    PlayAnimal, PlayPairTrait, PlayTrait, RollFood, TakeFood, TieBreak, apply,
                    available_rulesets, chance_outcomes, check, is_over, legal_actions, load_ruleset,
                    new_game, scores, to_move)
from evolab.events import (AnimalBorn, CardDealt, Died, FirstPlayerChosen, FoodBankRolled, GameOver,
                           Passed, PhaseStarted, TraitGained, TurnEnded)

# ---- the spec's tables, written out independently of the engine -------------------------------
# §2: (printed traits top / bottom, copies)
SPEC_DECK = {
    ("swimming",): 8,
    ("running",): 4,
    ("mimicry",): 4,
    ("scavenger",): 4,
    ("symbiosis",): 4,
    ("piracy",): 4,
    ("tail_loss",): 4,
    ("camouflage", "fat_tissue"): 4,
    ("burrowing", "fat_tissue"): 4,
    ("sharp_vision", "fat_tissue"): 4,
    ("grazing", "fat_tissue"): 4,
    ("parasite", "fat_tissue"): 4,
    ("cooperation", "fat_tissue"): 4,
    ("high_body_weight", "fat_tissue"): 4,
    ("hibernation", "carnivorous"): 4,
    ("poisonous", "carnivorous"): 4,
    ("communication", "carnivorous"): 4,
    ("parasite", "carnivorous"): 4,
    ("cooperation", "carnivorous"): 4,
    ("high_body_weight", "carnivorous"): 4,
}
# §2 "How often each trait is available"
SPEC_TRAIT_COUNT = {
    "fat_tissue": 28, "carnivorous": 24, "swimming": 8, "parasite": 8, "cooperation": 8,
    "high_body_weight": 8, "running": 4, "mimicry": 4, "scavenger": 4, "symbiosis": 4, "piracy": 4,
    "tail_loss": 4, "camouflage": 4, "burrowing": 4, "sharp_vision": 4, "grazing": 4, "hibernation": 4,
    "poisonous": 4, "communication": 4,
}
# §6 / scenarios §4: players -> (dice, bonus, lowest, highest)
SPEC_FOOD = {2: (1, 2, 3, 8), 3: (2, 0, 2, 12), 4: (2, 2, 4, 14), 5: (3, 2, 5, 20), 6: (3, 4, 7, 22),
             7: (4, 2, 6, 26), 8: (4, 4, 8, 28)}


def dice_ways(dice, bonus):
    """{total: number of ways} by brute force over every face combination."""
    return dict(Counter(sum(faces) + bonus for faces in product(range(1, 7), repeat=dice)))


def run_draws(s):
    """Resolve the draw step with the first listed card each time; returns (state, seats served in order)."""
    seats = []
    while s.phase == "draw":
        assert to_move(s) == CHANCE
        seats.append(s.draw_seat)
        s, _ = apply(s, chance_outcomes(s)[0][0])
    return s, seats


# ==== §1-§2, §13: the deck =====================================================================
def test_deck_has_84_cards_of_20_kinds():
    """§1/§2: the base deck is 84 cards of 20 card kinds."""
    rs = load_ruleset("origin", players=2)
    assert len(rs.deck) == 84
    assert len({c.id for c in rs.deck}) == 20
    assert len(rs.copies) == 20 and sum(rs.copies) == 84


def test_deck_copies_per_card_match_the_table():
    """§2: exact number of copies of each printed card (top / bottom side order as printed)."""
    rs = load_ruleset("origin", players=4)
    got = Counter(tuple(c.traits) for c in rs.deck)
    assert got == Counter(SPEC_DECK)


def test_deck_trait_availability_and_19_traits():
    """§2: Fat Tissue 28, Carnivorous 24, ... 19 distinct traits."""
    rs = load_ruleset("origin", players=3)
    got = Counter(t for c in rs.deck for t in c.traits)
    assert dict(got) == SPEC_TRAIT_COUNT
    assert len(got) == 19


def test_every_card_exposes_one_or_two_known_traits():
    """§2: each card is a tuple of one or two of the 19 trait ids; the two sides differ."""
    rs = load_ruleset("origin", players=2)
    for c in rs.deck:
        assert isinstance(c.traits, tuple)
        assert len(c.traits) in (1, 2)
        assert len(set(c.traits)) == len(c.traits)
        assert set(c.traits) <= set(SPEC_TRAIT_COUNT)


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_five_to_eight_players_use_two_decks(players):
    """§13: 5-8 players shuffle two base decks together (168 cards)."""
    rs = load_ruleset("origin", players=players)
    assert len(rs.deck) == 168
    assert new_game(rs).deck_size == 168
    assert Counter(tuple(c.traits) for c in rs.deck) == Counter({k: 2 * v for k, v in SPEC_DECK.items()})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_use_one_deck(players):
    """§1/§13: 2-4 players play with one box (84 cards)."""
    assert len(load_ruleset("origin", players=players).deck) == 84


# ==== §3: setup =================================================================================
def test_new_game_deals_six_cards_each_one_at_a_time():
    """§3.2: 6 cards to each player, dealt one card at a time round the table."""
    s = new_game(load_ruleset("origin", players=3))
    assert s.phase == "deal" and to_move(s) == CHANCE
    seats = []
    while s.phase == "deal":
        seat = s.draw_seat
        before = [len(h) for h in s.hands]
        s, ev = apply(s, chance_outcomes(s)[0][0])
        assert len(ev) == 1 and isinstance(ev[0], CardDealt) and ev[0].seat == seat
        assert ev[0].visible_to == (seat,)
        after = [len(h) for h in s.hands]
        assert [a - b for a, b in zip(after, before)] == [1 if i == seat else 0 for i in range(3)]
        seats.append(seat)
    assert seats == [0, 1, 2] * 6
    assert [len(h) for h in s.hands] == [6, 6, 6]
    assert s.deck_size == 84 - 18
    assert s.animals == {}                        # §3.4: no animals at the start


def test_deal_outcomes_are_weighted_by_copies_left():
    """§3.1: the deck is shuffled: each draw's weight is the number of copies of that card left."""
    s = new_game(load_ruleset("origin", players=2))
    outs = dict(chance_outcomes(s))
    assert outs[Draw("swimming")] == 8 and outs[Draw("running")] == 4 and len(outs) == 20
    assert sum(outs.values()) == 84
    s, _ = apply(s, Draw("swimming"))
    outs = dict(chance_outcomes(s))
    assert outs[Draw("swimming")] == 7 and sum(outs.values()) == 83


def test_first_player_is_a_uniform_chance_outcome():
    """§3.3: the first player is chosen by dice (highest roll, ties re-rolled): a fair chance outcome."""
    s = new_game(load_ruleset("origin", players=4))
    while s.phase == "deal":
        s, _ = apply(s, chance_outcomes(s)[0][0])
    assert s.phase == "first_player" and to_move(s) == CHANCE
    assert chance_outcomes(s) == tuple((FirstPlayer(i), 1) for i in range(4))
    s, ev = apply(s, FirstPlayer(2))
    assert s.first == 2 and s.current == 2 and s.phase == "development" and s.turn == 1
    assert FirstPlayerChosen(2) in ev
    assert to_move(s) == 2


# ==== §5: development ===========================================================================
def test_play_animal_puts_a_new_bare_animal_and_passes_the_move():
    """§5.1: playing an animal puts a hand card face down as a new animal with no traits."""
    s = pos({"phase": "development", "hands": [["swimming", "running"], ["mimicry"]]})
    s, ev = play(s, PlayAnimal("swimming"))
    assert s.hands[0] == ["running"]
    [a] = s.animals_of(0)
    assert a.traits == () and a.owner == 0 and a.need == 1
    assert [e for e in ev if isinstance(e, AnimalBorn)] == [AnimalBorn(0, a.id, 1)]
    assert s.current == 1 and s.phase == "development"


def test_play_animal_keeps_the_animals_already_on_the_table():
    """§5.1: a played animal is a new animal: the ones on the table (ids given explicitly) stay."""
    s = pos({"phase": "development", "hands": [["swimming"], []],
             "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1}]})
    s, ev = play(s, PlayAnimal("swimming"))
    assert len(s.animals) == 3 and s.animals[1].owner == 0 and s.animals[2].owner == 1
    [born] = [e for e in ev if isinstance(e, AnimalBorn)]
    assert born.animal not in (1, 2) and s.animals[born.animal].owner == 0
    assert s.card_total() == 84


def test_play_animal_after_scenario_with_default_ids_keeps_existing_animals():
    """§5.1: a played animal is a new animal; it never replaces one on the table (default scenario ids)."""
    s = pos({"phase": "development", "hands": [["swimming"], []],
             "animals": [{"owner": 0}, {"owner": 1}]})
    s, ev = play(s, PlayAnimal("swimming"))
    assert len(s.animals) == 3 and s.animals[1].owner == 0 and s.animals[2].owner == 1
    assert s.card_total() == 84


def test_play_trait_on_own_animal():
    """§5.1: a single trait goes under one of the player's own animals."""
    s = pos({"phase": "development", "hands": [["swimming"], ["running"]],
             "animals": [{"owner": 0}, {"owner": 1}]})
    s, ev = play(s, PlayTrait("swimming", "swimming", 1))
    assert s.animals[1].traits == ("swimming",)
    assert s.hands[0] == []
    assert TraitGained(0, 1, "swimming", "swimming", -1, 0) in ev
    assert s.current == 1


def test_chosen_side_is_fixed_and_other_half_ignored():
    """§5.2 (last line) / §0: a two-trait card is used for the chosen side only, for the rest of the game."""
    s = pos({"phase": "development", "hands": [["hibernation/carnivorous", "hibernation/carnivorous",
                                                 "poisonous/carnivorous"], ["swimming"]],
             "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1}]})
    s, _ = play(s, PlayTrait("hibernation/carnivorous", "carnivorous", 1), PlayAnimal("swimming"))
    a = s.animals[1]
    assert a.traits == ("carnivorous",) and a.need == 2
    assert not a.has("hibernation")
    # the printed Hibernation half of that card does not count: another Hibernation is allowed ...
    assert rule_of(s, PlayTrait("hibernation/carnivorous", "hibernation", 1)) is None
    # ... while a second Carnivorous is a duplicate
    assert rule_of(s, PlayTrait("poisonous/carnivorous", "carnivorous", 1)) == "origin.placement.duplicate"


def test_card_side_must_be_printed_on_the_card():
    """§5.1: a trait card is played as one of its printed sides."""
    s = pos({"phase": "development", "hands": [["camouflage/fat_tissue"], []], "animals": [{"owner": 0}]})
    assert rule_of(s, PlayTrait("camouflage/fat_tissue", "carnivorous", 1)) == "origin.card.side"
    assert rule_of(s, PlayTrait("camouflage/fat_tissue", "fat_tissue", 1)) is None
    assert rule_of(s, PlayTrait("camouflage/fat_tissue", "camouflage", 1)) is None


def test_card_must_be_in_hand():
    """§5.1: the player plays one of his hand cards."""
    s = pos({"phase": "development", "hands": [["swimming"], ["running"]], "animals": [{"owner": 0}]})
    assert rule_of(s, PlayAnimal("running")) == "origin.card.not-in-hand"
    assert rule_of(s, PlayTrait("running", "running", 1)) == "origin.card.not-in-hand"


def test_rule1_duplicate_trait_is_illegal():
    """§5.2 rule 1: the target already has a trait of the same name."""
    s = pos({"phase": "development", "hands": [["swimming"], []],
             "animals": [{"owner": 0, "traits": ["swimming"]}]})
    assert rule_of(s, PlayTrait("swimming", "swimming", 1)) == "origin.placement.duplicate"


def test_rule1_fat_tissue_stacks_without_limit():
    """§5.2 rule 1 exception: Fat Tissue may be stacked."""
    s = pos({"phase": "development",
             "hands": [["camouflage/fat_tissue", "burrowing/fat_tissue"], ["swimming"]],
             "animals": [{"id": 1, "owner": 0, "traits": ["fat_tissue", "fat_tissue"]}, {"id": 2, "owner": 1}]})
    assert rule_of(s, PlayTrait("camouflage/fat_tissue", "fat_tissue", 1)) is None
    s, _ = play(s, PlayTrait("camouflage/fat_tissue", "fat_tissue", 1), PlayAnimal("swimming"),
                PlayTrait("burrowing/fat_tissue", "fat_tissue", 1))
    assert s.animals[1].traits.count("fat_tissue") == 4
    assert s.animals[1].fat_cards == 4


def test_rule1_second_parasite_on_same_animal_is_illegal():
    """§5.2 rule 1: a Parasite on an animal that already has a Parasite."""
    s = pos({"phase": "development", "hands": [["parasite/fat_tissue"], []],
             "animals": [{"owner": 0}, {"owner": 1, "traits": ["parasite"]}]})
    assert rule_of(s, PlayTrait("parasite/fat_tissue", "parasite", 2)) == "origin.placement.duplicate"


def test_rule2_same_pair_trait_twice_between_same_animals_is_illegal():
    """§5.2 rule 2: the same two animals are already linked by a card of this pair trait."""
    s = pos({"phase": "development",
             "hands": [["communication/carnivorous", "cooperation/fat_tissue"], []],
             "animals": [{"owner": 0}, {"owner": 0}, {"owner": 0}],
             "links": [{"trait": "communication", "animals": [1, 2]}]})
    assert rule_of(s, PlayPairTrait("communication/carnivorous", "communication", (1, 2))) == \
        "origin.placement.pair-duplicate"
    # a different pair trait between the same two animals is allowed
    assert rule_of(s, PlayPairTrait("cooperation/fat_tissue", "cooperation", (1, 2))) is None
    # one animal may have the same pair trait with a different partner
    assert rule_of(s, PlayPairTrait("communication/carnivorous", "communication", (1, 3))) is None
    assert rule_of(s, PlayPairTrait("communication/carnivorous", "communication", (2, 3))) is None


def test_rule2_symbiosis_twice_between_same_animals_is_illegal_in_either_direction():
    """§5.2 rule 2: a second Symbiosis between the same two animals, whichever is the protector."""
    s = pos({"phase": "development", "hands": [["symbiosis"], []],
             "animals": [{"owner": 0}, {"owner": 0}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    assert rule_of(s, PlayPairTrait("symbiosis", "symbiosis", (1, 2))) == "origin.placement.pair-duplicate"
    assert rule_of(s, PlayPairTrait("symbiosis", "symbiosis", (2, 1))) == "origin.placement.pair-duplicate"


def test_two_different_pair_traits_and_several_partners_play_out():
    """§5.2 rule 2: different pair traits between two animals and links to several partners are kept."""
    s = pos({"phase": "development",
             "hands": [["communication/carnivorous", "cooperation/fat_tissue", "symbiosis"], ["swimming"]],
             "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 0}, {"id": 3, "owner": 0}]})
    s, ev = play(s, PlayPairTrait("communication/carnivorous", "communication", (1, 2)), PlayAnimal("swimming"),
                 PlayPairTrait("cooperation/fat_tissue", "cooperation", (1, 2)),
                 PlayPairTrait("symbiosis", "symbiosis", (3, 1)))
    assert sorted(l.trait for l in s.links.values()) == ["communication", "cooperation", "symbiosis"]
    assert [a.owner for a in s.animals.values()].count(0) == 3
    assert len(s.animals[1].links) == 3 and len(s.animals[2].links) == 2 and len(s.animals[3].links) == 1
    assert TraitGained(0, 3, "symbiosis", "symbiosis", 1, 0) in ev
    assert TraitGained(0, 1, "symbiosis", "symbiosis", 3, 0) in ev


@pytest.mark.parametrize("first,second", [("carnivorous", "scavenger"), ("scavenger", "carnivorous")])
def test_rule3_carnivorous_and_scavenger_exclude_each_other(first, second):
    """§5.2 rule 3: Carnivorous on a Scavenger, or Scavenger on a Carnivorous animal."""
    card = {"carnivorous": "poisonous/carnivorous", "scavenger": "scavenger"}[second]
    s = pos({"phase": "development", "hands": [[card], []],
             "animals": [{"owner": 0, "traits": [first]}, {"owner": 0}]})
    assert rule_of(s, PlayTrait(card, second, 1)) == "origin.placement.exclusive"
    assert rule_of(s, PlayTrait(card, second, 2)) is None


def test_rule4_parasite_never_on_own_animal():
    """§5.1/§5.2 rule 4: Parasite goes only under another player's animal."""
    s = pos({"phase": "development", "hands": [["parasite/carnivorous"], []],
             "animals": [{"owner": 0}, {"owner": 1}]})
    assert rule_of(s, PlayTrait("parasite/carnivorous", "parasite", 1)) == "origin.parasite"
    assert rule_of(s, PlayTrait("parasite/carnivorous", "parasite", 2)) is None


def test_rule4_other_traits_never_on_another_players_animal():
    """§5.2 rule 4: any trait other than Parasite on another player's animal (incl. the card's other side)."""
    s = pos({"phase": "development", "hands": [["parasite/carnivorous", "swimming"], []],
             "animals": [{"owner": 0}, {"owner": 1}]})
    assert rule_of(s, PlayTrait("swimming", "swimming", 2)) == "origin.placement.own"
    assert rule_of(s, PlayTrait("parasite/carnivorous", "carnivorous", 2)) == "origin.placement.own"
    assert rule_of(s, PlayTrait("parasite/carnivorous", "carnivorous", 1)) is None


def test_parasite_played_on_opponent_belongs_to_that_animal():
    """§5.1/§10.18: the Parasite lies under the other player's animal and raises its need by 2."""
    s = pos({"phase": "development", "hands": [["parasite/fat_tissue"], ["swimming"]],
             "animals": [{"owner": 0}, {"owner": 1}]})
    s, ev = play(s, PlayTrait("parasite/fat_tissue", "parasite", 2))
    assert s.animals[2].traits == ("parasite",) and s.animals[2].need == 3
    assert s.hands[0] == []
    assert TraitGained(1, 2, "parasite", "parasite/fat_tissue", -1, 0) in ev


def test_rule5_pair_trait_needs_two_different_animals():
    """§5.2 rule 5: a pair trait's two animals are the same animal."""
    s = pos({"phase": "development", "hands": [["cooperation/fat_tissue", "symbiosis"], []],
             "animals": [{"owner": 0}, {"owner": 0}]})
    assert rule_of(s, PlayPairTrait("cooperation/fat_tissue", "cooperation", (1, 1))) == "origin.placement.pair-same"
    assert rule_of(s, PlayPairTrait("symbiosis", "symbiosis", (2, 2))) == "origin.placement.pair-same"


def test_rule5_pair_trait_between_two_owners_is_illegal():
    """§5.2 rule 5 / §5.1: a pair trait links two animals of the player himself."""
    s = pos({"phase": "development", "hands": [["cooperation/fat_tissue", "symbiosis"], []],
             "animals": [{"owner": 0}, {"owner": 1}, {"owner": 1}]})
    assert rule_of(s, PlayPairTrait("cooperation/fat_tissue", "cooperation", (1, 2))) == "origin.placement.own"
    assert rule_of(s, PlayPairTrait("symbiosis", "symbiosis", (2, 1))) == "origin.placement.own"
    assert rule_of(s, PlayPairTrait("cooperation/fat_tissue", "cooperation", (2, 3))) == "origin.placement.own"


def test_pair_trait_must_be_played_as_pair():
    """§5.1: a pair trait goes between two animals, not under one; a single trait not between two."""
    s = pos({"phase": "development", "hands": [["cooperation/fat_tissue", "swimming"], []],
             "animals": [{"owner": 0}, {"owner": 0}]})
    assert rule_of(s, PlayTrait("cooperation/fat_tissue", "cooperation", 1)) == "origin.placement.pair"
    assert rule_of(s, PlayPairTrait("swimming", "swimming", (1, 2))) == "origin.placement.pair"


def test_non_symbiosis_pair_names_animals_in_increasing_order():
    """API convention: Communication/Cooperation name their two animals in increasing id order."""
    s = pos({"phase": "development", "hands": [["cooperation/fat_tissue"], []],
             "animals": [{"owner": 0}, {"owner": 0}]})
    assert rule_of(s, PlayPairTrait("cooperation/fat_tissue", "cooperation", (1, 2))) is None
    assert rule_of(s, PlayPairTrait("cooperation/fat_tissue", "cooperation", (2, 1))) == "engine.canonical"


def test_development_legal_actions_list_exactly_the_options():
    """§5.1/§12: animal, both Symbiosis directions between own animals, or pass; nothing on the opponent."""
    s = pos({"phase": "development", "hands": [["symbiosis"], []],
             "animals": [{"owner": 0}, {"owner": 0}, {"owner": 1}]})
    assert set(legal_actions(s)) == {
        PlayAnimal("symbiosis"), PlayPairTrait("symbiosis", "symbiosis", (1, 2)),
        PlayPairTrait("symbiosis", "symbiosis", (2, 1)), Pass()}
    for a in legal_actions(s):
        assert check(s, a) is None


def test_development_legal_actions_parasite_card_both_sides():
    """§5.1: a Parasite/Fat Tissue card: Parasite on others' animals, Fat Tissue on own ones."""
    s = pos({"phase": "development", "hands": [["parasite/fat_tissue"], []],
             "animals": [{"owner": 0}, {"owner": 1}, {"owner": 1, "traits": ["parasite"]}]})
    assert set(legal_actions(s)) == {
        PlayAnimal("parasite/fat_tissue"), PlayTrait("parasite/fat_tissue", "fat_tissue", 1),
        PlayTrait("parasite/fat_tissue", "parasite", 2), Pass()}


@pytest.mark.parametrize("protector,protected", [(1, 2), (2, 1)])
def test_symbiosis_protector_is_the_declared_animal(protector, protected):
    """§5.1/§10.5: the player declares the protector; the protected animal eats only after it is fed."""
    s = pos({"phase": "development", "hands": [["symbiosis"], []],
             "animals": [{"owner": 0}, {"owner": 0}]})
    s, _ = play(s, PlayPairTrait("symbiosis", "symbiosis", (protector, protected)))
    assert s.phase == "food"
    s, _ = play(s, RollFood(5))
    assert s.phase == "feeding" and to_move(s) == 0
    assert rule_of(s, TakeFood(protected)) == "origin.symbiosis"
    assert rule_of(s, TakeFood(protector)) is None


def test_pass_is_final_for_the_phase():
    """§5.1: after a pass the player plays no more cards this development phase; his cards stay in hand."""
    s = pos({"phase": "development", "hands": [["swimming", "running"], ["mimicry", "scavenger"]]})
    s, ev = play(s, Pass())
    assert Passed(0, "development") in ev and s.passed == (True, False)
    assert s.current == 1
    s, _ = play(s, PlayAnimal("mimicry"))
    assert s.current == 1                                   # seat 0 is skipped from now on
    assert rule_of(s, Pass()) is None
    assert check(s, PlayAnimal("swimming"), seat=0).rule == "origin.turn-order"
    s, ev = play(s, Pass())
    assert s.phase == "food"
    assert s.hands[0] == ["swimming", "running"] and s.hands[1] == ["scavenger"]


def test_empty_hand_must_pass():
    """§5.1: a player with an empty hand must pass (the engine passes for him)."""
    s = pos({"phase": "development", "hands": [["swimming"], ["running", "mimicry"]]})
    s, _ = play(s, PlayAnimal("swimming"))
    assert s.hands[0] == [] and s.current == 1
    s, ev = play(s, PlayAnimal("running"))
    assert Passed(0, "development") in ev
    assert s.passed == (True, False) and s.current == 1 and s.phase == "development"


def test_seat_with_empty_hand_at_start_is_passed_over():
    """§5.1: the first player with an empty hand passes at once; the next player moves."""
    s = pos({"players": 3, "phase": "development", "first": 1,
             "hands": [["swimming"], [], ["running"]]})
    assert s.current == 2 and to_move(s) == 2
    movers = []
    while s.phase == "development":
        movers.append(to_move(s))
        s, _ = play(s, Pass())
    assert movers == [2, 0]
    assert s.passed == (True, True, True)


def test_development_ends_when_all_have_passed():
    """§5.1/§4: the phase ends when every player has passed; the food bank roll follows."""
    s = pos({"players": 3, "phase": "development", "hands": [["swimming"], ["running"], ["mimicry"]]})
    s, _ = play(s, Pass(), Pass())
    assert s.phase == "development" and s.current == 2
    s, ev = play(s, Pass())
    assert s.phase == "food" and to_move(s) == CHANCE
    assert PhaseStarted(1, "food") in ev
    assert legal_actions(s) == []


def test_development_starts_with_the_first_player_and_goes_clockwise():
    """§4: every phase starts with the first player and goes clockwise."""
    s = pos({"players": 4, "phase": "development", "first": 2,
             "hands": [["swimming"], ["running"], ["mimicry"], ["scavenger"]]})
    order = []
    while s.phase == "development":
        order.append(s.current)
        s, _ = play(s, Pass())
    assert order == [2, 3, 0, 1]


def test_illegal_action_raises_naming_the_rule_and_changes_nothing():
    """§14.24: an illegal action changes nothing; the error names the rule."""
    s = pos({"phase": "development", "hands": [["swimming"], []],
             "animals": [{"owner": 0, "traits": ["swimming"]}]})
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as e:
        apply(s, PlayTrait("swimming", "swimming", 1))
    assert e.value.rule == "origin.placement.duplicate"
    assert s.to_dict() == before


def test_development_actions_are_refused_in_feeding():
    """§4: development moves belong to the development phase only."""
    s = pos({"food_bank": 3, "hands": [["swimming"], []], "animals": [{"owner": 0}]})
    assert rule_of(s, PlayAnimal("swimming")) == "origin.phase"
    assert rule_of(s, Pass()) == "origin.phase"


# ==== §6: food bank =============================================================================
@pytest.mark.parametrize("players", sorted(SPEC_FOOD))
def test_food_bank_outcomes_follow_the_dice_table(players):
    """§6 / scenarios §4: food bank totals and exact integer weights for 2..8 players."""
    dice, bonus, lo, hi = SPEC_FOOD[players]
    s = pos({"players": players, "phase": "development"})      # empty hands: straight to the roll
    assert s.phase == "food" and to_move(s) == CHANCE
    outs = chance_outcomes(s)
    totals = [o.food for o, _ in outs]
    assert min(totals) == lo and max(totals) == hi
    assert {o.food: w for o, w in outs} == dice_ways(dice, bonus)
    assert all(type(w) is int for _, w in outs)
    assert len(totals) == len(set(totals))


def test_food_bank_two_players_uniform_three_to_eight():
    """§6: 2 players roll 1 die + 2: 3..8, each equally likely."""
    s = pos({"players": 2, "phase": "development"})
    assert chance_outcomes(s) == tuple((RollFood(k), 1) for k in range(3, 9))


def test_food_bank_three_players_two_dice():
    """§6: 3 players roll 2 dice: 2..12 with weights 1,2,3,4,5,6,5,4,3,2,1."""
    s = pos({"players": 3, "phase": "development"})
    assert chance_outcomes(s) == tuple(zip((RollFood(k) for k in range(2, 13)),
                                           (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)))


def test_rolled_food_fills_the_bank_and_feeding_starts_with_first_player():
    """§6/§4: the rolled number of red tokens is this turn's food bank; feeding starts with the first player."""
    s = pos({"players": 3, "phase": "development", "first": 1,
             "animals": [{"owner": 0}, {"owner": 1}, {"owner": 2}]})
    assert s.phase == "food"
    s, ev = play(s, RollFood(7))
    assert s.phase == "feeding" and s.food_bank == 7
    assert FoodBankRolled(7) in ev
    assert to_move(s) == 1


def test_impossible_food_roll_is_refused():
    """§6: 3 players cannot roll 13 or 1."""
    s = pos({"players": 3, "phase": "development"})
    assert rule_of(s, RollFood(13)) == "engine.impossible-outcome"
    assert rule_of(s, RollFood(1)) == "engine.impossible-outcome"
    assert rule_of(s, RollFood(12)) is None


def test_option_food_table_replaces_the_table():
    """Option food_table: {players: [dice, bonus]} replaces the printed row."""
    s = pos({"players": 2, "phase": "development", "options": {"food_table": {2: [2, 1]}}})
    assert {o.food: w for o, w in chance_outcomes(s)} == dice_ways(2, 1)


def test_option_food_table_accepts_json_string_keys_and_zero_dice():
    """Option food_table: string keys (as JSON gives them); 0 dice = a fixed food bank."""
    s = pos({"players": 3, "phase": "development", "options": {"food_table": {"3": [0, 5]}}})
    assert chance_outcomes(s) == ((RollFood(5), 1),)
    s = pos({"players": 3, "phase": "development", "options": {"food_table": {"3": [3, 1]}}})
    assert {o.food: w for o, w in chance_outcomes(s)} == dice_ways(3, 1)


def test_option_food_table_other_counts_keep_the_printed_row():
    """Option food_table: player counts it does not name use the printed table."""
    s = pos({"players": 4, "phase": "development", "options": {"food_table": {2: [0, 1]}}})
    assert {o.food: w for o, w in chance_outcomes(s)} == dice_ways(2, 2)


@pytest.mark.parametrize("table", [{2: [1]}, {2: "x"}, "1d6", {2: [11, 0]}, {2: [1, -1]}, {2: [1.5, 0]}])
def test_option_food_table_rejects_bad_values(table):
    """Option food_table: a bad table raises OptionError."""
    with pytest.raises(OptionError):
        load_ruleset("origin", players=2, food_table=table)


# ==== options and the registry ==================================================================
@pytest.mark.parametrize("players", [0, 1, 9, 16])
def test_player_count_outside_two_to_eight_is_refused(players):
    """Front matter/§13: 2-8 players."""
    with pytest.raises(OptionError):
        load_ruleset("origin", players=players)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7, 8])
def test_player_counts_two_to_eight_load(players):
    """Front matter/§13: every count 2-8 is playable."""
    assert load_ruleset("origin", players=players).players == players


def test_unknown_option_is_refused_with_allowed_list():
    """Options: an unknown name raises OptionError listing the allowed options."""
    with pytest.raises(OptionError) as e:
        load_ruleset("origin", players=2, no_such_option=True)
    msg = str(e.value)
    assert "no_such_option" in msg
    for name in ("players", "food_table", "feeding_pass_is_final", "auto_take_food_on_pass",
                 "pair_trigger_reset", "grazing_limit", "mimicry_optional", "hibernate_with_fat_room"):
        assert name in msg


def test_bad_option_value_is_refused():
    """Options: a value of the wrong kind or outside the choices raises OptionError."""
    with pytest.raises(OptionError):
        load_ruleset("origin", players=2, feeding_pass_is_final="yes")
    with pytest.raises(OptionError):
        load_ruleset("origin", players=2, grazing_limit="per_year")
    with pytest.raises(OptionError):
        load_ruleset("origin", players="2")
    with pytest.raises(OptionError):
        load_ruleset("origin", players=True)


def test_available_rulesets_lists_origin():
    """available_rulesets(): {id: description}, with 'origin' loadable."""
    av = available_rulesets()
    assert isinstance(av, dict) and "origin" in av
    assert isinstance(av["origin"], str) and av["origin"]
    for rid in av:
        assert load_ruleset(rid, players=2).id == rid


def test_unknown_ruleset_is_refused():
    """load_ruleset: an unknown id raises UnknownRuleset naming the available ones."""
    with pytest.raises(evolab.UnknownRuleset) as e:
        load_ruleset("no-such-game")
    assert "origin" in str(e.value)


# ==== §9: extinction ============================================================================
def test_unfed_animals_die_fed_and_hibernating_survive():
    """§9.1: every animal that is not fed dies; a hibernating animal counts as fed."""
    s = pos({"food_bank": 0, "deck": 20, "animals": [
        {"owner": 0, "food": 1},
        {"owner": 0, "food": 0},
        {"owner": 1, "traits": ["high_body_weight"], "food": 1},
        {"owner": 1, "traits": ["hibernation"], "hibernating": True}]})
    assert sorted(s.animals) == [1, 4]
    assert s.discards == (1, 1 + 1)


def test_animal_with_only_fat_is_not_fed_and_dies():
    """§9.1/§7.1: yellow fat is not food: an animal that did not burn it starves (and the fat goes)."""
    s = pos({"food_bank": 0, "deck": 20, "animals": [
        {"owner": 0, "food": 1},
        {"owner": 1, "traits": ["fat_tissue"], "food": 0, "fat": 1}]})
    assert to_move(s) == 1                           # seat 1 may burn the fat; it declines
    s, ev = play(s, EndMove())
    assert [e.animal for e in ev if isinstance(e, Died)] == [2]
    assert sorted(s.animals) == [1]
    assert s.discards == (0, 2)


def test_poisoned_animal_dies_even_if_fed():
    """§9.1: every poisoned animal dies, fed or not."""
    s = pos({"food_bank": 0, "deck": 20, "animals": [
        {"owner": 0, "traits": ["carnivorous"], "food": 2, "poisoned": True, "attacked": True},
        {"owner": 1, "food": 1}]})
    assert sorted(s.animals) == [2]
    assert s.discards == (2, 0)


def test_extinction_reports_deaths_with_cause():
    """§9.1: deaths happen when feeding ends; each is reported with its cause."""
    s = pos({"food_bank": 1, "deck": 20, "animals": [
        {"owner": 0}, {"owner": 0, "traits": ["swimming"]},
        {"owner": 1, "traits": ["carnivorous"], "food": 2, "poisoned": True, "attacked": True}]})
    assert to_move(s) == 0
    s, ev = play(s, TakeFood(1))
    died = {e.animal: e for e in ev if isinstance(e, Died)}
    assert set(died) == {2, 3}
    assert died[2].cause == "starved" and died[2].seat == 0 and died[2].traits == ("swimming",)
    assert died[3].cause == "poisoned" and died[3].seat == 1
    assert PhaseStarted(1, "extinction") in ev
    assert s.phase == "draw" and sorted(s.animals) == [1]


def test_dead_animal_takes_its_trait_and_pair_cards_to_owners_discard():
    """§9.1: the animal card, its trait cards and its pair cards go to the owner's discard pile."""
    s = pos({"food_bank": 0, "deck": 20, "animals": [
        {"owner": 0, "traits": ["swimming", "fat_tissue"], "food": 0},
        {"owner": 0, "food": 1},
        {"owner": 1, "food": 1}],
        "links": [{"trait": "cooperation", "animals": [1, 2]},
                  {"trait": "symbiosis", "protector": 2, "protected": 1}]})
    assert sorted(s.animals) == [2, 3]
    assert s.discards == (1 + 2 + 2, 0)
    assert s.links == {} and s.animals[2].links == ()
    assert s.card_total() == 84


def test_pair_card_of_two_dead_animals_is_discarded_once():
    """§9.1: when both linked animals die, their pair card goes to the discard pile once."""
    s = pos({"food_bank": 0, "deck": 20, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 1, "food": 1}],
             "links": [{"trait": "communication", "animals": [1, 2]}]})
    assert sorted(s.animals) == [3]
    assert s.discards == (3, 0)
    assert s.card_total() == 84


def test_parasite_of_dead_animal_goes_to_animal_owners_discard():
    """§9.1 (RULING): a Parasite on a dead animal goes to the discard pile of the animal's owner."""
    s = pos({"food_bank": 0, "deck": 20, "animals": [
        {"owner": 0, "traits": ["parasite"], "food": 2},
        {"owner": 1, "food": 1}]})
    assert sorted(s.animals) == [2]
    assert s.discards == (2, 0)


def test_parasite_played_in_development_dies_with_its_host_to_host_owner():
    """§9.1/§10.18: a Parasite seat 1 played on seat 0's animal ends in seat 0's discard pile."""
    s = pos({"phase": "development", "hands": [[], ["parasite/carnivorous"]], "deck": 30,
             "animals": [{"owner": 0}, {"owner": 1}]})
    assert s.current == 1
    s, _ = play(s, PlayTrait("parasite/carnivorous", "parasite", 1), RollFood(3))
    # seat 0 (first player) feeds its animal once; the host needs 3 and starves
    s, _ = play(s, TakeFood(1))
    s, _ = play(s, TakeFood(2))
    while s.phase == "feeding":
        s, _ = play(s, legal_actions(s)[0] if to_move(s) == 0 else EndMove())
    assert 1 not in s.animals
    assert s.discards[0] == 2 and s.discards[1] == 0


# ==== §9.3: draw ================================================================================
def test_draw_owes_survivors_plus_one_and_six_to_empty_players():
    """§9.3 / §14.22: survivors + 1 cards each; 6 to a player with no animals and no hand."""
    s = pos({"players": 4, "food_bank": 0,
             "hands": [["swimming"], ["running"], [], ["mimicry"]],
             "animals": [{"owner": 0, "food": 1}, {"owner": 0, "food": 1}, {"owner": 0},
                         {"owner": 1},                       # starves: seat 1 has no animal but a hand
                         {"owner": 2},                       # starves: seat 2 has nothing left
                         {"owner": 3, "food": 1}]})
    assert s.phase == "draw"
    assert s.draw_owed == (3, 1, 6, 2)
    s, _ = run_draws(s)
    assert [len(h) for h in s.hands] == [1 + 3, 1 + 1, 0 + 6, 1 + 2]


def test_player_with_hand_but_no_animals_draws_one():
    """§9.3: the 6-card rule needs both no animals and an empty hand."""
    s = pos({"food_bank": 0, "hands": [["swimming"], []], "animals": [{"owner": 1, "food": 1}]})
    assert s.draw_owed == (1, 2)


def test_player_with_animals_but_empty_hand_draws_survivors_plus_one():
    """§9.3: an empty hand alone does not give 6 cards."""
    s = pos({"food_bank": 0, "hands": [[], []], "animals": [{"owner": 0, "food": 1}, {"owner": 0, "food": 1}]})
    assert s.draw_owed == (3, 6)


def test_draw_deals_one_at_a_time_clockwise_from_first_player():
    """§9.3: the first player deals one card at a time clockwise from himself, skipping served players."""
    s = pos({"players": 3, "first": 1, "food_bank": 0, "hands": [["swimming"], ["running"], []],
             "animals": [{"owner": 0, "food": 1}, {"owner": 0, "food": 1}, {"owner": 1}]})
    assert s.draw_owed == (3, 1, 6)
    assert to_move(s) == CHANCE and s.draw_seat == 1
    s, seats = run_draws(s)
    assert seats == [1, 2, 0, 2, 0, 2, 0, 2, 2, 2]


def test_draw_outcomes_are_weighted_by_the_deck():
    """§9.3: the card drawn is a chance outcome weighted by the copies left in the deck."""
    s = pos({"food_bank": 0, "deck": {"swimming": 2, "running": 1},
             "animals": [{"owner": 0, "food": 1}, {"owner": 1, "food": 1}]})
    assert chance_outcomes(s) == ((Draw("swimming"), 2), (Draw("running"), 1))
    assert rule_of(s, Draw("mimicry")) == "engine.impossible-outcome"
    s, ev = play(s, Draw("running"))
    assert ev == [CardDealt(0, "running", (0,))]
    assert s.hands[0] == ["running"] and s.deck_size == 2
    assert chance_outcomes(s) == ((Draw("swimming"), 2),)


def test_deck_running_out_gives_later_players_fewer_cards():
    """§9.3 / §14.23: the deck runs out mid-deal: later players in dealing order get fewer cards."""
    s = pos({"players": 3, "first": 1, "food_bank": 0, "deck": 4, "hands": [["swimming"], ["running"], []],
             "animals": [{"owner": 0, "food": 1}, {"owner": 0, "food": 1}, {"owner": 1}]})
    assert s.draw_owed == (3, 1, 6)
    s, seats = run_draws(s)
    assert seats == [1, 2, 0, 2]
    assert [len(h) for h in s.hands] == [1 + 1, 1 + 1, 2]
    assert s.deck_size == 0
    assert s.last_turn is True                        # §14.23: the next turn is the last
    assert s.phase == "development" and s.turn == 2


def test_tokens_cleared_after_draw_but_fat_kept():
    """§9.3-§9.4: cards are dealt first, then red/blue tokens are removed; yellow fat stays."""
    s = pos({"food_bank": 0, "deck": 10, "animals": [
        {"owner": 0, "traits": ["fat_tissue", "fat_tissue"], "red": 1, "blue": 0, "fat": 2},
        {"owner": 1, "traits": ["carnivorous", "fat_tissue"], "red": 0, "blue": 2, "fat": 1,
         "attacked": True}]})
    assert s.phase == "draw"
    s, _ = play(s, chance_outcomes(s)[0][0])
    assert s.phase == "draw" and s.animals[1].red == 1     # mid-draw, the food is still there
    s, _ = run_draws(s)
    a, b = s.animals[1], s.animals[2]
    assert (a.red, a.blue, a.fat) == (0, 0, 2)
    assert (b.red, b.blue, b.fat) == (0, 0, 1)


def test_per_turn_flags_reset_and_hibernation_recorded():
    """§9.5: attacked, piracy used, hibernating reset; the animal that hibernated cannot next turn."""
    s = pos({"turn": 3, "food_bank": 0, "deck": 10, "animals": [
        {"owner": 0, "traits": ["carnivorous"], "food": 2, "attacked": True},
        {"owner": 0, "traits": ["piracy"], "food": 1, "pirated": True},
        {"owner": 1, "traits": ["hibernation"], "hibernating": True}]})
    s, _ = run_draws(s)
    assert s.turn == 4
    assert not s.animals[1].attacked and not s.animals[2].pirated
    h = s.animals[3]
    assert not h.hibernating and not h.is_fed()
    assert h.hibernated_turn == 3


def test_turn_end_reported_with_survivors():
    """§9: the turn ends after the draw; the report counts surviving animals per seat."""
    s = pos({"food_bank": 1, "deck": 10, "animals": [{"owner": 0}, {"owner": 1, "food": 1},
                                                    {"owner": 1}]})
    s, _ = play(s, TakeFood(1))
    assert s.phase == "draw"
    events = []
    while s.phase == "draw":
        s, ev = play(s, chance_outcomes(s)[0][0])
        events.extend(ev)
    assert TurnEnded(1, (1, 1)) in events
    assert PhaseStarted(2, "development") in events


@pytest.mark.parametrize("players,first,nxt", [(2, 0, 1), (2, 1, 0), (3, 2, 0), (5, 3, 4)])
def test_first_player_role_passes_clockwise(players, first, nxt):
    """§9.6 / §4: after the turn the first player role passes one seat clockwise."""
    s = pos({"players": players, "first": first, "food_bank": 0, "deck": 60,
             "animals": [{"owner": i, "food": 1} for i in range(players)]})
    s, _ = run_draws(s)
    assert s.first == nxt and s.turn == 2 and s.phase == "development"
    assert s.current == nxt and to_move(s) == nxt


# ==== §11.1: last turn ==========================================================================
def test_deck_empty_after_draw_makes_next_turn_last():
    """§11.1: when the deck is empty at the end of a draw step, the next turn is the last."""
    s = pos({"food_bank": 0, "deck": 3, "animals": [{"owner": 0, "food": 1}, {"owner": 1}]})
    assert s.draw_owed == (2, 6)
    s, _ = run_draws(s)
    assert s.deck_size == 0 and s.last_turn is True and s.turn == 2


def test_deck_not_empty_after_draw_is_not_last_turn():
    """§11.1: with a card left in the deck after the draw, the next turn is a normal one."""
    s = pos({"food_bank": 0, "deck": 4, "hands": [[], ["swimming"]],
             "animals": [{"owner": 0, "food": 1}, {"owner": 1}]})
    assert s.draw_owed == (2, 1)
    s, _ = run_draws(s)
    assert s.deck_size == 1 and s.last_turn is False


def test_empty_deck_before_the_draw_makes_next_turn_last():
    """§11.1: no card to draw at all still means the deck is empty at the end of the draw step."""
    s = pos({"food_bank": 0, "deck": 0, "hands": [["swimming"], []],
             "animals": [{"owner": 0, "food": 1}, {"owner": 1, "food": 1}]})
    assert s.phase == "development" and s.turn == 2 and s.last_turn is True
    assert s.hands == [["swimming"], []]


def test_last_turn_has_no_draw_and_is_scored_after_extinction():
    """§11.1: after the last turn's extinction the game is scored; no cards are drawn."""
    s = pos({"last_turn": True, "food_bank": 1, "deck": 10, "hands": [["swimming"], ["running"]],
             "animals": [{"owner": 0}, {"owner": 0, "food": 1}, {"owner": 1, "food": 1},
                         {"owner": 1, "food": 0}]})
    s, ev = play(s, TakeFood(1))
    assert s.phase == "over" and is_over(s) and to_move(s) == TERMINAL
    assert s.deck_size == 10 and s.hands == [["swimming"], ["running"]]
    assert not any(isinstance(e, CardDealt) for e in ev)
    assert sorted(s.animals) == [1, 2, 3]
    assert scores(s) == (4, 2)
    assert s.winner == 0
    assert GameOver((4, 2), 0) in ev
    assert legal_actions(s) == [] and chance_outcomes(s) == ()


def test_no_hibernation_in_last_turn():
    """§11.1 / §10.14: Hibernation cannot be used in the last turn."""
    spec = {"turn": 5, "food_bank": 0, "animals": [{"owner": 0, "traits": ["hibernation"]},
                                                  {"owner": 1, "food": 1}]}
    s = pos(dict(spec, last_turn=True))
    # nothing to do in the last turn: the unfed animal starves and the game is scored
    assert s.phase == "over" and sorted(s.animals) == [2]
    s = pos(dict(spec, last_turn=True, food_bank=1, animals=spec["animals"] + [{"owner": 0}]))
    assert rule_of(s, Hibernate(1)) == "origin.hibernation.last-turn"
    s = pos(dict(spec, food_bank=1, animals=spec["animals"] + [{"owner": 0}]))
    assert rule_of(s, Hibernate(1)) is None


def test_full_last_turn_from_empty_deck_to_game_over():
    """§11.1: deck empties in a draw -> the next turn is played normally and scored after extinction."""
    s = pos({"turn": 6, "first": 0, "food_bank": 0, "deck": 1, "hands": [[], []], "discards": [0, 3],
             "animals": [{"owner": 0, "food": 1}, {"owner": 1, "food": 1}]})
    s, seats = run_draws(s)
    assert seats == [0]
    hand0 = list(s.hands[0])
    assert len(hand0) == 1
    assert s.last_turn and s.turn == 7 and s.first == 1 and s.phase == "development"
    assert to_move(s) == 0                  # seat 1 has an empty hand and passes
    s, _ = play(s, Pass())
    assert s.phase == "food"
    s, _ = play(s, RollFood(3))
    assert to_move(s) == 1
    s, ev = play(s, TakeFood(2))
    s, ev2 = play(s, TakeFood(1))
    assert s.phase == "over" and s.turn == 7
    assert s.food_bank == 0 and sorted(s.animals) == [1, 2]
    assert s.deck_size == 0 and s.hands == [hand0, []]        # no draw after the last turn
    assert scores(s) == (2, 2)
    assert s.winner == 1                    # tie on points, seat 1 has the bigger discard pile


# ==== §11.2: scoring ============================================================================
def last_turn_score(animals, links=(), players=2, discards=None):
    spec = {"players": players, "last_turn": True, "food_bank": 0, "animals": list(animals),
            "links": list(links)}
    if discards is not None:
        spec["discards"] = discards
    return pos(spec)


def test_scoring_example_carnivore_with_hbw_and_two_fat():
    """§11.2: a surviving carnivore with High Body Weight and two Fat Tissue cards scores 2+4+1+1 = 8."""
    s = last_turn_score([{"owner": 0, "traits": ["carnivorous", "high_body_weight", "fat_tissue", "fat_tissue"],
                          "food": 3}])
    assert is_over(s)
    assert scores(s) == (8, 0)


def test_scoring_bare_animal_and_single_traits():
    """§11.2: 2 per surviving animal, 1 per trait card, bonuses only for need-raising traits."""
    s = last_turn_score([{"owner": 0, "food": 1},
                         {"owner": 0, "traits": ["swimming", "running"], "food": 1},
                         {"owner": 1, "traits": ["high_body_weight"], "food": 2}])
    assert scores(s) == (2 + 4, 2 + 1 + 1)


def test_scoring_dead_animals_score_nothing():
    """§11.2: only surviving animals score."""
    s = last_turn_score([{"owner": 0, "traits": ["carnivorous", "swimming"], "food": 1},
                         {"owner": 1, "food": 1}])
    assert sorted(s.animals) == [2]
    assert scores(s) == (0, 2)


def test_scoring_pair_card_counts_once():
    """§11.2: a pair-trait card counts once, not once per linked animal."""
    s = last_turn_score([{"owner": 0, "food": 1}, {"owner": 0, "food": 1}, {"owner": 1, "food": 1}],
                        links=[{"trait": "cooperation", "animals": [1, 2]},
                               {"trait": "symbiosis", "protector": 2, "protected": 1}])
    assert scores(s) == (2 + 2 + 1 + 1, 2)


def test_scoring_parasite_goes_to_parasitised_animals_owner():
    """§11.2 / §14.21: the parasitised animal's owner scores the Parasite card (+1) and its bonus (+2)."""
    s = pos({"last_turn": True, "food_bank": 0,
             "animals": [{"owner": 0, "traits": ["parasite"], "food": 3}, {"owner": 1, "food": 1}]})
    assert is_over(s)
    assert scores(s) == (2 + 1 + 2, 2)


def test_scoring_parasite_played_in_game_scores_for_host_owner():
    """§14.21: a Parasite played by seat 1 on seat 0's animal scores for seat 0, even on the last turn."""
    s = pos({"phase": "development", "last_turn": True, "hands": [[], ["parasite/carnivorous"]],
             "animals": [{"owner": 0}, {"owner": 1}]})
    s, _ = play(s, PlayTrait("parasite/carnivorous", "parasite", 1), RollFood(8))
    assert to_move(s) == 0
    s, _ = play(s, TakeFood(1))
    s, _ = play(s, TakeFood(2))
    s, _ = play(s, TakeFood(1))
    s, _ = play(s, TakeFood(1))
    assert is_over(s)
    assert scores(s) == (5, 2)
    assert s.winner == 0


def test_scoring_uses_the_chosen_side_bonus():
    """§11.2/§5.2: a dual card scores the bonus of the side played, not of the other half."""
    s = last_turn_score([{"owner": 0, "traits": ["hibernation:hibernation/carnivorous"], "food": 1},
                         {"owner": 1, "traits": ["carnivorous:hibernation/carnivorous"], "food": 2}])
    assert scores(s) == (3, 4)


# ==== §11.3: ranking ============================================================================
def test_ranking_by_points_first():
    """§11.3.1: most points wins, whatever the discard piles."""
    s = last_turn_score([{"owner": 0, "food": 1}, {"owner": 0, "food": 1},
                         {"owner": 1, "food": 1}, {"owner": 1, "food": 1},
                         {"owner": 2, "traits": ["swimming"], "food": 1}],
                        players=3, discards=[1, 2, 9])
    assert scores(s) == (4, 4, 3)
    assert s.winner == 1
    assert s.ruleset.ranking(s) == [1, 0, 2]


def test_ranking_of_the_others_uses_points_then_discards():
    """§11.3: below the winner, players are ordered by points, then by discard pile size."""
    s = last_turn_score([{"owner": 0, "food": 1}, {"owner": 0, "food": 1},
                         {"owner": 1, "food": 1}, {"owner": 2, "food": 1}],
                        players=3, discards=[0, 1, 3])
    assert scores(s) == (4, 2, 2)
    assert s.winner == 0
    assert s.ruleset.ranking(s) == [0, 2, 1]


def test_ranking_tie_broken_by_discard_pile():
    """§11.3.2: tied on points, the bigger discard pile wins."""
    s = last_turn_score([{"owner": 0, "food": 1}, {"owner": 1, "food": 1}], discards=[3, 5])
    assert is_over(s) and s.winner == 1
    assert s.ruleset.ranking(s) == [1, 0]


def test_ranking_discard_counts_cards_of_dead_animals():
    """§11.3.2 / §9.1: the discard pile includes the last turn's dead animals."""
    s = last_turn_score([{"owner": 0, "food": 1}, {"owner": 1, "food": 1}, {"owner": 0, "traits": ["swimming"]}],
                        discards=[0, 1])
    assert scores(s) == (2, 2) and s.discards == (2, 1)
    assert s.winner == 0


def test_ranking_full_tie_is_a_tiebreak_chance_node():
    """§11.3.3: still tied, dice decide: a TieBreak chance outcome among the tied seats only."""
    s = last_turn_score([{"owner": 0, "food": 1}, {"owner": 1}, {"owner": 2, "food": 1}],
                        players=3, discards=[2, 5, 2])
    assert scores(s) == (2, 0, 2)
    assert s.phase == "tiebreak" and not is_over(s) and to_move(s) == CHANCE
    assert chance_outcomes(s) == ((TieBreak(0), 1), (TieBreak(2), 1))
    assert rule_of(s, TieBreak(1)) == "engine.impossible-outcome"
    s2, ev = play(s, TieBreak(2))
    assert is_over(s2) and s2.winner == 2
    assert GameOver((2, 0, 2), 2) in ev
    assert s2.ruleset.ranking(s2) == [2, 0, 1]
    s0, _ = play(s, TieBreak(0))
    assert s0.winner == 0 and s0.ruleset.ranking(s0) == [0, 2, 1]


def test_winners_is_the_one_seat_the_tiebreak_leaves():
    """§11.3: the dice always leave one winner, so ``evolab.winners`` is one seat; () before the dice."""
    s = last_turn_score([{"owner": 0, "food": 1}, {"owner": 1}, {"owner": 2, "food": 1}],
                        players=3, discards=[2, 5, 2])
    assert evolab.winners(s) == ()
    assert evolab.winners(play(s, TieBreak(2))[0]) == (2,)
    assert evolab.winners(last_turn_score([{"owner": 1, "food": 1}])) == (1,)

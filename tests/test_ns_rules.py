"""Rules tests for North Star *Evolution*, second-edition texts (spec shared/rules/north-star-evolution.md,
player-count variants in shared/rules/scenarios.md §5, open questions 27-34 in shared/rules/README.md).

Positions are built with ``evolab.scenario("northstar", spec)``. The engine settles by itself: in feeding a
seat with nothing to do is skipped, and a full circuit of passes and skips ends the round (starvation,
food to the bags) and deals the next one. So feeding positions keep something feedable at some seat
(a hungry plant eater with food on the Watering Hole, or a hungry "keeper" Carnivore) unless a test wants
the round to end.
"""
from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest

import evolab
from conftest import play, rule_of
from evolab import CHANCE, IllegalActionError, ScenarioError, apply, chance_outcomes, check, legal_actions, to_move
from evolab.actions import (EatPlant, EndTurn, FirstPlayer, Grow, Hunt, NewSpecies, Pass, PlaceTrait,
                            SelectFood, ThinkFood)

NS = "northstar"

#: spec §2, written out independently of the engine's data
FOOD_TABLE = {
    "carnivore": [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6],
    "ambush": [-3, -2, -1, 0, 1, 2, 3],
    "burrowing": [1, 2, 3, 3, 4, 4, 5],
    "climbing": [1, 2, 3, 3, 4, 4, 5],
    "cooperation": [0, 3, 3, 4, 4, 5, 5],
    "defensive_herding": [2, 3, 4, 5, 6, 7, 8],
    "fat_tissue": [-1, 0, 3, 4, 4, 5, 5],
    "fertile": [2, 3, 4, 5, 6, 6, 7],
    "foraging": [2, 3, 4, 5, 6, 6, 7],
    "hard_shell": [1, 2, 3, 3, 4, 4, 5],
    "horns": [1, 2, 3, 3, 4, 4, 5],
    "intelligence": [-2, -1, 0, 4, 5, 6, 7],
    "long_neck": [3, 4, 5, 6, 7, 8, 9],
    "pack_hunting": [-3, -2, -1, 0, 1, 2, 3],
    "scavenger": [2, 3, 4, 5, 6, 6, 7],
    "symbiosis": [1, 2, 3, 3, 4, 4, 5],
    "warning_call": [1, 2, 3, 3, 4, 4, 5],
}


# ---- helpers ------------------------------------------------------------------------------------------
def S(id, owner, *traits, body=1, pop=1, food=0, fat=0):
    """A species dict: ``S(1, 0, "carnivore", body=3, pop=2)``."""
    return {"id": id, "owner": owner, "body": body, "pop": pop, "food": food, "fat": fat, "traits": list(traits)}


def pos(*species, players=3, options=None, **extra):
    spec = {"players": players, "species": list(species), **{k: v for k, v in extra.items() if v is not None}}
    if options:
        spec["options"] = options
    return evolab.scenario(NS, spec)


#: a hungry Carnivore of seat 2 that keeps the feeding phase alive (it can attack small unprotected species)
KEEPER = S(99, 2, "carnivore", body=6, pop=6)
#: a hungry plant eater of seat 2 that keeps feeding alive while the Watering Hole has food
GRAZER = S(98, 2, pop=6)


def block(state, a, t, cancelled=()):
    """The rule id that stops species ``a`` attacking species ``t`` (None: legal)."""
    r = state.ruleset.attack_block(state, state.species[a], state.species[t], cancelled)
    return None if r is None else r[0]


def settle(state):
    """Resolve chance nodes (card draws) with the first listed outcome."""
    for _ in range(500):
        if to_move(state) != CHANCE or evolab.is_over(state):
            return state
        state, _ = apply(state, chance_outcomes(state)[0][0])
    raise AssertionError("chance did not settle")


def end_turns(state):
    """Every player ends his Play Cards turn without playing."""
    while state.phase == "play_cards" and to_move(state) != CHANCE:
        state, _ = apply(state, EndTurn())
    return state


def drive(state, steps=2000):
    """Play on with simple choices (first food card, no cards played, pass when allowed, else the first
    legal action) until the game is over."""
    for _ in range(steps):
        if evolab.is_over(state):
            return state
        if to_move(state) == CHANCE:
            state, _ = apply(state, chance_outcomes(state)[0][0])
            continue
        acts = legal_actions(state)
        for pref in (EndTurn(), Pass()):
            if pref in acts:
                state, _ = apply(state, pref)
                break
        else:
            state, _ = apply(state, acts[0])
    raise AssertionError("the game did not end")


def discards(state, card=None):
    from evolab.rules.northstar.ruleset import CARD_INDEX
    return sum(state.discard) if card is None else state.discard[CARD_INDEX[card]]


# ---- §2 deck ------------------------------------------------------------------------------------------
def deal_outcomes(players=3):
    s = evolab.new_game(evolab.load_ruleset(NS, players=players))
    s, _ = apply(s, FirstPlayer(0))
    return s, chance_outcomes(s)


def test_deck_has_129_cards_17_carnivore_7_of_each_other():
    """§1/§2: 129 trait cards, 17 Carnivore and 7 of each of the other 16 traits."""
    _, outs = deal_outcomes()
    assert sum(w for _, w in outs) == 129
    per = Counter()
    for d, w in outs:
        per[d.card.split(":")[0]] += w
    assert per == Counter({t: len(v) for t, v in FOOD_TABLE.items()})
    assert per["carnivore"] == 17 and len(per) == 17
    assert all(k == 7 for t, k in per.items() if t != "carnivore")


def test_deck_food_numbers_per_trait_and_total_422():
    """§2: the exact food numbers printed on each trait's copies; total 422."""
    _, outs = deal_outcomes()
    per = defaultdict(list)
    for d, w in outs:
        t, f = d.card.split(":")
        per[t] += [int(f)] * w
    assert {t: sorted(v) for t, v in per.items()} == FOOD_TABLE
    assert sum(sum(v) for v in per.values()) == 422
    assert sum(per["long_neck"]) == 42 and sum(per["ambush"]) == 0 and sum(per["carnivore"]) == 51


# ---- §3 setup -----------------------------------------------------------------------------------------
def test_setup_one_species_body1_pop1_each_empty_table():
    """§3: each player one species (Body Size 1, Population 1, no traits); empty Watering Hole; full deck."""
    s = evolab.new_game(evolab.load_ruleset(NS, players=4))
    assert [len(r) for r in s.rows] == [1, 1, 1, 1]
    for seat in range(4):
        sp = s.species[s.rows[seat][0]]
        assert (sp.owner, sp.body, sp.pop, sp.food, sp.fat, sp.traits, sp.pending) == (seat, 1, 1, 0, 0, (), ())
    assert s.watering == 0 and s.bags == (0, 0, 0, 0) and s.hands == [[], [], [], []]
    assert s.deck_size == 129 and sum(s.discard) == 0


def test_setup_first_player_chosen_at_random():
    """§3.4: the first player is a uniform chance outcome."""
    s = evolab.new_game(evolab.load_ruleset(NS, players=3))
    assert to_move(s) == CHANCE
    assert set(chance_outcomes(s)) == {(FirstPlayer(0), 1), (FirstPlayer(1), 1), (FirstPlayer(2), 1)}


def test_two_players_remove_40_cards_unseen():
    """§3.5 / scenarios §5: two players remove 40 random cards before play, seen by nobody."""
    s = evolab.new_game(evolab.load_ruleset(NS, players=2))
    assert to_move(s) == CHANCE and len(s.draw_queue) == 40
    assert set(s.draw_queue) == {-1}
    for _ in range(40):
        s, ev = apply(s, chance_outcomes(s)[0][0])
        assert ev == [] or all(type(e).__name__ != "CardDealt" for e in ev)
    assert s.removed == 40 and s.hands == [[], []] and s.deck_size == 89
    assert set(chance_outcomes(s)) == {(FirstPlayer(0), 1), (FirstPlayer(1), 1)}
    s, _ = apply(s, FirstPlayer(0))
    s = settle(s)
    assert [len(h) for h in s.hands] == [4, 4] and s.deck_size == 81 and s.removed == 40


def test_three_players_remove_nothing():
    """§3.5: the 40-card removal is for two players only."""
    s = evolab.new_game(evolab.load_ruleset(NS, players=3))
    assert s.draw_queue == () and s.deck_size == 129


def test_two_players_trait_limit_two():
    """§3.5 / scenarios §5: with two players a species holds at most 2 traits."""
    s = pos(S(1, 0, "climbing", "foraging"), S(2, 1), players=2, phase="play_cards",
            hands=[["horns"], []])
    assert rule_of(s, PlaceTrait("horns:1", 1)) == "northstar.trait-limit"
    assert PlaceTrait("horns:1", 1, "climbing:1") in legal_actions(s)
    with pytest.raises(ScenarioError):
        pos(S(1, 0, "climbing", "foraging", "horns"), S(2, 1), players=2)


def test_three_players_trait_limit_three():
    """§4.3.1: with 3+ players a species holds at most 3 traits."""
    s = pos(S(1, 0, "climbing", "foraging"), S(2, 1), S(3, 2), phase="play_cards",
            hands=[["horns", "burrowing"], [], []])
    s, _ = apply(s, PlaceTrait("horns:1", 1))
    assert rule_of(s, PlaceTrait("burrowing:1", 1)) == "northstar.trait-limit"


# ---- §4.1 deal ----------------------------------------------------------------------------------------
def test_deal_round_one_three_cards_plus_one_per_species():
    """§4.1.2: each player is dealt 3 + 1 per species (4 in round 1); then Select Food from the first player."""
    s = evolab.new_game(evolab.load_ruleset(NS, players=3))
    s, _ = apply(s, FirstPlayer(1))
    assert to_move(s) == CHANCE
    assert Counter(s.draw_queue) == Counter({0: 4, 1: 4, 2: 4})
    s = settle(s)
    assert [len(h) for h in s.hands] == [4, 4, 4]
    assert s.deck_size == 129 - 12
    assert s.phase == "select_food" and to_move(s) == 1


def test_deal_counts_species_and_player_without_species_gets_one():
    """§4.1.1-2: a player with no species takes a new one (Body Size 1, Population 1); deal 3 + 1 per species."""
    # everything fed and no food on the Watering Hole: the round ends at once and round 2 is dealt
    s = pos(S(1, 0, pop=1, food=1), S(2, 0, pop=2, food=2),
            S(3, 1, food=1), S(4, 1, food=1), S(5, 1, food=1))
    assert s.turn == 2 and to_move(s) == CHANCE
    assert len(s.rows[2]) == 1
    new = s.species[s.rows[2][0]]
    assert (new.body, new.pop, new.food, new.traits) == (1, 1, 0, ())
    assert Counter(s.draw_queue) == Counter({0: 5, 1: 6, 2: 4})
    s = settle(s)
    assert [len(h) for h in s.hands] == [5, 6, 4]


# ---- §4.2 select food ---------------------------------------------------------------------------------
def select_pos():
    return pos(S(1, 0), S(2, 1), S(3, 2), phase="select_food",
               hands=[["carnivore:3", "climbing:1"], ["horns:1", "foraging:2"], ["burrowing:1", "scavenger:2"]])


def test_select_food_is_mandatory_one_card_from_hand():
    """§4.2: each player must put one card from his hand on the Watering Hole; no passing."""
    s = select_pos()
    assert to_move(s) == 0
    assert set(legal_actions(s)) == {SelectFood("carnivore:3"), SelectFood("climbing:1")}
    assert rule_of(s, Pass()) is not None and rule_of(s, EndTurn()) is not None
    assert rule_of(s, SelectFood("horns:1")) == "northstar.card.not-in-hand"
    s, _ = apply(s, SelectFood("carnivore:3"))
    assert s.hands[0] == ["climbing:1"] and to_move(s) == 1


def test_select_food_card_is_hidden_from_others():
    """§4.2: the food card lies face down: the others see only that a card was placed."""
    s, _ = apply(select_pos(), SelectFood("carnivore:3"))
    o0 = evolab.observe(s, 0).to_dict()
    o1 = evolab.observe(s, 1).to_dict()
    assert o0["food_card"] == "carnivore:3"
    assert o1["food_card"] == "" and o1["food_cards_placed"] == 1
    assert "carnivore" not in json.dumps(o1)
    assert o1["hand_sizes"] == [1, 2, 2]


def test_play_cards_starts_after_everyone_selected():
    """§4: Select Food → Play Cards, starting with the first player."""
    s = pos(S(1, 0), S(2, 1), S(3, 2), phase="select_food", first=1,
            hands=[["climbing:1"], ["horns:1"], ["burrowing:1"]])
    assert to_move(s) == 1
    s, _ = play(s, SelectFood("horns:1"), SelectFood("burrowing:1"), SelectFood("climbing:1"))
    assert s.phase == "play_cards" and to_move(s) == 1


# ---- §4.3 play cards ----------------------------------------------------------------------------------
def play_pos(*species, hands, **kw):
    return pos(*species, phase="play_cards", hands=hands, **kw)


def test_trait_played_face_down_until_all_players_end():
    """§4.3: traits go face down; revealed all at once after every player's turn."""
    s = play_pos(S(1, 0, pop=3), S(2, 1), S(3, 2), hands=[["climbing:3", "horns:1"], [], []], watering=5)
    s, _ = apply(s, PlaceTrait("climbing:3", 1))
    sp = s.species[1]
    assert sp.pending == ("climbing:3",) and sp.traits == () and not sp.has("climbing")
    assert s.hands[0] == ["horns:1"]
    s, _ = apply(s, EndTurn())
    assert to_move(s) == 1 and s.species[1].pending == ("climbing:3",)
    s, _ = play(s, EndTurn(), EndTurn())
    assert s.phase == "feeding"
    assert s.species[1].traits == ("climbing:3",) and s.species[1].pending == () and s.species[1].has("climbing")
    assert s.hands[0] == ["horns:1"]         # unplayed cards stay in hand


def test_face_down_trait_shows_only_as_a_count_to_others():
    """§4.3: another seat sees only how many face-down cards a species has, not which."""
    s = play_pos(S(1, 0), S(2, 1), S(3, 2), hands=[["climbing:3"], ["fertile:2"], []])
    s, _ = apply(s, PlaceTrait("climbing:3", 1))
    sp1 = {d["id"]: d for d in evolab.observe(s, 1).to_dict()["species"]}[1]
    assert sp1["pending"] == 1 and sp1["traits"] == []
    assert "climbing" not in json.dumps(evolab.observe(s, 1).to_dict())
    sp0 = {d["id"]: d for d in evolab.observe(s, 0).to_dict()["species"]}[1]
    assert sp0["pending"] == ["climbing:3"]


def test_play_cards_one_turn_each_in_order():
    """§4.3: starting with the first player, clockwise, one turn each."""
    s = play_pos(S(1, 0), S(2, 1), S(3, 2), hands=[[], [], []], first=2, watering=3)
    assert to_move(s) == 2
    s, _ = apply(s, EndTurn())
    assert to_move(s) == 0
    s, _ = apply(s, EndTurn())
    assert to_move(s) == 1
    s, _ = apply(s, EndTurn())
    assert s.phase == "feeding"


def test_trait_limit_counts_face_down_traits():
    """§13.14: a species with 3 traits, some face down, needs a replacement to take another."""
    s = play_pos(S(1, 0, "climbing", "foraging"), S(2, 1), S(3, 2),
                 hands=[["horns:1", "burrowing:1"], [], []])
    s, _ = apply(s, PlaceTrait("horns:1", 1))
    assert rule_of(s, PlaceTrait("burrowing:1", 1)) == "northstar.trait-limit"
    assert PlaceTrait("burrowing:1", 1) not in legal_actions(s)
    s, _ = apply(s, PlaceTrait("burrowing:1", 1, "horns:1"))   # a face-down card can be replaced too
    assert s.species[1].pending == ("burrowing:1",) and discards(s, "horns:1") == 1


def test_replacement_sends_old_trait_to_discard():
    """§4.3.1: replacing a trait discards the old card to the discard pile; the new one goes face down."""
    s = play_pos(S(1, 0, "climbing:3", "foraging", "horns"), S(2, 1), S(3, 2), hands=[["burrowing:1"], [], []])
    before = discards(s)
    s, _ = apply(s, PlaceTrait("burrowing:1", 1, "climbing:3"))
    sp = s.species[1]
    assert "climbing:3" not in sp.traits and not sp.has("climbing")
    assert sp.pending == ("burrowing:1",)
    assert discards(s) == before + 1 and discards(s, "climbing:3") == 1
    assert s.hands[0] == []


def test_replaced_face_down_trait_never_acts():
    """§6 notes: a trait replaced during Play Cards never acts (Long Neck replaced before the reveal)."""
    s = play_pos(S(1, 0, pop=3), S(2, 1, pop=3), S(3, 2, pop=3), hands=[["long_neck:3", "climbing:1"], [], []],
                 watering=5)
    s, _ = play(s, PlaceTrait("long_neck:3", 1), PlaceTrait("climbing:1", 1, "long_neck:3"))
    s = end_turns(s)
    assert s.species[1].traits == ("climbing:1",) and s.species[1].food == 0


def test_replacement_of_non_full_species_allowed():
    """§4.3.1: a trait may be replaced simply to change it (species not full)."""
    s = play_pos(S(1, 0, "climbing:3"), S(2, 1), S(3, 2), hands=[["burrowing:1"], [], []])
    assert PlaceTrait("burrowing:1", 1, "climbing:3") in legal_actions(s)


@pytest.mark.parametrize("options,bag", [({}, 0), ({"replaced_fat_to_bag": True}, 2), ({"score_fat": True}, 2)])
def test_replaced_fat_tissue_loses_its_fat(options, bag):
    """§4.3 ruling / README 33: fat on a replaced Fat Tissue goes to the Food Bank (to the bag with the options)."""
    s = play_pos(S(1, 0, "fat_tissue", body=3, fat=2), S(2, 1), S(3, 2), hands=[["climbing:1"], [], []],
                 options=options)
    s, _ = apply(s, PlaceTrait("climbing:1", 1, "fat_tissue:-1"))
    assert s.species[1].fat == 0 and not s.species[1].has("fat_tissue")
    assert s.bags == (bag, 0, 0)


def test_no_two_traits_of_the_same_name():
    """§4.3.1: never two traits with the same name (revealed or face down)."""
    s = play_pos(S(1, 0, "climbing:3"), S(2, 1), S(3, 2), hands=[["climbing:1", "horns:1", "horns:2"], [], []])
    assert rule_of(s, PlaceTrait("climbing:1", 1)) == "northstar.trait-duplicate"
    s, _ = apply(s, PlaceTrait("horns:1", 1))
    assert rule_of(s, PlaceTrait("horns:2", 1)) == "northstar.trait-duplicate"
    assert not any(isinstance(a, PlaceTrait) and a.card == "horns:2" and a.species == 1 and not a.replace
                   for a in legal_actions(s))


def test_traits_only_on_own_species():
    """§4.3.1: a player plays traits on his own species."""
    s = play_pos(S(1, 0), S(2, 1), S(3, 2), hands=[["climbing:1"], [], []])
    assert rule_of(s, PlaceTrait("climbing:1", 2)) == "northstar.own-species"
    assert rule_of(s, Grow("climbing:1", 2, "body")) == "northstar.own-species"


@pytest.mark.parametrize("side,row", [("left", (4, 1, 2)), ("right", (1, 2, 4))])
def test_new_species_at_left_or_right_end(side, row):
    """§4.3.2: discard a card for a new species (Body Size 1, Population 1) at the left or right end."""
    s = play_pos(S(1, 0), S(2, 0), S(3, 1), hands=[["horns:1"], [], []])
    s, _ = apply(s, NewSpecies("horns:1", side))
    assert s.rows[0] == row
    new = s.species[4]
    assert (new.owner, new.body, new.pop, new.food, new.traits, new.pending) == (0, 1, 1, 0, (), ())
    assert s.hands[0] == [] and discards(s, "horns:1") == 1
    assert rule_of(s, NewSpecies("horns:1", "middle")) is not None


@pytest.mark.parametrize("what,attr", [("body", "body"), ("population", "pop")])
def test_grow_body_or_population_up_to_six(what, attr):
    """§4.3.3: discard a card: +1 Body Size or Population of one species, at most 6."""
    s = play_pos(S(1, 0, body=5, pop=5), S(2, 1), S(3, 2), hands=[["horns:1", "horns:2"], [], []])
    s, _ = apply(s, Grow("horns:1", 1, what))
    assert getattr(s.species[1], attr) == 6 and discards(s, "horns:1") == 1
    assert rule_of(s, Grow("horns:2", 1, what)) == "northstar.grow.max"
    assert Grow("horns:2", 1, what) not in legal_actions(s)


def test_play_card_needs_card_in_hand():
    """§4.3: each action costs one card from the player's hand."""
    s = play_pos(S(1, 0), S(2, 1), S(3, 2), hands=[["horns:1"], [], []])
    assert rule_of(s, Grow("climbing:1", 1, "body")) == "northstar.card.not-in-hand"
    with pytest.raises(IllegalActionError) as e:
        apply(s, NewSpecies("climbing:1", "left"))
    assert e.value.rule == "northstar.card.not-in-hand"


def test_many_actions_in_one_turn():
    """§4.3: any number of actions in one turn, each costing a card."""
    s = play_pos(S(1, 0), S(2, 1), S(3, 2), hands=[["horns:1", "horns:2", "climbing:1"], [], []])
    s, _ = play(s, Grow("horns:1", 1, "body"), Grow("horns:2", 1, "population"), PlaceTrait("climbing:1", 1))
    assert to_move(s) == 0 and (s.species[1].body, s.species[1].pop) == (2, 2) and s.hands[0] == []


def test_six_players_play_cards_simultaneous_hidden():
    """Scenarios §5 / §4.3: with 6 players the others see the table as it was when Play Cards began."""
    hands = [["horns:1", "climbing:1"]] + [["scavenger"]] * 5
    s = pos(*[S(i + 1, i) for i in range(6)], players=6, phase="select_food", hands=hands, watering=5)
    for _ in range(6):
        s, _ = apply(s, legal_actions(s)[-1])
    assert s.phase == "play_cards" and to_move(s) == 0
    s, _ = play(s, NewSpecies("climbing:1", "right"))
    o1 = evolab.observe(s, 1).to_dict()
    assert o1["rows"][0] == [1] and o1["hand_sizes"][0] == 1
    assert evolab.observe(s, 0).to_dict()["rows"][0] == [1, 7]
    for _ in range(6):
        s, _ = apply(s, EndTurn())
    assert s.phase == "feeding"
    assert evolab.observe(s, 1).to_dict()["rows"][0] == [1, 7]


def test_five_players_play_cards_in_turn_visible():
    """Scenarios §5: the simultaneous rule is for 6 players only; with 5 others see the new species."""
    hands = [["horns:1", "climbing:1"]] + [["scavenger"]] * 4
    s = pos(*[S(i + 1, i) for i in range(5)], players=5, phase="select_food", hands=hands)
    for _ in range(5):
        s, _ = apply(s, legal_actions(s)[-1])
    s, _ = play(s, NewSpecies("climbing:1", "right"))
    o1 = evolab.observe(s, 1).to_dict()
    assert o1["rows"][0] == [1, 6] and o1["hand_sizes"][0] == 0


# ---- §5.1 reveal step ---------------------------------------------------------------------------------
def reveal(*species, watering=0, options=None, first=0, hands=None):
    s = play_pos(*species, hands=hands or [[], [], []], watering=watering, options=options, first=first)
    return end_turns(s)


@pytest.mark.parametrize("watering,options,pop", [(1, None, 3), (0, None, 2), (0, {"fertile_needs_food": False}, 3)])
def test_fertile_needs_food_on_watering_hole(watering, options, pop):
    """§5.1 / §11: Fertile +1 Population if the Watering Hole holds food (option: always)."""
    s = reveal(S(1, 0, "fertile", pop=2), S(2, 1), KEEPER, watering=watering, options=options)
    assert s.phase == "feeding" and s.turn == 1
    assert s.species[1].pop == pop


def test_fertile_max_six():
    """§5.1: Fertile cannot raise Population above 6."""
    s = reveal(S(1, 0, "fertile", pop=6), S(2, 1), KEEPER, watering=3)
    assert s.species[1].pop == 6


def test_fertile_judged_before_food_cards_revealed():
    """§5.1: Fertile acts before the food cards: an empty Watering Hole gives nothing even if cards add food."""
    s = pos(S(1, 0, "fertile", pop=2), S(2, 1), KEEPER, phase="select_food",
            hands=[["long_neck:9"], ["foraging:7"], ["fertile:7"]])
    s, _ = play(s, SelectFood("long_neck:9"), SelectFood("foraging:7"), SelectFood("fertile:7"))
    s = end_turns(s)
    assert s.species[1].pop == 2 and s.watering == 23


def test_fertile_round_one_does_nothing():
    """§6 notes: in round 1 the Watering Hole is empty, so Fertile does nothing."""
    s = reveal(S(1, 0, "fertile", pop=1), S(2, 1), KEEPER, watering=0)
    assert s.species[1].pop == 1


def test_long_neck_takes_one_from_food_bank():
    """§5.1: Long Neck takes 1 plant food from the Food Bank, not the Watering Hole."""
    s = reveal(S(1, 0, "long_neck", pop=3), S(2, 1, pop=3), S(3, 2), watering=4)
    assert s.species[1].food == 1 and s.watering == 4


def test_long_neck_with_foraging_takes_two():
    """§5.1: Long Neck with Foraging takes 2."""
    s = reveal(S(1, 0, "long_neck", "foraging", pop=3), S(2, 1, pop=3), S(3, 2), watering=4)
    assert s.species[1].food == 2 and s.watering == 4


def test_long_neck_foraging_watering_hole_only_option():
    """§11: with foraging_everywhere=false, Foraging adds only at the Watering Hole (Long Neck gives 1)."""
    s = reveal(S(1, 0, "long_neck", "foraging", pop=3), S(2, 1, pop=3), S(3, 2), watering=4,
               options={"foraging_everywhere": False})
    assert s.species[1].food == 1


def test_long_neck_triggers_cooperation_from_food_bank():
    """§5.1 / §6 notes: Long Neck's intake triggers Cooperation; the neighbour takes from the Food Bank."""
    s = reveal(S(1, 0, "long_neck", "cooperation", pop=3), S(2, 0, pop=3), S(3, 1, pop=3), S(4, 2), watering=4)
    assert s.species[1].food == 1 and s.species[2].food == 1 and s.watering == 4


def test_long_neck_carnivore_gets_nothing():
    """§5.1: a Carnivore with Long Neck gets nothing."""
    s = reveal(S(1, 0, "long_neck", "carnivore", body=3, pop=3), S(2, 1, pop=3), S(3, 2), watering=4)
    assert s.species[1].food == 0


def test_fat_tissue_moves_fat_up_to_population_without_triggers():
    """§5.1: stored fat moves to the board up to Population; it triggers no Cooperation."""
    s = reveal(S(1, 0, "fat_tissue", "cooperation", body=5, pop=3, fat=5), S(2, 0, pop=3), S(3, 1, pop=3),
               S(4, 2), watering=4)
    assert (s.species[1].food, s.species[1].fat) == (3, 2)
    assert s.species[2].food == 0 and s.watering == 4


def test_reveal_order_fertile_before_fat_tissue():
    """README 30: per species Fertile → Long Neck → Fat Tissue, so fat fills the grown Population."""
    s = reveal(S(1, 0, "fertile", "fat_tissue", body=4, pop=2, fat=3), S(2, 1, pop=3), S(3, 2), watering=2)
    assert (s.species[1].pop, s.species[1].food, s.species[1].fat) == (3, 3, 0)


def test_long_neck_fills_then_fat_tops_up():
    """§5.1: Long Neck then Fat Tissue: food up to Population, the rest of the fat stays."""
    s = reveal(S(1, 0, "long_neck", "fat_tissue", body=3, pop=2, fat=3), S(2, 1, pop=3), S(3, 2), watering=2)
    assert (s.species[1].food, s.species[1].fat) == (2, 2)


def test_food_cards_added_to_watering_hole_and_discarded():
    """§5.1.2: the food cards' numbers are added to the Watering Hole; the cards go to the discard pile."""
    s = pos(S(1, 0, pop=2), S(2, 1, pop=2), S(3, 2, pop=2), phase="select_food", watering=1,
            hands=[["long_neck:9"], ["ambush:-3"], ["carnivore:0"]])
    s, _ = play(s, SelectFood("long_neck:9"), SelectFood("ambush:-3"), SelectFood("carnivore:0"))
    assert s.watering == 1 and discards(s) == 0
    s = end_turns(s)
    assert s.phase == "feeding" and s.watering == 1 + 9 - 3 + 0
    assert discards(s) == 3 and discards(s, "long_neck:9") == 1 and discards(s, "ambush:-3") == 1
    assert s.food_cards == ("", "", "")


def test_negative_food_total_removes_but_not_below_zero():
    """§5.1.2 / §13.9: a negative total removes food from the Watering Hole, never below 0."""
    s = pos(S(1, 0, pop=2), S(2, 1, pop=2), KEEPER, phase="select_food", watering=2,
            hands=[["ambush:-3"], ["pack_hunting:-2"], ["carnivore:0"]])
    s, _ = play(s, SelectFood("ambush:-3"), SelectFood("pack_hunting:-2"), SelectFood("carnivore:0"))
    s = end_turns(s)
    assert s.phase == "feeding" and s.watering == 0


def test_negative_food_total_partial_removal():
    """§5.1.2: a negative total removes that many from the Watering Hole."""
    s = pos(S(1, 0, pop=2), S(2, 1, pop=2), KEEPER, phase="select_food", watering=7,
            hands=[["ambush:-3"], ["pack_hunting:-2"], ["carnivore:1"]])
    s, _ = play(s, SelectFood("ambush:-3"), SelectFood("pack_hunting:-2"), SelectFood("carnivore:1"))
    s = end_turns(s)
    assert s.watering == 3


def test_feeding_starts_with_first_player():
    """§5.2: feeding turns start with the first player."""
    s = reveal(S(1, 0, pop=2), S(2, 1, pop=2), S(3, 2, pop=2), watering=5, first=1)
    assert s.phase == "feeding" and to_move(s) == 1


# ---- §5.2 feeding -------------------------------------------------------------------------------------
def test_eat_plant_takes_one_and_turn_passes():
    """§5.2: a non-Carnivore takes 1 plant food from the Watering Hole; one feeding per turn."""
    s = pos(S(1, 0, pop=3), S(2, 1, pop=2), S(3, 2, pop=2), watering=5)
    s, _ = apply(s, EatPlant(1))
    assert s.species[1].food == 1 and s.watering == 4 and to_move(s) == 1


def test_foraging_takes_two():
    """§5.2: Foraging takes 1 more plant food."""
    s = pos(S(1, 0, "foraging", pop=3), S(2, 1, pop=2), S(3, 2, pop=2), watering=5)
    s, _ = apply(s, EatPlant(1))
    assert s.species[1].food == 2 and s.watering == 3


def test_foraging_second_food_only_if_food_remains():
    """§5.2: Foraging's extra food only if the Watering Hole still has food."""
    s = pos(S(1, 0, "foraging", pop=3), S(2, 1, pop=2), KEEPER, watering=1)
    s, _ = apply(s, EatPlant(1))
    assert s.species[1].food == 1 and s.watering == 0


def test_foraging_second_food_only_if_room():
    """§5.2: Foraging's extra food only if the species still has room."""
    s = pos(S(1, 0, "foraging", pop=2, food=1), S(2, 1, pop=2), S(3, 2, pop=2), watering=5)
    s, _ = apply(s, EatPlant(1))
    assert s.species[1].food == 2 and s.watering == 4


def test_cooperation_chain_to_the_right():
    """§5.4: Cooperation gives the right neighbour 1 from the same source; the chain continues."""
    s = pos(S(1, 0, "cooperation", pop=3), S(2, 0, "cooperation", pop=3), S(3, 0, pop=3), S(4, 0, pop=3),
            S(5, 1, pop=2), S(6, 2, pop=2), watering=10)
    s, _ = apply(s, EatPlant(1))
    assert [s.species[i].food for i in (1, 2, 3, 4)] == [1, 1, 1, 0]
    assert s.watering == 7


def test_cooperation_only_to_the_right():
    """§5.4: only the species immediately to the right takes food, not the one to the left."""
    s = pos(S(1, 0, pop=3), S(2, 0, "cooperation", pop=3), S(3, 0, pop=3), S(4, 1, pop=3), S(5, 2), watering=10)
    s, _ = apply(s, EatPlant(2))
    assert [s.species[i].food for i in (1, 2, 3, 4)] == [0, 1, 1, 0]


def test_cooperation_chain_stops_when_watering_hole_empty():
    """§5.4: a chain from the Watering Hole stops when it is empty."""
    s = pos(S(1, 0, "cooperation", pop=3), S(2, 0, "cooperation", pop=3), S(3, 0, pop=3),
            S(5, 1, pop=2), KEEPER, watering=2)
    s, _ = apply(s, EatPlant(1))
    assert [s.species[i].food for i in (1, 2, 3)] == [1, 1, 0]
    assert s.watering == 0


def test_cooperation_carnivore_on_right_gets_no_plant_food():
    """§5.4 / §13.12: a Carnivore to the right takes no plant food, and the chain stops there."""
    s = pos(S(1, 0, "cooperation", pop=3), S(2, 0, "carnivore", "cooperation", body=2, pop=3), S(3, 0, pop=3),
            S(5, 1, pop=2), S(6, 2, pop=2), watering=10)
    s, _ = apply(s, EatPlant(1))
    assert [s.species[i].food for i in (1, 2, 3)] == [1, 0, 0]
    assert s.watering == 9


def test_cooperation_skips_full_neighbour():
    """§5.4: the right neighbour takes only if it has room (and then the chain stops)."""
    s = pos(S(1, 0, "cooperation", pop=3), S(2, 0, "cooperation", pop=1, food=1), S(3, 0, pop=3),
            S(5, 1, pop=2), S(6, 2, pop=2), watering=10)
    s, _ = apply(s, EatPlant(1))
    assert [s.species[i].food for i in (1, 2, 3)] == [1, 1, 0] and s.watering == 9


def test_cooperation_receiver_with_foraging_takes_two():
    """§11: second-edition Foraging adds 1 on every plant intake, Cooperation's too."""
    s = pos(S(1, 0, "cooperation", pop=3), S(2, 0, "foraging", pop=3), S(5, 1, pop=2), S(6, 2, pop=2), watering=10)
    s, _ = apply(s, EatPlant(1))
    assert [s.species[i].food for i in (1, 2)] == [1, 2] and s.watering == 7


def test_cooperation_receiver_foraging_first_edition_option():
    """§11: foraging_everywhere=false: Foraging is not triggered by Cooperation."""
    s = pos(S(1, 0, "cooperation", pop=3), S(2, 0, "foraging", pop=3), S(5, 1, pop=2), S(6, 2, pop=2), watering=10,
            options={"foraging_everywhere": False})
    s, _ = apply(s, EatPlant(1))
    assert [s.species[i].food for i in (1, 2)] == [1, 1] and s.watering == 8


def test_carnivore_never_eats_plants():
    """§0 / §6: a Carnivore can never take plant food from the Watering Hole."""
    s = pos(S(1, 0, "carnivore", body=2, pop=3), S(2, 1, pop=2), S(3, 2, pop=2), watering=5)
    assert rule_of(s, EatPlant(1)) == "northstar.carnivore.plants"
    assert EatPlant(1) not in legal_actions(s)


def test_cannot_feed_a_full_species_without_fat_tissue():
    """§5.2: a species never holds more food than its Population."""
    s = pos(S(1, 0, pop=2, food=2), S(4, 0, pop=2), S(2, 1, pop=2), S(3, 2, pop=2), watering=5)
    assert EatPlant(1) not in legal_actions(s) and rule_of(s, EatPlant(1)) is not None


def test_cannot_feed_other_players_species():
    """§5.2: a player feeds his own species."""
    s = pos(S(1, 0, pop=2), S(2, 1, pop=2), S(3, 2, pop=2), watering=5)
    assert rule_of(s, EatPlant(2)) == "northstar.own-species"


def test_compulsory_feeding_refuses_pass():
    """§5.2: a player must feed a hungry species if he can: Pass is refused."""
    s = pos(S(1, 0, pop=2), S(2, 1, pop=2), S(3, 2, pop=2), watering=5)
    assert Pass() not in legal_actions(s)
    assert rule_of(s, Pass()) == "northstar.feeding.compulsory"
    assert s.ruleset.compulsory(s, 0)


def test_carnivore_must_attack_own_species_if_only_target():
    """§5.2: a Carnivore whose only legal targets are its owner's species must attack one of them."""
    s = pos(S(1, 0, "carnivore", body=2, pop=2), S(2, 0, pop=1), S(3, 1, "climbing", pop=2), KEEPER, watering=0)
    assert to_move(s) == 0
    assert legal_actions(s) == [Hunt(1, 2)]
    assert rule_of(s, Pass()) == "northstar.feeding.compulsory"
    s, _ = apply(s, Hunt(1, 2))
    assert 2 not in s.species and s.species[1].food == 1


def test_intelligence_never_compulsory():
    """§5.2: the duty to feed is judged without Intelligence; the player may pass or use it."""
    s = pos(S(1, 0, "intelligence", pop=2), S(2, 1, pop=2), KEEPER, watering=0, hands=[["climbing:1"], [], []])
    assert to_move(s) == 0
    assert Pass() in legal_actions(s) and ThinkFood(1, "climbing:1") in legal_actions(s)
    assert not s.ruleset.compulsory(s, 0)


def test_carnivore_needing_intelligence_is_not_compulsory():
    """§5.2: a Carnivore that could attack only by discarding for Intelligence need not feed."""
    s = pos(S(1, 0, "carnivore", "intelligence", body=3, pop=2), S(2, 1, "climbing", pop=2, food=2),
            S(3, 2, "climbing", pop=2, food=2), watering=0, hands=[["horns:1"], [], []])
    assert to_move(s) == 0
    acts = legal_actions(s)
    assert Pass() in acts and Hunt(1, 2, "horns:1", "climbing") in acts and Hunt(1, 2) not in acts


def test_fat_filling_optional_by_default():
    """§5.2 / README 29: a full species with Fat Tissue room may keep eating but need not."""
    s = pos(S(1, 0, "fat_tissue", body=3, pop=1, food=1), S(2, 1, pop=3), S(3, 2, pop=3), watering=5)
    assert to_move(s) == 0
    assert EatPlant(1) in legal_actions(s) and Pass() in legal_actions(s)
    s2, _ = apply(s, EatPlant(1))
    assert (s2.species[1].food, s2.species[1].fat, s2.watering) == (1, 1, 4)
    s3, _ = apply(s, Pass())
    assert to_move(s3) == 1 and s3.species[1].fat == 0


def test_fat_filling_mandatory_option():
    """§5.2: with fat_filling_mandatory a full species with Fat Tissue room must keep eating."""
    s = pos(S(1, 0, "fat_tissue", body=3, pop=1, food=1), S(2, 1, pop=3), S(3, 2, pop=3), watering=5,
            options={"fat_filling_mandatory": True})
    assert rule_of(s, Pass()) == "northstar.feeding.compulsory"


def test_fat_stops_at_body_size():
    """§5.2 / §6: Fat Tissue holds up to the species' Body Size."""
    s = pos(S(1, 0, "fat_tissue", body=2, pop=1, food=1, fat=2), S(2, 1, pop=3), S(3, 2, pop=3), watering=5)
    assert EatPlant(1) not in legal_actions(s)


def test_full_carnivore_with_fat_room_may_attack_optionally():
    """§5.2 / §5.3: a full Carnivore with Fat Tissue room may attack (fat filling) but need not."""
    s = pos(S(1, 0, "carnivore", "fat_tissue", body=3, pop=1, food=1), S(2, 1, pop=3, food=3),
            S(3, 2, pop=3, food=3), watering=0)
    assert to_move(s) == 0
    assert Hunt(1, 2) in legal_actions(s) and Pass() in legal_actions(s)
    s, _ = apply(s, Hunt(1, 2))
    assert (s.species[1].food, s.species[1].fat) == (1, 1)


def test_seat_with_nothing_to_do_is_skipped():
    """§5.2: a player who cannot feed any species is skipped."""
    s = pos(S(1, 0, pop=3), S(2, 1, pop=2, food=2), S(3, 2, pop=3), watering=5)
    s, _ = apply(s, EatPlant(1))
    assert to_move(s) == 2


def test_feeding_ends_after_full_circuit_of_passes():
    """§5.2: with no compulsory feeding, a full circuit of declined turns ends feeding (round ends)."""
    s = pos(S(1, 0, "fat_tissue", body=3, pop=1, food=1), S(2, 1, pop=1, food=1), S(3, 2, pop=1, food=1),
            watering=5)
    assert s.phase == "feeding" and to_move(s) == 0
    s, _ = apply(s, Pass())
    assert s.turn == 2 and s.phase != "feeding"
    assert s.bags == (1, 1, 1) and s.watering == 5


def test_feeding_ends_when_nobody_can_feed():
    """§5.2: the feeding phase ends when no species can feed; the last food ends the round."""
    s = pos(S(1, 0, pop=2, food=1), S(2, 1, pop=1, food=1), S(3, 2, pop=1, food=1), watering=1)
    s, _ = apply(s, EatPlant(1))
    assert s.turn == 2 and s.bags == (2, 1, 1) and s.watering == 0


# ---- §5.3 attacks: legality --------------------------------------------------------------------------
def atk(a, t, *more, watering=5, options=None, hands=None):
    """A feeding position with attacker ``a`` (seat 0), target ``t`` and a grazer keeping the phase alive."""
    return pos(a, t, *more, GRAZER, watering=watering, options=options, hands=hands)


def test_attack_size_must_be_greater():
    """§5.3.1: attack size must be greater than defence size."""
    s = atk(S(1, 0, "carnivore", body=2, pop=2), S(2, 1, body=2, pop=2), S(3, 1, body=1, pop=2))
    assert block(s, 1, 2) == "northstar.size" and rule_of(s, Hunt(1, 2)) == "northstar.size"
    assert block(s, 1, 3) is None and Hunt(1, 3) in legal_actions(s)


def test_carnivore_cannot_attack_itself():
    """§13.1: a Carnivore cannot attack itself."""
    s = atk(S(1, 0, "carnivore", body=6, pop=2), S(2, 1, pop=2))
    assert block(s, 1, 1) is not None and rule_of(s, Hunt(1, 1)) == "northstar.carnivore.itself"


def test_non_carnivore_cannot_attack():
    """§5.3: only a Carnivore attacks."""
    s = atk(S(1, 0, body=6, pop=2), S(2, 1, pop=2))
    assert block(s, 1, 2) == "northstar.carnivore" and rule_of(s, Hunt(1, 2)) is not None


def test_refusals_of_attacks_say_which_rule_in_words():
    """Each refusal's message is its own rule's: a non-Carnivore is not protected against, a protection is named."""
    s = atk(S(1, 0, body=6, pop=2), S(2, 1, pop=2))
    assert tuple(check(s, Hunt(1, 2))) == ("northstar.carnivore", "species 1 is not a Carnivore")
    s = atk(S(1, 0, "carnivore", body=6, pop=2), S(2, 1, "climbing", pop=2))
    assert tuple(check(s, Hunt(1, 2))) == ("northstar.climbing", "the target is protected by Climbing")


def test_full_carnivore_without_fat_room_cannot_attack():
    """§13.2: a full Carnivore without Fat Tissue room cannot attack."""
    s = atk(S(1, 0, "carnivore", body=4, pop=2, food=2), S(2, 1, pop=2))
    assert block(s, 1, 2) == "northstar.carnivore.full"
    assert rule_of(s, Hunt(1, 2)) is not None and Hunt(1, 2) not in legal_actions(s)


@pytest.mark.parametrize("options,target_body,ok", [
    ({}, 4, True), ({}, 5, False),
    ({"pack_hunting_variant": "plus3"}, 4, True), ({"pack_hunting_variant": "plus3"}, 5, False)])
def test_pack_hunting(options, target_body, ok):
    """§5.3.1 / §11: Pack Hunting adds Population (or +3 with the plus3 variant)."""
    pop = 3 if not options else 1          # 2 + 3 = 5 either way
    s = atk(S(1, 0, "carnivore", "pack_hunting", body=2, pop=pop), S(2, 1, body=target_body, pop=2), options=options)
    assert (block(s, 1, 2) is None) is ok
    if not ok:
        assert block(s, 1, 2) == "northstar.size"


def test_pack_hunting_population_counts_not_plus3_by_default():
    """§5.3.1: second edition adds Population, not a flat 3."""
    s = atk(S(1, 0, "carnivore", "pack_hunting", body=2, pop=6), S(2, 1, body=6, pop=2))
    assert block(s, 1, 2) is None          # 2 + 6 = 8 > 6 (plus3 would give 5)


@pytest.mark.parametrize("body,options,ok", [(5, {}, False), (6, {}, True), (5, {"hard_shell_bonus": 3}, True),
                                             (4, {"hard_shell_bonus": 3}, False)])
def test_hard_shell(body, options, ok):
    """§5.3.1 / README 28: Hard Shell adds 4 to defence (3 with hard_shell_bonus=3)."""
    s = atk(S(1, 0, "carnivore", body=body, pop=2), S(2, 1, "hard_shell", body=1, pop=2), options=options)
    assert block(s, 1, 2) == (None if ok else "northstar.size")


def test_climbing():
    """§5.3.2: a Climbing target can be attacked only by a Climbing Carnivore."""
    s = atk(S(1, 0, "carnivore", body=3, pop=2), S(2, 1, "climbing", pop=2), S(3, 2, "carnivore", "climbing",
                                                                                body=3, pop=2))
    assert block(s, 1, 2) == "northstar.climbing" and rule_of(s, Hunt(1, 2)) == "northstar.climbing"
    assert block(s, 3, 2) is None


@pytest.mark.parametrize("food,fat,ok", [(2, 0, False), (1, 0, True), (2, 3, False), (1, 3, True), (2, 1, False)])
def test_burrowing(food, fat, ok):
    """§5.3.3 / §13.8: Burrowing is safe while board food = Population, whatever its fat."""
    s = atk(S(1, 0, "carnivore", body=6, pop=2), S(2, 1, "burrowing", "fat_tissue", body=4, pop=2, food=food, fat=fat))
    assert block(s, 1, 2) == (None if ok else "northstar.burrowing")


@pytest.mark.parametrize("apop,ok", [(2, False), (3, True), (1, False)])
def test_defensive_herding(apop, ok):
    """§5.3.4: against Defensive Herding the attacker's Population must be greater."""
    s = atk(S(1, 0, "carnivore", body=4, pop=apop), S(2, 1, "defensive_herding", body=1, pop=2))
    assert block(s, 1, 2) == (None if ok else "northstar.defensive_herding")


def test_symbiosis_right_neighbour_larger_protects():
    """§5.3.5: Symbiosis protects while the owner's species immediately to its right has a larger Body Size."""
    s = atk(S(1, 0, "carnivore", body=6, pop=2),
            S(2, 1, "symbiosis", body=2, pop=2), S(3, 1, body=3, pop=2),      # right larger: safe
            S(4, 1, "symbiosis", body=2, pop=2), S(5, 1, body=2, pop=2),      # right equal: open
            S(6, 1, body=5, pop=2), S(7, 1, "symbiosis", body=2, pop=2))       # larger on the left, none right
    assert block(s, 1, 2) == "northstar.symbiosis"
    assert block(s, 1, 4) is None
    assert block(s, 1, 7) is None


def test_symbiosis_neighbour_of_other_owner_does_not_count():
    """§5.3.5: only the owner's own species to the right counts."""
    s = atk(S(1, 0, "carnivore", body=6, pop=2), S(2, 1, "symbiosis", body=2, pop=2), S(3, 2, body=5, pop=2))
    assert block(s, 1, 2) is None


def test_symbiosis_checked_at_the_moment_growing_changes_protection():
    """§13.6: growing the right neighbour during Play Cards makes Symbiosis protect from then on."""
    s = play_pos(S(1, 0, "carnivore", body=6, pop=3), S(2, 1, "symbiosis", body=2, pop=2), S(3, 1, body=2, pop=2),
                 GRAZER, hands=[[], ["horns:1"], []], watering=5)
    assert block(s, 1, 2) is None
    s, _ = play(s, EndTurn(), Grow("horns:1", 3, "body"), EndTurn(), EndTurn())
    assert s.phase == "feeding"
    assert block(s, 1, 2) == "northstar.symbiosis"


def test_warning_call_protects_adjacent_both_sides_not_itself():
    """§5.3.6 / §13.7: Warning Call protects the owner's adjacent species on both sides, not itself."""
    s = atk(S(1, 0, "carnivore", body=6, pop=2),
            S(2, 1, pop=2), S(3, 1, "warning_call", pop=2), S(4, 1, pop=2), S(5, 1, pop=2))
    assert block(s, 1, 2) == "northstar.warning_call" and rule_of(s, Hunt(1, 2)) == "northstar.warning_call"
    assert block(s, 1, 4) == "northstar.warning_call"
    assert block(s, 1, 3) is None          # not itself
    assert block(s, 1, 5) is None          # not adjacent


def test_warning_call_only_protects_same_owner():
    """§5.3.6: only species of the Warning Call's owner are protected."""
    s = atk(S(1, 0, "carnivore", body=6, pop=2), S(2, 1, "warning_call", pop=2), S(3, 2, pop=2))
    assert block(s, 1, 3) is None


def test_ambush_ignores_all_warning_calls():
    """§5.3.6 / §13.7: Ambush ignores every Warning Call."""
    s = atk(S(1, 0, "carnivore", "ambush", body=6, pop=2),
            S(2, 1, "warning_call", pop=2), S(3, 1, pop=2), S(4, 1, "warning_call", pop=2))
    assert block(s, 1, 3) is None and Hunt(1, 3) in legal_actions(s)


def test_attacks_on_any_player_including_own():
    """§5.3: a Carnivore may attack its owner's other species."""
    s = atk(S(1, 0, "carnivore", body=3, pop=2), S(2, 1, pop=2), S(3, 0, pop=2))
    assert Hunt(1, 3) in legal_actions(s) and Hunt(1, 2) in legal_actions(s)


def test_attacks_possible_with_empty_watering_hole():
    """§13.3: attacks remain possible after the Watering Hole is empty."""
    s = pos(S(1, 0, "carnivore", body=3, pop=2), S(2, 1, pop=2), KEEPER, watering=0)
    assert to_move(s) == 0 and Hunt(1, 2) in legal_actions(s)
    assert rule_of(s, Pass()) == "northstar.feeding.compulsory"


# ---- §5.3.7 / §6 Intelligence ------------------------------------------------------------------------
def test_intelligence_cancels_one_defence_by_discarding():
    """§5.3.7 / §6: a Carnivore with Intelligence discards a card to cancel one defence for this attack."""
    s = atk(S(1, 0, "carnivore", "intelligence", body=3, pop=3), S(2, 1, "climbing", body=1, pop=2),
            hands=[["horns:1", "foraging:2"], [], []])
    assert block(s, 1, 2) == "northstar.climbing"
    assert Hunt(1, 2) not in legal_actions(s)
    assert Hunt(1, 2, "horns:1", "climbing") in legal_actions(s)
    s, _ = apply(s, Hunt(1, 2, "horns:1", "climbing"))
    assert s.hands[0] == ["foraging:2"] and discards(s, "horns:1") == 1
    assert s.species[2].pop == 1 and s.species[1].food == 1
    assert s.species[2].has("climbing")      # cancelled for this attack only


@pytest.mark.parametrize("trait,extra", [("hard_shell", {}), ("defensive_herding", {"pop": 4}),
                                          ("burrowing", {"food": 2})])
def test_intelligence_cancels_other_defences(trait, extra):
    """§6 notes: Intelligence may cancel Hard Shell, Defensive Herding, Burrowing."""
    t = S(2, 1, trait, body=1, pop=extra.get("pop", 2), food=extra.get("food", 0))
    s = atk(S(1, 0, "carnivore", "intelligence", body=3, pop=3), t, hands=[["horns:1"], [], []])
    assert block(s, 1, 2) is not None
    assert block(s, 1, 2, (trait,)) is None
    assert Hunt(1, 2, "horns:1", trait) in legal_actions(s)


def test_intelligence_cancels_symbiosis_and_warning_call():
    """§6 notes: Intelligence may cancel Symbiosis or a Warning Call protecting the target."""
    s = atk(S(1, 0, "carnivore", "intelligence", body=4, pop=3),
            S(2, 1, "symbiosis", body=1, pop=2), S(3, 1, body=3, pop=2),
            S(4, 2, "warning_call", pop=2), S(5, 2, pop=2), hands=[["horns:1"], [], []])
    assert Hunt(1, 2, "horns:1", "symbiosis") in legal_actions(s)
    assert Hunt(1, 5, "horns:1", "warning_call") in legal_actions(s)


def test_intelligence_cancels_only_one_defence():
    """§5.3.7: exactly one trait is cancelled per attack (default, no multi-discard)."""
    s = atk(S(1, 0, "carnivore", "intelligence", body=3, pop=3), S(2, 1, "climbing", "burrowing", pop=2, food=2),
            hands=[["horns:1"], [], []])
    assert rule_of(s, Hunt(1, 2, "horns:1", "climbing")) == "northstar.burrowing"
    assert rule_of(s, Hunt(1, 2, "horns:1", "burrowing")) == "northstar.climbing"
    assert not any(isinstance(a, Hunt) and a.prey == 2 for a in legal_actions(s))


def test_intelligence_cannot_cancel_size():
    """§6 notes: Intelligence cannot cancel the size rule."""
    s = atk(S(1, 0, "carnivore", "intelligence", body=2, pop=3), S(2, 1, body=3, pop=2), hands=[["horns:1"], [], []])
    assert rule_of(s, Hunt(1, 2, "horns:1", "size")) == "northstar.intelligence.cancel"
    assert rule_of(s, Hunt(1, 2, "horns:1", "climbing")) == "northstar.size"


def test_intelligence_cancel_needs_the_trait_and_a_card():
    """§6: only a species with Intelligence may cancel, and it needs a card from hand."""
    s = atk(S(1, 0, "carnivore", body=3, pop=3), S(2, 1, "climbing", pop=2), hands=[["horns:1"], [], []])
    assert rule_of(s, Hunt(1, 2, "horns:1", "climbing")) == "northstar.intelligence"
    s = atk(S(1, 0, "carnivore", "intelligence", body=3, pop=3), S(2, 1, "climbing", pop=2),
            hands=[["horns:1"], [], []])
    assert rule_of(s, Hunt(1, 2, "burrowing:1", "climbing")) == "northstar.card.not-in-hand"


def test_intelligence_cancels_horns():
    """§6 notes: Intelligence may cancel Horns: the attacker then loses no Population."""
    s = atk(S(1, 0, "carnivore", "intelligence", body=3, pop=2), S(2, 1, "horns", body=1, pop=2),
            hands=[["climbing:1"], [], []])
    assert Hunt(1, 2, "climbing:1", "horns") in legal_actions(s)
    s, _ = apply(s, Hunt(1, 2, "climbing:1", "horns"))
    assert s.species[1].pop == 2 and s.species[1].food == 1 and s.species[2].pop == 1


def test_intelligence_cancels_only_one_of_two_warning_calls():
    """§5.3.7 / §6 notes: Intelligence cancels one Warning Call; a second adjacent one still protects."""
    s = atk(S(1, 0, "carnivore", "intelligence", body=6, pop=3),
            S(2, 1, "warning_call", pop=2), S(3, 1, pop=2), S(4, 1, "warning_call", pop=2),
            hands=[["horns:1"], [], []])
    assert check(s, Hunt(1, 3, "horns:1", "warning_call")) is not None


def test_intelligence_multi_discard_option_cancels_two_defences():
    """§6 / §11: intelligence_multi_discard: several cards, each cancelling one defence, for one attack."""
    s = atk(S(1, 0, "carnivore", "intelligence", body=3, pop=3), S(2, 1, "climbing", "burrowing", pop=2, food=2),
            hands=[["horns:1", "horns:2"], [], []], options={"intelligence_multi_discard": True})
    assert any(isinstance(a, Hunt) and a.predator == 1 and a.prey == 2 for a in legal_actions(s))


def test_intelligence_non_carnivore_takes_two_from_food_bank():
    """§6: a non-Carnivore with Intelligence discards a card to take 2 plant food from the Food Bank."""
    s = pos(S(1, 0, "intelligence", pop=3), S(2, 1, pop=2), KEEPER, watering=0,
            hands=[["climbing:1", "horns:1"], [], []])
    s, _ = apply(s, ThinkFood(1, "climbing:1"))
    assert s.species[1].food == 2 and s.watering == 0
    assert s.hands[0] == ["horns:1"] and discards(s, "climbing:1") == 1
    assert to_move(s) != 0                   # it was his whole feeding turn


@pytest.mark.parametrize("options, food, coop", [(None, 3, 1), ({"foraging_everywhere": False}, 2, 1),
                                                 ({"intelligence_multi_discard": True}, 3, 1)])
def test_intelligence_plant_take_is_one_take_of_two(options, food, coop):
    """§6 notes (2026-12-01): Intelligence's non-Carnivore take is one take of 2 plant food: Foraging adds 1
    once (3 in all; the first-edition Foraging acts only at the Watering Hole: 2) and Cooperation fires once
    (its neighbour takes 1 from the Food Bank). intelligence_multi_discard changes nothing here (the
    non-Carnivore use is one card a turn in both texts)."""
    s = pos(S(1, 0, "intelligence", "foraging", "cooperation", pop=5), S(2, 0, pop=4), S(3, 1, pop=2), KEEPER,
            watering=0, hands=[["climbing:1", "horns:1"], [], []], options=options)
    s, ev = apply(s, ThinkFood(1, "climbing:1"))
    assert (s.species[1].food, s.species[2].food) == (food, coop) and s.watering == 0
    assert [e.source for e in ev if getattr(e, "animal", None) == 1 and hasattr(e, "source")] == ["intelligence"] * food
    assert s.hands[0] == ["horns:1"]


def test_intelligence_cooperation_chain_fires_once():
    """§6 notes / §5.4: one Intelligence take fires the Cooperation chain once: each species to the right
    takes 1 (Foraging on the receiver adds 1), not twice."""
    s = pos(S(1, 0, "intelligence", "cooperation", pop=4), S(2, 0, "cooperation", pop=4), S(4, 0, "foraging", pop=4),
            S(3, 1, pop=2), KEEPER, watering=0, hands=[["climbing:1"], [], []])
    s, _ = apply(s, ThinkFood(1, "climbing:1"))
    assert [s.species[i].food for i in (1, 2, 4)] == [2, 1, 2]


def test_intelligence_food_limited_to_room():
    """§5.2: Intelligence food is limited by room (Population)."""
    s = pos(S(1, 0, "intelligence", pop=2, food=1), S(2, 1, pop=2), S(3, 2, pop=2), watering=3,
            hands=[["climbing:1"], [], []])
    s, _ = apply(s, ThinkFood(1, "climbing:1"))
    assert s.species[1].food == 2 and s.watering == 3


def test_intelligence_carnivore_cannot_take_plants():
    """§6: a Carnivore uses Intelligence only to cancel a defence, never for plant food."""
    s = atk(S(1, 0, "carnivore", "intelligence", body=3, pop=3), S(2, 1, pop=2), hands=[["horns:1"], [], []])
    assert rule_of(s, ThinkFood(1, "horns:1")) == "northstar.intelligence.carnivore"


def test_think_food_needs_intelligence():
    """§6: only Intelligence gives food from the Food Bank on a feeding turn."""
    s = pos(S(1, 0, pop=3), S(2, 1, pop=2), S(3, 2, pop=2), watering=3, hands=[["climbing:1"], [], []])
    assert rule_of(s, ThinkFood(1, "climbing:1")) == "northstar.intelligence"


# ---- §5.3 attack resolution --------------------------------------------------------------------------
def test_attack_target_loses_one_pop_attacker_takes_meat_equal_to_body():
    """§5.3 resolution 2-3: target -1 Population; attacker takes meat = target's Body Size from the Food Bank."""
    s = atk(S(1, 0, "carnivore", body=4, pop=4), S(2, 1, body=3, pop=3, food=1))
    s, _ = apply(s, Hunt(1, 2))
    assert (s.species[2].pop, s.species[2].food) == (2, 1)
    assert s.species[1].food == 3
    assert s.watering == 5 and s.bags == (0, 0, 0)
    assert to_move(s) != 0


def test_attack_target_excess_food_to_bag():
    """§5.3 resolution 2 / §13.11: target food above its new Population goes to its owner's bag."""
    s = atk(S(1, 0, "carnivore", body=4, pop=4), S(2, 1, body=2, pop=3, food=3))
    s, _ = apply(s, Hunt(1, 2))
    assert (s.species[2].pop, s.species[2].food) == (2, 2) and s.bags == (0, 1, 0)


def test_attack_meat_limited_to_room():
    """§5.3 resolution 3: meat limited to what the attacker can hold; the rest is not taken."""
    s = atk(S(1, 0, "carnivore", body=5, pop=2, food=1), S(2, 1, body=4, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert s.species[1].food == 2 and s.species[1].fat == 0 and s.bags == (0, 0, 0)


def test_attack_meat_overflows_to_fat_tissue():
    """§5.3 resolution 3: after Population, meat goes onto Fat Tissue up to Body Size."""
    s = atk(S(1, 0, "carnivore", "fat_tissue", body=5, pop=2, food=1, fat=4), S(2, 1, body=4, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert (s.species[1].food, s.species[1].fat) == (2, 5)


def test_hard_shell_adds_no_meat():
    """§5.3 resolution 3: Hard Shell does not add meat."""
    s = atk(S(1, 0, "carnivore", body=6, pop=6), S(2, 1, "hard_shell", body=1, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert s.species[1].food == 1


def test_carnivore_with_foraging_gets_no_extra_meat():
    """§13.4: Foraging is plant-only: a Carnivore with Foraging gets exactly the target's Body Size."""
    s = atk(S(1, 0, "carnivore", "foraging", body=4, pop=6), S(2, 1, body=2, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert s.species[1].food == 2


def test_horns_attacker_loses_pop_first():
    """§5.3 resolution 1: Horns: the attacker loses 1 Population before taking meat."""
    s = atk(S(1, 0, "carnivore", body=3, pop=2, food=1), S(2, 1, "horns", body=1, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert (s.species[1].pop, s.species[1].food) == (1, 1)     # full after Horns: the meat is not taken
    assert s.species[2].pop == 1 and s.bags == (0, 0, 0)


def test_horns_attacker_excess_food_to_bag():
    """§5.3 resolution 1: attacker food above its new Population goes to its owner's bag."""
    s = atk(S(1, 0, "carnivore", "fat_tissue", body=4, pop=2, food=2), S(2, 1, "horns", body=2, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert (s.species[1].pop, s.species[1].food, s.species[1].fat) == (1, 1, 2)
    assert s.bags == (1, 0, 0)


def test_horns_attacker_extinct_attack_still_happens_scavengers_eat():
    """§5.3 res. 1 / §13.5: Horns kill the attacker (no food, owner draws); target still -1; Scavengers eat."""
    s = pos(S(1, 0, "carnivore", "ambush", body=3, pop=1), S(2, 1, "horns", body=2, pop=2, food=2),
            S(3, 2, "scavenger", pop=2), GRAZER, watering=5)
    before = discards(s)
    s, ev = apply(s, Hunt(1, 2))
    assert 1 not in s.species and s.rows[0] == ()
    assert (s.species[2].pop, s.species[2].food) == (1, 1) and s.bags == (0, 1, 0)
    assert s.species[3].food == 1
    assert discards(s) == before + 2 and discards(s, "carnivore:0") == 1
    assert s.draw_queue == (0, 0) and to_move(s) == CHANCE
    s = settle(s)
    assert len(s.hands[0]) == 2 and s.phase == "feeding"


def test_horns_killed_attacker_triggers_no_cooperation():
    """§5.3 resolution 1: an attacker made extinct by Horns takes no food, so its Cooperation gives nothing."""
    s = atk(S(1, 0, "carnivore", "cooperation", body=3, pop=1), S(3, 0, pop=2), S(2, 1, "horns", body=2, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert 1 not in s.species and s.species[3].food == 0 and s.species[2].pop == 1


def test_target_extinct_food_to_bag_fat_to_bank_cards_discarded_owner_draws():
    """§5.3 res. 2 / §8.2: extinct target: board food to bag, fat to bank, cards discarded, owner draws as many."""
    s = atk(S(1, 0, "carnivore", body=3, pop=3), S(2, 1, "fat_tissue", "foraging", body=2, pop=1, food=1, fat=2),
            S(3, 1, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert 2 not in s.species and s.rows[1] == (3,)
    assert s.bags == (0, 1, 0)
    assert s.species[1].food == 2
    assert discards(s) == 2
    assert s.draw_queue == (1, 1) and to_move(s) == CHANCE
    s = settle(s)
    assert len(s.hands[1]) == 2 and s.phase == "feeding"


def test_target_extinct_fat_to_bag_with_score_fat():
    """§7 / §8.2: with score_fat, fat on a species that goes extinct goes to its owner's bag."""
    s = atk(S(1, 0, "carnivore", body=3, pop=3), S(2, 1, "fat_tissue", body=2, pop=1, food=1, fat=2),
            options={"score_fat": True})
    s, _ = apply(s, Hunt(1, 2))
    assert s.bags == (0, 3, 0)


def test_extinction_without_traits_draws_nothing():
    """§8.2: the owner draws as many cards as trait cards were discarded (none: no draw)."""
    s = atk(S(1, 0, "carnivore", body=3, pop=3), S(2, 1, body=1, pop=1), S(3, 1, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert 2 not in s.species and s.draw_queue == () and to_move(s) != CHANCE


def test_cooperation_shares_meat():
    """§5.3 resolution 4 / §5.4 / §13.12: the attacker's Cooperation passes meat to the right, chaining."""
    s = atk(S(1, 0, "carnivore", "cooperation", body=3, pop=3), S(2, 0, "cooperation", pop=2), S(3, 0, pop=2),
            S(4, 1, body=2, pop=2))
    s, _ = apply(s, Hunt(1, 4))
    assert [s.species[i].food for i in (1, 2, 3)] == [2, 1, 1]
    assert s.watering == 5


def test_cooperation_meat_to_carnivore_on_right():
    """§5.4: meat passes to a Carnivore on the right (it can eat meat)."""
    s = atk(S(1, 0, "carnivore", "cooperation", body=3, pop=3), S(2, 0, "carnivore", pop=2), S(4, 1, body=2, pop=2))
    s, _ = apply(s, Hunt(1, 4))
    assert [s.species[i].food for i in (1, 2)] == [2, 1]


def test_attack_order_default_is_meat_first():
    """§5.3 (changed 2026-12-01): option attack_order, default meat_first (the rulebook's order)."""
    rs = evolab.load_ruleset(NS)
    assert rs.options["attack_order"] == "meat_first"
    assert rs.option_specs["attack_order"].choices == ("meat_first", "shrink_first")
    with pytest.raises(evolab.OptionError, match="attack_order"):
        evolab.load_ruleset(NS, attack_order="target_first")


@pytest.mark.parametrize("order, target, bags", [(None, (1, 1), (1, 0, 0)), ("meat_first", (1, 1), (1, 0, 0)),
                                                 ("shrink_first", (1, 1), (0, 0, 0))])
def test_cooperation_meat_to_target_that_is_right_neighbour(order, target, bags):
    """§5.3 resolution 2-4: meat first: the attacker's Cooperation gives the target (its right neighbour) 1
    meat while it still has room; then it loses 1 Population and the excess food goes to the bag (so it
    scores). shrink_first: the target shrinks first and is full, so it gets nothing."""
    s = atk(S(1, 0, "carnivore", "cooperation", body=3, pop=3), S(2, 0, body=1, pop=2, food=1),
            options={"attack_order": order} if order else None)
    s, _ = apply(s, Hunt(1, 2))
    assert (s.species[2].pop, s.species[2].food) == target
    assert s.species[1].food == 1 and s.bags == bags


@pytest.mark.parametrize("order, food3, bags", [("meat_first", 0, (1, 0, 0)), ("shrink_first", 1, (0, 0, 0))])
def test_target_extinct_right_neighbour_attack_order(order, food3, bags):
    """§5.3 / §8.2: meat first, the doomed target (Population 1) takes the Cooperation meat, then goes extinct
    and the meat goes to the bag; shrink_first, the row closes the gap at once and the next species takes it."""
    s = atk(S(1, 0, "carnivore", "cooperation", body=3, pop=3), S(2, 0, body=1, pop=1), S(3, 0, pop=2),
            options={"attack_order": order})
    s, _ = apply(s, Hunt(1, 2))
    assert s.rows[0] == (1, 3) and s.species[1].food == 1 and s.species[3].food == food3 and s.bags == bags


def test_attack_events_meat_before_population_loss():
    """§5.3: the events follow the resolution order: meat, the Cooperation share, then the target's loss."""
    from evolab.events import Died, FoodTaken
    s = atk(S(1, 0, "carnivore", "cooperation", body=3, pop=3), S(2, 0, body=1, pop=2, food=1))
    _, ev = apply(s, Hunt(1, 2))
    seq = [(type(e).__name__, e.animal, getattr(e, "source", getattr(e, "cause", None)))
           for e in ev if isinstance(e, (FoodTaken, Died))]
    assert seq[:3] == [("FoodTaken", 1, "carnivore"), ("FoodTaken", 2, "cooperation"), ("Died", 2, "eaten")]


@pytest.mark.parametrize("order", [None, "shrink_first"])
def test_full_attacker_after_horns_takes_no_meat_and_no_cooperation(order):
    """§5.3 resolution 3: Cooperation fires only when the attacker took meat. An attacker made full by Horns
    (Population 2 → 1 with 1 food, no Fat Tissue) takes none, so its right neighbour gets nothing."""
    s = atk(S(1, 0, "carnivore", "cooperation", body=3, pop=2, food=1), S(3, 0, pop=2),
            S(2, 1, "horns", body=2, pop=2), options={"attack_order": order} if order else None)
    s, ev = apply(s, Hunt(1, 2))
    assert (s.species[1].pop, s.species[1].food) == (1, 1)
    assert s.species[3].food == 0 and s.species[2].pop == 1 and s.watering == 5
    assert not [e for e in ev if getattr(e, "source", None) == "cooperation"]


def test_full_attacker_with_fat_room_after_horns_shares_meat():
    """§5.3 resolution 3: the same attacker with Fat Tissue room takes meat as fat, so Cooperation fires."""
    s = atk(S(1, 0, "carnivore", "cooperation", "fat_tissue", body=3, pop=2, food=1), S(3, 0, pop=2),
            S(2, 1, "horns", body=2, pop=2))
    s, _ = apply(s, Hunt(1, 2))
    assert (s.species[1].pop, s.species[1].food, s.species[1].fat) == (1, 1, 2)
    assert s.species[3].food == 1


def test_every_scavenger_takes_one_meat():
    """§5.3 resolution 5: every Scavenger (any player, attacker too) with room takes 1 meat; Cooperation follows."""
    s = atk(S(1, 0, "carnivore", "scavenger", body=3, pop=4), S(2, 1, body=2, pop=2), S(3, 1, "scavenger", pop=2),
            S(4, 2, "scavenger", pop=1, food=1), S(5, 2, "scavenger", "cooperation", pop=2), S(6, 2, pop=2))
    s, ev = apply(s, Hunt(1, 2))
    assert s.species[1].food == 3
    assert s.species[3].food == 1
    assert s.species[4].food == 1
    assert (s.species[5].food, s.species[6].food) == (1, 1)
    assert s.watering == 5


def test_scavenger_needs_an_attack():
    """§6: Scavenger eats only when a Carnivore attacks; plant feeding gives it nothing."""
    s = pos(S(1, 0, pop=3), S(2, 1, "scavenger", pop=2), S(3, 2, pop=2), watering=5)
    s, _ = apply(s, EatPlant(1))
    assert s.species[2].food == 0


def test_no_per_round_attack_limit():
    """§5.3: a hungry Carnivore may attack on each of its owner's feeding turns."""
    s = pos(S(1, 0, "carnivore", body=4, pop=6), S(2, 1, body=1, pop=3, food=3), S(3, 2, pop=1, food=1))
    s, _ = apply(s, Hunt(1, 2))
    assert to_move(s) == 0                    # seats 1 and 2 have nothing to do
    assert Hunt(1, 2) in legal_actions(s)
    s, _ = apply(s, Hunt(1, 2))
    assert s.species[1].food == 2 and s.species[2].pop == 1 and s.bags == (0, 2, 0)


# ---- §8 end of round ----------------------------------------------------------------------------------
def test_end_of_round_steps():
    """§8.1/§8.2: starve to food, 0 food extinct (draws), food to bags, fat stays, hole carries, first passes."""
    # carnivores without targets keep nobody feeding: the round ends as the position is built
    s = pos(S(1, 0, "carnivore", body=1, pop=3, food=2), S(2, 0, "carnivore", "climbing", body=1, pop=2),
            S(3, 0, "fat_tissue", body=2, pop=1, food=1, fat=2),
            S(4, 1, pop=1, food=1), S(6, 1, "carnivore", "fat_tissue", body=1, pop=1, fat=1),
            S(5, 2, pop=2, food=2), watering=3)
    assert s.turn == 1 and to_move(s) == CHANCE and Counter(s.draw_queue) == Counter({0: 2, 1: 2})
    assert 6 not in s.species and s.rows[1] == (4,)      # its fat went to the Food Bank, not the bag
    assert (s.species[1].pop, s.species[1].food) == (2, 0)
    assert 2 not in s.species and s.rows[0] == (1, 3)
    assert (s.species[3].food, s.species[3].fat) == (0, 2)
    assert s.bags == (3, 1, 2)
    assert s.watering == 3
    assert discards(s) == 4
    s = settle(s)
    assert s.turn == 2 and s.first == 1 and s.phase == "select_food" and to_move(s) == 1
    assert [len(h) for h in s.hands] == [2 + 3 + 2, 2 + 3 + 1, 4]
    assert s.watering == 3


def test_new_species_must_eat_or_go_extinct():
    """§13.10: a species created in Play Cards starts with 0 food and goes extinct if it does not eat."""
    s = play_pos(S(1, 0, "long_neck"), S(2, 1, "long_neck"), S(3, 2, "long_neck"), hands=[["horns:1"], [], []])
    s, _ = apply(s, NewSpecies("horns:1", "right"))
    assert s.species[4].food == 0
    s = end_turns(s)
    assert s.turn == 2 and 4 not in s.species and s.rows[0] == (1,)
    assert s.bags == (1, 1, 1)


def test_first_player_passes_clockwise_wraps():
    """§8.1.5: the first-player marker passes one player clockwise (last seat to seat 0)."""
    s = pos(S(1, 0, food=1), S(2, 1, food=1), S(3, 2, food=1), first=2, current=2)
    assert s.turn == 2 and s.first == 0


# ---- §9 end of game -----------------------------------------------------------------------------------
def fed_table(deck, **kw):
    """Everyone fed, no food left: round 1 ends as built and round 2 is dealt (12 cards needed)."""
    return pos(S(1, 0, food=1), S(2, 1, food=1), S(3, 2, food=1), deck=deck, **kw)


def test_deck_exhausted_while_dealing_makes_this_round_last():
    """§4.1.3 / §9: deck runs out while dealing: the discards are reshuffled, dealing goes on, this round is last."""
    s = fed_table(5)
    assert s.turn == 2 and not s.last_round
    s = settle(s)
    assert s.last_round and s.cycles == 1
    assert [len(h) for h in s.hands] == [4, 4, 4]
    assert s.deck_size == 129 - 5 - 7 and sum(s.discard) == 0
    s = drive(s)
    assert s.phase == "over" and s.turn == 2


def test_deck_emptied_exactly_by_deal_triggers_nothing():
    """§9 ruling: a deck emptied exactly by the last card dealt triggers nothing until the next draw."""
    s = settle(fed_table(12))
    assert s.deck_size == 0 and not s.last_round and not s.next_last and s.cycles == 0
    assert sum(s.discard) == 129 - 12


def test_deck_cycles_to_end_two():
    """§9 / README 31: with deck_cycles_to_end=2 the first exhaustion only reshuffles."""
    s = settle(fed_table(5, options={"deck_cycles_to_end": 2}))
    assert s.cycles == 1 and not s.last_round and not s.next_last


def test_extinction_draw_exhausting_deck_makes_next_round_last():
    """§8.2 / §9: the deck runs out during an extinction draw: the next round is the last."""
    s = pos(S(1, 0, "carnivore", body=3, pop=3), S(2, 1, "fertile", "foraging", pop=1), S(3, 1, pop=1, food=1),
            S(4, 2, pop=1, food=1), deck=1)
    s, _ = apply(s, Hunt(1, 2, "", ""))
    s = settle(s)
    assert len(s.hands[1]) == 2 and s.cycles == 1
    assert s.next_last and not s.last_round
    # the round goes on; the following round is the last one
    for _ in range(200):
        if s.turn == 2 and s.phase == "select_food":
            break
        if to_move(s) == CHANCE:
            s, _ = apply(s, chance_outcomes(s)[0][0])
        else:
            acts = legal_actions(s)
            s, _ = apply(s, Pass() if Pass() in acts else acts[0])
    assert s.turn == 2 and s.last_round and not s.next_last
    s = drive(s)
    assert s.phase == "over" and s.turn == 2


def test_end_of_round_extinction_draw_exhausting_deck_makes_next_round_last():
    """§8.2 / §9: an extinction draw at the end of the round empties the deck: the next round is the last."""
    s = pos(S(1, 0, "carnivore", "climbing", body=1, pop=1), S(2, 0, food=1), S(3, 1, food=1), S(4, 2, food=1),
            deck=1)
    assert s.draw_queue == (0, 0)
    s, _ = apply(s, chance_outcomes(s)[0][0])
    s, _ = apply(s, chance_outcomes(s)[0][0])
    assert s.cycles == 1
    s = settle(s)
    assert s.turn == 2 and s.last_round and s.phase == "select_food"
    s = drive(s)
    assert s.phase == "over" and s.turn == 2


def test_last_round_then_scoring():
    """§9: after the last round's end-of-round steps the game is scored and over."""
    s = pos(S(1, 0, food=1), S(2, 1, food=1), S(3, 2, food=1), last_round=True)
    assert s.phase == "over" and evolab.is_over(s) and to_move(s) == evolab.TERMINAL
    assert evolab.scores(s) == (2, 2, 2)


def test_deck_and_discards_empty_while_dealing_is_still_last_round():
    """§9: deck empty when a card must be dealt and no discards to reshuffle: no more cards, this round is last."""
    every = [t for t, v in FOOD_TABLE.items() for _ in v]
    s = pos(S(1, 0, food=1), S(2, 1, food=1), S(3, 2, food=1), hands=[every, [], []])
    assert s.turn == 2
    s = settle(s)
    assert s.last_round


# ---- §10 scoring and ties -----------------------------------------------------------------------------
def test_score_bag_population_traits_not_fat():
    """§10 / §7: bag food + Population + trait cards of surviving species; stored fat does not score."""
    s = pos(S(1, 0, "fat_tissue", "climbing", body=3, pop=3, fat=2), S(2, 1, pop=2), S(3, 2, "horns", pop=1),
            bags=[5, 1, 0], watering=5)
    assert evolab.scores(s) == (5 + 3 + 2, 1 + 2, 0 + 1 + 1)


def test_score_fat_option():
    """§7 option score_fat: fat on surviving species scores 1 per token."""
    s = pos(S(1, 0, "fat_tissue", "climbing", body=3, pop=3, fat=2), S(2, 1, pop=2), S(3, 2, pop=1),
            bags=[5, 1, 0], watering=5, options={"score_fat": True})
    assert evolab.scores(s)[0] == 12


def test_score_body_size_option():
    """§10 option score_body_size: seed 003's Body Size points (off by default)."""
    spec = dict(bags=[5, 1, 0], watering=5)
    sp = [S(1, 0, "climbing", body=3, pop=3), S(2, 1, body=2, pop=2), S(3, 2, pop=1)]
    assert evolab.scores(pos(*sp, **spec)) == (9, 3, 1)
    assert evolab.scores(pos(*sp, options={"score_body_size": True}, **spec)) == (12, 5, 2)


def final(*species, bags):
    """Last round, everyone fed, no food: the game ends as the position is built."""
    return pos(*species, bags=bags, last_round=True)


def test_winner_highest_score():
    """§10: the highest score wins."""
    s = final(S(1, 0, pop=2, food=2), S(2, 1, pop=1, food=1), S(3, 2, pop=1, food=1), bags=[0, 5, 1])
    assert evolab.scores(s) == (4, 7, 3) and s.winner == 1 and s.winners == (1,)


def test_tie_most_trait_cards_wins():
    """§10 / README 32: a tie goes to the player with the most trait cards on surviving species."""
    s = final(S(1, 0, "climbing", "foraging", pop=2, food=2), S(2, 1, "burrowing", pop=2, food=2),
              S(3, 2, "horns", "climbing", "foraging", pop=1, food=1), bags=[3, 4, 0])
    assert evolab.scores(s) == (9, 9, 5)
    assert s.winner == 0 and s.winners == (0,)
    assert s.ruleset.ranking(s) == [0, 1, 2]


def test_tie_then_population_plus_body_size():
    """§10: still tied: larger total Population + Body Size of surviving species wins."""
    s = final(S(1, 0, "climbing", body=3, pop=2, food=2), S(2, 1, "burrowing", body=1, pop=2, food=2),
              S(3, 2, pop=1, food=1), bags=[3, 3, 0])
    assert evolab.scores(s)[:2] == (8, 8)
    assert s.winner == 0 and s.winners == (0,)
    assert s.ruleset.ranking(s)[:2] == [0, 1]


def test_tie_shared_win():
    """§10: still tied after both tie-breaks: the tied players share the win (winner -1, winners all)."""
    s = final(S(1, 0, "climbing", body=2, pop=2, food=2), S(2, 1, "burrowing", body=2, pop=2, food=2),
              S(3, 2, "horns", "climbing", body=6, pop=1, food=1), bags=[3, 3, 0])
    assert evolab.scores(s) == (8, 8, 4)
    assert s.winner == -1 and s.winners == (0, 1)


def test_winners_lists_every_seat_of_a_shared_win():
    """§10: ``evolab.winners`` is every winning seat: (0, 1) for a shared win, where ``winner`` stays -1 as
    documented; one seat otherwise; () while the game goes on."""
    shared = final(S(1, 0, "climbing", body=2, pop=2, food=2), S(2, 1, "burrowing", body=2, pop=2, food=2),
                   S(3, 2, pop=1, food=1), bags=[3, 3, 0])
    assert evolab.winners(shared) == (0, 1) and evolab.winner(shared) == -1
    single = final(S(1, 0, pop=2, food=2), S(2, 1, pop=1, food=1), S(3, 2, pop=1, food=1), bags=[0, 5, 1])
    assert evolab.winners(single) == (1,) and evolab.winner(single) == 1
    assert evolab.winners(pos(S(1, 0, pop=2), S(2, 1), S(3, 2), watering=3)) == ()
    assert "winners" in evolab.__all__


def test_fat_does_not_score_at_game_end():
    """§7 / §10 / README 33: stored fat left at game end does not score."""
    s = final(S(1, 0, "fat_tissue", body=3, pop=1, food=1, fat=3), S(2, 1, "climbing", body=3, pop=1, food=1),
              S(3, 2, pop=1, food=1), bags=[0, 0, 0])
    assert evolab.scores(s) == (3, 3, 2)
    assert s.winners == (0, 1) and s.winner == -1

"""The Heredity variant (shared/rules/heredity.md, evolab's own rules): options, founders, reproduction with
inheritance, blind mutation and loss as chance nodes, the end of the game, records, positions and the
invariants of random games. The selection and drift claims are in ``test_heredity_selection.py``."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evolab
from evolab import (CHANCE, TERMINAL, GameRecord, Match, OptionError, SaveFileError, ScenarioError, TakeFood,
                    chance_outcomes, heredity, legal_actions, load_ruleset, load_state, observe, save_state,
                    scenario, to_move)
from evolab.actions import LoseTrait, Mutate, PlayAnimal
from evolab.bots import GreedyBot, RandomBot
from evolab.events import (AnimalBorn, BirthsCapped, BlindMutation, DeckReshuffled, GameOver, Migrated,
                           TraitNotInherited, TurnEnded)
from conftest import play
from engine_checks import assert_json_round_trip, assert_refused
from conformance_common import SLOW
from test_properties import assert_table_invariants, play_random_game

H = {"heredity": True}


def hpos(spec, edition="origin", **options):
    """A Heredity position from a scenario dict (options merged in)."""
    spec = dict(spec)
    spec["options"] = {**H, **spec.get("options", {}), **options}
    return scenario(edition, spec)


def row(state, seat):
    return [a.id for a in state.animals.values() if a.owner == seat]


# ---- options -------------------------------------------------------------------------------------
def test_options_are_declared_with_the_spec_defaults():
    """Every option of heredity.md is a declared OptionSpec with its default, labelled as ours (provisional)."""
    specs = load_ruleset("origin").option_specs
    expected = {"heredity": False, "founders": 8, "founder_traits": {}, "offspring": 1, "mutation_rate": 0.1,
                "loss_rate": 0.0, "generations": 25, "max_animals": 200}
    for name, default in expected.items():
        assert specs[name].default == default, name
        assert specs[name].provisional, f"{name} is evolab's rule and must say so"
    rs = load_ruleset("origin", heredity=True)
    assert rs.options["food_multiplier"] == 3.0            # the variant's own default
    assert load_ruleset("origin", heredity=True, food_multiplier=1.0).options["food_multiplier"] == 1.0
    assert load_ruleset("origin").options["food_multiplier"] == 1.0


def test_the_variant_is_labelled_as_evolabs_own_not_the_printed_game():
    """``provisional`` lists the variant as evolab's classroom rules; the printed game lists nothing of it."""
    rs = load_ruleset("origin", heredity=True)
    assert any("not the printed game" in p for p in rs.provisional)
    assert not any("Heredity" in p for p in load_ruleset("origin").provisional)
    assert "evolab's own" in evolab.heredity.__doc__ and "Not the printed game" in evolab.heredity.__doc__


@pytest.mark.parametrize("options, message", [
    ({"founders": 5}, "belong to the Heredity variant"),
    ({"mutation_rate": 0.3}, "belong to the Heredity variant"),
    ({"heredity": True, "founder_traits": {"cooperation": 0.5}}, "pair trait"),
    ({"heredity": True, "founder_traits": {"wings": 0.5}}, "unknown trait"),
    ({"heredity": True, "founder_traits": {"camouflage": 1.5}}, "between 0 and 1"),
    ({"heredity": True, "founder_traits": {"carnivorous": 0.75, "scavenger": 0.5}}, "forbid"),
    ({"heredity": True, "mutation_rate": 1.2}, "between 0.0 and 1.0"),
    ({"heredity": True, "scenario": "fatality"}, "base game"),
    ({"heredity": True, "max_animals": 0}, "between 1"),
    ({"food_multiplier_from": {"x": 1.0}}, "turn number"),
])
def test_bad_options_are_refused_with_a_clear_message(options, message):
    with pytest.raises(OptionError, match=message):
        load_ruleset("origin", **options)


def test_a_record_of_the_printed_game_with_every_default_written_out_still_loads():
    """Saved games store every option; the variant's options at their defaults do not switch it on."""
    rs = load_ruleset("origin", **dict(load_ruleset("origin").options))
    assert not rs.heredity


# ---- founders --------------------------------------------------------------------------------------
def test_founders_carry_their_shares_left_to_right_as_copies_not_cards():
    """0.2 of 8 founders is 2, 0.1 is 1 (rounded), 0.01 at least 1, in the edition's trait order; traits are
    copies: the deck keeps its 84 cards."""
    rs = load_ruleset("origin", heredity=True, founder_traits={"carnivorous": 0.2, "camouflage": 0.1, "swimming": 0.01})
    s = rs.new_game()
    assert s.phase == "first_player" and to_move(s) == CHANCE and not any(s.hands)
    for seat in range(2):
        traits = [s.animals[i].traits for i in row(s, seat)]
        assert traits == [("carnivorous",), ("carnivorous",), ("swimming",), ("camouflage",)] + [()] * 4
    assert s.deck_size == 84 and s.card_total() == 84 and all(a.parent == -1 for a in s.animals.values())


def test_shares_adding_up_to_more_than_one_stack_traits_on_founders():
    s = load_ruleset("origin", heredity=True, founders=4,
                     founder_traits={"running": 0.5, "camouflage": 1.0}).new_game()
    assert [s.animals[i].traits for i in row(s, 1)] == [("running", "camouflage"), ("running", "camouflage"),
                                                       ("camouflage",), ("camouflage",)]


def test_banned_founder_traits_are_stripped_and_late_ones_arrive_later():
    """A banned trait is not part of the world (founders are plain); trait_from_turn founders arrive then."""
    rs = load_ruleset("origin", heredity=True, founder_traits={"carnivorous": 0.25, "camouflage": 0.25},
                      banned_traits=["camouflage"], trait_from_turn={"carnivorous": 3}, food_fixed=50)
    s = rs.new_game()
    assert [s.animals[i].traits for i in row(s, 0)] == [()] * 6           # 2 carnivores wait, camouflage stripped
    m = Match(rs, seats=[GreedyBot(), GreedyBot()], seed=1, keep_events=True)
    while m.state.turn < 3:
        m.step()
    arrived = [e for e in m.events if isinstance(e, Migrated)]
    assert [(e.seat, e.traits, e.how, e.turn) for e in arrived] == [(0, ("carnivorous",), "arrived", 3)] * 2 + \
        [(1, ("carnivorous",), "arrived", 3)] * 2


def test_predators_leave_at_the_start_of_their_generation_and_cannot_come_back():
    rs = load_ruleset("origin", heredity=True, founder_traits={"carnivorous": 0.25}, predators_leave=2,
                      mutation_rate=1.0, food_fixed=40, generations=3)
    m = Match(rs, seats=[GreedyBot(), GreedyBot()], seed=3, keep_events=True)
    m.play_out()
    left = [e for e in m.events if isinstance(e, Migrated)]
    assert left and all(e.how == "left" and e.turn == 2 and "carnivorous" in e.traits for e in left)
    late = [e for e in m.events if isinstance(e, BlindMutation) and e.trait == "carnivorous"]
    assert late and all(e.outcome == "absent" for e in late if e.turn >= 2)
    assert not any(a.has("carnivorous") for a in m.state.animals.values())


def test_food_multiplier_from_changes_the_food_dice_from_its_turn():
    rs = load_ruleset("origin", heredity=True, food_multiplier_from={3: 1.0})
    assert rs.food_outcomes_at(2) == rs.food_outcomes                           # x3: 9..24
    assert [o.food for o, _ in rs.food_outcomes_at(3)] == [3, 4, 5, 6, 7, 8]     # the printed 1 die + 2


# ---- reproduction -----------------------------------------------------------------------------------
def _fed_table(**options):
    """Seat 0: #1 Camouflage+Fat Tissue fed, #2 hungry (takes the last token), #3 Swimming+Parasite fed;
    #1-#3 linked by Cooperation. Seat 1: #4 Running fed (protects #6 by Symbiosis), #5 hibernating, #6 unfed."""
    return hpos({"food_bank": 1, "animals": [
        {"id": 1, "owner": 0, "traits": ["camouflage", "fat_tissue"], "food": 1, "fat": 1},
        {"id": 2, "owner": 0, "traits": []},
        {"id": 3, "owner": 0, "traits": ["swimming", "parasite"], "food": 3},
        {"id": 4, "owner": 1, "traits": ["running"], "food": 1},
        {"id": 5, "owner": 1, "traits": ["hibernation"], "hibernating": True},
        {"id": 6, "owner": 1, "traits": ["camouflage"]}],
        "links": [{"trait": "cooperation", "animals": [1, 3]}, {"trait": "symbiosis", "protector": 4, "protected": 6}]},
        **options)


def test_fed_animals_have_young_that_copy_their_single_traits_to_their_right():
    """heredity.md §4: turn order, young right of the parent, single traits (Parasite too) copied, pair cards not;
    the hibernating animal survives without young, the unfed one dies; young are unfed; fat stays."""
    s, ev = play(_fed_table(mutation_rate=0.0), TakeFood(2))
    assert s.phase == "food" and s.turn == 2 and to_move(s) == CHANCE
    born = [e for e in ev if isinstance(e, AnimalBorn)]
    assert [(e.seat, e.parent, e.traits, e.turn) for e in born] == [
        (0, 1, ("camouflage", "fat_tissue"), 1), (0, 2, (), 1), (0, 3, ("swimming", "parasite"), 1),
        (1, 4, ("running",), 1)]
    y = [e.animal for e in born]
    assert row(s, 0) == [1, y[0], 2, y[1], 3, y[2]]
    assert row(s, 1) == [4, y[3], 5]                                  # #6 starved, #5 slept: no young
    for e in born:
        young = s.animals[e.animal]
        assert young.parent == e.parent and young.links == () and young.red + young.blue == 0 and young.fat == 0
        assert young.traits == s.animals[e.parent].traits
    assert s.animals[y[2]].need == 3                                  # the Parasite was inherited
    assert s.animals[1].fat == 1 and s.card_total() == 84 and s.deck_size == 84


def test_offspring_option_gives_litters_in_birth_order():
    s, ev = play(_fed_table(mutation_rate=0.0, offspring=2), TakeFood(2))
    born = [e.animal for e in ev if isinstance(e, AnimalBorn) and e.parent == 1]
    assert len(born) == 2 and row(s, 0)[:3] == [1] + born


def test_max_animals_stops_births_and_says_so():
    """Room for one young among three fed parents: the parent first in the scrambled order breeds (not the
    leftmost: the row's order would favour the founders' lineages)."""
    from evolab.rules.heredity import scramble
    s0 = _fed_table(mutation_rate=0.0, max_animals=4)
    s, ev = play(s0, TakeFood(2))
    assert [e for e in ev if isinstance(e, BirthsCapped)] == [BirthsCapped(0, 2, 4, 1)]
    lucky = min((1, 2, 3), key=lambda x: scramble(x, (s0.next_uid * 1_000_003 + 1) & 0xFFFFFFFF))
    assert len(row(s, 0)) == 4 and [s.animals[i].parent for i in row(s, 0)].count(lucky) == 1
    young = next(i for i in row(s, 0) if s.animals[i].parent == lucky)
    assert row(s, 0).index(young) == row(s, 0).index(lucky) + 1


def test_mutation_is_a_chance_node_with_exact_weights_from_the_deck():
    """With mutation_rate 0.1 the young waits for nature: no mutation 9/10; each card side by its copies."""
    s, _ = play(_fed_table(mutation_rate=0.1), TakeFood(2))
    assert s.phase == "reproduction" and to_move(s) == CHANCE and legal_actions(s) == []
    outs = dict(chance_outcomes(s))
    assert outs[Mutate("", "")] == 9 * 84 * 2
    assert outs[Mutate("swimming", "swimming")] == 8 * 2
    assert outs[Mutate("camouflage/fat_tissue", "camouflage")] == 4
    assert outs[Mutate("camouflage/fat_tissue", "fat_tissue")] == 4
    assert sum(outs.values()) == 10 * 84 * 2 and all(type(w) is int for w in outs.values())
    assert len(outs) == 1 + sum(len(c.traits) for c in evolab.rules.origin.deck.CARDS)
    assert_refused(s, Mutate("swimming", "camouflage"), rule="engine.impossible-outcome")
    assert_refused(s, TakeFood(1), rule="engine.chance-node")


def _first_young(s):
    return s.animals[s.newborn[0]], s.animals[s.newborn[1]]


def test_a_mutation_adds_the_top_card_as_a_trait_and_discards_the_card():
    s, _ = play(_fed_table(mutation_rate=0.1), TakeFood(2))
    young, parent = _first_young(s)
    assert parent.id == 1
    s, ev = play(s, Mutate("burrowing/fat_tissue", "burrowing"))
    young = s.animals[young.id]
    assert young.traits == ("camouflage", "fat_tissue", "burrowing")
    assert [e for e in ev if isinstance(e, BlindMutation)] == [
        BlindMutation(0, young.id, 1, "burrowing", "burrowing/fat_tissue", "added", 1)]
    assert s.deck[4 + 4] == 3 and s.deck_size == 83 and s.discards == (1, 0) and s.card_total() == 84
    assert s.newborn[1] == 2                                  # the next young (of #2) waits for its mutation


@pytest.mark.parametrize("card, trait, outcome", [
    ("hibernation/carnivorous", "carnivorous", "duplicate"),
    ("scavenger", "scavenger", "forbidden"),
    ("grazing/fat_tissue", "fat_tissue", "added"),          # Fat Tissue stacks
])
def test_a_mutation_the_rules_do_not_allow_has_no_effect(card, trait, outcome):
    s = hpos({"food_bank": 1, "animals": [{"id": 1, "owner": 0, "traits": ["carnivorous", "fat_tissue"], "food": 2,
                                           "fat": 1}, {"id": 2, "owner": 0}]}, mutation_rate=0.5)
    s, _ = play(s, TakeFood(2))
    young, _ = _first_young(s)
    s, ev = play(s, Mutate(card, trait))
    [e] = [e for e in ev if isinstance(e, BlindMutation)]
    assert e.outcome == outcome
    expected = ("carnivorous", "fat_tissue") + ((trait,) if outcome == "added" else ())
    assert s.animals[young.id].traits == expected and s.discards == (1, 0) and s.deck_size == 83


@pytest.mark.parametrize("card, trait", [("symbiosis", "symbiosis"), ("communication/carnivorous", "communication"),
                                         ("cooperation/fat_tissue", "cooperation")])
def test_a_pair_mutation_links_the_young_with_its_parent_who_protects_it(card, trait):
    s, _ = play(_fed_table(mutation_rate=0.1), TakeFood(2))
    young, parent = _first_young(s)
    s, ev = play(s, Mutate(card, trait))
    [e] = [e for e in ev if isinstance(e, BlindMutation)]
    assert e.outcome == "linked"
    [l] = [l for l in s.links.values() if young.id in (l.a, l.b)]
    assert (l.trait, l.a, l.b) == (trait, parent.id, young.id)        # Symbiosis: a = protector = the parent
    assert l.uid in s.animals[parent.id].links and s.animals[young.id].links == (l.uid,)


def test_a_parasite_mutation_goes_on_the_young_itself():
    s, _ = play(_fed_table(mutation_rate=0.1), TakeFood(2))
    young, _ = _first_young(s)
    s, _ = play(s, Mutate("parasite/carnivorous", "parasite"))
    assert s.animals[young.id].has("parasite") and s.animals[young.id].need == 3


def test_an_empty_mutation_deck_is_reshuffled_from_its_discards():
    s = hpos({"food_bank": 1, "discards": [50, 34], "animals": [{"id": 1, "owner": 0}]}, mutation_rate=0.5)
    assert s.deck_size == 0
    s, _ = play(s, TakeFood(1))
    outs = dict(chance_outcomes(s))
    assert outs[Mutate("swimming", "swimming")] == 8 * 2 and sum(outs.values()) == 2 * 2 * 84
    s, ev = play(s, Mutate("running", "running"))
    assert DeckReshuffled(84) in ev and s.deck_size == 83 and s.discards == (1, 0) and s.card_total() == 84


def test_loss_is_a_chance_node_over_inherited_copies_only():
    """loss_rate 1/2: none 1/2; each inherited copy equally likely; a mutation just drawn cannot be lost."""
    s = hpos({"food_bank": 1, "animals": [
        {"id": 1, "owner": 0, "traits": ["camouflage", "fat_tissue", "fat_tissue"], "food": 1},
        {"id": 2, "owner": 0}]}, mutation_rate=0.5, loss_rate=0.5)
    s, _ = play(s, TakeFood(2), Mutate("swimming", "swimming"))
    young, _ = _first_young(s)
    assert s.newborn[2] == "loss"
    assert dict(chance_outcomes(s)) == {LoseTrait(""): 3, LoseTrait("camouflage"): 1, LoseTrait("fat_tissue"): 2}
    assert_refused(s, LoseTrait("swimming"), rule="engine.impossible-outcome")
    s, ev = play(s, LoseTrait("fat_tissue"))
    assert s.animals[young.id].traits == ("camouflage", "fat_tissue", "swimming")
    assert TraitNotInherited(0, young.id, 1, "fat_tissue", 1) in ev


def test_a_young_without_inherited_traits_has_no_loss_node():
    s = hpos({"food_bank": 1, "animals": [{"id": 1, "owner": 0}]}, mutation_rate=0.0, loss_rate=0.5)
    s, _ = play(s, TakeFood(1))
    assert s.phase == "food" and s.turn == 2


# ---- the end ------------------------------------------------------------------------------------------
def test_the_game_ends_after_the_last_generation_with_a_winner():
    s = hpos({"food_bank": 1, "turn": 3, "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1}]},
             mutation_rate=0.0, generations=3)
    assert s.last_turn
    s, ev = play(s, TakeFood(1))
    assert to_move(s) == TERMINAL and s.winner == 0
    assert [type(e).__name__ for e in ev][-2:] == ["TurnEnded", "GameOver"]
    assert len(row(s, 0)) == 2                                # the last generation still reproduced


def test_the_game_ends_early_when_no_animal_is_alive():
    s = hpos({"food_bank": 1, "current": 1, "animals": [{"id": 1, "owner": 0, "traits": ["high_body_weight"]},
                                                        {"id": 2, "owner": 1, "traits": ["high_body_weight"]}]})
    s, ev = play(s, TakeFood(2))          # nobody reaches 2 food: both starve
    assert s.phase == "tiebreak" and s.turn == 1 and not s.animals      # 0 points each: nature's dice decide
    assert TurnEnded(1, (0, 0)) in ev and not [e for e in ev if isinstance(e, AnimalBorn)]


# ---- positions, observe, records ----------------------------------------------------------------------
def test_positions_of_the_variant_count_only_the_mutation_deck():
    s = hpos({"food_bank": 2, "discards": [3, 1], "animals": [
        {"id": 1, "owner": 0, "traits": ["camouflage"] * 1 + ["fat_tissue"] * 3, "parent": -1},
        {"id": 2, "owner": 0, "traits": ["camouflage"], "parent": 1, "born": 1}] + [
        {"id": k, "owner": 1, "traits": ["camouflage"]} for k in range(3, 40)]})
    assert s.deck_size == 80 and s.card_total() == 84 and s.animals[2].parent == 1
    assert_json_round_trip(s)
    assert load_state(save_state(s)) == s


@pytest.mark.parametrize("spec, message", [
    ({"hands": [["swimming"], []]}, "no cards in hand"),
    ({"phase": "development"}, "no development phase"),
    ({"deck": 10}, "mutation deck"),
    ({"last_turn": True}, "last turn"),
    ({"turn": 30}, "generation"),
    ({"animals": [{"id": 1, "parent": "mum"}]}, "parent"),
])
def test_impossible_positions_of_the_variant_are_refused(spec, message):
    with pytest.raises(ScenarioError, match=message):
        hpos(spec)


def test_a_saved_position_in_the_middle_of_reproduction_loads_and_offers_the_same_outcomes():
    s, _ = play(_fed_table(mutation_rate=0.1, loss_rate=0.2), TakeFood(2), Mutate("swimming", "swimming"))
    assert s.phase == "reproduction" and s.newborn[2] == "loss"
    back = load_state(save_state(s))
    assert back == s and chance_outcomes(back) == chance_outcomes(s)
    assert_json_round_trip(s)
    o = observe(s, 0)
    assert o.to_dict()["phase"] == "reproduction" and o.hand == ()


def test_a_corrupt_heredity_state_is_refused():
    s, _ = play(_fed_table(mutation_rate=0.1), TakeFood(2))
    d = s.to_dict()
    bad = json.loads(json.dumps(d))
    bad["newborn"][0] = 999
    with pytest.raises(ValueError, match="young waiting"):
        s.ruleset.state_from_dict(bad)
    bad = json.loads(json.dumps(d))
    bad["hands"][0] = ["swimming"]
    bad["deck"][0] -= 1
    bad["deck_size"] -= 1
    with pytest.raises(SaveFileError, match="hands.0.: the Heredity variant has no cards in hand"):
        s.ruleset.state_from_dict(bad)


def test_records_of_heredity_games_replay_exactly_from_json():
    rs = load_ruleset("origin", heredity=True, founder_traits={"carnivorous": 0.2, "camouflage": 0.1},
                      mutation_rate=0.3, loss_rate=0.2, generations=6)
    m = Match(rs, seats=[GreedyBot(), RandomBot()], seed="heredity-1")
    m.play_out()
    assert m.is_over()
    moves = m.record.moves
    assert any(isinstance(x, Mutate) and x.card for x in moves) and any(isinstance(x, LoseTrait) and x.trait for x in moves)
    back = GameRecord.from_json(m.record.to_json())
    assert back.replay() == m.state
    again = Match(rs, seats=[GreedyBot(), RandomBot()], seed="heredity-1")
    again.play_out()
    assert again.record.to_json() == m.record.to_json()


def test_a_mutation_choice_is_never_a_players_move():
    """Bots and people decide only feeding: no development move is ever legal in the variant."""
    rs = load_ruleset("origin", heredity=True, founder_traits={"carnivorous": 0.2})
    m = Match(rs, seats=[RandomBot(), RandomBot()], seed=5)
    seen = set()
    while not m.is_over():
        if m.to_move >= 0:
            seen |= {type(a).__name__ for a in m.legal_actions()}
        m.step()
    assert not seen & {"PlayAnimal", "PlayTrait", "PlayPairTrait", "Pass", "ChooseCard"}
    assert_refused(hpos({"food_bank": 1, "animals": [{"id": 1}]}), PlayAnimal("swimming"), rule="origin.phase")


# ---- item 1: inheritance over whole games -------------------------------------------------------------
def body(s, aid):
    """The single-animal traits of an animal (Origin: its own; Random Mutations: its species')."""
    a = s.animals[aid]
    return a.traits if hasattr(a, "traits") else s.ruleset.traits_of(s, s.species[a.species])


class InheritanceWatcher:
    """At each birth the young's traits equal its parent's single traits; by the end of the generation it
    has those plus at most one mutation and minus at most one loss, and pair links only with its parent. A young
    predator that leaves the table with the predators (``predators_leave``) before the generation is counted is
    checked on what it took with it (the ``Migrated`` event's traits)."""

    def __init__(self):
        self.young = {}
        self.left = {}
        self.checked = self.mutated = self.lost = self.young_left = 0

    def update(self, match, move, events):
        s = match.state
        self.left.update((e.animal, e.traits) for e in events if isinstance(e, Migrated) and e.how == "left")
        for e in events:
            if isinstance(e, AnimalBorn) and e.parent >= 0:
                if e.animal in self.left:            # born, then left with the predators within this step
                    parent = body(s, e.parent) if e.parent in s.animals else self.left[e.parent]
                    assert set(e.traits) <= set(parent)
                else:
                    assert body(s, e.animal) == body(s, e.parent) == e.traits
                self.young[e.animal] = [list(e.traits), None, None, e.parent]
            elif isinstance(e, BlindMutation):
                assert self.young[e.animal][1] is None, "two mutations in one young"
                self.young[e.animal][1] = e
            elif isinstance(e, TraitNotInherited):
                assert self.young[e.animal][2] is None, "two losses in one young"
                self.young[e.animal][2] = e.trait
            elif isinstance(e, TurnEnded):
                self._check(s)

    def _check(self, s):
        for aid, (inherited, mut, lost, parent) in self.young.items():
            expected = list(inherited)
            if lost:
                expected.remove(lost)
                self.lost += 1
            if mut is not None and mut.outcome == "added":
                expected.append(mut.trait)
                self.mutated += 1
            if aid in self.left:
                took = list(self.left.pop(aid))
                assert aid not in s.animals and set(took) & set(s.ruleset.predator_traits), (aid, took)
                if mut is not None and mut.outcome == "linked":
                    took.remove(mut.trait)
                assert sorted(took) == sorted(expected), (aid, took, expected)
                self.checked += 1
                self.young_left += 1
                continue
            assert sorted(body(s, aid)) == sorted(expected), (aid, body(s, aid), expected)
            for u in getattr(s.animals[aid], "links", ()):
                l = s.links[u]
                assert {l.a, l.b} == {aid, parent} and mut is not None and mut.outcome == "linked"
            self.checked += 1
        self.young = {}
        self.left = {}


def test_every_young_carries_its_parents_traits_plus_at_most_one_mutation_minus_at_most_one_loss():
    """Item 1 over whole games of every preset (greedy bots), high rates so that both happen often."""
    w = InheritanceWatcher()
    for k, name in enumerate(heredity.PRESETS):
        rs = heredity.load(name, mutation_rate=0.5, loss_rate=0.3, generations=8)
        Match(rs, seats=[GreedyBot(), GreedyBot()], seed=k, observers=[w]).play_out()
    assert w.checked > 300 and w.mutated > 50 and w.lost > 10 and w.young_left > 0


# ---- random games keep every invariant ------------------------------------------------------------------
@settings(SLOW, max_examples=6)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3]), mutation=st.sampled_from([0.0, 0.3, 1.0]),
       loss=st.sampled_from([0.0, 0.5]), offspring=st.sampled_from([1, 2]))
def test_random_heredity_games_hold_every_invariant_at_every_step(seed, players, mutation, loss, offspring):
    """Cards (deck + discards) conserved, legal/check agreement, apply purity, JSON round trip, at every step."""
    rs = load_ruleset("origin", players=players, heredity=True, mutation_rate=mutation, loss_rate=loss,
                      offspring=offspring, founders=4, generations=4, max_animals=12,
                      founder_traits={"carnivorous": 0.25, "camouflage": 0.25, "tail_loss": 0.25, "mimicry": 0.25})
    play_random_game(rs, seed, deep=True)


@pytest.mark.parametrize("name", list(heredity.PRESETS))
def test_bot_games_of_every_preset_end_with_the_invariants_kept(name):
    rs = heredity.load(name, generations=6)
    m = Match(rs, seats=[GreedyBot(), RandomBot()], seed=11, keep_events=True)
    m.play_out()
    assert m.is_over() and isinstance(m.events[-1], GameOver)
    assert_table_invariants(m.state)
    assert m.record.replay() == m.state


# ---- presets --------------------------------------------------------------------------------------------
def test_presets_load_by_name_and_say_what_they_show():
    for name in ("predation", "no_predators", "scarcity", "neutral", "environment_change"):
        opts = heredity.preset(name)
        assert opts["heredity"] is True and load_ruleset("origin", **opts) == heredity.load(name)
        assert heredity.describe(name).startswith(name) and heredity.PRESETS[name].trait in heredity.describe(name)
    assert heredity.preset("predation", mutation_rate=0.2)["mutation_rate"] == 0.2
    p = heredity.preset("predation")
    p["founder_traits"]["camouflage"] = 0.9
    assert heredity.preset("predation")["founder_traits"]["camouflage"] == 0.1      # a fresh copy each time
    with pytest.raises(OptionError, match="unknown preset"):
        heredity.preset("ice_age")


def test_presets_use_the_same_defaults_and_no_special_rule_for_their_trait():
    """Every preset differs from the base only by founders' traits, food and the environment's switches."""
    allowed = {"founder_traits", "banned_traits", "food_multiplier", "predators_leave", "food_multiplier_from",
               "generations"}
    for name, p in heredity.PRESETS.items():
        assert set(p.options) <= allowed, name
        assert heredity.preset(name)["mutation_rate"] == 0.05 and heredity.preset(name)["founders"] == 8


# ---- trait-card rate: the old mutation_rate of the printed games -----------------------------------------
def test_trait_card_rate_is_the_bots_choice_and_mutation_rate_its_old_name():
    assert GreedyBot(trait_card_rate=0.3).mutation_rate == 0.3
    assert GreedyBot(mutation_rate=0.3).trait_card_rate == 0.3
    assert evolab.bots.make_bot("greedy:0.4").trait_card_rate == 0.4
    assert repr(GreedyBot(0.5)) == "GreedyBot(trait_card_rate=0.5)"
    with pytest.raises(OptionError, match="not both"):
        GreedyBot(trait_card_rate=0.1, mutation_rate=0.2)
    for name in ("trait_card_rate", "mutation_rate"):
        rows = evolab.run_batch("origin", grid={name: [0, 1]}, reps=2, seed=4, progress=False,
                                tables=("mutations",)).rows("mutations")
        played = {0: 0, 1: 0}
        for r in rows:
            played[r[name]] += r["arose"]
        assert played[0] == 0 and played[1] > 10, name
    with pytest.raises(OptionError, match="no meaning in the Heredity variant"):
        evolab.run_batch("origin", grid={"trait_card_rate": [0.5]}, heredity=True, progress=False)


def test_in_the_variant_mutation_rate_is_the_rules_option_in_a_batch():
    r = evolab.run_batch("origin", grid={"mutation_rate": [0.0, 1.0]}, reps=2, seed=2, progress=False,
                         tables=("births",), **{**heredity.preset("neutral"), "generations": 3})
    by_rate = {0.0: 0, 1.0: 0}
    for x in r.rows("births"):
        if x["parent"] >= 0:
            by_rate[x["mutation_rate"]] += bool(x["mutation"])
    assert by_rate[0.0] == 0 and by_rate[1.0] > 20


# ---- the tracker -----------------------------------------------------------------------------------------
def test_the_tracker_counts_a_population_that_doubles_every_generation():
    """Food for all, no mutation: every animal breeds, so 4 founders become 8, 16, 32; half carry Camouflage;
    carriers and others survive and breed alike (selection differential 0); every young's parent is recorded."""
    from evolab import Tracker
    rs = load_ruleset("origin", heredity=True, founders=2, founder_traits={"camouflage": 0.5}, food_fixed=200,
                      mutation_rate=0.0, generations=3)
    t = Tracker()
    m = Match(rs, seats=[GreedyBot(), GreedyBot()], seed=2, observers=[t])
    m.play_out()
    rows = {r["turn"]: r for r in t.rows("generations") if r["trait"] == "camouflage"}
    assert [(rows[g]["carriers"], rows[g]["alive"]) for g in range(4)] == [(2, 4), (4, 8), (8, 16), (16, 32)]
    r = rows[2]
    assert (r["feeding"], r["feeding_carriers"], r["survived"], r["survived_carriers"], r["young"],
            r["offspring_carriers"]) == (8, 4, 8, 4, 8, 4)
    assert r["frequency"] == 0.5 and r["carrier_survival"] == r["other_survival"] == 1.0
    assert r["carrier_offspring"] == r["other_offspring"] == 1.0 and r["selection_differential"] == 0
    assert rows[0]["feeding"] == 0 and rows[0]["frequency"] == 0.5
    births = t.rows("births")
    assert sum(b["turn"] == 0 and b["parent"] == -1 for b in births) == 4
    assert len([b for b in births if b["parent"] >= 0]) == 4 + 8 + 16
    alive = {a.id: a for a in m.state.animals.values()}
    for b in births:
        if b["turn"] == 3:
            assert alive[b["animal"]].parent == b["parent"] and b["traits"] == b["inherited"]
    assert t.rows("fates") == []          # nothing was fixed or lost
    traits = {(r["turn"], r["trait"]): r for r in t.rows("traits")}
    assert traits[(3, "camouflage")]["born"] == 8 and traits[(3, "camouflage")]["animals"] == 16


def test_fates_record_a_trait_lost_and_a_trait_fixed():
    """Carnivores without prey they can catch starve out: carnivorous is lost, the survivors' trait is fixed."""
    from evolab import Tracker
    s = hpos({"food_bank": 2, "current": 1, "animals": [
        {"id": 1, "owner": 0, "traits": ["carnivorous"]},
        {"id": 2, "owner": 1, "traits": ["swimming"]}, {"id": 3, "owner": 1, "traits": ["swimming"]}]},
        mutation_rate=0.0, generations=2)
    t = Tracker()
    m = Match(s.ruleset, seats=[GreedyBot(), GreedyBot()], seed=1, observers=[t], start=s)
    m.play_out()
    fates = {(f["trait"], f["fate"]): f["turn"] for f in t.rows("fates")}
    assert fates[("carnivorous", "lost")] == 1 and fates[("swimming", "fixed")] == 1


# ---- the log ---------------------------------------------------------------------------------------------
def test_the_log_tells_births_inherited_traits_and_each_mutation_in_plain_words():
    from evolab.narrate import Narrator
    s, ev = play(_fed_table(mutation_rate=0.1), TakeFood(2))
    young = s.newborn[0]
    s, ev2 = play(s, Mutate("swimming", "swimming"), Mutate("symbiosis", "symbiosis"), Mutate("", ""),
                  Mutate("running", "running"))
    lines = Narrator(seat=0).lines(s, ev + ev2)
    text = "\n".join(lines)
    assert "— Generation 1, reproduction: every fed animal has young that inherit its traits —" in lines
    assert f"Your animal #1 had a young, #{young} (inherited Camouflage and Fat tissue)." in lines
    assert f"Mutation! Young #{young} was born with a new trait, by chance: Swimming." in lines
    assert "Mutation! Symbiosis by chance: animal #2 now protects its young" in text
    assert "A mutation for Running arose in young" in text and "but it already had Running: no effect." in text
    assert "End of generation 1." in text and "played" not in text and "gave" not in text


def test_a_replayed_record_gives_the_same_tracked_rows():
    from evolab import Tracker, track_record
    from evolab.tracking import ALL_TABLES
    rs = heredity.load("predation", mutation_rate=0.3, loss_rate=0.1, generations=6)
    t = Tracker(params={"x": 1})
    m = Match(rs, seats=[GreedyBot(), GreedyBot()], seed=4, observers=[t])
    m.play_out()
    again = track_record(GameRecord.from_json(m.record.to_json()), params={"x": 1})
    for table in ALL_TABLES:
        assert t.rows(table) == again.rows(table), table
    assert t.rows("generations") and t.rows("births")


def test_in_the_variant_the_greedy_bot_does_not_feed_an_animal_first_for_its_traits():
    """One token for two hungry animals that cost the same: in the printed game the greedy bot feeds the one
    with a trait card (it scores more); in the variant it has no preference (a bot that fed carriers first
    would be a breeder selecting them), so over many draws each is fed about half the time."""
    import random
    spec = {"food_bank": 1, "animals": [{"id": 1, "owner": 0, "traits": ["camouflage"]}, {"id": 2, "owner": 0},
                                        {"id": 3, "owner": 1, "traits": ["swimming"], "food": 1}]}
    bot = GreedyBot()
    for variant, low, high in ((False, 200, 200), (True, 70, 130)):
        s = scenario("origin", {**spec, "options": {"heredity": True}} if variant else spec)
        picks = [bot.choose(observe(s, 0), legal_actions(s), random.Random(k)) for k in range(200)]
        fed_camouflaged = sum(p == TakeFood(1) for p in picks)
        assert all(p in (TakeFood(1), TakeFood(2)) for p in picks)
        assert low <= fed_camouflaged <= high, (variant, fed_camouflaged)

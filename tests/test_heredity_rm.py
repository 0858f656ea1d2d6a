"""The Heredity variant on Random Mutations (rulings rm.heredity.1-4 in rules/random_mutations/heredity.py):
founders as species, young that join their parent's species, mutations that found a daughter species, losses,
exact chance weights, records, positions and random games with every invariant."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evolab import (CHANCE, GameRecord, Match, OptionError, ScenarioError, TakeFood, apply, chance_outcomes,
                    is_over, load_ruleset, load_state, new_game, save_state, to_move)
from evolab.actions import EndMove, LoseTrait, Mutate
from evolab.analysis import descent_tree, trait_frequency
from evolab.bots import GreedyBot, RandomBot
from evolab.events import AnimalBorn, BlindMutation, Speciation, TraitNotInherited
from engine_checks import assert_json_round_trip, assert_refused
from conftest import play
from test_heredity import InheritanceWatcher
from test_heredity import hpos as heredity_position
from test_rm_conformance import assert_check_agrees, assert_table_invariants

SLOW = settings(deadline=None, database=None)


def hpos(spec, **options):
    return heredity_position(spec, "random_mutations", **options)


def test_the_same_option_names_apply_and_the_variant_says_it_is_ours():
    rs = load_ruleset("random_mutations", heredity=True, founders=6, founder_traits={"predator": 0.5},
                      offspring=2, mutation_rate=0.2, loss_rate=0.1, generations=9, max_animals=50)
    assert rs.heredity and rs.options["food_multiplier"] == 3.0
    assert any("not the printed game" in p for p in rs.provisional)
    with pytest.raises(OptionError, match="belong to the Heredity variant"):
        load_ruleset("random_mutations", founders=6)
    with pytest.raises(OptionError, match="divergence"):
        load_ruleset("random_mutations", heredity=True, divergence=True)
    with pytest.raises(OptionError, match="forbid"):
        load_ruleset("random_mutations", heredity=True, founder_traits={"predator": 0.75, "scavenger": 0.5})


def test_founders_with_the_same_traits_form_one_species():
    rs = load_ruleset("random_mutations", heredity=True, founder_traits={"predator": 0.25, "swimming": 0.125})
    s = new_game(rs)
    for seat in range(2):
        row = [s.species[i] for i in s.rows[seat]]
        assert [(rs.traits_of(s, sp), len(sp.animals)) for sp in row] == [(("predator",), 2), (("swimming",), 1),
                                                                          ((), 5)]
    assert s.deck_size == rs.total_cards == s.card_total() and s.pdecks == (0, 0)


def _table(**options):
    """Seat 0: species 1 (Running) of two fed animals, species 2 (plain) hungry; seat 1: species 3 (Large) fed."""
    return hpos({"red": 1, "species": [
        {"id": 1, "owner": 0, "traits": ["running"], "animals": [{"id": 11, "food": 1}, {"id": 12, "food": 1}]},
        {"id": 2, "owner": 0, "traits": [], "animals": [{"id": 21}]},
        {"id": 3, "owner": 1, "traits": ["large"], "animals": [{"id": 31, "food": 2}]}]}, **options)


def test_young_join_their_parents_species_right_after_the_parent():
    s, ev = play(_table(mutation_rate=0.0), TakeFood(21))
    born = [(e.parent, e.traits) for e in ev if isinstance(e, AnimalBorn)]
    assert born == [(11, ("running",)), (12, ("running",)), (21, ()), (31, ("large",))]
    ys = [e.animal for e in ev if isinstance(e, AnimalBorn)]
    assert s.species[1].animals == (11, ys[0], 12, ys[1]) and s.species[2].animals == (21, ys[2])
    assert s.species[3].animals == (31, ys[3]) and s.animals[ys[0]].parent == 11
    assert s.phase == "climate_red" and s.turn == 2 and s.card_total() == load_ruleset(
        "random_mutations").total_cards


def test_a_mutation_founds_a_daughter_species_right_of_its_parents():
    s, _ = play(_table(mutation_rate=0.1), TakeFood(21))
    assert s.phase == "reproduction" and to_move(s) == CHANCE
    outs = dict(chance_outcomes(s))
    assert outs[Mutate("", "")] == 9 * 90 and outs[Mutate("swimming", "swimming")] == 9
    assert sum(outs.values()) == 10 * 90
    young = s.newborn[0]
    s, ev = play(s, Mutate("swimming", "swimming"))
    [sp] = [e for e in ev if isinstance(e, Speciation)]
    daughter = s.species[sp.species]
    assert (sp.parent, sp.traits) == (1, ("running", "swimming")) and daughter.animals == (young,)
    assert s.rows[0][:2] == (1, daughter.id) and young not in s.species[1].animals
    assert [e.outcome for e in ev if isinstance(e, BlindMutation)] == ["added"]
    assert s.discards == (1, 0) and s.revealed == 1 and s.deck_size == 89


@pytest.mark.parametrize("trait, outcome", [("running", "duplicate"), ("scavenger", "added")])
def test_a_mutation_the_rules_do_not_allow_leaves_the_young_in_its_species(trait, outcome):
    s = hpos({"red": 1, "species": [{"id": 1, "owner": 0, "traits": ["running", "predator"],
                                     "animals": [{"id": 11, "food": 2}]},
                                    {"id": 2, "owner": 0, "animals": [{"id": 21}]}]}, mutation_rate=0.5)
    s, _ = play(s, TakeFood(21))
    young = s.newborn[0]
    s, ev = play(s, Mutate(trait, trait))
    [e] = [e for e in ev if isinstance(e, BlindMutation)]
    expected = "forbidden" if trait == "scavenger" else outcome
    assert e.outcome == expected and s.animals[young].species == 1 and not any(isinstance(x, Speciation) for x in ev)


def test_a_loss_founds_a_daughter_without_the_trait_and_after_a_mutation_shrinks_it():
    s, _ = play(_table(mutation_rate=0.5, loss_rate=0.5), TakeFood(21))
    y1 = s.newborn[0]
    s, _ = play(s, Mutate("", ""))
    assert dict(chance_outcomes(s)) == {LoseTrait(""): 1, LoseTrait("running"): 1}
    s, ev = play(s, LoseTrait("running"))
    [sp] = [e for e in ev if isinstance(e, Speciation)]
    assert sp.traits == () and s.animals[y1].species == sp.species
    assert TraitNotInherited(0, y1, 11, "running", 1) in ev
    y2 = s.newborn[0]
    s, _ = play(s, Mutate("large", "large"))
    assert_refused(s, LoseTrait("large"), rule="engine.impossible-outcome")
    s, ev = play(s, LoseTrait("running"))
    daughter = s.species[s.animals[y2].species]
    assert s.ruleset.traits_of(s, daughter) == ("large",) and not any(isinstance(e, Speciation) for e in ev)


def test_positions_and_saves_in_the_middle_of_reproduction():
    s, _ = play(_table(mutation_rate=0.5, loss_rate=0.5), TakeFood(21), Mutate("stomper", "stomper"))
    assert s.newborn[2] == "loss"
    assert load_state(save_state(s)) == s
    assert_json_round_trip(s)
    with pytest.raises(ScenarioError, match="player decks"):
        hpos({"player_decks": [7, 7]})
    with pytest.raises(ScenarioError, match="no development"):
        hpos({"phase": "development"})


def test_records_replay_exactly_and_every_young_inherits_its_species_traits():
    w = InheritanceWatcher()
    rs = load_ruleset("random_mutations", heredity=True, founder_traits={"predator": 0.25, "swimming": 0.25},
                      mutation_rate=0.4, loss_rate=0.3, generations=8)
    m = Match(rs, seats=[GreedyBot(), RandomBot()], seed="rm-heredity", keep_events=True, observers=[w])
    m.play_out()
    assert m.is_over() and w.checked > 50 and w.mutated > 5 and w.lost > 5
    assert GameRecord.from_json(m.record.to_json()).replay() == m.state
    tree = descent_tree(m.events)
    assert tree.number_of_edges() >= w.mutated          # each effective mutation founded a species


def test_selection_shows_in_the_tracker_on_this_edition_too():
    """Swimming founders among Predators: only swimming predators attack swimmers, so Swimming rises."""
    from evolab import run_batch
    r = run_batch("random_mutations", reps=12, seed=3, progress=False, tables=("generations",), heredity=True,
                  founder_traits={"predator": 0.25, "swimming": 0.125}, mutation_rate=0.05, generations=12)
    f = {x["turn"]: x for x in trait_frequency(r.rows("generations"), "swimming")}
    assert f[0]["mean"] == 0.125 and f[12]["ci_low"] > 0.125


@settings(SLOW, max_examples=5)
@given(seed=st.integers(0, 2**32 - 1), mutation=st.sampled_from([0.0, 0.4, 1.0]), loss=st.sampled_from([0.0, 0.5]))
def test_random_games_hold_every_invariant_at_every_step(seed, mutation, loss):
    rs = load_ruleset("random_mutations", heredity=True, founders=4, generations=4, max_animals=14,
                      founder_traits={"predator": 0.25, "large": 0.25, "running": 0.25}, mutation_rate=mutation,
                      loss_rate=loss, offspring=2)
    rng = random.Random(seed)
    check_rng = random.Random(seed + 1)
    state = new_game(rs)
    steps = 0
    while not is_over(state):
        assert steps < 6000
        legal = assert_table_invariants(state)
        assert_check_agrees(state, legal, check_rng, 40)
        assert_json_round_trip(state)
        if to_move(state) == CHANCE:
            move = rs.sample_chance(state, rng)
            assert move in [o for o, _ in chance_outcomes(state)]
        else:
            move = legal[rng.randrange(len(legal))]
        before = state.to_dict()
        state, _ = apply(state, move)
        assert before != state.to_dict() or move == EndMove()
        steps += 1
    assert_table_invariants(state)


def test_predators_leave_with_their_species_and_cannot_come_back():
    from evolab.events import Migrated
    rs = load_ruleset("random_mutations", heredity=True, founder_traits={"predator": 0.25}, predators_leave=2,
                      mutation_rate=1.0, generations=3, food_fixed=30)
    m = Match(rs, seats=[GreedyBot(), GreedyBot()], seed=2, keep_events=True)
    m.play_out()
    left = [e for e in m.events if isinstance(e, Migrated)]
    hunters = set(rs.predator_traits)                    # Predator and Obligate Predator
    assert left and all(e.how == "left" and e.turn == 2 and hunters & set(e.traits) for e in left)
    late = [e for e in m.events if isinstance(e, BlindMutation) and e.trait in hunters and e.turn >= 2]
    assert late and all(e.outcome == "absent" for e in late)
    s = m.state
    assert not any(hunters & set(rs.traits_of(s, sp)) for sp in s.species.values())
    assert s.card_total() == rs.total_cards

"""``scenario()`` refuses wrong types, impossible tables and oversized tables with ``ScenarioError`` naming the
key (``field``) and the rule, in every edition, before anything is built; nothing else leaks out."""
from __future__ import annotations

import pytest

from evolab import ScenarioError, scenario


def _refused(edition, spec, field, says=""):
    with pytest.raises(ScenarioError) as err:
        scenario(edition, spec)
    e = err.value
    assert e.field == field, f"named {e.field!r}: {e}"
    assert str(e).startswith(field) and says in str(e), str(e)
    return e


WRONG_TYPES = [
    ("origin", {"animals": [{"owner": 0, "food": "2"}]}, "animals[0].food"),
    ("origin", {"animals": 5}, "animals"),
    ("origin", {"animals": [{"owner": 0.5}]}, "animals[0].owner"),
    ("origin", {"animals": [{"owner": 0, "hibernating": "yes"}]}, "animals[0].hibernating"),
    ("origin", {"animals": [{"owner": 0, "traits": "swimming"}]}, "animals[0].traits"),
    ("origin", {"food_bank": None}, "food_bank"),
    ("origin", {"food_bank": True}, "food_bank"),
    ("origin", {"hands": [["swimming"], None]}, "hands[1]"),
    ("origin", {"links": [{"trait": 3, "animals": [1, 2]}]}, "links[0].trait"),
    ("origin", {"first": True}, "first"),
    ("origin", {"last_turn": 1}, "last_turn"),
    ("origin", {"players": "2"}, "players"),
    ("origin", {"options": ["players", 2]}, "options"),
    ("origin", {"options": {"grazing_limit": None}}, "options.grazing_limit"),
    ("origin", {"deck": "all"}, "deck"),
    ("origin", {"turn": 2.0}, "turn"),
    ("random_mutations", {"red": None}, "red"),
    ("random_mutations", {"species": [{"owner": 0, "animals": [{"food": "2"}]}]}, "species[0].animals[0].food"),
    ("random_mutations", {"species": 5}, "species"),
    ("random_mutations", {"species": [{"owner": 0, "population": 2.0}]}, "species[0].population"),
    ("random_mutations", {"player_decks": [7, "7"]}, "player_decks[1]"),
    ("random_mutations", {"species": [{"owner": 0, "animals": [{"shelter": 1}]}]}, "species[0].animals[0].shelter"),
    ("random_mutations", {"deck": None}, "deck"),
    ("northstar", {"species": [{"owner": 0, "food": "2"}]}, "species[0].food"),
    ("northstar", {"species": 5}, "species"),
    ("northstar", {"bags": None}, "bags"),
    ("northstar", {"watering": 1.5}, "watering"),
    ("northstar", {"hands": "abc"}, "hands"),
    ("northstar", {"species": [{"owner": 0, "traits": [7]}]}, "species[0].traits[0]"),
]


@pytest.mark.parametrize("edition,spec,field", WRONG_TYPES)
def test_wrong_types_are_refused_by_key(edition, spec, field):
    _refused(edition, spec, field)


IMPOSSIBLE = [
    ("origin", {"animals": [{"owner": 0, "traits": ["swimming", "swimming"]}]}, "animals[0].traits[1]",
     "origin.placement.duplicate"),
    ("origin", {"animals": [{"owner": 0, "traits": ["carnivorous", "scavenger"]}]}, "animals[0].traits[1]",
     "origin.placement.exclusive"),
    ("origin", {"animals": [{"owner": 0, "traits": ["fat_tissue"], "food": 2}]}, "animals[0].food", "needs 1"),
    ("origin", {"animals": [{"owner": 0, "red": 1, "blue": 1}]}, "animals[0].red", "needs 1"),
    ("origin", {"animals": [{"owner": 0, "traits": ["fat_tissue"], "fat": 2}]}, "animals[0].fat",
     "origin.fat_tissue"),
    ("origin", {"animals": [{"owner": 0, "food": 0.5}]}, "animals[0].food", "whole number"),
    ("origin", {"food_bank": 10 ** 1000}, "food_bank", "digits"),
    ("origin", {"animals": [{"owner": 0, "traits": ["cooperation"]}]}, "animals[0].traits[0]", "pair trait"),
    ("origin", {"animals": [{"owner": 0}, {"owner": 1}], "links": [{"trait": "cooperation", "animals": [1, 2]}]},
     "links[0]", "same owner"),
    ("origin", {"animals": [{"owner": 0, "hibernating": True}]}, "animals[0].hibernating", "Hibernation"),
    ("origin", {"phase": "development", "food_bank": 3}, "food_bank", "rolled after development"),
    ("random_mutations", {"species": [{"owner": 0, "traits": ["predator", "predator"]}]}, "species[0].traits[1]",
     "two identical traits"),
    ("random_mutations", {"species": [{"owner": 0, "traits": ["predator", "scavenger"]}]}, "species[0].traits[1]",
     "at most one of Predator"),
    ("random_mutations", {"species": [{"owner": 0, "animals": [{"food": 2}]}]}, "species[0].animals[0].food",
     "needs 1"),
    ("random_mutations", {"red": 10 ** 1000}, "red", "digits"),
    ("random_mutations", {"species": [{"owner": 0, "population": 0}]}, "species[0].population", "between 1"),
    ("random_mutations", {"species": [{"owner": 0, "population": 2, "animals": [{}]}]}, "species[0].population",
     "1 animals are listed"),
    ("northstar", {"species": [{"owner": 0, "traits": ["climbing", "climbing"]}]}, "species[0].traits",
     "northstar.trait-duplicate"),
    ("northstar", {"players": 2, "species": [{"owner": 0, "traits": ["climbing", "horns", "foraging"]}]},
     "species[0].traits", "northstar.trait-limit"),
    ("northstar", {"species": [{"owner": 0, "food": 3, "pop": 2}]}, "species[0].food", "northstar.full"),
    ("northstar", {"species": [{"owner": 0, "fat": 1}]}, "species[0].fat", "Fat Tissue"),
    ("northstar", {"species": [{"owner": 0, "fat": 3, "body": 2, "traits": ["fat_tissue"]}]}, "species[0].fat",
     "Body Size"),
    ("northstar", {"watering": 10 ** 1000}, "watering", "digits"),
    ("northstar", {"species": [{"owner": 0, "body": 7}]}, "species[0].body", "between 1 and 6"),
]


@pytest.mark.parametrize("edition,spec,field,rule", IMPOSSIBLE)
def test_impossible_tables_are_refused_naming_key_and_rule(edition, spec, field, rule):
    _refused(edition, spec, field, rule)


@pytest.mark.parametrize("edition,spec,field,module,built", [
    ("origin", {"animals": [{"owner": 0}] * 100_000}, "animals", "origin", "Animal"),
    ("origin", {"hands": [["swimming"] * 100_000, []]}, "hands[0]", "origin", "Animal"),
    ("origin", {"links": [{"trait": "cooperation", "animals": [1, 2]}] * 10_000}, "links", "origin", "Link"),
    ("random_mutations", {"species": [{"owner": 0}] * 100_000}, "species", "random_mutations", "Species"),
    ("random_mutations", {"species": [{"owner": 0, "population": 10 ** 9}]}, "species[0].population",
     "random_mutations", "RMAnimal"),
    ("random_mutations", {"species": [{"owner": 0, "animals": [{}] * 100_000}]}, "species[0].animals",
     "random_mutations", "RMAnimal"),
    ("northstar", {"species": [{"owner": 0}] * 100_000}, "species", "northstar", "NSSpecies"),
    ("northstar", {"hands": [["climbing"] * 100_000, [], []]}, "hands[0]", "northstar", "NSSpecies"),
])
def test_oversized_tables_are_refused_before_anything_is_built(monkeypatch, edition, spec, field, module, built):
    import importlib
    mod = importlib.import_module(f"evolab.rules.{module}.scenario")
    monkeypatch.setattr(mod, built, lambda *a, **k: pytest.fail(f"a {built} was built for an oversized table"))
    _refused(edition, spec, field, "at most" if "population" not in field else "between 1")


@pytest.mark.parametrize("edition,spec,field", [
    ("origin", {"wings": 1}, "wings"),
    ("origin", {"animals": [{"owner": 0, "wings": 1}]}, "animals[0].wings"),
    ("origin", {"phase": "feeding", "passed": [True, False]}, "passed"),
    ("random_mutations", {"species": [{"owner": 0, "animals": [{"wings": 1}]}]}, "species[0].animals[0].wings"),
    ("random_mutations", {"phase": "development", "move_main": True}, "move_main"),
    ("northstar", {"species": [{"owner": 0, "wings": 1}]}, "species[0].wings"),
    ("northstar", {"players": 7}, "players"),
])
def test_unknown_keys_and_keys_that_mean_nothing_here_are_refused(edition, spec, field):
    _refused(edition, spec, field)


def test_scenario_that_is_not_a_dict_is_refused():
    for edition in ("origin", "random_mutations", "northstar"):
        with pytest.raises(ScenarioError):
            scenario(edition, [("animals", [])])

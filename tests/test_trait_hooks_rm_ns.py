"""*Random Mutations* and North Star: each trait's rule sits on its entry in the edition's TRAITS table (a hook in
``TraitRule.on``), the phase code reaches it only through the tables built from the entries (or the entries
themselves), and names none of these traits. Without its hook, a trait does nothing: the phase code holds no copy
of its rule."""
from __future__ import annotations

import ast
import pathlib

import pytest

import evolab
from evolab import apply, check, legal_actions
from evolab.actions import (Attack, DiscardTrait, EatPlant, Hunt, PlayCard, Reveal, Scavenge, Stomp, TakeShelter,
                            ThinkFood)
from evolab.events import FoodTaken
from evolab.rules.northstar import attack as NA
from evolab.rules.northstar import checks as NC
from evolab.rules.northstar import feeding as NF
from evolab.rules.northstar import play as NP
from evolab.rules.northstar import state as NST
from evolab.rules.northstar import traits as NS
from evolab.rules.random_mutations import feeding as RF
from evolab.rules.random_mutations import heredity as RH
from evolab.rules.random_mutations import io as RIO
from evolab.rules.random_mutations import moves as RMV
from evolab.rules.random_mutations import scenario as RSC
from evolab.rules.random_mutations import traits as RM

RULES = pathlib.Path(evolab.__file__).parent / "rules"

#: (trait, step, the table the phase code loops over, or None where it reads the entry itself) of each trait
#: whose rule moved onto its entry
RM_HOOKS = [("stomper", "stomp", RM.STOMPERS), ("bark_beetle", "shelter", RM.SHELTERED),
            ("extremophile", "join", RM.JOINS), ("extremophile", "joined", None),
            ("simplification", "attached", None), ("predator", "meal", RM.MEALS),
            ("obligate_predator", "meal", RM.MEALS), ("scavenger", "takers", RMV.TAKERS),
            ("scavenger", "scavenged", RM.SCAVENGED), ("simplification", "discards", tuple(RM.DISCARDS.items()))]
NS_HOOKS = [("pack_hunting", "attack_size", NS.PACKS), ("fat_tissue", "room", NS.ROOMS),
            ("fat_tissue", "store", NS.STORES), ("fat_tissue", "replaced", tuple(NS.REPLACED.items())),
            ("intelligence", "think", NS.THINKERS), ("intelligence", "hunts", NS.CLEVER),
            ("carnivore", "meal", NS.MEALS), ("fat_tissue", "holds", NS.HOLDS),
            ("intelligence", "may_think", NC.THINK_RULES), ("intelligence", "cards", NC.CARD_RULES)]


@pytest.mark.parametrize("traits, trait, step, table",
                         [(RM.TRAITS, *h) for h in RM_HOOKS] + [(NS.TRAITS, *h) for h in NS_HOOKS],
                         ids=[f"rm-{t}-{w}" for t, w, _ in RM_HOOKS] + [f"ns-{t}-{w}" for t, w, _ in NS_HOOKS])
def test_each_moved_rule_is_a_hook_on_its_entry_and_in_the_table_the_phase_code_reads(traits, trait, step, table):
    hook = traits[trait].on[step]
    assert callable(hook)
    if table is None:                        # development fires it from the entry (the spy tests below)
        assert step in RM.ENTRY_STEPS
        return
    assert (trait, hook) in table
    assert [t for t, _ in table].count(trait) == 1


def test_each_hunter_trait_has_one_meal_and_excludes_the_others():
    """A kill's meal comes from the predator's one hunter trait (Predator, Obligate Predator)."""
    assert RM.HUNTERS == ("predator", "obligate_predator")          # derived from the entries' "meal" hooks
    for t in RM.HUNTERS:
        assert set(RM.HUNTERS) - {t} <= set(RM.TRAITS[t].excludes)


def _strings(path):
    return {n.value for n in ast.walk(ast.parse(path.read_text())) if isinstance(n, ast.Constant)
            and isinstance(n.value, str)}


#: module -> the traits whose rules moved out of it (their ids must no longer appear there)
NAMED_NOWHERE = {
    "random_mutations/development.py": ("predator", "obligate_predator", "scavenger", "extremophile", "simplification"),
    "random_mutations/feeding.py": ("stomper", "bark_beetle", "predator", "obligate_predator", "extremophile",
                                    "simplification"),
    "random_mutations/species.py": ("predator", "obligate_predator", "scavenger", "stomper", "bark_beetle"),
    "random_mutations/moves.py": ("stomper", "bark_beetle", "extremophile"),
    "northstar/attack.py": ("pack_hunting", "fat_tissue", "intelligence", "horns", "warning_call"),
    "northstar/feeding.py": ("pack_hunting", "fat_tissue", "intelligence"),
    "northstar/play.py": ("pack_hunting", "fat_tissue", "intelligence"),
}


@pytest.mark.parametrize("module", sorted(NAMED_NOWHERE))
def test_the_phase_code_names_none_of_the_moved_traits(module):
    found = _strings(RULES / module) & set(NAMED_NOWHERE[module])
    assert not found, f"{module} still decides on {sorted(found)}: their rules belong on their entries"


#: the modules of an edition that may name its traits, and why: the entries themselves (``traits.py``), the deck
#: list (``deck.py``), the words people read (``labels.py``: names, titles, hints by trait; ``sentences.py``: the
#: log's message keys, which are an event's food source or defence), the greedy bot's rules of thumb
#: (``hints.py``) and the Heredity presets' founders (``presets.py``: data, not rules)
MAY_NAME_TRAITS = frozenset(("traits.py", "deck.py", "labels.py", "sentences.py", "hints.py", "presets.py"))
#: strings that are a trait id by coincidence: the Attack action's field named "predator"
NOT_A_TRAIT = {"random_mutations/ruleset.py": {"predator"}}
EDITION_MODULES = sorted(f"{ed}/{p.name}" for ed in ("random_mutations", "northstar")
                         for p in (RULES / ed).glob("*.py") if p.name not in MAY_NAME_TRAITS)


@pytest.mark.parametrize("module", EDITION_MODULES)
def test_no_module_of_random_mutations_or_north_star_names_a_trait_outside_its_entries(module):
    """Phase, check, move-list, saved-game, scenario and presentation code reach a trait only through the
    tables built from its entry (a hook or a fact), so a reader learns one trait from one entry."""
    ids = set((RM if module.startswith("random_mutations") else NS).TRAITS)
    found = _strings(RULES / module) & ids - NOT_A_TRAIT.get(module, set())
    assert not found, f"{module} decides on {sorted(found)}: their rules belong on their entries"


# ---- without its hook, the trait does nothing ------------------------------------------------------------
def _rm(*species, **extra):
    return evolab.scenario("random_mutations", {"players": 2, "species": list(species), **extra})


def test_stomper_acts_only_through_its_hook(monkeypatch):
    s = _rm({"id": 1, "owner": 0, "traits": ["stomper"], "population": 2},
            {"id": 2, "owner": 1, "traits": [], "population": 1}, red=5)
    assert Stomp(2) in legal_actions(s)
    monkeypatch.setattr(RM, "STOMPERS", (("stomper", lambda rs, s, sp: 1),))
    stomps = [a.tokens for a in legal_actions(s) if isinstance(a, Stomp)]
    assert stomps == [1]
    monkeypatch.setattr(RM, "STOMPERS", ())
    assert not any(isinstance(a, Stomp) for a in legal_actions(s))


def test_bark_beetle_acts_only_through_its_hook(monkeypatch):
    s = _rm({"id": 1, "owner": 0, "traits": ["bark_beetle"], "animals": [{"id": 11}]},
            {"id": 2, "owner": 1, "traits": [], "animals": [{"id": 21}]}, green=2)
    t, _ = apply(s, TakeShelter(11))
    assert (t.animals[11].shelter, t.animals[11].blue) == (False, 1)
    monkeypatch.setattr(RM, "SHELTERED", ())
    t, _ = apply(s, TakeShelter(11))
    assert (t.animals[11].shelter, t.animals[11].blue) == (True, 0)


def test_extremophile_acts_only_through_its_entry(monkeypatch):
    s = _rm({"id": 1, "owner": 0, "traits": ["extremophile"], "population": 1}, {"id": 2, "owner": 0, "traits": []},
            {"id": 3, "owner": 1, "traits": []}, phase="development", player_decks=[4, 7])
    t, _ = apply(s, PlayCard("add_animal", 1))
    assert t.pdecks == (2, 7)
    monkeypatch.setitem(RM.TRAITS["extremophile"].on, "joined", lambda rs, s, seat, sp, ev: None)
    t, _ = apply(s, PlayCard("add_animal", 1))
    assert t.pdecks == (3, 7)
    short = _rm({"id": 1, "owner": 0, "traits": ["extremophile"]}, {"id": 2, "owner": 0, "traits": []},
                {"id": 3, "owner": 1, "traits": []}, phase="development", player_decks=[1, 7])
    assert check(short, PlayCard("add_animal", 1)).rule == "rm.extremophile"
    monkeypatch.setattr(RM, "JOINS", ())
    assert check(short, PlayCard("add_animal", 1)) is None


def test_simplification_acts_only_through_its_entry(monkeypatch):
    deck = {"simplification": 10, "large": 10}
    s = _rm({"id": 1, "owner": 0, "traits": ["large"]}, {"id": 2, "owner": 1, "traits": []}, phase="development",
            options={"deck": deck})
    played, _ = apply(s, PlayCard("trait", 1))
    t, _ = apply(played, Reveal("simplification"))
    assert t.ruleset.traits_of(t, t.species[1]) == ("simplification",)
    seen = []
    monkeypatch.setitem(RM.TRAITS["simplification"].on, "attached", lambda *a: seen.append(a[3].id) or False)
    t, _ = apply(played, Reveal("simplification"))
    assert t.ruleset.traits_of(t, t.species[1]) == ("large", "simplification") and seen == [1]


def test_a_kill_feeds_the_predator_only_through_its_meal_hook(monkeypatch):
    s = _rm({"id": 1, "owner": 0, "traits": ["predator"], "animals": [{"id": 11}]},
            {"id": 2, "owner": 1, "traits": [], "animals": [{"id": 21}, {"id": 22}]}, red=3)
    meal = dict(RM.MEALS)["predator"]
    eaten = []
    monkeypatch.setattr(RM, "MEALS", (("predator", lambda rs, s, pred, ev: eaten.append(pred.id)),))
    RF._eat(s.ruleset, s, 11, 21, None)
    assert eaten == [11] and s.animals[11].blue == 0
    meal(s.ruleset, s, s.animals[11], None)
    assert s.animals[11].blue == 2        # the hook on the entry is the 2 blue food of a kill


def test_an_obligate_predator_takes_no_food_by_the_fact_on_its_entry(monkeypatch):
    spec = ({"id": 1, "owner": 0, "traits": ["obligate_predator", "bark_beetle"], "animals": [{"id": 11}]},
            {"id": 2, "owner": 1, "traits": [], "animals": [{"id": 21}]})
    s = _rm(*spec, green=2)
    assert RM.TRAITS["obligate_predator"].extra["eats"] is False
    assert RM.NO_FOOD == {t for t, r in RM.TRAITS.items() if r.extra.get("eats") is False} == {"obligate_predator"}
    assert s.ruleset._feeding_side(s, s.species[1])[1:] == (False, frozenset({"obligate_predator", "bark_beetle"}), False)
    t, _ = apply(s, TakeShelter(11))
    assert (t.animals[11].shelter, t.animals[11].blue) == (True, 0)        # it keeps the shelter: it eats nothing
    monkeypatch.setattr(RM, "NO_FOOD", frozenset())
    s = _rm(*spec, green=2)
    t, _ = apply(s, TakeShelter(11))
    assert (t.animals[11].shelter, t.animals[11].blue) == (False, 1)       # without the fact, Bark Beetle feeds it


def _ns(*species, **extra):
    return evolab.scenario("northstar", {"players": 2, "species": list(species), **extra})


def _sp(id, owner, *traits, body=1, pop=1, food=0, fat=0):
    return {"id": id, "owner": owner, "body": body, "pop": pop, "food": food, "fat": fat, "traits": list(traits)}


def test_pack_hunting_adds_to_the_attack_only_through_its_hook(monkeypatch):
    s = _ns(_sp(1, 0, "carnivore", "pack_hunting", body=2, pop=3), _sp(2, 1))
    rs, a = s.ruleset, s.species[1]
    assert rs.attack_size(a) == 5
    monkeypatch.setattr(NA, "PACKS", ())
    assert rs.attack_size(a) == 2


def test_fat_tissue_stores_food_only_through_its_hooks(monkeypatch):
    s = _ns(_sp(1, 0, "fat_tissue", body=3, pop=1, food=1, fat=1), _sp(2, 1), watering=3)
    rs, sp = s.ruleset, s.species[1]
    assert rs.room(sp) == 2 and NF._store(rs, s, sp) and sp.fat == 2
    monkeypatch.setattr(NA, "ROOMS", ())
    monkeypatch.setattr(NF, "STORES", ())
    assert rs.room(sp) == 0 and not NF._store(rs, s, sp) and sp.fat == 2
    monkeypatch.setattr(NP, "REPLACED", {})
    card = sp.traits[0]
    NP._remove_trait(rs, s, sp, card, None)
    assert sp.fat == 2                  # the fat of a replaced Fat Tissue is the hook's rule, not play's


def test_intelligence_acts_only_through_its_hooks(monkeypatch):
    s = _ns(_sp(1, 0, "carnivore", "intelligence", body=3, pop=3), _sp(2, 1, "climbing", pop=2), watering=0,
            hands=[["horns:1"], []])
    rs = s.ruleset
    assert Hunt(1, 2, "horns:1", "climbing") in legal_actions(s) and NF._has_action(rs, s, 0)
    monkeypatch.setattr(NF, "CLEVER", ())
    assert not NF._has_action(rs, s, 0)          # the Carnivore can attack only with Intelligence's card
    eater = _ns(_sp(1, 0, "intelligence", pop=3), _sp(2, 1, pop=2), watering=0, hands=[["horns:1"], []])
    _, ev = apply(eater, ThinkFood(1, "horns:1"))
    assert [e.source for e in ev if isinstance(e, FoodTaken)] == ["intelligence", "intelligence"]
    monkeypatch.setattr(NF, "THINKERS", ())
    _, ev = apply(eater, ThinkFood(1, "horns:1"))
    assert not [e for e in ev if isinstance(e, FoodTaken)]


# ---- Random Mutations: Scavenger, Simplification, the ways of feeding a species has one of -------------------
def _carrion():
    """A kill with two unfed Scavenger animals on the attacked player's side: its owner chooses one."""
    s = _rm({"id": 1, "owner": 0, "traits": ["predator"], "animals": [{"id": 11}]},
            {"id": 2, "owner": 1, "traits": [], "animals": [{"id": 21}]},
            {"id": 3, "owner": 1, "traits": ["scavenger"], "animals": [{"id": 31}, {"id": 32}]}, red=3)
    t, _ = apply(s, Attack(11, 2))
    assert t.scavenge == 1
    return t


def test_who_may_take_the_carrion_is_the_scavenger_entrys_rule(monkeypatch):
    t = _carrion()
    assert legal_actions(t) == [Scavenge(31), Scavenge(32)]
    assert RMV.TAKERS == (("scavenger", RM.TRAITS["scavenger"].on["takers"]),)
    monkeypatch.setattr(RMV, "TAKERS", (("scavenger", lambda rs, s, seat: [s.animals[32]]),))
    assert legal_actions(t) == [Scavenge(32)]
    assert check(t, Scavenge(31)).rule == "rm.scavenger"
    monkeypatch.setattr(RMV, "TAKERS", ())
    assert legal_actions(t) == [] and check(t, Scavenge(32)).rule == "rm.scavenger"


def test_what_the_chosen_scavenger_gets_is_its_entrys_hook(monkeypatch):
    t = _carrion()
    u, _ = apply(t, Scavenge(32))
    assert (u.animals[32].blue, u.scavenge) == (1, -1)
    seen = []

    def spy(rs, s, a, ev):
        seen.append(a.id)
        s.scavenge = -1

    monkeypatch.setattr(RM, "SCAVENGED", (("scavenger", spy),))
    u, ev = apply(t, Scavenge(32))
    assert seen == [32] and u.animals[32].blue == 0 and not [e for e in ev if isinstance(e, FoodTaken)]


def test_which_card_simplification_discards_is_its_entrys_rule(monkeypatch):
    deck = {"simplification": 10, "large": 10, "swimming": 10}
    s = _rm({"id": 1, "owner": 0, "traits": ["large", "swimming"]}, {"id": 2, "owner": 1, "traits": []},
            phase="development", options={"deck": deck})
    played, _ = apply(s, PlayCard("trait", 1))
    t, _ = apply(played, Reveal("simplification"))
    large, swimming, own = (u for u, _t in t.species[1].own)
    assert legal_actions(t) == [DiscardTrait(large), DiscardTrait(swimming)]
    monkeypatch.setitem(RM.DISCARDS, "simplification", lambda cards: [cards[-1][0]])    # its own card only
    assert legal_actions(t) == [DiscardTrait(own)] and check(t, DiscardTrait(large)).rule == "rm.simplification"
    monkeypatch.delitem(RM.DISCARDS, "simplification")
    assert legal_actions(t) == []
    with pytest.raises(evolab.SaveFileError, match="has no Simplification"):
        t.ruleset.state_from_dict(t.to_dict())          # a pending discard needs a trait whose entry asks it


def test_the_ways_of_feeding_a_species_has_one_of_are_a_fact_on_their_entries(monkeypatch):
    one_of = {t for t, r in RM.TRAITS.items() if r.extra.get("exclusive")}
    assert one_of == RM.EXCLUSIVE == {"predator", "obligate_predator", "scavenger"}
    for t in one_of:
        assert set(RM.TRAITS[t].excludes) == one_of - {t}
    assert RH.EXCLUSIVE is RIO.EXCLUSIVE is RSC.EXCLUSIVE is RM.EXCLUSIVE      # one fact, read where it is needed
    both = {"id": 1, "owner": 0, "traits": ["predator", "scavenger"]}
    with pytest.raises(evolab.ScenarioError, match="at most one of"):
        _rm(both, {"id": 2, "owner": 1, "traits": []})
    assert RH._conflict("scavenger", ("large", "predator")) == "predator"
    monkeypatch.setattr(RH, "EXCLUSIVE", frozenset())
    assert RH._conflict("scavenger", ("large", "predator")) == ""
    monkeypatch.setattr(RSC, "EXCLUSIVE", frozenset())
    with pytest.raises(evolab.ScenarioError, match="exclude each other"):
        _rm(both, {"id": 2, "owner": 1, "traits": []})       # the saved-game check of the table still reads it
    monkeypatch.setattr(RIO, "EXCLUSIVE", frozenset())
    s = _rm(both, {"id": 2, "owner": 1, "traits": []})
    assert s.ruleset.traits_of(s, s.species[1]) == ("predator", "scavenger")
    assert s.ruleset.state_from_dict(s.to_dict()) == s


# ---- North Star: Carnivore, Intelligence, Fat Tissue's room on the board ---------------------------------------
def test_a_kill_feeds_the_carnivore_only_through_its_meal_hook(monkeypatch):
    s = _ns(_sp(1, 0, "carnivore", body=3, pop=2), _sp(2, 1, body=2, pop=2), watering=3)
    assert NS.MEALS == (("carnivore", NS.TRAITS["carnivore"].on["meal"]),) and NS.HUNTERS == {"carnivore"}
    assert s.ruleset.predator_traits == ("carnivore",)
    t, ev = apply(s, Hunt(1, 2, "", ""))
    assert [(e.colour, e.source) for e in ev if isinstance(e, FoodTaken)] == [("meat", "carnivore")] * 2
    seen = []
    monkeypatch.setattr(NF, "MEALS", (("carnivore", lambda rs, s, a, t, ev: seen.append((a.id, t.id))),))
    t, ev = apply(s, Hunt(1, 2, "", ""))
    assert seen == [(1, 2)] and t.species[1].food == 0 and not [e for e in ev if isinstance(e, FoodTaken)]


def test_only_a_hunter_attacks_and_it_eats_no_plants_by_the_fact_on_its_entry(monkeypatch):
    s = _ns(_sp(1, 0, "carnivore", body=3, pop=2), _sp(2, 1, pop=2), watering=3)
    rs, carnivore = s.ruleset, s.species[1]
    assert legal_actions(s) == [Hunt(1, 2, "", "")] and check(s, EatPlant(1)).rule == "northstar.carnivore.plants"
    # a species' kind bits are the entries' facts (HUNTERS comes from the Carnivore entry's meal hook) ...
    assert all(bool(NST.TRAIT_BITS.get(t, 0) & NS.IS_HUNTER) == (t in NS.HUNTERS) for t in NS.TRAITS)
    monkeypatch.setitem(NST.TRAIT_BITS, "carnivore", NST.TRAIT_BITS["carnivore"] & ~NS.IS_HUNTER)
    blind = _ns(_sp(1, 0, "carnivore", body=3, pop=2), _sp(2, 1, pop=2), watering=3)   # built without the fact
    assert Hunt(1, 2, "", "") not in legal_actions(blind)       # ... and the move list asks them
    monkeypatch.setattr(NC, "HUNTERS", frozenset())
    assert check(s, EatPlant(1)) is None                          # the check asks the fact
    assert NF._take(rs, s.clone(), carnivore, "plant", "hole", None, "food_bank") == 0
    assert NF._take(rs, blind.clone(), blind.species[1], "plant", "hole", None, "food_bank") == 1
    assert NA.attack_rule(rs, s, carnivore, s.species[2]) is None
    monkeypatch.setattr(NA, "HUNTERS", frozenset())
    assert NA.attack_rule(rs, s, carnivore, s.species[2]) == "northstar.carnivore"


def test_who_may_use_intelligence_is_its_entrys_rule(monkeypatch):
    eater = _ns(_sp(1, 0, "intelligence", pop=3), _sp(2, 1, pop=2), watering=0, hands=[["horns:1"], []])
    hunter = _ns(_sp(1, 0, "carnivore", "intelligence", body=3, pop=3), _sp(2, 1, "climbing", pop=2), watering=0,
                 hands=[["horns:1"], []])
    clever = Hunt(1, 2, "horns:1", "climbing")
    assert check(eater, ThinkFood(1, "horns:1")) is None and clever in legal_actions(hunter)
    assert check(hunter, ThinkFood(1, "horns:1")).rule == "northstar.intelligence.carnivore"
    monkeypatch.setattr(NC, "THINK_RULES", (("intelligence", lambda sp: None),))
    assert check(hunter, ThinkFood(1, "horns:1")) is None           # the rule is the hook's
    monkeypatch.setattr(NC, "THINK_RULES", ())
    assert check(eater, ThinkFood(1, "horns:1")).rule == "northstar.intelligence"
    assert check(hunter, clever) is None
    monkeypatch.setattr(NC, "CARD_RULES", (("intelligence", lambda *a: ("northstar.intelligence.one-card", {})),))
    assert check(hunter, clever).rule == "northstar.intelligence.one-card"
    monkeypatch.setattr(NC, "CARD_RULES", ())
    assert check(hunter, clever).rule == "northstar.intelligence"
    assert all(bool(NST.TRAIT_BITS.get(t, 0) & NS.IS_CLEVER) == (t in NS.CLEVER_SET) for t in NS.TRAITS)
    monkeypatch.setitem(NST.TRAIT_BITS, "intelligence", NST.TRAIT_BITS["intelligence"] & ~NS.IS_CLEVER)
    dull = _ns(_sp(1, 0, "carnivore", "intelligence", body=3, pop=3), _sp(2, 1, "climbing", pop=2), watering=0,
               hands=[["horns:1"], []])              # built without the entry's fact: the move list asks it
    assert clever not in legal_actions(dull)


def test_the_fat_a_species_may_hold_is_fat_tissues_hook(monkeypatch):
    s = _ns(_sp(1, 0, "fat_tissue", body=3, pop=1, food=1, fat=1), _sp(2, 1), watering=3)
    rs, view = s.ruleset, evolab.observe(s, 0)
    board = rs.edition.presentation
    assert NS.HOLDS == (("fat_tissue", NS.TRAITS["fat_tissue"].on["holds"]),)
    assert board.fat_room(view, view.species[1]) == 3 and board.fat_room(view, view.species[2]) == 0
    assert "fat 1/3" in board.species(rs, view.species[1], True)
    monkeypatch.setattr(NS, "HOLDS", (("fat_tissue", lambda rs, sp: 5),))
    assert board.fat_room(view, view.species[1]) == 5 and "fat 1/5" in board.species(rs, view.species[1], True)
    monkeypatch.setattr(NS, "HOLDS", ())
    assert board.fat_room(view, view.species[1]) == 0 and "fat 1/" not in board.species(rs, view.species[1], True)
    with pytest.raises(evolab.SaveFileError, match="without Fat Tissue room"):
        rs.state_from_dict(s.to_dict())
    with pytest.raises(evolab.ScenarioError, match="fat is stored only on Fat Tissue"):
        _ns(_sp(1, 0, "fat_tissue", body=3, pop=1, food=1, fat=1), _sp(2, 1), watering=3)


def test_the_scan_finds_a_trait_named_in_code(tmp_path):
    module = tmp_path / "phase.py"
    module.write_text('def f(sp):\n    return sp.has("carnivore") or "x" in ("scavenger",)\n')
    assert {"carnivore", "scavenger"} <= _strings(module)

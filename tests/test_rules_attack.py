"""Rules tests: the attack procedure (§8) and the defensive / static traits (§10), with the §14 edge cases.

Spec: shared/rules/origin-of-species.md. Every table is set up with ``pos`` from a scenario dict; seat 0
attacks unless a test says otherwise, and the food bank holds food so that the feeding phase stays open
after the attack (the engine ends feeding by itself when nobody can act).
"""
from __future__ import annotations

import pytest
from conftest import play, pos, rule_of

from evolab import (CHANCE, Attack, DropTail, EndMove, IllegalActionError, Mimic, NoDefence, PlayTrait,
                    RollDie, Run, Scavenge, TakeFood, apply, chance_outcomes, legal_actions, to_move)
from evolab.events import (Died, Escaped, FoodLost, Poisoned, Redirected, RunFailed, Scavenged, TraitLost,
                           WokeUp)


# ---- helpers ------------------------------------------------------------------------------------
def A(id, owner, *traits, **kw):
    """An animal dict for the scenario: ``A(2, 1, "running", food=1)``."""
    return {"id": id, "owner": owner, "traits": list(traits), **kw}


def table(*animals, links=(), food_bank=5, **extra):
    """A feeding position with these animals; seat 0 to move unless ``current`` says otherwise."""
    spec = {"food_bank": food_bank, "animals": list(animals)}
    if links:
        spec["links"] = list(links)
    spec.update(extra)
    return pos(spec)


def sym(protector, protected):
    return {"trait": "symbiosis", "protector": protector, "protected": protected}


def uid(state, animal, trait, nth=0):
    """The uid of the ``nth`` trait card ``trait`` under ``animal``."""
    return [c.uid for c in state.animals[animal].cards if c.trait == trait][nth]


def link_uid(state, trait):
    (u,) = [l.uid for l in state.links.values() if l.trait == trait]
    return u


def head(events, cls, n):
    """The first ``n`` fields of each event of type ``cls``, in order (robust to fields added later)."""
    return [tuple(getattr(e, f) for f in cls._field_names[:n]) for e in events if isinstance(e, cls)]


def happened(events, cls, *values):
    """Whether an event of type ``cls`` whose leading fields equal ``values`` is among ``events``."""
    return tuple(values) in head(events, cls, len(values))


def deaths(events):
    return {e.animal: e.cause for e in events if isinstance(e, Died)}


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def to_extinction(state):
    """Every player passes until the feeding phase is over; returns (state, events)."""
    events = []
    for _ in range(50):
        if state.phase != "feeding":
            return state, events
        assert to_move(state) >= 0, "a decision other than a move is pending"
        state, ev = apply(state, EndMove())
        events.extend(ev)
    raise AssertionError("feeding did not end")


# ---- §8.1 who may attack ------------------------------------------------------------------------
def test_only_a_carnivore_can_attack():
    """§8.1: an animal without Carnivorous cannot attack."""
    s = table(A(1, 0), A(2, 1))
    assert rule_of(s, Attack(1, 2)) == "origin.carnivorous"
    assert not [a for a in legal_actions(s) if isinstance(a, Attack)]


def test_attack_is_refused_with_its_rule_and_state_unchanged():
    """§14.24 / §8.2: an illegal attack raises IllegalActionError naming the rule; the state is unchanged."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "camouflage"))
    before = s.to_dict()
    with pytest.raises(IllegalActionError) as e:
        apply(s, Attack(1, 2))
    assert e.value.rule == "origin.camouflage"
    assert s.to_dict() == before


def test_cannot_attack_with_another_players_carnivore():
    """§8.3.1: the attacker's owner names one of his own carnivores."""
    s = table(A(1, 0), A(2, 1, "carnivorous"))
    assert to_move(s) == 0
    assert rule_of(s, Attack(2, 1)) == "origin.feeding.own-animal"


def test_carnivore_attacks_only_once_per_turn():
    """§8.1 / §10.1: one attack per carnivore per turn, even while it could still store food as fat."""
    s = table(A(1, 0, "carnivorous", "fat_tissue", "fat_tissue"), A(2, 1), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert s.animals[1].attacked
    s, _ = play(s, EndMove())          # seat 1 passes; seat 0 moves again
    assert to_move(s) == 0 and s.phase == "feeding"
    assert s.animals[1].fat < s.animals[1].fat_cards   # it could still receive food
    assert rule_of(s, Attack(1, 3)) == "origin.carnivorous.once-per-turn"
    assert not [a for a in legal_actions(s) if isinstance(a, Attack)]


def test_carnivore_flagged_attacked_cannot_attack():
    """§8.1: the "attacked this turn" flag bars a second attack."""
    s = table(A(1, 0, "carnivorous", attacked=True), A(2, 1))
    assert rule_of(s, Attack(1, 2)) == "origin.carnivorous.once-per-turn"


@pytest.mark.parametrize("fat_cards,fat", [(0, 0), (1, 1), (2, 2)])
def test_fed_carnivore_without_fat_room_cannot_attack(fat_cards, fat):
    """§8.1 / §10.1: a carnivore attacks only when it can receive food (fed and fat full: no)."""
    s = table(A(1, 0, "carnivorous", *["fat_tissue"] * fat_cards, food=2, fat=fat), A(2, 1), A(3, 0))
    assert to_move(s) == 0
    assert rule_of(s, Attack(1, 2)) == "origin.carnivorous.must-eat"


def test_fed_carnivore_with_empty_fat_slot_may_attack_one_token_to_fat_rest_lost():
    """§14.2: a fed carnivore with one empty Fat Tissue slot may attack; 1 blue goes to fat, 1 is lost."""
    s = table(A(1, 0, "carnivorous", "fat_tissue", food=2), A(2, 1), A(3, 1))
    assert Attack(1, 2) in legal_actions(s)
    s, ev = play(s, Attack(1, 2))
    p = s.animals[1]
    assert 2 not in s.animals
    assert (p.red, p.blue, p.fat) == (2, 0, 1)
    assert happened(ev, FoodLost, 1, 1)


def test_fed_carnivore_with_two_empty_fat_slots_stores_both_tokens():
    """§14.2 / §7.1: both blue tokens of a kill go to fat as far as slots allow."""
    s = table(A(1, 0, "carnivorous", "fat_tissue", "fat_tissue", food=2), A(2, 1), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    p = s.animals[1]
    assert (p.red, p.blue, p.fat) == (2, 0, 2)
    assert not of_type(ev, FoodLost)


def test_half_fed_carnivore_kill_fills_need_then_fat():
    """§7.1 / §8.3.3: the 2 blue tokens are applied one by one: first as food, then as fat."""
    s = table(A(1, 0, "carnivorous", "fat_tissue", food=1), A(2, 1), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    p = s.animals[1]
    assert (p.red, p.blue, p.fat) == (1, 1, 1)


def test_half_fed_carnivore_without_fat_keeps_one_token_loses_one():
    """§7.1: a token that cannot be held is lost."""
    s = table(A(1, 0, "carnivorous", food=1), A(2, 1), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    p = s.animals[1]
    assert (p.red, p.blue, p.fat) == (1, 1, 0)
    assert happened(ev, FoodLost, 1, 1)


def test_attack_allowed_with_empty_food_bank():
    """§14.3 / §7.3: attacking is allowed when the food bank is empty."""
    s = table(A(1, 0, "carnivorous"), A(2, 1), food_bank=0)
    assert to_move(s) == 0
    assert Attack(1, 2) in legal_actions(s)
    assert not [a for a in legal_actions(s) if isinstance(a, TakeFood)]
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert s.animals[1].blue == 2


def test_carnivore_may_attack_its_owners_own_animal():
    """§14.1: a carnivore may attack an animal of its own owner."""
    s = table(A(1, 0, "carnivorous"), A(2, 0), A(3, 1))
    assert Attack(1, 2) in legal_actions(s)
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert s.animals[1].blue == 2
    assert s.discards == (1, 0)


def test_carnivore_may_attack_another_carnivore():
    """§14.1: other carnivores are legal prey."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "carnivorous"), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert s.animals[1].blue == 2


def test_carnivore_cannot_attack_itself():
    """§14.1 / §8.2: never itself."""
    s = table(A(1, 0, "carnivorous"), A(2, 1))
    assert rule_of(s, Attack(1, 1)) == "origin.carnivorous.itself"
    assert Attack(1, 1) not in legal_actions(s)


def test_attack_is_the_main_action_of_the_move():
    """§8.3.1 / §7.3: the attack is the move's one main action."""
    s = table(A(1, 0, "carnivorous"), A(2, 0, "grazing"), A(3, 1), move_main=True)
    assert to_move(s) == 0   # Grazing keeps the move open
    assert rule_of(s, Attack(1, 3)) == "origin.feeding.one-main-action"


def test_eaten_animal_cards_go_to_its_owners_discard_pile_with_linked_pair_cards():
    """§8.3.3: the eaten animal, its trait cards and its pair cards go to its owner's discard pile."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "grazing", "fat_tissue", fat=1), A(3, 1),
              links=[{"trait": "communication", "animals": [2, 3]}])
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert s.discards == (0, 4)        # animal + 2 trait cards + the Communication card
    assert s.links == {} and s.animals[3].links == ()
    assert s.animals[1].blue == 2 and s.animals[1].fat == 0


def test_kill_tokens_trigger_the_predators_cooperation_once():
    """§8.3.4 / §7.5: tokens the attacker receives trigger its Cooperation (the card fires once a round)."""
    s = table(A(1, 0, "carnivorous"), A(2, 0), A(3, 1),
              links=[{"trait": "cooperation", "animals": [1, 2]}])
    s, _ = play(s, Attack(1, 3))
    assert s.animals[1].blue == 2
    assert s.animals[2].blue == 1


# ---- §8.2 static protections --------------------------------------------------------------------
@pytest.mark.parametrize("pred_swims,prey_swims,rule", [
    (False, False, None),
    (False, True, "origin.swimming"),
    (True, False, "origin.swimming"),
    (True, True, None),
])
def test_swimming_works_in_both_directions(pred_swims, prey_swims, rule):
    """§10.19 / §8.2: a swimmer is attacked only by a swimming carnivore, which attacks only swimmers."""
    s = table(A(1, 0, "carnivorous", *(["swimming"] if pred_swims else [])),
              A(2, 1, *(["swimming"] if prey_swims else [])))
    assert rule_of(s, Attack(1, 2)) == rule
    assert (Attack(1, 2) in legal_actions(s)) == (rule is None)


@pytest.mark.parametrize("sharp,rule", [(False, "origin.camouflage"), (True, None)])
def test_camouflage_is_attacked_only_with_sharp_vision(sharp, rule):
    """§10.8 / §10.9: Camouflage stops carnivores without Sharp Vision."""
    s = table(A(1, 0, "carnivorous", *(["sharp_vision"] if sharp else [])), A(2, 1, "camouflage"))
    assert rule_of(s, Attack(1, 2)) == rule


def test_sharp_vision_carnivore_eats_camouflaged_animal():
    """§10.9: with Sharp Vision the attack on a camouflaged animal proceeds normally."""
    s = table(A(1, 0, "carnivorous", "sharp_vision"), A(2, 1, "camouflage"), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}


@pytest.mark.parametrize("pred_hbw,rule", [(False, "origin.high_body_weight"), (True, None)])
def test_high_body_weight_is_attacked_only_by_high_body_weight(pred_hbw, rule):
    """§10.12: only a carnivore with High Body Weight can attack an animal with High Body Weight."""
    s = table(A(1, 0, "carnivorous", *(["high_body_weight"] if pred_hbw else [])),
              A(2, 1, "high_body_weight"))
    assert rule_of(s, Attack(1, 2)) == rule


def test_high_body_weight_carnivore_may_attack_ordinary_animals():
    """§10.12: High Body Weight on the attacker does not restrict its prey."""
    s = table(A(1, 0, "carnivorous", "high_body_weight"), A(2, 1))
    assert rule_of(s, Attack(1, 2)) is None


@pytest.mark.parametrize("prey,rule", [
    (dict(food=0), None),                                           # hungry: attackable
    (dict(food=1), "origin.burrowing"),                             # fed: safe
    (dict(food=0, fat=1, fat_tissue=True), None),                   # fat does not make it fed
    (dict(food=1, fat=0, fat_tissue=True), "origin.burrowing"),     # fed with fat room: still safe
    (dict(food=0, hibernating=True, hibernation=True), "origin.burrowing"),   # hibernating counts as fed
], ids=["hungry", "fed", "fat-only", "fed-fat-room", "hibernating"])
def test_burrowing_protects_only_while_fed(prey, rule):
    """§10.16: a burrowing animal cannot be attacked while fed; yellow fat does not feed it, hibernation does."""
    prey = dict(prey)
    traits = ["burrowing"] + (["fat_tissue"] if prey.pop("fat_tissue", False) else []) \
        + (["hibernation"] if prey.pop("hibernation", False) else [])
    s = table(A(1, 0, "carnivorous"), A(2, 1, *traits, **prey), A(3, 1))
    assert rule_of(s, Attack(1, 2)) == rule


def test_burrowing_half_fed_high_body_weight_animal_is_attackable():
    """§10.16: fed means food >= need; 1 food of a need of 2 is not fed."""
    s = table(A(1, 0, "carnivorous", "high_body_weight"), A(2, 1, "burrowing", "high_body_weight", food=1))
    assert rule_of(s, Attack(1, 2)) is None


def test_the_move_list_offers_exactly_the_attacks_no_protection_forbids():
    """The feeding list finds each kind of predator's prey once, testing the guards that read the predator's traits
    alone (Swimming, Camouflage, High Body Weight) by its traits (``traits.shut_out``): its attacks are exactly those
    that ``check`` allows, for predators with and without the traits that get past each guard and prey with every
    guard, Burrowing fed and unfed, and a Symbiosis link."""
    hunters = [A(1, 0, "carnivorous"), A(2, 0, "carnivorous", "sharp_vision"), A(3, 0, "carnivorous", "high_body_weight"),
               A(4, 0, "carnivorous", "swimming"), A(5, 0, "carnivorous", "sharp_vision", "high_body_weight"),
               A(6, 0, "carnivorous", "burrowing")]
    prey = [A(11, 1), A(12, 1, "swimming"), A(13, 1, "camouflage"), A(14, 1, "high_body_weight"),
            A(15, 1, "burrowing", food=1), A(16, 1, "burrowing"), A(17, 1, "camouflage", "high_body_weight"),
            A(18, 1, "swimming", "camouflage"), A(19, 1), A(20, 1, "burrowing", "high_body_weight", food=2)]
    s = table(*hunters, *prey, links=[sym(19, 11)])
    listed = {a for a in legal_actions(s) if isinstance(a, Attack)}
    allowed = {Attack(p, q) for p in range(1, 7) for q in [*range(1, 7), *range(11, 21)]
               if rule_of(s, Attack(p, q)) is None}
    assert listed == allowed
    assert Attack(2, 13) in listed and Attack(1, 13) not in listed and Attack(5, 17) in listed
    assert Attack(3, 17) not in listed and Attack(4, 18) not in listed and Attack(1, 16) in listed
    assert Attack(1, 15) not in listed and Attack(1, 11) not in listed and Attack(1, 6) in listed
    assert Attack(3, 20) not in listed and Attack(3, 14) in listed


def test_symbiosis_protected_animal_cannot_be_attacked_but_protector_can():
    """§10.5 / §8.2: the protected animal is safe while its protector lives."""
    s = table(A(1, 0, "carnivorous"), A(2, 1), A(3, 1), links=[sym(2, 3)])
    assert rule_of(s, Attack(1, 3)) == "origin.symbiosis"
    assert rule_of(s, Attack(1, 2)) is None
    assert Attack(1, 3) not in legal_actions(s)


def test_symbiosis_protection_holds_even_when_protector_is_fed():
    """§10.5: protection depends on the protector being alive, not on its food."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, food=1), A(3, 1), links=[sym(2, 3)])
    assert rule_of(s, Attack(1, 3)) == "origin.symbiosis"


def test_symbiosis_protected_animal_attackable_after_protector_is_eaten():
    """§10.5 / §8.2: once the protector is dead the link is gone and the animal can be attacked."""
    s = table(A(1, 0, "carnivorous"), A(4, 0, "carnivorous"), A(2, 1), A(3, 1), links=[sym(2, 3)])
    assert rule_of(s, Attack(4, 3)) == "origin.symbiosis"
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert s.links == {} and s.animals[3].links == ()
    assert s.discards == (0, 2)        # the protector and the Symbiosis card
    s, _ = play(s, EndMove())          # seat 1 passes
    assert to_move(s) == 0
    assert rule_of(s, Attack(4, 3)) is None
    s, ev = play(s, Attack(4, 3))
    assert deaths(ev) == {3: "eaten"}


def test_symbiosis_protected_animal_attackable_after_tail_loss_drops_the_link():
    """§10.5 / §10.7: the protector discarding the Symbiosis card by Tail Loss ends the protection."""
    s = table(A(1, 0, "carnivorous"), A(4, 0, "carnivorous"), A(2, 1, "tail_loss"), A(3, 1),
              links=[sym(2, 3)])
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    s, ev = play(s, DropTail(link_uid(s, "symbiosis")))
    assert 2 in s.animals and 3 in s.animals
    assert s.links == {} and s.animals[2].links == () and s.animals[3].links == ()
    s, _ = play(s, EndMove())
    assert to_move(s) == 0
    assert rule_of(s, Attack(4, 3)) is None


def test_symbiosis_protected_carnivore_with_unfed_protector_cannot_attack():
    """§14.13: a protected carnivore whose protector is unfed cannot receive food, so cannot attack."""
    s = table(A(1, 0, "carnivorous"), A(2, 0), A(3, 1), links=[sym(2, 1)])
    assert to_move(s) == 0
    assert rule_of(s, Attack(1, 3)) == "origin.carnivorous.must-eat"
    assert not [a for a in legal_actions(s) if isinstance(a, Attack)]


def test_symbiosis_protected_carnivore_with_fed_protector_can_attack():
    """§14.13 / §10.5: once the protector is fed the protected carnivore may eat, hence attack."""
    s = table(A(1, 0, "carnivorous"), A(2, 0, food=1), A(3, 1), links=[sym(2, 1)])
    assert rule_of(s, Attack(1, 3)) is None
    s, ev = play(s, Attack(1, 3))
    assert deaths(ev) == {3: "eaten"} and s.animals[1].blue == 2


def test_hibernating_carnivore_cannot_attack():
    """§14.14 / §10.14: a hibernating carnivore cannot attack."""
    s = table(A(1, 0, "carnivorous", "hibernation", hibernating=True), A(3, 0), A(2, 1))
    assert to_move(s) == 0
    assert rule_of(s, Attack(1, 2)) == "origin.hibernation"
    assert not [a for a in legal_actions(s) if isinstance(a, Attack)]


def test_hibernating_animal_can_be_attacked_and_eaten():
    """§14.14: hibernation does not protect an animal (without Burrowing)."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "hibernation", hibernating=True), A(3, 1))
    assert rule_of(s, Attack(1, 2)) is None
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert s.animals[1].blue == 2


def test_hibernating_burrowing_animal_cannot_be_attacked():
    """§14.14 / §10.16: a hibernating animal counts as fed, so its Burrowing protects it."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "hibernation", "burrowing", hibernating=True), A(3, 1))
    assert rule_of(s, Attack(1, 2)) == "origin.burrowing"


# ---- §10.2 Running --------------------------------------------------------------------------------
@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_running_escapes_exactly_on_4_to_6(roll):
    """§10.2 / §8.3.2: a Running roll of 4, 5 or 6 ends the attack; 1-3 and the animal is eaten."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "running"), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    s, _ = play(s, Run())
    assert to_move(s) == CHANCE
    assert sorted(o.value for o, _ in chance_outcomes(s)) == [1, 2, 3, 4, 5, 6]
    s, ev = play(s, RollDie(roll))
    if roll >= 4:
        assert happened(ev, Escaped, 1, 2, "running", roll)
        assert 2 in s.animals and not deaths(ev)
        assert s.animals[1].red + s.animals[1].blue == 0
    else:
        assert happened(ev, RunFailed, 2, roll)
        assert deaths(ev) == {2: "eaten"}
        assert s.animals[1].blue == 2
    assert s.animals[1].attacked


def test_running_success_still_uses_up_the_attack():
    """§14.4 / §10.2: after a successful escape the carnivore cannot attack again this turn."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "running"), A(3, 1))
    s, _ = play(s, Attack(1, 2), Run(), RollDie(6))
    assert 2 in s.animals
    s, _ = play(s, EndMove())          # seat 1 passes
    assert to_move(s) == 0 and s.phase == "feeding"
    assert rule_of(s, Attack(1, 2)) == "origin.carnivorous.once-per-turn"
    assert rule_of(s, Attack(1, 3)) == "origin.carnivorous.once-per-turn"


def test_running_is_optional_by_default():
    """§8.3 / §10.2: Running may be declined (defences_compulsory is off)."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "running"), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    assert set(legal_actions(s)) == {Run(), NoDefence()}
    s, ev = play(s, NoDefence())
    assert deaths(ev) == {2: "eaten"}


def test_running_then_tail_loss_after_a_failed_roll():
    """§14.5: Running may be tried first and Tail Loss used if the roll fails; each once per attack."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "running", "tail_loss"), A(3, 1))
    s, _ = play(s, Attack(1, 2), Run())
    s, ev = play(s, RollDie(3))
    assert happened(ev, RunFailed, 2, 3) and 2 in s.animals
    assert to_move(s) == 1
    assert rule_of(s, Run()) == "origin.running"
    assert Run() not in legal_actions(s)
    s, ev = play(s, DropTail(uid(s, 2, "running")))
    assert happened(ev, Escaped, 1, 2, "tail_loss", 0, "running")
    assert s.animals[2].traits == ("tail_loss",)
    assert s.animals[1].blue == 1


def test_defence_window_blocks_other_actions_and_defences_need_an_attack():
    """§8.3.2: while the defence window is open only defences are legal; without an attack none is."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "running"), A(3, 1))
    assert rule_of(s, Run()) == "origin.attack.no-attack"
    assert rule_of(s, NoDefence()) == "origin.attack.no-attack"
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    assert rule_of(s, TakeFood(3)) == "origin.attack.defence-window"
    assert rule_of(s, EndMove()) == "origin.attack.defence-window"
    assert rule_of(s, Mimic(3)) == "origin.mimicry"
    assert rule_of(s, DropTail(uid(s, 2, "running"))) == "origin.tail_loss"


def test_running_without_running_trait_is_refused():
    """§8.3.2: only an animal with Running may roll."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss"), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    assert rule_of(s, Run()) == "origin.running"


# ---- §10.7 Tail Loss ------------------------------------------------------------------------------
@pytest.mark.parametrize("dropped", ["tail_loss", "grazing"])
def test_tail_loss_predator_gets_one_blue_and_prey_loses_the_chosen_card(dropped):
    """§10.7 / §8.3.2: the chosen card is discarded, the animal survives, the attacker gets 1 blue token."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss", "grazing"), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    assert {a.card_uid for a in legal_actions(s) if isinstance(a, DropTail)} == \
        {uid(s, 2, "tail_loss"), uid(s, 2, "grazing")}
    s, ev = play(s, DropTail(uid(s, 2, dropped)))
    kept = {"tail_loss", "grazing"} - {dropped}
    assert set(s.animals[2].traits) == kept
    assert (s.animals[1].red, s.animals[1].blue, s.animals[1].fat) == (0, 1, 0)
    assert happened(ev, Escaped, 1, 2, "tail_loss", 0, dropped)
    assert happened(ev, TraitLost, 1, 2, dropped)
    assert s.discards == (0, 1)
    assert not deaths(ev)
    assert s.animals[1].attacked


def test_tail_loss_blue_goes_to_fat_of_fed_predator():
    """§10.7 / §7.1: the Tail Loss token is received like any token: a fed attacker stores it as fat."""
    s = table(A(1, 0, "carnivorous", "fat_tissue", food=2), A(2, 1, "tail_loss"), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    s, ev = play(s, DropTail(uid(s, 2, "tail_loss")))
    assert not of_type(ev, FoodLost)
    assert (s.animals[1].red, s.animals[1].blue, s.animals[1].fat) == (2, 0, 1)


def test_tail_loss_usable_in_every_attack_while_the_card_remains():
    """§10.7: Tail Loss can be used again in a later attack as long as the animal keeps the card."""
    s = table(A(1, 0, "carnivorous"), A(4, 0, "carnivorous"), A(2, 1, "tail_loss", "grazing"), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    s, _ = play(s, DropTail(uid(s, 2, "grazing")), EndMove())
    assert to_move(s) == 0
    s, _ = play(s, Attack(4, 2))
    assert to_move(s) == 1
    s, ev = play(s, DropTail(uid(s, 2, "tail_loss")))
    assert 2 in s.animals and s.animals[2].cards == ()
    assert s.animals[4].blue == 1
    assert s.discards == (0, 2)


def test_tail_loss_dropping_a_pair_card_removes_the_link_for_both_animals():
    """§14.8: discarding a pair-trait card (Communication) removes the link for both animals."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss"), A(3, 1),
              links=[{"trait": "communication", "animals": [2, 3]}])
    s, _ = play(s, Attack(1, 2))
    lu = link_uid(s, "communication")
    assert DropTail(lu) in legal_actions(s)
    s, ev = play(s, DropTail(lu))
    assert s.links == {}
    assert s.animals[2].links == () and s.animals[3].links == ()
    assert s.animals[2].traits == ("tail_loss",)
    assert happened(ev, TraitLost, 1, 2, "communication")
    assert s.discards == (0, 1)


@pytest.mark.parametrize("prey_traits,pred_traits,food,dropped,food_after", [
    (["tail_loss", "parasite"], [], 3, "parasite", 1),
    (["tail_loss", "parasite"], [], 1, "parasite", 1),
    (["tail_loss", "high_body_weight"], ["high_body_weight"], 2, "high_body_weight", 1),
    (["tail_loss", "carnivorous"], [], 2, "carnivorous", 1),
    (["tail_loss", "parasite", "carnivorous"], [], 4, "parasite", 2),
], ids=["parasite-fed", "parasite-hungry", "hbw", "carnivorous", "parasite-of-carnivore"])
def test_tail_loss_dropping_a_need_raising_card_caps_the_food(prey_traits, pred_traits, food, dropped, food_after):
    """§14.7 / §10.7 (README q12): the need falls and food above the new need is removed."""
    s = table(A(1, 0, "carnivorous", *pred_traits), A(2, 1, *prey_traits, food=food), A(3, 1))
    need_before = s.animals[2].need
    s, _ = play(s, Attack(1, 2))
    s, ev = play(s, DropTail(uid(s, 2, dropped)))
    prey = s.animals[2]
    assert dropped not in prey.traits
    assert prey.need == need_before - {"parasite": 2, "high_body_weight": 1, "carnivorous": 1}[dropped]
    assert prey.red + prey.blue == food_after
    if food > food_after:
        assert happened(ev, FoodLost, 2, food - food_after)
    else:
        assert not [e for e in ev if isinstance(e, FoodLost) and e.animal == 2]


@pytest.mark.parametrize("which", [0, 1])
def test_tail_loss_dropping_a_fat_tissue_card_keeps_the_token_on_the_other_card(which):
    """§14.20: two Fat Tissue cards, one yellow token; losing a Fat Tissue card keeps the token."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss", "fat_tissue", "fat_tissue", fat=1), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    s, _ = play(s, DropTail(uid(s, 2, "fat_tissue", which)))
    prey = s.animals[2]
    assert prey.fat_cards == 1 and prey.fat == 1


def test_tail_loss_dropping_a_full_fat_tissue_card_takes_its_token():
    """§10.7: a discarded Fat Tissue card takes its yellow token with it."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss", "fat_tissue", "fat_tissue", fat=2), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    s, _ = play(s, DropTail(uid(s, 2, "fat_tissue")))
    assert (s.animals[2].fat_cards, s.animals[2].fat) == (1, 1)


def test_tail_loss_dropping_the_only_fat_tissue_card_loses_the_token():
    """§10.7: the only Fat Tissue card goes with its token."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss", "fat_tissue", fat=1), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    s, _ = play(s, DropTail(uid(s, 2, "fat_tissue")))
    assert (s.animals[2].fat_cards, s.animals[2].fat) == (0, 0)


def test_tail_loss_dropping_hibernation_wakes_the_animal():
    """§10.14 / §10.7: losing the Hibernation card wakes a hibernating animal; it is no longer fed."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss", "hibernation", hibernating=True), A(3, 1))
    assert s.animals[2].is_fed()
    s, _ = play(s, Attack(1, 2))
    s, ev = play(s, DropTail(uid(s, 2, "hibernation")))
    prey = s.animals[2]
    assert happened(ev, WokeUp, 2)
    assert not prey.hibernating and not prey.is_fed()
    s, ev = to_extinction(s)
    assert deaths(ev).get(2) == "starved"


def test_tail_loss_dropping_another_card_leaves_the_animal_hibernating():
    """§10.14: only the loss of the Hibernation card wakes the animal."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss", "hibernation", hibernating=True), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    s, ev = play(s, DropTail(uid(s, 2, "tail_loss")))
    assert s.animals[2].hibernating and s.animals[2].is_fed()
    assert not of_type(ev, WokeUp)


def test_tail_loss_is_optional_by_default():
    """§8.3 / §10.7: Tail Loss may be declined (defences_compulsory is off)."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss"), A(3, 1))
    s, _ = play(s, Attack(1, 2))
    assert NoDefence() in legal_actions(s)
    s, ev = play(s, NoDefence())
    assert deaths(ev) == {2: "eaten"}


def test_tail_loss_card_must_belong_to_the_attacked_animal():
    """§10.7: the discarded card is one of the attacked animal's own trait cards."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "tail_loss"), A(3, 1, "grazing"))
    s, _ = play(s, Attack(1, 2))
    assert rule_of(s, DropTail(uid(s, 3, "grazing"))) == "origin.tail_loss.card"


# ---- defences_compulsory (§8.3, README q6) ---------------------------------------------------------
@pytest.mark.parametrize("trait", ["running", "tail_loss"])
@pytest.mark.parametrize("compulsory,rule", [(False, None), (True, "origin.defence.compulsory")])
def test_defences_compulsory_makes_no_defence_illegal(trait, compulsory, rule):
    """§8.3 / §10.2 / §10.7: optional by default; with defences_compulsory NoDefence is illegal while usable."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, trait), A(3, 1),
              options={"defences_compulsory": compulsory})
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    assert rule_of(s, NoDefence()) == rule
    assert (NoDefence() in legal_actions(s)) == (rule is None)


def test_defences_compulsory_failed_run_with_nothing_left_is_eaten():
    """§8.3: once the compulsory Running has been used and failed, the animal is eaten."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "running"), A(3, 1), options={"defences_compulsory": True})
    s, _ = play(s, Attack(1, 2))
    assert legal_actions(s) == [Run()]
    s, ev = play(s, Run(), RollDie(1))
    assert deaths(ev) == {2: "eaten"}


def test_defences_compulsory_failed_run_then_tail_loss_is_compulsory():
    """§8.3: after a failed roll the remaining Tail Loss must be used."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "running", "tail_loss"), A(3, 1),
              options={"defences_compulsory": True})
    s, _ = play(s, Attack(1, 2), Run(), RollDie(2))
    assert to_move(s) == 1
    assert rule_of(s, NoDefence()) == "origin.defence.compulsory"
    assert all(isinstance(a, DropTail) for a in legal_actions(s)) and legal_actions(s)


# ---- §10.3 Mimicry --------------------------------------------------------------------------------
def test_mimicry_is_compulsory_no_defence_illegal_while_it_can_redirect():
    """§10.3 / §8.3 (README q5): while Mimicry can redirect, the target cannot be eaten."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1), A(4, 1))
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    assert rule_of(s, NoDefence()) == "origin.mimicry.compulsory"
    assert set(legal_actions(s)) == {Mimic(3), Mimic(4)}


def test_mimicry_redirect_the_new_target_is_eaten():
    """§10.3: the attack goes to the chosen animal, which is eaten when it has no defence."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1), A(4, 1))
    s, _ = play(s, Attack(1, 2))
    s, ev = play(s, Mimic(4))
    assert happened(ev, Redirected, 1, 2, 4)
    assert deaths(ev) == {4: "eaten"}
    assert 2 in s.animals and 3 in s.animals
    assert s.animals[1].blue == 2


@pytest.mark.parametrize("protection,extra", [
    ("camouflage", {}),
    ("swimming", {}),
    ("high_body_weight", {}),
    ("burrowing", {"food": 1}),
], ids=["camouflage", "swimming", "high-body-weight", "burrowing-fed"])
def test_mimicry_cannot_redirect_to_a_statically_protected_animal(protection, extra):
    """§14.6: Mimicry may not redirect to an animal this attacker could not legally attack."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1), A(4, 1), A(5, 1, protection, **extra))
    s, _ = play(s, Attack(1, 2))
    assert {a.animal for a in legal_actions(s) if isinstance(a, Mimic)} == {3, 4}
    assert rule_of(s, Mimic(5)) == "origin.mimicry.target"


@pytest.mark.parametrize("pred_traits,expected", [
    (["swimming"], {4}),                 # a swimming carnivore: only swimmers qualify
    (["sharp_vision"], {3, 5}),          # Sharp Vision: the camouflaged animal qualifies
    ([], {3}),
], ids=["swimming-predator", "sharp-vision", "plain"])
def test_mimicry_redirect_targets_follow_this_attackers_abilities(pred_traits, expected):
    """§10.3 / §8.2: the redirect targets are exactly the owner's animals this attacker could attack."""
    b_traits = ["mimicry", "running"] + (["swimming"] if "swimming" in pred_traits else [])
    s = table(A(1, 0, "carnivorous", *pred_traits), A(2, 1, *b_traits), A(3, 1), A(4, 1, "swimming"),
              A(5, 1, "camouflage"))
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    assert {a.animal for a in legal_actions(s) if isinstance(a, Mimic)} == expected


def test_mimicry_cannot_redirect_to_a_symbiosis_protected_animal():
    """§14.6 / §8.3: a Symbiosis-protected animal is not a legal redirect target."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1), A(4, 1), A(5, 1), links=[sym(3, 5)])
    s, _ = play(s, Attack(1, 2))
    assert {a.animal for a in legal_actions(s) if isinstance(a, Mimic)} == {3, 4}
    assert rule_of(s, Mimic(5)) == "origin.mimicry.target"


def test_mimicry_cannot_redirect_to_the_predator_itself():
    """§10.3 / §8.3: when a player's carnivore attacks his own mimic, the carnivore is not a redirect target."""
    s = table(A(1, 1, "carnivorous"), A(2, 1, "mimicry"), A(3, 1), A(4, 1), A(9, 0), current=1)
    assert to_move(s) == 1
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    assert {a.animal for a in legal_actions(s) if isinstance(a, Mimic)} == {3, 4}
    assert rule_of(s, Mimic(1)) == "origin.mimicry.target"


def test_mimicry_cannot_redirect_to_itself_or_another_players_animal():
    """§10.3: the redirect goes to another animal of the same owner."""
    s = table(A(1, 0, "carnivorous"), A(8, 0), A(2, 1, "mimicry"), A(3, 1), A(4, 1))
    s, _ = play(s, Attack(1, 2))
    assert rule_of(s, Mimic(2)) == "origin.mimicry.target"
    assert rule_of(s, Mimic(8)) == "origin.mimicry.target"


def test_mimicry_new_target_gets_its_own_defence_window():
    """§8.3 / §10.3: the new target may use its own Running."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1, "running"), A(4, 1))
    s, _ = play(s, Attack(1, 2), Mimic(3))
    assert to_move(s) == 1
    assert set(legal_actions(s)) == {Run(), NoDefence()}
    s, ev = play(s, Run(), RollDie(5))
    assert happened(ev, Escaped, 1, 3, "running", 5)
    assert {2, 3, 4} <= set(s.animals)


def test_mimicry_new_target_may_use_tail_loss():
    """§8.3 / §10.3: the new target's Tail Loss ends the attack with 1 blue for the attacker."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1, "tail_loss"), A(4, 1))
    s, _ = play(s, Attack(1, 2), Mimic(3))
    assert to_move(s) == 1
    s, ev = play(s, DropTail(uid(s, 3, "tail_loss")))
    assert happened(ev, Escaped, 1, 3, "tail_loss", 0, "tail_loss")
    assert s.animals[1].blue == 1 and {2, 3, 4} <= set(s.animals)


def test_mimicry_with_a_single_target_redirects_automatically():
    """§10.3 / §12: a compulsory Mimicry with one legal target and no other defence is applied unasked."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1, "grazing"), A(4, 1, "swimming"))
    s, ev = play(s, Attack(1, 2))
    assert happened(ev, Redirected, 1, 2, 3)
    assert deaths(ev) == {3: "eaten"}
    assert 2 in s.animals and 4 in s.animals


def test_mimicry_with_a_single_target_asks_when_another_defence_is_usable():
    """§10.3: the automatic redirect waits until the target's other defences are used or declined."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry", "running"), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    assert not of_type(ev, Redirected)
    assert to_move(s) == 1
    assert set(legal_actions(s)) == {Run(), Mimic(3)}
    assert rule_of(s, NoDefence()) == "origin.mimicry.compulsory"


def test_mimicry_after_a_failed_running_roll():
    """§14.5: Mimicry may be used after a failed Running roll (here automatically, single target)."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry", "running"), A(3, 1))
    s, _ = play(s, Attack(1, 2), Run())
    s, ev = play(s, RollDie(1))
    assert happened(ev, RunFailed, 2, 1)
    assert happened(ev, Redirected, 1, 2, 3)
    assert deaths(ev) == {3: "eaten"}
    assert 2 in s.animals


def test_mimicry_without_a_legal_target_does_nothing():
    """§14.6 / §10.3: with no legal redirect target Mimicry cannot be used; the target is eaten."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1, "swimming"))
    s, ev = play(s, Attack(1, 2))
    assert not of_type(ev, Redirected)
    assert deaths(ev) == {2: "eaten"}


def test_mimicry_without_a_legal_target_lets_the_target_defend_otherwise():
    """§14.6: with no legal redirect target, the other defences remain and NoDefence is legal."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry", "running"), A(3, 1, "camouflage"))
    s, _ = play(s, Attack(1, 2))
    assert set(legal_actions(s)) == {Run(), NoDefence()}


def test_mimicry_bounce_back_to_the_first_target_who_is_then_eaten():
    """§14.25: B redirects to C, C sends it back to B; B's Mimicry has fired, so B is eaten."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1, "mimicry"), A(4, 1))
    s, _ = play(s, Attack(1, 2), Mimic(3))
    assert to_move(s) == 1
    assert {a.animal for a in legal_actions(s) if isinstance(a, Mimic)} == {2, 4}   # B again, or D
    s, ev = play(s, Mimic(2))
    assert happened(ev, Redirected, 1, 3, 2)
    assert deaths(ev) == {2: "eaten"}
    assert 3 in s.animals and 4 in s.animals


def test_mimicry_bounce_c_may_send_the_attack_to_d_instead():
    """§14.25: if the owner has another legal animal D, C may send the attack to D."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1, "mimicry"), A(4, 1))
    s, ev = play(s, Attack(1, 2), Mimic(3), Mimic(4))
    assert deaths(ev) == {4: "eaten"}
    assert 2 in s.animals and 3 in s.animals


def test_mimicry_bounce_with_only_two_mimics_resolves_automatically():
    """§14.25 / §10.3: B and C alone: B -> C -> B by single-target redirects, then B is eaten."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1, "mimicry"))
    s, ev = play(s, Attack(1, 2))
    assert head(ev, Redirected, 3) == [(1, 2, 3), (1, 3, 2)]
    assert deaths(ev) == {2: "eaten"}
    assert 3 in s.animals


def test_mimicry_bounce_back_first_target_may_still_run():
    """§14.25: back on B, B can use a Running roll not yet used in this attack (but not its Mimicry)."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry", "running"), A(3, 1, "mimicry"))
    s, _ = play(s, Attack(1, 2))
    s, ev = play(s, Mimic(3))           # C's only target is B: sent back automatically
    assert happened(ev, Redirected, 1, 3, 2)
    assert to_move(s) == 1
    assert set(legal_actions(s)) == {Run(), NoDefence()}
    assert rule_of(s, Mimic(3)) == "origin.mimicry.once-per-attack"
    s, ev = play(s, Run(), RollDie(4))
    assert happened(ev, Escaped, 1, 2, "running", 4)
    assert 2 in s.animals and 3 in s.animals


def test_mimicry_bounce_after_a_failed_run_leaves_the_first_target_no_defence():
    """§14.5 / §14.25: a Running already rolled in this attack cannot be rolled again after a bounce."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry", "running"), A(3, 1, "mimicry"))
    s, ev = play(s, Attack(1, 2), Run(), RollDie(2))
    # B's roll failed; its Mimicry has the single target C: redirected; C sends it back; B is eaten
    assert head(ev, Redirected, 3) == [(1, 2, 3), (1, 3, 2)]
    assert deaths(ev) == {2: "eaten"}
    assert 3 in s.animals


@pytest.mark.parametrize("once_per_turn", [False, True])
def test_mimicry_redirects_every_attack_of_the_turn_unless_once_per_turn(once_per_turn):
    """§14.26: attacked by two carnivores in one turn, the mimic redirects both (default) or only the first."""
    s = table(A(1, 0, "carnivorous"), A(5, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1), A(4, 1),
              options={"mimicry_once_per_turn": once_per_turn})
    s, _ = play(s, Attack(1, 2))
    s, ev = play(s, Mimic(3))
    assert deaths(ev) == {3: "eaten"}
    s, _ = play(s, EndMove())          # seat 1 passes
    assert to_move(s) == 0
    s, ev = play(s, Attack(5, 2))
    if once_per_turn:
        assert not of_type(ev, Redirected)
        assert deaths(ev) == {2: "eaten"}
    else:
        assert happened(ev, Redirected, 5, 2, 4)
        assert deaths(ev) == {4: "eaten"}
        assert 2 in s.animals


def test_mimicry_once_per_turn_leaves_other_defences():
    """§10.3 (mimicry_once_per_turn): after its Mimicry is spent the animal may still run."""
    s = table(A(1, 0, "carnivorous"), A(5, 0, "carnivorous"), A(2, 1, "mimicry", "running"), A(3, 1),
              A(4, 1), options={"mimicry_once_per_turn": True})
    s, _ = play(s, Attack(1, 2), Mimic(3), EndMove())
    s, _ = play(s, Attack(5, 2))
    assert to_move(s) == 1
    assert set(legal_actions(s)) == {Run(), NoDefence()}


def test_mimicry_optional_makes_no_defence_legal():
    """§10.3 (mimicry_optional=True): the owner may decline the redirect; the target is eaten."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1), A(4, 1),
              options={"mimicry_optional": True})
    s, _ = play(s, Attack(1, 2))
    assert rule_of(s, NoDefence()) is None
    assert set(legal_actions(s)) == {Mimic(3), Mimic(4), NoDefence()}
    s, ev = play(s, NoDefence())
    assert deaths(ev) == {2: "eaten"}
    assert not of_type(ev, Redirected)


def test_mimicry_optional_single_target_is_not_automatic():
    """§10.3 (mimicry_optional=True): with one target the owner is still asked."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "mimicry"), A(3, 1), options={"mimicry_optional": True})
    s, ev = play(s, Attack(1, 2))
    assert not of_type(ev, Redirected) and not deaths(ev)
    assert to_move(s) == 1
    assert set(legal_actions(s)) == {Mimic(3), NoDefence()}


# ---- §10.13 Poisonous -----------------------------------------------------------------------------
def test_poisonous_eater_dies_at_extinction_even_if_fed():
    """§10.13 / §9.1: a carnivore that eats a Poisonous animal is poisoned and dies at extinction, fed or not."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "poisonous"), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    assert happened(ev, Poisoned, 1, 2)
    assert s.animals[1].poisoned and s.animals[1].is_fed()
    s, ev = to_extinction(s)
    assert s.phase != "feeding"
    assert deaths(ev).get(1) == "poisoned"
    assert 1 not in s.animals


def test_poisoned_carnivore_acts_normally_until_extinction():
    """§10.13: until the extinction phase the poisoned carnivore acts normally (it can still take food)."""
    s = table(A(1, 0, "carnivorous", "fat_tissue"), A(2, 1, "poisonous"), A(3, 1))
    s, _ = play(s, Attack(1, 2), EndMove())
    assert to_move(s) == 0 and 1 in s.animals
    s, ev = play(s, TakeFood(1))
    assert s.animals[1].fat == 1


@pytest.mark.parametrize("how", ["running", "tail_loss"])
def test_poisonous_escape_by_running_or_tail_loss_does_not_poison(how):
    """§14.9 / §10.13: an escape is not eating: no poisoning (and no Scavenger token)."""
    s = table(A(1, 0, "carnivorous", "fat_tissue", food=2), A(4, 0, "scavenger"),
              A(2, 1, "poisonous", how), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    if how == "running":
        s, ev2 = play(s, Run(), RollDie(4))
    else:
        s, ev2 = play(s, DropTail(uid(s, 2, "poisonous")))
    ev = ev + ev2
    assert 2 in s.animals
    assert not s.animals[1].poisoned
    assert not of_type(ev, Poisoned)
    assert not of_type(ev, Scavenged) and s.animals[4].blue == 0
    s, ev = to_extinction(s)
    assert 1 not in deaths(ev)         # fed by its own red tokens, not poisoned


def test_eating_a_poisoned_carnivore_does_not_poison():
    """§10.13 / §14.10: being poisoned is not Poisonous; eating a poisoned carnivore has no further effect."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "carnivorous", poisoned=True), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert not of_type(ev, Poisoned)
    assert not s.animals[1].poisoned
    s, ev = to_extinction(s)
    assert 1 not in deaths(ev) and 1 in s.animals


def test_carnivore_that_ate_poison_and_is_then_eaten_poisons_nobody():
    """§14.10: a carnivore eats a Poisonous animal, then is itself eaten: the second eater is not poisoned."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "poisonous"), A(5, 1, "carnivorous"), A(3, 1))
    s, ev = play(s, Attack(1, 2))
    assert s.animals[1].poisoned
    assert to_move(s) == 1
    s, ev = play(s, Attack(5, 1))
    assert deaths(ev) == {1: "eaten"}
    assert not s.animals[5].poisoned and not of_type(ev, Poisoned)


# ---- §10.4 Scavenger ------------------------------------------------------------------------------
@pytest.mark.parametrize("killer,prey_seat,scav_seats,expected", [
    (0, 1, [0, 1, 2], 0),
    (0, 2, [1, 2], 1),      # priority is the killer's owner then clockwise, not the prey's owner
    (0, 1, [2], 2),
    (1, 0, [0, 2], 2),      # clockwise from seat 1 reaches seat 2 before seat 0
    (2, 1, [0, 1], 0),
    (1, 1, [0, 1, 2], 1),   # the killer ate one of its owner's own animals
])
def test_scavenger_exactly_one_gets_a_blue_killer_owner_first_then_clockwise(killer, prey_seat, scav_seats, expected):
    """§10.4 / §14.12: one Scavenger gets 1 blue token: the killer's owner first, then clockwise."""
    animals = [A(1, killer, "carnivorous"), A(2, prey_seat)] + [A(10 + k, k, "scavenger") for k in scav_seats]
    s = table(*animals, players=3, current=killer)
    assert to_move(s) == killer
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert head(ev, Scavenged, 1) == [(10 + expected,)]
    for k in scav_seats:
        assert s.animals[10 + k].blue == (1 if k == expected else 0)


def test_scavenger_fed_with_empty_fat_slot_is_eligible_and_stores_fat():
    """§10.4 (README q11): a fed Scavenger with an empty Fat Tissue slot gets the token as fat."""
    s = table(A(1, 0, "carnivorous"), A(3, 0, "scavenger", "fat_tissue", food=1), A(2, 1), A(4, 1, "scavenger"))
    s, ev = play(s, Attack(1, 2))
    assert head(ev, Scavenged, 1) == [(3,)]
    assert (s.animals[3].red, s.animals[3].blue, s.animals[3].fat) == (1, 0, 1)
    assert s.animals[4].blue == 0


def test_scavenger_fed_without_room_is_skipped():
    """§14.12: a fed Scavenger with no free fat slot is skipped; the next player's Scavenger gets it."""
    s = table(A(1, 0, "carnivorous"), A(3, 0, "scavenger", food=1), A(2, 1), A(4, 1, "scavenger"), A(5, 1))
    s, ev = play(s, Attack(1, 2))
    assert head(ev, Scavenged, 1) == [(4,)]
    assert (s.animals[3].red, s.animals[3].blue) == (1, 0)
    assert s.animals[4].blue == 1


def test_scavenger_with_full_fat_is_skipped():
    """§10.4: a fed Scavenger whose Fat Tissue is full cannot receive food, so it is skipped."""
    s = table(A(1, 0, "carnivorous"), A(3, 0, "scavenger", "fat_tissue", food=1, fat=1), A(2, 1),
              A(4, 1, "scavenger"))
    s, ev = play(s, Attack(1, 2))
    assert head(ev, Scavenged, 1) == [(4,)]


def test_scavenger_nobody_eligible_gets_nothing():
    """§10.4: with no Scavenger able to receive food, no token is created."""
    s = table(A(1, 0, "carnivorous"), A(3, 0, "scavenger", food=1), A(2, 1), A(4, 1))
    s, ev = play(s, Attack(1, 2))
    assert deaths(ev) == {2: "eaten"}
    assert not of_type(ev, Scavenged)
    assert s.animals[3].blue == 0


def test_scavenger_owner_chooses_among_two_eligible():
    """§10.4: the receiving player chooses which of his eligible Scavengers gets the token."""
    s = table(A(1, 0, "carnivorous"), A(3, 0, "scavenger"), A(4, 0, "scavenger"), A(2, 1), A(5, 1, "scavenger"))
    s, ev = play(s, Attack(1, 2))
    assert not of_type(ev, Scavenged)
    assert to_move(s) == 0
    assert set(legal_actions(s)) == {Scavenge(3), Scavenge(4)}
    assert rule_of(s, Scavenge(5)) == "origin.scavenger"
    assert rule_of(s, EndMove()) == "origin.scavenger.choose"
    s, ev = play(s, Scavenge(4))
    assert head(ev, Scavenged, 1) == [(4,)]
    assert (s.animals[3].blue, s.animals[4].blue, s.animals[5].blue) == (0, 1, 0)


def test_scavenger_choice_goes_to_another_seat_when_killer_has_none():
    """§10.4: the choice belongs to the first player clockwise with an eligible Scavenger."""
    s = table(A(1, 0, "carnivorous"), A(2, 1), A(3, 1, "scavenger"), A(4, 1, "scavenger"))
    s, _ = play(s, Attack(1, 2))
    assert to_move(s) == 1
    assert set(legal_actions(s)) == {Scavenge(3), Scavenge(4)}


def test_scavenger_gets_nothing_on_starvation():
    """§14.11 / §10.4: animals dying in the extinction phase feed no Scavenger."""
    s = table(A(1, 0, "scavenger", "fat_tissue", food=1), A(2, 1), food_bank=1)
    s, ev = to_extinction(s)
    assert deaths(ev) == {2: "starved"}
    assert not of_type(ev, Scavenged)
    assert s.animals[1].fat == 0


def test_scavenger_gets_nothing_on_tail_loss():
    """§10.4 / §10.7: a Tail Loss escape feeds no Scavenger."""
    s = table(A(1, 0, "carnivorous"), A(4, 0, "scavenger"), A(2, 1, "tail_loss"), A(5, 1, "scavenger"))
    s, _ = play(s, Attack(1, 2))
    s, ev = play(s, DropTail(uid(s, 2, "tail_loss")))
    assert not of_type(ev, Scavenged)
    assert s.animals[4].blue == 0 and s.animals[5].blue == 0


def test_eaten_scavenger_does_not_scavenge_itself():
    """§10.4: the eaten animal leaves the table before the Scavenger token is given."""
    s = table(A(1, 0, "carnivorous"), A(2, 1, "scavenger"), A(3, 1, "scavenger"))
    s, ev = play(s, Attack(1, 2))
    assert head(ev, Scavenged, 1) == [(3,)]


@pytest.mark.parametrize("existing,card,trait", [
    ("scavenger", "hibernation/carnivorous", "carnivorous"),
    ("carnivorous", "scavenger", "scavenger"),
])
def test_carnivorous_and_scavenger_are_exclusive_at_placement(existing, card, trait):
    """§5.2.3 / §10.1 / §10.4: Carnivorous and Scavenger cannot be on one animal."""
    s = pos({"phase": "development", "hands": [[card], []],
             "animals": [A(1, 0, existing), A(2, 0)]})
    assert to_move(s) == 0
    assert rule_of(s, PlayTrait(card, trait, 1)) == "origin.placement.exclusive"
    assert PlayTrait(card, trait, 1) not in legal_actions(s)
    assert rule_of(s, PlayTrait(card, trait, 2)) is None

"""*The Origin of Species*: each trait's triggers, actions and defences live on its entry in
``rules/origin/traits.py`` (``TraitRule.on``, ``Defence``), the phase code reaches them only through tables built
from the entries, and it never names one of these traits to decide anything. Swapping a hook in its table changes
what the game does, so the phase code really goes through it."""
from __future__ import annotations

import ast
import functools
import json
import pathlib

import pytest
from conftest import pos, rule_of

from evolab import (Attack, BurnFat, DropTail, Graze, Hibernate, Mimic, NoDefence, Pirate, RollDie, Run, SaveFileError,
                    Scavenge, TakeFood, apply, legal_actions)
from evolab.events import Attacked, Died, Escaped, FoodTaken, Grazed, Redirected, RunFailed, TriggerFired, WokeUp
from evolab.rules.origin import feeding as F
from evolab.rules.origin import io as IO
from evolab.rules.origin import moves as M
from evolab.rules.origin import traits as OR

ORIGIN = pathlib.Path(OR.__file__).parent
#: the modules that run the turn or check a saved one: they loop over the trait tables and name no trait at all
NAMES_NO_TRAIT = ("feeding.py", "phases.py", "play.py", "checks.py", "heredity.py", "scoring.py", "io.py")
#: the module that lists the moves: it names none of the traits whose rules moved onto their entries (``MOVED``)
NAMES_NO_MOVED_TRAIT = ("moves.py",)
#: trait -> the names of its bit constants in ``traits.py`` (a module testing one would branch on the trait)
MOVED = {"communication": (), "cooperation": (), "symbiosis": (), "grazing": ("GRAZING",), "piracy": ("PIRACY",),
         "hibernation": ("HIBERNATION",), "fat_tissue": ("FAT",), "scavenger": ("SCAVENGER",),
         "carnivorous": ("CARNIVOROUS",), "running": ("RUNNING",), "mimicry": ("MIMICRY",), "tail_loss": ("TAIL_LOSS",)}
BIT_NAMES = {**MOVED, "swimming": ("SWIMMING",), "high_body_weight": ("HBW",), "poisonous": ("POISONOUS",),
             "burrowing": ("BURROWING",), "camouflage": ("CAMOUFLAGE",), "sharp_vision": ("SHARP_VISION",),
             "parasite": ("PARASITE",)}
#: (module, trait) still named, and why: each is a strict xfail, so the test says when it is gone
STILL_NAMED: dict = {}


def _scanned() -> list:
    out = []
    for trait in OR.TRAIT_IDS:
        for module in NAMES_NO_TRAIT + (NAMES_NO_MOVED_TRAIT if trait in MOVED else ()):
            why = STILL_NAMED.get((module, trait))
            marks = pytest.mark.xfail(strict=True, reason=why) if why else ()
            out.append(pytest.param(trait, module, marks=marks, id=f"{module}-{trait}"))
    return out


@functools.cache
def _tree(text, name):
    return ast.parse(text, name)


def _named(path, trait):
    """Lines of ``path`` that name ``trait``: its id as a string, ``BIT[id]``, or one of its bit constants."""
    found = []
    for node in ast.walk(_tree(path.read_text(), str(path))):
        if isinstance(node, ast.Constant) and node.value == trait:
            found.append(node.lineno)
        elif isinstance(node, (ast.Name, ast.alias)) and (getattr(node, "id", None) or node.name) in BIT_NAMES[trait]:
            found.append(node.lineno)
    return found


def test_the_scan_knows_every_trait_and_its_bit_constants():
    assert set(BIT_NAMES) == set(OR.TRAIT_IDS)
    assert {n: getattr(OR, n) for t, names in BIT_NAMES.items() for n in names} == {
        n: OR.BIT[t] for t, names in BIT_NAMES.items() for n in names}


@pytest.mark.parametrize(("trait", "module"), _scanned())
def test_the_phase_code_never_names_a_trait_whose_rules_live_on_its_entry(trait, module):
    assert not _named(ORIGIN / module, trait), f"{module} names {trait!r} on lines {_named(ORIGIN / module, trait)}"


def test_the_name_check_finds_a_trait_named_in_code(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('def f(l):\n    return l.trait == "symbiosis"\n')
    assert _named(f, "symbiosis") == [2]
    f.write_text('"""about symbiosis"""\nx = "symbiosis cards"\n')
    assert _named(f, "symbiosis") == []


# ---- pair cards ----------------------------------------------------------------------------------------------
def test_pair_card_tables_are_the_hooks_on_the_entries():
    assert OR.QUEUES == {t: OR.TRAITS[t].on["received"] for t in ("communication", "cooperation")}
    assert OR.FIRES == {t: OR.TRAITS[t].on["fire"] for t in ("communication", "cooperation")}
    assert OR.STARVES == {"symbiosis": OR.TRAITS["symbiosis"].on["starves"]}
    assert OR.SHIELDS == {"symbiosis": OR.TRAITS["symbiosis"].on["shields"]}
    assert OR.QUEUES["communication"](False) is False and OR.QUEUES["communication"](True) is True
    assert OR.QUEUES["cooperation"](False) is True


def _cooperating():
    return pos({"food_bank": 5, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 1}],
                "links": [{"trait": "cooperation", "animals": [1, 2]}]})


def test_a_pair_card_fires_through_its_fire_hook(monkeypatch):
    calls = []
    real = OR.FIRES["cooperation"]

    def spy(s, link, src, partner, epoch, ev):
        calls.append((link.trait, src, partner.id))
        real(s, link, src, partner, epoch, ev)

    monkeypatch.setitem(OR.FIRES, "cooperation", spy)
    s, ev = apply(_cooperating(), TakeFood(1))
    assert calls == [("cooperation", 1, 2)]
    assert (s.animals[2].red, s.animals[2].blue) == (0, 1)
    assert [(e.trait, e.source, e.target) for e in ev if isinstance(e, TriggerFired)] == [("cooperation", 1, 2)]


def test_a_pair_card_queues_its_trigger_only_when_its_received_hook_says_so(monkeypatch):
    monkeypatch.setitem(OR.QUEUES, "cooperation", lambda from_bank: False)
    s, ev = apply(_cooperating(), TakeFood(1))
    assert not any(isinstance(e, TriggerFired) for e in ev)
    assert (s.animals[2].red, s.animals[2].blue) == (0, 0)


def test_symbiosis_keeps_its_animal_from_food_and_attack_through_its_hooks(monkeypatch):
    s = pos({"food_bank": 5, "animals": [{"owner": 0, "traits": ["carnivorous"]}, {"owner": 1}, {"owner": 1}],
             "links": [{"trait": "symbiosis", "protector": 2, "protected": 3}]})
    assert not any(getattr(a, "prey", None) == 3 for a in legal_actions(s))
    monkeypatch.setitem(OR.SHIELDS, "symbiosis", lambda s, link, prey: None)
    assert any(getattr(a, "prey", None) == 3 for a in legal_actions(s))


def test_symbiosis_starves_hook_decides_whether_the_protected_animal_eats(monkeypatch):
    s = pos({"food_bank": 5, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 1}],
             "links": [{"trait": "symbiosis", "protector": 1, "protected": 2}]})
    assert rule_of(s, TakeFood(2)) == "origin.symbiosis"
    monkeypatch.setitem(OR.STARVES, "symbiosis", lambda s, link, a: None)
    assert rule_of(s, TakeFood(2)) is None


# ---- moves a trait gives its animal (Burn fat, Grazing, Piracy, Hibernation) --------------------------------
MOVES_OF = {"carnivorous": Attack, "fat_tissue": BurnFat, "grazing": Graze, "piracy": Pirate, "hibernation": Hibernate}


def test_move_tables_are_the_hooks_on_the_entries_in_the_order_moves_are_listed():
    bits = {b: t for t, b in OR.BIT.items()}
    assert [bits[b] for b, _ in OR.MOVERS] == [bits[b] for b, _ in OR.CAN_MOVE] == list(OR.MOVE_ORDER)
    for (bit, moves), (_, can_move) in zip(OR.MOVERS, OR.CAN_MOVE):
        on = OR.TRAITS[bits[bit]].on
        assert (moves, can_move) == (on["moves"], on["can_move"])
    assert OR.MOVE_TRAITS == ("carnivorous",) + OR.MOVE_ORDER      # the attack is listed by moves.py itself
    assert OR.MOVE_CHECKS == {MOVES_OF[t]: OR.TRAITS[t].on["check"] for t in OR.MOVE_TRAITS}
    assert OR.MOVE_ACTS == {MOVES_OF[t]: OR.TRAITS[t].on["act"] for t in OR.MOVE_TRAITS}
    assert {OR.TRAITS[t].extra["action"] for t in OR.MOVE_TRAITS} == set(MOVES_OF.values())
    assert OR.LOST == {"hibernation": OR.TRAITS["hibernation"].on["lost"]}
    assert OR.MAIN_MOVES == {BurnFat, Attack}
    assert OR.STORE is F.STORE is OR.TRAITS["fat_tissue"].on["store"]


def _grazer():
    return pos({"food_bank": 3, "animals": [
        {"id": 1, "owner": 0, "traits": ["grazing", "piracy", "hibernation", "fat_tissue"], "fat": 1},
        {"id": 2, "owner": 1, "red": 1, "traits": ["high_body_weight"]}]})


def test_an_animal_calls_the_move_hooks_of_its_own_traits_only_in_the_table_order():
    fat, graze, hib = (OR.TRAITS[t].on["moves"] for t in ("fat_tissue", "grazing", "hibernation"))
    assert M._MOVES_OF[OR.BIT["hibernation"] | OR.BIT["grazing"] | OR.BIT["fat_tissue"]] == (fat, graze, hib)
    assert M._MOVES_OF[OR.BIT["hibernation"] | OR.BIT["camouflage"]] == (hib,)
    assert M._MOVES_OF[OR.BIT["camouflage"]] == ()
    # once the move's main action is taken, Burn fat (a main action, as its entry says) is not asked
    assert M._FREE_MOVES_OF[OR.BIT["hibernation"] | OR.BIT["grazing"] | OR.BIT["fat_tissue"]] == (graze, hib)
    assert OR.MAIN_BITS == OR.BIT["fat_tissue"]


def test_the_move_list_comes_from_the_movers_table(monkeypatch):
    s = _grazer()
    assert {BurnFat(1, 1), Graze(1), Pirate(1, 2, "red"), Hibernate(1)} <= set(legal_actions(s))
    monkeypatch.setattr(M, "_MOVES_OF", M._HooksOf(tuple(x for x in OR.MOVERS if x[0] != OR.BIT["grazing"])))
    monkeypatch.setattr(M, "_CAN_MOVE_OF", M._HooksOf(tuple(x for x in OR.CAN_MOVE if x[0] != OR.BIT["grazing"])))
    legal = set(legal_actions(s))
    assert Graze(1) not in legal and {BurnFat(1, 1), Pirate(1, 2, "red"), Hibernate(1)} <= legal


@pytest.mark.parametrize("move", [BurnFat(1, 1), Graze(1), Pirate(1, 2, "red"), Hibernate(1)],
                         ids=lambda m: type(m).__name__)
def test_a_trait_move_is_checked_and_carried_out_by_its_entry(monkeypatch, move):
    s = _grazer()
    kind = type(move)
    monkeypatch.setitem(OR.MOVE_CHECKS, kind, lambda s, seat, action: ("origin.test", "refused by the hook"))
    assert rule_of(s, move) == "origin.test"
    monkeypatch.undo()
    done = []
    real = OR.MOVE_ACTS[kind]
    monkeypatch.setitem(OR.MOVE_ACTS, kind, lambda s, action, ev: done.append(action) or real(s, action, ev))
    s2, ev = apply(s, move)
    assert done == [move]


def test_grazing_act_destroys_food_through_its_entry():
    s, ev = apply(_grazer(), Graze(1))
    assert s.food_bank == 2 and [e for e in ev if isinstance(e, Grazed)] == [Grazed(1)]


def test_losing_a_card_runs_its_lost_hook(monkeypatch):
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "traits": ["carnivorous"]},
                                         {"id": 2, "owner": 1, "traits": ["tail_loss", "hibernation"],
                                          "hibernating": True}, {"id": 3, "owner": 1}]})
    card = next(c.uid for c in s.animals[2].cards if c.trait == "hibernation")
    s, _ = apply(s, Attack(1, 2))
    woke, _ = apply(s, DropTail(card))
    assert not woke.animals[2].hibernating
    monkeypatch.setitem(OR.LOST, "hibernation", lambda s, a, ev: None)
    kept, ev = apply(s, DropTail(card))
    assert kept.animals[2].hibernating and not any(isinstance(e, WokeUp) for e in ev)


def test_burning_fat_is_a_main_action_because_its_entry_says_so(monkeypatch):
    s, _ = apply(_grazer(), BurnFat(1, 1))
    assert (s.animals[1].fat, s.animals[1].blue) == (0, 1)
    s = _grazer()
    s.move_main = True                                 # a main action was taken in this move
    assert rule_of(s, BurnFat(1, 1)) == "origin.feeding.one-main-action"
    monkeypatch.setattr("evolab.rules.origin.checks.MAIN_MOVES", frozenset())
    assert rule_of(s, BurnFat(1, 1)) is None


def test_a_fed_animal_keeps_its_token_through_the_store_hook(monkeypatch):
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "red": 1, "traits": ["fat_tissue"]}, {"owner": 1}]})
    kept = []
    monkeypatch.setattr(F, "STORE", lambda s, a: kept.append(a.id) or OR.STORE(s, a))
    s, ev = apply(s, TakeFood(1))
    assert kept == [1] and s.animals[1].fat == 1
    assert [(e.animal, e.as_fat) for e in ev if isinstance(e, FoodTaken)] == [(1, True)]


def test_which_scavengers_may_take_the_token_is_decided_next_to_the_entry(monkeypatch):
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "traits": ["carnivorous"]},
                                         {"id": 3, "owner": 0, "traits": ["scavenger"]},
                                         {"id": 4, "owner": 0, "traits": ["scavenger"]}, {"id": 2, "owner": 1}]})
    s, _ = apply(s, Attack(1, 2))
    assert set(legal_actions(s)) == {Scavenge(3), Scavenge(4)}
    only_four = lambda s, seat: [a for a in OR.scavengers(s, seat) if a.id == 4]     # noqa: E731
    monkeypatch.setattr(M, "scavengers", only_four)
    monkeypatch.setattr("evolab.rules.origin.checks.scavengers", only_four)
    assert legal_actions(s) == [Scavenge(4)]
    assert rule_of(s, Scavenge(3)) == "origin.scavenger"


# ---- the attack (Carnivorous) and the defence moves (Run and its die, Drop tail, Mimic) ---------------------
def test_defence_move_tables_are_the_hooks_on_the_entries():
    d = {t: OR.TRAITS[t].defence for t in OR.DEFENCE_ORDER}
    assert OR.DEFENCE_ACTS == {Run: d["running"].moves[Run], RollDie: d["running"].moves[RollDie],
                               DropTail: d["tail_loss"].moves[DropTail], Mimic: d["mimicry"].moves[Mimic]}
    assert OR.DEFENCE_CHECKS == {kind: (OR.BIT[t], d[t].offers, d[t].check)
                                 for t, kind in (("running", Run), ("tail_loss", DropTail), ("mimicry", Mimic))}
    assert OR.FORCED == ((OR.DEFENCE_ORDER.index("mimicry"), d["mimicry"].compulsory, d["mimicry"].resolve),)
    assert OR.ROLLERS == ((OR.BIT["running"], d["running"].offers),)
    assert OR.ATTACK_BITS == OR.BIT["carnivorous"] and F.can_attack is OR.CAN_ATTACK


def _attacked(trait, others=2):
    """Animal 1 (seat 0, Carnivorous) has attacked animal 2 (seat 1, with ``trait``); seat 1 has ``others`` more
    animals (3, 4, ...) that Mimicry could send the attack to."""
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "traits": ["carnivorous"]},
                                         {"id": 2, "owner": 1, "traits": [trait]}]
             + [{"id": 3 + k, "owner": 1} for k in range(others)]})
    s, _ = apply(s, Attack(1, 2))
    return s


_DEFENDING = {"running": lambda s: Run(), "tail_loss": lambda s: DropTail(s.animals[2].cards[0].uid),
              "mimicry": lambda s: Mimic(3)}


@pytest.mark.parametrize("trait", sorted(_DEFENDING))
def test_a_defence_move_is_checked_and_carried_out_by_its_entry(monkeypatch, trait):
    s = _attacked(trait)
    move = _DEFENDING[trait](s)
    kind = type(move)
    assert move in legal_actions(s) and rule_of(s, move) is None
    bit, offers, _check = OR.DEFENCE_CHECKS[kind]
    monkeypatch.setitem(OR.DEFENCE_CHECKS, kind, (bit, offers, lambda s, at, target, offered, action: ("origin.test", "")))
    assert rule_of(s, move) == "origin.test"
    monkeypatch.undo()
    done = []
    monkeypatch.setitem(OR.DEFENCE_ACTS, kind, lambda s, action, ev: done.append(action))   # a defence that does nothing
    s2, ev = apply(s, move)
    assert done == [move] and s2 == s and ev == []


def test_running_die_is_read_by_its_entry(monkeypatch):
    s, _ = apply(_attacked("running"), Run())
    rolls = []
    real = OR.DEFENCE_ACTS[RollDie]
    monkeypatch.setitem(OR.DEFENCE_ACTS, RollDie, lambda s, die, ev: rolls.append(die.value) or real(s, die, ev))
    escaped, ev = apply(s, RollDie(5))
    assert rolls == [5] and escaped.attack is None and [type(e) for e in ev] == [Escaped]
    caught, ev = apply(s, RollDie(2))
    assert rolls == [5, 2] and 2 not in caught.animals and isinstance(ev[0], RunFailed)


def test_mimicry_may_not_be_declined_because_its_entry_says_so(monkeypatch):
    s = _attacked("mimicry")
    assert NoDefence() not in legal_actions(s) and rule_of(s, NoDefence()) == "origin.mimicry.compulsory"
    one = _attacked("mimicry", others=1)            # one target: the attack goes there without a decision
    assert one.attack is None and set(one.animals) == {1, 2}
    ((i, _compulsory, resolve),) = F.FORCED
    monkeypatch.setattr(F, "FORCED", ((i, lambda s: None, resolve),))     # a Mimicry the defender may decline
    assert NoDefence() in legal_actions(s) and rule_of(s, NoDefence()) is None
    one = _attacked("mimicry", others=1)
    assert one.attack.prey == 2 and set(legal_actions(one)) == {Mimic(3), NoDefence()}


def test_the_attack_is_checked_and_carried_out_by_the_carnivorous_entry(monkeypatch):
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "traits": ["carnivorous"]}, {"id": 2, "owner": 1}]})
    assert Attack(1, 2) in legal_actions(s)
    monkeypatch.setitem(OR.MOVE_CHECKS, Attack, lambda s, seat, action: ("origin.test", ""))
    assert rule_of(s, Attack(1, 2)) == "origin.test"
    monkeypatch.undo()
    monkeypatch.setitem(OR.MOVE_ACTS, Attack, lambda s, action, ev: None)        # an attack that does nothing
    s2, ev = apply(s, Attack(1, 2))
    assert 2 in s2.animals and not any(isinstance(e, (Attacked, Died, Redirected)) for e in ev)
    monkeypatch.undo()
    s.move_main = True                                 # a main action was taken in this move
    assert rule_of(s, Attack(1, 2)) == "origin.feeding.one-main-action"
    monkeypatch.setattr("evolab.rules.origin.checks.MAIN_MOVES", frozenset())
    assert rule_of(s, Attack(1, 2)) is None
    s.move_main = False
    monkeypatch.setattr(F, "can_attack", lambda s, a: False)     # the move lists ask the entry's can_attack
    assert not any(isinstance(a, Attack) for a in legal_actions(s))


def test_a_saved_attack_is_checked_against_the_entries(monkeypatch):
    s, _ = apply(_attacked("running"), Run())
    d = json.loads(json.dumps(s.to_dict()))
    assert s.ruleset.state_from_dict(d) == s
    monkeypatch.setattr(IO, "ROLLERS", ())           # no defence waits on a die: a rolling attack is corrupt
    with pytest.raises(SaveFileError, match="rolling"):
        s.ruleset.state_from_dict(d)
    monkeypatch.undo()
    monkeypatch.setattr(IO, "ATTACK_BITS", 0)        # no trait makes a predator
    with pytest.raises(SaveFileError, match="predator"):
        s.ruleset.state_from_dict(d)


def test_saved_sleepers_and_pair_triggers_tables_are_read_off_the_entries():
    assert OR.SLEEP_BITS == OR.BIT["hibernation"] and OR.TRAITS["hibernation"].extra["action"] is Hibernate
    assert OR.TRIGGERED == {t for t, r in OR.TRAITS.items() if "received" in r.on and "fire" in r.on}
    assert OR.TRIGGERED == {"communication", "cooperation"}


def test_a_saved_hibernating_animal_is_checked_against_the_entries(monkeypatch):
    s = pos({"food_bank": 3, "animals": [{"id": 1, "owner": 0, "traits": ["hibernation"]},
                                         {"id": 2, "owner": 1, "traits": ["swimming"]}]})
    s, _ = apply(s, Hibernate(1))
    d = json.loads(json.dumps(s.to_dict()))
    assert d["animals"][0]["hibernating"] and s.ruleset.state_from_dict(d) == s
    monkeypatch.setattr(IO, "SLEEP_BITS", 0)          # no trait lets an animal sleep: a sleeping one is corrupt
    with pytest.raises(SaveFileError, match=r"animals\[0\]\.hibernating.*animal 1 has no Hibernation Ability"):
        s.ruleset.state_from_dict(d)
    monkeypatch.undo()
    d["animals"][1].update(hibernating=True, hibernated_turn=d["turn"])     # the swimmer asleep
    with pytest.raises(SaveFileError, match=r"animals\[1\]\.hibernating.*animal 2 has no Hibernation Ability"):
        s.ruleset.state_from_dict(d)
    monkeypatch.setattr(IO, "SLEEP_BITS", OR.SLEEP_BITS | OR.BIT["swimming"])     # as if Swimming's entry let it
    assert s.ruleset.state_from_dict(d).animals[2].hibernating


def test_a_saved_pair_trigger_is_checked_against_the_entries(monkeypatch):
    s = pos({"food_bank": 5, "animals": [{"owner": 0}, {"owner": 0}, {"owner": 0}, {"owner": 1}],
             "links": [{"trait": "cooperation", "animals": [1, 2]}, {"trait": "cooperation", "animals": [1, 3]},
                       {"trait": "symbiosis", "protector": 1, "protected": 2}]})
    s, _ = apply(s, TakeFood(1))
    d = json.loads(json.dumps(s.to_dict()))
    assert len(d["pending"]) == 2 and s.ruleset.state_from_dict(d) == s
    monkeypatch.setattr(IO, "TRIGGERED", frozenset())   # no pair card has a trigger: a pending one is corrupt
    with pytest.raises(SaveFileError, match=r"pending\[0\]\[0\].*Cooperation has no trigger"):
        s.ruleset.state_from_dict(d)
    monkeypatch.undo()
    sym = next(l["uid"] for l in d["links"] if l["trait"] == "symbiosis")
    d["pending"].append([sym, 1, d["pending"][0][2]])   # a Symbiosis trigger waiting
    with pytest.raises(SaveFileError, match=r"pending\[2\]\[0\].*Symbiosis has no trigger"):
        s.ruleset.state_from_dict(d)
    monkeypatch.setattr(IO, "TRIGGERED", OR.TRIGGERED | {"symbiosis"})   # its entry said it had one
    assert s.ruleset.state_from_dict(d).pending[2] == (sym, 1, d["pending"][0][2])


def test_placement_kinds_name_where_a_card_goes_not_a_trait():
    """The checks and the move list branch on an entry's placement kind; a kind named after a trait (Parasite's
    "played on another player's animal" once was "parasite") would be a trait test in disguise."""
    kinds = {r.kind for r in OR.TRAITS.values()}
    assert kinds == {"single", "pair", "foreign"}
    assert [t for t, r in OR.TRAITS.items() if r.kind == "foreign"] == ["parasite"]

"""Each trait's defences and triggers sit on its entry in the edition's TRAITS table, and the attack and feeding
code loops over tables built from those entries: a hook on an entry that no loop reads would be a dead rule."""
from __future__ import annotations

import pytest

from evolab.rules.base import Defence, TraitRule, defence_hooks, trigger_hooks
from evolab.rules.northstar import traits as NS
from evolab.rules.origin import traits as OR
from evolab.rules.random_mutations import traits as RM


def _hooked(traits, kind):
    return {t for t, r in traits.items() if r.defence is not None and getattr(r.defence, kind) is not None}


def test_hook_tables_follow_the_order_given_and_skip_traits_without_the_hook():
    traits = {"a": TraitRule("a", "A", defence=Defence(size=len)), "b": TraitRule("b", "B"),
              "c": TraitRule("c", "C", defence=Defence(offers=abs, size=len), on={"fed": min})}
    assert defence_hooks(traits, "size") == (("a", len), ("c", len))
    assert defence_hooks(traits, "size", ("c", "b", "a")) == (("c", len), ("a", len))
    assert defence_hooks(traits, "resolve") == ()
    assert trigger_hooks(traits, "fed") == (("c", min),)
    assert trigger_hooks(traits, "eaten") == ()


def test_north_star_loops_read_every_defence_and_trigger_on_the_entries():
    assert [d for d, _, _ in NS.PROTECTORS] == list(NS.PROTECTIONS) == [
        "climbing", "burrowing", "defensive_herding", "symbiosis", "warning_call"]
    assert {d for d, _, _ in NS.PROTECTORS} == _hooked(NS.TRAITS, "offers")
    assert {d for d, _ in NS.ARMOUR} == _hooked(NS.TRAITS, "size") == {"hard_shell"}
    assert {d for d, _ in NS.WEAPONS} == _hooked(NS.TRAITS, "resolve") == {"horns"}
    assert [t for t, _ in NS.REVEAL] == ["fertile", "long_neck", "fat_tissue"]
    fired = {t for t, _ in NS.REVEAL + NS.FORAGERS + NS.SHARERS + NS.SCAVENGERS + NS.PACKS + NS.ROOMS + NS.STORES
             + NS.THINKERS + NS.CLEVER + NS.MEALS + NS.HOLDS + NS.THINK_RULES + NS.CARD_RULES}
    assert fired == {t for t, r in NS.TRAITS.items() if r.on}
    for d, offers, _ in NS.PROTECTORS:
        assert NS.TRAITS[d].defence.offers is offers


def test_origin_loops_read_every_defence_and_trigger_on_the_entries():
    bits = {b: t for t, b in OR.BIT.items()}
    assert [bits[b] for b, _ in OR.DEFENDERS] == ["running", "tail_loss", "mimicry"]   # (run, tail, mim)
    assert {bits[b] for b, _ in OR.DEFENDERS} == _hooked(OR.TRAITS, "offers")
    assert set(OR.RESOLVE) == _hooked(OR.TRAITS, "resolve")
    assert OR.DEFENCE_BITS == OR.BIT["running"] | OR.BIT["tail_loss"] | OR.BIT["mimicry"]
    pairs = set(OR.QUEUES) | set(OR.FIRES) | set(OR.STARVES) | set(OR.SHIELDS)
    movers = {bits[b] for b, _ in OR.MOVERS} | set(OR.LOST)
    attackers = {t for t in OR.MOVE_TRAITS if OR.TRAITS[t].on["act"] in OR.MOVE_ACTS.values()} - movers
    assert attackers == {"carnivorous"} and OR.CAN_ATTACK is OR.TRAITS["carnivorous"].on["can_attack"]
    movers |= attackers
    assert {bits[b] for b, _ in OR.EATEN} | {"scavenger"} | pairs | movers == {t for t, r in OR.TRAITS.items() if r.on}
    assert OR.CARRION == (OR.TRAITS["scavenger"].on["carrion"],)


def test_random_mutations_loops_read_every_defence_and_trigger_on_the_entries():
    assert [k for k, _ in RM.STOPS] == ["rm.swimming.prey", "rm.swimming.hunter", "rm.large"]
    assert {RM.STOPS[0][1], RM.STOPS[1][1], RM.STOPS[2][1]} == {
        RM.TRAITS["swimming"].guard, RM.TRAITS["swimming"].hunter, RM.TRAITS["large"].guard}
    assert {t for t, _ in RM.HIDERS + RM.DODGERS} == _hooked(RM.TRAITS, "offers")
    assert set(RM.RESOLVE) == _hooked(RM.TRAITS, "resolve") == {"running"}
    fired = {t for t, _ in RM.MEALS + RM.STOMPERS + RM.SHELTERED + RM.JOINS}
    fired |= {t for t, r in RM.TRAITS.items() if set(r.on) & set(RM.ENTRY_STEPS)}
    assert fired | {"scavenger"} == {t for t, r in RM.TRAITS.items() if r.on}


@pytest.mark.parametrize("traits", [NS.TRAITS, OR.TRAITS, RM.TRAITS], ids=["northstar", "origin", "random_mutations"])
def test_trigger_hooks_are_callables_keyed_by_step(traits):
    for r in traits.values():
        assert all(isinstance(k, str) and callable(h) for k, h in r.on.items())

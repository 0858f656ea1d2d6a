"""The edition contract: every registered edition implements every member of ``Ruleset`` and exports its
presentation and bot hints; the registry lists the built-in editions, lets a new one register without an
edit to its file, and refuses duplicates; listing editions loads none of their rules."""
from __future__ import annotations

import inspect

import pytest

import evolab
from evolab.actions import EndTurn, PlayCard, TakeFood
from evolab.rules import (BUILT_IN, Edition, available_rulesets, edition, editions, load_ruleset, register_edition,
                          ruleset_class, unregister_edition)
from evolab.rules.base import Ruleset
from evolab.rules.hints import BotHints
from evolab.rules.presentation import Presentation
from test_imports import fresh_modules


def test_the_built_in_editions_are_registered_in_order():
    ids = [edition(m.rsplit(".", 1)[1]).id for m in BUILT_IN]
    assert ids == ["origin", "random_mutations", "northstar"]
    assert list(available_rulesets())[:3] == ids


@pytest.mark.parametrize("edition_id", sorted(available_rulesets()))
def test_every_edition_implements_the_whole_contract(edition_id):
    ed = edition(edition_id)
    cls = ed.ruleset
    assert issubclass(cls, Ruleset) and not inspect.isabstract(cls), cls.__abstractmethods__
    assert cls.id == edition_id and ed.title == available_rulesets()[edition_id]
    assert isinstance(ed.presentation, Presentation)
    assert isinstance(ed.bot_hints, BotHints)
    rs = load_ruleset(edition_id)
    assert rs.edition is ed
    assert set(rs.traits) and all(t == r.id for t, r in rs.traits.items())


def test_a_ruleset_missing_a_member_of_the_contract_cannot_be_made():
    class Half(Ruleset):
        id = "half"

        def new_game(self):
            return None

    with pytest.raises(TypeError, match="abstract"):
        Half({"players": 2})


def test_a_new_edition_registers_without_an_edit_to_the_registry():
    origin = ruleset_class("origin")
    twin = type("TwinRuleset", (origin,), {"id": "twin"})
    ed = register_edition(Edition("twin", "A twin of the Origin of Species, for this test.", ruleset=twin))
    try:
        assert "twin" in available_rulesets() and editions()["twin"] is ed
        rs = load_ruleset("twin", players=3)
        assert rs.id == "twin" and rs.players == 3
        # with no presentation or hints of its own, the edition gets the neutral ones
        assert type(ed.presentation) is Presentation and type(ed.bot_hints) is BotHints
        m = evolab.Match(rs, seats=["greedy", "random", "greedy"], seed=3)
        m.play_out()
        assert m.is_over()
        with pytest.raises(ValueError, match="already registered"):
            register_edition(Edition("twin", "another", ruleset=twin))
        register_edition(Edition("twin", "replaced", ruleset=twin), replace=True)
        assert available_rulesets()["twin"] == "replaced"
    finally:
        unregister_edition("twin")
    assert "twin" not in available_rulesets()
    with pytest.raises(evolab.UnknownRuleset):
        load_ruleset("twin")


def test_an_edition_whose_ruleset_has_another_id_is_refused():
    ed = Edition("changeling", "names another edition's rules", ruleset="evolab.rules.origin.ruleset:OriginRuleset")
    with pytest.raises(ValueError, match="whose id is 'origin'"):
        _ = ed.ruleset


def test_listing_the_editions_loads_none_of_their_rules():
    mods = fresh_modules("import evolab\nevolab.available_rulesets()\n")
    assert "evolab.rules.origin" in mods
    assert not [m for m in mods if m.endswith((".ruleset", ".feeding", ".present", ".hints"))]


OUT_OF_PHASE = [  # (edition, position, a move of another phase, its rule, the phase it belongs to)
    ("origin", {"players": 2, "phase": "development", "hands": [["swimming"], []],
                "animals": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1}]}, TakeFood(2), "origin.phase", "feeding"),
    ("random_mutations", {"players": 2, "red": 2, "species": [{"id": 1, "owner": 0, "animals": [{"id": 11}]},
                                                              {"id": 2, "owner": 1, "animals": [{"id": 21}]}]},
     PlayCard("trait", 1), "rm.phase", "development"),
    ("northstar", {"players": 2, "watering": 3, "hands": [["long_neck:3"], ["horns:1"]],
                   "species": [{"id": 1, "owner": 0}, {"id": 2, "owner": 1}]}, EndTurn(), "northstar.phase",
     "play_cards"),
]


@pytest.mark.parametrize("edition_id,spec,action,rule,belongs", OUT_OF_PHASE, ids=[c[0] for c in OUT_OF_PHASE])
def test_a_move_out_of_its_phase_is_a_rule_and_its_arguments_worded_by_the_presentation(
        edition_id, spec, action, rule, belongs, monkeypatch):
    """The edition's check reports a move of another phase as its rule id, the move's type and the phase now
    (an ``OutOfPhase``), never as words; ``check`` asks the edition's presentation to word it, so another
    presentation's words reach the player with the check unchanged."""
    from evolab.rules.base import OutOfPhase
    s = evolab.scenario(edition_id, spec)
    rs = s.ruleset
    v = rs.check_player(s, evolab.to_move(s), action)
    assert v == OutOfPhase(rule, type(action), s.phase, v.message, v.fields)
    p = rs.edition.presentation
    assert p.action_phases[type(action)] == belongs != s.phase
    assert evolab.check(s, action) == (rule, p.out_of_phase(type(action), s.phase))
    monkeypatch.setattr(type(p), "phase_refusal", lambda self, r: f"{r.kind.__name__} waits for {r.phase}'s end")
    assert evolab.check(s, action) == (rule, f"{type(action).__name__} waits for {s.phase}'s end")


def test_a_move_its_presentation_places_in_no_phase_keeps_the_editions_words():
    """Random Mutations' answers to a pending choice belong to no phase of its presentation: refused in
    development, they keep the edition's own message."""
    from evolab.actions import ChooseVictim

    s = evolab.scenario("random_mutations", {"players": 2, "phase": "development", "species": [
        {"id": 1, "owner": 0, "animals": [{"id": 11}]}, {"id": 2, "owner": 1, "animals": [{"id": 21}]}]})
    assert evolab.check(s, ChooseVictim(21)) == ("rm.phase", "ChooseVictim is not a development action")


def _module(name, source):
    import types
    m = types.ModuleType(name)
    exec(source, vars(m))
    return m


def test_a_ruleset_takes_the_members_of_the_contract_its_modules_define():
    """``class R(Ruleset, modules=(...))``: a function named for a member of the contract in one of the edition's
    modules is the ruleset's member; the class body wins, a name a module only imports does not count, and two
    modules giving one member are refused."""
    moves = _module("moves", "def to_move(rs, s):\n    return 0\n\ndef legal_actions(rs, s):\n    return ['x']\n")
    scoring = _module("scoring", "def scores(rs, s):\n    return (1,)\n")
    scoring.to_move = moves.to_move               # imported from another module: not scoring's own

    class Assembled(Ruleset, modules=(moves, scoring)):
        id = "assembled"

        def legal_actions(self, s):
            return []

    assert Assembled.to_move is moves.to_move and Assembled.scores is scoring.scores
    assert Assembled.legal_actions is not moves.legal_actions
    twin = _module("twin", "def scores(rs, s):\n    return (2,)\n")
    with pytest.raises(TypeError, match="scores"):
        class Twice(Ruleset, modules=(scoring, twin)):
            id = "twice"

"""Conformance of the *Random Mutations* edition ("random_mutations") with the engine's contracts.

The contract checks every edition shares are written once in ``test_conformance.py``; this module gives them
this edition's data (``SUITE``: 2, 3, 4 and 6 players, the default and non-default option sets, positions,
moves to refuse, saved-file edits) and its own invariants, and keeps what only this edition has:

1. invariants at every step of every game: cards conserved (common deck, blind player decks, table,
   discards), ``sum(hidden) + revealed`` equal to the deck, no negative token count, ``check`` agreeing with
   ``legal_actions`` and ``chance_outcomes`` on a broad set of candidates (this edition's actions and near
   misses), a trait revealed only by nature; JSON round trips at every pending decision;
2. illegal input of this edition's rules (development, Stomper, parasites, reveals, Running's die), refused
   with ``IllegalActionError`` naming the rule and leaving the state unchanged;
3. hidden information: nobody (the owner included) sees a player-deck card; a trait is revealed only by
   nature, weighted by the never-revealed cards.
"""
from __future__ import annotations

import functools
import json

import pytest
from hypothesis import strategies as st

import evolab
from evolab import (CHANCE, Match, apply,
                    chance_outcomes, check, legal_actions, load_ruleset, load_state, new_game, observe,
                    save_state, scenario, to_move)
from evolab.actions import (Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, Draw, EndMove,
                            FirstPlayer, NoDefence, Pass, PlaceParasite, PlayAnimal, PlayCard, PlayTrait, Reveal,
                            RollDie, RollFood, RollParasites, RollShelter, Run, Scavenge, Stomp, TakeFood,
                            TakeShelter, TieBreak)
from evolab.bots import GreedyBot, RandomBot
from evolab.events import Mutation, TraitRevealed
from evolab.rules.random_mutations.deck import TRAIT_IDS
from evolab.tracking import ALL_TABLES, HEREDITY_TABLES
from engine_checks import assert_json_round_trip, assert_refused
import conformance_common as common

RM = "random_mutations"
PLAYER_COUNTS = (2, 3, 4, 6)
MADE_UP = 9_999                 # an animal / species / card id no game reaches
MODES = ("new_species", "trait", "add_animal", "diverge")
EXCLUSIVE = {"predator", "obligate_predator", "scavenger"}

#: A deck that deals the provisional traits (Burrowing, Simplification, Metabolic Syndrome) often.
CUSTOM_DECK = {"large": 4, "predator": 6, "obligate_predator": 3, "scavenger": 5, "stomper": 4,
               "extremophile": 3, "bark_beetle": 4, "swimming": 3, "running": 5, "budding": 2,
               "burrowing": 6, "metabolic_syndrome": 4, "simplification": 8}

#: Non-default options with the provisional rules left on (Simplification and Burrowing can act).
NON_DEFAULT_A = dict(divergence=True, rm_feeding_voluntary=True, parasite_tie="per_species",
                     unfit_trait_outcome="discard", scavenger_priority="attacking_player", physical_supply=True,
                     deck=CUSTOM_DECK, extremophile_extra_discard=False)
#: Non-default options with the provisional rules switched off.
NON_DEFAULT_B = dict(deck=CUSTOM_DECK, large_blocks_small_predators=False, rm_burrowing_rule="disabled",
                     simplification_rule="disabled", parasite_move_enabled=False, parasite_rule_enabled=False,
                     divergence=True, divergence_position="next_to_parent", divergence_checks_cap=True)
#: The provisional traits dealt often, every rule at its default.
CUSTOM_ONLY = dict(deck=CUSTOM_DECK)

OPTION_SETS = [("default", {}), ("custom-deck", CUSTOM_ONLY), ("non-default-a", NON_DEFAULT_A),
               ("non-default-b", NON_DEFAULT_B)]

def _drop_none(d):
    return {k: v for k, v in d.items() if v is not None}


# Every option of the brief (and a few neighbours), drawn independently by hypothesis.
OPTIONS = st.fixed_dictionaries({
    "divergence": st.booleans(),
    "divergence_position": st.sampled_from(["right_end", "next_to_parent"]),
    "divergence_checks_cap": st.booleans(),
    "rm_feeding_voluntary": st.booleans(),
    "parasite_tie": st.sampled_from(["per_player", "per_species"]),
    "unfit_trait_outcome": st.sampled_from(["new_species", "discard"]),
    "scavenger_priority": st.sampled_from(["attacked_player", "attacking_player"]),
    "physical_supply": st.booleans(),
    "deck": st.sampled_from([None, CUSTOM_DECK]),
    "large_blocks_small_predators": st.booleans(),
    "rm_burrowing_rule": st.sampled_from(["origin_like", "disabled"]),
    "simplification_rule": st.sampled_from(["discard_one_trait", "disabled"]),
    "parasite_move_enabled": st.booleans(),
    "parasite_rule_enabled": st.booleans(),
    "extremophile_extra_discard": st.booleans(),
}).map(_drop_none)


def rm(players=2, **options):
    return load_ruleset(RM, players=players, **options)


# ---- invariants ---------------------------------------------------------------------------------
def cards_of(state, sp):
    """Every trait card (uid, trait) of a species: inherited sets, then its own cards."""
    out = []
    for k in sp.sets:
        out.extend(state.sets[k])
    return out + list(sp.own)


def assert_table_invariants(state):
    """The cheap invariants, checked at every step of every game; returns the legal actions."""
    rs = state.ruleset
    total = rs.total_cards
    assert state.card_total() == total, f"cards not conserved: {state.card_total()} != {total}"
    assert sum(state.hidden) + state.revealed == total, (state.hidden, state.revealed, total)
    assert len(state.hidden) == len(TRAIT_IDS)
    assert all(0 <= h <= c for h, c in zip(state.hidden, rs.copies)), (state.hidden, rs.copies)
    assert state.deck_size >= 0 and state.removed >= 0 and state.revealed >= 0
    assert len(state.pdecks) == len(state.discards) == len(state.rows) == state.players
    assert min(state.pdecks) >= 0 and min(state.discards) >= 0, (state.pdecks, state.discards)
    # the centre: never negative, never above the climate table's (or the box's) cap
    for colour in ("red", "green", "black"):
        v = getattr(state, colour)
        assert 0 <= v <= rs.caps[colour], f"centre {colour} = {v} (cap {rs.caps[colour]})"
    blue_on_table = sum(a.blue for a in state.animals.values())
    assert 0 <= blue_on_table <= state.blue_out
    if rs.blue_cap is not None:
        assert state.blue_out <= rs.blue_cap, f"{state.blue_out} blue tokens out, the box has {rs.blue_cap}"
    # species, animals and rows agree
    in_rows = [sid for row in state.rows for sid in row]
    assert len(in_rows) == len(set(in_rows)) and set(in_rows) == set(state.species), (state.rows, list(state.species))
    for seat, row in enumerate(state.rows):
        assert all(state.species[sid].owner == seat for sid in row)
    for sp in state.species.values():
        assert sp.animals, f"empty species {sp!r} on the table"
        assert len(set(sp.animals)) == len(sp.animals)
        traits = rs.traits_of(state, sp)
        assert len(traits) == len(set(traits)), f"species {sp.id} has a trait twice: {traits}"
        assert len(EXCLUSIVE & set(traits)) <= 1, f"species {sp.id} has {traits}"
        assert all(t in TRAIT_IDS for t in traits)
        for aid in sp.animals:
            a = state.animals[aid]
            assert a.species == sp.id and a.owner == sp.owner
            if a.fed_by_kill:
                assert "obligate_predator" in traits, f"{a!r} fed by a kill without Obligate Predator"
            if "obligate_predator" in traits:
                assert a.red == 0 and a.blue == 0, f"Obligate Predator {a!r} holds food tokens"
    assert sum(len(sp.animals) for sp in state.species.values()) == len(state.animals)
    for a in state.animals.values():
        assert a.red >= 0 and a.blue >= 0 and a.parasites >= 0, f"negative tokens on {a!r}"
        assert 0 <= a.owner < state.players
    if state.phase in ("first_player", "development", "reveal", "climate_red", "climate_green", "climate_black",
                       "tiebreak", "over"):
        # between extinction and the next feeding phase the animals hold nothing
        for a in state.animals.values():
            marks = (a.red, a.blue, a.parasites, a.shelter, a.fed_by_kill, a.attacked)
            assert marks == (0, 0, 0, False, False, False), f"{a!r} keeps tokens or marks in phase {state.phase}"
        if not state.phase.startswith("climate"):
            assert (state.red, state.green, state.black) == (0, 0, 0)
    legal = legal_actions(state)
    common.assert_legal_set_invariants(state, legal)
    return legal


def chance_candidates(state):
    n = state.players
    out = [Reveal(t) for t in TRAIT_IDS + ("dodo",)]
    out += [RollFood(v) for v in range(-1, 46)] + [RollShelter(v) for v in range(-1, 14)]
    out += [RollParasites(v) for v in range(-1, 22)] + [RollDie(v) for v in range(0, 8)]
    out += [FirstPlayer(i) for i in range(-1, n + 1)] + [TieBreak(i) for i in range(-1, n + 1)]
    out += [Draw("large")]
    return out


def player_candidates(state, rng, pairs=40):
    """Every action type of this edition, with the table's ids plus made-up ones (attacks: every
    predator of the mover against every species, plus ``pairs`` drawn (animal, species) pairs)."""
    ids = sorted(state.animals) + [MADE_UP, 0, -1]
    sids = sorted(state.species) + [MADE_UP, -1]
    uids = sorted(u for sp in state.species.values() for u, _ in cards_of(state, sp)) + [MADE_UP]
    out = [Pass(), EndMove(), Run(), NoDefence(), PlayAnimal("large"), PlayTrait("large", "large", 1),
           PlayCard("new_species")]
    out += [PlayCard(m, x) for m in MODES + ("mutate",) for x in sids]
    out += [Stomp(k) for k in range(-1, 9)]
    for x in ids:
        out += [TakeFood(x), TakeShelter(x), PlaceParasite(x), ChooseVictim(x), Scavenge(x),
                ChooseParasiteVictim(x)]
    out += [DiscardTrait(u) for u in uids]
    out += [Attack(MADE_UP, sids[0]), Attack(ids[0], MADE_UP)]
    rs = state.ruleset
    who = to_move(state)
    hunters = [a.id for a in state.animals.values() if a.owner == who
               and {"predator", "obligate_predator"} & set(rs.traits_of(state, state.species[a.species]))]
    out += [Attack(x, y) for x in hunters[:6] for y in sids]
    out += [Attack(rng.choice(ids), rng.choice(sids)) for _ in range(pairs)]
    return out


def near_misses(state, legal, rng):
    """Each legal action with one field changed (another id of the table, a made-up one, another mode)."""
    ids = sorted(state.animals) + [MADE_UP]
    sids = sorted(state.species) + [MADE_UP]
    uids = sorted(u for sp in state.species.values() for u, _ in cards_of(state, sp)) + [MADE_UP]
    pools = {"animal": ids, "predator": ids, "prey": sids, "species": sids, "card_uid": uids,
             "tokens": list(range(0, 9))}
    out = []
    for a in legal:
        d = a.to_dict()
        for f, pool in pools.items():
            if f in d:
                out.append(evolab.move_from_dict({**d, f: rng.choice(pool)}))
        if "mode" in d:
            out.append(evolab.move_from_dict({**d, "mode": rng.choice(MODES)}))
    return out


def assert_check_agrees(state, legal, rng, sample=60):
    """``check`` is None exactly for the legal actions (players) and the possible outcomes (nature)."""
    who = to_move(state)
    outcomes = [o for o, _ in chance_outcomes(state)]
    for a in legal:
        assert check(state, a) is None, f"legal action {a!r} fails check: {check(state, a)!r}"
        assert check(state, a, who) is None
        assert evolab.move_from_dict(json.loads(json.dumps(a.to_dict()))) == a
    for o in outcomes:
        assert check(state, o) is None, f"possible outcome {o!r} fails check: {check(state, o)!r}"
        assert evolab.move_from_dict(json.loads(json.dumps(o.to_dict()))) == o
    players = player_candidates(state, rng)
    if sample is not None and len(players) > sample:
        players = rng.sample(players, sample)
    common.assert_check_matches_the_legal_set(state, chance_candidates(state) + players + near_misses(state, legal, rng),
                                       legal, outcomes)
    common.assert_next_seat_refused(state, legal, "rm.turn-order")


def assert_reveal_discipline(state, move, new, events):
    """Only nature's Reveal turns a card face up; a trait announcement leads to exactly that chance node."""
    kinds = {type(e) for e in events}
    if type(move) is Reveal:
        i = TRAIT_IDS.index(move.trait)
        assert new.revealed == state.revealed + 1
        assert new.hidden == tuple(h - (j == i) for j, h in enumerate(state.hidden))
        assert Mutation in kinds
        return
    assert new.hidden == state.hidden and new.revealed == state.revealed, f"{move!r} revealed a card"
    assert Mutation not in kinds and TraitRevealed not in kinds, f"{move!r} produced a reveal event"
    if type(move) is PlayCard and move.mode == "trait":
        assert new.phase == "reveal" and to_move(new) == CHANCE
        assert legal_actions(new) == []
        want = tuple((Reveal(t), k) for t, k in zip(TRAIT_IDS, new.hidden) if k)
        assert tuple(chance_outcomes(new)) == want, "reveal weights are not the never-revealed card counts"
        assert sum(w for _, w in chance_outcomes(new)) == sum(new.hidden)
        # nothing of the card is on the table yet
        assert {k: list(sp.own) for k, sp in new.species.items()} == \
               {k: list(sp.own) for k, sp in state.species.items()}
        assert new.pdecks[state.current] == state.pdecks[state.current] - 1


def node_kind(state, legal):
    """A label of what kind of decision this is (for coverage of the random games)."""
    who = to_move(state)
    if who == CHANCE:
        if state.phase == "feeding":
            return {"running-die"}
        return {f"chance:{state.phase}"}
    out = {type(a).__name__ for a in legal}
    out |= {f"PlayCard:{a.mode}" for a in legal if type(a) is PlayCard}
    return out


def assert_one_winner(state):
    """The dice end every tie: a finished game has one winner."""
    assert 0 <= state.winner < state.players


CHECKS = common.EditionChecks(assert_table_invariants, assert_check_agrees, assert_reveal_discipline, node_kind,
                       finished=assert_one_winner)


# ---- 1. random games ----------------------------------------------------------------------------
RARE_KINDS = {"chance:reveal", "chance:climate_red", "chance:climate_green", "chance:climate_black",
              "chance:first_player", "running-die", "PlayCard:trait", "PlayCard:diverge", "PlayCard:add_animal",
              "DiscardTrait", "ChooseParasiteVictim", "ChooseVictim", "Scavenge", "Stomp", "PlaceParasite",
              "TakeShelter", "Attack", "EndMove", "TakeFood"}


def test_json_round_trip_at_pending_decisions():
    """States waiting on a victim, a scavenger, Simplification, a parasite victim, a reveal or Running's
    die survive a JSON round trip with the same legal actions and outcomes."""
    seen = set()
    for seed in range(40):
        m = Match(rm(PLAYER_COUNTS[seed % 4], **CUSTOM_ONLY), seed=seed)
        while not m.is_over():
            s = m.state
            tags = {name for name, on in (("choose_victim", s.choose_victim is not None),
                                          ("scavenge", s.scavenge >= 0), ("simplify", s.simplify is not None),
                                          ("parasites", bool(s.parasite_queue)),
                                          ("reveal", s.pending_play is not None),
                                          ("running", s.attack is not None), ("sets", bool(s.sets))) if on}
            if tags - seen:
                assert_json_round_trip(s)
                assert load_state(save_state(s)) == s
                seen |= tags
            m.step()
        if len(seen) == 7:
            break
    assert seen >= {"choose_victim", "scavenge", "simplify", "parasites", "reveal", "running"}, seen


# ---- 2. illegal input ---------------------------------------------------------------------------
def feeding_position(**extra):
    """Seat 0 to move in feeding. Seat 0: a Predator species (1: animal 11) and a Stomper species
    (2: animal 21); seat 1: a Predator species (3: animal 31) and a species of two (4: animals 41, 42)."""
    spec = {"players": 2, "red": 3, "green": 1, "black": 1, "species": [
        {"id": 1, "owner": 0, "traits": ["predator"], "animals": [{"id": 11}]},
        {"id": 2, "owner": 0, "traits": ["stomper"], "animals": [{"id": 21}]},
        {"id": 3, "owner": 1, "traits": ["predator"], "animals": [{"id": 31}]},
        {"id": 4, "owner": 1, "animals": [{"id": 41}, {"id": 42}]}]}
    spec.update(extra)
    return scenario(RM, spec)


def development_position(**options):
    """Seat 0 to move in development: species 1 and 2 (population 1), 5 (population 3) and seat 1's 3, 4."""
    return scenario(RM, {"players": 2, "phase": "development", "options": options, "species": [
        {"id": 1, "owner": 0, "traits": ["large"], "animals": [{"id": 11}]},
        {"id": 2, "owner": 0, "animals": [{"id": 21}]},
        {"id": 5, "owner": 0, "animals": [{"id": 51}, {"id": 52}, {"id": 53}]},
        {"id": 3, "owner": 1, "animals": [{"id": 31}]},
        {"id": 4, "owner": 1, "animals": [{"id": 41}, {"id": 42}]}]})


def run_until(pred, players=2, seed=0, **options):
    """A live game state (via Match) at the first point where ``pred(state)`` holds."""
    return common.run_until(rm(players, **options), pred, seed)


def finished_game(players=2, seed=3):
    return common.finished_game(rm(players), seed)


def test_positions_are_what_the_tests_assume():
    """The hand-built positions have seat 0 to move with the expected legal actions."""
    f = feeding_position()
    assert to_move(f) == 0 and f.phase == "feeding"
    legal = legal_actions(f)
    assert {TakeFood(11), TakeFood(21), TakeShelter(11), Attack(11, 3), Attack(11, 4), PlaceParasite(41),
            Stomp(1)} <= set(legal)
    assert EndMove() not in legal          # feeding is compulsory by default
    d = development_position(divergence=True)
    assert to_move(d) == 0 and d.phase == "development"
    assert {PlayCard("new_species"), PlayCard("trait", 1), PlayCard("trait", 2), PlayCard("add_animal", 1),
            PlayCard("diverge", 5), Pass()} <= set(legal_actions(d))


@pytest.mark.parametrize("action", [PlayCard("trait", MADE_UP), PlayCard("add_animal", MADE_UP),
                                    PlayCard("diverge", MADE_UP), PlayCard("trait", -1), PlayCard("trait", 11),
                                    DiscardTrait(MADE_UP)])
def test_made_up_ids_are_refused_in_development(action):
    """Development announcements naming a species not on the table (or an animal id) are refused."""
    assert_refused(development_position(divergence=True), action)


@pytest.mark.parametrize("action,rule", [
    (TakeFood(31), "rm.own-animal"), (TakeFood(41), "rm.own-animal"), (TakeShelter(42), "rm.own-animal"),
    (Attack(31, 1), "rm.own-animal"), (PlaceParasite(11), "rm.parasite.own"),
    (PlaceParasite(21), "rm.parasite.own")])
def test_another_players_animal_is_refused(action, rule):
    """Seat 0 may not feed, shelter or attack with seat 1's animals, nor put a parasite on its own."""
    assert_refused(feeding_position(), action, rule=rule)


@pytest.mark.parametrize("action", [PlayCard("trait", 3), PlayCard("add_animal", 3), PlayCard("add_animal", 4),
                                    PlayCard("diverge", 4)])
def test_another_players_species_is_refused_in_development(action):
    """Seat 0 may not announce a card on seat 1's species."""
    assert_refused(development_position(divergence=True), action, rule="rm.own-species")


@pytest.mark.parametrize("action,rule", [
    (PlayCard("trait", 5), "rm.trait-population"), (PlayCard("add_animal", 5), "rm.population-cap"),
    (PlayCard("diverge", 1), "rm.divergence-off"), (PlayCard("new_species", 1), None),
    (PlayCard("mutate", 1), None), (PlayCard("", -1), None)])
def test_development_rule_breaches_are_refused(action, rule):
    """A trait on a species of population > 1, growth above the cap, Divergence when off, unknown modes."""
    assert_refused(development_position(), action, rule=rule)


def test_extremophile_species_cannot_grow_on_the_last_player_deck_card():
    """§8.6: no animal joins an Extremophile species while the player deck holds one card."""
    s = scenario(RM, {"players": 2, "phase": "development", "player_decks": [1, 7], "species": [
        {"id": 1, "owner": 0, "traits": ["extremophile"], "animals": [{"id": 11}]},
        {"id": 2, "owner": 0, "animals": [{"id": 21}]}]})
    assert PlayCard("add_animal", 2) in legal_actions(s)
    assert_refused(s, PlayCard("add_animal", 1), rule="rm.extremophile")


def test_second_chip_and_second_stomp_in_one_move_are_refused():
    """One chip (or attack) per move, and Stomper once per move."""
    s, _ = apply(feeding_position(), TakeFood(21))
    assert to_move(s) == 0 and s.move_main          # the Stomper keeps the move open
    for a in (TakeFood(11), TakeShelter(11), Attack(11, 3), PlaceParasite(41)):
        assert_refused(s, a, rule="rm.feeding.one-chip")
    s2, _ = apply(feeding_position(), Stomp(1))
    assert to_move(s2) == 0 and s2.move_stomped
    assert_refused(s2, Stomp(1), rule="rm.stomper.once")


@pytest.mark.parametrize("action", [TakeFood(11), TakeShelter(11), PlaceParasite(31), EndMove(), Attack(11, 3),
                                    Stomp(1), ChooseVictim(31), Scavenge(11), ChooseParasiteVictim(11),
                                    DiscardTrait(1), Run(), NoDefence()])
def test_feeding_actions_during_development_are_refused(action):
    """Feeding-phase and attack decisions are refused while seat 0 develops."""
    assert_refused(development_position(), action)


@pytest.mark.parametrize("action", [PlayCard("new_species"), PlayCard("trait", 1), PlayCard("add_animal", 2),
                                    Pass(), ChooseVictim(41), Scavenge(11), ChooseParasiteVictim(41),
                                    DiscardTrait(1), PlayAnimal("large"), Run()])
def test_development_actions_and_decisions_with_nothing_pending_are_refused_in_feeding(action):
    """Development moves, and victims/scavengers/Simplification with nothing pending, are refused in feeding."""
    assert_refused(feeding_position(), action)


CHANCE_OUTCOMES = [Reveal("large"), RollFood(5), RollShelter(2), RollParasites(1), RollDie(4), FirstPlayer(0),
                   TieBreak(0), Draw("large")]


def _reveal_state():
    s = development_position()
    s, _ = apply(s, PlayCard("trait", 2))
    return s


def test_player_action_during_a_running_roll_is_refused():
    """While Running's die is rolled, no player may act; impossible die values are refused."""
    s = scenario(RM, {"players": 2, "red": 2, "species": [
        {"id": 1, "owner": 0, "traits": ["predator"], "animals": [{"id": 11}]},
        {"id": 2, "owner": 1, "traits": ["running"], "animals": [{"id": 21}]}]})
    s, _ = apply(s, Attack(11, 2))
    assert to_move(s) == CHANCE and s.phase == "feeding"
    assert [o for o, _ in chance_outcomes(s)] == [RollDie(v) for v in range(1, 7)]
    for a in (EndMove(), TakeFood(11), ChooseVictim(21), Stomp(1)):
        assert_refused(s, a)
    for o in (RollDie(0), RollDie(7), RollFood(4), Reveal("large")):
        assert_refused(s, o, rule="engine.impossible-outcome")


@pytest.mark.parametrize("outcome", [RollFood(99), RollShelter(7), RollParasites(0), RollDie(3), FirstPlayer(2),
                                     FirstPlayer(-1), TieBreak(0), Reveal("large"), Draw("large")], ids=repr)
def test_impossible_chance_outcome_at_the_first_player_roll_is_refused(outcome):
    """At the start (2 players) only FirstPlayer(0) and FirstPlayer(1) are possible."""
    s = new_game(rm(2))
    assert [o for o, _ in chance_outcomes(s)] == [FirstPlayer(0), FirstPlayer(1)]
    assert_refused(s, outcome, rule="engine.impossible-outcome")


@pytest.mark.parametrize("where,outcome", [
    ("first_player", FirstPlayer(True)), ("first_player", FirstPlayer(0.0)), ("first_player", FirstPlayer("0")),
    ("climate_red", None), ("climate_green", None), ("reveal", Reveal(None))], ids=repr)
def test_chance_outcome_with_a_field_of_the_wrong_type_is_refused(where, outcome):
    """A chance outcome equal to a possible one but with a float, bool or string field is not that outcome."""
    if where == "first_player":
        s = new_game(rm(2))
    elif where == "reveal":
        s = _reveal_state()
    else:
        s = run_until(lambda st_: st_.phase == where, players=2, seed=1)
        real = chance_outcomes(s)[0][0]
        field = real._field_names[0]
        outcome = type(real)(float(getattr(real, field)))
    assert to_move(s) == CHANCE
    assert_refused(s, outcome, rule="engine.impossible-outcome")


def test_reveal_of_a_trait_with_no_hidden_copy_is_refused():
    """A Reveal of a trait none of whose cards is still unrevealed (or of an unknown trait) is refused."""
    s = _reveal_state()
    for t in ("burrowing", "simplification", "metabolic_syndrome", "dodo"):       # 0 copies by default
        assert_refused(s, Reveal(t), rule="engine.impossible-outcome")
    assert check(s, Reveal("large")) is None


MALFORMED = [None, "Pass", "", 42, 3.5, {"type": "Pass"}, [Pass()], Pass, object(),
             PlayCard("trait", "3"), PlayCard("trait", "2"), PlayCard(3, 1), PlayCard(None), PlayCard("trait", 2.0),
             PlayCard("trait", True), PlayCard(["trait"], 2), TakeFood("11"), TakeFood(11.0), TakeFood(True),
             TakeFood(None), TakeShelter("11"), PlaceParasite([41]), Attack("11", 3), Attack(11, "3"),
             Attack(11, 3.0), Stomp("1"), Stomp(1.0), Stomp(True), DiscardTrait("1"), ChooseVictim(None),
             Scavenge({}), ChooseParasiteVictim(41.0)]


def _illegal_pool(s, rng, k):
    return chance_candidates(s) + player_candidates(s, rng, pairs=k)


# ---- 3. records and saved positions ------------------------------------------------------------

def good_record():
    """A finished 2-player record (with trait reveals) as a dict, its text and the final state."""
    m = Match(rm(2), seats=["greedy:0.8", "random"], seed=11)
    m.play_out()
    assert any(type(x) is Reveal for x in m.record.moves)
    return m.record.to_dict(), m.record.to_json(), m.state


_find = common.find_move


def _play_card_on_another_species(d, good):
    """The first PlayCard on a species made while another seat has one names that seat's species."""
    i, sid = common.other_seats_species(good, "PlayCard", lambda mv: mv["species"] >= 0)
    d["moves"][i]["species"] = sid


#: Edits of the good record that only this edition's replay can refuse (``test_conformance`` adds those of every
#: edition).
RECORD_EDITS = {
    "reveal-no-copy": common.move_edit("Reveal", "trait", "burrowing"),
    "reveal-unknown": common.move_edit("Reveal", "trait", "dodo"),
    "reveal-dropped": lambda d, good: d["moves"].pop(_find(d, "Reveal")),
    "playcard-other-species": _play_card_on_another_species,
    "playcard-mode-int": common.move_edit("PlayCard", "mode", 1),
    "playcard-mode-unknown": common.move_edit("PlayCard", "mode", "mutate"),
    "rollshelter-impossible": common.move_edit("RollShelter", "shelters", 9),
    "rollfood-string": common.move_edit("RollFood", "food", "5"),
    "options-invalid": lambda d, good: d["options"].__setitem__("parasite_tie", "never"),
    "options-deck-smaller": lambda d, good: d["options"].__setitem__("deck", {"large": 20}),
}


def saved_position():
    """A saved 2-player feeding position with species, animals and trait cards on the table."""
    return common.saved_position(rm(2), ["greedy:1", "greedy:1"], 9, lambda s: any(sp.own for sp in s.species.values()))


def _species_with_own(st_):
    return next(sp for sp in st_["species"] if sp["own"])


TAMPER = {
    "red+1": lambda st_: st_.__setitem__("red", st_["red"] + 1),
    "hidden": lambda st_: st_["hidden"].__setitem__(0, st_["hidden"][0] - 1),
    "pdeck": lambda st_: st_["pdecks"].__setitem__(0, st_["pdecks"][0] + 1),
    "trait-swap": lambda st_: _species_with_own(st_)["own"][0].__setitem__(1, "burrowing"),
    "owner": lambda st_: st_["species"][0].__setitem__("owner", 1 - st_["species"][0]["owner"]),
    "ruleset": lambda st_: st_["ruleset"].__setitem__("id", "origin"),
    "options": lambda st_: st_["ruleset"]["options"].__setitem__("players", 3),
    "phase": lambda st_: st_.__setitem__("phase", "development"),
    "animal-food": lambda st_: st_["animals"][0].__setitem__("red", 5),
}


def _negative_pdeck(st_):
    """Player deck 0 at -1, the common deck larger by as much: the card count still adds up."""
    st_["deck_size"] += st_["pdecks"][0] + 1
    st_["pdecks"][0] = -1


IMPOSSIBLE = {
    "centre-red-negative": lambda st_: st_.__setitem__("red", -1),
    "centre-green-negative": lambda st_: st_.__setitem__("green", -2),
    "centre-black-negative": lambda st_: st_.__setitem__("black", -1),
    "species-names-missing-animal":
        lambda st_: st_["species"][0].__setitem__("animals", st_["species"][0]["animals"] + [MADE_UP]),
    "row-names-missing-species": lambda st_: st_["rows"][0].append(MADE_UP),
    "row-loses-a-species": lambda st_: st_["rows"][0].pop(),
    "rows-swapped": lambda st_: st_.__setitem__("rows", st_["rows"][::-1]),
    "animal-parasites-negative": lambda st_: st_["animals"][0].__setitem__("parasites", -1),
    "animal-blue-negative": lambda st_: st_["animals"][0].__setitem__("blue", -1),
    "animal-of-missing-species": lambda st_: st_["animals"][0].__setitem__("species", MADE_UP),
    "hidden-plus-one": lambda st_: st_["hidden"].__setitem__(0, st_["hidden"][0] + 1),
    "revealed-plus-one": lambda st_: st_.__setitem__("revealed", st_["revealed"] + 1),
    "extra-card-in-a-player-deck": lambda st_: st_["pdecks"].__setitem__(0, st_["pdecks"][0] + 1),
    "pdeck-negative": lambda st_: _negative_pdeck(st_),
    "unknown-trait": lambda st_: _species_with_own(st_)["own"][0].__setitem__(1, "dodo"),
    "current-seat-7": lambda st_: st_.__setitem__("current", 7),
    "turn-0": lambda st_: st_.__setitem__("turn", 0),
    "red-bool": lambda st_: st_.__setitem__("red", True),
    "seats-mismatch": lambda st_: st_["ruleset"]["options"].__setitem__("players", 3),
    "options-invalid": lambda st_: st_["ruleset"]["options"].__setitem__("parasite_tie", "x"),
    "phase-unknown": lambda st_: st_.__setitem__("phase", "lunch"),
    "row-repeats-a-species": lambda st_: st_["rows"][0].append(st_["rows"][0][0]),
    "scavenge-seat-out-of-range": lambda st_: st_.__setitem__("scavenge", 7),
    "choose-victim-missing-species": lambda st_: st_.__setitem__("choose_victim", [0, MADE_UP, st_["animals"][0]["id"]]),
    "attack-missing-animal": lambda st_: st_.__setitem__("attack", [MADE_UP, st_["species"][0]["id"]]),
    "simplify-missing-species": lambda st_: st_.__setitem__("simplify", [0, MADE_UP]),
    "parasite-queue-missing-species": lambda st_: st_.__setitem__("parasite_queue", [[0, [MADE_UP]]]),
    "removed-negative": lambda st_: (st_.__setitem__("removed", -1),
                                     st_.__setitem__("deck_size", st_["deck_size"] + 1)),
    "blue-out-negative": lambda st_: st_.__setitem__("blue_out", -3),
    "species-repeats-an-animal": lambda st_: st_["species"][0].__setitem__("animals", st_["species"][0]["animals"] * 2),
    "passed-wrong-length": lambda st_: st_.__setitem__("passed", [False]),
}


# ---- 4. determinism -----------------------------------------------------------------------------
DET_CONFIGS = [
    ("2p-random", 2, ["random", "random"], 1, {}),
    ("2p-greedy", 2, ["greedy", "greedy"], 2, {}),
    ("3p-greedy-divergence", 3, ["greedy"] * 3, 3, {"divergence": True}),
    ("4p-random-divergence", 4, ["random"] * 4, 4, {"divergence": True}),
    ("4p-mixed-mutation", 4, ["greedy:0.3", "random:0.7", "greedy", "random"], 5, {}),
    ("6p-greedy-options", 6, ["greedy"] * 6, 6, NON_DEFAULT_A),
    ("6p-random-options", 6, ["random"] * 6, 7, NON_DEFAULT_B),
    ("2p-string-seed-divergence", 2, ["greedy", "random"], "darwin-1859", {"divergence": True}),
]


# ---- 5. hidden information ----------------------------------------------------------------------
def _trait_leaves(obj):
    """(path, value) of every string leaf of a JSON-able value that is a trait id."""
    return common.leaves_in(obj, TRAIT_IDS)


def _table_cards(state):
    return sorted(t for sp in state.species.values() for _, t in sp.own) + \
        sorted(t for cards in state.sets.values() for _, t in cards)


def assert_observation_hides_player_decks(state):
    """Each seat's observation holds the sizes of the player decks only, and nothing a seat could not see."""
    views = []
    for seat in range(state.players):
        o = observe(state, seat)
        d = o.to_dict()
        json.dumps(d)
        assert d["pdeck_sizes"] == list(state.pdecks)
        assert d["deck_size"] == state.deck_size
        assert not {"pdecks", "hidden", "deck", "hands", "hand", "revealed", "pending_play"} & set(d), sorted(d)
        assert tuple(o.hand) == ()
        # the only trait names in the observation are the face-up cards of the table
        leaves = list(_trait_leaves(d))
        for path, _ in leaves:
            assert path[0] in ("species", "sets"), f"a trait name at {path} of seat {seat}'s observation"
            if path[0] == "species":
                assert path[2] == "own", path
        seen = sorted(t for p, t in leaves if p[0] == "species") + sorted(t for p, t in leaves if p[0] == "sets")
        assert seen == _table_cards(state)
        for name in o.__slots__:
            v = getattr(o, name, None)
            if isinstance(v, (tuple, list)) and len(v) == len(TRAIT_IDS) and sum(state.hidden):
                assert list(v) != list(state.hidden), f"observation field {name!r} holds the hidden counts"
        views.append({k: v for k, v in d.items() if k != "seat"})
    # nobody knows any blind card, so every seat sees the same table
    assert all(v == views[0] for v in views)


def test_state_holds_no_identity_of_a_blind_card():
    """The state stores player decks and the common deck as counts and the never-revealed cards as counts
    per trait: there is no order of hidden cards to leak, and every trait name in the state is a face-up card."""
    for seed in range(3):
        m = Match(rm(PLAYER_COUNTS[seed], **CUSTOM_ONLY), seed=seed)
        while not m.is_over():
            d = m.state.to_dict()
            assert all(type(k) is int for k in d["pdecks"]) and type(d["deck_size"]) is int
            assert len(d["hidden"]) == len(TRAIT_IDS) and all(type(k) is int for k in d["hidden"])
            d.pop("ruleset")           # the options name the traits of the deck
            for path, _ in _trait_leaves(d):
                assert path[0] in ("species", "sets"), f"a trait name at {path} of the state"
            m.step()


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_observation_never_shows_a_player_deck_card(players):
    """At every node of bot games, observations hold only the player decks' sizes, equal for every seat."""
    m = Match(rm(players, **CUSTOM_ONLY), seats=["greedy", "random", "greedy"][:players] + ["random"] * (players - 3),
              seed=players)
    checked = 0
    while not m.is_over():
        if len(m.record.moves) % 5 == 0:
            assert_observation_hides_player_decks(m.state)
            checked += 1
        m.step()
    assert_observation_hides_player_decks(m.state)
    assert checked > 10


def test_states_differing_only_in_the_unseen_deal_give_equal_observations():
    """Games with different seeds are identical until nature's first outcome (the deal is not a random event
    of the state: no order of hidden cards exists), and a blind card's announcement observes the same whatever
    the card turns out to be."""
    a, b = Match(rm(3), seed=1), Match(rm(3), seed=2)
    assert a.state == b.state
    for seat in range(3):
        assert observe(a.state, seat).to_dict() == observe(b.state, seat).to_dict()
    # two worlds whose next blind card differs: before the reveal they are one state
    s = run_until(lambda st_: st_.phase == "reveal", players=2, seed=3)
    worlds = [apply(s, o)[0] for o, _ in chance_outcomes(s)]
    assert len({json.dumps(w.to_dict(), sort_keys=True) for w in worlds}) == len(worlds) >= 2
    for seat in range(2):
        assert observe(s, seat).to_dict() == observe(load_state(save_state(s)), seat).to_dict()


@pytest.mark.parametrize("players,options", [(2, {}), (4, CUSTOM_ONLY), (6, NON_DEFAULT_A)])
def test_first_reveal_after_a_trait_announcement_is_a_weighted_chance_outcome(players, options):
    """``PlayCard("trait", ...)`` changes no trait on the table; nature then reveals, with weights exactly the
    never-revealed counts (``state.hidden``), and each possible reveal removes one card of that trait."""
    s = run_until(lambda st_: st_.phase == "development" and to_move(st_) >= 0 and
                  any(type(a) is PlayCard and a.mode == "trait" for a in legal_actions(st_)),
                  players=players, seed=7, **options)
    play = next(a for a in legal_actions(s) if type(a) is PlayCard and a.mode == "trait")
    new, events = apply(s, play)
    assert_reveal_discipline(s, play, new, events)
    assert to_move(new) == CHANCE and new.phase == "reveal" and legal_actions(new) == []
    assert new.hidden == s.hidden and new.revealed == s.revealed
    assert not any(isinstance(e, (Mutation, TraitRevealed)) for e in events)
    outs = chance_outcomes(new)
    assert [w for _, w in outs] == [k for k in new.hidden if k]
    assert [o.trait for o, _ in outs] == [t for t, k in zip(TRAIT_IDS, new.hidden) if k]
    for t, k in zip(TRAIT_IDS, new.hidden):
        if k:
            assert check(new, Reveal(t)) is None
            after, ev = apply(new, Reveal(t))
            assert after.hidden[TRAIT_IDS.index(t)] == k - 1 and after.revealed == new.revealed + 1
            assert any(isinstance(e, Mutation) and e.trait == t for e in ev)
        else:
            assert_refused(new, Reveal(t), rule="engine.impossible-outcome")
    assert_observation_hides_player_decks(new)


def test_other_plays_reveal_nothing():
    """New species, add an animal and diverge put a card face down: hidden counts and reveals stay as they were."""
    s = development_position(divergence=True)
    for a in (PlayCard("new_species"), PlayCard("add_animal", 2), PlayCard("diverge", 1), Pass()):
        new, events = apply(s, a)
        assert_reveal_discipline(s, a, new, events)
        assert new.phase == "development" and new.hidden == s.hidden
        assert new.card_total() == s.ruleset.total_cards


# ---- 6. tracker, run_batch, charts, mutation_rate ----------------------------------------------------
GRID = {"mutation_rate": [0, 1]}


@pytest.mark.parametrize("action,rule", [
    (Pass(), "rm.phase"), (PlayCard("trait", 1), "rm.phase"), (ChooseVictim(11), "rm.no-decision"),
    (Scavenge(31), "rm.no-decision"), (DiscardTrait(1), "rm.no-decision"), (ChooseParasiteVictim(11), "rm.no-decision")])
def test_moves_of_other_decisions_in_feeding_say_so(action, rule):
    """A development move in feeding is a move of another phase; an answer to a choice that is not pending (a
    victim, a Scavenger, a discard, a parasite victim) says that no such decision is pending, whatever animal
    it names. A move of another phase is named as its buttons call it, with both phases in plain words."""
    s = feeding_position()
    assert_refused(s, action, rule=rule)
    if rule == "rm.phase":
        said = {Pass: "pass", PlayCard: "play your top card (blind)"}[type(action)]
        assert check(s, action).message == \
            f"you can {said} only in the development phase; now it is the feeding phase"
    else:
        assert check(s, action).message.startswith(type(action).__name__)


# ---- this edition's part of the shared suite (test_conformance.py) --------------------------------------
def _loaded(rs, players, options):
    """The deck: 90 cards a box (or the custom deck), two boxes for 5-8 players."""
    per_box = sum(CUSTOM_DECK.values()) if "deck" in options else 90
    assert rs.total_cards == per_box * (1 if players <= 4 else 2)


def _chance_nodes():
    """The first-player roll, a reveal and the three climate dice."""
    nodes = {"reveal": _reveal_state()}
    for phase in ("first_player", "climate_red", "climate_green", "climate_black"):
        nodes[phase] = run_until(lambda st_, phase=phase: st_.phase == phase, players=3, seed=5)
    return nodes


def _actions_at_chance(s):
    sid, aid = next(iter(s.species)), next(iter(s.animals))
    return [Pass(), EndMove(), PlayCard("new_species"), PlayCard("trait", sid), TakeFood(aid), TakeShelter(aid),
            Stomp(1), ChooseVictim(aid), DiscardTrait(1)]


def _batch_check(batch):
    """The dice end every tie; deaths have this edition's causes."""
    assert all(0 <= r["winner"] < 2 for r in batch.rows("games"))
    for r in batch.rows("traits"):
        assert r["trait"] in TRAIT_IDS
        if r["alive"]:
            assert 0 <= r["frequency"] <= 1
            assert r["animals"] <= r["alive"]
    for r in batch.rows("deaths"):
        assert r["cause"] in ("starved", "eaten", "parasites")


def _record_check(back):
    assert any(type(x) is Reveal for x in back.moves), "the game revealed no trait"


def _det_check(moves, options):
    if options.get("divergence"):
        assert any(mv["type"] == "PlayCard" and mv["mode"] == "diverge" for mv in moves), \
            "a divergence game never split a species"


def _tracked_check(tracker, m):
    assert sum(r["arose"] for r in tracker.rows("mutations")) == sum(1 for mv in m.record.moves if type(mv) is Reveal)


def _positions():
    return {"development": development_position, "feeding": feeding_position}


SUITE = common.EditionSuite(
    RM, CHECKS, PLAYER_COUNTS, OPTION_SETS, OPTIONS, _loaded,
    examples=dict(random=2, drawn=5, many=20, bots=10, illegal=12), samples=dict(random=40, drawn=30, named=30),
    named_games=[(p, name) for name, _ in OPTION_SETS[1:] for p in PLAYER_COUNTS], max_steps=6000,
    rare_kinds=frozenset(RARE_KINDS), coverage_seeds=12,
    coverage_games=lambda seed: (PLAYER_COUNTS[seed % 4], NON_DEFAULT_A if seed % 3 else CUSTOM_ONLY),
    seat_sets=lambda n: ([GreedyBot() for _ in range(n)], [GreedyBot() if i % 2 else RandomBot() for i in range(n)],
                         ["greedy:0.3"] + ["random:0.5"] * (n - 1)),
    fast_options=({}, NON_DEFAULT_A),
    positions=_positions(), finished_game=finished_game, chance_nodes=functools.cache(_chance_nodes),
    actions_at_chance=_actions_at_chance, chance_outcomes=CHANCE_OUTCOMES,
    made_up_in_feeding=[
        (TakeFood(MADE_UP), "rm.no-animal"), (TakeShelter(MADE_UP), "rm.no-animal"), (TakeFood(-1), None),
        (TakeFood(0), None), (Attack(MADE_UP, 3), "rm.no-animal"), (Attack(11, MADE_UP), "rm.no-species"),
        (PlaceParasite(MADE_UP), None), (ChooseVictim(MADE_UP), None), (Scavenge(MADE_UP), None),
        (ChooseParasiteVictim(MADE_UP), None), (DiscardTrait(MADE_UP), None)],
    feeding_breaches=[
        (Attack(11, 1), "rm.predator.own-species"), (Attack(21, 3), "rm.predator"),
        (EndMove(), "rm.feeding.compulsory"), (Stomp(4), "rm.stomper"), (Stomp(0), None), (Stomp(-1), None)],
    malformed=MALFORMED,
    malformed_positions={**_positions(), "over": finished_game, "first-player": lambda: new_game(rm(2)),
                         "reveal": _reveal_state},
    non_integer_ids=[("feeding", TakeFood(11.0)), ("feeding", TakeFood(True)), ("feeding", Attack(True, 3)),
                     ("feeding", Attack(11, 3.0)), ("feeding", Stomp(True)), ("development", PlayCard("trait", 2.0))],
    after_the_end=[Pass(), EndMove(), TakeFood(1), PlayCard("new_species"), Reveal("large"), TieBreak(0), RollFood(4),
                   FirstPlayer(0), DiscardTrait(1), Stomp(1)],
    off_table_seats=(5,), larger_games=((3, 4, 6), ("development", "feeding"), 1),
    illegal_pool=_illegal_pool, illegal_along=(0.1, 8),
    person_refused=(2, [None, "random"], lambda s: (
        TakeFood(MADE_UP), Reveal("large"), RollFood(4), "Pass", PlayCard("trait", "3"), PlayCard("trait", MADE_UP),
        Stomp("1"), PlayAnimal("large"), DiscardTrait(MADE_UP))),
    first_chance_refused=(3, 8, [Pass(), PlayCard("new_species")], [Pass(), TieBreak(0)]),
    record_configs=[(2, None, {}), (3, "greedy", {}), (4, "mixed", {}), (6, "greedy", {}), (2, "greedy", NON_DEFAULT_A),
                    (3, None, NON_DEFAULT_A), (4, None, NON_DEFAULT_B), (6, "mixed", NON_DEFAULT_B),
                    (4, "greedy", {"divergence": True})],
    record_check=_record_check,
    file_game=(4, {"divergence": True}, ["greedy", "random"] * 2), good_record=good_record,
    record_edits=RECORD_EDITS, save_configs=[(2, {}), (3, NON_DEFAULT_A), (4, NON_DEFAULT_B), (6, {})], save_every=1,
    save_phases=lambda players: {"first_player", "development", "reveal", "climate_red", "climate_green",
                                 "climate_black", "feeding", "over"},
    saved_position=saved_position, tamper=TAMPER, impossible=IMPOSSIBLE,
    det_configs=DET_CONFIGS, det_min_moves=50, det_check=_det_check,
    batch_tables=tuple(t for t in ALL_TABLES if t not in HEREDITY_TABLES), batch_check=_batch_check,
    trait_play=(lambda s: True, lambda a: type(a) is PlayCard and a.mode == "trait",
                lambda a: type(a) is PlayCard and a.mode in ("new_species", "add_animal")),
    tracked_game=(3, NON_DEFAULT_A, ["greedy", "random", "greedy"]), tracked_check=_tracked_check,
)

"""Rules tests for *Evolution: Random Mutations* (spec shared/rules/random-mutations.md, Divergence in
shared/rules/scenarios.md §3, open questions 13-26 in shared/rules/README.md).

Every position is built with ``evolab.scenario("random_mutations", spec)``. The engine settles by itself
after each action (a seat with nothing to decide skips, a full circuit of skips ends feeding, then the
extinction, the draw and the next development follow), so feeding positions keep tokens in the centre and
an unfed animal at every seat unless a test wants the phase to end.
"""
from __future__ import annotations

import pytest

import evolab
from conftest import play, rule_of
from evolab import CHANCE, IllegalActionError, apply, chance_outcomes, check, legal_actions, observe, to_move
from evolab.actions import (Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove, FirstPlayer, Pass,
                            PlaceParasite, PlayCard, Reveal, RollDie, RollFood, RollParasites, RollShelter,
                            Scavenge, Stomp, TakeFood, TakeShelter, TieBreak)
from evolab.analysis import descent_tree
from evolab.events import (Died, Escaped, FoodLost, GameOver, Mutation, ParasitePlaced, ShelterTaken, Speciation,
                           SpeciesExtinct, Stomped, TraitLost, TraitRevealed)
from evolab.rules.random_mutations.deck import PROVISIONAL_DECK, TRAIT_IDS

RM = "random_mutations"

#: the ten traits of the provisional deck, 9 copies each (spec §2), written out independently
TEN = ("large", "predator", "obligate_predator", "scavenger", "stomper", "extremophile", "bark_beetle",
       "swimming", "running", "budding")
#: the provisional deck plus copies of the three 0-copy traits, so positions can use them (spec §2)
DECK_ALL = dict(PROVISIONAL_DECK, burrowing=3, metabolic_syndrome=3, simplification=3)
def calm(red):
    """A climate table (spec §6 data format) with fixed results: ``red`` food, no shelters, no parasites."""
    return {2: {"red": [0, red, 22], "green": [0, 0, 6], "black": [0, 0, 10]}}


# ---- helpers ------------------------------------------------------------------------------------------
def S(id, owner, *traits, pop=None, animals=None):
    """A species dict: ``S(1, 0, "large", pop=2)`` or with ``animals=[A(11, food=1), ...]``."""
    d = {"id": id, "owner": owner, "traits": list(traits)}
    if animals is not None:
        d["animals"] = animals
    elif pop is not None:
        d["population"] = pop
    return d


def A(id, **kw):
    """An animal dict: ``A(11, food=1, shelter=True)``."""
    return {"id": id, **kw}


def pos(*species, players=2, options=None, **extra):
    spec = {"players": players, "species": list(species), **extra}
    if options:
        spec["options"] = options
    return evolab.scenario(RM, spec)


def feeding(*species, red=5, **extra):
    """A feeding position, seat 0 to move unless ``current`` says otherwise."""
    return pos(*species, red=red, **extra)


def dev(*species, **extra):
    """A development position, seat 0 to move."""
    return pos(*species, phase="development", **extra)


def refused(state, action):
    """Apply an illegal action: it must raise, name a rule, and agree with ``check``."""
    with pytest.raises(IllegalActionError) as e:
        apply(state, action)
    assert e.value.rule == rule_of(state, action)
    return e.value.rule


def traits(state, sid):
    return state.ruleset.traits_of(state, state.species[sid])


def of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def deaths(events):
    return {e.animal: e.cause for e in events if isinstance(e, Died)}


def uid(state, sid, trait):
    """The card uid of ``trait`` on species ``sid`` (own cards or inherited sets)."""
    sp = state.species[sid]
    cards = [c for k in sp.sets for c in state.sets[k]] + list(sp.own)
    (u,) = [u for u, t in cards if t == trait]
    return u


def reveal(state, sid, trait):
    """Announce a trait on ``sid`` and let nature reveal ``trait``; returns (state, events)."""
    return play(state, PlayCard("trait", sid), Reveal(trait))


# ==== §0, §3, §5.1: blind player decks, setup ================================================================
def test_setup_deals_seven_blind_cards_and_three_face_down_species():
    """§3: each player gets a 7-card player deck and three trait-less species of population 1; no card is seen."""
    rs = evolab.load_ruleset(RM, players=3)
    s = evolab.new_game(rs)
    assert s.pdecks == (7, 7, 7)
    assert [len(r) for r in s.rows] == [3, 3, 3]
    assert all(len(sp.animals) == 1 and traits(s, sp.id) == () for sp in s.species.values())
    assert s.deck_size == 90 - 30
    assert s.hidden == tuple(9 if t in TEN else 0 for t in TRAIT_IDS)   # nothing turned face up
    assert to_move(s) == CHANCE
    assert dict(chance_outcomes(s)) == {FirstPlayer(0): 1, FirstPlayer(1): 1, FirstPlayer(2): 1}


def test_observation_shows_player_deck_sizes_and_no_card():
    """§0 player deck / §5.1 blind play: nobody, the owner included, sees a player-deck card; only sizes show."""
    s = dev(S(1, 0), S(2, 1), player_decks=[5, 3])
    views = {seat: observe(s, seat).to_dict() for seat in (0, 1)}
    for seat, d in views.items():
        assert set(d) == {"seat", "ruleset", "phase", "turn", "first", "to_move", "red", "green", "black",
                          "deck_size", "pdeck_sizes", "discard_sizes", "last_turn", "winner", "species",
                          "animals", "sets", "rows"}
        assert d["pdeck_sizes"] == [5, 3]
        assert observe(s, seat).hand == ()
    # the owner learns nothing the opponent does not: the two views differ only in the seat
    v0, v1 = dict(views[0]), dict(views[1])
    assert (v0.pop("seat"), v1.pop("seat")) == (0, 1)
    assert v0 == v1
    # the state itself keeps no identity for a player-deck card: the decks are plain counts
    assert s.to_dict()["pdecks"] == [5, 3]


def test_trait_announcement_comes_before_the_reveal_chance_node():
    """§5.1(b): the player names the species first; then the card is turned over (a chance node)."""
    s = dev(S(1, 0), S(2, 1))
    s, ev = apply(s, PlayCard("trait", 1))
    assert s.phase == "reveal" and to_move(s) == CHANCE
    assert s.pdecks == (6, 7)                 # the top card has left the player deck
    assert traits(s, 1) == ()                 # nothing is known about it yet
    assert ev == []
    assert dict(chance_outcomes(s)) == {Reveal(t): 9 for t in TEN}
    s, ev = apply(s, Reveal("running"))
    assert traits(s, 1) == ("running",)
    assert [(e.trait, e.announced, e.species, e.outcome) for e in of(ev, TraitRevealed)] == [("running", 1, 1, "attached")]
    assert of(ev, Mutation)[0].trait == "running"
    assert to_move(s) == 1


def test_reveal_weights_are_the_cards_never_turned_face_up():
    """§5.1 blind play: the revealed card is any card not yet seen, weighted by the copies left."""
    s = dev(S(1, 0), S(2, 1, "large"), S(3, 1, "large", "running"))
    s, _ = apply(s, PlayCard("trait", 1))
    w = dict(chance_outcomes(s))
    assert w[Reveal("large")] == 7 and w[Reveal("running")] == 8 and w[Reveal("predator")] == 9
    assert Reveal("burrowing") not in w       # 0 copies in the provisional deck


def test_announcement_is_checked_before_the_reveal():
    """§5.1/§11: legality is checked on the announcement; an illegal one is refused with no card turned."""
    s = dev(S(1, 0, pop=2), S(2, 0), S(3, 1))
    assert refused(s, PlayCard("trait", 1)) == "rm.trait-population"
    assert refused(s, PlayCard("trait", 3)) == "rm.own-species"
    assert refused(s, PlayCard("add_animal", 3)) == "rm.own-species"
    assert s.phase == "development" and s.pdecks == (7, 7)


def test_new_species_goes_face_down_to_the_right_end():
    """§5.1(a): a new species is placed face down at the right end of the player's row."""
    s = dev(S(1, 0), S(2, 0, "large"), S(3, 1))
    s, ev = apply(s, PlayCard("new_species"))
    (new,) = [x for x in s.rows[0] if x not in (1, 2)]
    assert s.rows[0] == (1, 2, new)
    assert len(s.species[new].animals) == 1 and traits(s, new) == ()
    assert s.pdecks == (6, 7)
    assert s.hidden == tuple(9 - (t == "large") if t in TEN else 0 for t in TRAIT_IDS)   # still unseen
    assert [(e.parent, e.species) for e in of(ev, Speciation)] == [(-1, new)]


def test_add_animal_raises_population_by_one():
    """§5.1(c): the card goes face down on the named species; population +1."""
    s = dev(S(1, 0), S(2, 0), S(3, 1))
    s, _ = apply(s, PlayCard("add_animal", 2))
    assert len(s.species[2].animals) == 2 and s.pdecks == (6, 7)
    assert s.hidden == tuple(9 if t in TEN else 0 for t in TRAIT_IDS)


def test_empty_player_deck_must_pass():
    """§5.1: a player with an empty player deck must pass."""
    s = dev(S(1, 0), S(2, 1), player_decks=[0, 4])
    assert to_move(s) == 1
    s, _ = apply(s, PlayCard("new_species"))
    assert to_move(s) == 1 and s.passed[0] is True     # seat 0 is passed for him
    s, _ = apply(s, Pass())
    assert s.phase == "climate_red"


def test_pass_is_final_for_the_development_phase():
    """§5.1: a pass is final for this phase; the others go on playing."""
    s = dev(S(1, 0), S(2, 1))
    s, _ = play(s, Pass(), PlayCard("new_species"))
    assert to_move(s) == 1 and s.pdecks == (7, 6)
    s, _ = apply(s, PlayCard("new_species"))
    assert to_move(s) == 1 and s.pdecks == (7, 5)


def test_development_then_climate_dice_then_feeding():
    """§4/§6: after development the climate dice put red, green and black tokens out; feeding starts at the first player."""
    s = dev(S(1, 0), S(2, 1), first=1, current=1)
    s, _ = play(s, Pass(), Pass())
    assert s.phase == "climate_red" and to_move(s) == CHANCE
    s, _ = play(s, RollFood(5), RollShelter(2), RollParasites(1))
    assert (s.phase, s.red, s.green, s.black) == ("feeding", 5, 2, 1)
    assert to_move(s) == 1


# ==== §5.2 restrictions ==========================================================================================
def test_population_cap_is_the_number_of_species():
    """§5.2.2: a species may not grow beyond the number of species its owner has."""
    s = dev(S(1, 0, pop=2), S(2, 0), S(3, 1))
    assert refused(s, PlayCard("add_animal", 1)) == "rm.population-cap"
    assert check(s, PlayCard("add_animal", 2)) is None
    s, _ = play(s, PlayCard("new_species"), Pass())        # three species now; seat 1 passes
    assert to_move(s) == 0
    assert check(s, PlayCard("add_animal", 1)) is None
    s, _ = apply(s, PlayCard("add_animal", 1))
    assert len(s.species[1].animals) == 3


def test_species_above_the_cap_after_losses_stays_but_cannot_grow():
    """§12.6: a species left above the cap keeps its animals but cannot grow until under the cap."""
    s = dev(S(1, 0, pop=3), S(2, 0), S(3, 1))
    assert len(s.species[1].animals) == 3
    assert refused(s, PlayCard("add_animal", 1)) == "rm.population-cap"
    assert PlayCard("add_animal", 1) not in legal_actions(s)


def test_population_above_one_cannot_take_traits():
    """§5.2.1: a species with population > 1 cannot receive new traits."""
    s = dev(S(1, 0, pop=2), S(2, 0), S(3, 1))
    assert refused(s, PlayCard("trait", 1)) == "rm.trait-population"
    assert PlayCard("trait", 2) in legal_actions(s)


def test_population_back_to_one_can_take_traits_again():
    """§5.2.1/§12.5: when its population falls back to 1, a species can again receive traits."""
    s = feeding(S(1, 0, animals=[A(11, food=1), A(12)]), S(2, 0, animals=[A(21, food=1)]),
                S(3, 1, animals=[A(31, food=1)]), red=0)
    # nobody can take anything: feeding ends, animal 12 starves, turn 2 development (seat 1 first)
    assert (s.turn, s.phase) == (2, "development")
    assert s.species[1].animals == (11,)
    s, _ = apply(s, Pass())
    assert to_move(s) == 0
    assert check(s, PlayCard("trait", 1)) is None
    s, _ = reveal(s, 1, "swimming")
    assert traits(s, 1) == ("swimming",)


def test_duplicate_trait_does_not_fit():
    """§5.2.3/§5.3: a species cannot have a trait twice; the duplicate moves on to the right."""
    s = dev(S(1, 0, "swimming"), S(2, 0), S(3, 1))
    s, ev = reveal(s, 1, "swimming")
    assert traits(s, 1) == ("swimming",) and traits(s, 2) == ("swimming",)
    assert [(e.announced, e.species, e.outcome) for e in of(ev, TraitRevealed)] == [(1, 2, "moved_right")]


@pytest.mark.parametrize("have,new", [("predator", "scavenger"), ("scavenger", "obligate_predator"),
                                      ("obligate_predator", "predator")])
def test_predator_obligate_scavenger_are_exclusive(have, new):
    """§5.2.4: at most one of Predator, Obligate Predator, Scavenger; the second moves right."""
    s = dev(S(1, 0, have), S(2, 0), S(3, 1))
    s, ev = reveal(s, 1, new)
    assert traits(s, 1) == (have,) and traits(s, 2) == (new,)
    assert of(ev, TraitRevealed)[0].outcome == "moved_right"


# ==== §5.3 an unfit revealed trait ==================================================================================
def test_unfit_trait_skips_species_of_population_above_one():
    """§5.3 RULING: moving right, species of population > 1 are skipped."""
    s = dev(S(1, 0, "large"), S(2, 0, pop=2), S(3, 0, "swimming"), S(4, 0), S(5, 1))
    s, ev = reveal(s, 1, "large")
    assert traits(s, 2) == () and traits(s, 3) == ("swimming", "large") and traits(s, 4) == ()
    assert [(e.species, e.outcome) for e in of(ev, TraitRevealed)] == [(3, "moved_right")]


def test_unfit_trait_never_moves_left_and_becomes_a_new_species():
    """§5.3 RULING: a card that fits no species to the right becomes a new species at the right end."""
    s = dev(S(1, 0), S(2, 0, "large"), S(3, 1))
    discards_before = s.discards
    s, ev = reveal(s, 2, "large")
    (new,) = [x for x in s.rows[0] if x not in (1, 2)]
    assert s.rows[0] == (1, 2, new)
    assert traits(s, 1) == () and traits(s, 2) == ("large",) and traits(s, new) == ()
    assert len(s.species[new].animals) == 1
    assert s.discards == discards_before
    assert [(e.announced, e.species, e.outcome) for e in of(ev, TraitRevealed)] == [(2, new, "new_species")]
    assert s.hidden[TRAIT_IDS.index("large")] == 7      # the card was seen


def test_unfit_trait_discarded_with_option():
    """§5.3 option unfit_trait_outcome=discard: a card that fits nowhere goes to the discard pile."""
    s = dev(S(1, 0), S(2, 0, "large"), S(3, 1), options={"unfit_trait_outcome": "discard"})
    s, ev = reveal(s, 2, "large")
    assert s.rows[0] == (1, 2)
    assert s.discards == (1, 0)
    assert [(e.species, e.outcome) for e in of(ev, TraitRevealed)] == [(-1, "discarded")]


# ==== §8.1 Large =============================================================================================
def test_large_needs_one_more_food():
    """§8.1/§7.1: each Large animal needs 1 + 1 food."""
    s = feeding(S(1, 0, "large", animals=[A(11, food=1)]), S(2, 1, animals=[A(21)]), red=3)
    rs = s.ruleset
    assert rs.need(s, s.species[1]) == 2
    assert not rs.fed(s, s.animals[11])
    assert TakeFood(11) in legal_actions(s)
    s, _ = apply(s, TakeFood(11))
    assert s.animals[11].red == 2 and rs.fed(s, s.animals[11])


def test_large_animal_with_one_food_starves():
    """§8.1/§9.2: a Large animal holding 1 food is not fed and starves."""
    s = feeding(S(1, 0, animals=[A(11)]), S(2, 0, "large", animals=[A(21, food=1)]), S(3, 1, animals=[A(31, food=1)]),
                red=1)
    s, ev = apply(s, TakeFood(11))
    assert deaths(ev) == {21: "starved"}
    assert 2 not in s.species


def test_large_species_attacked_only_by_large_predator():
    """§8.1 RULING (option large_blocks_small_predators, default true): only a Large predator attacks a Large species."""
    species = (S(1, 0, "predator", animals=[A(11)]), S(2, 0, "predator", "large", animals=[A(21)]),
               S(3, 1, "large", animals=[A(31)]))
    s = feeding(*species)
    assert refused(s, Attack(11, 3)) == "rm.large"
    assert check(s, Attack(21, 3)) is None
    s = feeding(*species, options={"large_blocks_small_predators": False})
    assert check(s, Attack(11, 3)) is None


# ==== §8.2 Predator =============================================================================================
def test_predator_kill_gives_two_blue_tokens():
    """§8.2: the attacking animal receives 2 blue tokens; the victim's card goes to its owner's discard pile."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, animals=[A(21)]), S(3, 1, animals=[A(31)]))
    s, ev = apply(s, Attack(11, 2))
    assert deaths(ev) == {21: "eaten"}
    assert (s.animals[11].red, s.animals[11].blue) == (0, 2)
    assert s.ruleset.fed(s, s.animals[11])
    assert s.discards == (0, 1)
    assert to_move(s) == 1


def test_predator_tokens_beyond_need_are_lost():
    """§8.2 RULING: a kill's tokens beyond the predator's need are lost."""
    s = feeding(S(1, 0, "predator", animals=[A(11, food=1)]), S(2, 1, animals=[A(21)]), S(3, 1, animals=[A(31)]))
    s, ev = apply(s, Attack(11, 2))
    assert (s.animals[11].red, s.animals[11].blue) == (1, 1)
    assert [(e.animal, e.tokens) for e in of(ev, FoodLost)] == [(11, 1)]


def test_predator_need_bonus_default_and_option():
    """§8.2 UNCERTAIN: Predator's need bonus is 1 by default (option predator_need_bonus)."""
    species = (S(1, 0, "predator"), S(2, 1, "obligate_predator"), S(3, 1))
    s = feeding(*species)
    assert s.ruleset.need(s, s.species[1]) == 2 and s.ruleset.need(s, s.species[2]) == 2
    s = feeding(*species, options={"predator_need_bonus": 0, "obligate_need_bonus": 2})
    assert s.ruleset.need(s, s.species[1]) == 1 and s.ruleset.need(s, s.species[2]) == 3


def test_each_predator_animal_attacks_once_per_turn():
    """§8.2/§12.2: each predator animal attacks at most once per turn; a species of 2 makes 2 attacks."""
    s = feeding(S(1, 0, "predator", animals=[A(11, attacked=True), A(12)]),
                S(2, 1, animals=[A(21), A(22)]), S(3, 1, animals=[A(31)]))
    assert refused(s, Attack(11, 2)) == "rm.predator.once"
    assert check(s, Attack(12, 2)) is None


def test_predator_species_of_two_makes_two_attacks():
    """§12.2: a Predator species of population 2 can make two attacks in one turn."""
    s = feeding(S(1, 0, "predator", animals=[A(11), A(12)]),
                S(2, 1, animals=[A(21), A(22), A(23)]), S(3, 1, animals=[A(31)]))
    s, _ = play(s, Attack(11, 2), ChooseVictim(21))
    assert to_move(s) == 1
    s, _ = apply(s, TakeFood(31))
    assert to_move(s) == 0
    assert check(s, Attack(11, 2)) is not None        # fed and used
    s, ev = play(s, Attack(12, 2), ChooseVictim(23))
    assert deaths(ev) == {23: "eaten"}
    assert s.species[2].animals == (22,)
    assert s.animals[11].blue == 2 and s.animals[12].blue == 2


def test_predator_never_attacks_its_own_species_but_may_attack_its_owners_other_species():
    """§8.2/§12.1: a predator may attack another of its owner's species, never its own."""
    s = feeding(S(1, 0, "predator", animals=[A(11), A(12)]), S(2, 0, animals=[A(21)]), S(3, 1, animals=[A(31)]))
    assert refused(s, Attack(11, 1)) == "rm.predator.own-species"
    assert check(s, Attack(11, 2)) is None


def test_fed_predator_does_not_attack():
    """§8.2 RULING: the attacking animal must be unfed."""
    s = feeding(S(1, 0, "predator", animals=[A(11, food=2), A(12)]), S(2, 1, animals=[A(21)]))
    assert refused(s, Attack(11, 2)) == "rm.predator.fed"
    assert check(s, Attack(12, 2)) is None


def test_only_a_predator_attacks():
    """§7.2.3: only a Predator or Obligate Predator animal attacks."""
    s = feeding(S(1, 0, "large", animals=[A(11)]), S(2, 1, animals=[A(21)]))
    assert refused(s, Attack(11, 2)) == "rm.predator"


def test_predator_attacks_with_the_centre_empty():
    """§7.2.3: an unfed predator may attack even if the centre is empty."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, animals=[A(21)]), red=0)
    assert to_move(s) == 0
    assert legal_actions(s) == [Attack(11, 2)]


# ==== §7.2, §8.2, §12.3 shelters and victims ==========================================================================
def test_attacked_owner_chooses_the_victim_among_unsheltered_animals():
    """§8.2/§12.3: the attacked species' owner picks the victim; sheltered animals cannot be chosen."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]),
                S(2, 1, animals=[A(21), A(22, shelter=True), A(23)]), S(3, 1, animals=[A(31)]))
    s, _ = apply(s, Attack(11, 2))
    assert to_move(s) == 1
    assert sorted(legal_actions(s), key=lambda a: a.animal) == [ChooseVictim(21), ChooseVictim(23)]
    assert refused(s, ChooseVictim(22)) == "rm.predator.victim"
    s, ev = apply(s, ChooseVictim(23))
    assert deaths(ev) == {23: "eaten"}
    assert s.species[2].animals == (21, 22)


def test_single_unsheltered_animal_is_eaten_without_a_choice():
    """§7.2.2: a sheltered animal cannot be the victim, so the only unsheltered one is eaten."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]),
                S(2, 1, animals=[A(21, shelter=True), A(22)]), S(3, 1, animals=[A(31)]))
    s, ev = apply(s, Attack(11, 2))
    assert deaths(ev) == {22: "eaten"}
    assert to_move(s) == 1


def test_fully_sheltered_species_cannot_be_attacked():
    """§7.2.2/§12.3: a species whose animals are all sheltered cannot be attacked."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]),
                S(2, 1, animals=[A(21, shelter=True), A(22, shelter=True)]), S(3, 1, animals=[A(31)]))
    assert refused(s, Attack(11, 2)) == "rm.shelter"
    assert check(s, Attack(11, 3)) is None


def test_one_shelter_per_animal():
    """§7.2.2: a shelter goes on an animal that has none yet (max one per animal)."""
    s = feeding(S(1, 0, animals=[A(11, shelter=True), A(12)]), S(2, 1, animals=[A(21)]), green=3)
    assert refused(s, TakeShelter(11)) == "rm.shelter.one"
    s, ev = apply(s, TakeShelter(12))
    assert s.animals[12].shelter is True and s.green == 2
    assert [(e.animal, e.eaten) for e in of(ev, ShelterTaken)] == [(12, False)]


def test_shelters_are_cleared_at_the_end_of_the_turn():
    """§7.2.2/§9.4: a shelter protects until the next turn starts; green tokens go back to the box."""
    s = feeding(S(1, 0, animals=[A(11, food=1, shelter=True)]), S(2, 1, animals=[A(21, food=1)]), red=0)
    assert (s.turn, s.phase) == (2, "development")
    assert s.animals[11].shelter is False
    assert (s.red, s.green, s.black) == (0, 0, 0)


def test_last_animal_eaten_takes_the_species_traits_to_the_discard_pile():
    """§8.2/§12.4: when a species loses its last animal, all its traits are discarded too."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "budding", "stomper", animals=[A(21)]),
                S(3, 1, animals=[A(31)]))
    s, ev = apply(s, Attack(11, 2))
    assert 2 not in s.species and s.rows[1] == (3,)
    assert s.discards == (0, 3)                      # the animal card and two trait cards
    assert [e.species for e in of(ev, SpeciesExtinct)] == [2]


def test_losing_one_of_several_animals_keeps_the_traits():
    """§12.4: a species that loses one of several animals keeps its traits."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "budding", animals=[A(21), A(22)]),
                S(3, 1, animals=[A(31)]))
    s, _ = play(s, Attack(11, 2), ChooseVictim(22))
    assert traits(s, 2) == ("budding",) and s.species[2].animals == (21,)
    assert s.discards == (0, 1)


# ==== §8.3 Obligate Predator =====================================================================================
def test_obligate_predator_never_takes_food():
    """§8.3: an Obligate Predator never takes red tokens from the centre."""
    s = feeding(S(1, 0, "obligate_predator", animals=[A(11)]), S(2, 1, animals=[A(21)]))
    assert refused(s, TakeFood(11)) == "rm.obligate_predator"
    assert legal_actions(s) == [Attack(11, 2)]


def test_obligate_predator_kill_feeds_it_whatever_its_need():
    """§8.3/§7.1/§12.9: a kill sets fed_by_kill; the animal survives though its need is 2 or more."""
    s = feeding(S(1, 0, "obligate_predator", "large", animals=[A(11)]), S(2, 1, animals=[A(21)]),
                S(3, 1, animals=[A(31)]), red=1)
    assert s.ruleset.need(s, s.species[1]) == 3
    s, ev = apply(s, Attack(11, 2))
    assert s.animals[11].fed_by_kill is True
    assert s.ruleset.fed(s, s.animals[11])
    assert s.animals[11].red == 0
    # seat 1 takes the last red token: feeding ends and the obligate predator survives the extinction
    s, ev = apply(s, TakeFood(31))
    assert 11 not in deaths(ev)
    assert s.turn == 2 and 11 in s.animals
    assert s.animals[11].fed_by_kill is False      # cleared in extinction step 4


def test_obligate_predator_must_hunt_its_owners_species_when_no_chip_is_left():
    """§12.13: an unfed Obligate Predator whose only prey is his owner's other species must attack it once no chip is left."""
    s = feeding(S(1, 0, "obligate_predator", animals=[A(11)]), S(2, 0, animals=[A(12)]),
                S(3, 1, "swimming", animals=[A(31, food=1)]), red=1)
    assert Attack(11, 3) not in legal_actions(s)
    assert Attack(11, 2) in legal_actions(s)
    s, ev = apply(s, TakeFood(12))          # seat 1 has nothing to take and skips
    assert to_move(s) == 0 and legal_actions(s) == [Attack(11, 2)]
    s, ev = apply(s, Attack(11, 2))
    assert deaths(ev) == {12: "eaten"}
    assert s.turn == 2 and 11 in s.animals          # fed by the kill, it survived the extinction


def test_obligate_predator_with_no_legal_prey_starves():
    """§8.3/§12.9: an Obligate Predator with no legal prey (only a swimming species) starves."""
    s = feeding(S(1, 0, "obligate_predator", animals=[A(11)]), S(3, 1, "swimming", animals=[A(31)]), red=1,
                current=1)
    s, ev = apply(s, TakeFood(31))
    assert deaths(ev) == {11: "starved"}
    assert s.discards == (2, 0)                     # the animal card and the Obligate Predator card


# ==== §8.4 Scavenger =============================================================================================
def scavenger_table(**options):
    """Seat 0 attacks seat 1; seats 0 and 2 have an unfed Scavenger, seat 1 none."""
    return feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 0, "scavenger", animals=[A(12)]),
                   S(3, 1, animals=[A(31)]), S(4, 1, animals=[A(41)]),
                   S(5, 2, "scavenger", animals=[A(51)]), players=3, options=options)


def test_scavenger_priority_goes_clockwise_from_the_attacked_player():
    """§8.4: priority to the attacked player, then clockwise; so seat 2 before the attacker, seat 0."""
    s, ev = play(scavenger_table(), Attack(11, 3))
    assert s.animals[51].blue == 1 and s.animals[12].blue == 0


def test_scavenger_priority_attacking_player_option():
    """§8.4 option scavenger_priority=attacking_player: the attacker's Scavenger first."""
    s, ev = play(scavenger_table(scavenger_priority="attacking_player"), Attack(11, 3))
    assert s.animals[12].blue == 1 and s.animals[51].blue == 0


def test_attacked_players_own_scavenger_comes_first():
    """§8.4: the attacked player, if he has a Scavenger species, gets the token."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 0, "scavenger", animals=[A(12)]),
                S(3, 1, animals=[A(31)]), S(4, 1, "scavenger", animals=[A(41)]),
                S(5, 2, "scavenger", animals=[A(51)]), players=3)
    s, _ = apply(s, Attack(11, 3))
    assert (s.animals[41].blue, s.animals[51].blue, s.animals[12].blue) == (1, 0, 0)


def test_fed_scavenger_is_skipped():
    """§8.4 RULING: only an unfed Scavenger animal receives the token; a player with none is skipped."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 0, "scavenger", animals=[A(12)]),
                S(3, 1, animals=[A(31)]), S(4, 1, "scavenger", animals=[A(41, food=1)]),
                S(5, 2, "scavenger", animals=[A(51)]), players=3)
    s, _ = apply(s, Attack(11, 3))
    assert (s.animals[41].blue, s.animals[51].blue, s.animals[12].blue) == (0, 1, 0)


def test_scavenger_owner_chooses_the_animal():
    """§8.4: the receiving player chooses which of his unfed Scavenger animals gets the token."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, animals=[A(21)]),
                S(3, 1, "scavenger", animals=[A(31), A(32, food=1), A(33)]))
    s, _ = apply(s, Attack(11, 2))
    assert to_move(s) == 1
    assert sorted(legal_actions(s), key=lambda a: a.animal) == [Scavenge(31), Scavenge(33)]
    s, _ = apply(s, Scavenge(33))
    assert (s.animals[31].blue, s.animals[33].blue) == (0, 1)
    assert to_move(s) == 1 and s.current == 1      # now seat 1's own feeding move


def test_no_scavenger_token_without_a_kill():
    """§8.4/§8.8: the Scavenger token comes only when an animal is eaten (not on a Running escape)."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "running", animals=[A(21)]),
                S(3, 1, "scavenger", animals=[A(31)]))
    s, ev = play(s, Attack(11, 2), RollDie(5))
    assert s.animals[31].blue == 0 and 21 in s.animals


# ==== §8.5 Stomper ===============================================================================================
def test_stomper_destroys_up_to_its_animal_count_once_per_move():
    """§8.5: up to the number of Stomper animals, once per move; the main move is still owed."""
    s = feeding(S(1, 0, "stomper", animals=[A(11), A(12)]), S(2, 1, animals=[A(21)]), red=5)
    assert Stomp(2) in legal_actions(s) and Stomp(3) not in legal_actions(s)
    assert refused(s, Stomp(3)) == "rm.stomper"
    s, ev = apply(s, Stomp(2))
    assert s.red == 3 and to_move(s) == 0
    assert [(e.seat, e.tokens) for e in of(ev, Stomped)] == [(0, 2)]
    assert refused(s, Stomp(1)) == "rm.stomper.once"
    assert refused(s, EndMove()) == "rm.feeding.compulsory"
    s, _ = apply(s, TakeFood(11))
    assert s.red == 2 and to_move(s) == 1


def test_all_stomper_species_of_a_player_act_together():
    """§8.5: he may destroy up to the total number of animals in all his Stomper species."""
    s = feeding(S(1, 0, "stomper", animals=[A(11), A(12)]), S(2, 0, "stomper", animals=[A(21)]),
                S(3, 1, animals=[A(31)]), red=5)
    assert [a.tokens for a in legal_actions(s) if isinstance(a, Stomp)] == [1, 2, 3]


def test_stomper_is_usable_on_a_move_where_the_player_skips():
    """§8.5/§12.11: Stomper may be used in a move in which the player takes nothing."""
    s = feeding(S(1, 0, "stomper", animals=[A(11, food=1)]), S(2, 1, animals=[A(21)]), red=3)
    assert to_move(s) == 0
    assert legal_actions(s) == [Stomp(1), EndMove()]
    s, _ = apply(s, Stomp(1))
    assert s.red == 2 and to_move(s) == 1


def test_stomper_after_taking_food_in_the_same_move():
    """§11: Stomp may come before or after the main action, once per move."""
    s = feeding(S(1, 0, "stomper", animals=[A(11)]), S(2, 1, animals=[A(21)]), red=5)
    s, _ = apply(s, TakeFood(11))
    assert to_move(s) == 0 and legal_actions(s) == [Stomp(1), EndMove()]
    s, _ = apply(s, Stomp(1))
    assert s.red == 3 and to_move(s) == 1


# ==== §8.6 Extremophile ==========================================================================================
def test_extremophile_blocks_adding_an_animal_with_one_card_left():
    """§8.6 SOLID: no animal joins an Extremophile species when the player deck holds only one card."""
    s = dev(S(1, 0, "extremophile"), S(2, 0), S(3, 1), player_decks=[1, 7])
    assert refused(s, PlayCard("add_animal", 1)) == "rm.extremophile"
    assert check(s, PlayCard("add_animal", 2)) is None


def test_extremophile_add_discards_the_next_card_unseen():
    """§8.6 RULING (option extremophile_extra_discard, default true): adding costs one more card, discarded unseen."""
    s = dev(S(1, 0, "extremophile"), S(2, 0), S(3, 1), player_decks=[4, 7])
    s, _ = apply(s, PlayCard("add_animal", 1))
    assert len(s.species[1].animals) == 2
    assert s.pdecks == (2, 7) and s.discards == (1, 0)
    assert s.hidden == tuple((9 - (t == "extremophile")) if t in TEN else 0 for t in TRAIT_IDS)   # unseen


def test_extremophile_extra_discard_off():
    """§8.6 option extremophile_extra_discard=false: adding an animal costs only the card played."""
    s = dev(S(1, 0, "extremophile"), S(2, 0), S(3, 1), player_decks=[4, 7],
            options={"extremophile_extra_discard": False})
    s, _ = apply(s, PlayCard("add_animal", 1))
    assert s.pdecks == (3, 7) and s.discards == (0, 0)


# ==== §8.7 Bark Beetle ===========================================================================================
def test_bark_beetle_turns_a_shelter_into_food_for_an_unfed_animal():
    """§8.7: an unfed Bark Beetle animal's green token goes back to the box and it gets 1 blue instead."""
    s = feeding(S(1, 0, "bark_beetle", animals=[A(11)]), S(2, 1, animals=[A(21)]), green=2)
    s, ev = apply(s, TakeShelter(11))
    a = s.animals[11]
    assert (a.shelter, a.blue, s.green) == (False, 1, 1)
    assert s.ruleset.fed(s, a)
    assert [(e.animal, e.eaten) for e in of(ev, ShelterTaken)] == [(11, True)]


def test_bark_beetle_fed_animal_gets_a_normal_shelter():
    """§8.7/§12.10: a fed Bark Beetle animal gets the shelter normally."""
    s = feeding(S(1, 0, "bark_beetle", animals=[A(11, food=1)]), S(2, 1, animals=[A(21)]), green=2)
    s, ev = apply(s, TakeShelter(11))
    a = s.animals[11]
    assert (a.shelter, a.blue, a.red) == (True, 0, 1)
    assert [(e.animal, e.eaten) for e in of(ev, ShelterTaken)] == [(11, False)]


def test_bark_beetle_obligate_predator_keeps_the_shelter():
    """§8.7: a Bark Beetle Obligate Predator cannot receive food, so its green token stays a shelter."""
    s = feeding(S(1, 0, "bark_beetle", "obligate_predator", animals=[A(11)]), S(2, 1, animals=[A(21)]), green=2)
    s, _ = apply(s, TakeShelter(11))
    a = s.animals[11]
    assert (a.shelter, a.blue, a.fed_by_kill) == (True, 0, False)


# ==== §8.8 Swimming, Running ======================================================================================
def test_swimming_species_only_attacked_by_a_swimming_predator():
    """§8.8 RULING: a swimming species can be attacked only by a swimming predator."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 0, "predator", "swimming", animals=[A(21)]),
                S(3, 1, "swimming", animals=[A(31)]))
    assert refused(s, Attack(11, 3)) == "rm.swimming"
    assert check(s, Attack(21, 3)) is None


def test_swimming_predator_only_attacks_swimmers():
    """§8.8 RULING: a swimming predator attacks only swimming species."""
    s = feeding(S(1, 0, "predator", "swimming", animals=[A(11)]), S(2, 1, animals=[A(21)]),
                S(3, 1, "swimming", animals=[A(31)]))
    assert refused(s, Attack(11, 2)) == "rm.swimming"
    assert check(s, Attack(11, 3)) is None


def test_swimming_obligate_predator_hunts_only_swimmers():
    """§8.3: an Obligate Predator that has Swimming can only hunt swimmers."""
    s = feeding(S(1, 0, "obligate_predator", "swimming", animals=[A(11)]), S(2, 1, animals=[A(21)]),
                S(3, 1, "swimming", animals=[A(31)]))
    assert [a for a in legal_actions(s) if isinstance(a, Attack)] == [Attack(11, 3)]


@pytest.mark.parametrize("roll", [4, 5, 6])
def test_running_escapes_on_four_to_six_and_the_attack_is_used(roll):
    """§8.8 RULING: attacked Running species roll a die; 4-6 the attack fails and the predator's attack is used."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "running", animals=[A(21)]), S(3, 1, animals=[A(31)]))
    s, _ = apply(s, Attack(11, 2))
    assert to_move(s) == CHANCE
    assert dict(chance_outcomes(s)) == {RollDie(v): 1 for v in range(1, 7)}
    s, ev = apply(s, RollDie(roll))
    assert 21 in s.animals and deaths(ev) == {}
    assert [(e.predator, e.prey, e.how, e.roll) for e in of(ev, Escaped)] == [(11, 2, "running", roll)]
    a = s.animals[11]
    assert a.attacked is True and a.blue == 0
    assert to_move(s) == 1
    s, _ = apply(s, TakeFood(31))
    assert to_move(s) == 0
    assert refused(s, Attack(11, 2)) == "rm.predator.once"


@pytest.mark.parametrize("roll", [1, 2, 3])
def test_running_caught_on_one_to_three(roll):
    """§8.8 RULING: on 1-3 the Running animal is caught and eaten."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "running", animals=[A(21)]), S(3, 1, animals=[A(31)]))
    s, ev = play(s, Attack(11, 2), RollDie(roll))
    assert deaths(ev) == {21: "eaten"} and s.animals[11].blue == 2


# ==== §8.9 Budding, §8.12 Metabolic Syndrome =====================================================================
def test_budding_has_no_effect_but_scores():
    """§8.9: with budding_rule=disabled Budding has no effect (need +0, no animal gained) and scores 1."""
    s = dev(S(1, 0, "budding"), S(2, 1))
    assert s.ruleset.options["budding_rule"] == "disabled"
    assert s.ruleset.need(s, s.species[1]) == 1
    assert s.ruleset.scores(s) == (2 + 1, 2)
    s, _ = play(s, Pass(), Pass())
    assert len(s.species[1].animals) == 1


def test_metabolic_syndrome_has_no_effect_and_scores_one():
    """§8.12: Metabolic Syndrome has no rule: need +0, no effect on attacks, 1 point."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "metabolic_syndrome", animals=[A(21)]),
                S(3, 1, animals=[A(31)]), options={"deck": DECK_ALL})
    assert s.ruleset.need(s, s.species[2]) == 1
    assert check(s, Attack(11, 2)) is None
    assert s.ruleset.scores(s)[1] == 2 + 1 + 2


# ==== §8.11 Burrowing ============================================================================================
def test_fed_burrowing_animal_is_not_a_victim():
    """§8.11 PROVISIONAL (rm_burrowing_rule=origin_like): a fed Burrowing animal cannot be the victim."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "burrowing", animals=[A(21, food=1), A(22)]),
                S(3, 1, animals=[A(31)]), options={"deck": DECK_ALL})
    s, ev = apply(s, Attack(11, 2))
    assert deaths(ev) == {22: "eaten"}


def test_burrowing_species_all_fed_cannot_be_attacked():
    """§8.11: a species none of whose animals can be chosen (fed or sheltered) cannot be attacked."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]),
                S(2, 1, "burrowing", animals=[A(21, food=1), A(22, shelter=True)]),
                S(3, 1, animals=[A(31)]), options={"deck": DECK_ALL})
    assert refused(s, Attack(11, 2)) == "rm.shelter"


def test_unfed_burrowing_animal_can_be_eaten():
    """§8.11: only a fed Burrowing animal hides; an unfed one can be eaten."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "burrowing", animals=[A(21)]),
                S(3, 1, animals=[A(31)]), options={"deck": DECK_ALL})
    s, ev = apply(s, Attack(11, 2))
    assert deaths(ev) == {21: "eaten"}


def test_burrowing_rule_disabled():
    """§8.11 option rm_burrowing_rule=disabled: a fed Burrowing animal can be eaten."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "burrowing", animals=[A(21, food=1)]),
                S(3, 1, animals=[A(31)]), options={"deck": DECK_ALL, "rm_burrowing_rule": "disabled"})
    s, ev = apply(s, Attack(11, 2))
    assert deaths(ev) == {21: "eaten"}


# ==== §8.13 Simplification =======================================================================================
def test_simplification_owner_chooses_one_other_trait_to_discard():
    """§8.13 PROVISIONAL: when Simplification is attached, the owner discards one other trait (his choice)."""
    s = dev(S(1, 0, "swimming", "running"), S(2, 1), options={"deck": DECK_ALL})
    s, _ = reveal(s, 1, "simplification")
    assert to_move(s) == 0 and s.phase == "development"
    u_swim, u_run = uid(s, 1, "swimming"), uid(s, 1, "running")
    assert sorted(legal_actions(s), key=lambda a: a.card_uid) == sorted(
        [DiscardTrait(u_swim), DiscardTrait(u_run)], key=lambda a: a.card_uid)
    assert refused(s, Pass()) == "rm.simplification"
    s, ev = apply(s, DiscardTrait(u_swim))
    assert traits(s, 1) == ("running", "simplification")
    assert s.discards == (1, 0)
    assert [(e.animal, e.trait) for e in of(ev, TraitLost)] == [(1, "swimming")]
    assert to_move(s) == 1


def test_simplification_with_one_other_trait_discards_it():
    """§8.13: with a single other trait, that trait is discarded."""
    s = dev(S(1, 0, "large"), S(2, 1), options={"deck": DECK_ALL})
    s, _ = reveal(s, 1, "simplification")
    assert traits(s, 1) == ("simplification",) and s.discards == (1, 0)
    assert to_move(s) == 1


def test_simplification_with_no_other_trait_does_nothing():
    """§8.13: nothing happens if the species has no other trait; Simplification stays as a trait."""
    s = dev(S(1, 0), S(2, 1), options={"deck": DECK_ALL})
    s, _ = reveal(s, 1, "simplification")
    assert traits(s, 1) == ("simplification",) and s.discards == (0, 0)
    assert s.ruleset.scores(s)[0] == 2 + 1


def test_simplification_rule_disabled():
    """§8.13 option simplification_rule=disabled: Simplification removes nothing."""
    s = dev(S(1, 0, "large"), S(2, 1), options={"deck": DECK_ALL, "simplification_rule": "disabled"})
    s, _ = reveal(s, 1, "simplification")
    assert traits(s, 1) == ("large", "simplification") and s.discards == (0, 0)


# ==== §7.2 parasites, §9.1 parasite step ==============================================================================
def test_parasite_goes_on_another_players_animal_only():
    """§7.2.4 PROVISIONAL: a black token goes on an animal of another player."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21)]), red=0, black=2)
    assert legal_actions(s) == [PlaceParasite(21)]
    assert refused(s, PlaceParasite(11)) == "rm.parasite.own"
    s, ev = apply(s, PlaceParasite(21))
    assert s.animals[21].parasites == 1 and s.black == 1
    assert [(e.animal, e.by) for e in of(ev, ParasitePlaced)] == [(21, 0)]


def test_parasite_move_disabled():
    """§7.2.4 option parasite_move_enabled=false: no parasite move; black tokens in the centre are ignored."""
    s = feeding(S(1, 0, animals=[A(11)]), S(2, 1, animals=[A(21)]), red=1, black=2,
                options={"parasite_move_enabled": False})
    assert legal_actions(s) == [TakeFood(11)]
    s, ev = apply(s, TakeFood(11))
    assert s.turn == 2                              # feeding ended: the black tokens did not keep it open
    assert deaths(ev) == {21: "starved"}


def test_species_with_most_parasites_loses_an_animal():
    """§9.1 PROVISIONAL: the species with the table-wide most parasites loses one animal, chosen by its owner."""
    s = feeding(S(1, 0, animals=[A(11, food=1, parasites=1)]),
                S(2, 1, animals=[A(21, food=1, parasites=1), A(22, food=1, parasites=1)]),
                S(3, 1, animals=[A(31, food=1)]), red=0)
    assert s.phase == "parasites" and to_move(s) == 1
    assert sorted(legal_actions(s), key=lambda a: a.animal) == [ChooseParasiteVictim(21), ChooseParasiteVictim(22)]
    s, ev = apply(s, ChooseParasiteVictim(22))
    assert deaths(ev) == {22: "parasites"}
    assert s.turn == 2 and 11 in s.animals and 21 in s.animals


def test_parasite_step_single_candidate_dies_without_a_choice():
    """§9.1: with one animal in the worst species, it simply dies."""
    s = feeding(S(1, 0, animals=[A(11, food=1, parasites=2)]), S(2, 1, animals=[A(21, parasites=1)]), red=1)
    assert to_move(s) == 1                          # seat 0 has nothing to take
    s, ev = apply(s, TakeFood(21))
    assert deaths(ev) == {11: "parasites"}
    assert 1 not in s.species and 21 in s.animals


def test_parasite_tie_per_player_one_animal_per_player():
    """§9.1/§12.14 parasite_tie=per_player: a player owning two tied species loses one animal in total."""
    s = feeding(S(1, 0, animals=[A(11, food=1, parasites=2)]), S(2, 0, animals=[A(21, food=1, parasites=2)]),
                S(3, 1, animals=[A(31, food=1, parasites=2)]), S(4, 1, animals=[A(41, food=1, parasites=1)]),
                red=0)
    assert s.phase == "parasites" and to_move(s) == 0
    assert sorted(legal_actions(s), key=lambda a: a.animal) == [ChooseParasiteVictim(11), ChooseParasiteVictim(21)]
    s, ev = apply(s, ChooseParasiteVictim(21))
    assert deaths(ev) == {21: "parasites", 31: "parasites"}
    assert 11 in s.animals and 41 in s.animals


def test_parasite_tie_per_species_option():
    """§9.1/§12.14 parasite_tie=per_species: every species with the most parasites loses one animal."""
    s = feeding(S(1, 0, animals=[A(11, food=1, parasites=2)]), S(2, 0, animals=[A(21, food=1, parasites=2)]),
                S(3, 1, animals=[A(31, food=1, parasites=2)]), S(4, 1, animals=[A(41, food=1, parasites=1)]),
                red=0, options={"parasite_tie": "per_species"})
    assert s.turn == 2
    assert set(s.animals) == {41}


def test_parasite_tokens_are_summed_over_the_species():
    """§9.1: parasites are counted per species, summed over its animals."""
    s = feeding(S(1, 0, animals=[A(11, food=1, parasites=2)]),
                S(2, 1, animals=[A(21, food=1, parasites=2), A(22, food=1, parasites=1)]),
                S(3, 1, animals=[A(31, food=1)]), red=0)
    assert to_move(s) == 1
    assert {a.animal for a in legal_actions(s)} == {21, 22}
    s, ev = apply(s, ChooseParasiteVictim(21))
    assert deaths(ev) == {21: "parasites"} and 11 in s.animals


def test_parasite_rule_disabled():
    """§9.1 option parasite_rule_enabled=false: nothing dies of parasites."""
    s = feeding(S(1, 0, animals=[A(11, food=1, parasites=3)]), S(2, 1, animals=[A(21, food=1)]), red=0,
                options={"parasite_rule_enabled": False})
    assert s.turn == 2 and 11 in s.animals
    assert s.animals[11].parasites == 0             # black tokens go back to the box (§9.4)


# ==== §9.2 starvation, §9.5 draw, §10 end ======================================================================
def test_unfed_animals_starve():
    """§9.2: every animal that has less food than its need dies; its card goes to the discard pile."""
    s = feeding(S(1, 0, animals=[A(11)]), S(2, 0, "large", animals=[A(21, food=1), A(22, food=2)]),
                S(3, 1, animals=[A(31), A(32, food=1)]), red=1)
    s, ev = apply(s, TakeFood(11))
    assert deaths(ev) == {21: "starved", 31: "starved"}
    assert s.discards == (1, 1)
    assert traits(s, 2) == ("large",) and s.species[2].animals == (22,)


def test_draw_is_animals_plus_two():
    """§9.5: each player draws his number of animals + 2 into his player deck."""
    s = feeding(S(1, 0, animals=[A(11, food=1), A(12, food=1), A(13, food=1)]),
                S(2, 0, animals=[A(21, food=1), A(22, food=1)]), S(3, 0, animals=[A(31, food=1)]),
                S(4, 1, animals=[A(41, food=1)]), red=0, player_decks=[1, 2])
    assert s.turn == 2
    assert s.pdecks == (1 + 8, 2 + 3)


def test_draw_ten_for_a_wiped_out_player_with_an_empty_player_deck():
    """§9.5: a player with no animals and an empty player deck receives 10 cards."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21)]), red=0, player_decks=[0, 0])
    assert s.turn == 2 and s.rows[1] == ()
    assert s.pdecks == (3, 10)


def test_draw_two_for_a_wiped_out_player_with_cards_left():
    """§9.5: a wiped-out player who still has player-deck cards draws 0 + 2."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21)]), red=0, player_decks=[0, 1])
    assert s.pdecks == (3, 3)


def test_draw_deals_one_at_a_time_from_the_first_player_until_the_deck_runs_out():
    """§9.5/§9.6: cards are dealt one at a time from the first player; when the deck runs out, the last turn begins."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21, food=1)]),
                red=0, first=1, current=1, deck=5, player_decks=[0, 0])
    # owed 3 each; dealt 1, 0, 1, 0, 1 from the first player (seat 1)
    assert s.pdecks == (2, 3) and s.deck_size == 0
    assert s.last_turn is True
    assert s.first == 0 and s.turn == 2


def test_first_player_passes_clockwise_each_turn():
    """§4/§9.7: the first player role passes one seat clockwise at the end of the turn."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21, food=1)]),
                S(3, 2, animals=[A(31, food=1)]), players=3, first=2, current=2, red=0)
    assert s.turn == 2 and s.first == 0 and to_move(s) == 0


def test_last_turn_scores_after_extinction_without_a_draw():
    """§10: after the last turn's extinction there is no draw; the game is scored."""
    s = feeding(S(1, 0, "large", animals=[A(11)]), S(2, 1, animals=[A(21, food=1)]),
                red=2, last_turn=True, player_decks=[3, 3])
    s, ev = play(s, TakeFood(11), TakeFood(11))
    assert s.phase == "over"
    assert s.pdecks == (3, 3)
    (go,) = of(ev, GameOver)
    assert go.scores == (2 + 2, 2) and go.winner == 0 and s.winner == 0


def test_empty_deck_after_draw_makes_the_next_turn_the_last():
    """§9.6/§10: the draw that empties the common deck makes the next turn the last."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21, food=1)]), red=0, deck=0)
    assert s.turn == 2 and s.last_turn is True and s.phase == "development"


# ==== §10 scoring, ranking =========================================================================================
def test_scoring_two_per_animal_one_per_trait_plus_need_bonus_once():
    """§10/README Q26: 2 per animal, 1 per trait card, plus its need bonus once (not per animal)."""
    s = dev(S(1, 0, "large", "running", pop=3), S(2, 0, "predator"), S(3, 1, "obligate_predator", "stomper", pop=2))
    # seat 0: 3 animals*2 + large (1+1) + running 1 ; 1 animal*2 + predator (1+1)
    # seat 1: 2 animals*2 + obligate predator (1+1) + stomper 1
    assert s.ruleset.scores(s) == (6 + 2 + 1 + 2 + 2, 4 + 2 + 1)
    assert evolab.scores(s) == s.ruleset.scores(s)


def test_scoring_follows_the_need_bonus_options():
    """§8.2/§8.3 options: the predator bonuses are food need and points."""
    s = dev(S(1, 0, "predator"), S(2, 1, "obligate_predator"),
            options={"predator_need_bonus": 0, "obligate_need_bonus": 2})
    assert s.ruleset.scores(s) == (2 + 1, 2 + 3)


def test_tie_broken_by_more_discards():
    """§10: equal points; more cards in the discard pile wins."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21, food=1)]),
                red=0, last_turn=True, discards=[2, 5])
    assert s.phase == "over" and s.winner == 1


def test_full_tie_goes_to_a_die_roll():
    """§10: equal points and discards; a dice roll decides."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21, food=1)]),
                red=0, last_turn=True, discards=[3, 3])
    assert s.phase == "tiebreak" and to_move(s) == CHANCE
    assert dict(chance_outcomes(s)) == {TieBreak(0): 1, TieBreak(1): 1}
    s, _ = apply(s, TieBreak(1))
    assert s.phase == "over" and s.winner == 1
    assert evolab.winners(s) == (1,)


# ==== §7.2, §7.3 compulsory feeding ==================================================================================
def test_feeding_is_compulsory_by_default():
    """§7.2 (README Q15): a player with a chip to take may not end his move without one."""
    s = feeding(S(1, 0, animals=[A(11)]), S(2, 1, animals=[A(21)]), red=3)
    assert EndMove() not in legal_actions(s)
    assert refused(s, EndMove()) == "rm.feeding.compulsory"


def test_shelter_is_a_compulsory_chip_too():
    """§7.2: a shelter is a chip; a fed player with a shelter to take must take it."""
    s = feeding(S(1, 0, animals=[A(11, food=1)]), S(2, 1, animals=[A(21)]), red=3, green=1)
    assert legal_actions(s) == [TakeShelter(11)]


def test_predator_must_attack_its_owners_species_when_nothing_else_is_left():
    """§7.2/§12.13: once no chip is left for him, an unfed predator whose only targets are his own species must attack."""
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 0, animals=[A(21)]),
                S(3, 1, "swimming", animals=[A(31)]), red=1)
    assert TakeFood(11) in legal_actions(s) and Attack(11, 2) in legal_actions(s)
    s, _ = apply(s, TakeFood(21))
    assert to_move(s) == 0                      # seat 1 has nothing to take and skips
    assert legal_actions(s) == [Attack(11, 2)]
    assert refused(s, EndMove()) == "rm.feeding.compulsory"


def test_feeding_ends_when_nobody_can_take_a_chip_or_attack():
    """§7.3: the phase ends when every player in turn would have to skip."""
    s = feeding(S(1, 0, animals=[A(11)]), S(2, 1, animals=[A(21, food=1)]), red=1, green=0)
    s, ev = apply(s, TakeFood(11))
    assert s.turn == 2 and s.phase == "development"
    assert deaths(ev) == {}


def test_voluntary_feeding_option_allows_passing_and_the_pass_is_not_final():
    """§7.2 option rm_feeding_voluntary: pass at any time; not final; a full circuit of passes ends feeding."""
    s = feeding(S(1, 0, animals=[A(11)]), S(2, 1, animals=[A(21), A(22)]), red=3,
                options={"rm_feeding_voluntary": True})
    assert EndMove() in legal_actions(s)
    s, _ = apply(s, EndMove())
    assert to_move(s) == 1 and s.red == 3
    s, _ = apply(s, TakeFood(21))
    assert to_move(s) == 0 and TakeFood(11) in legal_actions(s)      # seat 0's pass was not final
    s, _ = apply(s, EndMove())
    assert to_move(s) == 1 and s.turn == 1
    s, ev = apply(s, EndMove())                                       # two passes in a row: feeding ends
    assert s.turn == 2 and deaths(ev) == {11: "starved", 22: "starved"}


def test_voluntary_feeding_stomp_then_pass():
    """§12.11: with rm_feeding_voluntary a player may Stomp and pass."""
    s = feeding(S(1, 0, "stomper", animals=[A(11)]), S(2, 1, animals=[A(21)]), red=3,
                options={"rm_feeding_voluntary": True})
    s, _ = play(s, Stomp(1), EndMove())
    assert s.red == 2 and to_move(s) == 1 and s.animals[11].red == 0


# ==== §6 climate, §1 token supply ==================================================================================
def test_provisional_climate_table_two_players():
    """§6 PROVISIONAL (README Q13): 2 players: red 1 die + 2, green 1 die, black 1 die."""
    s = dev(S(1, 0), S(2, 1))
    s, _ = play(s, Pass(), Pass())
    assert dict(chance_outcomes(s)) == {RollFood(v): 1 for v in range(3, 9)}
    s, _ = apply(s, RollFood(3))
    assert dict(chance_outcomes(s)) == {RollShelter(v): 1 for v in range(1, 7)}
    s, _ = apply(s, RollShelter(6))
    assert dict(chance_outcomes(s)) == {RollParasites(v): 1 for v in range(1, 7)}


def test_provisional_climate_table_three_players_red_is_two_dice():
    """§6 PROVISIONAL: 3 players: red is 2 dice (2-12, triangular weights)."""
    s = dev(S(1, 0), S(2, 1), S(3, 2), players=3)
    s, _ = play(s, Pass(), Pass(), Pass())
    assert dict(chance_outcomes(s)) == {RollFood(v): 6 - abs(v - 7) for v in range(2, 13)}


def test_climate_table_option_replaces_the_table():
    """§6 data format: the climate table is a parameter (dice, bonus, cap) per colour and player count."""
    table = {2: {"red": [0, 4, 22], "green": [0, 2, 6], "black": [1, 0, 3]}}
    s = dev(S(1, 0), S(2, 1), options={"climate_table": table})
    s, _ = play(s, Pass(), Pass())
    assert dict(chance_outcomes(s)) == {RollFood(4): 1}
    s, _ = apply(s, RollFood(4))
    assert dict(chance_outcomes(s)) == {RollShelter(2): 1}
    s, _ = apply(s, RollShelter(2))
    assert dict(chance_outcomes(s)) == {RollParasites(1): 1, RollParasites(2): 1, RollParasites(3): 4}


def test_physical_supply_caps_red_at_the_box():
    """§1 option physical_supply: the centre holds at most 22 red tokens."""
    table = {2: {"red": [1, 30, 100], "green": [0, 0, 6], "black": [0, 0, 10]}}
    s = dev(S(1, 0), S(2, 1), options={"climate_table": table})
    s, _ = play(s, Pass(), Pass())
    assert dict(chance_outcomes(s)) == {RollFood(v): 1 for v in range(31, 37)}
    s = dev(S(1, 0), S(2, 1), options={"climate_table": table, "physical_supply": True})
    s, _ = play(s, Pass(), Pass())
    assert dict(chance_outcomes(s)) == {RollFood(22): 6}


def test_physical_supply_blue_award_lost_when_the_box_is_empty():
    """§1 option physical_supply: with all 16 blue tokens in play, a kill's blue award is lost."""
    full = [A(20 + k, blue=2) for k in range(8)]          # 8 Large animals holding 2 blue each = 16 blue
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "large", animals=full),
                S(3, 1, animals=[A(31)]), S(4, 1, animals=[A(41)]), options={"physical_supply": True})
    s, ev = apply(s, Attack(11, 3))
    assert s.animals[11].blue == 0
    assert [(e.animal, e.tokens) for e in of(ev, FoodLost)] == [(11, 2)]


def test_unlimited_blue_supply_by_default():
    """§1: blue tokens are unlimited by default."""
    full = [A(20 + k, blue=2) for k in range(8)]
    s = feeding(S(1, 0, "predator", animals=[A(11)]), S(2, 1, "large", animals=full), S(3, 1, animals=[A(31)]),
                S(4, 1, animals=[A(41)]))
    s, ev = apply(s, Attack(11, 3))
    assert s.animals[11].blue == 2


# ==== options: every provisional rule has its option ===================================================================
def test_provisional_rules_are_options_with_the_specified_defaults():
    """§2-§9 and README Q13-26: each provisional or uncertain rule is an option with the spec's default."""
    rs = evolab.load_ruleset(RM, players=2)
    o = rs.options
    expected = {
        "deck": None, "climate_table": None, "physical_supply": False, "unfit_trait_outcome": "new_species",
        "rm_feeding_voluntary": False, "parasite_move_enabled": True, "parasite_rule_enabled": True,
        "parasite_tie": "per_player", "large_blocks_small_predators": True, "predator_need_bonus": 1,
        "obligate_need_bonus": 1, "scavenger_priority": "attacked_player", "extremophile_extra_discard": True,
        "budding_rule": "disabled", "rm_burrowing_rule": "origin_like", "simplification_rule": "discard_one_trait",
        "divergence": False, "divergence_position": "right_end", "divergence_checks_cap": False,
    }
    assert {k: o[k] for k in expected} == expected
    specs = type(rs).option_specs
    for name in ("deck", "climate_table", "parasite_move_enabled", "parasite_rule_enabled", "parasite_tie",
                 "large_blocks_small_predators", "extremophile_extra_discard", "rm_burrowing_rule",
                 "simplification_rule"):
        assert specs[name].provisional, name
    assert rs.copies == tuple(9 if t in TEN else 0 for t in TRAIT_IDS)
    assert rs.total_cards == 90


def test_five_players_play_with_two_boxes():
    """§0: five or more players need two boxes (180 cards)."""
    rs = evolab.load_ruleset(RM, players=5)
    assert rs.total_cards == 180
    s = evolab.new_game(rs)
    assert s.deck_size == 180 - 5 * 10


def test_deck_option_sets_the_card_copies():
    """§2: the deck is data; the deck option gives Burrowing, Metabolic Syndrome and Simplification copies."""
    rs = evolab.load_ruleset(RM, players=2, deck=DECK_ALL)
    assert rs.total_cards == 99
    assert rs.copies[TRAIT_IDS.index("simplification")] == 3
    with pytest.raises(evolab.ScenarioError):
        pos(S(1, 0, "burrowing"), S(2, 1))          # 0 copies in the provisional deck


# ==== scenarios §3 Divergence ========================================================================================
def test_divergence_is_off_by_default():
    """scenarios §3: Divergence is an optional rule; without it a split is refused."""
    s = dev(S(1, 0, "large"), S(2, 1))
    assert all(a.mode != "diverge" for a in legal_actions(s) if isinstance(a, PlayCard))
    assert refused(s, PlayCard("diverge", 1)) == "rm.divergence-off"


DIV = {"divergence": True}


def test_daughter_inherits_all_parent_traits_with_population_one_at_the_right_end():
    """scenarios §3.1/§3.2: the daughter has all the parent's traits, population 1, at the right end; parent unchanged."""
    s = dev(S(1, 0, "large", "running", pop=2), S(2, 0), S(3, 1), options=DIV)
    s, ev = apply(s, PlayCard("diverge", 1))
    (d,) = [x for x in s.rows[0] if x not in (1, 2)]
    assert s.rows[0] == (1, 2, d)
    assert traits(s, d) == ("large", "running") and traits(s, 1) == ("large", "running")
    assert len(s.species[d].animals) == 1 and len(s.species[1].animals) == 2
    assert s.species[d].parent == 1
    assert s.pdecks == (6, 7)
    assert s.hidden == tuple(9 - (t in ("large", "running")) if t in TEN else 0 for t in TRAIT_IDS)   # face down
    assert [(e.parent, e.species, tuple(e.traits)) for e in of(ev, Speciation)] == [(1, d, ("large", "running"))]


def test_daughter_next_to_parent_option():
    """scenarios §3.2.1 option divergence_position=next_to_parent: the daughter sits right of its parent."""
    s = dev(S(1, 0, "large"), S(2, 0), S(3, 1), options={**DIV, "divergence_position": "next_to_parent"})
    s, _ = apply(s, PlayCard("diverge", 1))
    (d,) = [x for x in s.rows[0] if x not in (1, 2)]
    assert s.rows[0] == (1, d, 2)


def test_unfit_trait_reaches_the_daughter_after_every_older_species():
    """§12.15/scenarios §3.2.1: with the daughter at the right end an unfit trait moving right reaches it last."""
    s = dev(S(1, 0, "swimming"), S(2, 0, "large"), S(3, 1), options=DIV)
    s, _ = apply(s, PlayCard("diverge", 1))
    (d,) = [x for x in s.rows[0] if x not in (1, 2)]
    s, _ = apply(s, Pass())                       # seat 1
    s, ev = reveal(s, 2, "large")
    assert traits(s, d) == ("swimming", "large")
    assert of(ev, TraitRevealed)[0].outcome == "moved_right"


def test_next_to_parent_changes_where_an_unfit_trait_lands():
    """scenarios §3.2.1: with next_to_parent the daughter is left of species 2, so an unfit trait there cannot reach it."""
    s = dev(S(1, 0, "swimming"), S(2, 0, "large"), S(3, 1), options={**DIV, "divergence_position": "next_to_parent"})
    s, _ = play(s, PlayCard("diverge", 1), Pass())
    (d,) = [x for x in s.rows[0] if x not in (1, 2)]
    s, ev = reveal(s, 2, "large")
    assert traits(s, d) == ("swimming",)
    assert of(ev, TraitRevealed)[0].outcome == "new_species"


def test_daughter_takes_its_own_traits_while_the_parent_keeps_the_shared_set():
    """scenarios §3.2.2: each species keeps its own later traits; the parent does not get the daughter's."""
    s = dev(S(1, 0, "large"), S(2, 0), S(3, 1), options=DIV)
    s, _ = play(s, PlayCard("diverge", 1), Pass())
    (d,) = [x for x in s.rows[0] if x not in (1, 2)]
    s, _ = reveal(s, d, "swimming")
    assert traits(s, d) == ("large", "swimming")
    assert traits(s, 1) == ("large",)
    s, _ = reveal(s, 1, "running")
    assert traits(s, 1) == ("large", "running") and traits(s, d) == ("large", "swimming")


def test_daughter_inherited_trait_is_a_duplicate():
    """scenarios §3.2.5: a later trait that duplicates an inherited one is unfit for the daughter."""
    s = dev(S(1, 0, "large"), S(2, 1), options=DIV)
    s, _ = play(s, PlayCard("diverge", 1), Pass())
    (d,) = [x for x in s.rows[0] if x != 1]
    s, ev = reveal(s, d, "large")
    assert traits(s, d) == ("large",)
    assert of(ev, TraitRevealed)[0].outcome == "new_species"


def test_daughter_of_a_crowded_parent_can_take_traits():
    """scenarios §3.1/§3.2.3: the parent of population 2 cannot take traits; its daughter of population 1 can."""
    s = dev(S(1, 0, "large", pop=2), S(2, 0), S(3, 1), options=DIV)
    s, _ = play(s, PlayCard("diverge", 1), Pass())
    (d,) = [x for x in s.rows[0] if x not in (1, 2)]
    assert refused(s, PlayCard("trait", 1)) == "rm.trait-population"
    assert check(s, PlayCard("trait", d)) is None


def test_granddaughter_inherits_both_sets():
    """scenarios §3.1: a species created by a split can itself split again; the granddaughter has both sets."""
    s = dev(S(1, 0, "large"), S(2, 1), options=DIV)
    s, _ = play(s, PlayCard("diverge", 1), Pass())
    (d,) = [x for x in s.rows[0] if x != 1]
    s, _ = reveal(s, d, "swimming")
    s, ev = apply(s, PlayCard("diverge", d))
    (g,) = [x for x in s.rows[0] if x not in (1, d)]
    assert s.rows[0] == (1, d, g)
    assert traits(s, g) == ("large", "swimming")
    assert traits(s, d) == ("large", "swimming") and traits(s, 1) == ("large",)
    assert [(e.parent, e.species) for e in of(ev, Speciation)] == [(d, g)]
    s, _ = reveal(s, g, "running")
    assert traits(s, g) == ("large", "swimming", "running") and traits(s, d) == ("large", "swimming")


def test_shared_trait_card_scores_once():
    """scenarios §3.2.4: a trait card shared by parent and daughter scores once."""
    s = dev(S(1, 0, "large"), S(2, 1), options=DIV)
    s, _ = apply(s, PlayCard("diverge", 1))
    # 2 animals * 2 + Large once (1 + 1)
    assert s.ruleset.scores(s) == (4 + 2, 2)


def test_divergence_cap_option():
    """scenarios §3.2 option divergence_checks_cap: default no cap check; with it the split obeys the cap."""
    s = dev(S(1, 0, pop=2), S(2, 0), S(3, 1), options=DIV)
    assert refused(s, PlayCard("add_animal", 1)) == "rm.population-cap"
    assert check(s, PlayCard("diverge", 1)) is None
    s = dev(S(1, 0, pop=2), S(2, 0), S(3, 1), options={**DIV, "divergence_checks_cap": True})
    assert refused(s, PlayCard("diverge", 1)) == "rm.divergence-cap"
    assert check(s, PlayCard("diverge", 2)) is None


def play_turn(s, *dev_actions, feed=()):
    """From development: ``dev_actions`` then both pass, the climate (fixed by the table), ``feed``."""
    events = []
    s, ev = play(s, *dev_actions)
    events += ev
    while s.phase == "development" and to_move(s) != CHANCE:
        s, ev = apply(s, Pass())
        events += ev
    while to_move(s) == CHANCE and s.phase.startswith("climate"):
        (o, _), = chance_outcomes(s)
        s, ev = apply(s, o)
        events += ev
    s, ev = play(s, *feed)
    events += ev
    return s, events


def test_shared_set_stays_while_one_holder_lives():
    """scenarios §3.2.4: a shared set stays on the table while any species that inherits it is alive."""
    s = dev(S(1, 0, "large"), player_decks=[7, 0],
            options={**DIV, "climate_table": calm(2), "parasite_move_enabled": False})
    s, ev1 = play_turn(s, PlayCard("diverge", 1))
    (d,) = [x for x in s.rows[0] if x != 1]
    assert s.phase == "feeding"
    s, ev2 = play(s, TakeFood(s.species[d].animals[0]), TakeFood(s.species[d].animals[0]))
    # turn 1 ends: the parent (need 2) starved, the daughter is fed
    assert s.turn == 2 and 1 not in s.species
    assert traits(s, d) == ("large",)
    assert s.discards == (1, 0)                    # the parent's animal card only: the set still has a holder
    assert s.ruleset.scores(s)[0] == 2 + 2
    tree = descent_tree(ev1 + ev2)
    assert (1, d) in tree.edges
    assert tree.nodes[1]["fate"] == "extinct" and tree.nodes[d]["fate"] == "alive"


def test_shared_set_discarded_when_the_last_holder_dies():
    """scenarios §3.2.4/§9.3: the shared set goes to the discard pile when its last holder dies, not before."""
    s = dev(S(1, 0, "large"), player_decks=[7, 0],
            options={**DIV, "climate_table": calm(0), "food_schedule": [2, 0], "parasite_move_enabled": False})
    s, ev1 = play_turn(s, PlayCard("diverge", 1))
    (d,) = [x for x in s.rows[0] if x != 1]
    (da,) = s.species[d].animals
    s, ev2 = play(s, TakeFood(da), TakeFood(da))
    assert s.turn == 2 and s.rows[0] == (d,)
    assert len(s.sets) == 1 and s.discards[0] == 1
    # turn 2: no food; the daughter, last holder of the set, starves
    s, ev3 = play_turn(s)
    assert s.turn == 3 and s.rows[0] == ()
    assert s.sets == {}
    assert s.discards[0] == 1 + 1 + 1               # parent's card, daughter's card, the shared Large card
    tree = descent_tree(ev1 + ev2 + ev3)
    assert tree.nodes[1]["extinct_turn"] == 1 and tree.nodes[d]["extinct_turn"] == 2


def test_parent_and_daughter_dying_together_discard_the_shared_card_once():
    """scenarios §3.2.4: the shared card is one physical card; it is discarded once."""
    s = dev(S(1, 0, "large"), player_decks=[7, 0],
            options={**DIV, "climate_table": calm(0), "parasite_move_enabled": False})
    s, ev = play_turn(s, PlayCard("diverge", 1))
    assert s.turn == 2 and s.rows[0] == ()
    assert s.sets == {}
    assert s.discards == (2 + 1, 0)                # two animal cards and the one shared Large card
    assert len(of(ev, SpeciesExtinct)) == 2


def test_simplification_discarding_an_inherited_card_removes_it_from_the_lineage():
    """scenarios §3.2.4 + §8.13 (RULING): an inherited card is one physical card; discarded, every holder loses it."""
    s = dev(S(1, 0, "large", "running"), S(2, 1), options={**DIV, "deck": DECK_ALL})
    s, _ = play(s, PlayCard("diverge", 1), Pass())
    (d,) = [x for x in s.rows[0] if x != 1]
    s, _ = reveal(s, d, "simplification")
    assert to_move(s) == 0
    s, ev = apply(s, DiscardTrait(uid(s, d, "large")))
    assert traits(s, d) == ("running", "simplification")
    assert traits(s, 1) == ("running",)
    assert s.discards == (1, 0)


def test_descent_tree_from_speciation_events():
    """scenarios §3.3: Speciation events build the species tree (parent -> daughter -> granddaughter)."""
    s = dev(S(1, 0, "large"), S(2, 1), options=DIV)
    s, ev1 = play(s, PlayCard("diverge", 1), Pass())
    (d,) = [x for x in s.rows[0] if x != 1]
    s, ev2 = apply(s, PlayCard("diverge", d))
    (g,) = [x for x in s.rows[0] if x not in (1, d)]
    tree = descent_tree(ev1 + ev2)
    assert set(tree.edges) == {(1, d), (d, g)}
    assert tree.nodes[d]["traits"] == ["large"] and tree.nodes[g]["traits"] == ["large"]
    assert tree.nodes[g]["seat"] == 0


# ==== further checks ===================================================================================================
def test_no_food_on_a_fed_animal():
    """§7.1 RULING: a token may not be placed on an animal that is already fed."""
    s = feeding(S(1, 0, animals=[A(11, food=1), A(12)]), S(2, 1, animals=[A(21)]), red=3)
    assert refused(s, TakeFood(11)) == "rm.fed"
    assert legal_actions(s) == [TakeFood(12)]


def test_parasite_step_comes_before_starvation():
    """§9 steps 1-2: the parasite step kills first; an animal dying of parasites does not also starve."""
    s = feeding(S(1, 0, animals=[A(11, parasites=1)]), S(2, 1, animals=[A(21)]), red=1, current=1)
    s, ev = apply(s, TakeFood(21))
    assert deaths(ev) == {11: "parasites"}
    assert len(of(ev, Died)) == 1


def test_first_player_chosen_by_chance_starts_development():
    """§3.4/§4: the first player is chosen at random; every phase starts with him."""
    s = evolab.new_game(evolab.load_ruleset(RM, players=3))
    s, _ = apply(s, FirstPlayer(2))
    assert s.phase == "development" and to_move(s) == 2


def test_physical_supply_blue_cap_reached_in_play():
    """§1 option physical_supply: once 16 blue tokens are in play, a ninth kill's 2 blue tokens are lost."""
    preds = [A(100 + k) for k in range(9)]
    prey = [A(200 + k) for k in range(9)]
    grazers = [A(300 + k) for k in range(9)]
    s = feeding(S(1, 0, "predator", animals=preds), S(2, 1, animals=prey), S(3, 1, animals=grazers),
                red=20, options={"physical_supply": True})
    for k in range(9):
        s, ev = apply(s, Attack(100 + k, 2))
        if to_move(s) == 1 and s.choose_victim is not None:
            s, ev2 = apply(s, ChooseVictim(s.species[2].animals[0]))
            ev += ev2
        got = s.animals[100 + k].blue
        assert got == (2 if k < 8 else 0), k
        if k == 8:
            assert [(e.animal, e.tokens) for e in of(ev, FoodLost)] == [(108, 2)]
            break
        s, _ = apply(s, TakeFood(300 + k))
    assert sum(a.blue for a in s.animals.values()) == 16


def test_random_games_keep_the_cards_and_rules_consistent():
    """§1-§10: seeded random games end, every card is accounted for, every offered action is legal."""
    import random
    from evolab.rules.random_mutations.ruleset import validate_state
    for seed, players, opts in [(1, 2, {}), (2, 3, {"divergence": True, "deck": DECK_ALL}),
                                (3, 4, {"rm_feeding_voluntary": True, "parasite_tie": "per_species"})]:
        rng = random.Random(seed)
        rs = evolab.load_ruleset(RM, players=players, **opts)
        s = evolab.new_game(rs)
        for step in range(20000):
            if s.phase == "over":
                break
            who = to_move(s)
            if who == CHANCE:
                a = rs.sample_chance(s, rng)
            else:
                acts = legal_actions(s)
                assert acts, (seed, step, s.phase)
                a = rng.choice(acts)
                if not isinstance(a, EndMove) and rng.random() < 0.1:
                    assert all(check(s, b) is None for b in acts)
            s, _ = apply(s, a)
            validate_state(rs, s)
            assert all(len(sp.animals) >= 1 for sp in s.species.values())
        assert s.phase == "over", seed
        assert 0 <= s.winner < players
        assert s.deck_size == 0

"""The greedy bot feeds like a sensible player, in every edition: with k tokens to come it finishes as many
animals as k allows, never spreads food so that fewer are fed, and spends fat, sleep and its own animals
wisely. Each test sets up a table with ``evolab.scenario`` and lets the bot play the feeding phase.

The random bot stays uniformly random among the legal actions (the no-foresight baseline).
"""
from __future__ import annotations

import collections
import random

import pytest

import evolab
from evolab import Match, scenario
from evolab.bots import GreedyBot, RandomBot
from evolab.events import Died
from evolab.rules.hints import BotHints


def feed(state, seats=None, seed=0):
    """Play from ``state`` until its feeding phase is over; the events of the game so far."""
    n = state.ruleset.players
    m = Match(state.ruleset, seats=seats or [GreedyBot() for _ in range(n)], seed=seed, start=state,
              keep_events=True)
    while m.state.phase == "feeding" and not m.is_over():
        m.step()
    return m


def starved(m):
    return {e.animal: e.food for e in m.events if isinstance(e, Died) and e.cause == "starved"}


# ---- The Origin of Species ----------------------------------------------------------------------------
def origin(animals, food_bank, **extra):
    """Seat 0's animals against a rival with none (so the bank is all seat 0's)."""
    return scenario("origin", {"players": 2, "food_bank": food_bank, "animals": animals, **extra})


@pytest.mark.parametrize("seed", range(4))
def test_origin_two_tokens_finish_one_of_two_carnivores(seed):
    """Two carnivores needing 2 each, nothing to hunt, 2 tokens: one is fed, not two half-fed."""
    s = origin([{"id": 1, "traits": ["carnivorous"]}, {"id": 2, "traits": ["carnivorous"]},
                {"id": 3, "owner": 1, "traits": ["swimming"], "food": 1}], food_bank=2)
    m = feed(s, seed=seed)
    dead = starved(m)
    assert len(dead) == 1 and list(dead.values()) == [0]          # the other one ate both tokens


@pytest.mark.parametrize("seed", range(4))
def test_origin_three_tokens_finish_the_two_cheapest(seed):
    """Needs of 1, 2 and 2 with 3 tokens: two animals are fed (1 + 2), the third gets nothing."""
    s = origin([{"id": 1}, {"id": 2, "traits": ["high_body_weight"]}, {"id": 3, "traits": ["high_body_weight"]}],
               food_bank=3)
    dead = starved(feed(s, seed=seed))
    assert 1 not in dead and len(dead) == 1 and list(dead.values()) == [0]


@pytest.mark.parametrize("seed", range(4))
def test_origin_rivals_likely_takes_count(seed):
    """With a rival who will take his share, 3 tokens are not 3 for the bot: it finishes the animal it
    can (need 1) instead of starting the one needing 3 it cannot finish."""
    s = origin([{"id": 1, "traits": ["carnivorous", "high_body_weight"]}, {"id": 2},
                {"id": 3, "owner": 1, "traits": ["swimming"]}, {"id": 4, "owner": 1, "traits": ["swimming"]}],
               food_bank=3)
    m = feed(s, seed=seed)
    dead = starved(m)
    assert 2 not in dead and dead.get(1) == 0


@pytest.mark.parametrize("seed", range(4))
def test_origin_hungry_carnivore_eats_its_own_doomed_animal(seed):
    """The bank is empty and there is no rival prey: the carnivore eats its owner's animal that would starve
    anyway, so one of the two survives instead of none."""
    s = origin([{"id": 1, "traits": ["carnivorous"]}, {"id": 2},
                {"id": 3, "owner": 1, "traits": ["swimming"], "food": 1}], food_bank=0)
    m = feed(s, seed=seed)
    assert 1 in m.state.animals and 2 not in m.state.animals and not starved(m)


def test_origin_no_cannibalism_when_both_can_be_fed():
    """The bank can finish both: the carnivore does not eat its owner's animal."""
    s = origin([{"id": 1, "traits": ["carnivorous"], "food": 1}, {"id": 2},
                {"id": 3, "owner": 1, "traits": ["swimming"], "food": 1}], food_bank=2)
    m = feed(s)
    assert {1, 2} <= set(m.state.animals) and not starved(m)


@pytest.mark.parametrize("seed", range(4))
def test_origin_sleeps_the_animal_it_cannot_feed(seed):
    """One token, a big animal that could hibernate and a small one: the small one eats, the big one sleeps."""
    s = origin([{"id": 1, "traits": ["high_body_weight", "hibernation"]}, {"id": 2}], food_bank=1)
    m = feed(s, seed=seed)
    assert m.state.animals[1].hibernating and 2 in m.state.animals and not starved(m)


@pytest.mark.parametrize("seed", range(4))
def test_origin_burns_fat_and_leaves_the_bank_to_the_others(seed):
    """An animal that can live on its own fat does not take the bank's only token from a hungry neighbour."""
    s = origin([{"id": 1, "traits": ["high_body_weight", "fat_tissue", "fat_tissue"], "fat": 2}, {"id": 2}],
               food_bank=1)
    m = feed(s, seed=seed)
    assert {1, 2} <= set(m.state.animals) and not starved(m)


@pytest.mark.parametrize("seed", range(4))
def test_origin_keeps_fat_while_the_bank_can_feed(seed):
    """Plenty of food and no rival: the bot eats from the bank and keeps its fat for a leaner turn."""
    s = origin([{"id": 1, "traits": ["fat_tissue"], "fat": 1}], food_bank=3)
    m = feed(s, seed=seed)
    assert m.state.animals[1].fat == 1 and not starved(m)


@pytest.mark.parametrize("seed", range(4))
def test_origin_no_kill_for_a_carnivore_that_would_starve_anyway(seed):
    """A carnivore with a Parasite needs 4; a kill gives 2 and the bank is empty: the meat would be wasted,
    so it does not hunt."""
    s = origin([{"id": 1, "traits": ["carnivorous", "parasite"]}, {"id": 2, "owner": 1, "food": 1}], food_bank=0)
    m = feed(s, seed=seed)
    assert 2 in m.state.animals and starved(m) == {1: 0}


@pytest.mark.parametrize("seed", range(3))
def test_origin_protector_before_its_symbiont(seed):
    """Three tokens, a protector needing 3 and its Symbiosis partner needing 1 (which may eat only after its
    protector is fed): the protector gets the three, rather than both starving while food is left."""
    s = origin([{"id": 1, "traits": ["parasite"]}, {"id": 2}], food_bank=3,
               links=[{"trait": "symbiosis", "protector": 1, "protected": 2}])
    m = feed(s, seed=seed)
    assert 1 in m.state.animals and starved(m) == {2: 0}


@pytest.mark.parametrize("seed", range(8))
def test_origin_no_carnivore_on_an_animal_the_kill_cannot_feed(seed):
    """A rival's Parasite makes an animal need 3; as a carnivore it would need 4, two more than its kill gives,
    and the expected food cannot carry that: Carnivorous goes on the animal a kill feeds (need 1 + 1)."""
    s = scenario("origin", {"players": 2, "phase": "development", "hands": [["hibernation/carnivorous"], ["swimming"]],
                            "animals": [{"id": 1, "traits": ["parasite"]}, {"id": 2}, {"id": 3, "owner": 1},
                                        {"id": 4, "owner": 1}]})
    legal = evolab.legal_actions(s)
    assert any(type(a).__name__ == "PlayTrait" and a.trait == "carnivorous" and a.animal == 1 for a in legal)
    a = GreedyBot().choose(evolab.observe(s, 0), legal, random.Random(seed))
    assert (type(a).__name__, a.trait, a.animal) == ("PlayTrait", "carnivorous", 2), a


# ---- Random Mutations -------------------------------------------------------------------------------
def rm(species, red=0, green=0, black=0, **extra):
    """Seat 0's species against a rival with none (so the centre is all seat 0's)."""
    return scenario("random_mutations", {"players": 2, "red": red, "green": green, "black": black,
                                          "species": species, **extra})


@pytest.mark.parametrize("seed", range(6))
def test_rm_two_tokens_finish_one_of_two_large_animals(seed):
    """Two Large animals needing 2 each, 2 red tokens: one is fed, not two half-fed."""
    s = rm([{"id": 1, "traits": ["large"], "animals": [{"id": 11}]},
            {"id": 2, "traits": ["large"], "animals": [{"id": 21}]}], red=2)
    dead = starved(feed(s, seed=seed))
    assert len(dead) == 1 and list(dead.values()) == [0]


@pytest.mark.parametrize("seed", range(6))
def test_rm_three_tokens_finish_the_two_cheapest(seed):
    """Needs of 1, 2 and 2 with 3 red tokens: the plain animal and one Large animal are fed."""
    s = rm([{"id": 1, "animals": [{"id": 11}]}, {"id": 2, "traits": ["large"], "animals": [{"id": 21}]},
            {"id": 3, "traits": ["large"], "animals": [{"id": 31}]}], red=3)
    dead = starved(feed(s, seed=seed))
    assert 11 not in dead and len(dead) == 1 and list(dead.values()) == [0]


@pytest.mark.parametrize("seed", range(4))
def test_rm_a_large_hunter_eats_from_the_centre_before_its_kill(seed):
    """A Large Predator needs 3: the kill gives 2, so the one red token goes to it (not to the plain
    animal, which the token alone would feed), and it is fed instead of left at 2 of 3."""
    s = rm([{"id": 1, "traits": ["predator", "large"], "animals": [{"id": 11}]},
            {"id": 2, "animals": [{"id": 21}]},
            {"id": 3, "owner": 1, "animals": [{"id": 31}]}], red=1)
    m = feed(s, seed=seed)
    dead = starved(m)
    assert 11 in m.state.animals and all(food == 0 for food in dead.values())


@pytest.mark.parametrize("seed", range(6))
def test_rm_parasites_take_the_animal_that_starves_anyway(seed):
    """Parasites kill one animal of the species: the owner gives up the unfed one, not the fed hunter."""
    s = rm([{"id": 1, "traits": ["obligate_predator"],
             "animals": [{"id": 11, "fed_by_kill": True, "attacked": True, "parasites": 1},
                         {"id": 12, "attacked": True}]}])
    m = feed(s, seed=seed)
    while m.state.phase == "parasites":
        m.step()
    assert 11 in m.state.animals and 12 not in m.state.animals


# ---- North Star ---------------------------------------------------------------------------------------
# Each individual needs one food, so no token is ever half-used; the equivalent of finishing an animal is
# saving a species: one with no food at the end of feeding dies out whole (board, Body Size, traits).
def ns(species, watering=0, **extra):
    return scenario("northstar", {"players": 2, "watering": watering, "species": species, **extra})


@pytest.mark.parametrize("seed", range(6))
def test_ns_two_plants_save_two_species_not_one(seed):
    """Two plants, three hungry species of which two have no food: both of those eat, so none dies out."""
    s = ns([{"id": 1, "pop": 3, "food": 1}, {"id": 2, "pop": 2}, {"id": 3, "pop": 1},
            {"id": 4, "owner": 1, "pop": 1, "food": 1}], watering=2)
    m = feed(s, seed=seed)
    assert {1, 2, 3} <= set(m.state.species)


@pytest.mark.parametrize("seed", range(4))
def test_ns_cooperation_passes_the_plant_to_a_species_with_none(seed):
    """One plant: the Cooperation species eats, and the plant it passes on saves its right-hand neighbour."""
    s = ns([{"id": 1, "pop": 2, "food": 1}, {"id": 2, "pop": 2, "food": 1, "traits": ["cooperation"]},
            {"id": 3, "pop": 1}, {"id": 4, "owner": 1, "pop": 1, "food": 1}], watering=1)
    m = feed(s, seed=seed)
    assert {1, 2, 3} <= set(m.state.species)


def test_ns_no_carnivore_without_prey():
    """A Carnivore card is not played on a species too small to attack anything on the table: it could not
    eat at all (the need for meat the table cannot give)."""
    s = ns([{"id": k, "body": 6} for k in (1, 2, 3)] + [{"id": 4, "owner": 1, "body": 6}],
           phase="play_cards", hands=[["carnivore:3"], []])
    legal = evolab.legal_actions(s)
    assert any(type(a).__name__ == "PlaceTrait" for a in legal)
    for seed in range(8):
        a = GreedyBot().choose(evolab.observe(s, 0), legal, random.Random(seed))
        assert type(a).__name__ != "PlaceTrait", a


# ---- the tracker's feeding measure ----------------------------------------------------------------------
def test_tracker_records_a_partly_fed_animal_and_its_wasted_food():
    """Nothing left to eat: a carnivore with 1 of its 2 tokens and a heavy animal with only a fat token (too
    little to burn into a meal) starve: one partly fed animal, 2 tokens wasted, in the seat's row and the
    turn's; the deaths rows carry the food and the fat."""
    s = origin([{"id": 1, "traits": ["carnivorous"], "food": 1},
                {"id": 2, "traits": ["high_body_weight", "fat_tissue", "swimming"], "fat": 1},
                {"id": 3, "owner": 1, "traits": ["swimming"], "food": 1}], food_bank=0)
    tracker = evolab.Tracker()
    m = Match(s.ruleset, seats=["greedy", "greedy"], seed=1, start=s, observers=[tracker])
    while m.state.turn == 1 and not m.is_over():
        m.step()
    seat0 = [r for r in tracker.rows("seats") if r["turn"] == 1 and r["seat"] == 0][0]
    turn1 = [r for r in tracker.rows("turns") if r["turn"] == 1][0]
    assert (seat0["starved"], seat0["partly_fed"], seat0["food_wasted"]) == (2, 1, 2)
    assert (turn1["starved"], turn1["partly_fed"], turn1["food_wasted"]) == (2, 1, 2)
    deaths = {r["animal"]: (r["cause"], r["food"], r["fat"]) for r in tracker.rows("deaths")}
    assert deaths == {1: ("starved", 1, 0), 2: ("starved", 0, 1)}


@pytest.mark.parametrize("edition", ["origin", "random_mutations", "northstar"])
def test_tracker_feeding_columns_add_up(edition):
    """Per turn the seats' rows add up to the turn's row, and both agree with the deaths table."""
    batch = evolab.run_batch(edition, grid={"players": [3]}, reps=4, seed=3, bots="greedy,random,random",
                             progress=False, tables=("turns", "seats", "deaths"))
    seats, turns = batch.rows("seats"), batch.rows("turns")
    by_turn = collections.defaultdict(lambda: [0, 0, 0, 0])
    for r in seats:
        assert 0 <= r["partly_fed"] <= r["starved"] and r["food_wasted"] >= r["partly_fed"]
        acc = by_turn[r["game"], r["turn"]]
        for i, k in enumerate(("starved", "partly_fed", "food_wasted", "food_eaten")):
            acc[i] += r[k]
    for r in turns:
        assert by_turn[r["game"], r["turn"]] == [r["starved"], r["partly_fed"], r["food_wasted"], r["food_eaten"]]
    starved = [d for d in batch.rows("deaths") if d["cause"] == "starved"]
    assert sum(r["partly_fed"] for r in turns) == sum(1 for d in starved if d["food"] > 0)
    assert sum(r["food_wasted"] for r in turns) == sum(d["food"] + d["fat"] for d in starved)
    if edition == "northstar":                 # an individual needs one token: none is ever partly fed
        assert sum(r["food_wasted"] for r in turns) == 0


@pytest.mark.parametrize("edition", ["origin", "random_mutations"])
def test_greedy_feeds_better_than_random_in_a_small_seeded_run(edition):
    """30 seeded two-player games each: of the animals that starved, greedy bots had partly fed fewer than 10%,
    fewer than random bots did (the measurement over 500 games is benchmarks/bots.py)."""
    share = {}
    for bot in ("greedy", "random"):
        b = evolab.run_batch(edition, grid={"players": [2]}, reps=30, seed=14, bots=bot, progress=False,
                             tables=("turns",))
        rows = b.rows("turns")
        share[bot] = sum(r["partly_fed"] for r in rows) / sum(r["starved"] for r in rows)
    assert share["greedy"] < 0.10 and share["greedy"] < share["random"]


def test_random_bot_stays_uniform_over_legal_actions():
    """RandomBot picks each legal action equally often: the feeding baseline has no foresight."""
    s = origin([{"id": 1, "traits": ["carnivorous"]}, {"id": 2, "traits": ["carnivorous"]}, {"id": 3},
                {"id": 4, "owner": 1, "traits": ["swimming"], "food": 1}], food_bank=2)
    legal = evolab.legal_actions(s)
    view = evolab.observe(s, 0)
    rng = random.Random(5)
    counts = collections.Counter(RandomBot().choose(view, legal, rng) for _ in range(6000))
    assert set(counts) == set(legal)
    expected = 6000 / len(legal)
    assert all(abs(c - expected) < 0.15 * expected for c in counts.values())


class _Compared(GreedyBot):
    """Checks at every decision that scoring all legal actions together gives each one's own value."""

    picks_from_legal = True
    checked = 0

    def pick(self, view, legal, rng):
        hints = view.ruleset.edition.bot_hints
        if len(legal) > 1:
            together = hints.greedy_scores(hints.greedy_context(view, legal, 7), legal)
            one_by_one = [hints.greedy_values.get(type(a), lambda c, a: 0.0)(hints.greedy_context(view, legal, 7), a)
                          for a in legal]
            assert together == one_by_one
            type(self).checked += len(legal)
        return super().pick(view, legal, rng)


def test_greedy_scores_together_equal_one_by_one():
    """Many carnivores and much prey (the Heredity predation preset): the batch scoring of attacks changes no value."""
    from evolab import heredity
    rs = heredity.load("predation", generations=4)
    for seed in range(2):
        Match(rs, seats=[_Compared(), _Compared()], seed=seed).play_out()
    assert _Compared.checked > 1000


@pytest.mark.parametrize("rid, options", [("origin", {}), ("origin", {"scenario": "equilibrium"}),
                                          ("origin", {"scenario": "fatality"}), ("random_mutations", {}),
                                          ("northstar", {})])
def test_greedy_scores_together_equal_one_by_one_in_every_edition(rid, options):
    """Each edition's ``greedy_scores`` (the one-by-one default, and North Star's Play Cards scored in one loop)
    gives every legal action its own rule's value, in games of two and four players."""
    before = _Compared.checked
    for players in (2, 4):
        rs = evolab.load_ruleset(rid, players=players, **options)
        seats = [_Compared(trait_card_rate=0.5 if s % 2 else None) for s in range(players)]
        Match(rs, seats=seats, seed=players).play_out()
    assert _Compared.checked - before > 1000


class _BestCompared(GreedyBot):
    """Checks at every decision that the edition's ``greedy_best`` (which may skip actions that cannot win)
    finds the same actions as taking every value from ``greedy_scores``, on the legal list and on a shuffled
    part of it (as the lookahead bot offers)."""

    picks_from_legal = True
    checked = 0

    def pick(self, view, legal, rng):
        hints = view.ruleset.edition.bot_hints
        if len(legal) > 1:
            shuffled = list(legal)
            random.Random(len(legal) + type(self).checked).shuffle(shuffled)
            for actions in (legal, shuffled[:max(2, len(legal) // 2)], shuffled):
                reference = BotHints.greedy_best(hints, hints.greedy_context(view, actions, 7), actions)
                assert hints.greedy_best(hints.greedy_context(view, actions, 7), actions) == reference
            type(self).checked += 1
        return super().pick(view, legal, rng)


@pytest.mark.parametrize("rid, options", [("origin", {}), ("origin", {"scenario": "equilibrium"}),
                                          ("origin", {"scenario": "fatality"}),
                                          ("origin", {"heredity": True, "generations": 3}),
                                          ("random_mutations", {}), ("northstar", {})])
def test_greedy_best_finds_the_actions_every_value_would(rid, options):
    """The greedy bot's shortcut (values that need the feeding plan last, actions whose bound cannot reach the
    best left out) chooses among exactly the actions that valuing every legal action gives, in games of two
    and four players."""
    before = _BestCompared.checked
    for players in (2, 4):
        rs = evolab.load_ruleset(rid, players=players, **options)
        seats = [_BestCompared(trait_card_rate=0.5 if s % 2 else None) for s in range(players)]
        Match(rs, seats=seats, seed=players + 10).play_out()
    assert _BestCompared.checked - before > 100


def test_greedy_best_finds_the_actions_every_value_would_among_many_attacks():
    """The Heredity predation preset (many carnivores, much prey, attacks that tie): the same check."""
    from evolab import heredity
    rs = heredity.load("predation", generations=3)
    Match(rs, seats=[_BestCompared(), _BestCompared()], seed=3).play_out()
    assert _BestCompared.checked > 500

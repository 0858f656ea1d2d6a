"""The *Fatality* and *Equilibrium* scenarios of *The Origin of Species* (``shared/rules/scenarios.md`` §1-§2).

Every rule that differs from the base game has its own test, named after the section of the spec; then
conformance over both scenarios (random and greedy games, records, tracker, batches, the board, the CLI).
Open questions 35 (Fatality food table, provisional) and 36 (Equilibrium end) of ``rules/README.md`` are
the two options ``fatality_food_table`` and ``equilibrium_end``.
"""
from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys
from collections import Counter

import pytest

import evolab
from evolab import (CHANCE, TERMINAL, Draw, EndMove, FirstPlayer, GameRecord, Hibernate, IllegalActionError,
                    Match, Pass, PlayAnimal, PlayTrait, RollFood, TakeFood, TieBreak, apply, chance_outcomes,
                    check, is_over, legal_actions, load_ruleset, new_game, to_move)
from evolab.actions import ChooseCard
from evolab.bots import GreedyBot, RandomBot
from evolab.events import GameOver, PhaseStarted
from evolab.rules.origin.deck import CARDS, DECK_LIST
from evolab.rules.origin.traits import POINTS, TRAIT_IDS

ROOT = pathlib.Path(__file__).resolve().parents[1]
PLAYER_COUNTS = (2, 3, 4, 6)
SCENARIOS = ("fatality", "equilibrium")
CARD_IDS = tuple(c.id for c in CARDS)
NOT_A_CARD = "dodo"
MADE_UP_ID = 9_999
SWIMMING = "swimming"


def rs_of(players, scenario, **options):
    return load_ruleset("origin", players=players, scenario=scenario, **options)


def rule_of(state, action):
    v = check(state, action)
    return None if v is None else v.rule


# ---- a scripted driver: chance outcomes and players' choices picked by the test ------------------
def default_chance(state, rng):
    """Deals at random (seeded); seat 0 starts; the food bank is its largest roll; seat 0 wins dice ties."""
    outs = chance_outcomes(state)
    kind = type(outs[0][0])
    if kind is Draw:
        return state.ruleset.sample_chance(state, rng)
    if kind is FirstPlayer:
        return FirstPlayer(0)
    if kind is RollFood:
        return max((o for o, _ in outs), key=lambda o: o.food)
    if kind is TieBreak:
        return outs[0][0]
    return state.ruleset.sample_chance(state, rng)     # attack dice: not used by the scripted players


def drive(state, player, until, chance=default_chance, seed=0, limit=20_000, log=None):
    """Apply moves until ``until(state)`` (checked before every move) or the game ends."""
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state) or is_over(state):
            return state
        if log is not None:
            log.append((state.turn, state.phase))
        if to_move(state) == CHANCE:
            move = chance(state, rng)
        else:
            move = player(state, legal_actions(state))
        state, _ = apply(state, move)
    raise AssertionError("the scripted game did not reach its goal")


def first_legal(state, legal):
    return legal[0]


def animals_then_pass(state, legal):
    """Play every card as an animal; in feeding, end every move without eating."""
    for a in legal:
        if isinstance(a, (PlayAnimal, ChooseCard)):
            return a
    return Pass() if Pass() in legal else EndMove()


def phase_is(*phases):
    return lambda s: s.phase in phases


# =================================================================================================
# 1. Fatality
# =================================================================================================
FATALITY_DEAL = {  # players: (cards each, cards removed unseen, deck size)
    2: (42, 0, 84), 3: (28, 0, 84), 4: (21, 0, 84),
    5: (33, 3, 168), 6: (28, 0, 168), 7: (24, 0, 168), 8: (21, 0, 168),
}


@pytest.mark.parametrize("players", sorted(FATALITY_DEAL))
def test_fatality_deals_every_card_equally_and_removes_the_rest(players):
    """§1.1.2: all cards dealt equally (2p 42, 3p 28, 4p 21; two decks: 5p 33 + 3 removed, 6p 28, 7p 24, 8p 21)."""
    each, removed, size = FATALITY_DEAL[players]
    rs = rs_of(players, "fatality")
    assert len(rs.deck) == size
    s = new_game(rs)
    assert s.phase == "deal"
    s = drive(s, first_legal, phase_is("first_player"), seed=players)
    assert [len(h) for h in s.hands] == [each] * players
    assert s.removed == removed
    assert s.deck_size == 0 and sum(s.deck) == 0
    assert s.card_total() == size
    # the cards dealt and the cards removed make up the deck exactly
    dealt = Counter(c for h in s.hands for c in h)
    full = Counter(c.id for c in rs.deck)
    assert all(dealt[c] <= full[c] for c in full)
    assert sum((full - dealt).values()) == removed


def fatality_to_development(players=2, food=None, seed=0, **options):
    rs = rs_of(players, "fatality", **options)
    chance = default_chance
    if food is not None:
        def chance(state, rng):
            return RollFood(food) if state.phase == "food" else default_chance(state, rng)
    return drive(new_game(rs), first_legal, phase_is("development"), chance=chance, seed=seed)


def test_fatality_rolls_the_food_bank_before_development_and_not_again():
    """§1.2.1: the food bank is determined first; feeding then starts with that bank, without another roll."""
    rs = rs_of(2, "fatality")
    s = drive(new_game(rs), first_legal, phase_is("first_player"))
    assert {o for o, _ in chance_outcomes(s)} == {FirstPlayer(0), FirstPlayer(1)}, "§1.1.1: first player at random"
    s, _ = apply(s, FirstPlayer(1))
    assert s.phase == "food" and to_move(s) == CHANCE
    assert s.last_turn, "Fatality is one turn: the first turn is the last"
    assert {o.food for o, _ in chance_outcomes(s)} == set(range(3, 9))
    s, _ = apply(s, RollFood(5))
    assert s.phase == "development" and s.food_bank == 5 and s.rolled
    assert to_move(s) == 1, "the first player plays first"
    log = []
    s = drive(s, animals_then_pass, phase_is("feeding"), log=log)
    assert {p for _, p in log} == {"development"}, "no other phase (no second roll) between development and feeding"
    assert s.food_bank == 5
    assert to_move(s) == 1 and chance_outcomes(s) == (), "feeding starts with the first player, no roll"
    assert TakeFood(s.animals_of(1)[0].id) in legal_actions(s)


def test_fatality_phase_order_is_food_development_feeding_then_the_end():
    """§1.2: one turn, in the order food bank, development, feeding, extinction; there is no draw phase."""
    rs = rs_of(3, "fatality")
    log = []
    final = drive(new_game(rs), first_legal, lambda s: False, log=log, seed=3)
    phases = [p for i, (_, p) in enumerate(log) if i == 0 or log[i - 1][1] != p]
    if "tiebreak" in phases:
        phases.remove("tiebreak")
    assert phases == ["deal", "first_player", "food", "development", "feeding"]
    assert final.phase == "over" and final.turn == 1
    assert {t for t, _ in log} == {1}


@pytest.mark.parametrize("players", [2, 5])
def test_fatality_cannot_pass_while_holding_cards(players):
    """§1.2.2: a player cannot pass while he holds cards: Pass is refused and not offered."""
    s = fatality_to_development(players)
    seat = to_move(s)
    assert s.hands[seat]
    assert Pass() not in legal_actions(s)
    assert rule_of(s, Pass()) == "origin.fatality.no-pass"
    with pytest.raises(IllegalActionError) as e:
        apply(s, Pass())
    assert e.value.rule == "origin.fatality.no-pass"
    # after playing cards the rule still holds for every card left; the same table in the base game may pass
    s, _ = apply(s, PlayAnimal(s.hands[seat][0]))
    assert rule_of(s, Pass()) == "origin.fatality.no-pass"
    base = load_ruleset("origin", players=players)
    assert check(base.with_ruleset(s, base), Pass()) is None


def test_fatality_every_card_is_played_hands_empty_at_feeding():
    """§1.2.2 RULING: the phase always ends with empty hands (a card with no use as a trait is an animal)."""
    rng = random.Random(4)
    s = fatality_to_development(2)
    while s.phase == "development":
        legal = legal_actions(s)
        assert Pass() not in legal
        assert any(isinstance(a, PlayAnimal) for a in legal), "playing as an animal is always legal"
        s, _ = apply(s, rng.choice(legal))
    assert s.phase == "feeding"
    assert s.hands == [[], []]
    on_table = s.cards_on_table()
    assert on_table == 84 - s.removed
    assert sum(s.played) == 84


def _fatality_with_hibernator(players=2):
    """Fatality feeding where the mover has an unfed animal with Hibernation Ability."""
    s = fatality_to_development(players, food=3)

    def dev(state, legal):
        seat = to_move(state)
        mine = state.animals_of(seat)
        if mine and not any(a.has("hibernation") for a in mine):
            for a in legal:
                if isinstance(a, PlayTrait) and a.trait == "hibernation":
                    return a
        for a in legal:
            if isinstance(a, PlayAnimal):
                return a
        return EndMove()

    s = drive(s, dev, phase_is("feeding"))
    seat = to_move(s)
    hib = [a for a in s.animals_of(seat) if a.has("hibernation") and not a.is_fed()]
    return s, hib


def test_fatality_hibernation_cannot_be_used():
    """§1.2.3: in feeding, the Hibernation Ability cannot be used (the only turn is the last)."""
    s, hib = None, []
    for players in (2, 3, 4):
        s, hib = _fatality_with_hibernator(players)
        if hib:
            break
    assert hib, "no hibernating animal could be built: the test would prove nothing"
    a = hib[0]
    v = check(s, Hibernate(a.id))
    assert v is not None and v.rule.startswith("origin.hibernation") and v.rule != "origin.hibernation"
    assert Hibernate(a.id) not in legal_actions(s)
    with pytest.raises(IllegalActionError):
        apply(s, Hibernate(a.id))
    # control: the same animal could hibernate if this were not the last (only) turn
    t = s.clone()
    t.last_turn = False
    assert check(t, Hibernate(a.id)) is None


def expected_scores(s):
    """§11.2 of the base game, counted afresh: 2 per animal, 1 per trait card plus its bonus, 1 per pair card."""
    pts = [0] * s.players
    for a in s.animals.values():
        pts[a.owner] += 2 + sum(1 + POINTS[c.trait] for c in a.cards)
    for link in s.links.values():
        pts[s.animals[link.a].owner] += 1
    return tuple(pts)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_fatality_scores_and_ranks_as_usual(players, seed):
    """§1.2.4: extinction as in the base game, no draw; score and rank by points, then discards, then dice."""
    m = Match(rs_of(players, "fatality"), seats=[GreedyBot() for _ in range(players)], seed=seed,
              keep_events=True)
    m.play_out()
    s = m.state
    assert s.phase == "over" and s.turn == 1
    assert all(a.is_fed() for a in s.animals.values()), "unfed animals died in the extinction"
    assert sum(s.discards) > 0, "the normal table starves animals in Fatality: some must have died"
    assert evolab.scores(s) == expected_scores(s)
    sc = expected_scores(s)
    ranking = s.ruleset.ranking(s)
    assert sorted(ranking) == list(range(players))
    assert ranking[0] == s.winner
    best = max(sc)
    tops = [i for i in range(players) if sc[i] == best]
    most = max(s.discards[i] for i in tops)
    assert s.winner in [i for i in tops if s.discards[i] == most]
    rest = ranking[1:]
    assert [(-sc[i], -s.discards[i]) for i in rest] == sorted((-sc[i], -s.discards[i]) for i in rest)
    assert isinstance(m.events[-1], GameOver) and m.events[-1].scores == sc
    # no draw: after the food roll no card is dealt again, and no card is left anywhere but the table
    rolled = next(i for i, e in enumerate(m.events) if type(e).__name__ == "FoodBankRolled")
    assert not any(type(e).__name__ == "CardDealt" for e in m.events[rolled:])
    assert sum(type(e).__name__ == "CardDealt" for e in m.events) == FATALITY_DEAL[players][0] * players
    assert all(not h for h in s.hands)


def test_fatality_food_table_option_replaces_the_dice_only_in_fatality():
    """§1.3 (open question 35): provisional ``fatality_food_table``; null = normal table; Fatality only."""
    spec = load_ruleset("origin").option_specs["fatality_food_table"]
    assert spec.provisional and spec.default is None
    two_dice = {t: w for t, w in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 5), (9, 4), (10, 3),
                                  (11, 2), (12, 1))}

    def food_outcomes(rs):
        s = drive(new_game(rs), first_legal, phase_is("food"))
        return {o.food: w for o, w in chance_outcomes(s)}

    assert food_outcomes(rs_of(2, "fatality", fatality_food_table={2: [2, 0]})) == two_dice
    assert food_outcomes(rs_of(2, "fatality")) == {t: 1 for t in range(3, 9)}
    # the replacement does not touch the base game, Equilibrium, or player counts it does not list
    assert set(load_ruleset("origin", players=2, fatality_food_table={2: [2, 0]}).food_outcomes_at(1)) == \
        set(load_ruleset("origin", players=2).food_outcomes_at(1))
    assert food_outcomes(rs_of(2, "equilibrium", fatality_food_table={2: [2, 0]})) == {t: 1 for t in range(3, 9)}
    four = food_outcomes(rs_of(4, "fatality", fatality_food_table={2: [2, 0]}))
    assert min(four) == 4 and max(four) == 14
    with pytest.raises(evolab.OptionError):
        rs_of(2, "fatality", fatality_food_table={2: "lots"})


# =================================================================================================
# 2. Equilibrium
# =================================================================================================
def pool_counter():
    return Counter({c.id: (2 if c.id == SWIMMING else 1) for c in CARDS})


EQUILIBRIUM_REMOVED = {2: 42, 3: 21, 4: 0, 5: 63, 6: 42, 7: 21, 8: 0}


@pytest.mark.parametrize("players", sorted(EQUILIBRIUM_REMOVED))
def test_equilibrium_gene_pools(players):
    """§2.1-§2.2.1: each gene pool is 2 Swimming + 1 of each other 19 kinds (21); one deck 2-4, two 5-8."""
    rs = rs_of(players, "equilibrium")
    assert len(rs.deck) == (84 if players <= 4 else 168)
    assert len(DECK_LIST) == 20 and sum(1 for c in CARDS if c.id != SWIMMING) == 19
    s = new_game(rs)
    assert s.phase == "choose" and s.pools is not None and len(s.pools) == players
    for pool in s.pools:
        assert len(pool) == 21
        assert Counter(pool) == pool_counter()
    assert s.hands == [[] for _ in range(players)]
    assert s.deck_size == 0
    assert s.removed == EQUILIBRIUM_REMOVED[players]
    assert s.card_total() == len(rs.deck)
    if players in (4, 8):
        assert Counter(c for p in s.pools for c in p) == Counter(c.id for c in rs.deck)


def test_equilibrium_other_scenarios_have_no_pools():
    """§2.2.1: gene pools exist only in Equilibrium."""
    assert new_game(load_ruleset("origin", players=2)).pools is None
    assert new_game(rs_of(2, "fatality")).pools is None


def test_equilibrium_players_choose_six_cards_one_at_a_time_from_their_pool():
    """§2.2.2: each player chooses any 6 cards of his own gene pool, one at a time; the other 15 stay."""
    rs = rs_of(3, "equilibrium")
    s = new_game(rs)
    picks = {0: ["running", SWIMMING, SWIMMING, "piracy", "mimicry", "symbiosis"],
             1: [SWIMMING, "piracy", SWIMMING, "tail_loss", "scavenger", "running"]}
    order = []
    while s.phase == "choose":
        seat = to_move(s)
        assert 0 <= seat < 3 and s.draw_seat == seat
        legal = legal_actions(s)
        assert set(legal) == {ChooseCard(c) for c in s.pools[seat]}
        assert len(legal) == len(set(legal)), "one action per distinct card"
        # a card that is not (or no longer) in this player's pool is refused; so is any other kind of move
        assert rule_of(s, ChooseCard(NOT_A_CARD)) is not None
        for c in CARD_IDS:
            if c not in s.pools[seat]:
                assert rule_of(s, ChooseCard(c)) == "origin.equilibrium.pool"
        assert rule_of(s, PlayAnimal(CARD_IDS[0])) is not None and rule_of(s, Pass()) is not None
        mine = [c for c in order if c[0] == seat]
        card = picks[seat][len(mine)] if seat in picks else legal[-1].card
        before_pool, before_hand = list(s.pools[seat]), list(s.hands[seat])
        s, _ = apply(s, ChooseCard(card))
        order.append((seat, card))
        assert Counter(s.pools[seat]) + Counter([card]) == Counter(before_pool)
        assert Counter(s.hands[seat]) == Counter(before_hand) + Counter([card])
        assert s.card_total() == len(rs.deck)
    assert s.phase == "first_player" and to_move(s) == CHANCE
    assert len(order) == 18
    assert [len(h) for h in s.hands] == [6, 6, 6]
    assert [len(p) for p in s.pools] == [15, 15, 15]
    for seat in (0, 1):
        assert Counter(s.hands[seat]) == Counter(picks[seat])
        assert Counter(s.pools[seat]) == pool_counter() - Counter(picks[seat])


def test_equilibrium_second_copy_of_a_single_card_is_refused():
    """§2.2.1-2: a pool holds one Running: after taking it, choosing Running again is refused."""
    s = new_game(rs_of(2, "equilibrium"))
    s, _ = apply(s, ChooseCard("running"))
    assert to_move(s) == 0
    with pytest.raises(IllegalActionError) as e:
        apply(s, ChooseCard("running"))
    assert e.value.rule == "origin.equilibrium.pool"
    s, _ = apply(s, ChooseCard(SWIMMING))
    s, _ = apply(s, ChooseCard(SWIMMING))
    assert rule_of(s, ChooseCard(SWIMMING)) == "origin.equilibrium.pool"


def test_choose_card_is_refused_outside_the_choosing_and_outside_equilibrium():
    """§2.2.2, §2.3.4: cards are chosen only at the start and after extinction, only in Equilibrium."""
    base = new_game(load_ruleset("origin", players=2))
    assert check(base, ChooseCard(SWIMMING)) is not None
    s = drive(new_game(rs_of(2, "equilibrium")), first_legal, phase_is("development"))
    assert rule_of(s, ChooseCard(SWIMMING)) == "origin.equilibrium.choose"
    s2 = drive(new_game(rs_of(2, "fatality")), first_legal, phase_is("development"))
    assert check(s2, ChooseCard(SWIMMING)) is not None


def test_equilibrium_first_player_by_chance_after_choosing_then_food_first():
    """§2.2.4, §2.3.1: first player by dice after the choice; the food bank is rolled before development."""
    rs = rs_of(4, "equilibrium")
    s = drive(new_game(rs), first_legal, phase_is("first_player"))
    assert all(len(h) == 6 for h in s.hands)
    assert to_move(s) == CHANCE
    assert {o for o, _ in chance_outcomes(s)} == {FirstPlayer(i) for i in range(4)}
    s, _ = apply(s, FirstPlayer(2))
    assert s.first == 2 and s.phase == "food" and to_move(s) == CHANCE
    assert not s.last_turn
    assert {o.food for o, _ in chance_outcomes(s)} == set(range(4, 15))
    s, _ = apply(s, RollFood(9))
    assert s.phase == "development" and s.food_bank == 9
    assert to_move(s) == 2
    log = []
    s = drive(s, animals_then_pass, phase_is("feeding"), log=log)
    assert {p for _, p in log} == {"development"}
    assert s.food_bank == 9 and to_move(s) != CHANCE


def _phases_by_turn(log):
    out = {}
    for turn, phase in log:
        seq = out.setdefault(turn, [])
        if not seq or seq[-1] != phase:
            seq.append(phase)
    return out


def test_equilibrium_every_turn_rolls_food_before_development():
    """§2.3.1: in every turn (not only the first) the food bank is determined before development."""
    rs = rs_of(2, "equilibrium")
    log = []
    drive(new_game(rs), animals_then_pass, lambda s: False, log=log)
    turns = _phases_by_turn(log)
    assert len(turns) >= 3
    for turn, seq in turns.items():
        core = [p for p in seq if p in ("food", "development", "feeding")]
        assert core in (["food", "development", "feeding"], ["food", "feeding"]), (turn, seq)


def test_equilibrium_later_turn_after_everyone_passes_feeding_begins():
    """§2.3.1-2: in turn 2, once every player has played a card and passed, feeding begins with the bank
    rolled before development; no player who has played and passed is asked to play again."""
    rs = rs_of(2, "equilibrium")
    s = drive(new_game(rs), p0_feeds_p1_starves, lambda x: x.turn == 2)
    played_this_turn = [0, 0]
    rolls = 0
    while s.phase != "feeding":
        assert s.turn == 2
        if to_move(s) == CHANCE:
            assert s.phase == "food"
            s, _ = apply(s, RollFood(6))
            rolls += 1
            continue
        seat = to_move(s)
        if played_this_turn[seat]:
            assert check(s, Pass()) is None, f"seat {seat} played a card this turn but may not pass"
            s, _ = apply(s, Pass())
        else:
            s, _ = apply(s, PlayAnimal(s.hands[seat][0]))
            played_this_turn[seat] += 1
    assert rolls == 1 and s.food_bank == 6
    assert [len(s.animals_of(i)) for i in range(2)] == [6 + 1, 1]


def test_equilibrium_must_play_one_card_before_passing():
    """§2.3.2: a player with cards must play at least one (here an animal) before he may pass."""
    s = drive(new_game(rs_of(2, "equilibrium")), first_legal, phase_is("development"))
    seat = to_move(s)
    assert s.hands[seat] and s.played[seat] == 0
    assert Pass() not in legal_actions(s)
    assert rule_of(s, Pass()) == "origin.equilibrium.play-one"
    with pytest.raises(IllegalActionError) as e:
        apply(s, Pass())
    assert e.value.rule == "origin.equilibrium.play-one"
    s, _ = apply(s, PlayAnimal(s.hands[seat][0]))
    other = to_move(s)
    assert other != seat and rule_of(s, Pass()) == "origin.equilibrium.play-one"
    s, _ = apply(s, PlayAnimal(s.hands[other][0]))
    assert to_move(s) == seat and s.hands[seat]
    assert Pass() in legal_actions(s) and check(s, Pass()) is None, "one card played: he may pass"
    s, _ = apply(s, Pass())
    assert to_move(s) == other and check(s, Pass()) is None
    s, _ = apply(s, Pass())
    assert s.phase == "feeding"
    assert all(len(h) == 5 for h in s.hands), "he may pass with cards left after playing one"


def test_equilibrium_a_trait_is_enough_to_unlock_passing():
    """§2.3.2: "as an animal or a trait": in a later turn, a trait played counts as the one card."""
    rs = rs_of(2, "equilibrium")
    s = drive(new_game(rs), p0_feeds_p1_starves,
              lambda x: x.turn == 2 and x.phase == "development" and to_move(x) == 0)
    assert s.animals_of(0) and s.hands[0] and s.played[0] == 0
    assert rule_of(s, Pass()) == "origin.equilibrium.play-one"
    trait = next(a for a in legal_actions(s) if isinstance(a, PlayTrait) and a.trait != "parasite")
    s, _ = apply(s, trait)
    s = drive(s, p0_feeds_p1_starves, lambda x: to_move(x) == 0 or x.phase != "development")
    assert s.phase == "development" and s.hands[0]
    assert check(s, Pass()) is None and Pass() in legal_actions(s)


# ---- Equilibrium: cards owed after extinction, and the end ----------------------------------------
def owed_after_extinction(s):
    """The base game's due, counted afresh: survivors + 1, or 6 with no animals and no hand."""
    out = []
    for seat in range(s.players):
        k = len(s.animals_of(seat))
        out.append(6 if k == 0 and not s.hands[seat] else k + 1)
    return out


def p0_feeds_p1_starves(state, legal):
    """Seat 0 plays every card as an animal and feeds; seat 1 plays one animal a turn and never eats."""
    seat = to_move(state)
    if state.phase == "choose":
        return legal[0]
    if state.phase == "development":
        if seat == 1 and state.played[1] >= 1 and Pass() in legal:
            return Pass()
        return next(a for a in legal if isinstance(a, PlayAnimal))
    if seat == 0:
        take = next((a for a in legal if isinstance(a, TakeFood)), None)
        if take is not None:
            return take
    return EndMove()


def run_equilibrium(end=None, player=p0_feeds_p1_starves, players=2):
    """Play forward, recording at each extinction the pools, the dues, and the next turn's last_turn."""
    opts = {} if end is None else {"equilibrium_end": end}
    rs = rs_of(players, "equilibrium", **opts)
    s = drive(new_game(rs), player, phase_is("feeding"))
    extinctions = []
    for _ in range(60):
        turn = s.turn
        s = drive(s, player, lambda x: x.phase != "feeding")
        if s.phase in ("over", "tiebreak"):
            break
        assert s.phase == "choose" or s.turn == turn + 1
        pools = [len(p) for p in s.pools]
        owed = owed_after_extinction(s)
        record = {"turn": turn, "pools": pools, "owed": owed,
                  "choose_owed": list(s.choose_owed) if s.phase == "choose" else [0] * players,
                  "hands": [len(h) for h in s.hands]}
        s = drive(s, player, lambda x: x.turn > turn)
        record["hands_after"] = [len(h) for h in s.hands]
        record["pools_after"] = [len(p) for p in s.pools]
        record["next_last"] = s.last_turn
        extinctions.append(record)
        s = drive(s, player, phase_is("feeding", "over", "tiebreak"))
        if s.phase != "feeding":
            break
    s = drive(s, player, phase_is("over"))
    assert [r["turn"] for r in extinctions] == list(range(1, len(extinctions) + 1))
    return s, extinctions


def test_equilibrium_owed_cards_are_chosen_from_the_pool_fewer_when_short():
    """§2.3.4: each player chooses survivors + 1 cards (6 with no animals and no hand) from his pool,
    or all that is left of it when it holds fewer."""
    final, ext = run_equilibrium()
    assert ext, "no extinction was recorded"
    first = ext[0]
    # turn 1: seat 0 fed all its 6 animals (food 8); seat 1 ate nothing and keeps 5 cards
    assert first["owed"] == [7, 1] and first["pools"] == [15, 15]
    assert first["choose_owed"] == [7, 1]
    assert first["pools_after"] == [8, 14]
    # turn 2: 13 animals, 8 food -> 8 survivors, 9 owed, only 8 in the pool: he takes 8
    second = ext[1]
    assert second["owed"][0] == 9 and second["pools"][0] == 8
    assert second["choose_owed"][0] == 8 and second["pools_after"][0] == 0
    for r in ext:
        assert r["choose_owed"] == [min(o, p) for o, p in zip(r["owed"], r["pools"])], r
        assert r["pools_after"] == [p - c for p, c in zip(r["pools"], r["choose_owed"])], r
        assert r["hands_after"] == [h + c for h, c in zip(r["hands"], r["choose_owed"])], r
    assert final.phase == "over"


def test_equilibrium_six_cards_owed_with_no_animals_and_no_hand():
    """§2.3.4: a player with no animals and no cards in hand is owed 6 cards (base game rule)."""
    rs = rs_of(2, "equilibrium")
    s = drive(new_game(rs), animals_then_pass, lambda x: x.phase == "choose" and x.round > 0)
    assert s.turn == 1 and s.animals == {} and s.hands == [[], []], "everything played, nothing eaten"
    assert list(s.choose_owed) == [6, 6]
    assert [len(p) for p in s.pools] == [15, 15]
    s = drive(s, animals_then_pass, lambda x: x.turn == 2)
    assert [len(h) for h in s.hands] == [6, 6] and [len(p) for p in s.pools] == [9, 9]


def expected_last_turn(ext, end):
    """The turn that should be the last: after the first extinction where all (or any) players are short."""
    test = all if end == "all_players_short" else any
    for r in ext:
        if test(o > p for o, p in zip(r["owed"], r["pools"])):
            return r["turn"] + 1
    return None


def last_turn_started(ext):
    return next((r["turn"] + 1 for r in ext if r["next_last"]), None)


def test_equilibrium_end_any_player_short():
    """§2.4 (a), ``equilibrium_end=any_player_short``: the last turn begins once one player is short."""
    final, ext = run_equilibrium("any_player_short")
    assert ext[1]["owed"][0] > ext[1]["pools"][0] and ext[1]["owed"][1] <= ext[1]["pools"][1]
    assert not ext[0]["next_last"]
    assert last_turn_started(ext) == 3 == expected_last_turn(ext, "any_player_short")
    assert final.phase == "over" and final.turn == 3
    assert len(ext) == 2, "no cards are chosen after the last turn"


def test_equilibrium_end_default_waits_until_no_player_can_take_his_due():
    """§2.4 (b), the default ``all_players_short``: the last turn begins only when every player is short;
    until then a player with an empty pool takes what is left (nothing)."""
    assert load_ruleset("origin").option_specs["equilibrium_end"].default == "all_players_short"
    final, ext = run_equilibrium()
    assert ext[1]["owed"][0] > ext[1]["pools"][0], "seat 0 is short from turn 2"
    want = expected_last_turn(ext, "all_players_short")
    assert want is not None and want > 3
    assert last_turn_started(ext) == want
    assert all(not r["next_last"] for r in ext[:-1]) and ext[-1]["next_last"]
    # every extinction before the last turn had a player (seat 1) able to take his full due
    for r in ext[:-1]:
        assert any(o <= p for o, p in zip(r["owed"], r["pools"]))
    # seat 0 kept playing with an empty pool, taking nothing
    assert any(r["pools"][0] == 0 and r["choose_owed"][0] == 0 for r in ext)
    assert final.phase == "over" and final.turn == want
    assert final.pools[1] == 0 or ext[-1]["owed"][1] > ext[-1]["pools"][1]
    with_any, _ = run_equilibrium("any_player_short")
    assert with_any.turn < final.turn


def test_equilibrium_last_turn_is_played_as_in_the_base_game():
    """§2.4: the last turn has no Hibernation and no draw; then the game is scored."""
    final, ext = run_equilibrium("any_player_short")
    assert final.phase == "over" and 0 <= final.winner < 2
    assert evolab.scores(final) == expected_scores(final)
    assert len(final.pools[0]) == 0 and len(final.pools[1]) == ext[-1]["pools_after"][1]


@pytest.mark.parametrize("players", [2, 3])
def test_equilibrium_random_games_end_with_the_right_last_turn(players):
    """§2.4: in random games, under both readings, the last turn follows the first extinction where all
    (default) or any (``any_player_short``) player's pool holds fewer cards than he is owed."""
    for end in ("all_players_short", "any_player_short"):
        test = all if end == "all_players_short" else any
        for seed in range(2):
            rng = random.Random(seed)
            rs = rs_of(players, "equilibrium", equilibrium_end=end)
            s = new_game(rs)
            expected_last = None
            while not is_over(s):
                if to_move(s) == CHANCE:
                    move = rs.sample_chance(s, rng)
                else:
                    legal = legal_actions(s)
                    move = legal[rng.randrange(len(legal))]
                turn = s.turn
                s, events = apply(s, move)
                extinction = any(isinstance(e, PhaseStarted) and e.phase == "extinction" for e in events)
                if extinction and s.phase not in ("over", "tiebreak"):
                    # this turn's extinction just happened; nothing is chosen yet
                    short = test(o > len(p) for o, p in zip(owed_after_extinction(s), s.pools))
                    if short and expected_last is None:
                        expected_last = turn + 1
                assert s.last_turn == (expected_last is not None and s.turn >= expected_last), (end, seed, s.turn)
            assert expected_last is not None and s.turn == expected_last, (end, seed, s.turn, expected_last)


# =================================================================================================
# Conformance over both scenarios
# =================================================================================================
def table_invariants(state):
    rs = state.ruleset
    assert state.card_total() == len(rs.deck), f"cards not conserved: {state.card_total()} != {len(rs.deck)}"
    assert state.deck_size == sum(state.deck) >= 0 and min(state.deck) >= 0
    assert state.food_bank >= 0 and min(state.discards) >= 0 and state.removed >= 0
    for a in state.animals.values():
        assert a.red >= 0 and a.blue >= 0 and a.fat >= 0 and a.fat <= a.fat_cards, a
    if state.pools is not None:
        for p in state.pools:
            assert Counter(p) - pool_counter() == Counter(), "a gene pool holds a card it never had"
    who = to_move(state)
    legal = legal_actions(state)
    if who == CHANCE or is_over(state):
        assert legal == []
    else:
        assert legal and 0 <= who < state.players
    assert (who == TERMINAL) == is_over(state)
    assert bool(chance_outcomes(state)) == (who == CHANCE)
    scenario = rs.options["scenario"]
    if scenario == "fatality":
        assert state.turn == 1 and state.phase != "draw"
        assert Pass() not in legal, "§1.2.2: no pass while holding cards (a mover always holds cards)"
        if state.phase in ("feeding", "over", "tiebreak"):
            assert not any(state.hands), "§1.2.2: every card is played before feeding"
    if scenario == "equilibrium" and state.phase == "development" and Pass() in legal:
        assert state.played[who] >= 1, "§2.3.2: at least one card before passing"
    return legal


def candidates(state, rng, k=40):
    ids = sorted(state.animals) + [MADE_UP_ID]
    cards = CARD_IDS + (NOT_A_CARD,)
    out = [Pass(), EndMove()]
    out += [ChooseCard(c) for c in cards] + [PlayAnimal(c) for c in cards]
    out += [Draw(c) for c in cards] + [FirstPlayer(i) for i in range(-1, state.players + 1)]
    out += [RollFood(v) for v in range(0, 25)] + [TieBreak(i) for i in range(-1, state.players + 1)]
    for _ in range(k):
        x = rng.choice(ids)
        card = rng.choice(cards)
        out += [TakeFood(x), Hibernate(x), PlayTrait(card, rng.choice(TRAIT_IDS), x)]
    return out


def json_round_trip(state):
    back = state.ruleset.state_from_dict(json.loads(json.dumps(state.to_dict())))
    assert back == state


def random_game(rs, seed, round_trip_every=1):
    rng = random.Random(seed)
    crng = random.Random(seed + 1000)
    s = new_game(rs)
    steps = 0
    while not is_over(s):
        assert steps < 20_000
        legal = table_invariants(s)
        outcomes = [o for o, _ in chance_outcomes(s)]
        for a in legal:
            assert check(s, a) is None, a
        for o in outcomes:
            assert check(s, o) is None, o
        for a in candidates(s, crng):
            expected = (a in outcomes) if a.chance else (a in legal)
            assert (check(s, a) is None) == expected, (a, s.phase, check(s, a))
        if steps % round_trip_every == 0:
            json_round_trip(s)
        if to_move(s) == CHANCE:
            move = rs.sample_chance(s, rng)
        else:
            move = legal[rng.randrange(len(legal))]
        before = s.to_dict()
        new, _ = apply(s, move)
        assert s.to_dict() == before, f"apply({move!r}) changed its input"
        s = new
        steps += 1
    table_invariants(s)
    json_round_trip(s)
    assert 0 <= s.winner < s.players
    return s, steps


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_keep_every_invariant(scenario, players):
    """Conformance: random games to the end keep cards, tokens, legal/check agreement, apply purity, JSON."""
    rs = rs_of(players, scenario)
    s, steps = random_game(rs, seed=players)
    if scenario == "fatality":
        assert s.turn == 1
    assert steps > 0


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_greedy_matches_end_with_invariants_kept(scenario, players):
    """Conformance: GreedyBot (and greedy vs random) Matches end, with the invariants after every move."""
    class Obs:
        moves = 0

        def update(self, match, move, events):
            table_invariants(match.state)
            Obs.moves += 1

    rs = rs_of(players, scenario)
    for seed, seats in ((1, [GreedyBot() for _ in range(players)]),
                        (2, [GreedyBot() if i % 2 else RandomBot() for i in range(players)])):
        Obs.moves = 0
        m = Match(rs, seats=seats, seed=seed, keep_events=True, observers=[Obs()])
        m.play_out(max_moves=50_000)
        assert m.is_over() and 0 <= m.state.winner < players
        assert Obs.moves == len(m.record.moves)
        assert isinstance(m.events[-1], GameOver) and m.events[-1].winner == m.state.winner
        if scenario == "fatality":
            assert m.state.turn == 1


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_records_save_replay_and_repeat(scenario):
    """Conformance: the record saves to JSON and replays to the final state; the same seed, the same record."""
    rs = rs_of(3, scenario)
    m = Match(rs, seats=["greedy", "random", "greedy"], seed=13)
    m.play_out()
    text = m.record.to_json()
    back = GameRecord.from_json(text)
    assert back.options["scenario"] == scenario
    assert back.moves == m.record.moves and back.replay() == m.state
    assert back.to_json() == text
    again = Match(rs_of(3, scenario), seats=["greedy", "random", "greedy"], seed=13)
    again.play_out()
    assert again.record.to_json() == text
    other = Match(rs_of(3, scenario), seats=["greedy", "random", "greedy"], seed=14)
    other.play_out()
    assert other.record.moves != m.record.moves
    if scenario == "equilibrium":
        assert any(isinstance(mv, ChooseCard) for mv in back.moves)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_illegal_actions_raise_and_change_nothing(scenario):
    """Conformance: an illegal action raises IllegalActionError (with its rule) and changes nothing."""
    rs = rs_of(2, scenario)
    m = Match(rs, seats=[None, "greedy"], seed=3)
    while not m.waiting_for_human():
        m.step()
    bad = [Pass(), ChooseCard(NOT_A_CARD), PlayAnimal(NOT_A_CARD), TakeFood(MADE_UP_ID), RollFood(5)]
    for action in bad:
        assert check(m.state, action) is not None, action
        before, moves = m.state.to_dict(), len(m.record.moves)
        with pytest.raises(IllegalActionError) as e:
            m.step(action)
        assert e.value.rule
        assert m.state.to_dict() == before and len(m.record.moves) == moves
        s = m.state.clone()
        with pytest.raises(IllegalActionError):
            apply(s, action)
        assert s.to_dict() == before


def test_tracker_and_run_batch_give_rows_for_both_scenarios():
    """Conformance: the Tracker follows scenario games, and run_batch takes ``scenario`` as a grid key."""
    for scen in SCENARIOS:
        t = evolab.Tracker()
        m = Match(rs_of(2, scen), seats=["greedy", "greedy"], seed=2, observers=[t])
        m.play_out()
        assert t.rows("traits") and t.rows("turns")
        assert len(t.rows("turns")) == m.state.turn
    r = evolab.run_batch("origin", grid={"scenario": ["fatality", "equilibrium"]}, reps=2, seed=1, progress=False)
    games = r.rows("games")
    assert [g["scenario"] for g in games] == ["fatality", "fatality", "equilibrium", "equilibrium"]
    assert all(g["turns"] == 1 for g in games if g["scenario"] == "fatality")
    assert any(g["turns"] > 1 for g in games if g["scenario"] == "equilibrium")
    assert r.rows("traits")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_game_board_can_be_clicked_through(scenario):
    """Conformance: ``viz.GameBoard`` plays a scenario game by clicks to the end."""
    pytest.importorskip("ipywidgets")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from evolab.viz import GameBoard
    b = GameBoard(Match(rs_of(2, scenario), seats=[None, "greedy"], seed=1), chart=False)
    steps = 0
    while not b.match.is_over() and steps < 500:
        if not b.match.waiting_for_human():
            b.bot_play.click()
            continue
        buttons = b.buttons()
        assert buttons, b.text()[:400]
        label, button = buttons[0]
        before = len(b.match.record.moves)
        button.click()
        assert not b.status.value, b.status.value
        if "show my cards" not in label:
            assert len(b.match.record.moves) > before
        assert f"Turn {b.state.turn}" in b.text()
        steps += 1
    assert b.match.is_over() and "Game over" in b.text()
    if scenario == "equilibrium":
        assert any(isinstance(mv, ChooseCard) for mv in b.match.record.moves[:6])


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_cli_simulates_scenario_games(scenario, tmp_path):
    """Conformance: ``python -m evolab simulate --games 5 --option scenario=...`` exits 0 and writes rows."""
    out = tmp_path / "games.csv"
    p = subprocess.run([sys.executable, "-m", "evolab", "simulate", "--games", "5", "--option",
                        f"scenario={scenario}", "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 0, p.stderr
    rows = out.read_text().strip().splitlines()
    assert len(rows) == 6
    if scenario == "fatality":
        turns = [line.split(",")[rows[0].split(",").index("turns")] for line in rows[1:]]
        assert set(turns) == {"1"}

"""The Origin greedy bot's two ways through a feeding decision choose the same actions.

A long feeding list (the Heredity variant's predation tables list hundreds of attacks) is valued by a pass that
sorts the attacks first (``_feeding_best_long``); a short one in a single pass (``_feeding_best``). Both must give
exactly the actions that valuing every legal action one by one gives (``BotHints.greedy_best``).
"""
from __future__ import annotations

import random

from evolab import Match, heredity
from evolab.actions import Attack
from evolab.bots import GreedyBot
from evolab.rules.hints import BotHints
from evolab.rules.origin import hints as origin_hints


class _BothWays(GreedyBot):
    picks_from_legal = True
    long_lists = 0

    def pick(self, view, legal, rng):
        if view.phase == "feeding" and len(legal) > 1:
            hints = view.ruleset.edition.bot_hints
            shuffled = list(legal)
            random.Random(len(legal)).shuffle(shuffled)
            for actions in (legal, shuffled):
                reference = BotHints.greedy_best(hints, hints.greedy_context(view, actions, 3), actions)
                assert origin_hints._feeding_best(hints.greedy_context(view, actions, 3), actions) == reference
                assert origin_hints._feeding_best_long(hints.greedy_context(view, actions, 3), actions) == reference
            type(self).long_lists += len(legal) > origin_hints._LONG
        return super().pick(view, legal, rng)


def test_long_and_short_feeding_passes_choose_alike():
    rs = heredity.load("predation", generations=5)
    Match(rs, seats=[_BothWays(), _BothWays()], seed=5).play_out()
    assert _BothWays.long_lists > 20


class _NearTies(GreedyBot):
    """Checks every decision's ``greedy_ties`` (what the bot asks) against valuing every legal action, and counts
    the decisions whose candidates differ by less than 1e-9 without being equal (a Parasite play beside a new
    animal: 2.2 + 0.1 * 3 against 2.5), where the streamed valuations hand over to the plain one."""

    picks_from_legal = True
    checked = near = 0

    def pick(self, view, legal, rng):
        if len(legal) > 1:
            hints = view.ruleset.edition.bot_hints
            ctx = hints.greedy_context(view, legal, 3)
            reference = BotHints.greedy_best(hints, ctx, legal)
            assert hints.greedy_ties(view, legal, 3) == reference
            values = hints.greedy_scores(hints.greedy_context(view, legal, 3), legal)
            best = max(values)
            type(self).near += any(best - 1e-9 < v < best for v in values)
            type(self).checked += 1
        return super().pick(view, legal, rng)


def test_ties_within_a_hair_choose_alike():
    """The Fatality scenario (many Parasite plays): the near ties are met and chosen among as before."""
    import evolab
    for players in (2, 4):
        rs = evolab.load_ruleset("origin", players=players, scenario="fatality")
        for seed in range(4):
            Match(rs, seats=[_NearTies() for _ in range(players)], seed=seed).play_out()
    assert _NearTies.checked > 500 and _NearTies.near > 0



def test_listed_attacks_are_exactly_the_ones_the_rules_accept():
    """At every main feeding decision of two Heredity predation games, the listed attacks are exactly the
    (predator, prey) pairs the rules' check accepts, predator by predator in table order. A predator's row of
    attacks kept from an earlier decision (``moves._ROWS``) that outlived a change of its prey fails it."""
    checked = changed = 0
    for seed in (5, 6):
        m = Match(heredity.load("predation", generations=6), seats=[GreedyBot(), GreedyBot()], seed=seed)
        rs, s = m.ruleset, m.state
        last: dict = {}
        while not m.is_over():
            if s.phase == "feeding" and s.attack is None and not s.pending and s.scavenge < 0 and not s.move_main:
                seat = s.current
                expected = [Attack(p.id, q.id) for p in s.animals.values() if p.owner == seat
                            for q in s.animals.values() if q is not p and rs.check(s, Attack(p.id, q.id), seat) is None]
                listed = [a for a in m.legal_actions() if type(a) is Attack]
                assert listed == expected
                for p in dict.fromkeys(a.predator for a in listed):
                    prey = [a.prey for a in listed if a.predator == p]
                    changed += p in last and last[p] != prey
                    last[p] = prey
                checked += 1
            m.step()
    assert checked > 100
    assert changed > 20         # predators whose prey changed between two of their decisions


def test_row_by_row_sorting_of_a_long_list_matches_one_by_one():
    """``_split_long`` and ``_attacks_on`` read a long list row by row (``moves.attack_rows``): the same actions in
    the same order as reading it one by one, for the bot's own animals as prey (the doomed) and for any hunters."""
    from evolab.rules.origin.moves import attack_rows
    rng = random.Random(1)
    seen = 0
    m = Match(heredity.load("predation", generations=6), seats=[GreedyBot(), GreedyBot()], seed=7)
    while not m.is_over():
        s = m.state
        if s.phase == "feeding" and s.current == m.to_move:
            legal = m.legal_actions()
            rows = attack_rows(legal)
            if rows is not None and len(legal) > origin_hints._LONG:
                seen += 1
                hints = m.ruleset.edition.bot_hints
                ctx = hints.greedy_context(m.observe(s.current), legal, 3)
                assert origin_hints._split_long(ctx, legal, rows) == origin_hints._split_long(ctx, legal, None)
                ids = list(s.animals)
                for _ in range(3):
                    prey = set(rng.sample(ids, len(ids) // 2))
                    hunters = set(rng.sample(ids, len(ids) // 3))
                    for who in (None, hunters):
                        expected = origin_hints._attacks_on(legal, None, prey, who)
                        assert origin_hints._attacks_on(legal, rows, prey, who) == expected
                        assert expected == [a for a in legal if type(a) is Attack and a.prey in prey
                                            and (who is None or a.predator in who)]
        m.step()
    assert seen > 20


def test_attack_rows_are_given_only_for_the_list_they_were_listed_in():
    """``attack_rows`` gives the rows of the list ``move_actions`` made last (with ``EndMove`` after it), and None
    for a copy, for it with an action moved to the front or two taken off its end, or after another list was
    made."""
    from evolab.rules.origin.moves import attack_rows
    m = Match(heredity.load("predation", generations=6), seats=[GreedyBot(), GreedyBot()], seed=7)
    checked = 0
    while not m.is_over() and checked < 5:
        s = m.state
        if s.phase == "feeding" and s.current == m.to_move:
            legal = m.legal_actions()
            if attack_rows(legal) is not None:
                checked += 1
                assert attack_rows(list(legal)) is None
                assert attack_rows(legal) is not None
                legal.insert(0, legal.pop())
                assert attack_rows(legal) is None
                legal.append(legal.pop(0))
                assert attack_rows(legal) is not None
                del legal[-2:]
                assert attack_rows(legal) is None
                m.legal_actions()
                assert attack_rows(legal) is None
        m.step()
    assert checked == 5


def test_a_tables_rows_are_its_own_and_go_with_it():
    """Each table has rows of its own (animals with the same ids may have other owners at another table, so one
    table's rows must never serve another), dropped with it; and two predation games stepped in turns play as each
    does alone."""
    import gc

    from evolab.rules.origin import moves

    def game(players):        # the same ids, other owners: founders are dealt seat by seat
        return Match(heredity.load("predation", generations=5, players=players), seats=[GreedyBot()] * players,
                     seed=11)

    alone = []
    for players in (2, 3):
        m = game(players)
        m.play_out()
        alone.append(m.record.moves)
    a, b = game(2), game(3)
    while not (a.is_over() and b.is_over()):
        for m in (a, b):
            if not m.is_over():
                m.step()
    assert [a.record.moves, b.record.moves] == alone
    keys = {id(a.state), id(b.state)}
    assert keys <= set(moves._ROWS)
    del a, b, m
    gc.collect()
    assert not keys & set(moves._ROWS)


def test_a_row_made_from_the_last_is_the_row_made_anew():
    """A predator's row made from its last one (its prey less one id: ``moves._new_row``) equals the row made anew,
    the attacks on rivals' animals included, whichever prey went (itself, the first, the last, one between), and a
    change that is not one id less is made anew."""
    from evolab.rules.origin import moves

    rng = random.Random(3)
    owners = {q: q % 3 for q in range(40)}
    made = 0
    for _ in range(300):
        aid = rng.randrange(40)
        was = sorted(rng.sample(range(40), rng.randrange(2, 30)) + ([aid] if rng.random() < 0.6 else []))
        was = list(dict.fromkeys(was))
        old = moves._new_row(aid, was, None, [])
        if rng.random() < 0.7:                      # the attacks on rivals, asked for before the change
            old[2] = [a for a in old[1] if owners[a.prey] != owners[aid]]
        if rng.random() < 0.8:
            prey = was[:]
            del prey[rng.randrange(len(prey))]
        else:                                       # another change: one more, or one swapped
            prey = was + [40] if rng.random() < 0.5 else was[:-1] + [41]
        row = moves._new_row(aid, prey, old, [])
        fresh = moves._new_row(aid, prey, None, [])
        assert row[:2] == fresh[:2]
        assert row[2] is None or row[2] == [a for a in fresh[1] if owners[a.prey] != owners[aid]]
        made += row[3] is was
    assert made > 150                               # most were made from the last row
    assert moves._dropped([1, 2, 3], [1, 3]) == 1 and moves._dropped([1, 2, 3], [1, 2]) == 2
    assert moves._dropped([1, 2, 3], [2, 3]) == 0 and moves._dropped([1, 2, 3], [1, 4]) == -1

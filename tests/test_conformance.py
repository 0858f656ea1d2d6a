"""The conformance suites every edition passes.

1. ``evolab.testing``'s suite over every registered edition and the test-only edition Pond (``tests/pond``),
   which is registered here and nowhere else.
2. The deeper contract checks of the printed editions, written once here and run for every edition of
   ``available_rulesets()`` from the ``EditionSuite`` its own module declares (``conformance_common``;
   ``test_properties`` for Origin, ``test_rm_conformance``, ``test_ns_conformance``): the data (player counts,
   option sets, positions, moves to refuse, saved-file edits) and the edition's own invariants. Those modules
   keep the rules tests of their edition (Origin's: test_illegal_input, test_records, test_determinism).
"""
from __future__ import annotations

import functools
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import evolab
import test_ns_conformance
import test_properties
import test_rm_conformance
from evolab import Match, available_rulesets, chance_outcomes, legal_actions, load_ruleset, to_move
from evolab.bots import GreedyBot, RandomBot
from evolab.rules import ruleset_class
from evolab.testing import ConformanceSuite
from engine_checks import assert_refused
from pond import EDITION as POND
import conformance_common as common


class TestConformance(ConformanceSuite):
    extra_editions = (POND,)


SUITES = {s.id: s for s in (test_properties.SUITE, test_rm_conformance.SUITE, test_ns_conformance.SUITE)}
EDITIONS = [e for e in sorted(available_rulesets()) if e in SUITES]
SEEDS = st.integers(0, 2**32 - 1)
GRID = {"mutation_rate": [0, 1]}


def having(field, key=None):
    """The editions whose suite gives ``field`` (and ``key`` in it): the others check that in their own modules."""
    return [e for e in EDITIONS if getattr(SUITES[e], field) and (key is None or key in getattr(SUITES[e], field))]


def each(field, ids=repr):
    """``pytest.param(edition, *row)`` for every row of every edition's ``field`` (a list of tuples or values, or
    a dict: its items), with ids "edition-row"."""
    out = []
    for e in EDITIONS:
        rows = getattr(SUITES[e], field)
        rows = rows.items() if isinstance(rows, dict) else rows
        for row in rows:
            row = row if isinstance(row, tuple) else (row,)
            out.append(pytest.param(e, *row, id="-".join([e, *(ids(x) if not isinstance(x, str) else x
                                                                for x in row[:2] if not callable(x))])))
    return out


def by_name(x):
    return x if isinstance(x, str) else getattr(x, "__name__", repr(x))


def drawn(examples, **strategies):
    """Run the decorated function now, on ``examples`` examples drawn by hypothesis."""
    def run(fn):
        settings(common.SLOW, max_examples=examples)(given(**strategies)(fn))()
    return run


def rs_of(edition, players, **options):
    return load_ruleset(edition, players=players, **options)


def play(edition, ruleset, seed, deep=True, sample=12, kinds=None):
    suite = SUITES[edition]
    return common.play_random_game(suite.checks, ruleset, seed, deep, True, sample, suite.max_steps, kinds)


def test_every_edition_has_a_conformance_suite():
    """A new edition is not silently left out of the shared suite."""
    assert set(available_rulesets()) <= set(SUITES), sorted(set(available_rulesets()) - set(SUITES))


# ---- 1. random games, bot games -------------------------------------------------------------------
@pytest.mark.parametrize("edition", EDITIONS)
def test_ruleset_loads_with_every_player_count_and_option_set(edition):
    """The edition loads for its player counts and every option set used below, with its own facts; a player
    count outside its range is refused."""
    suite = SUITES[edition]
    assert edition in evolab.available_rulesets()
    for players in suite.player_counts:
        for _, options in suite.option_sets:
            rs = rs_of(edition, players, **options)
            assert rs.id == edition and rs.players == players
            suite.loaded_check(rs, players, options)
    spec = ruleset_class(edition).option_specs["players"]
    for bad in (spec.min - 1, spec.max + 1):
        with pytest.raises(evolab.OptionError):
            rs_of(edition, bad)


@pytest.mark.parametrize("edition,players", each("player_counts"))
def test_random_games_hold_every_invariant_at_every_step(edition, players):
    """Random games: conservation, counts, legal/check agreement, apply purity, JSON round trip, every step."""
    suite = SUITES[edition]

    @drawn(suite.examples["random"], seed=SEEDS)
    def _(seed):
        play(edition, rs_of(edition, players), seed, sample=suite.samples["random"])


@pytest.mark.parametrize("edition", having("examples", "drawn"))
def test_random_games_under_drawn_options_hold_every_invariant(edition):
    """Random games under drawn option sets keep every invariant at every step."""
    suite = SUITES[edition]

    @drawn(suite.examples["drawn"], players=st.sampled_from(suite.player_counts), options=suite.drawn_options,
           seed=SEEDS)
    def _(players, options, seed):
        play(edition, rs_of(edition, players, **options), seed, sample=suite.samples["drawn"])


@pytest.mark.parametrize("edition,players,name", each("named_games", ids=str))
def test_random_games_under_named_non_default_options_hold_every_invariant(edition, players, name):
    """The named non-default option sets: every invariant, the JSON round trip included, at every step."""
    suite = SUITES[edition]
    options = dict(suite.option_sets)[name]
    play(edition, rs_of(edition, players, **options), 1000 + players, sample=suite.samples["named"])


@pytest.mark.parametrize("edition", having("examples", "many"))
def test_many_random_games_keep_the_invariants_and_apply_pure(edition):
    """Many more random games with the cheap invariants (cards conserved, no negative count) and apply's purity
    checked at every step."""
    suite = SUITES[edition]

    @drawn(suite.examples["many"], players=st.sampled_from(suite.player_counts), options=suite.drawn_options,
           seed=SEEDS)
    def _(players, options, seed):
        play(edition, rs_of(edition, players, **options), seed, deep=False)


@pytest.mark.parametrize("edition", having("rare_kinds"))
def test_random_games_reach_every_kind_of_decision(edition):
    """The random games are not vacuous: together they reach every decision and chance node of the edition
    (``rare_kinds``: its rare chance nodes, pending choices and variants)."""
    suite = SUITES[edition]
    kinds: set = set()
    for seed in range(suite.coverage_seeds):
        players, options = suite.coverage_games(seed)
        play(edition, rs_of(edition, players, **options), seed, deep=False, kinds=kinds)
        if suite.rare_kinds <= kinds:
            break
    assert suite.rare_kinds - kinds == set(), f"never reached: {sorted(suite.rare_kinds - kinds)}"


def _named_option_games():
    return [pytest.param(e, p, name, options, id=f"{e}-{p}-{name}")
            for e in having("seat_sets") for name, options in SUITES[e].option_sets for p in SUITES[e].player_counts]


@pytest.mark.parametrize("edition,players,name,options", _named_option_games())
def test_greedy_and_mixed_bot_games_end_with_invariants_kept(edition, players, name, options):
    """GreedyBot games (and greedy against random) play to the end with the invariants kept at every move."""
    suite = SUITES[edition]
    rs = rs_of(edition, players, **options)
    for seed, seats in enumerate(suite.seat_sets(players), start=1):
        common.play_watched(suite.checks, rs, seats, seed)


@pytest.mark.parametrize("edition", having("examples", "bots"))
def test_bot_matches_under_drawn_options_end_with_invariants_kept(edition):
    """Matches of random and greedy bots under drawn options end, with the invariants kept at every move."""
    suite = SUITES[edition]

    @drawn(suite.examples["bots"], players=st.sampled_from(suite.player_counts), options=suite.drawn_options,
           seed=SEEDS, greedy=st.lists(st.booleans(), min_size=6, max_size=6))
    def _(players, options, seed, greedy):
        seats = [GreedyBot() if g else RandomBot() for g in greedy[:players]]
        common.play_watched(suite.checks, rs_of(edition, players, **options), seats, seed)


@pytest.mark.parametrize("edition,players", [p for p in each("player_counts") if SUITES[p.values[0]].fast_options])
def test_fast_play_out_ends_with_cards_conserved(edition, players):
    """The fast path of play_out (no events) ends with the invariants kept and replays exactly."""
    suite = SUITES[edition]
    for options in suite.fast_options:
        for seats in ([RandomBot() for _ in range(players)], [GreedyBot() for _ in range(players)]):
            common.assert_fast_play_out_keeps_the_invariants(suite.checks, rs_of(edition, players, **options), seats)


# ---- 2. illegal input ------------------------------------------------------------------------------------
def rule(edition, name):
    return f"{load_ruleset(edition).rule_prefix}.{name}"


@pytest.mark.parametrize("edition,action,rule_id", each("made_up_in_feeding"))
def test_made_up_ids_are_refused_in_feeding(edition, action, rule_id):
    """Feeding actions naming an animal or species not on the table are refused."""
    assert_refused(SUITES[edition].positions["feeding"](), action, rule=rule_id)


@pytest.mark.parametrize("edition,action,rule_id", each("feeding_breaches"))
def test_feeding_rule_breaches_are_refused(edition, action, rule_id):
    """Each feeding rule of the edition refuses what it forbids, by its own rule id."""
    assert_refused(SUITES[edition].positions["feeding"](), action, rule=rule_id)


def _at_player_nodes(field):
    return [pytest.param(e, make, x, id=f"{e}-{name}-{x!r}") for e in EDITIONS
            for name, make in SUITES[e].positions.items() for x in getattr(SUITES[e], field)]


@pytest.mark.parametrize("edition,make,outcome", _at_player_nodes("chance_outcomes"))
def test_chance_outcome_when_a_player_must_move_is_refused(edition, make, outcome):
    """Nature's outcomes are refused while a player must decide."""
    s = make()
    assert to_move(s) >= 0
    assert_refused(s, outcome, rule="engine.not-chance")


def _chance_node_names():
    return [pytest.param(e, name, id=f"{e}-{name}") for e in EDITIONS for name in SUITES[e].chance_nodes()]


@pytest.mark.parametrize("edition,node", _chance_node_names())
def test_player_action_at_a_chance_node_is_refused(edition, node):
    """At every kind of chance node of the edition every player action is refused."""
    s = SUITES[edition].chance_nodes()[node]
    assert to_move(s) == evolab.CHANCE and legal_actions(s) == []
    for a in SUITES[edition].actions_at_chance(s):
        assert_refused(s, a, rule="engine.chance-node")


def _malformed():
    return [pytest.param(e, make, a, id=f"{e}-{name}-{repr(a)[:40]}") for e in EDITIONS
            for name, make in SUITES[e].malformed_positions.items() for a in SUITES[e].malformed]


@pytest.mark.parametrize("edition,make,action", _malformed())
def test_malformed_action_is_refused(edition, make, action):
    """Objects that are not well-formed actions are refused with a rule, in every kind of position."""
    assert_refused(make(), action)


@pytest.mark.parametrize("edition,where,action", each("non_integer_ids"))
def test_non_integer_id_equal_to_a_real_id_is_refused_as_malformed(edition, where, action):
    """An id must be an int: a float or bool equal to a real id is malformed, not that animal or species."""
    assert_refused(SUITES[edition].positions[where](), action, rule="engine.malformed")


@pytest.mark.parametrize("edition,action", each("after_the_end"))
def test_any_action_after_the_game_is_over_is_refused(edition, action):
    """Once the game is over nothing may be applied."""
    s = SUITES[edition].finished_game()
    assert legal_actions(s) == [] and chance_outcomes(s) == ()
    assert_refused(s, action, rule=rule(edition, "game-over"))


def _positions():
    return [pytest.param(e, make, id=f"{e}-{name}") for e in EDITIONS for name, make in SUITES[e].positions.items()]


@pytest.mark.parametrize("edition,make", _positions())
def test_legal_action_for_the_wrong_seat_is_refused(edition, make):
    """``apply(state, action, seat=...)`` refuses a seat that is not the one to move, even for legal actions."""
    common.assert_only_the_mover_may_play(make(), rule(edition, "turn-order"), SUITES[edition].off_table_seats)


def _larger_games():
    return [pytest.param(e, p, id=f"{e}-{p}") for e in EDITIONS for p in SUITES[e].larger_games[0]]


@pytest.mark.parametrize("edition,players", _larger_games())
def test_wrong_seat_is_refused_in_larger_games(edition, players):
    """In every phase with a player to move of larger games, every other seat is refused the mover's legal
    actions."""
    _counts, phases, from_turn = SUITES[edition].larger_games
    for phase in phases:
        s = common.run_until(rs_of(edition, players), lambda st_, phase=phase: st_.phase == phase and
                             to_move(st_) >= 0 and st_.turn >= from_turn, seed=9)
        who = to_move(s)
        for a in legal_actions(s)[:3]:
            for seat in range(players):
                if seat != who:
                    assert_refused(s, a, seat=seat, rule=rule(edition, "turn-order"))


@pytest.mark.parametrize("edition", having("examples", "illegal"))
def test_illegal_candidates_along_random_games_are_refused_without_change(edition):
    """Along random games, actions outside the legal set (and outcomes) raise and leave the state unchanged."""
    suite = SUITES[edition]
    rate, k = suite.illegal_along

    @drawn(suite.examples["illegal"], players=st.sampled_from(suite.player_counts), options=suite.drawn_options,
           seed=SEEDS)
    def _(players, options, seed):
        common.assert_illegal_moves_refused_along_a_game(rs_of(edition, players, **options), seed, suite.illegal_pool,
                                                         rate, k, rule(edition, "turn-order"),
                                                         rule(edition, "game-over"))


@pytest.mark.parametrize("edition", having("person_refused"))
def test_match_step_refuses_illegal_actions_and_changes_nothing(edition):
    """Match.step with an illegal action raises and leaves the state, record and rng as they were."""
    players, seats, moves = SUITES[edition].person_refused
    common.assert_match_refuses_a_person_these_moves(rs_of(edition, players), seats, moves)


@pytest.mark.parametrize("edition", having("first_chance_refused"))
def test_match_step_refuses_player_action_at_a_chance_node_and_after_the_end(edition):
    """At the first chance node Match.step refuses a player's action; after the end it refuses everything."""
    players, seed, at_start, after_end = SUITES[edition].first_chance_refused
    common.assert_match_refuses_at_the_first_chance_node_and_after_the_end(rs_of(edition, players), seed, at_start,
                                                                            after_end)


# ---- 3. records and saved positions ------------------------------------------------------------------------
def _record_configs():
    return [pytest.param(e, p, seats, options, id=f"{e}-{p}-{seats}-{i}") for e in EDITIONS
            for i, (p, seats, options) in enumerate(SUITES[e].record_configs)]


@pytest.mark.parametrize("edition,players,seats,options", _record_configs())
def test_record_json_round_trip_replays_to_the_final_state(edition, players, seats, options):
    """``from_json(record.to_json()).replay()`` equals the match's final state, with the same moves."""
    back = common.assert_record_round_trip(rs_of(edition, players, **options), common.seats_of(seats, players))
    SUITES[edition].record_check(back)


@pytest.mark.parametrize("edition", having("positions", "feeding"))
def test_record_from_a_scenario_round_trips(edition):
    """A match started from a scenario position records it and replays from it."""
    common.assert_record_from_a_scenario_round_trips(SUITES[edition].positions["feeding"]())


@pytest.mark.parametrize("edition", having("file_game"))
def test_record_save_and_load_file(edition, tmp_path):
    """``record.save(path)`` then ``GameRecord.load(path)`` gives the same record and final state."""
    players, options, seats = SUITES[edition].file_game
    common.assert_record_file_round_trips(Match(rs_of(edition, players, **options), seats=seats, seed=3),
                                          tmp_path / f"{edition}.json")


@functools.cache
def made(edition, part):
    """What the edition's maker ``part`` makes (a record, a saved position, a batch), made once for the module:
    no test changes it."""
    if part == "batch":
        return evolab.run_batch(edition, grid=GRID, reps=3, progress=False)
    return getattr(SUITES[edition], part)()


def good(edition):
    """A finished record of the edition as a dict, its text and the final state."""
    return made(edition, "good_record")


@pytest.mark.parametrize("edition", having("good_record"))
def test_good_record_loads(edition):
    """The edition's good record loads (also with a recomputed checksum), so the edits below are what is refused."""
    common.assert_good_record_loads(good(edition))


#: Edits of a record that every edition refuses; each edition adds its own (``record_edits``).
COMMON_EDITS = {
    "first-move-dropped": lambda d, g: d["moves"].pop(common.find_move(d, "FirstPlayer")),
    "move-type-unknown": lambda d, g: d["moves"][3].__setitem__("type", "Teleport"),
    "move-field-extra": lambda d, g: d["moves"][3].__setitem__("cheat", 1),
    "ruleset-another-edition": lambda d, g: d.__setitem__("ruleset", "northstar" if d["ruleset"] == "origin"
                                                          else "origin"),
    "ruleset-unknown": lambda d, g: d.__setitem__("ruleset", "chess"),
    "options-unknown": lambda d, g: d["options"].__setitem__("wings", True),
    "options-players": lambda d, g: d["options"].__setitem__("players", d["options"]["players"] + 1),
    "start-broken": lambda d, g: d.__setitem__("start", {"phase": "feeding"}),
    "moves-not-a-list": lambda d, g: d.__setitem__("moves", {"0": d["moves"][0]}),
}


def _edits():
    return [pytest.param(e, name, edit, id=f"{e}-{name}") for e in having("good_record")
            for name, edit in {**COMMON_EDITS, **SUITES[e].record_edits}.items()]


@pytest.mark.parametrize("recompute", [False, True], ids=["checksum-stale", "checksum-recomputed"])
@pytest.mark.parametrize("edition,name,edit", _edits())
def test_edited_record_is_refused(edition, name, edit, recompute):
    """An edited record is refused: by the checksum, or (checksum recomputed) by the replay."""
    d = json.loads(good(edition)[1])
    edit(d, good(edition))
    assert d != json.loads(good(edition)[1]), f"the edit {name} changed nothing"
    common.assert_edit_refused(d, recompute)


@pytest.mark.parametrize("cut", [1, 2, 10, 100])
@pytest.mark.parametrize("edition", having("good_record"))
def test_truncated_record_is_refused(edition, cut):
    common.assert_truncated_record_refused(good(edition)[1], cut)


def _save_configs():
    return [pytest.param(e, p, options, id=f"{e}-{p}-{i}") for e in EDITIONS
            for i, (p, options) in enumerate(SUITES[e].save_configs)]


@pytest.mark.parametrize("edition,players,options", _save_configs())
def test_save_state_load_state_round_trip(edition, players, options):
    """``load_state(save_state(s)) == s`` for positions all along a game, in every phase reached."""
    suite = SUITES[edition]
    phases = common.assert_saves_round_trip(common.positions(rs_of(edition, players, **options),
                                                             every=suite.save_every))
    assert suite.save_phases(players) <= phases, phases


def saved(edition):
    """A saved feeding position of the edition with its units and traits on the table: (state, text)."""
    return made(edition, "saved_position")


@pytest.mark.parametrize("edition", having("saved_position"))
def test_saved_position_loads(edition):
    common.assert_saved_position_loads(saved(edition))


@pytest.mark.parametrize("edition,name,edit", each("tamper"))
def test_tampered_saved_position_is_refused_by_the_checksum(edition, name, edit):
    """Any edit of a saved position after saving is refused (the checksum no longer matches)."""
    common.assert_tampered_position_refused_by_the_checksum(saved(edition), edit)


@pytest.mark.parametrize("text", common.CORRUPT_TEXTS)
@pytest.mark.parametrize("edition", having("saved_position"))
def test_corrupt_saved_position_is_refused(edition, text):
    common.assert_corrupt_position_refused(saved(edition), text)


@pytest.mark.parametrize("edition,name,edit", each("impossible"))
def test_impossible_saved_position_with_a_valid_checksum_is_refused(edition, name, edit):
    """A re-checksummed saved position that no game can reach is refused with SaveFileError."""
    common.assert_impossible_position_refused(saved(edition), edit, name)


# ---- 4. determinism ----------------------------------------------------------------------------------------
@functools.cache
def records_elsewhere(edition):
    """Records of every config of the edition from interpreters with each of its PYTHONHASHSEEDs."""
    return common.records_of_other_processes(edition, SUITES[edition].det_configs, SUITES[edition].det_hash_seeds)


def _det_configs():
    return [pytest.param(e, c, id=f"{e}-{c[0]}") for e in EDITIONS for c in SUITES[e].det_configs]


@pytest.mark.parametrize("edition,config", _det_configs())
def test_same_seed_gives_identical_record_across_processes_and_hash_seeds(edition, config):
    """Two interpreters with different PYTHONHASHSEED, and this process, write identical records for one seed."""
    suite = SUITES[edition]
    _name, players, _seats, _seed, options = config
    moves = common.assert_same_record_in_every_process(records_elsewhere(edition), config,
                                                       rs_of(edition, players, **options), suite.det_min_moves)
    suite.det_check(moves, options)


# ---- 5. tracker, run_batch, charts, mutation_rate ------------------------------------------------------------
def batch(edition):
    return made(edition, "batch")


@pytest.mark.parametrize("edition", having("batch_tables"))
def test_run_batch_gives_rows_for_every_table(edition):
    """run_batch on the edition fills the tracker's tables with its games and its traits."""
    suite = SUITES[edition]
    b = batch(edition)
    assert len(b) == 6
    for t in suite.batch_tables:
        assert b.rows(t), f"table {t} has no rows"
    players = load_ruleset(edition).players
    games = b.rows("games")
    assert sorted(r["game"] for r in games) == list(range(6))
    assert {r["mutation_rate"] for r in games} == {0, 1}
    assert all(r["players"] == players and -1 <= r["winner"] < players for r in games)
    traits = set(load_ruleset(edition).traits)
    assert all(r["trait"] in traits for r in b.rows("traits"))
    assert {r["trait"] for r in b.rows("traits")} == traits
    suite.batch_check(b)


@pytest.mark.parametrize("edition", having("batch_tables"))
def test_run_batch_rows_are_identical_with_two_workers(edition):
    """Two worker processes give exactly the same rows, in the same order, for every table."""
    common.assert_rows_identical_with_two_workers(edition, GRID, batch(edition))


@pytest.mark.parametrize("edition", having("batch_tables"))
def test_trait_frequencies_chart_draws_the_rows(edition):
    common.assert_trait_chart_draws(batch(edition).rows("traits"))


def _batch_games(edition, bots):
    """The games run_batch plays for GRID (same seeds, bots and mutation rates), played here with records."""
    from evolab.experiments import _seats, game_setup, plan
    out = []
    for g, seed, params in plan(edition, GRID, 3, 0, {"bots": bots}):
        p = {k: v for k, v in params.items() if k != "rep"}
        rs, names, rate = game_setup(edition, p)
        m = Match(rs, seats=_seats(names, rate, rs.players), seed=seed)
        m.play_out()
        out.append((g, rate, m))
    return out


@pytest.mark.parametrize("bots", ["greedy", "random", "greedy,random"])
@pytest.mark.parametrize("edition", having("trait_play"))
def test_mutation_rate_is_obeyed_by_every_bot_move(edition, bots):
    """mutation_rate=0: no bot ever plays a trait; mutation_rate=1: whenever a trait play is legal, the bot does
    not grow instead. Checked by replaying the records move by move."""
    decides, is_trait, grows = SUITES[edition].trait_play
    common.assert_mutation_rate_obeyed(_batch_games(edition, bots), batch(edition), bots, decides, is_trait, grows)


@pytest.mark.parametrize("edition", having("tracked_game"))
def test_tracker_rows_equal_the_rows_of_a_replayed_record(edition):
    """A Tracker watching a match and ``track_record`` of its record give the same rows."""
    suite = SUITES[edition]
    players, options, seats = suite.tracked_game
    tracker, m = common.tracked_and_replayed(rs_of(edition, players, **options), seats)
    suite.tracked_check(tracker, m)


"""The command line: every user error is one line on stderr saying what is wrong and what is allowed, exit
status 2, no traceback, and it is found before the first game (an output path included); bugs stay visible."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

import evolab
from evolab import OptionError
from evolab.cli import main
from evolab.match import Match


@pytest.fixture
def no_games(monkeypatch):
    """Any game played makes the test fail: refusals must come before the first game."""
    def refuse(*args, **kwargs):
        raise AssertionError("a game was played before the argument was refused")
    monkeypatch.setattr(Match, "play_out", refuse)


def run_cli(argv, capsys):
    """(exit status, stdout, stderr) of ``evolab ARGV`` run in this process."""
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    out, err = capsys.readouterr()
    return code, out, err


# (arguments, a piece of the one-line message). The examples come first.
BAD = [
    (["--bots", ","], "name at least one bot, e.g. random,greedy; bots: defensive, fat_storing, greedy, lookahead, lookahead1, lookahead2, lookahead3, lookahead4, lookahead5, predator, random"),
    (["--table", "junk"], "invalid choice: 'junk'"),
    (["--out", "no/such/dir/x.csv"], "the folder 'no/such/dir' does not exist"),
    (["--out", "."], "is a folder; name a file"),
    (["--workers", "0"], "--workers: must be a whole number of at least 1, got '0'"),
    (["--workers", "-2"], "--workers: must be a whole number of at least 1, got '-2'"),
    (["--grid", "mutation_rate=0", "--workers", "0"], "--workers: must be a whole number of at least 1"),
    (["--players", "3", "--option", "players=4"], "--players 3 and --option players=4 disagree"),
    (["--players", "3", "--grid", "players=2,4"], "both set the number of players"),
    (["--players", "x"], "--players: must be a whole number, got 'x'"),
    (["--players", "1"], "option 'players' must be between 2 and 8, got 1"),
    (["--ruleset", "northstar", "--players", "7"], "option 'players' must be between 2 and 6, got 7"),
    (["--games", "0"], "--games: must be a whole number of at least 1, got '0'"),
    (["--games", "many"], "--games: must be a whole number of at least 1, got 'many'"),
    (["--games"], "--games: expected one argument"),
    (["--seed", "1.5"], "--seed: must be a whole number, got '1.5'"),
    (["--reps", "0", "--grid", "mutation_rate=0"], "--reps: must be a whole number of at least 1"),
    (["--ruleset", "chess"], "invalid choice: 'chess' (choose from"),
    (["--bots", "dodo"], "unknown bot 'dodo'; available: ['defensive', 'fat_storing', 'greedy', 'lookahead', 'lookahead1', 'lookahead2', 'lookahead3', 'lookahead4', 'lookahead5', 'predator', 'random']"),
    (["--bots", "greedy:2"], "bad trait-card rate in 'greedy:2': write greedy:RATE with a RATE from 0 to 1"),
    (["--bots", "greedy:x"], "bad trait-card rate in 'greedy:x'"),
    (["--option", "junk"], "options look like name=value"),
    (["--option", "=1"], "options look like name=value"),
    (["--option", "junk=1"], "unknown option(s) ['junk']; allowed:"),
    (["--option", "mimicry_optional=7"], "option 'mimicry_optional' must be true or false, got 7"),
    (["--option", "scenario=nope"], "option 'scenario' must be one of"),
    (["--option", "decks=1", "--option", "decks=2"], "--option decks is given twice"),
    (["--option", "mutation_rate=0.5"], "mutation_rate is an experiment setting, not a rules option"),
    (["--grid", "junk"], "grids look like name=v1,v2,..."),
    (["--grid", "mutation_rate="], "grids look like name=v1,v2,..."),
    (["--grid", "junk=1"], "unknown grid key(s) ['junk']; allowed:"),
    (["--grid", "mutation_rate=0,2"], "mutation_rate must be between 0 and 1, got 2"),
    (["--grid", "players=1,2"], "option 'players' must be between 2 and 8, got 1"),
    (["--grid", "bots=dodo"], "unknown bot 'dodo'"),
    (["--grid", "food_multiplier=x"], "option 'food_multiplier' must be a number"),
    (["--grid", "mutation_rate=0", "--grid", "mutation_rate=1"], "--grid mutation_rate is given twice"),
    (["--grid", "mutation_rate=0", "--option", "mutation_rate=1"], "set by both --option and --grid"),
    (["--plot-kind", "pie"], "invalid choice: 'pie'"),
    (["--plot", "chart.nope"], "end the file name with a picture format"),
    (["--plot", "chart"], "end the file name with a picture format"),
    (["--plot", "no/such/dir/chart.png"], "the folder 'no/such/dir' does not exist"),
    (["--plot", "."], "is a folder; name a file"),
    (["--out", ""], "--out needs a file name"),
    (["--out", "same.png", "--plot", "same.png"], "--out and --plot name the same file"),
    (["--out", "a_file/x.csv"], "the folder 'a_file' is a file, not a folder"),
    (["--trait", "wings"], "--trait 'wings' is not a trait of origin; traits: carnivorous"),
    (["--ruleset", "northstar", "--trait", "carnivorous"], "not a trait of northstar; traits: carnivore"),
    (["--unknown-flag"], "unrecognized arguments: --unknown-flag"),
]


@pytest.mark.parametrize("args,message", BAD, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_a_bad_argument_is_one_line_exit_2_before_any_game(args, message, capsys, no_games, tmp_path,
                                                             monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a_file").write_text("not a folder")
    code, out, err = run_cli(["simulate", "--quiet", "--games", "3", *args], capsys)
    assert code == 2
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("evolab")
    assert message in err
    assert "Traceback" not in err and out == ""
    assert sorted(os.listdir(tmp_path)) == ["a_file"]      # nothing written, no file left behind


@pytest.mark.parametrize("argv,message", [([], "name a command: simulate, tournament"),
                                          (["play"], "invalid choice: 'play' (choose from 'simulate', 'tournament')")])
def test_a_missing_or_unknown_command_is_one_line_exit_2(argv, message, capsys):
    code, out, err = run_cli(argv, capsys)
    assert code == 2 and err.count("\n") == 1 and message in err and "Traceback" not in err


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write anywhere")
def test_an_unwritable_output_folder_is_refused_before_any_game(capsys, no_games, tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        code, out, err = run_cli(["simulate", "--out", str(locked / "x.csv")], capsys)
    finally:
        locked.chmod(0o700)
    assert code == 2 and err.count("\n") == 1 and "cannot be written" in err


def test_an_existing_output_file_is_kept_until_the_games_are_done(capsys, tmp_path, monkeypatch):
    """Checking that --out can be written does not touch a file that is already there."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.csv").write_text("old rows\n")
    code, out, err = run_cli(["simulate", "--games", "2", "--out", "old.csv", "--bots", "random,,"], capsys)
    assert code == 0 and err == ""
    assert (tmp_path / "old.csv").read_text().startswith("game,seed,ruleset,players,bots")


def test_option_players_sets_the_number_of_players(capsys):
    """``--option players=3`` is the same as ``--players 3`` (it used to crash with a TypeError)."""
    code, out, err = run_cli(["simulate", "--games", "2", "--option", "players=3", "--quiet"], capsys)
    assert code == 0 and err == ""
    assert "3 players" in out and "seat 2 (random)" in out


def test_subprocess_refusals_have_exit_status_2_and_no_traceback(tmp_path):
    """The real command: the issue's examples each print one line and exit with status 2."""
    for args in (["--bots", ","], ["--option", "players=3", "--players", "2"], ["--table", "junk"],
                 ["--out", "no/such/dir/x.csv"], ["--out", "."], ["--workers", "0"], ["--workers", "-2"]):
        p = subprocess.run([sys.executable, "-m", "evolab", "simulate", "--games", "2", *args], cwd=tmp_path,
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == 2, (args, p.stderr)
        assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr and p.stdout == "", (args, p.stderr)


def test_a_bug_during_the_games_is_not_dressed_up_as_a_user_error(capsys, monkeypatch):
    """An error raised while playing (here an engine refusal a trusted bot should never meet) keeps its
    traceback: only the checks before the first game report one line."""
    def broken(self, max_moves=1_000_000):
        raise evolab.IllegalActionError("a bug", "engine.bug")
    monkeypatch.setattr(Match, "play_out", broken)
    with pytest.raises(evolab.IllegalActionError):
        main(["simulate", "--games", "1", "--quiet"])


def test_a_sweep_plot_defaults_to_the_editions_predator_trait(capsys, tmp_path):
    """North Star's predator trait is "carnivore": a sweep chart without --trait draws it instead of
    failing after the games on Origin's "carnivorous"."""
    pytest.importorskip("matplotlib")
    out = tmp_path / "sweep.png"
    code, text, err = run_cli(["simulate", "--ruleset", "northstar", "--grid", "mutation_rate=0,1", "--reps", "1",
                               "--plot", str(out), "--quiet"], capsys)
    assert code == 0 and err == "" and out.exists()
    assert "Carnivore" in text


@pytest.mark.parametrize("kwargs", [{"workers": -1}, {"workers": 0}, {"workers": True}, {"workers": 1.5},
                                    {"chunk": 0}, {"executor": "pool"}], ids=repr)
def test_run_batch_refuses_bad_workers_chunk_and_executor(kwargs):
    with pytest.raises(OptionError, match=next(iter(kwargs))):
        evolab.run_batch("origin", grid={"mutation_rate": [0]}, progress=False, **kwargs)

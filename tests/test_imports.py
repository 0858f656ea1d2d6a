"""``import evolab`` is light (standard library only), the public API exists, and ``observe`` hides what it must."""
from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys

import pytest

import evolab
from evolab import CHANCE, Match, load_ruleset, observe, scenario

ROOT = pathlib.Path(__file__).resolve().parents[1]
HEAVY = ("numpy", "pandas", "matplotlib", "ipywidgets", "networkx", "pettingzoo", "gymnasium")


def fresh_modules(code):
    """The modules that ``code`` adds to a fresh interpreter's ``sys.modules``."""
    script = ("import sys, json\nbefore = set(sys.modules)\n" + code +
              "\nprint(json.dumps(sorted(set(sys.modules) - before)))\n")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def _heavy(mods):
    return sorted(m for m in mods if m.split(".")[0] in HEAVY)


def test_import_evolab_loads_no_heavy_library():
    """``import evolab`` in a fresh interpreter loads none of numpy, pandas, matplotlib, ipywidgets, networkx,
    pettingzoo, gymnasium."""
    mods = fresh_modules("import evolab")
    assert "evolab" in mods
    assert _heavy(mods) == []


def test_import_evolab_loads_only_the_standard_library():
    """Every module ``import evolab`` loads is evolab's own or from the standard library."""
    mods = fresh_modules("import evolab")
    foreign = sorted(m for m in mods if m.split(".")[0] not in sys.stdlib_module_names
                     and m.split(".")[0] != "evolab")
    assert foreign == []


def test_playing_and_saving_a_game_loads_no_heavy_library():
    """Loading a ruleset, playing greedy and random bots, observing and saving loads no heavy library."""
    mods = fresh_modules(
        "import evolab\n"
        "from evolab.bots import GreedyBot, RandomBot\n"
        "m = evolab.Match(evolab.load_ruleset('origin', players=4), seats=[GreedyBot(), RandomBot()] * 2,"
        " seed=1, keep_events=True)\n"
        "m.play_out()\n"
        "evolab.observe(m.state, 0).to_dict()\n"
        "evolab.GameRecord.from_json(m.record.to_json()).replay()\n"
        "evolab.load_state(evolab.save_state(m.state))\n")
    assert "evolab.rules.origin" in mods
    assert _heavy(mods) == []


def test_import_evolab_defers_the_engine_until_a_name_is_used():
    """``import evolab`` builds no action or event class and loads no bot; the first use of a name loads it."""
    mods = fresh_modules("import evolab")
    assert not {"evolab.actions", "evolab.events", "evolab.match", "evolab.bots", "evolab.record"} & set(mods)
    mods = fresh_modules("import evolab\nevolab.Match")
    assert {"evolab.match", "evolab.actions"} <= set(mods)


def test_every_public_name_resolves_and_is_listed():
    """Every name of ``__all__`` resolves (``from evolab import *`` too) and ``dir(evolab)`` lists it; an unknown
    name is an AttributeError."""
    mods = fresh_modules("import evolab\nfrom evolab import *\n"
                         "assert all(n in globals() for n in evolab.__all__)\n"
                         "assert set(evolab.__all__) <= set(dir(evolab))\n"
                         "assert callable(evolab.scenario) and evolab.bots.RandomBot\n"
                         "import evolab.scenario\nassert callable(evolab.scenario)\n"
                         "try:\n    evolab.no_such_name\nexcept AttributeError:\n    pass\n"
                         "else:\n    raise SystemExit('no AttributeError')\n")
    assert "evolab.actions" in mods


PUBLIC = ["available_rulesets", "load_ruleset", "new_game", "to_move", "legal_actions", "check", "apply",
          "chance_outcomes", "is_over", "scores", "observe", "IllegalActionError", "scenario", "Match", "CHANCE",
          "GameRecord", "SaveFileError"]


@pytest.mark.parametrize("name", PUBLIC)
def test_public_api_name_exists(name):
    """Each name of the public API is importable from ``evolab`` and listed in ``__all__``."""
    assert hasattr(evolab, name), f"evolab.{name} is missing"
    assert name in evolab.__all__
    if name not in ("CHANCE",):
        assert callable(getattr(evolab, name))


def test_public_api_kinds():
    """The error classes are exceptions, CHANCE is an int, bots are classes with ``choose``."""
    assert issubclass(evolab.IllegalActionError, Exception)
    assert issubclass(evolab.SaveFileError, Exception)
    assert isinstance(evolab.CHANCE, int)
    from evolab.bots import GreedyBot, RandomBot
    assert evolab.bots.RandomBot is RandomBot and evolab.bots.GreedyBot is GreedyBot
    for cls in (RandomBot, GreedyBot):
        assert callable(getattr(cls(), "choose"))
    assert "origin" in evolab.available_rulesets()


def test_public_api_runs_the_engine_loop():
    """The documented engine loop runs with the public names alone and reaches the end."""
    state = evolab.new_game(evolab.load_ruleset("origin", players=3))
    rng = random.Random(1)
    steps = 0
    while not evolab.is_over(state):
        if evolab.to_move(state) == evolab.CHANCE:
            outs = evolab.chance_outcomes(state)
            move = rng.choices([o for o, _ in outs], [w for _, w in outs])[0]
        else:
            move = rng.choice(evolab.legal_actions(state))
        assert evolab.check(state, move) is None
        state, _ = evolab.apply(state, move)
        steps += 1
        assert steps < 10_000
    assert len(evolab.scores(state)) == 3


# ---- observe -----------------------------------------------------------------------------------
def _distinct_hands_position():
    return scenario("origin", {"players": 3, "phase": "development",
                               "hands": [["swimming", "running"], ["piracy", "tail_loss", "mimicry"], ["scavenger"]],
                               "animals": [{"owner": 0, "traits": ["carnivorous"]}, {"owner": 1}]})


def test_observe_shows_own_hand_and_only_sizes_of_other_hands():
    """``observe(state, seat)`` holds the seat's own cards and only the sizes of the others' hands."""
    s = _distinct_hands_position()
    for seat, own, hidden in ((0, ("swimming", "running"), ("piracy", "tail_loss", "mimicry", "scavenger")),
                              (1, ("piracy", "tail_loss", "mimicry"), ("swimming", "running", "scavenger")),
                              (2, ("scavenger",), ("swimming", "running", "piracy", "tail_loss", "mimicry"))):
        o = observe(s, seat)
        assert sorted(o.hand) == sorted(own)
        assert tuple(o.hand_sizes) == (2, 3, 1)
        text = json.dumps(o.to_dict())
        for card in hidden:
            assert card not in text, f"seat {seat} can see {card!r} of another hand"
        for name in o.__slots__:
            v = getattr(o, name, None)
            for other in range(3):
                if other != seat:
                    assert v != s.hands[other] and v != tuple(s.hands[other]), \
                        f"observation field {name!r} holds seat {other}'s hand"


def test_observe_does_not_show_the_deck_composition():
    """The observation gives the deck's size, not which cards are left in it."""
    s = _distinct_hands_position()
    o = observe(s, 0)
    d = o.to_dict()
    assert d["deck_size"] == s.deck_size
    assert "deck" not in d and "hands" not in d
    for name in o.__slots__:
        v = getattr(o, name, None)
        assert not (isinstance(v, (tuple, list)) and len(v) == len(s.deck) and list(v) == list(s.deck)), \
            f"observation field {name!r} holds the deck's composition"
        assert not hasattr(v, "deck") or v is s.ruleset, f"observation field {name!r} exposes a deck"
    assert not hasattr(o, "deck") and not hasattr(o, "hands")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_observe_along_a_game_hides_other_hands(players):
    """At every decision of a game, each seat's observation has its own hand and the others' sizes only."""
    m = Match(load_ruleset("origin", players=players), seats=["greedy"] * players, seed=players)
    checked = 0
    while not m.is_over():
        s = m.state
        if m.to_move != CHANCE and len(m.record.moves) % 7 == 0:
            for seat in range(players):
                o = observe(s, seat)
                assert list(o.hand) == s.hands[seat]
                assert list(o.hand_sizes) == [len(h) for h in s.hands]
                d = o.to_dict()
                json.dumps(d)
                assert d["hand"] == s.hands[seat]
                assert set(d) >= {"hand", "hand_sizes", "deck_size"} and not {"hands", "deck"} & set(d)
                checked += 1
        m.step()
    assert checked > players



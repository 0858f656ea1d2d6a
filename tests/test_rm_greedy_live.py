"""The Random Mutations greedy bot choosing a development play from the live view alone (``hints.greedy_live``).

A match does not build the development legal list for a plain GreedyBot: while the expected food can feed one
more animal a new species is the best play, else a trait on each species of one animal, else the pass. The plays
it returns must be exactly those that valuing every legal action gives, in the list's order (the bot draws among
ties by their position), and the games must be those the bot plays from the list.
"""
from __future__ import annotations

import pytest

import evolab
from evolab import Match
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.hints import BotHints


class _Compared(GreedyBot):
    """Checks at every development decision that ``greedy_live`` gives ``BotHints.greedy_best`` over the list."""

    picks_from_legal = True
    checked = ties = new = 0

    def pick(self, view, legal, rng):
        hints = view.ruleset.edition.bot_hints
        live = hints.greedy_live(view)
        plays = type(legal[0]).__name__ in ("PlayCard", "Pass")      # a development play, not a discard
        if view.phase == "development" and plays and not view.ruleset.options["divergence"]:
            reference = BotHints.greedy_best(hints, hints.greedy_context(view, legal), legal)
            assert live == reference
            cls = type(self)
            cls.checked += 1
            cls.ties += len(reference) > 1
            cls.new += getattr(reference[0], "mode", "") == "new_species"
        else:
            assert live is None
        return super().pick(view, legal, rng)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_live_development_ties_are_the_legal_lists(players):
    before = (_Compared.checked, _Compared.ties, _Compared.new)
    rs = evolab.load_ruleset("random_mutations", players=players)
    for seed in range(4):
        seats = [_Compared() if s % 3 != 2 else RandomBot() for s in range(players)]
        Match(rs, seats=seats, seed=500 + 10 * players + seed).play_out()
    checked, ties, new = (a - b for a, b in zip((_Compared.checked, _Compared.ties, _Compared.new), before))
    assert checked > 60 and ties > 20 and new > 20      # the pass as the best: a set position below


def test_divergence_chooses_from_the_list():
    """With Divergence on, ``Bot.choose`` draws for a divergence from the list: the live view does not decide."""
    rs = evolab.load_ruleset("random_mutations", players=3, divergence=True)
    Match(rs, seats=[_Compared(), _Compared(), RandomBot()], seed=5).play_out()


def _development(mine):
    """A development position for seat 0 with species of ``mine`` animals each (seat 1 has one species)."""
    species, k = [], 1
    for sid, n in enumerate(mine, start=1):
        species.append({"id": sid, "owner": 0, "animals": [{"id": 100 + k + i} for i in range(n)]})
        k += n
    species.append({"id": 50, "owner": 1, "animals": [{"id": 90}]})
    return evolab.scenario("random_mutations", {"players": 2, "phase": "development", "species": species})


@pytest.mark.parametrize("mine, best", [
    ((1,), [("new_species", -1)]),                    # room for one more animal: a new species alone
    ((2, 2, 1), [("trait", 3)]),                      # no room: a trait on the species of one animal
    ((1, 3, 1), [("trait", 1), ("trait", 3)]),        # ... on each of them: ties, in the row's order
    ((2, 3), [("pass",)]),                            # no room and no species of one animal: the pass
])
def test_the_best_development_play_in_a_set_position(mine, best):
    s = _development(mine)
    rs = s.ruleset
    view = rs.observe(s, 0, False)
    hints = rs.edition.bot_hints
    legal = rs.legal_actions(s)
    live = hints.greedy_live(view)
    assert live == BotHints.greedy_best(hints, hints.greedy_context(view, legal), legal)
    assert [(a.mode, a.species) if hasattr(a, "mode") else ("pass",) for a in live] == best

"""Helpers for the tests of the greedy bot's choosers from the live view (``GreedyBot.live_chooser``)."""
from __future__ import annotations

from evolab import Match
from evolab.bots import GreedyBot


def greedy_moves(rs, seed, stepped, rate=None) -> list:
    """The moves of a game of greedy seats: played out (the match asks the live chooser) or stepped (``step``
    always builds the legal list)."""
    m = Match(rs, seats=[GreedyBot(trait_card_rate=rate) for _ in range(rs.options["players"])], seed=seed)
    if stepped:
        while m.state.phase != "over":
            m.step()
    else:
        m.play_out()
    return m.record.moves


def listed_phases(rs, seats, seed=1) -> list:
    """The phases of the decisions for which a played-out game of ``seats`` (bot factories) built a legal list."""
    phases = []
    legal_actions = rs.legal_actions

    def counted(s):
        phases.append(s.phase)
        return legal_actions(s)

    rs.legal_actions = counted
    try:
        Match(rs, seats=[make() for make in seats], seed=seed).play_out()
    finally:
        del rs.legal_actions
    return phases

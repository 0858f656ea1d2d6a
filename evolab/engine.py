"""The engine's functions (OpenSpiel style). Each dispatches to the state's ruleset.

    state = new_game(load_ruleset("origin", players=3))
    while not is_over(state):
        who = to_move(state)
        move = sample(...) if who == CHANCE else choose(legal_actions(state))
        state, events = apply(state, move)   # the state passed in is never changed
"""
from __future__ import annotations

from .actions import CHANCE, TERMINAL  # noqa: F401  (re-exported)


def new_game(ruleset):
    """The opening state: a chance node (the deal)."""
    return ruleset.new_game()


def to_move(state) -> int:
    """The seat that decides next, ``CHANCE`` when nature moves, ``TERMINAL`` when the game is over."""
    return state.ruleset.to_move(state)


def legal_actions(state) -> list:
    """Every legal action of the seat to move, in a fixed order; empty at chance and terminal nodes."""
    return state.ruleset.legal_actions(state)


def check(state, action, seat=None):
    """``None`` if ``action`` is legal now, else a ``Violation(rule, message)``."""
    v = state.ruleset.check(state, action, seat)
    return None if v is None else Violation(*v)


def apply(state, action, seat=None):
    """(new state, events). Raises ``IllegalActionError`` (with ``.rule``) and leaves ``state`` unchanged."""
    return state.ruleset.apply(state, action, seat)


def chance_outcomes(state) -> tuple:
    """((outcome, integer weight), ...) at a chance node; () elsewhere."""
    return state.ruleset.chance_outcomes(state)


def is_over(state) -> bool:
    return state.ruleset.is_over(state)


def scores(state) -> tuple:
    """Points per seat, as the rules would count them now."""
    return state.ruleset.scores(state)


def winner(state) -> int:
    """The winning seat once the game is over (-1 before, and -1 when several seats share the win)."""
    return state.winner


def winners(state) -> tuple:
    """Every winning seat once the game is over, in seat order: one seat, or several that share the win
    (North Star, when its tie-breaks leave a tie); () before the end."""
    return state.ruleset.winners(state)


class Violation(tuple):
    """Why an action is illegal: ``rule`` id and a ``message`` for people."""

    __slots__ = ()

    def __new__(cls, rule, message):
        return super().__new__(cls, (rule, message))

    rule = property(lambda self: self[0])
    message = property(lambda self: self[1])

    def __repr__(self):
        return f"Violation({self[0]!r}, {self[1]!r})"

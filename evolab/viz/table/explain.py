"""Why a click on the card table is no move: the engine's own rule message, never one written here."""
from __future__ import annotations

from ...engine import check
from .strings import t
from .targets import candidates


def explain(state, path, seat) -> str:
    """One line saying why the clicks ``path`` (targets, see ``targets``) by ``seat`` make no legal move:
    the first rule the engine names among the moves the clicks could mean; "" if one of them is legal."""
    if state.ruleset.to_move(state) != seat:
        return t("illegal.not_yours")
    moves = candidates(list(path))
    if not moves:
        return t("illegal.nothing")
    for move in moves:
        v = check(state, move)
        if v is None:
            return ""
    v = check(state, moves[0])
    message = v.message[:1].upper() + v.message[1:]
    return t("illegal.rule", message=message)

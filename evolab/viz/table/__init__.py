"""The board as a table of cards you click (an anywidget): the model builder, its targets and strings.

``build_table(observation, legal, names)`` is pure Python (no widgets); ``CardBoard`` (in ``board``) is the
widget that draws it with ``table.js`` and ``table.css`` and imports ipywidgets and anywidget when used.
"""
from __future__ import annotations

from .explain import explain
from .model import build_table, table_kind
from .strings import MESSAGES, messages, t
from .targets import candidates, placement

__all__ = ["build_table", "table_kind", "explain", "candidates", "placement", "MESSAGES", "messages", "t", "CardBoard",
           "card_table_available"]


def card_table_available() -> bool:
    """Whether the card table can be drawn here: it needs the ``anywidget`` package (the ``lab`` extra, Binder and
    the browser-only site have it; without it a notebook can fall back on the GameBoard's buttons)."""
    import importlib.util
    return importlib.util.find_spec("anywidget") is not None


def __getattr__(name):
    if name == "CardBoard":
        from .board import CardBoard
        return CardBoard
    raise AttributeError(name)

"""Exceptions of evolab: each carries data, and says what happened and what to do."""
from __future__ import annotations


class EvolabError(Exception):
    """Base class of every error evolab raises on purpose."""


class IllegalActionError(EvolabError, ValueError):
    """An action the rules forbid; ``rule`` names the rule (e.g. ``origin.swimming``).

    The state it was tried on is left exactly as it was. ``seat`` is the seat whose bot chose it, when a bot did.
    """

    def __init__(self, message: str, rule: str, action=None, legal=None, seat=None):
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.action = action
        self.legal = legal
        self.seat = seat


class OptionError(EvolabError, ValueError):
    """An unknown option, or a value outside what the option allows."""


class UnknownRuleset(EvolabError, KeyError):
    """A ruleset id that is not registered."""

    def __str__(self):  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class _FieldError(EvolabError, ValueError):
    """An error about one field of a document; ``field`` is its path (``animals[2].owner``) or ``""``."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(message)
        self.field = field


class SaveFileError(_FieldError):
    """A saved game that is corrupt, tampered with, or not an evolab save; nothing is loaded.

    ``field`` names the part of the file that is wrong (``start.animals[2].owner``), when there is one."""


class ScenarioError(_FieldError):
    """A position description that does not describe a possible table; ``field`` names the key at fault."""

"""Registry of editions: id -> ``Edition`` (its rules, presentation and bot hints), loaded lazily so
``import evolab`` loads no edition it does not use.

The editions evolab ships are listed in ``BUILT_IN``, one line each (the package's ``EDITION`` is read the
first time the registry is used). Any other edition (a test's, a class's own) registers itself with
``register_edition(EDITION)`` and needs no edit here.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ..errors import UnknownRuleset
from .edition import Edition

if TYPE_CHECKING:
    from .base import Ruleset

#: The packages of the editions evolab ships: one registry line per edition.
BUILT_IN = (
    "evolab.rules.origin",
    "evolab.rules.random_mutations",
    "evolab.rules.northstar",
)

_EDITIONS: dict[str, Edition] = {}
_LOADED = False


def _registry() -> dict[str, Edition]:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        for module in BUILT_IN:
            ed = importlib.import_module(module).EDITION
            _EDITIONS.setdefault(ed.id, ed)
    return _EDITIONS


def register_edition(edition: Edition, replace: bool = False) -> Edition:
    """Add ``edition`` to the registry (``load_ruleset``, saved games, the board and ``run_batch`` then know
    it). An id already registered is refused unless ``replace``. Returns the edition."""
    if not isinstance(edition, Edition):
        raise TypeError(f"register_edition takes an Edition, got {edition!r}")
    reg = _registry()
    if edition.id in reg and reg[edition.id] is not edition and not replace:
        raise ValueError(f"an edition {edition.id!r} is already registered")
    reg[edition.id] = edition
    return edition


def unregister_edition(edition_id: str) -> None:
    """Remove an edition registered with ``register_edition`` (a test's edition, when the test is done)."""
    _registry().pop(edition_id, None)


def editions() -> dict[str, Edition]:
    """{id: Edition} of every registered edition, built-in ones first."""
    return dict(_registry())


def edition(edition_id: str) -> Edition:
    """The registered edition ``edition_id``; ``UnknownRuleset`` names the known ones otherwise."""
    try:
        return _registry()[edition_id]
    except (KeyError, TypeError):
        raise UnknownRuleset(f"unknown ruleset {edition_id!r}; available: {sorted(_registry())}") from None


def available_rulesets() -> dict:
    """{ruleset id: one-line description} of every edition evolab can play."""
    return {k: e.title for k, e in _registry().items()}


def ruleset_class(ruleset_id: str) -> type[Ruleset]:
    return edition(ruleset_id).ruleset


def load_ruleset(ruleset_id: str, **options) -> Ruleset:
    """A ruleset with its options checked against the declared ``OptionSpec``s (``players=`` included)."""
    return ruleset_class(ruleset_id).load(**options)


__all__ = ["BUILT_IN", "Edition", "available_rulesets", "edition", "editions", "load_ruleset", "register_edition",
           "ruleset_class", "unregister_edition"]

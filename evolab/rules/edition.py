"""An edition is one package: its rules (a ``Ruleset``), how the board and the log show it (a
``Presentation``) and what the bots value in it (``BotHints``). ``Edition`` names them; the registry
(``evolab.rules``) lists editions by id.

Each part may be given as the object itself or as ``"module:attribute"``, imported the first time it is
asked for, so listing the editions (``import evolab``) loads none of them.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .base import Ruleset
    from .encoding import Encoder
    from .hints import BotHints
    from .presentation import Presentation


def _resolve(ref: Any) -> Any:
    if not isinstance(ref, str):
        return ref
    module, _, name = ref.partition(":")
    obj: Any = importlib.import_module(module)
    for part in name.split(".") if name else ():
        obj = getattr(obj, part)
    return obj


def ruleset_alias(edition: Edition, name: str, module: str):
    """A module ``__getattr__`` that gives the edition's ``Ruleset`` class under ``name`` when first asked for
    (so listing the editions loads none of their rules)."""
    def __getattr__(attr):
        if attr == name:
            return edition.ruleset
        raise AttributeError(f"module {module!r} has no attribute {attr!r}")
    return __getattr__


def package_edition(package: str, id: str, title: str, prefix: str) -> Edition:
    """The ``Edition`` of a package laid out as evolab's own editions are: ``ruleset.py`` (``<prefix>Ruleset``),
    ``present.py`` (``<prefix>Presentation``), ``hints.py`` (``<prefix>Hints``) and ``encoder.py``
    (``<prefix>Encoder``), each imported when first asked for."""
    return Edition(id, title, ruleset=f"{package}.ruleset:{prefix}Ruleset",
                   presentation=f"{package}.present:{prefix}Presentation", bot_hints=f"{package}.hints:{prefix}Hints",
                   encoder=f"{package}.encoder:{prefix}Encoder")


class Edition:
    """One edition of the game as evolab knows it: ``Edition(id, title, ruleset=..., presentation=...,
    bot_hints=...)``.

    ``title`` is the one-line description ``available_rulesets()`` shows. ``presentation``, ``bot_hints`` and
    ``encoder`` (the observation as numbers, for ``evolab.env``) default to the neutral base classes (an
    edition shown and played with no help).
    """

    __slots__ = ("id", "title", "_refs", "_cache")

    def __init__(self, id: str, title: str, *, ruleset: Any, presentation: Any = None, bot_hints: Any = None,
                 encoder: Any = None):
        if not isinstance(id, str) or not id.isidentifier():
            raise ValueError(f"an edition id is a short identifier such as 'origin', got {id!r}")
        self.id, self.title = id, title
        self._refs = {"ruleset": ruleset,
                      "presentation": presentation or "evolab.rules.presentation:Presentation",
                      "bot_hints": bot_hints or "evolab.rules.hints:BotHints",
                      "encoder": encoder or "evolab.rules.encoding:Encoder"}
        self._cache: dict[str, Any] = {}

    def _part(self, name: str) -> Any:
        got = self._cache.get(name)
        if got is None:
            got = _resolve(self._refs[name])
            if isinstance(got, type) and name not in ("ruleset", "encoder"):
                got = got()              # a class of hints or presentation: its one instance
            self._cache[name] = got
        return got

    @property
    def ruleset(self) -> type[Ruleset]:
        """The edition's ``Ruleset`` class (its ``id`` is the edition's)."""
        cls = self._part("ruleset")
        if cls.id != self.id:
            raise ValueError(f"edition {self.id!r} names the ruleset {cls.__name__}, whose id is {cls.id!r}")
        return cls

    @property
    def presentation(self) -> Presentation:
        """How the board draws its units, action labels, log sentences, trait names and hints."""
        return self._part("presentation")

    @property
    def bot_hints(self) -> BotHints:
        """What the greedy and lookahead bots value in this edition."""
        return self._part("bot_hints")

    @property
    def encoder(self) -> type[Encoder]:
        """How ``evolab.env`` turns an observation into numbers (a class, made per environment); the neutral one
        encodes the phase, whose decision and the turn."""
        return self._part("encoder")

    def __repr__(self):
        return f"Edition({self.id!r}, {self.title!r})"

"""What every ruleset shares: declared options, trait rules as data, and the Ruleset interface."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..errors import OptionError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An option declared once: it validates ``load_ruleset(**options)``, builds forms, checks grids."""

    name: str
    default: Any
    kind: str                      # "bool", "int", "float", "choice", "table"
    doc: str
    min: Any = None
    max: Any = None
    choices: tuple = ()
    provisional: bool = False      # the rule behind it is ours, not the publisher's
    check: Callable | None = None  # extra validation (and normalisation) for "table" options

    def validate(self, value):
        k = self.kind
        if k == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"option {self.name!r} must be true or false, got {value!r}")
        elif k in ("int", "float"):
            if value is None and self.default is None:
                return value
            ok = isinstance(value, int) and not isinstance(value, bool)
            if k == "float":
                ok = ok or isinstance(value, float)
            if not ok:
                raise OptionError(f"option {self.name!r} must be a number ({k}), got {value!r}")
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise OptionError(f"option {self.name!r} must be between {self.min} and {self.max}, got {value!r}")
        elif k == "choice":
            if value not in self.choices:
                raise OptionError(f"option {self.name!r} must be one of {list(self.choices)}, got {value!r}")
        elif k == "table":
            if self.check is not None and value is not None:
                return self.check(value)
        return value


def resolve_options(specs: dict, given: dict) -> dict:
    """Defaults overlaid with ``given``; unknown names are refused with the list of allowed ones."""
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise OptionError(f"unknown option(s) {unknown}; allowed: {sorted(specs)}")
    out = {name: spec.default for name, spec in specs.items()}
    for name, value in given.items():
        out[name] = specs[name].validate(value)
    return out


@dataclass(frozen=True)
class TraitRule:
    """Everything one trait does, in one place.

    ``guard(state, predator, prey) -> bool`` says whether this trait *on the prey* stops the attack;
    ``hunter(state, predator, prey) -> bool`` whether this trait *on the predator* forbids it.
    """

    id: str
    name: str
    food_need: int = 0
    points: int = 0                 # extra points at scoring (the food-need bonus in Origin)
    kind: str = "single"            # single, pair, parasite
    stackable: bool = False
    excludes: tuple = ()            # traits that cannot sit on the same animal
    guard: Callable | None = None
    hunter: Callable | None = None
    rule: str = ""                  # spec section
    hint: str = ""                  # one-line biology, shown on hover
    text: str = ""                  # what the card does, in plain words
    extra: dict = field(default_factory=dict)


class Ruleset:
    """A game edition with its options fixed. Engine functions dispatch to its methods."""

    id: str = ""
    name: str = ""
    version: str = "1"
    option_specs: dict = {}
    provisional: tuple = ()   # names of provisional rules in force

    def __init__(self, options: dict):
        self.options = options
        self._hash = hash((self.id, tuple(sorted((k, repr(v)) for k, v in options.items()))))

    def __repr__(self):
        changed = {k: v for k, v in self.options.items() if v != self.option_specs[k].default}
        return f"<Ruleset {self.id} {changed}>"

    def __eq__(self, other):
        return isinstance(other, Ruleset) and (self.id, self.options) == (other.id, other.options)

    def __hash__(self):
        return self._hash

    @property
    def players(self) -> int:
        return self.options["players"]

"""What every ruleset shares: declared options, trait rules as data, and the Ruleset interface."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..actions import CHANCE, TERMINAL, Move, same_move
from ..errors import IllegalActionError, OptionError


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
            if value is None and self.default is not None:
                raise OptionError(f"option {self.name!r} must be given (or left out for its default), got None")
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
    version: str = "1"        # of the rules as evolab plays them; a record of another version is refused
    changes: dict = {}        # version -> what changed in it (for the message that refuses an older record)
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

    # ---- what every edition does the same way ---------------------------------------------------------
    rule_prefix = ""          # rule ids of this edition start with it ("origin", "rm", "northstar")
    unit_noun = "animal"      # what a unit on the table is called in the log ("species" for boards)
    prey_is_species = False   # an Attack names a prey species (Random Mutations), not an animal
    heredity = False          # evolab's Heredity variant is on: each turn a generation of inheriting young
    # Each individual of a unit eats one token (North Star's Population): the food a starving unit held fed
    # its other individuals, so it was not wasted.
    food_feeds_population = False

    def hides_plays(self, s, seat, viewer) -> bool:
        """Whether ``seat``'s plays are secret from ``viewer`` now (simultaneous phases)."""
        return False

    def winners(self, s) -> tuple:
        """The seats that won, once the game is over (() before). The Knorre & Machin editions end every
        tie with nature's dice (a ``TieBreak``), so they have one winner; North Star may share a win."""
        return (s.winner,) if s.phase == "over" and s.winner >= 0 else ()

    field_types: dict = {}    # action field -> the exact type it must have (True is not animal 1)
    apply_table: dict = {}    # action type -> function(ruleset, state, action, events) changing the state

    def check(self, s, action, seat=None):
        """None if ``action`` is legal now (for ``seat``, when given), else (rule, message).

        The checks every edition shares come first (a move at all, game over, chance or player node, whose
        decision, field types); then ``check_player`` names the edition's own rule."""
        if not isinstance(action, Move):
            return "engine.malformed", f"{action!r} is not an evolab action"
        who = self.to_move(s)
        if who == TERMINAL:
            return f"{self.rule_prefix}.game-over", "the game is over"
        if action.chance:
            if who != CHANCE:
                return "engine.not-chance", f"{type(action).__name__} is a chance outcome, but a player moves now"
            if any(same_move(o, action) for o, _ in self.chance_outcomes(s)):
                return None
            return "engine.impossible-outcome", f"{action!r} is not a possible outcome here"
        if who == CHANCE:
            return "engine.chance-node", "nature moves now (a card or a die), not a player"
        if seat is not None and seat != who:
            return f"{self.rule_prefix}.turn-order", f"it is seat {who}'s decision, not seat {seat}'s"
        if type(action) not in self.apply_table:
            return "engine.malformed", f"{action!r} is not an action of this game"
        for name in action._field_names:
            v = getattr(action, name)
            kind = self.field_types.get(name)
            if kind is not None and type(v) is not kind:
                return "engine.malformed", f"{type(action).__name__}.{name} must be a {kind.__name__}, got {v!r}"
        return self.check_player(s, who, action)

    def check_player(self, s, seat, action):
        """The edition's rules for a player's action (by default: legal iff listed by ``legal_actions``)."""
        if action in self.legal_actions(s):
            return None
        return self.why(s, seat, action)

    def why(self, s, seat, action):
        return f"{self.rule_prefix}.illegal", f"{action!r} is not allowed now"

    def apply(self, s, action, seat=None):
        """A new state with ``action`` applied, and the events; ``s`` is unchanged."""
        v = self.check(s, action, seat)
        if v is not None:
            raise IllegalActionError(f"{action!r} is not allowed: {v[1]}", v[0], action)
        s2 = s.clone()
        ev = []
        self.apply_inplace(s2, action, ev)
        return s2, ev

    def apply_inplace(self, s, action, ev=None):
        """Apply a legal action to ``s`` itself (``Match``'s hot path; ``apply`` checks and clones first)."""
        self.apply_table[type(action)](self, s, action, ev)

    def sample_chance(self, s, rng):
        """One chance outcome, drawn with ``rng.random()`` and bisect (stable across Python versions)."""
        import bisect
        outs = self.chance_outcomes(s)
        cum, t = [], 0
        for _, w in outs:
            t += w
            cum.append(t)
        return outs[bisect.bisect_right(cum, rng.random() * t)][0]

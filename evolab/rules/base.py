"""What every edition shares and what the rest of evolab may ask of one: declared options, trait rules as
data, and ``Ruleset``, the edition contract.

``Ruleset`` lists every member the engine, the bots, the tracker, the board, the narrator, saved games and the
analysis use. Code outside ``evolab/rules/`` reaches an edition only through these members (and through the
edition's ``Presentation`` and ``BotHints``, see ``edition.py``); it never probes for a member with
``hasattr`` and never names an edition or a trait.
"""
from __future__ import annotations

import abc
import bisect
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import CHANCE, TERMINAL, Move, same_move
from ..errors import EvolabError, IllegalActionError, OptionError, ScenarioError
from ..i18n import _

if TYPE_CHECKING:
    from ..view import Observation
    from .edition import Edition

#: Why an action is illegal: (rule id, message for people); ``None`` when it is legal.
Refusal = tuple[str, str]
#: ((outcome, integer weight), ...) at a chance node.
Outcomes = tuple[tuple[Move, int], ...]


@dataclass(frozen=True, slots=True)
class OutOfPhase:
    """A move refused because it belongs to another phase, as a check reports it: the rule id and what the
    edition's presentation needs to word it (the move's type, the phase now). ``message`` with ``fields`` is
    the edition's own wording (a message id), for a move its presentation places in no phase."""

    rule: str
    kind: type
    phase: str
    message: str
    fields: dict = field(default_factory=dict)


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


@dataclass(frozen=True, slots=True)
class Defence:
    """How a trait answers an attack on its animal, kept on the trait's entry so its rule is read in one place.

    The arguments of each hook are the edition's (its ``traits`` module says which); every hook is optional.
    ``offers``: what the trait offers against this attack now (a count of protections, the choices it gives
    the defender, or a falsy value: nothing); ``resolve``: carries out what it offered when that changes the
    game (a die roll, a dropped card, a redirected attack, a wounded attacker); ``size``: what it adds to the
    animal's size against an attack. Where the defender uses it by a move of its own: ``moves`` (move type ->
    the hook carrying it out; a chance outcome that finishes it too, such as a die) and ``check`` (why the
    defender's move is refused now); ``compulsory``: the rule that forbids declining it while it offers a choice.
    """

    offers: Callable | None = None
    resolve: Callable | None = None
    size: Callable | None = None
    moves: dict = field(default_factory=dict)
    check: Callable | None = None
    compulsory: Callable | None = None


def _hooks(traits: dict, pick: Callable, order: Iterable[str] | None) -> tuple[tuple[str, Callable], ...]:
    out = []
    for t in (traits if order is None else order):
        hook = pick(traits[t])
        if hook is not None:
            out.append((t, hook))
    return tuple(out)


def defence_hooks(traits: dict, kind: str, order: Iterable[str] | None = None) -> tuple[tuple[str, Callable], ...]:
    """(trait, hook) for each trait of ``traits`` (id -> ``TraitRule``) whose ``Defence`` has the hook ``kind``
    ("offers", "resolve" or "size"), in ``order`` (default: the table's), for one loop over them."""
    return _hooks(traits, lambda r: getattr(r.defence, kind) if r.defence is not None else None, order)


def trigger_hooks(traits: dict, when: str, order: Iterable[str] | None = None) -> tuple[tuple[str, Callable], ...]:
    """(trait, hook) for each trait of ``traits`` with a trigger ``when`` (a key of ``TraitRule.on``), in
    ``order`` (default: the table's): the loop that fires them at that step of the game."""
    return _hooks(traits, lambda r: r.on.get(when), order)


@dataclass(frozen=True)
class TraitRule:
    """Everything one trait does, in one place.

    ``guard(state, predator, prey) -> bool`` says whether this trait *on the prey* stops the attack;
    ``hunter(state, predator, prey) -> bool`` whether this trait *on the predator* forbids it;
    ``defence`` how it answers an attack once one is made or tried (see ``Defence``); ``on`` its triggers:
    step of the game -> hook (each edition's ``traits`` module names its steps and their arguments).
    """

    id: str
    name: str
    food_need: int = 0
    points: int = 0                 # extra points at scoring (the food-need bonus in Origin)
    kind: str = "single"            # single, pair, foreign (played on another player's animal: Parasite)
    stackable: bool = False
    excludes: tuple = ()            # traits that cannot sit on the same animal
    guard: Callable | None = None
    hunter: Callable | None = None
    defence: Defence | None = None
    on: dict = field(default_factory=dict)
    rule: str = ""                  # spec section
    hint: str = ""                  # one-line biology, shown on hover
    text: str = ""                  # what the card does, in plain words
    extra: dict = field(default_factory=dict)


class Ruleset(abc.ABC):
    """The edition contract: a game edition with its options fixed. The engine's functions, ``Match``, the
    bots, the tracker, the board, saved games and the analysis use exactly these members.

    An edition subclasses it, fills in the abstract members and overrides the neutral defaults it needs.
    A ruleset is a value: equal options give equal (and equally hashed) rulesets.
    """

    # ---- identity, declared by each edition ---------------------------------------------------------
    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    #: Of the rules as evolab plays them; a record of another version is refused.
    version: ClassVar[str] = "1"
    #: version -> what changed in it (for the message that refuses an older record).
    changes: ClassVar[dict[str, str]] = {}
    option_specs: ClassVar[dict[str, OptionSpec]] = {}
    #: trait id -> its rule, in the edition's order (tables list traits in this order).
    traits: ClassVar[dict[str, TraitRule]] = {}
    #: The traits that make a predator (an experiment's "no carnivores" bans them).
    predator_traits: ClassVar[tuple[str, ...]] = ()
    #: Rule ids of this edition start with it ("origin", "rm", "northstar").
    rule_prefix: ClassVar[str] = ""
    #: action type -> function(ruleset, state, action, events) changing the state: every move of the edition.
    apply_table: ClassVar[dict[type, Callable[..., None]]] = {}
    #: action field -> the exact type it must have (True is not animal 1).
    field_types: ClassVar[dict[str, type]] = {}
    #: A ``RandomBot`` without a trait-card rate plays ``uniform_action`` in every position of this edition (its
    #: legal lists never offer a choice the bots draw for first, such as Divergence), so ``Match`` may ask for it.
    random_bot_uniform: ClassVar[bool] = False
    #: {phase: function(ruleset, state, rng)} that plays ``uniform_move`` in that phase, for an edition whose phase
    #: alone tells the move (``uniform_move`` in the phases not listed): ``Match`` calls it without a step between.
    uniform_moves: ClassVar[dict[str, Callable[..., Any]]] = {}
    #: function(ruleset, state, rng, append, budget) -> moves played: plays ``uniform_move`` after ``uniform_move``,
    #: each applied as the apply table does and passed to ``append``, until the game is over or ``budget`` moves are
    #: played, for an edition that plays some moves together (a run of nature's draws in one loop); ``Match`` then
    #: plays a game of random bots that nothing watches in one call. None: one move at a time.
    uniform_game: Callable[..., int] | None = None
    #: {phase: function(ruleset, state, rng, append, budget) -> moves played} that plays a run of ``uniform_move``
    #: moves from that phase on (at most ``budget``, each passed to ``append`` once applied) without events: a phase
    #: of many moves in a row (the deal of cards) then costs ``Match`` one call, not a step per move.
    uniform_runs: ClassVar[dict[str, Callable[..., int]]] = {}
    #: {phase: function(ruleset, state, rng, append, budget, whole) -> moves played} for a phase in which only nature
    #: moves (the deal, the draw): at most ``budget`` of its moves applied without events, each passed to ``append``;
    #: with ``whole`` False the run stops before the move that ends the phase (whose events the tracker reads) and
    #: plays none when that move is next. ``Match`` plays such a run in one call for any seats when nothing watches,
    #: and, but for that last move, when every observer declares that it reads none of ``chance_run_events``.
    chance_runs: ClassVar[dict[str, Callable[..., int]]] = {}
    #: The events a ``chance_runs`` run does not build (a card dealt).
    chance_run_events: ClassVar[frozenset[type]] = frozenset()

    # ---- facts the tracker and the log use ------------------------------------------------------------
    #: What a unit on the table is called in the log ("species" for boards).
    unit_noun: ClassVar[str] = "animal"
    #: An Attack names a prey species (Random Mutations), not an animal.
    prey_is_species: ClassVar[bool] = False
    #: Each individual of a unit eats one token (North Star's Population): the food a starving unit held fed
    #: its other individuals, so it was not wasted.
    food_feeds_population: ClassVar[bool] = False

    #: The Heredity variant's named experiments on this edition (``evolab.heredity``), and the options every
    #: preset starts from; none where the edition has no variant.
    heredity_presets: ClassVar[dict[str, Any]] = {}
    heredity_base: ClassVar[dict[str, Any]] = {}

    #: evolab's Heredity variant is on: each turn a generation of inheriting young (set per instance).
    heredity: bool = False
    #: Names of provisional rules in force (set per instance when options add some).
    provisional: tuple[str, ...] = ()

    #: The members of the contract an edition's modules may provide under their own names (``__init_subclass__``).
    ASSEMBLED: ClassVar[tuple[str, ...]] = (
        "new_game", "state_from_dict", "to_move", "legal_actions", "uniform_action", "uniform_move", "uniform_game",
        "chance_outcomes", "sample_chance", "check_player", "scores", "winners", "ranking", "census", "animal_census",
        "species_census", "unit_info")

    def __init_subclass__(cls, modules=(), expose=(), **kwargs):
        """``class R(Ruleset, modules=(setup, moves, checks, scoring, io))``: each member of ``ASSEMBLED`` that
        one of the edition's modules defines under that name (``moves.to_move``, ``scoring.census``, ...; a name
        it imports does not count) is the ruleset's, unless the class body defines it; the function takes the
        ruleset first, as a method does. An assembled ``check_player`` is also ``why`` (its name before the
        checks). ``expose``: the edition's own helpers its modules and tests call on the ruleset, each a
        function (a method under its own name) or a ``(name, function)`` pair."""
        super().__init_subclass__(**kwargs)
        body = set(vars(cls))
        for item in expose:
            name, function = item if isinstance(item, tuple) else (item.__name__, item)
            if name in body:
                raise TypeError(f"{cls.__name__}.{name}: both the class body and expose= define it")
            setattr(cls, name, function)
        found: dict[str, Any] = {}
        for module in modules:
            for name in cls.ASSEMBLED:
                member = vars(module).get(name)
                if getattr(member, "__module__", None) == module.__name__ and name not in body:
                    if name in found:
                        raise TypeError(f"{cls.__name__}.{name}: both {found[name].__name__} and {module.__name__} "
                                        f"define it")
                    found[name] = module
        members = {name: vars(module)[name] for name, module in found.items()}
        if "check_player" in members and "why" not in body:
            members["why"] = members["check_player"]
        for name, member in members.items():
            setattr(cls, name, member)

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

    @property
    def edition(self) -> Edition:
        """The edition this ruleset belongs to: its presentation and bot hints (looked up once: the greedy bot
        asks at every decision)."""
        found = self.__dict__.get("_edition")
        if found is None:
            from . import edition
            found = self.__dict__["_edition"] = edition(self.id)
        return found

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("_edition", None)          # a worker process looks its edition up in its own registry
        return state

    # ---- building rulesets and states ------------------------------------------------------------------
    @classmethod
    def load(cls, **options) -> Ruleset:
        """A ruleset with ``options`` checked against ``option_specs`` (``players=`` included)."""
        return cls(resolve_options(cls.option_specs, options))

    @classmethod
    def scenario(cls, spec: dict) -> Any:
        """A position built from a plain dict (``evolab.scenario``); an edition without such tables refuses."""
        raise ScenarioError(f"the edition {cls.id!r} builds no positions from tables", "")

    @abc.abstractmethod
    def new_game(self) -> Any:
        """The opening state: a chance node (the deal), or the first decision."""

    @abc.abstractmethod
    def state_from_dict(self, d: dict, prefix: str = "") -> Any:
        """A state from its ``to_dict()`` form, every field checked (``SaveFileError`` naming the field)."""

    def with_ruleset(self, s, other: Ruleset):
        """The same table under another ruleset of this edition (other options): for "what if" replays."""
        if other.id != self.id or other.players != s.players:
            raise ValueError("a game can only continue under the same edition and players")
        t = s.clone()
        t.ruleset = other
        return t

    # ---- the engine ----------------------------------------------------------------------------------
    @abc.abstractmethod
    def to_move(self, s) -> int:
        """The seat that decides next, ``CHANCE`` when nature moves, ``TERMINAL`` when the game is over."""

    @abc.abstractmethod
    def legal_actions(self, s) -> list:
        """Every legal action of the seat to move, in a fixed order; empty at chance and terminal nodes."""

    def uniform_action(self, s, rng):
        """The legal action one uniform draw picks, ``legal_actions(s)[int(rng.random() * len(legal))]`` (what
        ``RandomBot`` plays). An edition may count its actions and build only the one drawn: the same draw must
        give the same action, so seeded games do not change."""
        legal = self.legal_actions(s)
        return legal[int(rng.random() * len(legal))]

    def uniform_move(self, s, rng):
        """The next move of a game whose every seat plays ``uniform_action``: nature's outcome at a chance node
        (``sample_chance``), else the seat's uniform draw. An edition may tell the two apart from its phase alone."""
        return self.sample_chance(s, rng) if self.to_move(s) == CHANCE else self.uniform_action(s, rng)

    @abc.abstractmethod
    def chance_outcomes(self, s) -> Outcomes:
        """((outcome, integer weight), ...) at a chance node, () elsewhere."""

    def is_over(self, s) -> bool:
        return s.phase == "over"

    def check(self, s, action, seat=None) -> Refusal | None:
        """None if ``action`` is legal now (for ``seat``, when given), else (rule, message).

        The checks every edition shares come first (a move at all, game over, chance or player node, whose
        decision, field types); then ``check_player`` names the edition's own rule."""
        if not isinstance(action, Move):
            return "engine.malformed", _("{action} is not an evolab action").format(action=repr(action))
        who = self.to_move(s)
        if who == TERMINAL:
            return f"{self.rule_prefix}.game-over", _("the game is over")
        if action.chance:
            if who != CHANCE:
                return ("engine.not-chance",
                        _("{move} is a chance outcome, but a player moves now").format(move=type(action).__name__))
            if any(same_move(o, action) for o, _w in self.chance_outcomes(s)):
                return None
            return "engine.impossible-outcome", _("{action} is not a possible outcome here").format(action=repr(action))
        if who == CHANCE:
            return "engine.chance-node", _("nature moves now (a card or a die), not a player")
        if seat is not None and seat != who:
            return (f"{self.rule_prefix}.turn-order",
                    _("it is seat {to_move}'s decision, not seat {seat}'s").format(to_move=who, seat=seat))
        if type(action) not in self.apply_table:
            return "engine.malformed", _("{action} is not an action of this game").format(action=repr(action))
        for name in action._field_names:
            v = getattr(action, name)
            kind = self.field_types.get(name)
            if kind is not None and type(v) is not kind:
                return "engine.malformed", _("{move}.{field} must be a {kind}, got {value}").format(
                    move=type(action).__name__, field=name, kind=kind.__name__, value=repr(v))
        v = self.check_player(s, who, action)
        if isinstance(v, OutOfPhase):
            return v.rule, self.edition.presentation.phase_refusal(v)
        return v

    def check_player(self, s, seat: int, action) -> Refusal | OutOfPhase | None:
        """The edition's rules for a well-formed player's action of ``seat`` (by default: legal iff listed). A
        move of another phase is reported as an ``OutOfPhase`` (its presentation words it), any other refusal
        as (rule, message)."""
        if action in self.legal_actions(s):
            return None
        return self.why(s, seat, action)

    def why(self, s, seat: int, action) -> Refusal:
        return f"{self.rule_prefix}.illegal", _("{action} is not allowed now").format(action=repr(action))

    def apply(self, s, action, seat=None):
        """A new state with ``action`` applied, and the events; ``s`` is unchanged."""
        v = self.check(s, action, seat)
        if v is not None:
            raise IllegalActionError(_("{action} is not allowed: {reason}").format(action=repr(action), reason=v[1]),
                                     v[0], action)
        s2 = s.clone()
        ev: list = []
        self.apply_inplace(s2, action, ev)
        return s2, ev

    def apply_inplace(self, s, action, ev=None) -> None:
        """Apply a legal action to ``s`` itself (``Match``'s hot path; ``apply`` checks and clones first)."""
        self.apply_table[type(action)](self, s, action, ev)

    def sample_chance(self, s, rng):
        """One chance outcome, drawn with ``rng.random()`` and bisect (stable across Python versions)."""
        outs = self.chance_outcomes(s)
        cum, t = [], 0
        for _outcome, w in outs:
            t += w
            cum.append(t)
        return outs[bisect.bisect_right(cum, rng.random() * t)][0]

    @abc.abstractmethod
    def observe(self, s, seat: int, copy: bool = True) -> Observation:
        """What ``seat`` may see of ``s`` (``evolab.observe`` checks the seat first), read-only. ``copy``: its
        units are read-only copies that stay as they were (``evolab.observe``); without, its tables are
        read-only mappings over the table's own units, for the built-in bots that read them during one
        decision (``Match``'s hot path). Either way it holds only what ``seat`` may see."""

    def public_of(self, s) -> tuple:
        """The table's public fields an observation does not show under names of its own (``view.public``), from
        which ``sample_world`` rebuilds them; none by default."""
        return ()

    def sample_world(self, view, rng) -> Any:
        """A whole table consistent with ``view`` (the hidden cards drawn with ``rng``), for bots that look
        ahead. An edition with hidden information provides it (``rules/<edition>/worlds.py``)."""
        raise EvolabError(f"the edition {self.id!r} cannot imagine the tables its observations hide "
                          f"(it has no sample_world): a lookahead bot cannot play it")

    # ---- scoring ---------------------------------------------------------------------------------------
    @abc.abstractmethod
    def scores(self, s) -> tuple:
        """Points per seat, as the rules would count them now."""

    def winners(self, s) -> tuple:
        """The seats that won, once the game is over (() before). The Knorre & Machin editions end every
        tie with nature's dice (a ``TieBreak``), so they have one winner; North Star may share a win."""
        return (s.winner,) if s.phase == "over" and s.winner >= 0 else ()

    def ranking(self, s) -> list:
        """Seats best first (by points; the winner first once the game is over)."""
        sc = self.scores(s)
        order = sorted(range(s.players), key=lambda i: (-sc[i], i))
        for w in reversed(self.winners(s)):
            order.remove(w)
            order.insert(0, w)
        return order

    # ---- what the tracker, the log and the analysis read -------------------------------------------------
    @abc.abstractmethod
    def census(self, s) -> Iterable[tuple[int, int, tuple, int]]:
        """(seat, unit id, trait ids, animals) for every living unit (an animal, or a species of animals)."""

    def animal_census(self, s) -> Iterator[tuple[int, int, tuple]]:
        """(seat, animal id, traits) for every living animal (the Heredity tables count animals); by default
        every unit of the census is one animal."""
        for seat, uid, traits, _count in self.census(s):
            yield seat, uid, traits

    def species_census(self, s) -> Iterable[tuple[int, int, int, int, tuple]]:
        """(seat, species, Body Size, Population, traits) in editions with species; none by default."""
        return ()

    def unit_of(self, s, animal: int) -> int:
        """The unit (census id) an animal belongs to; by default the animal is its own unit."""
        return animal

    @abc.abstractmethod
    def unit_info(self, s, unit: int) -> tuple[int, tuple] | None:
        """(owner, traits) of a unit on the table (``s`` a state or an observation), or None."""

    def hides_plays(self, s, seat: int, viewer) -> bool:
        """Whether ``seat``'s plays are secret from ``viewer`` now (simultaneous phases)."""
        return False

    def trait_allowed(self, trait: str, turn: int) -> bool:
        """Experiment restrictions: whether ``trait`` may come into play in ``turn`` (always, by default)."""
        return True

    def card_sides(self) -> Iterable[tuple[tuple[str, ...], int]]:
        """(traits printed on a card, copies in the deck) for every card kind: the spectrum of blind draws."""
        return ()

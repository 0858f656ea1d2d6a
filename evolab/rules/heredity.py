"""What the Heredity variant (evolab's classroom rules, ``shared/rules/heredity.md``) shares between the
editions it is built on: its declared options, how they are checked together, the founders' traits, and
rates as exact fractions. Each edition's own reproduction lives in ``rules/<edition>/heredity.py``."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import OptionError
from ..events import BirthsCapped, PhaseStarted, TurnEnded
from .base import OptionSpec, resolve_options
from .common import finish

MUTATION, LOSS = "mutation", "loss"


@dataclass(frozen=True)
class Preset:
    """A named experiment of the variant: its options, the trait to watch ("" for none), its control and
    what it shows."""

    name: str
    options: dict
    trait: str
    shows: str
    control: str = ""
    extra: dict = field(default_factory=dict)

#: ``food_multiplier``'s default in the variant: the printed food supply feeds about ten animals in a
#: two-player game, where drift swamps selection (heredity.md, Options).
FOOD_MULTIPLIER = 3.0
#: Options of the variant: anything but their default only with ``heredity=True``.
NAMES = ("founders", "founder_traits", "offspring", "mutation_rate", "loss_rate", "generations", "max_animals",
         "predators_leave")
#: What ``Ruleset.provisional`` lists when the variant is on.
RULES = ("Heredity variant (evolab's classroom rules, not the printed game): development replaced by reproduction "
         "with inheritance and blind mutation, one generation per turn",)


def option_specs(traits: dict, predator: str) -> tuple:
    """The variant's OptionSpecs for an edition with these ``traits`` (``TraitRule``s) and predator trait name."""
    order = {t: i for i, t in enumerate(traits)}

    def check_founder_traits(value):
        if not isinstance(value, dict):
            raise OptionError("founder_traits must map trait ids to the share of founders carrying them, "
                              "e.g. {'carnivorous': 0.2, 'camouflage': 0.1}")
        out = {}
        for t, share in value.items():
            if t not in traits:
                raise OptionError(f"founder_traits: unknown trait {t!r}; traits are {sorted(traits)}")
            if traits[t].kind == "pair":
                raise OptionError(f"founder_traits: {t} is a pair trait (a relationship, not a body): founders "
                                  "carry only single-animal traits")
            if isinstance(share, bool) or not isinstance(share, (int, float)) or not 0 <= share <= 1:
                raise OptionError(f"founder_traits[{t!r}] must be a share between 0 and 1, got {share!r}")
            out[t] = share
        return dict(sorted(out.items(), key=lambda kv: order[kv[0]]))

    O = OptionSpec
    return (
        O("heredity", False, "bool",
          "EVOLAB'S VARIANT (not the printed game): development is replaced by reproduction with inheritance and "
          "blind mutation; each turn is one generation.", provisional=True),
        O("founders", 8, "int", "Heredity: animals each player starts with (no cards in hand).", 1, 200,
          provisional=True),
        O("founder_traits", {}, "table",
          "Heredity: {trait: share} of founders (per player, rounded, at least 1 if the share > 0) carrying each "
          "single-animal trait.", check=check_founder_traits, provisional=True),
        O("offspring", 1, "int", "Heredity: young born to each animal that was fed this generation.", 0, 10,
          provisional=True),
        O("mutation_rate", 0.1, "float",
          "Heredity: the probability that one young is born with one new, blind mutation (0-1).", 0.0, 1.0,
          provisional=True),
        O("loss_rate", 0.0, "float",
          "Heredity: the probability that one young loses one inherited trait, chosen at random (0-1).", 0.0, 1.0,
          provisional=True),
        O("generations", 25, "int", "Heredity: the game ends after this many generations (turns), or when no "
          "animal is alive.", 1, 1000, provisional=True),
        O("max_animals", 200, "int", "Heredity: a safety cap per player; young beyond it are not born.", 1, 2000,
          provisional=True),
        O("predators_leave", None, "int",
          f"Heredity: from this generation on the world has no predators: every {predator} animal leaves the "
          f"table at its start, and {predator} mutations have no effect.", 1, 1000, provisional=True),
    )


def resolve(specs: dict, options: dict, why_not: str) -> dict:
    """Options checked against ``specs``; ``food_multiplier`` defaults to 3 in the variant; the variant's
    options at anything but their defaults are refused without ``heredity=True`` (``why_not`` says why)."""
    if options.get("heredity") is True and "food_multiplier" not in options:
        options = {**options, "food_multiplier": FOOD_MULTIPLIER}
    o = resolve_options(specs, options)
    if not o["heredity"]:
        odd = [k for k in NAMES if o[k] != specs[k].default]
        if odd:
            raise OptionError(f"option(s) {odd} belong to the Heredity variant: add heredity=True ({why_not})")
    return o


def fraction(rate) -> tuple:
    """(numerator, denominator) of a probability: whole-number chance weights, so records replay exactly."""
    f = Fraction(str(rate)).limit_denominator(10 ** 6)
    return f.numerator, f.denominator


def founder_plan(founders, shares, banned, trait_turn, conflict) -> tuple:
    """((traits, arrival generation), ...) of one player's founders, left to right (the same for every seat).

    Each trait of ``shares`` (in the edition's trait order) goes on the next ``max(1, round(share *
    founders))`` founders, wrapping round (shares adding up to more than 1 stack traits on a founder);
    ``conflict(trait, traits)`` names a forbidden combination, which refuses the options. Banned traits
    are stripped; a founder arrives at the latest ``trait_turn`` of its traits (1 = at the start).
    """
    slots: list[list] = [[] for _ in range(founders)]
    p = 0
    for trait, share in shares.items():
        if share <= 0:
            continue
        for _ in range(max(1, int(share * founders + 0.5))):     # <= founders: never the same trait twice
            slot = slots[p % founders]
            p += 1
            bad = conflict(trait, slot)
            if bad:
                raise OptionError(f"founder_traits: a founder would carry {trait} with {bad}, a combination the "
                                  "rules forbid")
            slot.append(trait)
    plan = []
    for slot in slots:
        traits = tuple(t for t in slot if t not in banned)
        plan.append((traits, max([trait_turn.get(t, 1) for t in traits] + [1])))
    return tuple(plan)


def predators_gone(rs, trait, turn) -> bool:
    """``predators_leave``: from that generation on, predator traits are not part of the world."""
    return rs.predators_leave is not None and turn >= rs.predators_leave and trait in rs.predator_traits


def present(rs, trait, turn) -> bool:
    """Whether ``trait`` is part of this world in generation ``turn`` (experiments' settings: banned traits,
    ``trait_from_turn``, ``predators_leave``); whether a mutation *arises* never depends on it."""
    return rs.trait_allowed(trait, turn) and not predators_gone(rs, trait, turn)


def begin_generation(s, ev, leave, arrive, phase, announce):
    """The start of a generation: predators leave (``leave(s)`` removes them and lists (seat, animal, traits)),
    late founders arrive (``arrive(s, turn)`` places and lists them), then ``phase`` begins; the game ends
    when no animal is left."""
    from ..events import Migrated
    turn = s.turn
    if turn > 1:
        moved = [(x, "left") for x in leave(s)] if s.ruleset.predators_leave == turn else []
        moved += [(x, "arrived") for x in arrive(s, turn)]
        if ev is not None:
            ev.extend(Migrated(seat, aid, traits, how, turn) for (seat, aid, traits), how in moved)
    if not s.animals:
        finish(s, ev)
        return
    s.phase = phase
    if ev is not None:
        ev.append(PhaseStarted(turn, announce))


def outcome_walk(outs, x):
    """The outcome whose cumulative weight first exceeds ``x`` (what bisect over the weights gives)."""
    t = 0
    for o, w in outs:
        t += w
        if t > x:
            return o
    return outs[-1][0]


# ---- reproduction, the same in every edition ---------------------------------------------------------
def scramble(aid: int, salt: int) -> int:
    """An order of animals that owes nothing to their traits, age or place in the row: Knuth's multiplicative
    hash of the id mixed with a ``salt`` that differs from game to game (a fixed order would favour the same
    founders in every replicate)."""
    return ((aid ^ salt) * 2654435761) & 0xFFFFFFFF


def start_reproduction(s, parents, ev):
    """§4: ``parents(seat)`` lists the seat's fed animals left to right; each has ``offspring`` young, seat
    by seat from the first player. Ruling: when a seat would pass ``max_animals``, the young still allowed
    go to its parents in the order of ``scramble`` salted with the id counter (not the row's order, which
    would favour the founders' lineages on the left), and one ``BirthsCapped`` says how many were not born.
    Litters are (parent, young still to
    bear, the animal the next one sits right of), in row order."""
    o = s.ruleset.options
    k, limit, n = o["offspring"], o["max_animals"], s.players
    alive = [0] * n
    for a in s.animals.values():
        alive[a.owner] += 1
    litters = []
    for j in range(n):
        seat = (s.first + j) % n
        mine = parents(seat)
        room = max(limit - alive[seat], 0)
        young = dict.fromkeys(mine, k)
        if k * len(mine) > room:           # the cap binds: which parents breed is not decided by their place
            young = {}
            salt = (s.next_uid * 1_000_003 + s.turn) & 0xFFFFFFFF     # the game's history: differs per replicate
            # scramble(x, salt) written out: the key is computed for every parent of a crowded seat
            for aid in sorted(mine, key=lambda x: ((x ^ salt) * 2654435761) & 0xFFFFFFFF):
                young[aid] = min(k, room)
                room -= young[aid]
            if ev is not None:
                ev.append(BirthsCapped(seat, k * len(mine) - sum(young.values()), limit, s.turn))
        litters.extend((aid, young[aid], aid) for aid in mine if young[aid])
    s.litters = tuple(litters)
    s.phase = "reproduction"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "reproduction"))


def next_litter(s, young_id):
    """The litter queue once ``young_id`` (of the first litter) is born."""
    pid, left, _ = s.litters[0]
    return (((pid, left - 1, young_id),) if left > 1 else ()) + s.litters[1:]


def waiting(s, young_id, parent_id, inherited: int) -> bool:
    """Stop at the young's first chance node (its mutation, else its loss); False if it has none."""
    rs = s.ruleset
    if rs.mutation_frac[0] > 0:
        s.newborn = (young_id, parent_id, MUTATION, inherited)
        return True
    if rs.loss_frac[0] > 0 and inherited:
        s.newborn = (young_id, parent_id, LOSS, inherited)
        return True
    return False


def after_mutation(s, next_birth, ev):
    """After the mutation node: the loss node if there is one for this young, else the next birth."""
    yid, pid, _, inherited = s.newborn
    if s.ruleset.loss_frac[0] > 0 and inherited:
        s.newborn = (yid, pid, LOSS, inherited)
        return
    next_birth(s, ev)


def loss_outcomes(inherited, loss_frac, lose, none) -> tuple:
    """((LoseTrait, weight), ...): no loss with 1 - rate; each inherited copy (a list of trait ids) equally."""
    num, den = loss_frac
    out = [(none, (den - num) * len(inherited))] if den > num else []
    counts: dict = {}
    for t in inherited:
        counts[t] = counts.get(t, 0) + 1
    out.extend((lose[t], num * k) for t, k in counts.items())
    return tuple(out)


def end_generation(s, start_generation, ev):
    """§5: the game ends after the last generation or when no animal is alive; otherwise the first-player
    role passes on and ``start_generation`` begins the next one."""
    if ev is not None:
        alive = [0] * s.players
        for a in s.animals.values():
            alive[a.owner] += 1
        ev.append(TurnEnded(s.turn, tuple(alive)))
    if s.turn >= s.ruleset.options["generations"] or not s.animals:
        finish(s, ev)
        return
    s.first = (s.first + 1) % s.players
    s.turn += 1
    s.last_turn = s.turn >= s.ruleset.options["generations"]
    start_generation(s, ev)


def validate_reproduction(rs, s, traits_of_young):
    """The variant's reproduction fields: litters and the young waiting for nature name animals on the table,
    and the waiting node fits the rates. ``traits_of_young(aid)`` counts what a young could have inherited."""
    if s.phase != "reproduction":
        if s.litters or s.newborn:
            raise ValueError("litters and a waiting young exist only in the reproduction phase")
        return
    for entry in s.litters:
        if (len(entry) != 3 or any(type(x) is not int for x in entry) or entry[0] not in s.animals
                or entry[2] not in s.animals or entry[1] < 1):
            raise ValueError(f"reproduction: bad litter {list(entry)!r}")
    nb = s.newborn
    if (len(nb) != 4 or any(type(x) is not int for x in (nb[0], nb[1], nb[3])) or nb[0] not in s.animals
            or nb[1] not in s.animals or nb[2] not in (MUTATION, LOSS) or not 0 <= nb[3] <= traits_of_young(nb[0])):
        raise ValueError("reproduction: the young waiting for nature's move is not described correctly")
    if (nb[2] == LOSS and (nb[3] == 0 or rs.loss_frac[0] == 0)) or (nb[2] == MUTATION and rs.mutation_frac[0] == 0):
        raise ValueError("reproduction: nature's move waiting does not fit the mutation and loss rates")

"""Who moves now and what they may do in *Random Mutations*: the seat to move, nature's outcomes, and the
legal-move lists (development, feeding, the victim and Scavenger choices)."""
from __future__ import annotations

import bisect
import functools

from ...actions import (CHANCE, TERMINAL, Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove,
                        Pass, PlaceParasite, PlayCard, Reveal, RollDie, RollFood, Scavenge, Stomp,
                        TakeFood, TakeShelter, interned)
from ..base import Ruleset
from ..common import ById, seat_outcomes
from . import heredity as H
from .deck import TRAIT_IDS
from . import checks as C
from .traits import HIDERS, JOINERS, TAKERS, join_block, stomp_capacity

_DIE = tuple((RollDie(v), 1) for v in range(1, 7))
_PASS, _END = Pass(), EndMove()
_PlayCard, _Attack, _Stomp = interned(PlayCard), interned(Attack), interned(Stomp)
_NEW_SPECIES = PlayCard("new_species", -1)
_FOOD, _SHELTER, _PARASITE = ById(TakeFood), ById(TakeShelter), ById(PlaceParasite)   # by animal id
#: predator id -> {prey species id: Attack}
_ATTACKS = ById(lambda predator: ById(functools.partial(Attack, predator)))
_REVEALS = {t: Reveal(t) for t in TRAIT_IDS}
_CHANCE = frozenset(("deal", "first_player", "reveal", "climate_red", "climate_green", "climate_black",
                     "tiebreak", "reproduction"))


def to_move(rs, s) -> int:
    ph = s.phase
    if ph in _CHANCE:
        return CHANCE
    if ph == "over":
        return TERMINAL
    if ph == "feeding":
        if s.attack is not None:
            return CHANCE        # Running's die
        if s.choose_victim is not None:
            return s.choose_victim[0]      # (seat, species, predator)
        if s.scavenge >= 0:
            return s.scavenge
        return s.current
    if ph == "development":
        return s.simplify[0] if s.simplify is not None else s.current
    if ph == "parasites":
        return s.parasite_queue[0][0]
    return CHANCE


def chance_outcomes(rs, s) -> tuple:
    ph = s.phase
    if ph == "reveal":
        return tuple((_REVEALS[t], k) for t, k in zip(TRAIT_IDS, s.hidden) if k)
    if ph == "climate_red":
        if rs.schedule:
            return ((RollFood(min(rs.caps["red"], rs.schedule[min(s.turn, len(rs.schedule)) - 1])), 1),)
        return rs.red_outcomes
    if ph == "climate_green":
        return rs.green_outcomes
    if ph == "climate_black":
        return rs.black_outcomes
    if ph == "feeding" and s.attack is not None:
        return _DIE
    return seat_outcomes(s, H)


def sample_chance(rs, s, rng):
    """One chance outcome drawn with ``rng.random()`` (``Ruleset.sample_chance``); a card's trait by walking the
    counts of the hidden cards, which picks what bisect over their running totals picks."""
    ph = s.phase
    if ph == "reveal":
        hidden = s.hidden
        x = rng.random() * sum(hidden)
        t = 0
        for trait, k in zip(TRAIT_IDS, hidden):
            t += k
            if t > x:
                return _REVEALS[trait]
    draw = rs.climate_draws.get(ph)
    if draw is not None:
        outs, cum = draw
        return outs[bisect.bisect_right(cum, rng.random() * cum[-1])][0]
    if ph == "reproduction":
        return H.sample(s, rng)
    return Ruleset.sample_chance(rs, s, rng)


def legal_actions(rs, s) -> list:
    """The moves that pass ``checks.check_player`` now, in a fixed order: each is listed by asking the predicate
    of the rule that could forbid it (``checks.py``)."""
    d = C.decision(s)
    if d == "feeding":                     # the commonest decision first: a move of feeding
        return _feeding_actions(rs, s, s.current)
    if d is None:
        return []
    if d == "development":
        return dev_actions(rs, s, s.current)
    if d == "discard":
        return [DiscardTrait(u) for u in C.discardable(s, s.species[s.simplify[1]])]
    if d == "parasites":
        return [ChooseParasiteVictim(a) for a in C.parasite_victims(s)]
    if d == "victim":
        _seat, sid, _pred = s.choose_victim
        return [ChooseVictim(a) for a in rs._victims(s, s.species[sid])]
    return [Scavenge(a.id) for a in rs._scavengers(s, s.scavenge)]


def _feeding_actions(rs, s, seat) -> list:
    """A move of feeding: a chip or an attack (once per move), Stomper's tokens, ending the move."""
    out = _main_actions(rs, s, seat) if not s.move_main else []
    any_main = bool(out)
    red = s.red
    if red and not s.move_stomped:                 # ``checks.stomps``, without its call when there is no red food
        k = stomp_capacity(rs, s, seat)
        if k:
            out.extend(map(_Stomp, range(1, min(k, red) + 1)))
    if C.end_block(rs, s, any_main) is None:
        out.append(_END)
    return out


def dev_actions(rs, s, seat) -> list:
    if C.deck_block(s, seat):
        return [_PASS]
    out: list = [_NEW_SPECIES]
    options = _species_options(rs, s, seat)
    for i, mode in rs.play_modes:
        for sid, keys in options:
            if keys[i] is None:
                out.append(_PlayCard(mode, sid))
    out.append(_PASS)
    return out


#: the development plays, for a bot that finds its best play without the list (``hints.greedy_live``)
NEW_SPECIES = _NEW_SPECIES
PASS = _PASS
play_card = _PlayCard      # (mode, species id) -> its PlayCard


def _species_options(rs, s, seat) -> list:
    """(species id, ``checks.species_options``) of each of ``seat``'s species, in row order."""
    species = s.species
    return [(sid, C.species_options(rs, s, seat, species[sid])) for sid in s.rows[seat]]


def uniform_action(rs, s, rng):
    """``legal_actions(s)[int(rng.random() * n)]`` (``Ruleset.uniform_action``): a development play is counted and
    only the one drawn is built; elsewhere the list is built."""
    ph = s.phase
    if ph == "feeding":
        if s.attack is None and s.choose_victim is None and s.scavenge < 0:    # ``checks.decision``: a move
            legal = _feeding_actions(rs, s, s.current)
            return legal[int(rng.random() * len(legal))]
    elif ph == "development":
        return _uniform_development(rs, s, rng)
    return _uniform_listed(rs, s, rng)


def _uniform_listed(rs, s, rng):
    """A seat's uniform draw from the whole legal list."""
    legal = legal_actions(rs, s)
    return legal[int(rng.random() * len(legal))]


def _uniform_development(rs, s, rng):
    """``uniform_action`` in the development phase: a card's plays are counted and only the one drawn is built (the
    choice of Simplification's discard is drawn from its list)."""
    if s.simplify is not None:
        return _uniform_listed(rs, s, rng)
    seat = s.current
    if C.deck_block(s, seat):
        rng.random()                   # the one draw, over a list of one
        return _PASS
    modes = rs.play_modes
    open_to = _open_species(rs, s, seat)
    n = 2                              # a new species, and passing
    for i, _mode in modes:
        n += len(open_to[i])
    k = int(rng.random() * n) - 1      # in the order of dev_actions
    if k < 0:
        return _NEW_SPECIES
    for i, mode in modes:
        sids = open_to[i]
        if k < len(sids):
            return _PlayCard(mode, sids[k])
        k -= len(sids)
    return _PASS


def _open_species(rs, s, seat) -> tuple:
    """The ids of ``seat``'s species (row order) a card may be announced on as a trait, as an added animal, as a
    divergence: the tests of ``checks.species_options`` as yes/no, without a call per species (the conformance suite
    holds the two equal)."""
    species = s.species
    row = s.rows[seat]
    count = len(row)
    capped = rs.options["divergence_checks_cap"]
    trait, add, diverge = [], [], []
    for sid in row:
        sp = species[sid]
        k = len(sp.animals)
        if k == 1:                     # §5.1: a trait goes on a species of population 1
            trait.append(sid)
        if k < count:                  # §5.2: a species grows to at most as many animals as its owner has species
            c = sp.tcache              # Extremophile (§8.6): ``join_block`` asked only of a species with such a trait
            if c is not None and JOINERS.isdisjoint(c[0]) or join_block(rs, s, seat, sp) is None:
                add.append(sid)
            diverge.append(sid)
        elif not capped:
            diverge.append(sid)
    return trait, add, diverge


def _uniform_feeding(rs, s, rng):
    """``uniform_move`` in the feeding phase: the mover's move of feeding drawn from its list, a running prey's die
    drawn by nature, a pending choice (victim, carrion) from its list."""
    if s.attack is None:
        if s.choose_victim is None and s.scavenge < 0:
            legal = _feeding_actions(rs, s, s.current)
            return legal[int(rng.random() * len(legal))]
        return _uniform_listed(rs, s, rng)
    return sample_chance(rs, s, rng)


def _add_block(rs, s, seat, sp):
    """(rule, message) when no animal may join ``sp`` now, or None."""
    key = C.species_options(rs, s, seat, sp)[1]
    return C.refuse(key, species=sp.id, animals=len(sp.animals), count=len(s.rows[seat])) if key else None


def _main_actions(rs, s, seat) -> list:
    """Chip placements and attacks open to ``seat``, animal by animal in table order, then the parasites it may
    place on the others' animals (whether there is any at all: ``has_main``).

    The tests of ``checks.animal_moves`` as yes/no (the legal lists ask them for every animal of every decision,
    the messages are not needed here); the conformance suite holds the two equal. One pass over the table: the
    others' animals are the parasite hosts (``checks.parasite_hosts``), kept aside for the end."""
    red, green, species = s.red, s.green, s.species
    out: list = []
    aims: dict | None = None              # per hunting species: the species it may attack
    hosts: list | None = [] if C.parasites_block(rs, s) is None else None
    for a in s.animals.values():
        if a.owner != seat:
            if hosts is not None:
                hosts.append(_PARASITE[a.id])
            continue
        sid = a.species
        side = species[sid].tcache         # need, red food, hunter: ``species._feeding_side`` without the call
        if side is None:
            sp = species[sid]
            side = sp.tcache = rs._traits_need(s, sp)
        if red and side[2] and not (a.fed_by_kill or a.red + a.blue >= side[1]):    # hungry (``species.fed``)
            out.append(_FOOD[a.id])
        if green and not a.shelter:
            out.append(_SHELTER[a.id])
        hunter = side[3]
        if hunter is not None and not a.attacked and not (a.fed_by_kill or a.red + a.blue >= side[1]):
            if aims is None:
                aims = {}
            targets = aims.get(sid)
            if targets is None:            # an attack's limits depend on the two species only
                targets = aims[sid] = C.prey_of(rs, s, sid, hunter)
            row = _ATTACKS[a.id]
            out.extend(map(row.__getitem__, targets))
    if hosts:
        out += hosts
    return out


def has_main(rs, s, seat) -> bool:
    """Whether ``seat`` may take a chip or attack now (``_main_actions`` is not empty), the cheapest tests first: a
    shelter for an unsheltered animal, then each animal's food and attacks, then a parasite for another's animal."""
    animals = s.animals
    if s.green:
        for a in animals.values():
            if a.owner == seat and not a.shelter:
                return True
    red, species = s.red, s.species
    for a in animals.values():
        if a.owner != seat:
            continue
        sid = a.species
        side = species[sid].tcache
        if side is None:
            sp = species[sid]
            side = sp.tcache = rs._traits_need(s, sp)
        hunter = side[3]
        if (red and side[2] or hunter is not None and not a.attacked) and not (
                a.fed_by_kill or a.red + a.blue >= side[1]):
            if red and side[2] or C.prey_of(rs, s, sid, hunter):
                return True
    if C.parasites_block(rs, s) is None:
        for a in animals.values():
            if a.owner != seat:
                return True
    return False


def _attack_block(rs, s, sid, traits, target):
    """(rule, message) when an animal of species ``sid`` (with ``traits``) may not attack ``target``, or None."""
    key = C.attack_block(rs, s, sid, traits, target)
    return C.refuse(key) if key else None


def _victims(rs, s, sp, traits=None):
    """The animals of ``sp`` an attack may take: not sheltered, and not hidden by a trait (Burrowing)."""
    traits = rs.traits_of(s, sp) if traits is None else traits
    animals = s.animals
    hides = [h for t, offers in HIDERS if t in traits and (h := offers(rs, s, sp)) is not None] \
        if C.HIDING.intersection(traits) else ()
    if not hides:
        return [aid for aid in sp.animals if not animals[aid].shelter]
    return [aid for aid in sp.animals if not animals[aid].shelter and not any(h(animals[aid]) for h in hides)]


def _scavengers(rs, s, seat):
    """The animals of ``seat`` among which its owner chooses who takes the carrion (Scavenger's "takers")."""
    out = []
    for _t, takers in TAKERS:
        out.extend(takers(rs, s, seat))
    return out


_stomp_capacity = stomp_capacity                   # the traits' own rule (Stomper), ``traits.py``


#: phase -> the function that plays ``uniform_move`` there (``Ruleset.uniform_moves``): the match calls it directly
UNIFORM_MOVES = {"development": _uniform_development, "feeding": _uniform_feeding, "parasites": _uniform_listed,
                 **dict.fromkeys(_CHANCE, sample_chance)}

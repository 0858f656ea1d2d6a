"""Who moves now and what they may do in *Random Mutations*: the seat to move, nature's outcomes, and the
legal-move lists (development, feeding, the victim and Scavenger choices)."""
from __future__ import annotations

from ...actions import (CHANCE, TERMINAL, Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove,
                        Pass, PlaceParasite, PlayCard, Reveal, RollDie, RollFood, Scavenge, Stomp,
                        TakeFood, TakeShelter, interned)
from ..base import Ruleset
from ..common import ById, seat_outcomes
from . import heredity as H
from .deck import TRAIT_IDS
from . import checks as C
from .traits import HIDERS, stomp_capacity

_DIE = tuple((RollDie(v), 1) for v in range(1, 7))
_PASS, _END = Pass(), EndMove()
_PlayCard, _Attack, _Stomp = interned(PlayCard), interned(Attack), interned(Stomp)
_FOOD, _SHELTER, _PARASITE = ById(TakeFood), ById(TakeShelter), ById(PlaceParasite)   # by animal id
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
        return tuple((Reveal(t), k) for t, k in zip(TRAIT_IDS, s.hidden) if k)
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
    if s.phase == "reproduction":
        return H.sample(s, rng)
    return Ruleset.sample_chance(rs, s, rng)


def legal_actions(rs, s) -> list:
    """The moves that pass ``checks.check_player`` now, in a fixed order: each is listed by asking the predicate
    of the rule that could forbid it (``checks.py``)."""
    d = C.decision(s)
    if d == "feeding":                     # the commonest decision first: a move of feeding
        seat = s.current
        out = _main_actions(rs, s, seat) if not s.move_main else []
        has_main = bool(out)
        for n in C.stomps(rs, s, seat):
            out.append(_Stomp(n))
        if C.end_block(rs, s, has_main) is None:
            out.append(_END)
        return out
    if d is None:
        return []
    if d == "development":
        return dev_actions(rs, s, s.current)
    if d == "simplification":
        return [DiscardTrait(u) for u in C.discardable(s, s.species[s.simplify[1]])]
    if d == "parasites":
        return [ChooseParasiteVictim(a) for a in C.parasite_victims(s)]
    if d == "victim":
        _seat, sid, _pred = s.choose_victim
        return [ChooseVictim(a) for a in rs._victims(s, s.species[sid])]
    return [Scavenge(a.id) for a in rs._scavengers(s, s.scavenge)]


def dev_actions(rs, s, seat) -> list:
    if C.deck_block(s, seat):
        return [_PASS]
    out = [_PlayCard("new_species", -1)]
    options = []
    for sp in s.species_of(seat):
        options.append((sp.id, C.species_options(rs, s, seat, sp)))
    for i, mode in rs.play_modes:
        for sid, keys in options:
            if keys[i] is None:
                out.append(_PlayCard(mode, sid))
    out.append(_PASS)
    return out


def _add_block(rs, s, seat, sp):
    """(rule, message) when no animal may join ``sp`` now, or None."""
    key = C.species_options(rs, s, seat, sp)[1]
    return C.refuse(key, species=sp.id, animals=len(sp.animals), count=len(s.rows[seat])) if key else None


def _main_actions(rs, s, seat, first=False) -> list:
    """Chip placements and attacks open to ``seat``, animal by animal in table order; with ``first`` it
    stops after the first animal that has one (enough to tell whether there is any)."""
    out: list = []
    species = s.species
    aims: dict = {}                        # per hunting species: the species it may attack
    for a, side, food, shelter, hunt in C.animal_moves(rs, s, seat):
        if food is None:
            out.append(_FOOD[a.id])
        if shelter is None:
            out.append(_SHELTER[a.id])
        if hunt is None:
            sid = a.species
            targets = aims.get(sid)
            if targets is None:            # an attack's limits depend on the two species only
                hunter = side[2]
                targets = aims[sid] = [t.id for t in species.values() if C.attack_block(rs, s, sid, hunter, t) is None]
            out.extend(_Attack(a.id, t) for t in targets)
        if first and out:
            return out
    if C.parasites_block(rs, s) is None:
        out.extend([_PARASITE[a.id] for a in C.parasite_hosts(s, seat)])
    return out


def _attack_block(rs, s, sid, traits, target):
    """(rule, message) when an animal of species ``sid`` (with ``traits``) may not attack ``target``, or None."""
    key = C.attack_block(rs, s, sid, traits, target)
    return C.refuse(key) if key else None


def _victims(rs, s, sp, traits=None):
    """The animals of ``sp`` an attack may take: not sheltered, and not hidden by a trait (Burrowing)."""
    traits = rs.traits_of(s, sp) if traits is None else traits
    animals = s.animals
    hides = [h for t, offers in HIDERS if t in traits and (h := offers(rs, s, sp)) is not None]
    if not hides:
        return [aid for aid in sp.animals if not animals[aid].shelter]
    return [aid for aid in sp.animals if not animals[aid].shelter and not any(h(animals[aid]) for h in hides)]


def _scavengers(rs, s, seat):
    out = []
    for sp in s.species_of(seat):
        traits = rs.traits_of(s, sp)
        if "scavenger" in traits:
            need = rs.need(s, sp)
            out.extend(s.animals[x] for x in sp.animals if not rs.fed(s, s.animals[x], need))
    return out


_stomp_capacity = stomp_capacity                   # the traits' own rule (Stomper), ``traits.py``

"""Who moves now and what they may do in *Random Mutations*: the seat to move, nature's outcomes, and the
legal-move lists (development, feeding, the victim and Scavenger choices)."""
from __future__ import annotations

from ...actions import (CHANCE, TERMINAL, Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove,
                        FirstPlayer, Pass, PlaceParasite, PlayCard, Reveal, RollDie, RollFood, Scavenge, Stomp,
                        TakeFood, TakeShelter, TieBreak, interned)
from ...i18n import _
from ..base import Ruleset
from ..common import ById
from . import heredity as H
from .deck import TRAIT_IDS
from .species import _cards_of

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
    if ph == "reproduction":
        return H.outcomes(s)
    if ph == "first_player":
        return tuple((FirstPlayer(i), 1) for i in range(s.players))
    if ph == "tiebreak":
        return tuple((TieBreak(i), 1) for i in s.tied)
    return ()

def sample_chance(rs, s, rng):
    if s.phase == "reproduction":
        return H.sample(s, rng)
    return Ruleset.sample_chance(rs, s, rng)


def legal_actions(rs, s) -> list:
    ph = s.phase
    if ph == "development":
        if s.simplify is not None:
            seat, sid = s.simplify
            sp = s.species[sid]
            return [DiscardTrait(u) for u, t in _cards_of(s, sp) if t != "simplification"]
        return dev_actions(rs, s, s.current)
    if ph == "parasites":
        seat, sids = s.parasite_queue[0]
        return [ChooseParasiteVictim(a) for sid in sids for a in s.species[sid].animals]
    if ph != "feeding" or s.attack is not None:
        return []
    if s.choose_victim is not None:
        seat, sid, _pred = s.choose_victim
        return [ChooseVictim(a) for a in rs._victims(s, s.species[sid])]
    if s.scavenge >= 0:
        return [Scavenge(a.id) for a in rs._scavengers(s, s.scavenge)]
    out = rs._main_actions(s, s.current) if not s.move_main else []
    has_main = bool(out)
    k = rs._stomp_capacity(s, s.current) if s.red and not s.move_stomped else 0
    if k:
        out.extend(_Stomp(n) for n in range(1, min(k, s.red) + 1))
    if s.move_main or not has_main or rs.options["rm_feeding_voluntary"]:
        out.append(_END)
    return out

def dev_actions(rs, s, seat) -> list:
    out = []
    if s.pdecks[seat] < 1:
        return [_PASS]
    out.append(_PlayCard("new_species", -1))
    mine = s.species_of(seat)
    n = len(mine)
    for sp in mine:
        if len(sp.animals) == 1:
            out.append(_PlayCard("trait", sp.id))
    for sp in mine:
        if rs._add_block(s, seat, sp) is None:
            out.append(_PlayCard("add_animal", sp.id))
    if rs.options["divergence"]:
        for sp in mine:
            if not rs.options["divergence_checks_cap"] or len(sp.animals) + 1 <= n:
                out.append(_PlayCard("diverge", sp.id))
    out.append(_PASS)
    return out

def _add_block(rs, s, seat, sp):
    if len(sp.animals) + 1 > len(s.rows[seat]):
        return "rm.population-cap", _("species {species} has {animals} animals; you have {count} species, and a "
                                      "species may not grow beyond that").format(species=sp.id, animals=len(sp.animals),
                                                                                 count=len(s.rows[seat]))
    if "extremophile" in rs.traits_of(s, sp) and s.pdecks[seat] <= 1:
        return "rm.extremophile", _("an animal cannot join an Extremophile species while your player deck holds one card")
    return None

def _main_actions(rs, s, seat, first=False) -> list:
    """Chip placements and attacks open to ``seat``, animal by animal in table order; with ``first`` it
    stops after the first animal that has one (enough to tell whether there is any)."""
    out: list = []
    red, green, species = s.red, s.green, s.species
    sides: dict = {}                       # per species: what its animals may do, worked out once
    aims: dict = {}                        # per hunting species: the species it may attack
    for a in s.animals.values():
        if a.owner != seat:
            continue
        sid = a.species
        side = sides.get(sid)
        if side is None:
            side = sides[sid] = rs._feeding_side(s, species[sid])
        need, eats, hunter = side
        hungry = not rs.fed(s, a, need)
        if red and eats and hungry:
            out.append(_FOOD[a.id])
        if green and not a.shelter:
            out.append(_SHELTER[a.id])
        if hunter is not None and hungry and not a.attacked:
            targets = aims.get(sid)
            if targets is None:            # an attack's limits depend on the two species only
                targets = aims[sid] = [t.id for t in species.values() if rs._attack_block(s, sid, hunter, t) is None]
            out.extend(_Attack(a.id, t) for t in targets)
        if first and out:
            return out
    if s.black and rs.options["parasite_move_enabled"]:
        out.extend([_PARASITE[a.id] for a in s.animals.values() if a.owner != seat])
    return out

def _attack_block(rs, s, sid, traits, target):
    """Why an animal of species ``sid`` (with ``traits``) may not attack species ``target`` (or None)."""
    if target.id == sid:
        return "rm.predator.own-species", _("a predator never attacks its own species")
    tt = rs.traits_of(s, target)
    if "swimming" in tt and "swimming" not in traits:
        return "rm.swimming", _("only a swimming predator can attack a swimming species (provisional)")
    if "swimming" in traits and "swimming" not in tt:
        return "rm.swimming", _("a swimming predator can only attack swimming species (provisional)")
    if "large" in tt and "large" not in traits and rs.options["large_blocks_small_predators"]:
        return "rm.large", _("only a Large predator can attack a Large species (provisional)")
    if not rs._victims(s, target, tt):
        return "rm.shelter", _("every animal of that species is sheltered (or a fed Burrowing animal)")
    return None

def _victims(rs, s, sp, traits=None):
    traits = rs.traits_of(s, sp) if traits is None else traits
    burrow = "burrowing" in traits and rs.options["rm_burrowing_rule"] == "origin_like"
    need = rs.need(s, sp) if burrow else 0
    return [aid for aid in sp.animals if not s.animals[aid].shelter
            and not (burrow and rs.fed(s, s.animals[aid], need))]

def _scavengers(rs, s, seat):
    out = []
    for sp in s.species_of(seat):
        traits = rs.traits_of(s, sp)
        if "scavenger" in traits:
            need = rs.need(s, sp)
            out.extend(s.animals[x] for x in sp.animals if not rs.fed(s, s.animals[x], need))
    return out

def _stomp_capacity(rs, s, seat) -> int:
    return sum(len(sp.animals) for sp in s.species_of(seat) if "stomper" in rs.traits_of(s, sp))

"""Development in *Random Mutations* (§5): cards played blind as new species, animals, traits or
divergences; a revealed trait finds its species (§5.3), where the traits that act on it (Extremophile,
Simplification: their entries in ``traits.py``) do so; then the climate."""
from __future__ import annotations

from ...events import Mutation, PhaseStarted, Speciation, TraitGained, TraitRevealed
from ..common import first_player_chosen, next_to_play, open_phase, pass_seat
from . import heredity as H
from .deck import TRAIT_IDS
from .species import _add, _add_animal, _new_species, discard_card


def _do_play(rs, s, action, ev):
    seat = s.current
    s.pdecks = _add(s.pdecks, seat, -1)
    mode = action.mode
    if mode == "trait":
        s.pending_play = (seat, action.species)
        s.phase = "reveal"
        return
    if mode == "new_species":
        _new_species(s, seat, ev)
    elif mode == "add_animal":
        sp = s.species[action.species]
        _add_animal(s, sp, ev)
        for t in rs.traits_of(s, sp):
            joined = rs.traits[t].on.get("joined")       # Extremophile
            if joined is not None:
                joined(rs, s, seat, sp, ev)
    else:  # diverge
        parent = s.species[action.species]
        if parent.own:
            k = s.next_uid
            s.next_uid += 1
            s.sets[k] = parent.own
            parent.sets = parent.sets + (k,)
            parent.own = ()
            parent.tcache = None
        daughter = _new_species(s, seat, ev, parent.id, rs.options["divergence_position"])
        daughter.sets = parent.sets
        if ev is not None:
            ev[-2] = Speciation(seat, parent.id, daughter.id, s.turn, rs.traits_of(s, parent))
    _dev_next(s, ev)


def _fits(rs, s, sp, trait):
    if len(sp.animals) != 1:
        return False
    traits = rs.traits_of(s, sp)
    if trait in traits:
        return False
    if any(x in traits for x in rs.traits[trait].excludes):      # one of Predator, Obligate Predator, Scavenger
        return False
    return s.turn >= rs.trait_turn.get(trait, 1)


def _do_reveal(rs, s, action, ev):
    seat, sid = s.pending_play
    s.pending_play = None
    trait = action.trait
    s.hidden = _add(s.hidden, TRAIT_IDS.index(trait), -1)
    s.revealed += 1
    if ev is not None:
        ev.append(Mutation(seat, trait, s.turn))
    row = s.rows[seat]
    target = None
    start = row.index(sid) if sid in row else len(row)
    for x in row[start:]:                      # §5.3: move right until it fits
        if _fits(rs, s, s.species[x], trait):
            target = s.species[x]
            break
    if target is not None:
        uid = s.next_uid
        s.next_uid += 1
        target.own = target.own + ((uid, trait),)
        target.tcache = None
        if ev is not None:
            ev.append(TraitRevealed(seat, trait, sid, target.id, "attached" if target.id == sid else "moved_right"))
            ev.append(TraitGained(seat, target.id, trait, trait, -1, seat))
        attached = rs.traits[trait].on.get("attached")     # Simplification
        if attached is not None and attached(rs, s, seat, target, ev):
            s.phase = "development"                # its owner chooses first
            return
    elif rs.options["unfit_trait_outcome"] == "new_species":
        sp = _new_species(s, seat, ev)             # the card becomes a face-down animal
        if ev is not None:
            ev.append(TraitRevealed(seat, trait, sid, sp.id, "new_species"))
    else:
        s.discards = _add(s.discards, seat, 1)
        if ev is not None:
            ev.append(TraitRevealed(seat, trait, sid, -1, "discarded"))
    s.phase = "development"
    _dev_next(s, ev)


def _do_discard_trait(rs, s, action, ev):
    seat, sid = s.simplify
    s.simplify = None
    discard_card(s, s.species[sid], action.card_uid, ev)
    _dev_next(s, ev)


def _do_pass(rs, s, action, ev):
    pass_seat(s, s.current, ev)
    _dev_next(s, ev)


def _dev_next(s, ev):
    """Next seat that has not passed; a seat whose player deck is empty passes. (The next seat round the table
    plays on in the usual case: found without ``next_to_play``'s loop and its test function.)"""
    seat = (s.current + 1) % s.players
    if s.pdecks[seat] > 0 and not s.passed[seat]:
        s.current = seat
        return
    if next_to_play(s, ev, _can_play):
        return
    s.phase = "climate_red"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "climate"))


def _can_play(s, seat) -> bool:
    """A seat plays a card while its player deck holds one."""
    return s.pdecks[seat] > 0


def _start_development(s, ev):
    open_phase(s, ev, "development")
    _dev_next(s, ev)


def _do_first(rs, s, action, ev):
    if first_player_chosen(rs, s, action, ev, H):
        return
    _start_development(s, ev)

"""The rules of attack and feeding in North Star *Evolution* (§5.2-§5.3): room for food, attack and defence
sizes, each protection (each trait's own rule: its entry in ``traits.py``), whether feeding is compulsory."""
from __future__ import annotations

from . import checks as C
from .traits import (ARMOUR, ARMOURED, HAS_ROOM, HUNTERS, IS_ARMOURED, IS_GUARDED, IS_HUNTER, PACKS, PROTECTIONS,
                     PROTECTORS, ROOMS, WARNS, WEAPONS)
# Intelligence's attacks with cancelled protections are the rules of its entry (``traits.py``); the checks, the
# move lists and the ruleset reach them by these names
from .traits import _Hunt, _cancellable, _clever_hunts, cancel_rule, card_count_rule  # noqa: F401


def room(rs, sp) -> int:
    """Food it may still take: up to its Population, then what its traits store beyond it (Fat Tissue)."""
    r = max(0, sp.pop - sp.food)
    if not sp.kind & HAS_ROOM:             # none of its traits stores food (a bit test: most species)
        return r
    for t, extra in ROOMS:                 # Fat Tissue
        if t in sp.names:
            r += extra(rs, sp)
    return r


def hungry(rs, sp) -> bool:
    return sp.food < sp.pop


def attack_size(rs, a) -> int:
    size = a.body
    for t, extra in PACKS:                 # Pack Hunting
        if t in a.names:
            size += extra(rs, a)
    return size


def defences(rs, s, a, t) -> list:
    """The protections (trait names) that stop ``a`` attacking ``t``, besides size (§5.3): each protecting
    trait's ``Defence.offers``, in the order of ``PROTECTIONS``."""
    out: list = []
    names = t.names
    for d, offers, beside in PROTECTORS:
        if beside or d in names:            # a neighbour's trait (Warning Call) is asked every time
            n = offers(s, a, t)
            if n:
                out.extend((d,) * n)
    return out


def defence_size(rs, t, cancelled=()) -> int:
    """Body Size plus what armour (Hard Shell) adds, unless Intelligence cancelled it (a species without an
    armour trait, most of them, is its Body Size: the bots ask for every target they weigh)."""
    size = t.body
    if ARMOURED.isdisjoint(t.names):
        return size
    for d, extra in ARMOUR:
        if d in t.names and d not in cancelled:
            size += extra(rs, t)
    return size


def attack_rule(rs, s, a, t, cancelled=()):
    """§5.3: the key of the rule that stops ``a`` attacking ``t`` now (``checks.REASONS``), or None; each protection
    in ``cancelled`` is cancelled by an Intelligence card."""
    if HUNTERS.isdisjoint(a.names):        # only a hunter (Carnivore) attacks
        return "northstar.carnivore"
    if a is t:
        return "northstar.carnivore.itself"
    if not rs.room(a):
        return "northstar.carnivore.full"
    if not rs.attack_size(a) > rs.defence_size(t, cancelled):
        return "northstar.size"
    left = list(cancelled)
    for d in rs.defences(s, a, t):
        if d in left:
            left.remove(d)                 # one discarded card cancels one protection
        else:
            return DEFENCE_KEYS[d]
    return None


#: the key of each protection's rule
DEFENCE_KEYS = {d: f"northstar.{d}" for d in PROTECTIONS}


def attack_block(rs, s, a, t, cancelled=()):
    """Why ``a`` may not attack ``t`` now (rule, message), or None."""
    key = attack_rule(rs, s, a, t, cancelled)
    return None if key is None else C.refuse(key, species=a.id, animal=a.id)


def wounds(rs, s, a, t, cancelled, ev, wound) -> None:
    """The target's weapons (Horns) act on the attacker once the attack is made, unless cancelled."""
    for d, resolve in WEAPONS:
        if d in t.names and d not in cancelled:
            resolve(rs, s, a, t, ev, wound)


def prey(rs, s, a, first=False) -> list:
    """The species ``a`` may attack now without cards (``attack_rule`` is None), in the table's order; with
    ``first``, at most the first of them. The same rules as ``attack_rule``, with the attacker's side worked
    out once for every target: the move lists and the feeding turns ask it for every hunter at every turn.
    Armour only adds to a Body Size, a target without a protecting trait (``GUARDS``) is protected only from
    beside, and a protection from beside (Warning Call) needs its trait on a neighbour, so in the target's row:
    the hooks of the traits no species there has are not asked."""
    if not a.kind & IS_HUNTER or a.food >= a.pop and not room(rs, a):    # hungry: room, without the call
        return []
    size = attack_size(rs, a)
    species = s.species
    near: dict = {}                                     # owner -> whether a protecting neighbour's trait is in his row
    out = []
    for t in species.values():
        if t is a or size <= t.body:
            continue
        names, kind = t.names, t.kind                   # kind: its traits' sets as bits (a test each, no call)
        if kind & IS_ARMOURED:                          # defence_size
            armour = t.body
            for d, extra in ARMOUR:
                if d in names:
                    armour += extra(rs, t)
            if size <= armour:
                continue
        w = near.get(t.owner)
        if w is None:
            w = False
            for i in s.rows[t.owner]:
                if species[i].kind & WARNS:
                    w = True
                    break
            near[t.owner] = w
        if w or kind & IS_GUARDED:                      # defences: any protection stops it
            for d, offers, beside in PROTECTORS:
                if (d in names or beside and w) and offers(s, a, t):
                    break
            else:
                out.append(t)
        else:
            out.append(t)
        if first and out:
            break
    return out


def compulsory(rs, s, seat) -> bool:
    """§5.2: a hungry species of ``seat`` that can feed must feed (Intelligence never counts)."""
    strict = rs.options["fat_filling_mandatory"]
    species = s.species
    for sid in s.rows[seat]:
        sp = species[sid]
        if not (sp.food < sp.pop or (strict and rs.room(sp))):          # hungry, or room to fill
            continue
        if sp.kind & IS_HUNTER:                     # a hunter feeds by attacking
            if prey(rs, s, sp, True):
                return True
        elif s.watering:
            return True
    return False

"""The rules of attack and feeding in North Star *Evolution* (§5.2-§5.3): room for food, attack and defence
sizes, each protection, whether feeding is compulsory, and Intelligence's cancelled protections."""
from __future__ import annotations

import itertools

from ...actions import Hunt, interned
from . import checks as C
from .deck import CARD_INDEX
from .traits import ARMOUR, CANCELLABLE, PACKS, PROTECTIONS, PROTECTORS, ROOMS, WEAPONS

_Hunt = interned(Hunt)


def room(rs, sp) -> int:
    """Food it may still take: up to its Population, then what its traits store beyond it (Fat Tissue)."""
    r = max(0, sp.pop - sp.food)
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
    """Body Size plus what armour (Hard Shell) adds, unless Intelligence cancelled it."""
    size = t.body
    for d, extra in ARMOUR:
        if d in t.names and d not in cancelled:
            size += extra(rs, t)
    return size


def attack_rule(rs, s, a, t, cancelled=()):
    """§5.3: the key of the rule that stops ``a`` attacking ``t`` now (``checks.REASONS``), or None; each protection
    in ``cancelled`` is cancelled by an Intelligence card."""
    if not a.has("carnivore"):
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
        if t.has(d) and d not in cancelled:
            resolve(rs, s, a, t, ev, wound)


def compulsory(rs, s, seat) -> bool:
    """§5.2: a hungry species of ``seat`` that can feed must feed (Intelligence never counts)."""
    strict = rs.options["fat_filling_mandatory"]
    for sp in s.species_of(seat):
        if not (rs.hungry(sp) or (strict and rs.room(sp))):
            continue
        if sp.has("carnivore"):
            if any(attack_rule(rs, s, sp, t) is None for t in s.species.values()):
                return True
        elif s.watering:
            return True
    return False


def _cancellable(rs, s, a, t):
    """The target's protections Intelligence may cancel (Horns too; one entry per Warning Call)."""
    out = [d for d in CANCELLABLE if t.has(d) and d != "warning_call"]
    out.extend(d for d in rs.defences(s, a, t) if d == "warning_call")
    return out


def _in_order(part, whole) -> bool:
    """Whether ``part`` is ``whole`` with some entries left out (the same order)."""
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


def cancel_rule(rs, s, a, t, cancels, can=None):
    """Intelligence (§6): the key of the rule that stops ``a`` attacking ``t`` with the protections ``cancels``
    cancelled (one card each), or None: the attack is then legal; each cancelled protection is one the target
    has, named in the order it has them; and no card is needless (one fewer would do, unless it cancels Horns).
    ``can``: ``_cancellable(a, t)``, when known."""
    key = attack_rule(rs, s, a, t, cancels)
    if key:
        return key
    if can is None:
        can = rs._cancellable(s, a, t)
    if not _in_order(cancels, can):
        return "northstar.intelligence.order" if _in_order(sorted(cancels), sorted(can)) else "northstar.intelligence.absent"
    if len(cancels) > 1 and "horns" not in cancels and attack_rule(rs, s, a, t, cancels[:-1]) is None:
        return "northstar.intelligence.needless"
    return None


def card_count_rule(rs, k):
    """One card per use of Intelligence, several with the first-edition text (``intelligence_multi_discard``)."""
    return "northstar.intelligence.one-card" if k > 1 and not rs.options["intelligence_multi_discard"] else None


def _clever_hunts(rs, s, a, t, hand, multi=None):
    """Attacks with Intelligence: one card cancels one protection (several with the first-edition text).

    Several cards are joined with "+" in ``Hunt.card`` and ``Hunt.cancel``, in the same order; the cards in the
    deck's order."""
    can = rs._cancellable(s, a, t)
    out, seen = [], set()
    for k in range(1, len(can) + 1):
        if card_count_rule(rs, k):
            break
        for cancels in itertools.combinations(can, k):
            if cancels in seen or cancel_rule(rs, s, a, t, cancels, can) is not None:
                continue
            seen.add(cancels)
            for cards in itertools.combinations(sorted(s.hands[a.owner], key=CARD_INDEX.__getitem__), k):
                out.append(_Hunt(a.id, t.id, "+".join(cards), "+".join(cancels)))
    return list(dict.fromkeys(out))

"""The rules of attack and feeding in North Star *Evolution* (§5.2-§5.3): room for food, attack and defence
sizes, each protection, whether feeding is compulsory, and Intelligence's cancelled protections."""
from __future__ import annotations

import itertools

from ...actions import Hunt, interned
from ...i18n import _
from .deck import CARD_INDEX
from .traits import CANCELLABLE, TRAITS

_Hunt = interned(Hunt)


def room(rs, sp) -> int:
    """Food it may still take: up to its Population, then fat up to its Body Size."""
    r = max(0, sp.pop - sp.food)
    if sp.has("fat_tissue"):
        r += max(0, sp.body - sp.fat)
    return r

def hungry(rs, sp) -> bool:
    return sp.food < sp.pop

def attack_size(rs, a) -> int:
    size = a.body
    if a.has("pack_hunting"):
        size += a.pop if rs.options["pack_hunting_variant"] == "population" else 3
    return size

def defences(rs, s, a, t) -> list:
    """The protections (trait names) that stop ``a`` attacking ``t``, besides size (§5.3)."""
    out = []
    if t.has("climbing") and not a.has("climbing"):
        out.append("climbing")
    if t.has("burrowing") and t.food >= t.pop:
        out.append("burrowing")
    if t.has("defensive_herding") and not a.pop > t.pop:
        out.append("defensive_herding")
    row = s.rows[t.owner]
    i = row.index(t.id)
    if t.has("symbiosis") and i + 1 < len(row) and s.species[row[i + 1]].body > t.body:
        out.append("symbiosis")
    if not a.has("ambush"):
        for j in (i - 1, i + 1):          # each Warning Call neighbour protects (and is cancelled) on its own
            if 0 <= j < len(row) and s.species[row[j]].has("warning_call"):
                out.append("warning_call")
    return out

def defence_size(rs, t, cancelled=()) -> int:
    size = t.body
    if t.has("hard_shell") and "hard_shell" not in cancelled:
        size += rs.options["hard_shell_bonus"]
    return size

def attack_block(rs, s, a, t, cancelled=()):
    """Why ``a`` may not attack ``t`` now (rule, message), or None."""
    if not a.has("carnivore"):
        return "northstar.carnivore", _("species {animal} is not a Carnivore").format(animal=a.id)
    if a is t:
        return "northstar.carnivore.itself", _("a Carnivore cannot attack itself")
    if not rs.room(a):
        return "northstar.carnivore.full", _("a full Carnivore without Fat Tissue room cannot attack")
    if not rs.attack_size(a) > rs.defence_size(t, cancelled):
        return "northstar.size", _("the attacker must be larger than the target (Hard Shell adds to the target)")
    left = list(cancelled)
    for d in rs.defences(s, a, t):
        if d in left:
            left.remove(d)                 # one discarded card cancels one protection
        else:
            return f"northstar.{d}", _("the target is protected by {trait}").format(trait=TRAITS[d].name)
    return None

def compulsory(rs, s, seat) -> bool:
    """§5.2: a hungry species of ``seat`` that can feed must feed (Intelligence never counts)."""
    strict = rs.options["fat_filling_mandatory"]
    for sp in s.species_of(seat):
        if not (rs.hungry(sp) or (strict and rs.room(sp))):
            continue
        if sp.has("carnivore"):
            if any(rs.attack_block(s, sp, t) is None for t in s.species.values()):
                return True
        elif s.watering:
            return True
    return False


def _cancellable(rs, s, a, t):
    """The target's protections Intelligence may cancel (Horns too; one entry per Warning Call)."""
    out = [d for d in CANCELLABLE if t.has(d) and d != "warning_call"]
    out.extend(d for d in rs.defences(s, a, t) if d == "warning_call")
    return out

def _clever_hunts(rs, s, a, t, hand, multi):
    """Attacks with Intelligence: one card cancels one protection (several with the first-edition text).

    Several cards are joined with "+" in ``Hunt.card`` and ``Hunt.cancel``, in the same order."""
    can = rs._cancellable(s, a, t)
    sizes = range(1, len(can) + 1) if multi else (1,)
    out, seen = [], set()
    for k in sizes:
        for cancels in itertools.combinations(can, k):
            if cancels in seen or rs.attack_block(s, a, t, cancels) is not None:
                continue
            seen.add(cancels)
            if k > 1 and rs.attack_block(s, a, t, cancels[:-1]) is None and "horns" not in cancels:
                continue                   # a needless extra card
            for cards in itertools.combinations(sorted(s.hands[a.owner], key=CARD_INDEX.__getitem__), k):
                out.append(_Hunt(a.id, t.id, "+".join(cards), "+".join(cancels)))
    return list(dict.fromkeys(out))

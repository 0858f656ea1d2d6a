"""What a species is and how the table changes: its traits and food need (inherited sets first, cached on
the species), whether an animal is fed, and species born, animals added and killed, species gone extinct."""
from __future__ import annotations

from ...events import AnimalBorn, Died, Speciation, SpeciesExtinct, TraitLost
from .state import RMAnimal, Species


def traits_of(rs, s, sp) -> tuple:
    """Every trait of a species: its inherited sets (oldest first), then its own cards."""
    c = sp.tcache
    if c is None:
        c = sp.tcache = rs._traits_need(s, sp)
    return c[0]


def need(rs, s, sp) -> int:
    c = sp.tcache
    if c is None:
        c = sp.tcache = rs._traits_need(s, sp)
    return c[1]


def _traits_need(rs, s, sp):
    """What ``sp.tcache`` keeps while the species' cards do not change: (traits, food need, whether it takes red
    food, its traits if it hunts else None, whether it stomps)."""
    out = ()
    for k in sp.sets:
        out += tuple(t for _, t in s.sets[k])
    out += tuple(t for _, t in sp.own)
    hunter = frozenset(out) if not T.HUNTER_SET.isdisjoint(out) else None     # Predator, Obligate Predator
    stomps = not T.STOMPING.isdisjoint(out)                                  # Stomper
    return out, 1 + sum(rs.need_bonus[t] for t in out), T.NO_FOOD.isdisjoint(out), hunter, stomps


def _feeding_side(rs, s, sp) -> tuple:
    """(food need, whether it takes red food, its traits if it hunts else None, whether it stomps) of species
    ``sp``."""
    c = sp.tcache
    if c is None:
        c = sp.tcache = rs._traits_need(s, sp)
    return c[1:]


def fed(rs, s, a, need=None) -> bool:
    if a.fed_by_kill:
        return True
    if need is None:
        need = rs.need(s, s.species[a.species])
    return a.red + a.blue >= need


def _cards_of(s, sp):
    out = []
    for k in sp.sets:
        out.extend(s.sets[k])
    return out + list(sp.own)


def _set_owner(s, k) -> int:
    for sp in s.species.values():
        if k in sp.sets:
            return sp.owner
    return -1


def _add(t, i, n):
    lst = list(t)
    lst[i] += n
    return tuple(lst)


# ---- table changes -----------------------------------------------------------------------------------
def _new_species(s, seat, ev, parent=-1, position="right_end"):
    sp = Species(s.next_uid, seat, s.turn, parent)
    s.next_uid += 1
    s.species[sp.id] = sp
    rows = list(s.rows)
    row = list(rows[seat])
    if position == "next_to_parent" and parent in row:
        row.insert(row.index(parent) + 1, sp.id)
    else:
        row.append(sp.id)
    rows[seat] = tuple(row)
    s.rows = tuple(rows)
    if ev is not None:
        ev.append(Speciation(seat, parent, sp.id, s.turn, ()))
    _add_animal(s, sp, ev)
    return sp


def _add_animal(s, sp, ev):
    a = RMAnimal(s.next_uid, sp.id, sp.owner)
    s.next_uid += 1
    s.animals[a.id] = a
    sp.animals = sp.animals + (a.id,)
    if ev is not None:
        ev.append(AnimalBorn(sp.owner, a.id, s.turn))
    return a


def _kill(s, aid, cause, ev, by=None):
    """An animal dies: its card to its owner's discard pile; a species left empty loses its traits."""
    rs = s.ruleset
    a = s.animals.pop(aid)
    sp = s.species[a.species]
    sp.animals = tuple(x for x in sp.animals if x != aid)
    if not rs.heredity:                     # Heredity: animals are not cards
        s.discards = _add(s.discards, a.owner, 1)
    if ev is not None:
        traits = rs.traits_of(s, sp)
        bt = rs.traits_of(s, s.species[s.animals[by].species]) if by is not None and by in s.animals else ()
        ev.append(Died(a.owner, aid, cause, traits, by if by is not None else -1, bt, a.red + a.blue,
                       rs.need(s, sp)))
    if not sp.animals:
        _remove_species(s, sp, ev)


def discard_card(s, sp, uid, ev):
    """One trait card of the species goes to the discards (Simplification); an inherited card leaves its whole
    lineage."""
    trait = None
    if any(u == uid for u, _ in sp.own):
        trait = next(t for u, t in sp.own if u == uid)
        sp.own = tuple(c for c in sp.own if c[0] != uid)
    else:
        for k in sp.sets:
            if any(u == uid for u, _ in s.sets[k]):
                trait = next(t for u, t in s.sets[k] if u == uid)
                s.sets[k] = tuple(c for c in s.sets[k] if c[0] != uid)
    s.discards = _add(s.discards, sp.owner, 1)
    for other in s.species.values():      # an inherited card may change every species of the lineage
        other.tcache = None
    if ev is not None:
        ev.append(TraitLost(sp.owner, sp.id, trait))


def _kill_quietly(s, aid):
    """Heredity: an animal leaves the table alive (predators leave); an empty species leaves with it."""
    a = s.animals.pop(aid)
    sp = s.species[a.species]
    sp.animals = tuple(x for x in sp.animals if x != aid)
    if not sp.animals:
        del s.species[sp.id]
        rows = list(s.rows)
        rows[sp.owner] = tuple(x for x in rows[sp.owner] if x != sp.id)
        s.rows = tuple(rows)


def _remove_species(s, sp, ev):
    del s.species[sp.id]
    rows = list(s.rows)
    rows[sp.owner] = tuple(x for x in rows[sp.owner] if x != sp.id)
    s.rows = tuple(rows)
    lost = len(sp.own)
    for k in sp.sets:
        if not any(k in o.sets for o in s.species.values()):
            lost += len(s.sets.pop(k))
    if not s.ruleset.heredity:              # Heredity: traits are copies, not cards
        s.discards = _add(s.discards, sp.owner, lost)
    if ev is not None:
        ev.append(SpeciesExtinct(sp.owner, sp.id, s.turn))
    if s.choose_victim is not None and s.choose_victim[1] == sp.id:
        s.choose_victim = None


from . import traits as T  # noqa: E402  (the entries' facts; traits.py imports the table changes above)

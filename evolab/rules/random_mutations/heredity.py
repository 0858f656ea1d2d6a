"""The Heredity variant on *Random Mutations*: evolab's own classroom rules, not the printed game.

Spec: ``shared/rules/heredity.md`` ("Other editions"). The edition's climate, feeding, attacks, shelters,
parasites and extinction are unchanged; development and the draw are replaced by reproduction. The variant
maps onto this edition's species naturally:

- **Ruling rm.heredity.1** (founders): each player's founders (``founders``, ``founder_traits`` as in the
  *Origin* variant) that carry the same traits form one species, in the row in order of first appearance;
  the species' traits are copies, not cards.
- **Ruling rm.heredity.2** (young): every animal alive after extinction (all of them are fed: the unfed
  died) has ``offspring`` young, seat by seat from the first player, species by species along the row,
  animal by animal; a young joins its parent's species, right after its parent (or elder sibling).
- **Ruling rm.heredity.3** (mutation): with probability ``mutation_rate`` a young draws the top card of the
  deck (the edition's blind deck, reshuffled from its discards when empty; nobody chooses it). If the trait
  can be added (not a duplicate, not a second of Predator / Obligate Predator / Scavenger, part of this
  world now) the young **founds a daughter species** (a ``Speciation`` event: the descent tree grows) with
  its parent species' traits plus the new one, placed right of the parent species; otherwise the mutation
  has no effect. The card is discarded.
- **Ruling rm.heredity.4** (loss): with probability ``loss_rate`` a young loses one inherited trait, chosen
  with equal chance: it founds a daughter species without it (or, if its mutation already founded one,
  that species loses the trait).
- The printed game's limit on a species' size (no larger than the number of its owner's species) is a
  card-game limit on playing animals, not biology: it does not apply; ``max_animals`` does.
- Divergence is a player's choice of a split; it cannot be combined with the variant, where species split
  only by mutation.
"""
from __future__ import annotations

from ...actions import LoseTrait, Mutate
from ...errors import OptionError
from ...events import AnimalBorn, BlindMutation, DeckReshuffled, Speciation, TraitNotInherited
from .. import heredity as variant
from ..heredity import MUTATION, founder_plan, fraction, outcome_walk, present
from .deck import TRAIT_IDS
from .state import RMAnimal, Species
from .traits import EXCLUSIVE

_NO_MUTATION = Mutate("", "")
_NO_LOSS = LoseTrait("")
_MUTATE = {t: Mutate(t, t) for t in TRAIT_IDS}
_LOSE = {t: LoseTrait(t) for t in TRAIT_IDS}


def configure(rs):
    o = rs.options
    if o["divergence"]:
        raise OptionError("the Heredity variant splits species only by mutation: divergence cannot be on")
    rs.mutation_frac = fraction(o["mutation_rate"])
    rs.loss_frac = fraction(o["loss_rate"])
    rs.predators_leave = o["predators_leave"]
    rs.founder_plan = founder_plan(o["founders"], o["founder_traits"], set(o["banned_traits"]), rs.trait_turn,
                                   _conflict)


def _conflict(trait, traits):
    if trait in EXCLUSIVE:
        return next((x for x in traits if x in EXCLUSIVE), "")
    return ""


# ---- founders and the start of a generation -------------------------------------------------------------
def place_founders(s, turn):
    """The founders arriving in generation ``turn``: one species per trait set per player."""
    rs = s.ruleset
    arrived = []
    for seat in range(s.players):
        groups: dict = {}
        for traits, arrival in rs.founder_plan:
            if arrival == turn and all(present(rs, t, turn) for t in traits):
                groups[traits] = groups.get(traits, 0) + 1
        for traits, k in groups.items():
            sp = _species(s, seat, traits, -1, None)
            for _ in range(k):
                arrived.append(_animal(s, sp, None))
    return arrived


def _species(s, seat, traits, parent, after):
    """A new species of copied ``traits``, right of species ``after`` in the row (at the end if None)."""
    sp = Species(s.next_uid, seat, s.turn, parent)
    s.next_uid += 1
    own = []
    for t in traits:
        own.append((s.next_uid, t))
        s.next_uid += 1
    sp.own = tuple(own)
    s.species[sp.id] = sp
    rows = list(s.rows)
    row = list(rows[seat])
    row.insert(row.index(after) + 1 if after in row else len(row), sp.id)
    rows[seat] = tuple(row)
    s.rows = tuple(rows)
    return sp


def _animal(s, sp, after, parent=-1):
    a = RMAnimal(s.next_uid, sp.id, sp.owner)
    a.parent = parent
    s.next_uid += 1
    s.animals[a.id] = a
    ids = list(sp.animals)
    ids.insert(ids.index(after) + 1 if after in ids else len(ids), a.id)
    sp.animals = tuple(ids)
    return a


def start_generation(s, ev):
    """Predators leave or founders arrive (experiments' settings), then the climate is rolled."""
    variant.begin_generation(s, ev, _predators_leave, _arrive, "climate_red", "climate")


def _predators_leave(s):
    from .species import _kill_quietly
    rs = s.ruleset
    out = []
    for sp in [sp for sp in s.species.values() if set(rs.traits_of(s, sp)) & set(rs.predator_traits)]:
        traits = rs.traits_of(s, sp)
        out.extend((sp.owner, aid, traits) for aid in sp.animals)
        for aid in sp.animals:
            _kill_quietly(s, aid)
    return out


def _arrive(s, turn):
    rs = s.ruleset
    return [(a.owner, a.id, rs.traits_of(s, s.species[a.species])) for a in place_founders(s, turn)]


# ---- reproduction -----------------------------------------------------------------------------------------
def reproduce(s, ev):
    """Every animal alive after extinction has ``offspring`` young (rm.heredity.2)."""
    def parents(seat):
        return [aid for sid in s.rows[seat] for aid in s.species[sid].animals]
    variant.start_reproduction(s, parents, ev)
    next_birth(s, ev)


def next_birth(s, ev):
    rs = s.ruleset
    while s.litters:
        pid, _, anchor = s.litters[0]
        parent = s.animals[pid]
        sp = s.species[parent.species]
        young = _animal(s, sp, anchor, pid)
        s.litters = variant.next_litter(s, young.id)
        traits = rs.traits_of(s, sp)
        if ev is not None:
            ev.append(AnimalBorn(young.owner, young.id, s.turn, pid, traits))
        if variant.waiting(s, young.id, pid, len(traits)):
            return
    s.newborn = ()
    variant.end_generation(s, start_generation, ev)


def mutation_outcomes(s) -> tuple:
    rs = s.ruleset
    num, den = rs.mutation_frac
    deck = s.hidden if s.deck_size else rs.copies
    out = [(_NO_MUTATION, (den - num) * sum(deck))] if den > num else []
    out.extend((_MUTATE[t], num * k) for t, k in zip(TRAIT_IDS, deck) if k)
    return tuple(out)


def _inherited(s):
    """The young's inherited traits: its parent species' traits (a daughter keeps them first, in order)."""
    young = s.animals[s.newborn[0]]
    return s.ruleset.traits_of(s, s.species[young.species])[:s.newborn[3]]


def loss_outcomes(s) -> tuple:
    return variant.loss_outcomes(_inherited(s), s.ruleset.loss_frac, _LOSE, _NO_LOSS)


def outcomes(s) -> tuple:
    return mutation_outcomes(s) if s.newborn[2] == MUTATION else loss_outcomes(s)


def sample(s, rng):
    """One outcome with ``rng.random()``, as bisect over the weights would give (no list when none happens)."""
    if s.newborn[2] == MUTATION:
        rs = s.ruleset
        num, den = rs.mutation_frac
        total = s.deck_size if s.deck_size else rs.total_cards
        x = rng.random() * den * total
        if (den - num) * total > x:
            return _NO_MUTATION
        return outcome_walk(mutation_outcomes(s), x)
    outs = loss_outcomes(s)
    return outcome_walk(outs, rng.random() * sum(w for _, w in outs))


def apply_mutate(rs, s, action, ev):
    yid, pid = s.newborn[:2]
    if action.card:
        young = s.animals[yid]
        if s.deck_size == 0:
            s.hidden = rs.copies
            s.deck_size = rs.total_cards
            s.revealed = 0
            s.discards = (0,) * s.players
            if ev is not None:
                ev.append(DeckReshuffled(s.deck_size))
        i = TRAIT_IDS.index(action.trait)
        s.hidden = s.hidden[:i] + (s.hidden[i] - 1,) + s.hidden[i + 1:]
        s.deck_size -= 1
        s.revealed += 1
        d = list(s.discards)
        d[young.owner] += 1                       # the card is discarded: traits are copies, not cards
        s.discards = tuple(d)
        sp = s.species[young.species]
        traits = rs.traits_of(s, sp)
        trait = action.trait
        if not present(rs, trait, s.turn):
            outcome = "absent"
        elif trait in traits:
            outcome = "duplicate"
        elif trait in EXCLUSIVE and EXCLUSIVE & set(traits):
            outcome = "forbidden"
        else:
            outcome = "added"
        if ev is not None:
            ev.append(BlindMutation(young.owner, yid, pid, trait, trait, outcome, s.turn))
        if outcome == "added":
            _found(s, young, traits + (trait,), ev)
    variant.after_mutation(s, next_birth, ev)


def _found(s, young, traits, ev):
    """The young leaves its parent's species and founds a daughter species with ``traits``."""
    rs = s.ruleset
    old = s.species[young.species]
    old.animals = tuple(x for x in old.animals if x != young.id)
    sp = _species(s, young.owner, traits, old.id, old.id)
    sp.animals = (young.id,)
    young.species = sp.id
    if ev is not None:
        ev.append(Speciation(young.owner, old.id, sp.id, s.turn, rs.traits_of(s, sp)))


def apply_lose(rs, s, action, ev):
    yid, pid, _, inherited = s.newborn
    if action.trait:
        young = s.animals[yid]
        sp = s.species[young.species]
        if sp.animals == (yid,):                   # its mutation founded this species: it loses the trait
            i = next(i for i, c in enumerate(sp.own) if c[1] == action.trait)
            sp.own = sp.own[:i] + sp.own[i + 1:]
            sp.tcache = None
        else:
            traits = list(rs.traits_of(s, sp))
            traits.remove(action.trait)
            _found(s, young, tuple(traits), ev)
        if ev is not None:
            ev.append(TraitNotInherited(young.owner, yid, pid, action.trait, s.turn))
    next_birth(s, ev)

"""The Heredity variant on *The Origin of Species*: evolab's own classroom rules, not the printed game.

Spec: ``shared/rules/heredity.md``. The edition's food, feeding, attacks, defences and extinction are
unchanged; development is replaced by **reproduction with inheritance and blind mutation**, and each turn
is one generation: food bank, feeding, extinction, then every animal that was fed has young that copy its
single-animal traits, each with a chance of one blind mutation (nature's ``Mutate``) and of losing one
inherited trait (nature's ``LoseTrait``). The functions here change the state they are given, like
``feeding.py``; ``OriginRuleset`` calls them from its game loop.

Rulings (the spec leaves these open; each is ours):

- Founders: each trait of ``founder_traits`` (in the edition's trait order) goes on the next
  ``max(1, round(share * founders))`` founders of every player, left to right, wrapping round (so shares
  that add up to more than 1 put several traits on one founder); a founder that would get a forbidden
  combination refuses the options. Founders carry
  copies (not cards), like every inherited trait.
- Parents reproduce seat by seat from the first player, and left to right within a row; a litter of
  several young sits to the parent's right in birth order. When a player reaches ``max_animals`` the
  young still to come of that player are not born (one ``BirthsCapped`` event says how many).
- A mutation is drawn before the loss, and only inherited traits can be lost (never the new mutation).
- Experiments' restrictions decide which traits are part of the world: a banned trait is stripped from
  the founders and a mutation to it has no effect; a trait with ``trait_from_turn`` k arrives at
  generation k (founders carrying it join then; mutations to it have no effect before);
  ``predators_leave`` k removes every Carnivorous animal at the start of generation k, and Carnivorous
  mutations have no effect from then on. Whether a mutation *arises* never depends on any of this.
- Rates are exact fractions (``Fraction(rate).limit_denominator(10**6)``), so every chance node has whole
  number weights and a saved game replays exactly.
"""
from __future__ import annotations

from ...actions import LoseTrait, Mutate
from ...events import AnimalBorn, BlindMutation, DeckReshuffled, TraitNotInherited
from .. import heredity as variant
from ..heredity import MUTATION, founder_plan, fraction, outcome_walk, present
from .deck import CARD_INDEX, CARDS
from .state import Animal, Link, TraitCard
from .traits import BIT, EXCLUDES, STACKABLE, TRAITS

_NO_MUTATION = Mutate("", "")
_NO_LOSS = LoseTrait("")
_MUTATE = {(c.id, t): Mutate(c.id, t) for c in CARDS for t in c.traits}
_LOSE = {t: LoseTrait(t) for t in TRAITS}
#: The card an inherited copy of a trait names (single-sided cards first): copies are not cards, but a
#: trait on an animal always names a card that has it, so saved positions stay checkable.
COPY_CARD = {t: min((c for c in CARDS if t in c.traits), key=lambda c: (len(c.traits), CARD_INDEX[c.id])).id
             for t in TRAITS}


# ---- configuration (once per ruleset) -----------------------------------------------------------
def configure(rs):
    """Check the variant's options together and precompute what the hot path needs."""
    o = rs.options
    rs.mutation_frac = fraction(o["mutation_rate"])
    rs.loss_frac = fraction(o["loss_rate"])
    banned = set(o["banned_traits"])
    rs.predators_leave = o["predators_leave"]
    rs.founder_plan = founder_plan(o["founders"], o["founder_traits"], banned, rs.trait_turn, _conflict)


def _conflict(trait, traits):
    """The trait a founder already has that ``trait`` may not sit with (Carnivorous and Scavenger), or ""."""
    return next((TRAITS[x].name for x in traits if BIT[x] & EXCLUDES[trait]), "")


# ---- setup and the start of a generation ----------------------------------------------------------
def place_founders(s, turn):
    """The founders that arrive in generation ``turn`` (all of them at the start, usually)."""
    rs = s.ruleset
    arrived = []
    for seat in range(s.players):
        for traits, arrival in rs.founder_plan:
            if arrival != turn or not all(present(rs, t, turn) for t in traits):
                continue
            a = Animal(s.next_uid, seat, 0 if turn == 1 else turn)
            s.next_uid += 1
            cards = []
            for t in traits:
                cards.append(TraitCard(s.next_uid, COPY_CARD[t], t))
                s.next_uid += 1
            a.set_cards(tuple(cards))
            s.animals[a.id] = a
            arrived.append(a)
    return arrived


def start_generation(s, ev):
    """Predators leave or founders arrive (experiments' settings), then the food bank is rolled."""
    variant.begin_generation(s, ev, _predators_leave, _arrive, "food", "food")


def _predators_leave(s):
    rs = s.ruleset
    out = []
    for a in [a for a in s.animals.values() if any(a.has(t) for t in rs.predator_traits)]:
        out.append((a.owner, a.id, _traits(s, a)))
        _remove_quietly(s, a)
    return out


def _arrive(s, turn):
    return [(a.owner, a.id, a.traits) for a in place_founders(s, turn)]


def _traits(s, a):
    return a.traits + tuple(s.links[u].trait for u in a.links)


def _remove_quietly(s, a):
    """An animal leaves the table alive (migration): its pair links go with it."""
    from .feeding import drop_links
    del s.animals[a.id]
    drop_links(s, a)


# ---- reproduction ---------------------------------------------------------------------------------
def reproduce(s, ev):
    """§4: every animal alive and fed (not hibernating) has ``offspring`` young, seat by seat from the first."""
    def parents(seat):
        return [a.id for a in s.animals.values()
                if a.owner == seat and not a.hibernating and a.red + a.blue >= a.need]
    variant.start_reproduction(s, parents, ev)
    next_birth(s, ev)


def next_birth(s, ev):
    """Bear the next young; stop at its chance nodes (mutation, loss), or end the generation."""
    while s.litters:
        pid, _, anchor = s.litters[0]
        parent = s.animals[pid]
        young = Animal(s.next_uid, parent.owner, s.turn, pid)
        s.next_uid += 1
        if parent.cards:
            cards = []
            for c in parent.cards:
                cards.append(TraitCard(s.next_uid, c.card, c.trait))
                s.next_uid += 1
            young.set_cards(tuple(cards))
        _place(s, anchor, young)
        s.litters = variant.next_litter(s, young.id)
        if ev is not None:
            ev.append(AnimalBorn(young.owner, young.id, s.turn, pid, young.traits))
        if variant.waiting(s, young.id, pid, len(young.cards)):
            return
    s.newborn = ()
    end_generation(s, ev)


def _place(s, anchor, young):
    """The young sits immediately to the right of ``anchor`` (its parent, or its elder sibling)."""
    animals = s.animals
    if next(reversed(animals)) == anchor:
        animals[young.id] = young
        return
    placed = {}
    for k, v in animals.items():
        placed[k] = v
        if k == anchor:
            placed[young.id] = young
    s.animals = placed


def mutation_outcomes(s) -> tuple:
    """((Mutate, weight), ...): none with 1 - rate; else each card side by its copies in the deck."""
    rs = s.ruleset
    num, den = rs.mutation_frac
    deck = s.deck if s.deck_size else rs.copies          # an empty deck is reshuffled first
    total = sum(deck)
    out = [(_NO_MUTATION, (den - num) * total * 2)] if den > num else []
    for card, k in zip(CARDS, deck):
        if k:
            w = num * k * (2 // len(card.traits))
            for t in card.traits:
                out.append((_MUTATE[card.id, t], w))
    return tuple(out)


def loss_outcomes(s) -> tuple:
    """((LoseTrait, weight), ...): none with 1 - rate; else each inherited copy with an equal chance."""
    young = s.animals[s.newborn[0]]
    inherited = [c.trait for c in young.cards[:s.newborn[3]]]
    return variant.loss_outcomes(inherited, s.ruleset.loss_frac, _LOSE, _NO_LOSS)


def outcomes(s) -> tuple:
    return mutation_outcomes(s) if s.newborn[2] == MUTATION else loss_outcomes(s)


def sample(s, rng):
    """One outcome with ``rng.random()``, walking the weights as bisect would (no list when none happens)."""
    rs = s.ruleset
    if s.newborn[2] == MUTATION:
        num, den = rs.mutation_frac
        deck = s.deck if s.deck_size else rs.copies
        total = sum(deck)
        x = rng.random() * (2 * den * total)
        t = (den - num) * total * 2
        if t > x:
            return _NO_MUTATION
        for card, k in zip(CARDS, deck):
            if k:
                w = num * k * (2 // len(card.traits))
                for side in card.traits:
                    t += w
                    if t > x:
                        return _MUTATE[card.id, side]
        return _MUTATE[card.id, side]                      # x at the very top (float rounding)
    outs = loss_outcomes(s)
    return outcome_walk(outs, rng.random() * sum(w for _, w in outs))


def apply_mutate(rs, s, action, ev):
    yid, pid = s.newborn[:2]
    young = s.animals[yid]
    if action.card:
        if s.deck_size == 0:
            s.deck = rs.copies
            s.deck_size = sum(rs.copies)
            s.discards = (0,) * s.players
            if ev is not None:
                ev.append(DeckReshuffled(s.deck_size))
        i = CARD_INDEX[action.card]
        deck = list(s.deck)
        deck[i] -= 1
        s.deck = tuple(deck)
        s.deck_size -= 1
        d = list(s.discards)
        d[young.owner] += 1                                 # the card is discarded: copies are not cards
        s.discards = tuple(d)
        outcome = _mutate(s, young, s.animals[pid], action.card, action.trait)
        if ev is not None:
            ev.append(BlindMutation(young.owner, yid, pid, action.trait, action.card, outcome, s.turn))
    variant.after_mutation(s, next_birth, ev)


def _mutate(s, young, parent, card, trait) -> str:
    """Add the mutation to the young if the rules allow it; say what happened."""
    rs = s.ruleset
    if not present(rs, trait, s.turn):
        return "absent"
    kind = TRAITS[trait].kind
    if kind == "pair":
        from .checks import _linked
        if _linked(s, parent, young, trait):
            return "duplicate"
        l = Link(s.next_uid, card, trait, parent.id, young.id)   # Symbiosis: the parent protects its young
        s.next_uid += 1
        s.links[l.uid] = l
        parent.links += (l.uid,)
        young.links += (l.uid,)
        return "linked"
    if young.mask & BIT[trait] and trait not in STACKABLE:
        return "duplicate"
    if young.mask & EXCLUDES[trait]:
        return "forbidden"
    young.set_cards(young.cards + (TraitCard(s.next_uid, card, trait),))
    s.next_uid += 1
    return "added"


def apply_lose(rs, s, action, ev):
    yid, pid, _, inherited = s.newborn
    if action.trait:
        young = s.animals[yid]
        i = next(i for i, c in enumerate(young.cards[:inherited]) if c.trait == action.trait)
        young.set_cards(young.cards[:i] + young.cards[i + 1:])
        if ev is not None:
            ev.append(TraitNotInherited(young.owner, yid, pid, action.trait, s.turn))
    next_birth(s, ev)


def end_generation(s, ev):
    """§5: food is cleared as at the end of an ordinary turn, then the next generation (or the end)."""
    from .phases import clear_turn
    clear_turn(s)
    variant.end_generation(s, start_generation, ev)

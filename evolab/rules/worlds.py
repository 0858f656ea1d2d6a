"""Drawing hidden cards: the multiset arithmetic every edition's ``sample_world`` shares.

A seat that has not seen a card knows only how many of each kind it has not seen (the deck list minus
what is visible to it); the hidden places (other hands, the deck, face-down cards) are filled by drawing
without replacement from those counts, with ``rng.random()`` only, so a seed gives the same table anywhere.
"""
from __future__ import annotations

from operator import attrgetter


def public_fields(plain, hidden, in_view, extra=()):
    """(names, getter) of the public state fields an observation does not already show under a name of
    its own: ``observe`` stores ``getter(state)`` as ``view.public``. New state fields are public unless
    listed in ``hidden``."""
    names = tuple(f for f in plain if f not in hidden and f not in in_view) + tuple(extra)
    return names, attrgetter(*names)


def restore(state, view, names, in_view):
    """Set ``state``'s public fields from ``view``: its ``public`` tuple and the fields it shows itself."""
    for f, v in zip(names, view.public):
        setattr(state, f, v)
    for f, attr in in_view.items():
        setattr(state, f, getattr(view, attr))


def unseen(copies, seen, index) -> list:
    """Counts per card kind of the cards not in ``seen`` (card ids), never below zero."""
    left = list(copies)
    for c in seen:
        left[index[c]] -= 1
    return [k if k > 0 else 0 for k in left]


def draw(counts: list, k: int, rng, allowed=None) -> list:
    """Take ``k`` cards at random from ``counts`` (changed in place); returns the counts taken.

    ``allowed(i)`` (optional) limits the draws to the kinds it accepts while any of them is left."""
    out = [0] * len(counts)
    total = sum(counts)
    for _ in range(min(k, total)):
        pool = counts
        if allowed is not None:
            pool = [c if c and allowed(i) else 0 for i, c in enumerate(counts)]
            if not any(pool):
                pool = counts
        size = total if pool is counts else sum(pool)
        x = int(rng.random() * size)
        i = 0
        while x >= pool[i]:           # the kind the draw falls in
            x -= pool[i]
            i += 1
        counts[i] -= 1
        out[i] += 1
        total -= 1
    return out


def deal(counts: list, sizes, rng) -> list:
    """Share the cards of ``counts`` at random into places of the given ``sizes``: the counts of each place,
    then of the cards left over. One partial shuffle (the largest place takes what the shuffle leaves)."""
    bag = [i for i, k in enumerate(counts) for _ in range(k)]
    total = len(bag)
    sizes = list(sizes)
    rest = total - sum(sizes)
    if rest < 0:
        raise ValueError(f"{sum(sizes)} hidden cards to place but only {total} unseen")
    places = sizes + [rest]
    last = max(range(len(places)), key=places.__getitem__)
    order = [i for i in range(len(places)) if i != last]
    shuffled = total - places[last]
    for i in range(shuffled):                  # Fisher-Yates, stopped once the largest place is all that is left
        j = i + int(rng.random() * (total - i))
        bag[i], bag[j] = bag[j], bag[i]
    out = [[0] * len(counts) for _ in places]
    pos = 0
    for p in order:
        for c in bag[pos:pos + places[p]]:
            out[p][c] += 1
        pos += places[p]
    for c in bag[pos:]:
        out[last][c] += 1
    return out


def expand(counts, ids) -> list:
    """Card ids of ``counts``, in the deck list's order (the order hands are kept in)."""
    return [ids[i] for i, k in enumerate(counts) for _ in range(k)]

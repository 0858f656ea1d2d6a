"""Tables of *The Origin of Species* consistent with one seat's observation (for bots that look ahead).

Hidden from a seat: the others' hands, the deck's composition and, in Equilibrium, the others' gene-pool
piles. Everything else is public, including an animal's traits (an animal card itself is face down, so
which card it was is unknown to everyone, and the engine does not keep it).
"""
from __future__ import annotations

from ..worlds import deal, draw, expand, public_fields, restore, unseen
from .deck import CARDS, CARD_INDEX
from .state import _PLAIN, OriginState
from .traits import TRAITS

HIDDEN = ("deck",)
#: State fields the observation shows under its own names.
IN_VIEW = {f: f for f in ("players", "phase", "turn", "round", "first", "food_bank", "deck_size", "pending",
                          "scavenge", "last_turn", "winner")}
IN_VIEW["discards"] = "discard_sizes"
#: The other public fields, copied into every observation as one tuple (``Observation.public``).
PUBLIC, public_of = public_fields(_PLAIN, HIDDEN, IN_VIEW, ("barred",))
_IDS = tuple(c.id for c in CARDS)
_GENE_POOLS: dict = {}      # ruleset -> the gene pools every seat starts Equilibrium with (card counts)


def sample_world(view, rng) -> OriginState:
    """A full state that looks exactly like ``view`` from ``view.seat``; hidden cards drawn with ``rng``."""
    rs = view.ruleset
    s = OriginState.__new__(OriginState)
    restore(s, view, PUBLIC, IN_VIEW)
    s.ruleset = rs
    s.animals = {k: a.clone() for k, a in view.animals.items()}
    s.links = {k: l.clone() for k, l in view.links.items()}
    s.attack = view.attack.clone() if view.attack else None
    s.barred = [set(b) for b in s.barred] if s.barred is not None else None
    me, n = view.seat, view.players
    on_table = [c.card for a in s.animals.values() for c in a.cards] + [l.card for l in s.links.values()]
    left = unseen(rs.copies, list(view.hand) + list(view.pool) + on_table, CARD_INDEX)
    hands = [list(view.hand) if j == me else None for j in range(n)]
    if view.pool_sizes:                                   # Equilibrium: each pile comes from its own gene pool
        pools = [list(view.pool) if j == me else None for j in range(n)]
        for j in range(n):
            if j == me:
                continue
            cand = _pool_left(rs, s, j)
            if sum(cand) < view.hand_sizes[j] + view.pool_sizes[j]:
                cand = list(left)                         # a hand-made position: any unseen card will do
            hands[j] = expand(draw(cand, view.hand_sizes[j], rng), _IDS)
            pools[j] = expand(draw(cand, view.pool_sizes[j], rng), _IDS)
        s.pools = pools
        s.deck = tuple(draw(left, s.deck_size, rng))
    else:
        s.pools = None
        others = [j for j in range(n) if j != me]
        shares = deal(left, [view.hand_sizes[j] for j in others] + [s.deck_size], rng)
        for j, share in zip(others, shares):
            hands[j] = expand(share, _IDS)
        s.deck = tuple(shares[len(others)])
    s.hands = hands
    return s


def _pool_left(rs, s, seat) -> list:
    """Seat's gene pool minus the cards it has visibly played (its own traits and pair cards; a Parasite on
    its animal came from someone else)."""
    pools = _GENE_POOLS.get(rs)
    if pools is None:
        start = rs.new_game().pools
        pools = _GENE_POOLS[rs] = [[0] * len(CARDS) for _ in start]
        for j, pool in enumerate(start):
            for c in pool:
                pools[j][CARD_INDEX[c]] += 1
    left = list(pools[seat])
    for a in s.animals.values():
        if a.owner == seat:
            for c in a.cards:
                if TRAITS[c.trait].kind != "parasite":
                    left[CARD_INDEX[c.card]] -= 1
    for l in s.links.values():
        if s.animals[l.a].owner == seat:
            left[CARD_INDEX[l.card]] -= 1
    return [k if k > 0 else 0 for k in left]

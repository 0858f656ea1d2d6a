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
                          "scavenge", "last_turn", "passes", "winner")}
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
    on_table = [] if rs.heredity else (         # Heredity: traits on the table are copies, not deck cards
        [c.card for a in s.animals.values() for c in a.cards] + [l.card for l in s.links.values()])
    left = unseen(rs.copies, list(view.hand) + list(view.pool) + on_table, CARD_INDEX)
    hands = [list(view.hand) if j == me else None for j in range(n)]
    if view.pool_sizes:                                   # Equilibrium: each pile comes from its own gene pool
        pools = [list(view.pool) if j == me else None for j in range(n)]
        piles = _pools_left(rs, s, view)
        for j in range(n):
            if j == me:
                continue
            cand = piles[j]
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


def _pools_left(rs, s, view) -> list:
    """Each seat's gene pool minus the cards it has visibly played: its own traits and pair cards, and the
    Parasites it put on others' animals. Who played a Parasite is public but not kept by the engine, so
    each is given to a seat that could have played it: the viewer first for as many as its own pile says it
    played, then the other seat (not the animal's owner) with the most of that card left."""
    pools = _GENE_POOLS.get(rs)
    if pools is None:
        start = rs.new_game().pools
        pools = _GENE_POOLS[rs] = [[0] * len(CARDS) for _ in start]
        for j, pool in enumerate(start):
            for c in pool:
                pools[j][CARD_INDEX[c]] += 1
    left = [list(p) for p in pools]
    parasites = []
    for a in s.animals.values():
        for c in a.cards:
            if TRAITS[c.trait].kind == "foreign":
                parasites.append((CARD_INDEX[c.card], a.owner))
            else:
                left[a.owner][CARD_INDEX[c.card]] -= 1
    for l in s.links.values():
        left[s.animals[l.a].owner][CARD_INDEX[l.card]] -= 1
    me = view.seat
    mine = list(left[me])
    for c in list(view.hand) + list(view.pool):
        mine[CARD_INDEX[c]] -= 1                  # what is left over, the viewer played as Parasites
    others = [j for j in range(len(left)) if j != me]
    for i, owner in parasites:
        if owner != me and mine[i] > 0:
            mine[i] -= 1
            continue
        fits = [j for j in others if j != owner]
        if fits:
            j = max(fits, key=lambda j: (left[j][i], -j))
            left[j][i] -= 1
    return [[k if k > 0 else 0 for k in p] for p in left]

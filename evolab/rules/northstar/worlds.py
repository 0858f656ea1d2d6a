"""Tables of North Star *Evolution* consistent with one seat's observation (for bots that look ahead).

Hidden from a seat: the others' hands, their secret food cards, the face-down traits on their species,
the draw deck and the discard pile's composition (RULING: the rules never show the pile, so only its size
counts as seen). In the six-player simultaneous Play Cards phase the others' species, hands and bags are
as they were when the phase began (``observe`` shows them so); what they played since is hidden too.
"""
from __future__ import annotations

from ..worlds import deal, draw, expand, public_fields, restore, unseen
from .deck import card_kinds
from .state import _PLAIN, NSState

HIDDEN = ("deck", "discard", "food_cards")
#: State fields the observation shows itself (in the simultaneous phase, rows and bags as they were).
IN_VIEW = {"rows": "rows", "bags": "bags"}
PUBLIC, public_of = public_fields(_PLAIN, HIDDEN, IN_VIEW)
NEXT_UID = PUBLIC.index("next_uid")      # hidden from the others while they play cards in secret
CARD_IDS = tuple(k[0] for k in card_kinds())          # the ruleset's card order
CARD_INDEX = {c: i for i, c in enumerate(CARD_IDS)}
_TRAIT = tuple(k[1] for k in card_kinds())    # the trait of each card kind


def sample_world(view, rng) -> NSState:
    """A full state that looks exactly like ``view`` from ``view.seat``; hidden cards drawn with ``rng``."""
    rs = view.ruleset
    s = NSState.__new__(NSState)
    restore(s, view, PUBLIC, IN_VIEW)
    s.ruleset = rs
    s.rows = tuple(tuple(r) for r in view.rows)
    s.bags = tuple(view.bags)
    s.species = {k: sp.clone() for k, sp in view.species.items()}
    me, n = view.seat, view.players
    seen = list(view.hand) + ([view.food_card] if view.food_card else [])
    for sp in s.species.values():
        seen.extend(sp.traits)
        if sp.owner == me:
            seen.extend(sp.pending)
    left = unseen(rs.copies, seen, CARD_INDEX)
    food = []
    for j in range(n):
        if j == me:
            food.append(view.food_card)
        else:
            food.append(expand(draw(left, 1, rng), CARD_IDS)[0] if view.food_placed[j] and sum(left) else "")
    s.food_cards = tuple(food)
    for sp in s.species.values():
        if sp.owner != me and sp.pending:
            names = {c.split(":", 1)[0] for c in sp.traits}
            pending = []
            for _ in sp.pending:               # no second copy of a trait on one species (§4.3)
                card = expand(draw(left, 1, rng, lambda i, names=names: _TRAIT[i] not in names), CARD_IDS)
                pending.extend(card)
                names.update(_TRAIT[CARD_INDEX[c]] for c in card)
            sp.pending = tuple(pending)
    others = [j for j in range(n) if j != me]
    total = sum(left)
    deck = min(view.deck_size, total - sum(view.hand_sizes[j] for j in others))
    discard = min(view.discard_size, total - sum(view.hand_sizes[j] for j in others) - deck)
    shares = deal(left, [view.hand_sizes[j] for j in others] + [deck, discard], rng)
    s.hands = [list(view.hand) for _ in range(n)]
    for j, share in zip(others, shares):
        s.hands[j] = expand(share, CARD_IDS)
    s.deck = tuple(shares[-3])
    s.deck_size = deck
    s.discard = list(shares[-2])
    s.removed = sum(shares[-1])         # the rest left the game unseen (the two-player removal)
    if view.phase == "play_cards" and s.snapshot is not None:
        s.next_uid = 1 + max(s.species, default=0)   # species the others founded in secret are not known
    return s

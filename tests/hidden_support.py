"""Helpers for tests of hidden information: decision points of real games, and tables a seat cannot tell
apart from them (the same observation, other hidden cards)."""
from __future__ import annotations

import importlib

from evolab import CHANCE, Match, load_ruleset, observe


def decision_points(rid, opts, seed=1, every=9, limit=12):
    """States of a greedy game where a player decides (a copy of each), with the seat to move."""
    m = Match(load_ruleset(rid, **opts), seats=["greedy"] * opts["players"], seed=seed)
    out = []
    k = 0
    while not m.is_over() and len(out) < limit:
        if m.to_move != CHANCE and len(m.legal_actions()) > 1:
            if k % every == 0:
                out.append((m.state.clone(), m.to_move))
            k += 1
        m.step()
    return out


def validate(state):
    mod = importlib.import_module(f"evolab.rules.{state.ruleset.id}.ruleset")
    mod.validate_state(state.ruleset, state)


def same_view(a, b, seat) -> bool:
    va, vb = observe(a, seat), observe(b, seat)
    return va.to_dict() == vb.to_dict() and va.public == vb.public


# ---- other hidden values that the seat cannot tell apart ---------------------------------------------
def _swap_card(hand, deck, ids, rng):
    """Swap one card of ``hand`` (a sorted list of ids) with a different kind from ``deck`` (counts)."""
    index = {c: i for i, c in enumerate(ids)}
    for c in rng.sample(hand, len(hand)):
        others = [i for i, k in enumerate(deck) if k and ids[i] != c]
        if others:
            d = rng.choice(others)
            deck = list(deck)
            deck[d] -= 1
            deck[index[c]] += 1
            hand = sorted([x for x in hand if x != c] + [c] * (hand.count(c) - 1) + [ids[d]], key=index.__getitem__)
            return hand, tuple(deck)
    return None


def other_hidden(state, seat, rng):
    """A copy of ``state`` that ``seat`` cannot tell apart from it, with its hidden cards changed
    (another card in an opponent's hand, a face-down card or a gene-pool pile), or None if nothing can change."""
    s = state.clone()
    rid = s.ruleset.id
    changed = False
    if rid == "origin":
        from evolab.rules.origin.deck import CARDS
        ids = tuple(c.id for c in CARDS)
        for j in range(s.players):
            if j == seat or not s.hands[j]:
                continue
            if s.pools is not None:        # Equilibrium: a card of the hand goes back to the pile, another comes out
                pile = [0] * len(ids)
                for c in s.pools[j]:
                    pile[ids.index(c)] += 1
                swapped = _swap_card(s.hands[j], pile, ids, rng)
                if swapped:
                    s.hands[j] = swapped[0]
                    s.pools[j] = [ids[i] for i, k in enumerate(swapped[1]) for _ in range(k)]
                    changed = True
            else:
                swapped = _swap_card(s.hands[j], s.deck, ids, rng)
                if swapped:
                    s.hands[j], s.deck = swapped
                    changed = True
        others = [j for j in range(s.players) if j != seat and s.hands[j]]
        if not changed and len(others) >= 2:   # no deck (Fatality): two opponents trade a card
            a, b = others[:2]
            for x in s.hands[a]:
                y = next((c for c in s.hands[b] if c != x), None)
                if y is not None:
                    key = {c.id: i for i, c in enumerate(CARDS)}.__getitem__
                    s.hands[a].remove(x)
                    s.hands[b].remove(y)
                    s.hands[a] = sorted(s.hands[a] + [y], key=key)
                    s.hands[b] = sorted(s.hands[b] + [x], key=key)
                    changed = True
                    break
    elif rid == "northstar":
        from evolab.rules.northstar.ruleset import CARD_IDS, CARD_INDEX
        for j in range(s.players):
            if j == seat:
                continue
            if s.hands[j]:
                swapped = _swap_card(s.hands[j], s.deck, CARD_IDS, rng)
                if swapped:
                    s.hands[j], s.deck = swapped
                    changed = True
            if s.food_cards[j]:
                swapped = _swap_card([s.food_cards[j]], s.deck, CARD_IDS, rng)
                if swapped:
                    s.food_cards = tuple(swapped[0][0] if i == j else c for i, c in enumerate(s.food_cards))
                    s.deck = swapped[1]
                    changed = True
        for sp in s.species.values():
            if sp.owner != seat and sp.pending and s.snapshot is None:
                names = {c.split(":")[0] for c in sp.traits + sp.pending}
                old = sp.pending[0]
                fits = [i for i, k in enumerate(s.deck) if k and CARD_IDS[i].split(":")[0] not in names]
                if fits:
                    d = rng.choice(fits)
                    deck = list(s.deck)
                    deck[d] -= 1
                    deck[CARD_INDEX[old]] += 1
                    s.deck = tuple(deck)
                    sp.pending = (CARD_IDS[d],) + sp.pending[1:]
                    changed = True
    return s if changed else None

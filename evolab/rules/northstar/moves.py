"""Who moves now and what they may do in North Star *Evolution*: the seat to move, nature's draws, and the
legal-move lists of Select Food, Play Cards and Feeding."""
from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from ...actions import (CHANCE, TERMINAL, Draw, EatPlant, EndTurn, FirstPlayer, Grow, Hunt, NewSpecies, Pass, PlaceTrait,
                        SelectFood, ThinkFood, interned)
from ..base import Ruleset
from ..common import ById
from . import attack as A
from . import checks as C
from . import deck as K
from .deck import CARD_IDS, TRAIT_OF
from .traits import HAS_ROOM, IS_CLEVER, IS_HUNTER, MAY_THINK

_DRAWS = {c: Draw(c) for c in CARD_IDS}
_DRAWN = tuple(_DRAWS.values())                # in the deck's order
_PASS, _END = Pass(), EndTurn()
_Think = interned(ThinkFood)
#: {species id: EatPlant}, {(hunter id, prey id): a Hunt without cards}: a feeding list reads its moves from them
_EATS = ById(EatPlant)
_HUNTS = ById(lambda pair: Hunt(pair[0], pair[1], "", ""))
_New, _Select = interned(NewSpecies), interned(SelectFood)
_CHANCE = frozenset(("first_player", "tiebreak"))
_NEWS = {c: tuple(_New(c, side) for side in C.SIDES) for c in CARD_IDS}      # a card as a new species, either end
#: Per card, {species id: action} for growing its Body Size and its Population.
_BY_SPECIES = {c: (ById(lambda sid, c=c: Grow(c, sid, "body")), ById(lambda sid, c=c: Grow(c, sid, "population")))
               for c in CARD_IDS}
#: {(card, species id, card it replaces or ""): PlaceTrait}: one look-up per listed placement
_PLACES = ById(lambda key: PlaceTrait(*key))


def to_move(rs, s) -> int:
    ph = s.phase
    if s.draw_queue:
        return CHANCE
    if ph in ("select_food", "play_cards", "feeding"):
        return s.current
    if ph == "over":
        return TERMINAL
    return CHANCE


def chance_outcomes(rs, s) -> tuple:
    if s.draw_queue:
        return tuple((_DRAWS[c], k) for c, k in zip(CARD_IDS, s.deck) if k)
    if s.phase == "first_player":
        return tuple((FirstPlayer(i), 1) for i in range(s.players))
    return ()


def sample_chance(rs, s, rng):
    """A card from the deck, each copy as likely: the first card whose running count passes one draw times the
    deck's size, which is the card at that draw's whole part in the deck laid out (``deck.PILE``)."""
    if s.draw_queue:
        deck, size = s.deck, s.deck_size
        kept, pile = K.PILE
        if kept is not deck:
            pile = K.lay_out(deck) if deck is rs.copies else ()
        x = rng.random() * size
        if len(pile) == size:
            return _DRAWN[pile[int(x)]]
        i = bisect_right(list(accumulate(deck)), x)
        if i < len(_DRAWN):
            return _DRAWN[i]
    return Ruleset.sample_chance(rs, s, rng)


def legal_actions(rs, s) -> list:
    if s.draw_queue:
        return []
    ph = s.phase
    seat = s.current
    if ph == "select_food":
        return [_Select(c) for c in dict.fromkeys(s.hands[seat])]
    if ph == "play_cards":
        return play_actions(rs, s, seat)
    if ph == "feeding":
        return feed_actions(rs, s, seat)
    return []


def uniform_action(rs, s, rng):
    """``legal_actions(s)[int(rng.random() * n)]`` (``Ruleset.uniform_action``): a Play Cards move is counted and
    only the one drawn is built; elsewhere the list is built (it is short)."""
    if s.phase == "play_cards" and not s.draw_queue:
        return _drawn_play(rs, s, s.current, rng)
    legal = legal_actions(rs, s)
    return legal[int(rng.random() * len(legal))]


def uniform_move(rs, s, rng):
    """``Ruleset.uniform_move`` from the phase alone (``to_move``): a queued card is nature's, the seats decide in
    Select Food, Play Cards and Feeding, nature everywhere else; a Select Food card is drawn without its list."""
    if s.draw_queue:
        kept, pile = K.PILE
        if kept is s.deck and len(pile) == s.deck_size:      # sample_chance's common case, without the call
            return _DRAWN[pile[int(rng.random() * s.deck_size)]]
        return sample_chance(rs, s, rng)
    ph = s.phase
    if ph == "play_cards":
        return _drawn_play(rs, s, s.current, rng)
    if ph == "feeding":
        legal = feed_actions(rs, s, s.current)
        return legal[int(rng.random() * len(legal))]
    if ph == "select_food":
        hand = _distinct(s.hands[s.current])
        return _Select(hand[int(rng.random() * len(hand))])
    return sample_chance(rs, s, rng)


def _play_options(rs, s, seat) -> tuple:
    """What ``play_actions`` lists, before it is built: (the hand's distinct cards, the seat's species, (species
    id, may grow its Body Size, its Population) of each, how many growths a card offers, (card, trait) of each
    card that may be played as a trait this round, ``_fits`` of each species). One pass over the species: the
    random bot asks at every Play Cards decision."""
    hand = list(dict.fromkeys(s.hands[seat]))
    species, limit = s.species, rs.limit
    mine, growths, fits = [], [], []
    per_card = 0
    for sid in s.rows[seat]:
        sp = species[sid]
        mine.append(sp)
        bigger, more = sp.body < 6, sp.pop < 6                            # C.grow_block
        growths.append((sid, bigger, more))
        per_card += bigger + more
        f = sp.fits
        if f is None or f[1] is not sp.pending or f[2] != limit:     # its traits set anew clear it
            f = sp.fits = (sp.names, sp.pending, limit) + _fitting(rs, sp)      # _fits, in line: a call less
        fits.append(f[3])
    if s.turn >= rs.open_from:                                             # C.trait_turn_block
        traits = [(c, TRAIT_OF[c]) for c in hand]
    else:
        traits = [(c, TRAIT_OF[c]) for c in hand if not C.trait_turn_block(rs, s, c)]
    return hand, mine, growths, per_card, traits, fits


def _fits(rs, sp) -> tuple:
    """What a trait card may replace on ``sp`` ("" for added), kept on the species as (its trait names, its
    face-down cards, the trait limit, ({trait it holds: what a card of that trait may replace}, what a card of
    any other trait may replace), how many that is, ((traits it holds, how many more or fewer a card of one of
    them may replace), ...)) until one of the first three changes: the allowed (None) entries of
    ``checks.place_options`` in its order, which depend on the card's trait alone. Another trait is added
    within the limit or replaces any card held; one it holds only replaces that card (never two of a name).
    The counts let a random draw count the placements without listing them. Worked out afresh, without a table
    of known answers (one grew with every game and the collector walked it)."""
    f = sp.fits = (sp.names, sp.pending, rs.limit) + _fitting(rs, sp)
    return f


#: the Play Cards moves, for a bot that works through them without the list (``hints.greedy_live``): card -> its
#: NewSpecies at either end; card -> ({species id: Grow its Body Size}, {species id: Grow its Population});
#: {(card, species id, card replaced or ""): PlaceTrait}; the EndTurn; and what a card may replace on a species
NEW_SPECIES = _NEWS
GROWTHS = _BY_SPECIES
PLACEMENTS = _PLACES
END_TURN = _END
fits = _fits


def _fitting(rs, sp) -> tuple:
    """``_fits`` of ``sp`` past its first three entries, worked out: a bare species takes any card added; one
    whose every card and trait name is there once (as the rules keep it) in straight lines of builtins (each held
    trait replaces its own card); else from ``checks.held`` in full."""
    cards = sp._traits + sp.pending
    if not cards:
        return _BARE
    held = {}
    for c in cards:
        held[TRAIT_OF[c]] = (c,)
    if len(held) == len(cards):
        other = ("",) + cards if len(cards) < rs.limit else cards
        n = len(other)
        return (held, other), n, (((tuple(held), 1 - n),) if n != 1 else ())
    names = [TRAIT_OF[c] for c in cards]
    distinct = tuple(dict.fromkeys(cards))
    held = {t: tuple(r for r in distinct if TRAIT_OF[r] == t) if names.count(t) == 1 else () for t in names}
    other = ("",) + distinct if len(cards) < rs.limit else distinct
    n = len(other)
    return (held, other), n, tuple(((t,), len(keys) - n) for t, keys in held.items() if len(keys) != n)


_BARE: tuple = (({}, ("",)), 1, ())                # ``_fitting`` of a species without cards (the trait limit is at least 1)


def _drawn_play(rs, s, seat, rng):
    """The Play Cards move at one uniform draw over ``play_actions``: the same blocks in the same order (new
    species, growths, traits, ending the turn), counted first; only the drawn one is built."""
    hand = _distinct(s.hands[seat])
    if not hand:                           # an empty hand only ends the turn (the draw is still made)
        rng.random()
        return _END
    rows = s.rows[seat]
    per_card, other, adjust = _row_counts(rs, s.species, rows)
    return _pick_play(rs, s, hand, rows, per_card, other, adjust, rng)


def _row_counts(rs, species, rows) -> tuple:
    """(growths a card offers, placements a card of a trait none holds offers, the ``_fits`` adjustments: (trait
    names held, how many more or fewer a card of one of them offers), ...) over the species of ``rows``; each
    species' ``fits`` brought up to date."""
    limit = rs.limit
    per_card = other = 0
    adjust: list = []
    for sid in rows:
        sp = species[sid]
        per_card += (sp.body < 6) + (sp.pop < 6)                           # C.grow_block
        f = sp.fits
        if f is None or f[1] is not sp.pending or f[2] != limit:     # its traits set anew clear it
            f = sp.fits = (sp.names, sp.pending, limit) + _fitting(rs, sp)      # _fits, in line: a call less
        other += f[4]
        if f[5]:
            adjust += f[5]
    return per_card, other, adjust


def _pick_play(rs, s, hand, rows, per_card, other, adjust, rng):
    """The move at one draw over ``play_actions`` of the distinct cards ``hand`` on the species of ``rows``, from
    ``_row_counts``' counts."""
    if s.turn >= rs.open_from:                                             # C.trait_turn_block
        traits = hand
    else:
        traits = [c for c in hand if not C.trait_turn_block(rs, s, c)]
    places = other * len(traits)           # each card: what its trait may replace on each species
    if adjust:                             # a plain loop: a comprehension's frame costs more at 3-6 cards
        for c in traits:
            t = TRAIT_OF[c]
            for held, more in adjust:
                if t in held:
                    places += more
    news, grows = 2 * len(hand), len(hand) * per_card
    k = int(rng.random() * (news + grows + places + 1))
    if k < news:
        return _NEWS[hand[k >> 1]][k & 1]
    k -= news
    species = s.species
    if k < grows:
        return _drawn_growth(hand[k // per_card], species, rows, k % per_card)
    k -= grows
    if k < places:
        return _drawn_place(traits, species, rows, k, other, adjust)
    return _END


def _distinct(hand) -> list:
    """The hand's distinct cards in order: the hand itself when no card is there twice (it is not changed), which a
    set's size tells for less than a copy."""
    return hand if len(set(hand)) == len(hand) else list(dict.fromkeys(hand))


def _drawn_growth(card, species, rows, k):
    """The ``k``-th growth ``card`` offers on the species of ``rows`` (Body Size, then Population, species by
    species)."""
    body, pop = _BY_SPECIES[card]
    for sid in rows:
        sp = species[sid]
        if sp.body < 6:
            if not k:
                return body[sp.id]
            k -= 1
        if sp.pop < 6:
            if not k:
                return pop[sp.id]
            k -= 1
    raise AssertionError("growth out of range")


def _drawn_place(traits, species, rows, k, other, adjust):
    """The ``k``-th placement of a card of ``traits`` on the species of ``rows`` (card by card, species by
    species); a card whose placements all come before it is passed over whole, counted from ``other`` and
    ``adjust`` (the ``_fits`` counts over them: (trait names held, how many more or fewer a card of one of them may
    replace))."""
    for c in traits:
        t = TRAIT_OF[c]
        n = other
        for held, more in adjust:
            if t in held:
                n += more
        if k >= n:
            k -= n
            continue
        for sid in rows:
            sp = species[sid]
            held, other = sp.fits[3]
            keys = held.get(t, other)
            if k < len(keys):
                return _PLACES[c, sp.id, keys[k]]
            k -= len(keys)
    raise AssertionError("placement out of range")


def play_actions(rs, s, seat) -> list:
    """Play Cards: every card of the hand as a new species (either end), a growth, or a trait, as
    ``checks.check_play`` allows; then ending the turn."""
    hand, mine, growths, _per_card, traits, fits = _play_options(rs, s, seat)
    out: list = [a for c in hand for a in _NEWS[c]]
    for c in hand:
        body, pop = _BY_SPECIES[c]
        for sid, bigger, more in growths:
            if bigger:
                out.append(body[sid])
            if more:
                out.append(pop[sid])
    for c, t in traits:
        for sp, (held, other) in zip(mine, fits):
            sid = sp.id
            for r in held.get(t, other):
                out.append(_PLACES[c, sid, r])
    out.append(_END)
    return out


def feed_actions(rs, s, seat) -> list:
    """Feeding: what ``checks.check_feeding`` allows each species with room (a Carnivore hunts, any other eats
    or thinks), then passing when feeding is not compulsory (``attack.compulsory``, read off the same pass)."""
    out = []
    cards = s.hands[seat]                  # its distinct cards are listed only for Intelligence
    species = s.species
    strict = rs.options["fat_filling_mandatory"]
    must = False
    for sid in s.rows[seat]:
        sp = species[sid]
        kind, hungry = sp.kind, sp.food < sp.pop     # kind: its traits' sets as bits (a test each, no call)
        if not (hungry or (kind & HAS_ROOM and A.room(rs, sp))):      # C.room_block
            continue
        if kind & IS_HUNTER:                       # a hunter (Carnivore); cards open attacks (Intelligence)
            targets = A.prey(rs, s, sp)
            if targets and (strict or hungry):
                must = True
            if cards and kind & IS_CLEVER:
                hand = list(dict.fromkeys(cards))
                for t in species.values():
                    if t in targets:
                        out.append(_HUNTS[sid, t.id])
                    if t is not sp:
                        out.extend(rs._clever_hunts(s, sp, t, hand))
            else:
                out.extend([_HUNTS[sid, t.id] for t in targets])
        else:
            if s.watering:                      # C.eat_block (not a hunter)
                out.append(_EATS[sid])
                if strict or hungry:
                    must = True
            if cards and kind & MAY_THINK and C.think_block(sp) is None:
                out.extend([_Think(sid, c) for c in dict.fromkeys(cards)])
    if not must:                        # C.pass_block
        out.append(_PASS)
    return out

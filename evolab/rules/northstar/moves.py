"""Who moves now and what they may do in North Star *Evolution*: the seat to move, nature's draws, and the
legal-move lists of Select Food, Play Cards and Feeding."""
from __future__ import annotations

from ...actions import (CHANCE, TERMINAL, Draw, EatPlant, EndTurn, FirstPlayer, Grow, NewSpecies, Pass, PlaceTrait,
                        SelectFood, ThinkFood, interned)
from ..base import Ruleset
from ..common import ById
from .attack import _Hunt
from .deck import CARD_IDS, _trait

_DRAWS = {c: Draw(c) for c in CARD_IDS}
_PASS, _END = Pass(), EndTurn()
_Eat, _Think = interned(EatPlant), interned(ThinkFood)
_Place, _New, _Select = interned(PlaceTrait), interned(NewSpecies), interned(SelectFood)
_CHANCE = frozenset(("first_player", "tiebreak"))
_NEWS = {c: (_New(c, "left"), _New(c, "right")) for c in CARD_IDS}      # a card as a new species, either end
#: Per card, {species id: action} for growing its Body Size, its Population, and adding the card as a trait.
_BY_SPECIES = {c: (ById(lambda sid, c=c: Grow(c, sid, "body")), ById(lambda sid, c=c: Grow(c, sid, "population")),
                   ById(lambda sid, c=c: PlaceTrait(c, sid, ""))) for c in CARD_IDS}



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
    if s.draw_queue:
        x = rng.random() * s.deck_size
        t = 0
        for c, k in zip(CARD_IDS, s.deck):
            t += k
            if t > x:
                return _DRAWS[c]
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

def play_actions(rs, s, seat) -> list:
    out: list = []
    hand = list(dict.fromkeys(s.hands[seat]))
    mine = s.species_of(seat)
    for c in hand:
        out.extend(_NEWS[c])
    for c in hand:
        body, pop, _ = _BY_SPECIES[c]
        for sp in mine:
            if sp.body < 6:
                out.append(body[sp.id])
            if sp.pop < 6:
                out.append(pop[sp.id])
    for c in hand:
        t = _trait(c)
        if s.turn < rs.trait_turn[t]:
            continue
        add = _BY_SPECIES[c][2]
        for sp in mine:
            cards = sp.traits + sp.pending
            names = [_trait(x) for x in cards]
            if len(cards) < rs.limit and t not in names:
                out.append(add[sp.id])
            for r in dict.fromkeys(cards):
                rest = list(names)
                rest.remove(_trait(r))
                if t not in rest:
                    out.append(_Place(c, sp.id, r))
    out.append(_END)
    return out

def feed_actions(rs, s, seat) -> list:
    out = []
    multi = rs.options["intelligence_multi_discard"]
    hand = list(dict.fromkeys(s.hands[seat]))
    for sp in s.species_of(seat):
        if not rs.room(sp):
            continue
        if sp.has("carnivore"):
            for t in s.species.values():
                if rs.attack_block(s, sp, t) is None:
                    out.append(_Hunt(sp.id, t.id, "", ""))
                if sp.has("intelligence") and hand and t is not sp:
                    out.extend(rs._clever_hunts(s, sp, t, hand, multi))
        else:
            if s.watering:
                out.append(_Eat(sp.id))
            if sp.has("intelligence"):
                for c in hand:
                    out.append(_Think(sp.id, c))
    if not rs.compulsory(s, seat):
        out.append(_PASS)
    return out

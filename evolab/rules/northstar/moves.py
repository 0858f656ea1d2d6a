"""Who moves now and what they may do in North Star *Evolution*: the seat to move, nature's draws, and the
legal-move lists of Select Food, Play Cards and Feeding."""
from __future__ import annotations

from ...actions import (CHANCE, TERMINAL, Draw, EatPlant, EndTurn, FirstPlayer, Grow, NewSpecies, Pass, PlaceTrait,
                        SelectFood, ThinkFood, interned)
from ..base import Ruleset
from ..common import ById
from . import attack as A
from . import checks as C
from .attack import _Hunt
from .deck import CARD_IDS
from .traits import CLEVER_SET, HUNTERS

_DRAWS = {c: Draw(c) for c in CARD_IDS}
_PASS, _END = Pass(), EndTurn()
_Eat, _Think = interned(EatPlant), interned(ThinkFood)
_Place, _New, _Select = interned(PlaceTrait), interned(NewSpecies), interned(SelectFood)
_CHANCE = frozenset(("first_player", "tiebreak"))
_NEWS = {c: tuple(_New(c, side) for side in C.SIDES) for c in CARD_IDS}      # a card as a new species, either end
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
    """Play Cards: every card of the hand as a new species (either end), a growth, or a trait, as
    ``checks.check_play`` allows; then ending the turn."""
    hand = list(dict.fromkeys(s.hands[seat]))
    mine = s.species_of(seat)
    out: list = [a for c in hand for a in _NEWS[c]]
    growths = [(sp.id, C.grow_block(sp, "body") is None, C.grow_block(sp, "population") is None) for sp in mine]
    for c in hand:
        body, pop, _add = _BY_SPECIES[c]
        for sid, bigger, more in growths:
            if bigger:
                out.append(body[sid])
            if more:
                out.append(pop[sid])
    holdings = [(sp, C.held(sp)) for sp in mine]
    for c in hand:
        if C.trait_turn_block(rs, s, c):
            continue
        add = _BY_SPECIES[c][2]
        for sp, holding in holdings:
            for r, key in C.place_options(rs, c, holding).items():
                if key is None:
                    out.append(_Place(c, sp.id, r) if r else add[sp.id])
    out.append(_END)
    return out


def feed_actions(rs, s, seat) -> list:
    """Feeding: what ``checks.check_feeding`` allows each species with room (a Carnivore hunts, any other eats
    or thinks), then passing when feeding is not compulsory."""
    out = []
    hand = list(dict.fromkeys(s.hands[seat]))
    for sp in s.species_of(seat):
        if not rs.room(sp):                 # C.room_block
            continue
        if not HUNTERS.isdisjoint(sp.names):          # a hunter (Carnivore); cards open attacks (Intelligence)
            clever = bool(hand) and not CLEVER_SET.isdisjoint(sp.names)
            for t in s.species.values():
                if A.attack_rule(rs, s, sp, t) is None:
                    out.append(_Hunt(sp.id, t.id, "", ""))
                if clever and t is not sp:
                    out.extend(rs._clever_hunts(s, sp, t, hand))
        else:
            if C.eat_block(s, sp) is None:
                out.append(_Eat(sp.id))
            if C.think_block(sp) is None:
                out.extend(_Think(sp.id, c) for c in hand)
    if not rs.compulsory(s, seat):        # C.pass_block
        out.append(_PASS)
    return out

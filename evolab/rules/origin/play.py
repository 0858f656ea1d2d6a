"""What each move of *The Origin of Species* does to the table (it is legal: ``checks.py`` said so), then the
turn goes on (``phases.py``). ``APPLY`` maps each action type to its handler."""
from __future__ import annotations

import bisect

from ...actions import (ChooseCard, Draw, EndMove, FirstPlayer, LoseTrait, Mutate, NoDefence, Pass, PlayAnimal,
                        PlayPairTrait, PlayTrait, Resolve, RollFood, Scavenge, TakeFood, TieBreak, interned)
from ...events import AnimalBorn, CardDealt, FoodBankRolled, Mutation, TraitGained
from ..common import first_player_chosen, game_over, pass_seat, phase_started_event
from . import feeding as F
from . import heredity as H
from .deck import CARD_INDEX
from .moves import _DRAW_AT, deck_index
from .phases import (_dev_next, _end_move, _next_chooser, _next_draw, _settle, _start_development,
                     _start_feeding)
from .state import Animal, Link, TraitCard
from .traits import BIT, DEFENCE_ACTS, MOVE_ACTS, NEED, ROOM, award_scavenger

_CARD_KEY = CARD_INDEX.__getitem__          # a hand is kept in card order
# events reported by the hundred a game, one shared value per distinct fields (``interned``, as in ``rules.common``)
_CardDealt, _AnimalBorn, _Mutation, _FoodBankRolled = (
    interned(e, 4096) for e in (CardDealt, AnimalBorn, Mutation, FoodBankRolled))
_TraitGained = interned(TraitGained, 16384)


def _do_choose(rs, s, action, ev):
    seat = s.draw_seat
    s.pools[seat].remove(action.card)
    bisect.insort(s.hands[seat], action.card, key=_CARD_KEY)
    owed = list(s.choose_owed)
    owed[seat] -= 1
    s.choose_owed = tuple(owed)
    if ev is not None:
        ev.append(_CardDealt(seat, action.card, (seat,)))
    _next_chooser(s, seat, ev)


def _remove_from_hand(s, seat, card):
    s.hands[seat].remove(card)
    played = list(s.played)
    played[seat] += 1
    s.played = tuple(played)


def _do_play_animal(rs, s, action, ev):
    seat = s.current
    s.hands[seat].remove(action.card)       # ``_remove_from_hand``, written out on the hot path
    played = list(s.played)
    played[seat] += 1
    s.played = tuple(played)
    a = Animal(s.next_uid, seat, s.turn)
    s.next_uid += 1
    s.animals[a.id] = a
    if ev is not None:
        ev.append(_AnimalBorn(seat, a.id, s.turn))
    _dev_next(s, ev)


def _do_play_trait(rs, s, action, ev):
    seat = s.current
    s.hands[seat].remove(action.card)       # ``_remove_from_hand``, written out on the hot path
    played = list(s.played)
    played[seat] += 1
    s.played = tuple(played)
    a = s.animals[action.animal]
    trait = action.trait
    a.cards += (TraitCard(s.next_uid, action.card, trait),)
    a.mask |= BIT[trait]                    # what ``Animal.set_cards`` works out, for the one card added
    a.need += NEED[trait]
    if trait in ROOM:
        a.fat_cards += 1
    s.next_uid += 1
    if ev is not None:
        ev.append(_Mutation(seat, action.trait, s.turn))
        ev.append(_TraitGained(a.owner, a.id, action.trait, action.card, -1, seat))
    _dev_next(s, ev)


def _do_play_pair(rs, s, action, ev):
    seat = s.current
    _remove_from_hand(s, seat, action.card)
    x, y = action.animals
    l = Link(s.next_uid, action.card, action.trait, x, y)
    s.next_uid += 1
    s.links[l.uid] = l
    for aid in (x, y):
        s.animals[aid].links += (l.uid,)
    if ev is not None:
        ev.append(_Mutation(seat, action.trait, s.turn))
        ev.append(_TraitGained(seat, x, action.trait, action.card, y, seat))
        ev.append(_TraitGained(seat, y, action.trait, action.card, x, seat))
    _dev_next(s, ev)


def _do_pass(rs, s, action, ev):
    pass_seat(s, s.current, ev)
    _dev_next(s, ev)


def _do_draw(rs, s, action, ev):
    seat = s.draw_seat
    card = action.card
    deck = list(s.deck)
    deck[CARD_INDEX[card]] -= 1
    s.deck = tuple(deck)
    s.deck_size -= 1
    bisect.insort(s.hands[seat], card, key=_CARD_KEY)
    owed = list(s.draw_owed)
    owed[seat] -= 1
    s.draw_owed = tuple(owed)
    if ev is not None:
        ev.append(_CardDealt(seat, card, (seat,)))
    n = s.players
    if s.deck_size > 0:             # the next seat owed a card (``_next_draw``'s first step, on the hot path)
        nxt = (seat + 1) % n
        if owed[nxt] > 0:           # most often the next seat round the table: no loop (nor its range)
            s.draw_seat = nxt
            return
        for k in range(2, n + 1):
            nxt = (seat + k) % n
            if owed[nxt] > 0:
                s.draw_seat = nxt
                return
    _next_draw(s, (seat + 1) % n, ev)


def _run_draws(rs, s, rng, append, budget, whole=True) -> int:
    """``Ruleset.uniform_runs`` and ``chance_runs`` in the deal and the draw: the cards dealt one by one as
    ``_deck_card`` draws them and ``_do_draw`` gives them, with the deck and the debts in local lists until the last
    card (no step per card). Not ``whole``: the cards before the phase's last one (the one whose ``_next_draw``
    ends the phase, with events), none when only that one is left."""
    if not whole:                   # the phase's draws left but the last
        budget = min(budget, min(sum(s.draw_owed), s.deck_size) - 1)
        if budget <= 0:
            return 0
    deck, owed, hands, n = list(s.deck), list(s.draw_owed), s.hands, s.players
    size, seat = s.deck_size, s.draw_seat
    random = rng.random
    played = 0
    done = False
    while played < budget:
        i = deck_index(deck, size, int(random() * size))
        deck[i] -= 1
        size -= 1
        action = _DRAW_AT[i]
        bisect.insort(hands[seat], action.card, key=_CARD_KEY)
        owed[seat] -= 1
        append(action)
        played += 1
        nxt = (seat + 1) % n
        if size > 0 and owed[nxt] > 0:          # the next seat owed a card, most often the next one round the table
            seat = nxt
            continue
        done = True
        if size > 0:
            for k in range(2, n + 1):
                nxt = (seat + k) % n
                if owed[nxt] > 0:
                    seat = nxt
                    done = False
                    break
        if done:
            break
    s.deck, s.deck_size, s.draw_owed, s.draw_seat = tuple(deck), size, tuple(owed), seat
    if done:
        _next_draw(s, (seat + 1) % n, None)
    return played


#: phase -> its run of uniform moves played in one call (``Ruleset.uniform_runs``); the same runs are nature's
#: alone (``Ruleset.chance_runs``), and build no ``CardDealt``
UNIFORM_RUNS = {"draw": _run_draws, "deal": _run_draws}
CHANCE_RUNS = UNIFORM_RUNS
CHANCE_RUN_EVENTS = frozenset((CardDealt,))


def _do_first(rs, s, action, ev):
    if first_player_chosen(rs, s, action, ev, H):
        return
    scen = s.ruleset.options["scenario"]
    if s.deck_size == 0 and scen != "equilibrium":
        s.last_turn = True   # §14.23: the deck ran out in the deal (Fatality: the only turn)
    if scen == "base":
        _start_development(s, ev)
    else:
        s.phase = "food"     # scenarios roll the food bank before development
        if ev is not None:
            ev.append(phase_started_event(s.turn, "food"))


def _do_roll_food(rs, s, action, ev):
    s.food_bank = action.food
    if ev is not None:
        ev.append(_FoodBankRolled(action.food))
    if rs.options["scenario"] != "base":
        s.rolled = True
        _start_development(s, ev)
        return
    _start_feeding(s, ev)


def _do_tiebreak(rs, s, action, ev):
    s.winner = action.seat
    game_over(s, ev)


def _do_take(rs, s, a, ev):
    if rs.options["pair_trigger_reset"] == "action":       # ``F.take_food``, written out on the hot path
        s.epoch += 1
    s.food_bank -= 1
    s.move_main = s.move_any = s.move_ate = True
    F.receive(s, s.animals[a.animal], F.RED, "food_bank", ev, True)          # from the bank
    _settle(s, ev)


def _do_trait_move(rs, s, a, ev):
    """A move a trait gives (the attack, Burn fat, Grazing, Piracy, ...): its entry in ``traits.py`` carries it
    out."""
    MOVE_ACTS[type(a)](s, a, ev)
    _settle(s, ev)


def _do_end_move(rs, s, a, ev):
    """§7.2: end the move; with the house-rule options, eat automatically or make a pass final."""
    if rs.options["auto_take_food_on_pass"] and not s.move_ate and s.food_bank > 0:
        for x in s.animals.values():
            if x.owner == s.current and F.can_receive(s, x):
                s.ending = True          # a take-food move, not a pass: nothing is barred
                F.take_food(s, x, ev)
                _settle(s, ev)
                return
    if rs.options["feeding_pass_is_final"] and not s.move_any:
        s.barred[s.current] |= set(rs._move_actions(s, s.current, True))
    _end_move(s, ev)


def _do_defence(rs, s, a, ev):
    """A defence move (Run and its die, Mimic, Drop tail): the entry of the defence it uses carries it out."""
    DEFENCE_ACTS[type(a)](s, a, ev)
    _settle(s, ev)


def _do_no_defence(rs, s, a, ev):
    F.eat(s, ev)
    _settle(s, ev)


def _do_scavenge(rs, s, a, ev):
    award_scavenger(s, s.animals[a.animal], ev)
    _settle(s, ev)


def _do_resolve(rs, s, a, ev):
    group = F.pending_group(s)
    entry = next(p for p in group if p[0] == a.link and a.source in (-1, p[1]))
    s.pending = tuple(p for p in s.pending if p is not entry)
    if a.fire:
        F.fire(s, entry, ev)
    _settle(s, ev)


APPLY = {
    Draw: _do_draw, FirstPlayer: _do_first, RollFood: _do_roll_food,
    TieBreak: _do_tiebreak, PlayAnimal: _do_play_animal, PlayTrait: _do_play_trait,
    PlayPairTrait: _do_play_pair, Pass: _do_pass, TakeFood: _do_take,
    **dict.fromkeys(MOVE_ACTS, _do_trait_move),           # the attack and the moves traits give
    **dict.fromkeys(DEFENCE_ACTS, _do_defence),           # Run and its die, Mimic, Drop tail
    EndMove: _do_end_move, NoDefence: _do_no_defence, Scavenge: _do_scavenge, Resolve: _do_resolve, ChooseCard: _do_choose,
    Mutate: H.apply_mutate, LoseTrait: H.apply_lose,
}

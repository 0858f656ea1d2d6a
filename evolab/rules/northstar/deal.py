"""Drawing cards in North Star *Evolution* (§4.1, §9): the deal, the reshuffle that starts the end of the game,
the first player, a player's new species; nature draws every card."""
from __future__ import annotations

from bisect import insort

from ...events import AnimalBorn, CardDealt, FirstPlayerChosen, PhaseStarted, Speciation
from . import feeding, play
from .deck import CARD_IDS, CARD_INDEX, taken
from .state import NSSpecies


def _after_draw(rs, s, ev):
    _reshuffle(rs, s)
    if s.draw_queue:
        return
    if s.phase == "remove":
        s.phase = "first_player"
    elif s.phase == "deal":
        play._start_select(s, ev)
    # extinction draws during feeding or the end of the round: play simply goes on


def _reshuffle(rs, s):
    """§9: a draw from an empty deck reshuffles the discards and starts the end of the game."""
    while s.draw_queue and s.deck_size == 0:
        s.cycles += 1                       # a card must be drawn from an empty deck: it has run out
        if not sum(s.discard):
            s.draw_queue = ()               # nothing left to draw anywhere
        else:
            s.deck, s.discard = tuple(s.discard), [0] * len(CARD_IDS)
            s.deck_size = sum(s.deck)
        if s.cycles >= rs.options["deck_cycles_to_end"]:
            if s.phase == "deal":
                s.last_round = True         # exhausted while dealing: this round is the last
            else:
                s.next_last = True          # exhausted by an extinction draw: the next round is the last


def _do_first(rs, s, action, ev):
    s.first = action.seat
    if ev is not None:
        ev.append(FirstPlayerChosen(action.seat))
    for seat in range(s.players):
        if ev is not None:
            ev.append(Speciation(seat, -1, s.rows[seat][0], 1, ()))
            ev.append(AnimalBorn(seat, s.rows[seat][0], 1))
    _start_round(rs, s, ev)


def _start_round(rs, s, ev):
    """§4.1: a player with no species gets one; each is dealt 3 + 1 per species, one card at a time."""
    s.phase = "deal"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "deal"))
    n = s.players
    owed = []
    for seat in range(n):
        if not s.rows[seat]:
            _new_species(s, seat, "right", ev)
        owed.append(3 + len(s.rows[seat]))
    order = [(s.first + k) % n for k in range(n)]
    least = min(owed)
    queue = order * least                   # one card each, round the table: every seat while all are owed one
    for k in range(least, max(owed)):
        queue += [seat for seat in order if owed[seat] > k]
    s.draw_queue = tuple(queue)
    _after_draw(rs, s, ev)


def _new_species(s, seat, side, ev):
    sp = NSSpecies(s.next_uid, seat, s.turn)
    s.next_uid += 1
    s.species[sp.id] = sp
    rows = list(s.rows)
    rows[seat] = (sp.id,) + rows[seat] if side == "left" else rows[seat] + (sp.id,)
    s.rows = tuple(rows)
    if ev is not None:
        ev.append(Speciation(seat, -1, sp.id, s.turn, ()))
        ev.append(AnimalBorn(seat, sp.id, s.turn))
    return sp


def _do_draw_any(rs, s, action, ev):
    """Nature's card for the seat first in the queue (seat -1: a card removed from the game, §3); once the
    queue is empty the game goes on from where the draws began."""
    seat = s.draw_queue[0]
    s.draw_queue = s.draw_queue[1:]
    i, before = CARD_INDEX[action.card], s.deck
    counts = list(before)                   # _add(before, i, -1), in line: a card is drawn at every third move
    counts[i] -= 1
    s.deck = after = tuple(counts)
    taken(before, after, i)
    s.deck_size -= 1
    if seat < 0:
        s.removed += 1
    else:
        insort(s.hands[seat], action.card, key=CARD_INDEX.__getitem__)
        if ev is not None:
            ev.append(CardDealt(seat, action.card, (seat,)))
    if s.draw_queue and s.deck_size:        # more to draw from a deck that has cards: nothing else happens
        return
    _after_last(rs, s, ev)


def _after_last(rs, s, ev):
    """A draw left nothing to draw (the queue or the deck is empty): the reshuffle, then the game goes on from
    where the draws began."""
    _after_draw(rs, s, ev)
    if not s.draw_queue:
        if s.phase == "end_draws":
            feeding._next_round(rs, s, ev)
        elif s.phase == "feeding":
            feeding._seek(rs, s, ev)

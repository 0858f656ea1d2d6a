"""Select Food and Play Cards in North Star *Evolution* (§4.2-§4.3, §5.1): a secret food card each, traits
face down, new species, Body Size and Population; then the reveal and its triggers."""
from __future__ import annotations

from ...events import AnimalBorn, FoodBankRolled, Mutation, Passed, PhaseStarted, TraitGained, TraitLost
from . import deal
from . import feeding
from .deck import CARD_INDEX, FOOD, _discard, _play_card, _trait
from .state import Snapshot
from .traits import REPLACED, REVEAL, REVEALING


def _start_select(s, ev):
    s.phase = "select_food"
    s.current = s.first
    s.done = (False,) * s.players
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "select_food"))
    _next_selector(s, ev)


def _next_selector(s, ev):
    n = s.players
    for k in range(n):
        seat = (s.first + k) % n
        if not s.done[seat] and s.hands[seat]:
            s.current = seat
            return
    _start_play(s, ev)


def _do_select(rs, s, action, ev):
    seat = s.current
    s.hands[seat].remove(action.card)
    s.food_cards = _put(s.food_cards, seat, action.card)
    done = s.done                              # _put, in line: a call less at every seat's move
    s.done = done[:seat] + (True,) + done[seat + 1:]
    _next_selector(s, ev)


def _put(t, i, value) -> tuple:
    """``t`` with entry ``i`` set to ``value`` (a seat's entry of a per-seat tuple)."""
    return t[:i] + (value,) + t[i + 1:]


def _start_play(s, ev):
    s.phase = "play_cards"
    s.done = (False,) * s.players
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "play_cards"))
    if s.ruleset.simultaneous:                 # the others see the table as it was when the phase began
        s.snapshot = snapshot(s)
    s.current = (s.first - 1) % s.players
    _next_player(s, ev)


def snapshot(s) -> Snapshot:
    """The public table when a simultaneous Play Cards phase begins (what the others keep seeing)."""
    return Snapshot.of(s)


def _next_player(s, ev):
    n = s.players
    for _ in range(n):
        s.current = (s.current + 1) % n
        if not s.done[s.current]:
            return
    _reveal(s, ev)


def _do_place(rs, s, action, ev):
    seat = s.current
    sp = s.species[action.species]
    _play_card(s, seat, action.card)
    if action.replace:
        _remove_trait(rs, s, sp, action.replace, ev)
    sp.pending = sp.pending + (action.card,)


def _remove_trait(rs, s, sp, card, ev):
    """§4.3: a replaced trait goes to the discard pile at once (what the trait held goes with it: its entry's
    ``replaced`` hook)."""
    if card in sp.pending:
        lst = list(sp.pending)
        lst.remove(card)
        sp.pending = tuple(lst)
    else:
        lst = list(sp.traits)
        lst.remove(card)
        sp.traits = tuple(lst)
        replaced = REPLACED.get(_trait(card))      # Fat Tissue's stored fat
        if replaced is not None:
            replaced(rs, s, sp, ev)
        if ev is not None:
            ev.append(TraitLost(sp.owner, sp.id, _trait(card)))
    _discard(s, card)


def _do_new(rs, s, action, ev):
    seat = s.current
    s.hands[seat].remove(action.card)           # _play_card and _discard, in line: a call less a new species
    s.discard[CARD_INDEX[action.card]] += 1
    deal._new_species(s, seat, action.side, ev)


def _do_grow(rs, s, action, ev):
    seat = s.current
    s.hands[seat].remove(action.card)           # _play_card and _discard, in line: a call less a growth
    s.discard[CARD_INDEX[action.card]] += 1
    sp = s.species[action.species]
    if action.what == "body":
        sp.body += 1
    else:
        sp.pop += 1
        if ev is not None:
            ev.append(AnimalBorn(seat, sp.id, s.turn))


def _do_end_turn(rs, s, action, ev):
    seat, done = s.current, s.done             # _put, in line: a call less at every seat's turn
    s.done = done[:seat] + (True,) + done[seat + 1:]
    if ev is not None:
        ev.append(Passed(s.current, "play_cards"))
    _next_player(s, ev)


def _reveal(s, ev):
    """End of Play Cards: every face-down trait is turned up at once; then feeding begins (§5.1)."""
    rs = s.ruleset
    s.snapshot = None
    for sp in s.species.values():
        if sp.pending:
            for c in sp.pending:
                if ev is not None:
                    ev.append(Mutation(sp.owner, _trait(c), s.turn))
                    ev.append(TraitGained(sp.owner, sp.id, _trait(c), c, -1, sp.owner))
            sp.reveal()
    s.phase = "feeding"
    if ev is not None:
        ev.append(PhaseStarted(s.turn, "feeding"))
    n = s.players
    for k in range(n):                          # reveal-step triggers, player order, left to right
        seat = (s.first + k) % n
        for sid in s.rows[seat]:
            sp = s.species.get(sid)
            if sp is None or REVEALING.isdisjoint(sp.names):
                continue
            for t, fire in REVEAL:              # Fertile, Long Neck, Fat Tissue
                if t in sp.names:
                    fire(rs, s, sp, ev)
    total = 0
    discard = s.discard                        # _discard of each food card, in line
    for c in s.food_cards:
        if c:
            total += FOOD[c]
            discard[CARD_INDEX[c]] += 1
    s.food_cards = ("",) * n
    if total > 0:
        mult = rs.options["food_multiplier"]
        s.watering += int(total * mult + 0.5) if mult != 1 else total
    else:
        s.watering = max(0, s.watering + total)
    if ev is not None:
        ev.append(FoodBankRolled(s.watering))
    s.current = s.first
    s.passes = 0
    feeding._seek(rs, s, ev)

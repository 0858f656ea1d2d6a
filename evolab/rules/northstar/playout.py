"""A North Star game of random bots in one loop (``Ruleset.uniform_game``): the moves ``uniform_move`` draws, applied
by the edition's apply table, with the deal's run of cards drawn together (a card that leaves more to draw changes
only the deck, a hand and the queue, so those draws skip the per-move steps)."""
from __future__ import annotations

from bisect import insort

from . import deal
from . import deck as K
from .deck import CARD_IDS, CARD_INDEX
from ...actions import EatPlant, Grow, PlaceTrait
from ...events import CardDealt
from .feeding import _eat, _end_round
from .moves import (_DRAWN, _END, _PASS, _distinct, _fitting, _pick_play, _row_counts, feed_actions, sample_chance,
                    _Select)

_card_index = CARD_INDEX.__getitem__


def uniform_game(rs, s, rng, append, budget) -> int:
    """Play ``uniform_move`` after ``uniform_move`` until the game is over or ``budget`` moves are played; returns
    how many were played. The same draws in the same order as one move at a time, so the same games."""
    table = rs.apply_table
    played = 0
    while played < budget:
        if s.draw_queue:
            k = _draw_run(rs, s, rng, append, budget - played)
            if k:
                played += k
                continue
            action = sample_chance(rs, s, rng)
        else:
            ph = s.phase
            if ph == "play_cards":
                played += _play_run(rs, s, rng, append, budget - played)
                continue
            if ph == "feeding":
                played += _feed_run(rs, s, rng, append, budget - played)
                continue
            if ph == "select_food":
                hand = _distinct(s.hands[s.current])
                action = _Select(hand[int(rng.random() * len(hand))])
            elif ph == "over":
                break
            else:
                action = sample_chance(rs, s, rng)
        table[type(action)](rs, s, action, None)
        append(action)
        played += 1
    return played


def _draw_run(rs, s, rng, append, budget) -> int:
    """The queued cards drawn together, at most ``budget``; returns how many (0 where the deck's counts and size
    disagree: one at a time). Each draw is ``deal._do_draw_any``: a card to a hand or out of the game, the deck one shorter,
    and once one leaves nothing to draw, what follows (``deal._after_last``). Each card is ``sample_chance``'s for
    its draw: the one at the draw's whole part in the deck laid out (``deck.PILE``), which the same position
    leaves (the pile is sorted: any copy of a card is that card)."""
    queue, size, deck = s.draw_queue, s.deck_size, s.deck
    k = min(len(queue), size, budget)
    if k <= 0:
        return 0
    kept, pile = K.PILE
    if kept is not deck:                     # another deck (a reshuffle's) laid out here once: its runs drawn
        pile = K.lay_out(deck) if deck is rs.copies else K.laid_out(deck)      # as the first deck's are
    if len(pile) != size:
        return 0
    if type(pile) is tuple:                  # the shared first deck: drawn from in a list of its own
        pile = list(pile)
    counts, hands, drawn = list(deck), s.hands, _DRAWN
    removed = 0
    for seat in queue[:k]:
        x = int(rng.random() * size)
        i = pile[x]
        del pile[x]
        counts[i] -= 1
        size -= 1
        if seat < 0:
            removed += 1
        else:
            insort(hands[seat], CARD_IDS[i], key=_card_index)
        append(drawn[i])
    s.draw_queue = queue[k:]
    s.deck = deck = tuple(counts)
    s.deck_size = size
    s.removed += removed
    K.PILE = (deck, pile)
    if not (s.draw_queue and size):
        deal._after_last(rs, s, None)
    return k


def _chance_draws(rs, s, rng, append, budget, whole=True) -> int:
    """``Ruleset.chance_runs``: the queued cards drawn together (``_draw_run``), at most ``budget``; 0 where none is
    queued (nature's other moves in the phase) or the deck's counts and size disagree. Not ``whole``: all but the
    last that the queue and the deck allow (the one whose ``deal._after_last`` may end the draws, with events), none
    when only it is left."""
    if not s.draw_queue:
        return 0
    if not whole:                   # the queue's draws the deck allows but the last
        budget = min(budget, min(len(s.draw_queue), s.deck_size) - 1)
        if budget <= 0:
            return 0
    return _draw_run(rs, s, rng, append, budget)


#: phase -> nature's run of draws (``Ruleset.chance_runs``): the phases in which cards are drawn
CHANCE_RUNS = dict.fromkeys(("remove", "deal", "end_draws", "feeding"), _chance_draws)
CHANCE_RUN_EVENTS = frozenset((CardDealt,))


def _play_run(rs, s, rng, append, budget) -> int:
    """One seat's Play Cards moves up to its EndTurn, at most ``budget``; returns how many. Each is
    ``moves._drawn_play``'s, with the row's counts (``_row_counts``) kept up to date from the move just made
    rather than counted again over every species: the seat's run is most of a game's decisions."""
    seat, table = s.current, rs.apply_table
    species, hand = s.species, s.hands[seat]
    unique = len(set(hand)) == len(hand)   # a hand without copies keeps none as its cards are played
    rows = s.rows[seat]
    per_card, other, adjust = _row_counts(rs, species, rows)
    played = 0
    while played < budget:
        action = _pick_play(rs, s, hand if unique else list(dict.fromkeys(hand)), rows, per_card, other, adjust, rng)
        kind = type(action)
        if kind is PlaceTrait:             # one species' cards change: its placements counted again after
            sp = species[action.species]
            before = sp.fits               # up to date (``_row_counts``); a replaced revealed trait clears it
            table[kind](rs, s, action, None)
            f = sp.fits = (sp.names, sp.pending, rs.limit) + _fitting(rs, sp)      # _fits, in line: a call less
            other += f[4] - before[4]
            if f[5] or before[5]:
                adjust = []
                for sid in rows:
                    if species[sid].fits[5]:
                        adjust += species[sid].fits[5]
        else:
            table[kind](rs, s, action, None)
            if kind is Grow:               # one species one step bigger: a growth less once it is at 6
                sp = species[action.species]
                per_card -= (sp.body if action.what == "body" else sp.pop) >= 6
            elif action is _END:
                append(action)
                return played + 1
            else:                          # a new species: the row counted again
                rows = s.rows[seat]
                per_card, other, adjust = _row_counts(rs, species, rows)
        append(action)
        played += 1
    return played


def _feed_run(rs, s, rng, append, budget) -> int:
    """Feeding moves until feeding ends, draws are due or ``budget`` moves are played; returns how many. Each is a
    uniform draw over ``feed_actions``. After a plain eat (most feeding moves) the next seat is sought as
    ``feeding._next_feeder`` seeks it, but by its move list instead of ``_has_action``: a seat has a move besides
    passing exactly when its list does not begin with Pass (Pass is listed last, and alone when nothing else is
    legal), and the list found is the one its draw is then made from. Other moves are applied as single moves."""
    legal = feed_actions(rs, s, s.current)
    played = 0
    while played < budget:
        action = legal[int(rng.random() * len(legal))]
        kind = type(action)
        played += 1
        append(action)
        if kind is EatPlant:                   # feeding._do_eat, seeking with the list
            _eat(rs, s, s.species[action.species], None)
            s.passes = 0                       # feeding._next_feeder, in line with the list's test
            n = s.players
            s.current = (s.current + 1) % n
            if s.draw_queue:
                return played
            while s.passes < n:
                legal = feed_actions(rs, s, s.current)
                if legal[0] is not _PASS:
                    break
                s.passes += 1
                s.current = (s.current + 1) % n
            else:
                _end_round(rs, s, None)
                return played
            continue
        rs.apply_table[kind](rs, s, action, None)
        if s.phase != "feeding" or s.draw_queue:
            return played
        legal = feed_actions(rs, s, s.current)
    return played

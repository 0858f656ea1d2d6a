"""Who moves now and what they may do: the seat to move, chance's outcomes, and the legal-move lists that the
checks in ``checks.py`` agree with (the conformance suite verifies it)."""
from __future__ import annotations

import bisect
import functools
import weakref
from itertools import compress, count
from operator import ne
from typing import Any

from ...actions import (CHANCE, TERMINAL, Attack, ChooseCard, Draw, DropTail, EndMove, Mimic, NoDefence,
                        Pass, PlayAnimal, PlayPairTrait, PlayTrait, Resolve, RollDie, Run, Scavenge, TakeFood,
                        interned)
from ..base import Ruleset
from ..common import ById, seat_outcomes
from . import feeding as F
from . import heredity as H
from .checks import _linked, pass_block
from .deck import CARDS
from .setup import food_table
from .traits import (ATTACK_BITS, BIT, CAN_MOVE, DIRECTED, EXCLUDES, HUNTER_BITS, MOVER_BITS, MOVERS, MAIN_BITS,
                     STACKABLE, STATE_GUARD_BITS, TRAITS, scavengers, shut_out)

# interned constructors for the actions legal_actions builds again and again
_PlayPair = interned(PlayPairTrait)
_Mimic, _DropTail = interned(Mimic), interned(DropTail)
_FOOD = ById(TakeFood)        # by animal id
#: predator id -> {prey id: Attack}: a predation table lists thousands of attacks per decision, one look-up each
_ATTACKS = ById(lambda predator: ById(functools.partial(Attack, predator)))
_ROWS: dict = {}
"""id(table) -> (a weak reference to it, {predator id: its row}) (``_new_rows``). A row is [the prey ids it was
last listed with, its attacks on them but itself, those on rivals' animals (``rival_attacks``, worked out when first
asked), and where it was made from a row before (``_new_row``): that row's prey ids and the index of the one
dropped, else None and -1]. A predation table lists the same rows decision after decision, a prey more or less at
a time. One dict per table, dropped with it: an animal's owner never changes in a game, so a row's attacks on
rivals are the table's to keep."""
_ROWS_FROM = 12
"""Tables of more animals than this keep their rows (``_ROWS``); a smaller one lists its attacks straight away."""
_LISTED: tuple = (None, (), 0)
"""(the list ``move_actions`` made last, [(where, row)] of its predators' rows in it, its length): ``attack_rows``."""
_DRAWS = {c.id: Draw(c.id) for c in CARDS}
_DRAW_AT = tuple(_DRAWS[c.id] for c in CARDS)
_DIE = tuple((RollDie(v), 1) for v in range(1, 7))
_END = EndMove()
_PASS = Pass()
_NODEF = NoDefence()
_RUN = Run()

#: Per trait, its kind, and the bits of an animal that forbid playing it there (``_single_block`` as one mask).
_KIND = {t: r.kind for t, r in TRAITS.items()}
_SINGLE_BLOCKS = {t: (0 if t in STACKABLE else BIT[t]) | EXCLUDES[t] for t in TRAITS}
_ANIMAL_PLAYS = {c.id: PlayAnimal(c.id) for c in CARDS}
_PLAYS: dict = {}


def _trait_plays(card, trait) -> ById:
    """{animal id: PlayTrait} of one card and trait."""
    plays = _PLAYS.get((card, trait))
    if plays is None:
        plays = _PLAYS[card, trait] = ById(functools.partial(PlayTrait, card, trait))
    return plays


#: card id -> (trait, its kind, the bits of an animal that forbid it there, its plays by animal id: None for a pair
#: trait) for each side of the card
_SIDES: dict[str, tuple] = {
    c.id: tuple((t, _KIND[t], _SINGLE_BLOCKS[t] if _KIND[t] == "single" else BIT[t],
                 None if _KIND[t] == "pair" else _trait_plays(c.id, t)) for t in c.traits)
    for c in CARDS}
#: the traits that give their animal a feeding move of its own besides taking food (an attack, or a move from
#: its entry's hooks)
_ACTING = ATTACK_BITS | MOVER_BITS
#: the traits that give a move besides a main action (Grazing, Piracy, Hibernation)
_FREE_BITS = MOVER_BITS & ~MAIN_BITS


class _HooksOf(dict):
    """{an animal's trait mask: the hooks of ``table`` ((bit, hook), ...) its traits have, those of ``skip`` aside},
    built on first use: listing moves then calls only the hooks of the traits an animal has."""

    def __init__(self, table, skip=0):
        super().__init__()
        self.table, self.skip = table, skip

    def __missing__(self, mask):
        if len(self) > 10_000:
            self.clear()
        hooks = self[mask] = tuple(hook for bit, hook in self.table if mask & bit & ~self.skip)
        return hooks


#: per trait mask (its moving traits' bits only: at most 16 keys), the move hooks while a main action is open, and
#: once it is taken (free moves only)
_MOVES_OF, _FREE_MOVES_OF = _HooksOf(MOVERS), _HooksOf(MOVERS, MAIN_BITS)
_CAN_MOVE_OF, _CAN_FREE_MOVE_OF = _HooksOf(CAN_MOVE), _HooksOf(CAN_MOVE, MAIN_BITS)


def to_move(rs, s) -> int:
    ph = s.phase
    if ph == "development":
        return s.current
    if ph == "draw":
        return CHANCE
    if ph == "choose":
        return s.draw_seat
    if ph == "feeding":
        at = s.attack
        if at is not None:
            return CHANCE if at.rolling else s.animals[at.prey].owner
        if s.scavenge >= 0:
            return s.scavenge
        if s.pending:
            return s.animals[F.pending_group(s)[0][1]].owner
        return s.current
    if ph == "over":
        return TERMINAL
    return CHANCE


def chance_outcomes(rs, s) -> tuple:
    """((outcome, integer weight), ...) at a chance node, () elsewhere."""
    ph = s.phase
    if ph in ("deal", "draw"):
        return tuple((_DRAWS[c.id], k) for c, k in zip(CARDS, s.deck) if k)
    if ph == "food":
        return rs.food_outcomes_at(s.turn)
    if ph == "feeding" and s.attack is not None and s.attack.rolling:
        return _DIE
    return seat_outcomes(s, H)


def sample_chance(rs, s, rng):
    """One chance outcome drawn with ``rng.random()`` and bisect (stable across Python versions)."""
    ph = s.phase
    if ph == "deal" or ph == "draw":
        return _deck_card(rs, s, rng)
    if ph == "reproduction":
        return H.sample(s, rng)
    if ph == "food" and not rs.schedule:
        outs, cum = food_table(rs, s.turn) if rs.food_changes else (rs.food_outcomes, rs.food_cum)
        return outs[bisect.bisect_right(cum, rng.random() * cum[-1])][0]
    return Ruleset.sample_chance(rs, s, rng)


def uniform_move(rs, s, rng):
    """``Ruleset.uniform_move`` from the phase alone (``to_move``): the seats decide in development, choosing and
    feeding (but for the die of a running prey), nature everywhere else."""
    ph = s.phase
    if ph == "development":
        return _uniform_development(rs, s, rng)
    if ph == "draw" or ph == "deal":
        return _deck_card(rs, s, rng)
    if ph == "feeding":
        return _uniform_feeding(rs, s, rng)
    if ph == "choose":
        return _uniform_listed(rs, s, rng)
    return sample_chance(rs, s, rng)


def _uniform_feeding(rs, s, rng):
    """``uniform_move`` in the feeding phase. The common case, the mover's own move, draws from ``move_actions``
    and ending the move without building the list ``legal_actions`` would; the die of a running prey is nature's."""
    at = s.attack
    if at is None and s.scavenge < 0 and not s.pending:
        out = move_actions(rs, s, s.current, not s.move_main)
        out.append(_END)
        return out[int(rng.random() * len(out))]
    if at is not None and at.rolling:
        return sample_chance(rs, s, rng)
    return _uniform_listed(rs, s, rng)


def _uniform_listed(rs, s, rng):
    """A seat's uniform draw from the whole legal list."""
    legal = legal_actions(rs, s)
    return legal[int(rng.random() * len(legal))]


def _deck_card(rs, s, rng):
    """The card at position int(x) of the deck in card order: what bisect over the running totals picks for x."""
    n = s.deck_size
    return _DRAW_AT[deck_index(s.deck, n, int(rng.random() * n))]


def deck_index(deck, n, j) -> int:
    """The index of the card at position ``j`` of the ``n`` cards of ``deck`` (counts in card order), counted from
    the nearer end of the deck (half the steps on average; cheaper than the totals made in C)."""
    if 2 * j < n:
        i = 0
        for k in deck:
            if j < k:
                return i
            j -= k
            i += 1
    j = n - 1 - j       # the same card's position counted from the end
    i = len(deck) - 1
    for k in reversed(deck):
        if j < k:
            return i
        j -= k
        i -= 1
    raise AssertionError("the deck's size and counts disagree")


def legal_actions(rs, s) -> list:
    ph = s.phase
    if ph == "development":
        return dev_actions(rs, s, s.current)
    if ph == "choose":
        return [ChooseCard(c) for c in dict.fromkeys(s.pools[s.draw_seat])]
    if ph != "feeding":
        return []
    at = s.attack
    if at is not None:
        if at.rolling:
            return []
        target = s.animals[at.prey]
        run, tail, mim = F.defences(s, at, target)
        out: list = []
        if run:
            out.append(_RUN)
        out.extend(_Mimic(x) for x in mim)
        out.extend(_DropTail(u) for u in tail)
        if F.no_defence_block(s, at, target) is None:
            out.append(_NODEF)
        return out
    if s.scavenge >= 0:
        return [Scavenge(a.id) for a in scavengers(s, s.scavenge)]
    if s.pending:
        out = [Resolve(link, True, src) for link, src in F.trigger_choices(s)]
        if rs.options["pair_triggers_optional"]:
            out.extend(Resolve(link, False, src) for link, src in F.trigger_choices(s))
        return out
    out = move_actions(rs, s, s.current, not s.move_main)
    out.append(_END)
    return out


def dev_actions(rs, s, seat) -> list:
    out: list = []
    mine = _own(s, seat)
    others = None
    restricted = rs.restricted
    seen = None
    for cid in s.hands[seat]:
        if cid == seen:
            continue
        seen = cid
        out.append(_ANIMAL_PLAYS[cid])
        for trait, kind, block, plays in _SIDES[cid]:
            if restricted and not rs.trait_allowed(trait, s.turn):
                continue
            if kind == "single":                        # ``_single_block`` as one mask test
                for a in mine:
                    if not a.mask & block:
                        out.append(plays[a.id])
            elif kind == "foreign":
                if others is None:
                    others = _others(s, seat)
                for a in others:
                    if not a.mask & block:
                        out.append(plays[a.id])
            else:
                pair_plays(s, mine, cid, trait, out)
    if pass_block(s, seat) is None:
        out.append(_PASS)
    return out


def pair_plays(s, mine, cid, trait, out) -> list:
    """Append to ``out`` the plays of the pair side ``trait`` of card ``cid`` on two of ``mine`` (the mover's animals
    in the table's order) not yet linked by it, in ``dev_actions``' order (a directed trait: each pair both ways)."""
    directed = trait in DIRECTED
    for pair in open_pairs(s, mine, trait):
        out.append(_PlayPair(cid, trait, pair))
        if directed:
            out.append(_PlayPair(cid, trait, pair[::-1]))
    return out


#: the development plays, for a bot that works through them without the list (``hints.greedy_live``): card id ->
#: its PlayAnimal, and card id -> its sides as in ``_SIDES``
ANIMAL_PLAYS = _ANIMAL_PLAYS
CARD_SIDES = _SIDES
PASS = _PASS
play_pair = _PlayPair     # (card, trait, (a id, b id)) -> its PlayPairTrait


def uniform_action(rs, s, rng):
    """``legal_actions(s)[int(rng.random() * n)]`` (``Ruleset.uniform_action``): in the development phase, where the
    lists are longest, each card's plays are counted (its single sides by a table of what each own animal's traits
    allow, ``_COUNTS``) and only the one drawn is built; elsewhere the list is built."""
    if s.phase != "development":
        legal = legal_actions(rs, s)
        return legal[int(rng.random() * len(legal))]
    return _uniform_development(rs, s, rng)


def _uniform_development(rs, s, rng):
    """``uniform_action`` in the development phase."""
    seat = s.current
    mine = []
    for a in s.animals.values():
        if a.owner == seat:
            mine.append(a)
    restricted = rs.restricted
    parts = []                   # (plays, card) in the order of dev_actions
    n = 0
    seen = None
    for cid in s.hands[seat]:
        if cid == seen:
            continue
        seen = cid
        if restricted:             # restricted traits: every card counted side by side
            k = _card_count(rs, s, seat, cid, mine)
        else:
            per_mask, linking = _COUNTS[cid]
            k = 1                  # the animal, then each single side each own animal may take
            for a in mine:
                k += per_mask[a.mask]
            if linking:
                k += _linking_count(s, seat, linking, mine)
        parts.append((k, cid))
        n += k
    if rs.free_pass or pass_block(s, seat) is None:      # only the scenarios limit passing
        n += 1
    i = int(rng.random() * n)
    for k, cid in parts:
        if i >= k:
            i -= k
            continue
        if not i:
            return _ANIMAL_PLAYS[cid]
        if restricted or _COUNTS[cid][1]:
            return _card_play(rs, s, seat, cid, mine, i)
        i -= 1                     # a card of single traits: its sides in order, each on the own animals it fits
        for _trait, _kind, block, plays in _SIDES[cid]:
            for a in mine:
                if not a.mask & block:
                    if not i:
                        return plays[a.id]
                    i -= 1
    return _PASS


class _SidesAllowed(dict):
    """{an animal's trait mask: how many of a card's single-trait sides it may take}, built on first use."""

    def __init__(self, sides):
        super().__init__()
        self.blocks = tuple(block for _trait, kind, block, _plays in sides if kind == "single")

    def __missing__(self, mask):
        if len(self) > 10_000:
            self.clear()
        k = 0
        for block in self.blocks:
            if not mask & block:
                k += 1
        self[mask] = k
        return k


#: card id -> (its ``_SidesAllowed`` table, its pair and parasite sides)
_COUNTS = {cid: (_SidesAllowed(sides), tuple(x for x in sides if x[1] != "single")) for cid, sides in _SIDES.items()}


def _linking_count(s, seat, sides, mine) -> int:
    """How many plays a card's pair and parasite ``sides`` have (traits not restricted)."""
    k = 0
    for trait, kind, block, _plays in sides:
        if kind == "pair":
            m = len(mine)
            free = 0                      # ``len(open_pairs(...))``, counted without the list
            i = 0
            for a in mine:
                i += 1
                if not a.links:           # no link yet: it pairs with each animal after it
                    free += m - i
                    continue
                for b in mine[i:]:
                    if not _linked(s, a, b, trait):
                        free += 1
            k += 2 * free if trait in DIRECTED else free
        else:
            for a in s.animals.values():
                if a.owner != seat and not a.mask & block:
                    k += 1
    return k


def _own(s, seat) -> list:
    return [a for a in s.animals.values() if a.owner == seat]


def _others(s, seat) -> list:
    return [a for a in s.animals.values() if a.owner != seat]


def open_pairs(s, mine, trait) -> list:
    """(a id, b id) of each two of ``mine`` that ``trait`` may link (not linked by it already)."""
    out = []
    for i, a in enumerate(mine):
        for b in mine[i + 1:]:
            if not _linked(s, a, b, trait):
                out.append((a.id, b.id))
    return out


def _side_targets(rs, s, seat, side, mine):
    """What one side of a card may be played on now: the animals (single trait: own; parasite: the others'), or
    the pairs of own animals (a pair trait), in the order of ``dev_actions``; () where the trait is restricted."""
    trait, kind, block, _plays = side
    if rs.restricted and not rs.trait_allowed(trait, s.turn):
        return ()
    if kind == "pair":
        return open_pairs(s, mine, trait) if len(mine) > 1 else ()
    return [a for a in (mine if kind == "single" else _others(s, seat)) if not a.mask & block]


def _card_count(rs, s, seat, cid, mine) -> int:
    """How many development plays card ``cid`` has (the animal and each side on each target)."""
    k = 1
    for side in _SIDES[cid]:
        targets = _side_targets(rs, s, seat, side, mine)
        k += len(targets) * (2 if side[1] == "pair" and side[0] in DIRECTED else 1)
    return k


def _card_play(rs, s, seat, cid, mine, i):
    """The ``i``-th development play of card ``cid`` (``_card_count``), built."""
    if not i:
        return _ANIMAL_PLAYS[cid]
    i -= 1
    for side in _SIDES[cid]:
        trait, kind, _block, plays = side
        targets = _side_targets(rs, s, seat, side, mine)
        if kind == "pair":
            if trait in DIRECTED:           # each pair both ways round: (a, b), then (b, a)
                if i < 2 * len(targets):
                    a, b = targets[i // 2]
                    return _PlayPair(cid, trait, (a, b) if i % 2 == 0 else (b, a))
                i -= 2 * len(targets)
                continue
            if i < len(targets):
                return _PlayPair(cid, trait, targets[i])
        elif i < len(targets):
            return plays[targets[i].id]
        i -= len(targets)
    raise AssertionError("a card's plays were miscounted")


def move_actions(rs, s, seat, main: bool) -> list:
    """Feeding actions of ``seat`` now: free actions always, main actions when ``main``. (Plain loops: a
    comprehension here would make the loop's locals closure cells, slower on every use.)"""
    out: list = []
    animals = s.animals
    bank = s.food_bank
    moves_of = _MOVES_OF if main else _FREE_MOVES_OF
    prey_of: dict | None = None         # predator's traits (mask) -> prey it may attack, made at the first carnivore
    rows: Any = None                    # this table's rows (``_ROWS``), and where they are in ``out``
    listed: Any = None
    for a in animals.values():
        if a.owner != seat:
            continue
        m = a.mask
        if main:
            # ``can_receive``, its cheap part first (a carnivore attacks only when it can receive: ``can_attack``)
            receives = (a.red + a.blue < a.need or a.fat < a.fat_cards) and not a.hibernating and (
                not a.links or not F.starved(s, a))
            if bank and receives:
                out.append(_FOOD[a.id])
            if not m & _ACTING:
                continue                # no trait with a move of its own: food was all
            if m & ATTACK_BITS and receives and F.can_attack(s, a):   # the entry's hook (its cheap part above)
                if prey_of is None:
                    prey_of = {}
                    if len(animals) > _ROWS_FROM:
                        rows = _ROWS.get(id(s))
                        rows = rows[1] if rows is not None and rows[0]() is s else _new_rows(s)
                        listed = []
                prey = prey_of.get(m)   # predators with the same traits may attack the same prey: a predation
                if prey is None:        # table has many (thousands of attacks a decision in the Heredity variant)
                    prey = prey_of[m] = _prey(s, a, animals)
                aid = a.id
                if rows is None:        # a small table: its attacks listed straight away (as ``_new_row`` makes a
                    # row anew; written out here, not shared: a list less per predator, 0.3% of an Origin move)
                    start = len(out)
                    out.extend(map(_ATTACKS[aid].__getitem__, prey))      # its attack on each (a loop in C) ...
                    if aid in prey:
                        del out[start + prey.index(aid)]                  # ... but on itself
                else:
                    row = rows.get(aid)
                    if row is None or row[0] != prey:   # its attacks as last listed, unless its prey changed since
                        row = rows[aid] = _new_row(aid, prey, row, listed)
                    if row[1]:
                        listed.append((len(out), row))
                        out.extend(row[1])
        if m & MOVER_BITS:                # the moves its traits give it (Burn fat, Grazing, ...), from their entries
            for moves in moves_of[m & MOVER_BITS]:
                moves(s, a, main, out)
    if s.barred is not None and s.barred[seat]:
        bar = s.barred[seat]
        out = [x for x in out if x not in bar]
        listed = None
    if listed:
        global _LISTED
        _LISTED = (out, listed, len(out))
    return out


def _new_row(aid, prey, old, listed) -> list:
    """Predator ``aid``'s row (``_ROWS``) for the ids ``prey`` it may attack now (itself perhaps among them): its
    ``old`` row less one attack where ``prey`` is its old prey less one (the common change: an animal eaten, fed
    out of reach...), else made anew. ``listed`` (this list's rows so far) holds the predators of the same old and
    new prey, whose dropped prey is found once (``_dropped``)."""
    if old is not None:
        was = old[0]
        if len(was) == len(prey) + 1:
            i = -1
            for _at, row in reversed(listed):   # a predator with the same traits listed just before: its change
                if row[0] is prey and row[3] is was:
                    i = row[4]
                    break
            else:
                i = _dropped(was, prey)
            if i >= 0:
                q = was[i]
                attacks, hits = old[1], old[2]
                if q != aid:                    # (without itself, its attacks are the same)
                    j = i - 1 if aid in was and was.index(aid) < i else i
                    gone = attacks[j]
                    attacks = attacks.copy()
                    del attacks[j]
                    if hits is not None:
                        hits = [x for x in hits if x is not gone]
                return [prey, attacks, hits, was, i]
    attacks = list(map(_ATTACKS[aid].__getitem__, prey))      # its attack on each (a loop in C) ...
    if aid in prey:
        del attacks[prey.index(aid)]                        # ... but on itself
    return [prey, attacks, None, None, -1]


def _dropped(was, prey) -> int:
    """The index in ``was`` of the one id ``prey`` lacks, when ``prey`` is ``was`` less one id; else -1."""
    i = next(compress(count(), map(ne, was, prey)), len(prey))     # the first difference (loops in C)
    return i if was[i + 1:] == prey[i:] else -1


def _new_rows(s) -> dict:
    """The rows of table ``s`` (``_ROWS``), new: dropped with the table."""
    key = id(s)

    def dropped(ref):
        if _ROWS.get(key, (None,))[0] is ref:
            del _ROWS[key]
    rows: dict = {}
    _ROWS[key] = (weakref.ref(s, dropped), rows)
    return rows


def attack_rows(legal) -> list | None:
    """[(where, row)] of the predators' rows of attacks (``_ROWS``) in the feeding list ``legal``, in its order,
    when ``legal`` is the list ``move_actions`` made last (``EndMove`` may follow); None otherwise. Lets a bot sort a
    predation table's hundreds of attacks row by row (``rival_attacks``) instead of one by one."""
    out, listed, n = _LISTED
    if legal is not out or not n <= len(legal) <= n + 1:
        return None
    for at, row in listed:              # unchanged since (cheap checks: it is not to be changed)
        if legal[at] is not row[1][0]:
            return None
    return listed


def rival_attacks(row, animals, seat) -> list:
    """A row's attacks on the animals of seats other than ``seat`` (its predator's), kept in the row."""
    hits = row[2]
    if hits is None:
        hits = row[2] = [a for a in row[1] if animals[a.prey].owner != seat]
    return hits


def _prey(s, pred, animals) -> list:
    """Ids of the animals ``pred`` may attack, itself included (``move_actions`` leaves it out)."""
    protector = F.protector
    out = []                        # plain loops: a comprehension is one more call
    if pred.mask & HUNTER_BITS:
        for b in animals.values():
            if protector(s, pred, b) is None:
                out.append(b.id)
        return out
    shut = shut_out(pred.mask)      # prey whose traits alone keep this predator away (Camouflage, ...)
    for b in animals.values():      # only a guard of the prey's state or a Symbiosis link can protect the others
        m = b.mask
        if m & shut:
            continue
        if not (m & STATE_GUARD_BITS or b.links) or protector(s, pred, b) is None:
            out.append(b.id)
    return out


def has_move_action(rs, s, seat, main: bool) -> bool:
    """Whether ``seat`` has any feeding action besides ending the move (cheap early exits)."""
    if s.barred is not None:
        return bool(move_actions(rs, s, seat, main))
    if not main:                # free moves only: an animal without a trait that gives one needs no look
        for a in s.animals.values():
            m = a.mask
            if m & _FREE_BITS and a.owner == seat:
                for can_move in _CAN_FREE_MOVE_OF[m & _FREE_BITS]:
                    if can_move(s, a, False):
                        return True
        return False
    bank = s.food_bank
    for a in s.animals.values():
        if a.owner != seat:
            continue
        m = a.mask
        if (a.red + a.blue < a.need or a.fat < a.fat_cards) and not a.hibernating and (    # ``can_receive``,
                not a.links or not F.starved(s, a)):                                    # its cheap part first
            if bank:
                return True
            if m & ATTACK_BITS and F.can_attack(s, a):      # the entry's hook
                for b in s.animals.values():
                    if b is not a and F.protector(s, a, b) is None:
                        return True
        if m & MOVER_BITS:
            for can_move in _CAN_MOVE_OF[m & MOVER_BITS]:
                if can_move(s, a, True):
                    return True
    return False


#: phase -> the function that plays ``uniform_move`` there (``Ruleset.uniform_moves``): the match calls it directly
UNIFORM_MOVES = {"development": _uniform_development, "draw": _deck_card, "deal": _deck_card,
                 "feeding": _uniform_feeding, "choose": _uniform_listed,
                 **dict.fromkeys(("food", "first_player", "reproduction", "tiebreak"), sample_chance)}

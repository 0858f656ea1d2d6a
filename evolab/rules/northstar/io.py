"""Saved North Star positions: every field of ``NSState.to_dict()`` read and checked.

A position is refused (``SaveFileError`` naming the field) unless every value has its exact type and range,
every species it names exists in its owner's row, the 129 cards add up, and the phase agrees with the
draws, food cards and face-down traits in progress. The checks run at load time only.
"""
from __future__ import annotations

from ...validation import (COUNT, FLAG, ID, SEAT, SEAT_OR_NONE, Anything, Context, Items, OrNone, Record, Text,
                           Whole, per_seat)
from .. import loading
from .state import _PLAIN, NSSpecies, NSState, Snapshot
from .traits import fat_capacity

PHASES = ("remove", "first_player", "deal", "select_food", "play_cards", "feeding", "end_draws", "over")
#: Phases that wait for draws to finish (the removal, the deal, extinction draws after a round).
_DRAWING = frozenset(("remove", "deal", "end_draws"))


CARD = Text(lambda c: c.cards)
SPECIES = Record({"id": ID, "owner": SEAT, "body": Whole(1, 6), "pop": Whole(1, 6), "food": Whole(0, 6),
                  "fat": Whole(0, 6), "traits": Items(CARD, most=3), "pending": Items(CARD, most=3),
                  "founded": Whole(1)})
SNAPSHOT = Record({"species": Items(SPECIES), "rows": per_seat(Items(ID)), "hand_sizes": per_seat(COUNT),
                   "bags": per_seat(COUNT)})
STATE = Record({
    "players": Whole(2, 6), "phase": Text(PHASES), "turn": Whole(1), "first": SEAT, "current": SEAT,
    "deck": Items(COUNT, length=lambda c: len(c.cards)), "deck_size": COUNT,
    "discard": Items(COUNT, length=lambda c: len(c.cards)), "removed": COUNT,
    "food_cards": per_seat(Text(lambda c: c.food_card_ids)), "watering": COUNT, "bags": per_seat(COUNT),
    "rows": per_seat(Items(ID)), "passes": Whole(0, lambda c: c.n), "done": per_seat(FLAG), "last_round": FLAG,
    "next_last": FLAG, "cycles": COUNT, "draw_queue": Items(SEAT_OR_NONE, most=1000), "winner": SEAT_OR_NONE,
    "winners": Items(SEAT, most=6), "next_uid": ID, "snapshot": OrNone(SNAPSHOT), "ruleset": Anything(),
    "hands": per_seat(Items(CARD)), "species": Items(SPECIES),
})


def _facts(rs):
    from .deck import CARD_INDEX
    return {"cards": CARD_INDEX, "food_card_ids": frozenset(CARD_INDEX) | {""}}


def _build(s, v, ctx):
    if v["snapshot"] is not None:
        s.snapshot = Snapshot.from_saved(v["snapshot"])
    s.hands = [list(h) for h in v["hands"]]
    s.discard = list(v["discard"])
    s.species = {}
    for i, sd in enumerate(v["species"]):
        if sd["id"] in s.species:
            ctx.fail(f"species[{i}].id", f"species {sd['id']} appears twice")
        s.species[sd["id"]] = _species(sd)


def _species(sd):
    sp = NSSpecies(sd["id"], sd["owner"], sd["founded"])
    for k in ("body", "pop", "food", "fat"):
        setattr(sp, k, sd[k])
    sp.traits, sp.pending = tuple(sd["traits"]), tuple(sd["pending"])
    return sp


def consistent(rs, s, ctx: Context, at_rest: bool = True):
    """Everything that must agree between the fields of a well-typed state."""
    _table(rs, s, s.species, s.rows, "", ctx)
    _cards(rs, s, ctx)
    _phase(rs, s, ctx, at_rest)
    _end(s, ctx)


def _table(rs, s, species, rows, where, ctx):
    """Species boards and rows: every board in its owner's row once, within the limits of a board."""
    from .deck import TRAIT_OF
    for seat, row in enumerate(rows):
        loading.unique(row, f"{where}rows[{seat}]", "species", ctx)
        for j, x in enumerate(row):
            if x not in species or species[x].owner != seat:
                ctx.fail(f"{where}rows[{seat}][{j}]", f"there is no species {x} of seat {seat}")
    loading.counter_ids(((f"{where}species[{i}].id", sp.id) for i, sp in enumerate(species.values())), s.next_uid,
                        ctx)
    for i, sp in enumerate(species.values()):
        p = f"{where}species[{i}]"
        if sp.id not in rows[sp.owner]:
            ctx.fail(f"{p}.owner", f"species {sp.id} is not in seat {sp.owner}'s row")
        if sp.food > sp.pop:
            ctx.fail(f"{p}.food", f"species {sp.id} holds {sp.food} food with Population {sp.pop}")
        names = [TRAIT_OF[c] for c in sp.traits + sp.pending]
        if len(set(names)) != len(names):
            ctx.fail(f"{p}.traits", f"species {sp.id} has two traits of one name")
        if len(names) > rs.limit:
            ctx.fail(f"{p}.traits", f"species {sp.id} has more than {rs.limit} traits")
        if sp.fat > fat_capacity(rs, sp):
            ctx.fail(f"{p}.fat", f"species {sp.id} stores fat without Fat Tissue room")
        if sp.founded > s.turn:
            ctx.fail(f"{p}.founded", f"round {sp.founded} is after the current round {s.turn}")


def _cards(rs, s, ctx):
    from .deck import CARD_IDS, CARD_INDEX
    if sum(s.deck) != s.deck_size:
        ctx.fail("deck_size", f"is {s.deck_size} but the deck counts add up to {sum(s.deck)}")
    if s.removed > rs.remove:
        ctx.fail("removed", f"{s.removed} cards removed unseen; this game removes {rs.remove}")
    used = [d + k for d, k in zip(s.deck, s.discard)]
    where = {}
    places = [(f"hands[{seat}][{j}]", c) for seat, h in enumerate(s.hands) for j, c in enumerate(h)]
    places += [(f"food_cards[{seat}]", c) for seat, c in enumerate(s.food_cards) if c]
    places += [(f"species[{i}].{k}[{j}]", c) for i, sp in enumerate(s.species.values())
               for k in ("traits", "pending") for j, c in enumerate(getattr(sp, k))]
    for path, c in places:
        used[CARD_INDEX[c]] += 1
        where.setdefault(c, path)
    for i, (u, c) in enumerate(zip(used, rs.copies)):
        if u > c:
            path = where.get(CARD_IDS[i], f"discard[{i}]" if s.discard[i] else f"deck[{i}]")
            ctx.fail(path, f"{u} copies of {CARD_IDS[i]!r} (deck {s.deck[i]}, discard pile {s.discard[i]}, "
                           f"in play {u - s.deck[i] - s.discard[i]}); the game has {c}")
    for seat, h in enumerate(s.hands):
        loading.in_order(h, CARD_INDEX, f"hands[{seat}]", ctx)
    if s.card_total() != rs.total_cards:
        ctx.fail("removed", f"the cards add up to {s.card_total()}; the game has {rs.total_cards}")


def _phase(rs, s, ctx, at_rest):
    """Draws, food cards, face-down traits and food on the boards fit the phase."""
    ph, n = s.phase, s.players
    q = s.draw_queue
    if q and ph not in _DRAWING and ph != "feeding":
        ctx.fail("draw_queue", f"no card is drawn in phase {ph!r}")
    if ph in _DRAWING and not q:
        ctx.fail("draw_queue", f"phase {ph!r} waits for draws, but none is queued")
    if q and s.deck_size == 0:
        ctx.fail("deck_size", "cards are owed but the deck is empty (it is reshuffled first)")
    if ph == "remove":
        if any(x != -1 for x in q) or s.removed + len(q) != rs.remove:
            ctx.fail("draw_queue", f"the removal takes {rs.remove} cards to nobody before the game")
    elif any(x < 0 for x in q):
        ctx.fail("draw_queue", "cards go to nobody only in the removal before the game")
    for seat, c in enumerate(s.food_cards):
        if c and ph not in ("select_food", "play_cards"):
            ctx.fail(f"food_cards[{seat}]", f"food cards lie face down only until feeding, not in {ph!r}")
        if c and ph == "select_food" and not s.done[seat]:
            ctx.fail(f"done[{seat}]", f"seat {seat} has chosen its food card")
    if ph == "select_food" and at_rest and (s.done[s.current] or not s.hands[s.current]):
        ctx.fail("current", f"seat {s.current} has no food card to choose")
    if ph == "play_cards" and at_rest and s.done[s.current]:
        ctx.fail("current", f"seat {s.current} has ended its Play Cards turn")
    if ph == "feeding" and at_rest and s.passes >= n:
        ctx.fail("passes", "feeding ends when every seat has passed in a row")
    for i, sp in enumerate(s.species.values()):
        if sp.pending and ph != "play_cards":
            ctx.fail(f"species[{i}].pending", f"traits lie face down only in Play Cards, not in {ph!r}")
        if sp.food and ph != "feeding":
            ctx.fail(f"species[{i}].food", f"food lies on a board only during feeding, not in {ph!r}")
    want = ph == "play_cards" and rs.simultaneous
    if at_rest and (s.snapshot is not None) != want:
        ctx.fail("snapshot", "the table seen by the others is kept exactly in a simultaneous Play Cards phase")
    if s.snapshot is not None:
        _snapshot(rs, s, ctx)


def _snapshot(rs, s, ctx):
    """The table as it was when the simultaneous Play Cards phase began: no board has gone since."""
    snap = s.snapshot
    species = {}
    for i, d in enumerate(snap["species"]):
        if d["id"] in species:
            ctx.fail(f"snapshot.species[{i}].id", f"species {d['id']} appears twice")
        species[d["id"]] = sp = _species(d)
        now = s.species.get(sp.id)
        if now is None or now.owner != sp.owner:
            ctx.fail(f"snapshot.species[{i}].id", f"species {sp.id} of seat {sp.owner} is not on the table")
    _table(rs, s, species, snap["rows"], "snapshot.", ctx)
    for seat in range(s.players):
        if snap["hand_sizes"][seat] < len(s.hands[seat]):
            ctx.fail(f"snapshot.hand_sizes[{seat}]", "hands only shrink while cards are played")
        if snap["bags"][seat] > s.bags[seat]:
            ctx.fail(f"snapshot.bags[{seat}]", "bags only fill while cards are played")


def _end(s, ctx):
    """A finished game names its winners (several on a shared win); an unfinished one names none."""
    if s.phase == "over":
        if not s.winners:
            ctx.fail("winners", "a finished game has its winners")
        if s.winner != (s.winners[0] if len(s.winners) == 1 else -1):
            ctx.fail("winner", "is the only winner, or -1 when the win is shared")
        if len(set(s.winners)) != len(s.winners):
            ctx.fail("winners", "must list different seats")
    elif s.winner != -1 or s.winners:
        ctx.fail("winner" if s.winner != -1 else "winners", f"the game is not over (phase {s.phase!r})")


STATE_FILE = loading.StateFile(NSState, _PLAIN, STATE, _build, consistent, _facts)


def state_from_dict(rs, d, prefix: str = ""):
    """Rebuild a state from its ``to_dict()`` form; ``SaveFileError`` naming the field (after ``prefix``)."""
    return STATE_FILE.read(rs, d, prefix)


def validate_state(rs, s, at_rest: bool = True):
    """Refuse (``SaveFileError`` naming the field) a state no game could reach (see ``StateFile.check``)."""
    STATE_FILE.check(rs, s, at_rest)

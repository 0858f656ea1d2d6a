"""Build a North Star position from a JSON-able description (see ``evolab.scenario``).

Keys: ``players`` (default 3), ``options``, ``phase`` ("feeding" default, "play_cards" or
``"select_food"``), ``turn``, ``first``, ``current``, ``last_round``, ``watering`` (plant food on the
Watering Hole), ``bags`` (food in each bag), ``hands`` (per seat: card ids ``"trait:food"`` or bare trait
ids), ``species``: ``{"id": 1, "owner": 0, "body": 3, "pop": 2, "food": 0, "fat": 0,
"traits": ["carnivore", "climbing:3"]}`` in row order per owner, and ``deck`` (draw-deck size; the other
unused cards go to the discard pile).

The description is read in full before anything is built (types, ranges, sizes); two traits of one name,
more traits than a board holds, food above Population or fat without Fat Tissue room are refused. Every
refusal is a ``ScenarioError`` naming the key and the rule.
"""
from __future__ import annotations

from ...validation import COUNT, FLAG, ID, SEAT, Anything, Items, Record, Text, Whole, per_seat
from .. import loading
from .state import NSSpecies
from .traits import fat_capacity

_SP = Record({"id": ID, "owner": SEAT, "body": Whole(1, 6), "pop": Whole(1, 6), "food": Whole(0, 6),
              "fat": Whole(0, 6), "traits": Items(Text(), most=3)},
             optional=("id", "owner", "body", "pop", "food", "fat", "traits"))
_CARDS = lambda c: c.cards  # noqa: E731  (no table holds more items than the game has cards)
_SPEC = Record({
    "players": Anything(), "options": Anything(), "phase": Text(("feeding", "play_cards", "select_food")),
    "turn": Whole(1), "first": SEAT, "current": SEAT, "last_round": FLAG, "watering": COUNT,
    "bags": per_seat(COUNT), "hands": per_seat(Items(Text(), most=_CARDS)), "species": Items(_SP, most=_CARDS),
    "deck": COUNT,
}, optional=("players", "options", "phase", "turn", "first", "current", "last_round", "watering", "bags",
             "hands", "species", "deck"))


def build(cls, spec):
    from .ruleset import CARD_INDEX, _seek, snapshot, validate_state
    rs, ctx = loading.open_scenario(cls, spec, set(_SPEC.fields), default_players=3)
    ctx.cards = rs.total_cards
    v = ctx.read(_SPEC, spec)
    n = rs.players
    s = rs.new_game()
    left = list(rs.copies)
    s.species, rows = {}, [[] for _ in range(n)]
    hands = v.get("hands", [() for _ in range(n)])
    s.hands = [sorted((_take(left, c, f"hands[{i}][{j}]", ctx) for j, c in enumerate(h)), key=CARD_INDEX.__getitem__)
               for i, h in enumerate(hands)]
    specs = v.get("species", ())
    turn = v.get("turn", 1)
    for k, d in enumerate(specs):
        sp = _species(rs, s, left, d, d.get("id", k + 1), turn, ctx, f"species[{k}]")
        s.species[sp.id] = sp
        rows[sp.owner].append(sp.id)
    s.rows = tuple(tuple(r) for r in rows)
    s.next_uid = max([d.get("id", 0) for d in specs] + [len(specs)]) + 1
    _deck(s, v, left, ctx)
    s.removed = 0
    s.draw_queue = ()
    s.turn, s.first = turn, v.get("first", 0)
    s.current = v.get("current", s.first)
    s.last_round = v.get("last_round", False)
    s.watering = v.get("watering", 0)
    s.bags = tuple(v.get("bags", (0,) * n))
    s.phase = v.get("phase", "feeding")
    s.done = (False,) * n

    def settle(s):
        if s.phase == "feeding":
            s.passes = 0
            _seek(rs, s, None)
        elif s.phase == "play_cards" and rs.simultaneous:
            s.snapshot = snapshot(s)
    return loading.settled(rs, s, ctx, validate_state, settle)


def _take(left, c, what, ctx):
    """One card out of the deck: a card id, or a trait's first card with a copy left."""
    from .deck import CARD_IDS, CARD_INDEX, TRAIT_OF
    if c in CARD_INDEX:
        i = CARD_INDEX[c]
        if left[i] == 0:
            ctx.fail(what, f"no copy of {c!r} is left")
    else:
        cands = [k for k, cid in enumerate(CARD_IDS) if TRAIT_OF[cid] == c and left[k]]
        if not cands:
            ctx.fail(what, f"{c!r} is not a card id or trait with a copy left")
        i = cands[0]
    left[i] -= 1
    return CARD_IDS[i]


def _species(rs, s, left, d, sid, turn, ctx, what):
    from .deck import TRAIT_OF
    if sid in s.species:
        ctx.fail(f"{what}.id", f"id {sid} is not new")
    sp = NSSpecies(sid, d.get("owner", 0), turn)
    sp.body, sp.pop = d.get("body", 1), d.get("pop", 1)
    sp.food, sp.fat = d.get("food", 0), d.get("fat", 0)
    sp.traits = tuple(_take(left, c, f"{what}.traits[{j}]", ctx) for j, c in enumerate(d.get("traits", ())))
    names = [TRAIT_OF[c] for c in sp.traits]
    if len(set(names)) != len(names):
        ctx.fail(f"{what}.traits", "a species never has two traits of the same name [northstar.trait-duplicate]")
    if len(names) > rs.limit:
        ctx.fail(f"{what}.traits", f"a species holds at most {rs.limit} traits [northstar.trait-limit]")
    if sp.food > sp.pop:
        ctx.fail(f"{what}.food", f"{sp.food} food on a species of Population {sp.pop}: a species eats up to "
                                 f"its Population, then stores fat [northstar.full]")
    if sp.fat > fat_capacity(rs, sp):
        ctx.fail(f"{what}.fat", "fat is stored only on Fat Tissue, up to the Body Size [northstar.fat_tissue]")
    return sp


def _deck(s, v, left, ctx):
    """The draw pile (the first cards of what is left, counted) and the discard pile (the rest)."""
    rest = sum(left)
    deck = v.get("deck", rest)
    if deck > rest:
        ctx.fail("deck", f"between 0 and {rest} cards remain, got {deck}")
    deck_counts, k = [0] * len(left), deck
    for i, c in enumerate(left):
        t = min(k, c)
        deck_counts[i] = t
        k -= t
    s.deck = tuple(deck_counts)
    s.deck_size = deck
    s.discard = [c - d for c, d in zip(left, deck_counts)]

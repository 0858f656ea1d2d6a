"""Build a *Random Mutations* position from a JSON-able description (see ``evolab.scenario``).

Keys: ``players``, ``options``, ``phase`` ("feeding" default, or "development"), ``turn``, ``first``,
``current``, ``last_turn``, ``red``/``green``/``black`` (tokens in the centre), ``player_decks`` (cards in
each blind player deck; default 7), ``discards``, ``deck`` (common deck size; default: the rest),
``move_main`` (the mover has taken his chip), and ``species``: a list of
``{"id": 1, "owner": 0, "traits": ["predator", "large"], "population": 2}`` or, to set tokens,
``"animals": [{"id": 11, "food": 1, "shelter": true, "parasites": 2, "fed_by_kill": false,
"attacked": false}, ...]``. Species are placed in each owner's row in list order.

The description is read in full before anything is built (types, ranges, no more species or animals than
the deck has cards); a trait twice on a species, two of Predator/Obligate Predator/Scavenger, or food
beyond an animal's need are refused. Every refusal is a ``ScenarioError`` naming the key and the rule.

In the Heredity variant (``options: {"heredity": true}``) traits and animals are copies, not cards: only
the mutation deck and its ``discards`` are counted (no player decks; leave ``deck`` out); an animal may
name its ``parent``; positions start at feeding.
"""
from __future__ import annotations

from ...validation import COUNT, FLAG, ID, SEAT, Anything, Items, Record, Text, Whole, per_seat
from .. import loading
from .deck import TRAIT_IDS
from .state import RMAnimal, Species
from .traits import EXCLUSIVE

_ANIMAL = Record({"id": ID, "food": COUNT, "red": COUNT, "blue": COUNT, "shelter": FLAG, "parasites": COUNT,
                  "fed_by_kill": FLAG, "attacked": FLAG, "parent": Whole(-1)},
                 optional=("id", "food", "red", "blue", "shelter", "parasites", "fed_by_kill", "attacked", "parent"))
_CARDS = lambda c: c.cards  # noqa: E731  (no table holds more items than the game has cards)
_SPECIES = Record({"id": ID, "owner": SEAT, "traits": Items(Text(), most=len(TRAIT_IDS)),
                   "population": Whole(1, _CARDS), "animals": Items(_ANIMAL, most=_CARDS)},
                  optional=("id", "owner", "traits", "population", "animals"))
_SPEC = Record({
    "players": Anything(), "options": Anything(), "phase": Text(("development", "feeding")), "turn": Whole(1),
    "first": SEAT, "current": SEAT, "last_turn": FLAG, "red": COUNT, "green": COUNT, "black": COUNT,
    "player_decks": per_seat(COUNT), "discards": per_seat(COUNT), "deck": COUNT, "move_main": FLAG,
    "species": Items(_SPECIES, most=_CARDS),
}, optional=("players", "options", "phase", "turn", "first", "current", "last_turn", "red", "green", "black",
             "player_decks", "discards", "deck", "move_main", "species"))


def build(cls, spec):
    rs, ctx = loading.open_scenario(cls, spec, set(_SPEC.fields))
    ctx.cards = rs.total_cards
    v = ctx.read(_SPEC, spec)
    n = rs.players
    from .ruleset import _dev_next, _seek, validate_state
    s = rs.new_game()
    s.species, s.animals, s.sets = {}, {}, {}
    s.rows = tuple(() for _ in range(n))
    if rs.heredity:
        _heredity_spec(rs, v, ctx)
    species_specs = v.get("species", ())
    if sum(len(d.get("animals", ())) or d.get("population", 1) for d in species_specs) > rs.total_cards:
        ctx.fail("species", f"more animals than the {rs.total_cards} cards of the deck")
    given = [d["id"] for d in species_specs if "id" in d]
    animal_ids = [a["id"] for d in species_specs for a in d.get("animals", ()) if "id" in a]
    table = _Table(rs, ctx, max(given + animal_ids + [len(species_specs)]) + 1)
    turn = v.get("turn", 1)
    rows: list[list] = [[] for _ in range(n)]
    for k, d in enumerate(species_specs):
        sp = _species(s, table, d, d.get("id", k + 1), turn, f"species[{k}]")
        rows[sp.owner].append(sp.id)
    s.rows = tuple(tuple(r) for r in rows)
    s.next_uid = table.uid
    _decks(rs, s, v, table, ctx)
    _turn_and_phase(rs, s, v, turn, ctx)

    def settle(s):
        if s.phase == "development":
            if s.pdecks[s.current] < 1:
                _dev_next(s, None)
        elif not s.move_main:
            _seek(rs, s, None)
    return loading.settled(rs, s, ctx, validate_state, settle)


def _heredity_spec(rs, v, ctx):
    """What a position of the Heredity variant cannot hold (the rest is as in the printed game)."""
    gens = rs.options["generations"]
    for key, why in (("player_decks", "there are no player decks"),
                     ("deck", "the mutation deck is every card not in the discards"),
                     ("last_turn", f"the last turn is generation {gens} (generations)")):
        if key in v:
            ctx.fail(key, f"in the Heredity variant {why}")
    if v.get("phase", "feeding") != "feeding":
        ctx.fail("phase", "the Heredity variant has no development phase (positions start at feeding)")
    if v.get("turn", 1) > gens:
        ctx.fail("turn", f"a generation 1..{gens} (generations)")


class _Table:
    """The cards as the description uses them up: hidden copies left of each trait, those revealed, and the next
    uid."""

    def __init__(self, rs, ctx, uid):
        self.ctx, self.heredity = ctx, rs.heredity
        self.hidden = list(rs.copies)
        self.revealed = 0
        self.uid = uid

    def new_uid(self):
        self.uid += 1
        return self.uid - 1


def _species(s, table, d, sid, turn, what):
    ctx = table.ctx
    owner = d.get("owner", 0)
    if sid in s.species or sid in s.animals:
        ctx.fail(f"{what}.id", f"id {sid} is not new")
    sp = Species(sid, owner, turn)
    sp.own = tuple(_own_traits(table, d, what))
    animals = d.get("animals")
    if animals is None:
        animals = [{} for _ in range(d.get("population", 1))]
    elif not animals:
        ctx.fail(f"{what}.animals", "a species has at least one animal")
    elif "population" in d and d["population"] != len(animals):
        ctx.fail(f"{what}.population", f"is {d['population']} but {len(animals)} animals are listed")
    ids: list[int] = []
    for j, ad in enumerate(animals):
        aid = ad.get("id")
        if aid is None:
            aid = table.new_uid()
        if aid in s.animals or aid in s.species or aid == sid or aid in ids:
            ctx.fail(f"{what}.animals[{j}].id", f"animal id {aid} is not new")
        s.animals[aid] = _animal(ad, aid, sid, owner, ctx, f"{what}.animals[{j}]")
        ids.append(aid)
    sp.animals = tuple(ids)
    s.species[sid] = sp
    need = s.ruleset.need(s, sp)
    sp.tcache = None
    for j, aid in enumerate(ids):
        a = s.animals[aid]
        if a.red + a.blue > need:
            key = "food" if "food" in animals[j] else "red"
            ctx.fail(f"{what}.animals[{j}].{key}", f"{a.red + a.blue} food on an animal that needs {need}: an "
                                                   f"animal takes food only while it is not fed [rm.fed]")
    return sp


def _own_traits(table, d, what):
    """(card uid, trait) of a species' own trait cards, checked as a play would check them (§5.2)."""
    ctx, own = table.ctx, []
    for j, t in enumerate(d.get("traits", ())):
        if t not in TRAIT_IDS:
            ctx.fail(f"{what}.traits[{j}]", f"unknown trait {t!r}; traits are {list(TRAIT_IDS)}")
        if any(t == x for _, x in own):
            ctx.fail(f"{what}.traits[{j}]",
                     f"the species already has {t}: a species cannot have two identical traits (§5.2)")
        if t in EXCLUSIVE and EXCLUSIVE.intersection(x for _, x in own):
            ctx.fail(f"{what}.traits[{j}]",
                     "a species may have at most one of Predator, Obligate Predator, Scavenger (§5.2)")
        i = TRAIT_IDS.index(t)
        if not table.heredity:                 # Heredity: a copy of a trait, not a card
            if table.hidden[i] == 0:
                ctx.fail(f"{what}.traits[{j}]", f"no card of {t!r} is left (the deck option sets the copies)")
            table.hidden[i] -= 1
            table.revealed += 1
        own.append((table.new_uid(), t))
    return own


def _animal(ad, aid, sid, owner, ctx, what):
    a = RMAnimal(aid, sid, owner)
    if "food" in ad and ("red" in ad or "blue" in ad):
        ctx.fail(f"{what}.food", "give either food or red/blue, not both")
    a.red = ad.get("red", ad.get("food", 0))
    a.blue = ad.get("blue", 0)
    a.parasites = ad.get("parasites", 0)
    a.shelter = ad.get("shelter", False)
    a.fed_by_kill = ad.get("fed_by_kill", False)
    a.attacked = ad.get("attacked", False)
    a.parent = ad.get("parent", -1)
    return a


def _decks(rs, s, v, table, ctx):
    """Hidden and revealed trait cards, player decks, discards, the common deck and the cards out of the game."""
    n, heredity, hidden = rs.players, rs.heredity, table.hidden
    s.hidden = tuple(hidden)
    s.revealed = table.revealed
    s.pdecks = tuple(v.get("player_decks", ((0 if heredity else 7),) * n))
    s.discards = tuple(v.get("discards", (0,) * n))
    if heredity:
        need = sum(s.discards)                 # the discarded mutation cards: from the end of the trait list
        if need > rs.total_cards:
            ctx.fail("discards", f"the deck has {rs.total_cards} cards")
        for i in range(len(hidden) - 1, -1, -1):
            t = min(need, hidden[i])
            hidden[i] -= t
            need -= t
        s.hidden = tuple(hidden)
        s.revealed = sum(s.discards)
    used = (0 if heredity else len(s.animals) + table.revealed) + sum(s.pdecks) + sum(s.discards)
    rest = rs.total_cards - used
    if rest < 0:
        ctx.fail("player_decks", f"the position uses {used} cards; the deck has {rs.total_cards}")
    deck = v.get("deck", rest)
    if deck > rest:
        ctx.fail("deck", f"between 0 and {rest} cards remain, got {deck}")
    s.deck_size = deck
    s.removed = rest - deck


def _turn_and_phase(rs, s, v, turn, ctx):
    s.turn = turn
    s.first = v.get("first", 0)
    s.current = v.get("current", s.first)
    s.last_turn = v.get("last_turn", False) if not rs.heredity else turn >= rs.options["generations"]
    s.red, s.green, s.black = v.get("red", 0), v.get("green", 0), v.get("black", 0)
    s.blue_out = sum(a.blue for a in s.animals.values())     # blue tokens already in play
    phase = v.get("phase", "feeding")
    s.phase = phase
    if phase == "feeding":
        s.round = 1
        s.move_main = v.get("move_main", False)
    else:
        for k in ("red", "green", "black", "move_main"):
            if v.get(k):
                ctx.fail(k, "the centre is filled in the climate phase and fed on after development")

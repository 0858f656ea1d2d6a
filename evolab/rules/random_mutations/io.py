"""Saved *Random Mutations* positions: every field of ``RMState.to_dict()`` read and checked.

A position is refused (``SaveFileError`` naming the field) unless every value has its exact type and range,
every species, animal, trait card and trait set it names exists and belongs where it is filed, the cards
(hidden, revealed, in play) add up to the deck, and the phase agrees with the choice in progress. The checks
run at load time only.
"""
from __future__ import annotations

from ...validation import (COUNT, FLAG, ID, SEAT, SEAT_OR_NONE, Anything, Context, Items, OrNone, Record, Row,
                           Text, Whole, per_seat)
from .. import loading
from .deck import TRAIT_IDS
from .state import _PLAIN, RMAnimal, RMState, Species
from .traits import DISCARDS, DODGERS, EXCLUSIVE, HUNTER_SET, NO_FOOD

PHASES = ("first_player", "development", "reveal", "climate_red", "climate_green", "climate_black", "feeding",
          "parasites", "tiebreak", "over", "reproduction")
#: Phases in which no animal holds a token or a mark of this turn's feeding.
_UNFED_PHASES = frozenset(("first_player", "development", "reveal", "climate_red", "climate_green",
                           "climate_black", "tiebreak", "over", "reproduction"))
#: Which centre tokens may be out in which phases (they are rolled red, green, black, then fed on).
_CENTRE = {"red": frozenset(("climate_green", "climate_black", "feeding")),
           "green": frozenset(("climate_black", "feeding")), "black": frozenset(("feeding",))}

TRAIT = Text(frozenset(TRAIT_IDS))
CARD = Row(ID, TRAIT)
SPECIES = Record({"id": ID, "owner": SEAT, "animals": Items(ID), "own": Items(CARD), "sets": Items(ID),
                  "founded": Whole(1), "parent": Whole(-1)})
ANIMAL = Record({"id": ID, "species": ID, "owner": SEAT, "red": COUNT, "blue": COUNT, "shelter": FLAG,
                 "parasites": COUNT, "fed_by_kill": FLAG, "attacked": FLAG, "parent": Whole(-1)}, optional=("parent",))
STATE = Record({
    "players": Whole(2, 8), "phase": Text(PHASES), "turn": Whole(1), "first": SEAT, "current": SEAT,
    "deck_size": COUNT, "pdecks": per_seat(COUNT), "hidden": Items(COUNT, length=len(TRAIT_IDS)),
    "revealed": COUNT, "discards": per_seat(COUNT), "removed": COUNT, "red": COUNT, "green": COUNT,
    "black": COUNT, "blue_out": COUNT, "passed": per_seat(FLAG), "passes": Whole(0, lambda c: c.n),
    "round": COUNT, "move_main": FLAG, "move_stomped": FLAG, "last_turn": FLAG, "winner": SEAT_OR_NONE,
    "tied": Items(SEAT, most=8), "next_uid": ID, "pending_play": OrNone(Row(SEAT, ID)),
    "attack": OrNone(Row(ID, ID)), "choose_victim": OrNone(Row(SEAT, ID, ID)), "scavenge": SEAT_OR_NONE,
    "simplify": OrNone(Row(SEAT, ID)), "parasite_queue": Items(Row(SEAT, Items(ID, most=1000)), most=1000),
    "rows": per_seat(Items(ID)), "ruleset": Anything(), "species": Items(SPECIES), "animals": Items(ANIMAL),
    "sets": Items(Row(ID, Items(CARD))),
    # the Heredity variant: the litters still to bear and the young waiting for nature's move (checked below)
    "litters": Items(Row(ID, Whole(1), ID)), "newborn": Items(Anything(), most=4),
})
#: Fields added after positions were first saved, and what a position without them means (``StateFile``'s later).
_LATER: dict[str, list] = {k: list(v) for k, v in RMState.LATER_FIELDS.items()}


def _build(s, v, ctx):
    s.species = {}
    for i, sd in enumerate(v["species"]):
        if sd["id"] in s.species:
            ctx.fail(f"species[{i}].id", f"species {sd['id']} appears twice")
        sp = Species(sd["id"], sd["owner"], sd["founded"], sd["parent"])
        sp.animals, sp.own, sp.sets = sd["animals"], sd["own"], sd["sets"]
        s.species[sp.id] = sp
    s.animals = {}
    for i, ad in enumerate(v["animals"]):
        if ad["id"] in s.animals:
            ctx.fail(f"animals[{i}].id", f"animal {ad['id']} appears twice")
        a = RMAnimal(ad["id"], ad["species"], ad["owner"])
        for k in RMAnimal.__slots__:
            setattr(a, k, ad.get(k, -1) if k == "parent" else ad[k])
        s.animals[a.id] = a
    s.sets = {}
    for i, (k, cards) in enumerate(v["sets"]):
        if k in s.sets:
            ctx.fail(f"sets[{i}][0]", f"trait set {k} appears twice")
        s.sets[k] = cards
    s.newborn = tuple(s.newborn)


def consistent(rs, s, ctx: Context, at_rest: bool = True):
    """Everything that must agree between the fields of a well-typed state."""
    _ids(s, ctx)
    _species(rs, s, ctx)
    _animals(rs, s, ctx)
    _cards(rs, s, ctx)
    _phase(rs, s, ctx, at_rest)
    if rs.heredity:
        _heredity(rs, s, ctx)
    elif s.phase == "reproduction" or s.litters or s.newborn:
        ctx.fail("phase" if s.phase == "reproduction" else "litters", "only the Heredity variant has young to bear")
    loading.game_end(s, ctx)
    if s.phase in ("tiebreak", "over") and not s.last_turn and not (rs.heredity and not s.animals):
        ctx.fail("last_turn", "the game ends only after its last turn"
                 + (" or when no animal is alive" if rs.heredity else ""))


def _heredity(rs, s, ctx):
    """The variant's own facts: no player decks or Divergence sets, the deck is what was never drawn."""
    from ..heredity import validate_reproduction
    if any(s.pdecks):
        ctx.fail("pdecks", "the Heredity variant has no player decks")
    if s.sets:
        ctx.fail("sets", "in the Heredity variant species split only by mutation, with their own copies of traits")
    if s.removed:
        ctx.fail("removed", "in the Heredity variant every card is in the mutation deck or its discards")
    if s.phase in ("development", "reveal"):
        ctx.fail("phase", "the Heredity variant has no development phase")
    if s.deck_size != sum(s.hidden):
        ctx.fail("deck_size", "the mutation deck is the cards never drawn")
    if s.revealed != sum(s.discards):
        ctx.fail("revealed", "every mutation card drawn is in a discard pile")
    try:
        validate_reproduction(rs, s, lambda aid: len(rs.traits_of(s, s.species[s.animals[aid].species])))
    except ValueError as e:
        ctx.fail("newborn" if "young" in str(e) or "nature" in str(e) else "litters", str(e))


STATE_FILE = loading.StateFile(RMState, _PLAIN, STATE, _build, consistent, later=RMState.LATER_FIELDS)


def state_from_dict(rs, d, prefix: str = ""):
    """Rebuild a state from its ``to_dict()`` form; ``SaveFileError`` naming the field (after ``prefix``)."""
    return STATE_FILE.read(rs, d, prefix)


def validate_state(rs, s, at_rest: bool = True):
    """Refuse (``SaveFileError`` naming the field) a state no game could reach (see ``StateFile.check``)."""
    STATE_FILE.check(rs, s, at_rest)


def _ids(s, ctx):
    """Species, animals, trait cards and trait sets take their ids from one counter: all different."""
    items = []
    for i, sp in enumerate(s.species.values()):
        items.append((f"species[{i}].id", sp.id))
        items.extend((f"species[{i}].own[{j}][0]", u) for j, (u, _) in enumerate(sp.own))
    items.extend((f"animals[{i}].id", a.id) for i, a in enumerate(s.animals.values()))
    for i, (k, cards) in enumerate(s.sets.items()):
        items.append((f"sets[{i}][0]", k))
        items.extend((f"sets[{i}][1][{j}][0]", u) for j, (u, _) in enumerate(cards))
    loading.counter_ids(items, s.next_uid, ctx)


def _species(rs, s, ctx):
    listed = {}
    users: dict = {}
    for seat, row in enumerate(s.rows):
        loading.unique(row, f"rows[{seat}]", "species", ctx)
        for j, x in enumerate(row):
            if x not in s.species or s.species[x].owner != seat:
                ctx.fail(f"rows[{seat}][{j}]", f"there is no species {x} of seat {seat}")
    for i, sp in enumerate(s.species.values()):
        p = f"species[{i}]"
        if not sp.animals:
            ctx.fail(f"{p}.animals", "a species has at least one animal")
        for j, aid in enumerate(sp.animals):
            a = s.animals.get(aid)
            if a is None:
                ctx.fail(f"{p}.animals[{j}]", f"there is no animal {aid}")
            if a.species != sp.id or a.owner != sp.owner:
                ctx.fail(f"{p}.animals[{j}]", f"animal {aid} belongs to another species or seat")
            if aid in listed:
                ctx.fail(f"{p}.animals[{j}]", f"animal {aid} is listed twice")
            listed[aid] = sp.id
        loading.unique(sp.sets, f"{p}.sets", "trait set", ctx)
        for j, k in enumerate(sp.sets):
            if k not in s.sets:
                ctx.fail(f"{p}.sets[{j}]", f"there is no trait set {k}")
            users.setdefault(k, set()).add(sp.owner)
        traits = [t for k in sp.sets for _, t in s.sets[k]] + [t for _, t in sp.own]
        if len(set(traits)) != len(traits):
            ctx.fail(f"{p}.own", f"species {sp.id} has a trait twice: a species cannot have two identical traits (§5.2)")
        if len(EXCLUSIVE.intersection(traits)) > 1:
            ctx.fail(f"{p}.own", "Predator, Obligate Predator and Scavenger exclude each other")
        if sp.founded > s.turn:
            ctx.fail(f"{p}.founded", f"turn {sp.founded} is after the current turn {s.turn}")
        if sp.parent == sp.id or sp.parent >= s.next_uid:
            ctx.fail(f"{p}.parent", f"{sp.parent} cannot be the parent of species {sp.id}")
        if sp.id not in s.rows[sp.owner]:
            ctx.fail(f"{p}.owner", f"species {sp.id} is not in seat {sp.owner}'s row")
    for i, k in enumerate(s.sets):
        owners = users.get(k)
        if not owners:
            ctx.fail(f"sets[{i}][0]", f"no species inherits trait set {k}")
        if len(owners) > 1:
            ctx.fail(f"sets[{i}][0]", f"trait set {k} is shared by species of different seats")


def _animals(rs, s, ctx):
    unfed = s.phase in _UNFED_PHASES
    for i, a in enumerate(s.animals.values()):
        p = f"animals[{i}]"
        sp = s.species.get(a.species)
        if sp is None or a.id not in sp.animals:
            ctx.fail(f"{p}.species", f"species {a.species} does not list animal {a.id}")
        if unfed:
            for k in ("red", "blue", "shelter", "parasites", "fed_by_kill", "attacked"):
                if getattr(a, k):
                    ctx.fail(f"{p}.{k}", f"no animal holds tokens or feeding marks in phase {s.phase!r}")
        traits = set(rs.traits_of(s, sp))
        if a.red + a.blue > rs.need(s, sp):
            ctx.fail(f"{p}.red" if a.red >= a.blue else f"{p}.blue",
                     f"animal {a.id} holds {a.red + a.blue} food but needs only {rs.need(s, sp)}")
        if a.fed_by_kill and NO_FOOD.isdisjoint(traits):
            ctx.fail(f"{p}.fed_by_kill", "only an Obligate Predator is fed by its kill")
        if a.attacked and not traits & HUNTER_SET:
            ctx.fail(f"{p}.attacked", "only a predator attacks")
    if s.blue_out < sum(a.blue for a in s.animals.values()):
        ctx.fail("blue_out", "fewer blue tokens are out than lie on the animals")
    if rs.blue_cap is not None and s.blue_out > rs.blue_cap:
        ctx.fail("blue_out", f"the box holds {rs.blue_cap} blue tokens")


def _cards(rs, s, ctx):
    """Hidden cards are those never turned up; the revealed ones on the table fit what is not hidden."""
    for i, (h, c) in enumerate(zip(s.hidden, rs.copies)):
        if h > c:
            ctx.fail(f"hidden[{i}]", f"{h} hidden {TRAIT_IDS[i]} cards; the deck has {c}")
    if sum(s.hidden) + s.revealed != rs.total_cards:
        ctx.fail("revealed", f"hidden ({sum(s.hidden)}) and revealed ({s.revealed}) cards must add up to the "
                             f"deck ({rs.total_cards})")
    shown = [0] * len(TRAIT_IDS)
    for cards in (list(s.sets.values()) + [sp.own for sp in s.species.values()]) if not rs.heredity else ():
        for _, t in cards:
            shown[TRAIT_IDS.index(t)] += 1
    for i, (k, c, h) in enumerate(zip(shown, rs.copies, s.hidden)):
        if k > c - h:
            ctx.fail(f"hidden[{i}]", f"{k} {TRAIT_IDS[i]} cards lie face up, but only {c - h} were ever revealed")
    if s.card_total() != rs.total_cards:
        ctx.fail("removed", f"the cards add up to {s.card_total()}; the deck has {rs.total_cards}")


def _phase(rs, s, ctx, at_rest):
    """The choice in progress (a reveal, an attack, a victim, a Scavenger, Simplification, parasites) fits the
    phase, and names seats, species and animals that exist and belong together."""
    ph = s.phase
    for colour, phases in _CENTRE.items():
        if getattr(s, colour) and ph not in phases:
            ctx.fail(colour, f"no {colour} token lies in the centre in phase {ph!r}")
    _development_choices(rs, s, ctx, at_rest)
    _feeding_choices(rs, s, ctx, at_rest)
    _parasite_choices(rs, s, ctx)


def _development_choices(rs, s, ctx, at_rest):
    """A card being turned up, the seat to play, and a Simplification discard."""
    ph = s.phase
    if (s.pending_play is not None) != (ph == "reveal"):
        ctx.fail("pending_play", "a card is being turned up exactly in phase 'reveal'")
    if s.pending_play is not None:
        seat, sid = s.pending_play
        if seat != s.current:
            ctx.fail("pending_play[0]", f"seat {seat} is not the seat playing ({s.current})")
        if sid not in s.rows[seat]:
            ctx.fail("pending_play[1]", f"there is no species {sid} of seat {seat}")
    if ph == "development" and s.simplify is None and at_rest:
        if s.passed[s.current]:
            ctx.fail("current", f"seat {s.current} has passed for this development phase")
        if s.pdecks[s.current] < 1:
            ctx.fail("current", f"seat {s.current} has no card left to play")
    if s.simplify is not None:
        seat, sid = s.simplify
        if ph != "development" or rs.options["simplification_rule"] != "discard_one_trait":
            ctx.fail("simplify", "Simplification discards a trait during development, when its rule is on")
        if seat != s.current:
            ctx.fail("simplify[0]", f"seat {seat} is not the seat playing ({s.current})")
        if sid not in s.rows[seat]:
            ctx.fail("simplify[1]", f"there is no species {sid} of seat {seat}")
        if DISCARDS.keys().isdisjoint(rs.traits_of(s, s.species[sid])):      # the trait that asked for it
            ctx.fail("simplify[1]", f"species {sid} has no Simplification")


def _feeding_choices(rs, s, ctx, at_rest):
    """An attack waiting for a die, a victim to choose, a Scavenger to choose: only in feeding, one at a time."""
    ph = s.phase
    feeding = ph == "feeding"
    if feeding and at_rest and s.passes >= s.players:
        ctx.fail("passes", "feeding ends when every seat has passed in a row")
    for name in ("attack", "choose_victim"):
        if getattr(s, name) is not None and not feeding:
            ctx.fail(name, f"only in feeding, not in phase {ph!r}")
    if s.scavenge >= 0 and not feeding:
        ctx.fail("scavenge", f"a Scavenger is chosen only in feeding, not in phase {ph!r}")
    busy = [k for k in ("attack", "choose_victim") if getattr(s, k) is not None] + (["scavenge"] if s.scavenge >= 0 else [])
    if len(busy) > 1:
        ctx.fail(busy[1], f"cannot be in progress together with {busy[0]}")
    if s.attack is not None:
        aid, sid = s.attack
        _predator(rs, s, aid, "attack[0]", ctx)
        target = s.species.get(sid)
        if target is None or target.id == s.animals[aid].species:
            ctx.fail("attack[1]", f"species {sid} cannot be under this animal's attack")
        tt = rs.traits_of(s, target)
        if not any(t in tt for t, _offers in DODGERS):        # a trait whose defence waits for a die (Running)
            ctx.fail("attack[1]", "an attack waits for a die only when the target has Running")
        if not rs._victims(s, target):
            ctx.fail("attack[1]", f"species {sid} has no animal the attack could take (all sheltered or burrowed)")
    if s.choose_victim is not None:
        seat, sid, aid = s.choose_victim
        target = s.species.get(sid)
        if target is None:
            ctx.fail("choose_victim[1]", f"there is no species {sid}")
        if target.owner != seat:
            ctx.fail("choose_victim[0]", f"seat {seat} does not own species {sid}")
        _predator(rs, s, aid, "choose_victim[2]", ctx)
        if s.animals[aid].species == sid:
            ctx.fail("choose_victim[2]", "a predator never attacks its own species")


def _parasite_choices(rs, s, ctx):
    """The species whose animals a seat must choose to lose to parasites."""
    if (s.phase == "parasites") != bool(s.parasite_queue):
        ctx.fail("parasite_queue", "parasites are chosen exactly in phase 'parasites'")
    if s.parasite_queue and not rs.options["parasite_rule_enabled"]:
        ctx.fail("parasite_queue", "the parasite rule is off in this game")
    for j, (seat, sids) in enumerate(s.parasite_queue):
        if not sids:
            ctx.fail(f"parasite_queue[{j}][1]", "names no species")
        loading.unique(sids, f"parasite_queue[{j}][1]", "species", ctx)
        for m, sid in enumerate(sids):
            if sid not in s.rows[seat]:
                ctx.fail(f"parasite_queue[{j}][1][{m}]", f"there is no species {sid} of seat {seat}")


def _predator(rs, s, aid, path, ctx):
    a = s.animals.get(aid)
    if a is None:
        ctx.fail(path, f"there is no animal {aid}")
    sp = s.species[a.species]
    if not set(rs.traits_of(s, sp)) & HUNTER_SET or not a.attacked:
        ctx.fail(path, f"animal {aid} is not a predator that has attacked")

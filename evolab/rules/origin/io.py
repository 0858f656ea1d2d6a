"""Saved *Origin of Species* positions: every field of ``OriginState.to_dict()`` read and checked.

A position is refused (``SaveFileError`` naming the field) unless every value has its exact type and range,
every id it names exists, the cards add up to the deck, and the phase agrees with what is pending; a
position that loads can be played on. The checks run at load time only, never on the engine's hot path.
"""
from __future__ import annotations

from ...actions import Attack, BurnFat, Graze, Hibernate, Pirate, TakeFood
from ...validation import (COUNT, FLAG, ID, SEAT, SEAT_OR_NONE, Anything, Context, Items, MoveSpec, OrNone,
                           Record, Row, Text, Whole, per_seat)
from .. import loading
from .deck import CARD_BY_ID, CARD_INDEX, CARDS
from .state import _PLAIN, Animal, AttackState, Link, OriginState, TraitCard
from .traits import ATTACK_BITS, BIT, EXCLUDES, PAIR_TRAITS, ROLLERS, SLEEP_BITS, TRAITS, TRIGGERED

PHASES = ("deal", "first_player", "choose", "development", "food", "feeding", "draw", "tiebreak", "over",
          "reproduction")
#: Phases before any food is taken this turn: no animal holds food or a per-turn mark.
_UNFED_PHASES = frozenset(("deal", "first_player", "development", "food"))
#: Phases each scenario passes through (extinction is never a resting point).
_SCENARIO_PHASES = {
    "base": frozenset(("deal", "first_player", "development", "food", "feeding", "draw", "tiebreak", "over")),
    "fatality": frozenset(("deal", "first_player", "food", "development", "feeding", "tiebreak", "over")),
    "equilibrium": frozenset(("choose", "first_player", "food", "development", "feeding", "tiebreak", "over")),
    "heredity": frozenset(("first_player", "food", "feeding", "reproduction", "tiebreak", "over")),
}
_FEEDING_MOVES = (TakeFood, Attack, BurnFat, Graze, Pirate, Hibernate)

CARD = Text(frozenset(CARD_BY_ID))
ANIMAL = Record({
    "id": ID, "owner": SEAT, "cards": Items(Row(ID, CARD, Text(frozenset(TRAITS)))), "red": COUNT, "blue": COUNT,
    "fat": COUNT, "attacked": FLAG, "pirated": FLAG, "grazed": Whole(-1), "hibernating": FLAG,
    "hibernated_turn": Whole(-9), "poisoned": FLAG, "mimicked_turn": Whole(-1), "links": Items(ID), "born": COUNT,
    "parent": Whole(-1)}, optional=("parent",))
LINK = Record({"uid": ID, "card": CARD, "trait": Text(PAIR_TRAITS), "a": ID, "b": ID, "fired": Whole(-1)})
ATTACK = Record({"predator": ID, "prey": ID, "targeted": Items(ID, most=100), "ran": Items(ID, most=100),
                 "mimicked": Items(ID, most=100), "rolling": FLAG})
STATE = Record({
    "players": Whole(2, 8), "phase": Text(PHASES), "turn": Whole(1), "first": SEAT, "current": SEAT,
    "deck": Items(COUNT, length=len(CARDS)), "deck_size": COUNT, "discards": per_seat(COUNT), "food_bank": COUNT,
    "passed": per_seat(FLAG), "passes": Whole(0, lambda c: c.n), "round": COUNT, "epoch": COUNT,
    "move_main": FLAG, "move_any": FLAG, "move_ate": FLAG, "ending": FLAG, "last_turn": FLAG,
    "scavenge": SEAT_OR_NONE, "pending": Items(Row(ID, ID, COUNT), most=1000), "draw_owed": per_seat(COUNT),
    "draw_seat": SEAT, "next_uid": ID, "winner": SEAT_OR_NONE, "tied": Items(SEAT, most=8), "removed": COUNT,
    "rolled": FLAG, "played": per_seat(COUNT), "choose_owed": per_seat(COUNT), "next_last": FLAG,
    "ruleset": Anything(), "hands": per_seat(Items(CARD)), "pools": OrNone(per_seat(Items(CARD))),
    "animals": Items(ANIMAL), "links": Items(LINK), "attack": OrNone(ATTACK),
    "barred": OrNone(per_seat(Items(MoveSpec(_FEEDING_MOVES, lambda c: c.field_types), most=1000))),
    # the Heredity variant: the litters still to bear and the young waiting for nature's move (checked below)
    "litters": Items(Row(ID, Whole(1), ID)), "newborn": Items(Anything(), most=4),
})
#: Fields added after positions were first saved, and what a position without them means (``StateFile``'s later).
_LATER: dict[str, list] = {k: list(v) for k, v in OriginState.LATER_FIELDS.items()}


def _build(s, v, ctx):
    s.hands = [list(h) for h in v["hands"]]
    s.pools = [list(p) for p in v["pools"]] if v["pools"] is not None else None
    s.animals = {}
    for i, ad in enumerate(v["animals"]):
        if ad["id"] in s.animals:
            ctx.fail(f"animals[{i}].id", f"animal {ad['id']} appears twice")
        a = Animal(ad["id"], ad["owner"], ad["born"], ad.get("parent", -1))
        a.set_cards(tuple(TraitCard(*c) for c in ad["cards"]))
        for k in ("red", "blue", "fat", "attacked", "pirated", "grazed", "hibernating", "hibernated_turn",
                  "poisoned", "mimicked_turn", "links"):
            setattr(a, k, ad[k])
        s.animals[a.id] = a
    s.links = {}
    for i, ld in enumerate(v["links"]):
        if ld["uid"] in s.links:
            ctx.fail(f"links[{i}].uid", f"pair card {ld['uid']} appears twice")
        s.links[ld["uid"]] = Link(ld["uid"], ld["card"], ld["trait"], ld["a"], ld["b"], ld["fired"])
    at = v["attack"]
    s.attack = None
    if at is not None:
        s.attack = AttackState(at["predator"], at["prey"])
        s.attack.targeted, s.attack.ran, s.attack.mimicked = at["targeted"], at["ran"], at["mimicked"]
        s.attack.rolling = at["rolling"]
    s.barred = [set(b) for b in v["barred"]] if v["barred"] is not None else None
    s.newborn = tuple(s.newborn)


def consistent(rs, s, ctx: Context, at_rest: bool = True):
    """Everything that must agree between the fields of a well-typed state."""
    scen = "heredity" if rs.heredity else rs.options["scenario"]
    if s.phase not in _SCENARIO_PHASES[scen]:
        ctx.fail("phase", f"a {scen!r} game never rests in phase {s.phase!r}")
    if rs.heredity:
        _heredity(rs, s, ctx)
    elif s.litters or s.newborn:
        ctx.fail("litters" if s.litters else "newborn", "only the Heredity variant has young waiting to be born")
    _cards(rs, s, ctx)
    _uids(s, ctx)
    _animals(rs, s, ctx)
    _links(s, ctx)
    _turn_marks(rs, s, ctx, at_rest)
    _feeding(rs, s, ctx, at_rest)
    loading.game_end(s, ctx)
    if s.phase in ("tiebreak", "over") and not s.last_turn and not (rs.heredity and not s.animals):
        ctx.fail("last_turn", "the game ends only after its last turn"
                 + (" or when no animal is alive" if rs.heredity else ""))


STATE_FILE = loading.StateFile(OriginState, _PLAIN, STATE, _build, consistent,
                               lambda rs: {"field_types": rs.field_types}, later=OriginState.LATER_FIELDS)


def state_from_dict(rs, d, prefix: str = ""):
    """Rebuild a state from its ``to_dict()`` form; ``SaveFileError`` naming the field (after ``prefix``)."""
    return STATE_FILE.read(rs, d, prefix)


def validate_state(rs, s, at_rest: bool = True):
    """Refuse (``SaveFileError`` naming the field) a state no game could reach (see ``StateFile.check``)."""
    STATE_FILE.check(rs, s, at_rest)


def _cards(rs, s, ctx):
    """Every card is somewhere exactly once: deck, hands, gene pools, table, discard piles, out of the game."""
    for i, (k, c) in enumerate(zip(s.deck, rs.copies)):
        if k > c:
            ctx.fail(f"deck[{i}]", f"{k} copies of {CARDS[i].id!r}; the game has {c}")
    if sum(s.deck) != s.deck_size:
        ctx.fail("deck_size", f"is {s.deck_size} but the deck counts add up to {sum(s.deck)}")
    equilibrium = rs.options["scenario"] == "equilibrium"
    if (s.pools is not None) != equilibrium:
        ctx.fail("pools", "an Equilibrium game has one gene pool per seat" if equilibrium
                 else "only an Equilibrium game has gene pools")
    used = list(s.deck)
    where = {}
    for seat, h in enumerate(s.hands):
        loading.in_order(h, CARD_INDEX, f"hands[{seat}]", ctx)
        for j, c in enumerate(h):
            used[CARD_INDEX[c]] += 1
            where.setdefault(c, f"hands[{seat}][{j}]")
    for seat, p in enumerate(s.pools or ()):
        for j, c in enumerate(p):
            used[CARD_INDEX[c]] += 1
            where.setdefault(c, f"pools[{seat}][{j}]")
    for i, a in enumerate(s.animals.values() if not rs.heredity else ()):   # Heredity: copies, not cards
        for j, c in enumerate(a.cards):
            used[CARD_INDEX[c.card]] += 1
            where.setdefault(c.card, f"animals[{i}].cards[{j}]")
    for i, l in enumerate(s.links.values() if not rs.heredity else ()):
        used[CARD_INDEX[l.card]] += 1
        where.setdefault(l.card, f"links[{i}].card")
    for i, (u, c) in enumerate(zip(used, rs.copies)):
        if u > c:
            ctx.fail(where.get(CARDS[i].id, f"deck[{i}]"), f"{u} copies of {CARDS[i].id!r} are in play; the game has {c}")
    total = s.card_total()
    if total != len(rs.deck):
        ctx.fail("removed", f"the cards add up to {total} (deck, hands, table, discards, removed); "
                            f"the game has {len(rs.deck)}")


def _heredity(rs, s, ctx):
    """The variant's own facts: no hands, no cards out of the game, young waiting only in reproduction."""
    from ..heredity import validate_reproduction
    for seat, h in enumerate(s.hands):
        if h:
            ctx.fail(f"hands[{seat}]", "the Heredity variant has no cards in hand (the deck is only the source "
                                       "of mutations)")
    if s.removed:
        ctx.fail("removed", "in the Heredity variant every card is in the mutation deck or its discards")
    try:
        validate_reproduction(rs, s, lambda aid: len(s.animals[aid].cards))
    except ValueError as e:
        ctx.fail("newborn" if "young" in str(e) or "nature" in str(e) else "litters", str(e))


def _uids(s, ctx):
    """Animals, trait cards and pair cards take their ids from one counter: all different, all below it."""
    items = []
    for i, a in enumerate(s.animals.values()):
        items.append((f"animals[{i}].id", a.id))
        items.extend((f"animals[{i}].cards[{j}][0]", c.uid) for j, c in enumerate(a.cards))
    items.extend((f"links[{i}].uid", l.uid) for i, l in enumerate(s.links.values()))
    loading.counter_ids(items, s.next_uid, ctx)


def _animals(rs, s, ctx):
    phase = s.phase
    for i, a in enumerate(s.animals.values()):
        p = f"animals[{i}]"
        singles = 0
        for j, c in enumerate(a.cards):
            rule = TRAITS[c.trait]
            if c.trait not in CARD_BY_ID[c.card].traits:
                ctx.fail(f"{p}.cards[{j}][2]", f"the card {c.card!r} has no side {c.trait!r}")
            if rule.kind == "pair":
                ctx.fail(f"{p}.cards[{j}][2]", f"{rule.name} is a pair trait: it lies on a link, not under one animal")
            bit = BIT[c.trait]
            if singles & bit and not rule.stackable:
                ctx.fail(f"{p}.cards[{j}][2]", f"animal {a.id} has {rule.name} twice [origin.placement.duplicate]")
            if singles & EXCLUDES[c.trait]:
                ctx.fail(f"{p}.cards[{j}][2]", "Carnivorous and Scavenger cannot be on the same animal "
                                               "[origin.placement.exclusive]")
            singles |= bit
        if a.red + a.blue > a.need:
            ctx.fail(f"{p}.red" if a.red >= a.blue else f"{p}.blue",
                     f"animal {a.id} holds {a.red + a.blue} food but needs only {a.need}")
        if a.fat > a.fat_cards:
            ctx.fail(f"{p}.fat", f"animal {a.id} stores {a.fat} fat on {a.fat_cards} Fat Tissue card(s)")
        if a.born > s.turn:
            ctx.fail(f"{p}.born", f"turn {a.born} is after the current turn {s.turn}")
        for k in ("hibernated_turn", "mimicked_turn"):
            if getattr(a, k) > s.turn:
                ctx.fail(f"{p}.{k}", f"turn {getattr(a, k)} is after the current turn {s.turn}")
        mark = s.round if rs.options["grazing_limit"] == "per_round" else s.turn
        if a.grazed > mark:
            ctx.fail(f"{p}.grazed", f"grazed in {a.grazed}, later than now ({mark})")
        if a.hibernating and not a.mask & SLEEP_BITS:
            ctx.fail(f"{p}.hibernating", f"animal {a.id} has no Hibernation Ability")
        if a.hibernating and a.hibernated_turn != s.turn:
            ctx.fail(f"{p}.hibernated_turn", "a hibernating animal fell asleep this turn")
        if phase in _UNFED_PHASES:
            for k in ("red", "blue", "attacked", "pirated", "hibernating", "poisoned"):
                if getattr(a, k):
                    ctx.fail(f"{p}.{k}", f"no animal has food or marks of feeding in phase {phase!r}")
        loading.unique(a.links, f"{p}.links", "pair card", ctx)
        for j, u in enumerate(a.links):
            l = s.links.get(u)
            if l is None or a.id not in (l.a, l.b):
                ctx.fail(f"{p}.links[{j}]", f"animal {a.id} names a pair card {u} that does not link it")


def _links(s, ctx):
    pairs = set()
    for i, l in enumerate(s.links.values()):
        p = f"links[{i}]"
        if l.trait not in CARD_BY_ID[l.card].traits:
            ctx.fail(f"{p}.trait", f"the card {l.card!r} has no side {l.trait!r}")
        for end in ("a", "b"):
            x = s.animals.get(getattr(l, end))
            if x is None:
                ctx.fail(f"{p}.{end}", f"there is no animal {getattr(l, end)}")
            if l.uid not in x.links:
                ctx.fail(f"{p}.{end}", f"animal {x.id} does not list pair card {l.uid}")
        if l.a == l.b:
            ctx.fail(f"{p}.b", "a pair card links two different animals")
        if s.animals[l.a].owner != s.animals[l.b].owner:
            ctx.fail(f"{p}.b", "a pair card links two animals of the same owner")
        key = (l.trait, frozenset((l.a, l.b)))
        if key in pairs:
            ctx.fail(f"{p}.trait", f"animals {l.a} and {l.b} are linked by {l.trait} twice")
        pairs.add(key)
        if l.fired > s.epoch:
            ctx.fail(f"{p}.fired", f"fired in epoch {l.fired}, later than now ({s.epoch})")


def _turn_marks(rs, s, ctx, at_rest):
    """Dealing, choosing, rolling and the end of the game leave marks that must fit the phase."""
    n, scen, phase = s.players, rs.options["scenario"], s.phase
    if any(s.draw_owed) and phase not in ("deal", "draw"):
        ctx.fail("draw_owed", f"cards are owed only while dealing, not in phase {phase!r}")
    if phase in ("deal", "draw") and s.draw_owed[s.draw_seat] < 1:
        ctx.fail("draw_seat", f"seat {s.draw_seat} is owed no card")
    if phase == "deal" and (s.turn != 1 or s.animals):
        ctx.fail("phase", "the deal comes before the first turn's animals")
    if any(s.choose_owed) and phase != "choose":
        ctx.fail("choose_owed", f"cards are chosen only in phase 'choose', not {phase!r}")
    if phase == "choose":
        if s.choose_owed[s.draw_seat] < 1:
            ctx.fail("draw_seat", f"seat {s.draw_seat} has no card left to choose")
        for seat in range(n):
            if s.choose_owed[seat] > len(s.pools[seat]):
                ctx.fail(f"choose_owed[{seat}]", "more cards to choose than the gene pool holds")
    if s.rolled and scen == "base":
        ctx.fail("rolled", "only the Fatality and Equilibrium scenarios roll the food bank before development")
    if s.next_last and scen != "equilibrium":
        ctx.fail("next_last", "only an Equilibrium game announces its last turn in advance")
    if s.food_bank and not (phase == "feeding" or (phase == "development" and s.rolled)):
        ctx.fail("food_bank", f"the food bank holds food only from its roll to the end of feeding, not in {phase!r}")
    if phase == "development" and at_rest:
        if s.passed[s.current]:
            ctx.fail("current", f"seat {s.current} has passed for this development phase")
        if not s.hands[s.current]:
            ctx.fail("current", f"seat {s.current} has no card to play")
    if s.barred is not None:
        if not rs.options["feeding_pass_is_final"]:
            ctx.fail("barred", "only feeding_pass_is_final bars actions")
        if phase in _UNFED_PHASES and any(s.barred):
            ctx.fail("barred", f"nothing is barred before feeding (phase {phase!r})")
    elif rs.options["feeding_pass_is_final"]:
        ctx.fail("barred", "feeding_pass_is_final keeps one list of barred actions per seat")


def _feeding(rs, s, ctx, at_rest):
    """The attack, Scavenger choice and pair-card triggers in progress exist only in feeding, and agree."""
    feeding = s.phase == "feeding"
    if feeding and at_rest and s.passes >= s.players:
        ctx.fail("passes", "feeding ends when every seat has passed in a row")
    at = s.attack
    if at is not None:
        if not feeding:
            ctx.fail("attack", f"an attack is resolved only in feeding, not in {s.phase!r}")
        pred, prey = s.animals.get(at.predator), s.animals.get(at.prey)
        if pred is None:
            ctx.fail("attack.predator", f"there is no animal {at.predator}")
        if prey is None:
            ctx.fail("attack.prey", f"there is no animal {at.prey}")
        if pred is prey:
            ctx.fail("attack.prey", "a carnivore cannot attack itself")
        if not pred.mask & ATTACK_BITS or not pred.attacked:
            ctx.fail("attack.predator", f"animal {pred.id} is not a Carnivorous animal that has attacked")
        for k in ("targeted", "ran", "mimicked"):
            for j, x in enumerate(getattr(at, k)):
                if x not in s.animals or x == pred.id:
                    ctx.fail(f"attack.{k}[{j}]", f"{x} is not an animal this attack could have targeted")
        if not at.targeted or at.targeted[-1] != at.prey:
            ctx.fail("attack.targeted", "the last animal targeted is the prey")
        if any(x not in at.targeted for x in at.ran + at.mimicked):
            ctx.fail("attack.ran", "only a targeted animal can have run or mimicked")
        if at.rolling and not any(prey.mask & bit and offers(s, at, prey) for bit, offers in ROLLERS):
            ctx.fail("attack.rolling", f"animal {prey.id} has no Running left to roll for")
        if s.scavenge >= 0:
            ctx.fail("scavenge", "a Scavenger is chosen only after the attack")
        if s.pending:
            ctx.fail("pending", "pair-card triggers wait until the attack is over")
    if s.scavenge >= 0 and not feeding:
        ctx.fail("scavenge", f"a Scavenger is chosen only in feeding, not in {s.phase!r}")
    if s.pending and not feeding:
        ctx.fail("pending", f"pair-card triggers wait only in feeding, not in {s.phase!r}")
    seen = set()
    for j, (u, src, epoch) in enumerate(s.pending):
        l = s.links.get(u)
        if l is None:
            ctx.fail(f"pending[{j}][0]", f"there is no pair card {u}")
        if l.trait not in TRIGGERED:
            ctx.fail(f"pending[{j}][0]", f"{TRAITS[l.trait].name} has no trigger")
        if src not in (l.a, l.b):
            ctx.fail(f"pending[{j}][1]", f"animal {src} is not linked by pair card {u}")
        if epoch > s.epoch:
            ctx.fail(f"pending[{j}][2]", f"epoch {epoch} is later than now ({s.epoch})")
        if (u, src) in seen:
            ctx.fail(f"pending[{j}]", f"the trigger of pair card {u} from animal {src} is queued twice")
        seen.add((u, src))

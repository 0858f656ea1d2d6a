"""Build an *Origin of Species* position from a JSON-able description (see ``evolab.scenario``).

The whole description is read first (types, ranges, sizes: nothing is built from a table larger than the
deck), then the table is built, checking what no real table can show (a trait twice on one animal,
Carnivorous with Scavenger, food beyond need, fat beyond Fat Tissue), and finally the position is checked
as a saved one would be. Every refusal is a ``ScenarioError`` naming the key and the rule.

In the Heredity variant (``options: {"heredity": true}``) traits on animals are copies, not cards: animals
use no card, there are no hands, the mutation deck is every card not in the discards, an animal may name its
``parent`` and the generation it was ``born``, and positions start at feeding.
"""
from __future__ import annotations

from ...validation import COUNT, FLAG, ID, SEAT, Anything, Items, OrNone, Record, Row, Text, Whole, per_seat
from .. import loading
from .deck import CARD_BY_ID, CARD_INDEX, CARDS
from .state import Animal, Link, TraitCard
from .traits import BIT, EXCLUDES, TRAITS

_ANIMAL = Record({"id": ID, "owner": SEAT, "traits": Items(Text(), most=40), "food": COUNT, "red": COUNT,
                  "blue": COUNT, "fat": COUNT, "hibernating": FLAG, "hibernated_turn": Whole(-9),
                  "attacked": FLAG, "pirated": FLAG, "poisoned": FLAG, "grazed": Whole(-1), "parent": Whole(-1),
                  "born": COUNT},
                 optional=("id", "owner", "traits", "food", "red", "blue", "fat", "hibernating", "hibernated_turn",
                           "attacked", "pirated", "poisoned", "grazed", "parent", "born"))
_LINK = Record({"trait": Text(), "animals": Row(ID, ID), "protector": ID, "protected": ID},
               optional=("animals", "protector", "protected"))
_CARDS = lambda c: len(c.deck)  # noqa: E731  (no table holds more items than the game has cards)
_SPEC = Record({
    "players": Anything(), "options": Anything(), "phase": Text(("development", "feeding")), "turn": Whole(1),
    "first": SEAT, "current": SEAT, "food_bank": COUNT, "last_turn": FLAG,
    "hands": per_seat(Items(Text(), most=_CARDS)), "animals": Items(_ANIMAL, most=_CARDS),
    "links": Items(_LINK, most=_CARDS), "discards": per_seat(COUNT), "deck": OrNone(Anything()),
    "move_main": FLAG, "passed": per_seat(FLAG),
}, optional=("players", "options", "phase", "turn", "first", "current", "food_bank", "last_turn", "hands",
             "animals", "links", "discards", "deck", "move_main", "passed"))


def build(ruleset_cls, spec: dict):
    rs, ctx = loading.open_scenario(ruleset_cls, spec, set(_SPEC.fields))
    ctx.deck = rs.deck
    v = ctx.read(_SPEC, spec)
    n = rs.players
    s = rs.new_game()
    s.animals = {}                     # the variant's founders give way to the animals described here
    cards = _Cards(rs, ctx)
    turn = v.get("turn", 1)
    if rs.heredity:
        _heredity_spec(rs, v, ctx)
    for seat, h in enumerate(v.get("hands", [() for _ in range(n)])):
        for j, c in enumerate(h):
            cards.take(c, f"hands[{seat}][{j}]")
        s.hands[seat] = sorted(h, key=CARD_INDEX.__getitem__)
    animals = v.get("animals", ())
    ids = [ad.get("id", k + 1) for k, ad in enumerate(animals)]
    cards.uid = max(ids + [0]) + 1           # trait cards and new animals come after
    for k, ad in enumerate(animals):
        if ids[k] in s.animals:
            ctx.fail(f"animals[{k}].id", f"animal {ids[k]} appears twice")
        s.animals[ids[k]] = _animal(cards, ad, ids[k], turn, f"animals[{k}]")
    for k, ld in enumerate(v.get("links", ())):
        _link(s, cards, ld, f"links[{k}]")
    s.next_uid = cards.uid
    _deck_and_discards(s, v, cards.left, ctx)
    _turn_and_phase(rs, s, v, turn, ctx)
    from .ruleset import validate_state
    return loading.settled(rs, s, ctx, validate_state, _settle_start)


class _Cards:
    """The deck as the description uses it up: copies left of each card, and the next card uid."""

    def __init__(self, rs, ctx):
        self.ctx, self.heredity = ctx, rs.heredity
        self.left = list(rs.copies)
        self.uid = 1

    def take(self, card, what):
        if self.heredity:              # a copy of a trait, not a card from the deck
            return
        i = CARD_INDEX.get(card)
        if i is None:
            self.ctx.fail(what, f"unknown card {card!r}; cards are {[c.id for c in CARDS]}")
        if self.left[i] == 0:
            self.ctx.fail(what, f"no copy of {card!r} is left in the deck")
        self.left[i] -= 1

    def card_for(self, trait, what):
        """(trait, card) for ``trait`` or ``trait:card``: the named card, else the first with copies left."""
        ctx = self.ctx
        if ":" in trait:
            trait, card = trait.split(":", 1)
            if card not in CARD_BY_ID or trait not in CARD_BY_ID[card].traits:
                ctx.fail(what, f"the card {card!r} has no side {trait!r}")
            self.take(card, what)
            return trait, card
        if trait not in TRAITS:
            ctx.fail(what, f"unknown trait {trait!r}; traits are {sorted(TRAITS)}")
        options_ = sorted((c for c in CARDS if trait in c.traits), key=lambda c: (len(c.traits), CARD_INDEX[c.id]))
        if self.heredity:
            return trait, options_[0].id
        for c in options_:
            if self.left[CARD_INDEX[c.id]]:
                self.take(c.id, what)
                return trait, c.id
        ctx.fail(what, f"every card with {trait!r} is already used")

    def animal_card(self, what):
        """The face-down card under a new animal (any kind: it never matters which)."""
        if self.heredity:
            return
        left = self.left
        body = max(range(len(left)), key=lambda i: (left[i], -i))
        if left[body] == 0:
            self.ctx.fail(what, "no card is left to be the animal")
        left[body] -= 1


def _animal(cards, ad, aid, turn, what):
    ctx = cards.ctx
    a = Animal(aid, ad.get("owner", 0), ad.get("born", turn), ad.get("parent", -1))
    cards.animal_card(what)
    a.set_cards(tuple(_trait_cards(cards, ad, what)))
    if "food" in ad and ("red" in ad or "blue" in ad):
        ctx.fail(f"{what}.food", "give either food or red/blue, not both")
    a.red = ad.get("red", ad.get("food", 0))
    a.blue = ad.get("blue", 0)
    a.fat = ad.get("fat", 0)
    if a.red + a.blue > a.need:
        key = "food" if "food" in ad else "red"
        ctx.fail(f"{what}.{key}", f"{a.red + a.blue} food on an animal that needs {a.need}: an animal never "
                                  f"holds more food than it needs (more goes on Fat Tissue as fat) [origin.feeding.fed]")
    if a.fat > a.fat_cards:
        ctx.fail(f"{what}.fat", f"{a.fat} fat on {a.fat_cards} Fat Tissue card(s): each card stores one "
                                f"[origin.fat_tissue]")
    for key in ("hibernating", "attacked", "pirated", "poisoned"):
        setattr(a, key, ad.get(key, False))
    a.hibernated_turn = ad.get("hibernated_turn", turn if a.hibernating else -9)
    a.grazed = ad.get("grazed", -1)
    return a


def _trait_cards(cards, ad, what):
    """The single-trait cards of one described animal, checked as placement checks them."""
    out, mask = [], 0
    for j, t in enumerate(ad.get("traits", ())):
        trait, card = cards.card_for(t, f"{what}.traits[{j}]")
        if TRAITS[trait].kind == "pair":
            cards.ctx.fail(f"{what}.traits[{j}]", f"{trait} is a pair trait; put it in 'links'")
        if mask & BIT[trait] and not TRAITS[trait].stackable:
            cards.ctx.fail(f"{what}.traits[{j}]", f"the animal already has {TRAITS[trait].name} "
                                                  f"[origin.placement.duplicate]")
        if mask & EXCLUDES[trait]:
            cards.ctx.fail(f"{what}.traits[{j}]", "Carnivorous and Scavenger cannot be on the same animal "
                                                  "[origin.placement.exclusive]")
        mask |= BIT[trait]
        out.append(TraitCard(cards.uid, card, trait))
        cards.uid += 1
    return out


def _link(s, cards, ld, what):
    ctx = cards.ctx
    trait, card = ld["trait"], None
    if ":" in trait:
        trait, card = trait.split(":", 1)
    if trait not in TRAITS or TRAITS[trait].kind != "pair":
        ctx.fail(f"{what}.trait", f"{trait!r} is not a pair trait (communication, cooperation, symbiosis)")
    if TRAITS[trait].extra.get("directed"):
        if "animals" in ld or "protector" not in ld or "protected" not in ld:
            ctx.fail(what, f"a {TRAITS[trait].name} link names its 'protector' and its 'protected' animal")
        pair = (ld["protector"], ld["protected"])
    else:
        if "animals" not in ld or "protector" in ld or "protected" in ld:
            ctx.fail(what, f"a {TRAITS[trait].name} link names its two 'animals'")
        pair = ld["animals"]
    if pair[0] not in s.animals or pair[1] not in s.animals or pair[0] == pair[1]:
        ctx.fail(what, "name two different animals of the table")
    if s.animals[pair[0]].owner != s.animals[pair[1]].owner:
        ctx.fail(what, "a pair trait links two animals of the same owner [origin.placement.own]")
    trait, card = cards.card_for(trait + (":" + card if card else ""), f"{what}.trait")
    link = Link(cards.uid, card, trait, *pair)
    cards.uid += 1
    s.links[link.uid] = link
    for aid in pair:
        s.animals[aid].links += (link.uid,)


def _deck_and_discards(s, v, left, ctx):
    discards = v.get("discards", (0,) * s.players)
    rest = sum(left) - sum(discards)
    if rest < 0:
        ctx.fail("discards", "more cards than remain outside hands and table")
    s.discards = tuple(discards)
    # the discards take cards from the end of the card list (which cards they are never matters)
    need = sum(discards)
    for i in range(len(left) - 1, -1, -1):
        t = min(need, left[i])
        left[i] -= t
        need -= t
    s.deck = tuple(_deck(v.get("deck"), left, rest, ctx))
    s.deck_size = sum(s.deck)
    s.removed = sum(left) - s.deck_size


def _turn_and_phase(rs, s, v, turn, ctx):
    n = rs.players
    s.turn = turn
    s.first = v.get("first", 0)
    s.current = v.get("current", s.first)
    s.last_turn = v.get("last_turn", False) if not rs.heredity else turn >= rs.options["generations"]
    s.draw_owed = (0,) * n
    phase = v.get("phase", "feeding")
    s.phase = phase
    if phase == "feeding":
        s.food_bank = v.get("food_bank", 0)
        s.round = s.epoch = 1
        s.move_main = s.move_any = v.get("move_main", False)
        s.move_ate = s.move_main
        if "passed" in v:
            ctx.fail("passed", "passing in development is final; in feeding give 'current' instead")
    else:
        if "food_bank" in v:
            ctx.fail("food_bank", "the food bank is rolled after development")
        if "move_main" in v:
            ctx.fail("move_main", "a main action is taken in feeding, not in development")
        s.passed = tuple(v.get("passed", (False,) * n))


def _heredity_spec(rs, v, ctx):
    """What a position of the Heredity variant cannot hold (the rest is as in the printed game)."""
    gens = rs.options["generations"]
    if any(v.get("hands", ())):
        ctx.fail("hands", "the Heredity variant has no cards in hand (the deck is only the source of mutations)")
    if v.get("deck") is not None:
        ctx.fail("deck", "in the Heredity variant the mutation deck is every card not in the discards (leave deck "
                         "out; give discards to make it smaller)")
    if "last_turn" in v:
        ctx.fail("last_turn", f"in the Heredity variant the last turn is generation {gens} (generations)")
    if v.get("turn", 1) > gens:
        ctx.fail("turn", f"a generation 1..{gens} (generations)")
    if v.get("phase", "feeding") != "feeding":
        ctx.fail("phase", "the Heredity variant has no development phase (positions start at feeding)")


def _deck(deck, left, rest, ctx):
    """The draw deck's counts: the rest (null), a number of cards, or {card id: count}."""
    if deck is None:
        return left
    if type(deck) is int:
        if not 0 <= deck <= rest:
            ctx.fail("deck", f"between 0 and {rest} cards remain for the deck, got {deck}")
        counts, k = [0] * len(left), deck
        for i, c in enumerate(left):
            counts[i] = min(k, c)
            k -= counts[i]
        return counts
    if type(deck) is dict:
        counts = [0] * len(left)
        for c, k in deck.items():
            i = CARD_INDEX.get(c)
            if i is None:
                ctx.fail(f"deck.{c}", f"unknown card {c!r}")
            if type(k) is not int or not 0 <= k <= left[i]:
                ctx.fail(f"deck.{c}", f"between 0 and {left[i]} copies are left, got {k!r}")
            counts[i] = k
        return counts
    ctx.fail("deck", "null (the rest), a number of cards, or {card: count}")


def _settle_start(s):
    """A new position starts at a real decision: seats with nothing to do pass, as in play."""
    from . import phases as R
    if s.phase == "development":
        if s.passed[s.current] or not s.hands[s.current]:
            R._dev_next(s, None)
    else:
        if s.move_main:
            R._settle(s, None)
        else:
            R._seek_actor(s, None)

"""Build an *Origin of Species* position from a JSON-able description (see ``evolab.scenario``)."""
from __future__ import annotations

from ...errors import ScenarioError
from .deck import CARD_BY_ID, CARD_INDEX, CARDS
from .state import Animal, Link, TraitCard
from .traits import TRAITS

_ANIMAL_KEYS = {"id", "owner", "traits", "food", "red", "blue", "fat", "hibernating", "hibernated_turn",
                "attacked", "pirated", "poisoned", "grazed", "parent", "born"}
_TOP_KEYS = {"players", "options", "phase", "turn", "first", "current", "food_bank", "last_turn", "hands",
             "animals", "links", "discards", "deck", "move_main", "passed"}


def build(ruleset_cls, spec: dict):
    """A position of the printed game, or of the Heredity variant (``options: {"heredity": true}``), where
    traits on animals are copies, not cards: only the mutation deck and its discards are counted."""
    if not isinstance(spec, dict):
        raise ScenarioError("a scenario is a dict (JSON object)")
    unknown = set(spec) - _TOP_KEYS
    if unknown:
        raise ScenarioError(f"unknown scenario key(s) {sorted(unknown)}; allowed: {sorted(_TOP_KEYS)}")
    options = dict(spec.get("options", {}))
    if "players" in spec:
        options["players"] = spec["players"]
    rs = ruleset_cls.load(**options)
    n = rs.players
    s = rs.new_game()
    s.animals = {}                     # a variant's founders are replaced by the animals described here
    s.next_uid = 1
    left = list(rs.copies)
    heredity = rs.heredity

    def take(card, what):
        if heredity:                   # a copy of a trait, not a card from the deck
            return
        i = CARD_INDEX.get(card)
        if i is None:
            raise ScenarioError(f"{what}: unknown card {card!r}; cards are {[c.id for c in CARDS]}")
        if left[i] == 0:
            raise ScenarioError(f"{what}: no copy of {card!r} is left in the deck")
        left[i] -= 1

    def card_for(trait, what):
        if ":" in trait:
            trait, card = trait.split(":", 1)
            if card not in CARD_BY_ID or trait not in CARD_BY_ID[card].traits:
                raise ScenarioError(f"{what}: the card {card!r} has no side {trait!r}")
            take(card, what)
            return trait, card
        if trait not in TRAITS:
            raise ScenarioError(f"{what}: unknown trait {trait!r}; traits are {sorted(TRAITS)}")
        options_ = sorted((c for c in CARDS if trait in c.traits), key=lambda c: (len(c.traits), CARD_INDEX[c.id]))
        if heredity:
            return trait, options_[0].id
        for c in options_:
            if left[CARD_INDEX[c.id]]:
                take(c.id, what)
                return trait, c.id
        raise ScenarioError(f"{what}: every card with {trait!r} is already used")

    hands = spec.get("hands", [[] for _ in range(n)])
    if heredity and any(hands):
        raise ScenarioError("hands: the Heredity variant has no cards in hand (the deck is only the source of mutations)")
    if len(hands) != n:
        raise ScenarioError(f"hands: give one list per player ({n})")
    for seat, h in enumerate(hands):
        for c in h:
            take(c, f"hand of seat {seat}")
        s.hands[seat] = sorted(h, key=CARD_INDEX.__getitem__)

    uid = 1
    ids = [a.get("id", k + 1) for k, a in enumerate(spec.get("animals", [])) if isinstance(a, dict)]
    uid = max([i for i in ids if isinstance(i, int)] + [0]) + 1   # trait cards and new animals come after
    for k, ad in enumerate(spec.get("animals", [])):
        what = f"animal #{k + 1}"
        if not isinstance(ad, dict):
            raise ScenarioError(f"{what}: describe an animal as a dict")
        bad = set(ad) - _ANIMAL_KEYS
        if bad:
            raise ScenarioError(f"{what}: unknown key(s) {sorted(bad)}; allowed: {sorted(_ANIMAL_KEYS)}")
        aid = ad.get("id", k + 1)
        if not isinstance(aid, int) or aid < 1 or aid in s.animals:
            raise ScenarioError(f"{what}: id must be a new positive whole number, got {aid!r}")
        owner = ad.get("owner", 0)
        if not isinstance(owner, int) or not 0 <= owner < n:
            raise ScenarioError(f"{what}: owner must be a seat 0..{n - 1}")
        a = Animal(aid, owner, ad.get("born", spec.get("turn", 1)), ad.get("parent", -1))
        if not isinstance(a.born, int) or not isinstance(a.parent, int) or a.parent < -1:
            raise ScenarioError(f"{what}: born must be a turn and parent an animal id (or -1)")
        if not heredity:
            body = max(range(len(left)), key=lambda i: (left[i], -i))   # the face-down card: any kind
            if left[body] == 0:
                raise ScenarioError(f"{what}: no card is left to be the animal")
            left[body] -= 1
        cards = []
        for t in ad.get("traits", []):
            trait, card = card_for(t, what)
            if TRAITS[trait].kind == "pair":
                raise ScenarioError(f"{what}: {trait} is a pair trait; put it in 'links'")
            cards.append(TraitCard(uid, card, trait))
            uid += 1
        a.set_cards(tuple(cards))
        if "food" in ad and ("red" in ad or "blue" in ad):
            raise ScenarioError(f"{what}: give either food or red/blue, not both")
        a.red = ad.get("red", ad.get("food", 0))
        a.blue = ad.get("blue", 0)
        a.fat = ad.get("fat", 0)
        if min(a.red, a.blue, a.fat) < 0 or a.fat > a.fat_cards:
            raise ScenarioError(f"{what}: tokens must be >= 0 and fat at most its Fat Tissue cards ({a.fat_cards})")
        for key in ("hibernating", "attacked", "pirated", "poisoned"):
            setattr(a, key, bool(ad.get(key, False)))
        a.hibernated_turn = ad.get("hibernated_turn", spec.get("turn", 1) if a.hibernating else -9)
        a.grazed = ad.get("grazed", -1)
        s.animals[aid] = a

    for k, ld in enumerate(spec.get("links", [])):
        what = f"link #{k + 1}"
        trait = ld.get("trait", "")
        card = None
        if ":" in trait:
            trait, card = trait.split(":", 1)
        if trait not in TRAITS or TRAITS[trait].kind != "pair":
            raise ScenarioError(f"{what}: {trait!r} is not a pair trait (communication, cooperation, symbiosis)")
        if trait == "symbiosis":
            pair = (ld.get("protector"), ld.get("protected"))
        else:
            pair = tuple(ld.get("animals", ()))
        if len(pair) != 2 or pair[0] not in s.animals or pair[1] not in s.animals or pair[0] == pair[1]:
            raise ScenarioError(f"{what}: name two different animals of the table")
        if s.animals[pair[0]].owner != s.animals[pair[1]].owner:
            raise ScenarioError(f"{what}: a pair trait links two animals of the same owner")
        trait, card = card_for(trait + (":" + card if card else ""), what)
        l = Link(uid, card, trait, *pair)
        uid += 1
        s.links[l.uid] = l
        for aid in pair:
            s.animals[aid].links += (l.uid,)
    s.next_uid = uid

    discards = spec.get("discards", [0] * n)
    if len(discards) != n or any(not isinstance(d, int) or d < 0 for d in discards):
        raise ScenarioError("discards: one whole number >= 0 per player")
    s.discards = tuple(discards)
    deck = spec.get("deck")
    rest = sum(left) - sum(discards)
    if rest < 0:
        raise ScenarioError("discards: more cards than remain outside hands and table")
    # the discards take cards from the end of the card list (which cards they are never matters)
    need = sum(discards)
    for i in range(len(left) - 1, -1, -1):
        t = min(need, left[i])
        left[i] -= t
        need -= t
    if heredity and deck is not None:
        raise ScenarioError("deck: in the Heredity variant the mutation deck is every card not in the discards "
                            "(leave deck out; give discards to make it smaller)")
    if deck is None:
        deck_counts = left
    elif isinstance(deck, int):
        if not 0 <= deck <= rest:
            raise ScenarioError(f"deck: between 0 and {rest} cards remain for the deck")
        deck_counts, k = [0] * len(left), deck
        for i, c in enumerate(left):
            t = min(k, c)
            deck_counts[i] = t
            k -= t
    elif isinstance(deck, dict):
        deck_counts = [0] * len(left)
        for c, k in deck.items():
            i = CARD_INDEX.get(c)
            if i is None or not isinstance(k, int) or not 0 <= k <= left[i]:
                raise ScenarioError(f"deck: {c!r} x {k!r} is not available")
            deck_counts[i] = k
    else:
        raise ScenarioError("deck: null (the rest), a number of cards, or {card: count}")
    s.deck = tuple(deck_counts)
    s.deck_size = sum(deck_counts)
    s.removed = sum(left) - s.deck_size

    s.turn = spec.get("turn", 1)
    s.first = spec.get("first", 0)
    s.current = spec.get("current", s.first)
    if not (0 <= s.first < n and 0 <= s.current < n):
        raise ScenarioError(f"first and current must be seats 0..{n - 1}")
    s.last_turn = bool(spec.get("last_turn", False))
    if heredity:
        gens = rs.options["generations"]
        if "last_turn" in spec:
            raise ScenarioError(f"last_turn: in the Heredity variant the last turn is generation {gens} (generations)")
        if not isinstance(s.turn, int) or not 1 <= s.turn <= gens:
            raise ScenarioError(f"turn: a generation 1..{gens} (generations)")
        s.last_turn = s.turn >= gens
    s.draw_owed = (0,) * n
    phase = spec.get("phase", "feeding")
    if phase == "feeding":
        s.phase = "feeding"
        s.food_bank = spec.get("food_bank", 0)
        if not isinstance(s.food_bank, int) or s.food_bank < 0:
            raise ScenarioError("food_bank must be a whole number >= 0")
        s.round = s.epoch = 1
        s.move_main = s.move_any = bool(spec.get("move_main", False))
        s.move_ate = s.move_main
    elif phase == "development" and heredity:
        raise ScenarioError("phase: the Heredity variant has no development phase (positions start at feeding)")
    elif phase == "development":
        s.phase = "development"
        if "food_bank" in spec:
            raise ScenarioError("food_bank: the food bank is rolled after development")
        s.passed = tuple(bool(x) for x in spec.get("passed", [False] * n))
    else:
        raise ScenarioError(f"phase must be 'development' or 'feeding', got {phase!r}")
    try:
        from .ruleset import validate_state
        validate_state(rs, s)
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    _settle_start(s)
    return s


def _settle_start(s):
    """A new position starts at a real decision: seats with nothing to do pass, as in play."""
    from . import ruleset as R
    if s.phase == "development":
        if s.passed[s.current] or not s.hands[s.current]:
            R._dev_next(s, None)
    else:
        if s.move_main:
            R._settle(s, None)
        else:
            R._seek_actor(s, None)

"""The 17 traits of North Star *Evolution* (second-edition texts), with one-line biology hints, and each trait's
rules on its entry: defences (``defence``) and what it does at a step of the game (``on``: a kill's meat, the
reveal, an intake, an attack's size, room and storage for food, Intelligence's card and who may use it). The
attack, feeding, play, check, move-list, saved-game and presentation code loops over tables built from the
entries and names none of these traits."""
from __future__ import annotations

import itertools

from ...actions import Hunt, interned
from ...events import AnimalBorn, FoodLost, Scavenged
from ..base import Defence, TraitRule, defence_hooks, trigger_hooks
from .deck import CARD_INDEX, TRAIT_IDS, _add
from .state import TRAIT_BITS

_Hunt = interned(Hunt)

_TEXT = {
    "carnivore": ("Predators eat meat, never plants.",
                  "Feeds only by attacking a smaller species; meat = the prey's Body Size."),
    "ambush": ("Hiding and pouncing beats an alarm call.", "When attacking, ignores Warning Call."),
    "burrowing": ("A well-fed animal can stay safe in its burrow.", "Cannot be attacked while its food equals its Population."),
    "climbing": ("Climbing out of reach of predators that cannot climb.", "Only a climbing Carnivore can attack it."),
    "cooperation": ("Animals that share food help neighbours survive.",
                    "When it takes food, the species to its right takes 1 from the same source."),
    "defensive_herding": ("Safety in numbers: herds protect their members.",
                          "The attacker must have a greater Population."),
    "fat_tissue": ("Stored fat carries an animal through lean times.",
                   "Full, it keeps eating and stores food up to its Body Size; stored food feeds it next round."),
    "fertile": ("More offspring when food is plentiful.",
                "Population +1 before food is revealed, if the Watering Hole has food."),
    "foraging": ("Efficient foragers find more food.", "Takes 1 more plant food whenever it eats plants."),
    "hard_shell": ("Armour makes an animal too big to swallow.", "Counts as 4 larger when attacked."),
    "horns": ("Weapons make an attack costly.", "An attacker loses 1 Population."),
    "intelligence": ("Clever animals find food and outwit defences.",
                     "Discard a card: take 2 plant food from the Food Bank, or (Carnivore) cancel one defence."),
    "long_neck": ("Reaching food others cannot.", "Takes 1 plant food from the Food Bank before food is revealed."),
    "pack_hunting": ("Hunting in groups brings down big prey.", "Attack size = Body Size + Population."),
    "scavenger": ("Scavengers eat what predators leave.", "Takes 1 meat whenever any Carnivore attacks successfully."),
    "symbiosis": ("Living beside a bigger partner gives protection.",
                  "Cannot be attacked while the species to its right is larger."),
    "warning_call": ("Alarm calls warn neighbours of danger.",
                     "Its neighbours can be attacked only by a Carnivore with Ambush."),
}
# ---- defences (§5.3, §11): ``offers(s, attacker, target) -> int`` protections that stop the attack besides size;
# ``size(rs, target) -> int`` added to the target's size; ``resolve(rs, s, attacker, target, ev, wound)`` after
# the attack is made. Intelligence may cancel any of them for one attack (``CANCELLABLE``).
def _climbing(s, a, t) -> int:
    return "climbing" in t.names and "climbing" not in a.names


def _burrowing(s, a, t) -> int:
    return "burrowing" in t.names and t.food >= t.pop


def _defensive_herding(s, a, t) -> int:
    return "defensive_herding" in t.names and not a.pop > t.pop


def _symbiosis(s, a, t) -> int:
    if "symbiosis" not in t.names:
        return 0
    row = s.rows[t.owner]
    i = row.index(t.id)
    return i + 1 < len(row) and s.species[row[i + 1]].body > t.body


def _warning_call(s, a, t) -> int:
    """Each Warning Call neighbour protects (and is cancelled) on its own; Ambush ignores them all."""
    if "ambush" in a.names:
        return 0
    row, species = s.rows[t.owner], s.species
    i = row.index(t.id)
    return ((i > 0 and "warning_call" in species[row[i - 1]].names)
            + (i + 1 < len(row) and "warning_call" in species[row[i + 1]].names))


def _hard_shell(rs, t) -> int:
    return rs.options["hard_shell_bonus"]


def _horns(rs, s, a, t, ev, wound) -> None:
    wound(rs, s, a, ev, "horns")            # the prey's horns wound the attacker before it eats


# ---- triggers (``TraitRule.on``), by step:
# "reveal" (rs, s, sp, ev): when food is revealed (§5.1), species by species, in ``REVEAL_ORDER`` on each;
# "intake" (rs, kind, source, why) -> int: extra food in one intake (§5.4); "shared" (rs, s, sp, kind, source, ev):
# after an intake that took food; "carrion" (rs, s, sp, ev): after any attack, on each species with the trait.
def _fertile(rs, s, sp, ev):
    if (s.watering > 0 or not rs.options["fertile_needs_food"]) and sp.pop < 6:
        sp.pop += 1
        if ev is not None:
            ev.append(AnimalBorn(sp.owner, sp.id, s.turn))


def _long_neck(rs, s, sp, ev):
    if not sp.has("carnivore"):
        F._take(rs, s, sp, "plant", "bank", ev, "long_neck")


def _fat_tissue(rs, s, sp, ev):
    """Stored fat feeds the species before any food is taken."""
    if sp.fat:
        move = min(sp.fat, max(0, sp.pop - sp.food))
        sp.fat -= move
        sp.food += move


def _foraging(rs, kind, source, why) -> int:
    return kind == "plant" and (rs.options["foraging_everywhere"] or (source == "hole" and why != "cooperation"))


def _cooperation(rs, s, sp, kind, source, ev):
    """The species to its right takes 1 of the same kind from the same source (which may chain on)."""
    row = s.rows[sp.owner]
    i = row.index(sp.id)
    if i + 1 < len(row):
        F._take(rs, s, s.species[row[i + 1]], kind, source, ev, "cooperation")


def _scavenger(rs, s, sp, ev):
    if F._take(rs, s, sp, "meat", "bank", ev, "scavenger") and ev is not None:
        ev.append(Scavenged(sp.id))


# "attack_size" (rs, a) -> int: what the trait adds to its species' attack size (§5.3);
# "room" (rs, sp) -> int: food the species may take beyond its Population; "store" (rs, s, sp) -> bool: keeps
# one food beyond its Population (True: stored); "replaced" (rs, s, sp, ev): its card has just been replaced.
def _pack_hunting(rs, a) -> int:
    """Attack size = Body Size + Population (or +3 with the other printing's text)."""
    return a.pop if rs.options["pack_hunting_variant"] == "population" else 3


def _fat_room(rs, sp) -> int:
    """Full, it keeps eating: fat up to its Body Size."""
    return max(0, sp.body - sp.fat)


def _fat_store(rs, s, sp) -> bool:
    if sp.fat < sp.body:
        sp.fat += 1
        return True
    return False


def _fat_replaced(rs, s, sp, ev):
    """§4.3: fat on a replaced Fat Tissue is lost (to the bag when fat scores or with ``replaced_fat_to_bag``)."""
    if sp.fat:
        if rs.options["score_fat"] or rs.options["replaced_fat_to_bag"]:
            s.bags = _add(s.bags, sp.owner, sp.fat)
        elif ev is not None:
            ev.append(FoodLost(sp.id, sp.fat))
        sp.fat = 0


def _fat_holds(rs, sp) -> int:
    """The most fat it stores: its Body Size (``room`` is what is left of it; the board shows as many slots)."""
    return sp.body


# "meal" (rs, s, a, t, ev): what a successful attack of ``a`` on ``t`` gives ``a`` (§5.3); a trait with one is a
# hunter (``HUNTERS``): its species feeds only on meat, by attacking, and never eats plant food.
def _carnivore_meal(rs, s, a, t, ev):
    """Meat = the prey's Body Size, in one intake (nothing if Horns killed the attacker)."""
    F._take(rs, s, a, "meat", "bank", ev, "carnivore", t.body)


# Intelligence (§6, UNCERTAIN: both printings' texts are options): "think" (rs, s, sp, ev) what a discarded card
# gives a species that eats plants, and "may_think" (sp) the key of the rule that stops ``sp`` doing it (or
# None); "hunts" (rs, s, a, t, hand) -> the attacks its cards open on ``t``, and "cards" (rs, s, seat, sp, cards,
# cancelled) -> (key or None, fields) the rules of the cards such an attack discards.
def _intelligence_think(rs, s, sp, ev):
    """2 plant food from the Food Bank, in one take (Foraging adds 1 once, Cooperation fires once)."""
    F._take(rs, s, sp, "plant", "bank", ev, "intelligence", 2)


def _may_think(sp):
    """Only a species that eats plants: a hunter (Carnivore) uses its cards against protections instead."""
    return "northstar.intelligence.carnivore" if not HUNTERS.isdisjoint(sp.names) else None


def _cards_rule(rs, s, seat, sp, cards, cancelled):
    """The cards of an attack: held, in the deck's order, one per cancelled protection (one Intelligence may
    cancel), one per use unless the first-edition text is in play."""
    hand = list(s.hands[seat])
    for c in cards:
        if c not in hand:
            return "northstar.card.not-in-hand", {"card": repr(c)}
        hand.remove(c)
    if list(cards) != sorted(cards, key=CARD_INDEX.__getitem__):
        return "northstar.intelligence.cards-order", {}
    if len(cards) != len(cancelled) or any(d not in CANCELLABLE for d in cancelled):
        return "northstar.intelligence.cancel", {}
    return card_count_rule(rs, len(cards)), {}


def _cancellable(rs, s, a, t):
    """The target's protections Intelligence may cancel (Horns too; one entry per Warning Call)."""
    out = [d for d in CANCELLABLE if t.has(d) and d != "warning_call"]
    out.extend(d for d in rs.defences(s, a, t) if d == "warning_call")
    return out


def _in_order(part, whole) -> bool:
    """Whether ``part`` is ``whole`` with some entries left out (the same order)."""
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


def cancel_rule(rs, s, a, t, cancels, can=None):
    """Intelligence (§6): the key of the rule that stops ``a`` attacking ``t`` with the protections ``cancels``
    cancelled (one card each), or None: the attack is then legal; each cancelled protection is one the target
    has, named in the order it has them; and no card is needless (one fewer would do, unless it cancels Horns).
    ``can``: ``_cancellable(a, t)``, when known."""
    key = A.attack_rule(rs, s, a, t, cancels)
    if key:
        return key
    if can is None:
        can = rs._cancellable(s, a, t)
    if not _in_order(cancels, can):
        return "northstar.intelligence.order" if _in_order(sorted(cancels), sorted(can)) else "northstar.intelligence.absent"
    if len(cancels) > 1 and "horns" not in cancels and A.attack_rule(rs, s, a, t, cancels[:-1]) is None:
        return "northstar.intelligence.needless"
    return None


def card_count_rule(rs, k):
    """One card per use of Intelligence, several with the first-edition text (``intelligence_multi_discard``)."""
    return "northstar.intelligence.one-card" if k > 1 and not rs.options["intelligence_multi_discard"] else None


def _clever_hunts(rs, s, a, t, hand, multi=None):
    """Attacks with Intelligence: one card cancels one protection (several with the first-edition text).

    Several cards are joined with "+" in ``Hunt.card`` and ``Hunt.cancel``, in the same order; the cards in the
    deck's order."""
    can = rs._cancellable(s, a, t)
    out, seen = [], set()
    for k in range(1, len(can) + 1):
        if card_count_rule(rs, k):
            break
        for cancels in itertools.combinations(can, k):
            if cancels in seen or cancel_rule(rs, s, a, t, cancels, can) is not None:
                continue
            seen.add(cancels)
            for cards in itertools.combinations(sorted(s.hands[a.owner], key=CARD_INDEX.__getitem__), k):
                out.append(_Hunt(a.id, t.id, "+".join(cards), "+".join(cancels)))
    return list(dict.fromkeys(out))


_TRIGGERS: dict[str, dict] = {
    "fertile": {"reveal": _fertile}, "long_neck": {"reveal": _long_neck},
    "fat_tissue": {"reveal": _fat_tissue, "room": _fat_room, "store": _fat_store, "replaced": _fat_replaced,
                   "holds": _fat_holds},
    "foraging": {"intake": _foraging}, "cooperation": {"shared": _cooperation}, "scavenger": {"carrion": _scavenger},
    "pack_hunting": {"attack_size": _pack_hunting},
    "intelligence": {"think": _intelligence_think, "may_think": _may_think, "hunts": _clever_hunts,
                     "cards": _cards_rule}}
_DEFENCES = {"climbing": Defence(offers=_climbing), "burrowing": Defence(offers=_burrowing),
             "defensive_herding": Defence(offers=_defensive_herding), "symbiosis": Defence(offers=_symbiosis),
             "warning_call": Defence(offers=_warning_call), "hard_shell": Defence(size=_hard_shell),
             "horns": Defence(resolve=_horns)}
TRAITS = {t: TraitRule(t, t.replace("_", " ").title(), rule=f"northstar.{t}", hint=_TEXT[t][0], text=_TEXT[t][1],
                       defence=_DEFENCES.get(t), on=_TRIGGERS.get(t, {}))
          for t in TRAIT_IDS}
TRAITS["carnivore"] = TraitRule("carnivore", "Carnivore", rule="northstar.carnivore", hint=_TEXT["carnivore"][0],
                                text=_TEXT["carnivore"][1], on={"meal": _carnivore_meal})
#: (trait, hook) of the hunter traits (Carnivore): what a kill gives; a species with one of them feeds only by
#: attacking (only it attacks, and it never eats plant food)
MEALS = trigger_hooks(TRAITS, "meal")
HUNTERS = frozenset(t for t, _ in MEALS)
#: traits that protect a species from an attack besides its size (``Ruleset.defences``, §5.3), in the order
#: they are checked (and cancelled by Intelligence)
PROTECTIONS = ("climbing", "burrowing", "defensive_herding", "symbiosis", "warning_call")
#: protections that come from a neighbour's trait, not the target's own
BESIDE = frozenset({"warning_call"})
#: (trait, offers, from a neighbour) of each protection, in that order
PROTECTORS = tuple((d, offers, d in BESIDE) for d, offers in defence_hooks(TRAITS, "offers", PROTECTIONS))
#: (trait, size) and (trait, resolve) of the traits that change an attack's size or outcome
ARMOUR = defence_hooks(TRAITS, "size")
WEAPONS = defence_hooks(TRAITS, "resolve")
#: the traits of those tables: a species with none of them is protected by nothing of its own but its Body Size,
#: which ``attack.prey`` tells without calling the hooks
GUARDS = frozenset(d for d, _, beside in PROTECTORS if not beside)
ARMOURED = frozenset(d for d, _ in ARMOUR)
#: the order of the reveal-step triggers on one species (§5.1)
REVEAL_ORDER = ("fertile", "long_neck", "fat_tissue")
REVEAL = trigger_hooks(TRAITS, "reveal", REVEAL_ORDER)
#: their traits: a species with none of them has nothing to do at the reveal
REVEALING = frozenset(t for t, _ in REVEAL)
FORAGERS = trigger_hooks(TRAITS, "intake")
SHARERS = trigger_hooks(TRAITS, "shared")
SCAVENGERS = trigger_hooks(TRAITS, "carrion")
SCAVENGING = frozenset(t for t, _ in SCAVENGERS)          # their traits: the species an attack's carrion may feed
#: (trait, hook) of the traits that add to an attack's size (Pack Hunting), that give room, store and hold food
#: beyond the Population (Fat Tissue); trait -> hook of those that act when their card is replaced (Fat Tissue)
PACKS = trigger_hooks(TRAITS, "attack_size")
ROOMS = trigger_hooks(TRAITS, "room")
STORES = trigger_hooks(TRAITS, "store")
HOLDS = trigger_hooks(TRAITS, "holds")
REPLACED = dict(trigger_hooks(TRAITS, "replaced"))
#: (trait, hook) of the traits that give food for a discarded card, and that open attacks with cards (Intelligence)
THINKERS = trigger_hooks(TRAITS, "think")
CLEVER = trigger_hooks(TRAITS, "hunts")
#: (trait, rule) of who may discard a card for food, and of the cards of an attack that cancels protections
THINK_RULES = trigger_hooks(TRAITS, "may_think")
CARD_RULES = trigger_hooks(TRAITS, "cards")
CLEVER_SET = frozenset(t for t, _ in CLEVER)
#: the traits with a hook of ``ROOMS`` and of ``THINK_RULES``: a species without any has no room beyond its
#: Population and may not discard a card for food, which the move lists tell without calling the hooks
ROOM_SET = frozenset(t for t, _ in ROOMS)
THINK_SET = frozenset(t for t, _ in THINK_RULES)
#: the traits an intake asks (``FORAGERS``, ``SHARERS``) or that refuse plant food (``HUNTERS``): a species with
#: none of them takes a token from the Watering Hole with nothing else happening (``feeding._do_eat``)
INTAKE_SET = HUNTERS | frozenset(t for t, _ in FORAGERS) | frozenset(t for t, _ in SHARERS)
#: bits of a species' ``kind`` (``state.TRAIT_BITS``): it holds a trait of the set, told without a set test
IS_HUNTER, HAS_ROOM, MAY_THINK, IS_CLEVER, HAS_INTAKE, IS_ARMOURED, IS_GUARDED, WARNS, SCAVENGES = (
    1, 2, 4, 8, 16, 32, 64, 128, 256)
KIND_BITS = ((HUNTERS, IS_HUNTER), (ROOM_SET, HAS_ROOM), (THINK_SET, MAY_THINK), (CLEVER_SET, IS_CLEVER),
             (INTAKE_SET, HAS_INTAKE), (ARMOURED, IS_ARMOURED), (GUARDS, IS_GUARDED), (BESIDE, WARNS),
             (SCAVENGING, SCAVENGES))
for _t in TRAIT_IDS:
    TRAIT_BITS[_t] = sum(bit for names, bit in KIND_BITS if _t in names)
#: traits Intelligence may cancel for one attack (spec §6 notes)
CANCELLABLE = ("climbing", "burrowing", "defensive_herding", "hard_shell", "horns", "symbiosis", "warning_call")


def fat_capacity(rs, sp) -> int:
    """The most fat ``sp``'s (face-up) traits let it store (Fat Tissue: its Body Size); 0 without one."""
    return sum(holds(rs, sp) for t, holds in HOLDS if t in sp.names)


from . import attack as A, feeding as F  # noqa: E402  (the hooks call back into them; they read the tables above)

"""The rules of the decisions in North Star *Evolution*, each stated once (§ numbers of
``shared/rules/north-star-evolution.md``).

A predicate per rule answers with the key of the rule a move breaks, or None; ``check_player`` runs them for
one action and turns a key into (rule id, message) with ``refuse``; ``moves.py`` lists the moves by asking the
same predicates (``attack.py`` holds those of attacks), so a listed move always passes the check and a move
that passes is always listed. A key is cheap to return; the message is built only for a refusal.
"""
from __future__ import annotations

from ...actions import EatPlant, EndTurn, Grow, Hunt, NewSpecies, Pass, PlaceTrait, SelectFood, ThinkFood
from ...i18n import N_
from ..common import Reasons
from . import attack as A
from .deck import TRAIT_OF
from .traits import CARD_RULES, HUNTERS, PROTECTIONS, THINK_RULES, TRAITS

#: key -> (rule id, message[, fixed fields]): a rule id may have several messages (one per way to break it).
REASONS = Reasons({
    "northstar.phase.select": ("northstar.phase", N_("choose a food card for the Watering Hole first")),
    "northstar.phase.play": ("northstar.phase", N_("{move} is not a Play Cards action")),
    "northstar.phase.feeding": ("northstar.phase", N_("{move} is not a feeding action")),
    "northstar.card.not-in-hand": ("northstar.card.not-in-hand", N_("{card} is not in your hand")),
    "northstar.new-species.side": ("northstar.new-species.side",
                                   N_("a new species goes at the 'left' or 'right' end")),
    "northstar.own-species": ("northstar.own-species", N_("{species} is not one of your species")),
    "engine.malformed.grow": ("engine.malformed", N_("what is 'body' or 'population'")),
    "northstar.grow.max": ("northstar.grow.max", N_("Body Size and Population are at most 6")),
    "experiment.trait-from-turn": ("experiment.trait-from-turn",
                                   N_("{trait} may not be played in this round (banned or later)")),
    "northstar.replace": ("northstar.replace", N_("{card} is not a trait card of species {species}")),
    "northstar.trait-limit": ("northstar.trait-limit", N_("a species holds at most {limit} traits: replace one")),
    "northstar.trait-duplicate": ("northstar.trait-duplicate",
                                  N_("a species never has two traits of the same name")),
    "northstar.feeding.compulsory": ("northstar.feeding.compulsory",
                                     N_("a hungry species that can feed must feed")),
    "northstar.full": ("northstar.full", N_("species {species} is full")),
    "northstar.carnivore.plants": ("northstar.carnivore.plants", N_("a Carnivore never eats plant food")),
    "northstar.watering-hole.empty": ("northstar.watering-hole.empty", N_("the Watering Hole is empty")),
    "northstar.intelligence": ("northstar.intelligence", N_("species {species} has no Intelligence")),
    "northstar.intelligence.carnivore": ("northstar.intelligence.carnivore",
                                         N_("a Carnivore uses Intelligence to cancel a defence")),
    "northstar.no-species": ("northstar.no-species", N_("there is no species {species}")),
    "northstar.intelligence.cancel": ("northstar.intelligence.cancel",
                                      N_("each discarded card cancels one defence, never the size rule")),
    # Intelligence's cards that cancel a protection the target lacks, name them out of order, or are needless
    "northstar.intelligence.absent": ("northstar.attack", N_("this attack is not allowed")),
    "northstar.intelligence.needless": ("northstar.attack", N_("this attack is not allowed")),
    "northstar.intelligence.order": ("northstar.attack", N_("this attack is not allowed")),
    "northstar.intelligence.cards-order": ("northstar.attack", N_("this attack is not allowed")),
    "northstar.intelligence.one-card": ("northstar.intelligence.one-card",
                                        N_("one card per use (intelligence_multi_discard is off)")),
    "northstar.carnivore": ("northstar.carnivore", N_("species {animal} is not a Carnivore")),
    "northstar.carnivore.itself": ("northstar.carnivore.itself", N_("a Carnivore cannot attack itself")),
    "northstar.carnivore.full": ("northstar.carnivore.full",
                                 N_("a full Carnivore without Fat Tissue room cannot attack")),
    "northstar.size": ("northstar.size",
                       N_("the attacker must be larger than the target (Hard Shell adds to the target)")),
})
REASONS.update({f"northstar.{d}": (f"northstar.{d}", N_("the target is protected by {trait}"),
                                    {"trait": TRAITS[d].name}) for d in PROTECTIONS})
refuse = REASONS.refuse


#: phase -> (the action types that answer its decision, the reason any other action is refused)
ANSWERS = {
    "select_food": (frozenset((SelectFood,)), "northstar.phase.select"),
    "play_cards": (frozenset((PlaceTrait, NewSpecies, Grow, EndTurn)), "northstar.phase.play"),
    "feeding": (frozenset((EatPlant, Hunt, ThinkFood, Pass)), "northstar.phase.feeding"),
}


def card_block(s, seat, card):
    return None if card in s.hands[seat] else "northstar.card.not-in-hand"


def own_species(s, seat, sid):
    sp = s.species.get(sid)
    return sp if sp is not None and sp.owner == seat else None


# ---- Play Cards (§4.3) ----------------------------------------------------------------------------------
SIDES = ("left", "right")
GROWTHS = ("body", "population")


def grow_block(sp, what):
    """Body Size and Population are at most 6."""
    return "northstar.grow.max" if (sp.body if what == "body" else sp.pop) >= 6 else None


def held(sp) -> tuple:
    """(trait cards, their trait names) a species holds, face up and face down."""
    cards = sp.traits + sp.pending
    return cards, [TRAIT_OF[x] for x in cards]


def trait_turn_block(rs, s, card):
    """Experiments may hold a trait back (banned, or from a later round)."""
    return "experiment.trait-from-turn" if s.turn < rs.trait_turn[TRAIT_OF[card]] else None


def place_options(rs, card, holding) -> dict:
    """{replace: the key of the rule that forbids it, or None} for each way to place the trait ``card`` face down
    on a species holding ``holding`` (``held(sp)``): added ("") within the trait limit, or replacing one of its
    cards; never two traits of the same name. A card it does not hold is not a key."""
    t = TRAIT_OF[card]
    cards, names = holding
    dup = "northstar.trait-duplicate"
    out = {"": "northstar.trait-limit" if len(cards) >= rs.limit else dup if t in names else None}
    n = names.count(t)
    for r in cards:
        out[r] = dup if n > (TRAIT_OF[r] == t) else None        # the replaced card's name leaves
    return out


def check_play(rs, s, seat, action):
    t = type(action)
    if t is EndTurn:
        return None
    if card_block(s, seat, action.card):
        return refuse("northstar.card.not-in-hand", card=repr(action.card))
    if t is NewSpecies:
        return None if action.side in SIDES else refuse("northstar.new-species.side")
    sp = own_species(s, seat, action.species)
    if sp is None:
        return refuse("northstar.own-species", species=repr(action.species))
    if t is Grow:
        key = grow_block(sp, action.what) if action.what in GROWTHS else "engine.malformed.grow"
        return None if key is None else refuse(key)
    key = trait_turn_block(rs, s, action.card) or \
        place_options(rs, action.card, held(sp)).get(action.replace, "northstar.replace")
    return None if key is None else refuse(key, trait=TRAIT_OF[action.card], card=repr(action.replace),
                                           species=sp.id, limit=rs.limit)


def check_select(rs, s, seat, action):
    return refuse("northstar.card.not-in-hand", card=repr(action.card)) if card_block(s, seat, action.card) else None


# ---- Feeding (§5) -----------------------------------------------------------------------------------------
def room_block(rs, sp):
    return None if rs.room(sp) else "northstar.full"


def eat_block(s, sp):
    """Plant food from the Watering Hole, never for a hunter (Carnivore)."""
    if not HUNTERS.isdisjoint(sp.names):
        return "northstar.carnivore.plants"
    return None if s.watering else "northstar.watering-hole.empty"


def think_block(sp):
    """A card discarded for plant food from the bank: the rule of the trait that gives it (Intelligence's
    "may_think"); a species without one may not."""
    names = sp.names
    for t, rule in THINK_RULES:
        if t in names:
            return rule(sp)
    return "northstar.intelligence"


def pass_block(rs, s, seat):
    return "northstar.feeding.compulsory" if rs.compulsory(s, seat) else None


def _split(text):
    return tuple(text.split("+")) if text else ()


def hunt_cards_block(rs, s, seat, sp, cards, cancelled):
    """The cards of an attack that cancels protections: the rules of the trait that lets ``sp`` do it
    (Intelligence's "cards"), as (key or None, fields); a species without one may not."""
    for t, rule in CARD_RULES:
        if t in sp.names:
            return rule(rs, s, seat, sp, cards, cancelled)
    return "northstar.intelligence", {}


def check_hunt(rs, s, seat, sp, action):
    target = s.species.get(action.prey)
    if target is None:
        return refuse("northstar.no-species", species=repr(action.prey))
    cards, cancelled = _split(action.card), _split(action.cancel)
    if cards or cancelled:
        key, fields = hunt_cards_block(rs, s, seat, sp, cards, cancelled)
        if key is None:
            key = A.cancel_rule(rs, s, sp, target, cancelled)
    else:
        key, fields = A.attack_rule(rs, s, sp, target), {}
    return None if key is None else refuse(key, species=sp.id, animal=sp.id, **fields)


def check_feeding(rs, s, seat, action):
    t = type(action)
    if t is Pass:
        key = pass_block(rs, s, seat)
        return refuse(key) if key else None
    sid = action.predator if t is Hunt else action.species
    sp = own_species(s, seat, sid)
    if sp is None:
        return refuse("northstar.own-species", species=repr(sid))
    if room_block(rs, sp):
        return refuse("northstar.full", species=sid)
    if t is Hunt:
        return check_hunt(rs, s, seat, sp, action)
    if t is EatPlant:
        key = eat_block(s, sp)
    else:
        key = think_block(sp) or card_block(s, seat, action.card)
    return None if key is None else refuse(key, species=sid, card=repr(action.card) if t is ThinkFood else "")


CHECKS = {SelectFood: check_select, EatPlant: check_feeding, Hunt: check_feeding, ThinkFood: check_feeding,
          Pass: check_feeding, PlaceTrait: check_play, NewSpecies: check_play, Grow: check_play, EndTurn: check_play}


def check_player(rs, s, seat, action):
    """The rule a well-formed action of the seat to move breaks, or None: first whether it answers the decision
    of this phase, then the rules of its kind."""
    t = type(action)
    answers, other = ANSWERS[s.phase]
    if t not in answers:
        return REASONS.out_of_phase(other, t, s.phase)      # a move of another phase: the presentation words it
    return CHECKS[t](rs, s, seat, action)

"""The checks of *The Origin of Species*: for a well-formed action of the seat to move, the rule it breaks and
why (§ numbers of ``shared/rules/origin-of-species.md``), or None. ``moves.py`` lists exactly what passes them."""
from __future__ import annotations

from ...actions import (ChooseCard, EndMove, NoDefence, Pass, PlayAnimal, PlayPairTrait, PlayTrait, Resolve,
                        Scavenge, TakeFood)
from ...i18n import N_, _
from ..base import OutOfPhase
from . import feeding as F
from .deck import CARD_BY_ID
from .labels import trait_word
from .traits import (BIT, DEFENCE_CHECKS, DIRECTED, EXCLUDES, MAIN_MOVES, MOVE_CHECKS, STACKABLE, TRAITS,
                     scavengers)

#: The type every action field must have exactly (True is not animal 1).
FIELD_TYPES = {"animal": int, "predator": int, "prey": int, "pirate": int, "victim": int, "card_uid": int,
                "link": int, "tokens": int, "card": str, "trait": str, "colour": str, "fire": bool, "source": int,
                "animals": tuple}


def check_player(rs, s, seat, action):
    """The rule a well-formed action of ``seat`` breaks, or None. Field types are checked before (``Ruleset.check``
    with ``FIELD_TYPES``), so an exception here is an engine bug and propagates: it is never reported as the
    player's malformed action."""
    if type(action) is PlayPairTrait and not all(type(x) is int for x in action.animals):
        return "engine.malformed", _("a pair trait names two animal ids (whole numbers)")
    return CHECKS[type(action)](rs, s, seat, action)


def pass_block(s, seat):
    """Scenario limits on passing in development: Fatality plays every card; Equilibrium at least one."""
    scen = s.ruleset.options["scenario"]
    if scen == "fatality" and s.hands[seat]:
        return "origin.fatality.no-pass", _("in Fatality every card must be played: you cannot pass while you hold cards")
    if scen == "equilibrium" and s.hands[seat] and not s.played[seat]:
        return "origin.equilibrium.play-one", _("in Equilibrium you must play at least one card before you pass")
    return None


def _check_choose(rs, s, seat, action):
    if s.phase != "choose":
        return "origin.equilibrium.choose", _("cards are chosen from the gene pool only at the start and after extinction")
    if action.card not in s.pools[seat]:
        return "origin.equilibrium.pool", _("{card} is not in your gene pool").format(card=repr(action.card))
    return None


def _single_block(a, trait):
    bit = BIT[trait]
    if a.mask & bit and trait not in STACKABLE:
        return ("origin.placement.duplicate",
                _("animal {animal} already has {trait}").format(animal=a.id, trait=trait_word(trait)))
    if a.mask & EXCLUDES[trait]:
        return "origin.placement.exclusive", _("Carnivorous and Scavenger cannot be on the same animal")
    return None


def _linked(s, a, b, trait) -> bool:
    for u in a.links:
        l = s.links[u]
        if l.trait == trait and (l.a == b.id or l.b == b.id):
            return True
    return False


def _card_side(s, seat, card, trait):
    if card not in CARD_BY_ID:
        return "origin.card.unknown", _("there is no card {card}").format(card=repr(card))
    if card not in s.hands[seat]:
        return "origin.card.not-in-hand", _("the card {card} is not in seat {seat}'s hand").format(card=repr(card), seat=seat)
    if trait not in CARD_BY_ID[card].traits:
        return "origin.card.side", _("the card {card} has no side {trait}").format(card=repr(card), trait=repr(trait))
    return None


def _experiment_block(rs, trait):
    """Why an experiment's options forbid ``trait`` now (banned, or not yet allowed this turn)."""
    if trait in rs.options["banned_traits"]:
        return "experiment.banned-trait", _("{trait} is banned in this experiment (banned_traits)").format(trait=trait)
    return ("experiment.trait-from-turn",
            _("{trait} may be played from turn {turn} on (trait_from_turn)").format(trait=trait,
                                                                                    turn=rs.trait_turn[trait]))


def _check_dev(rs, s, seat, action):
    if s.phase != "development":
        return OutOfPhase("origin.phase", type(action), s.phase,            # the presentation words it
                          N_("{move} is a development-phase action; the phase is {phase}"),
                          {"move": type(action).__name__, "phase": s.phase})
    t = type(action)
    if t is Pass:
        return pass_block(s, seat)
    if t is PlayAnimal:
        if action.card not in CARD_BY_ID:
            return "origin.card.unknown", _("there is no card {card}").format(card=repr(action.card))
        if action.card not in s.hands[seat]:
            return ("origin.card.not-in-hand",
                    _("the card {card} is not in seat {seat}'s hand").format(card=repr(action.card), seat=seat))
        return None
    v = _card_side(s, seat, action.card, action.trait)
    if v:
        return v
    if not rs.trait_allowed(action.trait, s.turn):
        return _experiment_block(rs, action.trait)
    rule = TRAITS[action.trait]
    if t is PlayTrait:
        a = s.animals.get(action.animal)
        if a is None:
            return "origin.placement.no-animal", _("there is no animal {animal}").format(animal=repr(action.animal))
        if rule.kind == "pair":
            return "origin.placement.pair", _("{trait} is a pair trait: play it with PlayPairTrait").format(
                trait=trait_word(action.trait))
        if rule.kind == "foreign":
            if a.owner == seat:
                return "origin.parasite", _("a Parasite is played only on another player's animal")
            if a.mask & BIT[action.trait]:
                return "origin.placement.duplicate", _("animal {animal} already has a Parasite").format(animal=a.id)
            return None
        if a.owner != seat:
            return "origin.placement.own", _("a trait other than Parasite goes only on one of your own animals")
        return _single_block(a, action.trait)
    # PlayPairTrait
    if rule.kind != "pair":
        return "origin.placement.pair", _("{trait} is not a pair trait: play it with PlayTrait").format(
            trait=trait_word(action.trait))
    ids = action.animals
    if not isinstance(ids, tuple) or len(ids) != 2:
        return "engine.malformed", _("a pair trait names exactly two animals")
    a, b = s.animals.get(ids[0]), s.animals.get(ids[1])
    if a is None or b is None:
        return "origin.placement.no-animal", _("there is no animal {animal}").format(animal=repr(ids[0] if a is None else ids[1]))
    if a is b:
        return "origin.placement.pair-same", _("a pair trait links two different animals")
    if a.owner != seat or b.owner != seat:
        return "origin.placement.own", _("a pair trait links two of your own animals")
    if action.trait not in DIRECTED and ids[0] > ids[1]:
        return "engine.canonical", _("name the two animals of a Communication/Cooperation card in increasing id order")
    if _linked(s, a, b, action.trait):
        return ("origin.placement.pair-duplicate",
                _("animals {first} and {second} are already linked by {trait}").format(first=a.id, second=b.id,
                                                                                       trait=trait_word(action.trait)))
    return None


def _check_feed(rs, s, seat, action):
    if s.phase != "feeding":
        return OutOfPhase("origin.phase", type(action), s.phase,            # the presentation words it
                          N_("{move} is a feeding-phase action; the phase is {phase}"),
                          {"move": type(action).__name__, "phase": s.phase})
    t = type(action)
    if s.attack is not None:
        return ("origin.attack.defence-window",
                _("an attack is being resolved: seat {seat} must choose a defence").format(seat=seat))
    if s.scavenge >= 0:
        return "origin.scavenger.choose", _("seat {seat} must choose which Scavenger receives the token").format(seat=seat)
    if s.pending:
        return "origin.triggers.order", _("seat {seat} must choose which pair-trait trigger resolves next").format(seat=seat)
    if t is EndMove:
        return None
    if s.barred is not None and action in s.barred[seat]:
        return ("origin.feeding.pass-is-final",
                "this action was open when you passed; with feeding_pass_is_final it is barred this turn")
    main = t is TakeFood or t in MAIN_MOVES        # the attack and Burn fat too (their entries say so)
    if main and s.move_main:
        return "origin.feeding.one-main-action", _("only one main action (take food, attack, burn fat) per move")
    trait_move = MOVE_CHECKS.get(t)
    if trait_move is not None:           # a move a trait gives, the attack too (its entry in traits.py checks it)
        return trait_move(s, seat, action)
    if t is TakeFood:
        a, why = F.own_animal(s, seat, action.animal)
        if why:
            return why
        if s.food_bank < 1:
            return "origin.food-bank.empty", _("the food bank is empty")
        return F.receive_block(s, a)
    return "engine.malformed", _("{action} is not a feeding action").format(action=repr(action))


def _check_defence(rs, s, seat, action):
    at = s.attack
    if s.phase != "feeding" or at is None:
        return "origin.attack.no-attack", _("no attack is being resolved")
    target = s.animals[at.prey]
    if type(action) is NoDefence:
        return F.no_defence_block(s, at, target)
    uses = DEFENCE_CHECKS.get(type(action))        # the defence this move uses: its entry checks it
    if uses is None:
        return "engine.malformed", _("{action} is not a defence").format(action=repr(action))
    bit, offers, check = uses
    return check(s, at, target, offers(s, at, target) if target.mask & bit else (), action)


def _check_scavenge(rs, s, seat, action):
    if s.phase != "feeding" or s.scavenge < 0:
        return "origin.scavenger.no-choice", _("no Scavenger token is waiting for a choice")
    a = s.animals.get(action.animal)
    if a is None or a not in scavengers(s, s.scavenge):
        return ("origin.scavenger",
                _("{animal} is not one of your Scavengers able to receive food").format(animal=repr(action.animal)))
    return None


def _check_resolve(rs, s, seat, action):
    if s.phase != "feeding" or not s.pending or s.attack is not None or s.scavenge >= 0:
        return "origin.triggers.none", _("no pair-trait trigger is waiting")
    if not isinstance(action.fire, bool):
        return "engine.malformed", _("fire must be true or false")
    if not action.fire and not rs.options["pair_triggers_optional"]:
        return "origin.triggers.compulsory", _("pair-trait triggers are compulsory (pair_triggers_optional is off)")
    if (action.link, action.source) in F.trigger_choices(s):
        return None
    sides = [p[1] for p in F.pending_group(s) if p[0] == action.link]
    if len(sides) > 1:
        return "origin.triggers.order", _("card {card} has a trigger waiting from animal {first} and one from animal "
                                          "{second}: name the one to resolve as its source").format(
                                              card=repr(action.link), first=sides[0], second=sides[1])
    if sides:
        return ("origin.triggers.order",
                _("card {card} has one trigger waiting: resolve it without a source").format(card=repr(action.link)))
    return "origin.triggers.order", _("card {card} has no trigger waiting for you").format(card=repr(action.link))


CHECKS = {
    PlayAnimal: _check_dev, PlayTrait: _check_dev, PlayPairTrait: _check_dev, Pass: _check_dev,
    TakeFood: _check_feed, EndMove: _check_feed,
    **dict.fromkeys(MOVE_CHECKS, _check_feed),          # the attack and the moves traits give
    **dict.fromkeys(DEFENCE_CHECKS, _check_defence), NoDefence: _check_defence,
    Scavenge: _check_scavenge, Resolve: _check_resolve, ChooseCard: _check_choose,
}

"""Why a move of North Star *Evolution* is refused: the rule an action that is not legal now breaks (§ numbers
of ``shared/rules/north-star-evolution.md``)."""
from __future__ import annotations

from ...actions import EatPlant, EndTurn, Grow, Hunt, NewSpecies, Pass, PlaceTrait, SelectFood, ThinkFood
from ...i18n import _
from .deck import TRAIT_OF, _trait
from .traits import CANCELLABLE


def why(rs, s, seat, action):
    t = type(action)
    ph = s.phase
    card = getattr(action, "card", "")
    if ph == "select_food":
        if t is not SelectFood:
            return "northstar.phase", _("choose a food card for the Watering Hole first")
        return "northstar.card.not-in-hand", _("{card} is not in your hand").format(card=repr(card))
    if ph == "play_cards":
        return why_play_cards(rs, s, seat, action, card)
    if ph != "feeding":
        return "northstar.phase", _("{move} is not allowed now").format(move=t.__name__)
    if t is Pass:
        return "northstar.feeding.compulsory", _("a hungry species that can feed must feed")
    return why_feeding(rs, s, seat, action)

def why_play_cards(rs, s, seat, action, card):
    """The Play Cards rule an illegal action breaks."""
    t = type(action)
    if t not in (PlaceTrait, NewSpecies, Grow, EndTurn):
        return "northstar.phase", _("{move} is not a Play Cards action").format(move=t.__name__)
    if card not in s.hands[seat]:
        return "northstar.card.not-in-hand", _("{card} is not in your hand").format(card=repr(card))
    if t is NewSpecies:
        return "northstar.new-species.side", _("a new species goes at the 'left' or 'right' end")
    sp = s.species.get(action.species)
    if sp is None or sp.owner != seat:
        return "northstar.own-species", _("{species} is not one of your species").format(species=repr(action.species))
    if t is Grow:
        if action.what not in ("body", "population"):
            return "engine.malformed", _("what is 'body' or 'population'")
        return "northstar.grow.max", _("Body Size and Population are at most 6")
    tr = _trait(card) if card in TRAIT_OF else None
    if tr is not None and s.turn < rs.trait_turn[tr]:
        return "experiment.trait-from-turn", _("{trait} may not be played in this round (banned or later)").format(trait=tr)
    if action.replace and action.replace not in sp.traits + sp.pending:
        return ("northstar.replace",
                _("{card} is not a trait card of species {species}").format(card=repr(action.replace), species=sp.id))
    if not action.replace and len(sp.traits) + len(sp.pending) >= rs.limit:
        return "northstar.trait-limit", _("a species holds at most {limit} traits: replace one").format(limit=rs.limit)
    return "northstar.trait-duplicate", _("a species never has two traits of the same name")

def why_feeding(rs, s, seat, action):
    """The feeding rule an illegal eating, hunting or Intelligence action breaks."""
    t = type(action)
    if t not in (EatPlant, Hunt, ThinkFood):
        return "northstar.phase", _("{move} is not a feeding action").format(move=t.__name__)
    sid = action.predator if t is Hunt else action.species
    sp = s.species.get(sid)
    if sp is None or sp.owner != seat:
        return "northstar.own-species", _("{species} is not one of your species").format(species=repr(sid))
    if not rs.room(sp):
        return "northstar.full", _("species {species} is full").format(species=sid)
    if t is EatPlant:
        if sp.has("carnivore"):
            return "northstar.carnivore.plants", _("a Carnivore never eats plant food")
        return "northstar.watering-hole.empty", _("the Watering Hole is empty")
    if t is ThinkFood:
        if not sp.has("intelligence"):
            return "northstar.intelligence", _("species {species} has no Intelligence").format(species=sid)
        if sp.has("carnivore"):
            return "northstar.intelligence.carnivore", _("a Carnivore uses Intelligence to cancel a defence")
        return "northstar.card.not-in-hand", _("{card} is not in your hand").format(card=repr(action.card))
    target = s.species.get(action.prey)
    if target is None:
        return "northstar.no-species", _("there is no species {species}").format(species=repr(action.prey))
    cards = tuple(action.card.split("+")) if action.card else ()
    cancelled = tuple(action.cancel.split("+")) if action.cancel else ()
    if cards or cancelled:
        if not sp.has("intelligence"):
            return "northstar.intelligence", _("species {species} has no Intelligence").format(species=sid)
        hand = list(s.hands[seat])
        for c in cards:
            if c not in hand:
                return "northstar.card.not-in-hand", _("{card} is not in your hand").format(card=repr(c))
            hand.remove(c)
        if len(cards) != len(cancelled) or any(d not in CANCELLABLE for d in cancelled):
            return "northstar.intelligence.cancel", _("each discarded card cancels one defence, never the size rule")
        if len(cards) > 1 and not rs.options["intelligence_multi_discard"]:
            return "northstar.intelligence.one-card", _("one card per use (intelligence_multi_discard is off)")
    return rs.attack_block(s, sp, target, cancelled) or ("northstar.attack", _("this attack is not allowed"))

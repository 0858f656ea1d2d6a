"""Why a move of *Random Mutations* is refused: the rule an action that is not legal now breaks (§ numbers
of ``shared/rules/random-mutations.md``)."""
from __future__ import annotations

from ...actions import Attack, EndMove, PlaceParasite, PlayCard, Stomp, TakeFood, TakeShelter
from ...i18n import _
from .species import _HUNTERS


def why(rs, s, seat, action):
    """Name the rule an illegal action breaks (the action is known not to be legal)."""
    t = type(action)
    ph = s.phase
    if ph == "development":
        return why_development(rs, s, seat, action)
    if ph == "parasites":
        return "rm.parasites.choose", _("choose which animal of your most-parasitised species dies")
    if ph != "feeding":
        return "rm.phase", _("{move} is not allowed in the {phase} phase").format(move=t.__name__, phase=ph)
    return why_feeding(rs, s, seat, action)

def why_development(rs, s, seat, action):
    """The development rule an illegal action breaks."""
    t = type(action)
    if s.simplify is not None:
        return "rm.simplification", _("choose which other trait Simplification discards")
    if t is PlayCard:
        if s.pdecks[seat] < 1:
            return "rm.player-deck-empty", _("your player deck is empty: you must pass")
        if action.mode not in ("new_species", "trait", "add_animal", "diverge"):
            return "engine.malformed", _("mode is new_species, trait, add_animal or diverge")
        sp = s.species.get(action.species)
        if action.mode == "diverge" and not rs.options["divergence"]:
            return "rm.divergence-off", _("Divergence is an optional rule that is not in play")
        if action.mode == "new_species":
            return "engine.malformed", _("a new species names no species (species=-1)")
        if sp is None or sp.owner != seat:
            return "rm.own-species", _("{species} is not one of your species").format(species=repr(action.species))
        if action.mode == "trait":
            return "rm.trait-population", _("a trait goes only on a species of population 1")
        if action.mode == "add_animal":
            return rs._add_block(s, seat, sp) or ("rm.add-animal", _("this animal cannot be added"))
        return "rm.divergence-cap", _("this species cannot split now")
    return "rm.phase", _("{move} is not a development action").format(move=t.__name__)

def why_feeding(rs, s, seat, action):
    """The feeding rule an illegal action breaks (no victim or Scavenger choice is pending)."""
    t = type(action)
    if s.choose_victim is not None:
        return "rm.predator.victim", _("choose which unsheltered animal of the attacked species is eaten")
    if s.scavenge >= 0:
        return "rm.scavenger", _("choose which of your unfed Scavenger animals gets the token")
    if t in (TakeFood, TakeShelter, PlaceParasite, Attack) and s.move_main:
        return "rm.feeding.one-chip", _("one chip or one attack per move")
    if t is EndMove:
        return "rm.feeding.compulsory", _("feeding is compulsory: take a chip or attack while you can")
    if t is Stomp:
        if s.move_stomped:
            return "rm.stomper.once", _("Stomper acts once per move")
        k = rs._stomp_capacity(s, seat)
        return "rm.stomper", _("you may destroy 1 to {most} red food with your {stompers} Stomper animal(s)").format(
            most=min(k, s.red), stompers=k)
    aid = action.predator if t is Attack else getattr(action, "animal", None)
    a = s.animals.get(aid)
    if a is None:
        return "rm.no-animal", _("there is no animal {animal}").format(animal=repr(aid))
    if t is PlaceParasite:
        if a.owner == seat:
            return "rm.parasite.own", _("parasites go on another player's animal (provisional)")
        return "rm.parasite.none", _("no parasite token is in the centre (or the parasite move is off)")
    if a.owner != seat:
        return "rm.own-animal", _("animal {animal} is not yours").format(animal=aid)
    sp = s.species[a.species]
    traits = set(rs.traits_of(s, sp))
    if t is TakeFood:
        if not s.red:
            return "rm.centre-empty", _("no red food is left in the centre")
        if "obligate_predator" in traits:
            return "rm.obligate_predator", _("an Obligate Predator is fed only by its own kill")
        return "rm.fed", _("animal {animal} is already fed").format(animal=aid)
    if t is TakeShelter:
        return ("rm.centre-empty", _("no shelter is left in the centre")) if not s.green else (
            "rm.shelter.one", _("animal {animal} already has a shelter").format(animal=aid))
    if t is Attack:
        if not traits & _HUNTERS:
            return "rm.predator", _("animal {animal} is not a predator").format(animal=aid)
        if a.attacked:
            return "rm.predator.once", _("animal {animal} has already attacked this turn").format(animal=aid)
        if rs.fed(s, a):
            return "rm.predator.fed", _("a fed predator does not attack")
        target = s.species.get(action.prey)
        if target is None:
            return "rm.no-species", _("there is no species {species}").format(species=repr(action.prey))
        return rs._attack_block(s, a.species, traits, target) or ("rm.predator", _("this attack is not allowed"))
    # A well-formed move of this game that answers no decision pending now (a victim, a scavenger, a
    # Simplification discard): the player's mistake, never "malformed".
    return "rm.no-decision", _("{move} answers a decision that is not pending now").format(move=t.__name__)

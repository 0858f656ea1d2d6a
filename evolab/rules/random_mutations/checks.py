"""The rules of the decisions in *Random Mutations*, each stated once (§ numbers of
``shared/rules/random-mutations.md``).

A predicate per rule answers with the key of the rule a move breaks, or None; ``check_player`` runs them for
one action and turns a key into (rule id, message) with ``refuse``; ``moves.py`` lists the moves by asking the
same predicates, so a listed move always passes the check and a move that passes is always listed. The keys
are cheap to return (the legal-move lists ask thousands of times); the message is built only for a refusal.
"""
from __future__ import annotations

from ...actions import (Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove, Pass, PlaceParasite,
                        PlayCard, Scavenge, Stomp, TakeFood, TakeShelter)
from ...i18n import N_
from ..common import Reasons
from .species import _cards_of, _feeding_side
from .traits import DISCARDS, HIDERS, STOPS, join_block

#: key -> (rule id, message): a rule id may have several messages (one per way to break it).
REASONS = Reasons({
    "rm.simplification": ("rm.simplification", N_("choose which other trait Simplification discards")),
    "rm.phase.development": ("rm.phase", N_("{move} is not a development action")),
    "rm.phase.feeding": ("rm.phase", N_("{move} is not a feeding action")),
    "rm.parasites.choose": ("rm.parasites.choose", N_("choose which animal of your most-parasitised species dies")),
    "rm.player-deck-empty": ("rm.player-deck-empty", N_("your player deck is empty: you must pass")),
    "engine.malformed.mode": ("engine.malformed", N_("mode is new_species, trait, add_animal or diverge")),
    "engine.malformed.new": ("engine.malformed", N_("a new species names no species (species=-1)")),
    "rm.divergence-off": ("rm.divergence-off", N_("Divergence is an optional rule that is not in play")),
    "rm.own-species": ("rm.own-species", N_("{species} is not one of your species")),
    "rm.trait-population": ("rm.trait-population", N_("a trait goes only on a species of population 1")),
    "rm.population-cap": ("rm.population-cap", N_("species {species} has {animals} animals; you have {count} species, "
                                                  "and a species may not grow beyond that")),
    "rm.extremophile": ("rm.extremophile",
                        N_("an animal cannot join an Extremophile species while your player deck holds one card")),
    "rm.divergence-cap": ("rm.divergence-cap", N_("this species cannot split now")),
    "rm.predator.victim": ("rm.predator.victim",
                           N_("choose which unsheltered animal of the attacked species is eaten")),
    "rm.scavenger": ("rm.scavenger", N_("choose which of your unfed Scavenger animals gets the token")),
    "rm.no-decision": ("rm.no-decision", N_("{move} answers a decision that is not pending now")),
    "rm.feeding.one-chip": ("rm.feeding.one-chip", N_("one chip or one attack per move")),
    "rm.feeding.compulsory": ("rm.feeding.compulsory",
                              N_("feeding is compulsory: take a chip or attack while you can")),
    "rm.stomper.once": ("rm.stomper.once", N_("Stomper acts once per move")),
    "rm.stomper": ("rm.stomper", N_("you may destroy 1 to {most} red food with your {stompers} Stomper animal(s)")),
    "rm.no-animal": ("rm.no-animal", N_("there is no animal {animal}")),
    "rm.own-animal": ("rm.own-animal", N_("animal {animal} is not yours")),
    "rm.parasite.own": ("rm.parasite.own", N_("parasites go on another player's animal (provisional)")),
    "rm.parasite.none": ("rm.parasite.none",
                         N_("no parasite token is in the centre (or the parasite move is off)")),
    "rm.centre-empty.food": ("rm.centre-empty", N_("no red food is left in the centre")),
    "rm.centre-empty.shelter": ("rm.centre-empty", N_("no shelter is left in the centre")),
    "rm.obligate_predator": ("rm.obligate_predator", N_("an Obligate Predator is fed only by its own kill")),
    "rm.fed": ("rm.fed", N_("animal {animal} is already fed")),
    "rm.shelter.one": ("rm.shelter.one", N_("animal {animal} already has a shelter")),
    "rm.predator": ("rm.predator", N_("animal {animal} is not a predator")),
    "rm.predator.once": ("rm.predator.once", N_("animal {animal} has already attacked this turn")),
    "rm.predator.fed": ("rm.predator.fed", N_("a fed predator does not attack")),
    "rm.no-species": ("rm.no-species", N_("there is no species {species}")),
    "rm.predator.own-species": ("rm.predator.own-species", N_("a predator never attacks its own species")),
    "rm.swimming.prey": ("rm.swimming", N_("only a swimming predator can attack a swimming species (provisional)")),
    "rm.swimming.hunter": ("rm.swimming", N_("a swimming predator can only attack swimming species (provisional)")),
    "rm.large": ("rm.large", N_("only a Large predator can attack a Large species (provisional)")),
    "rm.shelter": ("rm.shelter", N_("every animal of that species is sheltered (or a fed Burrowing animal)")),
})
refuse = REASONS.refuse
HIDING = frozenset(t for t, _offers in HIDERS)      # the traits that hide animals from an attack (Burrowing)


# ---- which decision is pending ------------------------------------------------------------------------
def decision(s) -> str | None:
    """The decision the seat to move faces (each answers with its own kinds of action, ``ANSWERS``); None
    when nature moves or the game is over."""
    ph = s.phase
    if ph == "feeding":
        if s.attack is not None:
            return None
        if s.choose_victim is not None:
            return "victim"
        return "carrion" if s.scavenge >= 0 else "feeding"
    if ph == "development":
        return "discard" if s.simplify is not None else "development"
    return "parasites" if ph == "parasites" else None


#: decision -> (the action types that answer it, the reason any other action is refused)
ANSWERS = {
    "discard": (frozenset((DiscardTrait,)), "rm.simplification"),
    "development": (frozenset((PlayCard, Pass)), "rm.phase.development"),
    "parasites": (frozenset((ChooseParasiteVictim,)), "rm.parasites.choose"),
    "victim": (frozenset((ChooseVictim,)), "rm.predator.victim"),
    "carrion": (frozenset((Scavenge,)), "rm.scavenger"),
    "feeding": (frozenset((TakeFood, TakeShelter, PlaceParasite, Attack, Stomp, EndMove)), "rm.phase.feeding"),
}
_ANSWERS_ELSEWHERE = frozenset((DiscardTrait, ChooseParasiteVictim, ChooseVictim, Scavenge))
#: The keys of ``ANSWERS`` that refuse a move of another phase (an ``OutOfPhase``, worded by the presentation).
_PHASE_RULES = frozenset(("rm.phase.development", "rm.phase.feeding"))


# ---- development (§5) ------------------------------------------------------------------------------------
def discardable(s, sp) -> list:
    """The trait cards of ``sp`` that the pending discard may take: the rule of the trait whose card asked for
    it (Simplification's "discards": any but itself)."""
    cards = _cards_of(s, sp)
    for _u, t in cards:
        which = DISCARDS.get(t)
        if which is not None:
            return which(cards)
    return []


def deck_block(s, seat):
    """§5: a card is played from the player deck; with none left the player passes."""
    return "rm.player-deck-empty" if s.pdecks[seat] < 1 else None


MODES = ("new_species", "trait", "add_animal", "diverge")


def mode_block(rs, mode):
    if mode not in MODES:
        return "engine.malformed.mode"
    if mode == "diverge" and not rs.options["divergence"]:
        return "rm.divergence-off"
    return None


def trait_block(sp):
    """§5.1: a trait goes on a species of population 1 (the key of the rule, or None)."""
    return "rm.trait-population" if len(sp.animals) != 1 else None


def species_options(rs, s, seat, sp) -> tuple:
    """For a card announced on ``sp``, one of ``seat``'s species: the key of the rule that forbids it (or None)
    as a trait, as an added animal, as a divergence (in the order of ``MODES[1:]``)."""
    over = len(sp.animals) + 1 > len(s.rows[seat])
    trait = trait_block(sp)
    # §5.2: a species grows to at most as many animals as its owner has species; Extremophile (§8.6)
    add = "rm.population-cap" if over else \
        join_block(rs, s, seat, sp)
    # Divergence (optional): the daughter species' cap, when checked
    return trait, add, "rm.divergence-cap" if over and rs.options["divergence_checks_cap"] else None


def check_play(rs, s, seat, action):
    key = deck_block(s, seat) or mode_block(rs, action.mode)
    if key:
        return refuse(key)
    if action.mode == "new_species":
        return None if action.species == -1 else refuse("engine.malformed.new")
    sp = s.species.get(action.species)
    if sp is None or sp.owner != seat:
        return refuse("rm.own-species", species=repr(action.species))
    key = species_options(rs, s, seat, sp)[MODES.index(action.mode) - 1]
    if key:
        return refuse(key, species=sp.id, animals=len(sp.animals), count=len(s.rows[seat]))
    return None


# ---- feeding (§7-§8) ---------------------------------------------------------------------------------------
def animal_moves(rs, s, seat):
    """For each animal of ``seat`` in table order: (animal, its species' side, and the key of the rule that
    forbids it, or None, to take red food, to take a shelter, to attack). ``side``: (need, eats red food, hunter
    traits) of its species, worked out once per species."""
    red, green, species = s.red, s.green, s.species
    sides: dict = {}
    for a in s.animals.values():
        if a.owner != seat:
            continue
        sid = a.species
        side = sides.get(sid)
        if side is None:
            side = sides[sid] = _feeding_side(rs, s, species[sid])
        fed = a.fed_by_kill or a.red + a.blue >= side[0]          # ``species.fed`` with the need worked out
        # §7: red food goes to a hungry animal that eats it
        food = "rm.centre-empty.food" if not red else "rm.obligate_predator" if not side[1] else "rm.fed" if fed else None
        # §7: one shelter per animal
        shelter = "rm.centre-empty.shelter" if not green else "rm.shelter.one" if a.shelter else None
        # §8.2: a hungry predator attacks once per turn
        hunt = "rm.predator" if side[2] is None else "rm.predator.once" if a.attacked else "rm.predator.fed" if fed \
            else None
        yield a, side, food, shelter, hunt


def attack_block(rs, s, sid, traits, target):
    """Why an animal of species ``sid`` (with ``traits``) may not attack species ``target`` (or None)."""
    if target.id == sid:
        return "rm.predator.own-species"
    tt = rs.traits_of(s, target)
    key = _stopped(rs, traits, tt)
    if key:
        return key
    if not rs._victims(s, target, tt):
        return "rm.shelter"
    return None


def prey_of(rs, s, sid, traits) -> list:
    """The ids of the species an animal of species ``sid`` (with ``traits``) may attack: those ``attack_block``
    allows, in table order, tested in one loop (a legal list asks it for every predator)."""
    memo = _STOPPED
    large = rs.options["large_blocks_small_predators"]
    animals = s.animals
    out = []
    for target in s.species.values():
        if target.id != sid:
            c = target.tcache              # ``traits_of`` without the call
            if c is None:
                c = target.tcache = rs._traits_need(s, target)
            tt = c[0]
            key = memo.get((traits, tt, large), 0)
            if key == 0:
                key = _stopped(rs, traits, tt)
            if key:
                continue
            if HIDING.isdisjoint(tt):      # ``_exposed`` in place: an animal without a shelter
                for aid in target.animals:
                    if not animals[aid].shelter:
                        out.append(target.id)
                        break
            elif rs._victims(s, target, tt):
                out.append(target.id)
    return out


def _stopped(rs, traits, tt):
    """The key of the trait that stops a hunter with ``traits`` attacking a species with ``tt`` (``STOPS``), or
    None; each pair of trait lists is worked out once."""
    memo = (traits, tt, rs.options["large_blocks_small_predators"])
    key = _STOPPED.get(memo, 0)
    if key == 0:
        if len(_STOPPED) > 10_000:
            _STOPPED.clear()
        key = _STOPPED[memo] = next((key for key, stops in STOPS if stops(rs, traits, tt)), None)
    return key


#: (hunter's traits, prey's traits, the Large option: all that ``STOPS`` reads) -> the key of the trait that stops
#: the attack, or None
_STOPPED: dict = {}


def parasites_block(rs, s):
    """§7 (provisional): a parasite token is placed from the centre, when the parasite move is in play."""
    return None if s.black and rs.options["parasite_move_enabled"] else "rm.parasite.none"


def parasite_hosts(s, seat) -> list:
    """§7 (provisional): a parasite goes on another player's animal."""
    return [a for a in s.animals.values() if a.owner != seat]


_NO_STOMP = range(0)


def stomps(rs, s, seat) -> range:
    """§8.8: how much red food Stomper may destroy now: 1 to its animals' count, once per move."""
    k = rs._stomp_capacity(s, seat) if s.red and not s.move_stomped else 0
    return range(1, min(k, s.red) + 1) if k else _NO_STOMP


def end_block(rs, s, has_main: bool):
    """§7.3: feeding is compulsory: the move ends only after its chip or attack, or when none is open."""
    if s.move_main or not has_main or rs.options["rm_feeding_voluntary"]:
        return None
    return "rm.feeding.compulsory"


def _own_animal(s, seat, aid):
    a = s.animals.get(aid)
    if a is None:
        return None, refuse("rm.no-animal", animal=repr(aid))
    if a.owner != seat:
        return None, refuse("rm.own-animal", animal=aid)
    return a, None


def check_main(rs, s, seat, action):
    """A chip (food, shelter, parasite) or an attack: one per move."""
    if s.move_main:
        return refuse("rm.feeding.one-chip")
    t = type(action)
    if t is PlaceParasite:
        a = s.animals.get(action.animal)
        if a is None:
            return refuse("rm.no-animal", animal=repr(action.animal))
        key = ("rm.parasite.own" if a not in parasite_hosts(s, seat) else None) or parasites_block(rs, s)
        return refuse(key) if key else None
    a, v = _own_animal(s, seat, action.predator if t is Attack else action.animal)
    if v:
        return v
    _a, side, food, shelter, hunt = next(m for m in animal_moves(rs, s, seat) if m[0] is a)
    if t is TakeFood:
        key = food
    elif t is TakeShelter:
        key = shelter
    else:
        key = hunt
        if key is None:
            target = s.species.get(action.prey)
            if target is None:
                return refuse("rm.no-species", species=repr(action.prey))
            key = attack_block(rs, s, a.species, side[2], target)
    return refuse(key, animal=a.id) if key else None


def check_stomp(rs, s, seat, action):
    if s.move_stomped:
        return refuse("rm.stomper.once")
    if action.tokens not in stomps(rs, s, seat):
        k = rs._stomp_capacity(s, seat)
        return refuse("rm.stomper", most=min(k, s.red), stompers=k)
    return None


def check_end(rs, s, seat, action):
    has_main = not s.move_main and rs.has_main(s, seat)
    key = end_block(rs, s, has_main)
    return refuse(key) if key else None


# ---- the answers to a pending choice -------------------------------------------------------------------
def check_discard(rs, s, seat, action):
    _seat, sid = s.simplify
    return None if action.card_uid in discardable(s, s.species[sid]) else refuse("rm.simplification")


def parasite_victims(s) -> list:
    """§9.1 (provisional): the animals of the most-parasitised species one of which the player chooses."""
    seat, sids = s.parasite_queue[0]
    return [a for sid in sids for a in s.species[sid].animals]


def check_parasite_victim(rs, s, seat, action):
    return None if action.animal in parasite_victims(s) else refuse("rm.parasites.choose")


def check_victim(rs, s, seat, action):
    _seat, sid, _pred = s.choose_victim
    return None if action.animal in rs._victims(s, s.species[sid]) else refuse("rm.predator.victim")


def check_scavenge(rs, s, seat, action):
    ok = any(a.id == action.animal for a in rs._scavengers(s, s.scavenge))
    return None if ok else refuse("rm.scavenger")


def _check_pass(rs, s, seat, action):
    return None


CHECKS = {
    PlayCard: check_play, Pass: _check_pass, DiscardTrait: check_discard,
    ChooseParasiteVictim: check_parasite_victim, ChooseVictim: check_victim, Scavenge: check_scavenge,
    TakeFood: check_main, TakeShelter: check_main, PlaceParasite: check_main, Attack: check_main,
    Stomp: check_stomp, EndMove: check_end,
}


def check_player(rs, s, seat, action):
    """The rule a well-formed action of the seat to move breaks, or None: first whether it answers the decision
    that is pending, then the rules of its kind."""
    t = type(action)
    answers, other = ANSWERS[decision(s) or "feeding"]      # a player decides here: never None
    if t not in answers:
        if other == "rm.phase.feeding" and t in _ANSWERS_ELSEWHERE:
            other = "rm.no-decision"      # a choice that is not pending now: the player's mistake
        if other in _PHASE_RULES:
            return REASONS.out_of_phase(other, t, s.phase)      # the presentation words it
        return refuse(other, move=t.__name__)
    return CHECKS[t](rs, s, seat, action)

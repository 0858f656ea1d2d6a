"""The 19 traits of *The Origin of Species*, each rule next to its trait (spec §10).

A trait's entry in ``TRAITS`` names all it does: its guards, its defence, and its hooks by step of the game
(``on``: its animal eaten, a kill to scavenge, what its pair card does, the feeding moves it gives, the attack
itself). The phase code (``feeding``, ``moves``, ``checks``, ``play``) loops over the tables built from the
entries at the end of this module: the attack is Carnivorous's move, and each defence move (Run and its die,
Mimic, Drop tail) is checked and carried out by the entry of the defence it uses.

Traits on an animal are kept as a bit mask (``BIT[trait]``) so the attack checks on the hot path are a
few integer operations. Pair traits live on links between two animals, not in the mask.
"""
from __future__ import annotations

from ...actions import Attack, BurnFat, DropTail, Graze, Hibernate, Mimic, Pirate, RollDie, Run, interned
from ...events import Escaped, FatBurned, Grazed, Hibernated, Pirated, Poisoned, Redirected, RunFailed, Scavenged, WokeUp
from ...i18n import N_, _
from ..base import Defence, TraitRule, defence_hooks, trigger_hooks
from ..common import ById, Reasons

TRAIT_IDS = (
    "carnivorous", "fat_tissue", "swimming", "running", "mimicry", "scavenger", "symbiosis", "piracy",
    "tail_loss", "communication", "grazing", "high_body_weight", "hibernation", "poisonous",
    "cooperation", "burrowing", "camouflage", "sharp_vision", "parasite",
)
BIT = {t: 1 << i for i, t in enumerate(TRAIT_IDS)}
CARNIVOROUS, FAT, SWIMMING, RUNNING, MIMICRY, SCAVENGER = (BIT[t] for t in TRAIT_IDS[:6])
PIRACY, TAIL_LOSS, GRAZING, HBW, HIBERNATION, POISONOUS = (
    BIT["piracy"], BIT["tail_loss"], BIT["grazing"], BIT["high_body_weight"], BIT["hibernation"], BIT["poisonous"])
BURROWING, CAMOUFLAGE, SHARP_VISION, PARASITE = (
    BIT["burrowing"], BIT["camouflage"], BIT["sharp_vision"], BIT["parasite"])
PAIR_TRAITS = frozenset({"communication", "cooperation", "symbiosis"})


def _unless(bit):
    """A guard that stops every predator without the trait of ``bit``: it reads the predator's traits alone, so the
    move lists test it once per kind of predator (``shut_out``), not once per prey."""
    def guard(state, predator, prey):
        return not predator.mask & bit
    guard.unless = bit
    return guard


_swimming_guard = _unless(SWIMMING)
_camouflage_guard = _unless(SHARP_VISION)
_hbw_guard = _unless(HBW)


def _swimming_hunter(state, predator, prey):
    return not prey.mask & SWIMMING


def _burrowing_guard(state, predator, prey):
    return prey.hibernating or prey.red + prey.blue >= prey.need       # ``is_fed()`` without the call (hot path)


# ---- the attack (§8.1): Carnivorous gives its animal the Attack move, a main action ("check", "act" as for the
# feeding moves below); "can_attack" (s, a) whether ``a`` may attack now, prey aside (the move lists ask it
# before they look for prey). What the attack does next is ``feeding.start_attack``: the defences, then the kill.
def predator_block(s, pred):
    """§8.1: why ``pred`` cannot attack now at all, or None."""
    if not pred.mask & CARNIVOROUS:
        return "origin.carnivorous", _("animal {animal} is not Carnivorous").format(animal=pred.id)
    if pred.attacked:
        return "origin.carnivorous.once-per-turn", _("animal {animal} has already attacked this turn").format(animal=pred.id)
    if pred.hibernating:
        return "origin.hibernation", _("a hibernating carnivore cannot attack")
    r = F.receive_block(s, pred)
    if r:
        return "origin.carnivorous.must-eat", _("a carnivore attacks only when it can receive food: {reason}").format(reason=r[1])
    return None


def _carnivorous_can_attack(s, pred) -> bool:
    """``predator_block`` finds nothing: once per turn, and only while the carnivore can receive food."""
    return bool(pred.mask & CARNIVOROUS) and not pred.attacked and F.can_receive(s, pred)


def _attack_check(s, seat, action):
    a, b = s.animals.get(action.predator), s.animals.get(action.prey)
    if a is None or b is None:
        return "origin.feeding.no-animal", _("there is no such animal")
    if a.owner != seat:
        return "origin.feeding.own-animal", _("animal {animal} is not yours").format(animal=a.id)
    return predator_block(s, a) or F.attack_block(s, a, b)


def _attack_act(s, action, ev):
    F.start_attack(s, s.animals[action.predator], s.animals[action.prey], ev)


# ---- defences (§8.3): ``offers(s, attack, target)`` the choices the attacked animal has now (falsy: none);
# ``resolve(s, choice, ev)`` carries one out on the attack being resolved (``s.attack``). The defender uses one
# by a move: ``moves`` {move type: act(s, action, ev)} carries it out (Running's die too, a chance outcome);
# ``check(s, attack, target, offered, action)`` the rule the defender's move breaks, given what ``offers`` gave
# (falsy when the animal lacks the trait), or None; ``compulsory(s)`` (rule, message id) while the defence may
# not be declined, or None: then No defence is refused, and it resolves at once when it is the only defence and
# offers one choice (``feeding.defence_window``).
def _running_offers(s, at, target):
    return target.id not in at.ran             # once per attack, even after Mimicry brings it back


def _running_check(s, at, target, offered, action):
    return None if offered else ("origin.running", _("the attacked animal has no Running left to use in this attack"))


def _running_run(s, action, ev):
    """The defender runs: nature rolls the die next (``moves.chance_outcomes`` while the attack is ``rolling``)."""
    s.attack.rolling = True


def _running_roll(s, die, ev):
    _running_resolve(s, die.value, ev)


def _running_resolve(s, value, ev):
    """The die: 4-6 escapes; a failed roll reopens the window for the other defences."""
    at = s.attack
    at.rolling = False
    at.ran = at.ran + (at.prey,)
    if value >= 4:
        if ev is not None:
            ev.append(Escaped(at.predator, at.prey, "running", value))
        s.attack = None
    else:
        if ev is not None:
            ev.append(RunFailed(at.prey, value))
        F.defence_window(s, ev)


def _tail_loss_offers(s, at, target):
    return tuple(c.uid for c in target.cards) + tuple(target.links)    # any trait card, pair cards too


def _tail_loss_check(s, at, target, offered, action):
    if not offered:
        return "origin.tail_loss", _("the attacked animal has no Tail Loss")
    if action.card_uid not in offered:
        return ("origin.tail_loss.card",
                _("{card} is not a trait card of the attacked animal").format(card=repr(action.card_uid)))
    return None


def _tail_loss_drop(s, action, ev):
    _tail_loss_resolve(s, action.card_uid, ev)


def _tail_loss_resolve(s, uid, ev):
    """The card ``uid`` is discarded, the target escapes and the predator gets 1 blue food."""
    at = s.attack
    target = s.animals[at.prey]
    trait = F.lose_card(s, target, uid, ev)
    pred = s.animals[at.predator]
    s.attack = None
    if ev is not None:
        ev.append(Escaped(pred.id, target.id, "tail_loss", 0, trait))
    F.receive(s, pred, F.BLUE, "tail_loss", ev)


def _mimicry_offers(s, at, target):
    """Another animal of the same owner the predator could attack; once per attack (per turn as an option)."""
    if target.id in at.mimicked or (s.ruleset.options["mimicry_once_per_turn"] and target.mimicked_turn == s.turn):
        return ()
    pred = s.animals[at.predator]
    return tuple(a.id for a in s.animals.values()
                 if a.owner == target.owner and a is not target and a is not pred
                 and F.attack_block(s, pred, a) is None)


_MIMICRY_COMPULSORY = ("origin.mimicry.compulsory", N_("Mimicry must redirect the attack while it has a legal target"))


def _mimicry_compulsory(s):
    """§10.3: Mimicry redirects whenever it has a target, unless ``mimicry_optional`` lets the defender decline."""
    return None if s.ruleset.options["mimicry_optional"] else _MIMICRY_COMPULSORY


def _mimicry_check(s, at, target, offered, action):
    if not target.mask & MIMICRY:
        return "origin.mimicry", _("the attacked animal has no Mimicry")
    if action.animal in offered:
        return None
    if target.id in at.mimicked:
        return "origin.mimicry.once-per-attack", _("this Mimicry has already redirected this attack")
    return "origin.mimicry.target", _("the attack cannot be redirected to {animal}: it must be another of "
                                      "your animals this carnivore could attack").format(animal=repr(action.animal))


def _mimicry_mimic(s, action, ev):
    """The attack goes to the animal named, whose own defences answer it in turn."""
    _mimicry_resolve(s, action.animal, ev)
    F.defence_window(s, ev)


def _mimicry_resolve(s, to, ev):
    at = s.attack
    old = s.animals[at.prey]
    if s.ruleset.options["mimicry_once_per_turn"]:
        old.mimicked_turn = s.turn
    at.mimicked = at.mimicked + (at.prey,)
    at.targeted = at.targeted + (to,)
    if ev is not None:
        ev.append(Redirected(at.predator, at.prey, to, F.traits_of(s, s.animals[to])))
    at.prey = to


# ---- triggers (``TraitRule.on``): "eaten" (s, predator, prey, ev) when the animal with it is eaten, after the
# predator's food; "carrion" (s, predator, ev) once after any animal is eaten, for the traits that feed on it.
def _poisonous_eaten(s, pred, prey, ev):
    pred.poisoned = True                      # dies at the end of the turn (§9)
    if ev is not None:
        ev.append(Poisoned(pred.id, prey.id))


def _scavenger_carrion(s, pred, ev):
    """One Scavenger gets 1 blue: the first seat from the killer's owner with one that can eat; it chooses which
    (``s.scavenge``, the seat choosing, answered by a ``Scavenge`` among ``scavengers``)."""
    for a in s.animals.values():
        if a.mask & SCAVENGER:
            break
    else:
        return                                # no Scavenger on the table
    n = s.players
    for k in range(n):
        seat = (pred.owner + k) % n
        elig = scavengers(s, seat)
        if elig:
            if len(elig) == 1:
                award_scavenger(s, elig[0], ev)
            else:
                s.scavenge = seat
            break


def scavengers(s, seat) -> list:
    """The animals of ``seat`` that may take the Scavenger token now."""
    return [a for a in s.animals.values() if a.owner == seat and a.mask & SCAVENGER and F.can_receive(s, a)]


def award_scavenger(s, a, ev):
    s.scavenge = -1
    F.new_action_epoch(s)
    if ev is not None:
        ev.append(Scavenged(a.id))
    F.receive(s, a, F.BLUE, "scavenger", ev)


# ---- pair cards (§7.5), on the link between two animals: "received" (from_bank) whether a token one of them
# received queues the card's trigger for the other; "fire" (s, link, source, partner, epoch, ev) the trigger
# resolving, once ``feeding.fire`` made sure the card has not fired yet and the partner can receive (a trigger
# that cannot deliver is dropped and is not the card's firing); "starves" (s, link, a) and "shields" (s, link,
# prey): whether the link keeps ``a`` from food, ``prey`` from attack: None, or (rule, message, the other animal).
def _communication_received(from_bank):
    """Only a token taken from the food bank sets it off (not one stolen, passed on by Cooperation or burnt fat)."""
    return from_bank


def _communication_fire(s, link, src, partner, epoch, ev):
    """The partner takes 1 red token from the food bank; with the bank empty the trigger cannot deliver."""
    if s.food_bank < 1:
        return
    F.pair_fired(s, link, src, partner, epoch, ev)
    s.food_bank -= 1
    F.receive(s, partner, F.RED, "communication", ev, from_bank=True, epoch=epoch)


def _cooperation_received(from_bank):
    """Any token the animal receives (food bank, Piracy, a kill, Scavenger, another card) sets it off."""
    return True


def _cooperation_fire(s, link, src, partner, epoch, ev):
    """The partner gets 1 blue token."""
    F.pair_fired(s, link, src, partner, epoch, ev)
    F.receive(s, partner, F.BLUE, "cooperation", ev, epoch=epoch)


_UNFED_PROTECTOR = N_("animal {animal} is protected by Symbiosis and eats only after its protector {protector} is fed")
_PROTECTED = N_("animal {animal} is protected by Symbiosis while its protector {protector} lives")


def _symbiosis_starves(s, link, a):
    """The protected animal (``b``) eats only after its protector (``a``) is fed."""
    if link.b == a.id:
        p = s.animals[link.a]
        if not (p.hibernating or p.red + p.blue >= p.need):      # ``is_fed()`` without the call (hot path)
            return "origin.symbiosis", _UNFED_PROTECTOR, link.a
    return None


def _symbiosis_shields(s, link, prey):
    """The protected animal cannot be attacked while its protector lives (the link goes when either dies)."""
    if link.b == prey.id:
        return "origin.symbiosis", _PROTECTED, link.a
    return None


# ---- the feeding moves a trait gives its animal (§7.3-§7.4), the move's type in ``extra["action"]``: "moves"
# (s, a, main, out) adds those ``a`` may make now to ``out`` (``main``: a main action is still open in this move);
# "can_move" (s, a, main) whether there is one; "check" (s, seat, action) the rule a move breaks as (rule,
# message), or None; "act" (s, action, ev) carries a legal one out; ``extra["main"]``: it is the move's main
# action. "lost" (s, a, ev): the animal lost the card. "store" (s, a): a fed animal keeps the token it receives.
_GRAZE, _HIBERNATE, _Pirate, _BurnFat = ById(Graze), ById(Hibernate), interned(Pirate), interned(BurnFat)


def _fat_store(s, a):
    """A fed animal's token goes on an empty Fat Tissue card as yellow fat (``feeding.can_receive`` counts the
    empty cards, ``Animal.fat_cards``)."""
    a.fat += 1


def _fat_moves(s, a, main, out):
    """Burning fat is a main action of an unfed animal: up to its deficit of yellow tokens turn blue (the move
    lists ask only while a main action is open: ``extra["main"]``)."""
    if a.fat and not (a.hibernating or a.red + a.blue >= a.need):         # ``is_fed()`` (hot path)
        for n in range(1, min(a.fat, a.need - a.red - a.blue) + 1):
            out.append(_BurnFat(a.id, n))


def _fat_can_move(s, a, main):
    return bool(a.fat) and not (a.hibernating or a.red + a.blue >= a.need)        # ``is_fed()`` (hot path)


def _fat_check(s, seat, action):
    a, why = F.own_animal(s, seat, action.animal)
    if why:
        return why
    if not isinstance(action.tokens, int) or isinstance(action.tokens, bool):
        return "engine.malformed", _("tokens must be a whole number")
    if a.fat < 1:
        return "origin.fat_tissue.no-fat", _("animal {animal} has no fat to burn").format(animal=a.id)
    if a.is_fed():
        return "origin.fat_tissue.fed", _("animal {animal} is already fed").format(animal=a.id)
    if not 1 <= action.tokens <= min(a.fat, a.need - a.red - a.blue):
        return ("origin.fat_tissue.amount",
                _("burn between 1 and {most} fat tokens").format(most=min(a.fat, a.need - a.red - a.blue)))
    return None


def _fat_act(s, action, ev):
    """Fat burnt is food eaten: it ends the main action, and sets off no pair card (§7.3)."""
    a, n = s.animals[action.animal], action.tokens
    s.move_main = s.move_any = s.move_ate = True
    a.fat -= n
    a.blue += n
    if ev is not None:
        ev.append(FatBurned(a.id, n))


def _animal_move(block, reasons, move_of):
    """The "moves", "can_move" and "check" hooks of a move that names only its animal (``move_of[animal id]``),
    from ``block(s, a)``: the key in ``reasons`` of the rule that keeps ``a`` from making it now, or None (a key,
    not the worded refusal: the move lists ask on every move and only need to know whether there is one)."""

    def moves(s, a, main, out):
        if block(s, a) is None:
            out.append(move_of[a.id])

    def can_move(s, a, main):
        return block(s, a) is None

    def check(s, seat, action):
        a, why = F.own_animal(s, seat, action.animal)
        if why:
            return why
        key = block(s, a)
        return None if key is None else reasons.refuse(key, animal=a.id)

    return {"moves": moves, "can_move": can_move, "check": check}


_GRAZE_REASONS = Reasons({
    "no-trait": ("origin.grazing", N_("animal {animal} has no Grazing")),
    "empty": ("origin.grazing.empty", N_("the food bank is empty")),
    "round": ("origin.grazing.limit", N_("animal {animal} has already grazed this round")),
    "turn": ("origin.grazing.limit", N_("animal {animal} has already grazed this turn")),
})


def _graze_block(s, a):
    """The key in ``_GRAZE_REASONS`` of why ``a`` may not graze now, or None."""
    if not a.mask & GRAZING:
        return "no-trait"
    if s.food_bank < 1:
        return "empty"
    per_round = s.ruleset.options["grazing_limit"] == "per_round"
    if a.grazed == (s.round if per_round else s.turn):
        return "round" if per_round else "turn"
    return None


def _grazing_act(s, action, ev):
    """A free action: 1 food of the bank is destroyed (once per turn, or per round as an option)."""
    a = s.animals[action.animal]
    s.move_any = True
    s.food_bank -= 1
    a.grazed = s.round if s.ruleset.options["grazing_limit"] == "per_round" else s.turn
    if ev is not None:
        ev.append(Grazed(a.id))


_HIBERNATE_REASONS = Reasons({
    "no-trait": ("origin.hibernation", N_("animal {animal} has no Hibernation Ability")),
    "asleep": ("origin.hibernation", N_("animal {animal} is already hibernating")),
    "last-turn": ("origin.hibernation.last-turn", N_("no animal may hibernate in the last turn")),
    "consecutive": ("origin.hibernation.consecutive",
                    N_("animal {animal} hibernated last turn (or this turn) and may not again now")),
    "fed": ("origin.hibernation.fed", N_("animal {animal} is already fed")),
})


def _hibernate_block(s, a):
    """The key in ``_HIBERNATE_REASONS`` of why ``a`` may not hibernate now, or None."""
    if not a.mask & HIBERNATION:
        return "no-trait"
    if a.hibernating:
        return "asleep"
    if s.last_turn:
        return "last-turn"
    if a.hibernated_turn >= s.turn - 1:
        return "consecutive"
    if a.red + a.blue >= a.need:      # ``is_fed()`` (not hibernating: above)
        if not (s.ruleset.options["hibernate_with_fat_room"] and a.fat < a.fat_cards):
            return "fed"
    return None


def _hibernation_act(s, action, ev):
    """A free action: the animal sleeps, counts as fed this turn and receives no food (``feeding.can_receive``)
    and does not attack (``predator_block``)."""
    a = s.animals[action.animal]
    s.move_any = True
    a.hibernating = True
    a.hibernated_turn = s.turn
    if ev is not None:
        ev.append(Hibernated(a.id))


def _hibernation_lost(s, a, ev):
    """An animal that loses its Hibernation card (Tail Loss) wakes up: it is no longer fed by sleeping."""
    if a.hibernating:
        a.hibernating = False
        if ev is not None:
            ev.append(WokeUp(a.id))


def _pirate_block(s, p, v, colour):
    if not p.mask & PIRACY:
        return "origin.piracy", _("animal {animal} has no Piracy").format(animal=p.id)
    if p.pirated:
        return "origin.piracy.once-per-turn", _("animal {animal} has already used Piracy this turn").format(animal=p.id)
    if p.hibernating or p.is_fed() or not F.can_receive(s, p):
        return "origin.piracy.pirate-fed", _("only an unfed pirate that can receive food may steal")
    if v is p:
        return "origin.piracy", _("a pirate cannot rob itself")
    if v.is_fed():
        return "origin.piracy.victim-fed", _("Piracy takes food only from an animal that is not fed")
    if colour not in (F.RED, F.BLUE):
        return "origin.piracy", _("colour must be 'red' or 'blue'")
    if (v.red if colour == F.RED else v.blue) < 1:
        return ("origin.piracy.no-token",
                _("animal {animal} has no {colour} token (yellow fat cannot be stolen)").format(animal=v.id, colour=colour))
    return None


def _piracy_moves(s, a, main, out):
    """Once per turn an unfed pirate that can receive food steals a red or blue token from another unfed animal
    (``_pirate_block`` says why not)."""
    if not (a.pirated or a.hibernating or a.red + a.blue >= a.need) and F.can_receive(s, a):   # ``is_fed()`` inline
        for v in s.animals.values():
            if v is not a and v.red + v.blue < v.need and not v.hibernating:      # not ``is_fed()``
                if v.red:
                    out.append(_Pirate(a.id, v.id, "red"))
                if v.blue:
                    out.append(_Pirate(a.id, v.id, "blue"))


def _piracy_can_move(s, a, main):
    if not (a.pirated or a.hibernating or a.red + a.blue >= a.need) and F.can_receive(s, a):   # ``is_fed()`` inline
        for v in s.animals.values():
            if (v.red or v.blue) and v is not a and v.red + v.blue < v.need and not v.hibernating:   # unfed
                return True
    return False


def _piracy_check(s, seat, action):
    p, v = s.animals.get(action.pirate), s.animals.get(action.victim)
    if p is None or v is None:
        return "origin.feeding.no-animal", _("there is no such animal")
    if p.owner != seat:
        return "origin.feeding.own-animal", _("animal {animal} is not yours").format(animal=p.id)
    return _pirate_block(s, p, v, action.colour)


def _piracy_act(s, action, ev):
    """A free action: the token moves from the victim to the pirate (and sets off the pirate's pair cards)."""
    p, v, colour = s.animals[action.pirate], s.animals[action.victim], action.colour
    F.new_action_epoch(s)
    s.move_any = True
    p.pirated = True
    if colour == F.RED:
        v.red -= 1
    else:
        v.blue -= 1
    if ev is not None:
        ev.append(Pirated(p.id, v.id, colour))
    F.receive(s, p, colour, "piracy", ev)


T = TraitRule
TRAITS = {
    "carnivorous": T("carnivorous", "Carnivorous", food_need=1, points=1, excludes=("scavenger",), rule="origin.carnivorous",
                     extra={"action": Attack, "main": True},
                     on={"check": _attack_check, "act": _attack_act, "can_attack": _carnivorous_can_attack},
                     hint="Predators eat other animals instead of plants: more food per meal, but they need more.",
                     text="Needs 1 more food. Once per turn may attack an animal instead of taking food; "
                          "a kill gives 2 blue food."),
    "fat_tissue": T("fat_tissue", "Fat Tissue", stackable=True, rule="origin.fat_tissue",
                    extra={"action": BurnFat, "main": True},
                    on={"store": _fat_store, "moves": _fat_moves, "can_move": _fat_can_move, "check": _fat_check,
                        "act": _fat_act},
                    hint="Stored fat lets an animal survive a lean year, like a bear or a camel.",
                    text="Each card stores one food as fat when the animal is already fed; burn fat later instead of eating."),
    "swimming": T("swimming", "Swimming", guard=_swimming_guard, hunter=_swimming_hunter, rule="origin.swimming",
                  hint="Water is a refuge: only swimming predators catch swimmers.",
                  text="Only a swimming carnivore can attack it; a swimming carnivore can attack only swimmers."),
    "running": T("running", "Running", rule="origin.running",
                 defence=Defence(offers=_running_offers, resolve=_running_resolve, check=_running_check,
                                 moves={Run: _running_run, RollDie: _running_roll}),
                 hint="Speed lets prey outrun a predator, but not every time.",
                 text="When attacked, roll a die: 4, 5 or 6 and it escapes."),
    "mimicry": T("mimicry", "Mimicry", rule="origin.mimicry",
                 defence=Defence(offers=_mimicry_offers, resolve=_mimicry_resolve, check=_mimicry_check,
                                 moves={Mimic: _mimicry_mimic}, compulsory=_mimicry_compulsory),
                 hint="Real mimics look like a dangerous species (a harmless hoverfly looks like a wasp), so predators "
                      "leave them alone. The card instead sends the attack to another of your animals.",
                 text="When attacked, the attack must be sent to another of your animals the predator could attack."),
    "scavenger": T("scavenger", "Scavenger", excludes=("carnivorous",), rule="origin.scavenger",
                   on={"carrion": _scavenger_carrion},
                   hint="Scavengers live on the leftovers of other animals' kills, like vultures.",
                   text="When any animal is eaten, one scavenger gets 1 blue food (the killer's owner first)."),
    "symbiosis": T("symbiosis", "Symbiosis", kind="pair", rule="origin.symbiosis", extra={"directed": True},
                   on={"starves": _symbiosis_starves, "shields": _symbiosis_shields},
                   hint="Two species living together: one shelters the other, which depends on it.",
                   text="Pair: the protected animal cannot be attacked, and eats only after its protector is fed."),
    "piracy": T("piracy", "Piracy", rule="origin.piracy", extra={"action": Pirate},
                on={"moves": _piracy_moves, "can_move": _piracy_can_move, "check": _piracy_check, "act": _piracy_act},
                hint="Some animals steal food that others found (kleptoparasitism), like skuas.",
                text="Once per turn, an unfed pirate steals 1 food from another animal that is not yet fed."),
    "tail_loss": T("tail_loss", "Tail Loss", rule="origin.tail_loss",
                   defence=Defence(offers=_tail_loss_offers, resolve=_tail_loss_resolve, check=_tail_loss_check,
                                   moves={DropTail: _tail_loss_drop}),
                   hint="Dropping a body part, like a lizard's tail, can save the animal's life.",
                   text="When attacked, discard one of its trait cards: it escapes and the predator gets 1 blue food."),
    "communication": T("communication", "Communication", kind="pair", rule="origin.communication",
                       on={"received": _communication_received, "fire": _communication_fire},
                       hint="Animals that signal to each other find food together.",
                       text="Pair: when one takes food from the food bank, the other takes one too."),
    "grazing": T("grazing", "Grazing", rule="origin.grazing", extra={"action": Graze},
                 on={**_animal_move(_graze_block, _GRAZE_REASONS, _GRAZE), "act": _grazing_act},
                 hint="Grazers eat down the plants that others need.",
                 text="On your move, destroy 1 food of the food bank."),
    "high_body_weight": T("high_body_weight", "High Body Weight", food_need=1, points=1, guard=_hbw_guard,
                          rule="origin.high_body_weight",
                          hint="Big animals are safe from small predators, but need more food.",
                          text="Needs 1 more food. Only a carnivore with High Body Weight can attack it."),
    "hibernation": T("hibernation", "Hibernation Ability", rule="origin.hibernation", extra={"action": Hibernate},
                     on={**_animal_move(_hibernate_block, _HIBERNATE_REASONS, _HIBERNATE), "act": _hibernation_act,
                         "lost": _hibernation_lost},
                     hint="Hibernating saves energy when food is scarce, like a dormouse in winter.",
                     text="On your move an unfed animal may sleep: it counts as fed this turn. Not two turns running, "
                          "not in the last turn."),
    "poisonous": T("poisonous", "Poisonous", rule="origin.poisonous", on={"eaten": _poisonous_eaten},
                   hint="Toxic prey kill their predators, like poison dart frogs.",
                   text="A carnivore that eats it dies at the end of the turn."),
    "cooperation": T("cooperation", "Cooperation", kind="pair", rule="origin.cooperation",
                     on={"received": _cooperation_received, "fire": _cooperation_fire},
                     hint="Animals that share food help each other survive.",
                     text="Pair: when one gets food, the other gets 1 blue food."),
    "burrowing": T("burrowing", "Burrowing", guard=_burrowing_guard, rule="origin.burrowing",
                   hint="A fed animal can hide in its burrow, safe from predators.",
                   text="Cannot be attacked while it is fed."),
    "camouflage": T("camouflage", "Camouflage", guard=_camouflage_guard, rule="origin.camouflage",
                    hint="Colours that blend with the background hide prey from predators.",
                    text="Only a carnivore with Sharp Vision can attack it."),
    "sharp_vision": T("sharp_vision", "Sharp Vision", rule="origin.sharp_vision",
                      hint="Keen eyes spot camouflaged prey, like a hawk's.",
                      text="Lets a carnivore attack camouflaged animals."),
    "parasite": T("parasite", "Parasite", food_need=2, points=2, kind="foreign", rule="origin.parasite",
                  hint="A parasite lives on another animal and makes it need more food.",
                  text="Played on another player's animal: it needs 2 more food."),
}

#: (bit, guard, rule) of the static protections checked on every attack, in a fixed order.
GUARDS = tuple((BIT[t], r.guard, r.rule) for t, r in TRAITS.items() if r.guard)
HUNTERS = tuple((BIT[t], r.hunter, r.rule) for t, r in TRAITS.items() if r.hunter)
GUARD_BITS = sum(b for b, _, _ in GUARDS)      # prey with none of these has no static protection
HUNTER_BITS = sum(b for b, _, _ in HUNTERS)
#: (prey's bit, the predator's bit that gets past it) of the guards that read the predator's traits alone
TRAIT_GUARDS = tuple((b, guard.unless) for b, guard, _ in GUARDS if hasattr(guard, "unless"))
#: the other guards' bits (Burrowing): whether they protect depends on the prey's state
STATE_GUARD_BITS = GUARD_BITS - sum(b for b, _ in TRAIT_GUARDS)
_SHUT_OUT: dict = {}


def shut_out(mask) -> int:
    """The prey's bits whose guards stop every predator with traits ``mask`` (of ``TRAIT_GUARDS``), kept per mask."""
    bits = _SHUT_OUT.get(mask)
    if bits is None:
        bits = _SHUT_OUT[mask] = sum(b for b, past in TRAIT_GUARDS if not mask & past)
    return bits


NEED = {t: r.food_need for t, r in TRAITS.items()}
POINTS = {t: r.points for t, r in TRAITS.items()}
EXCLUDES = {t: sum(BIT[x] for x in r.excludes) for t, r in TRAITS.items()}
#: the defences of an attacked animal, in the order ``feeding.defences`` reports them: (bit, offers)
DEFENCE_ORDER = ("running", "tail_loss", "mimicry")
DEFENDERS = tuple((BIT[t], hook) for t, hook in defence_hooks(TRAITS, "offers", DEFENCE_ORDER))
DEFENCE_BITS = sum(b for b, _ in DEFENDERS)      # an attacked animal with none of these has no choice
#: trait -> how its defence is carried out
RESOLVE = dict(defence_hooks(TRAITS, "resolve"))
_DEFENCES = tuple((t, d) for t in DEFENCE_ORDER if (d := TRAITS[t].defence) is not None)
#: a defence move (the defender's Run, Mimic, Drop tail; Running's die) -> how its trait's entry carries it out
DEFENCE_ACTS = {kind: act for _, d in _DEFENCES for kind, act in d.moves.items()}
#: the defender's move -> (bit, offers, check) of the defence it uses: the entry says why the move is refused
DEFENCE_CHECKS = {kind: (BIT[t], d.offers, d.check) for t, d in _DEFENCES for kind in d.moves if not kind.chance}
#: (position in ``DEFENDERS``, compulsory, resolve) of the defences that may not always be declined (Mimicry)
FORCED = tuple((i, d.compulsory, d.resolve) for i, (_, d) in enumerate(_DEFENCES) if d.compulsory)
#: (bit, offers) of the defences whose move waits on a chance outcome (Running's die): an attack waiting on one
#: is still offered it (a saved position is checked against these)
ROLLERS = tuple((BIT[t], d.offers) for t, d in _DEFENCES if any(kind.chance for kind in d.moves))
#: (bit, hook) of the traits that act when their animal is eaten, and of those that feed on any kill
EATEN = tuple((BIT[t], hook) for t, hook in trigger_hooks(TRAITS, "eaten"))
CARRION = tuple(hook for _, hook in trigger_hooks(TRAITS, "carrion"))
#: pair trait -> its hook: whether a token received queues the card's trigger; how the trigger delivers; whether
#: the link keeps an animal from food; from attack. A pair card without a hook does not do that (Symbiosis never
#: queues a trigger).
QUEUES = dict(trigger_hooks(TRAITS, "received"))
FIRES = dict(trigger_hooks(TRAITS, "fire"))
#: the pair traits whose card has a trigger (queued by "received", delivered by "fire"): only their cards wait in
#: ``s.pending`` (a saved position is checked against it)
TRIGGERED = frozenset(QUEUES) & frozenset(FIRES)
STARVES = dict(trigger_hooks(TRAITS, "starves"))
SHIELDS = dict(trigger_hooks(TRAITS, "shields"))
#: the traits that give their animal feeding moves, in the order the move lists show them: (bit, hook) for
#: listing and finding moves; move type -> hook for checking and carrying one out
MOVE_ORDER = ("fat_tissue", "grazing", "piracy", "hibernation")
MOVERS = tuple((BIT[t], hook) for t, hook in trigger_hooks(TRAITS, "moves", MOVE_ORDER))
CAN_MOVE = tuple((BIT[t], hook) for t, hook in trigger_hooks(TRAITS, "can_move", MOVE_ORDER))
MOVER_BITS = sum(b for b, _ in MOVERS)      # an animal with none of these has no trait moves
#: the bits of the traits whose move is a main action (Burn fat): their hooks are asked only while one is open
MAIN_BITS = sum(BIT[t] for t in MOVE_ORDER if TRAITS[t].extra.get("main"))
#: the traits whose entry checks and carries out a feeding move: the attack (Carnivorous; ``moves.py`` lists the
#: attacks itself, prey by prey) and the moves above
MOVE_TRAITS = ("carnivorous",) + MOVE_ORDER
MOVE_CHECKS = {TRAITS[t].extra["action"]: hook for t, hook in trigger_hooks(TRAITS, "check", MOVE_TRAITS)}
MOVE_ACTS = {TRAITS[t].extra["action"]: hook for t, hook in trigger_hooks(TRAITS, "act", MOVE_TRAITS)}
MAIN_MOVES = frozenset(TRAITS[t].extra["action"] for t in MOVE_TRAITS if TRAITS[t].extra.get("main"))
#: the bits of the traits that let an animal attack (their entry gives the Attack move), and whether it may now
ATTACK_BITS = sum(BIT[t] for t in MOVE_TRAITS if TRAITS[t].extra["action"] is Attack)
(CAN_ATTACK,) = (hook for _, hook in trigger_hooks(TRAITS, "can_attack"))
#: the bits of the traits that let an animal sleep (their entry gives the Hibernate move): only an animal with one
#: may be hibernating (a saved position is checked against it)
SLEEP_BITS = sum(BIT[t] for t in MOVE_TRAITS if TRAITS[t].extra["action"] is Hibernate)
#: how a fed animal keeps a token it receives (one trait stores food beyond need: Fat Tissue)
(STORE,) = (hook for _, hook in trigger_hooks(TRAITS, "store"))
#: traits whose card gives its animal room for one fat token (the trait that stores food)
ROOM = frozenset(t for t, r in TRAITS.items() if "store" in r.on)
#: trait -> what happens when its animal loses its card
LOST = dict(trigger_hooks(TRAITS, "lost"))
#: traits an animal may carry more than once (Fat Tissue); pair traits whose two animals play different parts
#: (Symbiosis: protector and protected), so a card links them either way round
STACKABLE = frozenset(t for t, r in TRAITS.items() if r.stackable)
DIRECTED = frozenset(t for t, r in TRAITS.items() if r.extra.get("directed"))

from . import feeding as F  # noqa: E402  (the defences call the feeding steps, which read the table above)

"""Feeding (spec §7), the attack procedure (§8) and pair-trait triggers (§7.5), on a state in place.

Every function here changes the state it is given; ``rules.OriginRuleset.apply`` hands them a clone.
Who may do what is decided by the predicates at the top, which both ``legal_actions`` and ``check`` use.
"""
from __future__ import annotations

from ...actions import interned
from ...events import Attacked, Died, FoodLost, FoodTaken, TraitLost, TriggerFired
from ...i18n import N_, _
from .state import AttackState
from .traits import (CAN_ATTACK, CARRION, DEFENCE_BITS, DEFENDERS, EATEN, FIRES, FORCED, GUARD_BITS, GUARDS,
                     HUNTER_BITS, HUNTERS, LOST, QUEUES, SHIELDS, STARVES, STORE)

RED, BLUE = "red", "blue"
# a token taken, one shared value per distinct fields (``interned``, as in ``rules.common``)
_FoodTaken = interned(FoodTaken, 16384)


# ---- predicates (one source of truth for legality) --------------------------------------------
def can_receive(s, a) -> bool:
    """§7.1: not hibernating, not kept from food by a pair card (Symbiosis), and hungry or with fat room."""
    if a.hibernating or a.links and starved(s, a):
        return False
    return a.red + a.blue < a.need or a.fat < a.fat_cards


def starved(s, a) -> bool:
    """Whether a pair card of ``a`` keeps it from food now (its trait's ``starves`` hook: Symbiosis)."""
    for luid in a.links:
        l = s.links[luid]
        if l.trait in STARVES and STARVES[l.trait](s, l, a):
            return True
    return False


def receive_block(s, a):
    """The rule that stops ``a`` receiving food, or None (used for error messages)."""
    if a.hibernating:
        return "origin.hibernation", _("a hibernating animal cannot receive food")
    for luid in a.links:
        l = s.links[luid]
        v = STARVES[l.trait](s, l, a) if l.trait in STARVES else None
        if v is not None:
            rule, message, other = v
            return rule, _(message).format(animal=a.id, protector=other)
    if a.red + a.blue >= a.need and a.fat >= a.fat_cards:
        return "origin.feeding.fed", _("animal {animal} is fed and has no empty Fat Tissue").format(animal=a.id)
    return None


def attack_block(s, pred, prey):
    """§8.2: the rule that makes ``pred`` attacking ``prey`` illegal (static protections), or None."""
    if pred is prey:
        return "origin.carnivorous.itself", _("a carnivore cannot attack itself")
    return protection(s, pred, prey)


def protection(s, pred, prey):
    """The static protection of ``prey`` against ``pred`` as (rule, message), or None (see ``protector``)."""
    v = protector(s, pred, prey)
    if v is None:
        return None
    rule, message, other = v
    return rule, _(message) if other is None else _(message).format(animal=prey.id, protector=other)


def protector(s, pred, prey):
    """The static protection of ``prey`` against ``pred`` as (rule, message id, the protecting animal or None), or
    None: what ``protection`` says, without the message (the move lists only ask whether there is one). It
    depends on the predator only through its traits (its mask), so every carnivore with the same traits has the
    same prey (see ``_move_actions``)."""
    pm, qm = pred.mask, prey.mask
    if pm & HUNTER_BITS:
        for bit, hunter, rule in HUNTERS:
            if pm & bit and hunter(s, pred, prey):
                return rule, _HUNTER_TEXT, None
    if qm & GUARD_BITS:
        for bit, guard, rule in GUARDS:
            if qm & bit and guard(s, pred, prey):
                return rule, _GUARD_TEXT[rule], None
    if prey.links:
        for luid in prey.links:
            l = s.links[luid]
            v = SHIELDS[l.trait](s, l, prey) if l.trait in SHIELDS else None
            if v is not None:
                return v
    return None


_HUNTER_TEXT = N_("a swimming carnivore can only attack swimming animals")
_GUARD_TEXT = {
    "origin.swimming": N_("only a swimming carnivore can attack a swimming animal"),
    "origin.camouflage": N_("only a carnivore with Sharp Vision can attack a camouflaged animal"),
    "origin.high_body_weight": N_("only a carnivore with High Body Weight can attack an animal with High Body Weight"),
    "origin.burrowing": N_("a burrowing animal cannot be attacked while it is fed"),
}


#: §8.1: whether an animal may attack now, prey aside; the entry of the trait that makes a predator says
#: (Carnivorous: ``traits.predator_block`` says why not)
can_attack = CAN_ATTACK


def own_animal(s, seat, animal):
    """(the animal, None) when ``animal`` is one of ``seat``'s on the table, else (None, the rule it breaks)."""
    a = s.animals.get(animal)
    if a is None:
        return None, ("origin.feeding.no-animal", _("there is no animal {animal}").format(animal=repr(animal)))
    if a.owner != seat:
        return None, ("origin.feeding.own-animal", _("animal {animal} is not yours").format(animal=a.id))
    return a, None


_NO_DEFENCE = ((),) * len(DEFENDERS)


def defences(s, at, target):
    """The target's usable defences in attack ``at``, one per trait of ``DEFENDERS`` in its order (can run,
    tail-loss card uids, mimicry targets), each from its trait's ``Defence.offers`` (falsy: none)."""
    m = target.mask
    if not m & DEFENCE_BITS:
        return _NO_DEFENCE
    return tuple(offers(s, at, target) if m & bit else () for bit, offers in DEFENDERS)


def no_defence_block(s, at, target):
    """Why the defender may not decline its defences: one offered is compulsory (its entry's ``compulsory``:
    Mimicry), or the option makes every usable defence so."""
    offered = defences(s, at, target)
    for i, compulsory, _resolve in FORCED:
        if offered[i]:
            why = compulsory(s)
            if why is not None:
                return why[0], _(why[1])
    if s.ruleset.options["defences_compulsory"] and any(offered):
        return "origin.defence.compulsory", _("with defences_compulsory a usable defence must be used")
    return None


def forced_defence(s, offered):
    """(resolve, choice) when the defender has no decision to make but one: a compulsory defence (Mimicry) is
    the only one offered and it offers one choice; else None."""
    for i, compulsory, resolve in FORCED:
        c = offered[i]
        if c and len(c) == 1 and sum(1 for x in offered if x) == 1 and compulsory(s) is not None:
            return resolve, c[0]
    return None


# ---- receiving food and triggers --------------------------------------------------------------
def receive(s, a, colour, source, ev, from_bank=False, epoch=None) -> bool:
    """§7.1: put one token on ``a`` (as food, or as fat when fed), then queue the triggers of its pair cards that
    this token sets off (each card's ``received`` hook), one per card and side. False when ``a`` cannot receive
    (``can_receive``)."""
    if a.hibernating or a.links and starved(s, a):
        return False
    if a.red + a.blue < a.need:
        if colour == RED:
            a.red += 1
        else:
            a.blue += 1
        fat = False
    elif a.fat < a.fat_cards:
        STORE(s, a)
        fat = True
    else:
        return False
    if ev is not None:
        ev.append(_FoodTaken(a.owner, a.id, colour, source, fat))
    if a.links:
        if epoch is None:
            epoch = s.epoch
        pending = s.pending
        for luid in a.links:
            l = s.links[luid]
            if l.fired == epoch:
                continue
            if l.trait not in QUEUES or not QUEUES[l.trait](from_bank):
                continue
            if any(p[0] == luid and p[1] == a.id for p in pending):
                continue          # one trigger per card and side; the other side's may be pending too
            pending = pending + ((luid, a.id, epoch),)
        s.pending = pending
    return True


def fire(s, entry, ev):
    """Resolve one pending trigger through its card's ``fire`` hook (``traits.py``), which delivers the token.

    §7.5: a card may have a trigger pending from each linked animal; the first that delivers a token is
    the card's firing and the other one is dropped; a trigger that cannot deliver (partner unable to
    receive, or what its trait needs, such as food in the bank) is dropped without counting as a firing."""
    luid, src, epoch = entry
    l = s.links.get(luid)
    if l is None or l.fired == epoch or src not in s.animals:
        return
    other = s.animals.get(l.other(src))
    if other is None or not can_receive(s, other):
        return
    FIRES[l.trait](s, l, src, other, epoch, ev)


def pair_fired(s, l, src, partner, epoch, ev):
    """A pair card's trigger delivers (its trait's hook calls it before the token): the card has fired in this
    round (or action), and its trigger from the other side, if one is pending, is dropped."""
    l.fired = epoch
    if s.pending:
        s.pending = tuple(p for p in s.pending if p[0] != l.uid)
    if ev is not None:
        ev.append(TriggerFired(l.uid, l.trait, src, partner.id))


def pending_group(s):
    """The pending triggers whose owner decides next (the owner of the oldest one)."""
    if not s.pending:
        return ()
    owner = s.animals[s.pending[0][1]].owner if s.pending[0][1] in s.animals else None
    return tuple(p for p in s.pending if p[1] in s.animals and s.animals[p[1]].owner == owner)


def trigger_choices(s) -> list:
    """(card, source) of each trigger the owner may resolve next; source is -1 unless the card has a
    trigger pending from each side (§7.5), so ``Resolve`` names a side only when it must."""
    group = pending_group(s)
    links = [p[0] for p in group]
    return [(p[0], p[1] if links.count(p[0]) > 1 else -1) for p in group]


def trigger_decision_needed(s) -> bool:
    g = pending_group(s)
    return len(g) > 1 or (len(g) == 1 and s.ruleset.options["pair_triggers_optional"])


# ---- actions ------------------------------------------------------------------------------------
def new_action_epoch(s):
    if s.ruleset.options["pair_trigger_reset"] == "action":
        s.epoch += 1


def take_food(s, a, ev):
    if s.ruleset.options["pair_trigger_reset"] == "action":       # ``new_action_epoch``, on the hot path
        s.epoch += 1
    s.food_bank -= 1
    s.move_main = s.move_any = s.move_ate = True
    receive(s, a, RED, "food_bank", ev, True)          # from the bank


def start_attack(s, pred, prey, ev):
    new_action_epoch(s)
    s.move_main = s.move_any = s.move_ate = True
    pred.attacked = True
    s.attack = AttackState(pred.id, prey.id)
    if ev is not None:
        ev.append(Attacked(pred.owner, pred.id, prey.id, traits_of(s, pred), traits_of(s, prey), prey.owner))
    defence_window(s, ev)


def defence_window(s, ev):
    """Open the target's defence window, or resolve at once when the defender has no choice: no defence (it is
    eaten), or one it must use with one choice (``forced_defence``), after which the new target's window opens."""
    while True:
        at = s.attack
        offered = defences(s, at, s.animals[at.prey])
        if offered is _NO_DEFENCE or not any(offered):
            eat(s, ev)
            return
        forced = forced_defence(s, offered)
        if forced is None:
            return
        resolve, choice = forced
        resolve(s, choice, ev)


def lose_card(s, a, uid, ev) -> str:
    """Discard one trait card of ``a`` (Tail Loss): a link drops for both animals; excess food goes."""
    if uid in s.links:
        l = s.links.pop(uid)
        for aid in (l.a, l.b):
            x = s.animals[aid]
            x.links = tuple(u for u in x.links if u != uid)
        s.pending = tuple(p for p in s.pending if p[0] != uid)
        trait = l.trait
    else:
        card = next(c for c in a.cards if c.uid == uid)
        trait = card.trait
        a.set_cards(tuple(c for c in a.cards if c.uid != uid))   # keeps a token on the other fat cards
        lost = LOST.get(trait)
        if lost is not None:
            lost(s, a, ev)
        excess = a.red + a.blue - a.need
        if excess > 0:   # Ruling origin.tail_loss: food is capped at the new need
            take = min(excess, a.blue)
            a.blue -= take
            a.red -= excess - take
            if ev is not None:
                ev.append(FoodLost(a.id, excess))
    if not s.ruleset.heredity:          # Heredity: traits are copies, not cards; nothing is discarded
        s.discards = _add(s.discards, a.owner, 1)
    if ev is not None:
        ev.append(TraitLost(a.owner, a.id, trait))
    return trait


def eat(s, ev):
    """§8.3 step 3: the target is eaten; 2 blue to the predator, then its traits that act when eaten (Poisonous),
    then those that feed on the kill (one Scavenger token)."""
    at = s.attack
    pred = s.animals[at.predator]
    prey = s.animals[at.prey]
    m = prey.mask
    remove_animal(s, prey, "eaten", ev, pred)
    got = receive(s, pred, BLUE, "carnivore", ev)       # two tokens, one at a time (no range: an allocation)
    got += receive(s, pred, BLUE, "carnivore", ev)
    if got < 2 and ev is not None:
        ev.append(FoodLost(pred.id, 2 - got))
    for bit, fire in EATEN:
        if m & bit:
            fire(s, pred, prey, ev)
    s.attack = None
    for carrion in CARRION:
        carrion(s, pred, ev)


def traits_of(s, a) -> tuple:
    """All trait ids of an animal, pair traits included (a trait per card)."""
    t = tuple(c.trait for c in a.cards)
    if a.links:
        t += tuple(s.links[u].trait for u in a.links)
    return t


def remove_animal(s, a, cause, ev, by=None):
    """The animal leaves the table; its card, trait cards and linked pair cards go to its owner's discards."""
    traits = traits_of(s, a) if ev is not None else ()
    del s.animals[a.id]
    if a.links:
        drop_links(s, a)
    if s.pending:
        gone = set(a.links)
        s.pending = tuple(p for p in s.pending if p[0] not in gone and p[1] != a.id)
    if not s.ruleset.heredity:          # Heredity: animals and their traits are not cards
        discards = list(s.discards)
        discards[a.owner] += 1 + len(a.cards) + len(a.links)
        s.discards = tuple(discards)
    if ev is not None:
        ev.append(Died(a.owner, a.id, cause, traits, by.id if by else -1, traits_of(s, by) if by else (),
                       a.red + a.blue, a.need, a.fat))


def drop_links(s, a):
    """The pair links of an animal that left the table go with it (its partners lose them too)."""
    for uid in a.links:
        l = s.links.pop(uid)
        other = s.animals.get(l.other(a.id))
        if other is not None:
            other.links = tuple(u for u in other.links if u != uid)


def _add(t, i, n):
    lst = list(t)
    lst[i] += n
    return tuple(lst)

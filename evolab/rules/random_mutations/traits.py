"""The traits of *Random Mutations*, each with its need bonus, status and a one-line biology hint.

Each trait's rules are on its entry: defences (``guard``/``hunter``/``defence``), what it does at a step of
the game (``on``: a kill's meal, Scavenger's carrion and who may take it, Stomper, Bark Beetle, Extremophile,
Simplification and which card it may discard) and its facts (``extra``: it takes no food; it is one of the ways
of feeding a species has at most one of). The feeding, development, move-list, check and saved-game code loops
over tables built from the entries and names no trait. This table is what every part reads: names, bonuses,
hints, provisional labels.
"""
from __future__ import annotations

from ...events import Escaped, FoodLost, Scavenged, ShelterTaken
from ..base import Defence, TraitRule, defence_hooks, trigger_hooks
from .deck import DECK
from .species import _add, _cards_of, discard_card

_HINTS = {
    "large": ("Big animals are safe from small predators, but need more food.",
              "Needs 1 more food per animal. Only a Large predator can attack it (provisional)."),
    "predator": ("Predators eat other animals instead of plants.",
                 "Each animal may attack another species once per turn; a kill gives it 2 blue food."),
    "obligate_predator": ("Some predators can only live on meat, like cats.",
                          "Never takes food from the centre: an animal is fed only by its own kill."),
    "scavenger": ("Scavengers live on the leftovers of kills, like vultures.",
                  "When any animal is eaten, one unfed scavenger gets 1 blue food (the attacked player's first)."),
    "stomper": ("Big grazers trample the plants others need.",
                "On each of your feeding moves, destroy up to one red food per Stomper animal."),
    "extremophile": ("Life in extreme places is possible but costly.",
                     "Adding an animal costs one more card from your player deck (provisional)."),
    "bark_beetle": ("A bark beetle eats the wood it hides in.",
                    "An unfed animal that gets a shelter eats it instead: 1 blue food."),
    "swimming": ("Water is a refuge: only swimming predators catch swimmers.",
                 "Only a swimming predator attacks it; a swimming predator attacks only swimmers (provisional)."),
    "running": ("Speed lets prey outrun a predator, but not every time.",
                "When attacked, roll a die: 4-6 and the attack fails (provisional)."),
    "budding": ("Some organisms reproduce by budding off a copy of themselves.",
                "No effect: the card's rule was not found (it still scores)."),
    "burrowing": ("A fed animal can hide in its burrow.",
                  "A fed animal of this species cannot be the victim of an attack (provisional)."),
    "metabolic_syndrome": ("A harmful mutation of the metabolism.",
                           "No effect: the card's rule was not found (it still scores)."),
    "simplification": ("Evolution can also lose features, like cave fish losing their eyes.",
                       "When attached, discard one other trait of the species (provisional)."),
}



# ---- defences (§8.2; provisional, Origin's rules). ``guard(rs, hunter, prey)`` / ``hunter(rs, hunter, prey)``
# (the two species' trait ids): whether the prey's trait, or the hunter's, forbids the attack.
def _swimming_guard(rs, hunter, prey) -> bool:
    return "swimming" in prey and "swimming" not in hunter


def _swimming_hunter(rs, hunter, prey) -> bool:
    return "swimming" in hunter and "swimming" not in prey


def _large_guard(rs, hunter, prey) -> bool:
    return "large" in prey and "large" not in hunter and rs.options["large_blocks_small_predators"]


# ``Defence.offers(rs, s, species)``: Burrowing -> which of its animals it hides (a predicate, or None);
# Running -> whether the attack waits for its die. ``resolve(rs, s, value, ev)``: the die's outcome.
def _burrowing_offers(rs, s, sp):
    if rs.options["rm_burrowing_rule"] != "origin_like":
        return None
    need = rs.need(s, sp)
    return lambda a: rs.fed(s, a, need)          # a fed animal hides in its burrow


def _running_offers(rs, s, sp) -> bool:
    return True


def _running_resolve(rs, s, value, ev):
    """4-6: the attack fails; otherwise the attack goes on to the choice of a victim."""
    aid, sid = s.attack
    s.attack = None
    if value >= 4:
        if ev is not None:
            ev.append(Escaped(aid, sid, "running", value))
        F._settle(rs, s, ev)
        return
    F._choose_victim(rs, s, aid, s.species[sid], ev)


# ---- triggers (``TraitRule.on``): "meal" (rs, s, predator, ev) what a kill gives the predator (each hunter
# trait has one, and a species has one hunter trait: ``excludes``);
# "carrion" (rs, s, predator, prey_seat, ev) -> bool after any kill (True: a player must now choose).
def _predator_meal(rs, s, pred, ev):
    """§8.2: a kill gives the predator 2 blue food; what it has no room for is lost."""
    got = F._receive(rs, s, pred, ev, "carnivore") + F._receive(rs, s, pred, ev, "carnivore")
    if got < 2 and ev is not None:
        ev.append(FoodLost(pred.id, 2 - got))


def _obligate_meal(rs, s, pred, ev):
    pred.fed_by_kill = True                      # fed by its own kill; it takes no food


def _scavenger_carrion(rs, s, pred, prey_seat, ev) -> bool:
    """§8.4: one unfed Scavenger gets 1 blue: the first seat with one, from the attacked player (or the killer)."""
    n = s.players
    start = prey_seat if rs.options["scavenger_priority"] == "attacked_player" else pred.owner
    for k in range(n):
        seat = (start + k) % n
        elig = _scavenger_takers(rs, s, seat)
        if elig:
            if len(elig) > 1:
                s.scavenge = seat                # its owner chooses which (``Scavenge``, among the "takers")
                return True
            _scavenger_fed(rs, s, elig[0], ev)
            break
    return False


# "takers" (rs, s, seat) -> the animals of ``seat`` among which its owner chooses who takes the carrion (the
# pending choice ``s.scavenge``); "scavenged" (rs, s, a, ev): what the animal chosen gets.
def _scavenger_takers(rs, s, seat) -> list:
    """The unfed animals of ``seat``'s Scavenger species."""
    out: list = []
    for sp in s.species_of(seat):
        if "scavenger" in rs.traits_of(s, sp):
            need = rs.need(s, sp)
            out.extend(s.animals[x] for x in sp.animals if not rs.fed(s, s.animals[x], need))
    return out


def _scavenger_fed(rs, s, a, ev):
    """1 blue food, if the animal has room and the box has a token; the choice is over."""
    s.scavenge = -1
    if ev is not None:
        ev.append(Scavenged(a.id))
    F._receive(rs, s, a, ev, "scavenger")


# "stomp" (rs, s, sp) -> int: red food the species may destroy on each feeding move (``stomp_capacity``);
# "shelter" (rs, s, a, traits, ev) -> bool when an animal takes a shelter: True if the trait used the shelter
# (the animal then does not keep it).
def _stomper_stomp(rs, s, sp) -> int:
    """§8.8: up to one red food per Stomper animal."""
    return len(sp.animals)


def _bark_beetle_shelter(rs, s, a, traits, ev) -> bool:
    """§8.7: an unfed animal that eats food (not an Obligate Predator) eats its shelter instead: 1 blue food."""
    if not NO_FOOD.isdisjoint(traits) or rs.fed(s, a):
        return False
    if ev is not None:
        ev.append(ShelterTaken(a.owner, a.id, True))
    F._receive(rs, s, a, ev, "bark_beetle")
    return True


# "join" (rs, s, seat, sp) -> the key of a rule (``checks.REASONS``) that stops an animal joining the species
# now, or None (``join_block``); "joined" (rs, s, seat, sp, ev) once one has joined it.
def _extremophile_join(rs, s, seat, sp):
    """§8.6 (provisional): an animal joins only while the player deck holds a card besides the one played."""
    return "rm.extremophile" if s.pdecks[seat] <= 1 else None


def _extremophile_joined(rs, s, seat, sp, ev):
    """§8.6 (provisional): adding an animal costs one more card, the next one of the player deck, unseen."""
    if rs.options["extremophile_extra_discard"] and s.pdecks[seat]:
        s.pdecks = _add(s.pdecks, seat, -1)
        s.discards = _add(s.discards, seat, 1)


# "attached" (rs, s, seat, sp, ev) -> bool: the trait's own card has just been attached to ``sp``; True when
# its owner must now choose (the development phase waits for that choice).
def _simplification_attached(rs, s, seat, sp, ev) -> bool:
    """§8.13 (provisional): one other trait card of the species goes; its owner chooses when there are several."""
    if rs.options["simplification_rule"] != "discard_one_trait":
        return False
    others = _simplification_discards(_cards_of(s, sp))
    if len(others) == 1:
        discard_card(s, sp, others[0], ev)          # ``species.py``: the card leaves the table
    elif others:
        s.simplify = (seat, sp.id)               # answered by ``DiscardTrait``
        return True
    return False


# "discards" (cards) -> the uids of the cards, of a species' (uid, trait) cards, that the pending discard
# (``s.simplify``, answered by ``DiscardTrait``) may take.
def _simplification_discards(cards) -> list:
    """Any trait card but Simplification's own."""
    return [u for u, t in cards if t != "simplification"]


_TRIGGERS: dict[str, dict] = {"predator": {"meal": _predator_meal}, "obligate_predator": {"meal": _obligate_meal},
                              "scavenger": {"carrion": _scavenger_carrion, "takers": _scavenger_takers,
                                            "scavenged": _scavenger_fed},
                              "stomper": {"stomp": _stomper_stomp}, "bark_beetle": {"shelter": _bark_beetle_shelter},
                              "extremophile": {"join": _extremophile_join, "joined": _extremophile_joined},
                              "simplification": {"attached": _simplification_attached,
                                                 "discards": _simplification_discards}}
#: facts on the entries. "eats" False: its animals take no food, red or blue, and are fed only by their own kill
#: (Obligate Predator, §8.3; the species' cached side reads it, ``species._traits_need``). "exclusive": a species
#: has at most one of these ways of feeding (Predator, Obligate Predator, Scavenger, §5.2): each excludes the others
_FACTS = {"predator": {"exclusive": True}, "obligate_predator": {"eats": False, "exclusive": True},
          "scavenger": {"exclusive": True}}
_ONE_OF = tuple(t for t, facts in _FACTS.items() if facts.get("exclusive"))
_GUARDS = {"swimming": (_swimming_guard, _swimming_hunter), "large": (_large_guard, None)}
_DEFENCES = {"burrowing": Defence(offers=_burrowing_offers),
             "running": Defence(offers=_running_offers, resolve=_running_resolve)}
TRAITS = {
    t: TraitRule(t, name, food_need=bonus, points=bonus, rule=f"rm.{t}", hint=_HINTS[t][0], text=_HINTS[t][1],
                 excludes=tuple(x for x in _ONE_OF if x != t) if t in _ONE_OF else (),
                 guard=_GUARDS.get(t, (None, None))[0], hunter=_GUARDS.get(t, (None, None))[1],
                 defence=_DEFENCES.get(t), on=_TRIGGERS.get(t, {}), extra={"status": status, **_FACTS.get(t, {})})
    for t, name, _, bonus, status in DECK
}
#: (rule key, check) of the traits that forbid an attack, in the order they are checked
STOPS = (("rm.swimming.prey", _swimming_guard), ("rm.swimming.hunter", _swimming_hunter), ("rm.large", _large_guard))
#: (trait, offers) of the traits that hide animals from the attack (Burrowing)
HIDERS = (("burrowing", _burrowing_offers),)
#: (trait, offers) of the traits that make an attack wait for a chance roll (Running), and how each resolves
DODGERS = (("running", _running_offers),)
RESOLVE = dict(defence_hooks(TRAITS, "resolve"))
MEALS = trigger_hooks(TRAITS, "meal")
CARRION = tuple(hook for _, hook in trigger_hooks(TRAITS, "carrion"))
#: the hunter traits: those whose animals feed on their kill (a "meal" hook); the traits whose animals take no
#: food (Obligate Predator: the fact "eats" False); both read by the species' cached side (``species.py``)
HUNTERS = tuple(t for t, _ in MEALS)
HUNTER_SET = frozenset(HUNTERS)
NO_FOOD = frozenset(t for t, r in TRAITS.items() if not r.extra.get("eats", True))
#: the traits a species has at most one of (the fact "exclusive" on their entries): a revealed card, a mutation,
#: a saved game and a scenario all read it here
EXCLUSIVE = frozenset(t for t, r in TRAITS.items() if r.extra.get("exclusive"))
#: (trait, hook) of the traits whose carrion may wait for a choice (Scavenger): who may take it, what it gets
TAKERS = trigger_hooks(TRAITS, "takers")
SCAVENGED = trigger_hooks(TRAITS, "scavenged")
#: trait -> hook of the traits whose card asks its owner to discard another (Simplification): which cards may go
DISCARDS = dict(trigger_hooks(TRAITS, "discards"))
#: (trait, hook) of the traits that act when a feeding move destroys red food (Stomper), or a shelter is taken
STOMPERS = trigger_hooks(TRAITS, "stomp")
SHELTERED = trigger_hooks(TRAITS, "shelter")
STOMPING = frozenset(t for t, _ in STOMPERS)


def stomp_capacity(rs, s, seat) -> int:
    """How much red food ``seat``'s traits may destroy on one feeding move (Stomper: one per animal)."""
    n = 0
    species = s.species
    for sid in s.rows[seat]:
        c = species[sid].tcache            # the species' cached side (``species._traits_need``)
        if c is None:
            sp = species[sid]
            c = sp.tcache = rs._traits_need(s, sp)
        if c[4]:                           # one of its traits stomps
            tt = c[0]
            for t, room in STOMPERS:
                if t in tt:
                    n += room(rs, s, species[sid])
    return n


#: (trait, hook) of the traits that stop an animal joining a species (Extremophile)
JOINS = trigger_hooks(TRAITS, "join")
#: the steps development fires by reading the hooks on the entries themselves (``rs.traits[t].on``): once an
#: animal has joined (Extremophile), once a trait's own card is attached (Simplification)
ENTRY_STEPS = ("joined", "attached")


JOINERS = frozenset(t for t, _ in JOINS)


def join_block(rs, s, seat, sp):
    """The key of the rule by which a trait of ``sp`` stops an animal joining it now (Extremophile), or None."""
    c = sp.tcache                                # the move lists ask this of every species: the cache first
    tt = c[0] if c is not None else rs.traits_of(s, sp)
    if JOINERS.isdisjoint(tt):
        return None
    for t, block in JOINS:
        if t in tt:
            key = block(rs, s, seat, sp)
            if key:
                return key
    return None


from . import feeding as F  # noqa: E402  (they read the tables above; the hooks call back into them)

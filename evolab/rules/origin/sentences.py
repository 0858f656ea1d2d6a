"""The log's sentences for what only *The Origin of Species* has: pair links, Parasites, Piracy, Mimicry,
Running's die, poison, Grazing, Hibernation, burnt fat, and the variant's Symbiosis between parent and young."""
from __future__ import annotations

from ...events import (BlindMutation, FatBurned, FoodTaken, Grazed, Hibernated, Pirated, Poisoned, Redirected,
                       RunFailed, TraitGained, TriggerFired, WokeUp)
from ...i18n import N_, _
from .. import sentences as says
from .. import words


def trait_gained(n, s, e):
    if e.partner >= 0:
        if e.animal > e.partner:
            return None               # a pair card: told once, for both animals
        return _("{who} linked animals #{a} and #{b} with {trait}.").format(
            who=n.who(e.seat), a=e.animal, b=e.partner, trait=n.pres.trait_name(e.trait))
    if e.played_by != e.seat and e.played_by >= 0:
        whose = n.whose(e.seat).lower() if e.seat == n.seat else n.whose(e.seat)
        return _("{who} put a Parasite on {whose} animal #{id}.").format(who=n.who(e.played_by), whose=whose,
                                                                          id=e.animal)
    return says.trait_gained(n, s, e)


def food_taken(n, s, e):
    if e.source == "piracy":
        return None                 # the Pirated sentence says who was robbed
    return says.food_taken(n, s, e)


def pirated(n, s, e):
    return _("{pirate} stole 1 {colour} food from {victim} (Piracy).").format(
        pirate=n.animal(s, e.pirate), colour=words.food_colour(e.colour), victim=n.animal(s, e.victim, capital=False))


def redirected(n, s, e):
    n.traits[e.to] = e.to_traits
    n.target = e.to
    return _("Mimicry! The attack on animal #{prey} was sent to animal #{to}.").format(prey=e.prey, to=e.to)


def run_failed(n, s, e):
    return _("Animal #{id} tried to run away but rolled {roll} (it needs 4, 5 or 6).").format(id=e.prey, roll=e.roll)


def poisoned(n, s, e):
    n.poisoned[e.predator] = e.prey
    return _("Animal #{id} ate a Poisonous animal: it will die at the end of the turn.").format(id=e.predator)


def died_of_poison(n, s, e, name):
    prey = n.poisoned.pop(e.animal, None)
    why = (_("it ate the Poisonous animal #{id} this turn").format(id=prey) if prey is not None
           else _("it ate a Poisonous animal"))
    return _("{unit} died of poison: {why}.").format(unit=name, why=why)


def grazed(n, s, e):
    return _("Animal #{id} grazed: 1 red food was destroyed.").format(id=e.animal)


def hibernated(n, s, e):
    return _("Animal #{id} is hibernating: it counts as fed this turn.").format(id=e.animal)


def woke_up(n, s, e):
    return _("Animal #{id} woke up (it lost Hibernation).").format(id=e.animal)


def fat_burned(n, s, e):
    return _("{unit} burned {n} fat: the fat became {n} food.").format(unit=n.animal(s, e.animal), n=e.tokens)


def trigger_fired(n, s, e):
    return None     # the FoodTaken line that follows says it


def blind_mutation(n, s, e):
    if e.outcome == "linked":
        if e.trait == "symbiosis":
            return _("Mutation! Symbiosis by chance: animal #{parent} now protects its young #{id}.").format(
                parent=e.parent, id=e.animal)
        return _("Mutation! Young #{id} and its parent #{parent} are now linked by {trait}, by chance.").format(
            id=e.animal, parent=e.parent, trait=n.pres.trait_name(e.trait))
    return says.blind_mutation(n, s, e)


SENTENCES = {**says.SENTENCES, TraitGained: trait_gained, FoodTaken: food_taken, Pirated: pirated,
             Redirected: redirected, RunFailed: run_failed, Poisoned: poisoned, Grazed: grazed,
             Hibernated: hibernated, WokeUp: woke_up, FatBurned: fat_burned, TriggerFired: trigger_fired,
             BlindMutation: blind_mutation}
DEATHS = {**says.DEATHS, "poisoned": died_of_poison}
FOOD_SOURCES = {**says.FOOD_SOURCES, "cooperation": N_("got {food} through Cooperation"),
                "communication": N_("took {food} through Communication"),
                "tail_loss": N_("got {food} (the prey escaped by Tail Loss)")}
ESCAPES = {"running": N_("it escaped by Running (rolled {roll})"),
           "tail_loss": N_("it escaped by Tail Loss, dropping {lost}")}

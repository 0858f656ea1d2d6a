"""The buttons' labels for the moves of North Star *Evolution*, and how they are grouped."""
from __future__ import annotations

from ...actions import EatPlant, EndTurn, Grow, Hunt, NewSpecies, Pass, PlaceTrait, SelectFood, ThinkFood
from ...i18n import N_, _, pN_
from .. import words
from ..presentation import OWN_MARK, Presentation


def select_food(p, view, a):
    return _("Food card: {card}").format(card=p.card_name(a.card))


def place_trait(p, view, a):
    rep = _(", replacing {card}").format(card=p.card_name(a.replace)) if a.replace else ""
    return _("{card} as a trait of species #{id}{replacing}").format(card=p.card_name(a.card), id=a.species,
                                                                     replacing=rep)


def new_species(p, view, a):
    return _("Discard {card}: new species at the {side}").format(card=p.card_name(a.card), side=words.side(a.side))


def grow(p, view, a):
    what = _("Body Size") if a.what == "body" else _("Population")
    return _("Discard {card}: {what} +1 for species #{id}").format(card=p.card_name(a.card), what=what, id=a.species)


def end_turn(p, view, a):
    return _("End my turn")


def eat_plant(p, view, a):
    return _("Species #{id} eats from the Watering Hole").format(id=a.species)


def hunt(p, view, a):
    extra = (_(" (Intelligence: discard {card}, cancel {cancel})").format(card=p.card_name(a.card),
                                                                         cancel=p.trait_name(a.cancel))
             if a.card else "")
    if p.hurts_own(view, a):
        return _("{mark} Species #{predator} attacks YOUR OWN species #{prey}{extra}").format(
            mark=OWN_MARK, predator=a.predator, prey=a.prey, extra=extra)
    owner = p.target_owner(view, a)
    whose = "" if owner is None else _(" of Player {n}").format(n=owner + 1)
    return _("Species #{predator} attacks species #{prey}{whose}{extra}").format(
        predator=a.predator, prey=a.prey, whose=whose, extra=extra)


def think_food(p, view, a):
    return _("Intelligence: discard {card}, species #{id} takes 2 food").format(card=p.card_name(a.card),
                                                                                id=a.species)


LABELS = {**Presentation.labels, SelectFood: select_food, PlaceTrait: place_trait, NewSpecies: new_species,
          Grow: grow, EndTurn: end_turn, EatPlant: eat_plant, Hunt: hunt, ThinkFood: think_food}
GROUPS = (
    (N_("Choose your food card"), (SelectFood,)),
    (N_("Play a card as a trait"), (PlaceTrait,)),
    (N_("Start a new species"), (NewSpecies,)),
    (N_("Grow a species"), (Grow,)),
    (N_("Feed a species"), (EatPlant, ThinkFood)),
    (N_("Hunt"), (Hunt,)),
    (N_("Finish"), (Pass, EndTurn)),
)
HARMFUL = {Hunt: ("prey", "species")}
#: The phase each player's move is made in (a move out of its phase is refused in these words).
ACTION_PHASES = {SelectFood: "select_food", **dict.fromkeys((PlaceTrait, NewSpecies, Grow, EndTurn), "play_cards"),
                 **dict.fromkeys((EatPlant, Hunt, ThinkFood, Pass), "feeding")}
ACTION_NAMES = {Pass: N_("pass"), EndTurn: N_("end your turn")}

#: Each trait's name as people read it, keyed by its id for translation (the English is the id made readable).
TRAIT_NAMES = {
    "carnivore": pN_("northstar.trait.carnivore", "Carnivore"),
    "ambush": pN_("northstar.trait.ambush", "Ambush"),
    "burrowing": pN_("northstar.trait.burrowing", "Burrowing"),
    "climbing": pN_("northstar.trait.climbing", "Climbing"),
    "cooperation": pN_("northstar.trait.cooperation", "Cooperation"),
    "defensive_herding": pN_("northstar.trait.defensive_herding", "Defensive herding"),
    "fat_tissue": pN_("northstar.trait.fat_tissue", "Fat tissue"),
    "fertile": pN_("northstar.trait.fertile", "Fertile"),
    "foraging": pN_("northstar.trait.foraging", "Foraging"),
    "hard_shell": pN_("northstar.trait.hard_shell", "Hard shell"),
    "horns": pN_("northstar.trait.horns", "Horns"),
    "intelligence": pN_("northstar.trait.intelligence", "Intelligence"),
    "long_neck": pN_("northstar.trait.long_neck", "Long neck"),
    "pack_hunting": pN_("northstar.trait.pack_hunting", "Pack hunting"),
    "scavenger": pN_("northstar.trait.scavenger", "Scavenger"),
    "symbiosis": pN_("northstar.trait.symbiosis", "Symbiosis"),
    "warning_call": pN_("northstar.trait.warning_call", "Warning call"),
}
#: A trait card's printed title where it differs from the name in a sentence ("Fat Tissue"), keyed by id.
TRAIT_TITLES = {
    "defensive_herding": pN_("northstar.title.defensive_herding", "Defensive Herding"),
    "fat_tissue": pN_("northstar.title.fat_tissue", "Fat Tissue"),
    "hard_shell": pN_("northstar.title.hard_shell", "Hard Shell"),
    "long_neck": pN_("northstar.title.long_neck", "Long Neck"),
    "pack_hunting": pN_("northstar.title.pack_hunting", "Pack Hunting"),
    "warning_call": pN_("northstar.title.warning_call", "Warning Call"),
}
#: Each trait's one line of biology (shown on hover), keyed by its id; the English is ``traits.py``'s hint.
TRAIT_HINTS = {
    "carnivore": pN_("northstar.hint.carnivore", "Predators eat meat, never plants."),
    "ambush": pN_("northstar.hint.ambush", "Hiding and pouncing beats an alarm call."),
    "burrowing": pN_("northstar.hint.burrowing", "A well-fed animal can stay safe in its burrow."),
    "climbing": pN_("northstar.hint.climbing", "Climbing out of reach of predators that cannot climb."),
    "cooperation": pN_("northstar.hint.cooperation", "Animals that share food help neighbours survive."),
    "defensive_herding": pN_("northstar.hint.defensive_herding", "Safety in numbers: herds protect their members."),
    "fat_tissue": pN_("northstar.hint.fat_tissue", "Stored fat carries an animal through lean times."),
    "fertile": pN_("northstar.hint.fertile", "More offspring when food is plentiful."),
    "foraging": pN_("northstar.hint.foraging", "Efficient foragers find more food."),
    "hard_shell": pN_("northstar.hint.hard_shell", "Armour makes an animal too big to swallow."),
    "horns": pN_("northstar.hint.horns", "Weapons make an attack costly."),
    "intelligence": pN_("northstar.hint.intelligence", "Clever animals find food and outwit defences."),
    "long_neck": pN_("northstar.hint.long_neck", "Reaching food others cannot."),
    "pack_hunting": pN_("northstar.hint.pack_hunting", "Hunting in groups brings down big prey."),
    "scavenger": pN_("northstar.hint.scavenger", "Scavengers eat what predators leave."),
    "symbiosis": pN_("northstar.hint.symbiosis", "Living beside a bigger partner gives protection."),
    "warning_call": pN_("northstar.hint.warning_call", "Alarm calls warn neighbours of danger."),
}

#: The card table's messages that only North Star's *Evolution* has (message id -> template; the shared ones are in
#: ``evolab.viz.table.strings``).
TABLE_MESSAGES = {
    "aria.species": N_("Species {id}, {whose}: {traits}; Body Size {body}, Population {pop}; food {food} of {pop}"),
    "badge.face_down": N_("{n} card(s) face down"),
    "stat.body": N_("Body Size"),
    "stat.pop": N_("Population"),
    "seat.bag": N_("food bag: {n}"),
    "centre.watering": N_("Watering Hole"),
    "centre.food_cards": N_("Food cards placed"),
    "hand.food": N_("food {n}"),
    "slot.side.left": N_("New species at the left"),
    "slot.side.right": N_("New species at the right"),
}

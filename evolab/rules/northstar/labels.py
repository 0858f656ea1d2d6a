"""The buttons' labels for the moves of North Star *Evolution*, and how they are grouped."""
from __future__ import annotations

from ...actions import EatPlant, EndTurn, Grow, Hunt, NewSpecies, Pass, PlaceTrait, SelectFood, ThinkFood
from ...i18n import N_, _
from ..presentation import OWN_MARK, Presentation


def select_food(p, view, a):
    return _("Food card: {card}").format(card=p.card_name(a.card))


def place_trait(p, view, a):
    rep = _(", replacing {card}").format(card=p.card_name(a.replace)) if a.replace else ""
    return _("{card} as a trait of species #{id}{replacing}").format(card=p.card_name(a.card), id=a.species,
                                                                     replacing=rep)


def new_species(p, view, a):
    return _("Discard {card}: new species at the {side}").format(card=p.card_name(a.card), side=a.side)


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

"""The buttons' labels for the moves of *The Origin of Species*, and how they are grouped."""
from __future__ import annotations

from ...actions import (Attack, BurnFat, ChooseCard, DropTail, EndMove, Graze, Hibernate, Mimic, NoDefence, Pass,
                        PlayAnimal, PlayPairTrait, PlayTrait, Pirate, Resolve, Run, Scavenge, TakeFood)
from ...i18n import N_, _
from ..presentation import OWN_MARK, Presentation


def _of(view, aid):
    a = view.animals.get(aid)
    return "" if a is None else _(" of Player {n}").format(n=a.owner + 1)


def play_animal(p, view, a):
    return _("{card} as a new animal").format(card=p.card_name(a.card))


def play_trait(p, view, a):
    x = view.animals.get(a.animal)
    if x is None:
        target = f"#{a.animal}"
    elif x.owner == view.to_move:
        target = p.unit_ref(view, a.animal)
    else:
        target = p.unit_ref(view, a.animal) + _of(view, a.animal)
    return _("{trait} on {target}").format(trait=p.trait_name(a.trait), target=target)


def play_pair(p, view, a):
    x, y = a.animals
    if a.trait == "symbiosis":
        return _("Symbiosis: {a} protects {b}").format(a=p.unit_ref(view, x), b=p.unit_ref(view, y))
    return _("{trait} between {a} and {b}").format(trait=p.trait_name(a.trait), a=p.unit_ref(view, x),
                                                   b=p.unit_ref(view, y))


def attack(p, view, a):
    if p.hurts_own(view, a):
        return _("{mark} Attack YOUR OWN animal {prey} with {predator}").format(
            mark=OWN_MARK, prey=p.unit_ref(view, a.prey), predator=p.unit_ref(view, a.predator))
    return _("Attack {prey}{whose} with {predator}").format(prey=p.unit_ref(view, a.prey), whose=_of(view, a.prey),
                                                            predator=p.unit_ref(view, a.predator))


def burn_fat(p, view, a):
    return _("Burn {n} fat of {unit}").format(n=a.tokens, unit=p.unit_ref(view, a.animal))


def graze(p, view, a):
    return _("Graze with {unit} (destroy 1 food)").format(unit=p.unit_ref(view, a.animal))


def pirate(p, view, a):
    return _("{pirate} steals {colour} food from {victim}").format(
        pirate=p.unit_ref(view, a.pirate), colour=a.colour, victim=p.unit_ref(view, a.victim))


def hibernate(p, view, a):
    return _("Hibernate {unit}").format(unit=p.unit_ref(view, a.animal))


def end_move(p, view, a):
    return _("End my move") if view.move_any else _("Pass (do nothing this move)")


def run(p, view, a):
    return _("Run away (roll 4-6 to escape)")


def mimic(p, view, a):
    return _("Mimicry: send the attack to {unit}").format(unit=p.unit_ref(view, a.animal))


def drop_tail(p, view, a):
    prey = view.animals[view.attack.prey]
    trait = next((c.trait for c in prey.cards if c.uid == a.card_uid), None)
    if trait is None and a.card_uid in view.links:
        trait = view.links[a.card_uid].trait
    return _("Tail Loss: drop {trait}").format(trait=p.trait_name(trait or "?"))


def no_defence(p, view, a):
    return _("No (more) defence")


def choose_card(p, view, a):
    return _("Take {card} from your gene pool").format(card=p.card_name(a.card))


def resolve(p, view, a):
    link = view.links.get(a.link)
    what = p.trait_name(link.trait) if link else _("trigger")
    to = f" to #{link.other(a.source)}" if link and a.source >= 0 else ""   # one side of two pending
    if a.fire:
        return _("Resolve {what} (card #{card}){to} now").format(what=what, card=a.link, to=to)
    return _("Decline {what} (card #{card}){to} now").format(what=what, card=a.link, to=to)


LABELS = {**Presentation.labels, PlayAnimal: play_animal, PlayTrait: play_trait, PlayPairTrait: play_pair,
          Attack: attack, BurnFat: burn_fat, Graze: graze, Pirate: pirate, Hibernate: hibernate, EndMove: end_move,
          Run: run, Mimic: mimic, DropTail: drop_tail, NoDefence: no_defence, ChooseCard: choose_card,
          Resolve: resolve}
GROUPS = (
    (N_("Choose a card from your gene pool"), (ChooseCard,)),
    (N_("Play a card as a new animal"), (PlayAnimal,)),
    (N_("Play a card as a trait"), (PlayTrait,)),
    (N_("Play a pair trait"), (PlayPairTrait,)),
    (N_("Take food"), (TakeFood,)),
    (N_("Attack"), (Attack,)),
    (N_("Burn fat"), (BurnFat,)),
    (N_("Use a trait"), (Graze, Pirate, Hibernate)),
    (N_("Defend your animal"), (Run, Mimic, DropTail, NoDefence)),
    (N_("Choose"), (Scavenge, Resolve)),
    (N_("Finish"), (Pass, EndMove)),
)
HARMFUL = {Attack: ("prey", "animals")}

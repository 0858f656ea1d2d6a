"""The buttons' labels for the moves of *The Origin of Species*, and how they are grouped."""
from __future__ import annotations

from ...actions import (Attack, BurnFat, ChooseCard, DropTail, EndMove, Graze, Hibernate, Mimic, NoDefence, Pass,
                        PlayAnimal, PlayPairTrait, PlayTrait, Pirate, Resolve, Run, Scavenge, TakeFood)
from ...i18n import N_, _, keyed, pN_
from .. import words
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
        pirate=p.unit_ref(view, a.pirate), colour=words.food_colour(a.colour), victim=p.unit_ref(view, a.victim))


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
    if link and a.source >= 0:          # one side of two pending: name the animal it goes to
        if a.fire:
            return _("Resolve {what} (card #{card}) to #{to} now").format(what=what, card=a.link,
                                                                          to=link.other(a.source))
        return _("Decline {what} (card #{card}) to #{to} now").format(what=what, card=a.link, to=link.other(a.source))
    if a.fire:
        return _("Resolve {what} (card #{card}) now").format(what=what, card=a.link)
    return _("Decline {what} (card #{card}) now").format(what=what, card=a.link)


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
#: The phase each player's move is made in (a move out of its phase is refused in these words).
ACTION_PHASES = {**dict.fromkeys((PlayAnimal, PlayTrait, PlayPairTrait, Pass), "development"),
                 **dict.fromkeys((TakeFood, Attack, BurnFat, Graze, Hibernate, Pirate, EndMove), "feeding")}
ACTION_NAMES = {Pass: N_("pass"), EndMove: N_("end your move")}

#: Each trait's name as people read it, keyed by its id for translation (the English is the id made readable).
TRAIT_NAMES = {
    "carnivorous": pN_("origin.trait.carnivorous", "Carnivorous"),
    "fat_tissue": pN_("origin.trait.fat_tissue", "Fat tissue"),
    "swimming": pN_("origin.trait.swimming", "Swimming"),
    "running": pN_("origin.trait.running", "Running"),
    "mimicry": pN_("origin.trait.mimicry", "Mimicry"),
    "scavenger": pN_("origin.trait.scavenger", "Scavenger"),
    "symbiosis": pN_("origin.trait.symbiosis", "Symbiosis"),
    "piracy": pN_("origin.trait.piracy", "Piracy"),
    "tail_loss": pN_("origin.trait.tail_loss", "Tail loss"),
    "communication": pN_("origin.trait.communication", "Communication"),
    "grazing": pN_("origin.trait.grazing", "Grazing"),
    "high_body_weight": pN_("origin.trait.high_body_weight", "High body weight"),
    "hibernation": pN_("origin.trait.hibernation", "Hibernation"),
    "poisonous": pN_("origin.trait.poisonous", "Poisonous"),
    "cooperation": pN_("origin.trait.cooperation", "Cooperation"),
    "burrowing": pN_("origin.trait.burrowing", "Burrowing"),
    "camouflage": pN_("origin.trait.camouflage", "Camouflage"),
    "sharp_vision": pN_("origin.trait.sharp_vision", "Sharp vision"),
    "parasite": pN_("origin.trait.parasite", "Parasite"),
}
#: A trait card's printed title where it differs from the name in a sentence ("Fat Tissue"), keyed by id.
TRAIT_TITLES = {
    "fat_tissue": pN_("origin.title.fat_tissue", "Fat Tissue"),
    "tail_loss": pN_("origin.title.tail_loss", "Tail Loss"),
    "high_body_weight": pN_("origin.title.high_body_weight", "High Body Weight"),
    "hibernation": pN_("origin.title.hibernation", "Hibernation Ability"),
    "sharp_vision": pN_("origin.title.sharp_vision", "Sharp Vision"),
}
#: Each trait's one line of biology (shown on hover), keyed by its id; the English is ``traits.py``'s hint.
TRAIT_HINTS = {
    "carnivorous": pN_("origin.hint.carnivorous",
               "Predators eat other animals instead of plants: more food per meal, but they need"
               " more."),
    "fat_tissue": pN_("origin.hint.fat_tissue", "Stored fat lets an animal survive a lean year, like a bear or a camel."),
    "swimming": pN_("origin.hint.swimming", "Water is a refuge: only swimming predators catch swimmers."),
    "running": pN_("origin.hint.running", "Speed lets prey outrun a predator, but not every time."),
    "mimicry": pN_("origin.hint.mimicry",
               "Real mimics look like a dangerous species (a harmless hoverfly looks like a "
               "wasp), so predators leave them alone. The card instead sends the attack to "
               "another of your animals."),
    "scavenger": pN_("origin.hint.scavenger", "Scavengers live on the leftovers of other animals' kills, like vultures."),
    "symbiosis": pN_("origin.hint.symbiosis", "Two species living together: one shelters the other, which depends on it."),
    "piracy": pN_("origin.hint.piracy", "Some animals steal food that others found (kleptoparasitism), like skuas."),
    "tail_loss": pN_("origin.hint.tail_loss", "Dropping a body part, like a lizard's tail, can save the animal's life."),
    "communication": pN_("origin.hint.communication", "Animals that signal to each other find food together."),
    "grazing": pN_("origin.hint.grazing", "Grazers eat down the plants that others need."),
    "high_body_weight": pN_("origin.hint.high_body_weight", "Big animals are safe from small predators, but need more food."),
    "hibernation": pN_("origin.hint.hibernation", "Hibernating saves energy when food is scarce, like a dormouse in winter."),
    "poisonous": pN_("origin.hint.poisonous", "Toxic prey kill their predators, like poison dart frogs."),
    "cooperation": pN_("origin.hint.cooperation", "Animals that share food help each other survive."),
    "burrowing": pN_("origin.hint.burrowing", "A fed animal can hide in its burrow, safe from predators."),
    "camouflage": pN_("origin.hint.camouflage", "Colours that blend with the background hide prey from predators."),
    "sharp_vision": pN_("origin.hint.sharp_vision", "Keen eyes spot camouflaged prey, like a hawk's."),
    "parasite": pN_("origin.hint.parasite", "A parasite lives on another animal and makes it need more food."),
}

#: The card table's messages that only *The Origin of Species* has (message id -> template; the shared ones are in
#: ``evolab.viz.table.strings``).
TABLE_MESSAGES = {
    "aria.animal": N_("Animal {id}, {whose}: {traits}; food {food} of {need}"),
    "aria.link": N_("{trait} links animal {a} and animal {b}"),
    "aria.directed": N_("{trait}: animal {a} protects animal {b}"),
    "aria.pool_card": N_("Card in your gene pool: {text}"),
    "link.pair": N_("↔ #{n}"),
    "link.protects": N_("protects #{n}"),
    "link.protected": N_("protected by #{n}"),
    "badge.hibernating": N_("hibernating"),
    "badge.poisoned": N_("poisoned"),
    "seat.pool": N_("gene pool: {n}"),
    "centre.food_bank": N_("Food bank"),
    "hand.pool": N_("Your gene pool"),
    "button.Run": N_("Run away (4-6 escapes)"),
    "button.NoDefence": N_("No (more) defence"),
    "button.Hibernate": N_("Hibernate"),
    "button.Graze": N_("Graze (destroy 1 food)"),
    "button.BurnFat": N_("Burn {tokens} fat"),
    "button.Mimic": N_("Send the attack here (Mimicry)"),
}


def trait_word(trait: str) -> str:
    """A trait as a refusal names it: its card's title ("Fat Tissue"), in the language in use."""
    title = TRAIT_TITLES.get(trait)
    if title is not None:
        return keyed(f"origin.title.{trait}", title)
    return keyed(f"origin.trait.{trait}", TRAIT_NAMES[trait])

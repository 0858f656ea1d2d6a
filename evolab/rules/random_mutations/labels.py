"""The buttons' labels for the moves of *Random Mutations*, and how they are grouped."""
from __future__ import annotations

from ...actions import (Attack, ChooseParasiteVictim, ChooseVictim, DiscardTrait, EndMove, Pass, PlaceParasite,
                        PlayCard, Scavenge, Stomp, TakeFood, TakeShelter)
from ...i18n import N_, _, pN_
from ..presentation import OWN_MARK, Presentation

#: What the top card is announced as, by ``PlayCard.mode`` ({species}: "species #4").
MODES = {"new_species": N_("Top card → a new species"), "trait": N_("Top card → a trait for {species}"),
         "add_animal": N_("Top card → one more animal in {species}"),
         "diverge": N_("Top card → split {species} (Divergence)")}


def attack(p, view, a):
    sp = view.species.get(a.prey)
    traits = p.traits_text(view.ruleset.traits_of(view, sp)) if sp else ""
    if p.hurts_own(view, a):
        return _("{mark} Attack YOUR OWN species #{prey} ({traits}) with {predator}").format(
            mark=OWN_MARK, prey=a.prey, traits=traits, predator=p.unit_ref(view, a.predator))
    whose = "" if sp is None else _(" of Player {n}").format(n=sp.owner + 1)
    return _("Attack species #{prey} ({traits}){whose} with {predator}").format(
        prey=a.prey, traits=traits, whose=whose, predator=p.unit_ref(view, a.predator))


def end_move(p, view, a):
    return _("End my move") if view.move_main else _("Pass (do nothing this move)")


def play_card(p, view, a):
    mode = MODES.get(a.mode)
    return _(mode).format(species=_("species #{id}").format(id=a.species)) if mode else repr(a)


def take_shelter(p, view, a):
    return _("Shelter for {unit}").format(unit=p.unit_ref(view, a.animal))


def place_parasite(p, view, a):
    if p.hurts_own(view, a):
        return _("{mark} Parasite on YOUR OWN animal {unit}").format(mark=OWN_MARK, unit=p.unit_ref(view, a.animal))
    x = view.animals.get(a.animal)
    whose = _(" of Player {n}").format(n=x.owner + 1) if x else ""
    return _("Parasite on {unit}").format(unit=p.unit_ref(view, a.animal)) + whose


def stomp(p, view, a):
    return _("Stomp {n} red food").format(n=a.tokens)


def choose_victim(p, view, a):
    return _("Sacrifice {unit}").format(unit=p.unit_ref(view, a.animal))


def parasite_victim(p, view, a):
    return _("{unit} dies of parasites").format(unit=p.unit_ref(view, a.animal))


def discard_trait(p, view, a):
    return _("Discard trait card #{card}").format(card=a.card_uid)


LABELS = {**Presentation.labels, Attack: attack, EndMove: end_move, PlayCard: play_card, TakeShelter: take_shelter,
          PlaceParasite: place_parasite, Stomp: stomp, ChooseVictim: choose_victim,
          ChooseParasiteVictim: parasite_victim, DiscardTrait: discard_trait}
GROUPS = (
    (N_("Play your top card (blind)"), (PlayCard,)),
    (N_("Take food"), (TakeFood,)),
    (N_("Take a shelter"), (TakeShelter,)),
    (N_("Place a parasite"), (PlaceParasite,)),
    (N_("Attack"), (Attack,)),
    (N_("Use a trait"), (Stomp,)),
    (N_("Choose"), (Scavenge, ChooseVictim, ChooseParasiteVictim, DiscardTrait)),
    (N_("Finish"), (Pass, EndMove)),
)
HARMFUL = {Attack: ("prey", "species"), PlaceParasite: ("animal", "animals")}
#: The phase each player's move is made in (a move out of its phase is refused in these words).
ACTION_PHASES = {**dict.fromkeys((PlayCard, Pass), "development"),
                 **dict.fromkeys((TakeFood, TakeShelter, PlaceParasite, Attack, Stomp, EndMove), "feeding")}
ACTION_NAMES = {Pass: N_("pass"), EndMove: N_("end your move")}

#: Each trait's name as people read it, keyed by its id for translation (the English is the id made readable).
TRAIT_NAMES = {
    "large": pN_("random_mutations.trait.large", "Large"),
    "predator": pN_("random_mutations.trait.predator", "Predator"),
    "obligate_predator": pN_("random_mutations.trait.obligate_predator", "Obligate predator"),
    "scavenger": pN_("random_mutations.trait.scavenger", "Scavenger"),
    "stomper": pN_("random_mutations.trait.stomper", "Stomper"),
    "extremophile": pN_("random_mutations.trait.extremophile", "Extremophile"),
    "bark_beetle": pN_("random_mutations.trait.bark_beetle", "Bark beetle"),
    "swimming": pN_("random_mutations.trait.swimming", "Swimming"),
    "running": pN_("random_mutations.trait.running", "Running"),
    "budding": pN_("random_mutations.trait.budding", "Budding"),
    "burrowing": pN_("random_mutations.trait.burrowing", "Burrowing"),
    "metabolic_syndrome": pN_("random_mutations.trait.metabolic_syndrome", "Metabolic syndrome"),
    "simplification": pN_("random_mutations.trait.simplification", "Simplification"),
}
#: A trait card's printed title where it differs from the name in a sentence ("Fat Tissue"), keyed by id.
TRAIT_TITLES = {
    "obligate_predator": pN_("random_mutations.title.obligate_predator", "Obligate Predator"),
    "bark_beetle": pN_("random_mutations.title.bark_beetle", "Bark Beetle"),
    "metabolic_syndrome": pN_("random_mutations.title.metabolic_syndrome", "Metabolic Syndrome"),
}
#: Each trait's one line of biology (shown on hover), keyed by its id; the English is ``traits.py``'s hint.
TRAIT_HINTS = {
    "large": pN_("random_mutations.hint.large", "Big animals are safe from small predators, but need more food."),
    "predator": pN_("random_mutations.hint.predator", "Predators eat other animals instead of plants."),
    "obligate_predator": pN_("random_mutations.hint.obligate_predator", "Some predators can only live on meat, like cats."),
    "scavenger": pN_("random_mutations.hint.scavenger", "Scavengers live on the leftovers of kills, like vultures."),
    "stomper": pN_("random_mutations.hint.stomper", "Big grazers trample the plants others need."),
    "extremophile": pN_("random_mutations.hint.extremophile", "Life in extreme places is possible but costly."),
    "bark_beetle": pN_("random_mutations.hint.bark_beetle", "A bark beetle eats the wood it hides in."),
    "swimming": pN_("random_mutations.hint.swimming", "Water is a refuge: only swimming predators catch swimmers."),
    "running": pN_("random_mutations.hint.running", "Speed lets prey outrun a predator, but not every time."),
    "budding": pN_("random_mutations.hint.budding", "Some organisms reproduce by budding off a copy of themselves."),
    "burrowing": pN_("random_mutations.hint.burrowing", "A fed animal can hide in its burrow."),
    "metabolic_syndrome": pN_("random_mutations.hint.metabolic_syndrome", "A harmful mutation of the metabolism."),
    "simplification": pN_("random_mutations.hint.simplification",
                          "Evolution can also lose features, like cave fish losing their eyes."),
}

#: The card table's messages that only *Random Mutations* has (message id -> template; the shared ones are in
#: ``evolab.viz.table.strings``).
TABLE_MESSAGES = {
    "aria.rm_species": N_("Species {id}, {whose}: {traits}; {n} animals"),
    "aria.rm_animal": N_("Animal {id} of species {species}, {whose}: food {food} of {need}"),
    "aria.deck": N_("Your blind player deck: {n} cards face down; its top card is played unseen"),
    "badge.sheltered": N_("sheltered"),
    "badge.parasites": N_("{n} parasite(s)"),
    "badge.fed_by_kill": N_("fed by its kill"),
    "badge.split": N_("split from #{parent}"),
    "seat.pdeck": N_("player deck: {n}"),
    "centre.red": N_("Food"),
    "centre.green": N_("Shelters"),
    "centre.black": N_("Parasites"),
    "hand.deck": N_("Your blind deck: {n} cards"),
    "button.TakeShelter": N_("Take a shelter"),
    "button.PlaceParasite": N_("Put a parasite here"),
    "button.ChooseVictim": N_("This one is eaten"),
    "button.ChooseParasiteVictim": N_("This one dies of parasites"),
}

"""Every sentence the card table shows a student, one place per message (message id -> template).

Kept apart from the code that uses them so that they can move into an edition's presentation, or be
translated, without touching the table. Templates use ``str.format`` fields; each is a gettext message id
(``evolab.i18n``): ``t`` shows it in the language in use.
"""
from __future__ import annotations

from ...i18n import N_, _

MESSAGES = {
    # whose a unit is
    "whose.yours": N_("yours"),
    "whose.seat": N_("{name}'s"),
    "traits.none": N_("no traits"),
    # what a card says to a screen reader
    "aria.animal": N_("Animal {id}, {whose}: {traits}; food {food} of {need}"),
    "aria.fat": N_("fat {fat} of {room}"),
    "aria.species": N_("Species {id}, {whose}: {traits}; Body Size {body}, Population {pop}; food {food} of {pop}"),
    "aria.rm_species": N_("Species {id}, {whose}: {traits}; {n} animals"),
    "aria.rm_animal": N_("Animal {id} of species {species}, {whose}: food {food} of {need}"),
    "aria.hand_card": N_("Card in your hand: {text}"),
    "aria.pool_card": N_("Card in your gene pool: {text}"),
    "aria.deck": N_("Your blind player deck: {n} cards face down; its top card is played unseen"),
    "aria.link": N_("{trait} links animal {a} and animal {b}"),
    "aria.directed": N_("{trait}: animal {a} protects animal {b}"),
    # a trait card that has just arrived
    "chip.new": N_("new"),
    # a pair-trait card on one of its two animals
    "link.pair": N_("↔ #{n}"),
    "link.protects": N_("protects #{n}"),
    "link.protected": N_("protected by #{n}"),
    # badges: states a unit is in
    "badge.fed": N_("fed"),
    "badge.hibernating": N_("hibernating"),
    "badge.poisoned": N_("poisoned"),
    "badge.attacked": N_("has attacked"),
    "badge.sheltered": N_("sheltered"),
    "badge.parasites": N_("{n} parasite(s)"),
    "badge.fed_by_kill": N_("fed by its kill"),
    "badge.young": N_("young of #{parent}"),
    "badge.generation": N_("born in generation {born}"),
    "badge.split": N_("split from #{parent}"),
    "badge.face_down": N_("{n} card(s) face down"),
    "badge.under_attack": N_("under attack"),
    "badge.attacking": N_("attacking"),
    # a unit's name on its card
    "title.animal": N_("#{id}"),
    "title.species": N_("Species #{id}"),
    # the units' own numbers
    "stat.body": N_("Body Size"),
    "stat.pop": N_("Population"),
    "stat.food": N_("food"),
    "stat.fat": N_("fat"),
    # the centre of the table
    "centre.food_bank": N_("Food bank"),
    "centre.watering": N_("Watering Hole"),
    "centre.deck": N_("Deck"),
    "centre.food_cards": N_("Food cards placed"),
    "centre.red": N_("Food"),
    "centre.green": N_("Shelters"),
    "centre.black": N_("Parasites"),
    # seats
    "seat.hand": N_("cards in hand: {n}"),
    "seat.discard": N_("discard pile: {n}"),
    "seat.pool": N_("gene pool: {n}"),
    "seat.animals": N_("animals: {n}"),
    "seat.pdeck": N_("player deck: {n}"),
    "seat.bag": N_("food bag: {n}"),
    "seat.first": N_("starts this turn"),
    "seat.points": N_("{n} points"),
    # places a card can go
    "slot.new_animal": N_("New animal"),
    "slot.side.left": N_("New species at the left"),
    "slot.side.right": N_("New species at the right"),
    # the hand
    "hand.title": N_("Your hand"),
    "hand.pool": N_("Your gene pool"),
    "hand.none": N_("no cards"),
    "hand.deck": N_("Your blind deck: {n} cards"),
    "hand.hidden": N_("{name}: your move. The others should look away."),
    "hand.reveal": N_("I am {name}: show my cards"),
    "hand.food": N_("food {n}"),
    # prompts: what to do next
    "prompt.start": N_("Your move: click a card in your hand, an animal, or a button."),
    "prompt.next": N_("Now click one of the places that light up, or choose a button on the card."),
    "prompt.choose": N_("Choose one of the buttons on the card."),
    "prompt.wait": N_("Waiting for {who}."),
    "prompt.nature": N_("Waiting for nature (dice or cards)."),
    "prompt.over": N_("The game is over."),
    "prompt.cancelled": N_("Choice cancelled."),
    # what a click that is no move gets
    "illegal.nothing": N_("That is not a move you can make now."),
    "illegal.not_yours": N_("It is not your move now."),
    "illegal.rule": N_("Not allowed: {message}"),
    "illegal.stale": N_("The table had changed: look again and click once more."),
    # buttons on the card they concern (the card says which animal: the button says only what)
    "button.Run": N_("Run away (4-6 escapes)"),
    "button.NoDefence": N_("No (more) defence"),
    "button.Hibernate": N_("Hibernate"),
    "button.Graze": N_("Graze (destroy 1 food)"),
    "button.BurnFat": N_("Burn {tokens} fat"),
    "button.TakeShelter": N_("Take a shelter"),
    "button.PlaceParasite": N_("Put a parasite here"),
    "button.ChooseVictim": N_("This one is eaten"),
    "button.ChooseParasiteVictim": N_("This one dies of parasites"),
    "button.Mimic": N_("Send the attack here (Mimicry)"),
    "button.Scavenge": N_("Take the scavenged food"),
    # the table's own buttons
    "ui.cancel": N_("Cancel"),
    "ui.animations": N_("Animations"),
    "ui.projector": N_("Projector size"),
    "ui.other": N_("Other moves"),
    "ui.table": N_("Game table"),
    "ui.log": N_("What happened"),
    "ui.delay": N_("Bot delay"),
    "ui.panel": N_("Moves as a list of buttons (the same moves, without the cards)"),
    "ui.selected": N_("selected"),
    "ui.can_target": N_("can be chosen"),
}


def t(key: str, **fields) -> str:
    """The message ``key`` with its fields filled in."""
    return _(MESSAGES[key]).format(**fields)

"""Every sentence the card table shows a student, one place per message (message id -> template).

Kept apart from the code that uses them so that they can move into an edition's presentation, or be
translated, without touching the table. Templates use ``str.format`` fields.
"""
from __future__ import annotations

MESSAGES = {
    # whose a unit is
    "whose.yours": "yours",
    "whose.seat": "{name}'s",
    "traits.none": "no traits",
    # what a card says to a screen reader
    "aria.animal": "Animal {id}, {whose}: {traits}; food {food} of {need}",
    "aria.fat": "fat {fat} of {room}",
    "aria.species": "Species {id}, {whose}: {traits}; Body Size {body}, Population {pop}; food {food} of {pop}",
    "aria.rm_species": "Species {id}, {whose}: {traits}; {n} animals",
    "aria.rm_animal": "Animal {id} of species {species}, {whose}: food {food} of {need}",
    "aria.hand_card": "Card in your hand: {text}",
    "aria.pool_card": "Card in your gene pool: {text}",
    "aria.deck": "Your blind player deck: {n} cards face down; its top card is played unseen",
    "aria.link": "{trait} links animal {a} and animal {b}",
    "aria.symbiosis": "Symbiosis: animal {a} protects animal {b}",
    # a trait card that has just arrived
    "chip.new": "new",
    # a pair-trait card on one of its two animals
    "link.pair": "↔ #{n}",
    "link.protects": "protects #{n}",
    "link.protected": "protected by #{n}",
    # badges: states a unit is in
    "badge.fed": "fed",
    "badge.hibernating": "hibernating",
    "badge.poisoned": "poisoned",
    "badge.attacked": "has attacked",
    "badge.sheltered": "sheltered",
    "badge.parasites": "{n} parasite(s)",
    "badge.fed_by_kill": "fed by its kill",
    "badge.young": "young of #{parent}",
    "badge.generation": "born in generation {born}",
    "badge.split": "split from #{parent}",
    "badge.face_down": "{n} card(s) face down",
    "badge.under_attack": "under attack",
    "badge.attacking": "attacking",
    # a unit's name on its card
    "title.animal": "#{id}",
    "title.species": "Species #{id}",
    # the units' own numbers
    "stat.body": "Body Size",
    "stat.pop": "Population",
    "stat.food": "food",
    "stat.fat": "fat",
    # the centre of the table
    "centre.food_bank": "Food bank",
    "centre.watering": "Watering Hole",
    "centre.deck": "Deck",
    "centre.food_cards": "Food cards placed",
    "centre.red": "Food",
    "centre.green": "Shelters",
    "centre.black": "Parasites",
    # seats
    "seat.hand": "cards in hand: {n}",
    "seat.discard": "discard pile: {n}",
    "seat.pool": "gene pool: {n}",
    "seat.animals": "animals: {n}",
    "seat.pdeck": "player deck: {n}",
    "seat.bag": "food bag: {n}",
    "seat.first": "starts this turn",
    "seat.points": "{n} points",
    # places a card can go
    "slot.new_animal": "New animal",
    "slot.side.left": "New species at the left",
    "slot.side.right": "New species at the right",
    # the hand
    "hand.title": "Your hand",
    "hand.pool": "Your gene pool",
    "hand.none": "no cards",
    "hand.deck": "Your blind deck: {n} cards",
    "hand.hidden": "{name}: your move. The others should look away.",
    "hand.reveal": "I am {name}: show my cards",
    "hand.food": "food {n}",
    # prompts: what to do next
    "prompt.start": "Your move: click a card in your hand, an animal, or a button.",
    "prompt.next": "Now click one of the places that light up, or choose a button on the card.",
    "prompt.choose": "Choose one of the buttons on the card.",
    "prompt.wait": "Waiting for {who}.",
    "prompt.nature": "Waiting for nature (dice or cards).",
    "prompt.over": "The game is over.",
    "prompt.cancelled": "Choice cancelled.",
    # what a click that is no move gets
    "illegal.nothing": "That is not a move you can make now.",
    "illegal.not_yours": "It is not your move now.",
    "illegal.rule": "Not allowed: {message}",
    "illegal.stale": "The table had changed: look again and click once more.",
    # buttons on the card they concern (the card says which animal: the button says only what)
    "button.Run": "Run away (4-6 escapes)",
    "button.NoDefence": "No (more) defence",
    "button.Hibernate": "Hibernate",
    "button.Graze": "Graze (destroy 1 food)",
    "button.BurnFat": "Burn {tokens} fat",
    "button.TakeShelter": "Take a shelter",
    "button.PlaceParasite": "Put a parasite here",
    "button.ChooseVictim": "This one is eaten",
    "button.ChooseParasiteVictim": "This one dies of parasites",
    "button.Mimic": "Send the attack here (Mimicry)",
    "button.Scavenge": "Take the scavenged food",
    # the table's own buttons
    "ui.cancel": "Cancel",
    "ui.animations": "Animations",
    "ui.projector": "Projector size",
    "ui.other": "Other moves",
    "ui.table": "Game table",
    "ui.log": "What happened",
    "ui.delay": "Bot delay",
    "ui.panel": "Moves as a list of buttons (the same moves, without the cards)",
    "ui.selected": "selected",
    "ui.can_target": "can be chosen",
}


def t(key: str, **fields) -> str:
    """The message ``key`` with its fields filled in."""
    return MESSAGES[key].format(**fields)

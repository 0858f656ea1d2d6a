"""The card table's sentences that every edition shares, one place per message (message id -> template).

An edition's own messages (its badges, centre, buttons, spoken labels) live in its presentation
(``evolab/rules/<edition>/labels.py``, ``TABLE_MESSAGES``). Templates use ``str.format`` fields; each is a
gettext message id (``evolab.i18n``): ``t`` shows a shared one in the language in use, ``speaker(pres)``
gives the ``t`` of one edition (its own messages, then the shared ones).
"""
from __future__ import annotations

from ...i18n import N_, _

MESSAGES = {
    # whose a unit is
    "whose.yours": N_("yours"),
    "whose.seat": N_("{name}'s"),
    "traits.none": N_("no traits"),
    # what a card says to a screen reader
    "aria.fat": N_("fat {fat} of {room}"),
    "aria.hand_card": N_("Card in your hand: {text}"),
    # a trait card that has just arrived
    "chip.new": N_("new"),
    # a pair-trait card on one of its two animals
    # badges: states a unit is in
    "badge.fed": N_("fed"),
    "badge.attacked": N_("has attacked"),
    "badge.young": N_("young of #{parent}"),
    "badge.generation": N_("born in generation {born}"),
    "badge.under_attack": N_("under attack"),
    "badge.attacking": N_("attacking"),
    # a unit's name on its card
    "title.animal": N_("#{id}"),
    "title.species": N_("Species #{id}"),
    # the units' own numbers
    "stat.food": N_("food"),
    "stat.fat": N_("fat"),
    # the centre of the table
    "centre.deck": N_("Deck"),
    # seats
    "seat.hand": N_("cards in hand: {n}"),
    "seat.discard": N_("discard pile: {n}"),
    "seat.animals": N_("animals: {n}"),
    "seat.first": N_("starts this turn"),
    "seat.points": N_("{n} points"),
    # places a card can go
    "slot.new_animal": N_("New animal"),
    # the hand
    "hand.title": N_("Your hand"),
    "hand.none": N_("no cards"),
    "hand.hidden": N_("{name}: your move. The others should look away."),
    "hand.reveal": N_("I am {name}: show my cards"),
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
    """The shared message ``key`` with its fields filled in."""
    return _(MESSAGES[key]).format(**fields)


def speaker(pres):
    """``t`` for one edition's table: ``pres.table_messages`` first, then the shared messages. Its ``keys``
    are the message ids it knows."""
    own = pres.table_messages

    def say(key: str, **fields) -> str:
        template = own.get(key)
        return _(template if template is not None else MESSAGES[key]).format(**fields)
    say.keys = own.keys() | MESSAGES.keys()
    return say


def messages(edition: str | None = None) -> dict:
    """Message id -> English template: the shared ones with one edition's (``edition``), or with every
    edition's; an id is defined in one place only, so the merge loses nothing."""
    from ...rules import editions
    out = dict(MESSAGES)
    for eid, ed in editions().items():
        if edition is None or eid == edition:
            out.update(ed.presentation.table_messages)
    return out

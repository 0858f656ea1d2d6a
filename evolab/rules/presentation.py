"""How an edition is shown: the board's drawing of its table, and the helpers every edition's drawing shares.

An edition's ``present.py`` subclasses ``Presentation``. Every method draws from an observation (``observe``
for the seat in front of the screen), never from the full state, so what is hidden from that seat is never
drawn. ``names`` are the seats' names as the board shows them. The base class is neutral: it draws the
census of the table (each unit with its traits), which any edition can offer.
"""
from __future__ import annotations

import html
from typing import ClassVar

from ..palette import pretty, trait_colour

#: What each phase is called on the board's header (an edition adds its own phases).
PHASE_TITLES = {"development": "Development (play cards)", "feeding": "Feeding (take food or hunt)",
                "over": "Game over",
                "reproduction": "Reproduction (young are born; nature draws their mutations)"}


def escape(text) -> str:
    return html.escape(str(text))


def trait_chip(name: str, trait: str, hint: str = "") -> str:
    """One trait as a coloured label (its colour also on every chart), with its biology on hover."""
    title = f" title='{escape(hint)}'" if hint else ""
    return (f"<span class='evolab-trait'{title} style='border-left-color:{trait_colour(trait)}'>"
            f"{escape(name)}</span>")


class Presentation:
    """How the board draws one edition's table (neutral: units listed with their traits)."""

    #: Phase -> title on the board's header; phases not listed are shown capitalised.
    phase_titles: ClassVar[dict[str, str]] = PHASE_TITLES

    # ---- names ---------------------------------------------------------------------------------------
    def trait_name(self, trait: str) -> str:
        """The trait as people read it (``high_body_weight`` -> "High body weight")."""
        return pretty(trait)

    def trait_hint(self, ruleset, trait: str) -> str:
        """One line of biology about the trait, shown on hover."""
        rule = ruleset.traits.get(trait)
        return rule.hint if rule is not None else ""

    def chip(self, ruleset, trait: str) -> str:
        return trait_chip(self.trait_name(trait), trait, self.trait_hint(ruleset, trait))

    def card_text(self, card: str) -> str:
        """A card as people read it (by default its id, as a trait name)."""
        return pretty(card)

    def card_colour_trait(self, card: str) -> str:
        """The trait whose colour a card in hand shows."""
        return card

    def phase_title(self, phase: str) -> str:
        return self.phase_titles.get(phase, phase.capitalize())

    def turn_title(self, view) -> str:
        """"Turn 3", or in the Heredity variant "Generation 3 of 20" (a turn is a generation there)."""
        rs = view.ruleset
        if rs.heredity:
            return f"Generation {view.turn} of {rs.options['generations']}"
        return f"Turn {view.turn}"

    def last_turn(self, view) -> bool:
        """Whether this is the game's last turn (the header says so); an edition that knows says when."""
        return False

    # ---- the board ---------------------------------------------------------------------------------------
    def centre(self, view) -> str:
        """The centre of the table on the header line (food, deck...)."""
        return f"Deck: {view.deck_size} cards"

    def banner(self, view, names) -> str:
        """A banner for a decision everybody should notice (an attack in progress), or ""."""
        return ""

    def hand(self, view, names) -> str:
        """The viewer's cards."""
        seat = view.seat
        cards = "".join(trait_chip(self.card_text(c), self.card_colour_trait(c)) for c in view.hand)
        return (f"<div><b>{escape(names[seat])} — cards in hand ({len(view.hand)}):</b> "
                f"{cards or '<i>none</i>'}</div>")

    def table(self, view, names) -> str:
        """Every seat's area: its units with their traits (what the census of the view says)."""
        rs = view.ruleset
        units: dict[int, list] = {i: [] for i in range(view.players)}
        for seat, uid, traits, k in rs.census(view):
            chips = "".join(self.chip(rs, t) for t in traits) or "<i>no traits</i>"
            count = f" ({k} animals)" if k != 1 else ""
            units[seat].append(f"<div class='evolab-animal'><b>#{uid}</b>{count} {chips}</div>")
        return "".join(
            f"<div class='evolab-seat{' mine' if seat == view.seat else ''}'><b>{escape(names[seat])}</b>"
            f"<div>{''.join(units[seat]) or '<i>nothing on the table</i>'}</div></div>" for seat in units)

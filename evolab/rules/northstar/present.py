"""How the board shows North Star *Evolution*: species boards with Body Size, Population, food and fat, face-up
traits (face-down ones named only to their owner), food bags and the Watering Hole. Drawn from one seat's
observation."""
from __future__ import annotations

from ...i18n import N_, _
from ..presentation import PHASE_TITLES, Presentation, escape
from . import labels as _labels
from . import sentences as _sentences


class NorthStarPresentation(Presentation, words=(_labels, _sentences)):
    phase_titles = {**PHASE_TITLES, "select_food": N_("Select a food card (secret)"),
                    "play_cards": N_("Play cards (traits face down)")}

    def card_text(self, card: str) -> str:
        """``carnivore:3`` -> "Carnivore (food 3)"."""
        t, f = card.split(":", 1)
        return _("{trait} (food {food})").format(trait=self.trait_name(t), food=f)

    def card_name(self, card: str) -> str:
        """``carnivore:3`` -> "Carnivore (3)" in a button's label."""
        t, f = card.split(":", 1)
        return f"{self.trait_name(t)} ({f})"

    def after_move(self, n, s) -> list:
        return super().after_move(n, s) + _sentences.replacement_draws(n, s)

    def card_colour_trait(self, card: str) -> str:
        return card.split(":")[0]

    def last_turn(self, view) -> bool:
        return view.last_round

    def fat_room(self, view, unit) -> int:
        """A species with (face-up) Fat Tissue stores fat up to its Body Size."""
        return unit.body if unit.has("fat_tissue") else 0

    def centre(self, view) -> str:
        return (f"Watering Hole: <b>{view.watering}</b> plant food · Deck: {view.deck_size} cards · "
                f"Food cards placed: {view.food_cards_placed}")

    def table(self, view, names) -> str:
        rs = view.ruleset
        out = []
        for seat in range(view.players):
            mine = " mine" if seat == view.seat else ""
            cards = [self.species(rs, view.species[sid], seat == view.seat) for sid in view.rows[seat]]
            first = " · starts this round" if seat == view.first else ""
            placed = " · food card placed" if view.food_placed[seat] else ""
            out.append(f"<div class='evolab-seat{mine}'><b>{escape(names[seat])}</b>{first} · "
                       f"cards in hand: {view.hand_sizes[seat]} · food bag: {view.bags[seat]}{placed}"
                       f"<div>{''.join(cards) or '<i>no species</i>'}</div></div>")
        return "".join(out)

    def species(self, rs, sp, mine: bool) -> str:
        chips = "".join(self.chip(rs, t) for t in sp.trait_ids) or "<i>no traits</i>"
        hidden = len(sp.pending)
        if hidden:
            chips += (" + " + ", ".join(self.trait_name(c.split(':')[0]) for c in sp.pending) + " (face down)"
                      if mine else f" + {hidden} face-down card(s)")
        food = "●" * sp.food + "○" * max(0, sp.pop - sp.food)
        fat = f" · fat {sp.fat}/{sp.body}" if sp.has("fat_tissue") else ""
        return (f"<div class='evolab-animal'><b>Species #{sp.id}</b> · Body Size <b>{sp.body}</b> · "
                f"Population <b>{sp.pop}</b><div>{chips}</div><div>food {food} {sp.food}/{sp.pop}{fat}"
                f"</div></div>")

"""How the board shows North Star *Evolution*: species boards with Body Size, Population, food and fat, face-up
traits (face-down ones named only to their owner), food bags and the Watering Hole. Drawn from one seat's
observation."""
from __future__ import annotations

from ...i18n import N_, _, ngettext
from ..presentation import PHASE_TITLES, Presentation, escape
from . import labels as _labels
from . import sentences as _sentences
from .traits import fat_capacity


class NorthStarPresentation(Presentation, words=(_labels, _sentences)):
    context = "northstar"
    title = N_("Evolution (North Star)")
    phase_titles = {**PHASE_TITLES, "select_food": N_("Select a food card (secret)"),
                    "play_cards": N_("Play cards (traits face down)"), "remove": N_("Remove"),
                    "end_draws": N_("End draws")}

    def card_text(self, card: str) -> str:
        """``carnivore:3`` -> "Carnivore (food 3)"."""
        t, f = card.split(":", 1)
        return _("{trait} (food {food})").format(trait=self.trait_name(t), food=f)

    def card_name(self, card: str) -> str:
        """``carnivore:3`` -> "Carnivore (3)" in a button's label."""
        t, f = card.split(":", 1)
        return _("{trait} ({food})").format(trait=self.trait_name(t), food=f)

    def after_move(self, n, s) -> list:
        return super().after_move(n, s) + _sentences.replacement_draws(n, s)

    def card_colour_trait(self, card: str) -> str:
        return card.split(":")[0]

    def last_turn(self, view) -> bool:
        return view.last_round

    def fat_room(self, view, unit) -> int:
        """As much fat as its face-up traits let it store (Fat Tissue: up to its Body Size)."""
        return fat_capacity(view.ruleset, unit)

    def centre(self, view) -> str:
        return _("Watering Hole: <b>{food}</b> plant food · Deck: {cards} cards · Food cards placed: {placed}").format(
            food=view.watering, cards=view.deck_size, placed=view.food_cards_placed)

    def table(self, view, names) -> str:
        rs = view.ruleset
        out = []
        for seat in range(view.players):
            mine = " mine" if seat == view.seat else ""
            cards = [self.species(rs, view.species[sid], seat == view.seat) for sid in view.rows[seat]]
            first = " · " + _("starts this round") if seat == view.first else ""
            placed = " · " + _("food card placed") if view.food_placed[seat] else ""
            counts = (_("cards in hand: {n}").format(n=view.hand_sizes[seat]) + " · " +
                      _("food bag: {n}").format(n=view.bags[seat]))
            none = "<i>" + _("no species") + "</i>"
            out.append(f"<div class='evolab-seat{mine}'><b>{escape(names[seat])}</b>{first} · "
                       f"{counts}{placed}"
                       f"<div>{''.join(cards) or none}</div></div>")
        return "".join(out)

    def species(self, rs, sp, mine: bool) -> str:
        chips = "".join(self.chip(rs, t) for t in sp.trait_ids) or "<i>" + _("no traits") + "</i>"
        hidden = len(sp.pending)
        if hidden:
            chips += (" + " + _("{traits} (face down)").format(
                          traits=", ".join(self.trait_name(c.split(':')[0]) for c in sp.pending))
                      if mine else " + " + ngettext("{n} face-down card", "{n} face-down cards", hidden).format(n=hidden))
        food = "●" * sp.food + "○" * max(0, sp.pop - sp.food)
        room = fat_capacity(rs, sp)
        fat = " · " + _("fat {fat}/{room}").format(fat=sp.fat, room=room) if room else ""
        head = _("Species #{id}").format(id=sp.id)
        stats = _("Body Size <b>{body}</b> · Population <b>{pop}</b>").format(body=sp.body, pop=sp.pop)
        food_txt = _("food {dots} {food}/{need}").format(dots=food, food=sp.food, need=sp.pop)
        return (f"<div class='evolab-animal'><b>{head}</b> · {stats}<div>{chips}</div><div>{food_txt}{fat}"
                f"</div></div>")

"""How the board shows *The Origin of Species*: animals with their trait cards, food and fat tokens, pair
links, the food bank; an attack in progress as a banner. Drawn from one seat's observation."""
from __future__ import annotations

from ...i18n import N_
from ..presentation import PHASE_TITLES, Presentation, escape
from . import labels as _labels
from . import sentences as _sentences

#: Fixed choices, chosen so related ideas look related (predators vermillion, water blue...).
TRAIT_STYLES = {
    "carnivorous": ("#d55e00", "-", "o"), "fat_tissue": ("#e69f00", "--", "s"),
    "swimming": ("#0072b2", "-", "^"), "running": ("#56b4e9", "-.", "D"),
    "mimicry": ("#cc79a7", "-", "v"), "scavenger": ("#999933", ":", "P"),
    "symbiosis": ("#44aa99", "--", "X"), "piracy": ("#882255", "-", "*"),
    "tail_loss": ("#aa4499", "--", "<"), "communication": ("#88ccee", "--", ">"),
    "grazing": ("#117733", "-", "o"), "high_body_weight": ("#332288", "-", "s"),
    "hibernation": ("#bbbbbb", "-", "^"), "poisonous": ("#cc6677", "-", "D"),
    "cooperation": ("#44aa99", "-", "v"), "burrowing": ("#ddcc77", "-", "P"),
    "camouflage": ("#009e73", "-", "X"), "sharp_vision": ("#000000", ":", "*"),
    "parasite": ("#882255", ":", "<"),
}


class OriginPresentation(Presentation, words=(_labels, _sentences)):
    phase_titles = {**PHASE_TITLES, "choose": N_("Choose cards from your gene pool")}
    trait_styles = TRAIT_STYLES

    def card_text(self, card: str) -> str:
        """``camouflage/fat_tissue`` -> "Camouflage / Fat tissue"."""
        return " / ".join(self.trait_name(t) for t in card.split("/"))

    def card_colour_trait(self, card: str) -> str:
        return card.split("/")[0]

    def last_turn(self, view) -> bool:
        return view.last_turn

    def fat_room(self, view, unit) -> int:
        """One fat token per Fat Tissue card on the animal."""
        return unit.fat_cards

    def centre(self, view) -> str:
        return f"Food bank: <b>{view.food_bank}</b> red tokens · Deck: {view.deck_size} cards"

    def banner(self, view, names) -> str:
        at = view.attack
        if at is not None and at.prey in view.animals:
            prey = view.animals[at.prey]
            return (f"<div class='evolab-banner'>⚔ Animal #{at.predator} is attacking "
                    f"{escape(names[prey.owner])}'s animal #{at.prey}! "
                    f"{'Choose a defence below.' if prey.owner == view.seat else ''}</div>")
        return ""

    def table(self, view, names) -> str:
        rs = view.ruleset
        out = []
        for seat in range(view.players):
            mine = " mine" if seat == view.seat else ""
            animals = [a for a in view.animals.values() if a.owner == seat]
            cards = "".join(self.animal(rs, a) for a in animals) or "<i>no animals</i>"
            links = [l for l in view.links.values() if view.animals[l.a].owner == seat]
            link_txt = "".join(
                f"<div>Pair trait {self.trait_name(l.trait)}: #{l.a} "
                f"{'protects' if l.trait == 'symbiosis' else '↔'} #{l.b}</div>" for l in links)
            first = " · starts this turn" if seat == view.first else ""
            pool = f" · gene pool: {view.pool_sizes[seat]}" if view.pool_sizes else ""
            cards_txt = (f"animals: {len(animals)}" if rs.heredity else
                         f"cards in hand: {view.hand_sizes[seat]}{pool} · discard pile: {view.discard_sizes[seat]}")
            out.append(f"<div class='evolab-seat{mine}'><b>{escape(names[seat])}</b>{first} · "
                       f"{cards_txt}<div>{cards}</div>{link_txt}</div>")
        return "".join(out)

    def animal(self, rs, a) -> str:
        traits = "".join(self.chip(rs, c.trait) for c in a.cards) or "<i>no traits</i>"
        food = a.red + a.blue
        dots = "●" * min(food, a.need) + "○" * max(0, a.need - food)
        state = []
        if a.is_fed():
            state.append("<b>fed</b>")
        if a.hibernating:
            state.append("☾ hibernating")
        if a.poisoned:
            state.append("☠ poisoned")
        if a.attacked:
            state.append("has attacked")
        fat = f" · fat {a.fat}/{a.fat_cards}" if a.fat_cards else ""
        if a.parent >= 0:
            state.append(f"young of #{a.parent} (generation {a.born})")
        return (f"<div class='evolab-animal'><b>#{a.id}</b> {traits}"
                f"<div>food {dots} {food}/{a.need} ({a.red} red, {a.blue} blue){fat}</div>"
                f"<div>{' · '.join(state)}</div></div>")

"""How the board shows *The Origin of Species*: animals with their trait cards, food and fat tokens, pair
links, the food bank; an attack in progress as a banner. Drawn from one seat's observation."""
from __future__ import annotations

from ...i18n import N_, _
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
    context = "origin"
    title = N_("The Origin of Species")
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
        return _("Food bank: <b>{food}</b> red tokens · Deck: {cards} cards").format(food=view.food_bank,
                                                                                   cards=view.deck_size)

    def banner(self, view, names) -> str:
        at = view.attack
        if at is not None and at.prey in view.animals:
            prey = view.animals[at.prey]
            head = _("⚔ Animal #{predator} is attacking {whose} animal #{prey}!").format(
                predator=at.predator, whose=_("{name}'s").format(name=escape(names[prey.owner])), prey=at.prey)
            tail = " " + _("Choose a defence below.") if prey.owner == view.seat else " "
            return f"<div class='evolab-banner'>{head}{tail}</div>"
        return ""

    def table(self, view, names) -> str:
        rs = view.ruleset
        out = []
        for seat in range(view.players):
            mine = " mine" if seat == view.seat else ""
            animals = [a for a in view.animals.values() if a.owner == seat]
            cards = "".join(self.animal(rs, a) for a in animals) or "<i>" + _("no animals") + "</i>"
            links = [l for l in view.links.values() if view.animals[l.a].owner == seat]
            link_txt = "".join(
                "<div>" + (_("Pair trait {trait}: #{a} protects #{b}") if l.trait == "symbiosis" else
                           _("Pair trait {trait}: #{a} ↔ #{b}")).format(trait=self.trait_name(l.trait), a=l.a, b=l.b)
                + "</div>" for l in links)
            first = " · " + _("starts this turn") if seat == view.first else ""
            if rs.heredity:
                cards_txt = _("animals: {n}").format(n=len(animals))
            else:
                cards_txt = _("cards in hand: {n}").format(n=view.hand_sizes[seat])
                if view.pool_sizes:
                    cards_txt += " · " + _("gene pool: {n}").format(n=view.pool_sizes[seat])
                cards_txt += " · " + _("discard pile: {n}").format(n=view.discard_sizes[seat])
            out.append(f"<div class='evolab-seat{mine}'><b>{escape(names[seat])}</b>{first} · "
                       f"{cards_txt}<div>{cards}</div>{link_txt}</div>")
        return "".join(out)

    def animal(self, rs, a) -> str:
        traits = "".join(self.chip(rs, c.trait) for c in a.cards) or "<i>" + _("no traits") + "</i>"
        food = a.red + a.blue
        dots = "●" * min(food, a.need) + "○" * max(0, a.need - food)
        state = []
        if a.is_fed():
            state.append("<b>" + _("fed") + "</b>")
        if a.hibernating:
            state.append("☾ " + _("hibernating"))
        if a.poisoned:
            state.append("☠ " + _("poisoned"))
        if a.attacked:
            state.append(_("has attacked"))
        fat = " · " + _("fat {fat}/{room}").format(fat=a.fat, room=a.fat_cards) if a.fat_cards else ""
        if a.parent >= 0:
            state.append(_("young of #{parent} (generation {born})").format(parent=a.parent, born=a.born))
        food_txt = _("food {dots} {food}/{need} ({red} red, {blue} blue)").format(
            dots=dots, food=food, need=a.need, red=a.red, blue=a.blue)
        return (f"<div class='evolab-animal'><b>#{a.id}</b> {traits}"
                f"<div>{food_txt}{fat}</div>"
                f"<div>{' · '.join(state)}</div></div>")

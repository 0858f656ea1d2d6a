"""How the board shows *Random Mutations*: species in rows with their traits and animals (food, shelters,
parasites), the centre's tokens, and blind player decks that nobody may look at. Drawn from one seat's
observation."""
from __future__ import annotations

from ...i18n import N_, _, ngettext
from ..presentation import PHASE_TITLES, Presentation, escape
from . import labels as _labels
from . import sentences as _sentences


class RandomMutationsPresentation(Presentation, words=(_labels, _sentences)):
    context = "random_mutations"
    title = N_("Random Mutations")
    phase_titles = {**PHASE_TITLES, "parasites": N_("Extinction (parasites)"), "reveal": N_("Reveal"),
                    "climate_red": N_("Climate (red)"), "climate_green": N_("Climate (green)"),
                    "climate_black": N_("Climate (black)")}

    def young_place(self, s, young: int) -> str:
        a = s.animals.get(young)
        return _(", in species #{id}").format(id=a.species) if a is not None else ""

    def supply_exhausted(self, s) -> bool:
        cap = s.ruleset.blue_cap
        return cap is not None and s.blue_out >= cap

    def last_turn(self, view) -> bool:
        return view.last_turn

    def centre(self, view) -> str:
        return _("Centre: <b>{red}</b> food, <b>{green}</b> shelters, <b>{black}</b> parasites · "
                 "Common deck: {cards} cards").format(red=view.red, green=view.green, black=view.black,
                                                      cards=view.deck_size)

    def banner(self, view, names) -> str:
        if view.choose_victim is not None:
            seat, sid, pred = view.choose_victim
            text = _("⚔ Animal #{predator} is attacking species #{species}! {name} chooses which animal is "
                     "eaten.").format(predator=pred, species=sid, name=escape(names[seat]))
            return f"<div class='evolab-banner'>{text}</div>"
        return ""

    def hand(self, view, names) -> str:
        seat = view.seat
        head = _("{name} — player deck: {n} cards, face down.").format(name=escape(names[seat]),
                                                                     n=view.pdeck_sizes[seat])
        rest = _("Nobody, not even you, may look at them: you say how you will use the top card before it is "
                 "turned over.")
        return f"<div><b>{head}</b> {rest}</div>"

    def table(self, view, names) -> str:
        rs = view.ruleset
        out = []
        for seat in range(view.players):
            mine = " mine" if seat == view.seat else ""
            cards = [self.species(rs, view, view.species[sid]) for sid in view.rows[seat]]
            first = " · " + _("starts this turn") if seat == view.first else ""
            counts = (_("player deck: {n}").format(n=view.pdeck_sizes[seat]) + " · " +
                      _("discard pile: {n}").format(n=view.discard_sizes[seat]))
            none = "<i>" + _("no species") + "</i>"
            out.append(f"<div class='evolab-seat{mine}'><b>{escape(names[seat])}</b>{first} · "
                       f"{counts}<div>{''.join(cards) or none}</div></div>")
        return "".join(out)

    def species(self, rs, view, sp) -> str:
        chips = "".join(self.chip(rs, t) for t in rs.traits_of(view, sp)) or "<i>" + _("no traits") + "</i>"
        need = rs.need(view, sp)
        animals = []
        for aid in sp.animals:
            a = view.animals[aid]
            food = a.red + a.blue
            bits = [_("#{id} food {dots} {food}/{need}").format(
                id=aid, dots="●" * min(food, need) + "○" * max(0, need - food), food=food, need=need)]
            if a.fed_by_kill:
                bits.append(_("fed by its kill"))
            if a.shelter:
                bits.append("⌂ " + _("sheltered"))
            if a.parasites:
                bits.append("☣ " + ngettext("{n} parasite", "{n} parasites", a.parasites).format(n=a.parasites))
            if a.attacked:
                bits.append(_("has attacked"))
            animals.append("<div>" + " · ".join(bits) + "</div>")
        origin = " · " + _("split from #{parent}").format(parent=sp.parent) if sp.parent >= 0 else ""
        head = _("Species #{id}").format(id=sp.id)
        pop = _("population {n}").format(n=len(sp.animals))
        return (f"<div class='evolab-animal'><b>{head}</b> ({pop}"
                f"{origin})<div>{chips}</div>{''.join(animals)}</div>")

"""How the board shows *Random Mutations*: species in rows with their traits and animals (food, shelters,
parasites), the centre's tokens, and blind player decks that nobody may look at. Drawn from one seat's
observation."""
from __future__ import annotations

from ...i18n import N_, _
from ..presentation import PHASE_TITLES, Presentation, escape
from . import labels as _labels
from . import sentences as _sentences


class RandomMutationsPresentation(Presentation, words=(_labels, _sentences)):
    phase_titles = {**PHASE_TITLES, "parasites": N_("Extinction (parasites)")}

    def young_place(self, s, young: int) -> str:
        a = s.animals.get(young)
        return _(", in species #{id}").format(id=a.species) if a is not None else ""

    def supply_exhausted(self, s) -> bool:
        cap = s.ruleset.blue_cap
        return cap is not None and s.blue_out >= cap

    def last_turn(self, view) -> bool:
        return view.last_turn

    def centre(self, view) -> str:
        return (f"Centre: <b>{view.red}</b> food, <b>{view.green}</b> shelters, "
                f"<b>{view.black}</b> parasites · Common deck: {view.deck_size} cards")

    def banner(self, view, names) -> str:
        if view.choose_victim is not None:
            seat, sid, pred = view.choose_victim
            return (f"<div class='evolab-banner'>⚔ Animal #{pred} is attacking species #{sid}! "
                    f"{escape(names[seat])} chooses which animal is eaten.</div>")
        return ""

    def hand(self, view, names) -> str:
        seat = view.seat
        return (f"<div><b>{escape(names[seat])} — player deck: {view.pdeck_sizes[seat]} cards, "
                f"face down.</b> Nobody, not even you, may look at them: you say how you will use "
                f"the top card before it is turned over.</div>")

    def table(self, view, names) -> str:
        rs = view.ruleset
        out = []
        for seat in range(view.players):
            mine = " mine" if seat == view.seat else ""
            cards = [self.species(rs, view, view.species[sid]) for sid in view.rows[seat]]
            first = " · starts this turn" if seat == view.first else ""
            out.append(f"<div class='evolab-seat{mine}'><b>{escape(names[seat])}</b>{first} · "
                       f"player deck: {view.pdeck_sizes[seat]} · discard pile: {view.discard_sizes[seat]}"
                       f"<div>{''.join(cards) or '<i>no species</i>'}</div></div>")
        return "".join(out)

    def species(self, rs, view, sp) -> str:
        chips = "".join(self.chip(rs, t) for t in rs.traits_of(view, sp)) or "<i>no traits</i>"
        need = rs.need(view, sp)
        animals = []
        for aid in sp.animals:
            a = view.animals[aid]
            food = a.red + a.blue
            bits = [f"#{aid} food {'●' * min(food, need)}{'○' * max(0, need - food)} {food}/{need}"]
            if a.fed_by_kill:
                bits.append("fed by its kill")
            if a.shelter:
                bits.append("⌂ sheltered")
            if a.parasites:
                bits.append(f"☣ {a.parasites} parasite(s)")
            if a.attacked:
                bits.append("has attacked")
            animals.append("<div>" + " · ".join(bits) + "</div>")
        origin = f" · split from #{sp.parent}" if sp.parent >= 0 else ""
        return (f"<div class='evolab-animal'><b>Species #{sp.id}</b> (population {len(sp.animals)}"
                f"{origin})<div>{chips}</div>{''.join(animals)}</div>")

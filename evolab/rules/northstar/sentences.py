"""The log's sentences for North Star *Evolution*, whose units are species boards: a board grows or loses
Population rather than an animal being born or dying; the Watering Hole; Horns; cards drawn to replace the
trait cards of an extinct species."""
from __future__ import annotations

from ...events import AnimalBorn, FoodBankRolled
from ...i18n import N_, _, ngettext
from .. import sentences as says


def species_grew(n, s, e):
    if n.hidden(s, e.seat):
        return None
    sp = s.species.get(e.animal)
    if sp is not None and sp.pop > 1:
        return _("{whose} species #{id} grew to Population {pop}.").format(whose=n.whose(e.seat), id=e.animal,
                                                                           pop=sp.pop)
    return _("{who} started a new species (#{id}).").format(who=n.who(e.seat), id=e.animal)


def watering_hole(n, s, e):
    return _("The Watering Hole has {food} plant food this round.").format(food=e.food)


def eaten(n, s, e, name):
    head = n.attack_text(s) if n.attack else _("Animal #{by} attacked animal #{id}").format(by=e.by, id=e.animal)
    victim = _("it") if n.attack is None or e.animal == n.target else _("its animal #{id}").format(id=e.animal)
    n.attack = None
    n.last_kill = e.by
    return _("{head}: {victim} lost {n} Population.").format(head=head, victim=victim, n=n.count)


def horns(n, s, e, name):
    prey = _(" of species #{id}").format(id=n.attack.prey) if n.attack else ""
    return _("{unit} lost {n} Population to the Horns{prey} it attacked.").format(unit=name, n=n.count, prey=prey)


def starved(n, s, e, name):
    return _("{unit} lost {n} Population to hunger: it had {food} food for Population {pop} (one Population is lost "
             "for each food missing).").format(unit=name, n=n.count, food=e.food, pop=e.need)


def replacement_draws(n, s) -> list:
    """The trait cards of an extinct species are replaced: its owner draws as many."""
    out = []
    queue = s.draw_queue
    for seat in dict.fromkeys(n.extinct):
        k = queue.count(seat) if queue else 0
        if k:
            draw = _("draw") if seat == n.seat else _("draws")
            out.append(ngettext("{who} {draw} {n} card to replace the trait cards of the extinct species.",
                                "{who} {draw} {n} cards to replace the trait cards of the extinct species.",
                                k).format(who=n.who(seat), draw=draw, n=k))
    return out


SENTENCES = {**says.SENTENCES, AnimalBorn: species_grew, FoodBankRolled: watering_hole}
DEATHS = {**says.DEATHS, "eaten": eaten, "horns": horns, "starved": starved}
FOOD_SOURCES = {**says.FOOD_SOURCES, "food_bank": N_("took {food} from the Watering Hole"),
                "cooperation": N_("got {food} through Cooperation"),
                "long_neck": N_("took {food} from the food bank with Long neck"),
                "intelligence": N_("took {food} from the food bank with Intelligence")}

"""The log's sentences for what only *Random Mutations* has: blind cards turned over, the climate, shelters,
parasites, Stomper, Divergence, and the variant's daughter species."""
from __future__ import annotations

from ...events import ClimateRolled, ParasitePlaced, ShelterTaken, Speciation, Stomped, TraitRevealed
from ...i18n import N_, _
from .. import sentences as says

#: Where a revealed blind card went, by ``TraitRevealed.outcome``.
REVEALED = {"attached": N_("it went on species #{species}"),
            "moved_right": N_("it did not fit species #{announced} and moved right to species #{species}"),
            "new_species": N_("it fitted no species and became a new species"),
            "discarded": N_("it fitted no species and was discarded")}


def speciation(n, s, e):
    if e.parent >= 0 and s is not None and s.ruleset.heredity:
        return _("New species! A young with a new set of traits founded species #{id}, a daughter of #{parent}."
                 ).format(id=e.species, parent=e.parent)
    if e.parent >= 0:
        return _("Divergence! Species #{id} split off from species #{parent}.").format(id=e.species, parent=e.parent)
    return None


def trait_revealed(n, s, e):
    where = _(REVEALED[e.outcome]).format(species=e.species, announced=e.announced)
    return _("{who} turned over a blind card: {trait} — {where}.").format(who=n.who(e.seat),
                                                                          trait=n.pres.trait_name(e.trait), where=where)


def climate(n, s, e):
    return _("Climate: {red} food, {green} shelters and {black} parasites in the centre.").format(
        red=e.red, green=e.green, black=e.black)


def shelter(n, s, e):
    if e.eaten:
        return _("{unit} ate its shelter (Bark Beetle).").format(unit=n.animal(s, e.animal, e.seat))
    return _("{unit} took a shelter.").format(unit=n.animal(s, e.animal, e.seat))


def parasite_placed(n, s, e):
    return _("{who} put a parasite on {unit}.").format(who=n.who(e.by), unit=n.animal(s, e.animal, e.seat,
                                                                                       capital=False))


def stomped(n, s, e):
    return _("{who} stomped {n} red food into the ground.").format(who=n.who(e.seat), n=e.tokens)


def killed_by_parasites(n, s, e, name):
    return _("{unit} was killed by parasites: its species carried the most parasites this turn.").format(unit=name)


SENTENCES = {**says.SENTENCES, Speciation: speciation, TraitRevealed: trait_revealed, ClimateRolled: climate,
             ShelterTaken: shelter, ParasitePlaced: parasite_placed, Stomped: stomped}
DEATHS = {**says.DEATHS, "parasites": killed_by_parasites}
FOOD_SOURCES = {**says.FOOD_SOURCES, "bark_beetle": N_("got {food} by eating its shelter")}
ESCAPES = {"running": N_("it escaped by Running (rolled {roll})")}

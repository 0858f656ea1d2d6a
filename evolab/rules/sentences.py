"""The log's sentences for the events every edition shares (births, food, attacks, deaths, the end of a turn,
the Heredity variant's nature moves). An edition's ``sentences.py`` adds its own events and replaces what it
tells differently; ``Presentation.sentences`` maps each event type to its sentence.

A sentence is ``say(narrator, state, event) -> str | list | None``: ``state`` is the table after the move (or
what one seat sees of it), the narrator names seats and units and remembers what it needs between events.
"""
from __future__ import annotations

from ..events import (AnimalBorn, Attacked, BirthsCapped, BlindMutation, DeckReshuffled, Died, Escaped,
                      FirstPlayerChosen, FoodBankRolled, FoodLost, FoodTaken, GameOver, Migrated, Passed,
                      PhaseStarted, SpeciesExtinct, TraitGained, TraitLost, TraitNotInherited, TurnEnded)
from ..i18n import N_, _, ngettext
from . import words

#: What the log says when a phase starts (a phase not listed starts silently).
PHASE_TEXTS = {"development": N_("development: play cards as animals or traits"),
               "food": N_("the food bank is rolled"), "feeding": N_("feeding: take food or hunt"),
               "extinction": N_("extinction: animals that are not fed die"),
               "reproduction": N_("reproduction: every fed animal has young that inherit its traits")}
#: Causes of death (``events.CAUSES``) as a chart's legend names them.
CAUSE_NAMES = {"starved": N_("Starved"), "eaten": N_("Eaten"), "poisoned": N_("Poisoned"),
               "parasites": N_("Parasites"), "horns": N_("Horns")}
#: Causes of death inside a sentence ("12 starved").
CAUSE_WORDS = {"starved": N_("starved"), "eaten": N_("eaten"), "poisoned": N_("poisoned"),
               "parasites": N_("parasites"), "horns": N_("horns")}
#: Causes of death after "of deaths were" ("40% of deaths were by parasites").
CAUSE_AFTER_WERE = {"starved": N_("starved"), "eaten": N_("eaten"), "poisoned": N_("poisoned"),
                    "parasites": N_("by parasites"), "horns": N_("horns")}
#: How a unit got food, by the event's ``source`` ({food}: "2 red food").
FOOD_SOURCES = {"food_bank": N_("took {food} from the food bank"), "carnivore": N_("got {food} from the kill"),
                "scavenger": N_("scavenged {food}")}


def tokens(k: int) -> str:
    return ngettext("{n} food token", "{n} food tokens", k).format(n=k)


def turn_word(s) -> str:
    """A turn is a generation in the Heredity variant (and only there)."""
    return _("Generation") if s is not None and s.ruleset.heredity else _("Turn")


def phase_started(n, s, e):
    if e.phase == "development":
        n.poisoned = {}
    text = n.pres.phase_texts.get(e.phase)
    out = n.deferred if e.phase == "feeding" else []       # the reveal: secret plays are told now
    n.deferred = []
    if text:
        out = out + [_("— {turn} {number}, {text} —").format(turn=turn_word(s), number=e.turn, text=_(text))]
    return out


def first_player(n, s, e):
    if e.seat == n.seat:
        return _("{who} start the game.").format(who=n.who(e.seat))
    return _("{who} starts the game.").format(who=n.who(e.seat))


def animal_born(n, s, e):
    if n.hidden(s, e.seat):
        return None
    if e.parent >= 0:                                          # Heredity: a young, not a card played
        traits = (_("inherited {traits}").format(traits=n.traits_text(e.traits).replace("+", _(" and ")))
                  if e.traits else _("no traits to inherit"))
        return _("{whose} animal #{parent} had a young, #{young}{where} ({traits}).").format(
            whose=n.whose(e.seat), parent=e.parent, young=e.animal, where=n.pres.young_place(s, e.animal),
            traits=traits)
    return _("{who} played a new animal (#{id}).").format(who=n.who(e.seat), id=e.animal)


def trait_gained(n, s, e):
    return _("{who} gave animal #{id} {trait}.").format(who=n.who(e.seat), id=e.animal,
                                                        trait=n.pres.trait_name(e.trait))


def passed(n, s, e):
    return _("{who} passed.").format(who=n.who(e.seat))


def food_bank_rolled(n, s, e):
    return _("The food bank has {food} red food tokens this turn.").format(food=e.food)


def food_taken(n, s, e):
    food = _("{n} {colour} food").format(n=n.count, colour=words.food_colour(e.colour))
    how = n.pres.food_sources.get(e.source)
    how = _(how).format(food=food) if how else _("got {food}").format(food=food)
    fat = _(" as fat") if e.as_fat else ""
    return _("{unit} {how}{fat}.").format(unit=n.animal(s, e.animal, e.seat), how=how, fat=fat)


def food_lost(n, s, e):
    if e.animal == n.last_kill:                # the kill's meat did not all fit
        why = (_("no blue food tokens were left in the supply") if n.pres.supply_exhausted(s)
               else _("it was already full"))
        back = _("it") if e.tokens == 1 else _("they")
        return _("{unit} could not take {tokens} of its kill: {why}, so {back} went back to the supply.").format(
            unit=n.animal(s, e.animal), tokens=tokens(e.tokens), why=why, back=back)
    n.lost[e.animal] = n.lost.get(e.animal, 0) + e.tokens    # told with its cause, or after the move
    return None


def attacked(n, s, e):
    n.attack = e
    n.target = e.prey
    n.last_kill = None
    n.traits[e.predator] = e.predator_traits
    n.traits[e.prey] = e.prey_traits
    return None


def escaped(n, s, e):
    how = n.pres.escape_text(n, e)
    back = n.lost.pop(e.prey, 0)
    if back:
        how += _(", and gave back {tokens} it no longer had room for (without {trait} it needs less)").format(
            tokens=tokens(back), trait=n.pres.trait_name(e.trait_lost))
    head = n.attack_text(s) if n.attack else _("Animal #{id} was attacked").format(id=e.prey)
    n.attack = None
    return _("{head}: {how}.").format(head=head, how=how)


def died(n, s, e):
    n.traits[e.animal] = e.traits
    name = n.animal(s, e.animal, e.seat, look=False)
    say = n.pres.deaths.get(e.cause)
    if say is not None:
        return say(n, s, e, name)
    cause = CAUSE_WORDS.get(e.cause)
    return _("{unit} died ({cause}).").format(unit=name, cause=_(cause) if cause else e.cause)


def eaten(n, s, e, name):
    head = n.attack_text(s) if n.attack else _("Animal #{by} attacked animal #{id}").format(by=e.by, id=e.animal)
    victim = _("it") if n.attack is None or e.animal == n.target else _("its animal #{id}").format(id=e.animal)
    n.attack = None
    n.last_kill = e.by
    return _("{head}: {victim} was eaten.").format(head=head, victim=victim)


def starved(n, s, e, name):
    if e.need > 0 and e.food >= 0:
        why = (_("it got no food (it needed {need})").format(need=e.need) if e.food == 0 else
               _("it had {food} of the {need} food it needed").format(food=e.food, need=e.need))
    else:
        why = _("it was not fed")
    return _("{unit} starved: {why}.").format(unit=name, why=why)


def trait_lost(n, s, e):
    if n.attack is not None and e.animal == n.target:
        return None     # Tail Loss: the Escaped sentence says it
    lost = n.lost.pop(e.animal, 0)
    fat = ""
    if lost:
        fat = ngettext("; the {n} fat stored on it was lost with it", "; the {n} fat stored on it were lost with it",
                       lost).format(n=lost)
    line = _("{who} discarded {trait} from {unit}{fat}.").format(
        who=n.who(e.seat), trait=n.pres.trait_name(e.trait), unit=n.animal(s, e.animal, e.seat, capital=False),
        fat=fat)
    if n.hidden(s, e.seat):
        n.deferred.append(line)
        return None
    return line


def turn_ended(n, s, e):
    alive = ", ".join(_("{who} {n}").format(who=n.who(i), n=k) for i, k in enumerate(e.alive))
    return _("End of {turn} {number}. Animals alive: {alive}.").format(turn=turn_word(s).lower(), number=e.turn,
                                                                        alive=alive)


def species_extinct(n, s, e):
    n.extinct.append(e.seat)
    fat = n.lost.pop(e.species, 0)
    tail = _("; its {n} fat went back to the bank").format(n=fat) if fat else ""
    return _("{whose} species #{id} is extinct{tail}.").format(whose=n.whose(e.seat), id=e.species, tail=tail)


def game_over(n, s, e):
    pts = ", ".join(_("{who} {points}").format(who=n.who(i), points=p) for i, p in enumerate(e.scores))
    won = (s.ruleset.winners(s) if s is not None else ()) or (e.winner,)
    if len(won) > 1:
        who = _(" and ").join(n.who(i, k == 0) for k, i in enumerate(won))
        return _("Game over. Points: {points}. {who} share the win!").format(points=pts, who=who)
    if won[0] == n.seat:
        return _("Game over. Points: {points}. {who} win!").format(points=pts, who=n.who(won[0]))
    return _("Game over. Points: {points}. {who} wins!").format(points=pts, who=n.who(won[0]))


# ---- the Heredity variant: nature's moves, in plain words (never a player's choice) ---------------------
#: Why a blind mutation had no effect, by its outcome ({trait}: the trait's name).
NO_EFFECT = {"duplicate": N_("it already had {trait}"), "forbidden": N_("{trait} cannot go with one of its traits"),
             "absent": N_("{trait} is not part of this world now")}


def blind_mutation(n, s, e):
    t = n.pres.trait_name(e.trait)
    if e.outcome == "added":
        return _("Mutation! Young #{id} was born with a new trait, by chance: {trait}.").format(id=e.animal, trait=t)
    why = NO_EFFECT.get(e.outcome)
    why = _(why).format(trait=t) if why else e.outcome
    return _("A mutation for {trait} arose in young #{id}, but {why}: no effect.").format(trait=t, id=e.animal,
                                                                                          why=why)


def not_inherited(n, s, e):
    return _("Young #{id} was born without {trait}: its parent's copy was lost.").format(
        id=e.animal, trait=n.pres.trait_name(e.trait))


def births_capped(n, s, e):
    return _("{who} reached {limit} animals (max_animals): {unborn} young were not born.").format(
        who=n.who(e.seat), limit=e.limit, unborn=e.unborn)


def migrated(n, s, e):
    if e.how == "arrived":
        return _("{whose} {traits} animal #{id} arrived.").format(whose=n.whose(e.seat),
                                                                 traits=n.traits_text(e.traits), id=e.animal)
    return _("{whose} {traits} animal #{id} left: predators are gone from this world.").format(
        whose=n.whose(e.seat), traits=n.traits_text(e.traits), id=e.animal)


def deck_reshuffled(n, s, e):
    return _("The mutation deck ran out and was shuffled again ({cards} cards).").format(cards=e.cards)


#: Event type -> its sentence, for the events every edition shares.
SENTENCES = {
    PhaseStarted: phase_started, FirstPlayerChosen: first_player, AnimalBorn: animal_born,
    TraitGained: trait_gained, Passed: passed, FoodBankRolled: food_bank_rolled, FoodTaken: food_taken,
    FoodLost: food_lost, Attacked: attacked, Escaped: escaped, Died: died, TraitLost: trait_lost,
    TurnEnded: turn_ended, SpeciesExtinct: species_extinct, GameOver: game_over, BlindMutation: blind_mutation,
    TraitNotInherited: not_inherited, BirthsCapped: births_capped, Migrated: migrated,
    DeckReshuffled: deck_reshuffled,
}
#: Cause of death -> its sentence ``say(narrator, state, event, unit name)``.
DEATHS = {"eaten": eaten, "starved": starved}

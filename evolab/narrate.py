"""Events in plain language, for the game log a class reads on the projector.

``Narrator(names, seat)`` turns the events of one move into sentences such as
"Your Carnivorous animal #7 attacked Player 2's Swimming animal #9: it escaped by Running (rolled 5)."
Each event type has its sentence in the edition's presentation (``Presentation.sentences``: the shared
events' sentences, and the edition's own); the narrator names seats and units, tells a run of tokens once
with their number, and remembers what a sentence needs from earlier events. Pure Python, so the log also
works without widgets.
"""
from __future__ import annotations

from .events import Died, FoodTaken
from .i18n import _, resolve, speaks, using
from .rules import editions, words
from .rules.presentation import OWN_MARK, Presentation
from .view import Observation, observe

__all__ = ["Narrator", "OWN_MARK", "action_label", "group_actions", "hurts_own", "narrate", "target_owner"]


class Narrator:
    """Keeps what it needs between events (the attack in progress, who ate a Poisonous animal, tokens that
    were lost) to write whole sentences. Every death and every lost token gets a sentence that says why.
    ``lang``: the language of its sentences (by default ``EVOLAB_LANG``, then the system's locale, then
    English; ``None`` keeps to the language in use where ``lines`` is called)."""

    def __init__(self, names=None, seat=None, lang=None):
        self.lang = resolve(lang) if lang is not None else None
        self.names = list(names or [])
        self.seat = seat
        self.traits = {}        # animal id -> traits last seen, to name animals that have left the table
        self.attack = None      # the Attacked event of the attack being resolved
        self.target = None      # its target now (Mimicry may change it)
        self.last_kill = None   # the predator of the last kill (its meat may not all fit)
        self.poisoned = {}      # predator -> the Poisonous prey it ate this turn
        self.lost = {}          # unit -> tokens lost in this move, waiting for the sentence that says why
        self.extinct = []       # seats whose species went extinct in this move
        self.deferred = []      # sentences about secret plays, told at the reveal
        self.count = 1          # how many events of the same kind in a row this sentence tells
        self.pres = Presentation()      # the presentation of the edition being told

    def who(self, seat, capital=True):
        if seat == self.seat:
            return _("You") if capital else _("you")
        return self.names[seat] if seat < len(self.names) else _("Player {n}").format(n=seat + 1)

    def whose(self, seat):
        return _("Your") if seat == self.seat else _("{who}'s").format(who=self.who(seat))

    def traits_text(self, traits) -> str:
        """"Carnivorous+Swimming" (each trait once), or "plain"."""
        return self.pres.traits_text(traits)

    def animal(self, state, aid, seat=None, capital=True, look=True, noun=None):
        """"Player 2's Carnivorous animal #7". ``look``: read owner and traits from ``state`` (False for a unit
        that has just left the table: the traits last seen are used; ``state`` then only gives the noun); ``noun``:
        the unit's noun by id instead of the edition's ("species")."""
        info = state.ruleset.unit_info(state, aid) if state is not None and look else None
        if info is not None:
            seat, self.traits[aid] = info
        traits = self.traits.get(aid, ())
        owner = self.whose(seat) if seat is not None else _("The")
        if not capital and owner in (_("Your"), _("The")):
            owner = owner[0].lower() + owner[1:]
        noun = words.unit_noun(noun or (state.ruleset.unit_noun if state is not None else "animal"))
        return _("{owner} {traits} {noun} #{id}").format(owner=owner, traits=self.traits_text(traits), noun=noun,
                                                         id=aid)

    def attack_text(self, s):
        """"X attacked Y": Y is the target now (Mimicry may have changed it); a species in Random Mutations."""
        e = self.attack
        noun = "species" if s is not None and s.ruleset.prey_is_species else None
        prey = self.animal(s, self.target, e.prey_seat, capital=False, look=False, noun=noun)
        return _("{predator} attacked {prey}").format(predator=self.animal(s, e.predator, e.seat, look=False),
                                                      prey=prey)

    def hidden(self, s, seat) -> bool:
        """Whether ``seat``'s plays are secret from this log's reader now (told at the reveal)."""
        return s is not None and s.ruleset.hides_plays(s, seat, self.seat)

    def lines(self, state, events) -> list:
        """The sentences for the events of one move (``state`` is the position after it, or a seat's view of it)."""
        if self.lang is None:
            return self._lines(state, events)
        with using(self.lang):
            return self._lines(state, events)

    def _lines(self, state, events) -> list:
        self.pres = pres = state.ruleset.edition.presentation
        sentences = pres.sentences
        out = []
        self.lost, self.extinct = {}, []
        i = 0
        while i < len(events):
            e = events[i]
            n, key = 1, _run_key(e)
            if key is not None:             # one token (or one Population) at a time: told once, with the number
                while i + n < len(events) and _run_key(events[i + n]) == key:
                    n += 1
            self.count = n
            say = sentences.get(type(e))
            if say is not None:
                line = say(self, state, e)
                if isinstance(line, list):
                    out.extend(line)
                elif line:
                    out.append(line)
            i += n
        out.extend(pres.after_move(self, state))
        self.lost, self.extinct = {}, []
        return out


def _run_key(e):
    """Events that come one token (or one Population) at a time, told as one sentence with their number."""
    t = type(e)
    if t is FoodTaken:
        return t, e.animal, e.colour, e.source, e.as_fat
    if t is Died:
        return t, e.animal, e.cause
    return None


def _view(state):
    """What the seat to move sees (a label or a group is always for the seat that decides)."""
    if isinstance(state, Observation):
        return state
    who = state.ruleset.to_move(state)
    return observe(state, who if who >= 0 else 0)


@speaks
def narrate(game, seat=None, names=None) -> list:
    """The log of a whole game (a ``GameRecord`` or a ``Match``) as ``seat`` reads it (``None``: all of it, as
    a teacher replaying the game), in the language in use or ``lang=``."""
    record = getattr(game, "record", game)
    state = record.initial_state()
    narrator = Narrator(names, seat)
    out = []
    for move in record.moves:
        events: list = []
        state.ruleset.apply_inplace(state, move, events)
        out.extend(narrator.lines(observe(state, seat) if seat is not None else state, events))
    return out


@speaks
def action_label(state, action) -> str:
    """A short button text for a legal action, e.g. "Attack #9 (Swimming) with #7" (``state``: the table, or
    the view of the seat to move)."""
    view = _view(state)
    return view.ruleset.edition.presentation.action_label(view, action)


def target_owner(state, action):
    """The seat owning the unit an attack (or a parasite) is aimed at; None for other moves."""
    view = _view(state)
    return view.ruleset.edition.presentation.target_owner(view, action)


def hurts_own(state, action) -> bool:
    """Whether ``action`` attacks (or puts a parasite on) the mover's own animal: legal, rarely wanted, so a
    board lists it last, marks it and never chooses it in advance."""
    view = _view(state)
    return view.ruleset.edition.presentation.hurts_own(view, action)


@speaks
def group_actions(legal, state=None) -> list:
    """[(group title, [actions])] in the order a player reads them; empty groups left out. Given the
    ``state``, moves that hurt the mover's own animals come last in their group."""
    if state is not None:
        view = _view(state)
        return view.ruleset.edition.presentation.group_actions(view, legal)
    for ed in editions().values():      # without a table: an edition that has all these moves, never reordered
        pres = ed.presentation
        known = {t for group in pres.action_groups for t in group[1]}
        if all(type(a) in known for a in legal):
            return pres.group_actions(None, legal)
    return Presentation().group_actions(None, legal)

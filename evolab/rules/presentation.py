"""How an edition is shown: the board's drawing of its table, the buttons' labels, the log's sentences, trait
names and hints. Every text is a message id for translation (``evolab.i18n``).

An edition's ``present.py`` subclasses ``Presentation``. Every method draws from an observation (``observe``
for the seat in front of the screen), never from the full state, so what is hidden from that seat is never
drawn. ``names`` are the seats' names as the board shows them. The base class is neutral: it draws the
census of the table (each unit with its traits), labels the moves every edition shares, and tells the
events every edition shares (``sentences.py``), which any edition can offer.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, ClassVar

from ..actions import Pass, Scavenge, TakeFood
from ..i18n import N_, _, keyed, ngettext
from ..palette import pretty, trait_colour
from . import sentences as says

#: Marks a move that hurts one of the mover's own units (a character the default fonts have).
OWN_MARK = "\u26a0"

#: What each phase is called on the board's header (an edition adds its own phases).
PHASE_TITLES = {"development": N_("Development (play cards)"), "feeding": N_("Feeding (take food or hunt)"),
                "over": N_("Game over"), "deal": N_("Deal"), "first_player": N_("First player"), "food": N_("Food"),
                "draw": N_("Draw"), "tiebreak": N_("Tiebreak"),
                "reproduction": N_("Reproduction (young are born; nature draws their mutations)")}

#: Each phase in the plain words of a sentence ("now it is the {phase} phase"); a phase not listed is its id.
PHASE_NAMES = {"development": N_("development"), "feeding": N_("feeding"), "choose": N_("gene pool"),
               "reproduction": N_("reproduction"), "select_food": N_("food card"), "play_cards": N_("play cards"),
               "parasites": N_("extinction"), "reveal": N_("reveal")}


def escape(text) -> str:
    return html.escape(str(text))


def trait_chip(name: str, trait: str, hint: str = "") -> str:
    """One trait as a coloured label (its colour also on every chart), with its biology on hover."""
    title = f" title='{escape(hint)}'" if hint else ""
    return (f"<span class='evolab-trait'{title} style='border-left-color:{trait_colour(trait)}'>"
            f"{escape(name)}</span>")


def _take_food(p, view, a):
    return _("Take food for {unit}").format(unit=p.unit_ref(view, a.animal))


def _pass(p, view, a):
    return _("Pass (play no more cards this turn)")


def _scavenge(p, view, a):
    return _("Give the scavenged food to {unit}").format(unit=p.unit_ref(view, a.animal))


#: Presentation attribute -> the table of a ``labels.py`` or ``sentences.py`` module that fills it.
_WORD_TABLES = {"trait_names": "TRAIT_NAMES", "trait_hints": "TRAIT_HINTS", "trait_titles": "TRAIT_TITLES",
                "table_messages": "TABLE_MESSAGES", "action_phases": "ACTION_PHASES",
                "action_names": "ACTION_NAMES",
                "labels": "LABELS", "action_groups": "GROUPS", "harmful": "HARMFUL", "sentences": "SENTENCES",
                "deaths": "DEATHS", "food_sources": "FOOD_SOURCES", "escapes": "ESCAPES"}


class Presentation:
    """How the board and the log show one edition (neutral: units listed with their traits)."""

    #: The edition's name in a menu (a message id).
    title: ClassVar[str] = ""
    #: The edition's id, the first part of the context keying its trait names and hints for translation
    #: ("origin.trait.carnivorous"): the same id may name a different card in another edition.
    context: ClassVar[str] = ""
    #: Trait -> its name in English (``labels.py``); a trait not listed is shown as its id made readable.
    trait_names: ClassVar[dict[str, str]] = {}
    #: Trait -> its card's printed title in English, where it differs from its name ("Fat Tissue").
    trait_titles: ClassVar[dict[str, str]] = {}
    #: The card table's messages only this edition has (message id -> template; ``evolab.viz.table.strings``
    #: holds the shared ones).
    table_messages: ClassVar[dict[str, str]] = {}
    #: Trait -> its hint in English (``labels.py``; the same text as the trait's rule in ``traits.py``).
    trait_hints: ClassVar[dict[str, str]] = {}
    #: Trait -> (colour, line style, marker) fixed for it on every chart (``palette.trait_style``); a trait not
    #: listed gets a stable hashed style.
    trait_styles: ClassVar[dict[str, tuple[str, str, str]]] = {}
    #: Phase -> title on the board's header; phases not listed are shown capitalised.
    phase_titles: ClassVar[dict[str, str]] = PHASE_TITLES
    #: Event type -> its sentence in the log (``sentences.py``); an event not listed is not told.
    sentences: ClassVar[dict[type, Callable[..., Any]]] = says.SENTENCES
    #: Phase -> what the log says when it starts.
    phase_texts: ClassVar[dict[str, str]] = says.PHASE_TEXTS
    #: How a unit got food, by ``FoodTaken.source``.
    food_sources: ClassVar[dict[str, str]] = says.FOOD_SOURCES
    #: Cause of death -> its sentence.
    deaths: ClassVar[dict[str, Callable[..., str]]] = says.DEATHS
    #: How a prey escaped, by ``Escaped.how`` ({roll}: the die; {lost}: the trait it dropped).
    escapes: ClassVar[dict[str, str]] = {}
    #: Action type -> its button label ``label(presentation, view, action)``.
    labels: ClassVar[dict[type, Callable[..., str]]] = {TakeFood: _take_food, Pass: _pass, Scavenge: _scavenge}
    #: How a player thinks about the legal actions: (group title, action types), in the order they are read.
    action_groups: ClassVar[tuple[tuple[str, tuple[type, ...]], ...]] = (
        (N_("Take food"), (TakeFood,)), (N_("Choose"), (Scavenge,)), (N_("Finish"), (Pass,)))
    #: Action type -> the phase it is made in, for a refusal in plain words (``out_of_phase``).
    action_phases: ClassVar[dict[type, str]] = {}
    #: Action type -> what a student calls it inside a sentence, where its group's title does not say it.
    action_names: ClassVar[dict[type, str]] = {}
    #: Moves aimed at a unit on the table to its harm: action type -> (the field naming the target, the view's
    #: table of such units: "animals" or "species").
    harmful: ClassVar[dict[Any, tuple[str, str]]] = {}

    def __init_subclass__(cls, words=(), **kwargs):
        """``class P(Presentation, words=(labels, sentences))``: an edition's tables of words, each module
        giving what it has (LABELS, GROUPS, HARMFUL; SENTENCES, DEATHS, FOOD_SOURCES, ESCAPES)."""
        super().__init_subclass__(**kwargs)
        for module in words:
            for attribute, table in _WORD_TABLES.items():
                if table in vars(module):
                    setattr(cls, attribute, vars(module)[table])

    # ---- names ---------------------------------------------------------------------------------------
    def trait_name(self, trait: str) -> str:
        """The trait as people read it (``high_body_weight`` -> "High body weight"), keyed by its id for
        translation."""
        name = self.trait_names.get(trait)
        return pretty(trait) if name is None else keyed(f"{self.context}.trait.{trait}", name)

    def trait_title(self, ruleset, trait: str) -> str:
        """A trait card's title as printed ("Fat Tissue"; the card table's chips), keyed by its id."""
        title = self.trait_titles.get(trait)
        if title is not None:
            return keyed(f"{self.context}.title.{trait}", title)
        rule = ruleset.traits.get(trait)
        return self.trait_name(trait) if rule is None or not rule.name or rule.name == pretty(trait) else rule.name

    def traits_text(self, traits) -> str:
        """"Carnivorous+Swimming" (each trait once), or "plain"."""
        names = [self.trait_name(t) for t in dict.fromkeys(traits)]
        return "+".join(names) if names else _("plain")

    def trait_hint(self, ruleset, trait: str) -> str:
        """One line of biology about the trait, shown on hover."""
        rule = ruleset.traits.get(trait)
        if rule is None or not rule.hint:
            return ""
        return keyed(f"{self.context}.hint.{trait}", rule.hint) if trait in self.trait_hints else rule.hint

    def chip(self, ruleset, trait: str) -> str:
        return trait_chip(self.trait_name(trait), trait, self.trait_hint(ruleset, trait))

    def card_text(self, card: str) -> str:
        """A card as people read it (by default its id, as a trait name)."""
        return self.trait_name(card)

    def card_name(self, card: str) -> str:
        """A card in a button's label (by default as in the hand)."""
        return self.card_text(card)

    def card_colour_trait(self, card: str) -> str:
        """The trait whose colour a card in hand shows."""
        return card

    def phase_title(self, phase: str) -> str:
        title = self.phase_titles.get(phase)
        return _(title) if title else phase.capitalize()

    def phase_name(self, phase: str) -> str:
        """A phase in the plain words of a sentence ("feeding")."""
        name = PHASE_NAMES.get(phase)
        return _(name) if name else phase.replace("_", " ")

    def action_name(self, kind: type) -> str:
        """What a student calls a move of type ``kind``: the title of its group of buttons, as it reads inside
        a sentence ("take food"); the class name only for a type no group lists."""
        name = self.action_names.get(kind)
        if name is not None:
            return _(name)
        for title, types in self.action_groups:
            if kind in types:
                text = _(title)
                return text[:1].lower() + text[1:] if text[1:2].islower() else text
        return kind.__name__

    def out_of_phase(self, kind: type, phase: str) -> str | None:
        """Why a move of type ``kind`` is refused in ``phase``, in plain words ("you can take food only in the
        feeding phase; now it is the development phase"); None where the edition does not say its phase."""
        need = self.action_phases.get(kind)
        if need is None or need == phase:
            return None
        return _("you can {action} only in the {phase} phase; now it is the {now} phase").format(
            action=self.action_name(kind), phase=self.phase_name(need), now=self.phase_name(phase))

    def phase_refusal(self, refusal) -> str:
        """The message of an ``OutOfPhase`` refusal: the move and both phases in plain words (``out_of_phase``),
        or the edition's own message where this presentation places the move in no phase."""
        return self.out_of_phase(refusal.kind, refusal.phase) or _(refusal.message).format(**refusal.fields)

    def turn_title(self, view) -> str:
        """"Turn 3", or in the Heredity variant "Generation 3 of 20" (a turn is a generation there)."""
        rs = view.ruleset
        if rs.heredity:
            return _("Generation {turn} of {generations}").format(turn=view.turn, generations=rs.options['generations'])
        return _("Turn {turn}").format(turn=view.turn)

    def last_turn(self, view) -> bool:
        """Whether this is the game's last turn (the header says so); an edition that knows says when."""
        return False

    # ---- the board ---------------------------------------------------------------------------------------
    def fat_room(self, view, unit) -> int:
        """How many fat tokens ``unit`` (an animal or species of ``view``) may store: the table draws that many fat
        slots, the empty ones too, so a unit that can store fat shows it before it stores any. 0: it cannot."""
        return 0

    def centre(self, view) -> str:
        """The centre of the table on the header line (food, deck...)."""
        return _("Deck: {cards} cards").format(cards=view.deck_size)

    def banner(self, view, names) -> str:
        """A banner for a decision everybody should notice (an attack in progress), or ""."""
        return ""

    def hand(self, view, names) -> str:
        """The viewer's cards."""
        seat = view.seat
        cards = "".join(trait_chip(self.card_text(c), self.card_colour_trait(c)) for c in view.hand)
        head = _("{name} — cards in hand ({n}):").format(name=escape(names[seat]), n=len(view.hand))
        return f"<div><b>{head}</b> {cards or '<i>' + _('none') + '</i>'}</div>"

    def table(self, view, names) -> str:
        """Every seat's area: its units with their traits (what the census of the view says)."""
        rs = view.ruleset
        units: dict[int, list] = {i: [] for i in range(view.players)}
        for seat, uid, traits, k in rs.census(view):
            chips = "".join(self.chip(rs, t) for t in traits) or "<i>" + _("no traits") + "</i>"
            count = " (" + ngettext("{n} animal", "{n} animals", k).format(n=k) + ")" if k != 1 else ""
            units[seat].append(f"<div class='evolab-animal'><b>#{uid}</b>{count} {chips}</div>")
        return "".join(
            f"<div class='evolab-seat{' mine' if seat == view.seat else ''}'><b>{escape(names[seat])}</b>"
            f"<div>{''.join(units[seat]) or '<i>' + _('nothing on the table') + '</i>'}</div></div>" for seat in units)

    # ---- buttons ------------------------------------------------------------------------------------------
    def unit_ref(self, view, unit) -> str:
        """"#7 (Carnivorous+Swimming)": a unit and its traits, as a label names it."""
        info = view.ruleset.unit_info(view, unit)
        if info is None or not info[1]:
            return f"#{unit}"
        return f"#{unit} ({'+'.join(self.trait_name(t) for t in dict.fromkeys(info[1]))})"

    def action_label(self, view, action) -> str:
        """A short button text for a legal action, e.g. "Attack #9 (Swimming) with #7"."""
        label = self.labels.get(type(action))
        return label(self, view, action) if label is not None else repr(action)

    def target_owner(self, view, action) -> int | None:
        """The seat owning the unit an attack (or a parasite) is aimed at; None for other moves."""
        harm = self.harmful.get(type(action))
        if harm is None:
            return None
        field, table = harm
        unit = getattr(view, table).get(getattr(action, field))
        return None if unit is None else unit.owner

    def hurts_own(self, view, action) -> bool:
        """Whether ``action`` attacks (or puts a parasite on) the mover's own unit: legal, rarely wanted, so a
        board lists it last, marks it and never chooses it in advance."""
        owner = self.target_owner(view, action)
        return owner is not None and owner == view.to_move

    def group_actions(self, view, legal) -> list:
        """[(group title, [actions])] in the order a player reads them; empty groups left out, moves that hurt
        the mover's own units last in their group, moves of no group under "Other"."""
        out = []
        known: set[type] = set()
        for title, types in self.action_groups:
            known.update(types)
            acts = [a for a in legal if type(a) in types]
            if view is not None and acts:
                acts.sort(key=lambda a: self.hurts_own(view, a))          # stable: the rest keep their order
            if acts:
                out.append((_(title), acts))
        rest = [a for a in legal if type(a) not in known]
        if rest:
            out.append((_("Other"), rest))
        return out

    # ---- the log ------------------------------------------------------------------------------------------
    def young_place(self, s, young: int) -> str:
        """Where a young was born, for the log (", in species #4" where units are species), or ""."""
        return ""

    def supply_exhausted(self, s) -> bool:
        """Whether the supply of food tokens is used up (a kill's meat then goes back), where it is limited."""
        return False

    def escape_text(self, n, e) -> str:
        how = self.escapes.get(e.how)
        if how is None:
            return _("it escaped")
        return _(how).format(roll=e.roll, lost=self.trait_name(e.trait_lost))

    def after_move(self, n, s) -> list:
        """Sentences after the move's events: tokens lost that no other sentence explained."""
        return [_("{unit} lost {tokens} it could no longer hold.").format(unit=n.animal(s, aid), tokens=says.tokens(k))
                for aid, k in n.lost.items()]

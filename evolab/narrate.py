"""Events in plain language, for the game log a class reads on the projector.

``Narrator(names, seat)`` turns the events of one move into sentences such as
"Your Carnivorous animal #7 attacked Player 2's Swimming animal #9: it escaped by Running (rolled 5)."
Pure Python, so the log also works without widgets.
"""
from __future__ import annotations

from .palette import pretty


def _traits_text(traits):
    ts = [pretty(t) for t in dict.fromkeys(traits)]
    return "+".join(ts) if ts else "plain"


class Narrator:
    """Keeps what it needs between events (the attack in progress, who ate a Poisonous animal, tokens that
    were lost) to write whole sentences. Every death and every lost token gets a sentence that says why."""

    def __init__(self, names=None, seat=None):
        self.names = list(names or [])
        self.seat = seat
        self.traits = {}        # animal id -> traits last seen, to name animals that have left the table
        self.attack = None      # the Attacked event of the attack being resolved
        self.target = None      # its target now (Mimicry may change it)
        self.last_kill = None   # the predator of the last kill (its meat may not all fit)
        self.poisoned = {}      # predator -> the Poisonous prey it ate this turn
        self.roll = None
        self._lost = {}         # unit -> tokens lost in this move, waiting for the sentence that says why
        self._extinct = []      # seats whose species went extinct in this move
        self._deferred = []     # sentences about secret plays, told at the reveal
        self._count = 1

    def who(self, seat, capital=True):
        if seat == self.seat:
            return "You" if capital else "you"
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def whose(self, seat):
        return "Your" if seat == self.seat else f"{self.who(seat)}'s"

    def animal(self, state, aid, seat=None, capital=True, look=True):
        """"Player 2's Carnivorous animal #7". ``look``: read owner and traits from ``state`` (False for a unit
        that has just left the table: the traits last seen are used; ``state`` then only gives the noun)."""
        info = state.ruleset.unit_info(state, aid) if state is not None and look else None
        if info is not None:
            seat, self.traits[aid] = info
        traits = self.traits.get(aid, ())
        owner = self.whose(seat) if seat is not None else "The"
        if not capital:
            owner = owner[0].lower() + owner[1:] if owner in ("Your", "The") else owner
        noun = state.ruleset.unit_noun if state is not None else "animal"
        return f"{owner} {_traits_text(traits)} {noun} #{aid}"

    def lines(self, state, events) -> list:
        """The sentences for the events of one move (``state`` is the position after it)."""
        out = []
        self._lost, self._extinct = {}, []
        i = 0
        while i < len(events):
            e = events[i]
            n, key = 1, _run_key(e)
            if key is not None:             # one token (or one Population) at a time: told once, with the number
                while i + n < len(events) and _run_key(events[i + n]) == key:
                    n += 1
            self._count = n
            f = getattr(self, "_" + type(e).__name__, None)
            if f is not None:
                line = f(state, e)
                if isinstance(line, list):
                    out.extend(line)
                elif line:
                    out.append(line)
            i += n
        out.extend(self._after_move(state))
        return out

    def _after_move(self, s):
        out = []
        for aid, n in self._lost.items():     # a loss no other sentence explained
            out.append(f"{self.animal(s, aid)} lost {_tokens(n)} it could no longer hold.")
        queue = getattr(s, "draw_queue", None)
        for seat in dict.fromkeys(self._extinct):   # North Star: trait cards of extinct species are replaced
            n = queue.count(seat) if queue else 0
            if n:
                out.append(f"{self.who(seat)} {'draw' if seat == self.seat else 'draws'} {n} card{'s' * (n != 1)} "
                           f"to replace the trait cards of the extinct species.")
        self._lost, self._extinct = {}, []
        return out

    def _is_board(self, s) -> bool:
        """North Star: a unit is a species board that loses Population, not an animal that dies."""
        return s is not None and s.ruleset.unit_noun == "species"

    # -- one method per event -------------------------------------------------------------------
    @staticmethod
    def _turn_word(s):
        """A turn is a generation in the Heredity variant (and only there)."""
        return "Generation" if s is not None and s.ruleset.heredity else "Turn"

    def _PhaseStarted(self, s, e):
        if e.phase == "development":
            self.poisoned = {}
        text = {"development": "development: play cards as animals or traits",
                "food": "the food bank is rolled", "feeding": "feeding: take food or hunt",
                "extinction": "extinction: animals that are not fed die",
                "reproduction": "reproduction: every fed animal has young that inherit its traits"}.get(e.phase)
        out = self._deferred if e.phase == "feeding" else []       # the reveal: secret plays are told now
        self._deferred = []
        return out + ([f"— {self._turn_word(s)} {e.turn}, {text} —"] if text else [])

    def _FirstPlayerChosen(self, s, e):
        return f"{self.who(e.seat)} {'start' if e.seat == self.seat else 'starts'} the game."

    def _hidden(self, s, seat) -> bool:
        """In North Star's simultaneous Play Cards, the others' plays stay secret until the reveal."""
        return s is not None and s.ruleset.hides_plays(s, seat, self.seat)

    def _AnimalBorn(self, s, e):
        if self._hidden(s, e.seat):
            return None
        if e.parent >= 0:                                          # Heredity: a young, not a card played
            traits = f"inherited {_traits_text(e.traits).replace('+', ' and ')}" if e.traits else "no traits to inherit"
            young = s.animals.get(e.animal) if s is not None else None
            where = f", in species #{young.species}" if getattr(young, "species", None) is not None else ""
            return f"{self.whose(e.seat)} animal #{e.parent} had a young, #{e.animal}{where} ({traits})."
        if self._is_board(s):     # a species board grew
            sp = s.species.get(e.animal)
            if sp is not None and sp.pop > 1:
                return f"{self.whose(e.seat)} species #{e.animal} grew to Population {sp.pop}."
            return f"{self.who(e.seat)} started a new species (#{e.animal})."
        return f"{self.who(e.seat)} played a new animal (#{e.animal})."

    def _TraitGained(self, s, e):
        if e.partner >= 0:
            if e.animal > e.partner:
                return None
            return (f"{self.who(e.seat)} linked animals #{e.animal} and #{e.partner} with {pretty(e.trait)}.")
        if e.played_by != e.seat and e.played_by >= 0:
            return f"{self.who(e.played_by)} put a Parasite on {self.whose(e.seat).lower() if e.seat == self.seat else self.whose(e.seat)} animal #{e.animal}."
        return f"{self.who(e.seat)} gave animal #{e.animal} {pretty(e.trait)}."

    def _Passed(self, s, e):
        return f"{self.who(e.seat)} passed."

    def _FoodBankRolled(self, s, e):
        if self._is_board(s):
            return f"The Watering Hole has {e.food} plant food this round."
        return f"The food bank has {e.food} red food tokens this turn."

    def _FoodTaken(self, s, e):
        if e.source == "piracy":
            return None                 # the Pirated sentence says who was robbed
        tok = f"{self._count} {e.colour} food"
        bank = "the Watering Hole" if e.colour == "plant" else "the food bank"
        src = {"food_bank": f"took {tok} from {bank}", "carnivore": f"got {tok} from the kill",
               "cooperation": f"got {tok} through Cooperation", "communication": f"took {tok} through Communication",
               "scavenger": f"scavenged {tok}", "tail_loss": f"got {tok} (the prey escaped by Tail Loss)",
               "long_neck": f"took {tok} from the food bank with Long neck",
               "intelligence": f"took {tok} from the food bank with Intelligence",
               "bark_beetle": f"got {tok} by eating its shelter"}.get(e.source, f"got {tok}")
        return f"{self.animal(s, e.animal, e.seat)} {src}{' as fat' if e.as_fat else ''}."

    def _Pirated(self, s, e):
        return (f"{self.animal(s, e.pirate)} stole 1 {e.colour} food from "
                f"{self.animal(s, e.victim, capital=False)} (Piracy).")

    def _FoodLost(self, s, e):
        if e.animal == self.last_kill:                # the kill's meat did not all fit
            capped = getattr(s.ruleset, "blue_cap", None) is not None and s.blue_out >= s.ruleset.blue_cap
            why = "no blue food tokens were left in the supply" if capped else "it was already full"
            return (f"{self.animal(s, e.animal)} could not take {_tokens(e.tokens)} of its kill: "
                    f"{why}, so {'it' if e.tokens == 1 else 'they'} went back to the supply.")
        self._lost[e.animal] = self._lost.get(e.animal, 0) + e.tokens    # told with its cause, or after the move
        return None

    def _Attacked(self, s, e):
        self.attack = e
        self.target = e.prey
        self.last_kill = None
        self.traits[e.predator] = e.predator_traits
        self.traits[e.prey] = e.prey_traits
        return None

    def _attack_text(self, s):
        """"X attacked Y": Y is the target now (Mimicry may have changed it); a species in Random Mutations."""
        e = self.attack
        prey = self.animal(s, self.target, e.prey_seat, capital=False, look=False)
        if s is not None and s.ruleset.prey_is_species:
            prey = prey.replace(f"{s.ruleset.unit_noun} #", "species #")
        return f"{self.animal(s, e.predator, e.seat, look=False)} attacked {prey}"

    def _Redirected(self, s, e):
        self.traits[e.to] = e.to_traits
        self.target = e.to
        return f"Mimicry! The attack on animal #{e.prey} was sent to animal #{e.to}."

    def _RunFailed(self, s, e):
        return f"Animal #{e.prey} tried to run away but rolled {e.roll} (it needs 4, 5 or 6)."

    def _Escaped(self, s, e):
        how = (f"it escaped by Running (rolled {e.roll})" if e.how == "running"
               else f"it escaped by Tail Loss, dropping {pretty(e.trait_lost)}")
        back = self._lost.pop(e.prey, 0)
        if back:
            how += (f", and gave back {_tokens(back)} it no longer had room for "
                    f"(without {pretty(e.trait_lost)} it needs less)")
        head = self._attack_text(s) if self.attack else f"Animal #{e.prey} was attacked"
        self.attack = None
        return f"{head}: {how}."

    def _Died(self, s, e):
        self.traits[e.animal] = e.traits
        n = self._count
        name = self.animal(s, e.animal, e.seat, look=False)
        if e.cause == "eaten":
            head = self._attack_text(s) if self.attack else f"Animal #{e.by} attacked animal #{e.animal}"
            victim = "it" if self.attack is None or e.animal == self.target else f"its animal #{e.animal}"
            self.attack = None
            self.last_kill = e.by
            return f"{head}: {victim} lost {n} Population." if self._is_board(s) else f"{head}: {victim} was eaten."
        if e.cause == "horns":
            prey = f" of species #{self.attack.prey}" if self.attack else ""
            return f"{name} lost {n} Population to the Horns{prey} it attacked."
        if e.cause == "starved":
            if self._is_board(s):
                return (f"{name} lost {n} Population to hunger: it had {e.food} food for "
                        f"Population {e.need} (one Population is lost for each food missing).")
            if e.need > 0 and e.food >= 0:
                why = (f"it got no food (it needed {e.need})" if e.food == 0 else
                       f"it had {e.food} of the {e.need} food it needed")
            else:
                why = "it was not fed"
            return f"{name} starved: {why}."
        if e.cause == "poisoned":
            prey = self.poisoned.pop(e.animal, None)
            why = f"it ate the Poisonous animal #{prey} this turn" if prey is not None else "it ate a Poisonous animal"
            return f"{name} died of poison: {why}."
        if e.cause == "parasites":
            return f"{name} was killed by parasites: its species carried the most parasites this turn."
        return f"{name} died ({e.cause})."

    def _Poisoned(self, s, e):
        self.poisoned[e.predator] = e.prey
        return f"Animal #{e.predator} ate a Poisonous animal: it will die at the end of the turn."

    def _Grazed(self, s, e):
        return f"Animal #{e.animal} grazed: 1 red food was destroyed."

    def _Hibernated(self, s, e):
        return f"Animal #{e.animal} is hibernating: it counts as fed this turn."

    def _WokeUp(self, s, e):
        return f"Animal #{e.animal} woke up (it lost Hibernation)."

    def _FatBurned(self, s, e):
        return f"{self.animal(s, e.animal)} burned {e.tokens} fat: the fat became {e.tokens} food."

    def _TriggerFired(self, s, e):
        return None     # the FoodTaken line that follows says it

    def _TraitLost(self, s, e):
        if self.attack is not None and e.animal == self.target:
            return None     # Tail Loss: the Escaped sentence says it
        lost = self._lost.pop(e.animal, 0)
        fat = f"; the {lost} fat stored on it {'was' if lost == 1 else 'were'} lost with it" if lost else ""
        line = (f"{self.who(e.seat)} discarded {pretty(e.trait)} from "
                f"{self.animal(s, e.animal, e.seat, capital=False)}{fat}.")
        if self._hidden(s, e.seat):
            self._deferred.append(line)
            return None
        return line

    def _TurnEnded(self, s, e):
        alive = ", ".join(f"{self.who(i, i != self.seat or True)} {n}" for i, n in enumerate(e.alive))
        return f"End of {self._turn_word(s).lower()} {e.turn}. Animals alive: {alive}."

    # -- the Heredity variant: nature's moves, in plain words (never a player's choice) ----------------
    def _BlindMutation(self, s, e):
        t = pretty(e.trait)
        if e.outcome == "added":
            return f"Mutation! Young #{e.animal} was born with a new trait, by chance: {t}."
        if e.outcome == "linked":
            if e.trait == "symbiosis":
                return f"Mutation! Symbiosis by chance: animal #{e.parent} now protects its young #{e.animal}."
            return f"Mutation! Young #{e.animal} and its parent #{e.parent} are now linked by {t}, by chance."
        why = {"duplicate": f"it already had {t}", "forbidden": f"{t} cannot go with one of its traits",
               "absent": f"{t} is not part of this world now"}.get(e.outcome, e.outcome)
        return f"A mutation for {t} arose in young #{e.animal}, but {why}: no effect."

    def _TraitNotInherited(self, s, e):
        return f"Young #{e.animal} was born without {pretty(e.trait)}: its parent's copy was lost."

    def _BirthsCapped(self, s, e):
        return f"{self.who(e.seat)} reached {e.limit} animals (max_animals): {e.unborn} young were not born."

    def _Migrated(self, s, e):
        if e.how == "arrived":
            return f"{self.whose(e.seat)} {_traits_text(e.traits)} animal #{e.animal} arrived."
        return f"{self.whose(e.seat)} {_traits_text(e.traits)} animal #{e.animal} left: predators are gone from this world."

    def _DeckReshuffled(self, s, e):
        return f"The mutation deck ran out and was shuffled again ({e.cards} cards)."

    def _TraitRevealed(self, s, e):
        where = {"attached": f"it went on species #{e.species}",
                 "moved_right": f"it did not fit species #{e.announced} and moved right to species #{e.species}",
                 "new_species": "it fitted no species and became a new species",
                 "discarded": "it fitted no species and was discarded"}[e.outcome]
        return f"{self.who(e.seat)} turned over a blind card: {pretty(e.trait)} — {where}."

    def _Speciation(self, s, e):
        if e.parent >= 0 and s is not None and s.ruleset.heredity:
            return f"New species! A young with a new set of traits founded species #{e.species}, a daughter of #{e.parent}."
        if e.parent >= 0:
            return f"Divergence! Species #{e.species} split off from species #{e.parent}."
        return None

    def _SpeciesExtinct(self, s, e):
        self._extinct.append(e.seat)
        fat = self._lost.pop(e.species, 0)
        tail = f"; its {fat} fat went back to the bank" if fat else ""
        return f"{self.whose(e.seat)} species #{e.species} is extinct{tail}."

    def _ClimateRolled(self, s, e):
        return f"Climate: {e.red} food, {e.green} shelters and {e.black} parasites in the centre."

    def _ShelterTaken(self, s, e):
        if e.eaten:
            return f"{self.animal(s, e.animal, e.seat)} ate its shelter (Bark Beetle)."
        return f"{self.animal(s, e.animal, e.seat)} took a shelter."

    def _ParasitePlaced(self, s, e):
        return f"{self.who(e.by)} put a parasite on {self.animal(s, e.animal, e.seat, capital=False)}."

    def _Stomped(self, s, e):
        return f"{self.who(e.seat)} stomped {e.tokens} red food into the ground."

    def _GameOver(self, s, e):
        pts = ", ".join(f"{self.who(i)} {p}" for i, p in enumerate(e.scores))
        won = (s.ruleset.winners(s) if s is not None else ()) or (e.winner,)
        if len(won) > 1:
            return f"Game over. Points: {pts}. {' and '.join(self.who(i, k == 0) for k, i in enumerate(won))} share the win!"
        return f"Game over. Points: {pts}. {self.who(won[0])} {'win' if won[0] == self.seat else 'wins'}!"


def _run_key(e):
    """Events that come one token (or one Population) at a time, told as one sentence with their number."""
    name = type(e).__name__
    if name == "FoodTaken":
        return name, e.animal, e.colour, e.source, e.as_fat
    if name == "Died":
        return name, e.animal, e.cause
    return None


def _tokens(n) -> str:
    return f"{n} food token{'s' * (n != 1)}"


def action_label(state, action) -> str:
    """A short button text for a legal action, e.g. "Attack #9 (Swimming) with #7"."""
    n = type(action).__name__
    rs = state.ruleset

    def an(aid):
        info = rs.unit_info(state, aid)
        if info is None:
            return f"#{aid}"
        t = info[1]
        return f"#{aid}" + (f" ({_traits_text(t)})" if t else "")

    if n == "PlayAnimal":
        return f"{_card(action.card)} as a new animal"
    if n == "PlayTrait":
        a = state.animals.get(action.animal)
        mine = a is not None and a.owner == rs.to_move(state)
        target = an(action.animal) if mine else f"{an(action.animal)} of Player {a.owner + 1}" if a else f"#{action.animal}"
        return f"{pretty(action.trait)} on {target}"
    if n == "PlayPairTrait":
        x, y = action.animals
        if action.trait == "symbiosis":
            return f"Symbiosis: {an(x)} protects {an(y)}"
        return f"{pretty(action.trait)} between {an(x)} and {an(y)}"
    if n == "Pass":
        return "Pass (play no more cards this turn)"
    if n == "TakeFood":
        return f"Take food for {an(action.animal)}"
    own = hurts_own(state, action)
    if n == "Attack" and rs.prey_is_species:
        sp = state.species.get(action.prey)
        t = _traits_text(rs.traits_of(state, sp)) if sp else ""
        if own:
            return f"{OWN_MARK} Attack YOUR OWN species #{action.prey} ({t}) with {an(action.predator)}"
        whose = "" if sp is None else f" of Player {sp.owner + 1}"
        return f"Attack species #{action.prey} ({t}){whose} with {an(action.predator)}"
    if n == "Attack":
        if own:
            return f"{OWN_MARK} Attack YOUR OWN animal {an(action.prey)} with {an(action.predator)}"
        prey = state.animals.get(action.prey)
        whose = "" if prey is None else f" of Player {prey.owner + 1}"
        return f"Attack {an(action.prey)}{whose} with {an(action.predator)}"
    if n == "BurnFat":
        return f"Burn {action.tokens} fat of {an(action.animal)}"
    if n == "Graze":
        return f"Graze with {an(action.animal)} (destroy 1 food)"
    if n == "Pirate":
        return f"{an(action.pirate)} steals {action.colour} food from {an(action.victim)}"
    if n == "Hibernate":
        return f"Hibernate {an(action.animal)}"
    if n == "EndMove":
        done = getattr(state, "move_any", getattr(state, "move_main", False))
        return "End my move" if done else "Pass (do nothing this move)"
    if n == "Run":
        return "Run away (roll 4-6 to escape)"
    if n == "Mimic":
        return f"Mimicry: send the attack to {an(action.animal)}"
    if n == "DropTail":
        prey = state.animals[state.attack.prey]
        trait = next((c.trait for c in prey.cards if c.uid == action.card_uid), None)
        if trait is None and action.card_uid in state.links:
            trait = state.links[action.card_uid].trait
        return f"Tail Loss: drop {pretty(trait or '?')}"
    if n == "NoDefence":
        return "No (more) defence"
    if n == "Scavenge":
        return f"Give the scavenged food to {an(action.animal)}"
    if n == "SelectFood":
        return f"Food card: {_card(action.card)}"
    if n == "PlaceTrait":
        rep = f", replacing {_card(action.replace)}" if action.replace else ""
        return f"{_card(action.card)} as a trait of species #{action.species}{rep}"
    if n == "NewSpecies":
        return f"Discard {_card(action.card)}: new species at the {action.side}"
    if n == "Grow":
        return f"Discard {_card(action.card)}: {'Body Size' if action.what == 'body' else 'Population'} +1 for species #{action.species}"
    if n == "EndTurn":
        return "End my turn"
    if n == "EatPlant":
        return f"Species #{action.species} eats from the Watering Hole"
    if n == "Hunt":
        extra = f" (Intelligence: discard {_card(action.card)}, cancel {pretty(action.cancel)})" if action.card else ""
        if own:
            return f"{OWN_MARK} Species #{action.predator} attacks YOUR OWN species #{action.prey}{extra}"
        owner = target_owner(state, action)
        whose = "" if owner is None else f" of Player {owner + 1}"
        return f"Species #{action.predator} attacks species #{action.prey}{whose}{extra}"
    if n == "ThinkFood":
        return f"Intelligence: discard {_card(action.card)}, species #{action.species} takes 2 food"
    if n == "ChooseCard":
        return f"Take {_card(action.card)} from your gene pool"
    if n == "PlayCard":
        sp = f"species #{action.species}"
        return {"new_species": "Top card → a new species", "trait": f"Top card → a trait for {sp}",
                "add_animal": f"Top card → one more animal in {sp}",
                "diverge": f"Top card → split {sp} (Divergence)"}.get(action.mode, repr(action))
    if n == "TakeShelter":
        return f"Shelter for {an(action.animal)}"
    if n == "PlaceParasite":
        if own:
            return f"{OWN_MARK} Parasite on YOUR OWN animal {an(action.animal)}"
        a = state.animals.get(action.animal)
        return f"Parasite on {an(action.animal)}" + (f" of Player {a.owner + 1}" if a else "")
    if n == "Stomp":
        return f"Stomp {action.tokens} red food"
    if n == "ChooseVictim":
        return f"Sacrifice {an(action.animal)}"
    if n == "ChooseParasiteVictim":
        return f"{an(action.animal)} dies of parasites"
    if n == "DiscardTrait":
        return f"Discard trait card #{action.card_uid}"
    if n == "Resolve":
        l = state.links.get(action.link)
        what = pretty(l.trait) if l else "trigger"
        to = f" to #{l.other(action.source)}" if l and action.source >= 0 else ""   # one side of two pending
        return f"{'Resolve' if action.fire else 'Decline'} {what} (card #{action.link}){to} now"
    return repr(action)


#: Marks a move that hurts one of the mover's own animals (a character the default fonts have).
OWN_MARK = "\u26a0"
#: Moves aimed at a unit on the table to its harm: action type -> the field that names the target.
_HARMFUL = {"Attack": "prey", "Hunt": "prey", "PlaceParasite": "animal"}


def target_owner(state, action):
    """The seat owning the unit an attack (or a parasite) is aimed at; None for other moves."""
    name = type(action).__name__
    field = _HARMFUL.get(name)
    if field is None:
        return None
    species = name == "Hunt" or (name == "Attack" and state.ruleset.prey_is_species)
    unit = (state.species if species else state.animals).get(getattr(action, field))
    return None if unit is None else unit.owner


def hurts_own(state, action) -> bool:
    """Whether ``action`` attacks (or puts a parasite on) the mover's own animal: legal, rarely wanted, so a
    board lists it last, marks it and never chooses it in advance."""
    owner = target_owner(state, action)
    return owner is not None and owner == state.ruleset.to_move(state)


def _card(card_id: str) -> str:
    if ":" in card_id:
        t, f = card_id.split(":", 1)
        return f"{pretty(t)} ({f})"
    return " / ".join(pretty(t) for t in card_id.split("/"))


#: How a player thinks about the legal actions: (group title, action types).
ACTION_GROUPS = (
    ("Choose a card from your gene pool", ("ChooseCard",)),
    ("Choose your food card", ("SelectFood",)),
    ("Play a card as a trait", ("PlaceTrait",)),
    ("Start a new species", ("NewSpecies",)),
    ("Grow a species", ("Grow",)),
    ("Feed a species", ("EatPlant", "ThinkFood")),
    ("Hunt", ("Hunt",)),
    ("Play your top card (blind)", ("PlayCard",)),
    ("Play a card as a new animal", ("PlayAnimal",)),
    ("Play a card as a trait", ("PlayTrait",)),
    ("Play a pair trait", ("PlayPairTrait",)),
    ("Take food", ("TakeFood",)),
    ("Take a shelter", ("TakeShelter",)),
    ("Place a parasite", ("PlaceParasite",)),
    ("Attack", ("Attack",)),
    ("Burn fat", ("BurnFat",)),
    ("Use a trait", ("Graze", "Pirate", "Hibernate", "Stomp")),
    ("Defend your animal", ("Run", "Mimic", "DropTail", "NoDefence")),
    ("Choose", ("Scavenge", "Resolve", "ChooseVictim", "ChooseParasiteVictim", "DiscardTrait")),
    ("Finish", ("Pass", "EndMove", "EndTurn")),
)


def group_actions(legal, state=None) -> list:
    """[(group title, [actions])] in the order a player reads them; empty groups left out. Given the
    ``state``, moves that hurt the mover's own animals come last in their group."""
    out = []
    for title, types in ACTION_GROUPS:
        acts = [a for a in legal if type(a).__name__ in types]
        if state is not None and acts:
            acts.sort(key=lambda a: hurts_own(state, a))          # stable: the rest keep their order
        if acts:
            out.append((title, acts))
    known = {t for _, ts in ACTION_GROUPS for t in ts}
    rest = [a for a in legal if type(a).__name__ not in known]
    if rest:
        out.append(("Other", rest))
    return out

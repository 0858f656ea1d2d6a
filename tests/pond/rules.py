"""The pond's rules. Each turn: nature deals two cards to each seat; in development each seat plays cards as
animals or as traits on its own animals, then passes; nature rolls the food (2-7 tokens); in feeding each
seat takes one token at a time for a hungry animal or hunts with Jaws, then passes; unfed animals die. After
three turns the most animals and traits win (ties: the lower seat).

Legality has one path: ``candidates`` lists every move of the right kind, and ``check_player`` states each rule
once; ``legal_actions`` is the candidates that ``check_player`` accepts.
"""
from __future__ import annotations

from evolab.actions import CHANCE, TERMINAL, Attack, Draw, Pass, PlayAnimal, PlayTrait, RollFood, TakeFood
from evolab.errors import SaveFileError
from evolab.events import AnimalBorn, Attacked, Died, FoodBankRolled, FoodTaken, GameOver, TraitGained, TurnEnded
from evolab.rules.base import OptionSpec, Ruleset, TraitRule
from evolab.view import Observation, frozen_table, live_table, seal

from .state import PondAnimal, PondState

TURNS = 3
COPIES = 6
HAND, DEAL = 3, 2


def _shell_guard(s, predator, prey) -> bool:
    return True                                     # nothing bites through a shell


def _fins_guard(s, predator, prey) -> bool:
    return "pond_fins" not in predator.traits       # only a swimmer catches a swimmer


TRAITS = {t.id: t for t in (
    TraitRule("pond_fins", "Fins", guard=_fins_guard, hint="Only swimmers catch swimmers."),
    TraitRule("pond_shell", "Shell", food_need=1, guard=_shell_guard, hint="Armour costs food."),
    TraitRule("pond_jaws", "Jaws", food_need=1, hint="A hunter needs more food but can take it from others."),
)}


def need(animal) -> int:
    return 1 + sum(TRAITS[t].food_need for t in animal.traits)


class PondObservation(Observation):
    __slots__ = ("animals",)

    def to_dict(self) -> dict:
        return {**super().to_dict(), "animals": [a.to_dict() for a in self.animals.values()]}


class PondRuleset(Ruleset):
    id = "pond"
    name = "Pond"
    option_specs = {"players": OptionSpec("players", 2, "int", "Number of players.", min=2, max=4)}
    traits = TRAITS
    predator_traits = ("pond_jaws",)
    rule_prefix = "pond"
    field_types = {"card": str, "trait": str, "animal": int, "predator": int, "prey": int, "food": int}

    # ---- setup and saved positions -------------------------------------------------------------------
    def new_game(self):
        s = PondState.__new__(PondState)
        s.ruleset, s.players, s.phase, s.turn, s.current = self, self.players, "deal", 1, 0
        s.deck = tuple((t, COPIES) for t in TRAITS)
        s.owed = tuple(seat for seat in range(self.players) for _ in range(HAND))
        s.food_bank, s.passed, s.next_id, s.winner = 0, (), 1, -1
        s.hands = [[] for _ in range(self.players)]
        s.animals = {}
        return s

    def state_from_dict(self, d, prefix=""):
        try:
            s = PondState.__new__(PondState)
            s.ruleset, s.players, s.phase, s.turn, s.current = self, d["players"], d["phase"], d["turn"], d["current"]
            s.deck = tuple((str(t), int(n)) for t, n in d["deck"])
            s.owed, s.passed = tuple(d["owed"]), tuple(d["passed"])
            s.food_bank, s.next_id, s.winner = d["food_bank"], d["next_id"], d["winner"]
            s.hands = [list(h) for h in d["hands"]]
            s.animals = {a["id"]: PondAnimal(a["id"], a["owner"], a["traits"], a["food"], a["attacked"])
                         for a in d["animals"]}
        except (KeyError, TypeError, ValueError) as e:
            raise SaveFileError(f"not a Pond position: {e}", prefix) from None
        if s.players != self.players or s.phase not in ("deal", "development", "food", "feeding", "over"):
            raise SaveFileError("a Pond position with another player count or an unknown phase", prefix + "phase")
        return s

    # ---- whose move, and what it may be ---------------------------------------------------------------
    def to_move(self, s):
        if s.phase == "over":
            return TERMINAL
        return CHANCE if s.phase in ("deal", "food") else s.current

    def chance_outcomes(self, s):
        if s.phase == "deal":
            return tuple((Draw(t), n) for t, n in s.deck if n)
        if s.phase == "food":
            return tuple((RollFood(f), 1) for f in range(2, 8))
        return ()

    def candidates(self, s, seat):
        """Every move of the right kind for ``seat`` now, legal or not (``check_player`` decides)."""
        mine = [a for a in s.animals.values() if a.owner == seat]
        if s.phase == "development":
            cards = list(dict.fromkeys(s.hands[seat]))
            return ([PlayAnimal(c) for c in cards] + [PlayTrait(c, c, a.id) for c in cards for a in mine]
                    + [Pass()])
        others = [a for a in s.animals.values() if a.owner != seat]
        return [TakeFood(a.id) for a in mine] + [Attack(p.id, q.id) for p in mine for q in others] + [Pass()]

    def legal_actions(self, s):
        seat = self.to_move(s)
        if seat < 0:
            return []
        return [a for a in self.candidates(s, seat) if self.check_player(s, seat, a) is None]

    def check_player(self, s, seat, action):
        t = type(action)
        if t is Pass:
            return None
        if (s.phase == "development") != (t in (PlayAnimal, PlayTrait)):
            return "pond.phase", f"{t.__name__} is not a move of the {s.phase} phase"
        if t is PlayAnimal or t is PlayTrait:
            if action.card not in s.hands[seat]:
                return "pond.hand", f"{action.card} is not in your hand"
            if t is PlayTrait:
                a = s.animals.get(action.animal)
                if a is None or a.owner != seat:
                    return "pond.own-animal", "a trait goes on one of your own animals"
                if action.trait != action.card or action.trait in a.traits:
                    return "pond.trait-once", "an animal has each trait once, from its own card"
            return None
        if t is TakeFood:
            a = s.animals.get(action.animal)
            if a is None or a.owner != seat:
                return "pond.own-animal", "you feed your own animals"
            if a.food >= need(a):
                return "pond.fed", "the animal is fed"
            if s.food_bank < 1:
                return "pond.no-food", "the food bank is empty"
            return None
        return self._check_attack(s, seat, action)

    def _check_attack(self, s, seat, action):
        p, q = s.animals.get(action.predator), s.animals.get(action.prey)
        if p is None or q is None or p.owner != seat or q.owner == seat:
            return "pond.attack", "your hunter attacks another seat's animal"
        if "pond_jaws" not in p.traits or p.attacked or p.food >= need(p):
            return "pond.jaws", "only a hungry animal with Jaws hunts, once a turn"
        for trait in q.traits:
            guard = TRAITS[trait].guard
            if guard is not None and guard(s, p, q):
                return f"pond.{trait}", f"{TRAITS[trait].name} protects the prey"
        return None

    # ---- applying moves ---------------------------------------------------------------------------------
    def _draw(self, s, a, ev):
        s.deck = tuple((t, n - (t == a.card)) for t, n in s.deck)
        seat, s.owed = s.owed[0], s.owed[1:]
        s.hands[seat].append(a.card)
        if not s.owed or not s.deck_size:
            s.owed, s.phase, s.current, s.passed = (), "development", 0, ()

    def _play_animal(self, s, a, ev):
        seat = s.current
        s.hands[seat].remove(a.card)
        s.animals[s.next_id] = PondAnimal(s.next_id, seat)
        if ev is not None:
            ev.append(AnimalBorn(seat, s.next_id, s.turn))
        s.next_id += 1
        self._next(s)

    def _play_trait(self, s, a, ev):
        seat = s.current
        s.hands[seat].remove(a.card)
        animal = s.animals[a.animal]
        animal.traits += (a.trait,)
        if ev is not None:
            ev.append(TraitGained(seat, a.animal, a.trait, a.card))
        self._next(s)

    def _pass(self, s, a, ev):
        s.passed += (s.current,)
        if len(s.passed) == s.players:
            self._end_phase(s, ev)
        else:
            self._next(s)

    def _roll(self, s, a, ev):
        s.food_bank, s.phase, s.current, s.passed = a.food, "feeding", 0, ()
        if ev is not None:
            ev.append(FoodBankRolled(a.food))

    def _take(self, s, a, ev):
        s.food_bank -= 1
        s.animals[a.animal].food += 1
        if ev is not None:
            ev.append(FoodTaken(s.current, a.animal, "red", "bank", False))
        self._next(s)

    def _attack(self, s, a, ev):
        p, q = s.animals[a.predator], s.animals.pop(a.prey)
        p.attacked = True
        p.food = min(need(p), p.food + 2)
        if ev is not None:
            ev.append(Attacked(s.current, p.id, q.id, p.traits, q.traits, q.owner))
            ev.append(Died(q.owner, q.id, "eaten", q.traits, by=p.id, by_traits=p.traits, food=q.food))
        self._next(s)

    apply_table = {Draw: _draw, PlayAnimal: _play_animal, PlayTrait: _play_trait, Pass: _pass, RollFood: _roll,
                   TakeFood: _take, Attack: _attack}

    def _next(self, s):
        """The next seat that has not passed (seats that passed are skipped)."""
        for k in range(1, s.players + 1):
            seat = (s.current + k) % s.players
            if seat not in s.passed:
                s.current = seat
                return

    def _end_phase(self, s, ev):
        if s.phase == "development":
            s.phase = "food"
            return
        for a in list(s.animals.values()):          # extinction: the unfed die
            if a.food < need(a):
                del s.animals[a.id]
                if ev is not None:
                    ev.append(Died(a.owner, a.id, "starved", a.traits, food=a.food, need=need(a)))
            a.food, a.attacked = 0, False
        if ev is not None:
            ev.append(TurnEnded(s.turn, tuple(sum(a.owner == i for a in s.animals.values())
                                              for i in range(s.players))))
        if s.turn == TURNS or not s.deck_size:
            sc = self.scores(s)
            s.phase, s.winner = "over", max(range(s.players), key=lambda i: (sc[i], -i))
            if ev is not None:
                ev.append(GameOver(sc, s.winner))
            return
        s.turn += 1
        s.phase, s.food_bank = "deal", 0
        s.owed = tuple(seat for _ in range(DEAL) for seat in range(s.players))[:s.deck_size]

    # ---- what others read ----------------------------------------------------------------------------------
    def observe(self, s, seat, copy=True):
        o = PondObservation.__new__(PondObservation)
        o.seat, o.ruleset, o.players, o.phase, o.turn, o.round = seat, self, s.players, s.phase, s.turn, s.turn
        o.first, o.to_move, o.winner, o.deck_size = 0, self.to_move(s), s.winner, s.deck_size
        o.hand, o.hand_sizes = tuple(s.hands[seat]), tuple(len(h) for h in s.hands)
        o.food_bank, o.animals = s.food_bank, (frozen_table if copy else live_table)(s.animals)
        return seal(o)

    def scores(self, s):
        pts = [0] * s.players
        for a in s.animals.values():
            pts[a.owner] += 1 + len(a.traits)
        return tuple(pts)

    def census(self, s):
        return [(a.owner, a.id, a.traits, 1) for a in s.animals.values()]

    def unit_info(self, s, unit):
        a = s.animals.get(unit)
        return None if a is None else (a.owner, a.traits)

    def card_sides(self):
        return (((t,), COPIES) for t in TRAITS)

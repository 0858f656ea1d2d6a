"""Tracker: trait frequencies and populations turn by turn, plus event tables (deaths, attacks, extinctions).

A ``Tracker`` is an observer of a ``Match`` (in the spirit of Mesa's DataCollector)::

    tracker = Tracker(params={"mutation_rate": 0.5})
    Match(rules, seats=[GreedyBot(), GreedyBot()], seed=7, observers=[tracker]).play_out()
    tracker.rows("traits")   # [{"game": 0, "turn": 1, "trait": "carnivorous", "animals": 2, ...}, ...]

Tables (long form, the same columns for every edition; ``game``, ``seed`` and the experiment
parameters are on every row):

- ``turns``: per turn, animals alive, born, food bank, food eaten, deaths by cause (``starved``,
  ``eaten``, ``poisoned``, ``parasites``), attacks, kills, escapes, traits gone extinct, mean traits
  per living animal, species founded (``species_new``) and species gone extinct (``species_lost``) in
  the editions with species;
- ``seats``: per turn and seat, animals alive, born, died, score;
- how well each seat fed (``turns`` has the totals): ``food_eaten`` (tokens its animals received),
  ``starved``, ``partly_fed`` (of the animals that starved, those that held food: food handed out but
  not enough to finish the animal) and ``food_wasted`` (the tokens, stored fat included, on animals
  that starved: food that saved nobody). North Star's individuals need one token each, so none is ever
  partly fed there, and food on a species always feeds someone;
- ``traits``: per turn and trait, living ``animals`` carrying it and its ``frequency`` among living
  animals; ``at_feeding`` (carriers alive when the feeding phase began: the cohort that faces selection
  this turn, after the development phase added animals and traits), ``survived`` (of those, alive after
  extinction), ``survival`` = survived / at_feeding; ``born`` (carriers among animals born this turn);
- ``seat_traits``: the same counts per seat (``frequency`` among that seat's living animals);
- ``deaths``, ``attacks``, ``extinctions``: one row per event (a death with the ``food`` and ``fat``
  tokens the animal held);
- ``mutations``: the selection measure, per turn and trait: ``arose`` (trait cards that came into play
  this turn: played as traits, or revealed blind in *Random Mutations*), ``arose_total`` and
  ``share_arose`` (its share of all mutations so far) against ``frequency`` (the share of living animals
  carrying it after extinction) and ``share_alive`` (its share of all trait copies carried by living
  animals, comparable with share_arose); ``selection`` = share_alive - share_arose: above 0, selection
  kept more of it than random mutation produced; below 0, selection removed it;
- ``games``: one row per game (turns, moves, winner, scores; ``winners`` lists every winning seat, so a
  shared win — North Star, when its tie-breaks leave a tie — shows as several seats, with ``winner`` -1);
- ``species``: per turn, each living species' Body Size and Population (North Star; Random Mutations
  with Body Size 0, as it has none; empty for The Origin of Species, whose animals are single cards).

Three tables are filled only in the Heredity variant (evolab's classroom rules, where each turn is a
generation; empty otherwise):

- ``generations``: per generation and trait (generation 0 = the founders): ``carriers`` and ``alive``
  after reproduction (``frequency``; None once no animal is alive); the cohort that faced selection:
  ``feeding`` animals when feeding began, ``feeding_carriers`` among them, ``survived`` and
  ``survived_carriers`` after extinction, ``young`` born and ``offspring_carriers`` (young of carriers);
  derived ``carrier_survival``/``other_survival`` and ``carrier_offspring``/``other_offspring`` (per
  animal of the cohort, carriers against non-carriers), and ``selection_differential`` = the trait's
  share among what the cohort left (its survivors plus their young, counted by the parent's trait)
  minus its share at feeding: selection's part of the change, before mutation and loss; ``arose``
  (blind mutations to it), ``added`` (those that took effect) and ``lost`` (young that lacked it);
- ``births``: one row per animal that came into the world: ``parent`` (-1 for founders and arrivals),
  the ``inherited`` traits, the ``mutation`` and its ``effect``, the trait ``lost``, and its ``traits``;
- ``fates``: a trait becoming ``fixed`` (every living animal carries it) or ``lost`` (none does) while
  animals are alive, with the generation.
"""
from __future__ import annotations

from itertools import compress
from operator import add

from .events import (CAUSES, AnimalBorn, Attacked, BlindMutation, Died, Escaped, FoodBankRolled, FoodTaken, GameOver, Migrated,
                     Mutation, PhaseStarted, Redirected, Speciation, SpeciesExtinct, TraitNotInherited, TurnEnded)
from .rules.base import Ruleset
from .tables import Table, _DERIVED


def _ratio(a, b):
    return a / b if b else 0.0


def _share(num, den):
    return num / den if den else None


def _selection_differential(r):
    after = r["survived"] + r["young"]
    if not r["feeding"] or not after:
        return None
    return (r["survived_carriers"] + r["offspring_carriers"]) / after - r["feeding_carriers"] / r["feeding"]


_DERIVED.update({
    "turns": (("mean_traits", lambda r: _ratio(r["trait_cards"], r["alive"])),),
    "traits": (("frequency", lambda r: _ratio(r["animals"], r["alive"]) if r["alive"] else None),
               ("survival", lambda r: _ratio(r["survived"], r["at_feeding"]) if r["at_feeding"] else None)),
    "seat_traits": (("frequency", lambda r: _ratio(r["animals"], r["alive"]) if r["alive"] else None),),
    "mutations": (("share_arose", lambda r: _ratio(r["arose_total"], r["mutations_total"])),
                  ("frequency", lambda r: _ratio(r["animals"], r["alive"])),
                  ("share_alive", lambda r: _ratio(r["animals"], r["copies"])),
                  ("selection", lambda r: _ratio(r["animals"], r["copies"]) - _ratio(r["arose_total"], r["mutations_total"]))),
    "generations": (
        ("frequency", lambda r: _share(r["carriers"], r["alive"])),
        ("carrier_survival", lambda r: _share(r["survived_carriers"], r["feeding_carriers"])),
        ("other_survival", lambda r: _share(r["survived"] - r["survived_carriers"], r["feeding"] - r["feeding_carriers"])),
        ("carrier_offspring", lambda r: _share(r["offspring_carriers"], r["feeding_carriers"])),
        ("other_offspring", lambda r: _share(r["young"] - r["offspring_carriers"], r["feeding"] - r["feeding_carriers"])),
        ("selection_differential", _selection_differential)),
})

# "z": per-trait counts that are 0 in most rows (young, mutations, one seat's carriers), kept as runs (tables.Table)
_COLUMNS = {
    "games": (("game", "i"), ("turns", "h"), ("moves", "i"), ("players", "h"), ("winner", "h"),
              ("winner_score", "h"), ("alive", "h"), ("scores", "o"), ("winners", "o")),
    "turns": (("game", "i"), ("turn", "h"), ("alive", "h"), ("born", "h"), ("food_bank", "h"),
              ("food_eaten", "h"), ("deaths", "h")) + tuple((c, "h") for c in CAUSES) +
             (("attacks", "h"), ("kills", "h"), ("escapes", "h"), ("extinctions", "h"), ("trait_cards", "h"),
              ("species_new", "h"), ("species_lost", "h"), ("partly_fed", "h"), ("food_wasted", "h")),
    "seats": (("game", "i"), ("turn", "h"), ("seat", "h"), ("alive", "h"), ("born", "h"), ("died", "h"),
              ("score", "h"), ("food_eaten", "h"), ("starved", "h"), ("partly_fed", "h"), ("food_wasted", "h")),
    "traits": (("game", "i"), ("turn", "h"), ("trait", "b"), ("animals", "h"), ("alive", "h"),
               ("at_feeding", "h"), ("survived", "h"), ("born", "z")),
    "seat_traits": (("game", "i"), ("turn", "h"), ("seat", "h"), ("trait", "b"), ("animals", "z"),
                    ("alive", "h")),
    "deaths": (("game", "i"), ("turn", "h"), ("seat", "h"), ("animal", "i"), ("cause", "c"), ("traits", "c"),
               ("by", "i"), ("by_traits", "c"), ("food", "h"), ("fat", "h")),
    "attacks": (("game", "i"), ("turn", "h"), ("seat", "h"), ("predator", "i"), ("prey", "i"),
                ("prey_seat", "h"), ("predator_traits", "c"), ("prey_traits", "c"), ("outcome", "c"),
                ("redirects", "h")),
    "extinctions": (("game", "i"), ("turn", "h"), ("kind", "c"), ("what", "c")),
    "species": (("game", "i"), ("turn", "h"), ("seat", "h"), ("species", "i"), ("body", "h"), ("population", "h"),
                ("traits", "c")),
    "mutations": (("game", "i"), ("turn", "h"), ("trait", "b"), ("arose", "z"), ("arose_total", "i"),
                  ("mutations_total", "i"), ("animals", "h"), ("alive", "h"), ("copies", "h")),
    "generations": (("game", "i"), ("turn", "h"), ("trait", "b"), ("carriers", "i"), ("alive", "i"),
                    ("feeding_carriers", "i"), ("feeding", "i"), ("survived_carriers", "i"), ("survived", "i"),
                    ("offspring_carriers", "i"), ("young", "i"), ("arose", "z"), ("added", "z"), ("lost", "z")),
    "births": (("game", "i"), ("turn", "h"), ("seat", "h"), ("animal", "i"), ("parent", "i"), ("inherited", "c"),
               ("mutation", "c"), ("effect", "c"), ("lost", "c"), ("traits", "c")),
    "fates": (("game", "i"), ("turn", "h"), ("trait", "c"), ("fate", "c")),
}
ALL_TABLES = tuple(_COLUMNS)
#: Tables only the Heredity variant fills (empty for the printed games).
HEREDITY_TABLES = ("generations", "births", "fates")
DEFAULT_TABLES = ALL_TABLES


def new_table(name) -> Table:
    return Table(name, _COLUMNS[name], _DERIVED.get(name, ()))


def new_tables(names) -> dict:
    """{name: new Table} for the tables of one batch or tracker, sharing one ``params`` (game -> parameters) and
    one ``param_names``: every table records every game, so one mapping serves them all (a 10,000-game sweep
    keeps one instead of thirteen, and a worker pickles it once)."""
    tables = {name: new_table(name) for name in names}
    params: dict = {}
    param_names: list = []
    for t in tables.values():
        t.params, t.param_names = params, param_names
    return tables


class Tracker:
    """Observer of one or more matches: call ``rows(table)`` afterwards.

    ``tables`` limits what is recorded (big sweeps may skip ``seat_traits`` and ``attacks``).
    """

    @property
    def reads(self) -> frozenset | None:
        """The event types it reads, those ``_HANDLERS`` handles: ``Match`` may play moves whose events are all
        others (nature's card draws) without telling it. None for a subclass that overrides ``update`` (it is told of
        every move unless it declares its own ``reads``)."""
        return _READS if type(self).update is Tracker.update else None

    def __init__(self, params=None, game=0, tables=DEFAULT_TABLES, store=None):
        """``store``: {table: Table} to append to (a batch's tables, shared by the trackers of its games, so each
        game's rows go straight where they are collected); by default the tracker has tables of its own."""
        unknown = set(tables) - set(ALL_TABLES)
        if unknown:
            raise ValueError(f"unknown table(s) {sorted(unknown)}; tables are {list(ALL_TABLES)}")
        self.params = dict(params or {})
        self.game = game
        self.tables = new_tables(tables) if store is None else {name: store[name] for name in tables}
        self._on = set(tables)

    # ---- observer protocol ------------------------------------------------------------------
    def start(self, match):
        self.ruleset = match.ruleset
        self.trait_ids = tuple(match.ruleset.traits)
        self._index = {t: i for i, t in enumerate(self.trait_ids)}   # trait -> its place in the per-trait lists
        self._tix = _tix_cache(self.trait_ids)                           # traits tuple -> indices (see _tix_of)
        self.players = match.ruleset.players
        params = {"seed": match.seed, **self.params}
        shared = None
        for t in self.tables.values():
            if t.params is not shared:           # tables made by new_tables share one mapping: set it once
                t.set_params(self.game, params)
                shared = t.params
        self._new_turn()
        self._attack = None
        self._prev_alive = set()          # indices of the traits carried by living animals at the last turn's end
        self.arose_total = [0] * len(self.trait_ids)
        self.heredity = match.ruleset.heredity
        self._food_feeds = match.ruleset.food_feeds_population
        deaths = self.tables.get("deaths")
        self._deaths = None if deaths is None else deaths.queue       # the most frequent row, queued without a look-up
        rs_type = type(match.ruleset)
        # where each unit of the census is one animal (the default animal_census), the animals are read from the
        # census itself instead of a second pass, and a young's unit is the young
        self._units_are_animals = rs_type.animal_census is Ruleset.animal_census
        self._unit_of = None if rs_type.unit_of is Ruleset.unit_of else match.ruleset.unit_of
        self._fate = {}
        if self.heredity:
            self._generation_zero(match.state)

    def _new_turn(self):
        n = self.players
        self.born = [0] * n
        self.born_ids = {}            # unit (animal or species) -> animals born into it this turn
        self.died = [0] * n
        self.eaten_by = [0] * n       # tokens received, per seat
        self.starved = [0] * n
        self.partly_fed = [0] * n     # starved animals that held food
        self.wasted = [0] * n         # tokens on animals that starved
        self.causes = dict.fromkeys(CAUSES, 0)
        self.food_bank = 0
        self.food_eaten = 0
        self.attacks = self.kills = self.escapes = 0
        self.species_new = self.species_lost = 0
        self.cohort = []              # the units facing selection: (unit, indices of its traits, animals)
        self.at_feeding = None        # their animals per trait (None: no feeding phase began this turn)
        self.cohort_seats = set()
        self.arose = {}
        self.young = {}               # Heredity: young id -> [seat, parent, inherited, mutation, effect, lost]
        self.offspring = {}           # Heredity: parent id -> young born this generation
        self.added = {}
        self.lost = {}

    def update(self, match, move, events):
        get = _HANDLERS.get
        for e in events:
            h = get(type(e))
            if h is not None:
                h(self, match, e)

    def _put(self, table, values):
        """One row of ``table`` as its values in column order (``game`` first), when the table is recorded (queued:
        the tables store a game's rows when it ends, or when they are read)."""
        t = self.tables.get(table)
        if t is not None:
            t.queue(values)

    # ---- event handlers ---------------------------------------------------------------------
    def _born(self, match, e):
        seat, parent, unit = e.seat, e.parent, e.animal
        self.born[seat] += 1
        if parent >= 0:
            self.young[unit] = [seat, parent, "+".join(e.traits), "", "", ""]
            offspring = self.offspring
            offspring[parent] = offspring.get(parent, 0) + 1
        if self._unit_of is not None:
            unit = self._unit_of(match.state, unit)
        born_ids = self.born_ids
        born_ids[unit] = born_ids.get(unit, 0) + 1

    def _phase(self, match, e):
        if e.phase == "feeding":       # the cohort facing selection, unit by unit, and its animals per trait
            tixes, tix_of = self._tix, self._tix_of
            at = [0] * len(self._index)
            cohort = []
            seats = set()
            for seat, uid, traits, n in match.state.ruleset.census(match.state):
                tix = tixes.get(traits)
                if tix is None:
                    tix = tix_of(traits)
                cohort.append((uid, tix, n))
                seats.add(seat)
                for i in tix:
                    at[i] += n
            self.cohort, self.at_feeding, self.cohort_seats = cohort, at, seats
            if self.heredity:          # ... and animal by animal: animal id -> the indices of its traits
                self.animal_cohort = {uid: tix for uid, tix, _n in cohort} if self._units_are_animals else \
                    {aid: tix_of(traits) for aid, traits in _animals(match.state).items()}

    def _tix_of(self, traits) -> tuple:
        """The indices of a unit's distinct traits, kept per traits tuple: the same few combinations come back
        unit after unit and turn after turn, so each is looked up once (``_tix``)."""
        tix = self._tix.get(traits)
        if tix is None:
            ix = self._index
            tix = self._tix[traits] = tuple(sorted({ix[t] for t in traits}))
        return tix

    def _speciation(self, match, e):
        self.species_new += 1

    def _species_extinct(self, match, e):
        self.species_lost += 1
        self._put("extinctions", (self.game, match.state.turn, "species", str(e.species)))

    def _mutation(self, match, e):
        self.arose[e.trait] = self.arose.get(e.trait, 0) + 1

    def _blind_mutation(self, match, e):
        self.arose[e.trait] = self.arose.get(e.trait, 0) + 1
        if e.outcome in ("added", "linked"):
            self.added[e.trait] = self.added.get(e.trait, 0) + 1
        y = self.young.get(e.animal)
        if y is not None:
            y[3], y[4] = e.trait, e.outcome

    def _not_inherited(self, match, e):
        self.lost[e.trait] = self.lost.get(e.trait, 0) + 1
        y = self.young.get(e.animal)
        if y is not None:
            y[5] = e.trait

    def _migrated(self, match, e):
        if e.how == "arrived":
            traits = "+".join(e.traits)
            self._put("births", (self.game, e.turn, e.seat, e.animal, -1, traits, "", "", "", traits))

    def _food_bank(self, match, e):
        self.food_bank = e.food

    def _food(self, match, e):
        self.food_eaten += 1
        self.eaten_by[e.seat] += 1

    def _died(self, match, e):
        seat, cause = e.seat, e.cause
        self.died[seat] += 1
        causes = self.causes
        causes[cause] = causes.get(cause, 0) + 1
        # The food a dying unit held; none where a unit's food fed its other individuals (Population).
        food = 0 if self._food_feeds else max(e.food, 0)
        if cause == "starved":
            self.starved[seat] += 1
            if food:
                self.partly_fed[seat] += 1
            self.wasted[seat] += food + e.fat
        if self._deaths is not None:
            self._deaths((self.game, match.state.turn, seat, e.animal, cause, "+".join(e.traits), e.by,
                          "+".join(e.by_traits), food, e.fat))
        if cause == "eaten" and self._attack is not None:
            self._end_attack(match, "eaten")

    def _attacked(self, match, e):
        self.attacks += 1
        # the attack's row so far, in the table's column order: seat, predator, prey, prey's seat, their
        # traits, and how often it was redirected (Tail Loss, Mimicry); the outcome is added when it ends
        self._attack = [e.seat, e.predator, e.prey, e.prey_seat, "+".join(e.predator_traits),
                        "+".join(e.prey_traits), 0]

    def _redirected(self, match, e):
        if self._attack is not None:
            a = self._attack
            a[2], a[5], a[6] = e.to, "+".join(e.to_traits), a[6] + 1

    def _escaped(self, match, e):
        self.escapes += 1
        if self._attack is not None:
            self._end_attack(match, e.how)

    def _end_attack(self, match, outcome):
        if outcome == "eaten":
            self.kills += 1
        a = self._attack
        self._put("attacks", (self.game, match.state.turn, *a[:6], outcome, a[6]))
        self._attack = None

    def _turn_ended(self, match, e):
        """The turn's rows, from one pass over the living units: animals per (seat, trait), then the cohort's
        fates, every table's block for the turn, and the turn's totals."""
        s = match.state
        turn = e.turn
        ids, ix, players = self.trait_ids, self._index, self.players
        k = len(ids)
        animals = {} if self.heredity and self._units_are_animals else None
        c = _Census(s, players, self, animals)
        count = c.count
        at_feeding = self.at_feeding or [0] * k
        survived, born = self._cohort_fates(c.alive_ids, k)
        if self.heredity and animals is None:
            animals = _animals(s)
        if self.young:                                  # Heredity: young are born after feeding
            tix_of = self._tix_of
            for uid in self.young:
                for i in tix_of(animals.get(uid, ())):
                    born[i] += 1
        places = range(k)                               # the traits present, and gone, found by compress (C speed)
        present = set(compress(places, count))
        gone = sorted(self._prev_alive.union(compress(places, at_feeding)) - present)
        g, tb, on = self.game, self.tables, self._on
        if "traits" in on:                # columns in the order of _COLUMNS["traits"]
            tb["traits"].write_block(k, (g, turn, ids, count, c.alive, at_feeding, survived, born))
        if "seat_traits" in on:
            write = tb["seat_traits"].write_block
            for seat in range(players):
                write(k, (g, turn, seat, ids, c.seat_count[seat], c.alive_seat[seat]))
        if "mutations" in on:
            arose, total = [0] * k, self.arose_total
            for t, n in self.arose.items():
                i = ix[t]
                arose[i] = n
                total[i] += n
            tb["mutations"].write_block(k, (g, turn, ids, arose, total[:], sum(total), count, c.alive, sum(count)))
        self._seat_rows(s, turn, c)
        self._extinction_rows(turn, c, gone)
        causes = self.causes
        self._put("turns", (g, turn, c.alive, sum(self.born), self.food_bank, self.food_eaten,
                            sum(self.died), *map(causes.__getitem__, CAUSES), self.attacks, self.kills,
                            self.escapes, len(gone), c.trait_cards, self.species_new, self.species_lost,
                            sum(self.partly_fed), sum(self.wasted)))
        if self.heredity:
            # where the cohort's units are this generation's animals (a feeding began this turn), its counts are theirs
            same = self._units_are_animals and self.at_feeding is not None
            self._generation_rows(turn, animals, count, c.alive,
                                  (at_feeding, survived, self._survivors) if same else None)
        self._prev_alive = present
        self._new_turn()

    def _cohort_fates(self, alive_ids, k) -> tuple:
        """Per trait (lists in trait order): carriers of the cohort that faced selection still alive
        (``survived``), and carriers born this turn into its units (``born``)."""
        survived, born = [0] * k, [0] * k
        born_ids = self.born_ids
        units = 0                                         # units of the cohort still alive
        for uid, tix, n in self.cohort:
            ok = alive_ids.get(uid, 0)                    # animals of the unit still alive (none join after feeding)
            if ok:
                units += 1
                ok = n if ok > n else ok
                for i in tix:
                    survived[i] += ok
            if born_ids:
                newborn = born_ids.get(uid, 0)
                if newborn:
                    newborn = n if newborn > n else newborn
                    for i in tix:
                        born[i] += newborn
        self._survivors = units
        return survived, born

    def _seat_rows(self, s, turn, c):
        if "species" in self._on:
            for seat, sid, body, pop, traits in s.ruleset.species_census(s):
                self._put("species", (self.game, turn, seat, sid, body, pop, "+".join(traits)))
        if "seats" in self._on:
            sc = s.ruleset.scores(s)
            put = self.tables["seats"].queue
            for seat in range(self.players):
                put((self.game, turn, seat, c.alive_seat[seat], self.born[seat], self.died[seat], sc[seat],
                     self.eaten_by[seat], self.starved[seat], self.partly_fed[seat], self.wasted[seat]))

    def _extinction_rows(self, turn, c, gone):
        ids = self.trait_ids
        for i in gone:
            self._put("extinctions", (self.game, turn, "trait", ids[i]))
        cohort_seats = self.cohort_seats
        for seat in range(self.players):
            if c.alive_seat[seat] == 0 and seat in cohort_seats:
                self._put("extinctions", (self.game, turn, "seat", str(seat)))

    # ---- the Heredity variant ---------------------------------------------------------------------
    def _generation_zero(self, state):
        ix = self._index
        count = [0] * len(ix)
        animals = {}
        for seat, aid, traits in state.ruleset.animal_census(state):
            animals[aid] = traits
            for t in set(traits):
                count[ix[t]] += 1
            joined = "+".join(traits)
            self._put("births", (self.game, 0, seat, aid, -1, joined, "", "", "", joined))
        self.animal_cohort = {}
        self._generation_rows(0, animals, count, len(animals))

    def _generation_rows(self, turn, animals, count, alive, fates=None):
        """Per trait: carriers now (``count``, in trait order), and how the cohort that faced selection survived
        and reproduced. ``fates``: (carriers at feeding, surviving carriers, survivors) when the turn's cohort
        already counted them (its units are this generation's animals), so they are not counted again."""
        ids, ix = self.trait_ids, self._index
        k = len(ids)
        cohort = self.animal_cohort
        oc = [0] * k
        young = 0
        if fates is None:
            fc, sc, survived = [0] * k, [0] * k, 0
            for uid, tix in cohort.items():
                if uid in animals:
                    survived += 1
                    for i in tix:
                        sc[i] += 1
                for i in tix:
                    fc[i] += 1
        else:
            fc, sc, survived = fates
        in_cohort = cohort.get
        for pid, kids in self.offspring.items():         # young per carrier: only the parents need a look
            tix = in_cohort(pid)
            if tix is not None:
                young += kids
                for i in tix:
                    oc[i] += kids
        if "generations" in self._on:     # columns in the order of _COLUMNS["generations"]
            per = []
            for d in (self.arose, self.added, self.lost):
                v = [0] * k
                for t, n in d.items():
                    i = ix.get(t)
                    if i is not None:
                        v[i] = n
                per.append(v)
            self.tables["generations"].write_block(
                k, (self.game, turn, ids, count, alive, fc, len(self.animal_cohort), sc, survived, oc, young, *per))
        births = self.tables.get("births")
        if births is not None and self.young:
            put, g, traits_of = births.queue, self.game, animals.get
            for uid, (seat, parent, inherited, mut, effect, lost) in self.young.items():
                put((g, turn, seat, uid, parent, inherited, mut, effect, lost, "+".join(traits_of(uid, ()))))
        if alive:
            self._fate_rows(turn, count, alive)

    def _fate_rows(self, turn, count, alive):
        """A trait becoming fixed (every living animal carries it) or lost (none does)."""
        fates = self._fate
        for t, c in zip(self.trait_ids, count):
            fate = "fixed" if c == alive else "lost" if c == 0 else ""
            before = fates.get(t)
            if fate != before:
                fates[t] = fate
                if fate and before is not None:
                    self._put("fates", (self.game, turn, t, fate))

    def _game_over(self, match, e):
        s = match.state
        alive = sum(k for _, _, _, k in s.ruleset.census(s))
        self._put("games", (self.game, s.turn, len(match.record.moves), self.players, e.winner, max(e.scores), alive,
                            list(e.scores), list(s.ruleset.winners(s))))

    # ---- results ----------------------------------------------------------------------------
    def rows(self, table="traits") -> list:
        """The rows of one table as plain dicts."""
        if table not in self.tables:
            raise KeyError(f"table {table!r} was not recorded; recorded: {sorted(self.tables)}")
        return self.tables[table].to_list()

    def columns(self, table="traits", names=None) -> dict:
        """One table column by column ({name: array or list}, no dict per row; see ``evolab.columns``)."""
        from .columns import columns
        if table not in self.tables:
            self.rows(table)                  # raises the KeyError that names the recorded tables
        return columns(self.tables[table], names)

    def to_csv(self, path, table="traits"):
        self.tables[table].to_csv(path)


class _Census:
    """The living units at the end of a turn, in one pass: animals per seat, per (seat, trait) and per trait (lists
    in trait order), trait cards, and the animals of each unit."""

    __slots__ = ("alive_seat", "seat_count", "count", "trait_cards", "alive_ids", "alive")

    def __init__(self, s, players, tracker, animals=None):
        """``animals``: a dict to fill with unit id -> traits (where units are animals)."""
        k = len(tracker.trait_ids)
        tixes, tix_of = tracker._tix, tracker._tix_of
        per = [0] * (players * k)             # animals per (seat, trait), seat after seat
        alive_seat = [0] * players
        alive_ids = {}
        cards = 0
        for seat, uid, traits, n in s.ruleset.census(s):
            alive_seat[seat] += n
            alive_ids[uid] = n
            if animals is not None:
                animals[uid] = traits
            if traits:
                cards += len(traits) * n
                base = seat * k
                tix = tixes.get(traits)
                for i in (tix_of(traits) if tix is None else tix):
                    per[base + i] += n
        self.seat_count = [per[j * k:(j + 1) * k] for j in range(players)]
        self.count = list(map(add, *self.seat_count)) if players == 2 else \
            list(map(sum, zip(*self.seat_count))) if players > 1 else list(self.seat_count[0])
        self.alive_seat = alive_seat
        self.alive_ids = alive_ids
        self.trait_cards = cards
        self.alive = sum(alive_seat)


#: Event type -> the tracker's handler: the tracker reads these events and no others.
_HANDLERS = {
    AnimalBorn: Tracker._born, PhaseStarted: Tracker._phase, FoodBankRolled: Tracker._food_bank,
    FoodTaken: Tracker._food, Died: Tracker._died, Attacked: Tracker._attacked,
    Redirected: Tracker._redirected, Escaped: Tracker._escaped, TurnEnded: Tracker._turn_ended,
    GameOver: Tracker._game_over, Mutation: Tracker._mutation, Speciation: Tracker._speciation,
    SpeciesExtinct: Tracker._species_extinct, BlindMutation: Tracker._blind_mutation,
    TraitNotInherited: Tracker._not_inherited, Migrated: Tracker._migrated,
}
_READS = frozenset(_HANDLERS)


_TIX: dict = {}


def _tix_cache(trait_ids) -> dict:
    """The traits-tuple -> indices cache shared by the trackers of one ruleset's trait list (a sweep's games meet
    the same combinations); emptied when it grows past a few thousand combinations."""
    cache = _TIX.get(trait_ids)
    if cache is None or len(cache) > 4096:
        if len(_TIX) > 16:
            _TIX.clear()
        cache = _TIX[trait_ids] = {}
    return cache


def _animals(state) -> dict:
    """Animal id -> traits of every living animal (a species' traits for each of its animals)."""
    return {aid: traits for _, aid, traits in state.ruleset.animal_census(state)}


class _Replay:
    """Stands in for a Match while a record is replayed for a tracker."""

    def __init__(self, record, state):
        self.ruleset = state.ruleset
        self.seed = record.seed
        self.state = state
        self.record = type("R", (), {"moves": []})()


def track_record(record, params=None, game=0, tables=DEFAULT_TABLES) -> Tracker:
    """Replay a saved game through a new Tracker: the same rows as when it was played."""
    tracker = Tracker(params, game, tables)
    state = record.initial_state()
    shim = _Replay(record, state)
    tracker.start(shim)
    rs = state.ruleset
    for m in record.moves:
        ev: list = []
        rs.apply_inplace(state, m, ev)
        shim.record.moves.append(m)
        tracker.update(shim, m, ev)
    return tracker

"""Build a *Random Mutations* position from a JSON-able description (see ``evolab.scenario``).

Keys: ``players``, ``options``, ``phase`` ("feeding" default, or "development"), ``turn``, ``first``,
``current``, ``last_turn``, ``red``/``green``/``black`` (tokens in the centre), ``player_decks`` (cards in
each blind player deck; default 7), ``discards``, ``deck`` (common deck size; default: the rest),
``move_main`` (the mover has taken his chip), and ``species``: a list of
``{"id": 1, "owner": 0, "traits": ["predator", "large"], "population": 2}`` or, to set tokens,
``"animals": [{"id": 11, "food": 1, "shelter": true, "parasites": 2, "fed_by_kill": false,
"attacked": false}, ...]``. Species are placed in each owner's row in list order.

In the Heredity variant (``options: {"heredity": true}``) traits and animals are copies, not cards: only
the mutation deck and its ``discards`` are counted (no player decks; leave ``deck`` out); an animal may
name its ``parent``; positions start at feeding.
"""
from __future__ import annotations

from ...errors import ScenarioError
from .deck import TRAIT_IDS
from .state import RMAnimal, Species

_TOP = {"players", "options", "phase", "turn", "first", "current", "last_turn", "red", "green", "black",
        "player_decks", "discards", "deck", "move_main", "species"}
_SPECIES = {"id", "owner", "traits", "population", "animals"}
_ANIMAL = {"id", "food", "red", "blue", "shelter", "parasites", "fed_by_kill", "attacked", "parent"}


def build(cls, spec):
    if not isinstance(spec, dict):
        raise ScenarioError("a scenario is a dict (JSON object)")
    bad = set(spec) - _TOP
    if bad:
        raise ScenarioError(f"unknown scenario key(s) {sorted(bad)}; allowed: {sorted(_TOP)}")
    options = dict(spec.get("options", {}))
    if "players" in spec:
        options["players"] = spec["players"]
    rs = cls.load(**options)
    n = rs.players
    from .ruleset import _dev_next, _seek, validate_state
    s = rs.new_game()
    s.species, s.animals, s.sets = {}, {}, {}
    s.rows = tuple(() for _ in range(n))
    heredity = rs.heredity
    if heredity:
        for key, why in (("player_decks", "no player decks"), ("deck", "the mutation deck is every card not in "
                         "the discards"), ("last_turn", "the last turn is the last generation")):
            if key in spec:
                raise ScenarioError(f"{key}: in the Heredity variant there are {why}" if key == "player_decks"
                                    else f"{key}: in the Heredity variant {why}")
    hidden = list(rs.copies)
    revealed = 0
    species_specs = spec.get("species", [])
    given = [x.get("id") for x in species_specs if isinstance(x, dict) and isinstance(x.get("id"), int)]
    animal_ids = [a.get("id") for x in species_specs if isinstance(x, dict)
                  for a in x.get("animals", []) if isinstance(a, dict) and isinstance(a.get("id"), int)]
    uid = max(given + animal_ids + [len(species_specs)]) + 1
    rows = [[] for _ in range(n)]
    for k, d in enumerate(species_specs):
        what = f"species #{k + 1}"
        if not isinstance(d, dict) or set(d) - _SPECIES:
            raise ScenarioError(f"{what}: a dict with keys {sorted(_SPECIES)}")
        sid = d.get("id", k + 1)
        owner = d.get("owner", 0)
        if type(sid) is not int or sid < 1 or sid in s.species or sid in s.animals:
            raise ScenarioError(f"{what}: id must be a new positive whole number")
        if type(owner) is not int or not 0 <= owner < n:
            raise ScenarioError(f"{what}: owner must be a seat 0..{n - 1}")
        sp = Species(sid, owner, spec.get("turn", 1))
        own = []
        for t in d.get("traits", []):
            if t not in TRAIT_IDS:
                raise ScenarioError(f"{what}: unknown trait {t!r}; traits are {list(TRAIT_IDS)}")
            i = TRAIT_IDS.index(t)
            if not heredity:
                if hidden[i] == 0:
                    raise ScenarioError(f"{what}: no card of {t!r} is left (the deck option sets the copies)")
                hidden[i] -= 1
                revealed += 1
            own.append((uid, t))
            uid += 1
        sp.own = tuple(own)
        animals = d.get("animals")
        if animals is None:
            pop = d.get("population", 1)
            if type(pop) is not int or pop < 1:
                raise ScenarioError(f"{what}: population must be >= 1")
            animals = [{} for _ in range(pop)]
        elif not animals:
            raise ScenarioError(f"{what}: a species has at least one animal")
        ids = []
        for ad in animals:
            if not isinstance(ad, dict) or set(ad) - _ANIMAL:
                raise ScenarioError(f"{what}: an animal is a dict with keys {sorted(_ANIMAL)}")
            aid = ad.get("id")
            if aid is None:
                aid = uid
                uid += 1
            if type(aid) is not int or aid in s.animals or aid in s.species or aid == sid:
                raise ScenarioError(f"{what}: animal id {aid!r} is not new")
            a = RMAnimal(aid, sid, owner)
            if "food" in ad and ("red" in ad or "blue" in ad):
                raise ScenarioError(f"{what}: give either food or red/blue")
            a.red = ad.get("red", ad.get("food", 0))
            a.blue = ad.get("blue", 0)
            a.parasites = ad.get("parasites", 0)
            a.shelter = bool(ad.get("shelter", False))
            a.fed_by_kill = bool(ad.get("fed_by_kill", False))
            a.attacked = bool(ad.get("attacked", False))
            a.parent = ad.get("parent", -1)
            if type(a.parent) is not int or a.parent < -1:
                raise ScenarioError(f"{what}: parent must be an animal id (or -1)")
            if min(a.red, a.blue, a.parasites) < 0:
                raise ScenarioError(f"{what}: tokens must be >= 0")
            s.animals[aid] = a
            ids.append(aid)
        sp.animals = tuple(ids)
        s.species[sid] = sp
        rows[owner].append(sid)
    s.rows = tuple(tuple(r) for r in rows)
    s.next_uid = uid
    s.hidden = tuple(hidden)
    s.revealed = revealed
    pdecks = spec.get("player_decks", [0 if heredity else 7] * n)
    discards = spec.get("discards", [0] * n)
    if len(pdecks) != n or len(discards) != n or any(type(x) is not int or x < 0 for x in list(pdecks) + list(discards)):
        raise ScenarioError("player_decks and discards: one whole number >= 0 per seat")
    s.pdecks, s.discards = tuple(pdecks), tuple(discards)
    if heredity:
        need = sum(discards)                   # the discarded mutation cards: from the end of the trait list
        if need > rs.total_cards:
            raise ScenarioError(f"discards: the deck has {rs.total_cards} cards")
        for i in range(len(hidden) - 1, -1, -1):
            t = min(need, hidden[i])
            hidden[i] -= t
            need -= t
        s.hidden = tuple(hidden)
        s.revealed = sum(discards)
    used = (0 if heredity else len(s.animals) + revealed) + sum(pdecks) + sum(discards)
    rest = rs.total_cards - used
    if rest < 0:
        raise ScenarioError(f"the position uses {used} cards; the deck has {rs.total_cards}")
    deck = spec.get("deck", rest)
    if type(deck) is not int or not 0 <= deck <= rest:
        raise ScenarioError(f"deck: between 0 and {rest} cards remain")
    s.deck_size = deck
    s.removed = rest - deck
    s.turn = spec.get("turn", 1)
    s.first = spec.get("first", 0)
    s.current = spec.get("current", s.first)
    s.last_turn = bool(spec.get("last_turn", False))
    if heredity:
        gens = rs.options["generations"]
        if type(s.turn) is not int or not 1 <= s.turn <= gens:
            raise ScenarioError(f"turn: a generation 1..{gens} (generations)")
        s.last_turn = s.turn >= gens
    s.red, s.green, s.black = spec.get("red", 0), spec.get("green", 0), spec.get("black", 0)
    s.blue_out = sum(a.blue for a in s.animals.values())     # blue tokens already in play
    phase = spec.get("phase", "feeding")
    if phase == "feeding":
        s.phase = "feeding"
        s.round = 1
        s.move_main = bool(spec.get("move_main", False))
    elif phase == "development" and heredity:
        raise ScenarioError("phase: the Heredity variant has no development phase (positions start at feeding)")
    elif phase == "development":
        s.phase = "development"
        for k in ("red", "green", "black"):
            if spec.get(k):
                raise ScenarioError(f"{k}: the centre is filled in the climate phase, after development")
    else:
        raise ScenarioError(f"phase must be 'development' or 'feeding', got {phase!r}")
    try:
        validate_state(rs, s)
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    if s.phase == "development":
        if s.pdecks[s.current] < 1:
            _dev_next(s, None)
    elif not s.move_main:
        _seek(rs, s, None)
    return s

"""Build a North Star position from a JSON-able description (see ``evolab.scenario``).

Keys: ``players`` (default 3), ``options``, ``phase`` ("feeding" default, "play_cards" or
``"select_food"``), ``turn``, ``first``, ``current``, ``last_round``, ``watering`` (plant food on the
Watering Hole), ``bags`` (food in each bag), ``hands`` (per seat: card ids ``"trait:food"`` or bare trait
ids), ``species``: ``{"id": 1, "owner": 0, "body": 3, "pop": 2, "food": 0, "fat": 0,
"traits": ["carnivore", "climbing:3"]}`` in row order per owner, and ``deck`` (draw-deck size; the other
unused cards go to the discard pile).
"""
from __future__ import annotations

from ...errors import ScenarioError
from .state import NSSpecies

_TOP = {"players", "options", "phase", "turn", "first", "current", "last_round", "watering", "bags", "hands",
        "species", "deck"}
_SP = {"id", "owner", "body", "pop", "food", "fat", "traits"}


def build(cls, spec):
    from .ruleset import CARD_IDS, CARD_INDEX, TRAIT_OF, _seek, validate_state
    if not isinstance(spec, dict):
        raise ScenarioError("a scenario is a dict (JSON object)")
    bad = set(spec) - _TOP
    if bad:
        raise ScenarioError(f"unknown scenario key(s) {sorted(bad)}; allowed: {sorted(_TOP)}")
    options = dict(spec.get("options", {}))
    options["players"] = spec.get("players", options.get("players", 3))
    rs = cls.load(**options)
    n = rs.players
    s = rs.new_game()
    left = list(rs.copies)

    def take(c, what):
        if c in CARD_INDEX:
            i = CARD_INDEX[c]
            if left[i] == 0:
                raise ScenarioError(f"{what}: no copy of {c!r} is left")
        else:
            cands = [k for k, cid in enumerate(CARD_IDS) if TRAIT_OF[cid] == c and left[k]]
            if not cands:
                raise ScenarioError(f"{what}: {c!r} is not a card id or trait with a copy left")
            i = cands[0]
        left[i] -= 1
        return CARD_IDS[i]

    s.species, rows = {}, [[] for _ in range(n)]
    hands = spec.get("hands", [[] for _ in range(n)])
    if len(hands) != n:
        raise ScenarioError(f"hands: one list per seat ({n})")
    s.hands = [sorted((take(c, f"hand of seat {i}") for c in h), key=CARD_INDEX.__getitem__)
               for i, h in enumerate(hands)]
    specs = spec.get("species", [])
    uid = max([d.get("id", 0) for d in specs if isinstance(d, dict)] + [len(specs)]) + 1
    for k, d in enumerate(specs):
        what = f"species #{k + 1}"
        if not isinstance(d, dict) or set(d) - _SP:
            raise ScenarioError(f"{what}: a dict with keys {sorted(_SP)}")
        sid, owner = d.get("id", k + 1), d.get("owner", 0)
        if type(sid) is not int or sid < 1 or sid in s.species or type(owner) is not int or not 0 <= owner < n:
            raise ScenarioError(f"{what}: a new id >= 1 and an owner 0..{n - 1}")
        sp = NSSpecies(sid, owner, spec.get("turn", 1))
        sp.body, sp.pop = d.get("body", 1), d.get("pop", 1)
        sp.food, sp.fat = d.get("food", 0), d.get("fat", 0)
        sp.traits = tuple(take(c, what) for c in d.get("traits", []))
        names = [TRAIT_OF[c] for c in sp.traits]
        if len(set(names)) != len(names) or len(names) > rs.limit:
            raise ScenarioError(f"{what}: at most {rs.limit} traits, never two of the same name")
        s.species[sid] = sp
        rows[owner].append(sid)
    s.rows = tuple(tuple(r) for r in rows)
    s.next_uid = uid
    rest = sum(left)
    deck = spec.get("deck", rest)
    if type(deck) is not int or not 0 <= deck <= rest:
        raise ScenarioError(f"deck: between 0 and {rest} cards")
    deck_counts, k = [0] * len(left), deck
    for i, c in enumerate(left):
        t = min(k, c)
        deck_counts[i] = t
        k -= t
    s.deck = tuple(deck_counts)
    s.deck_size = deck
    s.discard = tuple(c - d for c, d in zip(left, deck_counts))
    s.removed = 0
    s.draw_queue = ()
    s.turn, s.first = spec.get("turn", 1), spec.get("first", 0)
    s.current = spec.get("current", s.first)
    s.last_round = bool(spec.get("last_round", False))
    s.watering = spec.get("watering", 0)
    s.bags = tuple(spec.get("bags", [0] * n))
    phase = spec.get("phase", "feeding")
    if phase not in ("feeding", "play_cards", "select_food"):
        raise ScenarioError("phase must be feeding, play_cards or select_food")
    s.phase = phase
    s.done = (False,) * n
    try:
        validate_state(rs, s)
    except ValueError as e:
        raise ScenarioError(str(e)) from None
    if phase == "feeding":
        s.passes = 0
        _seek(rs, s, None)
    elif phase == "play_cards" and rs.simultaneous:
        from .ruleset import snapshot
        s.snapshot = snapshot(s)
    return s

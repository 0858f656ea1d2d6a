"""Where each move is made on the card table: the clicks that make it, or the card its button sits on.

A *target* is a string naming something a student can click: ``card:<card id>`` (a card in the hand),
``pool:<card id>`` (Equilibrium's gene pool), ``animal:<id>``, ``species:<id>``, ``new`` (the place for a
new animal or species), ``side:left`` / ``side:right`` (the ends of a North Star row), ``watering``
(the Watering Hole) and ``deck`` (the top of a blind player deck). Moves are keyed by action type, never by
edition: the same ``TakeFood`` is a click on an animal in every game. The reverse direction, ``candidates``,
turns a click path that is no legal move into the moves it could have meant, so that the engine's own
``check`` says why it is not allowed (no rule is decided here).
"""
from __future__ import annotations

from ... import actions as A

CENTRE = "centre"


def card(c: str) -> str:
    return f"card:{c}"


def unit(rs, uid: int, species: bool = False) -> str:
    """The target of a unit: boards (``unit_noun == "species"``) are species, others animals."""
    return f"species:{uid}" if species or rs.unit_noun == "species" else f"animal:{uid}"


def _pair_paths(rs, a):
    x, y = a.animals
    first = [card(a.card), f"animal:{x}", f"animal:{y}"]
    rule = rs.traits.get(a.trait)
    if rule is not None and rule.extra.get("directed"):     # the protector first: the order matters
        return [first]
    return [first, [card(a.card), f"animal:{y}", f"animal:{x}"]]


def _attack_paths(rs, a):
    return [[f"animal:{a.predator}", unit(rs, a.prey, species=rs.prey_is_species)]]


#: Moves made by clicking: action type -> (ruleset, action) -> click paths.
PATHS = {
    "PlayAnimal": lambda rs, a: [[card(a.card), "new"]],
    "PlayTrait": lambda rs, a: [[card(a.card), f"animal:{a.animal}"]],
    "PlayPairTrait": lambda rs, a: _pair_paths(rs, a),
    "TakeFood": lambda rs, a: [[f"animal:{a.animal}"]],
    "Attack": _attack_paths,
    "Pirate": lambda rs, a: [[f"animal:{a.pirate}", f"animal:{a.victim}"]],
    "ChooseCard": lambda rs, a: [[f"pool:{a.card}"]],
    "PlayCard": lambda rs, a: [["deck", "new" if a.mode == "new_species" else f"species:{a.species}"]],
    "SelectFood": lambda rs, a: [[card(a.card), "watering"]],
    "PlaceTrait": lambda rs, a: [[card(a.card), f"species:{a.species}"]],
    "Grow": lambda rs, a: [[card(a.card), f"species:{a.species}"]],
    "NewSpecies": lambda rs, a: [[card(a.card), f"side:{a.side}"]],
    "EatPlant": lambda rs, a: [[f"species:{a.species}"]],
    "Hunt": lambda rs, a: [[f"species:{a.predator}", f"species:{a.prey}"]],
}


def _prey(obs):
    at = obs.attack
    return f"animal:{at.prey}" if at is not None else CENTRE


def _link_animal(obs, a):
    link = obs.links.get(a.link)
    if link is None:
        return CENTRE
    return f"animal:{a.source if a.source >= 0 else link.a}"


#: Moves made with a button on the card they concern: action type -> (observation, action) -> target.
BUTTONS = {
    "Run": lambda obs, a: _prey(obs),
    "DropTail": lambda obs, a: _prey(obs),
    "NoDefence": lambda obs, a: _prey(obs),
    "Mimic": lambda obs, a: f"animal:{a.animal}",
    "Scavenge": lambda obs, a: f"animal:{a.animal}",
    "BurnFat": lambda obs, a: f"animal:{a.animal}",
    "Graze": lambda obs, a: f"animal:{a.animal}",
    "Hibernate": lambda obs, a: f"animal:{a.animal}",
    "TakeShelter": lambda obs, a: f"animal:{a.animal}",
    "PlaceParasite": lambda obs, a: f"animal:{a.animal}",
    "ChooseVictim": lambda obs, a: f"animal:{a.animal}",
    "ChooseParasiteVictim": lambda obs, a: f"animal:{a.animal}",
    "ThinkFood": lambda obs, a: f"species:{a.species}",
    "Resolve": _link_animal,
}


def placement(obs, action) -> tuple:
    """``(paths, at)``: the click paths that make ``action`` (empty for a button), and the target its button
    sits on (``None`` for a move made by clicking; ``"centre"`` for moves about no card)."""
    name = type(action).__name__
    if name in PATHS:
        return PATHS[name](obs.ruleset, action), None
    if name in BUTTONS:
        return [], BUTTONS[name](obs, action)
    return [], CENTRE


# ---- a click path that is no legal move: what could it have meant? -----------------------------------
def _sides(c: str) -> list:
    return c.split(":", 1)[0].split("/")


def _ids(path):
    return [p.split(":", 1) for p in path]


def candidates(path) -> list:
    """The moves a click path could mean, whatever their legality (the engine's ``check`` judges them)."""
    parts = _ids(path)
    kinds = tuple(p[0] for p in parts)
    vals = [p[1] if len(p) > 1 else "" for p in parts]
    num = lambda v: int(v) if v.lstrip("-").isdigit() else -1     # noqa: E731
    out: list = []
    if kinds == ("card", "new"):
        out.append(A.PlayAnimal(vals[0]))
    elif kinds == ("card", "animal"):
        out += [A.PlayTrait(vals[0], t, num(vals[1])) for t in _sides(vals[0])]
    elif kinds == ("card", "animal", "animal"):
        out += [A.PlayPairTrait(vals[0], t, (num(vals[1]), num(vals[2]))) for t in _sides(vals[0])]
    elif kinds == ("animal",):
        out.append(A.TakeFood(num(vals[0])))
    elif kinds == ("animal", "animal"):
        out.append(A.Attack(num(vals[0]), num(vals[1])))
    elif kinds == ("animal", "species"):
        out.append(A.Attack(num(vals[0]), num(vals[1])))
    elif kinds == ("card", "watering"):
        out.append(A.SelectFood(vals[0]))
    elif kinds == ("card", "species"):
        out += [A.PlaceTrait(vals[0], num(vals[1])), A.Grow(vals[0], num(vals[1]), "body"),
                A.Grow(vals[0], num(vals[1]), "population")]
    elif kinds == ("card", "side"):
        out.append(A.NewSpecies(vals[0], vals[1]))
    elif kinds == ("species",):
        out.append(A.EatPlant(num(vals[0])))
    elif kinds == ("species", "species"):
        out.append(A.Hunt(num(vals[0]), num(vals[1])))
    elif kinds == ("deck", "new"):
        out.append(A.PlayCard("new_species"))
    elif kinds == ("deck", "species"):
        out += [A.PlayCard(m, num(vals[1])) for m in ("trait", "add_animal", "diverge")]
    elif kinds == ("pool",):
        out.append(A.ChooseCard(vals[0]))
    return out

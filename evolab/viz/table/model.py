"""The card table as data: one seat's observation plus the legal moves -> a JSON model the browser draws.

The model says what is on the table (seats with their animals or species as cards, trait cards, tokens,
pair links, badges; the hand as a fan; the centre) and, for every legal move, the clicks that make it or
the card its button sits on. The browser only draws this and reports clicks: whether a move is legal is
decided here, from ``legal_actions``, and why a click is no move is said by the engine's ``check``.
"""
from __future__ import annotations

from ...palette import pretty, trait_style
from .strings import speaker, t
from .targets import CENTRE, placement

#: Chart markers as the card's trait shapes, so a trait looks the same on the table and in the charts.
SHAPES = {"o": "circle", "s": "square", "^": "triangle", "D": "diamond", "v": "triangle-down", "P": "plus",
          "X": "cross", "*": "star", "<": "triangle-left", ">": "triangle-right"}
PATTERNS = {"-": "solid", "--": "dashed", "-.": "dotdash", ":": "dotted"}


def chip(rs, trait: str, **extra) -> dict:
    """A trait card on a unit: name, colour, shape and border pattern (colour is never the only cue), hint."""
    colour, dash, marker = trait_style(trait)
    rule = rs.traits.get(trait)
    pres = rs.edition.presentation
    name = pres.trait_title(rs, trait) if rule is not None else pretty(trait)
    if extra.get("new"):                     # just arrived (played, or a young's mutation): said, not only lit
        extra["mark"] = t("chip.new")
    return {"trait": trait, "name": name, "colour": colour, "shape": SHAPES.get(marker, "circle"),
            "pattern": PATTERNS.get(dash, "solid"), "hint": pres.trait_hint(rs, trait), **extra}


def _whose(owner, viewer, names):
    return t("whose.yours") if owner == viewer else t("whose.seat", name=names[owner])


def _traits_text(chips):
    return ", ".join(c["name"] for c in chips) or t("traits.none")


def _tokens(red=0, blue=0, need=0, fat=0, room=0, plant=False):
    """Token slots in drawing order: food held, food still needed, fat held, fat room."""
    food = red + blue
    out = ["plant" if plant else "red"] * red + ["blue"] * blue + ["empty"] * max(0, need - food)
    return out + ["fat"] * fat + ["fat-empty"] * max(0, room - fat)


def directed(rs, trait: str) -> bool:
    """A pair trait whose two ends differ (one protects the other), by its rule, not by its name."""
    rule = rs.traits.get(trait)
    return bool(rule is not None and rule.extra.get("directed"))


def _link_text(rs, link, aid) -> str:
    """What a pair-trait card on ``aid`` says about the other end: a directed one says which way."""
    t = speaker(rs.edition.presentation)
    other = link.other(aid)
    if directed(rs, link.trait):
        return t("link.protects" if aid == link.a else "link.protected", n=other)
    return t("link.pair", n=other)


# ---- the three kinds of table ------------------------------------------------------------------------
def _finish(unit: dict, aria: str, badges: list) -> dict:
    """The unit with its badges, and its spoken label ending with them (a badge is never only a picture)."""
    if badges:
        aria += "; " + ", ".join(text for _, text in badges)
    unit.update(badges=[{"kind": k, "text": v} for k, v in badges], aria=aria)
    return unit


def _animal_unit(obs, a, names, mutated, links) -> dict:
    """One animal card: its trait cards, the pair traits it shares, food and fat tokens, its states."""
    t = speaker(obs.ruleset.edition.presentation)
    rs, attack = obs.ruleset, obs.attack
    chips = [chip(rs, c.trait, new=(a.id, c.trait) in mutated) for c in a.cards]
    chips += [chip(rs, l.trait, partner=l.other(a.id), link=_link_text(rs, l, a.id), new=(a.id, l.trait) in mutated)
              for l in links]
    food = a.red + a.blue
    states = [("fed", a.is_fed(), "badge.fed"), ("hibernating", a.hibernating, "badge.hibernating"),
              ("poisoned", a.poisoned, "badge.poisoned"), ("attacked", a.attacked, "badge.attacked"),
              ("under-attack", attack is not None and attack.prey == a.id, "badge.under_attack"),
              ("attacking", attack is not None and attack.predator == a.id, "badge.attacking")]
    badges = [(kind, t(key)) for kind, on, key in states if on]
    if a.parent >= 0:
        badges += [("young", t("badge.young", parent=a.parent)), ("generation", t("badge.generation", born=a.born))]
    aria = t("aria.animal", id=a.id, whose=_whose(a.owner, obs.seat, names), traits=_traits_text(chips), food=food,
             need=a.need)
    room = rs.edition.presentation.fat_room(obs, a)
    if room:
        aria += "; " + t("aria.fat", fat=a.fat, room=room)
    fat = f" · {t('stat.fat')} {a.fat}/{room}" if room else ""
    return _finish({"target": f"animal:{a.id}", "title": t("title.animal", id=a.id), "traits": chips,
                    "tokens": _tokens(a.red, a.blue, a.need, a.fat, room),
                    "food_text": f"{t('stat.food')} {food}/{a.need}{fat}"}, aria, badges)


def _hand_cards(rs, cards, prefix: str, aria_key: str) -> list:
    """Two-sided cards (a trait on each half) of a hand or a gene pool."""
    t = speaker(rs.edition.presentation)
    out = []
    for c in cards:
        sides = [chip(rs, side) for side in c.split("/")]
        out.append({"target": f"{prefix}:{c}", "sides": sides,
                    "aria": t(aria_key, text=" / ".join(side["name"] for side in sides))})
    return out


def _animals_table(obs, names, mutated):
    """Single animals with trait cards and pair links (*The Origin of Species*, its Heredity variant)."""
    t = speaker(obs.ruleset.edition.presentation)
    rs = obs.ruleset
    links = list(obs.links.values())
    by_animal: dict = {}
    for l in links:
        for aid in (l.a, l.b):
            by_animal.setdefault(aid, []).append(l)
    units: dict = {}
    for a in obs.animals.values():
        units.setdefault(a.owner, []).append(_animal_unit(obs, a, names, mutated, by_animal.get(a.id, ())))
    link_rows = [{"a": f"animal:{l.a}", "b": f"animal:{l.b}", "trait": l.trait, "arrow": directed(rs, l.trait),
                  "colour": trait_style(l.trait)[0],
                  "aria": (t("aria.directed", trait=chip(rs, l.trait)["name"], a=l.a, b=l.b) if directed(rs, l.trait) else
                           t("aria.link", trait=chip(rs, l.trait)["name"], a=l.a, b=l.b))} for l in links]
    info = {}
    for seat in range(obs.players):
        if rs.heredity:
            bits = [t("seat.animals", n=len(units.get(seat, ())))]
        else:
            bits = [t("seat.hand", n=obs.hand_sizes[seat])]
            if obs.pool_sizes:
                bits.append(t("seat.pool", n=obs.pool_sizes[seat]))
            bits.append(t("seat.discard", n=obs.discard_sizes[seat]))
        info[seat] = bits
    centre = [{"kind": "food", "target": "bank", "label": t("centre.food_bank"), "count": obs.food_bank,
               "token": "red"}]
    if not rs.heredity:
        centre.append({"kind": "deck", "target": "common-deck", "label": t("centre.deck"), "count": obs.deck_size})
    return (units, link_rows, info, centre, _hand_cards(rs, obs.hand, "card", "aria.hand_card"),
            _hand_cards(rs, obs.pool, "pool", "aria.pool_card"))


def _rm_member(obs, aid, sid, need, whose) -> dict:
    """One animal of a species: its food tokens and states."""
    t = speaker(obs.ruleset.edition.presentation)
    a = obs.animals[aid]
    food = a.red + a.blue
    states = [("fed", food >= need, t("badge.fed")), ("sheltered", a.shelter, t("badge.sheltered")),
              ("parasites", a.parasites, t("badge.parasites", n=a.parasites)),
              ("fed-by-kill", a.fed_by_kill, t("badge.fed_by_kill")), ("attacked", a.attacked, t("badge.attacked")),
              ("young", a.parent >= 0, t("badge.young", parent=a.parent))]
    badges = [(kind, text) for kind, on, text in states if on]
    aria = t("aria.rm_animal", id=aid, species=sid, whose=whose, food=food, need=need)
    return _finish({"target": f"animal:{aid}", "title": t("title.animal", id=aid),
                    "tokens": _tokens(a.red, a.blue, need), "food_text": f"{t('stat.food')} {food}/{need}"},
                   aria, badges)


def _stacks_table(obs, names, mutated):
    """Species as stacks of animals that share their traits (*Random Mutations*, its Heredity variant)."""
    t = speaker(obs.ruleset.edition.presentation)
    rs, viewer = obs.ruleset, obs.seat
    units: dict = {}
    victim = obs.choose_victim
    for seat, row in enumerate(obs.rows):
        for sid in row:
            sp = obs.species[sid]
            chips = [chip(rs, tr, new=(sid, tr) in mutated) for tr in rs.traits_of(obs, sp)]
            need = rs.need(obs, sp)
            whose = _whose(sp.owner, viewer, names)
            members = [_rm_member(obs, aid, sid, need, whose) for aid in sp.animals]
            badges = []
            if sp.parent >= 0:
                badges.append(("split", t("badge.split", parent=sp.parent)))
            if victim is not None and victim[1] == sid:
                badges.append(("under-attack", t("badge.under_attack")))
            aria = t("aria.rm_species", id=sid, whose=whose, traits=_traits_text(chips), n=len(sp.animals))
            units.setdefault(seat, []).append(_finish({
                "target": f"species:{sid}", "title": t("title.species", id=sid),
                "traits": chips, "tokens": [], "members": members, "food_text": ""}, aria, badges))
    heredity = rs.heredity
    info = {seat: ([t("seat.animals", n=sum(len(obs.species[s].animals) for s in obs.rows[seat]))] if heredity else
                   [t("seat.pdeck", n=obs.pdeck_sizes[seat]), t("seat.discard", n=obs.discard_sizes[seat])])
            for seat in range(obs.players)}
    centre = [{"kind": "food", "target": "bank", "label": t("centre.red"), "count": obs.red, "token": "red"},
              {"kind": "shelter", "target": "shelters", "label": t("centre.green"), "count": obs.green,
               "token": "shelter"},
              {"kind": "parasite", "target": "parasites", "label": t("centre.black"), "count": obs.black,
               "token": "parasite"}]
    if not heredity:
        centre.append({"kind": "deck", "target": "common-deck", "label": t("centre.deck"), "count": obs.deck_size})
    hand = []
    if not heredity:
        n = obs.pdeck_sizes[viewer]
        hand = [{"target": "deck", "blind": True, "count": n, "sides": [], "text": t("hand.deck", n=n),
                 "aria": t("aria.deck", n=n)}] if n else []
    return units, [], info, centre, hand, []


def _ns_card(rs, c: str) -> dict:
    trait, _, food = c.partition(":")
    return chip(rs, trait, food=int(food) if food.lstrip("-").isdigit() else None)


def _boards_table(obs, names, mutated):
    """Species boards with Body Size and Population (North Star's *Evolution*)."""
    t = speaker(obs.ruleset.edition.presentation)
    rs, viewer = obs.ruleset, obs.seat
    fat_room = rs.edition.presentation.fat_room
    units = {}
    for seat, row in enumerate(obs.rows):
        for sid in row:
            sp = obs.species[sid]
            chips = [chip(rs, tr, new=(sid, tr) in mutated) for tr in sp.trait_ids]
            badges = []
            pending = sp.pending
            if isinstance(pending, int):
                hidden = pending
            elif sp.owner == viewer:
                chips += [dict(_ns_card(rs, c), face_down=True) for c in pending]
                hidden = 0
            else:
                hidden = len(pending)
            if hidden:
                badges.append(("face-down", t("badge.face_down", n=hidden)))
            if sp.food >= sp.pop:
                badges.append(("fed", t("badge.fed")))
            room = fat_room(obs, sp)                   # empty fat slots too: it can store fat before it has any
            whose = _whose(sp.owner, viewer, names)
            aria = t("aria.species", id=sid, whose=whose, traits=_traits_text(chips), body=sp.body, pop=sp.pop,
                     food=sp.food)
            if room:
                aria += "; " + t("aria.fat", fat=sp.fat, room=room)
            if badges:
                aria += "; " + ", ".join(b for _, b in badges)
            units.setdefault(seat, []).append({
                "target": f"species:{sid}", "title": t("title.species", id=sid), "traits": chips,
                "stats": [{"label": t("stat.body"), "value": sp.body}, {"label": t("stat.pop"), "value": sp.pop}],
                "tokens": _tokens(sp.food, 0, sp.pop, sp.fat, room, plant=True),
                "food_text": f"{t('stat.food')} {sp.food}/{sp.pop}" + (f" · {t('stat.fat')} {sp.fat}/{room}"
                                                                      if room else ""),
                "badges": [{"kind": k, "text": v} for k, v in badges], "aria": aria})
    info = {seat: [t("seat.hand", n=obs.hand_sizes[seat]), t("seat.bag", n=obs.bags[seat])]
            for seat in range(obs.players)}
    centre = [{"kind": "food", "target": "watering", "label": t("centre.watering"), "count": obs.watering,
               "token": "plant"},
              {"kind": "deck", "target": "common-deck", "label": t("centre.deck"), "count": obs.deck_size},
              {"kind": "cards", "target": "food-cards", "label": t("centre.food_cards"),
               "count": obs.food_cards_placed}]
    hand = []
    for c in obs.hand:
        ch = _ns_card(rs, c)
        hand.append({"target": f"card:{c}", "sides": [ch], "food": ch["food"],
                     "aria": t("aria.hand_card", text=f"{ch['name']}, {t('hand.food', n=ch['food'])}")})
    return units, [], info, centre, hand, []


def table_kind(obs) -> str:
    """How the edition's units are drawn: single ``animals``, species ``stacks`` of animals, or ``boards``."""
    if obs.ruleset.unit_noun == "species":
        return "boards"
    return "stacks" if getattr(obs, "sets", None) is not None else "animals"


_KINDS = {"animals": _animals_table, "stacks": _stacks_table, "boards": _boards_table}

#: The places a card can go that are not on a card: target -> message id.
SLOTS = {"new": "slot.new_animal", "side:left": "slot.side.left", "side:right": "slot.side.right"}


def build_table(obs, legal, names, *, label=str, to_move=None, scores=None, recent=(), hand_hidden=False,
                seq=0, announce=()) -> dict:
    """The JSON model of the table as ``obs.seat`` sees it, with the moves of ``legal`` (its indices are the
    moves' indices there). ``label(action)`` is a move's button text; ``recent``: events of the moves since
    the last model, for short animations; ``announce``: sentences for the screen reader's live region."""
    t = speaker(obs.ruleset.edition.presentation)
    rs, viewer = obs.ruleset, obs.seat
    kind = table_kind(obs)
    mutated = {(e.animal, e.trait) for e in recent if type(e).__name__ == "BlindMutation" and e.outcome == "added"}
    mutated |= {(e.animal, e.trait) for e in recent if type(e).__name__ == "TraitGained"}
    units, links, info, centre, hand, pool = _KINDS[kind](obs, names, mutated)
    moves = []
    slots: set = set()
    for i, a in enumerate(legal):
        paths, at = placement(obs, a)
        for p in paths:
            slots.update(x for x in p if x in SLOTS)
        full = label(a)
        key = f"button.{type(a).__name__}"
        short = t(key, **a.to_dict()) if at not in (None, CENTRE) and key in t.keys else full
        moves.append({"i": i, "paths": paths, "at": at, "label": full, "short": short, "kind": type(a).__name__})
    seats = []
    order = [s for s in range(obs.players) if s != viewer] + [viewer]      # your own seat nearest to you
    for seat in order:
        bits = list(info[seat])
        if seat == obs.first:
            bits.append(t("seat.first"))
        if scores is not None:
            bits.append(t("seat.points", n=scores[seat]))
        seat_slots = [{"target": s, "label": t(SLOTS[s])} for s in sorted(slots)] if seat == viewer else []
        seats.append({"seat": seat, "name": names[seat], "mine": seat == viewer, "to_move": seat == to_move,
                      "info": " · ".join(bits), "units": units.get(seat, []), "slots": seat_slots})
    heredity = rs.heredity
    return {
        "seq": seq, "kind": kind, "viewer": viewer, "heredity": bool(heredity),
        "seats": seats, "links": links, "centre": centre,
        "show_hand": not heredity,                 # the variant's players hold no cards: nature breeds
        "hand": [] if hand_hidden else hand, "pool": [] if hand_hidden else pool,
        "hand_title": t("hand.pool") if pool and not hand else t("hand.title"),
        "hand_hidden": t("hand.hidden", name=names[viewer]) if hand_hidden else "",
        "moves": moves, "recent": recent_effects(rs, recent), "announce": list(announce),
        "strings": {k: t(k) for k in ("ui.cancel", "ui.animations", "ui.projector", "ui.other", "ui.table",
                                      "prompt.start", "prompt.next", "prompt.choose", "prompt.cancelled",
                                      "illegal.nothing", "hand.none", "ui.selected", "ui.can_target")},
        "centre_target": CENTRE,
    }


#: Events that get a short animation: event type -> (effect, the fields naming the units it concerns).
_EFFECTS = {"AnimalBorn": ("born", ("animal",)), "Died": ("died", ("animal",)),
            "Attacked": ("attack", ("predator", "prey")), "FoodTaken": ("fed", ("animal",)),
            "TraitGained": ("mutated", ("animal",)), "BlindMutation": ("mutated", ("animal",)),
            "Escaped": ("escaped", ("prey",)), "Speciation": ("born", ("species",))}


def recent_effects(rs, events) -> list:
    """``[{"effect": "attack", "targets": ["animal:3", "animal:9"]}, ...]`` for the browser's animations."""
    out = []
    for e in events:
        spec = _EFFECTS.get(type(e).__name__)
        if spec is None:
            continue
        effect, fields = spec
        targets = []
        for f in fields:
            v = getattr(e, f, None)
            if isinstance(v, int) and v >= 0:
                species = rs.unit_noun == "species" or f == "species" or (f == "prey" and rs.prey_is_species
                                                                         and effect == "attack")
                targets.append(f"species:{v}" if species else f"animal:{v}")
        if targets:
            out.append({"effect": effect, "targets": targets})
    return out[-60:]

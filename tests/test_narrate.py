"""The game log (``evolab.narrate``): every death and every lost token is explained by a sentence of the log.

Positions built with ``evolab.scenario`` check the exact sentences; whole games of every edition check that no
death, lost token, theft, discarded trait or extinction goes without a sentence that says why.
"""
from __future__ import annotations

import pytest

import evolab
from evolab import Attack, DropTail, EndMove, Pirate, apply, legal_actions, scenario
from evolab.actions import Hunt, PlaceTrait
from evolab.bots import GreedyBot, RandomBot
from evolab.narrate import Narrator
from evolab.palette import pretty

NAMES = ["You", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6"]


def say(state, *actions, seat=0, narrator=None):
    """Apply the actions; returns (state, the log lines, the events)."""
    nar = narrator or Narrator(NAMES, seat)
    lines, events = [], []
    for a in actions:
        state, ev = apply(state, a)
        events += ev
        lines += nar.lines(state, ev)
    return state, lines, events


def one(lines, *words):
    hits = [l for l in lines if all(w in l for w in words)]
    assert hits, f"no line says {words}:\n" + "\n".join(lines)
    return hits[0]


def A(id, owner, *traits, **kw):
    return {"id": id, "owner": owner, "traits": list(traits), **kw}


def origin(*animals, food_bank=0, **extra):
    return scenario("origin", {"players": 2, "phase": "feeding", "food_bank": food_bank, "animals": list(animals),
                               **extra})


def end_feeding(state, nar):
    """Both players end their moves until the feeding phase is over; returns (state, lines)."""
    lines = []
    while state.phase == "feeding":
        state, ev = apply(state, EndMove() if EndMove() in legal_actions(state) else legal_actions(state)[-1])
        lines += nar.lines(state, ev)
    return state, lines


# ---- Origin of Species ------------------------------------------------------------------------------
def test_piracy_says_whom_it_robbed():
    s = origin(A(1, 0, "piracy"), A(2, 1, "carnivorous", food=1), A(3, 1, "swimming"))
    s, lines, _ = say(s, Pirate(1, 2, "red"))
    assert one(lines, "stole") == ("Your Piracy animal #1 stole 1 red food from "
                                   "Player 2's Carnivorous animal #2 (Piracy).")
    assert not [l for l in lines if "#1" in l and "took" in l]        # one sentence, not two


def test_an_animal_that_ate_but_starved_says_how_much_it_had_and_needed():
    nar = Narrator(NAMES, 0)
    s = origin(A(1, 0, "carnivorous", "high_body_weight", food=2), A(2, 0, food=0), A(3, 1, "swimming", food=1))
    s, lines = end_feeding(s, nar)
    assert one(lines, "#1") == "Your Carnivorous+High body weight animal #1 starved: it had 2 of the 3 food it needed."
    assert one(lines, "#2") == "Your plain animal #2 starved: it got no food (it needed 1)."
    assert not [l for l in lines if "#3" in l and "starved" in l]


def test_poison_names_the_poisonous_prey():
    nar = Narrator(NAMES, 0)
    s = origin(A(1, 0, "carnivorous"), A(2, 1, "poisonous"), A(3, 1, "swimming", food=1))
    s, lines, _ = say(s, Attack(1, 2), narrator=nar)
    s, more = end_feeding(s, nar)
    assert one(lines + more, "#1", "poison", "died") == \
        "Your Carnivorous animal #1 died of poison: it ate the Poisonous animal #2 this turn."


def test_meat_that_does_not_fit_is_told():
    s = origin(A(1, 0, "carnivorous", food=1), A(2, 1), A(3, 1))
    s, lines, ev = say(s, Attack(1, 2))
    assert one(lines, "could not take") == ("Your Carnivorous animal #1 could not take 1 food token of its kill: "
                                            "it was already full, so it went back to the supply.")


def test_tail_loss_that_lowers_the_need_gives_food_back_and_says_so():
    nar = Narrator(NAMES, 0)
    s = origin(A(1, 0, "carnivorous", "high_body_weight"), A(2, 1, "tail_loss", "high_body_weight", food=2),
               A(3, 1, "swimming"))
    s, _, _ = say(s, Attack(1, 2), narrator=nar)
    hbw = next(c.uid for c in s.animals[2].cards if c.trait == "high_body_weight")
    s, lines, ev = say(s, DropTail(hbw), narrator=nar)
    assert [type(e).__name__ for e in ev if type(e).__name__ == "FoodLost"] == ["FoodLost"]
    assert one(lines, "Tail Loss") == (
        "Your Carnivorous+High body weight animal #1 attacked Player 2's Tail loss+High body weight animal #2: "
        "it escaped by Tail Loss, dropping High body weight, and gave back 1 food token it no longer had room "
        "for (without High body weight it needs less).")


# ---- Random Mutations -------------------------------------------------------------------------------
def test_random_mutations_parasite_deaths_say_why():
    s = scenario("random_mutations", {"players": 2, "red": 4, "species": [
        {"id": 1, "owner": 0, "animals": [{"id": 11, "parasites": 2}]},
        {"id": 2, "owner": 1, "animals": [{"id": 21, "parasites": 1}]}]})
    nar = Narrator(NAMES, 0)
    lines = []
    while s.phase == "feeding" or s.phase == "parasites":
        s, ev = apply(s, legal_actions(s)[-1])
        lines += nar.lines(s, ev)
    assert one(lines, "#11", "parasites") == ("Your plain animal #11 was killed by parasites: its species carried "
                                              "the most parasites this turn.")


# ---- North Star --------------------------------------------------------------------------------------
def S(id, owner, *traits, body=1, pop=1, food=0, fat=0):
    return {"id": id, "owner": owner, "body": body, "pop": pop, "food": food, "fat": fat, "traits": list(traits)}


def test_north_star_hunger_is_one_sentence_with_the_food_and_the_population():
    # the Carnivore (Body Size 1) cannot attack species #1 (not smaller): it starves with 1 fat stored
    s = scenario("northstar", {"players": 2, "watering": 1, "species": [
        S(1, 0, pop=3, food=0), S(2, 1, "carnivore:3", "fat_tissue:4", body=1, pop=1, fat=1)]})
    nar = Narrator(NAMES, 0)
    lines = []
    while s.phase == "feeding":
        s, ev = apply(s, legal_actions(s)[-1])
        lines += nar.lines(s, ev)
    assert one(lines, "#1", "hunger") == ("Your plain species #1 lost 2 Population to hunger: it had 1 food for "
                                          "Population 3 (one Population is lost for each food missing).")
    # the starving Carnivore (Population 1, no food) dies out: its fat goes, its owner draws for its 2 traits
    assert one(lines, "#2", "extinct") == "Player 2's species #2 is extinct; its 1 fat went back to the bank."
    assert one(lines, "draws") == "Player 2 draws 2 cards to replace the trait cards of the extinct species."


def test_north_star_hunting_and_horns_are_told_as_population_losses():
    s = scenario("northstar", {"players": 2, "watering": 0, "species": [
        S(1, 0, "carnivore:3", body=3, pop=2), S(2, 1, "horns:3", body=2, pop=2)]})
    s, lines, _ = say(s, Hunt(1, 2))
    assert one(lines, "Horns") == "Your Carnivore species #1 lost 1 Population to the Horns of species #2 it attacked."
    assert one(lines, "attacked Player 2") == ("Your Carnivore species #1 attacked Player 2's Horns species #2: "
                                               "it lost 1 Population.")
    assert one(lines, "from the kill") == "Your Carnivore species #1 got 1 meat food from the kill."


def test_north_star_replacing_fat_tissue_loses_its_fat_and_says_so():
    s = scenario("northstar", {"players": 2, "phase": "play_cards", "current": 0, "species": [
        S(1, 0, "fat_tissue:4", body=3, pop=2, fat=2), S(2, 1)], "hands": [["long_neck:3"], []]})
    s, lines, ev = say(s, PlaceTrait("long_neck:3", 1, "fat_tissue:4"))
    assert one(lines, "discarded") == ("You discarded Fat tissue from your plain species #1; the 2 fat stored on "
                                       "it were lost with it.")


# ---- whole games: nothing goes unexplained -------------------------------------------------------------
def explanation(e, state):
    """The words a sentence must hold to explain event ``e`` (None: the event needs no sentence)."""
    name = type(e).__name__
    board = state.ruleset.unit_noun == "species"
    if name == "Died":
        me = f"#{e.animal}"
        if e.cause == "eaten":
            return (me, f"#{e.by}", "attacked", "lost" if board else "eaten")
        if e.cause == "starved":
            if board:
                return (me, "hunger", f"had {e.food} food for Population {e.need}")
            return (me, "starved", f"got no food (it needed {e.need})" if e.food == 0 else
                    f"had {e.food} of the {e.need} food it needed")
        return (me, {"poisoned": "Poisonous", "parasites": "most parasites", "horns": "Horns"}[e.cause])
    if name == "FoodLost":
        return (f"#{e.animal}", f"{e.tokens} f")                  # "1 food token", "2 fat"
    if name == "Pirated":
        return ("stole", f"#{e.pirate}", f"#{e.victim}")
    if name == "TraitLost":
        return (f"#{e.animal}", pretty(e.trait))
    if name == "FatBurned":
        return (f"#{e.animal}", f"burned {e.tokens} fat")
    if name == "SpeciesExtinct":
        return (f"species #{e.species}", "extinct")
    return None


def seat_of(e, s):
    """The seat an event concerns: its own field, else the owner of the unit it names."""
    if hasattr(e, "seat"):
        return e.seat
    uid = getattr(e, "animal", None)
    for units in (getattr(s, "animals", {}), getattr(s, "species", {})):     # an animal, else a species board
        if uid in units:
            return units[uid].owner
    return 0


@pytest.mark.parametrize("ruleset,players,games,met", [
    ("origin", 3, 6, {"Died:starved", "Died:eaten", "Pirated:", "FoodLost:", "FatBurned:", "TraitLost:"}),
    ("random_mutations", 3, 4, {"Died:starved", "Died:eaten", "Died:parasites", "SpeciesExtinct:"}),
    ("northstar", 3, 6, {"Died:starved", "Died:eaten", "Died:horns", "SpeciesExtinct:", "TraitLost:", "FoodLost:"}),
    ("northstar", 6, 2, {"Died:eaten", "TraitLost:", "told at the reveal"})])       # simultaneous Play Cards
def test_every_death_and_lost_token_is_explained_in_the_log(ruleset, players, games, met):
    seen = {}
    for g in range(games):
        rs = evolab.load_ruleset(ruleset, players=players)
        bots = [GreedyBot(), RandomBot(), GreedyBot(mutation_rate=1.0)] * 2
        m = evolab.Match(rs, seats=bots[:players], seed=100 + g, keep_events=True)
        nar = Narrator(NAMES[:players], 0)
        owed = []                     # explanations of secret plays, told at the reveal
        while not m.is_over():
            ev = m.step()
            lines = nar.lines(m.state, ev)
            owed = [w for w in owed if not any(all(x in l for x in w) for l in lines)]
            queue = getattr(m.state, "draw_queue", ())
            for e in ev:
                words = explanation(e, m.state)
                if words is None:
                    continue
                kind = type(e).__name__ + ":" + getattr(e, "cause", "")
                seen[kind] = seen.get(kind, 0) + 1
                if any(all(w in l for w in words) for l in lines):
                    continue
                if rs.hides_plays(m.state, seat_of(e, m.state), 0):
                    owed.append(words)
                    seen["told at the reveal"] = seen.get("told at the reveal", 0) + 1
                    continue
                pytest.fail(f"game {g}: {e} is not explained; the move's log:\n" + "\n".join(lines))
            if any(type(e).__name__ == "SpeciesExtinct" for e in ev) and queue:
                for seat in {e.seat for e in ev if type(e).__name__ == "SpeciesExtinct"}:
                    n = list(queue).count(seat)
                    if n:
                        assert any(f"draw{'s' if seat else ''} {n} card" in l for l in lines), lines
        assert not owed, owed
    assert met <= set(seen), seen             # the games did meet what the log must explain

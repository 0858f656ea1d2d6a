"""A first look: the package imports, a 2-player game runs to the end and the example scenario works."""
from conftest import pos, rule_of

import evolab
from evolab import Attack, Match


def test_random_game_plays_to_the_end():
    m = Match(evolab.load_ruleset("origin", players=2), seed=1)
    m.play_out()
    assert m.is_over() and m.state.winner in (0, 1)


def test_swimmer_is_safe_from_land_carnivore():
    """§10.19: only a swimming carnivore may attack a swimmer."""
    s = pos({"food_bank": 2, "animals": [{"owner": 0, "traits": ["carnivorous"]},
                                         {"owner": 1, "traits": ["swimming"]}]})
    assert rule_of(s, Attack(1, 2)) == "origin.swimming"

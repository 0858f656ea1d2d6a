"""North Star's feeding lists are worked out in one pass (``attack.prey`` for every hunter, whether feeding is
compulsory read off the same pass): in every feeding position random and greedy games reach, they must say what
the rules one by one say (``attack_rule`` for each target, ``attack.compulsory``'s definition, ``_has_action``)."""
from __future__ import annotations

import pytest

import evolab
from evolab.actions import Pass
from evolab.bots import GreedyBot, RandomBot
from evolab.rules.northstar import attack as NA
from evolab.rules.northstar import feeding as NF
from evolab.rules.northstar.traits import HUNTERS


def _must_feed(rs, s, seat) -> bool:
    """§5.2 as written: a hungry species (or, with fat_filling_mandatory, one with room) that can feed must."""
    strict = rs.options["fat_filling_mandatory"]
    for sp in s.species_of(seat):
        if not (rs.hungry(sp) or (strict and rs.room(sp))):
            continue
        if not HUNTERS.isdisjoint(sp.names):
            if any(NA.attack_rule(rs, s, sp, t) is None for t in s.species.values()):
                return True
        elif s.watering:
            return True
    return False


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 6}, {"players": 3, "fat_filling_mandatory": True},
                                     {"players": 2, "hard_shell_bonus": 3, "pack_hunting_variant": "plus3"}],
                         ids=str)
def test_feeding_lists_say_what_the_rules_say_one_by_one(options):
    rs = evolab.load_ruleset("northstar", **options)
    hunters = 0
    for seed in range(5):
        seats = [GreedyBot() if (seed + i) % 3 == 0 else RandomBot() for i in range(rs.players)]
        m = evolab.Match(rs, seats=seats, seed=seed)
        while not m.is_over():
            s = m.state
            if s.phase == "feeding" and not s.draw_queue:
                for a in s.species.values():
                    expected = [t for t in s.species.values() if NA.attack_rule(rs, s, a, t) is None]
                    assert NA.prey(rs, s, a) == expected
                    assert NA.prey(rs, s, a, True) == expected[:1]
                    hunters += bool(expected)
                seat = s.current
                legal = rs.legal_actions(s)
                must = _must_feed(rs, s, seat)
                assert rs.compulsory(s, seat) == must and (Pass() in legal) == (not must)
                assert NF._has_action(rs, s, seat) == any(x != Pass() for x in legal)
            m.step()
    assert hunters > 20

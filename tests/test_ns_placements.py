"""North Star's placements as the move lists keep them on a species (``moves._fits``): for any cards held, face up
or face down (a scenario may even give two of a name), and either trait limit, what a card of each trait may
replace is exactly what ``checks.place_options`` allows, in its order, and the counts a random draw uses agree."""
from __future__ import annotations

import random

import pytest

import evolab
from evolab.rules.northstar import checks as C
from evolab.rules.northstar import moves
from evolab.rules.northstar.deck import CARD_IDS, TRAIT_IDS, TRAIT_OF
from evolab.rules.northstar.state import NSSpecies


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_kept_fits_are_the_allowed_placements(limit):
    rules = evolab.load_ruleset("northstar", players=3, trait_limit=limit)
    rng = random.Random(limit)
    for case in range(400):
        pool = CARD_IDS if case % 4 else [c for c in CARD_IDS if TRAIT_OF[c] in TRAIT_IDS[:3]]   # repeats names
        cards = rng.sample(pool, rng.randint(0, limit + 1))
        cards += rng.sample(cards, 1) if cards and case % 7 == 0 else []                            # a card twice
        sp = NSSpecies(1, 0, 1)
        cut = rng.randint(0, len(cards))
        sp.traits, sp.pending = cards[:cut], tuple(cards[cut:])
        f = moves._fits(rules, sp)
        held, other = f[3]
        assert f[:3] == (sp.names, sp.pending, limit)
        total = 0
        for t in TRAIT_IDS:
            card = next(c for c in CARD_IDS if TRAIT_OF[c] == t)
            allowed = tuple(r for r, key in C.place_options(rules, card, C.held(sp)).items() if key is None)
            assert held.get(t, other) == allowed, (cards, t)
            total += len(allowed)
        assert f[4] == len(other)
        assert total == len(TRAIT_IDS) * f[4] + sum(more for _t, more in f[5])

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
        assert total == len(TRAIT_IDS) * f[4] + sum(len(names) * more for names, more in f[5])


def test_the_reveal_keeps_the_placements_worked_out_before():
    """Turning the face-down cards up leaves the cards held as they were: the placements kept before the reveal
    are kept under the new names, and are those worked out afresh."""
    rules = evolab.load_ruleset("northstar", players=3)
    sp = NSSpecies(1, 0, 1)
    sp.traits, sp.pending = ("carnivore:3",), ("horns:2",)
    before = moves._fits(rules, sp)
    sp.reveal()
    assert sp.traits == ("carnivore:3", "horns:2") and sp.pending == ()
    kept = sp.fits
    assert kept[0] is sp.names and kept[1] is sp.pending and kept[2:] == before[2:]
    sp.fits = None
    assert moves._fits(rules, sp)[3:] == kept[3:]


def test_traits_set_anew_drop_the_kept_placements():
    """The move lists check a species' kept placements against its face-down cards and the trait limit only: a
    species whose face-up traits are set anew (a replaced trait, a loaded position) drops them."""
    rules = evolab.load_ruleset("northstar", players=3)
    sp = NSSpecies(1, 0, 1)
    sp.traits = ("carnivore:3",)
    moves._fits(rules, sp)
    assert sp.fits is not None
    sp.traits = ("horns:2",)
    assert sp.fits is None
    assert moves._fits(rules, sp)[3][0] == {"horns": ("horns:2",)}

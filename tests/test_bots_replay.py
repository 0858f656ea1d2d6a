"""The greedy bot's games, recorded: the same seeds give the same moves.

A change meant only to make the bot faster must leave every decision as it was; a change of strategy
updates these digests on purpose (and says so). Each digest is the SHA-256 of the game's moves, one
``repr`` a line.
"""
from __future__ import annotations

import hashlib

import pytest

import evolab
from evolab.bots import GreedyBot, RandomBot
from evolab.seeding import derive_seed

CONFIGS = {
    "origin": ("origin", {}),
    "fatality": ("origin", {"scenario": "fatality"}),
    "equilibrium": ("origin", {"scenario": "equilibrium"}),
    "random_mutations": ("random_mutations", {}),
    "northstar": ("northstar", {}),
    "origin-heredity": ("origin", {"heredity": True}),
    "rm-heredity": ("random_mutations", {"heredity": True}),
}


def digest(config, players, game, mixed=False):
    rid, options = CONFIGS[config]
    rs = evolab.load_ruleset(rid, players=players, **options)
    if mixed:          # greedy (playing some cards as traits) against random, seats alternated
        seats = [GreedyBot(trait_card_rate=0.3) if (s + game) % 2 == 0 else RandomBot() for s in range(players)]
    else:
        seats = [GreedyBot() for _ in range(players)]
    m = evolab.Match(rs, seats=seats, seed=derive_seed("replay", game))
    m.play_out()
    return len(m.record.moves), hashlib.sha256("\n".join(map(repr, m.record.moves)).encode()).hexdigest()[:16]


RECORDED = {
    ('origin', 2, 0, False): (264, 'e22102f93c4f1d4d'),
    ('origin', 2, 0, True): (227, '4d0c96a1c0ee9a86'),
    ('origin', 2, 1, False): (256, '426050f4455ab3be'),
    ('origin', 2, 1, True): (235, '39f2c85d74175a43'),
    ('origin', 2, 2, False): (261, '982ce3144f600bad'),
    ('origin', 2, 2, True): (227, 'ef0b16976c9e8aed'),
    ('origin', 2, 3, False): (280, 'f1ca1f5b35514aaa'),
    ('origin', 2, 3, True): (251, '74a6486e8b1ebde9'),
    ('origin', 4, 0, False): (259, '2999cd0b77440206'),
    ('origin', 4, 0, True): (267, '268816ed1b1779e9'),
    ('origin', 4, 1, False): (261, 'd726a2f99833ca86'),
    ('origin', 4, 1, True): (244, '4abf8aefffac6e2a'),
    ('origin', 4, 2, False): (272, '1b5e2f36b2292569'),
    ('origin', 4, 2, True): (248, 'ede32360d18fcee7'),
    ('origin', 4, 3, False): (246, 'fc720a6e6a454dd3'),
    ('origin', 4, 3, True): (229, 'e88ba9774bf46999'),
    ('fatality', 2, 0, False): (194, 'bf464dc455940ce1'),
    ('fatality', 2, 0, True): (192, '0ff2f4c234960fb9'),
    ('fatality', 2, 1, False): (191, '940f1a3020f07fe2'),
    ('fatality', 2, 1, True): (189, 'ac94fe6a23fdd711'),
    ('fatality', 2, 2, False): (178, '6d6e468286b29ee9'),
    ('fatality', 2, 2, True): (184, '6187462b6fb351b0'),
    ('fatality', 2, 3, False): (185, '88f66b6c13c145e9'),
    ('fatality', 2, 3, True): (179, 'a30c9e4989af9ae3'),
    ('fatality', 4, 0, False): (192, 'ac1393bf64e1f90a'),
    ('fatality', 4, 0, True): (194, '791f3883940dccd0'),
    ('fatality', 4, 1, False): (193, 'fbdfcbedd2849203'),
    ('fatality', 4, 1, True): (193, 'd1615e6bb0a1375d'),
    ('fatality', 4, 2, False): (193, 'b2596351a14b6ba6'),
    ('fatality', 4, 2, True): (185, '8f36b59a0a78d3e7'),
    ('fatality', 4, 3, False): (188, 'b7c574e6e49bdc3f'),
    ('fatality', 4, 3, True): (196, 'eb90b283ac0a2fc4'),
    ('equilibrium', 2, 0, False): (137, '7e472d127c5acac2'),
    ('equilibrium', 2, 0, True): (145, '12c047987eaf5a17'),
    ('equilibrium', 2, 1, False): (138, '3fb1fa1878c2b97d'),
    ('equilibrium', 2, 1, True): (155, '155d5e140e6b3132'),
    ('equilibrium', 2, 2, False): (138, 'e69c5f065c0bb902'),
    ('equilibrium', 2, 2, True): (153, '69f873fdccd80b77'),
    ('equilibrium', 2, 3, False): (132, '60cdff6796715d19'),
    ('equilibrium', 2, 3, True): (119, '61f1bf6c5cf9a89b'),
    ('equilibrium', 4, 0, False): (267, 'e4fa6ea9ffb2cd1e'),
    ('equilibrium', 4, 0, True): (290, '8865fac48771b506'),
    ('equilibrium', 4, 1, False): (255, 'c364832b85f885bb'),
    ('equilibrium', 4, 1, True): (284, '4b071864c656dcd2'),
    ('equilibrium', 4, 2, False): (270, 'db6c1ca794ce143c'),
    ('equilibrium', 4, 2, True): (286, '6c16352d87c72852'),
    ('equilibrium', 4, 3, False): (269, 'db35b476a50d78a5'),
    ('equilibrium', 4, 3, True): (282, '60f938416a45aaf1'),
    ('random_mutations', 2, 0, False): (289, '171d33b5cfb0209b'),
    ('random_mutations', 2, 0, True): (304, 'a0c4d13921a44ce3'),
    ('random_mutations', 2, 1, False): (258, 'd3760962a285ee44'),
    ('random_mutations', 2, 1, True): (269, '98980d07caf030d6'),
    ('random_mutations', 2, 2, False): (313, '5b8e6e9cbb4b9800'),
    ('random_mutations', 2, 2, True): (251, '5240b590c70fe644'),
    ('random_mutations', 2, 3, False): (284, '2a7061e8272b7c70'),
    ('random_mutations', 2, 3, True): (287, '2ca9084068d8c424'),
    ('random_mutations', 4, 0, False): (208, '6e0a7024cfe792bc'),
    ('random_mutations', 4, 0, True): (169, 'd40511e2de074177'),
    ('random_mutations', 4, 1, False): (233, '7722c7cbb18511e9'),
    ('random_mutations', 4, 1, True): (190, 'cef160614a7a6afa'),
    ('random_mutations', 4, 2, False): (230, '82cbee4e59c36fe2'),
    ('random_mutations', 4, 2, True): (155, '0d2f4294ae527d6c'),
    ('random_mutations', 4, 3, False): (227, '5047f5e478b55a03'),
    ('random_mutations', 4, 3, True): (217, '34dedb6337176eb9'),
    ('northstar', 2, 0, False): (330, 'c2f676e130c83e9a'),
    ('northstar', 2, 0, True): (296, '18d4272b2e08e1f8'),
    ('northstar', 2, 1, False): (344, 'f6b12da1e74857b7'),
    ('northstar', 2, 1, True): (338, 'db4252aadd63dcd9'),
    ('northstar', 2, 2, False): (340, 'fc2ec1ca36e8cfda'),
    ('northstar', 2, 2, True): (322, '192120e10d4cb279'),
    ('northstar', 2, 3, False): (342, '105eb06a3af698d7'),
    ('northstar', 2, 3, True): (330, '715f16043e8608b2'),
    ('northstar', 4, 0, False): (415, '837abfee34e2408c'),
    ('northstar', 4, 0, True): (388, 'c3325c6c5a85538b'),
    ('northstar', 4, 1, False): (406, '3216c369a7f41448'),
    ('northstar', 4, 1, True): (441, '5b9b5d5e058c3b21'),
    ('northstar', 4, 2, False): (416, 'b76a4b0eda5420cd'),
    ('northstar', 4, 2, True): (465, 'a00c780173cfdc34'),
    ('northstar', 4, 3, False): (407, '0c4408750b81e2e3'),
    ('northstar', 4, 3, True): (417, '057658481b2ef653'),
    ('origin-heredity', 2, 1, False): (1092, '492de2284586089e'),
    ('rm-heredity', 2, 0, False): (1194, '94fdcedefbedcca1'),
    ('rm-heredity', 4, 1, False): (598, '8aacb13f7469bac7'),
    ('rm-heredity', 2, 2, True): (1201, '0132267c9ea5909e'),
}


@pytest.mark.parametrize("key", sorted(RECORDED), ids=lambda k: "-".join(map(str, k)))
def test_greedy_games_are_the_recorded_ones(key):
    config, players, game, mixed = key
    assert digest(config, players, game, mixed) == RECORDED[key]

"""English that code, not a catalogue, puts into a translated sentence: a raw id ("red", "left",
"development", "starved") filling a placeholder. The pseudo-language check cannot see these (the whole sentence
around them is marked), so whole games are told in a complete language and searched for the ids as words."""
from __future__ import annotations

import re
import warnings

import pytest

import evolab
from evolab import check, i18n, scenario
from evolab.actions import PlayPairTrait, PlayTrait
from evolab.bots import GreedyBot, RandomBot
from evolab.match import Match
from evolab.narrate import Narrator
from evolab.rules import words
from evolab.view import observe

#: Ids that reached translated text raw before; none is a word of the languages tested.
RAW_IDS = ("red", "blue", "yellow", "plant", "meat", "species", "left", "right", "development", "feeding",
           "starved", "eaten", "animal")
LEAK = re.compile(r"\b(" + "|".join(RAW_IDS) + r")\b", re.IGNORECASE)

GAMES = [("origin", {}), ("origin", {"players": 3, "scenario": "fatality"}), ("random_mutations", {}),
         ("northstar", {}), ("northstar", {"players": 3})]


def _leaks(texts):
    return {t[:160]: LEAK.findall(t) for t in texts if LEAK.search(t)}


@pytest.mark.parametrize("rid,options", GAMES, ids=lambda v: str(v))
def test_a_whole_game_in_vietnamese_shows_no_raw_id(rid, options):
    """Every log line and every button label of a whole game told in Vietnamese (a shipped catalogue): no
    food colour, side, unit noun, phase or cause of death appears as its English id."""
    rules = evolab.load_ruleset(rid, **{"players": 2, **options})
    names = [f"Seat{i}" for i in range(rules.players)]
    m = Match(rules, seats=[GreedyBot() if i % 2 else RandomBot() for i in range(rules.players)], seed=11,
              keep_events=True)
    narrator = Narrator(names, seat=0, lang="vi")
    pres = rules.edition.presentation
    lines, labels = [], []
    with i18n.using("vi"):
        while not m.is_over():
            who = m.to_move
            if who >= 0 and len(labels) < 3000:
                view = observe(m.state, who)
                labels.extend(pres.action_label(view, a) for a in m.legal_actions())
            lines.extend(narrator.lines(observe(m.state, 0), m.step()))
    assert len(lines) > 20 and labels
    assert not _leaks(lines), _leaks(lines)
    assert not _leaks(labels), _leaks(labels)


@pytest.mark.parametrize("lang", i18n.SHIPPED)
def test_every_id_word_is_translated_in_each_shipped_language(lang):
    """Each food colour, side and unit noun has its own word in every shipped language."""
    tables = [(words.food_colour, words.FOOD_COLOURS), (words.side, words.SIDES), (words.unit_noun, words.UNIT_NOUNS)]
    with i18n.using(lang):
        for word, table in tables:
            for key in table:
                assert word(key) != key, (lang, key)
    with i18n.using("en"):              # English: the id itself, so English sentences are unchanged
        for word, table in tables:
            for key in table:
                assert word(key) == key


def test_refusals_name_the_trait_in_the_language_in_use():
    """A refusal's {trait} is the trait's keyed name from the catalogue, not the rules' English name."""
    s = scenario("origin", {"phase": "development", "hands": [["cooperation/fat_tissue", "swimming"], []],
                            "animals": [{"owner": 0}, {"owner": 0}]})
    with i18n.using("vi"):
        pair = check(s, PlayTrait("cooperation/fat_tissue", "cooperation", 1)).message
        single = check(s, PlayPairTrait("swimming", "swimming", (1, 2))).message
        want = i18n.pgettext("origin.trait.cooperation", "Cooperation")
    assert want != "Cooperation" and want in pair and "Cooperation" not in pair, pair
    assert "Swimming" not in single, single
    with i18n.using("en"):
        assert check(s, PlayTrait("cooperation/fat_tissue", "cooperation", 1)).message == (
            "Cooperation is a pair trait: play it with PlayPairTrait")


def test_a_chinese_chart_has_every_glyph():
    """A chart in Traditional Chinese is drawn with a CJK font as a fallback: no glyph is missing."""
    pytest.importorskip("matplotlib")
    from evolab.viz import fonts, plots
    if not fonts.installed_cjk_families():
        pytest.skip("no CJK font installed (Debian: fonts-wqy-microhei)")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    rows = [{"game": g, "turn": t, "trait": "carnivorous", "frequency": 0.1 * t, "alive": 4}
            for g in range(3) for t in range(1, 5)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ax = plots.trait_frequencies(rows, traits=["carnivorous"], lang="zh_Hant")
        ax.set_title(ax.get_title() or "\u7e41\u9ad4\u4e2d\u6587")
        assert re.search(r"[\u4e00-\u9fff]", ax.get_title() + ax.get_ylabel() + ax.get_xlabel())
        ax.figure.canvas.draw()
    plt.close(ax.figure)
    missing = [str(w.message) for w in caught if "missing from" in str(w.message)]
    assert not missing, missing[:3]


def test_a_percentage_follows_the_language():
    """Turkish writes the sign first ("%31"); English is unchanged."""
    pytest.importorskip("matplotlib")
    from evolab.viz.plots import _pct
    assert _pct(0.31) == "31%"
    with i18n.using("tr"):
        assert _pct(0.31) == "%31"

"""Translation: the template is what the sources say, every shipped catalogue translates every message with the
same placeholders and its language's plural forms, nothing a student reads escapes the catalogues (a
pseudo-language wraps every message in markers: the board, the card table, whole games' logs of every
edition, the Lab and the charts are drawn in it and searched for unmarked English), and the language is chosen
as documented (``lang=`` > ``EVOLAB_LANG`` > the system's locale > English), per board, and by ``evolab
simulate --lang``."""
from __future__ import annotations

import re

import pytest
from i18n_support import (CLOSE, OPEN, PSEUDO, catalogue_problems, fields, pseudo_catalogue, pseudo_translations,
                          tool, unmarked)

import evolab
from evolab import i18n
from evolab.bots import GreedyBot, RandomBot
from evolab.match import Match
from evolab.narrate import Narrator
from evolab.rules import editions
from evolab.view import observe

babel = pytest.importorskip("babel")


@pytest.fixture(scope="module")
def pseudo():
    """The pseudo-language registered as ``qps`` for the tests of this module."""
    i18n.register(PSEUDO, pseudo_translations())
    yield PSEUDO
    i18n.register(PSEUDO, None)


# ---- (a) the template and (b) the catalogues ----------------------------------------------------------------
def test_template_is_up_to_date_with_the_sources():
    """Re-extracting the sources gives the template's messages exactly (run ``python tools/i18n.py extract``
    after changing a message, then ``update`` for the catalogues)."""
    t = tool()
    fresh, kept = t.messages(t.extract()), t.messages(t.read(t.TEMPLATE))
    assert not fresh - kept, f"messages missing from evolab.pot: {sorted(fresh - kept, key=str)[:10]}"
    assert not kept - fresh, f"messages in evolab.pot no source has: {sorted(kept - fresh, key=str)[:10]}"


def test_the_template_keys_every_trait_name_and_hint_by_edition_and_id():
    """Trait names, card titles and hints are messages with a context "<edition>.trait.<id>" (never keyed by
    the English alone: one English name can be two cards), and their English is the rules' own."""
    t = tool()
    contexts = {m.context for m in t.read(t.TEMPLATE) if m.context}
    for eid, ed in editions().items():
        pres, rules = ed.presentation, ed.ruleset
        assert pres.context == eid
        for trait, rule in rules.traits.items():
            assert f"{eid}.trait.{trait}" in contexts, (eid, trait)
            if rule.hint:
                assert f"{eid}.hint.{trait}" in contexts and pres.trait_hints[trait] == rule.hint, (eid, trait)
            if trait in pres.trait_titles:
                assert pres.trait_titles[trait] == rule.name, (eid, trait)


def test_every_table_message_is_defined_in_one_place():
    """The card table's shared messages and each edition's own never define one id twice."""
    from evolab.viz.table.strings import MESSAGES
    seen = {k: "shared" for k in MESSAGES}
    for eid, ed in editions().items():
        for key in ed.presentation.table_messages:
            assert key not in seen, f"{key} is defined by {seen[key]} and {eid}"
            seen[key] = eid


def test_catalogues_have_their_languages_plural_forms():
    """Russian has three plural forms, Turkish two, Vietnamese and Chinese one (CLDR)."""
    t = tool()
    want = {"ru": 3, "tr": 2, "vi": 1, "zh_Hant": 1}
    for lang in i18n.LANGUAGES[1:]:
        cat = t.read(t.po_path(lang))
        assert cat.num_plurals == want[lang], lang


@pytest.mark.parametrize("lang", ("pseudo",) + i18n.SHIPPED)
def test_shipped_catalogue_translates_every_message(lang):
    """Every message of the template has a translation in each shipped catalogue (``evolab.i18n.SHIPPED``),
    with the same named placeholders and the language's number of plural forms; the pseudo-language made
    from the template passes too (the check itself works while no language is shipped yet)."""
    t = tool()
    template = t.read(t.TEMPLATE)
    cat = pseudo_catalogue() if lang == "pseudo" else t.read(t.po_path(lang))
    problems = catalogue_problems(cat, template, need_all=True)
    assert not problems, f"{lang}: {len(problems)} problems, e.g. {problems[:5]}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES[1:])
def test_translations_in_progress_keep_their_placeholders(lang):
    """A catalogue not yet shipped may lack translations, but each one it has keeps its message's placeholders
    (a translation naming a field the code does not fill would crash the log)."""
    t = tool()
    problems = catalogue_problems(t.read(t.po_path(lang)), t.read(t.TEMPLATE), need_all=False)
    assert not problems, f"{lang}: {problems[:5]}"


def test_the_checks_catch_a_broken_translation():
    """A translation with a wrong placeholder, and one missing, are both reported (the checks can fail)."""
    template = pseudo_catalogue()
    cat = pseudo_catalogue()
    msg = next(m for m in cat if m.id == "{who} passed.")
    msg.string = "{whom} passed."
    del cat["Undo"]
    problems = catalogue_problems(cat, template, need_all=True)
    assert ("untranslated", None, "Undo") in problems
    assert any(p[2] == "{who} passed." and "placeholders" in p[0] for p in problems)
    assert fields("{n:.1f} of {who}'s {x[0]}") == {"n", "who", "x"}


def test_compiled_catalogues_are_those_of_the_po_files():
    """A ``.mo`` next to a catalogue is the compilation of that ``.po`` as it is now (the build writes them;
    after editing a ``.po``, ``python tools/i18n.py compile``)."""
    from babel.messages.mofile import write_mo
    t = tool()
    for po in sorted(t.LOCALE.glob("*/LC_MESSAGES/evolab.po")):
        mo = po.with_suffix(".mo")
        if mo.exists():
            import io
            buf = io.BytesIO()
            write_mo(buf, t.read(po))
            assert mo.read_bytes() == buf.getvalue(), f"{mo} is older than {po.name}: run python tools/i18n.py compile"


def test_the_wheel_carries_the_compiled_catalogues(tmp_path):
    """The package's wheel (the browser version's too) has a ``.mo`` for every catalogue: the build hook
    compiles them."""
    pytest.importorskip("hatchling")
    import zipfile

    from evolab.lite.build import build_evolab_wheel
    wheel = build_evolab_wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in i18n.LANGUAGES[1:]:
        assert f"evolab/locale/{lang}/LC_MESSAGES/evolab.mo" in names, lang
    assert not any(n.startswith(("tools/", "tests/")) for n in names)


# ---- (c) nothing a student reads escapes the catalogues -----------------------------------------------------
def _assert_marked(texts, names=(), where=""):
    leaks = {}
    for text in texts:
        left = unmarked(str(text), names)
        if left:
            leaks[str(text)[:160]] = left
    assert not leaks, f"{where}: English outside the catalogues: {list(leaks.items())[:6]}"


GAMES = [("origin", {}), ("origin", {"heredity": True, "generations": 4}), ("random_mutations", {}),
         ("random_mutations", {"heredity": True, "generations": 4}), ("northstar", {}),
         ("origin", {"players": 3, "scenario": "fatality"})]


@pytest.mark.parametrize("rid,options", GAMES, ids=lambda v: str(v))
def test_whole_games_logs_and_labels_are_all_translated(pseudo, rid, options):
    """A whole game of each edition (and of the Heredity variant) told by the narrator in the pseudo-language,
    every button label and group title of every position on the way, and the board's drawing of each
    position: every piece of text is a translated message (numbers and players' names aside)."""
    rules = evolab.load_ruleset(rid, **{"players": 2, **options})
    names = [f"Seat{i}" for i in range(rules.players)]
    bots = [GreedyBot() if i % 2 else RandomBot() for i in range(rules.players)]
    m = Match(rules, seats=bots, seed=5, keep_events=True)
    narrator = Narrator(names, seat=0, lang=PSEUDO)
    lines, labels, drawn = [], [], []
    pres = rules.edition.presentation
    with i18n.using(PSEUDO):
        while not m.is_over():
            who = m.to_move
            if who >= 0 and len(labels) < 4000:
                view = observe(m.state, who)
                for title, acts in pres.group_actions(view, m.legal_actions()):
                    labels.append(title)
                    labels.extend(pres.action_label(view, a) for a in acts)
            events = m.step()
            lines.extend(narrator.lines(observe(m.state, 0), events))
            if len(m.record.moves) % 25 == 0 or m.is_over():
                view = observe(m.state, 0)
                drawn.append(_visible(pres.table(view, names) + pres.hand(view, names) + pres.banner(view, names) +
                                      pres.centre(view) + pres.turn_title(view) + pres.phase_title(view.phase)))
    assert len(lines) > 20 and labels
    _assert_marked(lines, names, f"{rid} log")
    _assert_marked(labels, names, f"{rid} buttons")
    _assert_marked(drawn, names, f"{rid} board")


def _visible(html_text: str) -> str:
    """The text of an HTML fragment and its hover titles (a hint is read too)."""
    import html
    titles = " ".join(re.findall(r"title='([^']*)'", html_text))
    return html.unescape(re.sub(r"<[^>]+>", " ", html_text) + " " + titles)


def _widget_texts(widget) -> list:
    """Every text a widget tree shows: descriptions, tooltips, values of HTML and labels, options, titles."""
    out = []
    stack = [widget]
    while stack:
        w = stack.pop()
        for attr in ("description", "tooltip"):
            v = getattr(w, attr, None)
            if isinstance(v, str) and v:
                out.append(v)
        if type(w).__name__ in ("HTML", "Label", "HTMLMath") and not w.value.lstrip().startswith("<style>"):
            out.append(_visible(w.value))
        opts = getattr(w, "_options_labels", None)
        if opts:
            out.extend(opts)
        titles = getattr(w, "titles", None)
        if titles:
            out.extend(t for t in titles if t)
        stack.extend(getattr(w, "children", ()))
    return out


BOARD_CHROME = ("0.5 s", "1 s", "2 s", "JSON")      # units and a file format: the same in every language


def test_board_and_card_table_are_all_translated(pseudo):
    """The GameBoard and the card table of each edition, played for a while by clicking, in the
    pseudo-language: every widget's text, the board's drawing and log, the table's model (labels, badges,
    spoken labels, prompts, the browser's own strings) are translated messages."""
    pytest.importorskip("anywidget")
    from evolab.viz.table import CardBoard
    for rid in ("origin", "random_mutations", "northstar"):
        b = CardBoard(rid, seat=0, seed=2, players=2, lang=PSEUDO)
        for _step in range(12):
            buttons = b.buttons() or (b.show_panel(), b.buttons())[1]
            if b.match.is_over() or not buttons:
                break
            buttons[0][1].click()
        names = [n for n in b.names]
        texts = [t for t in _widget_texts(b.widget) if t not in BOARD_CHROME] + [b.text()]
        _assert_marked(texts, names, f"{rid} board widgets")
        _assert_marked(_model_texts(b.cards.table), names, f"{rid} card table")


_MODEL_TEXT = {"label", "short", "title", "aria", "text", "name", "hint", "info", "prompt", "hand_title",
               "hand_hidden", "mark", "link", "notice", "reveal", "announce", "food_text"}


def _model_texts(node, key=None) -> list:
    if isinstance(node, dict):
        return [t for k, v in node.items() for t in _model_texts(v, k)]
    if isinstance(node, list):
        return [t for v in node for t in _model_texts(v, key)]
    if isinstance(node, str) and (key in _MODEL_TEXT or key == "strings"):
        return [node]
    return []


def test_lab_and_charts_are_all_translated(pseudo):
    """The Lab's controls, its run's captions and the charts (titles, axis labels, legends, captions; the
    board's SVG chart) in the pseudo-language."""
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    from evolab.viz import lab as lab_module
    from evolab.viz import plots, svgchart
    lab = lab_module.Lab(reps=2, players=2, lang=PSEUDO)
    lab.run()
    # a rules option's name and its choices, and a Heredity preset's name, are what a teacher types in code
    # (load_ruleset(rid, name=choice), heredity.preset(name)): shown as written; what they do is translated
    spec = lab_module.ruleset_class(lab.ruleset.value).option_specs
    ids = {n for n in spec} | {str(c) for o in spec.values() for c in o.choices} | set(lab.preset.options)
    texts = [t for t in _widget_texts(lab.widget) if t not in ids]
    texts = [t for t in texts if not re.fullmatch(r"[\d.]+", t)]
    # the preview table's column heads are the CSV's column names (data, the same in every language)
    texts = [re.sub(r"\b(game|trait_card_rate|mutation_rate|turns|winners|winner_score|alive)\b", "", t)
             for t in texts]
    _assert_marked(texts, (), "Lab")
    for ax in (lab.axes1, lab.axes2):
        _assert_marked(_axes_texts(ax), (), "Lab chart")
    result = lab.result
    charts = [plots.trait_frequencies(result.rows("traits"), lang=PSEUDO),
              plots.trait_area(result.rows("traits"), lang=PSEUDO),
              plots.deaths_by_cause(result.rows("turns"), lang=PSEUDO),
              plots.predator_prey(result.rows("traits"), result.rows("turns"), lang=PSEUDO)]
    for ax in charts:
        _assert_marked(_axes_texts(ax), (), "chart")
    svg = svgchart.trait_frequencies_svg(result.rows("traits"), lang=PSEUDO)
    _assert_marked([_visible(svg.svg), svg.caption], (), "SVG chart")
    import matplotlib.pyplot as plt
    plt.close("all")


def _axes_texts(ax) -> list:
    from evolab.viz.plots import describe
    where = re.compile(r"\((?:\w+ = [^,)]*(?:, )?)+\)")          # a where= filter: column = value, as data
    out = [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), describe(ax)]
    legend = ax.get_legend()
    if legend is not None:
        out += [t.get_text() for t in legend.get_texts()] + [legend.get_title().get_text()]
    return [where.sub(" ", t) for t in out if t]


def test_pseudo_check_finds_an_escaped_string(pseudo):
    """The escape check can fail: English text outside a marked message is found, marked text is not."""
    assert unmarked(f"{OPEN}Turn {{turn}}{CLOSE} 3 · Seat0", ["Seat0"]) == ""
    assert unmarked(f"{OPEN}{OPEN}You{CLOSE} passed.{CLOSE} Food bank: 3") == "Food bank"


# ---- (d) which language, and where ------------------------------------------------------------------------
def test_language_resolution_order(monkeypatch):
    """``lang=`` beats ``EVOLAB_LANG``, which beats the system's locale, which beats English; locale names
    are normalised (ru_RU.UTF-8 -> ru, zh_TW -> zh_Hant); a mistake in a setting is refused by name."""
    for var in ("EVOLAB_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert i18n.resolve() == "en"
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.resolve() == "ru"
    monkeypatch.setenv("LC_ALL", "C")                 # LC_ALL wins over LANG, and "C" is English
    assert i18n.resolve() == "en"
    monkeypatch.delenv("LC_ALL")
    monkeypatch.setenv("LANGUAGE", "fr:tr")           # a list: the first language evolab has
    assert i18n.resolve() == "tr"
    monkeypatch.setenv("LANGUAGE", "zh_TW")
    assert i18n.resolve() == "zh_Hant"
    monkeypatch.setenv("LANGUAGE", "zh_CN")           # Simplified Chinese has no catalogue: not Traditional
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert i18n.resolve() == "en"
    monkeypatch.setenv("EVOLAB_LANG", "vi")
    assert i18n.resolve() == "vi"
    assert i18n.resolve("ru") == "ru" and i18n.resolve("zh-Hant") == "zh_Hant" and i18n.resolve("en") == "en"
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        i18n.resolve("xx")
    monkeypatch.setenv("EVOLAB_LANG", "klingon")
    with pytest.raises(ValueError, match="EVOLAB_LANG"):
        i18n.resolve()
    assert i18n.resolve("en") == "en"


def test_using_is_per_context_and_english_is_the_message_itself(pseudo, monkeypatch):
    """Inside ``using(lang)`` messages are in that language, outside in the default one; nesting restores;
    English returns the very message id (byte-identical)."""
    monkeypatch.delenv("EVOLAB_LANG", raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    msg = "{who} passed."
    assert i18n._(msg) is msg
    with i18n.using(PSEUDO):
        assert i18n._(msg) == f"{OPEN}{msg}{CLOSE}" and i18n.current_language() == PSEUDO
        with i18n.using("en"):
            assert i18n._(msg) == msg
        assert i18n.ngettext("{n} food token", "{n} food tokens", 2) == f"{OPEN}{{n}} food tokens{CLOSE}"
        assert i18n.pgettext("origin.trait.carnivorous", "Carnivorous") == f"{OPEN}Carnivorous{CLOSE}"
    assert i18n._(msg) == msg


def test_two_boards_in_two_languages_live_in_one_kernel(pseudo, monkeypatch):
    """A pseudo-language board and an English board, played in turns: each keeps its own language (its
    drawing, its log, its buttons), whatever the other did last."""
    pytest.importorskip("ipywidgets")
    from evolab.viz import GameBoard
    monkeypatch.delenv("EVOLAB_LANG", raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    other = GameBoard("origin", seat=0, seed=3, lang=PSEUDO)
    english = GameBoard("origin", seat=0, seed=3)
    for _step in range(3):
        for b in (other, english):
            b.buttons()[0][1].click()
    assert OPEN not in english.text() and "Turn" in english.text()
    assert all(OPEN not in label for label, _b in english.buttons())
    assert OPEN in other.text() and all(label.startswith(OPEN) for label, _b in other.buttons())
    assert english.lang == "en" and other.lang == PSEUDO



def test_predictions_and_classroom_panels_in_two_languages(pseudo, monkeypatch, tmp_path):
    """``Prediction`` and the teacher's panels take ``lang=`` like the boards: a pseudo-language one and an English
    one side by side each keep their language in what they show, what they refuse and what their buttons write."""
    pytest.importorskip("ipywidgets")
    from evolab.viz.classroom import ClassPool, ConceptTestPanel, ExportPanel
    from evolab.viz.predict import LOCK_LABEL, Prediction, PredictionError
    monkeypatch.delenv("EVOLAB_LANG", raising=False)
    monkeypatch.delenv("EVOLAB_PREDICTIONS", raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    other = Prediction("Q?", choices=["up", "down"], lang=PSEUDO)
    english = Prediction("Q?", choices=["up", "down"])
    assert other.lang == PSEUDO and english.lang == "en"
    assert other._button.description == f"{OPEN}{LOCK_LABEL}{CLOSE}" and english._button.description == LOCK_LABEL
    assert unmarked(other.text(), ["Q?", "up", "down", "PREDICTION", "record", "because"]) == ""
    assert OPEN not in english.text() and "Predict first." in english.text()
    for p in (other, english):
        with pytest.raises(PredictionError) as e:
            p.record("sideways", "because")
        assert (OPEN in str(e.value)) == (p is other)
        p._input.value = None
        p._clicked()                                   # no answer chosen: the button says so
        assert (OPEN in p._status.value) == (p is other) and not p.made
        p._input.value = "up"
        p._reason.value = "because"
        p._clicked()
        assert p.made
    assert OPEN in other.verdict("up") and OPEN not in english.verdict("up") and english.verdict("up")
    panels = [(ExportPanel(folder=tmp_path, lang=PSEUDO), ExportPanel(folder=tmp_path)),
              (ClassPool(tmp_path, lang=PSEUDO), ClassPool(tmp_path)),
              (ConceptTestPanel(lang=PSEUDO), ConceptTestPanel())]
    for mine, theirs in panels:
        assert mine.lang == PSEUDO and theirs.lang == "en"
        assert all(_b.description.startswith(OPEN) for _b in [mine.button]) and OPEN not in theirs.button.description
    for mine, theirs in panels:                        # each button's answer, in turns, in its own language
        if isinstance(mine, ConceptTestPanel):          # its answer is the answer sheet's reader's own message
            continue
        for panel in (mine, theirs):
            panel._clicked() if isinstance(panel, ExportPanel) else panel.show()
            assert panel.status.value and (OPEN in panel.status.value) == (panel is mine), panel.status.value


def test_cli_lang(pseudo, capsys, monkeypatch):
    """``evolab simulate --lang`` prints in that language; an unknown language is refused in one line, exit 2."""
    from evolab.cli import main
    monkeypatch.delenv("EVOLAB_LANG", raising=False)
    assert main(["simulate", "--games", "2", "--seed", "1", "--lang", PSEUDO]) == 0
    out = capsys.readouterr().out
    assert out.startswith(OPEN) and "mean turns" in out and unmarked(out, ["random"]) == "", out
    assert main(["simulate", "--games", "1", "--lang", "xx"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown language 'xx'" in err and "ru" in err
    assert main(["simulate", "--games", "1", "--seed", "1"]) == 0
    assert OPEN not in capsys.readouterr().out


def test_narrator_and_charts_take_lang(pseudo):
    """``Narrator(lang=)``, ``action_label`` through the board, and a chart's ``lang=`` keyword."""
    s = evolab.scenario("origin", {"players": 2, "animals": [{"id": 1, "owner": 0, "traits": ["swimming"]}],
                                   "food_bank": 2, "phase": "feeding"})
    s2, events = evolab.apply(s, evolab.TakeFood(1))
    assert Narrator(["A", "B"], 0, lang=PSEUDO).lines(s2, events)[0].startswith(OPEN)
    assert not Narrator(["A", "B"], 0, lang="en").lines(s2, events)[0].startswith(OPEN)
    from evolab.narrate import narrate
    m = Match(evolab.load_ruleset("origin", players=2), seats=[GreedyBot(), GreedyBot()], seed=1)
    m.play_out()
    told = narrate(m, lang=PSEUDO)
    assert len(told) > 50 and all(unmarked(line) == "" for line in told)
    assert narrate(m.record, seat=0)[-1].startswith("Game over.")


def test_the_svg_charts_title_fits_in_any_language():
    """A longer title (Russian is about a quarter longer than English) gets a smaller font, and one too long for
    the smallest is squeezed to the chart's width; the English title keeps its size."""
    from evolab.viz.svgchart import WIDTH, _title_fit
    assert _title_fit("This game: how common each trait is among living animals") == "font-size='20'"
    ru = _title_fit("\u042d\u0442\u0430 \u0438\u0433\u0440\u0430: " + "\u0436" * 60)
    assert ru.startswith("font-size='1") and "textLength" not in ru
    assert f"textLength='{WIDTH - 24}'" in _title_fit("\u8acb" * 80)

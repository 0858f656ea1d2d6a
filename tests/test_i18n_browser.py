"""The card table in another language in a real browser (Debian Chromium, JupyterLab 4): drawn in that
language, a few moves played by clicking cards, every line of the log translated, no button text cut off and
no trait's name broken inside a word.

The language is ``LANG``: Russian once its catalogue is complete and listed in ``evolab.i18n.SHIPPED``;
until then the test's pseudo-language (every message in markers, longer than English), registered in the
kernel, so the test proves the machinery now and Russian later. A screenshot goes to ``artifacts/``.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from browser_support import ARGS, ARTIFACTS, CHROMIUM, _need_browser, free_port, open_table, play_a_few, start_jupyterlab, stop
from i18n_support import PSEUDO, pseudo_translations, unmarked

from evolab import i18n
from evolab.viz.table.strings import messages

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import screenshots  # noqa: E402  (tools/screenshots.py: its notebook and its checks of the table's text)

pytestmark = pytest.mark.browser

#: The language the table is drawn in: Russian when it ships, else the pseudo-language.
LANG = "ru" if "ru" in i18n.SHIPPED else PSEUDO
#: Registers the pseudo-language in the kernel (made from the template, as in this process).
SETUP = ("import sys\nsys.path.insert(0, {tests!r})\nfrom i18n_support import PSEUDO, pseudo_translations\n"
         "from evolab import i18n\ni18n.register(PSEUDO, pseudo_translations())\n")


@pytest.fixture(scope="module")
def translated():
    """This process's catalogue of ``LANG`` (to know what the table should say)."""
    if LANG == PSEUDO:
        pytest.importorskip("babel")
        i18n.register(PSEUDO, pseudo_translations())
    yield i18n.translations(LANG)
    if LANG == PSEUDO:
        i18n.register(PSEUDO, None)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    _need_browser()
    tmp = tmp_path_factory.mktemp("i18n-lab")
    folder = tmp / "nb"
    folder.mkdir()
    setup = SETUP.format(tests=str(Path(__file__).resolve().parent)) if LANG == PSEUDO else ""
    name = screenshots.write_table_notebook(folder, "origin", LANG, seed=1, setup=setup)
    port, token = free_port(), "evolabi18n"
    proc = start_jupyterlab(folder, tmp, port, token)
    try:
        yield f"http://127.0.0.1:{port}", token, name
    finally:
        stop(proc)


def test_card_table_in_another_language_plays_by_clicking(served, translated, tmp_path):
    from playwright.sync_api import sync_playwright
    base, token, name = served
    words = messages("origin")
    start, over = translated.gettext(words["prompt.start"]), translated.gettext(words["prompt.over"])
    assert start != words["prompt.start"], f"{LANG} has no translation of the table's first prompt"
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                    headless=True, args=ARGS,
                                                    viewport={"width": 1600, "height": 2000})
        try:
            page = ctx.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            open_table(page, base, token, name)
            assert page.locator(".evolab-table .et-prompt").inner_text() == start
            assert not screenshots.split_words(page), "a trait's name broken inside a word"
            assert translated.gettext(words["ui.log"]) in page.locator(".evolab-cardboard").first.inner_text()
            made = play_a_few(page, 6, over)
            assert made >= 4, f"only {made} moves were made by clicking"
            page.locator(".evolab-cardboard").first.screenshot(path=str(ARTIFACTS / f"i18n-table-{LANG}.png"),
                                                              animations="disabled")
            log = page.locator(".evolab-cardboard .evolab-log div").all_inner_texts()
            assert len(log) >= 4
            names = [translated.gettext("You"), translated.gettext("Player {n}").format(n=2),
                     translated.gettext("({bot} bot)").format(bot=translated.gettext("greedy"))]
            if LANG == PSEUDO:
                leaks = {line: unmarked(line, names) for line in log if unmarked(line, names)}
                assert not leaks, f"log lines not translated: {leaks}"
            else:
                assert all(re.search("[\u0400-\u04ff]", line) for line in log), log
            assert not screenshots.cut_off(page), "button text cut off on the table"
            assert not screenshots.split_words(page), "a trait's name broken inside a word"
            assert not errors, errors
        finally:
            ctx.close()

"""Screenshots of the card table in every language, to see that the layout survives longer words and other
scripts: a game of each edition opened in JupyterLab, a few moves played by clicking cards, the table saved
as a PNG per language and edition.

    python tools/screenshots.py [--out artifacts/i18n] [--langs en,ru,tr,vi,zh_Hant] [--editions origin,...]

Needs Debian's Chromium (/usr/bin/chromium, driven by Playwright) and, for Chinese, a CJK font
(``apt-get install fonts-wqy-microhei``). The folder is not kept in git. ``tests/test_i18n_browser.py`` uses
the same helpers.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from browser_support import (ARGS, CHROMIUM, notebook, open_table, play_a_few,  # noqa: E402,F401  (the browser
                             start_jupyterlab, stop)                           # tests' own helpers)

LANGS = ("en", "ru", "tr", "vi", "zh_Hant")
EDITIONS = ("origin", "random_mutations", "northstar")

#: The notebook cell that shows a card table in a language (``setup``: code run first, e.g. to register a
#: test's pseudo-language in the kernel).
CELL = ("{setup}from evolab.viz.table import CardBoard\n"
        "board = CardBoard({rid!r}, seat=0, seed={seed}, players=2, lang={lang!r})\n"
        "board")


def write_table_notebook(folder: Path, rid: str, lang: str, seed: int = 1, setup: str = "") -> str:
    name = f"table_{rid}_{lang}.ipynb"
    (folder / name).write_text(notebook(CELL.format(setup=setup, rid=rid, seed=seed, lang=lang)))
    return name


def cut_off(page) -> list:
    """Buttons on the table whose text does not fit them."""
    return page.evaluate("""[...document.querySelectorAll('.evolab-table button')]
        .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1).map(e => e.innerText)""")


def split_words(page, scope: str = ".evolab-table") -> list:
    """Words on the table broken across two lines ("Communicatio|n"), and trait labels whose text runs out of
    their box: the words as the page shows them. A word of Chinese or Japanese (no spaces) may break between
    characters, so a run of those characters is not a word here."""
    return page.evaluate("""((scope) => {
        const out = [];
        for (const el of document.querySelectorAll(`${scope} .et-chip-name, ${scope} .et-title`)) {
            if (el.offsetParent === null) continue;
            if (el.scrollWidth > el.clientWidth + 1) out.push(el.innerText);
            for (const node of el.childNodes) {
                if (node.nodeType !== Node.TEXT_NODE) continue;
                for (const m of node.data.matchAll(/[^\\s\\u2e80-\\u9fff\\uac00-\\ud7af\\uff00-\\uffef]{2,}/g)) {
                    const r = document.createRange();
                    r.setStart(node, m.index);
                    r.setEnd(node, m.index + m[0].length);
                    const tops = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
                    if (tops.size > 1) out.push(m[0]);
                }
            }
        }
        return out;
    })""", scope)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", default=str(ROOT / "artifacts" / "i18n"))
    p.add_argument("--langs", default=",".join(LANGS))
    p.add_argument("--editions", default=",".join(EDITIONS))
    p.add_argument("--moves", type=int, default=8, help="moves played before the screenshot")
    args = p.parse_args(argv)
    from playwright.sync_api import sync_playwright

    from evolab.i18n import translations
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        folder = tmp / "nb"
        folder.mkdir()
        jobs = [(rid, lang, write_table_notebook(folder, rid, lang)) for lang in args.langs.split(",")
                for rid in args.editions.split(",")]
        proc = start_jupyterlab(folder, tmp, 8911, "evolabshots")
        try:
            with sync_playwright() as pw:
                ctx = pw.chromium.launch_persistent_context(str(tmp / "profile"), executable_path=CHROMIUM,
                                                            headless=True, args=ARGS,
                                                            viewport={"width": 1600, "height": 2000})
                for rid, lang, name in jobs:
                    page = ctx.new_page()
                    open_table(page, "http://127.0.0.1:8911", "evolabshots", name)
                    over = translations(lang).gettext("The game is over.")
                    made = play_a_few(page, args.moves, over)
                    path = out / f"table-{rid}-{lang}.png"
                    page.locator(".evolab-cardboard").first.screenshot(path=str(path), animations="disabled")
                    cut, split = cut_off(page), split_words(page)
                    print(f"{path} ({made} moves){'; text cut off: ' + repr(cut) if cut else ''}"
                          f"{'; words broken: ' + repr(split) if split else ''}")
                    page.close()
                ctx.close()
        finally:
            stop(proc)
    return 0


if __name__ == "__main__":
    sys.exit(main())

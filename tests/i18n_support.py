"""Helpers for the translation tests: the catalogue tool (tools/i18n.py), a pseudo-language made from the
template (every message wrapped in markers, so an English piece left on screen is one that escaped the
catalogues), and the check that a catalogue's translations keep their placeholders and plural forms."""
from __future__ import annotations

import gettext
import importlib.util
import io
import re
import string
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The pseudo-language's code, and its markers.
PSEUDO = "qps"
OPEN, CLOSE = "\u27e6", "\u27e7"


def tool():
    """tools/i18n.py as a module (Babel is imported by its functions, when they run)."""
    spec = importlib.util.spec_from_file_location("evolab_i18n_tool", ROOT / "tools" / "i18n.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def fields(text: str) -> set:
    """The named placeholders of a ``str.format`` template ({who}, {n:.1f} -> {"who", "n"})."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text)
            if name is not None}


def pseudo_catalogue(template_path=None):
    """The template with every msgstr set to its msgid in markers (each plural form too), as a Babel catalogue
    in the pseudo-language (two plural forms, like English)."""
    from babel.messages.catalog import Catalog
    t = tool()
    template = t.read(template_path or t.TEMPLATE)
    cat = Catalog(locale="en", domain="evolab", charset="utf-8", fuzzy=False)
    for m in template:
        if not m.id:
            continue
        if isinstance(m.id, (list, tuple)):
            string_ = tuple(f"{OPEN}{m.id[0] if i == 0 else m.id[1]}{CLOSE}" for i in range(2))
        else:
            string_ = f"{OPEN}{m.id}{CLOSE}"
        cat.add(m.id, string_, context=m.context)
    return cat


def pseudo_translations():
    """The pseudo-language as a ``gettext`` catalogue (compiled with Babel, read back with gettext)."""
    from babel.messages.mofile import write_mo
    buf = io.BytesIO()
    write_mo(buf, pseudo_catalogue())
    buf.seek(0)
    return gettext.GNUTranslations(buf)


_INNER = re.compile(re.escape(OPEN) + "[^" + OPEN + CLOSE + "]*" + re.escape(CLOSE))


def unmarked(text: str, names=()) -> str:
    """What is left of ``text`` once every marked piece (markers nest) and the players' names are taken
    out, and numbers, punctuation and symbols dropped: English that escaped the catalogues, or ""."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    while True:
        shorter = _INNER.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    return re.sub(r"[\W\d_]+", " ", text).strip()


def catalogue_problems(catalog, template, need_all: bool) -> list:
    """What is wrong with a catalogue against the template: a message missing or untranslated (when
    ``need_all``), a translation whose placeholders differ from its message's, a wrong number of plural
    forms."""
    problems = []
    nplurals = catalog.num_plurals
    for m in template:
        if not m.id:
            continue
        got = catalog.get(m.id, context=m.context)
        plural = isinstance(m.id, (list, tuple))
        msgstrs = () if got is None else (tuple(got.string) if plural else (got.string,))
        if got is None or not any(msgstrs) or (got.fuzzy and need_all):
            if need_all:
                problems.append(("untranslated", m.context, m.id))
            continue
        if plural and len(msgstrs) != nplurals:
            problems.append((f"{len(msgstrs)} plural forms, not {nplurals}", m.context, m.id))
        want = fields(m.id[0] if plural else m.id) | (fields(m.id[1]) if plural else set())
        for s in msgstrs:
            if need_all and not s:
                problems.append(("a plural form untranslated", m.context, m.id))
            elif s and fields(s) - want:
                problems.append((f"placeholders {sorted(fields(s) - want)} not in the message", m.context, m.id))
            elif s and not plural and fields(s) != want:
                problems.append((f"placeholders {sorted(fields(s))} instead of {sorted(want)}", m.context, m.id))
    return problems


#: A longer language made from the template: every word in Cyrillic letters and a third longer (Russian runs
#: about a quarter longer than English), the placeholders kept, for checking that a layout survives.
LONG = "qpl"
_CYRILLIC = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                          "\u0430\u0431\u0446\u0434\u0435\u0444\u0433\u0445\u0438\u0439\u043a\u043b\u043c"
                          "\u043d\u043e\u043f\u044f\u0440\u0441\u0442\u0443\u0432\u0448\u0436\u044b\u0437"
                          "\u0410\u0411\u0426\u0414\u0415\u0424\u0413\u0425\u0418\u0419\u041a\u041b\u041c"
                          "\u041d\u041e\u041f\u042f\u0420\u0421\u0422\u0423\u0412\u0428\u0416\u042b\u0417")


def lengthen(message: str) -> str:
    """One message of the longer language: outside its placeholders, each word of three letters or more gets
    a third more letters, all in Cyrillic."""
    def word(m):
        w = m.group(0)
        return (w + w[: max(1, len(w) // 3)] if len(w) >= 3 else w).translate(_CYRILLIC)
    parts = re.split(r"(\{[^{}]*\}|<[^<>]*>|&\w+;)", message)
    return "".join(p if i % 2 else re.sub(r"[A-Za-z]+", word, p) for i, p in enumerate(parts))


def long_translations():
    """The longer language as a ``gettext`` catalogue (compiled with Babel, read back with gettext)."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    t = tool()
    cat = Catalog(locale="en", domain="evolab", charset="utf-8", fuzzy=False)
    for m in t.read(t.TEMPLATE):
        if m.id:
            ids = m.id if isinstance(m.id, (list, tuple)) else None
            cat.add(m.id, tuple(lengthen(i) for i in ids) if ids else lengthen(m.id), context=m.context)
    buf = io.BytesIO()
    write_mo(buf, cat)
    buf.seek(0)
    return gettext.GNUTranslations(buf)

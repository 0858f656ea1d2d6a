"""evolab's message catalogues with Babel: extract the template, update and create the languages' catalogues,
compile them. Babel is needed here (and when the package is built), never when evolab runs.

    python tools/i18n.py extract            # evolab/locale/evolab.pot from the sources (babel.cfg)
    python tools/i18n.py update             # merge the template into every evolab/locale/<lang>/.../evolab.po
                                            # (and compile them)
    python tools/i18n.py init LANG          # a new catalogue for LANG, with its CLDR plural forms
    python tools/i18n.py compile            # every .po -> .mo next to it (the package build does this too)
    python tools/i18n.py check              # the template is up to date with the sources (exit status 1 if not)

The keywords: ``_``, ``N_`` (a message kept in a table), ``ngettext``, ``pgettext`` and ``npgettext`` (a
message keyed by a context, such as a trait's id), ``pN_`` (the same, kept in a table).
"""
from __future__ import annotations

import io
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "evolab"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "evolab.pot"
DOMAIN = "evolab"
MAPPING = ROOT / "babel.cfg"
#: Function name -> which arguments are messages (Babel's keyword specs; "c" marks the context).
KEYWORDS = {
    "_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
    "pN_": ((1, "c"), 2),
}
COMMENT_TAGS = ("TRANSLATORS:",)
#: The catalogues evolab keeps (a language is added with ``init``).
LANGUAGES = ("ru", "tr", "vi", "zh_Hant")


def extract():
    """The template catalogue, extracted from evolab's sources as babel.cfg maps them."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(MAPPING, encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    catalog = Catalog(project="evolab", version=_version(), msgid_bugs_address="", charset="utf-8",
                      copyright_holder="evolab developers", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True):
        path = pathlib.Path(filename).as_posix()
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def messages(catalog) -> set:
    """A catalogue's messages as (context, id) pairs (a plural message by its singular and plural)."""
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def write_template(catalog=None) -> pathlib.Path:
    from babel.messages.pofile import write_po
    catalog = catalog or extract()
    buf = io.BytesIO()
    write_po(buf, catalog, width=116, sort_output=False, sort_by_file=True, omit_header=False)
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    TEMPLATE.write_bytes(_stable(buf.getvalue()))
    return TEMPLATE


def _stable(data: bytes) -> bytes:
    """The template without its creation date, so re-extracting unchanged sources changes nothing."""
    lines = data.decode("utf-8").splitlines(keepends=True)
    return "".join(line for line in lines if not line.startswith('"POT-Creation-Date:')).encode("utf-8")


def read(path):
    from babel.messages.pofile import read_po
    with open(path, "rb") as f:
        return read_po(f, domain=DOMAIN)


def po_path(lang: str) -> pathlib.Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def init(lang: str) -> pathlib.Path:
    """A new, empty catalogue for ``lang`` with the template's messages and the language's plural forms."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    template = read(TEMPLATE)
    catalog = Catalog(locale=lang, domain=DOMAIN, project="evolab", version=_version(), charset="utf-8",
                      copyright_holder="evolab developers", fuzzy=False)
    catalog.update(template)
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        write_po(f, catalog, width=116, sort_by_file=True)
    return path


def update(langs=None) -> list:
    """Merge the template into each catalogue: new messages added empty, changed ones marked fuzzy, gone ones
    kept as obsolete comments."""
    from babel.messages.pofile import write_po
    template = read(TEMPLATE)
    done = []
    for lang in langs or _present():
        path = po_path(lang)
        catalog = read(path)
        catalog.update(template, no_fuzzy_matching=False)
        with open(path, "wb") as f:
            write_po(f, catalog, width=116, sort_by_file=True, ignore_obsolete=False)
        done.append(path)
    return done


def compile_catalogues(locale_dir=LOCALE, use_fuzzy=False) -> list:
    """Every ``<lang>/LC_MESSAGES/evolab.po`` under ``locale_dir`` compiled to ``evolab.mo`` next to it."""
    from babel.messages.mofile import write_mo
    out = []
    for po in sorted(pathlib.Path(locale_dir).glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        catalog = read(po)
        mo = po.with_suffix(".mo")
        buf = io.BytesIO()
        write_mo(buf, catalog, use_fuzzy=use_fuzzy)
        if not mo.exists() or mo.read_bytes() != buf.getvalue():
            mo.write_bytes(buf.getvalue())
        out.append(mo)
    return out


def check() -> list:
    """What the template lacks or has too much, compared with the sources ([] when up to date)."""
    fresh, kept = messages(extract()), messages(read(TEMPLATE))
    return [("missing", m) for m in sorted(fresh - kept, key=str)] + [("stale", m) for m in sorted(kept - fresh, key=str)]


def _present():
    return sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def _version() -> str:
    for line in (PACKAGE / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("__version__"):
            return line.split("=", 1)[1].strip().strip("\"'")
    return ""


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:
        print(__doc__)
        return 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "extract":
        print(write_template())
    elif cmd == "update":
        for p in update(rest or None):
            print(p)
        compile_catalogues()                   # the .mo files next to them follow
    elif cmd == "init":
        for lang in rest:
            print(init(lang))
    elif cmd == "compile":
        for p in compile_catalogues(use_fuzzy="--fuzzy" in rest):
            print(p)
    elif cmd == "check":
        problems = check()
        for kind, m in problems:
            print(kind, m)
        return 1 if problems else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

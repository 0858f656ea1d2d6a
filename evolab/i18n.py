"""What people read, in their language, with the standard library's gettext.

Every sentence of the game log, every button label, every line the board and the charts draw is a message
id passed through ``_`` (``ngettext`` where a number decides the form, ``pgettext`` where a context keys it,
such as a trait's name by its id: ``pgettext("origin.trait.carnivorous", "Carnivorous")``; ``N_`` and
``pN_`` mark ids kept in a table, translated where they are shown). Variable parts are named fields filled
in afterwards: ``_("{who} passed.").format(who=...)``, so a translation may put them in any order.

The message ids are the English texts, so English needs no catalogue and stays exactly as written. The
catalogues are ``locale/<lang>/LC_MESSAGES/evolab.po``; the package ships them compiled to ``.mo`` (Babel
compiles them when the package is built), and this module reads the ``.mo`` files with ``gettext`` only.

Which language: ``lang=`` given to a board, a chart or the narrator, else the ``EVOLAB_LANG`` environment
variable, else the system's locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English (the
default is read when a message is first shown; ``use`` changes it).
``using(lang)`` sets it for a block of code, per thread and per asyncio task (a context variable), so a
Russian board and an English board can live in one kernel.
"""
from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import os
import pathlib
import threading

__all__ = ["DOMAIN", "LANGUAGES", "LOCALE_DIR", "SHIPPED", "N_", "_", "current_language", "in_own_language", "keyed",
           "language_name", "ngettext", "npgettext", "pN_", "pgettext", "register", "resolve", "speaks", "translations",
           "use", "using"]

#: The gettext domain: the catalogues are ``evolab.po`` / ``evolab.mo``.
DOMAIN = "evolab"
#: Where the catalogues are: ``LOCALE_DIR/<lang>/LC_MESSAGES/evolab.mo``.
LOCALE_DIR = pathlib.Path(__file__).resolve().parent / "locale"
#: The languages evolab has a catalogue for (English is the message ids themselves).
LANGUAGES = ("en", "ru", "tr", "vi", "zh_Hant")
#: The catalogues complete enough to ship: every message translated with the same placeholders and the
#: right number of plural forms (``tests/test_i18n.py`` holds each listed catalogue to that). A language is
#: added here when its catalogue is complete; until then it can be used, and what is not translated shows
#: in English.
SHIPPED: tuple[str, ...] = ("ru", "tr", "vi", "zh_Hant")
#: Each language in its own words, for a language menu (Chinese escaped: the sources keep to the default font).
NAMES = {"en": "English", "ru": "Русский", "tr": "Türkçe", "vi": "Tiếng Việt", "zh_Hant": "\u7e41\u9ad4\u4e2d\u6587"}

# How a system locale's name maps to a catalogue ("zh_TW.UTF-8" -> "zh_Hant").
_ALIASES = {"zh_tw": "zh_Hant", "zh_hk": "zh_Hant", "zh_mo": "zh_Hant", "zh_hant": "zh_Hant",
            "zh-hant": "zh_Hant", "zh_hant_tw": "zh_Hant"}

_english = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {"en": _english}
_registered: dict[str, gettext.NullTranslations] = {}
_lock = threading.Lock()
# The catalogue in use in this context (None: the default language, resolved from the environment).
_active: contextvars.ContextVar[gettext.NullTranslations | None] = contextvars.ContextVar("evolab_i18n",
                                                                                          default=None)
# The default catalogue: set by ``use``, else resolved from the environment when first needed (and kept, so a
# message costs one context-variable read and one dictionary lookup: the engine's refusals are messages too).
_default: gettext.NullTranslations | None = None


def N_(message: str) -> str:
    """Marks a message id kept in a table (translated where it is shown, with ``_``)."""
    return message


def pN_(context: str, message: str) -> str:
    """Marks a message id with a context kept in a table (translated where shown, with ``pgettext``)."""
    return message


def _normalise(name: str) -> str | None:
    """A language or locale name ("ru_RU.UTF-8", "zh-TW", "tr") -> a catalogue's language, or None."""
    name = name.strip().split(".")[0].split("@")[0]
    if not name or name in ("C", "POSIX"):
        return None
    key = name.replace("-", "_").lower()
    if key in _ALIASES:
        return _ALIASES[key]
    known = {k.lower(): k for k in (*LANGUAGES, *_registered)}
    if key in known:
        return known[key]
    if key.startswith("zh"):            # Simplified Chinese has no catalogue: Traditional is not a stand-in
        return None
    base = key.split("_")[0]
    return known.get(base)


def _system_language() -> str | None:
    """The first language of the system's locale that evolab has, or None (as gettext looks them up)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            for part in value.split(":"):
                lang = _normalise(part)
                if lang is not None:
                    return lang
            if var != "LANGUAGE":
                return None           # the first of LC_ALL, LC_MESSAGES, LANG that is set decides
    return None


def available() -> tuple[str, ...]:
    """The languages that can be asked for (the catalogues' and any registered ones)."""
    return (*LANGUAGES, *(k for k in _registered if k not in LANGUAGES))


def resolve(lang: str | None = None) -> str:
    """The language to use: ``lang``, else ``EVOLAB_LANG``, else the system locale, else ``"en"``.

    A ``lang`` or ``EVOLAB_LANG`` evolab has no catalogue for is refused with ``ValueError`` naming the
    languages it has (a mistake in a setting should not pass for English); a system locale it does not
    have means English."""
    if lang is not None:
        got = _normalise(lang) if isinstance(lang, str) else None
        if got is None:
            raise ValueError(f"unknown language {lang!r}: evolab has {', '.join(available())}")
        return got
    env = os.environ.get("EVOLAB_LANG")
    if env:
        got = _normalise(env)
        if got is None:
            raise ValueError(f"unknown language in EVOLAB_LANG={env!r}: evolab has {', '.join(available())}")
        return got
    return _system_language() or "en"


def translations(lang: str | None = None) -> gettext.NullTranslations:
    """The catalogue of a language (``resolve``'s rules); English is the message ids themselves. A language
    without a compiled catalogue shows English."""
    code = resolve(lang)
    cat = _registered.get(code) or _cache.get(code)
    if cat is None:
        with _lock:
            cat = _cache.get(code)
            if cat is None:
                cat = gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[code], fallback=True)
                _cache[code] = cat
    return cat


def register(lang: str, catalogue: gettext.NullTranslations | None) -> None:
    """Make a catalogue available under a language code (a teacher's own translation, or a test's
    pseudo-language); ``None`` removes it."""
    if catalogue is None:
        _registered.pop(lang, None)
    else:
        _registered[lang] = catalogue


def _catalogue() -> gettext.NullTranslations:
    cat = _active.get()
    if cat is not None:
        return cat
    return _default if _default is not None else _resolve_default()


def _resolve_default() -> gettext.NullTranslations:
    global _default
    _default = translations(None)
    return _default


def current_language() -> str:
    """The code of the language in use here ("en", "ru"...)."""
    cat = _catalogue()
    for code, known in (*_registered.items(), *_cache.items()):
        if known is cat:
            return code
    return getattr(cat, "evolab_lang", "en")


def language_name(lang: str) -> str:
    """A language in its own words ("Русский"), for a menu."""
    return NAMES.get(lang, lang)


@contextlib.contextmanager
def using(lang: str | None):
    """``with using("ru"): ...``: everything people read inside the block is in that language (``None``: the
    default language). Per thread and per task, so boards in different languages live side by side."""
    token = _active.set(translations(lang) if lang is not None else None)
    try:
        yield
    finally:
        _active.reset(token)


def speaks(fn):
    """Gives a function that draws or tells something a ``lang=`` keyword: ``chart(rows, lang="ru")``."""
    @functools.wraps(fn)
    def in_language(*args, lang=None, **kwargs):
        if lang is None:
            return fn(*args, **kwargs)
        with using(lang):
            return fn(*args, **kwargs)
    return in_language


def in_own_language(method):
    """Runs a method of an object that keeps its language in ``self.lang`` (a board, a panel) in that language:
    what it shows and what its buttons' callbacks write, whatever language is in use around it."""
    @functools.wraps(method)
    def spoken(self, *args, **kwargs):
        with using(self.lang):
            return method(self, *args, **kwargs)
    return spoken


def use(catalogue: gettext.NullTranslations | str | None) -> None:
    """Set the default language for everything people read: a language code, a gettext catalogue, or
    ``None`` (back to ``EVOLAB_LANG``, then the system locale, then English, read again when next needed:
    the default is otherwise read once, when a message is first shown)."""
    global _default
    _default = translations(catalogue) if isinstance(catalogue, str) else catalogue


def _(message: str) -> str:
    """``message`` in the language in use (the English message id itself in English)."""
    cat = _active.get()
    if cat is None:
        cat = _default if _default is not None else _resolve_default()
    return cat.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the language in use (Russian has three)."""
    return _catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, keyed by ``context`` too ("origin.trait.carnivorous")."""
    return _catalogue().pgettext(context, message)


def keyed(context: str, message: str) -> str:
    """``pgettext`` for a context built at run time ("origin.trait." + a trait's id): the table holding the
    message marks it for extraction with ``pN_`` and the same context."""
    return _catalogue().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` keyed by a context."""
    return _catalogue().npgettext(context, singular, plural, n)

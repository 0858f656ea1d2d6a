"""What people read, ready for translation with gettext.

Every sentence of the game log, every button label and every line the board draws is a message id passed
through ``_`` (``ngettext`` where a number decides the form; ``N_`` marks an id kept in a table), with its variable parts as
named fields filled
in afterwards: ``_("{who} passed.").format(who=...)``. The message ids are the English texts, so English
needs no catalogue; ``xgettext --keyword=_ --keyword=N_ --keyword=ngettext:1,2`` over ``evolab/`` extracts them, and
``use(gettext.translation("evolab", localedir, languages=["fr"]))`` shows another language.
"""
from __future__ import annotations

import gettext

_catalog: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the language in use (the English message id itself until a catalogue is in use)."""
    return _catalog.gettext(message)


def N_(message: str) -> str:
    """Marks a message id kept in a table (translated where it is shown, with ``_``)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n``, in the language in use."""
    return _catalog.ngettext(singular, plural, n)


def use(translations: gettext.NullTranslations | None) -> None:
    """Use a gettext catalogue for everything people read (``None``: back to English)."""
    global _catalog
    _catalog = translations if translations is not None else gettext.NullTranslations()

"""Fonts for the charts in a language the default font cannot write: matplotlib's DejaVu Sans has no Chinese,
so a chart in Chinese would show empty boxes. In such a language a chart is drawn with a font that has the
script (one of ``CJK_FAMILIES`` that is installed) after the usual one, and matplotlib takes each missing
character from it."""
from __future__ import annotations

import contextlib
import functools

from ..i18n import current_language, speaks as _speaks

#: Languages whose script DejaVu Sans lacks.
CJK_LANGUAGES = ("zh_Hant", "zh", "ja", "ko")
#: Fonts with Chinese characters, in order of preference (Debian: fonts-wqy-microhei, fonts-noto-cjk).
CJK_FAMILIES = ("WenQuanYi Micro Hei", "Noto Sans CJK TC", "Noto Sans CJK JP", "Noto Sans CJK SC",
                "Noto Sans TC", "Source Han Sans TC", "Microsoft JhengHei", "PingFang TC", "Heiti TC")
#: Parts of those fonts' file names, to find them when matplotlib's font cache is older than the font.
CJK_FILES = ("wqy", "notosanscjk", "noto-cjk", "sourcehansans")


@functools.lru_cache(maxsize=1)
def installed_cjk_families() -> tuple[str, ...]:
    """The fonts of ``CJK_FAMILIES`` that matplotlib finds on this machine (empty if none)."""
    from matplotlib import font_manager
    manager = font_manager.fontManager
    names = {f.name for f in manager.ttflist}
    if not names.intersection(CJK_FAMILIES):      # matplotlib's font cache may predate the font's install
        for path in font_manager.findSystemFonts():
            if any(key in path.lower() for key in CJK_FILES):
                try:
                    manager.addfont(path)
                except (OSError, RuntimeError, ValueError):
                    continue
        names = {f.name for f in manager.ttflist}
    return tuple(f for f in CJK_FAMILIES if f in names)


def needs_cjk(lang: str | None = None) -> bool:
    """Whether a language (default: the one in use) is written in a script the default font lacks."""
    lang = current_language() if lang is None else lang
    return lang in CJK_LANGUAGES or lang.split("_")[0] in ("zh", "ja", "ko")


@contextlib.contextmanager
def script_fonts():
    """Inside the block, text is drawn with a font for the language in use's script as a fallback."""
    families = installed_cjk_families() if needs_cjk() else ()
    if not families:
        yield
        return
    import matplotlib as mpl
    first = list(mpl.rcParams["font.family"])
    if first == ["sans-serif"]:
        first = list(mpl.rcParams["font.sans-serif"][:1])
    with mpl.rc_context({"font.family": [*first, *families]}):
        yield


def speaks(fn):
    """``i18n.speaks`` for a chart: its ``lang=`` keyword, and fonts for that language's script."""
    @functools.wraps(fn)
    def in_script(*args, **kwargs):
        with script_fonts():
            return fn(*args, **kwargs)
    return _speaks(in_script)

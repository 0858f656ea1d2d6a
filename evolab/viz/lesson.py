"""What the lesson notebooks share: chart text big enough for a projector, and numbers in the words a
15-year-old reads (counts with percentages, a share with its 95% band, a difference that is or is not clear).

A difference is "clear" only when its whole 95% interval lies on one side of zero; the words come from the
interval, never from the point estimate, so a notebook's text cannot claim more than its data show.
"""
from __future__ import annotations


def big_text(ax, size=12):
    """Make every word on the chart's figure at least ``size`` points (readable on a projector); returns ``ax``."""
    import matplotlib.text
    for a in ax.figure.axes:
        a.tick_params(labelsize=size)
    for t in ax.figure.findobj(matplotlib.text.Text):
        if t.get_text() and t.get_fontsize() < size:
            t.set_fontsize(size)
    return ax


def pct(part, whole) -> str:
    """A count and a percentage together: ``pct(42, 60)`` is '42 of 60 (70%)'."""
    return f"{part} of {whole} ({100 * part / whole:.0f}%)" if whole else f"{part} of {whole}"


def share(x) -> str:
    """A share as a whole percentage: 0.573 is '57%'."""
    return f"{100 * x:.0f}%"


def band(value, low, high) -> str:
    """A share with its 95% band: '57% (95% band 55% to 59%)'."""
    return f"{share(value)} (95% band {share(max(0.0, low))} to {share(min(1.0, high))})"


def of(part, whole, value, low, high) -> str:
    """A count with its share and the share's band: '42 of 60: 70% (95% band 61% to 78%)'."""
    return f"{part} of {whole}: {band(value, low, high)}"


def _pts(x) -> str:
    """Percentage points, signed; one decimal under 1 point, so that a band's end is never shown as '-0'."""
    v = 100 * x
    return f"{v:+.1f}" if abs(v) < 1 else f"{v:+.0f}"


def points(diff, low, high) -> str:
    """A difference of two shares in percentage points with its band: '+8 points (95% band +3 to +13)'."""
    return f"{_pts(diff)} points (95% band {_pts(low)} to {_pts(high)})"


def verdict(low, high, more="clearly higher", less="clearly lower", none="no clear difference") -> str:
    """The words for a difference's 95% interval: above zero, below zero, or across it."""
    if low > 0:
        return more
    if high < 0:
        return less
    return none


__all__ = ["big_text", "pct", "share", "band", "of", "points", "verdict"]

"""The board's live chart drawn as SVG text: how common each trait is among living animals, turn by turn.

The same data and caption as ``trait_frequencies`` (the traits with the highest peak, one line each, in the
palette's colour, line style and marker, so colour is never the only cue), without matplotlib: it draws in a
few milliseconds and works offline in the browser version of the kit. Fonts are sized for a projector.
"""
from __future__ import annotations

import html
from dataclasses import dataclass

from ..i18n import N_, _, speaks
from ..names import trait_label
from ..palette import trait_style
from .plots import _games, _load, describe_frequencies, frequency_series

#: matplotlib's line styles as SVG dash patterns (in pixels).
DASHES = {"-": "", "--": "10 6", "-.": "10 5 2 5", ":": "2 5"}
WIDTH, HEIGHT = 820, 380
LEFT, RIGHT, TOP, BOTTOM = 80, 590, 52, 320          # the plot area; the legend sits right of it
#: DejaVu Sans draws Latin, Cyrillic and Vietnamese; WenQuanYi Micro Hei (Debian's fonts-wqy-microhei) and Noto
#: Sans CJK draw Chinese.
FONT = "DejaVu Sans, Verdana, Arial, WenQuanYi Micro Hei, Noto Sans CJK TC, sans-serif"


@dataclass(frozen=True)
class SvgChart:
    """An SVG chart and its plain-language caption (its alt text); shows itself in a notebook."""
    svg: str
    caption: str

    def html(self) -> str:
        """The chart with its caption printed under it (what the board shows)."""
        return (f"<figure style='margin:4px 0'>{self.svg}<figcaption style='font-size:16px;max-width:{WIDTH}px'>"
                f"{html.escape(self.caption)}</figcaption></figure>")

    def _repr_html_(self):
        return self.html()


#: The chart's fixed words: the x axis, the y axis, the legend's title, and what an empty chart says.
_WORDS = (N_("Turn"), N_("Share of living animals"), N_("Trait"), N_("No living animal carries a trait yet"))


@speaks
def trait_frequencies_svg(rows, title=None, top=6) -> SvgChart:
    """Lines: the share of living animals carrying each trait, turn by turn (tracked ``traits`` rows).

    Over several games a line is the mean (no interval band: this chart is the board's, for one game).
    ``title`` defaults to "How common each trait is among living animals"; ``lang=`` draws it in a language.
    """
    if title is None:
        title = _("How common each trait is among living animals")
    turn_word, share_word, trait_word, empty = (html.escape(_(w)) for w in _WORDS)
    rows = _load(rows)
    series, traits = frequency_series(rows, None, top)
    caption = describe_frequencies(series, traits, _games(rows))
    turns = sorted({p["turn"] for t in traits for p in series[t]}) or [0]
    first, last = turns[0], turns[-1]

    def x(turn):
        return LEFT + (RIGHT - LEFT) * ((turn - first) / (last - first) if last > first else 0.5)

    def y(share):
        return BOTTOM - (BOTTOM - TOP) * min(1.0, max(0.0, share))

    out = [f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {WIDTH} {HEIGHT}' width='100%' "
           f"style='max-width:{WIDTH}px;background:#fff' role='img' aria-label='{html.escape(caption, quote=True)}' "
           f"font-family='{FONT}'>",
           f"<title>{html.escape(title)}</title><desc>{html.escape(caption)}</desc>",
           f"<text x='{WIDTH / 2}' y='28' text-anchor='middle' {_title_fit(title)} font-weight='bold'>"
           f"{html.escape(title)}</text>"]
    for share in (0, 0.25, 0.5, 0.75, 1):                       # horizontal grid and percent labels
        yy = y(share)
        out.append(f"<line x1='{LEFT}' x2='{RIGHT}' y1='{yy:.1f}' y2='{yy:.1f}' stroke='#ccc' stroke-width='1'/>"
                   f"<text x='{LEFT - 8}' y='{yy + 5:.1f}' text-anchor='end' font-size='15'>{round(share * 100)}%</text>")
    step = max(1, -(-(last - first) // 10))                      # at most about ten turn labels
    for turn in range(first, last + 1, step):
        xx = x(turn)
        out.append(f"<line x1='{xx:.1f}' x2='{xx:.1f}' y1='{BOTTOM}' y2='{BOTTOM + 6}' stroke='#333'/>"
                   f"<text x='{xx:.1f}' y='{BOTTOM + 24}' text-anchor='middle' font-size='15'>{turn}</text>")
    out.append(f"<line x1='{LEFT}' x2='{RIGHT}' y1='{BOTTOM}' y2='{BOTTOM}' stroke='#333' stroke-width='1.5'/>"
               f"<line x1='{LEFT}' x2='{LEFT}' y1='{TOP}' y2='{BOTTOM}' stroke='#333' stroke-width='1.5'/>"
               f"<text x='{(LEFT + RIGHT) / 2}' y='{BOTTOM + 50}' text-anchor='middle' font-size='16'>{turn_word}</text>"
               f"<text transform='translate(18 {(TOP + BOTTOM) / 2}) rotate(-90)' text-anchor='middle' "
               f"font-size='16'>{share_word}</text>")
    legend_y = TOP + 8
    out.append(f"<text x='{RIGHT + 20}' y='{legend_y}' font-size='16' font-weight='bold'>{trait_word}</text>")
    for i, trait in enumerate(traits):
        colour, style, marker = trait_style(trait)
        dash = f" stroke-dasharray='{DASHES.get(style, '')}'" if DASHES.get(style) else ""
        pts = sorted(series[trait], key=lambda p: p["turn"])
        xy = [(x(p["turn"]), y(p["mean"])) for p in pts]
        path = " ".join(f"{a:.1f},{b:.1f}" for a, b in xy)
        out.append(f"<g data-trait='{html.escape(trait)}'><polyline points='{path}' fill='none' stroke='{colour}' "
                   f"stroke-width='3'{dash} stroke-linejoin='round'/>"
                   + "".join(_marker(marker, a, b, colour) for a, b in xy) + "</g>")
        ly = legend_y + 26 * (i + 1)
        out.append(f"<line x1='{RIGHT + 20}' x2='{RIGHT + 58}' y1='{ly - 5}' y2='{ly - 5}' stroke='{colour}' "
                   f"stroke-width='3'{dash}/>{_marker(marker, RIGHT + 39, ly - 5, colour)}"
                   f"<text x='{RIGHT + 66}' y='{ly}' font-size='16'>{html.escape(trait_label(trait))}</text>")
    if not traits:
        out.append(f"<text x='{(LEFT + RIGHT) / 2}' y='{(TOP + BOTTOM) / 2}' text-anchor='middle' font-size='17'>"
                   f"{empty}</text>")
    out.append("</svg>")
    return SvgChart("".join(out), caption)


def _title_fit(title: str) -> str:
    """The title's font size, and a length it is squeezed to when even the smallest size would not fit the
    chart (a title in another language can be much longer than in English; a wide character counts double)."""
    import unicodedata
    room = WIDTH - 24
    ems = sum(1.0 if unicodedata.east_asian_width(c) in "WF" else 0.66 for c in title)   # bold DejaVu Sans
    size = max(14, min(20, int(room / max(ems, 1))))
    squeeze = f" textLength='{room}' lengthAdjust='spacingAndGlyphs'" if ems * size > room else ""
    return f"font-size='{size}'{squeeze}"


def _marker(kind, cx, cy, colour, r=5.5):
    """matplotlib's marker letters as small SVG shapes."""
    fill = f"fill='{colour}' stroke='#fff' stroke-width='1'"
    if kind == "o":
        return f"<circle cx='{cx:.1f}' cy='{cy:.1f}' r='{r}' {fill}/>"
    if kind == "s":
        return f"<rect x='{cx - r:.1f}' y='{cy - r:.1f}' width='{2 * r}' height='{2 * r}' {fill}/>"
    shapes = {"^": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)], "v": [(0, 1.2), (1.1, -0.8), (-1.1, -0.8)],
              "<": [(-1.2, 0), (0.8, -1.1), (0.8, 1.1)], ">": [(1.2, 0), (-0.8, -1.1), (-0.8, 1.1)],
              "D": [(0, -1.3), (1.1, 0), (0, 1.3), (-1.1, 0)],
              "P": [(-0.4, -1.1), (0.4, -1.1), (0.4, -0.4), (1.1, -0.4), (1.1, 0.4), (0.4, 0.4), (0.4, 1.1),
                    (-0.4, 1.1), (-0.4, 0.4), (-1.1, 0.4), (-1.1, -0.4), (-0.4, -0.4)],
              "X": [(-0.8, -1.1), (0, -0.3), (0.8, -1.1), (1.1, -0.8), (0.3, 0), (1.1, 0.8), (0.8, 1.1), (0, 0.3),
                    (-0.8, 1.1), (-1.1, 0.8), (-0.3, 0), (-1.1, -0.8)],
              "*": [(0, -1.3), (0.3, -0.4), (1.25, -0.4), (0.5, 0.15), (0.8, 1.05), (0, 0.5), (-0.8, 1.05),
                    (-0.5, 0.15), (-1.25, -0.4), (-0.3, -0.4)]}
    pts = " ".join(f"{cx + dx * r:.1f},{cy + dy * r:.1f}" for dx, dy in shapes.get(kind, shapes["D"]))
    return f"<polygon points='{pts}' {fill}/>"

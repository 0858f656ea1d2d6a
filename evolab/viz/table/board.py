"""CardBoard: the GameBoard played on a table of cards (an anywidget), the button panel one click away.

The Python side keeps the match, the legal moves and the log; the browser (``table.js``) draws the model
``build_table`` makes and sends back which move was clicked (by its index in the legal moves it was shown),
a click path that is no move (answered with the engine's rule message), and how long its repaint took.
"""
from __future__ import annotations

from pathlib import Path

from ...i18n import _, using
from ...narrate import action_label
from ...view import observe
from ..board import GameBoard
from .explain import explain
from .model import build_table
from .strings import t

_HERE = Path(__file__).parent

#: Around the table, the GameBoard's own controls: colours dark enough to read in every theme (Voila's
#: light theme draws ipywidgets' coloured buttons, accordion titles and tab labels below 4.5:1 contrast).
_CSS = """<style>
.evolab-cardboard .jupyter-button.mod-info, .evolab-cardboard .jupyter-button.mod-primary
  {background: #1d4f91 !important; color: #fff !important;}
.evolab-cardboard .jupyter-button.mod-success {background: #17692f !important; color: #fff !important;}
.evolab-cardboard .jupyter-button.mod-warning {background: #8a5a00 !important; color: #fff !important;}
.evolab-cardboard .jupyter-widget-Collapse-header, .evolab-cardboard .jupyter-widget-Collapse-header span
  {color: #111 !important; background: #ececec !important; font-weight: 700;}
.evolab-cardboard .lm-TabBar-tab, .evolab-cardboard .lm-TabBar-tabLabel {color: #111 !important;}
.evolab-cardboard .lm-TabBar-tab:not(.lm-mod-current) {background: #e4e4e4 !important;}
</style>"""


def table_widget_class():
    """The anywidget class (built on first use, so importing evolab.viz never needs anywidget)."""
    global _TableWidget
    if _TableWidget is None:
        import anywidget
        import traitlets

        class TableWidget(anywidget.AnyWidget):
            """The card table in the browser: ``table`` is the model, ``animate`` and ``projector`` its switches."""
            _esm = _HERE / "table.js"
            _css = _HERE / "table.css"
            table = traitlets.Dict().tag(sync=True)
            animate = traitlets.Bool(True).tag(sync=True)
            projector = traitlets.Bool(False).tag(sync=True)

        _TableWidget = TableWidget
    return _TableWidget


_TableWidget = None


class CardBoard(GameBoard):
    """``CardBoard("origin", seat=0)``: the same game as ``GameBoard`` (same arguments), drawn as cards.

    Click a card in your hand, then where it goes; click an animal to feed it; a predator, then its prey.
    ``animate`` and ``projector`` start the table's switches. ``browser_timings``: ms from a click in the
    browser to the new table painted, as the browser measured them. ``lang``: as ``GameBoard``'s.
    """

    def __init__(self, game="origin", seat=0, *args, animate=True, projector=False, **kwargs):
        self._seq = 0
        self._legal = []
        self._recent = []
        self._announced = 0
        self.browser_timings = []
        self.notice = ""
        self._start = {"animate": animate, "projector": projector}
        super().__init__(game, seat, *args, **kwargs)

    def _build_widgets(self):
        super()._build_widgets()
        w = self.w
        self.cards = table_widget_class()(animate=self._start["animate"], projector=self._start["projector"])
        self.cards.on_msg(self._on_message)
        self.cards.layout = w.Layout(flex="3 1 640px", min_width="0")
        log_box = w.VBox([w.HTML(f"<b>{t('ui.log')}</b>"), self.log], layout=w.Layout(flex="1 1 260px"))
        self.log_box = log_box
        panel = w.VBox([self.table, self.hand, self.action_panel])
        self.panel = w.Accordion(children=[panel], selected_index=None)
        self.panel.set_title(0, t("ui.panel"))
        self.panel.observe(lambda c: self.render() if c["new"] == 0 else None, "selected_index")
        # the bot delay as a list: the slider's handle has no accessible name in ipywidgets 8
        delay = w.Dropdown(options=[(_("none"), 0.0), ("0.5 s", 0.5), ("1 s", 1.0), ("2 s", 2.0)],
                           value=min((0.0, 0.5, 1.0, 2.0), key=lambda v: abs(v - self.bot_delay)),
                           description=t("ui.delay"), style={"description_width": "initial"},
                           layout=w.Layout(width="190px"))
        delay.observe(lambda c: setattr(self, "bot_delay", c["new"]), "value")
        for box in self.widget.children:
            if self.speed in getattr(box, "children", ()):
                box.children = tuple(delay if c is self.speed else c for c in box.children)
        self.speed = delay
        css, header, banner = self.widget.children[:3]
        rest = [c for c in self.widget.children[3:] if c not in (self.table, self.hand, self.action_panel, self.log)
                and not (isinstance(c, w.HTML) and c.value == "<b>" + _("What happened") + "</b>")]
        self.widget.children = [css, w.HTML(_CSS), header, banner,
                                w.HBox([self.cards, log_box], layout=w.Layout(flex_flow="row wrap", width="100%")),
                                self.panel, *rest]
        self.widget.add_class("evolab-cardboard")

    def _step(self, action=None):
        ev = super()._step(action)
        self._recent.extend(ev)
        return ev

    def _render(self):
        super()._render()
        self._render_cards()

    def _action_widgets(self, gate):
        """The panel's buttons are built only while it is open: a click on the table then costs no widgets."""
        if self.panel.selected_index is None:
            return []
        return super()._action_widgets(gate)

    def show_panel(self, show=True):
        """Open (or close) the accessible alternative: every legal move as a grouped list of buttons."""
        self.panel.selected_index = 0 if show else None

    def _render_cards(self):
        m = self.match
        s = m.state
        rs = s.ruleset
        viewer = self.viewer()
        who = m.to_move
        gate = self.hot_seat and who >= 0 and m.seats[who] is None and self._revealed != (who, len(m.record.moves))
        mine = not m.is_over() and who >= 0 and m.seats[who] is None and not gate
        self._legal = list(m.legal_actions()) if mine else []
        self._seq += 1
        if m.is_over():
            prompt = t("prompt.over")
        elif gate:
            prompt = t("hand.hidden", name=self.names[who])
        elif mine:
            prompt = t("prompt.start")
        elif who >= 0:
            prompt = t("prompt.wait", who=self.names[who])
        else:
            prompt = t("prompt.nature")
        new_lines = [text for _, text in self.log_entries[self._announced:]]
        self._announced = len(self.log_entries)
        model = build_table(observe(s, viewer),
                            self._legal, self.names, label=lambda a: action_label(s, a), to_move=who,
                            scores=rs.scores(s), recent=self._recent, hand_hidden=gate, seq=self._seq,
                            announce=new_lines[-6:])
        model["prompt"] = prompt
        model["reveal"] = t("hand.reveal", name=self.names[who]) if gate else ""
        model["notice"] = self.notice
        self._recent = []
        self.notice = ""
        self.cards.table = model

    # ---- what the browser says --------------------------------------------------------------------
    def _on_message(self, _widget, content, _buffers=None):
        with using(self.lang):
            self._message(content)

    def _message(self, content):
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "act":
            self.click_move(content.get("i"), content.get("seq"))
        elif kind == "explain":
            self.cards.send({"type": "notice", "text": self.why_not(content.get("path") or [])})
        elif kind == "timing":
            ms = content.get("ms")
            if isinstance(ms, (int, float)):
                self.browser_timings.append(float(ms))
        elif kind == "reveal":
            m = self.match
            self._revealed = (m.to_move, len(m.record.moves))
            self.render()

    def click_move(self, i, seq=None):
        """The browser's click on the ``i``-th move of the table it showed (``seq``): play it. A click on a
        table that is no longer shown (an old ``seq``) changes nothing and redraws the table."""
        with using(self.lang):
            self._click_move(i, seq)

    def _click_move(self, i, seq):
        if seq is not None and seq != self._seq or not isinstance(i, int) or not 0 <= i < len(self._legal):
            self.notice = t("illegal.stale")
            self.render()
            return
        self._safe(self.do, self._legal[i])
        if self.status.value:                    # an error the old panel shows: the table says it too
            import html
            import re
            self.notice = html.unescape(re.sub(r"<[^>]+>", "", self.status.value))
            self.render()

    def why_not(self, path) -> str:
        """Why the clicks ``path`` on the table make no move now (the engine's rule message)."""
        with using(self.lang):
            return explain(self.match.state, [str(p) for p in path][:4], self.viewer())

    def moves_on_table(self) -> list:
        """(label, paths, at) of each move the table offers now: for tests and teachers."""
        return [(mv["label"], mv["paths"], mv["at"]) for mv in self.cards.table.get("moves", [])]

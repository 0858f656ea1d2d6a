"""Predict, then observe: a student records a prediction and a reason *before* a run, and the run's result is
shown only once the prediction is made, set beside it (predict-observe-explain, White & Gunstone 1992).

In a notebook, one cell asks and the run cell after it reveals::

    from evolab.viz.predict import Prediction

    spread = Prediction("With predators, what will happen to Camouflage over 15 generations?",
                        choices=["It will spread", "It will stay about the same", "It will vanish"],
                        name="camouflage-spread")
    spread                                      # shows the question, the choices, a reason box and a button

    # --- the run cell: compute and assert at the top level, then hand the result to the prediction ---
    fig, ax = plt.subplots()
    ...                                         # draw; assert the claims on 95% intervals here, not later
    spread.reveal(fig, "Alt text: ...", outcome="Camouflage rose from 12% to 67%.", actual="It will spread")

``Prediction(question, choices=[...])`` asks for one of the choices; ``Prediction(question, number=(low, high),
unit="%")`` asks for a number in that range. ``reason=True`` (the default) asks for a reason as well and will not
record a prediction without one. The student clicks **Lock in my prediction**; the answer is then fixed.

``reveal(*items, outcome=None, actual=None, band=None)`` takes what the run produced: matplotlib figures (closed
at once, so Jupyter does not draw them before the prediction), text (the alt text, numbers) and anything else
IPython can display. If the prediction is already made it shows them at once; if not, it shows a line saying the
result is waiting and shows everything the moment the prediction is locked in: "Run All" never waits for a
click. Then it sets the prediction beside ``outcome`` (a sentence of what the data show); with ``actual`` (the
choice the data support, or the measured number, with ``band=(low, high)`` its 95% interval) it also says
whether the prediction matched. A prediction that missed is not a failure: explaining the miss is the lesson.

**No front end (nbval, ``nbconvert --execute``).** Nothing waits: the run cell's computing and its ``assert``s
run as usual, and only the display stays in the widget. To fill every question automatically, for example to
export a teacher's copy with every chart showing, set the environment variable ``EVOLAB_PREDICTIONS=auto``:
each prediction then records its ``default`` (else its first choice, or the low end of its range) and is marked,
wherever it is shown, as an automatic run that no student made.

**Without widgets** (ipywidgets not installed, ``widgets=False``, or ``EVOLAB_WIDGETS=0``) the question is shown
as text, the student records the prediction in code: ``spread.record("It will spread", "because ...")`` (or
``spread.ask()``, which types it in with ``input()``), and runs the run cell again; a result that was waiting
is shown by ``record`` itself.

``to_dict()`` gives the prediction for a class data file (``evolab.classdata``). ``lang=`` sets the language
of what it says around the teacher's question (the button, the waiting line, the verdict), as on the board.
"""
from __future__ import annotations

import html
import os

from ..i18n import N_, _, in_own_language, resolve

#: The button a student clicks (also what a browser test looks for); these three are message ids, shown with ``_``.
LOCK_LABEL = N_("Lock in my prediction")
AUTOMATIC_REASON = N_("(automatic run: the computer filled this in; no student made this prediction)")
WAITING = N_("The result is hidden until you make your prediction above. Choose an answer, write your reason, "
             "then click \u201cLock in my prediction\u201d: the result will appear here.")
#: The first sentence of ``WAITING`` (without widgets the student records the prediction in code instead).
HIDDEN = N_("The result is hidden until you make your prediction above.")


def _want_widgets(widgets) -> bool:
    if widgets is not None:
        return bool(widgets)
    if os.environ.get("EVOLAB_WIDGETS", "").strip().lower() in ("0", "no", "false", "off"):
        return False
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        return False
    return True


def _automatic() -> bool:
    return os.environ.get("EVOLAB_PREDICTIONS", "").strip().lower() == "auto"


def _fmt(x, unit="") -> str:
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    if isinstance(x, float):
        x = f"{x:.3g}"
    return f"{x}{' ' if unit and not unit.startswith(('%', ' ')) else ''}{unit}"


class PredictionError(ValueError):
    """A prediction that cannot be recorded: not one of the choices, out of range, no reason, or made twice."""


class Prediction:
    """A question answered before a run: a choice or a number, with a reason; see the module's docstring."""

    def __init__(self, question: str, choices=None, number=None, reason: bool = True, unit: str = "",
                 default=None, name: str = "", widgets=None, lang=None):
        self.lang = resolve(lang)
        self._setup(question, choices, number, reason, unit, default, name, widgets)

    @in_own_language
    def _setup(self, question, choices, number, reason, unit, default, name, widgets):
        if (choices is None) == (number is None):
            raise PredictionError("give either choices=[...] or number=(low, high), not both and not neither")
        self.question = str(question)
        self.name = name or self.question
        self.choices = [str(c) for c in choices] if choices is not None else None
        if self.choices is not None and len(self.choices) < 2:
            raise PredictionError(_("choices: give at least two"))
        if number is not None:
            low, high = number
            if not low < high:
                raise PredictionError(_("number=({low}, {high}): the low end must be below the high end").format(
                    low=low, high=high))
            self.number = (low, high)
        else:
            self.number = None  # no number: a choice was asked
        self.unit = unit
        self.ask_reason = bool(reason)
        self.answer = None
        self.reason = ""
        self.automatic = False
        self._pending: tuple | None = None      # (items, outcome, actual, band) waiting for the prediction
        self.shown = False
        self.default = default if default is not None else (self.choices[0] if self.choices else self.number[0])
        self._check_answer(self.default)
        self.widgets = _want_widgets(widgets)
        if self.widgets:
            self._build()
        if _automatic():
            self.record(self.default, _(AUTOMATIC_REASON), automatic=True)

    # ---- recording ----------------------------------------------------------------------------------
    @property
    def made(self) -> bool:
        """True once the prediction is recorded (and can no longer change)."""
        return self.answer is not None

    def _check_answer(self, answer):
        if self.choices is not None:
            if answer not in self.choices:
                raise PredictionError(_("{answer} is not one of the choices: {choices}").format(
                    answer=repr(answer), choices=self.choices))
            return answer
        try:
            value = float(answer)
        except (TypeError, ValueError):
            raise PredictionError(_("{answer} is not a number").format(answer=repr(answer))) from None
        low, high = self.number
        if not low <= value <= high:
            raise PredictionError(_("{value} is outside the range {low} to {high}").format(
                value=_fmt(value), low=_fmt(low), high=_fmt(high, self.unit)))
        return value

    @in_own_language
    def record(self, answer, reason: str = "", automatic: bool = False):
        """Record the prediction (the button does this; without widgets the student calls it). Refused with
        ``PredictionError`` (and nothing recorded) when the answer is not allowed, the reason is missing, or a
        prediction was already made. A result that was waiting is shown at once."""
        if self.made:
            raise PredictionError(_("a prediction was already made ({answer}); it cannot change after it was locked "
                                    "in").format(answer=self.answer_text()))
        value = self._check_answer(answer)
        reason = (reason or "").strip()
        if self.ask_reason and not reason:
            raise PredictionError(_("write a reason too: why do you think so?"))
        self.answer, self.reason, self.automatic = value, reason, automatic
        if self.widgets:
            self._lock_widgets()
        if self._pending is not None:
            self._show(*self._pending)
        return self

    @in_own_language
    def ask(self):
        """Type the prediction in (``input()``): the plain-text way, where widgets do not work."""
        print(self.question)
        if self.choices is not None:
            for i, c in enumerate(self.choices, 1):
                print(f"  {i}. {c}")
            raw = input(_("Your answer (its number): ")).strip()
            answer = self.choices[int(raw) - 1] if raw.isdigit() and 1 <= int(raw) <= len(self.choices) else raw
        else:
            answer = input(_("Your number ({low} to {high}): ").format(
                low=_fmt(self.number[0]), high=_fmt(self.number[1], self.unit))).strip()
        reason = input(_("Your reason (because ...): ")) if self.ask_reason else ""
        return self.record(answer, reason)

    @in_own_language
    def answer_text(self) -> str:
        if not self.made:
            return _("no prediction yet")
        return str(self.answer) if self.choices is not None else _fmt(self.answer, self.unit)

    def to_dict(self) -> dict:
        """The prediction as plain data (for a class data file)."""
        return {"name": self.name, "question": self.question, "answer": self.answer, "reason": self.reason,
                "automatic": self.automatic}

    # ---- revealing ----------------------------------------------------------------------------------
    @in_own_language
    def reveal(self, *items, outcome: str | None = None, actual=None, band=None) -> None:
        """Show the run's result beside the prediction, or keep it until the prediction is made (see the module
        docstring). Figures are closed here so that Jupyter does not draw them early. Returns nothing, so that a
        run cell ending with it does not show the question a second time."""
        items = tuple(_keep(x) for x in items)
        if actual is not None and self.choices is not None and actual not in self.choices:
            raise PredictionError(_("actual={actual} is not one of the choices: {choices}").format(
                actual=repr(actual), choices=self.choices))
        self.shown = False
        if self.made:
            self._pending = None
            if self.widgets:
                self._display_result_area()
            self._show(items, outcome, actual, band)
        else:
            self._pending = (items, outcome, actual, band)
            if self.widgets:
                self._display_result_area()
            else:
                _display_text(_(HIDDEN) + " " + _("Record it in a new cell: {code}, then run this cell again.").format(
                    code=self._code_hint()))

    @in_own_language
    def comparison(self, outcome=None, actual=None, band=None) -> str:
        """The prediction set beside the outcome, in plain words (one paragraph per line)."""
        lines = [_("Question: {question}").format(question=self.question),
                 _("Your prediction: {answer}").format(answer=self.answer_text()) +
                 (f" \u2014 {self.reason}" if self.reason else "")]
        if self.automatic:
            lines.append(_("This was an automatic run: no student made this prediction."))
        if outcome:
            lines.append(_("What the data show: {outcome}").format(outcome=outcome))
        verdict = self.verdict(actual, band)
        if verdict:
            lines.append(verdict)
        return "\n".join(lines)

    @in_own_language
    def verdict(self, actual=None, band=None) -> str:
        """Did the prediction match? '' when there is nothing to compare with."""
        if actual is None or not self.made:
            return ""
        if self.choices is not None:
            if self.answer == actual:
                return _("Your prediction matched the data.")
            return _("The data support \u201c{actual}\u201d, not your prediction. That is fine: what does the data "
                     "show that you did not expect?").format(actual=actual)
        unit = self.unit
        gap_unit = " " + _("percentage points") if unit.startswith("%") else unit
        if band is not None:
            low, high = band
            about = _("The data: about {actual} (95% band {low} to {high}).").format(
                actual=_fmt(actual, unit), low=_fmt(low), high=_fmt(high, unit))
            if low <= self.answer <= high:
                return about + " " + _("Your guess is inside the band.")
            if self.answer < low:
                return about + " " + _("Your guess is below the band by {gap}.").format(
                    gap=_fmt(round(low - self.answer, 3), gap_unit))
            return about + " " + _("Your guess is above the band by {gap}.").format(
                gap=_fmt(round(self.answer - high, 3), gap_unit))
        gap = round(self.answer - actual, 3)
        return _("The data: about {actual}. Your guess differs by {gap}.").format(actual=_fmt(actual, unit),
                                                                                  gap=_fmt(abs(gap), gap_unit))

    def _show(self, items, outcome, actual, band):
        self._pending = None
        self.shown = True
        text = self.comparison(outcome, actual, band)
        if self.widgets:
            self._result_items.clear_output()
            for x in items:
                _append(self._result_items, x)
            self._compare.value = _html_comparison(self, outcome, actual, band)
            self._compare.layout.display = ""
            self._waiting.layout.display = "none"
        else:
            for x in items:
                _display_any(x)
            _display_text(text)

    def _code_hint(self) -> str:
        example = self.choices[0] if self.choices is not None else self.number[0]
        var = self.name if self.name.isidentifier() else "PREDICTION"
        return f"{var}.record({example!r}, \"because ...\")"

    # ---- widgets --------------------------------------------------------------------------------------
    def _build(self):
        import ipywidgets as w
        self._w = w
        wide = w.Layout(width="min(100%, 720px)")
        self._question = w.HTML(f"<b>\u270f\ufe0f {html.escape(_('Predict first.'))}</b> {html.escape(self.question)}")
        if self.choices is not None:
            self._input = w.RadioButtons(options=self.choices, value=None, layout=wide,
                                         description=_("My answer:"), style={"description_width": "initial"})
        else:
            low, high = self.number
            self._input = w.BoundedFloatText(value=low, min=low, max=high, layout=w.Layout(width="320px"),
                                             description=_("My guess ({unit}):").format(unit=self.unit or _("a number")),
                                             style={"description_width": "initial"})
            self._range = w.HTML(html.escape(_("A number from {low} to {high}.").format(low=_fmt(low),
                                                                                      high=_fmt(high, self.unit))))
        self._reason = w.Textarea(placeholder=_("Because ..."), description=_("My reason:"), layout=wide,
                                  style={"description_width": "initial"})
        self._button = w.Button(description=_(LOCK_LABEL), button_style="primary", icon="lock",
                                tooltip=_("Record your prediction before you see the result"),
                                layout=w.Layout(width="auto"))
        self._button.on_click(self._clicked)
        self._status = w.HTML("")
        parts = [self._question, self._input]
        if self.number is not None:
            parts.append(self._range)
        if self.ask_reason:
            parts.append(self._reason)
        parts += [self._button, self._status]
        self.widget = w.VBox(parts)
        self.widget.add_class("evolab-predict")
        # the result area, shown by the run cell
        self._waiting = w.HTML(f"<i>\U0001f512 {html.escape(_(WAITING))}</i>")
        self._result_items = w.Output()
        self._compare = w.HTML("", layout=w.Layout(display="none"))
        self.result_area = w.VBox([self._waiting, self._result_items, self._compare])
        self.result_area.add_class("evolab-predict-result")

    @in_own_language
    def _clicked(self, _button=None):
        answer = self._input.value
        if answer is None:
            self._status.value = "<b>" + html.escape(_("Choose an answer first.")) + "</b>"
            return
        try:
            self.record(answer, self._reason.value)
        except PredictionError as e:
            self._status.value = f"<b>{html.escape(str(e)[0].upper() + str(e)[1:])}.</b>"

    def _lock_widgets(self):
        self._input.value = self.answer
        self._reason.value = self.reason
        for x in (self._input, self._reason, self._button):
            x.disabled = True
        self._button.description = _("Prediction locked in")
        self._button.icon = "check"
        then = _("The result is shown below the next cell.") if self._pending is not None else \
            _("Now run the next cell to see the result.")
        recorded = (_("Recorded (automatic run: no student made it): <b>{answer}</b>.") if self.automatic else
                    _("Recorded: <b>{answer}</b>."))
        self._status.value = recorded.format(answer=html.escape(self.answer_text())) + f" {then}"

    def _display_result_area(self):
        from IPython.display import display
        self._waiting.layout.display = "none" if self.made else ""
        display(self.result_area)

    @in_own_language
    def _ipython_display_(self):
        if self.widgets:
            from IPython.display import display
            display(self.widget)
        else:
            _display_text(self.text())

    @in_own_language
    def text(self) -> str:
        """The question as plain text, with how to answer it in code."""
        first = _("Predict first.")          # outside the f-string: the extractor does not read inside one
        lines = [f"\u270f\ufe0f {first} {self.question}"]
        if self.choices is not None:
            lines += [f"  {i}. {c}" for i, c in enumerate(self.choices, 1)]
        else:
            lines.append("  " + _("A number from {low} to {high}.").format(low=_fmt(self.number[0]),
                                                                           high=_fmt(self.number[1], self.unit)))
        if self.made:
            lines.append(_("Recorded: {answer}").format(answer=self.answer_text()) +
                         (f" \u2014 {self.reason}" if self.reason else ""))
        else:
            lines.append(_("Record it in a new cell: {code}").format(code=self._code_hint()))
        return "\n".join(lines)

    @in_own_language
    def __repr__(self):
        return f"Prediction({self.question!r}, answer={self.answer!r})"


# ---- displaying the run's result ----------------------------------------------------------------------
def _keep(x):
    """A matplotlib figure is closed at once (so the inline backend does not draw it before the prediction) and
    kept as PNG; anything else is kept as it is."""
    if type(x).__module__.startswith("matplotlib") and hasattr(x, "savefig"):
        from IPython.display import Image
        from matplotlib import pyplot as plt
        from .plots import figure_png
        png = figure_png(x, dpi=100)
        plt.close(x)
        return Image(data=png, format="png")
    return x


def _append(out, x):
    if isinstance(x, str):
        out.append_stdout(x if x.endswith("\n") else x + "\n")
    else:
        out.append_display_data(x)


def _display_any(x):
    try:
        from IPython.display import display
    except ImportError:
        print(x)
        return
    if isinstance(x, str):
        print(x)
    else:
        display(x)


def _display_text(text):
    print(text)


def _html_comparison(p, outcome, actual, band) -> str:
    cell = "padding:6px 10px;vertical-align:top;border:1px solid #999;"
    you = html.escape(p.answer_text()) + (f"<br><i>{html.escape(p.reason)}</i>" if p.reason else "")
    if p.automatic:
        you += "<br><b>" + html.escape(_("Automatic run: no student made this prediction.")) + "</b>"
    data = html.escape(outcome) if outcome else html.escape(_("See the chart above."))
    verdict = p.verdict(actual, band)
    yours, shown = html.escape(_("Your prediction")), html.escape(_("What the data show"))
    return (f"<table style='border-collapse:collapse;margin-top:6px'><tr>"
            f"<th style='{cell}'>{yours}</th><th style='{cell}'>{shown}</th></tr>"
            f"<tr><td style='{cell}'>{you}</td><td style='{cell}'>{data}</td></tr></table>"
            + (f"<p><b>{html.escape(verdict)}</b></p>" if verdict else "")
            + "<p>\u270f\ufe0f " + _("<b>Explain:</b> why did it turn out this way? Use the data in your answer.")
            + "</p>")


__all__ = ["Prediction", "PredictionError", "LOCK_LABEL", "AUTOMATIC_REASON", "WAITING"]

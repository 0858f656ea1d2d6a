"""The prediction widget: a prediction (a choice or a number, with a reason) is recorded before the run, the run's
result waits until it is made, and then the prediction is set beside the outcome. Without a front end nothing
waits; without widgets the same works in plain text; ``EVOLAB_PREDICTIONS=auto`` fills in a marked default."""
from __future__ import annotations

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from evolab.viz.predict import AUTOMATIC_REASON, LOCK_LABEL, Prediction, PredictionError  # noqa: E402

CHOICES = ["It will spread", "It will stay about the same", "It will vanish"]


@pytest.fixture(autouse=True)
def _plain_env(monkeypatch):
    monkeypatch.delenv("EVOLAB_PREDICTIONS", raising=False)
    monkeypatch.delenv("EVOLAB_WIDGETS", raising=False)


def chart():
    fig, ax = plt.subplots()
    ax.plot([0, 1], [0.1, 0.6])
    return fig


def outputs(p):
    return p._result_items.outputs


def test_choice_widget_waits_for_the_prediction_then_sets_it_beside_the_outcome():
    pytest.importorskip("ipywidgets")
    p = Prediction("What happens to Camouflage?", choices=CHOICES, name="spread")
    assert p.widgets and not p.made
    assert p._button.description == LOCK_LABEL and p._input.value is None
    fig = chart()
    p.reveal(fig, "Alt text: a line.", outcome="Camouflage rose from 12% to 67%.", actual="It will spread")
    assert not plt.fignum_exists(fig.number), "the figure is closed so that Jupyter does not draw it early"
    assert outputs(p) == () and not p.shown and p._waiting.layout.display != "none"
    assert p._compare.value == ""
    # the button refuses a click with no answer, then an answer with no reason
    p._clicked()
    assert not p.made and "Choose an answer" in p._status.value
    p._input.value = "It will vanish"
    p._clicked()
    assert not p.made and "reason" in p._status.value
    p._reason.value = "Predators eat the animals they can see."
    p._clicked()
    assert p.made and p.answer == "It will vanish" and p.reason.startswith("Predators")
    assert p._input.disabled and p._reason.disabled and p._button.disabled
    # the waiting result appears: the chart, the alt text, and the prediction beside the outcome
    assert p.shown and p._waiting.layout.display == "none"
    kinds = [o["output_type"] for o in outputs(p)]
    assert "display_data" in kinds and any("image/png" in o.get("data", {}) for o in outputs(p))
    assert any(o.get("text", "").startswith("Alt text") for o in outputs(p))
    html = p._compare.value
    assert "It will vanish" in html and "Predators eat" in html and "Camouflage rose from 12% to 67%." in html
    assert "not your prediction" in html and "It will spread" in html
    # locked: a second prediction is refused and nothing changes
    with pytest.raises(PredictionError, match="already made"):
        p.record("It will spread", "changed my mind")
    assert p.answer == "It will vanish"


def test_result_shows_at_once_when_the_prediction_came_first():
    pytest.importorskip("ipywidgets")
    p = Prediction("What happens?", choices=CHOICES)
    p.record("It will spread", "because")
    assert "run the next cell" in p._status.value
    assert p.reveal("some text", outcome="It spread.", actual="It will spread") is None   # not shown twice
    assert p.shown and outputs(p)[0]["text"] == "some text\n"
    assert "matched" in p._compare.value


def test_number_prediction_checks_its_range_and_compares_with_the_band():
    pytest.importorskip("ipywidgets")
    p = Prediction("What share will carry Camouflage at generation 15?", number=(0, 100), unit="%")
    with pytest.raises(PredictionError, match="outside the range"):
        p.record(150, "lots")
    with pytest.raises(PredictionError, match="not a number"):
        p.record("many", "lots")
    assert not p.made
    p._input.value = 30
    p._reason.value = "a guess"
    p._clicked()
    assert p.answer == 30.0
    p.reveal(outcome="67% at generation 15.", actual=67, band=(60, 75))
    assert "below the band by 30 percentage points" in p._compare.value
    q = Prediction("Share?", number=(0, 100), unit="%", reason=False)
    q.record(70)
    assert "inside the band" in q.verdict(67, (60, 75))


def test_reason_can_be_optional_and_bad_arguments_are_refused():
    with pytest.raises(PredictionError):
        Prediction("?", choices=CHOICES, number=(0, 1))
    with pytest.raises(PredictionError):
        Prediction("?")
    with pytest.raises(PredictionError):
        Prediction("?", choices=["only one"])
    with pytest.raises(PredictionError):
        Prediction("?", number=(5, 1))
    with pytest.raises(PredictionError, match="not one of the choices"):
        Prediction("?", choices=CHOICES, default="maybe")
    p = Prediction("?", choices=CHOICES, reason=False, widgets=False)
    p.record("It will vanish")
    assert p.made and p.reason == ""
    with pytest.raises(PredictionError, match="actual"):
        p.reveal(outcome="x", actual="something else")


def test_plain_text_fallback(capsys, monkeypatch):
    monkeypatch.setenv("EVOLAB_WIDGETS", "0")
    spread = Prediction("What happens?", choices=CHOICES, name="spread")
    assert not spread.widgets
    assert "spread.record('It will spread'" in spread.text() and "  2. It will stay about the same" in spread.text()
    spread.reveal("THE RESULT", outcome="It spread.", actual="It will spread")
    out = capsys.readouterr().out
    assert "THE RESULT" not in out and "hidden until you make your prediction" in out
    spread.record("It will spread", "predators")            # the waiting result is shown by record itself
    out = capsys.readouterr().out
    assert "THE RESULT" in out and "Your prediction: It will spread" in out and "matched" in out


def test_ask_reads_the_prediction_with_input(monkeypatch, capsys):
    answers = iter(["3", "they get eaten"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    p = Prediction("What happens?", choices=CHOICES, widgets=False).ask()
    assert p.answer == "It will vanish" and p.reason == "they get eaten"


def test_automatic_runs_record_a_marked_default(monkeypatch):
    monkeypatch.setenv("EVOLAB_PREDICTIONS", "auto")
    p = Prediction("What happens?", choices=CHOICES, default="It will stay about the same", widgets=False)
    assert p.made and p.automatic and p.answer == "It will stay about the same" and p.reason == AUTOMATIC_REASON
    assert "automatic run" in p.comparison("x").lower()
    assert p.to_dict() == {"name": "What happens?", "question": "What happens?",
                           "answer": "It will stay about the same", "reason": AUTOMATIC_REASON, "automatic": True}
    n = Prediction("How many?", number=(0, 10))
    assert n.answer == 0 and n.automatic
    if n.widgets:
        assert n._button.disabled and "automatic run" in n._status.value

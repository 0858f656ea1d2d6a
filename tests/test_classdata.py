"""Class data: a group's run saved as a small file, read back exactly (JSON or CSV), damaged files refused with the
field at fault and nothing used, a class's files pooled (groups, class, spread between groups), and the panels."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from evolab import classdata
from evolab.classdata import ClassDataError

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "lessons" / "class_data_example"


@pytest.fixture(scope="module")
def run():
    pred = {"name": "spread_q", "question": "What happens?", "answer": "It will spread", "reason": "predators",
            "automatic": False}
    return classdata.class_run("Group 7 (Ana & Ben)", games=3, generations=4, predictions=[pred])


def test_a_run_is_seeded_by_the_group_name(run):
    assert run.seed == classdata.group_seed("group 7 (ana & ben) ")
    assert [g["condition"] for g in run.games].count("predators") == 3
    assert all(len(g["alive"]) == 5 and len(g["carriers"]) == 5 for g in run.games)
    again = classdata.class_run("Group 7 (Ana & Ben)", games=3, generations=4)
    assert again.games == run.games                                  # same name, same games
    other = classdata.class_run("Group 8", games=3, generations=4)
    assert other.games != run.games


def test_json_and_csv_round_trip(run, tmp_path):
    path = run.save(tmp_path)
    assert path.name == "group-7-ana-ben.json"
    back = classdata.load(path)
    assert back.games == run.games and back.predictions == run.predictions and back.seed == run.seed
    csv_path = run.save(tmp_path, fmt="csv")
    from_csv = classdata.load(csv_path)
    assert from_csv.group == run.group and from_csv.games == run.games
    assert classdata.loads(path.read_bytes(), name="upload.json").games == run.games


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.update(format="something else"), "format"),
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(group="  "), "group"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d.update(seed=-1), "seed"),
    (lambda d: d.update(experiment="other"), "experiment"),
    (lambda d: d["games"][0].update(condition="moon"), "games[0].condition"),
    (lambda d: d["games"][0].update(carriers=[99] * len(d["games"][0]["carriers"])), "games[0].carriers[0]"),
    (lambda d: d["games"][0].update(alive=[1]), "games[0].alive"),
    (lambda d: d["games"][1].update(game=d["games"][0]["game"], condition=d["games"][0]["condition"]), "games"),
    (lambda d: d["games"][0].update(alive=["7"] * len(d["games"][0]["alive"])), "games[0].alive"),
    (lambda d: d["predictions"][0].update(answer=[1]), "predictions[0].answer"),
    (lambda d: d["predictions"][0].update(secret=1), "predictions[0].secret"),
])
def test_a_damaged_file_is_refused_with_the_field(run, edit, field):
    data = json.loads(run.to_json())
    edit(data)
    with pytest.raises(ClassDataError) as e:
        classdata.loads(json.dumps(data), name="bad.json")
    assert e.value.field == field and "bad.json" in str(e.value)


def test_not_a_class_file_is_refused(tmp_path, run):
    for text in ("", "hello", "{not json", b"\xff\xfe\x00"):
        with pytest.raises(ClassDataError):
            classdata.loads(text, name="x")
    with pytest.raises(ClassDataError, match="too large"):
        classdata.loads("{" + " " * classdata.MAX_BYTES + "}")
    bad_csv = run.to_csv().replace(",1,", ",x,", 1)
    with pytest.raises(ClassDataError, match="whole numbers"):
        classdata.loads(bad_csv)
    two_groups = run.to_csv() + "Other,predators,9,0,1,2\n"
    with pytest.raises(ClassDataError, match="one group"):
        classdata.loads(two_groups)
    with pytest.raises(ClassDataError, match="no such folder"):
        classdata.load_folder(tmp_path / "missing")


def test_load_many_reports_refused_files_and_counts_a_duplicate_once(run, tmp_path):
    run.save(tmp_path)
    (tmp_path / "copy.json").write_text(run.to_json())
    (tmp_path / "broken.json").write_text("{")
    (tmp_path / "notes.txt").write_text("ignored: not .json or .csv")
    runs, problems = classdata.load_folder(tmp_path)
    assert len(runs) == 1
    assert any("broken.json" in p for p in problems) and any("counted once" in p for p in problems)


def test_pool_the_example_class():
    runs, problems = classdata.load_folder(EXAMPLE)
    assert len(runs) == 10 and not problems
    s = classdata.pool(runs)
    assert s["generation"] == classdata.DEFAULT_GENERATIONS and s["games"] == 200
    pred, ctrl = classdata.CONDITIONS
    group_means = [g[pred]["mean"] for g in s["groups"]]
    assert s["class"][pred]["mean"] == pytest.approx(sum(group_means) / 10)      # equal games per group
    assert s["class"][pred]["low"] > s["class"][ctrl]["high"]
    assert s["between_groups"][pred]["n"] == 10
    # a group whose band misses the class mean is listed as missed
    for g in s["groups"]:
        holds = g[pred]["low"] <= s["class"][pred]["mean"] <= g[pred]["high"]
        assert holds == (g["group"] not in s["missed"])
    with pytest.raises(ClassDataError):
        classdata.pool([])


def test_class_chart_and_panels(run, tmp_path):
    pytest.importorskip("ipywidgets")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from evolab.viz import describe
    from evolab.viz.classroom import ClassPool, ExportPanel, class_groups
    s = classdata.pool(classdata.load_folder(EXAMPLE)[0])
    ax = class_groups(s)
    assert "10 groups and 200 games" in describe(ax)
    panel = ExportPanel(folder=tmp_path / "class", games=2, generations=3)
    panel._clicked()
    assert "name first" in panel.status.value and panel.run is None
    panel.name.value = "Group Z"
    panel._clicked()
    assert panel.path.exists() and "download=\"group-z.json\"" in panel.status.value
    assert classdata.load(panel.path).group == "Group Z"
    pool = ClassPool(folder=tmp_path / "class")
    pool.uploaded.append(("upload.json", run.to_json().encode()))
    pool.uploaded.append(("junk.json", b"{"))
    summary = pool.show()
    assert summary["runs"] == 2 and any("junk.json" in p for p in pool.problems)
    assert any("image/png" in o.get("data", {}) for o in pool.out.outputs)
    pool.folder_box.value = str(tmp_path / "nowhere")
    pool.uploaded.clear()
    assert pool.show() is None and "no such folder" in pool.status.value

"""Class data: each group's own run saved as a small file, and a class's files pooled into one result.

Lesson 5 splits 300 games into "10 groups of 30" to show how much groups differ; here the groups are real. Each
group plays the same experiment with its own seed (derived from its name), saves a small JSON file, and the
teacher pools the files: each group's mean with its 95% interval, the class's pooled mean, and the spread between
groups.

    from evolab import classdata
    run = classdata.class_run("Group 3", predictions=[spread_q])     # World A (predators) and B (none)
    path = run.save("class_data")                                    # class_data/group-3.json
    runs, problems = classdata.load_folder("class_data")             # every file a teacher collected
    summary = classdata.pool(runs)

The experiment is Lesson 7's: evolab's Heredity variant (classroom rules, not the printed game), the ``predation``
preset against ``no_predators``, following Camouflage. A file holds, for each game, the carriers and the living
animals per generation, so any share can be recomputed; plus the group's predictions (``evolab.viz.predict``).
CSV is accepted too (columns ``group, condition, game, generation, carriers, alive``), for classes that collect
results in a spreadsheet.

A file that is not a class run, or is damaged, is refused with ``ClassDataError`` naming the field at fault, and
nothing of it is used; ``load_folder`` reports such files instead of silently dropping them. Pure Python: pooling
needs no pandas or matplotlib (the charts are in ``evolab.viz.classroom``).
"""
from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .csvfile import data_rows
from .errors import _FieldError
from .seeding import derive_seed

FORMAT = "evolab-class-run"
VERSION = 1
#: A class run is a few kilobytes; anything much larger is not one.
MAX_BYTES = 1_000_000
MAX_GAMES = 1000
MAX_GENERATIONS = 200
#: The experiment every group runs (Lesson 7, Part 3), and its two conditions.
EXPERIMENT = "camouflage-with-and-without-predators"
TRAIT = "camouflage"
CONDITIONS = ("predators", "no predators")
DEFAULT_GAMES = 10
DEFAULT_GENERATIONS = 10


class ClassDataError(_FieldError):
    """A class data file that is not a class run or is damaged; nothing of it is used. ``field`` names the part."""


@dataclass(frozen=True)
class ClassRun:
    """One group's run: for each game, its condition and the carriers and living animals per generation."""

    group: str
    games: tuple                      # of {"condition", "game", "carriers": [...], "alive": [...]}
    seed: int = 0
    generations: int = DEFAULT_GENERATIONS
    experiment: str = EXPERIMENT
    trait: str = TRAIT
    predictions: tuple = field(default=())       # of {"name", "question", "answer", "reason", "automatic"}
    source: str = ""                  # where it was loaded from (a file name), for messages

    def to_dict(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "group": self.group, "experiment": self.experiment,
                "trait": self.trait, "seed": self.seed, "generations": self.generations,
                "predictions": [dict(p) for p in self.predictions],
                "games": [{"condition": g["condition"], "game": g["game"], "carriers": list(g["carriers"]),
                           "alive": list(g["alive"])} for g in self.games]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def to_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
        for g in self.games:
            for t, (c, a) in enumerate(zip(g["carriers"], g["alive"])):
                w.writerow([self.group, g["condition"], g["game"], t, c, a])
        return out.getvalue()

    def filename(self, suffix=".json") -> str:
        return file_stem(self.group) + suffix

    def save(self, folder=".", fmt="json") -> Path:
        """Write the run into ``folder`` (made if missing) as ``<group>.json`` (or ``.csv``); returns the path."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / self.filename("." + fmt)
        path.write_text(self.to_json() if fmt == "json" else self.to_csv(), encoding="utf-8")
        return path

    def shares(self, condition: str, generation: int) -> list:
        """The trait's share in each game of ``condition`` that still had animals at ``generation``."""
        return [g["carriers"][generation] / g["alive"][generation] for g in self.games
                if g["condition"] == condition and generation < len(g["alive"]) and g["alive"][generation]]


CSV_COLUMNS = ("group", "condition", "game", "generation", "carriers", "alive")


def file_stem(group: str) -> str:
    """A safe file name for a group: ``"Group 3 (Ana & Ben)"`` -> ``group-3-ana-ben``."""
    stem = re.sub(r"[^a-z0-9]+", "-", group.strip().lower()).strip("-")
    return stem[:60] or "group"


def group_seed(group: str) -> int:
    """Each group's own seed, from its name (the same name always gives the same games)."""
    return derive_seed("evolab-class-run", group.strip().lower())


def class_run(group: str, games: int = DEFAULT_GAMES, generations: int = DEFAULT_GENERATIONS, predictions=(),
              seed: int | None = None, bots: str = "greedy") -> ClassRun:
    """Play the class experiment for one group: ``games`` games with predators and as many without, each for
    ``generations`` generations, seeded from the group's name (or ``seed``). ``predictions``: the group's
    ``Prediction`` objects (or dicts), saved with the run."""
    from . import heredity
    from .experiments import run_batch
    group = _check_group(group)
    if not 1 <= games <= MAX_GAMES // 2:
        raise ClassDataError(f"games must be from 1 to {MAX_GAMES // 2}, not {games}", "games")
    if not 1 <= generations <= MAX_GENERATIONS:
        raise ClassDataError(f"generations must be from 1 to {MAX_GENERATIONS}, not {generations}", "generations")
    seed = group_seed(group) if seed is None else int(seed)
    result = run_batch("origin", grid={"banned_traits": [[], ["carnivorous"]]}, reps=games, seed=seed, bots=bots,
                       progress=False, tables=("generations",),
                       **heredity.preset("predation", generations=generations))
    series: dict = {}
    for r in result.rows("generations"):
        if r["trait"] != TRAIT:
            continue
        cond = CONDITIONS[1] if r["banned_traits"] else CONDITIONS[0]
        g = series.setdefault(r["game"], {"condition": cond, "game": r["rep"], "carriers": [], "alive": []})
        g["carriers"].append(r["carriers"])
        g["alive"].append(r["alive"])
    preds = tuple(p.to_dict() if hasattr(p, "to_dict") else dict(p) for p in predictions)
    games_ = tuple({**series[k], "carriers": tuple(series[k]["carriers"]), "alive": tuple(series[k]["alive"])}
                   for k in sorted(series))
    return ClassRun(group=group, games=games_, seed=seed, generations=generations,
                    predictions=tuple(_check_prediction(p, f"predictions[{i}]") for i, p in enumerate(preds)))


# ---- reading -----------------------------------------------------------------------------------------------------
def load(path) -> ClassRun:
    """A class run from a file (JSON saved by the lesson, or CSV with the columns of ``to_csv``). Refused with
    ``ClassDataError`` (nothing used) when it is not a class run or is damaged."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as e:
        raise ClassDataError(f"{path.name}: cannot be read ({e.strerror})") from None
    if size > MAX_BYTES:
        raise ClassDataError(f"{path.name}: {size:,} bytes is too large for a class run (at most {MAX_BYTES:,})")
    return loads(path.read_bytes(), name=path.name)


def loads(data, name: str = "") -> ClassRun:
    """A class run from the contents of a file (bytes, e.g. from an upload, or text)."""
    label = name or "the file"
    if len(data) > MAX_BYTES:
        raise ClassDataError(f"{label}: too large for a class run (at most {MAX_BYTES:,} bytes)")
    if isinstance(data, (bytes, bytearray, memoryview)):
        try:
            text = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ClassDataError(f"{label}: not a text file (JSON or CSV)") from None
    else:
        text = str(data)
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return _from_json(text, label)
    if stripped.lower().startswith("group"):
        return _from_csv(text, label)
    raise ClassDataError(f"{label}: not a class run (expected JSON saved by the lesson, or a CSV with the columns "
                         f"{', '.join(CSV_COLUMNS)})")


def load_many(sources) -> tuple:
    """``(runs, problems)`` from paths or ``(name, contents)`` pairs (an upload): every file that could be read,
    and one line per file that was refused. A group that sent the same run twice counts once."""
    runs, problems, seen = [], [], set()
    for item in sources:
        name = item[0] if isinstance(item, tuple) else Path(item).name
        try:
            run = loads(item[1], name=name) if isinstance(item, tuple) else load(item)
        except ClassDataError as e:
            problems.append(str(e))
            continue
        key = (run.group.lower(), run.to_json())
        if key in seen:
            problems.append(f"{name}: the same run as another file of {run.group!r}; counted once")
            continue
        seen.add(key)
        runs.append(run)
    return runs, problems


def load_folder(folder) -> tuple:
    """``(runs, problems)`` for every ``.json`` and ``.csv`` file in a folder (a shared class folder)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ClassDataError(f"{folder}: no such folder")
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".json", ".csv") and p.is_file())
    return load_many(files)


def _from_json(text: str, label: str) -> ClassRun:
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ClassDataError(f"{label}: not valid JSON ({e})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ClassDataError(f"{label}: not an evolab class run (its \"format\" must be {FORMAT!r})", "format")
    if data.get("version") != VERSION:
        raise ClassDataError(f"{label}: version {data.get('version')!r} is not one this evolab reads ({VERSION})",
                             "version")
    known = {"format", "version", "group", "experiment", "trait", "seed", "generations", "predictions", "games"}
    extra = sorted(set(data) - known)
    if extra:
        raise ClassDataError(f"{label}: unknown keys {extra}", extra[0])
    if data.get("experiment") != EXPERIMENT or data.get("trait") != TRAIT:
        raise ClassDataError(f"{label}: a run of another experiment ({data.get('experiment')!r}, trait "
                             f"{data.get('trait')!r}); this class pools {EXPERIMENT!r}", "experiment")
    group = _check_group(data.get("group"), label)
    seed = data.get("seed")
    if type(seed) is not int or seed < 0:
        raise ClassDataError(f"{label}: seed must be a whole number of 0 or more", "seed")
    gens = data.get("generations")
    if type(gens) is not int or not 1 <= gens <= MAX_GENERATIONS:
        raise ClassDataError(f"{label}: generations must be a whole number from 1 to {MAX_GENERATIONS}",
                             "generations")
    preds = data.get("predictions", [])
    if not isinstance(preds, list):
        raise ClassDataError(f"{label}: predictions must be a list", "predictions")
    preds = tuple(_check_prediction(p, f"predictions[{i}]", label) for i, p in enumerate(preds))
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise ClassDataError(f"{label}: games must be a non-empty list", "games")
    if len(games) > MAX_GAMES:
        raise ClassDataError(f"{label}: more than {MAX_GAMES} games", "games")
    checked = []
    for i, g in enumerate(games):
        where = f"games[{i}]"
        if not isinstance(g, dict) or set(g) != {"condition", "game", "carriers", "alive"}:
            raise ClassDataError(f"{label}: {where} must have exactly condition, game, carriers and alive", where)
        checked.append(_check_game(g["condition"], g["game"], g["carriers"], g["alive"], gens, where, label))
    _check_unique(checked, label)
    return ClassRun(group=group, games=tuple(checked), seed=seed, generations=gens, predictions=preds, source=label)


def _from_csv(text: str, label: str) -> ClassRun:
    series: dict = {}
    groups = set()
    for where, (group, cond, game, gen, carriers, alive) in data_rows(text, CSV_COLUMNS, label, ClassDataError):
        groups.add(group)
        try:
            game, gen, carriers, alive = int(game), int(gen), int(carriers), int(alive)
        except ValueError:
            raise ClassDataError(f"{label}: {where}: game, generation, carriers and alive must be whole numbers",
                                 where) from None
        s = series.setdefault((cond, game), {})
        if gen in s:
            raise ClassDataError(f"{label}: {where}: generation {gen} of game {game} ({cond}) appears twice", where)
        s[gen] = (carriers, alive)
    if len(groups) != 1:
        raise ClassDataError(f"{label}: a file holds one group's run (found {len(groups)} group names)", "group")
    group = _check_group(groups.pop(), label)
    if not series:
        raise ClassDataError(f"{label}: no rows", "games")
    if len(series) > MAX_GAMES:
        raise ClassDataError(f"{label}: more than {MAX_GAMES} games", "games")
    gens = max(max(s) for s in series.values())
    checked = []
    for (cond, game), s in series.items():          # in the order of the file
        if sorted(s) != list(range(len(s))):
            raise ClassDataError(f"{label}: game {game} ({cond}) must list generations 0, 1, 2, ... without gaps",
                                 f"game {game}")
        checked.append(_check_game(cond, game, [s[t][0] for t in sorted(s)], [s[t][1] for t in sorted(s)], gens,
                                   f"game {game} ({cond})", label))
    _check_unique(checked, label)
    return ClassRun(group=group, games=tuple(checked), seed=0, generations=gens, source=label)


def _check_group(group, label="") -> str:
    prefix = f"{label}: " if label else ""
    if not isinstance(group, str) or not group.strip():
        raise ClassDataError(f"{prefix}the group needs a name", "group")
    if len(group) > 80:
        raise ClassDataError(f"{prefix}a group name has at most 80 characters", "group")
    return group.strip()


def _check_game(cond, game, carriers, alive, generations, where, label) -> dict:
    if cond not in CONDITIONS:
        raise ClassDataError(f"{label}: {where}: condition must be one of {list(CONDITIONS)}, not {cond!r}",
                             f"{where}.condition")
    if type(game) is not int or game < 0:
        raise ClassDataError(f"{label}: {where}: game must be a whole number of 0 or more", f"{where}.game")
    for name, seq in (("carriers", carriers), ("alive", alive)):
        if not isinstance(seq, list) or not all(type(x) is int and x >= 0 for x in seq):
            raise ClassDataError(f"{label}: {where}: {name} must be a list of whole numbers of 0 or more",
                                 f"{where}.{name}")
    if len(carriers) != len(alive) or not 1 <= len(alive) <= generations + 1:
        raise ClassDataError(f"{label}: {where}: carriers and alive must have one number per generation, 0 to "
                             f"{generations}", f"{where}.alive")
    for t, (c, a) in enumerate(zip(carriers, alive)):
        if c > a:
            raise ClassDataError(f"{label}: {where}: generation {t} has more carriers ({c}) than living animals ({a})",
                                 f"{where}.carriers[{t}]")
    return {"condition": cond, "game": game, "carriers": tuple(carriers), "alive": tuple(alive)}


def _check_unique(games, label):
    seen = set()
    for g in games:
        key = (g["condition"], g["game"])
        if key in seen:
            raise ClassDataError(f"{label}: game {g['game']} ({g['condition']}) appears twice", "games")
        seen.add(key)


def _check_prediction(p, where, label="the run") -> dict:
    if not isinstance(p, dict):
        raise ClassDataError(f"{label}: {where} must be an object", where)
    out = {}
    for key, kinds in (("name", str), ("question", str), ("answer", (str, int, float, type(None))),
                       ("reason", str), ("automatic", bool)):
        v = p.get(key, False if key == "automatic" else "" if key != "answer" else None)
        if not isinstance(v, kinds) or (isinstance(v, str) and len(v) > 2000):
            raise ClassDataError(f"{label}: {where}.{key} has the wrong type or is too long", f"{where}.{key}")
        out[key] = v
    extra = sorted(set(p) - set(out))
    if extra:
        raise ClassDataError(f"{label}: {where}: unknown keys {extra}", f"{where}.{extra[0]}")
    return out


# ---- pooling -------------------------------------------------------------------------------------------------------
def _mean_ci(values):
    """Mean and 95% interval (t) as a dict; ``low``/``high`` None with fewer than two values."""
    from .analysis.heredity import _mean_ci as interval
    n, mean, sd, low, high = interval(list(values))
    two = n > 1
    return {"n": n, "mean": mean, "low": low if two else None, "high": high if two else None, "sd": sd if two else None}


def pool(runs, generation: int | None = None) -> dict:
    """Each group's and the whole class's share of carriers at ``generation`` (default: the last one every run
    reached), per condition, as a mean over games with its 95% interval; ``between_groups``: how far the groups'
    means lie apart (their standard deviation) per condition; ``missed``: the groups whose interval does not hold
    the class's mean (about 1 in 20 is expected to miss)."""
    runs = list(runs)
    if not runs:
        raise ClassDataError("no class runs to pool")
    if generation is None:
        generation = min(len(g["alive"]) for r in runs for g in r.games) - 1
    groups = []
    for r in runs:
        row = {"group": r.group, "predictions": list(r.predictions)}
        for cond in CONDITIONS:
            row[cond] = _mean_ci(r.shares(cond, generation))
        groups.append(row)
    everyone = {cond: _mean_ci([s for r in runs for s in r.shares(cond, generation)]) for cond in CONDITIONS}
    between = {}
    for cond in CONDITIONS:
        means = [g[cond]["mean"] for g in groups if g[cond]["mean"] is not None]
        between[cond] = _mean_ci(means)
    cls = everyone[CONDITIONS[0]]["mean"]
    missed = [g["group"] for g in groups if g[CONDITIONS[0]]["low"] is not None and cls is not None
              and not g[CONDITIONS[0]]["low"] <= cls <= g[CONDITIONS[0]]["high"]]
    return {"generation": generation, "groups": groups, "class": everyone, "between_groups": between,
            "missed": missed, "runs": len(runs), "games": sum(len(r.games) for r in runs)}


def start_share(runs) -> float | None:
    """The share at generation 0 (the founders), the same in every game of the experiment."""
    shares = [g["carriers"][0] / g["alive"][0] for r in runs for g in r.games if g["alive"] and g["alive"][0]]
    return sum(shares) / len(shares) if shares else None


__all__ = ["ClassRun", "ClassDataError", "class_run", "load", "loads", "load_many", "load_folder", "pool", "group_seed",
           "file_stem", "start_share", "FORMAT", "VERSION", "CONDITIONS", "EXPERIMENT", "TRAIT", "CSV_COLUMNS"]

"""What the Heredity variant must show (issue "What it must show", items 2-5), asserted on 95% intervals over
replicate games with fixed seeds and the presets' defaults; and the analysis measures on hand-made rows.

The full figures (60 replicates per condition) come from ``python benchmarks/heredity.py figures``; these
tests use the smallest sizes at which the claims are clear, so the module runs in well under a minute.
Bots: greedy in every seat.
"""
from __future__ import annotations

import math

import pytest

from evolab import heredity, run_batch
from evolab.analysis import (arose_vs_kept, chi2_sf, deck_spectrum, fixation_times, mutation_spectrum, proportion,
                             runs_alive, selection_differential, spectrum_test, spread, trait_frequency)

REPS = 50


def batch(name, reps=REPS, seed=13, tables=("generations", "births", "fates"), grid=None, **overrides):
    return run_batch("origin", grid=grid, reps=reps, seed=seed, progress=False, tables=tables,
                     **heredity.preset(name, **overrides))


@pytest.fixture(scope="module")
def runs():
    return {name: batch(name) for name in ("predation", "no_predators", "scarcity", "environment_change")}


# ---- item 3: selection --------------------------------------------------------------------------------
def test_a_helpful_inherited_trait_spreads_under_predation_above_the_control(runs):
    """Camouflage (1 of 8 founders) reaches a mean of 40% by generation 15 under predation, and its band lies
    above the no-predator control's band from some generation on, to the end."""
    pred = {r["turn"]: r for r in trait_frequency(runs["predation"].rows("generations"), "camouflage")}
    ctrl = {r["turn"]: r for r in trait_frequency(runs["no_predators"].rows("generations"), "camouflage")}
    assert pred[0]["mean"] == ctrl[0]["mean"] == 0.125 and pred[0]["runs"] == REPS
    assert any(pred[t]["mean"] >= 0.40 for t in range(1, 16))
    above = [t for t in range(1, 21) if pred[t]["ci_low"] > ctrl[t]["ci_high"]]
    assert above and above == list(range(above[0], 21)), above
    assert pred[20]["runs_alive"] >= REPS // 2          # most runs still have animals (the count is reported)


def test_the_control_does_not_rise_beyond_drift(runs):
    """Without carnivores Camouflage does nothing: its final band does not lie above its start, selection
    does not favour it, and whatever the selection differential is, it is far from the predation one."""
    ctrl = trait_frequency(runs["no_predators"].rows("generations"), "camouflage")
    assert ctrl[-1]["turn"] == 20 and ctrl[-1]["ci_low"] <= 0.125
    sd = selection_differential(runs["no_predators"].rows("generations"), "camouflage", pooled=True)[0]
    pred = selection_differential(runs["predation"].rows("generations"), "camouflage", pooled=True)[0]
    assert sd["selection_differential_low"] <= 0 and abs(sd["selection_differential"]) < 0.01
    assert pred["selection_differential_low"] > sd["selection_differential_high"]


def test_under_predation_carriers_survive_and_breed_more_in_the_same_generation(runs):
    sd = selection_differential(runs["predation"].rows("generations"), "camouflage", pooled=True)[0]
    assert sd["survival_difference_low"] > 0.05 and sd["offspring_difference_low"] > 0.05
    assert sd["selection_differential_low"] > 0


def test_a_costly_trait_falls_under_scarcity(runs):
    """High Body Weight (25% of founders, +1 food need, no carnivores, food x1) falls, and selection acts against it."""
    sc = {r["turn"]: r for r in trait_frequency(runs["scarcity"].rows("generations"), "high_body_weight")}
    assert sc[0]["mean"] == 0.25
    assert sc[20]["ci_high"] < 0.25
    sd = selection_differential(runs["scarcity"].rows("generations"), "high_body_weight", pooled=True)[0]
    assert sd["selection_differential_high"] < 0 and sd["survival_difference_high"] < 0


def test_under_environment_change_selection_on_a_costly_defence_reverses_at_the_switch(runs):
    """High Body Weight (+1 food need; only a heavy carnivore may attack it) in environment A (generations
    1-4: carnivores on half the founders, food x4) and B (from generation 5: the predators gone, food x1).
    Selection favours it in A and acts against it in B (selection differentials on intervals), and its share
    rises in A and falls in B (bands apart). Generation 4 is left out of A's differential and is B's baseline:
    it is counted as the predators leave, so carnivores that left count as lost and none is in its count."""
    leave = heredity.preset("environment_change")["predators_leave"]
    rows = runs["environment_change"].rows("generations")
    end = max(r["turn"] for r in rows)

    def sd(lo, hi):
        return selection_differential([r for r in rows if lo <= r["turn"] <= hi], "high_body_weight", pooled=True)[0]
    a, b = sd(1, leave - 2), sd(leave, end)
    assert a["selection_differential_low"] > 0 and a["survival_difference_low"] > 0
    assert b["selection_differential_high"] < 0 and b["survival_difference_high"] < 0
    freq = {r["turn"]: r for r in trait_frequency(rows, "high_body_weight")}
    assert freq[0]["mean"] == 0.125
    assert freq[leave - 2]["ci_low"] > freq[1]["ci_high"]             # rose while the predators were many
    assert freq[end]["ci_high"] < freq[leave - 1]["ci_low"]          # fell once they had gone and food was short
    assert freq[end]["runs_alive"] >= REPS * 3 // 4


# ---- item 2: mutation is blind ------------------------------------------------------------------------
def test_the_mutation_spectrum_is_the_same_in_every_environment_and_matches_the_deck(runs):
    """Pearson chi-square: the traits' shares among the mutations that arose do not differ between predation,
    no_predators and scarcity (homogeneity), and the pooled shares fit the deck's composition."""
    spectra = {}
    for name in ("predation", "no_predators", "scarcity"):
        [(_, sp)] = mutation_spectrum(runs[name].rows("births"), by=[]).items()
        spectra[name] = sp
    assert all(sum(sp.values()) > 150 for sp in spectra.values())
    test = spectrum_test(spectra, deck_spectrum(heredity.load("predation")))
    assert test["homogeneity"]["p"] > 0.01 and test["homogeneity"]["df"] >= 10
    assert test["fit"]["p"] > 0.01 and test["fit"]["n"] > 1000


def test_the_spectrum_test_detects_a_spectrum_that_follows_need():
    """The same test rejects a made-up spectrum where defences arise more often under predation."""
    deck = deck_spectrum(heredity.load("predation"))
    even = {t: round(3000 * v) for t, v in deck.items()}
    biased = dict(even, camouflage=even["camouflage"] * 3, swimming=even["swimming"] * 2)
    test = spectrum_test({"no_predators": even, "predation": biased}, deck)
    assert test["homogeneity"]["p"] < 1e-6 and test["fit"]["p"] < 1e-6


def test_what_arose_differs_from_what_was_kept_under_predation(runs):
    """Camouflage is a small share of the mutations that arose but the largest share of what is carried at the end."""
    rows = {r["trait"]: r for r in arose_vs_kept(runs["predation"].rows("generations"), by=[])}
    cam = rows["camouflage"]
    assert cam["share_arose_high"] < 0.1 < cam["share_kept_low"]
    assert rows["parasite"]["share_kept"] < rows["parasite"]["share_arose"]


# ---- item 4: the mutation rate ------------------------------------------------------------------------
RATES = [0.0, 0.05, 0.1, 0.15, 0.2]


@pytest.fixture(scope="module")
def sweep():
    r = batch("predation", reps=30, seed=17, grid={"mutation_rate": RATES}, tables=("generations", "births"),
              founder_traits={"carnivorous": 0.2})
    games: dict = {}
    for x in r.rows("generations"):
        games.setdefault(x["mutation_rate"], {}).setdefault(x["game"], []).append(x)
    return {"games": games, "births": [x for x in r.rows("births") if x["parent"] >= 0]}


def _per_run(sweep, rate, fn):
    return [fn(rows) for rows in sweep["games"][rate].values()]


def test_a_higher_mutation_rate_brings_new_traits_sooner_and_a_defence_spreads_sooner(sweep):
    """With no defended founders: the first camouflaged animal appears earlier, and more runs see a defence
    (Camouflage or Swimming) reach 40% of the animals, the higher the rate."""
    def first_mutant(rows):
        t = [r["turn"] for r in rows if r["trait"] in ("camouflage", "swimming") and r["carriers"] and r["turn"]]
        return min(t) if t else 99

    def spread40(rows):
        return any(r["alive"] and r["carriers"] >= 0.4 * r["alive"] and r["turn"]
                   for r in rows if r["trait"] in ("camouflage", "swimming"))
    first = {rate: _per_run(sweep, rate, first_mutant) for rate in RATES}
    reach = {rate: proportion(sum(_per_run(sweep, rate, spread40)), 30) for rate in RATES}
    assert all(t == 99 for t in first[0.0]) and reach[0.0][0] == 0
    med = {rate: sorted(v)[len(v) // 2] for rate, v in first.items()}
    assert med[0.05] >= med[0.1] >= med[0.2] and med[0.05] > med[0.2]
    assert reach[0.2][1] > reach[0.0][2] and reach[0.2][0] > reach[0.05][0]


def test_a_higher_mutation_rate_brings_more_harmful_mutations_at_a_fixed_share(sweep):
    """Mutation load: Parasite mutations per run rise with the rate (intervals apart at the ends of the sweep),
    while Parasite's share of all mutations stays near the deck's 4.8%."""
    births = sweep["births"]
    per = {}
    for rate in RATES:
        counts = {g: 0 for g in sweep["games"][rate]}
        for r in births:
            if r["mutation_rate"] == rate and r["mutation"] == "parasite":
                counts[r["game"]] += 1
        vals = list(counts.values())
        n = len(vals)
        mean = sum(vals) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in vals) / (n - 1))
        per[rate] = (mean, mean - 2.05 * sd / math.sqrt(n), mean + 2.05 * sd / math.sqrt(n))
    assert per[0.0][0] == 0 and per[0.2][1] > per[0.05][2]
    assert [per[r][0] for r in RATES] == sorted(per[r][0] for r in RATES)
    muts = [r for r in births if r["mutation"] and r["mutation_rate"] >= 0.1]
    share, lo, hi = proportion(sum(r["mutation"] == "parasite" for r in muts), len(muts))
    assert lo < 4 / 84 < hi


# ---- item 5: drift ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def drift():
    return {size: batch("neutral", reps=60, seed=19, tables=("generations", "fates"), founders=f, food_multiplier=m)
            for size, (f, m) in {"small": (4, 1.0), "middle": (8, 2.0), "large": (16, 4.0)}.items()}


def test_drift_spreads_replicates_more_and_fixes_or_loses_sooner_in_small_populations(drift):
    """Neutral Camouflage (half the founders, no carnivores) at three population sizes: the spread of its
    frequency across replicates at generation 10 and the share of runs where it was fixed or lost are largest
    in the small population; fixation or loss comes sooner there."""
    sd = {k: spread(r.rows("generations"), "camouflage", 10, by=[])[0] for k, r in drift.items()}
    fx = {k: fixation_times(r.rows("generations"), r.rows("fates"), "camouflage", by=[])[0] for k, r in drift.items()}
    pop = {k: sum(x["alive"] for x in r.rows("generations") if x["turn"] == 10 and x["trait"] == "camouflage")
           for k, r in drift.items()}
    assert pop["small"] < pop["middle"] < pop["large"]
    assert sd["small"]["sd_low"] > sd["large"]["sd_high"]
    assert sd["small"]["sd"] > sd["middle"]["sd"] > sd["large"]["sd"]
    assert fx["small"]["absorbed_low"] > fx["large"]["absorbed_high"]
    assert fx["small"]["median"] < fx["large"]["median"]
    assert all(f["died_out"] + f["fixed"] + f["lost"] + f["segregating"] == f["runs"] == 60 for f in fx.values())


# ---- the measures on hand-made rows ------------------------------------------------------------------
def test_chi_square_tail_and_wilson_interval_have_their_textbook_values():
    assert chi2_sf(3.841459, 1) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf(18.307038, 10) == pytest.approx(0.05, abs=1e-6)
    assert chi2_sf(0.0, 3) == 1.0
    p, lo, hi = proportion(5, 10)
    assert p == 0.5 and lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)


def _gen(game, turn, alive, carriers, **kw):
    base = {"game": game, "turn": turn, "trait": "camouflage", "carriers": carriers, "alive": alive,
            "feeding_carriers": 0, "feeding": 0, "survived_carriers": 0, "survived": 0, "offspring_carriers": 0,
            "young": 0, "arose": 0, "added": 0, "lost": 0, "world": "a"}
    base.update(kw)
    base["frequency"] = base["carriers"] / base["alive"] if base["alive"] else None
    return base


def test_frequency_counts_runs_that_died_out_and_leaves_them_out_of_the_mean():
    rows = [_gen(0, 0, 10, 2), _gen(0, 1, 10, 4), _gen(1, 0, 10, 2), _gen(1, 1, 0, 0)]
    out = {r["turn"]: r for r in trait_frequency(rows, "camouflage")}
    assert (out[1]["runs"], out[1]["runs_alive"], out[1]["n"], out[1]["mean"]) == (2, 1, 1, 0.4)
    assert runs_alive(rows)[-1] == {"world": "a", "turn": 1, "runs": 2, "runs_alive": 1}


def test_selection_differential_compares_carriers_and_others_within_a_generation():
    """Game 0: 4 carriers of 10 all survive with a young each; 2 of the 6 others survive: survival 1 vs 1/3;
    the cohort left 4+4 carrier lines of 12, against 4 of 10 at feeding: +0.267."""
    r = _gen(0, 1, 12, 8, feeding_carriers=4, feeding=10, survived_carriers=4, survived=6, offspring_carriers=4, young=6)
    out = selection_differential([r, dict(r, game=1)], "camouflage")[0]
    assert out["carrier_survival"] == 1 and out["other_survival"] == pytest.approx(1 / 3)
    assert out["survival_difference"] == pytest.approx(2 / 3) and out["offspring_difference"] == pytest.approx(2 / 3)
    assert out["selection_differential"] == pytest.approx(8 / 12 - 0.4) and out["n"] == 2


def test_fixation_times_sort_runs_into_fixed_lost_mixed_and_died_out():
    gens = [_gen(g, t, 10, 5) for g in range(4) for t in (0, 1, 2)]
    gens[-1] = _gen(3, 2, 0, 0)
    fates = [{"game": 0, "turn": 1, "trait": "camouflage", "fate": "fixed"},
             {"game": 0, "turn": 2, "trait": "camouflage", "fate": "lost"},
             {"game": 1, "turn": 2, "trait": "camouflage", "fate": "lost"}]
    [f] = fixation_times(gens, fates, "camouflage")
    assert (f["fixed"], f["lost"], f["segregating"], f["died_out"], f["runs"]) == (1, 1, 1, 1, 4)
    assert f["mean"] == 1.5 and f["median"] == 1.5 and f["absorbed"] == 0.5


def test_the_charts_say_generation_and_count_the_runs_alive(runs):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from evolab import viz
    rows = runs["predation"].rows("generations") + runs["no_predators"].rows("generations")
    ax = viz.generation_frequency(rows, "camouflage")
    assert ax.get_xlabel() == "Generation" and len(ax.get_lines()) == 2
    text = viz.describe(ax)
    assert text.startswith("Heredity variant (evolab's classroom rules)") and "runs still alive" in text
    assert "banned_traits = None: Camouflage rose" in text and 'banned_traits = ["carnivorous"]' in text
    ax2 = viz.selection_bars(rows, "camouflage")
    assert "of carriers survived against" in viz.describe(ax2)
    plt.close("all")

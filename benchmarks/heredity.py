"""The Heredity variant: speed, and the figures of what it shows (selection, blind mutation, mutation rate, drift).

    python benchmarks/heredity.py speed              # games/s and generations/s of `predation` (2 players, greedy),
                                                     # and a 100-replicate x 20-generation experiment, 1 and 2 workers
    python benchmarks/heredity.py figures [--reps 60] [--workers 2] [--bots greedy]
                                                     # every figure below, with 95% intervals over replicates

Every figure is a mean over replicate games with its 95% interval (t interval over games; runs that died out
are counted and left out of frequencies, never averaged as 0). The bots decide feeding and attacks only;
the bot mix is printed with every result.
"""
from __future__ import annotations

import argparse
import time

from evolab import Match, heredity, run_batch
from evolab.analysis import (arose_vs_kept, deck_spectrum, fixation_times, mutation_spectrum,
                             selection_differential, spectrum_test, spread, trait_frequency)
from evolab.bots import GreedyBot
from evolab.seeding import derive_seed

HARMFUL = ("parasite",)            # needs 2 more food and does nothing for its carrier
DEFENCES = ("camouflage", "swimming", "burrowing", "running", "tail_loss", "high_body_weight", "mimicry", "poisonous")


# ---- speed --------------------------------------------------------------------------------------------
def speed(games=100):
    rs = heredity.load("predation")
    gens = 0
    t0 = time.perf_counter()
    for g in range(games):
        m = Match(rs, seats=[GreedyBot(), GreedyBot()], seed=derive_seed("heredity-bench", g))
        m.play_out()
        gens += m.state.turn
    dt = time.perf_counter() - t0
    print(f"predation, 2 players, greedy bots, untracked: {games / dt:.1f} games/s, {gens / dt:.0f} generations/s "
          f"({gens / games:.1f} generations per game)")
    for workers in (1, 2):
        t0 = time.perf_counter()
        r = run_batch("origin", reps=100, seed=1, workers=workers, progress=False, **heredity.preset("predation"))
        dt = time.perf_counter() - t0
        print(f"100 replicates x 20 generations, tracked (every table), {workers} worker(s): {dt:.2f} s "
              f"({len(r.rows('generations'))} generation rows)")


# ---- figures --------------------------------------------------------------------------------------------
def _f(x, digits=2):
    return "—" if x is None else f"{x:.{digits}f}"


def _band(r, pct=True):
    if r["mean"] is None:
        return "no run alive"
    k = 100 if pct else 1
    return f"{r['mean'] * k:.0f}% [{r['ci_low'] * k:.0f}, {r['ci_high'] * k:.0f}]" if pct else \
        f"{_f(r['mean'])} [{_f(r['ci_low'])}, {_f(r['ci_high'])}]"


def selection(reps, workers, bots):
    print("\n== 3. Selection (presets' defaults) ==")
    runs = {}
    for name in ("predation", "no_predators", "scarcity", "environment_change"):
        runs[name] = run_batch("origin", reps=reps, seed=13, workers=workers, bots=bots, progress=False,
                               tables=("generations", "fates", "births"), **heredity.preset(name))
    for name in ("predation", "no_predators"):
        rows = trait_frequency(runs[name].rows("generations"), "camouflage")
        print(f"{name}: camouflage frequency (mean of runs alive [95% CI], runs alive/runs)")
        print("   " + "  ".join(f"g{r['turn']}: {_band(r)} {r['runs_alive']}/{r['runs']}" for r in rows if r["turn"] % 5 == 0))
    pred = {r["turn"]: r for r in trait_frequency(runs["predation"].rows("generations"), "camouflage")}
    ctrl = {r["turn"]: r for r in trait_frequency(runs["no_predators"].rows("generations"), "camouflage")}
    reach = next((t for t in sorted(pred) if pred[t]["mean"] is not None and pred[t]["mean"] >= 0.4), None)
    above = [t for t in sorted(pred) if t in ctrl and pred[t]["ci_low"] is not None and ctrl[t]["ci_high"] is not None
             and pred[t]["ci_low"] > ctrl[t]["ci_high"]]
    first_above = next((t for t in sorted(pred) if all(u in above for u in pred if u >= t)), None)
    print(f"predation: mean camouflage first >= 40% at generation {reach}; its band lies above the control's "
          f"from generation {first_above} on")
    for name in ("predation", "no_predators"):
        sd = selection_differential(runs[name].rows("generations"), "camouflage", pooled=True)[0]
        print(f"{name}: camouflage carriers vs others, every generation pooled ({sd['n']} games): survival "
              f"{_f(sd['carrier_survival'])} vs {_f(sd['other_survival'])}, difference {_f(sd['survival_difference'])} "
              f"[{_f(sd['survival_difference_low'])}, {_f(sd['survival_difference_high'])}]; young per animal "
              f"{_f(sd['carrier_offspring'])} vs {_f(sd['other_offspring'])}; selection differential "
              f"{_f(sd['selection_differential'], 3)} [{_f(sd['selection_differential_low'], 3)}, "
              f"{_f(sd['selection_differential_high'], 3)}]")
    ctrl_rows = trait_frequency(runs["no_predators"].rows("generations"), "camouflage")
    print(f"no_predators: start {_band(ctrl_rows[0])}, generation 20 {_band(ctrl_rows[-1])} "
          f"(drift only: the interval should contain the start)")
    sc = trait_frequency(runs["scarcity"].rows("generations"), "high_body_weight")
    print("scarcity: high body weight " + "  ".join(f"g{r['turn']}: {_band(r)} {r['runs_alive']}/{r['runs']}"
                                                   for r in sc if r["turn"] % 5 == 0))
    sd = selection_differential(runs["scarcity"].rows("generations"), "high_body_weight", pooled=True)
    if sd:
        sd = sd[0]
        print(f"scarcity: selection differential on high body weight {_f(sd['selection_differential'], 3)} "
              f"[{_f(sd['selection_differential_low'], 3)}, {_f(sd['selection_differential_high'], 3)}], "
              f"survival {_f(sd['carrier_survival'])} vs {_f(sd['other_survival'])}")
    env = runs["environment_change"].rows("generations")
    leave = heredity.preset("environment_change")["predators_leave"]
    end = max(r["turn"] for r in env)
    ec = trait_frequency(env, "high_body_weight")
    print(f"environment_change: high body weight (environment A: carnivores, food x4, generations 1-{leave - 1}; "
          f"B: no predators, food x1, from generation {leave}; generation {leave - 1} is counted as the carnivores "
          f"leave, so none is in its count)")
    print("   " + "  ".join(f"g{r['turn']}: {_band(r)} {r['runs_alive']}/{r['runs']}"
                            for r in ec if r["turn"] % 5 == 0 or r["turn"] in (1, leave - 2, leave - 1)))
    # A's differential stops before the generation counted as the carnivores leave (they would count as deaths)
    for label, lo, hi in (("A: with predators", 1, leave - 2), ("B: after the switch", leave, end)):
        part = [r for r in env if lo <= r["turn"] <= hi]
        sd = selection_differential(part, "high_body_weight", pooled=True)
        if sd:
            sd = sd[0]
            print(f"   {label} (g{lo}-{hi}): selection differential {_f(sd['selection_differential'], 3)} "
                  f"[{_f(sd['selection_differential_low'], 3)}, {_f(sd['selection_differential_high'], 3)}] "
                  f"({sd['n']} games), survival carriers {_f(sd['carrier_survival'])} vs others {_f(sd['other_survival'])}")
    return runs


def blind(runs, reps, workers, bots):
    print("\n== 2. Mutation is blind ==")
    spectra = {}
    for name in ("predation", "no_predators", "scarcity"):
        sp = mutation_spectrum(runs[name].rows("births"), by=[])
        spectra[name] = sp[()] if () in sp else next(iter(sp.values()))
    expected = deck_spectrum(heredity.load("predation"))
    test = spectrum_test(spectra, expected)
    for name, sp in spectra.items():
        n = sum(sp.values())
        top = sorted(sp, key=lambda t: -sp[t])[:5]
        print(f"{name}: {n} mutations arose; " + ", ".join(f"{t} {100 * sp[t] / n:.1f}%" for t in top))
    print("deck: " + ", ".join(f"{t} {100 * v:.1f}%" for t, v in sorted(expected.items(), key=lambda kv: -kv[1])[:5]))
    h, f = test["homogeneity"], test["fit"]
    print(f"Pearson chi-square, homogeneity of the trait shares across the 3 environments: chi2 = {h['chi2']:.1f}, "
          f"df = {h['df']}, p = {h['p']:.3f}; goodness of fit of the pooled shares to the deck: chi2 = {f['chi2']:.1f}, "
          f"df = {f['df']}, p = {f['p']:.3f} (n = {f['n']})")


def mutation_rate(reps, workers, bots):
    print("\n== 4. Mutation rate (predation founders without a defence: 20% carnivores) ==")
    rates = [0.0, 0.05, 0.1, 0.15, 0.2]
    opts = heredity.preset("predation", founder_traits={"carnivorous": 0.2})
    r = run_batch("origin", grid={"mutation_rate": rates}, reps=reps, seed=17, workers=workers, bots=bots,
                  progress=False, tables=("generations", "births"), **opts)
    gens = r.rows("generations")
    births = r.rows("births")
    print(f"{'rate':>5} {'runs alive g20':>14} {'1st defence (gen)':>18} {'any defence >= 40%':>19} "
          f"{'by gen (mean)':>13} {'parasite arose/run':>18} {'share of mutations':>18} {'parasite carriers':>17}")
    for rate in rates:
        g = [x for x in gens if x["mutation_rate"] == rate]
        b = [x for x in births if x["mutation_rate"] == rate and x["parent"] >= 0]
        games = sorted({x["game"] for x in g})
        alive20 = sum(1 for x in g if x["turn"] == 20 and x["alive"] and x["trait"] == "camouflage")
        first_def, reach = [], []
        for game in games:
            rows = [x for x in g if x["game"] == game and x["trait"] in DEFENCES]
            present = [x["turn"] for x in rows if x["carriers"] and x["turn"] > 0]
            if present:
                first_def.append(min(present))
            hit = [x["turn"] for x in rows if x["alive"] and x["carriers"] / x["alive"] >= 0.4 and x["turn"] > 0]
            if hit:
                reach.append(min(hit))
        harm = sum(1 for x in b if x["mutation"] in HARMFUL)
        muts = sum(1 for x in b if x["mutation"])
        load = [x["carriers"] / x["alive"] for x in g if x["trait"] == "parasite" and x["alive"] and x["turn"] > 0]
        mean_load = sum(load) / len(load) if load else 0.0
        fd = f"{sum(first_def) / len(first_def):.1f} ({len(first_def)} runs)" if first_def else "never"
        rc = f"{sum(reach) / len(reach):.1f}" if reach else "—"
        print(f"{rate:>5} {alive20:>9}/{len(games):<4} {fd:>18} {len(reach):>12}/{len(games):<6} {rc:>13} "
              f"{harm / len(games):>18.2f} {(100 * harm / muts if muts else 0):>17.1f}% {100 * mean_load:>16.1f}%")


def drift(reps, workers, bots):
    print("\n== 5. Drift (neutral: camouflage on half the founders, no carnivores) ==")
    sizes = [(4, 1.0), (8, 2.0), (16, 4.0)]            # founders per player and food: small, middle, large
    for founders, food in sizes:
        r = run_batch("origin", reps=reps, seed=19, workers=workers, bots=bots, progress=False,
                      tables=("generations", "fates"), **heredity.preset("neutral", founders=founders, food_multiplier=food))
        g = r.rows("generations")
        pop = [x["alive"] for x in g if x["trait"] == "camouflage" and x["turn"] == 10 and x["alive"]]
        sp = {x["turn"]: x for x in spread(g, "camouflage", 10, by=[]) + spread(g, "camouflage", 20, by=[])}
        fx = fixation_times(g, r.rows("fates"), "camouflage", by=[])[0]
        print(f"{founders} founders, food x{food:g}: mean population at g10 {sum(pop) / max(1, len(pop)):.0f} animals; "
              f"spread (sd across runs alive) of camouflage's frequency at g10 {_f(sp[10]['sd'])} "
              f"[{_f(sp[10]['sd_low'])}, {_f(sp[10]['sd_high'])}], at g20 {_f(sp[20]['sd'])} [{_f(sp[20]['sd_low'])}, "
              f"{_f(sp[20]['sd_high'])}] (mean {_f(sp[20]['mean'])}); fixed {fx['fixed']}, lost {fx['lost']}, still mixed "
              f"{fx['segregating']}, died out {fx['died_out']} of {fx['runs']}; generation of fixation or loss: median "
              f"{_f(fx['median'], 1)}, mean {_f(fx['mean'], 1)} [{_f(fx['ci_low'], 1)}, {_f(fx['ci_high'], 1)}]")


def arose_kept(runs):
    print("\n== arose vs kept (predation) ==")
    rows = arose_vs_kept(runs["predation"].rows("generations"), by=[])
    for x in sorted(rows, key=lambda x: -x["arose"])[:8]:
        print(f"{x['trait']:>18}: {100 * x['share_arose']:.1f}% of mutations, {100 * x['share_kept']:.1f}% of traits "
              f"carried at the end")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("speed", "figures"))
    ap.add_argument("--reps", type=int, default=60)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--only", choices=("drift",), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.what == "speed":
        speed()
        return
    t0 = time.perf_counter()
    print(f"bots: {args.bots} in every seat; {args.reps} replicates per condition; 2 players")
    if args.only == "drift":
        drift(args.reps, args.workers, args.bots)
        return
    runs = selection(args.reps, args.workers, args.bots)
    blind(runs, args.reps, args.workers, args.bots)
    arose_kept(runs)
    mutation_rate(args.reps, args.workers, args.bots)
    drift(args.reps, args.workers, args.bots)
    print(f"\n({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Does the hindsight-best single learner's lead over auto hold on new draws?

An analysis, written before its runs; it chooses nothing (no rule, no
setting). auto's first target compares it, file by file, with the single PU
learner whose mean test accuracy over seeds 1 to 5 is highest, known only in
hindsight: the maximum of nine noisy means, which is biased upwards (the
winner's curse). Here each small reported CSV file is run again on seeds 6
to 10 (new test rows, splits and initial weights, same settings), and the
learner that seeds 1 to 5 named is set beside auto on those seeds, where
nothing chose it; the hindsight best of seeds 6 to 10 and of all ten seeds
are shown too, as the target would name them.

SWEEPS holds one folder per file (named as its results file: example-wine,
table-iris, ...) with the shard files of `policypu sweep --seeds 10` over
the nine single PU learners and auto. FOLDS holds one folder per file with
`run --auto-folds 5` runs, seed-S.json for seeds 6 to 10 here, and REPORTED
the same for seeds 1 to 5 (results/auto-folds.md's runs). Accuracies are the
kept epochs' (for auto, its mean's); no test figure chose anything.

    scripts/fresh_seeds_check.py SWEEPS FOLDS REPORTED > results/analysis-fresh-seeds.md
"""

import glob
import json
import os
import statistics
import sys

from provenance import print_study_head
from shard_runs import outcomes

FIRST, FRESH = range(1, 6), range(6, 11)
AUTO = "auto"
# The learners' names as the results files print them.
NAMES = {"biased-pu": "biased PU", "tice-nn-pu": "TIcE+nnPU", "km2-nn-pu": "KM2+nnPU",
         "rank-pruning": "RankPruning", "pmpu": "PMPU", "separator": "policyPU_separator",
         "weighter": "policyPU_weighter", "vpu": "VPU", "dist-pu": "Dist-PU"}


def kept_accuracy(run):
    """The test accuracy of what a run kept: auto's mean, else its kept
    epoch (the last of its own training where nothing was kept)."""
    if run.get("averaged"):
        return run["averaged"]["kept"]["accuracy"]
    selected = run["selected"]
    reports = [r for r in run["reports"] if r.get("test")]
    if selected:
        reports = [r for r in reports
                   if r["stage"] == selected["stage"] and r["epoch"] == selected["epoch"]]
    return reports[-1]["test"]["accuracy"]


def sweep_accuracies(folder):
    """{learner: {seed: accuracy}} of a file's sweep."""
    out = {}
    for _, placed, result, _ in outcomes(sorted(glob.glob(os.path.join(folder, "shard-*.json")))):
        out.setdefault(result["config"]["learner"], {})[placed["seed"]] = kept_accuracy(result)
    return out


def folds_accuracies(*folders):
    """{seed: accuracy} of the cross-fitted runs in `folders`."""
    out = {}
    for folder in folders:
        for path in glob.glob(os.path.join(folder, "seed-*.json")):
            seed = int(os.path.basename(path)[len("seed-"):-len(".json")])
            out[seed] = json.load(open(path))["averaged"]["kept"]["accuracy"]
    return out


def mean_over(by_seed, seeds):
    """The mean over `seeds`, or None where one is missing."""
    values = [by_seed.get(s) for s in seeds]
    return None if None in values else statistics.mean(values)


def best(accuracies, seeds):
    """(mean accuracy, learner) of the single learner most accurate over `seeds`."""
    return max((mean_over(by_seed, seeds), learner)
               for learner, by_seed in accuracies.items() if learner in NAMES)


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    sweeps, folds, reported = sys.argv[1:]
    print_study_head(
        "Written before its runs; it checks no rule and chooses nothing: it asks whether the "
        "single learner that seeds 1 to 5 name as the best (the target's reference, known only "
        "in hindsight) keeps its lead over auto on seeds 6 to 10, where nothing chose it.",
        kind="An analysis")
    print("Mean test accuracy over the seeds named. *Named*: the most accurate single PU "
          "learner on seeds 1 to 5. Gaps: cross-fitted auto (`run --auto-folds 5`) minus the "
          "learner named. Seeds 6 to 10 draw new test rows, splits and initial weights.\n")
    print("| file | named by seeds 1–5 | its accuracy, seeds 1–5 | on seeds 6–10: named | "
          "one-split auto | cross-fitted auto | gap | best of seeds 6–10 | gap to it | "
          "best of all 10 seeds | cross-fitted auto, 10 seeds | gap to it |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    counts = {"named": 0, "fresh best": 0, "ten best": 0, "first": 0}
    curse, files = [], 0
    for folder in sorted(glob.glob(os.path.join(sweeps, "*"))):
        name = os.path.basename(folder)
        accuracies = sweep_accuracies(folder)
        crossed = folds_accuracies(os.path.join(folds, name), os.path.join(reported, name))
        first_acc, named = best(accuracies, FIRST)
        fresh_named = mean_over(accuracies[named], FRESH)
        fresh_best = best(accuracies, FRESH)
        ten_best = best(accuracies, range(1, 11))
        crossed_fresh = mean_over(crossed, FRESH)
        crossed_ten = mean_over(crossed, range(1, 11))
        crossed_first = mean_over(crossed, FIRST)
        if None in (crossed_fresh, crossed_ten, fresh_named):
            print(f"| {name} | runs missing |" + " |" * 10)
            continue
        files += 1
        curse.append(first_acc - fresh_named)
        gaps = {"named": crossed_fresh - fresh_named, "fresh best": crossed_fresh - fresh_best[0],
                "ten best": crossed_ten - ten_best[0], "first": crossed_first - first_acc}
        for key, gap in gaps.items():
            counts[key] += round(gap, 3) >= -0.01
        print(f"| {name} | {NAMES[named]} | {first_acc:.3f} | {fresh_named:.3f} | "
              f"{mean_over(accuracies[AUTO], FRESH):.3f} | {crossed_fresh:.3f} | "
              f"{gaps['named']:+.3f} | {NAMES[fresh_best[1]]} {fresh_best[0]:.3f} | "
              f"{gaps['fresh best']:+.3f} | {NAMES[ten_best[1]]} {ten_best[0]:.3f} | "
              f"{crossed_ten:.3f} | {gaps['ten best']:+.3f} |")
    print()
    print(f"Cross-fitted auto within 0.01 of the best single learner or above, on {files} files:\n")
    print(f"- seeds 1 to 5, against their own hindsight best (the reported comparison): "
          f"{counts['first']}")
    print(f"- seeds 6 to 10, against the learner seeds 1 to 5 named: {counts['named']}")
    print(f"- seeds 6 to 10, against their own hindsight best: {counts['fresh best']}")
    print(f"- all 10 seeds, against their hindsight best: {counts['ten best']}\n")
    if curse:
        print(f"The learner seeds 1 to 5 named was {statistics.mean(curse):+.4f} more accurate "
              f"on them than on seeds 6 to 10, on average over the files (from "
              f"{min(curse):+.3f} to {max(curse):+.3f}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())

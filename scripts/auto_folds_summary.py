#!/usr/bin/env python3
"""auto cross-fitted (`policypu run --auto-folds 5`) on the reported CSV files.

RUNS (scripts/results.sh auto-folds) holds one folder per file, named after
its sweep file in results/ (example-wine, table-iris, ...), with one run's
JSON per seed (seed-1.json to seed-5.json) and the commit the runs ran at
(RUNS/commit). Each seed draws the sweep's test rows, so the runs are set
beside that sweep's one-split auto and its best single PU learner (the best
mean accuracy among the rows that need neither the truth nor the true
prior, known only in hindsight). Test figures are the kept epochs', mean ±
standard deviation (n − 1) over the seeds; no choice read them.

    scripts/auto_folds_summary.py RUNS > results/auto-folds.md
"""

import glob
import json
import os
import statistics
import subprocess
import sys

from auto_summary import AUTO, best_single, cells


def spread(values):
    """"0.912 ± 0.010" of a list of values."""
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{statistics.mean(values):.3f} ± {sd:.3f}"


def seeds(folder):
    """Each seed's (accuracy, ROC-AUC) of the cross-fitted mean, in seed order."""
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "seed-*.json"))):
        kept = json.load(open(path))["averaged"]["kept"]
        out.append((kept["accuracy"], kept["roc_auc"]))
    return out


def weighted_seeds(folder):
    """The seeds (in order) whose folds kept different numbers of members,
    which the mean weighs so that each fold counts alike."""
    out = []
    for path in sorted(glob.glob(os.path.join(folder, "seed-*.json"))):
        kept = {len(f["averaged"]["members"]) for f in json.load(open(path))["folds"]}
        if len(kept) > 1:
            out.append(os.path.basename(path)[len("seed-"):-len(".json")])
    return out


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    runs = sys.argv[1]
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    ran_at = open(os.path.join(runs, "commit")).read().strip()
    print(f"Command: `scripts/auto_folds_summary.py {runs}` (after `scripts/results.sh "
          f"auto-folds`)\n\nCommit: {head}; the runs ran at {ran_at}\n")
    print("auto cross-fitted over 5 validation folds (`policypu run --learner auto --auto-folds 5`, "
          "the mean of the folds' means of their kept classifiers) on each reported CSV file, seeds 1 to 5: "
          "the test rows of the file's sweep, whose one-split auto and best single PU learner "
          "(highest mean accuracy among the rows that need neither the truth nor the true prior, "
          "known only in hindsight) stand beside it. Accuracy / ROC-AUC, mean ± std over the "
          "seeds (the sweeps' cells as they print them). Gap: accuracy minus the best single "
          "learner's. No test figure chose anything.\n")
    print("| file | seeds | cross-fitted auto | one-split auto | best single learner | its accuracy / "
          "ROC-AUC | gap, cross-fitted | gap, one split |")
    print("|---|---|---|---|---|---|---|---|")
    rows = {"cross-fitted auto": [], "one-split auto": []}
    within = {"cross-fitted auto": 0, "one-split auto": 0}
    files = 0
    weighted = []
    for folder in sorted(glob.glob(os.path.join(runs, "*/"))):
        name = os.path.basename(folder.rstrip("/"))
        sweep = f"results/{name}.md"
        runs_of = seeds(folder)
        if not runs_of or not os.path.exists(sweep):
            continue
        (_, values), = cells(sweep, open(sweep).read())
        best = best_single(values)
        accuracy = statistics.mean(a for a, _ in runs_of)
        auc = statistics.mean(b for _, b in runs_of)
        gaps = {"cross-fitted auto": round(accuracy - best[0], 3),
                "one-split auto": round(values[AUTO][0] - best[0], 3)}
        for rule, gap in gaps.items():
            within[rule] += gap >= -0.01
        files += 1
        if weighted_seeds(folder):
            weighted.append(f"{name} (seeds {', '.join(weighted_seeds(folder))})")
        rows["cross-fitted auto"].append((accuracy, auc))
        for row, v in values.items():
            rows.setdefault("one-split auto" if row == AUTO else row, []).append(v[:2])
        shown = f"{spread([a for a, _ in runs_of])} / {spread([b for _, b in runs_of])}"
        print(f"| {name} | {len(runs_of)} | {shown} | {values[AUTO][2]} | {best[1]} | "
              f"{values[best[1]][2]} | {gaps['cross-fitted auto']:+.3f} | "
              f"{gaps['one-split auto']:+.3f} |")
    print()
    if weighted:
        print("Runs whose folds kept different numbers of members (a fold under 10 labeled "
              "validation rows averages every candidate), each fold weighing alike in the mean: "
              f"{'; '.join(weighted)}.\n")
    for rule, count in within.items():
        print(f"{rule}: within 0.01 of the best single learner or above on {count} of {files} files.  ")
    print("\nMean accuracy / ROC-AUC over the files (rows on every file):\n")
    print("| row | accuracy | ROC-AUC |\n|---|---|---|")
    for row, v in rows.items():
        if len(v) == files and all(b is not None for _, b in v):
            print(f"| {row} | {sum(a for a, _ in v) / files:.4f} | {sum(b for _, b in v) / files:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

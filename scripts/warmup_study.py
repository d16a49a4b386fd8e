#!/usr/bin/env python3
"""A development study, not a result: should the checkpoint judge Dist-PU's
warm-up epochs as well as its main stage?

Reads a sweep's shard files made with the warm-up judged (every warm-up and
training epoch carries its PU validation scores) and prints, for Dist-PU's
runs, the mean test ROC-AUC and accuracy at the epoch each rule keeps:

- main stage only: the argmax of the L-vs-U AUC over the training stage's
  epochs (the rule before the change);
- warm-up and main stage: the argmax over both (the runs' own choice);
- oracle: each run's best test ROC-AUC over every epoch, the bound no rule
  can beat.

Both rules are read off the same runs, so training is the same for both.
A folder stands for the shard files in it; --csv names the check on the CSV
development tables, written down after the Fashion-MNIST one.

    scripts/warmup_study.py target/shards/dev-distpu-warmup/shard-*.json
    scripts/warmup_study.py --csv target/shards/dev-distpu-warmup-diabetes ...
"""

import glob
import json
import os
import sys

from provenance import print_study_head

RULE = ("Written down before the runs (commit 9e8589c): adopt if Dist-PU's mean ROC-AUC "
        "given up against the test oracle does not grow and its kept ROC-AUC and accuracy "
        "each fall by at most 0.002.")
CSV_RULE = ("Written down before the runs (commit 7c14daa), after the rule was adopted on "
            "Fashion-MNIST: if Dist-PU's mean ROC-AUC given up against the test oracle grows "
            "on the CSV development tables, judging the warm-up on CSV files is to be "
            "reconsidered.")


def dist_pu_runs(paths):
    """Dist-PU's runs in the shard files (rows only, not auto's candidates)."""
    for path in paths:
        for placed in json.load(open(path))["runs"]:
            if "Ok" in placed["outcome"]:
                run = placed["outcome"]["Ok"][0]
                if run["config"]["learner"] == "dist-pu":
                    yield run


def first_best(reports):
    """The report with the highest L-vs-U AUC, the earlier on a tie."""
    best = None
    for r in reports:
        value = (r.get("validation") or {}).get("lu_auc")
        if value is not None and (best is None or value > best[0]):
            best = (value, r)
    return best[1]


def main(args):
    csv = args[:1] == ["--csv"]
    paths = [f for a in args[csv:] for f in
             (sorted(glob.glob(os.path.join(a, "shard-*.json"))) if os.path.isdir(a) else [a])]
    print_study_head(CSV_RULE if csv else RULE)
    rows = {"main stage only": [], "warm-up and main stage": [], "oracle": []}
    warmup_kept = 0
    runs = list(dist_pu_runs(paths))
    for run in runs:
        reports = run["reports"]
        own = [r for r in reports if r["stage"] in ("warmup", "train")]
        main_only = first_best([r for r in reports if r["stage"] == "train"])
        both = first_best(own)
        selected = run["selected"]
        assert (both["stage"], both["epoch"]) == (selected["stage"], selected["epoch"]), selected
        warmup_kept += both["stage"] == "warmup"
        oracle = max(r["test"]["roc_auc"] for r in reports)
        for name, kept in (("main stage only", main_only), ("warm-up and main stage", both)):
            rows[name].append((kept["test"]["roc_auc"], kept["test"]["accuracy"], oracle))
        rows["oracle"].append((oracle, max(r["test"]["accuracy"] for r in reports), oracle))
    mean = lambda xs, f: sum(f(x) for x in xs) / len(xs)
    shards = {" ".join(json.load(open(p))["provenance"].split()) for p in paths}
    print("The shards ran: " + "; ".join(sorted(shards)) + "\n")
    print(f"Dist-PU, {len(runs)} runs; the warm-up and main stage rule kept a warm-up "
          f"epoch in {warmup_kept}.\n")
    print("| rule | kept ROC-AUC | kept accuracy | ROC-AUC given up against the oracle |")
    print("|---|---|---|---|")
    for name, xs in rows.items():
        print(f"| {name} | {mean(xs, lambda x: x[0]):.4f} | {mean(xs, lambda x: x[1]):.4f} "
              f"| {mean(xs, lambda x: x[2] - x[0]):.4f} |")


if __name__ == "__main__":
    main(sys.argv[1:])

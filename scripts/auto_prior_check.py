#!/usr/bin/env python3
"""Compare auto's run files of two builds (scripts/auto-prior-check.sh):
whether each run ranked the same candidates in the same order with the same
call gaps, kept the same epochs and scored the same on the test set, and the
prior each assumed, against the split's true share of positives in U where
the file has a truth column. An analysis, not a result: it checks that a
change to the prior auto assumes moved only what uses that prior.

    scripts/auto_prior_check.py BASE_COMMIT BASE_RUNS HEAD_RUNS
"""

import json
import os
import subprocess
import sys


def load(folder, name):
    with open(os.path.join(folder, name)) as f:
        return json.load(f)


def ranking(run):
    """Each candidate's place, kept epoch, ranking value and test scores."""
    return [(s["candidate"], s["epoch"], s["value"], s["test"]) for s in run["auto"]["standings"]]


def without_pu(metrics):
    """The mean's metrics but its PU-only figures, which use the prior."""
    return {k: v for k, v in metrics.items() if k != "pu"}


def mean_of(run):
    averaged = run["averaged"]
    return (averaged["members"], without_pu(averaged["kept"]), without_pu(averaged["last"]), averaged["curves"])


def estimator(prior):
    return prior["source"].get("estimated", "") if isinstance(prior["source"], dict) else prior["source"]


def main():
    base, base_runs, head_runs = sys.argv[1:4]
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    base = subprocess.run(["git", "rev-parse", base], capture_output=True, text=True).stdout.strip()
    names = sorted(n for n in os.listdir(base_runs) if n.endswith(".json"))
    print("# auto's prior, before and after it became the default estimate: an analysis, not a result\n")
    print(f"Command: `scripts/auto-prior-check.sh {sys.argv[1]}`\n")
    print(f"Commit: {head} (head), against {base} (base)\n")
    print("`policypu run --csv FILE --learner auto --seed S` on each shipped example file, with the "
          "roles the page guesses, 5 seeds, with its truth column and with `--truth-column \"\"`, "
          "once with each build. Same ranking: every candidate in the same place with the same "
          "kept epoch, call gap and test scores. Same mean: the same members and test metrics "
          "and curves (its PU-only figures, which use the prior, left out). Prior error: the "
          "assumed π minus the split's true share of positives in U (runs with a truth column).\n")
    print("| run | same ranking | same mean | base: estimator, π | head: estimator, π | true ρ |")
    print("|---|---|---|---|---|---|")
    same_ranking = same_mean = 0
    errors = {"base": [], "head": []}
    for name in names:
        before, after = load(base_runs, name), load(head_runs, name)
        ranked = ranking(before) == ranking(after)
        mean = mean_of(before) == mean_of(after)
        same_ranking += ranked
        same_mean += mean
        truth = after["prior"].get("true_rho")
        for build, run in (("base", before), ("head", after)):
            if truth is not None:
                errors[build].append(abs(run["prior"]["rho"] - truth))
        cells = [f"{estimator(r['prior'])}, {r['prior']['rho']:.3f}" for r in (before, after)]
        true_cell = f"{truth:.3f}" if truth is not None else "no truth column"
        print(f"| {name[:-5]} | {'yes' if ranked else 'NO'} | {'yes' if mean else 'NO'} | "
              f"{cells[0]} | {cells[1]} | {true_cell} |")
    print()
    print(f"Same ranking in {same_ranking} of {len(names)} runs; same mean in {same_mean} of {len(names)}.")
    for build in ("base", "head"):
        e = errors[build]
        if e:
            print(f"{build}: mean absolute error of the prior over the {len(e)} runs with a truth column "
                  f"{sum(e) / len(e):.3f}.")


if __name__ == "__main__":
    main()

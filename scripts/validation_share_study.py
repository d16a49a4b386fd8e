#!/usr/bin/env python3
"""A development study, not a result: does a larger PU validation split help?

Compares two sweeps of the same grid that differ only in the validation
share (`--validation-share`). On the built-in images the validation rows
come from unused images on their own random stream, so training is the same
in both (the script checks: every run's last-epoch test metrics equal) and
only the epoch each run keeps, and auto's choice, can change.

    scripts/validation_share_study.py BEFORE_DIR BEFORE.md AFTER_DIR AFTER.md [COMMIT MIN_SHRINK]

BEFORE_DIR and AFTER_DIR hold the sweeps' shard files (`sweep --shard`);
BEFORE.md and AFTER.md are their merged tables, whose auto rows rank the
candidates with today's rule. Prints, per PU learner, the mean gap between
the test ROC-AUC of the epoch kept by L-vs-U AUC and the test-set oracle's
(each run's best epoch on the test set), and auto's mean accuracy over the
grid's cells, against the rule written down before the runs in COMMIT,
whose bar (b) is MIN_SHRINK: 4b85b9c and 0.001 (0.2 against 0.5) unless
given; b8aa1f8 wrote 0.0005 for 0.5 against 1.0.
"""

import glob
import re
import sys

from provenance import print_study_head
from shard_runs import outcomes


def runs(directory):
    """Each run of a shard directory, rows and auto's candidates, keyed by
    learner and (table, column, seed); auto's own rows are skipped."""
    out = {}
    for _, placed, result, candidates in outcomes(sorted(glob.glob(f"{directory}/shard-*.json"))):
        cell = (placed["table"], placed["column"], placed["seed"])
        for run in candidates or [result]:
            config = run["config"]
            if config["model"] == "fast" and config["learner"] != "oracle-pn":
                out.setdefault((config["learner"], cell), run)
    return out


def kept_test(run):
    """The test metrics of the epoch the run kept."""
    epoch = run["selected"]["epoch"]
    return next(r["test"] for r in run["reports"] if r["stage"] == "train" and r["epoch"] == epoch)


def oracle_gap(run):
    best = max(r["test"]["roc_auc"] for r in run["reports"] if r.get("test"))
    return best - kept_test(run)["roc_auc"]


def last_test(run):
    return [r["test"] for r in run["reports"] if r.get("test")][-1]


def auto_accuracies(merged):
    """auto's accuracy in each cell of a merged file's kept-epoch tables."""
    values, kept_table = [], False
    for line in open(merged):
        if line.startswith("### "):
            kept_table = "the epoch its PU validation split chose" in line
        elif kept_table and line.startswith("| auto (chosen on PU data) |"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")][1:]
            values += [float(re.match(r"[0-9.]+", c).group()) for c in cells[1::3]]
    return values


def main(before_dir, before_md, after_dir, after_md, commit="4b85b9c", min_shrink="0.001"):
    print_study_head(
        f"Rule written before the runs (commit {commit}): adopt the larger share if (a) the mean "
        "test ROC-AUC gap to the test-set oracle shrinks for at least 7 of the 10 PU learners, "
        f"(b) the mean gap over them shrinks by at least {min_shrink} and (c) auto's mean "
        "accuracy is not lower.")
    before, after = runs(before_dir), runs(after_dir)
    common = sorted(set(before) & set(after))
    same = sum(last_test(before[k]) == last_test(after[k]) for k in common)
    print(f"Training identical: {same} of {len(common)} runs have equal last-epoch test metrics.\n")
    print("| learner | runs | gap to the oracle, before | after |")
    print("|---|---|---|---|")
    gaps = {}
    for learner in sorted({k[0] for k in common}):
        keys = [k for k in common if k[0] == learner]
        pair = [sum(oracle_gap(side[k]) for k in keys) / len(keys) for side in (before, after)]
        gaps[learner] = pair
        print(f"| {learner} | {len(keys)} | {pair[0]:.4f} | {pair[1]:.4f} |")
    shrank = sum(a < b for b, a in gaps.values())
    mean_before = sum(b for b, _ in gaps.values()) / len(gaps)
    mean_after = sum(a for _, a in gaps.values()) / len(gaps)
    auto_before, auto_after = auto_accuracies(before_md), auto_accuracies(after_md)
    acc_before = sum(auto_before) / len(auto_before)
    acc_after = sum(auto_after) / len(auto_after)
    print(f"\n(a) the gap shrank for {shrank} of {len(gaps)} learners;  "
          f"\n(b) mean gap {mean_before:.4f} before, {mean_after:.4f} after "
          f"({mean_after - mean_before:+.4f});  "
          f"\n(c) auto's mean accuracy over {len(auto_after)} cells {acc_before:.4f} before, "
          f"{acc_after:.4f} after.  ")
    met = shrank >= 7 and mean_before - mean_after >= float(min_shrink) and acc_after >= acc_before
    print(f"\nThe rule is {'met' if met else 'not met'}.")


if __name__ == "__main__":
    if len(sys.argv) not in (5, 7):
        sys.exit(__doc__)
    main(*sys.argv[1:])

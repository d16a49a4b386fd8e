#!/usr/bin/env python3
"""A development study, not a result: should more learners keep their epoch
by VPU's variational loss?

On the Fashion-MNIST development grid (results/dev-fashion-mnist-vpu-rule.md)
the variational loss kept epochs of higher test ROC-AUC than the L-vs-U AUC
for PMPU, RankPruning, KM2+nnPU and Dist-PU. That grid made the lead, so
this checks it on other development data: the CSV development tables in
both their draws, each swept with --selection-study (`scripts/results.sh
checkpoint-rule` writes them). It reads each file's "Choosing the epoch on
PU data" table (test figures at the epoch each rule keeps, mean over the
file's seeds) and prints, per learner, the mean over the files of the
ROC-AUC and accuracy at the epochs the two rules keep, then the verdict of
the rule written before the runs (RULE, committed with this script before
any of its runs).

    scripts/checkpoint_rule_study.py FILE.md...
"""

import sys

from provenance import print_study_head

# The learners the lead named; every other keeps its rule whatever this shows.
LEARNERS = ["PMPU", "RankPruning", "KM2+nnPU", "Dist-PU"]
# The two rules compared, as the selection-study table heads them.
BEFORE, AFTER = "L-vs-U AUC", "variational loss"
RULE = (
    "Rule written before the runs, in the commit that added this script: a learner's default "
    "rule becomes the variational loss if, averaged over the files, (a) the test ROC-AUC at "
    "the epoch it keeps is higher than at the epoch L-vs-U AUC keeps and (b) the accuracy there is no more than 0.005 lower; a tie keeps "
    "L-vs-U AUC."
)


def rule_columns(path):
    """Per learner, {column head: mean} from a file's selection-study table."""
    rows, heads, inside = {}, None, False
    for line in open(path):
        if line.startswith("### "):
            inside = line.startswith("### Choosing the epoch on PU data")
        elif inside and line.startswith("| Model"):
            heads = [c.strip() for c in line.strip().strip("|").split("|")]
        elif inside and heads and line.startswith("| ") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows[cells[0]] = {
                head: float(cell.split()[0])
                for head, cell in zip(heads[1:], cells[1:])
                if cell != "n/a"
            }
    return rows


def main(paths):
    print_study_head(RULE)
    files = [rule_columns(path) for path in paths]
    print(f"| learner | files | ROC-AUC: {BEFORE} | {AFTER} | test oracle "
          f"| accuracy: {BEFORE} | {AFTER} | verdict |")
    print("|---|---|---|---|---|---|---|---|")
    for learner in LEARNERS:
        found = [rows[learner] for rows in files if learner in rows]

        def mean(head):
            return sum(r[head] for r in found) / len(found)

        auc0, auc1 = mean(f"ROC-AUC: {BEFORE}"), mean(f"ROC-AUC: {AFTER}")
        acc0, acc1 = mean(f"Acc: {BEFORE}"), mean(f"Acc: {AFTER}")
        oracle = mean("ROC-AUC: test oracle")
        adopt = auc1 > auc0 and acc0 - acc1 <= 0.005
        verdict = f"{AFTER} (met)" if adopt else f"{BEFORE} (not met)"
        print(f"| {learner} | {len(found)} | {auc0:.4f} | {auc1:.4f} | {oracle:.4f} "
              f"| {acc0:.4f} | {acc1:.4f} | {verdict} |")
    print(f"\nFiles: {', '.join(paths)}.")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])

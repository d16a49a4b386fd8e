#!/usr/bin/env python3
"""A development study, not a result: should a later epoch replace the kept
one only when its L-vs-U AUC is higher by more than that AUC's noise?

Today a run keeps the epoch whose L-vs-U AUC on the PU validation split is
highest. On a small split the AUC's noise (the order of the labeled rows
among the positives hidden in U, which carries no signal) can make a late,
overfitted epoch win by a hair (results/analysis-checkpoint-noise.md). The
rule tested here is the early-stopping habit of a minimum improvement
(Keras' `min_delta`), with the margin set by the data: walking the
learner's own training epochs in order, the kept epoch moves to a later
one only when its L-vs-U AUC exceeds the kept epoch's by more than the
kept AUC's standard error (Hanley & McNeil, Radiology 1982, with the
split's labeled rows as positives and its unlabeled rows as negatives). It
keeps one epoch's weights, as the trainer does today.

Rule, written before the runs, in the commit that adds this script: for
the learners whose checkpoint criterion is the L-vs-U AUC (biased PU,
TIcE+nnPU, nnPU, PMPU, policyPU's Separator and Weighter), on each kind of
development data separately (the Fashion-MNIST grid; the CSV development
tables), the margin rule is adopted for that kind of data if, over every
such run, (a) its paired test ROC-AUC difference from today's rule is
above zero by more than its standard error and (b) its mean test accuracy
is no more than 0.005 below today's. The rows "half the margin",
"a quarter" and "earliest within one s.e. of the best" (which would need
every epoch's weights) are shown as exploration only; none can be adopted
from this study.

    scripts/margin_study.py fashion target/shards/margin-fashion/shard-*.json \
        -- csv target/shards/margin-csv-*/shard-*.json
"""

import math
import sys

from provenance import print_checks, print_study_head, print_table_head
from shard_runs import distinct_runs

LEARNERS = ["biased-pu", "tice-nn-pu", "nn-pu", "pmpu", "separator", "weighter"]
OWN_TRAINING = {"warmup", "train"}
RULES = ["lu", "margin", "half", "quarter", "earliest"]
LABELS = {
    "lu": "today: highest L-vs-U AUC",
    "margin": "margin of one s.e. (the rule tested)",
    "half": "margin of half an s.e. (exploration)",
    "quarter": "margin of a quarter s.e. (exploration)",
    "earliest": "earliest within one s.e. of the best (exploration)",
}


def auc_se(auc, positives, negatives):
    """Hanley and McNeil's standard error of an AUC over `positives` and
    `negatives` rows."""
    q1 = auc / (2 - auc)
    q2 = 2 * auc * auc / (1 + auc)
    var = (auc * (1 - auc) + (positives - 1) * (q1 - auc * auc)
           + (negatives - 1) * (q2 - auc * auc)) / (positives * negatives)
    return math.sqrt(max(var, 0.0))


def walk(values, se, share):
    """The epoch kept when a later one must beat the kept one by `share`
    of the kept AUC's standard error."""
    kept = None
    for i, v in enumerate(values):
        if v is None:
            continue
        if kept is None or v > values[kept] + share * se(values[kept]):
            kept = i
    return kept


def kept(train):
    """The position in `train` each rule keeps (`None`: no validation)."""
    values = [(r.get("validation") or {}).get("lu_auc") for r in train]
    scored = [r["validation"] for r in train if (r.get("validation") or {}).get("lu_auc") is not None]
    if not scored:
        return None
    n_l, n_u = scored[0]["labeled"], scored[0]["unlabeled"]
    se = lambda a: auc_se(a, n_l, n_u)
    best = max(range(len(values)), key=lambda i: (values[i] is not None, values[i] or 0, -i))
    earliest = next(i for i, v in enumerate(values)
                    if v is not None and v >= values[best] - se(values[best]))
    return {"lu": walk(values, se, 0.0), "margin": walk(values, se, 1.0),
            "half": walk(values, se, 0.5), "quarter": walk(values, se, 0.25),
            "earliest": earliest}


def study(name, paths):
    """Print one kind of data's table, its checks and its verdict."""
    table = {learner: {rule: [] for rule in RULES + ["oracle"]} for learner in LEARNERS}
    paired = []
    for run in distinct_runs(paths):
        config = run["config"]
        if config["model"] != "fast" or config["learner"] not in LEARNERS:
            continue
        train = [r for r in run["reports"] if r["stage"] in OWN_TRAINING]
        rules = kept(train)
        if rules is None:
            continue
        auc = [r["test"]["roc_auc"] for r in train]
        acc = [r["test"]["accuracy"] for r in train]
        row = table[config["learner"]]
        for rule in RULES:
            row[rule].append((auc[rules[rule]], acc[rules[rule]]))
        row["oracle"].append((max(auc), max(acc)))
        paired.append((auc[rules["margin"]] - auc[rules["lu"]],
                       acc[rules["margin"]] - acc[rules["lu"]]))
    mean = lambda xs, i: sum(x[i] for x in xs) / len(xs)
    rows = {k: v for k, v in table.items() if v["lu"]}
    print_table_head(
        f"{name}: test ROC-AUC / accuracy at the epoch each rule keeps",
        "Mean over the runs; the oracle is each metric's best epoch of the learner's own "
        "training on the test set, an analysis no rule can beat.",
        ["learner", "runs"] + [LABELS[r] for r in RULES] + ["test oracle"])
    for learner, row in rows.items():
        cells = [f"{mean(row[r], 0):.4f} / {mean(row[r], 1):.4f}" for r in RULES + ["oracle"]]
        print(f"| {learner} | {len(row['lu'])} | " + " | ".join(cells) + " |")
    pooled = {r: [x for row in rows.values() for x in row[r]] for r in RULES + ["oracle"]}
    print(f"| all | {len(pooled['lu'])} | " + " | ".join(
        f"{mean(pooled[r], 0):.4f} / {mean(pooled[r], 1):.4f}" for r in RULES + ["oracle"]) + " |\n")
    d = [x[0] for x in paired]
    m = sum(d) / len(d)
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))
    acc_diff = sum(x[1] for x in paired) / len(paired)
    checks = [
        ("(a) paired test ROC-AUC difference, margin minus today, above its standard error",
         m > se, f"{m:+.5f} ± {se:.5f} over {len(d)} runs"),
        ("(b) mean test accuracy no more than 0.005 below today's",
         acc_diff >= -0.005, f"{acc_diff:+.4f}"),
    ]
    print_checks(checks, f"Verdict for {name}: met; the margin rule is adopted for it.",
                 f"Verdict for {name}: not met; today's rule stays for it.")
    print()


def main(args):
    print_study_head("Rule: see the script's docstring, written before the runs.")
    groups, current = [], None
    for arg in args:
        if arg == "--":
            current = None
        elif current is None:
            current = (arg, [])
            groups.append(current)
        else:
            current[1].append(arg)
    for name, paths in groups:
        study(name, paths)


if __name__ == "__main__":
    main(sys.argv[1:])

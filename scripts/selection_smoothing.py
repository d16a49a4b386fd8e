#!/usr/bin/env python3
"""A development study, not a result: would smoothing the epoch choice help?

Reads a sweep's shard files (`sweep --shard`, every epoch's PU validation
scores and test metrics) and prints, for each learner on the run's own
preset, the mean test ROC-AUC / accuracy at the epoch each rule keeps:

- last: the last training epoch;
- lu: the argmax of the L-vs-U AUC (the product's rule);
- trailK: the argmax of its mean over the K epochs ending at the epoch
  (causal: a trainer could keep that epoch's weights as it goes);
- centreK: the argmax of its mean over the K epochs centred on the epoch;
- oracle: each metric's best epoch on the test set (pre-training included),
  the bound no rule can beat.

Then, per rule, the mean gap to the oracle's ROC-AUC over the learners, on
how many learners it beats `lu`, the mean accuracy, and the paired
difference from `lu` over every run (mean ± standard error).

    scripts/selection_smoothing.py target/shards/fashion-dev/shard-*.json
"""

import math
import subprocess
import sys

from shard_runs import distinct_runs

RULES = ["last", "lu", "trail3", "trail5", "trail9", "centre3", "centre5", "centre9"]


def argmax(values):
    best = None
    for i, v in enumerate(values):
        if v is not None and (best is None or v > values[best]):
            best = i
    return best


def window_mean(values, lo, hi):
    part = values[max(0, lo):hi]
    return None if any(v is None for v in part) else sum(part) / len(part)


def kept(train):
    """The training epoch (position) each rule keeps."""
    lu = [(r.get("validation") or {}).get("lu_auc") for r in train]
    n = len(train)
    out = {"last": n - 1, "lu": argmax(lu)}
    for k in (3, 5, 9):
        out[f"trail{k}"] = argmax([window_mean(lu, i - k + 1, i + 1) for i in range(n)])
        out[f"centre{k}"] = argmax([window_mean(lu, i - k // 2, i + k // 2 + 1) for i in range(n)])
    return out


def main(paths):
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    print(f"Command: `scripts/selection_smoothing.py {' '.join(paths)}`\n\nCommit: {head}\n")
    print("A development study, not a result (see the script's docstring). Test ROC-AUC / "
          "accuracy at the epoch each rule keeps, mean over the sweep's runs.\n")
    table, paired = {}, {rule: [] for rule in RULES}
    for run in distinct_runs(paths):
        config = run["config"]
        if config["model"] != "fast" or config["learner"] == "oracle-pn":
            continue
        train = [r for r in run["reports"] if r["stage"] == "train"]
        if not train:
            continue
        auc = [r["test"]["roc_auc"] for r in train]
        acc = [r["test"]["accuracy"] for r in train]
        row = table.setdefault(config["learner"], {rule: [] for rule in RULES + ["oracle"]})
        rules = kept(train)
        for rule in RULES:
            if rules[rule] is not None:
                row[rule].append((auc[rules[rule]], acc[rules[rule]]))
        if rules["lu"] is not None:
            for rule in RULES:
                if rules[rule] is not None:
                    paired[rule].append(auc[rules[rule]] - auc[rules["lu"]])
        everything = run["reports"]
        row["oracle"].append((max(r["test"]["roc_auc"] for r in everything),
                              max(r["test"]["accuracy"] for r in everything)))
    mean = lambda xs, i: sum(x[i] for x in xs) / len(xs)
    print("| learner | runs | " + " | ".join(RULES + ["oracle"]) + " |")
    print("|---|---|" + "---|" * (len(RULES) + 1))
    for learner, row in sorted(table.items()):
        cells = [f"{mean(row[r], 0):.4f} / {mean(row[r], 1):.3f}" if row[r] else "n/a"
                 for r in RULES + ["oracle"]]
        print(f"| {learner} | {len(row['lu'])} | " + " | ".join(cells) + " |")
    print("\n| rule | mean ROC-AUC gap to the oracle | largest gap | learners where it beats lu "
          "| mean accuracy | paired ROC-AUC difference from lu (mean ± s.e., runs) |")
    print("|---|---|---|---|---|---|")
    for rule in RULES:
        gaps = [mean(row["oracle"], 0) - mean(row[rule], 0) for row in table.values()]
        beats = sum(mean(row[rule], 0) > mean(row["lu"], 0) for row in table.values())
        accuracy = sum(mean(row[rule], 1) for row in table.values()) / len(table)
        d = paired[rule]
        m = sum(d) / len(d)
        se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d)) if len(d) > 1 else 0
        print(f"| {rule} | {sum(gaps) / len(gaps):.4f} | {max(gaps):.4f} | {beats} of {len(table)} "
              f"| {accuracy:.4f} | {m:+.5f} ± {se:.5f} ({len(d)}) |")


if __name__ == "__main__":
    main(sys.argv[1:])

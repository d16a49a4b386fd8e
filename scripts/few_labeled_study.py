#!/usr/bin/env python3
"""A development study, not a result: should auto average every candidate
when its validation split has too few labeled rows to rank them?

auto ranks its candidates by the call gap r - q on the PU validation split
and keeps the mean of the first three (mean3). With fewer than 10 labeled
validation rows, r moves in steps of more than 0.1, more than most
candidates differ by, so the ranking is mostly noise. The variant compared:

- gated mean-all: where the split has fewer than 10 labeled validation rows,
  the mean of every candidate's probabilities (called positive at 0.5);
  elsewhere mean3, unchanged.

The lead came from exploring results/dev-tie-break.md's runs (the mean of
all candidates was more accurate than mean3 on the 60 small splits, all
under 10 labeled rows, by about one standard error, and less accurate on
the full-size ones, all at 11 or more). Only gated mean-all can be adopted
(RULE, written before the runs), from new draws of the six development
generators; the test set scores the rules and chooses nothing.

    scripts/few_labeled_study.py SHARD_DIR...
"""

import statistics
import sys
from collections import defaultdict

from ensemble_study import accuracy, load, mean, ranked_runs, roc_auc
from provenance import print_checks, print_study_head

FEW = 10

RULE = ("Rule written before the runs: auto averages every candidate where its validation "
        f"split has fewer than {FEW} labeled rows if, over the splits of the new draws where "
        "that holds, (a) the mean paired accuracy difference, gated mean-all minus mean3, is "
        "above zero by more than its standard error, and (b) the mean ROC-AUC is at most "
        "0.002 below mean3's; otherwise auto keeps the mean of its first three everywhere.")


def split_scores(split):
    """(labeled validation rows, mean3's and mean-all's (accuracy, ROC-AUC))."""
    ranked, _ = ranked_runs(split)
    truth = ranked[0][1]
    labeled = sum(ranked[0][3])
    score = lambda runs: (lambda p: (accuracy(p, truth), roc_auc(p, truth)))(
        mean([r[0] for r in runs]))
    return labeled, score(ranked[:3]), score(ranked)


def main(directories):
    print_study_head(RULE)
    print("| table | splits | labeled validation rows (min-max) | gated | mean3 | "
          "gated mean-all |")
    print("|---|---|---|---|---|---|")
    diffs, aucs = [], defaultdict(list)
    for directory in directories:
        name = directory.rstrip("/").split("/")[-1]
        rows = [split_scores(s) for s in load(directory).values() if s["auto"] is not None]
        gated = [(l, m3, ma) for l, m3, ma in rows if l < FEW]
        both = [(m3, ma if l < FEW else m3) for l, m3, ma in rows]
        for _, m3, ma in gated:
            diffs.append(ma[0] - m3[0])
            aucs["mean3"].append(m3[1])
            aucs["gated mean-all"].append(ma[1])
        avg = lambda xs: sum(xs) / len(xs)
        labeled = [l for l, _, _ in rows]
        print(f"| {name} | {len(rows)} | {min(labeled)}-{max(labeled)} | {len(gated)} | "
              f"{avg([a for (a, _), _ in both]):.3f} / {avg([r for (_, r), _ in both]):.3f} | "
              f"{avg([a for _, (a, _) in both]):.3f} / {avg([r for _, (_, r) in both]):.3f} |")
    print()
    if len(diffs) < 2:
        sys.exit("fewer than two gated splits: nothing to decide")
    d, se = statistics.mean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5
    a3, aa = statistics.mean(aucs["mean3"]), statistics.mean(aucs["gated mean-all"])
    print(f"Over the {len(diffs)} splits with fewer than {FEW} labeled validation rows:\n")
    checks = [
        ("(a) paired accuracy difference above zero by more than its standard error",
         d > se, f"{d:+.4f} ± {se:.4f}"),
        ("(b) mean ROC-AUC at most 0.002 below mean3's", aa >= a3 - 0.002,
         f"{aa:.4f} vs {a3:.4f}"),
    ]
    print_checks(checks, f"The rule is met: with fewer than {FEW} labeled validation rows auto "
                 "averages every candidate.",
                 "The rule is not met: auto keeps the mean of its first three everywhere.")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])

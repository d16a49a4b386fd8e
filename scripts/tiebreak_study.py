#!/usr/bin/env python3
"""A development study, not a result: should auto break ties in its ranking?

auto ranks its candidates by the call gap r - q (r and q the shares of
labeled and unlabeled validation rows a candidate calls positive at 0.5)
and keeps the mean of the first three, called positive at 0.5. On a small
validation split r and q move in steps of 1/|L| and 1/|U|, so candidates
often tie, and today the one trained first goes first. The rankings
compared:

- gap: the product's ranking (ties by training order);
- gap, ties by L-vs-U AUC: among equal call gaps, the higher AUC of labeled
  against unlabeled validation rows first (the same comparison as the gap,
  read at every threshold instead of at 0.5), then training order.

Only the second can be adopted (RULE, written before the runs); the test set
scores the rankings and chooses nothing. The script first checks that its
gap ranking puts the same three first as the product did in every split.

    scripts/tiebreak_study.py SMALL_SHARD_DIR... -- FULL_SHARD_DIR...
"""

import sys
from collections import defaultdict

from ensemble_study import CANDIDATES, SINGLE, accuracy, cells, mean, roc_auc
from provenance import print_checks, print_study_head, print_table_head
from ranking_study import avg, called

RULES = ["gap", "gap, ties by L-vs-U AUC"]

RULE = ("Rule written before the runs: adopt \"gap, ties by L-vs-U AUC\" as auto's ranking if "
        "(a) on the development tables cut to 180 rows (two new draws of the six generators) "
        "its mean accuracy is above gap's, (b) its mean ROC-AUC there is at most 0.002 below "
        "gap's, and (c) on the six development tables at full size (the first draw) its mean "
        "accuracy is not below gap's and its mean ROC-AUC at most 0.002 below; otherwise auto "
        "keeps breaking ties by training order.")


def rule_scores(split):
    """Each ranking's and each single learner's (accuracy, ROC-AUC) on one
    split, and whether the two rankings keep different candidates."""
    auto = split["auto"]
    own = auto["auto"]["model"]
    runs = [split["runs"][(learner, model or own)] for learner, model in CANDIDATES]
    gap = [called(v, l, True) - called(v, l, False) for _, _, v, l in runs]
    lu = [roc_auc(v, l) for _, _, v, l in runs]
    by_gap = sorted(range(len(runs)), key=lambda i: -gap[i])
    by_tiebreak = sorted(range(len(runs)), key=lambda i: (-gap[i], -lu[i]))
    if by_gap[:3] != auto["order"][:3]:
        sys.exit(f"the gap ranking {by_gap[:3]} is not the product's {auto['order'][:3]}")
    truth = runs[0][1]
    probs = {
        "gap": mean([runs[i][0] for i in by_gap[:3]]),
        "gap, ties by L-vs-U AUC": mean([runs[i][0] for i in by_tiebreak[:3]]),
    }
    scores = {name: (accuracy(p, truth), roc_auc(p, truth)) for name, p in probs.items()}
    for learner in SINGLE:
        if (learner, own) in split["runs"]:
            p, t, _, _ = split["runs"][(learner, own)]
            scores[learner] = (accuracy(p, t), roc_auc(p, t))
    differs = float(set(by_gap[:3]) != set(by_tiebreak[:3]))
    scores["differs"] = (differs, differs)
    return scores


def table(title, directories):
    """Print one set's table; return ranking -> (mean accuracy, mean ROC-AUC)."""
    grid = defaultdict(lambda: defaultdict(list))
    for directory in directories:
        grid.update(cells(directory, rule_scores))
    print_table_head(title, "Mean test accuracy / ROC-AUC over seeds, per table; \"best "
                     "single\" is the most accurate single PU learner's, known only in "
                     "hindsight; \"splits changed\" counts the seeds where the two rankings "
                     "keep different candidates.",
                     ["table", "seeds", "splits changed", "best single", *RULES])
    summary = {rule: ([], []) for rule in RULES}
    changed = 0
    for cell, by_name in sorted(grid.items()):
        best = max((avg([a for a, _ in by_name[s]]), s) for s in SINGLE if s in by_name)
        differs = int(sum(d for d, _ in by_name["differs"]))
        changed += differs
        for rule in RULES:
            summary[rule][0].append(avg([a for a, _ in by_name[rule]]))
            summary[rule][1].append(avg([x for _, x in by_name[rule]]))
        row = [f"{avg([a for a, _ in by_name[r]]):.3f} / {avg([x for _, x in by_name[r]]):.3f}"
               for r in RULES]
        print(f"| {cell} | {len(by_name['gap'])} | {differs} | {best[0]:.3f} ({best[1]}) | "
              + " | ".join(row) + " |")
    print(f"\nSplits where the rankings keep different candidates: {changed}.\n")
    print("| ranking | mean accuracy | mean ROC-AUC |")
    print("|---|---|---|")
    out = {}
    for rule, (accs, aucs) in summary.items():
        out[rule] = (avg(accs), avg(aucs))
        print(f"| {rule} | {avg(accs):.4f} | {avg(aucs):.4f} |")
    print()
    return out


def main(small, full):
    print_study_head(RULE)
    s = table("Development tables cut to 180 rows", small)
    f = table("Development tables at full size", full)
    new, old = RULES[1], RULES[0]
    checks = [
        ("(a) mean accuracy on the small tables above gap's", s[new][0] > s[old][0],
         f"{s[new][0]:.4f} vs {s[old][0]:.4f}"),
        ("(b) mean ROC-AUC on the small tables at most 0.002 below gap's",
         s[new][1] >= s[old][1] - 0.002, f"{s[new][1]:.4f} vs {s[old][1]:.4f}"),
        ("(c) on the full-size tables, mean accuracy not below gap's and mean ROC-AUC at "
         "most 0.002 below", f[new][0] >= f[old][0] and f[new][1] >= f[old][1] - 0.002,
         f"{f[new][0]:.4f} / {f[new][1]:.4f} vs {f[old][0]:.4f} / {f[old][1]:.4f}"),
    ]
    print_checks(checks, "The rule is met: auto breaks ties in its call gap by the L-vs-U AUC.",
                 "The rule is not met: auto keeps breaking ties by training order.")


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--" not in args:
        sys.exit(__doc__)
    cut = args.index("--")
    main(args[:cut], args[cut + 1:])

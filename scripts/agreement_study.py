#!/usr/bin/env python3
"""An analysis, not a result: can auto rank its candidates by how much they
agree with one another on the unlabeled validation rows?

auto ranks by the L−U call gap, which rests on the few labeled validation
rows (13 on the two-moons example, under 10 on the wine one). Agreement
reads the unlabeled rows instead, many more: a candidate's score is the
rank correlation (Spearman) of its probabilities on the unlabeled
validation rows with the mean of the other candidates' ranks there, as
unsupervised ensemble selection does. Rules compared on the development
tables' one-split runs (fold 0 of `scripts/results.sh crossfit`):

- gap mean3: the mean of the first three by the call gap (auto today where
  the validation split holds 10 labeled rows or more; under 10 it averages
  every candidate, as mean-all does);
- mean-all: the mean of every candidate;
- agree mean3 / agree first: the first three, or the first, by agreement;
- gap5 agree3: of the call gap's first five, the three that agree most.

The test set scores the rules and chooses nothing; no rule here is adopted
(none was registered: this is exploration on development data only).

    scripts/agreement_study.py SHARD_DIR...   (each holding TABLE/fold-0)
"""

import glob
import sys

from ensemble_study import SINGLE, accuracy, load, mean, ranked_runs, roc_auc
from provenance import print_study_head, print_table_head

RULES = ["gap mean3", "mean-all", "agree mean3", "agree first", "gap5 agree3"]


def ranks(values):
    """Each value's rank from 0 (ties in index order)."""
    out = [0] * len(values)
    for rank, i in enumerate(sorted(range(len(values)), key=lambda i: values[i])):
        out[i] = rank
    return out


def correlation(a, b):
    """Pearson's correlation; 0 where either is constant."""
    n = len(a)
    ma, mb = sum(a) / n, sum(b) / n
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    if va == 0 or vb == 0:
        return 0.0
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / (va * vb) ** 0.5


def agreement(ranked):
    """Each candidate's rank correlation with the others' mean rank on the
    unlabeled validation rows."""
    unlabeled = [i for i, l in enumerate(ranked[0][3]) if not l]
    r = [ranks([run[2][i] for i in unlabeled]) for run in ranked]
    return [correlation(r[j], mean([r[k] for k in range(len(r)) if k != j]))
            for j in range(len(r))]


def rule_scores(split):
    """Each rule's and each single learner's (accuracy, ROC-AUC) on one split."""
    ranked, singles = ranked_runs(split)
    truth = ranked[0][1]
    agree = agreement(ranked)
    by_agreement = sorted(range(len(ranked)), key=lambda j: -agree[j])
    of = lambda indices: mean([ranked[j][0] for j in indices])
    probs = {
        "gap mean3": of(range(3)),
        "mean-all": of(range(len(ranked))),
        "agree mean3": of(by_agreement[:3]),
        "agree first": ranked[by_agreement[0]][0],
        "gap5 agree3": of(sorted(range(5), key=lambda j: -agree[j])[:3]),
    }
    scores = {name: (accuracy(p, truth), roc_auc(p, truth)) for name, p in probs.items()}
    return {**scores, **singles}


def main(directories):
    print_study_head("What it shows: whether agreement among the candidates on the unlabeled "
                     "validation rows ranks them better than the call gap.", kind="An analysis")
    avg = lambda xs: sum(xs) / len(xs)
    print_table_head("Development tables, one split (fold 0)",
                     "Mean test accuracy / ROC-AUC over seeds; \"best single\" is the most "
                     "accurate single PU learner's, known only in hindsight.",
                     ["draw", "table", "seeds", "best single"] + RULES)
    gaps = {rule: [] for rule in RULES}
    for directory in directories:
        for table in sorted(glob.glob(f"{directory}/*/fold-0")):
            by_name = {}
            for split in load(table).values():
                if split["auto"] is not None:
                    for name, score in rule_scores(split).items():
                        by_name.setdefault(name, []).append(score)
            best = max((avg([a for a, _ in by_name[s]]), s) for s in SINGLE if s in by_name)
            cells = []
            for rule in RULES:
                acc = avg([a for a, _ in by_name[rule]])
                gaps[rule].append((acc - best[0], acc, avg([r for _, r in by_name[rule]])))
                cells.append(f"{acc:.3f} / {gaps[rule][-1][2]:.3f}")
            print(f"| {directory.rstrip('/').split('/')[-1]} | {table.split('/')[-2]} | "
                  f"{len(by_name['gap mean3'])} | {best[0]:.3f} ({best[1]}) | " + " | ".join(cells) + " |")
    print("\n| rule | mean accuracy | mean ROC-AUC | tables within 0.01 of the best single learner | worst gap |")
    print("|---|---|---|---|---|")
    for rule, rows in gaps.items():
        print(f"| {rule} | {avg([r[1] for r in rows]):.4f} | {avg([r[2] for r in rows]):.4f} | "
              f"{sum(r[0] >= -0.01 for r in rows)} of {len(rows)} | {min(r[0] for r in rows):+.3f} |")


if __name__ == "__main__":
    main(sys.argv[1:])

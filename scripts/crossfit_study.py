#!/usr/bin/env python3
"""A development study, not a result: should auto cross-fit its choice on CSV files?

auto ranks its candidates by the call gap (the share of labeled minus the
share of unlabeled validation rows called positive) on one PU validation
split, a fifth of a CSV's training rows, and keeps the mean of the first
three. On a small file that split holds a few dozen labeled rows, so the
ranking is noisy: on the example files auto missed the best single learner
by 0.038 (two moons) and 0.013 (wine). Cross-fitting trains every candidate
once per fold of the training rows (`sweep --validation-fold k`, k = 0..4,
each fold the validation split of one fit, disjoint) and ranks by the call
gap averaged over the folds, every training row then judging once. Compared,
per table and seed, from the row scores of all five folds:

- one split: auto as it is, on fold 0 alone (rank by fold 0's call gap, mean
  of the first three of fold 0's classifiers);
- cross-fitted ranking: rank by the mean of the folds' call gaps, keep the
  mean of the first three's fold-0 classifiers;
- cross-fitted mean: the same ranking, keep the mean of the first three's
  classifiers of every fold (15 members, each trained on four fifths);
- bagged auto (exploration): auto as it is on each fold, the five means
  averaged.

Rule written before the runs (this commit): a cross-fitted rule becomes
auto's on CSV files if, over the twelve CSV development tables
(scripts/make_dev_tables.py: six generators, two draws; no reported file),
(a) its mean accuracy is at least one split's + 0.005, (b) its tables within
0.01 of the best single PU learner (fold 0's, known only in hindsight) or
above are at least one split's, and (c) its mean ROC-AUC is at most 0.002
below one split's. Where both cross-fitted rules meet it, the one with the
higher mean accuracy. Otherwise auto keeps its one split, and cross-fitting
is recorded as tried. It costs five times the training, so adopting it
would also mean deciding where (file sizes, the page's time) it runs.
The test set scores the rules and chooses nothing.

Small files. On a file the size of the wine example the one split has fewer
than 10 labeled rows, too few to rank by, and auto keeps the mean of every
candidate (`FEW_LABELED`); the five folds together have five times as many.
Every rule above keeps that fallback, reading the labeled rows it ranks by:
fold 0's for one split (and each fold's for bagged auto), all folds' for
the cross-fitted rules. Second rule, written before its runs (the commit
after the first): on two new draws of the six development generators cut to
180 and 300 rows (`scripts/make_dev_tables.py` seeds 20261134 and 20261135),
10 seeds each, a cross-fitted rule becomes auto's on small files if its
paired accuracy difference from one split over all those splits is above
zero by more than its standard error and its mean ROC-AUC is at most 0.002
below one split's; where both meet it, the one with the higher mean
accuracy.

Third rule, written before its runs (the commit after the second's
results): bagged auto, exploration above and the most accurate of the four
on both sets, is confirmed on new draws: the six generators at full size
(seed 20261136, 5 seeds) and at 180 and 300 rows (seeds 20261137 and
20261138, 10 seeds). It becomes the rule to build if on each set, full and
small, its paired accuracy difference from one split is above zero by more
than its standard error and its mean ROC-AUC is at most 0.002 below one
split's; the cross-fitted mean is shown beside it on the same runs.

With --files it is an analysis instead: the reported CSV files (the
examples and the tables with known priors) run the same way, to show what
the rule that was met would give there. It chooses nothing.

    scripts/crossfit_study.py TABLE_DIR... [-- SMALL_TABLE_DIR...]
    scripts/crossfit_study.py --confirmation TABLE_DIR... -- SMALL_TABLE_DIR...
    scripts/crossfit_study.py --files TABLE_DIR...
        (each TABLE_DIR holding fold-0 ... fold-4, the shard dirs of one table)
"""

import glob
import json
import sys
from collections import defaultdict

from ensemble_study import CANDIDATES, SINGLE, accuracy, mean, roc_auc
from provenance import print_checks, print_study_head, print_table_head

FOLDS = 5
# Fewer labeled validation rows than this: auto keeps the mean of every
# candidate (FEW_LABELED in src/selection/scores.rs).
FEW_LABELED = 10
RULES = ["one split", "cross-fitted ranking", "cross-fitted mean", "bagged auto"]
ADOPTABLE = ["cross-fitted ranking", "cross-fitted mean"]
RULE = __doc__.split("Rule written before the runs (this commit): ")[1].split("\n\n")[0]
SMALL_RULE = __doc__.split("Second rule, written before its runs (the commit\nafter the first): ")[1] \
    .split("\n\n")[0]
BAGGED_RULE = __doc__.split("Third rule, written before its runs (the commit after the second's\nresults): ")[1] \
    .split("\n\n")[0]


def call_gap(p, labeled):
    called = lambda side: sum(x >= 0.5 for x, l in zip(p, labeled) if l == side) / \
        sum(1 for l in labeled if l == side)
    return called(True) - called(False)


def load(table_dir):
    """Seed -> fold -> {"runs": (learner, preset) -> (test, truth, validation,
    labeled), "order": auto's ranking, "own": auto's preset}."""
    seeds = defaultdict(dict)
    for fold in range(FOLDS):
        paths = sorted(glob.glob(f"{table_dir}/fold-{fold}/rows-*.jsonl"))
        if not paths:
            sys.exit(f"{table_dir}/fold-{fold} has no row scores")
        for path in paths:
            for line in open(path):
                d = json.loads(line)
                config = d.get("config") or d["auto"]
                assert config["split"].get("validation_fold") == fold, path
                split = seeds[config["seed"]].setdefault(fold, {"runs": {}})
                if "auto" in d:
                    split["order"] = d["order"]
                    split["own"] = config["model"]
                else:
                    split["runs"][(config["learner"], config["model"])] = (
                        d["test"], [c == "1" for c in d["truth"]], d["validation"],
                        [c == "1" for c in d["validation_labeled"]])
    return seeds


def ranking(values):
    """Candidate positions, best first; stable, as the product ranks."""
    return sorted(range(len(values)), key=lambda i: -values[i])


def members(order, labeled):
    """auto's members from a ranking read on `labeled` labeled rows: the first
    three, or every candidate under FEW_LABELED."""
    return list(order) if labeled < FEW_LABELED else order[:3]


def split_scores(folds):
    """Each rule's and each single learner's (accuracy, ROC-AUC) on one seed."""
    own = folds[0]["own"]
    runs = [[folds[k]["runs"][(learner, model or own)] for learner, model in CANDIDATES]
            for k in range(FOLDS)]
    gaps = [[call_gap(v, l) for _, _, v, l in runs[k]] for k in range(FOLDS)]
    per_fold = [ranking(gaps[k]) for k in range(FOLDS)]
    for k in range(FOLDS):
        if per_fold[k][:3] != folds[k]["order"][:3]:
            sys.exit(f"fold {k}: the call-gap ranking {per_fold[k][:3]} is not the "
                     f"product's {folds[k]['order'][:3]}")
    crossed = ranking([sum(g[c] for g in gaps) / FOLDS for c in range(len(CANDIDATES))])
    labeled = [sum(runs[k][0][3]) for k in range(FOLDS)]
    kept = [members(per_fold[k], labeled[k]) for k in range(FOLDS)]
    crossed = members(crossed, sum(labeled))
    test = lambda k, c: runs[k][c][0]
    probs = {
        "one split": mean([test(0, c) for c in kept[0]]),
        "cross-fitted ranking": mean([test(0, c) for c in crossed]),
        "cross-fitted mean": mean([test(k, c) for k in range(FOLDS) for c in crossed]),
        "bagged auto": mean([test(k, c) for k in range(FOLDS) for c in kept[k]]),
    }
    truth = runs[0][0][1]
    scores = {name: (accuracy(p, truth), roc_auc(p, truth)) for name, p in probs.items()}
    for learner in SINGLE:
        if (learner, own) in folds[0]["runs"]:
            p, t, _, _ = folds[0]["runs"][(learner, own)]
            scores[learner] = (accuracy(p, t), roc_auc(p, t))
    return scores


def avg(xs):
    return sum(xs) / len(xs)


def table(title, table_dirs):
    """Print one set's tables; return rule -> (mean accuracy, mean ROC-AUC,
    tables within 0.01 of the best single learner or above), and rule -> the
    (accuracy, ROC-AUC) of every split, in one order."""
    print_table_head(title, "Mean test accuracy / ROC-AUC over seeds, per table; \"best "
                     "single\" is the most accurate single PU learner's on fold 0, known only "
                     "in hindsight.", ["table", "seeds", "best single", *RULES])
    summary = {rule: [[], [], 0] for rule in RULES}
    splits = defaultdict(list)
    for table_dir in table_dirs:
        by_name = defaultdict(list)
        seeds = load(table_dir)
        for seed in sorted(seeds):
            for name, score in split_scores(seeds[seed]).items():
                by_name[name].append(score)
        best = max((avg([a for a, _ in by_name[s]]), s) for s in SINGLE if s in by_name)
        row = []
        for rule in RULES:
            splits[rule].extend(by_name[rule])
            acc, auc = avg([a for a, _ in by_name[rule]]), avg([x for _, x in by_name[rule]])
            summary[rule][0].append(acc)
            summary[rule][1].append(auc)
            summary[rule][2] += acc >= best[0] - 0.01 - 1e-9
            row.append(f"{acc:.3f} / {auc:.3f}")
        name = "/".join(table_dir.rstrip("/").split("/")[-2:])
        print(f"| {name} | {len(seeds)} | {best[0]:.3f} ({best[1]}) | " + " | ".join(row) + " |")
    print("\n| rule | mean accuracy | mean ROC-AUC | tables within 0.01 of the best single "
          "learner or above |")
    print("|---|---|---|---|")
    out = {}
    for rule, (accs, aucs, within) in summary.items():
        out[rule] = (avg(accs), avg(aucs), within)
        print(f"| {rule} | {avg(accs):.4f} | {avg(aucs):.4f} | {within} of {len(accs)} |")
    print()
    return out, splits


def adopted(met, accuracy_of, what):
    """Print the verdict of a rule whose conditions `met` rules meet."""
    if met:
        chosen = max(met, key=accuracy_of)
        print(f"The rule is met: auto would cross-fit {what} with the {chosen}.\n")
    else:
        print(f"The rule is not met: auto keeps its one split {what}.\n")


def full_rule(out):
    """The first rule's checks, on the full-size tables."""
    base = out["one split"]
    met = []
    for rule in ADOPTABLE:
        r = out[rule]
        checks = [
            (f"{rule}: (a) mean accuracy at least one split's + 0.005", r[0] >= base[0] + 0.005,
             f"{r[0]:.4f} vs {base[0]:.4f}"),
            (f"{rule}: (b) tables within 0.01 of the best single learner, at least one "
             "split's", r[2] >= base[2], f"{r[2]} vs {base[2]}"),
            (f"{rule}: (c) mean ROC-AUC at most 0.002 below one split's",
             r[1] >= base[1] - 0.002, f"{r[1]:.4f} vs {base[1]:.4f}"),
        ]
        print_checks(checks, f"{rule}: met.\n", f"{rule}: not met.\n")
        if all(passed for _, passed, _ in checks):
            met.append(rule)
    adopted(met, lambda rule: out[rule][0], "on CSV files")


def small_rule(splits, rules=ADOPTABLE, what="on small files"):
    """The second rule's checks, on the small tables' splits (paired), of
    `rules`; the third rule's, of bagged auto, on each set."""
    base = splits["one split"]
    met = []
    for rule in rules:
        diffs = [a - b for (a, _), (b, _) in zip(splits[rule], base)]
        d = avg(diffs)
        se = (sum((x - d) ** 2 for x in diffs) / (len(diffs) - 1) / len(diffs)) ** 0.5
        auc, base_auc = avg([x for _, x in splits[rule]]), avg([x for _, x in base])
        checks = [
            (f"{rule}: (a) paired accuracy difference above zero by more than its standard "
             f"error, over {len(diffs)} splits", d > se, f"{d:+.4f} ± {se:.4f}"),
            (f"{rule}: (b) mean ROC-AUC at most 0.002 below one split's",
             auc >= base_auc - 0.002, f"{auc:.4f} vs {base_auc:.4f}"),
        ]
        print_checks(checks, f"{rule}: met.\n", f"{rule}: not met.\n")
        if all(passed for _, passed, _ in checks):
            met.append(rule)
    adopted(met, lambda rule: avg([a for a, _ in splits[rule]]), what)
    return bool(met)


def main(full_dirs, small_dirs):
    first = f"Rule written before the runs (commit 4f05575): {RULE}"
    second = f"Second rule, written before its runs (commit 5d6f86d): {SMALL_RULE}"
    print_study_head(f"{first}\n\n{second}" if small_dirs else first)
    out, _ = table("CSV development tables", full_dirs)
    full_rule(out)
    if small_dirs:
        _, splits = table("Small CSV development tables", small_dirs)
        small_rule(splits)


def confirmation(full_dirs, small_dirs):
    """The third rule: bagged auto against one split, on new draws."""
    print_study_head(f"Third rule, written before its runs (committed with results/dev-crossfit.md): "
                     f"{BAGGED_RULE}")
    met = []
    for title, dirs, what in [("New full-size CSV development tables", full_dirs, "on full-size files"),
                              ("New small CSV development tables", small_dirs, "on small files")]:
        _, splits = table(title, dirs)
        met.append(small_rule(splits, ["bagged auto"], what))
    print("The third rule is " + ("met: bagged auto is the rule to build." if all(met) else
                                  "not met."))


def files(table_dirs):
    """The analysis of the reported files: their tables, no rule."""
    print_study_head(
        "What the cross-fitted rules would give on the reported CSV files, beside auto as it "
        "is on one split (fold 0 here, not the one draw of the reported files): bagged auto, "
        "the rule results/dev-crossfit-confirmation.md confirmed, and the cross-fitted mean, "
        "which met results/dev-crossfit.md's first rule. Each file's runs were made again for "
        "it, once per fold of its training rows. It chooses nothing, and the product does not "
        "train these rules yet.", kind="An analysis")
    table("Reported CSV files", table_dirs)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    args = sys.argv[1:]
    if args[0] == "--confirmation":
        cut = args.index("--")
        confirmation(args[1:cut], args[cut + 1:])
        sys.exit()
    if args[0] == "--files":
        files(args[1:])
        sys.exit()
    cut = args.index("--") if "--" in args else len(args)
    main(args[:cut], args[cut + 1:])

#!/usr/bin/env python3
"""A development study, not a result: auto as the mean of its first candidates?

Reads the row-score files (`sweep --row-scores`, written as SHARD_DIR/rows-I.jsonl
by `ROW_SCORES=1 scripts/sweep-shards.sh`) of development grids and compares,
on the test set, auto as it is (the candidate its ranking puts first) with
combinations of the candidates it ranked:

- mean3 (the pre-registered one): the mean of the kept-epoch probabilities of
  the first three candidates, called positive at 0.5;
- mean2, mean5, mean-all: the same with the first two, five or all;
- vote3: the majority of the first three candidates' calls;
- gated mean3: mean3 where its own proxy accuracy on the validation rows
  (under the ranking's prior) is above the first candidate's, else the first.

Only mean3 can be adopted from these runs (rule in commit 2e55576); the others
are exploration. The test set is read to score the rules, never to choose.

    scripts/ensemble_study.py FASHION_SHARD_DIR CSV_SHARD_DIR...
"""

import glob
import json
import sys
from collections import defaultdict

from provenance import print_study_head

# auto's candidates in the order `candidate_configs` trains them
# (AUTO_CANDIDATES in src/config/learner.rs): (learner, preset or None for
# the run's own).
CANDIDATES = [("weighter", None), ("separator", None), ("km2-nn-pu", None),
              ("biased-pu", None), ("rank-pruning", None), ("pmpu", None),
              ("vpu", None), ("dist-pu", None), ("km2-nn-pu", "linear"),
              ("biased-pu", "linear"), ("rank-pruning", "linear")]
# The single PU learners (rows that need neither the truth nor the true prior).
SINGLE = ["biased-pu", "tice-nn-pu", "km2-nn-pu", "rank-pruning", "pmpu",
          "separator", "weighter", "vpu", "dist-pu"]
RULES = ["auto", "mean3", "mean2", "mean5", "mean-all", "vote3", "gated mean3"]


def accuracy(p, truth):
    return sum((x >= 0.5) == t for x, t in zip(p, truth)) / len(truth)


def roc_auc(p, truth):
    """Mann-Whitney with ties counted half."""
    ranked = sorted(zip(p, truth))
    pos = sum(truth)
    neg = len(truth) - pos
    rank_sum, i = 0.0, 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        mid = (i + j + 1) / 2  # mean rank of the tie block, from 1
        rank_sum += mid * sum(t for _, t in ranked[i:j])
        i = j
    return (rank_sum - pos * (pos + 1) / 2) / (pos * neg)


def proxy_accuracy(p, labeled, prior):
    """1 - π - (share of U called positive) + 2π (share of L called positive)."""
    called = lambda side: sum(x >= 0.5 for x, l in zip(p, labeled) if l == side) / \
        sum(1 for l in labeled if l == side)
    return 1 - prior - called(False) + 2 * prior * called(True)


def mean(vectors):
    return [sum(col) / len(col) for col in zip(*vectors)]


def load(directory):
    """Per split: its runs by (learner, preset), and auto's ranking line."""
    splits = defaultdict(lambda: {"runs": {}, "auto": None})
    for path in sorted(glob.glob(f"{directory}/rows-*.jsonl")):
        for line in open(path):
            d = json.loads(line)
            config = d.get("config") or d["auto"]
            key = json.dumps([config["data"], config["split"], config["seed"]], sort_keys=True)
            if "auto" in d:
                splits[key]["auto"] = d
            else:
                splits[key]["runs"][(config["learner"], config["model"])] = (
                    d["test"], [c == "1" for c in d["truth"]], d["validation"],
                    [c == "1" for c in d["validation_labeled"]])
    return splits


def ranked_runs(split):
    """One split's runs (test, truth, validation, labeled) in auto's order, and
    the single PU learners' (accuracy, ROC-AUC) on it."""
    auto = split["auto"]
    own = auto["auto"]["model"]
    runs = split["runs"]
    ranked = [runs[(learner, model or own)] for learner, model in
              (CANDIDATES[i] for i in auto["order"])]
    singles = {}
    for learner in SINGLE:
        if (learner, own) in runs:
            p, t, _, _ = runs[(learner, own)]
            singles[learner] = (accuracy(p, t), roc_auc(p, t))
    return ranked, singles


def rule_scores(split):
    """Each rule's and each single learner's (accuracy, ROC-AUC) on one split."""
    ranked, singles = ranked_runs(split)
    auto = split["auto"]
    truth = ranked[0][1]
    top = lambda k: mean([r[0] for r in ranked[:k]])
    vote = [float(sum(r[0][i] >= 0.5 for r in ranked[:3]) >= 2) for i in range(len(truth))]
    gated = top(3)
    prior = auto["prior"]
    if prior is not None:
        labeled = ranked[0][3]
        first = proxy_accuracy(ranked[0][2], labeled, prior)
        mixed = proxy_accuracy(mean([r[2] for r in ranked[:3]]), labeled, prior)
        if mixed <= first:
            gated = ranked[0][0]
    probs = {"auto": ranked[0][0], "mean3": top(3), "mean2": top(2), "mean5": top(5),
             "mean-all": top(len(ranked)), "vote3": vote, "gated mean3": gated}
    scores = {name: (accuracy(p, truth), roc_auc(p, truth)) for name, p in probs.items()}
    return {**scores, **singles}


def cells(directory, scorer=None):
    """Cell (n_l, ρ, or the table) -> name -> list of (accuracy, ROC-AUC) over
    seeds, each split scored by `scorer` (default: this study's rule_scores)."""
    scorer = scorer or rule_scores
    out = defaultdict(lambda: defaultdict(list))
    for key, split in load(directory).items():
        if split["auto"] is None:
            continue
        data, sp, _ = json.loads(key)
        cell = directory.rstrip("/").split("/")[-1] if data["kind"] == "csv" else \
            f"n_l {sp['n_labeled']}, ρ {sp['rho']}"
        for name, score in scorer(split).items():
            out[cell][name].append(score)
    return out


def summarise(grid):
    """Per rule: mean accuracy and ROC-AUC over cells, and the cells where it is
    at or above every single PU learner's mean accuracy."""
    avg = lambda xs: sum(xs) / len(xs)
    summary = {}
    for rule in RULES:
        accs, aucs, above = [], [], 0
        for by_name in grid.values():
            acc = avg([a for a, _ in by_name[rule]])
            best = max(avg([a for a, _ in by_name[s]]) for s in SINGLE if s in by_name)
            accs.append(acc)
            aucs.append(avg([r for _, r in by_name[rule]]))
            above += acc >= best - 1e-9
        summary[rule] = (avg(accs), avg(aucs), above, len(grid))
    return summary


def table(title, grid):
    print(f"### {title}\n")
    print("Mean test accuracy / ROC-AUC over seeds, per cell; \"best single\" is the most "
          "accurate single PU learner's, known only in hindsight.\n")
    print("| cell | seeds | best single | " + " | ".join(RULES) + " |")
    print("|---|---|---|" + "---|" * len(RULES))
    avg = lambda xs: sum(xs) / len(xs)
    for cell, by_name in sorted(grid.items()):
        best = max((avg([a for a, _ in by_name[s]]), s) for s in SINGLE if s in by_name)
        row = [f"{avg([a for a, _ in by_name[r]]):.3f} / {avg([x for _, x in by_name[r]]):.3f}"
               for r in RULES]
        print(f"| {cell} | {len(by_name['auto'])} | {best[0]:.3f} ({best[1]}) | " + " | ".join(row) + " |")
    summary = summarise(grid)
    print("\n| rule | mean accuracy | mean ROC-AUC | cells at or above every single PU learner |")
    print("|---|---|---|---|")
    for rule, (acc, auc, above, n) in summary.items():
        print(f"| {rule} | {acc:.4f} | {auc:.4f} | {above} of {n} |")
    print()
    return summary


def main(fashion, tables):
    print_study_head(
        "Rule written before the runs (commit 2e55576): adopt mean3 as auto's model only if on "
        "Fashion-MNIST (a) its mean accuracy over the 9 cells is above auto's, (b) its cells at "
        "or above every PU learner are at least auto's, (c) its mean ROC-AUC is not below auto's, "
        "and (d) on the CSV development tables its mean accuracy and mean ROC-AUC are not below "
        "auto's.")
    f = table("Fashion-MNIST development grid", cells(fashion))
    csv = defaultdict(lambda: defaultdict(list))
    for directory in tables:
        csv.update(cells(directory))
    c = table("CSV development tables", csv)
    checks = [
        ("(a) Fashion-MNIST mean accuracy above auto's", f["mean3"][0] > f["auto"][0],
         f"{f['mean3'][0]:.4f} vs {f['auto'][0]:.4f}"),
        ("(b) Fashion-MNIST cells at or above every PU learner, at least auto's",
         f["mean3"][2] >= f["auto"][2], f"{f['mean3'][2]} vs {f['auto'][2]}"),
        ("(c) Fashion-MNIST mean ROC-AUC not below auto's", f["mean3"][1] >= f["auto"][1],
         f"{f['mean3'][1]:.4f} vs {f['auto'][1]:.4f}"),
        ("(d) CSV mean accuracy and ROC-AUC not below auto's",
         c["mean3"][0] >= c["auto"][0] and c["mean3"][1] >= c["auto"][1],
         f"{c['mean3'][0]:.4f} / {c['mean3'][1]:.4f} vs {c['auto'][0]:.4f} / {c['auto'][1]:.4f}"),
    ]
    for name, met, figures in checks:
        print(f"- {name}: {figures}, {'met' if met else 'not met'}.")
    verdict = "met: mean3 is adopted" if all(m for _, m, _ in checks) else "not met: auto keeps its first candidate"
    print(f"\nThe rule is {verdict}.")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])

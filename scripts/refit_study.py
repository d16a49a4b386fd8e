#!/usr/bin/env python3
"""A development study, not a result: should auto refit its members on the
training and validation rows together once it has chosen them?

auto sets a PU validation split aside (a share of 0.2 of a CSV's training
rows), trains its candidates on the rest, keeps each candidate's best epoch
by the validation split and averages the first three. Refitting is the
usual last step of model selection (scikit-learn's `refit=True`): train each
chosen member again, on every training row (the validation rows included),
for as many epochs of its own training as it kept. The members then learn
from a quarter more rows, at the cost of training them twice.

Emulated with the command line: `sweep --validation-share 0 --epochs E`
trains on every non-test row (the test split is drawn before the
validation rows, so it is the same) and keeps its last epoch. Dist-PU's
epochs are split between its warm-up and its own training, so no `--epochs`
repeats its kept epoch: a Dist-PU member stays as trained (as does any
member kept in another stage than its own training), which can only make
refitting look worse.

Rule written before the runs (this file's first commit): adopt refitting as
auto's default only if, on the six CSV development tables (first draw, 5
seeds; no reported table), (a) refitted auto's mean test accuracy over the
tables is at least auto's + 0.005, (b) its mean ROC-AUC is not below auto's,
and (c) the tables where its accuracy is within 0.01 of the best single PU
learner's (or above) are at least auto's. The single learners are scored as
the product runs them (validation split set aside). The test set is read to
score the rule, never to choose.

    scripts/refit_study.py jobs SHARD_DIR     # the refit runs to make
    scripts/refit_study.py SHARD_DIR...       # the study, once they are made

Each SHARD_DIR holds the table's sweep row scores (rows-*.jsonl, from
`ROW_SCORES=1 scripts/sweep-shards.sh`) and the refit runs' (refit-*.jsonl).
"""

import glob
import json
import sys
from collections import defaultdict

from ensemble_study import CANDIDATES, SINGLE, accuracy, mean, roc_auc
from provenance import print_checks, print_study_head

RULES = ["auto", "refit auto"]


def spec(learner, preset):
    """The --learners word of a candidate: `km2-nn-pu/linear`, or the learner's."""
    return f"{learner}/{preset}" if preset else learner


def load(directory, pattern):
    """(split key) -> {"runs": {(learner, model): line}, "auto": line}."""
    splits = defaultdict(lambda: {"runs": {}, "auto": None})
    for path in sorted(glob.glob(f"{directory}/{pattern}")):
        for line in open(path):
            d = json.loads(line)
            config = d.get("config") or d["auto"]
            key = json.dumps([config["data"], config["split"]["test_fraction"],
                              config["seed"]], sort_keys=True)
            if "auto" in d:
                splits[key]["auto"] = d
            else:
                splits[key]["runs"][(config["learner"], config["model"])] = d
    return splits


def members(split):
    """auto's members in one split: (learner, model), its row-score line and
    its --learners word."""
    own = split["auto"]["auto"]["model"]
    out = []
    for position in split["auto"]["members"]:
        learner, preset = CANDIDATES[position]
        key = (learner, preset or own)
        out.append((key, split["runs"][key], spec(learner, preset)))
    return out


def refit_epochs(line):
    """The epochs a member is refitted for, or None where it stays as trained:
    its kept epoch of its own training, or all of them where it kept its last."""
    config = line["config"]
    if config["learner"] == "dist-pu":
        return None
    kept = line.get("kept")
    if kept is None:
        return config["optim"]["epochs"]
    return kept["epoch"] if kept["stage"] == "train" else None


def jobs(directory):
    """One line per refit run: seed, learner word, epochs."""
    for split in load(directory, "rows-*.jsonl").values():
        if split["auto"] is None:
            continue
        for _, line, word in members(split):
            epochs = refit_epochs(line)
            if epochs is not None:
                print(line["config"]["seed"], word, epochs)


def scores(split, refits):
    """auto's, refitted auto's and the single learners' (accuracy, ROC-AUC)."""
    chosen = members(split)
    truth = [c == "1" for c in chosen[0][1]["truth"]]
    as_trained = mean([line["test"] for _, line, _ in chosen])
    refitted = []
    for key, line, _ in chosen:
        again = refits["runs"].get(key) if refits else None
        refitted.append(again["test"] if again and refit_epochs(line) else line["test"])
    out = {"auto": (accuracy(as_trained, truth), roc_auc(as_trained, truth)),
           "refit auto": (accuracy(mean(refitted), truth), roc_auc(mean(refitted), truth))}
    own = split["auto"]["auto"]["model"]
    for learner in SINGLE:
        line = split["runs"].get((learner, own))
        if line:
            out[learner] = (accuracy(line["test"], truth), roc_auc(line["test"], truth))
    return out, sum(1 for _, line, _ in chosen if refit_epochs(line)), len(chosen)


def main(directories):
    print_study_head(
        "Rule written before the runs (the first commit of scripts/refit_study.py): adopt "
        "refitting auto's members on the training and validation rows only if on the six CSV "
        "development tables (a) its mean test accuracy is at least auto's + 0.005, (b) its mean "
        "ROC-AUC is not below auto's and (c) its tables within 0.01 of the best single PU "
        "learner's accuracy (or above) are at least auto's.")
    avg = lambda xs: sum(xs) / len(xs)
    print("Mean test accuracy / ROC-AUC over 5 seeds; \"best single\" is the most accurate "
          "single PU learner's, known only in hindsight.\n")
    print("| table | best single | auto | refit auto | members refitted |")
    print("|---|---|---|---|---|")
    summary = {rule: [[], [], 0] for rule in RULES}
    for directory in directories:
        name = directory.rstrip("/").split("/")[-1].removeprefix("refit-")
        refits = load(directory, "refit-*.jsonl")
        by_name, refitted, chosen = defaultdict(list), 0, 0
        for key, split in load(directory, "rows-*.jsonl").items():
            if split["auto"] is None:
                continue
            got, r, c = scores(split, refits.get(key))
            refitted, chosen = refitted + r, chosen + c
            for n, s in got.items():
                by_name[n].append(s)
        best = max((avg([a for a, _ in by_name[s]]), s) for s in SINGLE if s in by_name)
        cells = []
        for rule in RULES:
            acc = avg([a for a, _ in by_name[rule]])
            auc = avg([x for _, x in by_name[rule]])
            summary[rule][0].append(acc)
            summary[rule][1].append(auc)
            summary[rule][2] += acc >= best[0] - 0.01 - 1e-9
            cells.append(f"{acc:.3f} / {auc:.3f}")
        print(f"| {name} | {best[0]:.3f} ({best[1]}) | " + " | ".join(cells) +
              f" | {refitted} of {chosen} |")
    print("\n| rule | mean accuracy | mean ROC-AUC | tables within 0.01 of the best single |")
    print("|---|---|---|---|")
    for rule, (accs, aucs, near) in summary.items():
        print(f"| {rule} | {avg(accs):.4f} | {avg(aucs):.4f} | {near} of {len(accs)} |")
    a, r = summary["auto"], summary["refit auto"]
    checks = [
        ("(a) mean accuracy at least auto's + 0.005", avg(r[0]) >= avg(a[0]) + 0.005,
         f"{avg(r[0]):.4f} vs {avg(a[0]):.4f}"),
        ("(b) mean ROC-AUC not below auto's", avg(r[1]) >= avg(a[1]),
         f"{avg(r[1]):.4f} vs {avg(a[1]):.4f}"),
        ("(c) tables within 0.01 of the best single, at least auto's", r[2] >= a[2],
         f"{r[2]} vs {a[2]}"),
    ]
    print()
    print_checks(checks, "The rule is met: adopt refitting.",
                 "The rule is not met: auto keeps its members as trained.")


if __name__ == "__main__":
    if sys.argv[1] == "jobs":
        jobs(sys.argv[2])
    else:
        main(sys.argv[1:])

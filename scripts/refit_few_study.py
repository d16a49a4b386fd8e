#!/usr/bin/env python3
"""A development study, not a result: should auto refit its members where
it averages every candidate because its validation split has too few
labeled rows to rank them?

auto refits the members it keeps on the training and validation rows, each
for the epochs it kept (results/dev-refit.md adopted this on the six CSV
development tables, whose splits all have 10 or more labeled validation
rows, where auto keeps the mean of its first three). With fewer than 10
labeled validation rows auto keeps the mean of every candidate
(results/dev-few-labeled.md), and each member's kept epoch was chosen on
those few rows. Refitting there was never measured; on the wine example
(few labeled validation rows) auto's accuracy fell from 0.960 to 0.947 when
refitting came in, one file and five seeds, which asks the question and
answers nothing.

Compared, on splits of new draws of the six development generators (small
tables, so that most splits have fewer than 10 labeled validation rows):
auto as it is (refitting), and auto with `--no-refit` (members as trained).
The two arms train the same candidates on the same rows and keep the same
members; only the refit differs. A split is in the few-labeled regime when
auto kept more than three members (the mean of every candidate).

RULE (written before the runs, in this file's first commit). The test set
scores the rule and chooses nothing.

    scripts/refit_few_study.py TABLE_DIR...

Each TABLE_DIR holds refit/shard-*.json and as-trained/shard-*.json, the
sweep shards of `--learners auto` without and with `--no-refit`.
"""

import glob
import json
import statistics
import sys

from provenance import print_checks, print_study_head

RULE = ("Rule written before the runs: where auto averages every candidate (fewer than 10 "
        "labeled validation rows), it keeps its members as trained, not refitted, if over the "
        "splits of the new draws in that regime (a) the mean paired accuracy difference, as "
        "trained minus refitted, is above zero by more than its standard error, and (b) the "
        "mean ROC-AUC as trained is at most 0.002 below refitted's; otherwise auto refits in "
        "every regime, as it does today.")

ARMS = ("as-trained", "refit")


def averaged(directory, arm):
    """seed -> auto's averaged record (members, refitted, kept scores)."""
    out = {}
    for path in sorted(glob.glob(f"{directory}/{arm}/shard-*.json")):
        for run in json.load(open(path))["runs"]:
            ok = run["outcome"].get("Ok")
            if ok:
                out[run["seed"]] = ok[0]["averaged"]
    return out


def paired(directory):
    """One (few-labeled?, as-trained (acc, auc), refitted (acc, auc), members
    refitted) per split both arms finished."""
    trained, refit = (averaged(directory, arm) for arm in ARMS)
    rows = []
    for seed in sorted(set(trained) & set(refit)):
        a, r = trained[seed], refit[seed]
        if a["members"] != r["members"]:
            sys.exit(f"{directory}, seed {seed}: the arms kept different members")
        score = lambda x: (x["kept"]["accuracy"], x["kept"]["roc_auc"])
        rows.append((len(a["members"]) > 3, score(a), score(r), len(r["refitted"]),
                     len(r["members"])))
    return rows


def spread(diffs):
    """Mean and standard error of paired differences."""
    m = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("inf")
    return m, se


def main(directories):
    print_study_head(RULE)
    print("Mean test accuracy / ROC-AUC over each table's splits in the few-labeled regime "
          "(auto kept the mean of every candidate); the mean-of-three splits are counted, "
          "not scored.\n")
    print("| table | splits | few-labeled | as trained | refitted | members refitted |")
    print("|---|---|---|---|---|---|")
    few, rest = [], []
    for directory in directories:
        rows = paired(directory)
        gated = [r for r in rows if r[0]]
        few += gated
        rest += [r for r in rows if not r[0]]
        name = directory.rstrip("/").split("/")[-1]
        if not gated:
            print(f"| {name} | {len(rows)} | 0 | | | |")
            continue
        mean = lambda arm, k: statistics.fmean(r[arm][k] for r in gated)
        print(f"| {name} | {len(rows)} | {len(gated)} | {mean(1, 0):.3f} / {mean(1, 1):.3f} | "
              f"{mean(2, 0):.3f} / {mean(2, 1):.3f} | "
              f"{sum(r[3] for r in gated)} of {sum(r[4] for r in gated)} |")
    if not few:
        sys.exit("no split in the few-labeled regime")
    acc, acc_se = spread([r[1][0] - r[2][0] for r in few])
    trained_auc = statistics.fmean(r[1][1] for r in few)
    refit_auc = statistics.fmean(r[2][1] for r in few)
    print(f"\nOver the {len(few)} splits in the few-labeled regime:\n")
    if rest:
        other, other_se = spread([r[1][0] - r[2][0] for r in rest])
        figure = f"{other:+.4f}" + (f" ± {other_se:.4f}" if len(rest) > 1 else "")
        print(f"(For reading only, not part of the rule: over the {len(rest)} mean-of-three "
              f"split{'s' if len(rest) > 1 else ''}, as trained minus refitted accuracy "
              f"{figure}.)\n")
    checks = [
        ("(a) paired accuracy difference, as trained minus refitted, above zero by more than "
         "its standard error", acc > acc_se, f"{acc:+.4f} ± {acc_se:.4f}"),
        ("(b) mean ROC-AUC as trained at most 0.002 below refitted's",
         trained_auc >= refit_auc - 0.002, f"{trained_auc:.4f} vs {refit_auc:.4f}"),
    ]
    print_checks(checks,
                 "The rule is met: where auto averages every candidate it keeps them as trained.",
                 "The rule is not met: auto refits its members in every regime.")


if __name__ == "__main__":
    main(sys.argv[1:])

#!/usr/bin/env python3
"""A development study, not a result: which validation share for CSV files?

Reads the merged sweep files of the CSV development tables run at two
validation shares (`scripts/results.sh csv-share` writes them under
target/csv-share/SHARE/TABLE.md) and prints, per table, auto's test accuracy
and ROC-AUC and the mean ROC-AUC of the single PU learners, each at its kept
epoch, then the verdict of the rule written before the runs (commit
d98b685).

    scripts/csv_share_study.py target/csv-share 0.2 0.35 TABLE...
"""

import sys

from provenance import print_study_head

# The single PU learners of the development sweeps (rows that need neither
# the truth nor the true prior); auto is read apart.
SINGLE = ["biased PU", "TIcE+nnPU", "KM2+nnPU", "RankPruning", "PMPU",
          "policyPU_separator", "policyPU_weighter", "VPU", "Dist-PU"]


def kept_rows(path):
    """Each row of a file's kept-epoch table: (ROC-AUC, accuracy) means."""
    rows, kept = {}, False
    for line in open(path):
        if line.startswith("### "):
            kept = "the epoch its PU validation split chose" in line
        elif kept and line.startswith("| ") and not line.startswith(("| Model", "|---")):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            rows.setdefault(cells[0], (float(cells[1].split()[0]), float(cells[2].split()[0])))
    return rows


def main(directory, before, after, tables):
    print_study_head(
        f"Rule written before the runs (commit d98b685): adopt {after} if (a) auto's mean test "
        "accuracy over the tables is higher by at least 0.005, (b) its mean ROC-AUC is not lower "
        "and (c) the mean ROC-AUC of the 9 single PU learners is not lower by more than 0.002.")
    print(f"| table | auto acc / ROC-AUC, share {before} | share {after} "
          f"| single learners' mean ROC-AUC, {before} | {after} |")
    print("|---|---|---|---|---|")
    sums = {share: [0.0, 0.0, 0.0] for share in (before, after)}
    for table in tables:
        cells = []
        for share in (before, after):
            rows = kept_rows(f"{directory}/{share}/{table}.md")
            auc, acc = rows["auto (chosen on PU data)"]
            single = sum(rows[name][0] for name in SINGLE) / len(SINGLE)
            cells.append((acc, auc, single))
            for i, v in enumerate((acc, auc, single)):
                sums[share][i] += v / len(tables)
        (a0, r0, s0), (a1, r1, s1) = cells
        print(f"| {table} | {a0:.3f} / {r0:.3f} | {a1:.3f} / {r1:.3f} | {s0:.3f} | {s1:.3f} |")
    (a0, r0, s0), (a1, r1, s1) = sums[before], sums[after]
    print(f"| mean | {a0:.4f} / {r0:.4f} | {a1:.4f} / {r1:.4f} | {s0:.4f} | {s1:.4f} |")
    met = a1 - a0 >= 0.005 and r1 >= r0 and s0 - s1 <= 0.002
    print(f"\n(a) auto's accuracy {a1 - a0:+.4f}; (b) its ROC-AUC {r1 - r0:+.4f}; (c) the single "
          f"learners' ROC-AUC {s1 - s0:+.4f}. The rule is {'met' if met else 'not met'}.")


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])

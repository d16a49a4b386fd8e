#!/usr/bin/env python3
"""auto against the single learners, read from the sweep files in results/.

For every CSV file (results/example-*.md, results/table-*.md) and every cell
of the image grids (results/mnist.md, results/cifar10*.md): auto's test
accuracy and ROC-AUC at its kept epoch beside the best single PU learner's
(the best mean accuracy, known only in hindsight, among the rows that need
neither the truth nor the true prior), and the means over the CSV files.
With --before REV (repeatable), auto's row in the files as they were at
commit REV (another candidate set or rule) is set beside today's, its gap
taken to the best single learner of that same version of the file (the
other rows may have run again since, on another machine).

    scripts/auto_summary.py [--before REV]... > results/auto-summary.md
"""

import argparse
import glob
import subprocess
import sys

AUTO = "auto (chosen on PU data)"
# Rows that need the truth or the true prior: not something a user can run.
REFERENCE = {"nnPU (true π)", "uPU (true π)", "optimal PN", "optimal PN (linear)"}
KEPT = "PU validation split chose"
# The large weak-signal table has its own target (auto's ROC-AUC against a
# logistic regression on the true labels) and only the rows it needs.
WEAK = "results/table-weak-49000.md"


def kept_tables(text):
    """Each kept-epoch table of a sweep file: (title, {row: [cells]})."""
    lines = text.split("\n")
    tables, i = [], 0
    while i < len(lines):
        if lines[i].startswith("### ") and KEPT in lines[i]:
            title, rows, i = lines[i][4:].split(" (mean ± std")[0], {}, i + 4
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in lines[i].strip("|").split("|")]
                rows[cells[0]] = cells[1:]
                i += 1
            tables.append((title, rows))
        i += 1
    return tables


def mean(cell):
    """The mean of "0.912 ± 0.010", or None for "failed" and blanks."""
    try:
        return float(cell.split()[0])
    except (ValueError, IndexError):
        return None


def columns(rows):
    """The ρ column groups of a table: (heading suffix, index of ROC-AUC)."""
    width = len(next(iter(rows.values())))
    return [3 * g for g in range(width // 3)]


def cells(path, text):
    """(where, {row: (acc, auc, shown)}) for each column group of a file."""
    out = []
    for title, rows in kept_tables(text):
        for g in columns(rows):
            rho = ["0.3", "0.5", "0.7"][g // 3] if title.startswith("n_l = ") else None
            where = path + (f" {title}, ρ = {rho}" if rho else "")
            values = {}
            for row, c in rows.items():
                acc, auc = mean(c[g + 1]), mean(c[g])
                if acc is not None:
                    values[row] = (acc, auc, f"{c[g + 1]} / {c[g]}")
            out.append((where, values))
    return out


def best_single(values):
    singles = [(v[0], row) for row, v in values.items() if row != AUTO and row not in REFERENCE]
    return max(singles) if singles else None


def git_show(rev, path):
    try:
        return subprocess.run(["git", "show", f"{rev}:{path}"], capture_output=True,
                              text=True, check=True).stdout
    except subprocess.CalledProcessError:
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--before", action="append", default=[],
                        help="a commit whose auto rows to set beside today's (repeatable)")
    args = parser.parse_args()
    head = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
    command = "scripts/auto_summary.py" + "".join(f" --before {rev}" for rev in args.before)
    print(f"Command: `{command}`\n\nCommit: {head}\n")
    print("auto's test accuracy / ROC-AUC at its kept epoch against the best single PU learner's "
          "(highest mean accuracy among the rows that need neither the truth nor the true prior; "
          "known only in hindsight, so an analysis). Gap: auto's accuracy minus that learner's.")
    before_head = "".join(f" | auto at {rev[:7]} | its gap" for rev in args.before)
    for kind, pattern in (("CSV files", ["results/example-*.md", "results/table-*.md"]),
                          ("Image grids", ["results/mnist.md", "results/cifar10.md",
                                           "results/cifar10-n1000.md"])):
        print(f"\n## {kind}\n")
        print(f"| file | auto | best single learner | its accuracy / ROC-AUC | gap{before_head} |")
        print("|---|---|---|---|---|" + "---|---|" * len(args.before))
        # Per version of auto (today's, then each --before): at or above the
        # best single learner, within 0.01 of it, cells, and accuracies.
        tally = {}
        sums = {}
        for path in sorted(p for pat in pattern for p in glob.glob(pat)):
            text = open(path).read()
            if AUTO not in text or path == WEAK:
                continue
            olds = []
            for rev in args.before:
                old = git_show(rev, path)
                olds.append((rev, dict(cells(path, old)) if old else {}))
            for where, values in cells(path, text):
                best = best_single(values)
                if AUTO not in values or best is None:
                    continue
                versions = [("today", values)] + [
                    (f"auto at {rev[:7]}", old_cells.get(where, {})) for rev, old_cells in olds]
                line = f"| {where} | {values[AUTO][2]} | {best[1]} | {values[best[1]][2]} |"
                for i, (label, v) in enumerate(versions):
                    if AUTO not in v:
                        line += " n/a |" if i == 0 else " n/a | |"
                        continue
                    own_best = best if i == 0 else best_single(v)
                    gap = round(v[AUTO][0] - own_best[0], 3)
                    t = tally.setdefault(label, [0, 0, 0, []])
                    t[0] += gap >= 0
                    t[1] += gap >= -0.01
                    t[2] += 1
                    t[3].append(v[AUTO][0])
                    line += f" {gap:+.3f} |" if i == 0 else f" {v[AUTO][2]} | {gap:+.3f} |"
                print(line)
                if kind == "CSV files":
                    for row, v in values.items():
                        sums.setdefault(row, []).append(v[:2])
                    for label, v in versions[1:]:
                        if AUTO in v:
                            sums.setdefault(label, []).append(v[AUTO][:2])
        print()
        for label, (above, within, total, accuracies) in tally.items():
            who = "auto" if label == "today" else label
            print(f"{who}: at or above the best single learner in {above} of {total}; "
                  f"within 0.01 below it or above in {within} of {total}; mean accuracy "
                  f"{sum(accuracies) / len(accuracies):.3f}.  ")
        if sums:
            print("\nMean accuracy / ROC-AUC over the files that have the row:\n")
            print("| row | files | accuracy | ROC-AUC |\n|---|---|---|---|")
            for row, v in sums.items():
                print(f"| {row} | {len(v)} | {sum(a for a, _ in v) / len(v):.3f} | "
                      f"{sum(b for _, b in v) / len(v):.3f} |")
    weak = dict(cells(WEAK, open(WEAK).read()))
    for values in weak.values():
        print(f"\n## {WEAK}\n\nauto {values[AUTO][2]}; a logistic regression on the true labels "
              f"(optimal PN, linear) {values['optimal PN (linear)'][2]}; on the PU labels "
              f"(biased PU, linear) {values['biased PU (linear)'][2]}: auto's ROC-AUC is "
              f"{values[AUTO][1] - values['optimal PN (linear)'][1]:+.3f} from the first's.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

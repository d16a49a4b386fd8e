#!/usr/bin/env python3
"""An analysis, not a result: how far two files of the same sweep differ,
as when one grid is run again on another machine.

Prints how many table lines differ in some digit, the largest difference
between two figures in the same place (means and spreads alike), and each
learner's ROC-AUC given up against the test oracle (the mean over the
cells, the checkpoint target's figure) and, cell by cell, auto's accuracy
against the best single PU learner's (as scripts/auto_summary.py reads
them) in both files.

    scripts/compare_grids.py REPORTED.md RERUN.md
"""

import re
import sys

from auto_summary import AUTO, best_single, cells

NUMBER = re.compile(r"-?\d+\.\d+")


def table_lines(path):
    """The file's table rows, in order, each with the heading of its table."""
    rows, heading = [], ""
    for line in open(path):
        if line.startswith("#"):
            heading = line
        elif line.startswith("| ") and not line.startswith("|---"):
            rows.append((heading, line))
    return rows


def means(line):
    """The means of a row's "mean ± std" cells."""
    return [float(m) for m in re.findall(r"(-?\d+\.\d+) ±", line)]


def given_up(path):
    """Learner -> the last column of the table of ROC-AUC given up."""
    text = open(path).read()
    part = text.split("### ROC-AUC given up against the test oracle", 1)[1]
    rows = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) > 2 and "/" in cells[-1]:
            rows[cells[0]] = cells[-1]
    return rows


def main(reported, rerun):
    a, b = table_lines(reported), table_lines(rerun)
    if len(a) != len(b):
        sys.exit(f"the files have {len(a)} and {len(b)} table rows: not the same sweep")
    differ = [(x, y) for (_, x), (_, y) in zip(a, b) if x != y]
    print(f"Command: `{' '.join(sys.argv)}`\n")
    print(f"{len(differ)} of the {len(a)} table rows differ in some digit.\n")
    # The learners' rows of the tables that report runs, as against the
    # analyses after them (auto's study, the criteria, the oracle).
    reported_rows = [(x, y) for (h, x), (_, y) in zip(a, b)
                     if h.startswith("### n_l") and x != y]
    for name, pairs, numbers in [
            ("every figure of every table", differ, lambda line: NUMBER.findall(line)),
            ("the means of the learners' rows in the tables that report runs (kept and last "
             "epochs)", reported_rows, means)]:
        gap, row = max((abs(float(p) - float(q)), x.split("|")[1].strip())
                       for x, y in pairs for p, q in zip(numbers(x), numbers(y)))
        print(f"- Largest difference, {name}: {gap:.3f} (row \"{row}\").")
    print()
    print("ROC-AUC given up against the test oracle, mean over the cells (kept epoch / "
          "validation truth):\n")
    print(f"| learner | {reported} | {rerun} |\n|---|---|---|")
    ours, theirs = given_up(reported), given_up(rerun)
    for learner, value in ours.items():
        print(f"| {learner} | {value} | {theirs.get(learner, 'n/a')} |")
    print("\nauto's accuracy minus the best single PU learner's, by cell:\n")
    print(f"| cell | {reported} | {rerun} |\n|---|---|---|")
    tallies = []
    for path in (reported, rerun):
        gaps = {}
        for where, values in cells("", open(path).read()):
            best = best_single(values)
            if AUTO in values and best is not None:
                gaps[where.strip()] = (round(values[AUTO][0] - best[0], 3), best[1])
        tallies.append(gaps)
    for where, (gap, best) in tallies[0].items():
        other = tallies[1].get(where)
        shown = f"{other[0]:+.3f} ({other[1]})" if other else "n/a"
        print(f"| {where} | {gap:+.3f} ({best}) | {shown} |")
    line = " | ".join(f"{sum(g >= 0 for g, _ in t.values())} at or above, "
                      f"{sum(g >= -0.01 for g, _ in t.values())} within 0.01, of {len(t)}"
                      for t in tallies)
    print(f"| cells | {line} |")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])

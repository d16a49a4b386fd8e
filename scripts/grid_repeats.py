#!/usr/bin/env python3
"""An analysis, not a result: whether a grid's training repeated from one
run to the next, read from the versions of its results file in git.

A cell is one "mean ± std" entry of a last-epoch table (ROC-AUC, accuracy
and PR-AUC at each ρ of each n_l), outside auto's rows (auto changed with
its ranking), that holds a figure in both versions ("failed" holds none). For each pair of consecutive file versions named, it prints
how many cells are identical, the largest difference between two means in
the same cell, and per learner how many of its cells are identical.

    scripts/grid_repeats.py > results/analysis-grid-repeats.md
"""

import re
import subprocess

from provenance import print_study_head, print_table_head

# The CIFAR-10 files ran together, so they share their versions.
CIFAR_VERSIONS = [
    ("2600f2c", "08022c6", ""),
    ("e53b42f", "42e606d", "auto's ranking; another machine"),
    ("4b06f0f", "f5a0f7f", "the images' validation share of 1.0; the same machine"),
    ("b7ee50c", "2686bae", "Dist-PU's warm-up judged"),
    ("cde8683", "b7dd050", "VPU keeps its epoch by its variational loss"),
    ("ec493dc", "fc42d05", "RankPruning, KM2+nnPU and Dist-PU keep theirs by it"),
]

# The versions compared, oldest first, each with the commit its runs were
# made at and what changed between it and the one before.
VERSIONS = {
    "results/mnist.md": [
        ("2600f2c", "08022c6", ""),
        ("e53b42f", "42e606d", "auto's ranking; another machine"),
        ("9e69f41", "e001784", "the selection study's columns"),
        ("f5a0f7f", "592d217", "the images' validation share of 1.0; the same machine"),
        ("214bb13", "96e8bd2", "Dist-PU's warm-up judged"),
        ("2699ada", "7311904", "VPU keeps its epoch by its variational loss"),
        ("ec493dc", "fc42d05", "RankPruning, KM2+nnPU and Dist-PU keep theirs by it"),
    ],
    "results/cifar10.md": CIFAR_VERSIONS,
    "results/cifar10-n1000.md": CIFAR_VERSIONS,
}


def last_epoch_cells(version, path):
    """{(table heading, learner, column): cell} of the file's last-epoch
    tables as `version` left it, auto's rows left out."""
    text = subprocess.run(
        ["git", "show", f"{version}:{path}"], capture_output=True, text=True, check=True
    ).stdout
    cells, heading = {}, ""
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line
        elif line and not line.startswith("|"):
            # A paragraph ends the table: the prior table that follows has
            # learner rows of its own.
            heading = ""
        elif "its last epoch" in heading and line.startswith("| ") and not line.startswith("| Model"):
            parts = [part.strip() for part in line.strip().strip("|").split("|")]
            if not parts[0].startswith("auto"):
                for column, cell in enumerate(parts[1:]):
                    cells[(heading, parts[0], column)] = cell
    return cells


def mean(cell):
    """The mean of a "mean ± std" cell, or None for "n/a"."""
    found = re.match(r"-?\d+\.\d+", cell)
    return float(found.group()) if found else None


def largest_mean_difference(old, new, keys):
    """The largest absolute difference between the two files' means over `keys`."""
    pairs = [(mean(old[key]), mean(new[key])) for key in keys]
    return max((abs(a - b) for a, b in pairs if a is not None and b is not None), default=0.0)


def main():
    print_study_head(
        "Nothing is chosen from it: it counts which last-epoch figures a grid's "
        "next run repeated to the last digit.",
        kind="An analysis",
    )
    for path, versions in VERSIONS.items():
        print_table_head(
            path,
            "Each row compares the file as a commit left it with the version before, "
            "over the cells that hold a figure in both (a failed cell holds none); "
            "a learner's figure is its identical cells of its cells.",
            [
                "file version (runs at)",
                "what changed",
                "identical cells",
                "largest difference of a mean",
                "per learner",
            ],
        )
        for (before, _, _), (after, runs, change) in zip(versions, versions[1:]):
            old, new = last_epoch_cells(before, path), last_epoch_cells(after, path)
            # A failed cell holds no figure, so repeating it says nothing.
            common = [
                key for key in new
                if key in old and mean(old[key]) is not None and mean(new[key]) is not None
            ]
            same = [key for key in common if old[key] == new[key]]
            learners = sorted({key[1] for key in common})
            per_learner = ", ".join(
                f"{name} {sum(1 for k in same if k[1] == name)}/{sum(1 for k in common if k[1] == name)}"
                for name in learners
            )
            largest = largest_mean_difference(old, new, common)
            print(
                f"| {after} ({runs}) | {change} | {len(same)} of {len(common)} "
                f"| {largest:.3f} | {per_learner} |"
            )
        print()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes the example CSV files in public/examples/ that the app offers to try.

Usage, from the repository root:

    pip install scikit-learn
    python3 scripts/make_examples.py

The output is deterministic (fixed seeds, Python's own `random.Random`), so
running the script again reproduces the committed files byte for byte. CI does
not run it: the CSV files are committed.

Every file has numeric feature columns, a column marking the labeled positives
and a ground-truth column used only for evaluation. The labeled positives are
a uniformly random subset of the true positives (SCAR: "selected completely at
random"), LABELED_SHARE of them; every other row, positive or negative, is
unlabeled.

- breast_cancer.csv: Breast Cancer Wisconsin (Diagnostic), UCI, CC BY 4.0
  (W. Wolberg, W. Street, O. Mangasarian), as bundled with scikit-learn. The
  10 "mean" features; positive = malignant. Comma-separated, labeled 1/0,
  truth column "malignant" 1/0. Rows in the source's order.
- wine.csv: Wine, UCI, CC BY 4.0 (S. Aeberhard, M. Forina), as bundled with
  scikit-learn. All 13 features; positive = cultivar 1 (scikit-learn's
  class_0). Semicolon-separated, labeled column "label" P/U, truth column
  "cultivar_1" yes/no. Rows shuffled (the source is sorted by cultivar).
- two_moons.csv: synthetic, made here: 600 points on two interleaved half
  circles with Gaussian noise; positive = the upper moon. Comma-separated,
  labeled column "labeled" holding "yes" for labeled rows and nothing
  otherwise (read with the labeled value "yes"), truth column "class" pos/neg.

See public/examples/README.md for the columns of each file and the credits.
"""

import csv
import math
import random
from pathlib import Path

from sklearn.datasets import load_breast_cancer, load_wine

OUT = Path(__file__).resolve().parent.parent / "public" / "examples"
# Share of the true positives that is labeled.
LABELED_SHARE = 0.3


def number(value):
    """A feature value as the shortest text that reads back exactly, without a trailing ".0"."""
    text = repr(float(value))
    return text.removesuffix(".0")


def labeled_subset(is_positive, seed):
    """Indices of a uniformly random LABELED_SHARE of the positive rows (SCAR)."""
    positives = [i for i, positive in enumerate(is_positive) if positive]
    count = round(LABELED_SHARE * len(positives))
    return set(random.Random(seed).sample(positives, count))


def write(name, header, rows, delimiter=","):
    """Writes one CSV file with Unix line ends and reports its size."""
    path = OUT / name
    with path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file, delimiter=delimiter, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    print(f"{path}: {len(rows)} rows, {path.stat().st_size} bytes")


def breast_cancer():
    """breast_cancer.csv: the 10 mean features, positive = malignant."""
    data = load_breast_cancer()
    keep = [i for i, name in enumerate(data.feature_names) if name.startswith("mean ")]
    names = [data.feature_names[i].replace(" ", "_") for i in keep]
    malignant_class = list(data.target_names).index("malignant")
    is_positive = [int(target) == malignant_class for target in data.target]
    labeled = labeled_subset(is_positive, seed=1)
    rows = [
        [number(data.data[r][i]) for i in keep]
        + ["1" if r in labeled else "0", "1" if is_positive[r] else "0"]
        for r in range(len(is_positive))
    ]
    write("breast_cancer.csv", names + ["labeled", "malignant"], rows)


def wine():
    """wine.csv: all 13 features, positive = cultivar 1, semicolon-separated."""
    data = load_wine()
    names = [name.replace("/", "_") for name in data.feature_names]
    is_positive = [int(target) == 0 for target in data.target]
    labeled = labeled_subset(is_positive, seed=2)
    rows = [
        [number(value) for value in data.data[r]]
        + ["P" if r in labeled else "U", "yes" if is_positive[r] else "no"]
        for r in range(len(is_positive))
    ]
    random.Random(3).shuffle(rows)
    write("wine.csv", names + ["label", "cultivar_1"], rows, delimiter=";")


def two_moons():
    """two_moons.csv: 300 points per moon with noise; positive = the upper moon."""
    rng = random.Random(4)
    per_moon = 300
    noise = 0.15
    points = []
    for i in range(per_moon):
        t = math.pi * i / (per_moon - 1)
        points.append((math.cos(t), math.sin(t), True))
        points.append((1.0 - math.cos(t), 0.5 - math.sin(t), False))
    points = [
        (x + rng.gauss(0.0, noise), y + rng.gauss(0.0, noise), positive)
        for x, y, positive in points
    ]
    rng.shuffle(points)
    labeled = labeled_subset([positive for _, _, positive in points], seed=5)
    rows = [
        [f"{x:.4f}", f"{y:.4f}", "yes" if r in labeled else "", "pos" if positive else "neg"]
        for r, (x, y, positive) in enumerate(points)
    ]
    write("two_moons.csv", ["x", "y", "labeled", "class"], rows)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    breast_cancer()
    wine()
    two_moons()


if __name__ == "__main__":
    main()

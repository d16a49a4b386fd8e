#!/usr/bin/env python3
"""Writes the PU tables with known class priors that `scripts/results.sh`
measures the prior estimators and `auto` on (results/priors.md,
results/auto-tables.md). They are not committed: this script makes them,
deterministically, in the folder it is given (default target/study-tables/).

Usage, from the repository root:

    pip install -r scripts/requirements.txt
    python3 scripts/make_study_tables.py [FOLDER]

Every table has numeric feature columns f0, f1, ..., a column `labeled`
(1 for the labeled positives, 0 for every other row) and a column `truth`
(1 positive, 0 negative) used only to score. Labels are SCAR: a uniformly
random share c of the positives is labeled. The share of positives among
the unlabeled rows is then (1 - c) * alpha / (1 - c * alpha) for a share
alpha of positives; policypu reads it from the truth column of each split.

- breast-cancer: scikit-learn's copy of UCI Breast Cancer Wisconsin
  (Diagnostic), all 30 features, positive = malignant; c = 0.5.
- wine: UCI Wine, 13 features, positive = cultivar 1 (class_0); c = 0.5.
- iris: Fisher's iris, 4 features, positive = versicolor, which no single
  line separates from the other two species; c = 0.5.
- digits: the UCI 8x8 optical digits, 64 features, positive = even digit; c = 0.3.
- blobs-500, blobs-2000, blobs-10000: scikit-learn's make_classification
  (10 features, 5 informative, two clusters per class), 40 % positive; c = 0.3.
- weak-49000: the large weak-signal table: 49,000 rows, 80 features of
  which 10 carry a weak signal (each a mean shift of 0.5 standard
  deviations between the classes), 40 % positive; c = 0.3. Written with
  three decimals it stays under the CSV reader's 32 MiB.
"""

import sys
from pathlib import Path

import numpy as np
from sklearn.datasets import (
    load_breast_cancer,
    load_digits,
    load_iris,
    load_wine,
    make_classification,
)

SEED = 20261125


def scar_labels(truth, c, rng):
    """A uniformly random share c of the positives is labeled."""
    return (truth == 1) & (rng.random(truth.shape[0]) < c)


def write(folder, name, x, truth, c, rng, decimals=6):
    truth = truth.astype(int)
    labeled = scar_labels(truth, c, rng).astype(int)
    path = folder / f"{name}.csv"
    header = ",".join([f"f{i}" for i in range(x.shape[1])] + ["labeled", "truth"])
    with path.open("w") as out:
        out.write(header + "\n")
        for row, s, y in zip(x, labeled, truth):
            cells = [f"{v:.{decimals}g}" if decimals > 3 else f"{v:.3f}" for v in row]
            out.write(",".join(cells + [str(s), str(y)]) + "\n")
    unlabeled = labeled == 0
    rho = truth[unlabeled].mean()
    print(f"{path}: {len(truth)} rows, {x.shape[1]} features, "
          f"{labeled.sum()} labeled, share of positives in U {rho:.3f}")


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "target/study-tables")
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(SEED)

    cancer = load_breast_cancer()
    write(folder, "breast-cancer", cancer.data, cancer.target == 0, 0.5, rng)
    wine = load_wine()
    write(folder, "wine", wine.data, wine.target == 0, 0.5, rng)
    iris = load_iris()
    write(folder, "iris", iris.data, iris.target == 1, 0.5, rng)
    digits = load_digits()
    write(folder, "digits", digits.data, digits.target % 2 == 0, 0.3, rng)

    for n in (500, 2000, 10000):
        x, y = make_classification(
            n_samples=n, n_features=10, n_informative=5, n_redundant=2,
            n_clusters_per_class=2, weights=[0.6], flip_y=0.0, random_state=n,
        )
        write(folder, f"blobs-{n}", x, y, 0.3, rng)

    n, features, informative, shift = 49_000, 80, 10, 0.5
    y = (rng.random(n) < 0.4).astype(int)
    x = rng.standard_normal((n, features))
    x[:, :informative] += shift * (y[:, None] - 0.5)
    write(folder, "weak-49000", x, y, 0.3, rng, decimals=3)


if __name__ == "__main__":
    main()

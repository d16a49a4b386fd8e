#!/usr/bin/env python3
"""Writes the development tables: PU tables with known class priors on
which changes to `auto` are tried before any reported table sees them
(docs/results.md, "Development study"). Not committed: this script makes
them, deterministically, in the folder it is given (default
target/dev-tables/), from the seed it is given (default SEED; another seed
draws new tables from the same generators; a number of rows after it keeps
that many of each table's rows, drawn at random, for tables as small as the
smallest example file). Same columns and SCAR labelling as
scripts/make_study_tables.py.

- diabetes: scikit-learn's diabetes data (442 rows, 10 features), positive
  = disease progression above its 60th percentile; c = 0.5.
- classes-800: make_classification, 8 features (4 informative), one
  cluster per class, 30 % positive; c = 0.4.
- classes-1500: make_classification, 20 features (6 informative), three
  clusters per class, 50 % positive; c = 0.3.
- moons-1000: make_moons (noise 0.3) with 4 noise features; c = 0.3.
- circles-600: make_circles (noise 0.1, factor 0.5) with 2 noise
  features, the inner circle positive; c = 0.5.
- hastie-1200: make_hastie_10_2 (10 features, positive = y = 1); c = 0.3.
"""

import sys
from pathlib import Path

import numpy as np
from sklearn.datasets import (
    load_diabetes,
    make_circles,
    make_classification,
    make_hastie_10_2,
    make_moons,
)

sys.path.insert(0, str(Path(__file__).parent))
from make_study_tables import write as write_table  # noqa: E402

SEED = 20261126


def with_noise(x, extra, rng):
    return np.hstack([x, rng.standard_normal((x.shape[0], extra))])


def main():
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "target/dev-tables")
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else SEED
    rows = int(sys.argv[3]) if len(sys.argv) > 3 else None
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)

    def write(folder, name, x, y, c, rng):
        if rows is not None:
            keep = np.sort(rng.choice(len(y), size=min(rows, len(y)), replace=False))
            x, y = x[keep], y[keep]
        write_table(folder, name, x, y, c, rng)

    diabetes = load_diabetes()
    y = diabetes.target > np.percentile(diabetes.target, 60)
    write(folder, "diabetes", diabetes.data, y, 0.5, rng)
    x, y = make_classification(n_samples=800, n_features=8, n_informative=4, n_redundant=1,
                               n_clusters_per_class=1, weights=[0.7], flip_y=0.0,
                               random_state=seed)
    write(folder, "classes-800", x, y, 0.4, rng)
    x, y = make_classification(n_samples=1500, n_features=20, n_informative=6, n_redundant=2,
                               n_clusters_per_class=3, weights=[0.5], flip_y=0.0,
                               random_state=seed + 1)
    write(folder, "classes-1500", x, y, 0.3, rng)
    x, y = make_moons(n_samples=1000, noise=0.3, random_state=seed)
    write(folder, "moons-1000", with_noise(x, 4, rng), y, 0.3, rng)
    x, y = make_circles(n_samples=600, noise=0.1, factor=0.5, random_state=seed)
    write(folder, "circles-600", with_noise(x, 2, rng), y, 0.5, rng)
    x, y = make_hastie_10_2(n_samples=1200, random_state=seed)
    write(folder, "hastie-1200", x, y > 0, 0.3, rng)


if __name__ == "__main__":
    main()

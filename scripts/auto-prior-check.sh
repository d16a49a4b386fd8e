#!/usr/bin/env bash
# What changed when auto's prior became the default estimate on CSV files
# (it was KM2's): HEAD's CLI against BASE's, `--learner auto` on each
# shipped example file (the roles the page guesses), 5 seeds, with its
# truth column and without. Writes results/analysis-auto-prior.md
# (scripts/auto_prior_check.py compares the run files).
#   scripts/auto-prior-check.sh BASE
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: scripts/auto-prior-check.sh BASE_COMMIT}
kept=${CARGO_TARGET_DIR:-$PWD/target}/auto-prior-check
scripts/build-base-and-head.sh "$base" "$kept"
for build in base head; do
  mkdir -p "$kept/$build-runs"
  for file in public/examples/*.csv; do
    name=$(basename "$file" .csv)
    for seed in 1 2 3 4 5; do
      "$kept/$build" run --csv "$file" --learner auto --seed "$seed" --quiet \
        --out "$kept/$build-runs/$name-$seed-truth.json" >/dev/null 2>&1
      "$kept/$build" run --csv "$file" --truth-column "" --learner auto --seed "$seed" --quiet \
        --out "$kept/$build-runs/$name-$seed-no-truth.json" >/dev/null 2>&1
    done
  done
done
python3 scripts/auto_prior_check.py "$base" "$kept/base-runs" "$kept/head-runs" \
  >results/analysis-auto-prior.md
echo "wrote results/analysis-auto-prior.md"

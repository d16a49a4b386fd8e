#!/usr/bin/env bash
# What cross-fitting costs on the command line: `run --learner auto` on one
# split and with `--auto-folds 5`, on each shipped CSV example (seed 1),
# RUNS times each in turn so that both see the same machine. Writes
# results/bench-auto-folds.md with the command, commit and machine (seconds,
# median and range), the file's earlier runs kept below. Run it on a quiet
# machine.
#   scripts/bench-auto-folds.sh [RUNS]    (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
out=results/bench-auto-folds.md
cargo build --release --locked --bin policypu
bin=${CARGO_TARGET_DIR:-target}/release/policypu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
source scripts/examples.sh
seconds() {
  local start
  start=$(date +%s%N)
  "$bin" run "$@" --learner auto --quiet --out "$work/run.json" >/dev/null 2>&1
  awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.2f", ns / 1e9 }'
}
summary() {
  tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END {
    printf "%.2f (%.2f–%.2f)", (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2), v[1], v[NR] }'
}
# The file's earlier runs, kept below the new one.
earlier=$work/earlier.md
[ -f "$out" ] && sed -e 1d -e '/^## Earlier runs of the same script$/d' "$out" > "$earlier"
{
  echo "# auto on one split and cross-fitted over 5 folds: seconds per run"
  echo
  echo "Command: \`scripts/bench-auto-folds.sh $runs\` at commit $(git rev-parse HEAD)."
  echo "Machine: $(nproc) cores ($cpu); $(date -u +%Y-%m-%dT%H:%MZ)."
  echo
  echo "Wall time of \`policypu run --learner auto\` (seed 1, the CSV defaults: 20 epochs), median"
  echo "(range) of $runs runs of each, taken in turn."
  echo
  echo "| file | one split | --auto-folds 5 | ratio |"
  echo "|---|---|---|---|"
  for example in "${examples[@]}"; do
    one="" folds=""
    for _ in $(seq "$runs"); do
      one+="$(seconds $(example_args $example)) "
      folds+="$(seconds $(example_args $example) --auto-folds 5) "
    done
    a=$(echo "$one" | summary)
    b=$(echo "$folds" | summary)
    ratio=$(awk -v a="${a%% *}" -v b="${b%% *}" 'BEGIN { printf "%.1f", b / a }')
    echo "| $example | $a | $b | ${ratio}× |"
  done
  if [ -s "$earlier" ]; then
    echo
    echo "## Earlier runs of the same script"
    cat "$earlier"
  fi
} > "$out.tmp"
mv "$out.tmp" "$out"
cat "$out"

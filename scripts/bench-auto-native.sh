#!/usr/bin/env bash
# How long `auto` takes natively on the default demo (MNIST, n_l = 300,
# fast MLP, 11 candidates), or on the data DATA_FLAGS name: the head's
# build against an earlier commit's, run after run in turn so that both see
# the same machine. Writes results/bench-auto-speed.md with the command,
# both commits and the machine, the file's earlier runs kept below. Run it
# on a quiet machine.
#   scripts/bench-auto-native.sh BASE [RUNS [DATA_FLAGS...]]
#   (RUNS of each, default 5; DATA_FLAGS default --dataset mnist)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: scripts/bench-auto-native.sh BASE_COMMIT [RUNS]}
runs=${2:-5}
shift $(($# < 2 ? $# : 2))
data=("$@")
[ ${#data[@]} -gt 0 ] || data=(--dataset mnist)
out=results/bench-auto-speed.md
kept=${CARGO_TARGET_DIR:-$PWD/target}/bench-auto
scripts/build-base-and-head.sh "$base" "$kept"
head=$(git rev-parse HEAD)
base_commit=$(git rev-parse "$base")
cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
seconds() {
  local start
  start=$(date +%s%N)
  "$kept/$1" run "${data[@]}" --learner auto --out "$kept/$1.json" >/dev/null 2>&1
  awk -v ns=$(($(date +%s%N) - start)) 'BEGIN { printf "%.2f", ns / 1e9 }'
}
declare -A times=([base]="" [head]="")
for _ in $(seq "$runs"); do
  for build in base head; do
    times[$build]+="$(seconds "$build") "
  done
done
row() {
  echo "${times[$1]}" | awk -v name="$2" '{
    for (i = 1; i <= NF; i++) { s += $i; q += $i * $i; list = list (i > 1 ? ", " : "") sprintf("%.2f", $i) }
    m = s / NF; sd = NF > 1 ? sqrt((q - NF * m * m) / (NF - 1)) : 0
    printf "| %s | %.2f ± %.2f s | %s |\n", name, m, sd, list }'
}
# The file's earlier runs, kept below the new one.
earlier=$(mktemp)
trap 'rm -f "$earlier"' EXIT
[ -f "$out" ] && sed -e 1d -e '/^## Earlier runs of the same script$/d' "$out" > "$earlier"
{
  echo "# auto natively: two builds run in turn"
  echo
  echo "Command: \`scripts/bench-auto-native.sh $base $runs ${data[*]}\`; head $head, base $base_commit."
  echo "Machine: $(nproc) cores ($cpu); $(date -u +%Y-%m-%dT%H:%MZ)."
  echo "Each run: \`policypu run ${data[*]} --learner auto\` (11 candidates, 20 epochs), wall time including the data's loading."
  echo
  echo "| build | mean ± sd over runs | each run, in order |"
  echo "|---|---|---|"
  row base "base ($(git rev-parse --short "$base"))"
  row head "head ($(git rev-parse --short HEAD))"
  echo
  python3 - "$kept/base.json" "$kept/head.json" <<'PY'
import json, sys
base, head = (json.load(open(f))["auto"]["standings"] for f in sys.argv[1:])
kept = lambda s: (s["learner"], s["model"], s.get("stage", "train"), s["epoch"])
same = [kept(b) for b in base] == [kept(h) for h in head]
gap = max(abs(b["test"][k] - h["test"][k]) for b, h in zip(base, head) for k in ("accuracy", "roc_auc", "pr_auc"))
print(f"Last runs' leaderboards: {'the same' if same else 'different'} candidates, order and kept epochs; "
      f"the largest difference in a candidate's test accuracy, ROC-AUC or PR-AUC is {gap:.2g}.")
PY
  if [ -s "$earlier" ]; then
    echo
    echo "## Earlier runs of the same script"
    cat "$earlier"
  fi
} > "$out.new"
mv "$out.new" "$out"
cat "$out"
echo "wrote $out"

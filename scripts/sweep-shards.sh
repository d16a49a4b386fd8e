#!/usr/bin/env bash
# Run one `policypu sweep` as N shards side by side on this machine, one
# thread each, then merge them into one results file: the way to use every
# core of a many-core machine for the paper's grids. On a cluster, run each
# `--shard I/N` as its own job instead (see docs/cli.md) and merge the files.
#
#   scripts/sweep-shards.sh N OUT.md SHARD_DIR [sweep flags...]
#
# The shard files stay in SHARD_DIR (merge them again with
# `policypu sweep [same flags] --merge SHARD_DIR/shard-1.json,...`). With
# ROW_SCORES=1 each shard also writes SHARD_DIR/rows-I.jsonl (`--row-scores`).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 N OUT.md SHARD_DIR [sweep flags...]" >&2
  exit 2
fi
n=$1 out=$2 dir=$3
shift 3
bin=${POLICYPU_BIN:-target/release/policypu}
mkdir -p "$dir"
pids=()
for i in $(seq 1 "$n"); do
  rows=()
  [ "${ROW_SCORES:-0}" = 1 ] && rows=(--row-scores "$dir/rows-$i.jsonl")
  RAYON_NUM_THREADS=1 "$bin" sweep "$@" --shard "$i/$n" --out "$dir/shard-$i.json" "${rows[@]}" \
    >"$dir/shard-$i.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}" || { echo "shard $((i + 1))/$n failed: see $dir/shard-$((i + 1)).log" >&2; failed=1; }
done
[ "$failed" = 0 ] || exit 1
"$bin" sweep "$@" --merge "$(seq 1 "$n" | sed "s|^|$dir/shard-|; s|$|.json|" | paste -sd,)" --out "$out"

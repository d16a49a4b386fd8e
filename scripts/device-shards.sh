#!/usr/bin/env bash
# How `sweep --shard` (scripts/sweep-shards.sh) uses a lent device machine's
# 16 cores, in one run there. Carry the release CLI built here (the device
# has no Rust; `target/release/policypu` travels as a carried path) and run
# from the repository root on that machine:
#   POLICYPU_COMMIT=<the commit built> scripts/device-shards.sh target/release/policypu "$OUT"
# (name the commit: the device's copy of .git can be stale, and the files
# would name its HEAD).
# It writes to OUTDIR: machine.txt; subset-N.md and subset-timing.txt, one
# MNIST cell (n_l = 300, rho = 0.5, every learner, 5 seeds, 60 epochs) as 1,
# 4 and 16 shards, whose tables should match each other and those of the
# same binary on another machine; and grid-16.md, results/mnist.md's whole
# grid as 16 shards (its last line gives the wall and shard time).
set -uo pipefail
bin=$1
out=$2
export POLICYPU_BIN=$bin
learners=biased-pu,tice,km2,rank-pruning,pmpu,separator,weighter,vpu,dist-pu,nnpu,oracle-pn,auto
{
  date -u +%FT%TZ
  nproc
  lscpu | grep -E "Model name|^CPU\(s\)"
  grep -ow -E "avx2|avx512f" /proc/cpuinfo | sort -u | paste -sd" "
} >"$out/machine.txt" 2>&1
for n in 16 4 1; do
  started=$(date +%s%N)
  timeout $((n == 1 ? 200 : n == 4 ? 90 : 60)) scripts/sweep-shards.sh "$n" "$out/subset-$n.md" "/tmp/subset-$n" --dataset mnist --epochs 60 \
    --seeds 5 --grid-n-labeled 300 --grid-rho 0.5 --learners "$learners" >/dev/null 2>&1
  echo "$n shards: exit $?, $((($(date +%s%N) - started) / 1000000)) ms"
done >"$out/subset-timing.txt"
started=$(date +%s%N)
timeout 240 scripts/sweep-shards.sh 16 "$out/grid-16.md" /tmp/grid-16 --dataset mnist --epochs 60 --seeds 5 \
  --selection-study --learners "$learners" >"$out/grid-16.log" 2>&1
echo "exit $?, $((($(date +%s%N) - started) / 1000000)) ms" >>"$out/grid-16.log"

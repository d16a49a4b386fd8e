#!/usr/bin/env bash
# What only a lent device machine (one NVIDIA GPU, 16 cores) can show, in
# one run there: native Burn wgpu on a real GPU, and Burn flex's CPU step on
# 1 to 16 threads. Run from the repository root on that machine, with a
# release CLI built here with `--features wgpu` (the device has no Rust):
#   CARGO_TARGET_DIR=target/wgpu cargo build --release --locked --features wgpu --bin policypu
#   gzip -9 -c target/wgpu/release/policypu >.gl/policypu.gz   # .gl/ is ignored: carry it,
#   # with the Vulkan loader and glvnd, which NVIDIA's Vulkan driver loads
#   # (in .gl/: apt-get download libvulkan1 libglvnd0 libgl1 libglx0 libegl1
#   # libgles2 libopengl0; without glvnd wgpu finds no adapter); on the device:
#   gunzip -c .gl/policypu.gz >/tmp/policypu && chmod +x /tmp/policypu
#   scripts/device-check.sh /tmp/policypu "$OUT"
# It writes to OUTDIR: machine.txt, bench-cpu-threads.txt, bench-wgpu.txt,
# gpu-load.csv and paper-cnn-runs.tgz: the paper's biased PU (paper CNN,
# Adam at 1e-5, 300 epochs, MNIST n_l = 300, rho = 0.3), seeds 1 to 5 side
# by side on the GPU for at most 300 s each, to see whether the paper's
# setting fits a lease (results/device-h200.md: it did not).
set -uo pipefail
bin=$1
out=$2
for deb in .gl/*.deb; do dpkg -x "$deb" /; done
ldconfig
export VK_DRIVER_FILES=${VK_DRIVER_FILES:-/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json}
{
  date -u +%FT%TZ
  nvidia-smi -L
  lscpu | grep -E "Model name|^CPU\(s\)"
} >"$out/machine.txt" 2>&1
for threads in 1 2 4 8 16; do
  echo "RAYON_NUM_THREADS=$threads"
  echo
  RAYON_NUM_THREADS=$threads timeout 40 "$bin" bench --dataset mnist --models fast,small-cnn,paper-cnn 2>&1
  echo
done >"$out/bench-cpu-threads.txt"
timeout 90 "$bin" bench --dataset mnist --backend wgpu --models fast,small-cnn,paper-mlp4,paper-cnn \
  >"$out/bench-wgpu.txt" 2>&1
runs=$(mktemp -d)/paper-cnn-runs
mkdir -p "$runs"
started=$(date +%s)
# The GPU's load while the runs train, every 15 s: evidence that they ran on it.
nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used --format=csv -l 15 >"$out/gpu-load.csv" 2>&1 &
sampler=$!
for seed in 1 2 3 4 5; do
  (
    timeout 300 "$bin" run --paper --dataset mnist --learner biased-pu --n-labeled 300 --rho 0.3 \
      --seed "$seed" --backend wgpu --quiet --out "$runs/seed$seed.json" >"$runs/seed$seed.log" 2>&1
    echo "exit $? after $(($(date +%s) - started)) s" >>"$runs/seed$seed.log"
  ) &
done
wait $(jobs -p | grep -v "^$sampler$")
kill "$sampler"
tar czf "$out/paper-cnn-runs.tgz" -C "$(dirname "$runs")" paper-cnn-runs

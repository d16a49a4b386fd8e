#!/usr/bin/env bash
# The native benchmark against TensorFlow: `policypu bench` (ms per training
# step of every model preset, CPU backend) and TensorFlow's time for the
# paper's CNN classifier step (scripts/bench-tensorflow.py, same step
# definition), written to results/bench-native.md with the command, commit
# and machine. TensorFlow is taken from $PYTHON (default python3); without
# it the TensorFlow row is left out and the file says how to add it:
#   python3 -m venv /tmp/tf && /tmp/tf/bin/pip install tensorflow-cpu==2.21.0
#   PYTHON=/tmp/tf/bin/python scripts/bench-native.sh
# Run it on a quiet machine: both sides use every core.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
out=results/bench-native.md
cargo build --release --locked --bin policypu
bin=${CARGO_TARGET_DIR:-target}/release/policypu
commit=$(git rev-parse HEAD)
dirty=$(git status --porcelain --untracked-files=no -- src Cargo.toml Cargo.lock scripts | grep -q . &&
  echo " (with uncommitted changes to the source)" || true)
cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
{
  echo "# Native benchmark: policypu (Burn flex) and TensorFlow, one training step"
  echo
  echo "Command: \`scripts/bench-native.sh\` at commit $commit$dirty."
  echo "Machine: $(nproc) cores ($cpu); $(date -u +%Y-%m-%dT%H:%MZ)."
  echo
  echo "## policypu bench (MNIST, n_l = 1000, batch 128)"
  echo
  ours=$("$bin" bench --dataset mnist 2>/dev/null)
  echo "$ours"
  echo
  echo "## TensorFlow, the paper's CNN classifier (same step: forward, backward, Adam; batch 128)"
  echo
  if "$python" -c "import tensorflow" 2>/dev/null; then
    theirs=$("$python" scripts/bench-tensorflow.py --dataset mnist --timed 20 --warmup 3 2>/dev/null)
    echo "$theirs"
    echo
    # Column 4 of the paper-cnn rows: ms per step.
    ours_ms=$(echo "$ours" | awk -F'|' '$2 ~ /paper-cnn/ && $3 ~ /biased/ {print $4 + 0}')
    theirs_ms=$(echo "$theirs" | awk -F'|' '$2 ~ /paper-cnn/ {print $4 + 0}')
    awk -v a="$ours_ms" -v b="$theirs_ms" 'BEGIN { printf "Paper CNN, one network: policypu %.1f ms, TensorFlow %.1f ms per step: %.2f x TensorFlow'"'"'s time.\n", a, b, a / b }'
  else
    echo "TensorFlow is not installed for $python: see this script's header to add it."
  fi
} | tee "$out"
echo "wrote $out"

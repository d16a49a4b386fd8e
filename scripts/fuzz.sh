#!/usr/bin/env bash
# Fuzzes every reader of outside bytes (examples/fuzz.rs): CASES inputs per
# reader (default 1,000,000) from a seeded RNG, then the share-link round
# trip of CASES random valid configurations. Prints per reader the cases,
# panics, slowest input and worst peak memory against input size; exits 1
# when a target is missed. Failing inputs are saved under fuzz-failures/.
#
#   scripts/fuzz.sh [CASES] [SEED]
#
# Built without Burn, in the `fuzz` profile (release with overflow checks).
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-1000000}"
seed="${2:-1}"
cargo build --profile fuzz --no-default-features --example fuzz
target_dir="${CARGO_TARGET_DIR:-target}"
exec "$target_dir/fuzz/examples/fuzz" "$cases" "$seed"

#!/usr/bin/env bash
# Builds the release CLI of an earlier commit and of HEAD into one folder,
# as DIR/base and DIR/head, for scripts that run the two in turn. The base
# commit's sources are put in place in this tree (same paths and target
# folder, so only the policypu crate compiles), then HEAD's are put back.
#   scripts/build-base-and-head.sh BASE DIR
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: scripts/build-base-and-head.sh BASE_COMMIT DIR}
kept=${2:?usage: scripts/build-base-and-head.sh BASE_COMMIT DIR}
target=${CARGO_TARGET_DIR:-$PWD/target}
mkdir -p "$kept"
sources=(src Cargo.toml Cargo.lock)
if [ -n "$(git status --porcelain -- "${sources[@]}")" ]; then
  echo "commit or stash the changes under src/ first: this script swaps those files" >&2
  exit 1
fi
restore() { git restore --source=HEAD --worktree -- "${sources[@]}" && git clean -fdq -- src; }
trap restore EXIT
git restore --source="$base" --worktree -- "${sources[@]}"
cargo build --release --locked --bin policypu -q
cp "$target/release/policypu" "$kept/base"
restore
cargo build --release --locked --bin policypu -q
cp "$target/release/policypu" "$kept/head"

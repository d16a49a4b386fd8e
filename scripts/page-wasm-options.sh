#!/usr/bin/env bash
# The page's wasm under the build options it was chosen among: cargo's
# opt-level for the app-release profile ("s" or "z") and Leptos'
# `erase_components` cfg, each built as Trunk builds the page (wasm-bindgen,
# then wasm-opt -Oz) in its own target dir, and written as a Markdown table
# with its size raw and gzipped. Each build's wasm as cargo wrote it stays in
# target/page-wasm-options/NAME/app.wasm (NAME: before, erase, erase-z).
#   scripts/page-wasm-options.sh [OUT]    (default results/page-wasm-options.md)
# About 10 minutes on 2 cores: every option rebuilds every crate.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
out=${1:-results/page-wasm-options.md}
work=target/page-wasm-options
simd="-C target-feature=+simd128"

rows=()
# Build the page's wasm with opt-level $2 and rustflags $3; add a row named $1.
variant() {
  local name=$1 opt=$2 flags=$3 dir=$work/$1
  RUSTFLAGS="$flags" CARGO_TARGET_DIR=$work cargo build --locked --offline --quiet \
    --config "profile.app-release.opt-level=\"$opt\"" --profile app-release \
    --target wasm32-unknown-unknown --bin app --no-default-features --features app
  rm -rf "$dir" && mkdir -p "$dir"
  # Kept with its names, for scripts/page_wasm_sizes.py.
  cp $work/wasm32-unknown-unknown/app-release/app.wasm "$dir/app.wasm"
  wasm-bindgen --target web --no-typescript --out-dir "$dir" "$dir/app.wasm"
  wasm-opt -Oz "$dir/app_bg.wasm" -o "$dir/optimised.wasm"
  local raw gzipped
  raw=$(stat -c %s "$dir/optimised.wasm")
  gzipped=$(gzip -9 -c "$dir/optimised.wasm" | wc -c)
  rows+=("| $name | \"$opt\" | \`$flags\` | $raw | $gzipped |")
}

variant before s "$simd"
variant erase s "$simd --cfg erase_components"
variant erase-z z "$simd --cfg erase_components"

{
  echo "Command: \`scripts/page-wasm-options.sh\`"
  echo
  echo "Commit: $(git rev-parse HEAD)$(git diff --quiet HEAD -- src Cargo.toml Cargo.lock .cargo || echo ' (with uncommitted changes)')"
  echo
  echo "Machine: $(nproc) cores; $(date -u +%Y-%m-%dT%H:%M:%SZ)."
  echo
  echo "The page's wasm (bin app, profile app-release) as Trunk ships it: wasm-bindgen, then wasm-opt -Oz; gzip -9 for the bytes a server sends."
  echo
  echo "before: as the page was built until erase_components; erase: as it is built now; erase-z: opt-level z too."
  echo
  echo "| build | opt-level | rustflags | bytes | gzipped |"
  echo "|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} > "$out"
cat "$out"

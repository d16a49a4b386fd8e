#!/usr/bin/env bash
# Installs what building, serving and testing the app needs, skipping
# anything already present at the right version, then fetches every crate
# the native and wasm builds need (so later `--offline` steps find them, even
# with an empty cargo cache). Safe to run repeatedly.
#   scripts/setup.sh          tools to build and serve the app
#   scripts/setup.sh --e2e    also Debian's Chromium for the browser tests
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
BINARYEN_MAJOR=132      # package.json pins binaryen, playwright-core and axe-core
AXE_VERSION=4.14.1

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }
# Run a step and say how long it took.
timed() {
  local what=$1; shift
  local started=$SECONDS
  say "$what"
  "$@"
  say "$what: done in $((SECONDS - started)) s"
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  timed "adding the wasm32-unknown-unknown target" rustup target add wasm32-unknown-unknown
fi

# The standard library's source: the threaded worker rebuilds it with wasm
# atomics (scripts/build-threads-worker.sh). It matches the pinned toolchain.
if ! rustup component list --installed | grep -qx rust-src; then
  timed "adding the rust-src component" rustup component add rust-src
fi

# Unoptimised and without debug info: trunk's own release profile (fat LTO,
# one codegen unit) took 795 s to install on 2 cores, this 252 s. Trunk only
# drives cargo, wasm-bindgen and wasm-opt, so its dist/ is byte for byte the
# same, built in 330 s against 315 s (2026-11-29, commit 4f8aa85's message).
if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  timed "installing trunk $TRUNK_VERSION (about 4 minutes on 2 cores)" \
    env CARGO_PROFILE_DEV_DEBUG=0 cargo install trunk --version "$TRUNK_VERSION" --locked --debug
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  # --locked fails for this version: a locked dependency left the index.
  timed "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes)" \
    cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# npm's binaryen (wasm-opt: Debian's older one corrupts Burn's output),
# playwright-core (drives Chromium in the browser tests) and axe-core (their
# accessibility check), pinned in package.json.
if ! node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_MAJOR" ||
   [ ! -f node_modules/playwright-core/package.json ] ||
   ! grep -q "\"version\": \"$AXE_VERSION\"" node_modules/axe-core/package.json 2>/dev/null; then
  timed "installing binaryen, playwright-core and axe-core from package.json" \
    npm install --no-audit --no-fund --no-package-lock
fi

if [ "${1:-}" = "--e2e" ] && ! command -v chromium >/dev/null; then
  install_chromium() { apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }
  timed "installing Debian's chromium" install_chromium
fi

# Every target's crates, exactly as Cargo.lock pins them. Trunk passes
# --offline to cargo, and the native build never fetches the wasm-only crates
# (Leptos and friends), so without this a new machine cannot build the page.
timed "fetching the crates Cargo.lock pins (all targets)" cargo fetch --locked
say "tools ready"

#!/usr/bin/env bash
# Installs what building, serving and testing the app needs, skipping
# anything already present at the right version. Safe to run repeatedly.
#   scripts/setup.sh          tools to build and serve the app
#   scripts/setup.sh --e2e    also Debian's Chromium for the browser tests
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130
BINARYEN_MAJOR=132      # package.json pins binaryen and playwright-core

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  say "installing trunk $TRUNK_VERSION (about 8 minutes on 2 cores)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes)"
  # --locked fails for this version: a locked dependency left the index.
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

# npm's binaryen (wasm-opt: Debian's older one corrupts Burn's output) and
# playwright-core (drives Chromium in the browser tests), pinned in package.json.
if ! node_modules/.bin/wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_MAJOR" ||
   [ ! -f node_modules/playwright-core/package.json ]; then
  say "installing binaryen and playwright-core from package.json"
  npm install --no-audit --no-fund --no-package-lock
fi

if [ "${1:-}" = "--e2e" ] && ! command -v chromium >/dev/null; then
  say "installing Debian's chromium"
  apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
say "tools ready"

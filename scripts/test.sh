#!/usr/bin/env bash
# Runs every test: the native suite (learning core, CLI) on Burn's CPU
# backend, then the browser end-to-end tests against a release build in
# headless Chromium. Installs missing tools first (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== native tests"
cargo test --release

echo "== tools for the browser build and tests"
scripts/setup.sh --e2e
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

echo "== release build of the app"
scripts/build.sh

echo "== browser end-to-end tests"
node tests/e2e/run.mjs

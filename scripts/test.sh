#!/usr/bin/env bash
# Runs every test: the native suite (learning core, CLI) on Burn's CPU
# backend, then the browser end-to-end tests against a release build in
# headless Chromium. Installs missing tools first (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
phase() { echo "== $1 (after $SECONDS s)"; }

phase "the Pages workflow runs only what this script runs"
workflow_runs=$(sed -n 's/^ *run: *//p' .github/workflows/pages.yml | sort -u)
if [ "$workflow_runs" != "scripts/build.sh" ]; then
  echo ".github/workflows/pages.yml runs \"$workflow_runs\"; CI runs scripts/build.sh only" >&2
  exit 1
fi

phase "native tests"
cargo test --release --locked

phase "tools, crates and release build of the app"
scripts/setup.sh --e2e
scripts/build.sh

phase "browser end-to-end tests"
node tests/e2e/run.mjs
phase "all done"

#!/usr/bin/env bash
# The README's screenshots (docs/screenshots/*.png) from a fresh release
# build: scripts/build.sh, then tests/e2e/screenshots.mjs in headless Chromium.
#   scripts/screenshots.sh [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."
[ "${1:-}" = "--no-build" ] || scripts/build.sh
source scripts/env.sh
node tests/e2e/screenshots.mjs

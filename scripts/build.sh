#!/usr/bin/env bash
# Release build of the app into dist/, optimised with npm's wasm-opt, and
# the gzipped size of each wasm. Installs missing tools and fetches crates
# first (scripts/setup.sh), so it works on a new machine. dist/ is the whole
# site: publish it on any static host, at its root or under a sub-path.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
started=$SECONDS
trunk build --release=true --offline --dist dist www/index.html
echo "[build] release build done in $((SECONDS - started)) s"
# The threaded CPU worker, which Trunk cannot build (see the script).
scripts/build-threads-worker.sh dist
# The service worker that makes the page work offline, stamped with this build.
node scripts/stamp-service-worker.mjs dist
for wasm in dist/*.wasm dist/threads/*.wasm; do
  raw=$(stat -c %s "$wasm")
  gzipped=$(gzip -9 -c "$wasm" | wc -c)
  awk -v f="$wasm" -v r="$raw" -v g="$gzipped" \
    'BEGIN { printf "%-40s %6.2f MB raw, %5.2f MB gzipped\n", f, r / 1e6, g / 1e6 }'
done

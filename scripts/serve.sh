#!/usr/bin/env bash
# Installs what is missing, then serves the release build of the app with
# live rebuilds (trunk serve) at http://127.0.0.1:8080 (PORT=… to change).
# Trunk's build goes to target/serve-dist, not dist/: it has no threaded
# worker and no service worker (scripts/build.sh adds those), and it would
# replace the complete build in dist/, the one to publish and test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
source scripts/env.sh
port=${PORT:-8080}
url="http://127.0.0.1:$port/"
if [ -f "${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/wasm-release/worker.wasm" ]; then
  echo "[serve] building (a minute or two), then serving at $url"
else
  echo "[serve] first build: about 11 minutes on 2 cores (Burn for wasm, then wasm-opt);"
  echo "[serve] the app will then be at $url"
fi
exec trunk serve --release=true --offline --dist target/serve-dist --port "$port" "$@"

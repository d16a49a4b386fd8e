#!/usr/bin/env bash
# Installs what is missing, then serves the app with live rebuilds at
# http://127.0.0.1:8080 (trunk serve).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --offline "$@"

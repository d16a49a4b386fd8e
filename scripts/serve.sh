#!/usr/bin/env bash
# Installs what is missing, then serves the release build of the app with
# live rebuilds at http://127.0.0.1:8080 (trunk serve). The release build is
# the one the browser tests check; the first build takes about 15 minutes on
# 2 cores, later ones about 2.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
exec trunk serve --release=true --offline "$@"

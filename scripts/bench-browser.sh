#!/usr/bin/env bash
# The browser benchmark: builds the release app (scripts/build.sh) unless
# --no-build, then times training steps inside the worker with the same
# definition as `policypu bench`, the default demo from Train to the final
# report, and the longest main-thread task (tests/e2e/bench.mjs). Prints
# markdown tables. Pass --models=a,b for some presets only, and --webgpu to
# also time WebGPU (SwiftShader without a GPU: it shows correctness, not speed);
# tests/e2e/bench.mjs lists its other modes (--auto-only, --auto-workers, ...).
set -euo pipefail
cd "$(dirname "$0")/.."
build=1
args=()
for arg in "$@"; do
  case $arg in
    --no-build) build=0 ;;
    *) args+=("$arg") ;;
  esac
done
[ $build -eq 1 ] && scripts/build.sh
source scripts/env.sh
PATH=$PWD/node_modules/.bin:$PATH node tests/e2e/bench.mjs "${args[@]+"${args[@]}"}"

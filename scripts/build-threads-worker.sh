#!/usr/bin/env bash
# The threaded CPU worker, into dist/threads/ (scripts/build.sh calls this
# after Trunk has built the page and the WebGPU worker). Its wasm shares its
# memory with a pool of Web Workers, so it is built with wasm atomics and
# bulk memory, which need the standard library rebuilt (`-Z build-std`, with
# rustup's rust-src: scripts/setup.sh installs it). RUSTC_BOOTSTRAP lets
# the pinned stable toolchain take that one unstable flag; no nightly is
# needed. Trunk cannot build it: it has no per-program target flags, and
# the pool needs wasm-bindgen's `web` output (ES modules).
#   scripts/build-threads-worker.sh [DIST]     (default dist)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
dist=${1:-dist}
out="$dist/threads"
target=target/threads
started=$SECONDS

# The flags replace .cargo/config.toml's, so SIMD is named again. The linker
# is told what rustc no longer tells it for atomics: a shared memory, imported
# (so the pool's threads instantiate on it), at most 2 GiB (the browser
# reserves the maximum up front), and the thread-local storage wasm-bindgen
# sets up for each thread.
link="--shared-memory --import-memory --max-memory=2147483648"
link+=" --export=__wasm_init_tls --export=__tls_size --export=__tls_align --export=__tls_base"
rustflags="-C target-feature=+atomics,+bulk-memory,+mutable-globals,+simd128"
for arg in $link; do rustflags+=" -C link-arg=$arg"; done
RUSTC_BOOTSTRAP=1 RUSTFLAGS="$rustflags" \
  cargo build --locked --target wasm32-unknown-unknown -Z build-std=panic_abort,std \
    --profile wasm-release --bin worker --no-default-features --features threads \
    --target-dir "$target"

rm -rf "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" --out-name worker \
  "$target/wasm32-unknown-unknown/wasm-release/worker.wasm"
wasm-opt -O3 --enable-threads --enable-bulk-memory --enable-simd --enable-mutable-globals \
  --enable-nontrapping-float-to-int --enable-sign-ext \
  "$out/worker_bg.wasm" -o "$out/worker_bg.wasm"
# The module the page starts: instantiating the program runs its `main`.
cat > "$out/worker_loader.js" <<'JS'
import start from './worker.js';
start();
JS
echo "[build] threaded worker done in $((SECONDS - started)) s"

# Sourced by the other scripts: puts the project's tools on PATH.
# Cargo installs into $CARGO_HOME/bin (default ~/.cargo/bin); npm's tools
# (wasm-opt, playwright-core) live in node_modules/.bin.
CARGO_BIN="${CARGO_HOME:-$HOME/.cargo}/bin"
export PATH="$PWD/node_modules/.bin:$CARGO_BIN:$HOME/.cargo/bin:$PATH"

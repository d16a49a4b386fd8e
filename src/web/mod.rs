//! Browser plumbing shared by the page (`src/bin/app`) and its training
//! worker (`src/bin/worker`): only with the `web` feature, never natively.

pub mod adapter;

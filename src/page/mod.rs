//! The page's concerns: plain Rust that the browser page (`src/bin/app`) and
//! its training worker (`src/bin/worker`) share, with no web dependency, so it
//! is tested natively. [`share`] writes a run's settings as a URL hash and
//! reads them back, [`lessons`] names the parts of the page a link can hide
//! and the ready lessons, [`link_data`] carries a CSV file inside a link
//! (through [`base64url`]), [`protocol`] holds the messages between the
//! page and the worker, [`outbox`] says when the worker posts what
//! training did, [`pace`] how long a run has left, and [`test_figure`]
//! which test figures the comparison of runs shows.

pub mod base64url;
pub mod lessons;
pub mod link_data;
pub mod outbox;
pub mod pace;
pub mod protocol;
pub mod share;
pub mod test_figure;

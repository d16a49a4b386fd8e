//! Browser APIs for the page: errors in words, gunzip, downloads, the built-in datasets,
//! waiting for a paint.

pub mod compression;
pub mod data_loader;
pub mod download;
pub mod js_error;
pub mod next_paint;

//! The page's Share part: a run's link, its downloads, its classifier scoring a CSV.

pub mod exports;
pub mod link;
pub mod score_csv;

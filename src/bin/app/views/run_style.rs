//! Looks for one series per run in the comparison chart: the Okabe–Ito
//! colour-blind-safe palette, and a dash and marker per run as well, so
//! runs differ in more than colour. Each later run's line is thinner than
//! the one drawn before it, so runs with the same scores show as nested
//! lines instead of one hiding the other.

use super::charts::series_style::{Marker, SeriesStyle};

const COLOURS: [&str; 7] = [
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#56b4e9", "#e69f00", "#000000",
];
const DASHES: [Option<&str>; 4] = [None, Some("7 4"), Some("2 3"), Some("10 3 2 3")];
const WIDTHS: [&str; 3] = ["4.2", "2.8", "1.4"];
const MARKERS: [Marker; 5] = [
    Marker::Circle,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
    Marker::Cross,
];

/// The look of the `i`-th run shown.
pub fn run_style(i: usize) -> SeriesStyle {
    SeriesStyle {
        colour: COLOURS[i % COLOURS.len()],
        dash: DASHES[i % DASHES.len()],
        marker: MARKERS[i % MARKERS.len()],
        width: Some(WIDTHS[i % WIDTHS.len()]),
    }
}

//! SVG charts: plot frames, scales, lines, legends, styles, and the charts built on them.

pub mod axes;
pub mod bar_fill;
pub mod colour_scale;
pub mod curve_charts;
pub mod epoch_charts;
pub mod epoch_series;
pub mod histogram;
pub mod legend;
pub mod line_chart;
pub mod scale;
pub mod scatter;
pub mod series_style;

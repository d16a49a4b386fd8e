//! Chart data drawn from the epoch reports: one point per epoch on a running
//! epoch number over all stages (pre-training first), and the shaded
//! stretches where pre-training happened.

use policypu::config::Stage;
use policypu::report::{EpochReport, TestMetrics};

use super::line_chart::{Band, Series};
use super::series_style::SeriesStyle;

/// Title of the x axis of every chart against epochs.
pub const EPOCH_AXIS: &str = "epoch (pre-training first)";

/// `kept`'s name ("training epoch 19"), with where the charts draw it when
/// pre-training epochs come first: "training epoch 19 (epoch 39 on the charts)".
pub fn charted_epoch_name(reports: &[EpochReport], kept: &EpochReport) -> String {
    let name = kept.stage.epoch_name(kept.epoch);
    let running = reports
        .iter()
        .position(|r| r.stage == kept.stage && r.epoch == kept.epoch)
        .map(|i| i + 1);
    match running {
        Some(at) if at != kept.epoch => format!("{name} (epoch {at} on the charts)"),
        _ => name,
    }
}

/// A series of `value` over every report, at running epochs 1, 2, 3, …
pub fn over_epochs(
    reports: &[EpochReport],
    name: &str,
    style: SeriesStyle,
    value: impl Fn(&EpochReport) -> Option<f64>,
) -> Series {
    Series::per_epoch(name, style, reports.iter().map(value))
}

/// A series of a test metric over every report, at running epochs 1, 2,
/// 3, …, joined across the epochs that did not score the test set.
pub fn test_over_epochs(
    reports: &[EpochReport],
    name: &str,
    style: SeriesStyle,
    value: impl Fn(&TestMetrics) -> Option<f64>,
) -> Series {
    Series::per_epoch_sparse(
        name,
        style,
        reports.iter().map(|r| r.scored_test().map(&value)),
    )
}

/// One band per run of consecutive pre-training epochs of the same stage.
pub fn pretraining_bands(reports: &[EpochReport]) -> Vec<Band> {
    let mut bands: Vec<(Stage, usize, usize)> = Vec::new();
    for (i, report) in reports.iter().enumerate() {
        if report.stage == Stage::Train {
            continue;
        }
        let epoch = i + 1;
        match bands.last_mut() {
            Some((stage, _, last)) if *stage == report.stage && *last + 1 == epoch => *last = epoch,
            _ => bands.push((report.stage, epoch, epoch)),
        }
    }
    bands
        .into_iter()
        .map(|(stage, first, last)| Band {
            first,
            last,
            label: format!("shaded: {}", stage.label()),
        })
        .collect()
}

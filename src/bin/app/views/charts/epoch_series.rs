//! Chart data drawn from the epoch reports: one point per epoch on a running
//! epoch number over all stages (pre-training first), and the shaded
//! stretches where pre-training happened.

use policypu::config::Stage;
use policypu::report::{EpochReport, TestMetrics, kept_report};
use policypu::selection::Criterion;

use super::line_chart::{Band, Series};
use super::series_style::SeriesStyle;

/// Title of the x axis of every chart against epochs.
pub const EPOCH_AXIS: &str = "epoch (pre-training first)";

/// `kept`'s name ("training epoch 19"), with where the charts draw it when
/// pre-training epochs come first: "training epoch 19 (epoch 39 on the charts)".
pub fn charted_epoch_name(reports: &[EpochReport], kept: &EpochReport) -> String {
    let name = kept.stage.epoch_name(kept.epoch);
    match charted_epoch(reports, kept) {
        Some(at) if at != kept.epoch => format!("{name} (epoch {at} on the charts)"),
        _ => name,
    }
}

/// Where the charts draw `report`: its running epoch over all stages.
fn charted_epoch(reports: &[EpochReport], report: &EpochReport) -> Option<usize> {
    reports
        .iter()
        .position(|r| r.stage == report.stage && r.epoch == report.epoch)
        .map(|i| i + 1)
}

/// Where the charts draw the epoch the run keeps by `criterion` so far
/// (its last where it keeps that), for its lines to ring and their legends
/// to quote: the figures the results panel and the leaderboard give.
pub fn kept_charted_epoch(reports: &[EpochReport], criterion: Criterion) -> Option<usize> {
    charted_epoch(reports, kept_report(reports, criterion)?)
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

//! The epoch whose test scores and curves the page shows: while a run
//! trains (or after it failed), the latest that scored the test set; once it
//! has ended, the epoch it keeps, where that one scored it (the classifier
//! downloads and scoring use). After `auto` keeps its mean, the curves are
//! the mean's while the charts stand in for it.

use leptos::prelude::*;
use policypu::config::RunConfig;
use policypu::report::{Curves, EpochReport, TestMetrics, kept_report, latest_scored};
use policypu::selection::Criterion;

use crate::state::{AppState, RunStatus};

/// Which epoch of the current run the page's test scores are of.
pub enum ShownEpoch<'a> {
    /// The latest that scored the test set.
    Latest(&'a EpochReport),
    /// The one the run keeps, now that it has ended.
    Kept(&'a EpochReport),
}

impl<'a> ShownEpoch<'a> {
    /// The epoch's report.
    pub fn report(&self) -> &'a EpochReport {
        match self {
            ShownEpoch::Latest(r) | ShownEpoch::Kept(r) => r,
        }
    }
}

/// The criterion the current run keeps its epoch by, once it has ended;
/// `None` while it trains, or if it failed. A candidate `auto` shows in the
/// charts has ended, whatever became of the candidates after it.
pub fn kept_by(state: AppState) -> Option<Criterion> {
    let charted = state
        .auto
        .with(|a| a.as_ref().is_some_and(|a| a.charted.is_some()));
    let ended = charted || matches!(state.status.get(), RunStatus::Done | RunStatus::Stopped);
    state
        .run_config
        .with(|c| c.as_ref().map(RunConfig::criterion))
        .filter(|_| ended)
}

/// What the ROC and precision-recall charts draw.
pub struct ShownCurves {
    /// They are auto's mean's, not an epoch's.
    pub of_the_mean: bool,
    /// The test scores, for the curves' areas.
    pub test: TestMetrics,
    /// The curves.
    pub curves: Curves,
}

/// The curves the page draws: auto's mean's where the charts stand in for
/// it, as it has no epochs of its own; else the shown epoch's.
pub fn shown_curves(state: AppState) -> Option<ShownCurves> {
    let mean = state.auto.with(|a| {
        a.as_ref()
            .filter(|a| a.charts_stand_in_for_the_mean())
            .and_then(|a| a.averaged.as_ref())
            .map(|mean| ShownCurves {
                of_the_mean: true,
                test: mean.kept.clone(),
                curves: mean.curves.clone(),
            })
    });
    if mean.is_some() {
        return mean;
    }
    let kept_by = kept_by(state);
    state.reports.with(|r| {
        shown_epoch(r, kept_by).map(|shown| ShownCurves {
            of_the_mean: false,
            test: shown.report().test.clone(),
            curves: shown.report().curves.clone(),
        })
    })
}

/// The epoch of `reports` whose test scores the page shows; `kept_by` as
/// [`kept_by`] gives it.
pub fn shown_epoch(reports: &[EpochReport], kept_by: Option<Criterion>) -> Option<ShownEpoch<'_>> {
    let kept = kept_by
        .and_then(|c| kept_report(reports, c))
        .filter(|r| r.scored_test().is_some());
    match kept {
        Some(kept) => Some(ShownEpoch::Kept(kept)),
        None => latest_scored(reports).map(ShownEpoch::Latest),
    }
}

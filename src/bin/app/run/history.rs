//! The session's history: every run that ends (done or stopped) is kept
//! with its settings, epoch reports and trained classifier, so any two can
//! be compared and any model downloaded later.

use crate::state::{AppState, RunOutcome, RunRecord};
use leptos::prelude::*;

/// Keep the current run in the history. Runs with no epoch reported are
/// not worth keeping and are skipped.
pub fn record(state: AppState, outcome: RunOutcome) {
    let Some(config) = state.run_config.get_untracked() else {
        return;
    };
    let reports = state.reports.get_untracked();
    if reports.is_empty() {
        return;
    }
    let queue = state.comparison.get_untracked();
    state.runs.update(|runs| {
        let id = runs.last().map_or(1, |r| r.id + 1);
        runs.push(RunRecord {
            id,
            config,
            reports,
            outcome,
            model: state.model.get_untracked(),
            test_scores: state.test_scores.get_untracked(),
            comparison: queue.active.then_some(queue.id),
        });
    });
}

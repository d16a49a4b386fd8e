//! The session's history: every run that ends (done or stopped) is kept
//! with its settings, epoch reports and trained classifier, so any two can
//! be compared and any model downloaded later; `auto`'s candidates also
//! with what their charts draw, so the page can show any of them.

use std::sync::Arc;

use leptos::prelude::*;
use policypu::config::RunConfig;
use policypu::page::protocol::RunStarted;
use policypu::report::{BatchProgress, EpochReport, TestScores};

use crate::state::{AppState, RunCharts, RunOutcome, RunRecord};

/// What a run produced, as far as it has come.
pub struct RunResults {
    /// Its settings.
    pub config: RunConfig,
    /// Its epoch reports (without per-example values).
    pub reports: Vec<EpochReport>,
    /// Its test-set probabilities, when the worker sent them.
    pub test_scores: Option<Arc<TestScores>>,
    /// Its saved-model file, when the worker sent one.
    pub model: Option<Arc<Vec<u8>>>,
    /// Its split as the worker reported it at the start, once it has.
    pub started: Option<Box<RunStarted>>,
    /// Per epoch, the value of every unlabeled example (an `auto`
    /// candidate's; empty otherwise).
    pub values: Vec<Vec<f32>>,
    /// Its latest mini-batch (an `auto` candidate's; none otherwise).
    pub progress: Option<BatchProgress>,
}

/// Keep the current run in the history. Runs with no epoch reported are
/// not worth keeping and are skipped.
pub fn record(state: AppState, outcome: RunOutcome) {
    let Some(config) = state.run_config.get_untracked() else {
        return;
    };
    let charted = for_auto(state);
    let run = RunResults {
        config,
        reports: state.reports.get_untracked(),
        test_scores: state.test_scores.get_untracked(),
        model: state.model.get_untracked(),
        started: state
            .started
            .get_untracked()
            .filter(|_| charted)
            .map(Box::new),
        values: if charted {
            state.history.get_untracked()
        } else {
            Vec::new()
        },
        progress: state.progress.get_untracked().filter(|_| charted),
    };
    keep(state, run, outcome);
}

/// Keep a run that trained unseen in the second worker in the history.
pub fn record_beside(state: AppState, run: RunResults) {
    keep(state, run, RunOutcome::Done);
}

/// True while an `auto` run trains its candidates: their runs keep what
/// their charts draw (its members' refits do not: no leaderboard row shows them).
pub fn for_auto(state: AppState) -> bool {
    state
        .comparison
        .with_untracked(|q| q.active && q.auto.is_some() && q.refitting.is_none())
}

fn keep(state: AppState, run: RunResults, outcome: RunOutcome) {
    if run.reports.is_empty() {
        return;
    }
    let queue = state.comparison.get_untracked();
    let charts = run
        .started
        .filter(|_| for_auto(state))
        .map(|started| RunCharts {
            started: Arc::from(started),
            values: Arc::new(run.values),
            progress: run.progress,
        });
    state.runs.update(|runs| {
        let id = runs.last().map_or(1, |r| r.id + 1);
        runs.push(RunRecord {
            id,
            config: run.config,
            reports: run.reports,
            outcome,
            model: run.model,
            test_scores: run.test_scores,
            comparison: queue.active.then_some(queue.id),
            data_file: state.trained_file(),
            charts,
        });
    });
}

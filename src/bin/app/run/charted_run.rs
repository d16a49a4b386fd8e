//! After `auto`: which candidate's run the charts show. Every chart reads
//! the page's current run (`AppState::reports`, `history`, `started`…), so
//! showing a candidate puts its reports, split, values on U, test scores
//! and last mini-batch back there; the model kept (`AppState::model`) stays as it is. By
//! default the charts show the model kept where it is one candidate's, and
//! the first of the mean's members where it is the mean, which has no
//! epochs of its own; the leaderboard's *Show* picks any other.

use leptos::prelude::*;

use crate::state::{AppState, AutoOutcome};

/// Show the run auto's kept model comes from: the candidate kept, or the
/// first of the mean's members.
pub fn show_kept(state: AppState) {
    let id = state
        .auto
        .with_untracked(|a| a.as_ref().and_then(AutoOutcome::kept_run));
    if let Some(id) = id {
        show(state, id);
    }
}

/// Show the run of auto's candidate `id` (a history id) in the charts;
/// nothing changes if that run kept no charts.
pub fn show(state: AppState, id: u64) {
    let Some(run) = state
        .runs
        .with_untracked(|runs| runs.iter().find(|r| r.id == id).cloned())
    else {
        return;
    };
    let Some(charts) = run.charts else {
        return;
    };
    state.run_config.set(Some(run.config));
    state.started.set(Some((*charts.started).clone()));
    state.reports.set(run.reports);
    state.history.set((*charts.values).clone());
    state.test_scores.set(run.test_scores);
    state.progress.set(charts.progress);
    state.auto.update(|a| {
        if let Some(a) = a {
            a.charted = Some(id);
        }
    });
}

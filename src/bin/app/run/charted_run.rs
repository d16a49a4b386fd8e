//! After `auto`: which candidate's run the charts show. Every chart reads
//! the page's current run (`AppState::reports`, `history`, `started`…), so
//! showing a candidate puts its reports, split, values on U, test scores
//! and last mini-batch back there; the model kept (`AppState::model`) stays
//! as it is. By default the charts show the model kept: one candidate's run,
//! or for auto's mean its curves and its first member's epochs, as it has
//! none of its own. The leaderboard's *Show* picks any other.

use leptos::prelude::*;

use crate::state::{AppState, AutoOutcome, Charted};

/// Show auto's kept model in the charts.
pub fn show_kept(state: AppState) {
    let charted = state
        .auto
        .with_untracked(|a| a.as_ref().and_then(AutoOutcome::charted_by_default));
    if let Some(charted) = charted {
        show(state, charted);
    }
}

/// Show `charted` in the charts; nothing changes if the run it needs kept
/// no charts.
pub fn show(state: AppState, charted: Charted) {
    let id = match charted {
        Charted::Candidate(id) => Some(id),
        Charted::Mean => state
            .auto
            .with_untracked(|a| a.as_ref().and_then(AutoOutcome::first_member_run)),
    };
    let Some(run) = id.and_then(|id| {
        state
            .runs
            .with_untracked(|runs| runs.iter().find(|r| r.id == id).cloned())
    }) else {
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
            a.charted = Some(charted);
        }
    });
}

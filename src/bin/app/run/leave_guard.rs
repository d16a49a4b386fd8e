//! Asking before the tab reloads or closes while it holds trained runs or a
//! run in progress: they live only in this page (a link brings back the
//! settings and the file, not the trained models).

use leptos::ev;
use leptos::prelude::*;

use crate::state::{AppState, RunStatus};

/// Ask the browser to confirm leaving the page (its own "Leave site?"
/// dialog) while `state` holds work that leaving would lose; for the page's
/// whole life.
pub fn ask_before_leaving(state: AppState) {
    // The page never unmounts its root, so the listener is never removed.
    let _listener = window_event_listener(ev::beforeunload, move |event| {
        if holds_unsaved_work(state) {
            event.prevent_default();
            event.set_return_value("");
        }
    });
}

/// Whether leaving would lose work: a finished run in the history, or one
/// on its way.
fn holds_unsaved_work(state: AppState) -> bool {
    let busy = matches!(
        state.status.get_untracked(),
        RunStatus::LoadingData
            | RunStatus::Starting
            | RunStatus::Running
            | RunStatus::Paused
            | RunStatus::Waiting
    );
    busy || state.runs.with_untracked(|runs| !runs.is_empty())
}

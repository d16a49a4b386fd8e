//! What the views area says before the first epoch report arrives.

use leptos::prelude::*;

use crate::state::{RunStatus, use_app_state};

/// A friendly sentence in place of empty charts.
#[component]
pub fn EmptyState() -> impl IntoView {
    let state = use_app_state();
    let message = move || match state.status.get() {
        RunStatus::Idle => {
            "No charts yet. Pick settings on the left and press Train: the charts grow by one point after every epoch."
        }
        RunStatus::LoadingData | RunStatus::Starting => {
            "Getting ready. The charts appear when the first epoch ends."
        }
        RunStatus::Running | RunStatus::Paused => {
            "Training the first epoch. The charts appear when it ends."
        }
        RunStatus::Waiting | RunStatus::Done | RunStatus::Stopped | RunStatus::Failed(_) => {
            "No epoch finished in this run, so there is nothing to chart yet. Press Train to start again."
        }
    };
    view! {
        <div class="views-empty" id="views-empty">
            <p>{message}</p>
        </div>
    }
}

//! Live views of a run: metric curves, ROC and PR curves, the policy's
//! actions on U.

use leptos::prelude::*;

use crate::state::use_app_state;

/// All views of the current run.
#[component]
pub fn TrainingViews() -> impl IntoView {
    let state = use_app_state();
    let latest = move || {
        state.reports.with(|r| {
            r.last().map(|rep| {
                let show = |v: Option<f64>| v.map_or("n/a".to_string(), |v| format!("{v:.3}"));
                format!(
                    "{} epoch {}: accuracy {}, ROC-AUC {}, PR-AUC {}",
                    rep.stage.label(),
                    rep.epoch,
                    show(rep.test.accuracy),
                    show(rep.test.roc_auc),
                    show(rep.test.pr_auc)
                )
            })
        })
    };
    view! { <p class="latest" id="latest">{latest}</p> }
}

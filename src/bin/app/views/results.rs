//! The latest test scores in large type, with stable ids and machine-readable
//! values for the browser tests, and a one-line summary of the last epoch.

use leptos::prelude::*;
use policypu::report::TestMetrics;

use crate::state::use_app_state;

/// One score: `<span id=… data-value="0.8912">0.891</span>`, a dash while unknown.
#[component]
fn Score(
    /// The span's id.
    id: &'static str,
    /// What the score is.
    label: &'static str,
    /// The score, when known.
    #[prop(into)]
    value: Signal<Option<f64>>,
) -> impl IntoView {
    view! {
        <div class="score">
            <dt>{label}</dt>
            <dd>
                <span id=id data-value=move || value.get().map(|v| format!("{v:.4}"))>
                    {move || value.get().map_or_else(|| "–".to_string(), |v| format!("{v:.3}"))}
                </span>
            </dd>
        </div>
    }
}

/// Latest test accuracy, ROC-AUC and PR-AUC, epochs done, and the summary line.
#[component]
pub fn ResultsPanel() -> impl IntoView {
    let state = use_app_state();
    let test = Memo::new(move |_| {
        state
            .reports
            .with(|r| r.last().map(|rep| rep.test.clone()))
            .unwrap_or_default()
    });
    let score =
        move |pick: fn(&TestMetrics) -> Option<f64>| Signal::derive(move || test.with(pick));
    let epochs_done = Memo::new(move |_| state.reports.with(Vec::len));
    let summary = move || {
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
    view! {
        <section class="panel results" id="results" aria-labelledby="results-title">
            <h3 id="results-title">"Latest results on the test set"</h3>
            <dl class="scores">
                <Score id="metric-accuracy" label="accuracy" value=score(|t| t.accuracy)/>
                <Score id="metric-roc-auc" label="ROC-AUC" value=score(|t| t.roc_auc)/>
                <Score id="metric-pr-auc" label="PR-AUC" value=score(|t| t.pr_auc)/>
                <div class="score">
                    <dt>"epochs done"</dt>
                    <dd>
                        <span id="epochs-done" data-value=move || epochs_done.get().to_string()>
                            {move || epochs_done.get()}
                        </span>
                    </dd>
                </div>
            </dl>
            <p class="latest" id="latest" aria-live="polite">{summary}</p>
        </section>
    }
}

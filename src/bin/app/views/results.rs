//! The latest test scores in large type, with stable ids and machine-readable
//! values for the browser tests, and a one-line summary of the last epoch.

use leptos::prelude::*;
use policypu::config::Stage;
use policypu::report::{EpochReport, PuMetrics, TestMetrics, kept_report, latest_scored};
use policypu::selection::Criterion;

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
            .with(|r| latest_scored(r).map(|rep| rep.test.clone()))
            .unwrap_or_default()
    });
    let score =
        move |pick: fn(&TestMetrics) -> Option<f64>| Signal::derive(move || test.with(pick));
    let epochs_done = Memo::new(move |_| state.reports.with(Vec::len));
    let training_done = Memo::new(move |_| {
        state
            .reports
            .with(|r| r.iter().filter(|rep| rep.stage.is_own_training()).count())
    });
    // "3 of 20" during a run; a dash before the first one.
    let training_progress = move || {
        state.run_config.with(|c| match c {
            Some(c) => format!("{} of {}", training_done.get(), c.optim.epochs),
            None => "—".to_string(),
        })
    };
    let pu = Memo::new(move |_| test.with(|t| t.pu.clone()));
    let has_negatives = move || pu.with(Option::is_none);
    let pu_score = move |pick: fn(&PuMetrics) -> Option<f64>| {
        Signal::derive(move || pu.with(|m| m.as_ref().and_then(pick)))
    };
    let summary = move || {
        state.reports.with(|r| {
            latest_scored(r).map(|rep| {
                let show = |v: Option<f64>| v.map_or("n/a".to_string(), |v| format!("{v:.3}"));
                let scores = match &rep.test.pu {
                    Some(pu) => format!(
                        "recall {:.3} on {} held-out positives",
                        pu.recall, pu.positives
                    ),
                    None => format!(
                        "accuracy {}, ROC-AUC {}, PR-AUC {}",
                        show(rep.test.accuracy),
                        show(rep.test.roc_auc),
                        show(rep.test.pr_auc)
                    ),
                };
                format!("{} epoch {}: {scores}", rep.stage.label(), rep.epoch)
            })
        })
    };
    // The epoch the run keeps, once validation has chosen one other than the last.
    let kept = move || {
        state.run_config.with(|c| {
            let c = c.as_ref()?;
            state.reports.with(|r| {
                let kept = kept_report(r, c.criterion())?;
                let last = r.iter().rev().find(|rep| rep.stage == Stage::Train)?;
                kept.validation.as_ref()?;
                // auto's candidates score the test set at their last epoch
                // only once it comes.
                let last = last.scored_test().is_some().then_some(last);
                Some(kept_sentence(kept, last, c.criterion()))
            })
        })
    };
    view! {
        <section class="panel results" id="results" aria-labelledby="results-title">
            <h3 id="results-title">"Latest results on the test set"</h3>
            <dl class="scores">
                <Show when=has_negatives fallback=move || view! {
                    <Score id="metric-recall" label="recall on held-out positives" value=pu_score(|m| Some(m.recall))/>
                    <Score id="metric-u-positive" label="share of U called positive" value=pu_score(|m| Some(m.u_positive_rate))/>
                    <Score id="metric-lee-liu" label="Lee–Liu r²/q" value=pu_score(|m| Some(m.lee_liu))/>
                    <Score id="metric-u-accuracy" label="accuracy on U, estimated" value=pu_score(|m| m.accuracy)/>
                }>
                    <Score id="metric-accuracy" label="accuracy" value=score(|t| t.accuracy)/>
                    <Score id="metric-roc-auc" label="ROC-AUC" value=score(|t| t.roc_auc)/>
                    <Score id="metric-pr-auc" label="PR-AUC" value=score(|t| t.pr_auc)/>
                </Show>
                <div class="score">
                    <dt>"training epochs done"</dt>
                    <dd>
                        // data-value counts every epoch report, pre-training included.
                        <span id="epochs-done" data-value=move || epochs_done.get().to_string()>
                            {training_progress}
                        </span>
                        <small class="hint" id="pretraining-done">{move || pretraining_note(epochs_done.get() - training_done.get())}</small>
                    </dd>
                </div>
            </dl>
            <p class="latest" id="latest" aria-live="polite">{summary}</p>
            {move || kept().map(|text| view! { <p class="kept" id="kept">{text}</p> })}
            {move || pu.get().map(|m| view! { <p class="hint" id="no-truth-note">{m.summary()}</p> })}
        </section>
    }
}

/// What the run keeps: the epoch its validation split chose and its test
/// scores, beside the last epoch's where it scored the test set.
fn kept_sentence(kept: &EpochReport, last: Option<&EpochReport>, criterion: Criterion) -> String {
    let show = |t: &TestMetrics| match &t.pu {
        Some(pu) => format!("recall {:.3}", pu.recall),
        None => {
            let v = |v: Option<f64>| v.map_or("n/a".to_string(), |v| format!("{v:.3}"));
            format!("accuracy {}, ROC-AUC {}", v(t.accuracy), v(t.roc_auc))
        }
    };
    let beside = last.map_or_else(String::new, |last| {
        format!(" (last epoch {}: {})", last.epoch, show(&last.test))
    });
    format!(
        "Kept: {}, the best {} on the PU validation split: {}{beside}. \
         Downloads and scoring use this epoch's classifier.",
        kept.stage.epoch_name(kept.epoch),
        criterion.label(),
        show(&kept.test),
    )
}

/// The note under the training epochs on the epochs before them, if any.
fn pretraining_note(epochs: usize) -> String {
    match epochs {
        0 => String::new(),
        n => format!("+ {n} pre-training or cross-validation epochs before"),
    }
}

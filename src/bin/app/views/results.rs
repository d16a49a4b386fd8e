//! The test scores of the classifier a run offers, in large type: the latest
//! epoch's while it trains and, once it ends, those of the classifier the
//! page keeps (the epoch the PU validation split chose, or auto's model),
//! which downloads and scoring use. Stable ids and machine-readable values
//! for the browser tests.

use leptos::prelude::*;
use policypu::config::{RunConfig, Stage};
use policypu::page::test_figure::TestFigure;
use policypu::report::{EpochReport, PuMetrics, TestMetrics, kept_report, latest_scored};
use policypu::selection::{Criterion, ValidationScores};
use policypu::user_text::counted;

use super::charts::epoch_series::charted_epoch_name;
use super::shown_epoch::{ShownEpoch, kept_by, shown_epoch};
use crate::state::{AppState, AutoOutcome, RunStatus, use_app_state};

/// Which classifier the panel's large scores are of.
#[derive(Clone, Debug, PartialEq)]
enum Shown {
    /// While a run goes on (or if it failed): the latest epoch that scored
    /// the test set.
    Latest(TestMetrics),
    /// A run that ended: the epoch it keeps.
    KeptEpoch(TestMetrics),
    /// An `auto` run that ended: the model it keeps, in words.
    AutoModel(String, TestMetrics),
}

impl Shown {
    /// What the panel shows, in `state` as it is now.
    fn now(state: AppState) -> Shown {
        if let Some(kept) = state
            .auto
            .with(|a| a.as_ref().and_then(AutoOutcome::kept_model))
        {
            return Shown::AutoModel(kept.0, kept.1);
        }
        let kept_by = kept_by(state);
        state.reports.with(|r| match shown_epoch(r, kept_by) {
            Some(ShownEpoch::Kept(kept)) => Shown::KeptEpoch(kept.test.clone()),
            Some(ShownEpoch::Latest(latest)) => Shown::Latest(latest.test.clone()),
            None => Shown::Latest(TestMetrics::default()),
        })
    }

    /// The panel's heading.
    fn heading(&self) -> &'static str {
        match self {
            Shown::Latest(_) => "Latest results on the test set",
            Shown::KeptEpoch(_) => "The kept classifier on the test set",
            Shown::AutoModel(..) => "auto's kept model on the test set",
        }
    }

    /// The test metrics shown.
    fn test(&self) -> &TestMetrics {
        match self {
            Shown::Latest(t) | Shown::KeptEpoch(t) | Shown::AutoModel(_, t) => t,
        }
    }
}

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

/// The test accuracy, ROC-AUC and PR-AUC of the latest epoch or the kept
/// classifier, epochs done, and lines saying which is which.
#[component]
pub fn ResultsPanel() -> impl IntoView {
    let state = use_app_state();
    let shown = Memo::new(move |_| Shown::now(state));
    let test = Memo::new(move |_| shown.with(|s| s.test().clone()));
    let score =
        move |pick: fn(&TestMetrics) -> Option<f64>| Signal::derive(move || test.with(pick));
    let epochs_done = Memo::new(move |_| state.reports.with(Vec::len));
    let training_done = Memo::new(move |_| {
        state
            .reports
            .with(|r| r.iter().filter(|rep| rep.stage.is_own_training()).count())
    });
    // "3 of 20" during a run; a dash before the first one, and after one
    // refused before its first epoch.
    let training_progress = move || {
        let refused = matches!(state.status.get(), RunStatus::Failed(_)) && epochs_done.get() == 0;
        state.run_config.with(|c| match c {
            Some(c) if !refused => format!("{} of {}", training_done.get(), c.optim.epochs),
            _ => "—".to_string(),
        })
    };
    let pu = Memo::new(move |_| test.with(|t| t.pu.clone()));
    // With a truth column the test scores are accuracy and the AUCs (n/a
    // where the test set drew one class); without one, what P and U measure.
    let has_truth = move || pu.with(Option::is_none);
    let pu_score = move |pick: fn(&PuMetrics) -> Option<f64>| {
        Signal::derive(move || pu.with(|m| m.as_ref().and_then(pick)))
    };
    // The latest epoch in one line; named "last" once the scores above are another's.
    let summary = move || {
        let lead = match shown.get() {
            Shown::Latest(_) => String::new(),
            Shown::KeptEpoch(_) => "Last epoch, ".to_string(),
            Shown::AutoModel(..) => {
                let last = state
                    .run_config
                    .with(|c| c.as_ref().map(RunConfig::learner_label))
                    .unwrap_or_default();
                let charted = state
                    .auto
                    .with(|a| a.as_ref().map(|a| a.charted_in_words(&last)))
                    .unwrap_or(last);
                format!("The charts show {charted}; its last epoch, ")
            }
        };
        state.reports.with(|r| {
            latest_scored(r).map(|rep| {
                format!(
                    "{lead}{} epoch {}: {}",
                    rep.stage.label(),
                    rep.epoch,
                    scores_in_words(&rep.test)
                )
            })
        })
    };
    // Which classifier the run keeps: so far while it trains, for good once it ends.
    let kept = move || match shown.get() {
        Shown::AutoModel(name, _) => Some(format!(
            "Kept: {name}; the scores above are its, and the model download and scoring use it. \
             The leaderboard below lists every candidate with its PU-only scores."
        )),
        ended => state.run_config.with(|c| {
            let c = c.as_ref()?;
            state.reports.with(|r| {
                let kept = kept_report(r, c.criterion())?;
                match ended {
                    Shown::KeptEpoch(_) => Some(kept_for_good(r, kept, c)),
                    _ => kept
                        .validation
                        .is_some()
                        .then(|| kept_so_far(r, kept, c.criterion())),
                }
            })
        }),
    };
    view! {
        <section class="panel results" id="results" aria-labelledby="results-title">
            <h3 id="results-title">{move || shown.with(Shown::heading)}</h3>
            <dl class="scores">
                <Show when=has_truth fallback=move || view! {
                    <Score id="metric-recall" label=TestFigure::Recall.name() value=pu_score(|m| Some(m.recall))/>
                    <Score id="metric-u-positive" label=TestFigure::UPositiveShare.name() value=pu_score(|m| Some(m.u_positive_rate))/>
                    <Score id="metric-lee-liu" label=TestFigure::LeeLiu.name() value=pu_score(|m| m.lee_liu)/>
                    <Score id="metric-u-accuracy" label=TestFigure::UAccuracy.name() value=pu_score(|m| m.accuracy)/>
                }>
                    <Score id="metric-accuracy" label="accuracy" value=score(|t| t.accuracy)/>
                    <Score id="metric-roc-auc" label="ROC-AUC" value=score(|t| t.roc_auc)/>
                    <Score id="metric-pr-auc" label="PR-AUC" value=score(|t| t.pr_auc)/>
                </Show>
                <div class="score">
                    <dt>{move || if matches!(shown.get(), Shown::AutoModel(..)) {
                        "charted candidate's epochs"
                    } else {
                        "training epochs done"
                    }}</dt>
                    <dd>
                        // data-value counts every epoch report, pre-training included.
                        <span id="epochs-done" data-value=move || epochs_done.get().to_string()>
                            {training_progress}
                        </span>
                        <small class="hint" id="pretraining-done">{move || state.reports.with(|r| earlier_stages_note(r))}</small>
                    </dd>
                </div>
            </dl>
            <p class="latest" id="latest" aria-live="polite">{summary}</p>
            {move || kept().map(|text| view! { <p class="kept" id="kept">{text}</p> })}
            {move || pu.get().map(|m| view! { <p class="hint" id="no-truth-note">{m.summary()}</p> })}
        </section>
    }
}

/// A test set's scores in words: accuracy and AUCs, or the held-out
/// positives' recall where it has no negatives.
fn scores_in_words(test: &TestMetrics) -> String {
    let show = |v: Option<f64>| v.map_or("n/a".to_string(), |v| format!("{v:.3}"));
    match &test.pu {
        Some(pu) => format!(
            "recall {:.3} on {}",
            pu.recall,
            counted(pu.positives, "held-out positive")
        ),
        None => format!(
            "accuracy {}, ROC-AUC {}, PR-AUC {}",
            show(test.accuracy),
            show(test.roc_auc),
            show(test.pr_auc)
        ),
    }
}

/// Why `kept` is the epoch kept: "the best L-vs-U AUC on the PU validation
/// split", or why it is the last.
fn kept_because(kept: &EpochReport, criterion: Criterion) -> String {
    match (criterion, &kept.validation) {
        (_, None) => "the last: with no PU validation split, there is none to choose".to_string(),
        (Criterion::LastEpoch, _) => "the last, as the settings ask".to_string(),
        (c, Some(_)) => format!("the best {} on the PU validation split", c.label()),
    }
}

/// A sentence after the kept epoch's where its validation split chose it
/// on too few labeled rows to trust; else empty.
fn few_labeled_caution(kept: &EpochReport, criterion: Criterion) -> String {
    kept.validation
        .as_ref()
        .filter(|_| criterion != Criterion::LastEpoch)
        .and_then(ValidationScores::few_labeled_caution)
        .map_or_else(String::new, |caution| format!(" {caution}"))
}

/// While a run trains: the epoch its validation split has chosen so far
/// (named as `charted_epoch_name` names it among `reports`),
/// with its test scores where that epoch scored the test set.
fn kept_so_far(reports: &[EpochReport], kept: &EpochReport, criterion: Criterion) -> String {
    let scores = kept
        .scored_test()
        .map_or_else(String::new, |t| format!(": {}", scores_in_words(t)));
    format!(
        "Kept so far: {}, {}{scores}. Downloads and scoring use this epoch's classifier.{}",
        charted_epoch_name(reports, kept),
        kept_because(kept, criterion),
        few_labeled_caution(kept, criterion),
    )
}

/// Once a run of `config` has ended: the epoch it keeps, whose scores the
/// panel shows.
fn kept_for_good(reports: &[EpochReport], kept: &EpochReport, config: &RunConfig) -> String {
    format!(
        "Kept: {} of {}, {}; the scores above are its. Downloads and scoring use this epoch's \
         classifier.{}",
        charted_epoch_name(reports, kept),
        config.learner_label(),
        kept_because(kept, config.criterion()),
        few_labeled_caution(kept, config.criterion()),
    )
}

/// The note under the training epochs on the epochs of other stages
/// before them, each stage named: "+ 10 pre-train classifier epochs,
/// 10 pre-train policy epochs before"; empty without any.
fn earlier_stages_note(reports: &[EpochReport]) -> String {
    let mut stages: Vec<(Stage, usize)> = Vec::new();
    for report in reports.iter().filter(|r| !r.stage.is_own_training()) {
        match stages.last_mut() {
            Some((stage, count)) if *stage == report.stage => *count += 1,
            _ => stages.push((report.stage, 1)),
        }
    }
    if stages.is_empty() {
        return String::new();
    }
    let named: Vec<String> = stages
        .iter()
        .map(|&(stage, count)| counted(count, &format!("{} epoch", stage.label())))
        .collect();
    format!("+ {} before", named.join(", "))
}

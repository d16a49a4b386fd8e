//! The charts of values against epochs: one panel component, fed by a
//! series builder per chart (test metrics, losses, reward and threshold, how
//! U is seen).

use leptos::prelude::*;
use policypu::config::{PolicyConfig, RewardRule, VerdictThreshold};
use policypu::page::test_figure::TestFigure;
use policypu::report::{EpochReport, kept_report};
use policypu::selection::Criterion;

use super::epoch_series::{
    EPOCH_AXIS, charted_epoch_name, kept_charted_epoch, over_epochs, test_over_epochs,
};
use super::line_chart::{Band, LineChart, Series};
use super::series_style::SeriesStyle;
use crate::state::use_app_state;
use crate::views::panel::Panel;

/// A panel with one line chart over the epochs; redrawn once per report.
#[component]
pub fn EpochChart(
    /// The panel's id.
    id: &'static str,
    /// The panel's heading.
    title: &'static str,
    /// One sentence on what the chart shows.
    #[prop(into)]
    caption: Signal<String>,
    /// Id of the panel's teaching text (`crate::teach::texts`); empty: none.
    #[prop(optional)]
    explain: &'static str,
    /// Accessible title of the chart itself.
    chart_title: &'static str,
    /// The y axis title.
    y_title: &'static str,
    /// Fixed y range (scores and probabilities), or None to fit the data.
    #[prop(optional_no_strip)]
    y_range: Option<(f64, f64)>,
    /// What to draw: the chart's series from the epoch reports so far.
    series: impl Fn(&[EpochReport]) -> Vec<Series> + Copy + Send + Sync + 'static,
    /// Shaded pre-training epochs.
    #[prop(into)]
    bands: Signal<Vec<Band>>,
) -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| state.reports.with(|r| series(r)));
    view! {
        <Panel id title caption explain>
            <LineChart title=chart_title series x_title=EPOCH_AXIS y_title y_range
                epochs=true bands/>
        </Panel>
    }
}

/// Test accuracy, ROC-AUC and PR-AUC, each ringed at the epoch the run
/// keeps by `criterion`; without a truth column (held-out positives alone)
/// the figures that need no negative and lie between 0 and 1: the recall,
/// the share of U called positive and the accuracy on U the prior implies.
pub fn test_scores(r: &[EpochReport], criterion: Criterion) -> Vec<Series> {
    let kept = kept_charted_epoch(r, criterion);
    let lines = if without_truth(r) {
        [
            TestFigure::Recall,
            TestFigure::UPositiveShare,
            TestFigure::UAccuracy,
        ]
        .map(|f| (f.name(), f))
    } else {
        [
            ("accuracy", TestFigure::Accuracy),
            ("ROC-AUC", TestFigure::RocAuc),
            ("PR-AUC", TestFigure::PrAuc),
        ]
    };
    lines
        .into_iter()
        .zip(SeriesStyle::PALETTE)
        .map(|((name, figure), style)| {
            test_over_epochs(r, name, style, |t| figure.of(t)).keeping(kept)
        })
        .collect()
}

/// Whether the run tests on held-out positives alone (no truth column).
fn without_truth(reports: &[EpochReport]) -> bool {
    reports
        .iter()
        .filter_map(EpochReport::scored_test)
        .any(|t| t.pu.is_some())
}

/// The caption of the test-set chart; it says what the figures are without
/// a truth column, and when some epochs did not score the test set
/// (`auto`'s candidates).
pub fn test_caption(reports: &[EpochReport]) -> String {
    let what = if without_truth(reports) {
        "How the classifier does after each epoch on a test set of held-out labeled positives \
         (no truth column, so no negative): the share of them it recalls, the share of U it \
         calls positive, and the accuracy on U the class prior implies; a ring marks the epoch \
         the run keeps, and the legend gives its figures there; shaded epochs come before the \
         learner's main training (the band names the stage)."
    } else {
        "How well the classifier does on held-out test examples after each epoch; 1 is \
         perfect; a ring marks the epoch the run keeps, and the legend gives its scores there; \
         shaded epochs come before the learner's main training (the band names the stage)."
    };
    if reports.iter().any(|r| r.test_skipped) {
        format!(
            "{what} auto's candidates score the test set only after the epochs they keep (a new \
             best on the PU validation split) and after their last, so faint lines join those \
             points across the epochs not scored: the ranking never reads the test set, and scoring it every epoch would \
             take about as long as training."
        )
    } else {
        what.to_string()
    }
}

/// The PU-only scores on the validation split: the L-vs-U AUC and the call
/// gap, and the score that keeps the run's epoch (`criterion`) where it is
/// another; else, where the run has a class prior, the nnPU risk. Each is
/// ringed at the epoch kept.
pub fn validation_scores(r: &[EpochReport], criterion: Criterion) -> Vec<Series> {
    let [first, second, third] = SeriesStyle::PALETTE;
    let kept = kept_charted_epoch(r, criterion);
    let line = |c: Criterion, style| {
        over_epochs(r, c.label(), style, |e| {
            e.validation
                .as_ref()
                .and_then(|v| c.value(v))
                .map(|value| c.shown(value))
        })
        .keeping(kept)
    };
    let mut lines = vec![
        line(Criterion::LuAuc, first),
        line(Criterion::CallGap, second),
    ];
    let has_prior = r
        .iter()
        .any(|e| e.validation.as_ref().is_some_and(|v| v.prior.is_some()));
    let third_line = match criterion {
        Criterion::NnPuRisk
        | Criterion::UPuRisk
        | Criterion::ProxyAccuracy
        | Criterion::VariationalLoss => Some(criterion),
        _ if has_prior => Some(Criterion::NnPuRisk),
        _ => None,
    };
    lines.extend(third_line.map(|c| line(c, third)));
    lines
}

/// The caption of the validation chart: which epoch the run keeps so far.
pub fn validation_caption(reports: &[EpochReport], criterion: Criterion) -> String {
    let what = "Scores on PU validation rows set aside from the training data, with no negative, \
                after each epoch of the learner's own training.";
    match (criterion, kept_report(reports, criterion)) {
        (Criterion::LastEpoch, _) | (_, None) => {
            format!("{what} This run keeps its last epoch.")
        }
        (_, Some(kept)) => format!(
            "{what} This run keeps {}, its best {}: a ring marks it, and the legend gives the \
             scores there.",
            charted_epoch_name(reports, kept),
            criterion.label()
        ),
    }
}

/// The classifier's and (when there is one) the policy's mean loss.
pub fn losses(r: &[EpochReport]) -> Vec<Series> {
    let [first, second, _] = SeriesStyle::PALETTE;
    let mut lines = vec![over_epochs(r, "classifier loss", first, |e| {
        e.classifier_loss
    })];
    if r.iter().any(|e| e.policy_loss.is_some()) {
        lines.push(over_epochs(r, "policy loss", second, |e| e.policy_loss));
    }
    lines
}

/// policyPU's mean reward and threshold (eqs. 4 and 5).
pub fn reward_and_threshold(r: &[EpochReport]) -> Vec<Series> {
    let [first, _, third] = SeriesStyle::PALETTE;
    vec![
        over_epochs(r, "mean reward", first, |e| e.mean_reward),
        over_epochs(r, "threshold", third, |e| e.threshold),
    ]
}

/// The share of U on the right side of 0.5 (the paper's Fig. 5) and the
/// mean value on U's true positives and true negatives.
pub fn unlabeled_view(r: &[EpochReport]) -> Vec<Series> {
    let [first, _, _] = SeriesStyle::PALETTE;
    vec![
        over_epochs(r, "correct side of 0.5", first, |e| {
            e.unlabeled.as_ref().and_then(|u| u.correct_rate)
        }),
        over_epochs(r, "mean on true positives", SeriesStyle::POSITIVE, |e| {
            e.unlabeled.as_ref().and_then(|u| u.mean_on_positives)
        }),
        over_epochs(r, "mean on true negatives", SeriesStyle::NEGATIVE, |e| {
            e.unlabeled.as_ref().and_then(|u| u.mean_on_negatives)
        }),
    ]
}

/// The caption of the reward chart: the run's reward rule and verdict
/// threshold (the paper's eqs. 4–5 or the default's coherence reward).
pub fn reward_caption(policy: &PolicyConfig) -> String {
    let reward = match policy.reward {
        RewardRule::Paper => {
            "Reward (eq. 4): ŷ for labeled examples; for unlabeled ones ŷ at or above the \
             threshold, 1−ŷ below it."
        }
        RewardRule::Coherence => {
            "Reward (this app's default, not the paper's eq. 4): a·v + (1−a)·(1−v), how far the \
             action a agrees with the classifier's verdict v, which is 1 for labeled examples and, \
             for unlabeled ones, whether ŷ is at or above the threshold."
        }
    };
    let threshold = match policy.verdict_threshold {
        VerdictThreshold::Paper => {
            "The threshold is the mean ŷ over P and the confident part of U (eq. 5)."
        }
        VerdictThreshold::Half => "The threshold is 0.5.",
        VerdictThreshold::ElkanNoto => {
            "The threshold is half the mean ŷ over the mini-batch's labeled examples (Elkan and Noto)."
        }
        VerdictThreshold::Prior => {
            "The threshold calls the class prior's share of the mini-batch's unlabeled examples, \
             those with the highest ŷ, positive."
        }
        VerdictThreshold::TruePrior => {
            "The threshold calls the split's true share of positives among the mini-batch's \
             unlabeled examples, those with the highest ŷ, positive (an oracle)."
        }
    };
    format!("{reward} {threshold}")
}

/// The caption of the U chart, which depends on whether a policy exists.
pub fn unlabeled_caption(uses_policy: bool) -> String {
    if uses_policy {
        "The share of U the policy puts on the side of 0.5 of its true class (for the Separator, the \
         correct-assignment rate of its likelier action, close to the paper's Fig. 5), and its mean p(x) on U's true positives and true \
         negatives. During classifier pre-training the values are the classifier's ŷ."
            .to_string()
    } else {
        "The share of U the classifier puts on the side of 0.5 of its true class, and its mean ŷ on U's true \
         positives and true negatives (this learner has no policy)."
            .to_string()
    }
}

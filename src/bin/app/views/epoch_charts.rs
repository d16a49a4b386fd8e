//! The charts of values against epochs: test metrics, losses, reward and
//! threshold, and how U is seen.

use leptos::prelude::*;

use super::epoch_series::{EPOCH_AXIS, over_epochs};
use super::line_chart::{Band, LineChart};
use super::panel::Panel;
use super::series_style::SeriesStyle;
use crate::state::use_app_state;

/// Test accuracy, ROC-AUC and PR-AUC after each epoch.
#[component]
pub fn MetricsChart(
    /// Shaded pre-training epochs.
    #[prop(into)]
    bands: Signal<Vec<Band>>,
) -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        state.reports.with(|r| {
            let [first, second, third] = SeriesStyle::PALETTE;
            vec![
                over_epochs(r, "accuracy", first, |e| e.test.accuracy),
                over_epochs(r, "ROC-AUC", second, |e| e.test.roc_auc),
                over_epochs(r, "PR-AUC", third, |e| e.test.pr_auc),
            ]
        })
    });
    view! {
        <Panel id="panel-metrics" title="Test-set scores"
            caption="How well the classifier does on held-out test examples after each epoch; 1 is perfect, and shaded epochs are pre-training.">
            <LineChart title="Test accuracy, ROC-AUC and PR-AUC" series x_title=EPOCH_AXIS
                y_title="score" y_range=(0.0, 1.0) epochs=true bands/>
        </Panel>
    }
}

/// The classifier's and the policy's mean loss per epoch.
#[component]
pub fn LossChart(
    /// Shaded pre-training epochs.
    #[prop(into)]
    bands: Signal<Vec<Band>>,
) -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        state.reports.with(|r| {
            let [first, second, _] = SeriesStyle::PALETTE;
            let mut lines = vec![over_epochs(r, "classifier loss", first, |e| {
                e.classifier_loss
            })];
            if r.iter().any(|e| e.policy_loss.is_some()) {
                lines.push(over_epochs(r, "policy loss", second, |e| e.policy_loss));
            }
            lines
        })
    });
    view! {
        <Panel id="panel-losses" title="Training losses"
            caption="The mean loss over each epoch's mini-batches: lower means the network fits its training targets better.">
            <LineChart title="Classifier and policy loss" series x_title=EPOCH_AXIS
                y_title="mean loss" epochs=true bands/>
        </Panel>
    }
}

/// policyPU's mean reward and threshold per epoch (eqs. 4 and 5).
#[component]
pub fn RewardChart(
    /// Shaded pre-training epochs.
    #[prop(into)]
    bands: Signal<Vec<Band>>,
) -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        state.reports.with(|r| {
            let [first, _, third] = SeriesStyle::PALETTE;
            vec![
                over_epochs(r, "mean reward", first, |e| e.mean_reward),
                over_epochs(r, "threshold", third, |e| e.threshold),
            ]
        })
    });
    view! {
        <Panel id="panel-reward" title="Reward and threshold"
            caption="Reward: ŷ for labeled examples; for unlabeled ones ŷ above the threshold, 1−ŷ below it (eq. 4). The threshold is the mean ŷ over P and the confident part of U (eq. 5).">
            <LineChart title="Mean reward and threshold" series x_title=EPOCH_AXIS
                y_title="value" y_range=(0.0, 1.0) epochs=true bands/>
        </Panel>
    }
}

/// How U is seen after each epoch: the share on the right side of 0.5 (the
/// paper's Fig. 5) and the mean value on U's true positives and negatives.
#[component]
pub fn UnlabeledChart(
    /// Shaded pre-training epochs.
    #[prop(into)]
    bands: Signal<Vec<Band>>,
) -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        state.reports.with(|r| {
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
        })
    });
    let caption = Signal::derive(move || {
        let policy = state
            .run_config
            .with(|c| c.as_ref().is_some_and(|c| c.learner.uses_policy()));
        if policy {
            "The share of U the policy puts on the side of 0.5 of its true class (for the Separator, \
             the correct-assignment rate of the paper's Fig. 5), and its mean p(x) on U's true positives \
             and true negatives. During classifier pre-training the values are the classifier's ŷ."
                .to_string()
        } else {
            "The share of U the classifier puts on the side of 0.5 of its true class, and its mean ŷ on \
             U's true positives and true negatives (this learner has no policy)."
                .to_string()
        }
    });
    view! {
        <Panel id="panel-unlabeled" title="How U is sorted" caption>
            <LineChart title="Correct-side rate and class means on the unlabeled set" series
                x_title=EPOCH_AXIS y_title="share / mean value" y_range=(0.0, 1.0) epochs=true bands/>
        </Panel>
    }
}

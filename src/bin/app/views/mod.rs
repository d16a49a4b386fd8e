//! Live views of a run: the latest scores, metric curves over the epochs,
//! ROC and PR curves, the values on U as a histogram and as a grid of
//! thumbnails. Everything is derived per epoch report, never per mini-batch.

mod auto_board;
mod charts;
mod comparison;
mod empty_state;
pub mod notes;
mod on_screen;
mod panel;
mod results;
mod run_metrics;
mod run_style;
mod shown_epoch;
mod staged_reveal;
pub mod table_scroll;
mod thumbnails;
mod value_name;

use leptos::prelude::*;
use policypu::config::DataConfig;
use policypu::page::lessons::Part;
use policypu::report::{EpochReport, latest_scored};
use policypu::selection::Criterion;

use crate::state::{shows, use_app_state};
use auto_board::AutoBoardPanel;
use charts::bar_fill::BarPatterns;
use charts::curve_charts::{PrChart, RocChart};
use charts::epoch_charts::{
    EpochChart, losses, reward_and_threshold, reward_caption, test_caption, test_scores,
    unlabeled_caption, unlabeled_view, validation_caption, validation_scores,
};
use charts::epoch_series::pretraining_bands;
use charts::histogram::ValueHistogram;
use charts::scatter::UnlabeledScatter;
use comparison::ComparisonPanel;
use empty_state::EmptyState;
use results::ResultsPanel;
use staged_reveal::StagedReveal;
use thumbnails::grid::ThumbnailGrid;
use thumbnails::image_pixels::ImageSize;

/// How many chart panels the grid below can hold (some are hidden by the
/// lesson or the data): the staged reveal counts up to this.
const CHART_PANELS: usize = 9;

/// All views of the current run: the results panel, then a grid of chart
/// panels once the first epoch has been reported.
///
/// The first time reports arrive, the panels appear one per task
/// ([`StagedReveal`]) rather than all at once: building every chart in the
/// task that handles the first report took 60–90 ms on 2 cores (the page's
/// wasm compiles each view's code on first use).
#[component]
pub fn TrainingViews() -> impl IntoView {
    let state = use_app_state();
    let bands = Memo::new(move |_| state.reports.with(|r| pretraining_bands(r)));
    let has_reports = move || state.reports.with(|r| !r.is_empty());
    let reveal = StagedReveal::new(CHART_PANELS, has_reports);
    let uses_policy = move || {
        state
            .run_config
            .with(|c| c.as_ref().is_some_and(|c| c.learner.uses_policy()))
    };
    let truth_known = move || {
        state
            .started
            .with(|s| s.as_ref().is_some_and(|s| s.unlabeled_truth.is_some()))
    };
    // A test set of one class (held-out positives without a truth column,
    // or a draw of one class with one) has no curves to draw (the results
    // panel and the split's note say so).
    let test_has_both_classes = move || {
        state
            .reports
            .with(|r| latest_scored(r).is_none_or(|last| last.test.roc_auc.is_some()))
    };
    // The rule that keeps the run's epoch (none before a run starts).
    let kept_by = move || {
        state
            .run_config
            .with(|c| c.as_ref().map_or(Criterion::LastEpoch, |c| c.criterion()))
    };
    let has_validation = move || {
        state
            .reports
            .with(|r| r.iter().any(|rep| rep.validation.is_some()))
    };
    let has_projection = move || {
        state
            .started
            .with(|s| s.as_ref().is_some_and(|s| s.unlabeled_projection.is_some()))
    };
    let has_images = move || {
        let builtin = state.run_config.with(|c| {
            c.as_ref()
                .is_some_and(|c| matches!(c.data, DataConfig::Builtin { .. }))
        });
        builtin
            && state
                .images
                .with(|d| d.as_ref().is_some_and(|d| ImageSize::of(d.shape).is_some()))
    };
    view! {
        <div class="training-views">
            <BarPatterns/>
            <ResultsPanel/>
            <Show when=move || state.auto.with(Option::is_some)>
                <AutoBoardPanel/>
            </Show>
            <Show when=move || !state.runs.with(Vec::is_empty) && shows(state, Part::Comparison)>
                <ComparisonPanel/>
            </Show>
            <Show when=has_reports fallback=|| view! { <EmptyState/> }>
                <div class="views">
                    <Show when=move || reveal.includes(0) && shows(state, Part::Metrics)>
                        <EpochChart id="panel-metrics" title="Test-set scores" explain="metrics" bands series=move |r: &[EpochReport]| test_scores(r, kept_by())
                        caption=Signal::derive(move || state.reports.with(|r| test_caption(r)))
                        chart_title="Test-set scores over the epochs" y_title="score" y_range=Some((0.0, 1.0))/>
                    </Show>
                    <Show when=move || reveal.includes(8) && has_validation() && shows(state, Part::Metrics)>
                        <EpochChart id="panel-validation" title="Validation on PU data" explain="validation" bands series=move |r: &[EpochReport]| validation_scores(r, kept_by())
                            caption=Signal::derive(move || state.reports.with(|r| validation_caption(r, kept_by())))
                            chart_title="PU-only scores on the validation split" y_title="score"/>
                    </Show>
                    <Show when=move || reveal.includes(1) && shows(state, Part::Losses)>
                        <EpochChart id="panel-losses" title="Training losses" explain="losses" bands series=losses
                        caption="The mean loss over each epoch's mini-batches: lower means the network fits its training targets better. A policy's loss changes objective where its pre-training ends (a cross-entropy, then the policy-gradient surrogate, which can fall below zero), so its jump there is not learning."
                        chart_title="Classifier and policy loss" y_title="mean loss"/>
                    </Show>
                    <Show when=move || reveal.includes(2) && uses_policy() && shows(state, Part::Reward)>
                        <EpochChart id="panel-reward" title="Reward and threshold" explain="reward" bands series=reward_and_threshold
                            caption=Signal::derive(move || state.run_config.with(|c| c.as_ref().map(|c| reward_caption(&c.policy)).unwrap_or_default()))
                            chart_title="Mean reward and threshold" y_title="value" y_range=Some((0.0, 1.0))/>
                    </Show>
                    <Show when=move || reveal.includes(3) && truth_known() && shows(state, Part::Unlabeled)>
                        <EpochChart id="panel-unlabeled" title="How U is sorted" explain="unlabeled" bands series=unlabeled_view
                            caption=Signal::derive(move || unlabeled_caption(uses_policy()))
                            chart_title="Correct-side rate and class means on the unlabeled set"
                            y_title="share / mean value" y_range=Some((0.0, 1.0))/>
                    </Show>
                    <Show when=move || reveal.includes(4) && test_has_both_classes() && shows(state, Part::Curves)>
                        <RocChart/>
                        <PrChart/>
                    </Show>
                    <Show when=move || reveal.includes(5) && shows(state, Part::Histogram)>
                        <ValueHistogram/>
                    </Show>
                    <Show when=move || reveal.includes(6) && has_projection() && shows(state, Part::Scatter)>
                        <UnlabeledScatter/>
                    </Show>
                    <Show when=move || reveal.includes(7) && has_images() && shows(state, Part::Thumbnails)>
                        <ThumbnailGrid bands/>
                    </Show>
                </div>
            </Show>
        </div>
    }
}

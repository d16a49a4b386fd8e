//! The selected unlabeled example, enlarged: its image, its true class, its
//! latest value, and the value's history over the epochs.

use leptos::html::Canvas;
use leptos::prelude::*;
use policypu::config::DataConfig;

use super::canvas::{context_2d, log_failure, put_rgba};
use super::image_pixels::ImageSize;
use crate::state::{AppState, use_app_state};
use crate::views::charts::epoch_series::EPOCH_AXIS;
use crate::views::charts::line_chart::{Band, LineChart, Series};
use crate::views::charts::series_style::SeriesStyle;
use crate::views::value_name::ValueName;

/// Row in the training images of U example `index`, when it has one.
fn source_row(state: AppState, index: usize) -> Option<usize> {
    let row = state.started.with(|s| {
        s.as_ref()
            .and_then(|s| s.unlabeled_sources.get(index).copied())
    })? as usize;
    state
        .images
        .with(|d| d.as_ref().is_some_and(|d| row < d.len()))
        .then_some(row)
}

/// "positive, class “4”": the true class of U example `index` in words.
fn class_in_words(state: AppState, index: usize) -> String {
    let positive = state.started.with(|s| {
        s.as_ref()
            .and_then(|s| s.unlabeled_truth.as_ref())
            .and_then(|t| t.get(index).copied())
    });
    let class_name = source_row(state, index).and_then(|row| {
        let class = state
            .images
            .with(|d| d.as_ref().and_then(|d| d.classes.get(row).copied()))?;
        state
            .run_config
            .with(|c| match c.as_ref().map(|c| &c.data) {
                Some(DataConfig::Builtin { dataset, .. }) => dataset
                    .class_names()
                    .get(class as usize)
                    .map(|n| n.to_string()),
                _ => None,
            })
    });
    let side = match positive {
        Some(true) => "▲ positive",
        Some(false) => "□ negative",
        None => "not known",
    };
    match class_name {
        Some(name) => format!("{side}, class “{name}”"),
        None => side.to_string(),
    }
}

/// Details of the example in `selected`, or a hint on how to pick one.
#[component]
pub fn ExampleDetail(
    /// Shaded pre-training epochs on the history chart.
    #[prop(into)]
    bands: Signal<Vec<Band>>,
) -> impl IntoView {
    let state = use_app_state();
    let canvas = NodeRef::<Canvas>::new();
    Effect::new(move |_| {
        let (Some(canvas), Some(index)) = (canvas.get(), state.selected.get()) else {
            return;
        };
        let Some(row) = source_row(state, index) else {
            return;
        };
        state.images.with(|d| {
            let Some((size, images)) = d
                .as_ref()
                .and_then(|d| ImageSize::of(d.shape).map(|size| (size, d)))
            else {
                return;
            };
            canvas.set_width(size.width as u32);
            canvas.set_height(size.height as u32);
            let drawn = context_2d(&canvas).and_then(|context| {
                put_rgba(
                    &context,
                    &size.rgba(images.example(row)),
                    size.width,
                    size.height,
                )
            });
            if let Err(error) = drawn {
                log_failure("The selected example", &error);
            }
        });
    });
    let series = Memo::new(move |_| {
        let Some(index) = state.selected.get() else {
            return Vec::new();
        };
        state.history.with(|h| {
            let values = h.iter().map(|epoch| epoch.get(index).map(|&v| v as f64));
            vec![
                Series::per_epoch("this example", SeriesStyle::PALETTE[0], values),
                Series::line(
                    "0.5: undecided",
                    SeriesStyle::REFERENCE,
                    [(1.0, 0.5), (h.len().max(1) as f64, 0.5)],
                ),
            ]
        })
    });
    let name = Memo::new(move |_| state.reports.with(|r| ValueName::of_latest(r)));
    let has_selection = move || state.selected.with(Option::is_some);
    let heading = move || {
        state
            .selected
            .get()
            .map(|i| format!("Unlabeled example {}", i + 1))
    };
    let class_text = move || state.selected.get().map(|i| class_in_words(state, i));
    let latest = move || {
        let index = state.selected.get()?;
        let value = state.history.with(|h| h.last()?.get(index).copied())?;
        Some(format!("{} now: {value:.3}", name.get().symbol))
    };
    view! {
        <div class="example-detail" id="example-detail">
            <div class="example-facts" aria-live="polite">
                <Show when=has_selection fallback=|| view! {
                    <p class="hint">
                        "Click a thumbnail, or focus the grid and use the arrow keys and Enter, to see one example here."
                    </p>
                }>
                    <h4>{heading}</h4>
                    <p class="truth">"True class: " {class_text}</p>
                    <p class="value">{latest}</p>
                </Show>
            </div>
            <canvas node_ref=canvas class="enlarged" hidden=move || !has_selection()
                role="img" aria-label="The selected example, enlarged"></canvas>
            <Show when=has_selection>
                <LineChart title="Value history of the selected example" series x_title=EPOCH_AXIS
                    y_title="value (1 = positive)" y_range=Some((0.0, 1.0)) epochs=true bands/>
            </Show>
        </div>
    }
}

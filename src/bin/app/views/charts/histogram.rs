//! A histogram of the latest values on U, split by true class when it is
//! known: true positives as solid bars, true negatives as hatched ones, side
//! by side in each bin.

use leptos::prelude::*;

use super::axes::{Axes, Axis, PlotFrame};
use super::bar_fill::BarFill;
use super::legend::{Legend, LegendEntry, Swatch};
use crate::state::use_app_state;
use crate::views::panel::Panel;
use crate::views::value_name::ValueName;

/// Bins over [0, 1].
const BINS: usize = 20;

/// The examples of one class, binned.
#[derive(Clone, Debug, PartialEq)]
struct Group {
    /// How its bars look.
    fill: BarFill,
    /// Who they are ("true positives").
    label: &'static str,
    /// Examples per bin.
    counts: [usize; BINS],
    /// Examples in all.
    total: usize,
    /// Mean value.
    mean: f64,
}

impl Group {
    /// `values` binned.
    fn of(fill: BarFill, label: &'static str, values: impl Iterator<Item = f32>) -> Self {
        let mut counts = [0; BINS];
        let mut sum = 0.0;
        for v in values.filter(|v| v.is_finite()) {
            counts[((v.clamp(0.0, 1.0) * BINS as f32) as usize).min(BINS - 1)] += 1;
            sum += v as f64;
        }
        let total = counts.iter().sum();
        Group {
            fill,
            label,
            counts,
            total,
            mean: sum / total.max(1) as f64,
        }
    }
}

/// The latest values on U, one group per true class (or one group when unknown).
fn groups_of(values: &[f32], truth: Option<&[bool]>) -> Vec<Group> {
    let Some(truth) = truth else {
        return vec![Group::of(
            BarFill::Unknown,
            "unlabeled examples",
            values.iter().copied(),
        )];
    };
    let of_class = |class: bool| {
        values
            .iter()
            .zip(truth)
            .filter(move |(_, t)| **t == class)
            .map(|(v, _)| *v)
    };
    vec![
        Group::of(BarFill::Positive, "true positives", of_class(true)),
        Group::of(BarFill::Negative, "true negatives", of_class(false)),
    ]
}

/// How the latest values on U are spread, per true class.
#[component]
pub fn ValueHistogram() -> impl IntoView {
    let state = use_app_state();
    let groups = Memo::new(move |_| {
        state.history.with(|h| {
            let values = h.last().map_or(&[][..], Vec::as_slice);
            state.started.with(|s| {
                groups_of(
                    values,
                    s.as_ref().and_then(|s| s.unlabeled_truth.as_deref()),
                )
            })
        })
    });
    let name = Memo::new(move |_| state.reports.with(|r| ValueName::of_latest(r)));
    let truth_known = move || {
        state
            .started
            .with(|s| s.as_ref().is_some_and(|s| s.unlabeled_truth.is_some()))
    };
    let caption = Signal::derive(move || {
        let symbol = name.get().symbol;
        if truth_known() {
            format!(
                "How many unlabeled examples have each value of {symbol} now (solid: true \
                 positives, hatched: true negatives). The further apart the two piles, the better \
                 U is sorted."
            )
        } else {
            format!(
                "How many unlabeled examples have each value of {symbol} now. The file has no truth \
                 column, so U's true classes are unknown and cannot be shown apart."
            )
        }
    });
    let frame = PlotFrame::WIDE;
    let chart = move || {
        let groups = groups.get();
        let name = name.get();
        let highest = groups.iter().flat_map(|g| g.counts).max().unwrap_or(0);
        let x = Axis::fixed((0.0, 1.0), frame.x_span(), 0.0, name.title);
        let y = Axis::fitted(
            (0.0, highest.max(1) as f64),
            frame.y_span(),
            1.0,
            "examples",
        );
        let bin_width = (x.scale.at(1.0) - x.scale.at(0.0)) / BINS as f64;
        let bar_width = (bin_width - 2.0) / groups.len().max(1) as f64;
        let bars = groups
            .iter()
            .enumerate()
            .flat_map(|(g, group)| {
                let (x, y) = (&x, &y);
                group.counts.iter().enumerate().filter(|(_, n)| **n > 0).map(move |(bin, &n)| {
                    let left = x.scale.at(bin as f64 / BINS as f64) + 1.0 + g as f64 * bar_width;
                    let top = y.scale.at(n as f64);
                    let tip = format!(
                        "{:.2}–{:.2}: {n} {}",
                        bin as f64 / BINS as f64,
                        (bin + 1) as f64 / BINS as f64,
                        group.label
                    );
                    view! {
                        <rect class="bar" x=left y=top width=bar_width height=y.scale.at(0.0) - top
                            style=group.fill.css()>
                            <title>{tip}</title>
                        </rect>
                    }
                })
            })
            .collect_view();
        let middle = x.scale.at(0.5);
        let (bottom, top) = frame.y_span();
        let description = format!(
            "Histogram of the {} on the unlabeled set: {}.",
            name.title,
            groups
                .iter()
                .map(|g| format!("{} {}, mean {:.2}", g.total, g.label, g.mean))
                .collect::<Vec<_>>()
                .join("; ")
        );
        let entries = groups
            .iter()
            .map(|g| LegendEntry {
                label: format!("{} ({}, mean {:.2})", g.label, g.total, g.mean),
                swatch: Swatch::Bar(g.fill),
            })
            .collect();
        let aria_label = description.clone();
        view! {
            <figure class="chart">
                <svg viewBox=frame.view_box() role="img" aria-label=aria_label>
                    <title>{description}</title>
                    <Axes frame x y/>
                    {bars}
                    <line class="boundary" x1=middle x2=middle y1=top y2=bottom/>
                </svg>
                <Legend entries/>
            </figure>
        }
    };
    view! {
        <Panel id="panel-histogram" title="Values on U now" caption explain="histogram">
            {chart}
        </Panel>
    }
}

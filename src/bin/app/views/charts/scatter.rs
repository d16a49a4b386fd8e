//! Tabular data's view of U: every unlabeled example at its place on the
//! first two principal axes of the features (computed in the core), filled
//! by the latest value on U (the policy's action, or the classifier's ŷ),
//! shaped by its true class where known.

use leptos::prelude::*;

use super::axes::{Axes, Axis, PlotFrame};
use super::colour_scale::{css_gradient, css_rgb, value_colour};
use crate::state::use_app_state;
use crate::views::panel::Panel;
use crate::views::value_name::ValueName;

/// Points drawn at most (evenly spaced over U), to keep the page quick.
const MAX_POINTS: usize = 2500;

/// One drawn point.
#[derive(Clone, Debug, PartialEq)]
struct Point {
    x: f64,
    y: f64,
    fill: String,
    truth: Option<bool>,
}

/// A triangle for positives, a square for negatives, a circle when unknown.
fn marker(p: &Point, x: f64, y: f64) -> impl IntoView + use<> {
    let fill = p.fill.clone();
    match p.truth {
        Some(true) => view! {
            <path d=format!("M{x:.1},{:.1}L{:.1},{:.1}L{:.1},{:.1}Z", y - 4.0, x + 4.0, y + 3.0, x - 4.0, y + 3.0)
                fill=fill class="point positive"/>
        }
        .into_any(),
        Some(false) => view! {
            <rect x=x - 3.0 y=y - 3.0 width="6" height="6" fill=fill class="point negative"/>
        }
        .into_any(),
        None => view! { <circle cx=x cy=y r="3" fill=fill class="point"/> }.into_any(),
    }
}

fn extent(values: impl Iterator<Item = f64>) -> (f64, f64) {
    let (lo, hi) = values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if lo.is_finite() && hi > lo {
        (lo, hi)
    } else {
        (-1.0, 1.0)
    }
}

/// The scatter panel (shown for tabular runs).
#[component]
pub fn UnlabeledScatter() -> impl IntoView {
    let state = use_app_state();
    let name = Memo::new(move |_| state.reports.with(|r| ValueName::of_latest(r)));
    let points = Memo::new(move |_| {
        let latest = state.history.with(|h| h.last().cloned());
        state.started.with(|s| {
            let s = s.as_ref()?;
            let projection = s.unlabeled_projection.as_ref()?;
            let stride = projection.len().div_ceil(MAX_POINTS).max(1);
            Some(
                projection
                    .iter()
                    .enumerate()
                    .step_by(stride)
                    .map(|(i, [x, y])| Point {
                        x: *x as f64,
                        y: *y as f64,
                        fill: latest
                            .as_ref()
                            .and_then(|v| v.get(i))
                            .map_or("#b0b4ba".to_string(), |v| css_rgb(value_colour(*v))),
                        truth: s.unlabeled_truth.as_ref().and_then(|t| t.get(i).copied()),
                    })
                    .collect::<Vec<_>>(),
            )
        })
    });
    let chart = move || {
        let points = points.get()?;
        let frame = PlotFrame::SQUARE;
        let x = Axis::fitted(
            extent(points.iter().map(|p| p.x)),
            frame.x_span(),
            0.0,
            "first principal axis",
        );
        let y = Axis::fitted(
            extent(points.iter().map(|p| p.y)),
            frame.y_span(),
            0.0,
            "second principal axis",
        );
        let description = format!(
            "Scatter of {} unlabeled examples on the first two principal axes, coloured by the {}.",
            points.len(),
            name.get().title
        );
        let marks = points
            .iter()
            .map(|p| marker(p, x.scale.at(p.x), y.scale.at(p.y)))
            .collect_view();
        let aria_label = description.clone();
        Some(view! {
            <figure class="chart scatter">
                <svg viewBox=frame.view_box() role="img" aria-label=aria_label
                    id="unlabeled-scatter" data-points=points.len().to_string()>
                    <title>{description}</title>
                    <Axes frame x y/>
                    <g class="points">{marks}</g>
                </svg>
            </figure>
        })
    };
    let caption = Signal::derive(move || {
        format!(
            "Each unlabeled example on the two directions in which the features vary most; fill: its {} \
             (blue 1 positive, orange 0 negative); ▲ true positive, ■ true negative, ● unknown.",
            name.get().symbol
        )
    });
    view! {
        <Panel id="panel-scatter" title="U in two dimensions" caption explain="scatter" wide=true>
            <div class="colour-key" aria-hidden="true">
                <span>"0 negative"</span>
                <span class="ramp" style=format!("background: {}", css_gradient())></span>
                <span>"1 positive"</span>
                <span>"▲ true positive"</span>
                <span>"■ true negative"</span>
            </div>
            {chart}
        </Panel>
    }
}

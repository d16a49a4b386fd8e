//! The latest ROC and precision-recall curves of the test set, on square
//! plots with the chance line for comparison.

use leptos::prelude::*;
use policypu::metrics::CurvePoint;
use policypu::report::latest_scored;

use super::line_chart::{LineChart, Series};
use super::series_style::SeriesStyle;
use crate::state::use_app_state;
use crate::views::panel::Panel;

/// The unit interval, both axes of both curves.
const UNIT: (f64, f64) = (0.0, 1.0);

/// The curve as a series named with its area, or nothing when undefined.
fn curve_series(name: &str, area: Option<f64>, curve: &[CurvePoint]) -> Option<Series> {
    let name = match area {
        Some(area) => format!("{name} (area {area:.3})"),
        None => name.to_string(),
    };
    (!curve.is_empty()).then(|| {
        Series::line(
            name,
            SeriesStyle::PALETTE[0],
            curve.iter().map(|p| (p.x, p.y)),
        )
    })
}

/// The latest ROC curve against the diagonal of random ranking.
#[component]
pub fn RocChart() -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        state.reports.with(|r| {
            let chance = Series::line(
                "chance (random ranking)",
                SeriesStyle::REFERENCE,
                [(0.0, 0.0), (1.0, 1.0)],
            );
            latest_scored(r)
                .and_then(|last| curve_series("ROC curve", last.test.roc_auc, &last.curves.roc))
                .into_iter()
                .chain([chance])
                .collect::<Vec<_>>()
        })
    });
    view! {
        <Panel id="panel-roc" title="ROC curve" explain="roc"
            caption="At every threshold on ŷ: the share of test negatives wrongly called positive (x) against the share of test positives found (y). Closer to the top-left corner is better.">
            <LineChart title="Latest ROC curve of the test set" series x_title="false-positive rate"
                y_title="true-positive rate" x_range=Some(UNIT) y_range=Some(UNIT) square=true/>
        </Panel>
    }
}

/// The latest precision-recall curve against the precision of guessing.
#[component]
pub fn PrChart() -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        state.reports.with(|r| {
            let Some(last) = latest_scored(r) else {
                return Vec::new();
            };
            // At recall 1 everything is called positive: precision is the share of positives.
            let chance = last.curves.pr.last().map(|p| {
                Series::line(
                    format!("chance (share of positives, {:.2})", p.y),
                    SeriesStyle::REFERENCE,
                    [(0.0, p.y), (1.0, p.y)],
                )
            });
            curve_series("PR curve", last.test.pr_auc, &last.curves.pr)
                .into_iter()
                .chain(chance)
                .collect()
        })
    });
    view! {
        <Panel id="panel-pr" title="Precision-recall curve" explain="pr"
            caption="At every threshold on ŷ: the share of test positives found (x) against the share of examples called positive that really are (y). Higher is better.">
            <LineChart title="Latest precision-recall curve of the test set" series x_title="recall"
                y_title="precision" x_range=Some(UNIT) y_range=Some(UNIT) square=true/>
        </Panel>
    }
}

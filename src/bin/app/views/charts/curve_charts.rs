//! The ROC and precision-recall curves of the test set, on square plots
//! with the chance line for comparison: the latest epoch's while a run
//! trains, the kept epoch's once it has ended (`shown_epoch`).

use leptos::prelude::*;
use policypu::metrics::CurvePoint;

use super::line_chart::{LineChart, Series};
use super::series_style::SeriesStyle;
use crate::state::use_app_state;
use crate::views::panel::Panel;
use crate::views::shown_epoch::{ShownEpoch, kept_by, shown_epoch};

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

/// The shown epoch's ROC curve against the diagonal of random ranking.
#[component]
pub fn RocChart() -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        let kept_by = kept_by(state);
        state.reports.with(|r| {
            let chance = Series::line(
                "chance (random ranking)",
                SeriesStyle::REFERENCE,
                [(0.0, 0.0), (1.0, 1.0)],
            );
            shown_epoch(r, kept_by)
                .as_ref()
                .map(ShownEpoch::report)
                .and_then(|e| curve_series("ROC curve", e.test.roc_auc, &e.curves.roc))
                .into_iter()
                .chain([chance])
                .collect::<Vec<_>>()
        })
    });
    view! {
        <Panel id="panel-roc" title="ROC curve" explain="roc"
            caption="At every threshold on ŷ: the share of test negatives wrongly called positive (x) against the share of test positives found (y). Closer to the top-left corner is better. Once the run ends, the kept epoch's curve.">
            <LineChart title="ROC curve of the test set" series x_title="false-positive rate"
                y_title="true-positive rate" x_range=Some(UNIT) y_range=Some(UNIT) square=true/>
        </Panel>
    }
}

/// The shown epoch's precision-recall curve against the precision of guessing.
#[component]
pub fn PrChart() -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        let kept_by = kept_by(state);
        state.reports.with(|r| {
            let Some(shown) = shown_epoch(r, kept_by).as_ref().map(ShownEpoch::report) else {
                return Vec::new();
            };
            // At recall 1 everything is called positive: precision is the share of positives.
            let chance = shown.curves.pr.last().map(|p| {
                Series::line(
                    format!("chance (share of positives, {:.2})", p.y),
                    SeriesStyle::REFERENCE,
                    [(0.0, p.y), (1.0, p.y)],
                )
            });
            curve_series("PR curve", shown.test.pr_auc, &shown.curves.pr)
                .into_iter()
                .chain(chance)
                .collect()
        })
    });
    view! {
        <Panel id="panel-pr" title="Precision-recall curve" explain="pr"
            caption="At every threshold on ŷ: the share of test positives found (x) against the share of examples called positive that really are (y). Higher is better. Once the run ends, the kept epoch's curve.">
            <LineChart title="Precision-recall curve of the test set" series x_title="recall"
                y_title="precision" x_range=Some(UNIT) y_range=Some(UNIT) square=true/>
        </Panel>
    }
}

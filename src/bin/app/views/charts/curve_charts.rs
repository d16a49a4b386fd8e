//! The ROC and precision-recall curves of the test set, on square plots
//! with the chance line for comparison: the latest epoch's while a run
//! trains, the kept epoch's once it has ended, and auto's mean's where the
//! charts stand in for it (`shown_epoch::shown_curves`).

use leptos::prelude::*;
use policypu::metrics::CurvePoint;

use super::line_chart::{LineChart, Series};
use super::series_style::SeriesStyle;
use crate::state::use_app_state;
use crate::views::panel::Panel;
use crate::views::shown_epoch::shown_curves;

/// The unit interval, both axes of both curves.
const UNIT: (f64, f64) = (0.0, 1.0);

/// Under the ROC chart.
const CAPTION_ROC: &str = "At every threshold on ŷ: the share of test negatives wrongly called positive (x) against the share of test positives found (y). Closer to the top-left corner is better. Once the run ends, the kept epoch's curve; after auto, the mean's where the leaderboard shows the mean.";

/// Under the precision-recall chart.
const CAPTION_PR: &str = "At every threshold on ŷ: the share of test positives found (x) against the share of examples called positive that really are (y). Higher is better. Once the run ends, the kept epoch's curve; after auto, the mean's where the leaderboard shows the mean.";

/// The curve as a series named with its area (and as auto's mean's where it
/// is), or nothing when undefined.
fn curve_series(
    name: &str,
    of_the_mean: bool,
    area: Option<f64>,
    curve: &[CurvePoint],
) -> Option<Series> {
    let name = if of_the_mean {
        format!("auto's mean: {name}")
    } else {
        name.to_string()
    };
    let name = match area {
        Some(area) => format!("{name} (area {area:.3})"),
        None => name,
    };
    (!curve.is_empty()).then(|| {
        Series::line(
            name,
            SeriesStyle::PALETTE[0],
            curve.iter().map(|p| (p.x, p.y)),
        )
    })
}

/// The shown ROC curve against the diagonal of random ranking.
#[component]
pub fn RocChart() -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        let chance = Series::line(
            "chance (random ranking)",
            SeriesStyle::REFERENCE,
            [(0.0, 0.0), (1.0, 1.0)],
        );
        shown_curves(state)
            .and_then(|c| curve_series("ROC curve", c.of_the_mean, c.test.roc_auc, &c.curves.roc))
            .into_iter()
            .chain([chance])
            .collect::<Vec<_>>()
    });
    view! {
        <Panel id="panel-roc" title="ROC curve" explain="roc"
            caption=CAPTION_ROC>
            <LineChart title="ROC curve of the test set" series x_title="false-positive rate"
                y_title="true-positive rate" x_range=Some(UNIT) y_range=Some(UNIT) square=true/>
        </Panel>
    }
}

/// The shown precision-recall curve against the precision of guessing.
#[component]
pub fn PrChart() -> impl IntoView {
    let state = use_app_state();
    let series = Memo::new(move |_| {
        let Some(shown) = shown_curves(state) else {
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
        curve_series(
            "PR curve",
            shown.of_the_mean,
            shown.test.pr_auc,
            &shown.curves.pr,
        )
        .into_iter()
        .chain(chance)
        .collect()
    });
    view! {
        <Panel id="panel-pr" title="Precision-recall curve" explain="pr"
            caption=CAPTION_PR>
            <LineChart title="Precision-recall curve of the test set" series x_title="recall"
                y_title="precision" x_range=Some(UNIT) y_range=Some(UNIT) square=true/>
        </Panel>
    }
}

//! A chart's legend: a sample of each series' look beside its name, as HTML
//! text so that it wraps and reads out.

use leptos::prelude::*;

use super::bar_fill::BarFill;
use super::series_style::{SeriesStyle, marker_at};

/// What a legend entry's sample looks like.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Swatch {
    /// A short stretch of a line with its marker.
    Line(SeriesStyle),
    /// A patch of a bar's fill.
    Bar(BarFill),
    /// A patch of a shaded x band (the darker shade when `alternate`).
    Band {
        /// The shade of every other band.
        alternate: bool,
    },
}

/// One line of a legend.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendEntry {
    /// What the series is.
    pub label: String,
    /// Its look.
    pub swatch: Swatch,
}

/// A row of legend entries.
#[component]
pub fn Legend(
    /// The entries, in drawing order.
    entries: Vec<LegendEntry>,
) -> impl IntoView {
    let items = entries
        .into_iter()
        .map(|entry| {
            let sample = match entry.swatch {
                Swatch::Line(style) => view! {
                    <line x1="2" x2="32" y1="7" y2="7" class="series-line"
                        style=style.line_css() stroke-dasharray=style.dash/>
                    {marker_at(style, 17.0, 7.0)}
                }
                .into_any(),
                Swatch::Band { alternate } => view! {
                    <rect x="9" y="1" width="16" height="12" class="band" class:alternate=alternate/>
                }
                .into_any(),
                Swatch::Bar(fill) => {
                    view! { <rect x="9" y="1" width="16" height="12" class="bar" style=fill.css()/> }
                        .into_any()
                }
            };
            view! {
                <li>
                    <svg class="swatch" viewBox="0 0 34 14" width="34" height="14" aria-hidden="true">
                        {sample}
                    </svg>
                    {entry.label}
                </li>
            }
        })
        .collect_view();
    view! { <ul class="legend">{items}</ul> }
}

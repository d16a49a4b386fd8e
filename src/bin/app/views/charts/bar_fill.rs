//! Fills of histogram bars, told apart by pattern as well as colour: true
//! positives solid blue, true negatives hatched orange. The hatch is an SVG
//! pattern defined once on the page by [`BarPatterns`].

use leptos::prelude::*;

/// Id of the hatch pattern of negative bars.
const NEGATIVE_HATCH_ID: &str = "hatch-negative";

/// How a bar is filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarFill {
    /// True positives: solid blue.
    Positive,
    /// True negatives: orange hatching.
    Negative,
    /// Examples of unknown class: solid grey.
    Unknown,
}

impl BarFill {
    /// Inline CSS for a bar with this fill.
    pub fn css(self) -> String {
        match self {
            BarFill::Positive => "fill: var(--positive); stroke: var(--positive)".into(),
            BarFill::Negative => {
                format!("fill: url(#{NEGATIVE_HATCH_ID}); stroke: var(--negative)")
            }
            BarFill::Unknown => "fill: #8a93a0; stroke: #6b7380".into(),
        }
    }
}

/// The page's shared SVG patterns, in an invisible drawing.
#[component]
pub fn BarPatterns() -> impl IntoView {
    view! {
        <svg class="svg-defs" width="0" height="0" aria-hidden="true" focusable="false">
            <defs>
                <pattern id=NEGATIVE_HATCH_ID width="6" height="6" patternUnits="userSpaceOnUse"
                    patternTransform="rotate(45)">
                    <rect width="6" height="6" style="fill: #fbe7da"/>
                    <line x1="0" y1="0" x2="0" y2="6" style="stroke: var(--negative); stroke-width: 3"/>
                </pattern>
            </defs>
        </svg>
    }
}

//! How a series is drawn: colour, dash pattern and point marker, so that
//! series differ in more than colour. Positive is always a blue solid line
//! with filled triangles, negative an orange dashed line with hollow squares,
//! the same shapes that mark true classes on the thumbnails.

use leptos::prelude::*;

/// The shape drawn at a series' points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A filled circle.
    Circle,
    /// A hollow diamond.
    Diamond,
    /// A diagonal cross.
    Cross,
    /// A filled triangle: the positive class.
    Triangle,
    /// A hollow square: the negative class.
    Square,
    /// No marker: a plain line.
    Plain,
}

/// Colour, dash pattern and marker of one series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesStyle {
    /// A CSS colour (a `var(--…)` from the page's palette or a hex colour).
    pub colour: &'static str,
    /// SVG `stroke-dasharray`, or `None` for a solid line.
    pub dash: Option<&'static str>,
    /// The point marker.
    pub marker: Marker,
    /// SVG `stroke-width` of the line, or `None` for the chart's default.
    pub width: Option<&'static str>,
}

impl SeriesStyle {
    /// Three looks for series with no class meaning, told apart by colour, dash and marker:
    /// ink, then Okabe–Ito bluish green and reddish purple.
    pub const PALETTE: [SeriesStyle; 3] = [
        SeriesStyle {
            colour: "#2b3445",
            dash: None,
            marker: Marker::Circle,
            width: None,
        },
        SeriesStyle {
            colour: "#009e73",
            dash: Some("7 4"),
            marker: Marker::Diamond,
            width: None,
        },
        SeriesStyle {
            colour: "#cc79a7",
            dash: Some("2 3"),
            marker: Marker::Cross,
            width: None,
        },
    ];

    /// Values about positive examples.
    pub const POSITIVE: SeriesStyle = SeriesStyle {
        colour: "var(--positive)",
        dash: None,
        marker: Marker::Triangle,
        width: None,
    };

    /// Values about negative examples.
    pub const NEGATIVE: SeriesStyle = SeriesStyle {
        colour: "var(--negative)",
        dash: Some("7 4"),
        marker: Marker::Square,
        width: None,
    };

    /// A reference line (chance level, a boundary): grey, dotted, no markers.
    pub const REFERENCE: SeriesStyle = SeriesStyle {
        colour: "#8a93a0",
        dash: Some("3 4"),
        marker: Marker::Plain,
        width: None,
    };

    /// Inline CSS for the series' line.
    pub fn line_css(&self) -> String {
        match self.width {
            Some(width) => format!("stroke: {}; stroke-width: {width}", self.colour),
            None => format!("stroke: {}", self.colour),
        }
    }
}

/// The marker of `style` centred on (`x`, `y`), in SVG.
pub fn marker_at(style: SeriesStyle, x: f64, y: f64) -> AnyView {
    const R: f64 = 3.8;
    let filled = format!("fill: {0}; stroke: {0}", style.colour);
    let hollow = format!("fill: white; stroke: {}", style.colour);
    match style.marker {
        Marker::Circle => view! { <circle class="marker" cx=x cy=y r=R style=filled/> }.into_any(),
        Marker::Triangle => {
            let points = format!(
                "{},{} {},{} {},{}",
                x,
                y - R * 1.15,
                x + R,
                y + R * 0.75,
                x - R,
                y + R * 0.75
            );
            view! { <polygon class="marker" points=points style=filled/> }.into_any()
        }
        Marker::Square => view! {
            <rect class="marker" x=x - R * 0.85 y=y - R * 0.85 width=R * 1.7 height=R * 1.7 style=hollow/>
        }
        .into_any(),
        Marker::Diamond => {
            let points = format!(
                "{},{} {},{} {},{} {},{}",
                x,
                y - R,
                x + R,
                y,
                x,
                y + R,
                x - R,
                y
            );
            view! { <polygon class="marker" points=points style=hollow/> }.into_any()
        }
        Marker::Cross => {
            let d = format!(
                "M{} {}L{} {}M{} {}L{} {}",
                x - R,
                y - R,
                x + R,
                y + R,
                x - R,
                y + R,
                x + R,
                y - R
            );
            view! { <path class="marker cross" d=d style=style.line_css()/> }.into_any()
        }
        Marker::Plain => ().into_any(),
    }
}

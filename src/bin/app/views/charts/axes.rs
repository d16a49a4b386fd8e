//! The frame of an SVG plot: where the plot area sits, and its two axes with
//! grid lines, tick labels and titles.

use leptos::prelude::*;

use super::scale::{LinearScale, Ticks};

/// Size of a chart's drawing (SVG user units) and of the margins around its plot area.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlotFrame {
    /// Width of the whole drawing.
    pub width: f64,
    /// Height of the whole drawing.
    pub height: f64,
}

impl PlotFrame {
    /// Room for the y tick labels and title.
    const LEFT: f64 = 52.0;
    /// Room on the right so the last x tick label fits.
    const RIGHT: f64 = 14.0;
    /// Room above the plot area.
    const TOP: f64 = 10.0;
    /// Room for the x tick labels and title.
    const BOTTOM: f64 = 42.0;

    /// A wide chart for values against epochs.
    pub const WIDE: PlotFrame = PlotFrame {
        width: 440.0,
        height: 260.0,
    };
    /// A square plot area, for curves on the unit square.
    pub const SQUARE: PlotFrame = PlotFrame {
        width: 300.0 + Self::LEFT + Self::RIGHT,
        height: 300.0 + Self::TOP + Self::BOTTOM,
    };

    /// Left and right edges of the plot area.
    pub fn x_span(&self) -> (f64, f64) {
        (Self::LEFT, self.width - Self::RIGHT)
    }

    /// Bottom and top edges of the plot area (SVG y grows downwards).
    pub fn y_span(&self) -> (f64, f64) {
        (self.height - Self::BOTTOM, Self::TOP)
    }

    /// The SVG `viewBox` of the whole drawing.
    pub fn view_box(&self) -> String {
        format!("0 0 {} {}", self.width, self.height)
    }
}

/// One axis: its scale, its ticks and its title.
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// Data to drawing coordinates.
    pub scale: LinearScale,
    /// Where the labelled ticks go.
    pub ticks: Ticks,
    /// Title under (x) or beside (y) the axis.
    pub title: String,
}

impl Axis {
    /// About this many ticks on an axis.
    const TICKS: usize = 5;

    /// An axis over exactly `domain`, drawn over `span`.
    pub fn fixed(domain: (f64, f64), span: (f64, f64), min_step: f64, title: &str) -> Self {
        Axis {
            scale: LinearScale::new(domain, span),
            ticks: Ticks::within(domain, Self::TICKS, min_step),
            title: title.to_string(),
        }
    }

    /// An axis over `domain` widened to round ticks, drawn over `span`.
    pub fn fitted(domain: (f64, f64), span: (f64, f64), min_step: f64, title: &str) -> Self {
        Self::fixed(
            Ticks::extend(domain, Self::TICKS, min_step),
            span,
            min_step,
            title,
        )
    }
}

/// Grid lines, axis lines, tick labels and axis titles of a plot.
#[component]
pub fn Axes(
    /// The drawing's size.
    frame: PlotFrame,
    /// The horizontal axis.
    x: Axis,
    /// The vertical axis.
    y: Axis,
) -> impl IntoView {
    let (left, right) = frame.x_span();
    let (bottom, top) = frame.y_span();
    let x_ticks = x
        .ticks
        .values
        .iter()
        .map(|&v| {
            let at = x.scale.at(v);
            view! {
                <line class="grid" x1=at x2=at y1=top y2=bottom/>
                <text class="tick" x=at y=bottom + 15.0 text-anchor="middle">{x.ticks.label(v)}</text>
            }
        })
        .collect_view();
    let y_ticks = y
        .ticks
        .values
        .iter()
        .map(|&v| {
            let at = y.scale.at(v);
            view! {
                <line class="grid" x1=left x2=right y1=at y2=at/>
                <text class="tick" x=left - 6.0 y=at + 4.0 text-anchor="end">{y.ticks.label(v)}</text>
            }
        })
        .collect_view();
    let y_middle = (top + bottom) / 2.0;
    view! {
        <g class="axes" aria-hidden="true">
            {x_ticks}
            {y_ticks}
            <line class="axis" x1=left x2=right y1=bottom y2=bottom/>
            <line class="axis" x1=left x2=left y1=top y2=bottom/>
            <text class="axis-title" x=(left + right) / 2.0 y=frame.height - 6.0 text-anchor="middle">
                {x.title}
            </text>
            <text class="axis-title" x=14.0 y=y_middle text-anchor="middle"
                transform=format!("rotate(-90 14 {y_middle})")>
                {y.title}
            </text>
        </g>
    }
}

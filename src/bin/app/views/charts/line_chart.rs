//! A reusable SVG line chart: named series of (x, y) points, axes with ticks
//! and titles, shaded x bands, a legend, and an accessible description.

use leptos::prelude::*;

use super::axes::{Axes, Axis, PlotFrame};
use super::legend::{Legend, LegendEntry, Swatch};
use super::series_style::{SeriesStyle, marker_at};

/// An (x, y) point of a line.
pub type Point = (f64, f64);

/// A named line of (x, y) points, broken where values are missing.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// What the line shows, for the legend.
    pub name: String,
    /// Colour, dash and marker.
    pub style: SeriesStyle,
    /// Unbroken runs of points, in drawing order.
    pub runs: Vec<Vec<Point>>,
    /// The point its run kept (see [`Series::keeping`]): ringed on the line,
    /// and the value an epoch chart's legend quotes instead of the latest.
    pub kept: Option<Point>,
    /// Whether the line joins across epochs that were not measured; such
    /// joins are drawn faint, so a straight stretch does not pass for a
    /// measured trend.
    pub joins_unmeasured: bool,
}

impl Series {
    /// One unbroken line through `points`.
    pub fn line(
        name: impl Into<String>,
        style: SeriesStyle,
        points: impl IntoIterator<Item = Point>,
    ) -> Self {
        Series {
            name: name.into(),
            style,
            runs: vec![points.into_iter().collect()],
            kept: None,
            joins_unmeasured: false,
        }
    }

    /// Values at x = 1, 2, 3, …; a missing or non-finite value breaks the line.
    pub fn per_epoch(
        name: impl Into<String>,
        style: SeriesStyle,
        values: impl IntoIterator<Item = Option<f64>>,
    ) -> Self {
        Self::per_epoch_sparse(name, style, values.into_iter().map(Some))
    }

    /// Values at x = 1, 2, 3, … of which some were not measured (`None`):
    /// the line joins across those, and breaks only at a measured value
    /// that is missing or non-finite (`Some(None)`, an undefined AUC, say).
    pub fn per_epoch_sparse(
        name: impl Into<String>,
        style: SeriesStyle,
        values: impl IntoIterator<Item = Option<Option<f64>>>,
    ) -> Self {
        let mut runs: Vec<Vec<Point>> = Vec::new();
        let mut previous_missing = true;
        let mut joins_unmeasured = false;
        for (i, value) in values.into_iter().enumerate() {
            let Some(value) = value else {
                continue;
            };
            let Some(v) = value.filter(|v| v.is_finite()) else {
                previous_missing = true;
                continue;
            };
            let point = (i as f64 + 1.0, v);
            match runs.last_mut() {
                Some(run) if !previous_missing => {
                    joins_unmeasured |= run.last().is_some_and(|&(x, _)| point.0 - x > 1.0);
                    run.push(point);
                }
                _ => runs.push(vec![point]),
            }
            previous_missing = false;
        }
        Series {
            name: name.into(),
            style,
            runs,
            kept: None,
            joins_unmeasured,
        }
    }

    /// The same line with its point at x = `epoch` marked as the one its run
    /// kept (nothing marked when no point has that x).
    pub fn keeping(mut self, epoch: Option<usize>) -> Self {
        self.kept = epoch.and_then(|e| self.points().find(|p| p.0 == e as f64));
        self
    }

    /// Whether it has a point to draw.
    pub fn is_empty(&self) -> bool {
        self.runs.iter().all(Vec::is_empty)
    }

    /// Every point, runs one after the other.
    fn points(&self) -> impl Iterator<Item = Point> + '_ {
        self.runs.iter().flatten().copied()
    }

    /// The stretches drawn solid (measured at consecutive epochs) and the
    /// joins between them (across unmeasured epochs, x more than 1 apart),
    /// as point lists; every stretch is solid unless the line joins
    /// unmeasured epochs.
    fn solid_and_joins(&self) -> (Vec<&[Point]>, Vec<[Point; 2]>) {
        let (mut solid, mut joins) = (Vec::new(), Vec::new());
        for run in &self.runs {
            let mut start = 0;
            for j in 1..=run.len() {
                let joined =
                    j < run.len() && self.joins_unmeasured && run[j].0 - run[j - 1].0 > 1.0;
                if j == run.len() || joined {
                    solid.push(&run[start..j]);
                    start = j;
                }
                if joined {
                    joins.push([run[j - 1], run[j]]);
                }
            }
        }
        (solid, joins)
    }

    /// The last point, if any.
    fn last(&self) -> Option<Point> {
        self.runs.last().and_then(|run| run.last()).copied()
    }

    /// What an epoch chart quotes: "0.931" (the latest value), or "0.931 at
    /// kept epoch 6" for a series that marks a kept point.
    fn quoted(&self) -> Option<String> {
        match (self.kept, self.last()) {
            (Some((px, py)), _) => Some(format!("{py:.3} at kept epoch {px}")),
            (None, Some((_, py))) => Some(format!("{py:.3}")),
            (None, None) => None,
        }
    }
}

/// A shaded run of epochs, named in the legend: the pre-training epochs.
#[derive(Clone, Debug, PartialEq)]
pub struct Band {
    /// Its first epoch on the x axis.
    pub first: usize,
    /// Its last epoch on the x axis.
    pub last: usize,
    /// What happens there.
    pub label: String,
}

impl Band {
    /// The x interval the shading covers: half an epoch either side.
    fn span(&self) -> (f64, f64) {
        (self.first as f64 - 0.5, self.last as f64 + 0.5)
    }
}

/// Markers drawn per series at most; longer series get every k-th point marked.
const MAX_MARKERS: usize = 12;

/// A line chart of several series.
#[component]
pub fn LineChart(
    /// What the chart shows, in a few words; starts its accessible description.
    title: &'static str,
    /// The lines.
    #[prop(into)]
    series: Signal<Vec<Series>>,
    /// Title of the x axis.
    x_title: &'static str,
    /// Title of the y axis.
    y_title: &'static str,
    /// Fixed x interval; fitted to the data when None.
    #[prop(optional_no_strip)]
    x_range: Option<(f64, f64)>,
    /// Fixed y interval; fitted to the data when None.
    #[prop(optional_no_strip)]
    y_range: Option<(f64, f64)>,
    /// The x axis counts epochs: whole-number ticks, and the legend shows
    /// each series' latest value (or the one it kept).
    #[prop(optional)]
    epochs: bool,
    /// Shaded runs of epochs.
    #[prop(optional, into)]
    bands: Signal<Vec<Band>>,
    /// A square plot area (for curves on the unit square).
    #[prop(optional)]
    square: bool,
) -> impl IntoView {
    let frame = if square {
        PlotFrame::SQUARE
    } else {
        PlotFrame::WIDE
    };
    move || {
        let series = series.get();
        let bands = bands.get();
        let x_extent = extent(series.iter().flat_map(|s| s.points().map(|p| p.0)).chain(
            bands.iter().flat_map(|b| {
                let (from, to) = b.span();
                [from, to]
            }),
        ));
        let y_extent = extent(series.iter().flat_map(|s| s.points().map(|p| p.1)));
        let x_min_step = if epochs { 1.0 } else { 0.0 };
        let x = match x_range {
            Some(range) => Axis::fixed(range, frame.x_span(), x_min_step, x_title),
            None => Axis::fitted(x_extent, frame.x_span(), x_min_step, x_title),
        };
        let y = match y_range {
            Some(range) => Axis::fixed(range, frame.y_span(), 0.0, y_title),
            None => Axis::fitted(y_extent, frame.y_span(), 0.0, y_title),
        };
        let description = describe(title, &series, &bands, x_title, epochs);
        let shaded = bands
            .iter()
            .enumerate()
            .map(|(i, band)| band_view(band, i % 2 == 1, &x, frame))
            .collect_view();
        let lines = series
            .iter()
            .enumerate()
            .map(|(i, s)| series_view(s, i, series.len(), &x, &y))
            .collect_view();
        let entries = legend_entries(&series, &bands, epochs);
        let aria_label = description.clone();
        view! {
            <figure class="chart" class:square=square>
                <svg viewBox=frame.view_box() role="img" aria-label=aria_label>
                    <title>{description}</title>
                    {shaded}
                    <Axes frame x y/>
                    {lines}
                </svg>
                <Legend entries/>
            </figure>
        }
    }
}

/// One series' line and markers; `index` of `count` staggers the markers of
/// neighbouring series so they do not sit on top of each other.
fn series_view(
    series: &Series,
    index: usize,
    count: usize,
    x: &Axis,
    y: &Axis,
) -> impl IntoView + use<> {
    let (solid, joins) = series.solid_and_joins();
    let d: String = solid.iter().map(|run| path_of(run, x, y)).collect();
    let joins = (!joins.is_empty()).then(|| {
        let d: String = joins.iter().map(|join| path_of(join, x, y)).collect();
        view! {
            <path class="series-join" d=d style=format!("stroke: {}", series.style.colour)
                stroke-dasharray=series.style.dash/>
        }
    });
    let total = series.points().count();
    let every = total.div_ceil(MAX_MARKERS).max(1);
    let offset = index * every / count.max(1);
    // The last point too, unless a regular marker sits close before it.
    let since_marker = (total + offset).saturating_sub(1) % every;
    let mark_last = since_marker == 0 || 2 * since_marker >= every;
    let markers = series
        .points()
        .enumerate()
        .filter(|(j, _)| (j + offset).is_multiple_of(every) || (mark_last && *j + 1 == total))
        .map(|(_, (px, py))| marker_at(series.style, x.scale.at(px), y.scale.at(py)))
        .collect_view();
    let ring = series.kept.map(|(px, py)| {
        let colour = format!("stroke: {}", series.style.colour);
        view! { <circle class="kept-ring" cx=x.scale.at(px) cy=y.scale.at(py) r=7.5 style=colour/> }
    });
    view! {
        <g class="series">
            <path class="series-line" d=d style=series.style.line_css()
                stroke-dasharray=series.style.dash/>
            {joins}
            {markers}
            {ring}
        </g>
    }
}

/// One legend entry per series (with its latest value on epoch charts),
/// then one per distinct band.
fn legend_entries(series: &[Series], bands: &[Band], epochs: bool) -> Vec<LegendEntry> {
    let mut entries: Vec<LegendEntry> = series
        .iter()
        .map(|s| LegendEntry {
            label: match s.quoted() {
                Some(value) if epochs => format!("{}: {value}", s.name),
                _ => s.name.clone(),
            },
            swatch: Swatch::Line(s.style),
        })
        .collect();
    for (i, band) in bands.iter().enumerate() {
        if !entries.iter().any(|e| e.label == band.label) {
            entries.push(LegendEntry {
                label: band.label.clone(),
                swatch: Swatch::Band {
                    alternate: i % 2 == 1,
                },
            });
        }
    }
    entries
}

/// A band's shading (with its label as a tooltip) and its right edge.
fn band_view(band: &Band, alternate: bool, x: &Axis, frame: PlotFrame) -> impl IntoView + use<> {
    let (bottom, top) = frame.y_span();
    let (from, to) = band.span();
    let (left, right) = (x.scale.at(from), x.scale.at(to));
    view! {
        <rect class="band" class:alternate=alternate x=left y=top width=right - left height=bottom - top>
            <title>{band.label.clone()}</title>
        </rect>
        <line class="band-edge" x1=right x2=right y1=top y2=bottom/>
    }
}

/// Smallest and largest of `values`, or (0, 1) when there are none.
fn extent(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values
        .fold(None, |acc: Option<(f64, f64)>, v| {
            Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v))))
        })
        .unwrap_or((0.0, 1.0))
}

/// SVG path data of one unbroken run.
fn path_of(run: &[Point], x: &Axis, y: &Axis) -> String {
    run.iter()
        .enumerate()
        .map(|(i, &(px, py))| {
            let command = if i == 0 { 'M' } else { 'L' };
            format!("{command}{:.1} {:.1}", x.scale.at(px), y.scale.at(py))
        })
        .collect()
}

/// One or two sentences for screen readers: what is drawn, the latest
/// values, and where the shaded bands are.
fn describe(title: &str, series: &[Series], bands: &[Band], x_title: &str, epochs: bool) -> String {
    let lines: Vec<String> = series
        .iter()
        .map(|s| match (s.kept, s.last()) {
            (Some(_), _) if epochs => format!("{} {}", s.name, s.quoted().unwrap_or_default()),
            (None, Some((px, py))) if epochs => format!("{} {py:.3} at epoch {px}", s.name),
            _ => s.name.clone(),
        })
        .collect();
    let shaded: String = bands
        .iter()
        .map(|b| format!(" {}: epochs {} to {}.", b.label, b.first, b.last))
        .collect();
    format!("{title}, against {x_title}: {}.{shaded}", lines.join("; "))
}

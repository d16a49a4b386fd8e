//! The diverging colour scale of values in [0, 1]: orange (negative, 0)
//! through grey (undecided, 0.5) to blue (positive, 1), the page's
//! `--negative` and `--positive` colours.

/// Colour of value 0: `--negative`, Okabe–Ito vermillion.
const NEGATIVE: [f64; 3] = [213.0, 94.0, 0.0];
/// Colour of value 0.5.
const MIDDLE: [f64; 3] = [120.0, 124.0, 132.0];
/// Colour of value 1: `--positive`, Okabe–Ito blue.
const POSITIVE: [f64; 3] = [0.0, 114.0, 178.0];

/// The RGB colour of `value` (clamped to [0, 1]).
pub fn value_colour(value: f32) -> [u8; 3] {
    let v = if value.is_finite() {
        value.clamp(0.0, 1.0) as f64
    } else {
        0.5
    };
    let (from, to, t) = if v < 0.5 {
        (NEGATIVE, MIDDLE, v * 2.0)
    } else {
        (MIDDLE, POSITIVE, v * 2.0 - 1.0)
    };
    std::array::from_fn(|i| (from[i] + (to[i] - from[i]) * t).round() as u8)
}

/// The scale as a CSS gradient from 0 (left) to 1 (right), for a colour key.
pub fn css_gradient() -> String {
    let stops: Vec<String> = [0.0, 0.25, 0.5, 0.75, 1.0]
        .iter()
        .map(|&v| format!("{} {:.0}%", css_rgb(value_colour(v)), v * 100.0))
        .collect();
    format!("linear-gradient(to right, {})", stops.join(", "))
}

/// An RGB colour as CSS.
pub fn css_rgb([r, g, b]: [u8; 3]) -> String {
    format!("rgb({r}, {g}, {b})")
}

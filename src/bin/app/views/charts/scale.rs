//! Numbers behind a chart axis: a linear map from data to drawing
//! coordinates, and round tick values.

/// A linear map from a data interval onto a drawing interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LinearScale {
    lo: f64,
    hi: f64,
    from: f64,
    to: f64,
}

impl LinearScale {
    /// Maps `domain` onto `range` (`range` may run backwards, as SVG's y does).
    /// An empty domain is widened so that every value still has a place.
    pub fn new(domain: (f64, f64), range: (f64, f64)) -> Self {
        let (lo, hi) = widen(domain);
        LinearScale {
            lo,
            hi,
            from: range.0,
            to: range.1,
        }
    }

    /// Drawing coordinate of the data value `v`.
    pub fn at(&self, v: f64) -> f64 {
        self.from + (v - self.lo) / (self.hi - self.lo) * (self.to - self.from)
    }
}

/// A one-point or inverted interval made into a proper one.
fn widen((lo, hi): (f64, f64)) -> (f64, f64) {
    if hi > lo {
        (lo, hi)
    } else {
        let pad = if lo == 0.0 { 1.0 } else { lo.abs() * 0.1 };
        (lo - pad, lo + pad)
    }
}

/// Round ticks for an axis over `(lo, hi)`: about `count` of them, spaced
/// 1, 2 or 5 times a power of ten and never closer than `min_step`.
#[derive(Clone, Debug, PartialEq)]
pub struct Ticks {
    /// The tick values, ascending.
    pub values: Vec<f64>,
    /// Distance between neighbouring ticks.
    pub step: f64,
}

impl Ticks {
    /// Ticks inside `(lo, hi)`.
    pub fn within((lo, hi): (f64, f64), count: usize, min_step: f64) -> Self {
        let (lo, hi) = widen((lo, hi));
        let step = nice_step((hi - lo) / count.max(1) as f64).max(min_step);
        let first = (lo / step - 1e-9).ceil() as i64;
        let last = (hi / step + 1e-9).floor() as i64;
        Ticks {
            values: (first..=last).map(|i| i as f64 * step).collect(),
            step,
        }
    }

    /// `(lo, hi)` extended outwards to the nearest ticks.
    pub fn extend((lo, hi): (f64, f64), count: usize, min_step: f64) -> (f64, f64) {
        let (lo, hi) = widen((lo, hi));
        let step = nice_step((hi - lo) / count.max(1) as f64).max(min_step);
        (
            (lo / step + 1e-9).floor() * step,
            (hi / step - 1e-9).ceil() * step,
        )
    }

    /// `v` written with as many decimals as the step needs.
    pub fn label(&self, v: f64) -> String {
        let decimals = (-self.step.log10().floor()).max(0.0) as usize;
        format!("{:.*}", decimals, v)
    }
}

/// The 1, 2 or 5 × 10ⁿ nearest above `raw`.
fn nice_step(raw: f64) -> f64 {
    if !raw.is_finite() || raw <= 0.0 {
        return 1.0;
    }
    let magnitude = 10f64.powf(raw.log10().floor());
    let fraction = raw / magnitude;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * magnitude
}

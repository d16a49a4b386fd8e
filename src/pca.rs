//! Two-dimensional PCA, to draw tabular data as a scatter plot.
//!
//! Power iteration on the covariance, without forming it, over at most
//! [`MAX_FIT_ROWS`] evenly spaced rows; the second axis is kept orthogonal
//! to the first. Deterministic: the same rows always give the same axes.

use serde::{Deserialize, Serialize};

/// Rows used to fit the axes (all rows are projected).
pub const MAX_FIT_ROWS: usize = 4000;
const ITERATIONS: usize = 100;

/// The first two principal axes of a row-major matrix.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pca2 {
    /// Column means.
    pub mean: Vec<f32>,
    /// Unit-length first and second principal axes.
    pub axes: [Vec<f32>; 2],
    /// Variance along each axis.
    pub variance: [f64; 2],
}

impl Pca2 {
    /// Fit on the rows of `features` (row-major, `dim` columns).
    pub fn fit(features: &[f32], dim: usize) -> Pca2 {
        let rows = features.len().checked_div(dim).unwrap_or(0);
        let stride = rows.div_ceil(MAX_FIT_ROWS).max(1);
        let sample: Vec<&[f32]> = (0..rows)
            .step_by(stride)
            .map(|r| &features[r * dim..(r + 1) * dim])
            .collect();
        let n = sample.len().max(1) as f64;
        let mut mean = vec![0.0f64; dim];
        for row in &sample {
            for (m, v) in mean.iter_mut().zip(*row) {
                *m += *v as f64 / n;
            }
        }
        let centred: Vec<Vec<f64>> = sample
            .iter()
            .map(|row| row.iter().zip(&mean).map(|(v, m)| *v as f64 - m).collect())
            .collect();
        let first = power_iteration(&centred, dim, None);
        let second = power_iteration(&centred, dim, Some(&first.0));
        Pca2 {
            mean: mean.iter().map(|m| *m as f32).collect(),
            axes: [to_f32(&first.0), to_f32(&second.0)],
            variance: [first.1, second.1],
        }
    }

    /// Coordinates of one row on the two axes.
    pub fn project(&self, row: &[f32]) -> [f32; 2] {
        let along = |axis: &[f32]| {
            row.iter()
                .zip(&self.mean)
                .zip(axis)
                .map(|((v, m), a)| (v - m) * a)
                .sum()
        };
        [along(&self.axes[0]), along(&self.axes[1])]
    }

    /// Coordinates of every row of a row-major matrix.
    pub fn project_all(&self, features: &[f32]) -> Vec<[f32; 2]> {
        let dim = self.mean.len();
        if dim == 0 {
            return Vec::new();
        }
        features
            .chunks_exact(dim)
            .map(|row| self.project(row))
            .collect()
    }
}

/// The leading eigenvector of the rows' covariance (orthogonal to
/// `against`, when given) and its eigenvalue.
fn power_iteration(rows: &[Vec<f64>], dim: usize, against: Option<&[f64]>) -> (Vec<f64>, f64) {
    let n = rows.len().max(1) as f64;
    // A fixed, non-degenerate start so the result is deterministic.
    let mut v: Vec<f64> = (0..dim).map(|i| 1.0 + (i as f64 * 0.618).fract()).collect();
    let mut eigenvalue = 0.0;
    for _ in 0..ITERATIONS {
        if let Some(a) = against {
            remove_component(&mut v, a);
        }
        if !normalise(&mut v) {
            return (vec![0.0; dim], 0.0);
        }
        let mut next = vec![0.0; dim];
        for row in rows {
            let dot: f64 = row.iter().zip(&v).map(|(x, y)| x * y).sum();
            for (o, x) in next.iter_mut().zip(row) {
                *o += dot * x / n;
            }
        }
        eigenvalue = next.iter().zip(&v).map(|(x, y)| x * y).sum();
        v = next;
    }
    if let Some(a) = against {
        remove_component(&mut v, a);
    }
    if !normalise(&mut v) {
        return (vec![0.0; dim], 0.0);
    }
    (v, eigenvalue.max(0.0))
}

fn remove_component(v: &mut [f64], axis: &[f64]) {
    let dot: f64 = v.iter().zip(axis).map(|(x, y)| x * y).sum();
    for (x, a) in v.iter_mut().zip(axis) {
        *x -= dot * a;
    }
}

fn normalise(v: &mut [f64]) -> bool {
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if norm < 1e-12 {
        return false;
    }
    v.iter_mut().for_each(|x| *x /= norm);
    true
}

fn to_f32(v: &[f64]) -> Vec<f32> {
    v.iter().map(|x| *x as f32).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_long_and_the_short_axis() {
        // Points spread 10 along (1,1,0)/√2 and 1 along (0,0,1).
        let mut x = Vec::new();
        for i in 0..200 {
            let t = (i as f32 - 100.0) / 10.0;
            let s = if i % 2 == 0 { 1.0 } else { -1.0 };
            x.extend([t + 5.0, t + 5.0, s]);
        }
        let pca = Pca2::fit(&x, 3);
        let [a, b] = &pca.axes;
        assert!(
            (a[0].abs() - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-3
                && (a[1].abs() - std::f32::consts::FRAC_1_SQRT_2).abs() < 1e-3
                && a[2].abs() < 5e-3,
            "{a:?}"
        );
        assert!(b[2].abs() > 0.999, "{b:?}");
        assert!(pca.variance[0] > pca.variance[1]);
        assert!((pca.mean[0] - 5.0).abs() < 0.1);
        let p = pca.project(&[5.0, 5.0, 1.0]);
        assert!(p[0].abs() < 0.1 && (p[1].abs() - 1.0).abs() < 1e-3, "{p:?}");
        assert_eq!(pca.project_all(&x).len(), 200);
    }

    #[test]
    fn degenerate_inputs_do_not_fail() {
        let constant = Pca2::fit(&[1.0; 30], 3);
        assert_eq!(constant.variance, [0.0, 0.0]);
        assert!(Pca2::fit(&[], 0).project_all(&[]).is_empty());
    }
}

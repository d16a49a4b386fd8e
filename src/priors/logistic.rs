//! L2-regularised logistic regression by full-batch gradient descent with
//! Nesterov momentum: the labeled-vs-unlabeled classifier whose out-of-fold
//! scores Elkan–Noto's and BBE's estimates read.

use crate::rng::PortableRng;

use super::PuRows;

/// A fitted model: p(x) = sigmoid(w·x + b).
pub struct Logistic {
    weights: Vec<f64>,
    bias: f64,
}

/// Gradient steps per fit.
const STEPS: usize = 300;
/// L2 penalty on the weights.
const L2: f64 = 1e-3;
/// Step size on standardised features.
const STEP_SIZE: f64 = 0.5;
/// Momentum of Nesterov's method.
const MOMENTUM: f64 = 0.9;

impl Logistic {
    /// Fit on rows `x` (`dim` values each, standardised) with targets `y`.
    pub fn fit(x: &[f64], dim: usize, y: &[bool]) -> Self {
        let n = y.len().max(1) as f64;
        let mut w = vec![0.0; dim + 1];
        let mut velocity = vec![0.0; dim + 1];
        for _ in 0..STEPS {
            let ahead: Vec<f64> = w
                .iter()
                .zip(&velocity)
                .map(|(w, v)| w + MOMENTUM * v)
                .collect();
            let mut grad = vec![0.0; dim + 1];
            for (i, &target) in y.iter().enumerate() {
                let row = &x[i * dim..(i + 1) * dim];
                let error = sigmoid(linear(&ahead, row)) - if target { 1.0 } else { 0.0 };
                for (g, v) in grad.iter_mut().zip(row) {
                    *g += error * v;
                }
                grad[dim] += error;
            }
            for (j, g) in grad.iter_mut().enumerate() {
                *g /= n;
                if j < dim {
                    *g += L2 * ahead[j];
                }
            }
            for j in 0..=dim {
                velocity[j] = MOMENTUM * velocity[j] - STEP_SIZE * grad[j];
                w[j] += velocity[j];
            }
        }
        let bias = w[dim];
        w.truncate(dim);
        Logistic { weights: w, bias }
    }

    /// p(x) for one row.
    pub fn probability(&self, row: &[f64]) -> f64 {
        sigmoid(
            self.weights
                .iter()
                .zip(row)
                .map(|(w, v)| w * v)
                .sum::<f64>()
                + self.bias,
        )
    }
}

/// P(labeled | x) for every row from a model fitted on the other folds
/// (`folds` of them, rows assigned at random), so no row is scored by a model
/// that saw it.
pub fn out_of_fold_probabilities(rows: &PuRows, folds: usize, rng: &mut PortableRng) -> Vec<f64> {
    let z = rows.standardised();
    let d = rows.dim;
    let fold_of: Vec<u64> = (0..rows.len())
        .map(|_| rng.below(folds.max(2) as u64))
        .collect();
    let mut scores = vec![0.0; rows.len()];
    for fold in 0..folds.max(2) as u64 {
        let train: Vec<usize> = (0..rows.len()).filter(|&i| fold_of[i] != fold).collect();
        let x: Vec<f64> = train
            .iter()
            .flat_map(|&i| z[i * d..(i + 1) * d].iter().copied())
            .collect();
        let y: Vec<bool> = train.iter().map(|&i| rows.labeled[i]).collect();
        let model = Logistic::fit(&x, d, &y);
        for i in (0..rows.len()).filter(|&i| fold_of[i] == fold) {
            scores[i] = model.probability(&z[i * d..(i + 1) * d]);
        }
    }
    scores
}

fn linear(w: &[f64], row: &[f64]) -> f64 {
    let dim = row.len();
    w[..dim].iter().zip(row).map(|(w, v)| w * v).sum::<f64>() + w[dim]
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separates_a_line_and_is_calibrated_in_the_middle() {
        // y = x > 0 on a symmetric grid: p(0) ≈ 0.5, p(2) high, p(−2) low.
        let x: Vec<f64> = (-20..=20).map(|i| i as f64 / 10.0).collect();
        let y: Vec<bool> = x.iter().map(|v| *v > 0.0).collect();
        let model = Logistic::fit(&x, 1, &y);
        assert!(model.probability(&[2.0]) > 0.9);
        assert!(model.probability(&[-2.0]) < 0.1);
        assert!((model.probability(&[0.0]) - 0.5).abs() < 0.1);
    }
}

//! Elkan & Noto, "Learning Classifiers from Only Positive and Unlabeled
//! Data" (KDD 2008): under SCAR a classifier g(x) ≈ P(s = 1 | x) trained to
//! tell labeled from unlabeled rows equals c·P(y = 1 | x), so on labeled
//! rows, which are all positive, its mean is c (their estimator e1). Scores
//! are out-of-fold (each row scored by a model fitted without it), as a
//! score on a training row would overstate c; g is a logistic regression.

use crate::rng::PortableRng;

use super::logistic::out_of_fold_probabilities;
use super::{PriorError, PriorEstimate, PriorMethod, PuRows};

/// Elkan–Noto's knobs.
#[derive(Clone, Debug, PartialEq)]
pub struct ElkanNotoSettings {
    /// Folds of the cross-fitting.
    pub folds: usize,
    /// Rows kept at most (uniformly drawn).
    pub max_rows: usize,
}

impl Default for ElkanNotoSettings {
    fn default() -> Self {
        ElkanNotoSettings {
            folds: 5,
            max_rows: 2000,
        }
    }
}

/// The random stream Elkan–Noto draws from.
const STREAM: u64 = 0xE1;

/// Estimate c by e1, and from it ρ.
pub fn estimate(
    rows: &PuRows,
    settings: &ElkanNotoSettings,
    seed: u64,
) -> Result<PriorEstimate, PriorError> {
    let (n_labeled, n_unlabeled) = rows.check()?;
    let mut rng = PortableRng::new(seed, STREAM);
    let sample = rows.down_sampled(settings.max_rows, &mut rng);
    let scores = out_of_fold_probabilities(&sample, settings.folds, &mut rng);
    let labeled: Vec<f64> = scores
        .iter()
        .zip(&sample.labeled)
        .filter(|(_, s)| **s)
        .map(|(g, _)| *g)
        .collect();
    let c = labeled.iter().sum::<f64>() / labeled.len().max(1) as f64;
    Ok(PriorEstimate::from_label_frequency(
        PriorMethod::ElkanNoto,
        c,
        n_labeled,
        n_unlabeled,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::priors::tests_support::gaussian_pu;

    #[test]
    fn estimates_c_on_separated_gaussians() {
        for (seed, c) in [(1, 0.3), (2, 0.7)] {
            let (rows, truth) = gaussian_pu(2000, 2, 3.0, 0.5, c, seed);
            let e = estimate(&rows, &ElkanNotoSettings::default(), seed).unwrap();
            assert!((e.label_frequency - truth).abs() < 0.08, "c {truth}: {e:?}");
        }
    }
}

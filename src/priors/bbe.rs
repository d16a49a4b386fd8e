//! BBE, best bin estimation (Garg, Wu, Smola, Balakrishnan & Lipton,
//! "Mixture Proportion Estimation and PU Learning: A Modern Approach",
//! NeurIPS 2021). A classifier trained to tell labeled from unlabeled rows
//! ranks rows by how positive they look; above any score threshold z the
//! share of unlabeled rows q_u(z) is ρ·q_p(z) plus the negatives that reach
//! z, so q_u(z) / q_p(z) bounds ρ from above, and is tight where the top
//! bin holds positives only. BBE takes the threshold whose upper confidence
//! bound (a DKW term over the bin's size) is smallest and returns the ratio
//! there. Scores are out-of-fold (each row scored by a logistic regression
//! fitted without it), standing in for the paper's held-out split.

use crate::rng::PortableRng;

use super::logistic::out_of_fold_probabilities;
use super::{PriorError, PriorEstimate, PriorMethod, PuRows};

/// BBE's knobs.
#[derive(Clone, Debug, PartialEq)]
pub struct BbeSettings {
    /// Folds of the cross-fitting that scores every row.
    pub folds: usize,
    /// Rows kept at most (uniformly drawn).
    pub max_rows: usize,
    /// δ: the bound holds with probability 1 − δ.
    pub delta: f64,
    /// γ: the bound's slack factor.
    pub gamma: f64,
}

impl Default for BbeSettings {
    /// The paper's δ = 0.1 and γ = 0.01.
    fn default() -> Self {
        BbeSettings {
            folds: 3,
            max_rows: 8000,
            delta: 0.1,
            gamma: 0.01,
        }
    }
}

/// The random stream BBE draws from.
const STREAM: u64 = 0xBBE;

/// Estimate ρ, the share of positives in U, by the best bin.
pub fn estimate(
    rows: &PuRows,
    settings: &BbeSettings,
    seed: u64,
) -> Result<PriorEstimate, PriorError> {
    let (n_labeled, n_unlabeled) = rows.check()?;
    let mut rng = PortableRng::new(seed, STREAM);
    let sample = rows.down_sampled(settings.max_rows, &mut rng);
    if sample.check().is_err() {
        return Err(PriorError::NeedsBothKinds {
            labeled: n_labeled,
            unlabeled: n_unlabeled,
        });
    }
    let scores = out_of_fold_probabilities(&sample, settings.folds, &mut rng);
    let pick = |want: bool| -> Vec<f64> {
        scores
            .iter()
            .zip(&sample.labeled)
            .filter(|(_, s)| **s == want)
            .map(|(g, _)| *g)
            .collect()
    };
    let (labeled, unlabeled) = (pick(true), pick(false));
    let rho = best_bin(&labeled, &unlabeled, settings);
    Ok(PriorEstimate::from_rho(
        PriorMethod::Bbe,
        rho,
        n_labeled,
        n_unlabeled,
    ))
}

/// q_u(z) / q_p(z) at the threshold z whose upper bound
/// q_u/q_p + (1 + γ)·(√(ln(1/δ)/2n_u) + √(ln(1/δ)/2n_p)) / q_p is smallest,
/// over every score an unlabeled row takes. The lowest threshold (every row
/// in the bin, ratio 1) is always a candidate, so the answer lies in (0, 1]
/// unless a higher bin is both purer and large enough to trust.
pub fn best_bin(labeled: &[f64], unlabeled: &[f64], settings: &BbeSettings) -> f64 {
    let descending = |scores: &[f64]| {
        let mut s = scores.to_vec();
        s.sort_by(|a, b| b.total_cmp(a));
        s
    };
    let (p, u) = (descending(labeled), descending(unlabeled));
    let (n_p, n_u) = (p.len().max(1) as f64, u.len().max(1) as f64);
    let slack = (1.0 + settings.gamma)
        * (((1.0 / settings.delta).ln() / (2.0 * n_u)).sqrt()
            + ((1.0 / settings.delta).ln() / (2.0 * n_p)).sqrt());
    let mut best = (1.0 + slack, 1.0);
    let mut in_p = 0;
    for (i, &z) in u.iter().enumerate() {
        // The bin is every row scoring at least z: wait for the last of ties.
        if u.get(i + 1) == Some(&z) {
            continue;
        }
        while in_p < p.len() && p[in_p] >= z {
            in_p += 1;
        }
        if in_p == 0 {
            continue;
        }
        let (q_u, q_p) = ((i + 1) as f64 / n_u, in_p as f64 / n_p);
        let upper = q_u / q_p + slack / q_p;
        if upper < best.0 {
            best = (upper, q_u / q_p);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::priors::tests_support::gaussian_pu;

    #[test]
    fn a_pure_top_bin_gives_its_ratio() {
        // 10 labeled at 0.9; U: 4 at 0.9 (positives), 16 at 0.1. The bin at
        // 0.9 holds q_u = 4/20, q_p = 1, so ρ = 0.2 once its bound (slack with
        // n_u = 20, n_p = 10, δ = 0.1: 1.01·(0.2399 + 0.3393) = 0.5850) beats
        // the all-rows bin's 1 + 0.5850.
        let labeled = vec![0.9; 10];
        let unlabeled: Vec<f64> = [vec![0.9; 4], vec![0.1; 16]].concat();
        let rho = best_bin(&labeled, &unlabeled, &BbeSettings::default());
        assert!((rho - 0.2).abs() < 1e-12, "{rho}");
    }

    #[test]
    fn a_small_top_bin_is_not_trusted_over_a_larger_one() {
        // Labeled: one row at 0.99, 99 spread over 0.5..0.9; unlabeled: 400
        // spread over 0..0.9. The few top bins have tiny ratios but hold 1–2 %
        // of the labeled rows, so their bounds lose to a broad bin near 0.5.
        // Without the bound (δ = 1) the top bin wins: 1 of 400 unlabeled
        // rows against 1 of 100 labeled, ρ = 0.25.
        let labeled: Vec<f64> = std::iter::once(0.99)
            .chain((0..99).map(|i| 0.5 + i as f64 * 0.4 / 99.0))
            .collect();
        let unlabeled: Vec<f64> = (0..400).map(|i| i as f64 * 0.9 / 400.0).collect();
        let bounded = best_bin(&labeled, &unlabeled, &BbeSettings::default());
        let unbounded = BbeSettings {
            delta: 1.0,
            ..BbeSettings::default()
        };
        let raw = best_bin(&labeled, &unlabeled, &unbounded);
        assert!((raw - 0.25).abs() < 1e-12, "{raw}");
        assert!(bounded > 0.4 && bounded < 0.7, "{bounded}");
    }

    #[test]
    fn estimates_rho_on_separated_gaussians() {
        for (seed, alpha) in [(1, 0.3), (2, 0.6)] {
            let (rows, c) = gaussian_pu(4000, 3, 4.0, alpha, 0.4, seed);
            let (n_l, n_u) = rows.counts();
            let positives_in_u = (n_l as f64 / c - n_l as f64) / n_u as f64;
            let e = estimate(&rows, &BbeSettings::default(), seed).unwrap();
            assert!(
                (e.rho - positives_in_u).abs() < 0.05,
                "ρ {positives_in_u}: {e:?}"
            );
        }
    }
}

//! Class-prior estimators: how many of the unlabeled examples are positive,
//! estimated from PU data alone. Plain host code on feature rows, so the
//! CLI, the worker and the page can all run them.
//!
//! - [`tice`]: TIcE (Bekker & Davis, AAAI 2018) bounds the label frequency c
//!   from below on subsets found by tree induction.
//! - [`km`]: KM1/KM2 (Ramaswamy, Scott & Tewari, ICML 2016) find the largest
//!   share of positives U can hold from distances between kernel mean embeddings.
//! - [`elkan_noto`]: Elkan & Noto (KDD 2008) read c off a labeled-vs-unlabeled
//!   classifier's mean score on held-out labeled examples (their e1).
//! - [`bbe`]: best bin estimation (Garg et al., NeurIPS 2021) reads ρ off the
//!   top bin of the same classifier's scores where it is purest.
//! - [`PriorMethod::Km2Bbe`]: the smaller of KM2's and BBE's estimates. Both
//!   estimate the largest share of positives U can hold, which bounds ρ
//!   from above, and they fail differently (KM2 on many weak features, BBE
//!   on a few dozen rows), so the tighter of the two bounds is kept.
//!
//! Every estimator returns [`PriorEstimate`]: ρ, the fraction of positives in
//! U, which is the prior nnPU needs, with c and α derived under SCAR.

pub mod bbe;
pub mod bootstrap;
pub mod elkan_noto;
pub mod km;
pub(crate) mod km2_memo;
mod logistic;
mod rows;
pub mod tice;

use serde::{Deserialize, Serialize};

pub use rows::PuRows;

/// Allowed class priors π for uPU and nnPU; estimates are clamped into it.
pub const PRIORS: (f64, f64) = (0.001, 0.999);

/// The estimator a run uses when its learner needs no particular one: the
/// prior a CSV run shows and its PU-only scores assume, `auto`'s included.
/// Chosen by
/// measurement on tables with known priors (`policypu priors`,
/// results/priors.md).
pub const DEFAULT_ESTIMATOR: PriorMethod = PriorMethod::Km2Bbe;

/// Which estimator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PriorMethod {
    /// TIcE: tree induction for c estimation.
    Tice,
    /// KM2: kernel mean embeddings, gradient threshold between the initial and final slopes.
    Km2,
    /// Elkan–Noto's e1: mean held-out score of labeled examples.
    ElkanNoto,
    /// BBE: the purest top bin of a labeled-vs-unlabeled classifier's scores.
    Bbe,
    /// The smaller of KM2's and BBE's estimates (both bound ρ from above).
    Km2Bbe,
}

impl PriorMethod {
    /// Every estimator.
    pub const ALL: [PriorMethod; 5] = [
        Self::Tice,
        Self::Km2,
        Self::ElkanNoto,
        Self::Bbe,
        Self::Km2Bbe,
    ];

    /// The name used in tables and messages.
    pub fn name(self) -> &'static str {
        match self {
            Self::Tice => "TIcE",
            Self::Km2 => "KM2",
            Self::ElkanNoto => "Elkan–Noto",
            Self::Bbe => "BBE",
            Self::Km2Bbe => "min(KM2, BBE)",
        }
    }

    /// Run this estimator on `rows`, drawing any randomness from `seed`
    /// (KM2 once per rows and seed in this process: `km2_memo`).
    pub fn estimate(self, rows: &PuRows, seed: u64) -> Result<PriorEstimate, PriorError> {
        self.estimate_with(rows, seed, km2_memo::estimate)
    }

    /// [`PriorMethod::estimate`] made afresh, KM2 run even where this
    /// process has made it on these rows: what an estimate costs, which
    /// `policypu priors` times. The value is the same.
    pub fn estimate_afresh(self, rows: &PuRows, seed: u64) -> Result<PriorEstimate, PriorError> {
        self.estimate_with(rows, seed, |rows, seed| {
            km::estimate(rows, &km::KmSettings::default(), seed)
        })
    }

    /// The estimate, with KM2's made by `km2`.
    fn estimate_with(
        self,
        rows: &PuRows,
        seed: u64,
        km2: fn(&PuRows, u64) -> Result<PriorEstimate, PriorError>,
    ) -> Result<PriorEstimate, PriorError> {
        match self {
            Self::Tice => tice::estimate(rows, &tice::TiceSettings::default(), seed),
            Self::Km2 => km2(rows, seed),
            Self::ElkanNoto => {
                elkan_noto::estimate(rows, &elkan_noto::ElkanNotoSettings::default(), seed)
            }
            Self::Bbe => bbe::estimate(rows, &bbe::BbeSettings::default(), seed),
            Self::Km2Bbe => {
                let km2 = km2(rows, seed)?;
                let bbe = Self::Bbe.estimate(rows, seed)?;
                let (n_labeled, n_unlabeled) = rows.counts();
                let mut smaller = PriorEstimate::from_rho(
                    Self::Km2Bbe,
                    km2.rho.min(bbe.rho),
                    n_labeled,
                    n_unlabeled,
                );
                smaller.clamped = if km2.rho <= bbe.rho {
                    km2.clamped
                } else {
                    bbe.clamped
                };
                Ok(smaller)
            }
        }
    }
}

/// An estimate of the class prior, in the three forms SCAR links.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PriorEstimate {
    /// Which estimator made it.
    pub method: PriorMethod,
    /// ρ: the fraction of positives among the unlabeled examples (what nnPU needs).
    pub rho: f64,
    /// c = P(s = 1 | y = 1): the share of positives that are labeled.
    pub label_frequency: f64,
    /// α: the fraction of positives among all training rows.
    pub alpha: f64,
    /// True when a raw estimate fell outside what the data allows and was clamped.
    pub clamped: bool,
}

impl PriorEstimate {
    /// From a label frequency c, for `n_labeled` labeled and `n_unlabeled` unlabeled rows:
    /// α = γ / c with γ = n_l / n, and ρ = (n_l / n_u)·(1 − c) / c.
    pub fn from_label_frequency(
        method: PriorMethod,
        c: f64,
        n_labeled: usize,
        n_unlabeled: usize,
    ) -> Self {
        let (n_l, n_u) = (n_labeled as f64, n_unlabeled.max(1) as f64);
        let raw_rho = if c > 0.0 {
            n_l / n_u * (1.0 - c) / c
        } else {
            f64::INFINITY
        };
        Self::from_rho_raw(method, raw_rho, n_labeled, n_unlabeled)
    }

    /// From ρ, the fraction of positives in U.
    pub fn from_rho(method: PriorMethod, rho: f64, n_labeled: usize, n_unlabeled: usize) -> Self {
        Self::from_rho_raw(method, rho, n_labeled, n_unlabeled)
    }

    fn from_rho_raw(
        method: PriorMethod,
        raw_rho: f64,
        n_labeled: usize,
        n_unlabeled: usize,
    ) -> Self {
        let rho = if raw_rho.is_nan() {
            PRIORS.1
        } else {
            raw_rho.clamp(PRIORS.0, PRIORS.1)
        };
        let (n_l, n_u) = (n_labeled as f64, n_unlabeled as f64);
        let positives = n_l + rho * n_u;
        PriorEstimate {
            method,
            rho,
            label_frequency: if positives > 0.0 {
                n_l / positives
            } else {
                1.0
            },
            alpha: positives / (n_l + n_u).max(1.0),
            clamped: rho != raw_rho,
        }
    }
}

/// Why an estimate could not be made.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PriorError {
    /// The rows hold no labeled or no unlabeled example.
    #[error(
        "estimating the class prior needs labeled and unlabeled rows ({labeled} labeled, {unlabeled} unlabeled)"
    )]
    NeedsBothKinds {
        /// Labeled rows given.
        labeled: usize,
        /// Unlabeled rows given.
        unlabeled: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn true_label_frequency_gives_true_rho() {
        // n_l = 300, n_u = 900, ρ = 0.3: 570 positives, c = 300/570, α = 0.475.
        let e = PriorEstimate::from_label_frequency(PriorMethod::Tice, 300.0 / 570.0, 300, 900);
        assert!((e.rho - 0.3).abs() < 1e-12, "{e:?}");
        assert!((e.alpha - 0.475).abs() < 1e-12);
        assert!(!e.clamped);
    }

    #[test]
    fn the_combined_estimate_is_the_smaller_of_its_two() {
        let (rows, _) = tests_support::gaussian_pu(600, 2, 2.0, 0.5, 0.4, 5);
        let km2 = PriorMethod::Km2.estimate(&rows, 1).unwrap().rho;
        let bbe = PriorMethod::Bbe.estimate(&rows, 1).unwrap().rho;
        let both = PriorMethod::Km2Bbe.estimate(&rows, 1).unwrap();
        assert_eq!(both.rho, km2.min(bbe));
        assert_eq!(both.method, PriorMethod::Km2Bbe);
        // Made afresh, past the memo, it is the same estimate.
        assert_eq!(PriorMethod::Km2Bbe.estimate_afresh(&rows, 1).unwrap(), both);
    }

    #[test]
    fn impossible_values_are_clamped_and_flagged() {
        let high = PriorEstimate::from_label_frequency(PriorMethod::Tice, 0.1, 300, 900);
        assert_eq!((high.rho, high.clamped), (PRIORS.1, true));
        let none = PriorEstimate::from_label_frequency(PriorMethod::Tice, 1.0, 300, 900);
        assert_eq!((none.rho, none.clamped), (PRIORS.0, true));
        let nan = PriorEstimate::from_rho(PriorMethod::Km2, f64::NAN, 10, 10);
        assert!(nan.clamped && nan.rho.is_finite());
    }
}

/// Synthetic PU data with a known answer, for the estimators' tests.
#[cfg(test)]
pub(crate) mod tests_support {
    use super::PuRows;
    use crate::rng::PortableRng;

    /// `n` rows of `dim` features, a share `alpha` positive; positives sit at
    /// +mu and negatives at −mu on the first axis (unit variance); a share `c`
    /// of the positives is labeled. Returns the rows and the realised c.
    pub fn gaussian_pu(
        n: usize,
        dim: usize,
        mu: f64,
        alpha: f64,
        c: f64,
        seed: u64,
    ) -> (PuRows, f64) {
        let mut rng = PortableRng::new(seed, 42);
        let (mut x, mut labeled) = (Vec::with_capacity(n * dim), Vec::with_capacity(n));
        let (mut positives, mut labeled_positives) = (0, 0);
        for _ in 0..n {
            let positive = rng.unit() < alpha;
            let shift = if positive { mu / 2.0 } else { -mu / 2.0 };
            x.push((shift + rng.normal()) as f32);
            x.extend((1..dim).map(|_| rng.normal() as f32));
            let is_labeled = positive && rng.unit() < c;
            positives += usize::from(positive);
            labeled_positives += usize::from(is_labeled);
            labeled.push(is_labeled);
        }
        (
            PuRows::new(x, dim, labeled),
            labeled_positives as f64 / positives as f64,
        )
    }

    /// `n_mix` unlabeled rows, a share `kappa` from N(shift·1, I) and the rest
    /// from N(0, I), then `n_comp` labeled rows from N(shift·1, I).
    pub fn gaussian_mixture(
        n_mix: usize,
        n_comp: usize,
        dim: usize,
        shift: f64,
        kappa: f64,
        seed: u64,
    ) -> PuRows {
        let mut rng = PortableRng::new(seed, 43);
        let mut x = Vec::new();
        let mut labeled = Vec::new();
        for i in 0..n_mix + n_comp {
            let from_component = i >= n_mix || (i as f64) < kappa * n_mix as f64;
            let centre = if from_component { shift } else { 0.0 };
            x.extend((0..dim).map(|_| (centre + rng.normal()) as f32));
            labeled.push(i >= n_mix);
        }
        PuRows::new(x, dim, labeled)
    }
}

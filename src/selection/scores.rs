//! What the classifier's scores on the PU validation split say without any
//! negative: how well it ranks labeled above unlabeled rows, its PU risks,
//! and an estimate of its accuracy.
//!
//! - L-vs-U AUC: the probability that a labeled row scores above an
//!   unlabeled one. Under SCAR it is an increasing affine function of the
//!   positive-against-negative AUC (Menon et al., ICML 2015), so it ranks
//!   classifiers as the true AUC would; it needs no prior.
//! - uPU and nnPU risks (du Plessis et al. 2015; Kiryo et al. 2017) with the
//!   sigmoid loss ℓ(z, ±1) = σ(∓z), so with p = σ(z): π·E_L[1 − p] +
//!   E_U\[p\] − π·E_L\[p\], nnPU clipping the negative part at zero. They need
//!   the class prior π (the share of positives in U).
//! - Proxy accuracy: at the 0.5 threshold, with r the share of labeled rows
//!   and q the share of unlabeled rows called positive, 1 − π − q + 2π·r
//!   estimates the accuracy on U's distribution (unclipped, so noise shows).
//! - Call gap: r − q. Under SCAR r is the true-positive rate and
//!   q = π·TPR + (1 − π)·FPR, so r − q = (1 − π)(TPR − FPR): among
//!   classifiers scored on the same rows it ranks by balanced accuracy, the
//!   accuracy on a half-positive test set, and it needs no prior.
//! - Variational loss (Chen et al., NeurIPS 2020): log E_U\[Φ\] − E_L\[log Φ\]
//!   with Φ the classifier's sigmoid, VPU's training objective without its
//!   mix-up term. It is lowest where Φ is proportional to the posterior, so
//!   it needs no prior; VPU's authors keep the epoch where it is lowest on
//!   their validation split.

use serde::{Deserialize, Serialize};

use crate::metrics::roc_auc;
use crate::user_text::counted;

/// With fewer labeled validation rows than this, a choice made on the split
/// is rough: the call gap then moves in steps of more than 0.1, more than
/// most candidates differ by. `auto` then averages every candidate it could
/// score: on development data no reported table uses, the mean of all was
/// the more accurate (`results/dev-few-labeled.md`; the rule was written
/// before the runs).
pub const FEW_LABELED: usize = 10;

/// The PU-only scores of one epoch's classifier on the validation split.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ValidationScores {
    /// Labeled rows in the validation split.
    pub labeled: usize,
    /// Unlabeled rows in the validation split.
    pub unlabeled: usize,
    /// AUC of labeled against unlabeled scores.
    pub lu_auc: Option<f64>,
    /// The class prior π the risks and the proxy accuracy assume.
    pub prior: Option<f64>,
    /// uPU risk with the sigmoid loss (lower is better; may be negative).
    pub upu_risk: Option<f64>,
    /// nnPU risk with the sigmoid loss (lower is better).
    pub nnpu_risk: Option<f64>,
    /// Estimated accuracy on U's distribution at the 0.5 threshold.
    pub proxy_accuracy: Option<f64>,
    /// What the risks and the proxy accuracy are computed from, so they can
    /// be computed again under another prior ([`ValidationScores::with_prior`]).
    #[serde(default)]
    pub shares: Option<ScoreShares>,
    /// The variational loss on these rows (lower is better), of the logits
    /// as trained: before a learner's decision shift (VPU's).
    #[serde(default)]
    pub variational_loss: Option<f64>,
    /// Analysis only, read by no [`crate::selection::Criterion`]: the AUC of
    /// the rows' hidden true classes, where known (`sweep --selection-study`'s
    /// "validation truth" column: what a judge who knew them could buy).
    #[serde(default)]
    pub truth_auc: Option<f64>,
}

/// Means and shares called positive (at 0.5) of the probabilities of the
/// labeled and the unlabeled validation rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ScoreShares {
    /// Mean probability of the labeled rows, m_L.
    pub labeled_mean: f64,
    /// Mean probability of the unlabeled rows, m_U.
    pub unlabeled_mean: f64,
    /// Share of labeled rows called positive, r.
    pub labeled_called: f64,
    /// Share of unlabeled rows called positive, q.
    pub unlabeled_called: f64,
}

impl ValidationScores {
    /// The scores of probabilities `labeled` (of the labeled rows) and
    /// `unlabeled`, assuming the class prior `prior` where one is known.
    pub fn of(labeled: &[f32], unlabeled: &[f32], prior: Option<f64>) -> Self {
        let mean = |v: &[f32]| v.iter().map(|&p| f64::from(p)).sum::<f64>() / v.len() as f64;
        let called = |v: &[f32]| v.iter().filter(|&&p| p >= 0.5).count() as f64 / v.len() as f64;
        let both = !labeled.is_empty() && !unlabeled.is_empty();
        let scores: Vec<f32> = labeled.iter().chain(unlabeled).copied().collect();
        let is_labeled: Vec<bool> = (0..scores.len()).map(|i| i < labeled.len()).collect();
        ValidationScores {
            labeled: labeled.len(),
            unlabeled: unlabeled.len(),
            lu_auc: both.then(|| roc_auc(&scores, &is_labeled)).flatten(),
            shares: both.then(|| ScoreShares {
                labeled_mean: mean(labeled),
                unlabeled_mean: mean(unlabeled),
                labeled_called: called(labeled),
                unlabeled_called: called(unlabeled),
            }),
            ..ValidationScores::default()
        }
        .with_prior(prior)
    }

    /// The scores of logits `labeled` and `unlabeled`, which the learner
    /// shifted by `shift` for its decision point (VPU; else 0): the
    /// variational loss takes the shift off again.
    pub fn of_logits(labeled: &[f32], unlabeled: &[f32], shift: f32, prior: Option<f64>) -> Self {
        let as_trained =
            |v: &[f32]| -> Vec<f64> { v.iter().map(|&g| f64::from(g - shift)).collect() };
        ValidationScores {
            variational_loss: variational_loss(&as_trained(labeled), &as_trained(unlabeled)),
            ..Self::of(&sigmoid_of(labeled), &sigmoid_of(unlabeled), prior)
        }
    }

    /// The share of labeled minus the share of unlabeled rows called positive
    /// at 0.5 (higher is better; none without both kinds of row).
    pub fn call_gap(&self) -> Option<f64> {
        self.shares
            .as_ref()
            .map(|s| s.labeled_called - s.unlabeled_called)
    }

    /// A caution where an epoch was chosen on fewer than [`FEW_LABELED`]
    /// labeled validation rows: each row then moves the L-vs-U AUC and the
    /// call gap by a large step, so the choice is rough.
    pub fn few_labeled_caution(&self) -> Option<String> {
        (self.labeled < FEW_LABELED).then(|| {
            format!(
                "It was chosen on only {}, fewer than {FEW_LABELED}: a rough choice, so \
                 compare the last epoch's scores.",
                counted(self.labeled, "labeled validation row")
            )
        })
    }

    /// The same scores with the risks and the proxy accuracy computed under
    /// the class prior `prior` (none without one, or without both kinds of row).
    pub fn with_prior(&self, prior: Option<f64>) -> Self {
        let with = |f: fn(f64, &ScoreShares) -> f64| {
            prior.zip(self.shares.as_ref()).map(|(pi, s)| f(pi, s))
        };
        ValidationScores {
            prior,
            upu_risk: with(|pi, s| {
                pi * (1.0 - s.labeled_mean) + s.unlabeled_mean - pi * s.labeled_mean
            }),
            nnpu_risk: with(|pi, s| {
                pi * (1.0 - s.labeled_mean) + (s.unlabeled_mean - pi * s.labeled_mean).max(0.0)
            }),
            proxy_accuracy: with(|pi, s| {
                1.0 - pi - s.unlabeled_called + 2.0 * pi * s.labeled_called
            }),
            ..self.clone()
        }
    }
}

/// σ of each logit, in f32 as the trainer computes probabilities.
pub fn sigmoid_of(logits: &[f32]) -> Vec<f32> {
    logits.iter().map(|&g| 1.0 / (1.0 + (-g).exp())).collect()
}

/// log mean_U σ(z) − mean_L log σ(z) of logits `labeled` and `unlabeled`,
/// in f64 with log σ(z) = −ln(1 + e^−z) taken stably and the mean over U
/// about its largest term; none without both kinds of row.
pub fn variational_loss(labeled: &[f64], unlabeled: &[f64]) -> Option<f64> {
    if labeled.is_empty() || unlabeled.is_empty() {
        return None;
    }
    let log_sigmoid = |z: f64| -> f64 { z.min(0.0) - (-z.abs()).exp().ln_1p() };
    let log_phi_u: Vec<f64> = unlabeled.iter().map(|&z| log_sigmoid(z)).collect();
    let top = log_phi_u.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let sum: f64 = log_phi_u.iter().map(|&l| (l - top).exp()).sum();
    let log_mean_u = top + (sum / unlabeled.len() as f64).ln();
    let mean_log_l = labeled.iter().map(|&z| log_sigmoid(z)).sum::<f64>() / labeled.len() as f64;
    Some(log_mean_u - mean_log_l)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| (a - b).abs() < 1e-6) // f32 probabilities
    }

    #[test]
    fn worked_case() {
        // Labeled p: 0.9, 0.8, 0.3 (mean 2/3, two called positive).
        // Unlabeled p: 0.7, 0.2, 0.1, 0.6 (mean 0.4, two called positive).
        let s = ValidationScores::of(&[0.9, 0.8, 0.3], &[0.7, 0.2, 0.1, 0.6], Some(0.5));
        // Pairs labeled > unlabeled: 0.9 beats 4, 0.8 beats 4, 0.3 beats 2 → 10 of 12.
        assert!(close(s.lu_auc, 10.0 / 12.0), "{:?}", s.lu_auc);
        // uPU: 0.5·(1/3) + 0.4 − 0.5·(2/3) = 0.2333…; the negative part 0.4 − 1/3 ≥ 0.
        assert!(close(s.upu_risk, 0.5 / 3.0 + 0.4 - 1.0 / 3.0));
        assert!(close(s.nnpu_risk, 0.5 / 3.0 + 0.4 - 1.0 / 3.0));
        // 1 − 0.5 − 0.5 + 2·0.5·(2/3).
        assert!(close(s.proxy_accuracy, 2.0 / 3.0));
        // r − q = 2/3 − 2/4, whatever the prior.
        assert!(close(s.call_gap(), 2.0 / 3.0 - 0.5));
        assert_eq!(s.with_prior(None).call_gap(), s.call_gap());
        assert_eq!((s.labeled, s.unlabeled), (3, 4));
        // Under another prior: 1 − 0.2 − 0.5 + 2·0.2·(2/3); the AUC stays.
        let again = s.with_prior(Some(0.2));
        assert!(close(again.proxy_accuracy, 0.3 + 0.4 * 2.0 / 3.0));
        assert!(close(again.nnpu_risk, 0.2 / 3.0 + 0.4 - 0.2 * 2.0 / 3.0));
        assert_eq!(again.lu_auc, s.lu_auc);
        assert_eq!(s.with_prior(None).proxy_accuracy, None);
    }

    #[test]
    fn a_choice_on_few_labeled_rows_is_cautioned() {
        let few = ValidationScores::of(&[0.9; FEW_LABELED - 1], &[0.1; 20], None);
        assert_eq!(
            few.few_labeled_caution().as_deref(),
            Some(
                "It was chosen on only 9 labeled validation rows, fewer than 10: a rough \
                 choice, so compare the last epoch's scores."
            )
        );
        let one = ValidationScores::of(&[0.9], &[0.1; 20], None);
        assert!(
            one.few_labeled_caution()
                .unwrap()
                .contains("only 1 labeled validation row,")
        );
        let enough = ValidationScores::of(&[0.9; FEW_LABELED], &[0.1; 20], None);
        assert_eq!(enough.few_labeled_caution(), None);
    }

    #[test]
    fn nnpu_clips_the_negative_part_and_no_prior_means_no_risk() {
        // m_U = 0.1 < π·m_L = 0.45: uPU goes below π·(1 − m_L), nnPU stops there.
        let s = ValidationScores::of(&[0.9], &[0.1], Some(0.5));
        assert!(close(s.upu_risk, 0.05 + 0.1 - 0.45));
        assert!(close(s.nnpu_risk, 0.05));
        let none = ValidationScores::of(&[0.9], &[0.1], None);
        assert_eq!((none.upu_risk, none.proxy_accuracy), (None, None));
        assert!(close(none.lu_auc, 1.0));
        let empty = ValidationScores::of(&[], &[0.1], Some(0.5));
        assert_eq!(
            (empty.lu_auc, empty.upu_risk, empty.call_gap()),
            (None, None, None)
        );
    }

    /// P logits {2, 0.5}, U logits {1, −1}: ln((σ(1) + σ(−1))/2) = −ln 2 and
    /// mean_P ln σ = (−0.126928 − 0.474077)/2, as VPU's own loss test has it;
    /// the same logits shifted by a decision shift score the same.
    #[test]
    fn the_variational_loss_is_vpus_and_ignores_the_decision_shift() {
        let expected = -std::f64::consts::LN_2 + (0.126928 + 0.474077) / 2.0;
        let s = ValidationScores::of_logits(&[2.0, 0.5], &[1.0, -1.0], 0.0, None);
        assert!(
            close(s.variational_loss, expected),
            "{:?}",
            s.variational_loss
        );
        let shifted = ValidationScores::of_logits(&[3.5, 2.0], &[2.5, 0.5], 1.5, None);
        assert!(close(shifted.variational_loss, expected));
        // The other scores read the logits as given: probabilities σ(z).
        assert_eq!(shifted.lu_auc, Some(0.75));
        assert!(close(shifted.shares.map(|s| s.labeled_called), 1.0));
        // Φ underflows in f32 at these logits; the loss does not.
        let far = variational_loss(&[-100.0], &[-110.0, -120.0]).unwrap();
        assert!(
            (far - (-10.0 + ((1.0 + (-10.0f64).exp()) / 2.0).ln())).abs() < 1e-9,
            "{far}"
        );
        assert_eq!(variational_loss(&[], &[1.0]), None);
    }
}

//! Classifier objectives on logits g, with ŷ = sigmoid(g).

use burn::tensor::Tensor;
use burn::tensor::activation::sigmoid;

/// Mean binary cross-entropy of logits against targets in [0, 1].
///
/// With target 1 for labeled examples and the action a for unlabeled ones this
/// is eq. (8) (Weighter, soft a = w) and eq. (9) (Separator, hard a), averaged
/// over the mini-batch; with target s it is biased PU, with target y oracle PN.
/// Computed stably as max(g, 0) − g·t + log(1 + e^−|g|).
pub fn bce_with_logits(logits: Tensor<1>, targets: Tensor<1>) -> Tensor<1> {
    bce_terms(logits, targets).mean()
}

/// Σ wᵢ·BCE(gᵢ, tᵢ) / `normaliser`: a weighted cross-entropy (RankPruning's
/// re-weighting, PMPU's resampled subset, held-out rows at weight 0).
pub fn weighted_bce_with_logits(
    logits: Tensor<1>,
    targets: Tensor<1>,
    weights: Tensor<1>,
    normaliser: f64,
) -> Tensor<1> {
    (bce_terms(logits, targets) * weights)
        .sum()
        .div_scalar(normaliser.max(f64::MIN_POSITIVE))
}

/// Per-example cross-entropy, computed stably as max(g, 0) − g·t + log(1 + e^−|g|).
fn bce_terms(logits: Tensor<1>, targets: Tensor<1>) -> Tensor<1> {
    let stable_softplus = logits.clone().clamp_min(0.0) + logits.clone().abs().neg().exp().log1p();
    stable_softplus - logits * targets
}

/// Which PU risk estimator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RiskEstimator {
    /// uPU: π·E_P[ℓ(g)] − π·E_P[ℓ(−g)] + E_U[ℓ(−g)].
    Unbiased,
    /// nnPU: as uPU while the negative part E_U[ℓ(−g)] − π·E_P[ℓ(−g)] ≥ −β;
    /// below that, descend on −γ times the negative part instead (Kiryo et al. 2017, Alg. 1).
    NonNegative {
        /// β ≥ 0.
        beta: f64,
        /// γ in (0, 1].
        gamma: f64,
    },
}

/// The PU risk with the sigmoid loss ℓ(z) = sigmoid(−z), as Kiryo et al. use.
/// `labeled` is 1 for P and 0 for U; `n_labeled` and `n_unlabeled` count them
/// in the batch. Returns (objective to minimise, risk to report).
pub fn pu_risk(
    logits: Tensor<1>,
    labeled: Tensor<1>,
    n_labeled: usize,
    n_unlabeled: usize,
    prior: f64,
    estimator: RiskEstimator,
) -> (Tensor<1>, Tensor<1>) {
    let unlabeled = labeled.clone().neg().add_scalar(1.0);
    let loss_as_positive = sigmoid(logits.clone().neg());
    let loss_as_negative = sigmoid(logits);
    let mean_over = |values: Tensor<1>, mask: Tensor<1>, n: usize| {
        (values * mask).sum().div_scalar(n.max(1) as f64)
    };
    let positive_risk = mean_over(loss_as_positive, labeled.clone(), n_labeled).mul_scalar(prior);
    let negative_risk = mean_over(loss_as_negative.clone(), unlabeled, n_unlabeled)
        - mean_over(loss_as_negative, labeled, n_labeled).mul_scalar(prior);
    let risk = positive_risk + negative_risk.clone();
    match estimator {
        RiskEstimator::Unbiased => (risk.clone(), risk),
        RiskEstimator::NonNegative { beta, gamma } => {
            // 1 where the negative risk fell below −β; a constant, so no gradient flows through it.
            let corrects = negative_risk.clone().lower_elem(-beta).float().detach();
            let keeps = corrects.clone().neg().add_scalar(1.0);
            let objective = keeps * risk.clone() + corrects * negative_risk.mul_scalar(-gamma);
            (objective, risk)
        }
    }
}

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

#[cfg(test)]
mod tests {
    use burn::tensor::{Device, Tensor, TensorData};

    use super::*;

    fn vector(values: &[f32], device: &Device) -> Tensor<1> {
        Tensor::from_data(TensorData::new(values.to_vec(), [values.len()]), device)
    }

    fn scalar(t: Tensor<1>) -> f32 {
        t.into_data().try_to_vec::<f32>().unwrap()[0]
    }

    /// π = 0.5, P logits {2, 2}, U logits {−3, −3}: R̂p+ = σ(−2), R̂p− = σ(2),
    /// R̂u− = σ(−3), negative risk R̂u− − π·R̂p− ≈ −0.393 < 0 = −β.
    #[test]
    fn nnpu_corrects_a_negative_risk_and_upu_does_not() {
        let device = Device::flex().autodiff();
        let sig = |z: f32| 1.0 / (1.0 + (-z).exp());
        let negative = sig(-3.0) - 0.5 * sig(2.0);
        let upu = 0.5 * sig(-2.0) + negative;
        let run = |estimator| {
            let logits = vector(&[2.0, 2.0, -3.0, -3.0], &device).require_grad();
            let labeled = vector(&[1.0, 1.0, 0.0, 0.0], &device);
            let (objective, risk) = pu_risk(logits.clone(), labeled, 2, 2, 0.5, estimator);
            let grads = objective.clone().backward();
            let g = logits
                .grad(&grads)
                .unwrap()
                .into_data()
                .try_to_vec::<f32>()
                .unwrap();
            (scalar(objective), scalar(risk), g)
        };
        let (objective, risk, g) = run(RiskEstimator::Unbiased);
        assert!((objective - upu).abs() < 1e-6 && (risk - upu).abs() < 1e-6);
        // uPU descends on the positive term too: P logits are pushed up.
        assert!(g[0] < 0.0);
        let (objective, risk, g) = run(RiskEstimator::NonNegative {
            beta: 0.0,
            gamma: 1.0,
        });
        assert!(
            (objective + negative).abs() < 1e-6,
            "objective {objective}, −R̂n {}",
            -negative
        );
        assert!((risk - upu).abs() < 1e-6);
        // Descending on −R̂n lowers P's logits and raises U's.
        assert!(g[0] > 0.0 && g[1] > 0.0, "{g:?}");
        assert!(g[2] < 0.0 && g[3] < 0.0, "{g:?}");
    }

    #[test]
    fn nnpu_equals_upu_while_the_negative_risk_is_positive() {
        let device = Device::flex().autodiff();
        let logits = vector(&[1.0, 0.0, 1.0], &device);
        let labeled = vector(&[1.0, 0.0, 0.0], &device);
        let (upu, _) = pu_risk(
            logits.clone(),
            labeled.clone(),
            1,
            2,
            0.3,
            RiskEstimator::Unbiased,
        );
        let (nnpu, _) = pu_risk(
            logits,
            labeled,
            1,
            2,
            0.3,
            RiskEstimator::NonNegative {
                beta: 0.0,
                gamma: 1.0,
            },
        );
        assert!((scalar(upu) - scalar(nnpu)).abs() < 1e-7);
    }

    #[test]
    fn weighted_cross_entropy_ignores_weight_zero() {
        let device = Device::flex();
        let logits = vector(&[0.0, 50.0], &device);
        let targets = vector(&[1.0, 0.0], &device);
        let loss = weighted_bce_with_logits(logits, targets, vector(&[2.0, 0.0], &device), 1.0);
        assert!((scalar(loss) - 2.0 * std::f32::consts::LN_2).abs() < 1e-6);
    }
}

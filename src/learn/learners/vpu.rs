//! VPU (Chen, Liu, Wang, Zhao & Wu, "A Variational Approach for Learning
//! from Positive and Unlabeled Data", NeurIPS 2020): no class prior. The
//! network's sigmoid is Φ(x), read as P(y = 1 | x) up to a constant; the
//! variational loss
//!
//!   L_var = log E_U[Φ(x)] − E_P[log Φ(x)]
//!
//! is minimised where Φ is proportional to the posterior, and a mix-up
//! regulariser keeps Φ consistent between unlabeled rows and their mixes
//! with labeled ones: for x̃ = γ·x + (1 − γ)·x_p with γ ~ Beta(α, α), the
//! target is log(γ·Φ(x) + (1 − γ)) and the penalty its squared distance to
//! log Φ(x̃), weighted by λ. U is the unlabeled rows (the paper's sample of
//! the marginal). As the authors' code does, an example is classified by
//! Φ(x) / max Φ over the training rows ≥ ½; here the classifier's output
//! bias is shifted before each evaluation so that this rule is the
//! product's usual probability ≥ 0.5, and the validation's variational loss
//! (the authors' checkpoint rule, `--select-by variational-loss`) takes the
//! shift off again.

use burn::tensor::Tensor;
use burn::tensor::activation::log_sigmoid;

use super::{Method, Pending};
use crate::config::Stage;
use crate::learn::TrainError;
use crate::learn::context::{Batch, TrainContext, as_targets};
use crate::learn::conv_rows::index_tensor;
use crate::learn::device_data::logits_of;
use crate::learn::mixup::mix_rows;

/// α of the mix-up weight's Beta(α, α) (the paper's value).
const MIX_ALPHA: f64 = 0.3;
/// λ, the mix-up penalty's weight (the paper's value for F-MNIST).
const MIX_WEIGHT: f64 = 0.3;
/// Pushes labeled rows out of the log-mean-exp over U (their log Φ minus this).
const MASKED_OUT: f64 = 1e4;

/// VPU's state: the decision shift of the epoch's evaluation.
#[derive(Default)]
pub struct Vpu {
    /// The logit shift the last `before_evaluation` added to the output.
    shift: f32,
}

impl Vpu {
    async fn normalise(&mut self, ctx: &mut TrainContext) -> Result<(), TrainError> {
        let logits = logits_of(&ctx.classifier.inference(), &ctx.data.train_x).await?;
        crate::learn::check_finite(&logits, "the classifier's logits")?;
        let top = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        self.shift = decision_shift(top);
        ctx.classifier.shift_output(self.shift);
        Ok(())
    }
}

impl Method for Vpu {
    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        _stage: Stage,
        batch: Batch,
    ) -> Pending<'a> {
        let labeled: Vec<usize> = (0..batch.labeled.len())
            .filter(|&i| batch.labeled[i])
            .collect();
        let unlabeled: Vec<usize> = (0..batch.labeled.len())
            .filter(|&i| !batch.labeled[i])
            .collect();
        if labeled.is_empty() || unlabeled.is_empty() {
            // The loss compares P with U: a batch without both has nothing to say.
            return super::done();
        }
        let log_phi = log_sigmoid(ctx.classifier_logits(&batch.x));
        let mask = ctx.vector(as_targets(&batch.labeled)).autodiff();
        let variational = variational_loss(log_phi.clone(), mask, labeled.len(), unlabeled.len());
        let gamma = ctx.rng.beta(MIX_ALPHA, MIX_ALPHA);
        let partners: Vec<usize> = unlabeled
            .iter()
            .map(|_| labeled[ctx.rng.below(labeled.len() as u64) as usize])
            .collect();
        let mixed = mix_rows(&batch.x, &unlabeled, &partners, gamma);
        let log_phi_mixed = log_sigmoid(ctx.classifier_logits(&mixed));
        let index = index_tensor(&unlabeled, &log_phi.device());
        let log_phi_u = log_phi.select(0, index);
        let penalty = mix_penalty(log_phi_u, log_phi_mixed, gamma);
        ctx.tally.classifier_loss(variational.clone());
        ctx.classifier
            .descend(variational + penalty.mul_scalar(MIX_WEIGHT));
        super::done()
    }

    fn before_evaluation<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        _stage: Stage,
    ) -> Pending<'a> {
        Box::pin(self.normalise(ctx))
    }

    fn output_shift(&self) -> f32 {
        self.shift
    }
}

/// L_var = log mean_U Φ − mean_P log Φ from log Φ of a batch, `labeled` 1 for
/// P and 0 for U; the log-mean-exp is taken about its largest term.
pub fn variational_loss(
    log_phi: Tensor<1>,
    labeled: Tensor<1>,
    n_labeled: usize,
    n_unlabeled: usize,
) -> Tensor<1> {
    let n = log_phi.dims()[0];
    let over_u = log_phi.clone() - labeled.clone().mul_scalar(MASKED_OUT);
    let top = over_u.clone().max().detach();
    let log_mean_u = top.clone()
        + (over_u - top.expand([n]))
            .exp()
            .sum()
            .div_scalar(n_unlabeled.max(1) as f64)
            .log();
    let mean_log_p = (log_phi * labeled)
        .sum()
        .div_scalar(n_labeled.max(1) as f64);
    log_mean_u - mean_log_p
}

/// mean over the mixed rows of (log(γ·Φ(x) + 1 − γ) − log Φ(x̃))².
pub fn mix_penalty(log_phi: Tensor<1>, log_phi_mixed: Tensor<1>, gamma: f64) -> Tensor<1> {
    let target = log_phi
        .exp()
        .mul_scalar(gamma)
        .add_scalar(1.0 - gamma)
        .clamp_min(1e-30)
        .log();
    (target - log_phi_mixed).powi_scalar(2).mean()
}

/// The logit shift that puts VPU's decision Φ(x) / Φ_max ≥ ½ at logit 0:
/// minus the logit of Φ_max / 2, for the largest training logit `top`.
pub fn decision_shift(top: f32) -> f32 {
    let half_max = 0.5 / (1.0 + (-top as f64).exp());
    -(half_max / (1.0 - half_max)).ln() as f32
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    use super::*;
    use crate::learn::learners::test_tensors::{scalar, vector};

    /// P logits {2, 0.5}, U logits {1, −1}: log mean_U σ = ln((0.7311 + 0.2689)/2)
    /// = −0.6931, mean_P log σ = (−0.1269 − 0.4741)/2 = −0.3005; L = −0.3926.
    #[test]
    fn variational_loss_matches_a_hand_computation() {
        let device = Device::flex();
        let logits = vector(&[2.0, 1.0, 0.5, -1.0], &device);
        let labeled = vector(&[1.0, 0.0, 1.0, 0.0], &device);
        let loss = scalar(variational_loss(log_sigmoid(logits), labeled, 2, 2));
        let expected = -std::f64::consts::LN_2 + (0.126928 + 0.474077) / 2.0;
        assert!((loss - expected).abs() < 1e-4, "{loss} vs {expected}");
    }

    /// Very negative logits underflow Φ in f32; the log-mean-exp does not.
    #[test]
    fn variational_loss_is_finite_where_phi_underflows() {
        let device = Device::flex();
        let logits = vector(&[-100.0, -110.0, -120.0], &device);
        let labeled = vector(&[1.0, 0.0, 0.0], &device);
        let loss = scalar(variational_loss(log_sigmoid(logits), labeled, 1, 2));
        // ln((e^−110 + e^−120)/2) + 100 = −110 + ln((1 + e^−10)/2) + 100.
        let expected = -10.0 + ((1.0 + (-10.0f64).exp()) / 2.0).ln();
        assert!((loss - expected).abs() < 1e-3, "{loss} vs {expected}");
    }

    /// γ = 1 mixes nothing: the target is log Φ(x) itself, so equal inputs cost 0;
    /// γ = 0 targets log 1 = 0.
    #[test]
    fn mix_penalty_targets_the_mixed_posterior() {
        let device = Device::flex();
        let log_phi = vector(&[-0.5, -2.0], &device);
        assert!(scalar(mix_penalty(log_phi.clone(), log_phi.clone(), 1.0)).abs() < 1e-6);
        let zero = scalar(mix_penalty(log_phi.clone(), log_phi, 0.0));
        assert!((zero - (0.25 + 4.0) / 2.0).abs() < 1e-5, "{zero}");
    }

    /// Φ_max = 1 needs no shift; Φ_max = σ(0) = ½ puts the boundary at Φ = ¼,
    /// logit ln(1/3), so the shift is ln 3.
    #[test]
    fn the_shift_puts_half_the_largest_phi_at_logit_zero() {
        assert!(decision_shift(40.0).abs() < 1e-5);
        assert!((decision_shift(0.0) - 3f32.ln()).abs() < 1e-5);
    }
}

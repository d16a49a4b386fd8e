//! Dist-PU (Zhao, Xu, Jiang, Wen & Huang, "Dist-PU: Positive-Unlabeled
//! Learning from a Label Distribution Perspective", CVPR 2022): align the
//! predicted label distribution with the known one. With scores s = σ(g),
//!
//!   L_dist = (1 − mean_P s) + |mean_U s − π| / (2π)
//!
//! asks labeled rows to score 1 and U's mean score to equal the prior π (the
//! share of positives in U, estimated from the training rows). A warm-up
//! stage adds a small entropy penalty on U; the main stage starts from the
//! warm-up's scores as pseudo-labels and adds a ramped entropy penalty on U,
//! an entropy penalty on mixed rows and mix-up (rows of the batch mixed
//! with a Beta(6, 6) weight) against the mixed pseudo-labels, which are
//! refreshed with each batch's scores. Weights follow the authors' code;
//! logits are clamped to ±10 wherever a log of s is taken.

use burn::tensor::Tensor;
use burn::tensor::activation::sigmoid;

use super::{Method, Pending};
use crate::config::Stage;
use crate::learn::TrainError;
use crate::learn::context::{Batch, TrainContext, as_targets};
use crate::learn::device_data::{probabilities, read_vec};
use crate::learn::losses::bce_with_logits;
use crate::learn::mixup::mix_rows;

/// Entropy weight on U in the warm-up.
const WARMUP_ENTROPY: f64 = 2e-3;
/// Final weight of the ramped entropy on U in the main stage.
const ENTROPY: f64 = 4e-3;
/// Entropy weight on the mixed rows.
const MIX_ENTROPY: f64 = 0.04;
/// Weight of the mix-up cross-entropy.
const MIX_WEIGHT: f64 = 5.0;
/// α of the mix-up weight's Beta(α, α).
const MIX_ALPHA: f64 = 6.0;
/// Logits are clamped to ±this before a log of s or 1 − s.
const CLAMP: f64 = 10.0;

/// Dist-PU's state: its prior and the pseudo-labels of the main stage.
pub struct DistPu {
    prior: f64,
    pseudo: Vec<f32>,
    main_epoch: usize,
}

impl DistPu {
    /// With the run's class prior, which Dist-PU needs.
    pub fn new(ctx: &TrainContext) -> Result<Self, TrainError> {
        let prior = ctx.prior.ok_or_else(|| {
            TrainError::Config(
                "Dist-PU needs the class prior (the share of positives in U); none was estimated"
                    .into(),
            )
        })?;
        Ok(DistPu {
            prior,
            pseudo: Vec::new(),
            main_epoch: 0,
        })
    }

    fn warmup_step(&mut self, ctx: &mut TrainContext, batch: &Batch) {
        let (n_l, n_u) = counts(&batch.labeled);
        let logits = ctx.classifier_logits(&batch.x);
        let mask = ctx.vector(as_targets(&batch.labeled)).autodiff();
        let dist = distribution_loss(logits.clone(), mask.clone(), n_l, n_u, self.prior);
        let entropy = mean_entropy(logits.clamp(-CLAMP, CLAMP), mask.neg().add_scalar(1.0), n_u);
        ctx.tally.classifier_loss(dist.clone());
        ctx.classifier
            .descend(dist + entropy.mul_scalar(WARMUP_ENTROPY));
    }

    async fn main_step(&mut self, ctx: &mut TrainContext, batch: Batch) -> Result<(), TrainError> {
        if self.pseudo.is_empty() {
            self.pseudo = probabilities(&ctx.classifier.inference(), &ctx.data.train_x).await?;
        }
        let (n_l, n_u) = counts(&batch.labeled);
        let logits = ctx.classifier_logits(&batch.x).clamp(-CLAMP, CLAMP);
        let scores = read_vec(sigmoid(logits.clone().detach()).inner()).await?;
        crate::learn::check_finite(&scores, "the classifier's scores")?;
        let targets: Vec<f32> = batch
            .indices
            .iter()
            .zip(&batch.labeled)
            .map(|(&i, &s)| if s { 1.0 } else { self.pseudo[i] })
            .collect();
        let rows: Vec<usize> = (0..batch.labeled.len()).collect();
        let mut partners = rows.clone();
        ctx.rng.shuffle(&mut partners);
        let gamma = ctx.rng.beta(MIX_ALPHA, MIX_ALPHA);
        let mixed_targets: Vec<f32> = rows
            .iter()
            .zip(&partners)
            .map(|(&a, &b)| (gamma * targets[a] as f64 + (1.0 - gamma) * targets[b] as f64) as f32)
            .collect();
        let mixed_logits = ctx
            .classifier_logits(&mix_rows(&batch.x, &rows, &partners, gamma))
            .clamp(-CLAMP, CLAMP);
        let mask = ctx.vector(as_targets(&batch.labeled)).autodiff();
        let dist = distribution_loss(logits.clone(), mask.clone(), n_l, n_u, self.prior);
        let entropy_u = mean_entropy(logits, mask.neg().add_scalar(1.0), n_u);
        let all = ctx.vector(vec![1.0; rows.len()]).autodiff();
        let entropy_mixed = mean_entropy(mixed_logits.clone(), all, rows.len());
        let mix = bce_with_logits(mixed_logits, ctx.vector(mixed_targets).autodiff());
        let loss = dist.clone()
            + entropy_u.mul_scalar(self.entropy_weight(ctx))
            + entropy_mixed.mul_scalar(MIX_ENTROPY)
            + mix.mul_scalar(MIX_WEIGHT);
        ctx.tally.classifier_loss(dist);
        ctx.classifier.descend(loss);
        for (&i, &s) in batch.indices.iter().zip(&scores) {
            self.pseudo[i] = s;
        }
        Ok(())
    }

    /// ENTROPY·(1 − cos(e/E·π/2)) in the main stage's epoch e of E.
    fn entropy_weight(&self, ctx: &TrainContext) -> f64 {
        let epochs = (ctx.config.learner.spec().stages)(&ctx.config)
            .iter()
            .find(|span| span.stage == Stage::Train)
            .map_or(1, |span| span.epochs.max(1)) as f64;
        ENTROPY * (1.0 - (self.main_epoch as f64 / epochs * std::f64::consts::FRAC_PI_2).cos())
    }
}

impl Method for DistPu {
    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        stage: Stage,
        batch: Batch,
    ) -> Pending<'a> {
        if stage == Stage::Warmup {
            self.warmup_step(ctx, &batch);
            super::done()
        } else {
            Box::pin(self.main_step(ctx, batch))
        }
    }

    fn end_epoch<'a>(
        &'a mut self,
        _ctx: &'a mut TrainContext,
        stage: Stage,
        _epoch: usize,
    ) -> Pending<'a> {
        if stage == Stage::Train {
            self.main_epoch += 1;
        }
        super::done()
    }
}

fn counts(labeled: &[bool]) -> (usize, usize) {
    let n_l = labeled.iter().filter(|s| **s).count();
    (n_l, labeled.len() - n_l)
}

/// L_dist = (1 − mean_P σ(g)) + |mean_U σ(g) − π| / (2π), `labeled` 1 for P
/// and 0 for U; a term whose rows are absent is 0.
pub fn distribution_loss(
    logits: Tensor<1>,
    labeled: Tensor<1>,
    n_labeled: usize,
    n_unlabeled: usize,
    prior: f64,
) -> Tensor<1> {
    let s = sigmoid(logits);
    let unlabeled = labeled.clone().neg().add_scalar(1.0);
    let mean_p = (s.clone() * labeled)
        .sum()
        .div_scalar(n_labeled.max(1) as f64);
    let mean_u = (s * unlabeled).sum().div_scalar(n_unlabeled.max(1) as f64);
    let positive = if n_labeled > 0 {
        mean_p.neg().add_scalar(1.0)
    } else {
        mean_p.mul_scalar(0.0)
    };
    let unlabeled_term = if n_unlabeled > 0 {
        mean_u.sub_scalar(prior).abs().div_scalar(2.0 * prior)
    } else {
        mean_u.mul_scalar(0.0)
    };
    positive + unlabeled_term
}

/// −mean over the rows `mask` marks (of `n`) of s·ln s + (1 − s)·ln(1 − s), s = σ(g).
pub fn mean_entropy(logits: Tensor<1>, mask: Tensor<1>, n: usize) -> Tensor<1> {
    let s = sigmoid(logits);
    let one_minus = s.clone().neg().add_scalar(1.0);
    let terms = s.clone() * s.log() + one_minus.clone() * one_minus.log();
    (terms * mask).sum().div_scalar(n.max(1) as f64).neg()
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    use super::*;
    use crate::learn::learners::test_tensors::{scalar, vector};

    /// π = 0.4, P logits {2, 0.5}, U logits {1, −1}: 1 − mean σ_P = 0.248372,
    /// |0.5 − 0.4| / 0.8 = 0.125: L = 0.3734; U's entropy 0.582203.
    #[test]
    fn distribution_loss_and_entropy_match_a_hand_computation() {
        let device = Device::flex();
        let logits = vector(&[2.0, 1.0, 0.5, -1.0], &device);
        let labeled = vector(&[1.0, 0.0, 1.0, 0.0], &device);
        let dist = scalar(distribution_loss(
            logits.clone(),
            labeled.clone(),
            2,
            2,
            0.4,
        ));
        assert!((dist - 0.373372).abs() < 1e-4, "{dist}");
        let unlabeled = vector(&[0.0, 1.0, 0.0, 1.0], &device);
        let entropy = scalar(mean_entropy(logits, unlabeled, 2));
        assert!((entropy - 0.582203).abs() < 1e-4, "{entropy}");
    }

    /// U's mean below π: P {3, −0.5}, U {−1, −2, 0.5}: 0.334943 + 0.063132 / 0.8.
    #[test]
    fn distribution_loss_counts_a_shortfall_of_u_too() {
        let device = Device::flex();
        let logits = vector(&[3.0, -0.5, -1.0, -2.0, 0.5], &device);
        let labeled = vector(&[1.0, 1.0, 0.0, 0.0, 0.0], &device);
        let dist = scalar(distribution_loss(logits, labeled, 2, 3, 0.4));
        assert!((dist - 0.413858).abs() < 1e-4, "{dist}");
    }
}

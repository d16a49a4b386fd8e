//! PMPU (Gong, Wang, Ye, Xu & Lin, "Margin Based PU Learning", AAAI 2018)
//! as the policyPU paper adapts it to mini-batches: after a warm-up as biased
//! PU, each mini-batch takes the large-positive-margin oracle τ as the lowest
//! logit among its labeled positives, resamples 3/4 of its unlabeled
//! examples, labels each of them positive if its logit reaches τ and negative
//! otherwise, and trains on the labeled positives and that sample.
//!
//! Only the original's abstract could be read; the margin rule and the
//! resampling follow the policyPU paper's description (Section V).

use super::{Method, Pending};
use crate::config::Stage;
use crate::learn::TrainError;
use crate::learn::context::{Batch, TrainContext, as_targets};
use crate::learn::device_data::read_vec;
use crate::rng::PortableRng;

/// PMPU's state: the last τ seen.
pub struct Pmpu {
    resample: f64,
    tau: Option<f32>,
}

impl Pmpu {
    /// With the configuration's resampling share (its warm-up is a stage of its spec).
    pub fn new(ctx: &TrainContext) -> Self {
        Pmpu {
            resample: ctx.config.baselines.pmpu_resample,
            tau: None,
        }
    }

    async fn margin_step(
        &mut self,
        ctx: &mut TrainContext,
        batch: Batch,
    ) -> Result<(), TrainError> {
        let logits = ctx.classifier_logits(&batch.x);
        let values = read_vec(logits.clone().detach().inner()).await?;
        crate::learn::check_finite(&values, "the classifier's logits")?;
        let (tau, targets, weights) = margin_labels(
            &values,
            &batch.labeled,
            self.tau,
            self.resample,
            &mut ctx.rng,
        );
        self.tau = tau;
        let included = weights.iter().filter(|w| **w > 0.0).count() as f64;
        ctx.fit_weighted(logits, targets, weights, included);
        Ok(())
    }
}

impl Method for Pmpu {
    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        stage: Stage,
        batch: Batch,
    ) -> Pending<'a> {
        if stage == Stage::PretrainClassifier {
            ctx.fit_classifier(&batch.x, as_targets(&batch.labeled));
            super::done()
        } else {
            Box::pin(self.margin_step(ctx, batch))
        }
    }
}

/// One mini-batch's margin labels: τ = the lowest labeled logit (the previous
/// τ when the batch has no labeled example); a sample of ⌈share·|U|⌉ of the
/// batch's unlabeled examples labeled 1 where logit ≥ τ; weights 1 for the
/// labeled examples and the sample, 0 for the rest. Returns (τ, targets, weights).
pub fn margin_labels(
    logits: &[f32],
    labeled: &[bool],
    previous_tau: Option<f32>,
    share: f64,
    rng: &mut PortableRng,
) -> (Option<f32>, Vec<f32>, Vec<f32>) {
    let tau = logits
        .iter()
        .zip(labeled)
        .filter(|(_, s)| **s)
        .map(|(g, _)| *g)
        .reduce(f32::min)
        .or(previous_tau);
    let unlabeled: Vec<usize> = (0..labeled.len()).filter(|&i| !labeled[i]).collect();
    let k = ((share * unlabeled.len() as f64).ceil() as usize).min(unlabeled.len());
    let mut weights: Vec<f32> = as_targets(labeled);
    let mut targets = weights.clone();
    for i in rng.sample(&unlabeled, k) {
        weights[i] = 1.0;
        targets[i] = match tau {
            Some(t) if logits[i] >= t => 1.0,
            _ => 0.0,
        };
    }
    (tau, targets, weights)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_by_the_lowest_labeled_margin_on_three_quarters_of_u() {
        // Labeled logits 2, 3 → τ = 2. Unlabeled: 2.5 and 4 positive, −1 and 0 negative.
        let logits = [2.0, 3.0, 2.5, 4.0, -1.0, 0.0, 1.0, -2.0];
        let labeled = [true, true, false, false, false, false, false, false];
        let (tau, targets, weights) =
            margin_labels(&logits, &labeled, None, 0.75, &mut PortableRng::new(1, 0));
        assert_eq!(tau, Some(2.0));
        assert_eq!(weights.iter().filter(|w| **w > 0.0).count(), 2 + 5); // ⌈0.75·6⌉ = 5
        for i in 2..8 {
            if weights[i] > 0.0 {
                assert_eq!(
                    targets[i],
                    if logits[i] >= 2.0 { 1.0 } else { 0.0 },
                    "row {i}"
                );
            }
        }
        assert_eq!(&targets[..2], &[1.0, 1.0]);
    }

    #[test]
    fn a_batch_without_labeled_rows_keeps_the_previous_margin() {
        let (tau, targets, _) = margin_labels(
            &[5.0, 0.0],
            &[false, false],
            Some(1.0),
            1.0,
            &mut PortableRng::new(1, 0),
        );
        assert_eq!(tau, Some(1.0));
        assert_eq!(targets, vec![1.0, 0.0]);
        let (none, targets, _) =
            margin_labels(&[5.0], &[false], None, 1.0, &mut PortableRng::new(1, 0));
        assert_eq!((none, targets), (None, vec![0.0]));
    }
}

//! The epoch a run keeps. After each epoch of the learner's own training
//! ([`Stage::is_own_training`]) the classifier is scored on the PU
//! validation split; the classifier of the epoch the run's criterion ranks
//! first is kept, with its test-set scores, and is what the run exports
//! (`selection`).

use burn::tensor::Tensor;

use super::TrainError;
use super::device_data::{logits_of, probabilities};
use super::network::Network;
use crate::config::Stage;
use crate::metrics::roc_auc;
use crate::report::Selection;
use crate::selection::scores::sigmoid_of;
use crate::selection::{Criterion, ValidationScores, improves};

/// The best epoch so far and the validation rows that judge it.
pub struct Checkpoint {
    criterion: Criterion,
    /// The validation rows on the device, when the split has usable ones.
    rows: Option<Tensor<2>>,
    labeled: Vec<bool>,
    /// The rows' hidden classes, for the analysis score only.
    truth: Option<Vec<bool>>,
    best: Option<Kept>,
}

/// A kept epoch.
struct Kept {
    selection: Selection,
    classifier: Network,
    test_scores: Vec<f32>,
    /// Its probabilities on the training U rows, where the trainer kept
    /// them (a test set without negatives); else empty.
    unlabeled_scores: Vec<f32>,
}

impl Checkpoint {
    /// Judge by `criterion` on validation rows `rows` (`None`: the split has
    /// none) whose labeled flags are `labeled` and hidden classes `truth`.
    pub fn new(
        criterion: Criterion,
        rows: Option<Tensor<2>>,
        labeled: Vec<bool>,
        truth: Option<Vec<bool>>,
    ) -> Self {
        Checkpoint {
            criterion,
            rows,
            labeled,
            truth,
            best: None,
        }
    }

    /// The PU-only scores of `classifier` on the validation rows, assuming
    /// the class prior `prior`, its output shifted by `shift` for the
    /// learner's decision point (VPU; else 0); `None` without validation rows.
    pub async fn score(
        &self,
        classifier: &Network,
        prior: Option<f64>,
        shift: f32,
    ) -> Result<Option<ValidationScores>, TrainError> {
        let Some(rows) = &self.rows else {
            return Ok(None);
        };
        let logits = logits_of(classifier, rows).await?;
        let side = |s: bool| -> Vec<f32> {
            logits
                .iter()
                .zip(&self.labeled)
                .filter(|(_, l)| **l == s)
                .map(|(g, _)| *g)
                .collect()
        };
        let truth_auc = self
            .truth
            .as_ref()
            .and_then(|t| roc_auc(&sigmoid_of(&logits), t));
        Ok(Some(ValidationScores {
            truth_auc,
            ..ValidationScores::of_logits(&side(true), &side(false), shift, prior)
        }))
    }

    /// Whether an epoch with `scores` would be kept: its criterion's value
    /// ranks above every earlier epoch's.
    pub fn would_keep(&self, scores: &ValidationScores) -> bool {
        self.value_if_kept(scores).is_some()
    }

    /// The criterion's value for `scores` when it ranks above every earlier
    /// epoch's; else `None`.
    fn value_if_kept(&self, scores: &ValidationScores) -> Option<f64> {
        let best = self.best.as_ref().map(|k| k.selection.value);
        self.criterion
            .value(scores)
            .filter(|&value| improves(value, best))
    }

    /// Keep `classifier` (epoch `epoch` of stage `stage`, with
    /// `test_scores` and `unlabeled_scores`, its probabilities on the test
    /// and the training U rows) if `scores` rank it above every earlier
    /// epoch.
    pub fn offer(
        &mut self,
        stage: Stage,
        epoch: usize,
        scores: &ValidationScores,
        classifier: impl FnOnce() -> Network,
        test_scores: &[f32],
        unlabeled_scores: &[f32],
    ) {
        if let Some(value) = self.value_if_kept(scores) {
            self.best = Some(Kept {
                selection: Selection {
                    stage,
                    epoch,
                    criterion: self.criterion,
                    value,
                },
                classifier: classifier(),
                test_scores: test_scores.to_vec(),
                unlabeled_scores: unlabeled_scores.to_vec(),
            });
        }
    }

    /// The kept epoch, if one was chosen.
    pub fn selection(&self) -> Option<Selection> {
        self.best.as_ref().map(|k| k.selection)
    }

    /// The kept epoch's classifier.
    pub fn classifier(&self) -> Option<&Network> {
        self.best.as_ref().map(|k| &k.classifier)
    }

    /// The kept epoch's test-set probabilities.
    pub fn test_scores(&self) -> Option<&[f32]> {
        self.best.as_ref().map(|k| k.test_scores.as_slice())
    }

    /// The kept epoch's probabilities on the training U rows, as offered.
    pub fn unlabeled_scores(&self) -> Option<&[f32]> {
        self.best.as_ref().map(|k| k.unlabeled_scores.as_slice())
    }

    /// The kept classifier's probabilities on the validation rows, each
    /// with its labeled flag; `None` when no epoch was kept.
    pub async fn kept_validation_probabilities(
        &self,
    ) -> Result<Option<Vec<(f32, bool)>>, TrainError> {
        let (Some(rows), Some(kept)) = (&self.rows, &self.best) else {
            return Ok(None);
        };
        let p = probabilities(&kept.classifier, rows).await?;
        Ok(Some(
            p.into_iter().zip(self.labeled.iter().copied()).collect(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    use super::*;
    use crate::learn::network::test_classifier;
    use crate::rng::PortableRng;

    /// VPU shifts its output for its decision point; the variational loss
    /// takes that shift off and judges the network as trained, while the
    /// call gap reads the shifted probabilities the run classifies with.
    #[test]
    fn the_variational_loss_judges_the_network_before_its_decision_shift() {
        let device = Device::flex();
        let net = test_classifier(2, &mut PortableRng::new(3, 0), &device);
        let rows = Tensor::<2>::from_floats(
            [
                [1.0, 0.5],
                [0.8, -0.2],
                [-1.0, 0.3],
                [0.2, -0.9],
                [-0.4, -0.6],
            ],
            &device,
        );
        let checkpoint = Checkpoint::new(
            Criterion::VariationalLoss,
            Some(rows),
            vec![true, true, false, false, false],
            None,
        );
        let score = |net: &Network, shift: f32| {
            pollster::block_on(checkpoint.score(net, None, shift))
                .unwrap()
                .unwrap()
        };
        let as_trained = score(&net, 0.0);
        let shifted = score(&net.clone().with_output_shift(4.0), 4.0);
        let (a, b) = (
            as_trained.variational_loss.unwrap(),
            shifted.variational_loss.unwrap(),
        );
        assert!((a - b).abs() < 1e-5, "{a} against {b}");
        // Unshifted, the loss would read the shifted Φ: another value.
        let unaware = score(&net.clone().with_output_shift(4.0), 0.0);
        assert!((unaware.variational_loss.unwrap() - a).abs() > 1e-3);
        assert_eq!(shifted.lu_auc, as_trained.lu_auc, "a shift keeps the order");
        assert_eq!(
            shifted.call_gap(),
            Some(0.0),
            "a shift of 4 calls every row positive"
        );
    }
}

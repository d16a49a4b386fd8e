//! The epoch a run keeps. After each epoch of the learner's own training
//! ([`Stage::is_own_training`]) the classifier is scored on the PU
//! validation split; the classifier of the epoch the run's criterion ranks
//! first is kept, with its test-set scores, and is what the run exports
//! (`selection`).

use burn::tensor::Tensor;

use super::TrainError;
use super::device_data::probabilities;
use super::network::Network;
use crate::config::Stage;
use crate::metrics::roc_auc;
use crate::report::Selection;
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
    /// the class prior `prior`; `None` without validation rows.
    pub async fn score(
        &self,
        classifier: &Network,
        prior: Option<f64>,
    ) -> Result<Option<ValidationScores>, TrainError> {
        let Some(rows) = &self.rows else {
            return Ok(None);
        };
        let p = probabilities(classifier, rows).await?;
        let side = |s: bool| -> Vec<f32> {
            p.iter()
                .zip(&self.labeled)
                .filter(|(_, l)| **l == s)
                .map(|(p, _)| *p)
                .collect()
        };
        Ok(Some(ValidationScores {
            truth_auc: self.truth.as_ref().and_then(|t| roc_auc(&p, t)),
            ..ValidationScores::of(&side(true), &side(false), prior)
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

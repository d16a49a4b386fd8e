//! The stages of a run: what each learner's spec says it trains, in which
//! order, for how many epochs and on which training rows.

use serde::{Deserialize, Serialize};

/// A stage of training.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// policyPU pre-training of the classifier on P vs U (U as negative),
    /// and PMPU's warm-up as biased PU.
    PretrainClassifier,
    /// Dist-PU's warm-up on its own distribution loss, before its mix-up stage.
    Warmup,
    /// policyPU pre-training of the policy on the classifier's predictions.
    PretrainPolicy,
    /// RankPruning's cross-validation: one classifier per fold scores the held-out fold.
    CrossValidate,
    /// The learner's own training.
    Train,
}

impl Stage {
    /// Short label for progress lines.
    pub fn label(self) -> &'static str {
        match self {
            Stage::PretrainClassifier => "pre-train classifier",
            Stage::Warmup => "warm-up",
            Stage::PretrainPolicy => "pre-train policy",
            Stage::CrossValidate => "cross-validate",
            Stage::Train => "train",
        }
    }

    /// "training epoch 12", or "warm-up epoch 4" for another stage's.
    pub fn epoch_name(self, epoch: usize) -> String {
        match self {
            Stage::Train => format!("training epoch {epoch}"),
            other => format!("{} epoch {epoch}", other.label()),
        }
    }

    /// True for an epoch of the learner's own training (its loss, not a
    /// pre-training or cross-validation): what the checkpoint judges and the
    /// epoch choice ranks. Dist-PU's warm-up is one; policyPU's and PMPU's
    /// biased-PU pre-training is not.
    pub fn is_own_training(self) -> bool {
        matches!(self, Stage::Warmup | Stage::Train)
    }
}

/// The training rows each epoch of a stage covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpochRows {
    /// Every training row.
    All,
    /// Cross-validation: labeled and unlabeled rows are each dealt into
    /// `folds` folds in turn, and each run of `fold_epochs` epochs trains on
    /// every row outside one fold.
    OutOfFold {
        /// Number of folds.
        folds: usize,
        /// Epochs each fold's classifier trains.
        fold_epochs: usize,
    },
    /// The rows an earlier stage kept (RankPruning's pruning): at most all,
    /// known only once that stage has run.
    Kept,
}

/// One stage of a run: what it trains, for how many epochs, on which rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageSpan {
    /// The stage.
    pub stage: Stage,
    /// Its length in epochs (a stage of none is skipped).
    pub epochs: usize,
    /// The rows each of its epochs covers.
    pub rows: EpochRows,
}

impl StageSpan {
    /// A stage whose every epoch covers all training rows.
    pub fn all_rows(stage: Stage, epochs: usize) -> Self {
        StageSpan {
            stage,
            epochs,
            rows: EpochRows::All,
        }
    }
}

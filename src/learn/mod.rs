//! Learning: networks, learners and the step-wise [`Trainer`]. The only
//! layer that links Burn; it compiles natively and for wasm32 alike.

pub mod action;
mod batch_norm_rows;
pub mod bench;
pub mod checkpoint;
pub mod context;
mod conv_rows;
pub mod device_data;
pub mod learners;
pub mod losses;
mod mixup;
pub mod network;
pub mod reward;
pub mod saved_classifier;
pub mod schedule;
pub mod score_csv;
pub mod tally;
pub mod trained;
pub mod trainer;

pub use trainer::Trainer;

/// Why a run cannot start or go on.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TrainError {
    /// The configuration does not fit the data or is out of range.
    #[error("{0}")]
    Config(String),
    /// The device failed (lost GPU, failed read-back).
    #[error("{0}")]
    Device(String),
    /// Training blew up: a loss, logit or reward is no longer a finite number.
    #[error(
        "training diverged: {0}. Lower the learning rates (or raise the batch size) and train again"
    )]
    Diverged(String),
    /// A step timing ran out of steps: the run ended before the steps asked
    /// for were timed (the step that ends an epoch also evaluates and is
    /// not timed).
    #[error(
        "the run ended after {timed} of the {asked} timed steps asked for: the step that ends \
         an epoch also evaluates and is not timed, and this run has too few other steps \
         (mini-batches of {batch})"
    )]
    TooShortToTime {
        /// Steps timed before the run ended.
        timed: usize,
        /// Steps asked for.
        asked: usize,
        /// The mini-batch size.
        batch: usize,
    },
}

impl From<crate::plan::PlanError> for TrainError {
    fn from(e: crate::plan::PlanError) -> Self {
        TrainError::Config(e.0)
    }
}

/// A [`TrainError::Diverged`] naming `what` if any value is NaN or infinite.
pub fn check_finite(values: &[f32], what: &str) -> Result<(), TrainError> {
    if values.iter().all(|v| v.is_finite()) {
        Ok(())
    } else {
        Err(TrainError::Diverged(format!(
            "{what} are no longer finite numbers"
        )))
    }
}

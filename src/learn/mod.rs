//! Learning: networks, learners and the step-wise [`Trainer`]. The only
//! layer that links Burn; it compiles natively and for wasm32 alike.

pub mod action;
mod batch_norm_rows;
pub mod bench;
pub mod context;
mod conv_rows;
pub mod device_data;
pub mod learners;
pub mod losses;
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

/// A small synthetic split for the learning layer's unit tests: two
/// Gaussian classes in 4 dimensions, 40 labeled positives, U of 120 with ρ = 0.5.
#[cfg(test)]
pub(crate) fn tiny_split() -> crate::split::PuSplit {
    use crate::rng::PortableRng;
    let mut rng = PortableRng::new(5, 0);
    let mut row = |positive: bool| -> Vec<f32> {
        let centre = if positive { 1.5 } else { -1.5 };
        (0..4).map(|_| (centre + rng.normal()) as f32).collect()
    };
    let truth: Vec<bool> = (0..160).map(|i| i < 40 || i % 2 == 0).collect();
    let test_y: Vec<bool> = (0..60).map(|i| i % 2 == 0).collect();
    crate::split::PuSplit {
        shape: crate::data::FeatureShape::Vector { dim: 4 },
        train_x: truth.iter().flat_map(|&y| row(y)).collect(),
        train_labeled: (0..160).map(|i| i < 40).collect(),
        train_truth: Some(truth),
        train_source: (0..160).collect(),
        test_x: test_y.iter().flat_map(|&y| row(y)).collect(),
        test_y,
        prior: Some(0.5),
        notes: Vec::new(),
        tabular: None,
    }
}

//! Learning: networks, learners and the step-wise [`Trainer`]. The only
//! layer that links Burn; it compiles natively and for wasm32 alike.

pub mod action;
pub mod device_data;
pub mod losses;
pub mod network;
pub mod reward;
pub mod saved_classifier;
pub mod schedule;
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
}

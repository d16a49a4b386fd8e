//! How the rows of a CSV file become a model's inputs: which columns, in
//! which order, standardised with which statistics.

use serde::{Deserialize, Serialize};

use super::standardise::Standardiser;

/// The feature columns a model reads, in input order, and the standardiser
/// fitted on its training rows. Scoring new rows exactly as in training
/// means reading these columns in this order and applying this standardiser.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TabularFeatures {
    /// Names of the feature columns, in the order of the model's inputs.
    pub names: Vec<String>,
    /// Mean and standard deviation of each feature over the training rows.
    pub standardiser: Standardiser,
}

impl TabularFeatures {
    /// Number of features, the model's input width.
    pub fn dim(&self) -> usize {
        self.names.len()
    }
}

//! Optimal PN: the classifier trained on the true labels, the ceiling every
//! PU learner is measured against.

use super::{Method, Pending};
use crate::config::Stage;
use crate::learn::TrainError;
use crate::learn::context::{Batch, TrainContext, as_targets};

/// Cross-entropy of the true class y.
pub struct OraclePn {
    truth: Vec<bool>,
}

impl OraclePn {
    /// Needs the split's ground truth.
    pub fn new(ctx: &TrainContext) -> Result<Self, TrainError> {
        let truth = ctx.truth.clone().ok_or_else(|| {
            TrainError::Config(
                "optimal PN trains on the true labels, and this data has no ground-truth column"
                    .into(),
            )
        })?;
        Ok(OraclePn { truth })
    }
}

impl Method for OraclePn {
    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        _stage: Stage,
        batch: Batch,
    ) -> Pending<'a> {
        let y: Vec<bool> = batch.indices.iter().map(|&i| self.truth[i]).collect();
        ctx.fit_classifier(&batch.x, as_targets(&y));
        super::done()
    }
}

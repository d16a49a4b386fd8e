//! Biased PU: unlabeled examples taken as negatives.

use super::{Method, Pending};
use crate::config::Stage;
use crate::learn::context::{Batch, TrainContext, as_targets};

/// Cross-entropy of s: labeled 1, unlabeled 0.
pub struct BiasedPu;

impl Method for BiasedPu {
    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        _stage: Stage,
        batch: Batch,
    ) -> Pending<'a> {
        ctx.fit_classifier(&batch.x, as_targets(&batch.labeled));
        super::done()
    }
}

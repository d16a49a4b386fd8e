//! Biased PU: unlabeled examples taken as negatives.

use super::{Method, Pending};
use crate::learn::context::{Batch, TrainContext, as_targets};
use crate::report::Stage;

/// Cross-entropy of s: labeled 1, unlabeled 0.
pub struct BiasedPu {
    /// Training epochs.
    pub epochs: usize,
}

impl Method for BiasedPu {
    fn stages(&self) -> Vec<(Stage, usize)> {
        vec![(Stage::Train, self.epochs)]
    }

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

//! uPU (du Plessis et al. 2015) and nnPU (Kiryo et al. 2017): the PN risk
//! rewritten with the class prior π so that it needs no negatives. Every
//! nnPU row of the tables (true π, TIcE, KM2, Elkan–Noto) is this learner;
//! only where π comes from differs, and the trainer settles that.

use super::{Method, Pending};
use crate::config::Stage;
use crate::learn::TrainError;
use crate::learn::context::{Batch, TrainContext, as_targets};
use crate::learn::losses::{RiskEstimator, pu_risk};

/// A PU-risk learner with its prior.
pub struct RiskPu {
    prior: f64,
    estimator: RiskEstimator,
}

impl RiskPu {
    /// uPU.
    pub fn unbiased(ctx: &TrainContext) -> Result<Self, TrainError> {
        Self::with(ctx, RiskEstimator::Unbiased)
    }

    /// nnPU with the configuration's β and γ.
    pub fn non_negative(ctx: &TrainContext) -> Result<Self, TrainError> {
        let n = &ctx.config.nnpu;
        Self::with(
            ctx,
            RiskEstimator::NonNegative {
                beta: n.beta,
                gamma: n.gamma,
            },
        )
    }

    fn with(ctx: &TrainContext, estimator: RiskEstimator) -> Result<Self, TrainError> {
        let prior = ctx.prior.ok_or_else(|| {
            TrainError::Config(format!(
                "{} needs the class prior (the share of positives in U); this data does not reveal it, \
                 so give it in the nnPU settings or use an estimated prior (TIcE+nnPU, KM2+nnPU)",
                ctx.config.learner.name()
            ))
        })?;
        Ok(RiskPu { prior, estimator })
    }
}

impl Method for RiskPu {
    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        _stage: Stage,
        batch: Batch,
    ) -> Pending<'a> {
        let n_labeled = batch.labeled.iter().filter(|s| **s).count();
        let logits = ctx.classifier_logits(&batch.x);
        let mask = ctx.vector(as_targets(&batch.labeled)).autodiff();
        let (objective, risk) = pu_risk(
            logits,
            mask,
            n_labeled,
            batch.labeled.len() - n_labeled,
            self.prior,
            self.estimator,
        );
        ctx.tally.classifier_loss(risk);
        ctx.classifier.descend(objective);
        super::done()
    }
}

//! One file per learning method, each behind [`Method`]: what it trains in
//! each stage, on which rows, and what it does between epochs. Its stages and
//! needs are its spec in [`crate::config::learner`]; the
//! [`Trainer`](super::Trainer) only schedules, batches, evaluates and reports.

mod biased_pu;
mod dist_pu;
mod oracle_pn;
mod pmpu;
mod policy_pu;
mod policy_update;
mod rank_pruning;
mod risk_pu;
mod vpu;

use std::future::Future;
use std::pin::Pin;

use super::TrainError;
use super::context::{Batch, TrainContext};
use super::network::Network;
use crate::config::Learner;
use crate::config::Stage;

pub use pmpu::margin_labels;
pub use rank_pruning::{PruningPlan, prune_plan};

/// A step that may read back from the device, so it is asynchronous.
pub type Pending<'a> = Pin<Box<dyn Future<Output = Result<(), TrainError>> + 'a>>;

/// Nothing to wait for.
fn done<'a>() -> Pending<'a> {
    Box::pin(std::future::ready(Ok(())))
}

/// A learning method, driven one mini-batch at a time.
pub trait Method: Send {
    /// The training rows an epoch of `stage` covers (epoch from 1); `None` means all.
    fn epoch_rows(&self, _stage: Stage, _epoch: usize) -> Option<Vec<usize>> {
        None
    }

    /// Train on one mini-batch.
    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        stage: Stage,
        batch: Batch,
    ) -> Pending<'a>;

    /// Called at each epoch's end before it is evaluated: a last word on the
    /// weights the epoch reports (VPU normalises its output here).
    fn before_evaluation<'a>(
        &'a mut self,
        _ctx: &'a mut TrainContext,
        _stage: Stage,
    ) -> Pending<'a> {
        done()
    }

    /// What `before_evaluation` has added to the classifier's output logits
    /// this epoch (VPU's decision shift; else 0), so that the validation's
    /// variational loss judges the network as trained.
    fn output_shift(&self) -> f32 {
        0.0
    }

    /// Called after each epoch has been evaluated (epoch from 1, within its stage).
    fn end_epoch<'a>(
        &'a mut self,
        _ctx: &'a mut TrainContext,
        _stage: Stage,
        _epoch: usize,
    ) -> Pending<'a> {
        done()
    }

    /// The network whose view of U is reported after an epoch of `stage`
    /// (the policy, for policyPU); `None` reports the classifier's.
    fn unlabeled_viewer(&self, _stage: Stage) -> Option<Network> {
        None
    }
}

/// Why `auto` is no method: it trains its candidates, each a run of its own.
pub const AUTO_IS_CANDIDATES: &str = "auto trains no model of its own: train each of its \
     candidates (auto_learner::candidate_configs) and rank them with a Leaderboard";

/// The method a learner names, ready to train in `ctx`.
pub fn build(learner: Learner, ctx: &mut TrainContext) -> Result<Box<dyn Method>, TrainError> {
    Ok(match learner {
        Learner::BiasedPu => Box::new(biased_pu::BiasedPu),
        Learner::OraclePn => Box::new(oracle_pn::OraclePn::new(ctx)?),
        Learner::Weighter | Learner::Separator => Box::new(policy_pu::PolicyPu::new(learner, ctx)?),
        Learner::UPu => Box::new(risk_pu::RiskPu::unbiased(ctx)?),
        Learner::NnPu | Learner::TiceNnPu | Learner::Km2NnPu | Learner::ElkanNotoNnPu => {
            Box::new(risk_pu::RiskPu::non_negative(ctx)?)
        }
        Learner::RankPruning => Box::new(rank_pruning::RankPruning::new(ctx)),
        Learner::Pmpu => Box::new(pmpu::Pmpu::new(ctx)),
        Learner::Vpu => Box::new(vpu::Vpu::default()),
        Learner::DistPu => Box::new(dist_pu::DistPu::new(ctx)?),
        Learner::Auto => return Err(TrainError::Config(AUTO_IS_CANDIDATES.into())),
    })
}

/// Small tensors for the learners' loss tests.
#[cfg(test)]
pub(crate) mod test_tensors {
    use burn::tensor::{Device, Tensor, TensorData};

    /// A float vector on `device`.
    pub fn vector(values: &[f32], device: &Device) -> Tensor<1> {
        Tensor::from_data(TensorData::new(values.to_vec(), [values.len()]), device)
    }

    /// The first value of `t`, as f64.
    pub fn scalar(t: Tensor<1>) -> f64 {
        t.into_data().try_to_vec::<f32>().unwrap()[0] as f64
    }
}

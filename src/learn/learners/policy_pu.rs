//! policyPU (Li et al., ICDM 2019): a policy network π_Θ decides how each
//! unlabeled example is used (a weight for the Weighter, eq. 8; a hard
//! P′/N′ assignment for the Separator, eq. 9), the classifier trains on those
//! actions, and its predictions reward the policy, which learns by REINFORCE
//! (eqs. 6–7). Actions come from a target policy Θ′ copied from Θ every k
//! epochs (Algorithm 1). Before the interaction, the classifier is
//! pre-trained on P vs U and the policy on the classifier's predictions.
//!
//! What the policy is rewarded for is set by [`PolicyConfig`]: the paper's
//! eqs. (4)–(5), or (the default) the action's coherence with the
//! classifier's verdict with a baseline (see `reward.rs` and the README). The
//! frozen-policy ablation keeps the pre-trained policy for the whole run.

use burn::module::Module;

use super::policy_update::{AppliedUpdate, PolicyUpdate};
use super::{Method, Pending};
use crate::concurrent::{both, spare_thread};
use crate::config::Stage;
use crate::config::{Learner, PolicyConfig};
use crate::learn::action::{ActionDistribution, SampledActions};
use crate::learn::context::{Batch, TrainContext, as_targets};
use crate::learn::device_data::{logits_of, probability_tensor};
use crate::learn::losses::bce_with_logits;
use crate::learn::network::{Network, Role};
use crate::learn::trained::Trained;
use crate::learn::{TrainError, check_finite};
use crate::selection::scores::sigmoid_of;

/// The policy side of a policyPU run.
pub struct PolicyPu {
    online: Trained,
    target: Network,
    /// Θ′'s logit for every training row, computed once per copy of Θ′ (so
    /// a step reads nothing back for its actions); `None` until needed.
    target_logits: Option<Vec<f32>>,
    distribution: ActionDistribution,
    settings: PolicyConfig,
    /// The last step's update of Θ, until the next step or the epoch's end.
    waiting: Option<PolicyUpdate>,
}

impl PolicyPu {
    /// A policy network for `learner` (Weighter or Separator), drawn after the classifier.
    pub fn new(learner: Learner, ctx: &mut TrainContext) -> Result<Self, TrainError> {
        let settings = ctx.config.policy.clone();
        let net = ctx.new_network(Role::Policy)?;
        Ok(PolicyPu {
            target: net.valid(),
            target_logits: None,
            online: Trained::new(net, settings.lr, settings.weight_decay),
            distribution: match learner {
                Learner::Separator => ActionDistribution::Bernoulli,
                _ => ActionDistribution::LogitNormal {
                    spread: settings.action_spread,
                },
            },
            settings,
            waiting: None,
        })
    }

    /// Pre-training of the policy: cross-entropy against the classifier's ŷ.
    fn pretrain(&mut self, ctx: &mut TrainContext, x: &burn::tensor::Tensor<2>) {
        let y_hat = probability_tensor(ctx.classifier.inference().forward(x.clone())).autodiff();
        let logits = self
            .online
            .net
            .forward(x.clone().autodiff())
            .flatten::<1>(0, 1);
        let loss = bce_with_logits(logits, y_hat);
        ctx.tally.policy_loss(loss.clone());
        self.online.descend(loss);
    }

    /// Algorithm 1's inner loop: sample actions from Θ′, train the classifier
    /// on them (eq. 8 or 9), reward, and update Θ by REINFORCE (eq. 7). The
    /// reward and Θ's update wait for the next step (or the epoch's end), so
    /// that on the CPU with a thread to spare they run beside the
    /// classifier's next step; no value changes (`policy_update.rs`).
    async fn interact(&mut self, ctx: &mut TrainContext, batch: Batch) -> Result<(), TrainError> {
        let all = match self.target_logits.take() {
            Some(all) => all,
            None => {
                let all = logits_of(&self.target, &ctx.data.train_x).await?;
                check_finite(&all, "the target policy's logits")?;
                all
            }
        };
        let target_logits: Vec<f32> = batch.indices.iter().map(|&i| all[i]).collect();
        self.target_logits = Some(all);
        let actions = self.distribution.sample(&target_logits, &mut ctx.rng);
        let targets = batch
            .labeled
            .iter()
            .zip(&actions.action)
            .map(|(&s, &a)| if s { 1.0 } else { a })
            .collect();
        match self.waiting.take() {
            Some(update) if spare_thread(&ctx.data.device) => {
                let (online, distribution, settings) =
                    (&mut self.online, &self.distribution, &self.settings);
                let prior = ctx.prior;
                let x = &batch.x;
                let fit = || ctx.fit_classifier(x, targets);
                let apply =
                    || pollster::block_on(update.apply(online, distribution, settings, prior));
                let ((), applied) = both(fit, apply);
                record(ctx, applied?);
            }
            waiting => {
                if let Some(update) = waiting {
                    self.apply(ctx, update).await?;
                }
                ctx.fit_classifier(&batch.x, targets);
            }
        }
        if !self.settings.frozen {
            self.waiting = Some(self.update_after(ctx, batch, actions, &target_logits));
        }
        Ok(())
    }

    /// The update of Θ that rewards this step's actions, with the
    /// classifier as it is now.
    fn update_after(
        &self,
        ctx: &TrainContext,
        batch: Batch,
        actions: SampledActions,
        target_logits: &[f32],
    ) -> PolicyUpdate {
        let predicted = (!self.settings.reads_labeled_predictions()).then(|| {
            let unlabeled: Vec<usize> = (0..batch.labeled.len())
                .filter(|&i| !batch.labeled[i])
                .collect();
            let index = ctx.data.index_tensor(&unlabeled);
            (unlabeled, index)
        });
        PolicyUpdate {
            classifier: ctx.classifier.inference(),
            x: batch.x,
            labeled: batch.labeled,
            predicted,
            actions: actions.action,
            latent: actions.latent,
            p_target: sigmoid_of(target_logits),
        }
    }

    /// Apply a waiting update of Θ here and now.
    async fn apply(
        &mut self,
        ctx: &mut TrainContext,
        update: PolicyUpdate,
    ) -> Result<(), TrainError> {
        let applied = update
            .apply(
                &mut self.online,
                &self.distribution,
                &self.settings,
                ctx.prior,
            )
            .await?;
        record(ctx, applied);
        Ok(())
    }
}

/// Add an applied update to the epoch's sums.
fn record(ctx: &mut TrainContext, applied: AppliedUpdate) {
    ctx.tally.reward(applied.mean_reward, applied.threshold);
    ctx.tally.policy_loss(applied.policy_loss);
}

impl Method for PolicyPu {
    fn train_batch<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        stage: Stage,
        batch: Batch,
    ) -> Pending<'a> {
        match stage {
            Stage::PretrainClassifier => {
                ctx.fit_classifier(&batch.x, as_targets(&batch.labeled));
                super::done()
            }
            Stage::PretrainPolicy => {
                self.pretrain(ctx, &batch.x);
                super::done()
            }
            _ => Box::pin(self.interact(ctx, batch)),
        }
    }

    /// The epoch's last update of Θ, before Θ is viewed or copied.
    fn before_evaluation<'a>(
        &'a mut self,
        ctx: &'a mut TrainContext,
        _stage: Stage,
    ) -> Pending<'a> {
        match self.waiting.take() {
            Some(update) => Box::pin(self.apply(ctx, update)),
            None => super::done(),
        }
    }

    /// Θ′ ← Θ when the interaction starts (after the policy's pre-training)
    /// and every k training epochs; never again once frozen.
    fn end_epoch<'a>(
        &'a mut self,
        _ctx: &'a mut TrainContext,
        stage: Stage,
        epoch: usize,
    ) -> Pending<'a> {
        let pretraining_over =
            stage == Stage::PretrainPolicy && epoch == self.settings.pretrain_epochs;
        let every_k =
            stage == Stage::Train && epoch.is_multiple_of(self.settings.target_update_every);
        if pretraining_over || (every_k && !self.settings.frozen) {
            self.target = self.online.inference();
            self.target_logits = None;
        }
        super::done()
    }

    fn unlabeled_viewer(&self, stage: Stage) -> Option<Network> {
        (stage != Stage::PretrainClassifier).then(|| self.online.inference())
    }
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;

    use super::*;
    use crate::concurrent::on_threads;
    use crate::config::{ModelPreset, PolicyVariant, RunConfig};
    use crate::split::tiny_split;

    fn setup(frozen: bool) -> (PolicyPu, TrainContext, burn::tensor::Tensor<2>) {
        let mut config = RunConfig {
            learner: Learner::Weighter,
            model: ModelPreset::Fast,
            ..RunConfig::default()
        };
        config.policy.pretrain_epochs = 2;
        config.policy.target_update_every = 3;
        config.policy.frozen = frozen;
        config.policy.lr = 1e-2;
        let split = tiny_split();
        let mut ctx = TrainContext::new(&config, &split, None, &Device::flex()).unwrap();
        let policy = PolicyPu::new(Learner::Weighter, &mut ctx).unwrap();
        let x = ctx.data.train_rows(&(0..32).collect::<Vec<_>>());
        (policy, ctx, x)
    }

    fn target_is_online(policy: &PolicyPu, x: &burn::tensor::Tensor<2>) -> bool {
        let read = |net: &Network| {
            net.forward(x.clone())
                .into_data()
                .try_to_vec::<f32>()
                .unwrap()
        };
        read(&policy.target) == read(&policy.online.inference())
    }

    fn end(policy: &mut PolicyPu, ctx: &mut TrainContext, stage: Stage, epoch: usize) {
        pollster::block_on(policy.end_epoch(ctx, stage, epoch)).unwrap();
    }

    #[test]
    fn the_default_reward_predicts_only_the_unlabeled_rows() {
        let (mut policy, ctx, _) = setup(false);
        // Eight labeled rows, then eight unlabeled ones.
        let flags = &ctx.labeled;
        let pick = |flag: bool| (0..flags.len()).filter(move |&i| flags[i] == flag).take(8);
        let indices: Vec<usize> = pick(true).chain(pick(false)).collect();
        let labeled: Vec<bool> = indices.iter().map(|&i| ctx.labeled[i]).collect();
        assert_eq!(labeled.iter().filter(|s| **s).count(), 8);
        let x = ctx.data.train_rows(&indices);
        let every_row: Vec<f32> = probability_tensor(ctx.classifier.inference().forward(x.clone()))
            .into_data()
            .try_to_vec()
            .unwrap();
        let predictions = |policy: &PolicyPu| {
            let batch = Batch {
                x: x.clone(),
                labeled: labeled.clone(),
                indices: indices.clone(),
            };
            let actions = SampledActions {
                action: vec![0.5; 16],
                latent: vec![0.0; 16],
            };
            let update = policy.update_after(&ctx, batch, actions, &[0.0; 16]);
            pollster::block_on(update.predictions()).unwrap()
        };
        let default = predictions(&policy);
        for (i, (&s, (got, full))) in labeled
            .iter()
            .zip(default.iter().zip(&every_row))
            .enumerate()
        {
            let want = if s { 1.0 } else { *full };
            assert!(
                (got - want).abs() < 1e-5,
                "row {i} (labeled {s}): {got}, want {want}"
            );
        }
        policy.settings = policy.settings.clone().with_variant(PolicyVariant::Paper);
        let paper = predictions(&policy);
        for (i, (got, full)) in paper.iter().zip(&every_row).enumerate() {
            assert!(
                (got - full).abs() < 1e-5,
                "row {i}: {got}, every row {full}"
            );
        }
    }

    #[test]
    fn target_policy_is_copied_after_pretraining_and_every_k_epochs() {
        let (mut policy, mut ctx, x) = setup(false);
        policy.pretrain(&mut ctx, &x);
        assert!(!target_is_online(&policy, &x));
        end(&mut policy, &mut ctx, Stage::PretrainPolicy, 1);
        assert!(
            !target_is_online(&policy, &x),
            "copied before pre-training ended"
        );
        end(&mut policy, &mut ctx, Stage::PretrainPolicy, 2);
        assert!(
            target_is_online(&policy, &x),
            "not copied when the interaction starts"
        );
        policy.pretrain(&mut ctx, &x);
        for epoch in [1, 2] {
            end(&mut policy, &mut ctx, Stage::Train, epoch);
            assert!(
                !target_is_online(&policy, &x),
                "copied after training epoch {epoch} with k = 3"
            );
        }
        end(&mut policy, &mut ctx, Stage::Train, 3);
        assert!(
            target_is_online(&policy, &x),
            "not copied after training epoch 3 with k = 3"
        );
    }

    #[test]
    fn frozen_policy_keeps_the_pretrained_target() {
        let (mut policy, mut ctx, x) = setup(true);
        policy.pretrain(&mut ctx, &x);
        end(&mut policy, &mut ctx, Stage::PretrainPolicy, 2);
        assert!(target_is_online(&policy, &x));
        let before = policy.target.forward(x.clone()).into_data();
        let batch = Batch {
            x: x.clone(),
            labeled: ctx.labeled[..32].to_vec(),
            indices: (0..32).collect(),
        };
        pollster::block_on(policy.train_batch(&mut ctx, Stage::Train, batch)).unwrap();
        end(&mut policy, &mut ctx, Stage::Train, 3);
        assert_eq!(policy.target.forward(x.clone()).into_data(), before);
        assert!(
            target_is_online(&policy, &x),
            "a frozen policy must not learn"
        );
    }

    #[test]
    fn actions_come_from_target_logits_computed_once_per_copy() {
        let (mut policy, mut ctx, x) = setup(false);
        policy.pretrain(&mut ctx, &x);
        end(&mut policy, &mut ctx, Stage::PretrainPolicy, 2);
        assert!(policy.target_logits.is_none(), "kept across a copy of Θ′");
        let batch = Batch {
            x: x.clone(),
            labeled: ctx.labeled[..32].to_vec(),
            indices: (0..32).collect(),
        };
        pollster::block_on(policy.train_batch(&mut ctx, Stage::Train, batch)).unwrap();
        let cached = policy.target_logits.clone().expect("computed by the step");
        assert_eq!(cached.len(), ctx.labeled.len());
        let fresh = policy
            .target
            .forward(x)
            .into_data()
            .try_to_vec::<f32>()
            .unwrap();
        for (row, (c, f)) in cached.iter().zip(&fresh).enumerate() {
            assert!((c - f).abs() < 1e-4, "row {row}: cached {c}, fresh {f}");
        }
        end(&mut policy, &mut ctx, Stage::Train, 3);
        assert!(
            policy.target_logits.is_none(),
            "kept after Θ′ was copied at k = 3"
        );
    }

    /// A run's reports with the policy's update beside the classifier's next
    /// step (a pool of two threads) and after it (one thread): the same
    /// values, with the update taking effect at every step.
    #[test]
    fn updating_the_policy_beside_the_classifier_changes_no_value() {
        let mut config = RunConfig {
            learner: Learner::Weighter,
            model: ModelPreset::Fast,
            ..RunConfig::default()
        };
        config.optim.batch_size = 16;
        config.optim.epochs = 2;
        config.policy.pretrain_epochs = 1;
        let split = tiny_split();
        let run = crate::plan::RunPlan::new(&config, &split).unwrap();
        let reports_on = |threads: usize| {
            on_threads(threads, || {
                assert_eq!(spare_thread(&Device::flex()), threads > 1);
                let mut trainer =
                    crate::learn::Trainer::new(&run, &split, &Device::flex()).unwrap();
                let mut reports = Vec::new();
                while !trainer.is_done() {
                    for event in pollster::block_on(trainer.step()).unwrap() {
                        if let crate::report::TrainEvent::Epoch(r) = event {
                            reports.push((r.test, r.classifier_loss, r.policy_loss, r.mean_reward));
                        }
                    }
                }
                reports
            })
        };
        let after = reports_on(1);
        let beside = reports_on(2);
        assert_eq!(after.len(), 1 + 1 + 2, "epochs reported");
        assert!(after.last().unwrap().2.is_some(), "the policy trained");
        assert_eq!(beside, after);
    }
}

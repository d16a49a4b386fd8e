//! The step-wise [`Trainer`]: one mini-batch per [`Trainer::step`], so the
//! CLI can loop over it and the browser worker can pause, resume or stop
//! between steps. It schedules the learner's stages, cuts epochs into
//! mini-batches, evaluates and reports; what a mini-batch trains is the
//! learner's business (`learners/`). Every read from the device is
//! asynchronous.

use web_time::Instant;

use super::checkpoint::Checkpoint;
use super::context::{Batch, TrainContext};
use super::device_data::{logits_of, probabilities, read_vec};
use super::learners::{self, Method};
use super::network::Network;
use super::saved_classifier::record_bytes;
use super::schedule::Schedule;
use super::{TrainError, check_finite};
use crate::concurrent::{both, spare_thread};
use crate::config::{RunConfig, Stage, TestScoring};
use crate::plan::RunPlan;
use crate::plan::batches::{batch_bounds, batch_count};
use crate::report::{
    BatchProgress, Curves, EpochReport, PriorUsed, PuMetrics, Selection, TestMetrics, TestScores,
    TrainEvent, UnlabeledView, ViewSource, flag_string,
};
use crate::rng::{PortableRng, stream};
use crate::saved_model::{Member, ModelHeader, ModelInput, SavedModel, created_by};
use crate::selection::scores::sigmoid_of;
use crate::selection::{Criterion, ValidationScores};
use crate::split::PuSplit;

/// Trains one run of any learner, a mini-batch at a time.
pub struct Trainer {
    ctx: TrainContext,
    method: Box<dyn Method>,
    schedule: Schedule,
    test_y: Vec<bool>,
    input: ModelInput,
    unlabeled_x: burn::tensor::Tensor<2>,
    unlabeled_truth: Option<Vec<bool>>,
    prior: Option<PriorUsed>,
    rows: Vec<usize>,
    bounds: Vec<(usize, usize)>,
    batch: usize,
    batch_rng: PortableRng,
    keep_values: bool,
    test_scoring: TestScoring,
    run_started: Instant,
    epoch_started: Instant,
    last_test_scores: Vec<f32>,
    /// The last epoch's probabilities on U, kept when the test set has no
    /// negatives ([`TestScores::last_unlabeled`]); else empty.
    last_unlabeled_scores: Vec<f32>,
    test_logits: Option<StampedLogits>,
    checkpoint: Checkpoint,
    total_batches: usize,
    batches_done: usize,
}

impl Trainer {
    /// Prepare `plan`'s run on `split` (the split it was planned on) and
    /// `device` (a plain device; autodiff is added here). Nothing is
    /// checked or estimated again: the plan did that once.
    pub fn new(
        plan: &RunPlan,
        split: &PuSplit,
        device: &burn::tensor::Device,
    ) -> Result<Self, TrainError> {
        let config = &plan.config;
        let prior = plan.prior.clone();
        let mut ctx = TrainContext::new(config, split, prior.as_ref().map(|p| p.rho), device)?;
        let method = learners::build(config.learner, &mut ctx)?;
        let unlabeled = split.unlabeled_indices();
        let valid = &split.validation;
        let criterion = config.criterion();
        let checkpoint = Checkpoint::new(
            criterion,
            (valid.is_usable() && criterion != Criterion::LastEpoch)
                .then(|| ctx.data.matrix(&valid.x, valid.labeled.len())),
            valid.labeled.clone(),
            valid.truth.clone(),
        );
        let now = Instant::now();
        Ok(Trainer {
            checkpoint,
            schedule: Schedule::new(plan.stages.iter().map(|s| (s.stage, s.epochs)).collect()),
            unlabeled_x: ctx.data.train_rows(&unlabeled),
            unlabeled_truth: split
                .train_truth
                .as_ref()
                .map(|t| unlabeled.iter().map(|&i| t[i]).collect()),
            test_y: split.test_y.clone(),
            input: ModelInput::of_split(split),
            prior,
            rows: Vec::new(),
            bounds: Vec::new(),
            batch: 0,
            batch_rng: PortableRng::new(config.seed, stream::BATCHES),
            keep_values: false,
            test_scoring: TestScoring::EveryEpoch,
            run_started: now,
            epoch_started: now,
            last_test_scores: Vec::new(),
            last_unlabeled_scores: Vec::new(),
            test_logits: None,
            total_batches: usize::try_from(plan.workload.steps).unwrap_or(usize::MAX),
            batches_done: 0,
            method,
            ctx,
        })
    }

    /// Ask for every unlabeled example's value in each epoch report (for the
    /// app's assignment views); off by default to keep reports small.
    pub fn set_keep_values(&mut self, keep: bool) {
        self.keep_values = keep;
    }

    /// Score the test set after every epoch (the default) or only after
    /// the epochs the checkpoint keeps and the last ([`TestScoring`]).
    pub fn set_test_scoring(&mut self, scoring: TestScoring) {
        self.test_scoring = scoring;
    }

    /// The run's configuration.
    pub fn config(&self) -> &RunConfig {
        &self.ctx.config
    }

    /// True once every epoch has run.
    pub fn is_done(&self) -> bool {
        self.schedule.stage().is_none()
    }

    /// Mini-batches in the whole run, pre-training included (for progress
    /// bars): the plan's count, exact except after RankPruning prunes,
    /// which shortens epochs.
    pub fn total_batches(&self) -> usize {
        self.total_batches
    }

    /// Mini-batches trained so far, over all stages.
    #[cfg(test)]
    pub fn batches_done(&self) -> usize {
        self.batches_done
    }

    /// The run's class prior, with the true ρ when known, as the plan
    /// settled it ([`crate::plan::prior::prior_for`]).
    #[cfg(test)]
    pub fn prior(&self) -> Option<&PriorUsed> {
        self.prior.as_ref()
    }

    /// The test-set probabilities of the classifier the run keeps: the
    /// selected epoch's ([`Trainer::selection`]), else the last epoch's.
    pub fn kept_test_scores(&self) -> &[f32] {
        self.checkpoint
            .test_scores()
            .unwrap_or(&self.last_test_scores)
    }

    /// The kept classifier's probabilities on the PU validation rows, each
    /// with its labeled flag; `None` when no epoch was kept.
    ///
    /// # Errors
    /// [`TrainError::Device`] if reading them back fails.
    pub async fn kept_validation_probabilities(
        &self,
    ) -> Result<Option<Vec<(f32, bool)>>, TrainError> {
        self.checkpoint.kept_validation_probabilities().await
    }

    /// The test-set probabilities of the kept and the last epoch scored,
    /// with the test rows' classes (and, without a truth column, the kept
    /// epoch's probabilities on U): what scoring an average of runs needs.
    pub fn test_scores(&self) -> TestScores {
        TestScores {
            kept: self.kept_test_scores().to_vec(),
            last: self.last_test_scores.clone(),
            truth: flag_string(self.test_y.iter().copied()),
            kept_unlabeled: self
                .checkpoint
                .unlabeled_scores()
                .unwrap_or(&self.last_unlabeled_scores)
                .to_vec(),
            last_unlabeled: self.last_unlabeled_scores.clone(),
        }
    }

    /// The epoch (of the learner's own training, with its stage) whose
    /// classifier the run keeps, chosen so far on the PU validation split;
    /// `None` keeps the last epoch's.
    pub fn selection(&self) -> Option<Selection> {
        self.checkpoint.selection()
    }

    /// The test set's true classes.
    pub fn test_labels(&self) -> &[bool] {
        &self.test_y
    }

    /// The classifier the run keeps (the selected epoch's, else the current
    /// one), with the configuration and the input description (CSV feature
    /// columns and standardiser) needed to score new data as the test set is
    /// scored. Call it between steps, typically once [`Trainer::is_done`];
    /// the classifier is the one that gave [`Trainer::kept_test_scores`].
    ///
    /// Safe on WebGPU: parameters are read with `into_data_async` and recorded
    /// on the host (see [`record_bytes`]), never read synchronously.
    ///
    /// # Errors
    /// [`TrainError::Device`] if reading the parameters back fails,
    /// [`TrainError::Config`] if the split and configuration disagree on the
    /// data source (a built-in configuration with a CSV split, say).
    pub async fn export_model(&self) -> Result<SavedModel, TrainError> {
        let kept = self
            .checkpoint
            .classifier()
            .cloned()
            .unwrap_or_else(|| self.ctx.classifier.inference());
        self.export(kept).await
    }

    /// The classifier as the last epoch left it, exported as
    /// [`Trainer::export_model`] exports the kept one: what scoring the
    /// last epochs of several runs on other rows needs.
    ///
    /// # Errors
    /// As [`Trainer::export_model`].
    pub async fn export_last_model(&self) -> Result<SavedModel, TrainError> {
        self.export(self.ctx.classifier.inference()).await
    }

    /// `classifier`, a network of this run, as a model file's model.
    async fn export(&self, classifier: Network) -> Result<SavedModel, TrainError> {
        let header = ModelHeader {
            created_by: created_by(),
            config: self.ctx.config.clone(),
            input: self.input.clone(),
            members: vec![Member::of(&self.ctx.config)],
            weights: None,
            saved: None,
        };
        header
            .check()
            .map_err(|e| TrainError::Config(format!("cannot export the model: {e}")))?;
        Ok(SavedModel {
            header,
            classifier_records: vec![record_bytes(classifier).await?],
        })
    }

    /// Wait until the device has done the work submitted so far, by reading
    /// back the output biases of the networks the last step trained (the
    /// classifier, and the policy where it is being trained). A step returns
    /// once its work is queued, which on WebGPU is before it has run; step
    /// timings call this so that they time the work itself.
    pub async fn settle(&self) -> Result<(), TrainError> {
        let policy = self
            .schedule
            .stage()
            .and_then(|stage| self.method.unlabeled_viewer(stage));
        for net in std::iter::once(self.ctx.classifier.inference()).chain(policy) {
            if let Some(bias) = net.output_bias() {
                read_vec(bias).await?;
            }
        }
        Ok(())
    }

    /// Train one mini-batch; at an epoch's end also evaluate and report.
    pub async fn step(&mut self) -> Result<Vec<TrainEvent>, TrainError> {
        let Some(stage) = self.schedule.stage() else {
            return Ok(vec![TrainEvent::Done]);
        };
        if self.batch == 0 {
            self.start_epoch(stage)?;
        }
        let (start, end) = self.bounds[self.batch];
        let indices = self.rows[start..end].to_vec();
        let batch = Batch {
            x: self.ctx.data.train_rows(&indices),
            labeled: indices.iter().map(|&i| self.ctx.labeled[i]).collect(),
            indices,
        };
        self.method.train_batch(&mut self.ctx, stage, batch).await?;
        self.batch += 1;
        self.batches_done += 1;
        let mut events = vec![TrainEvent::Batch(BatchProgress {
            stage,
            epoch: self.schedule.epoch(),
            batch: self.batch,
            batches: self.bounds.len(),
            done: self.batches_done,
        })];
        if self.batch == self.bounds.len() {
            events.push(TrainEvent::Epoch(Box::new(self.finish_epoch(stage).await?)));
            if self.is_done() {
                events.push(TrainEvent::Done);
            }
        }
        Ok(events)
    }

    /// Whether the next step ends an epoch, and so also scores the test
    /// set, U and the validation rows (the threaded worker runs such a step
    /// on its pool, where those passes split over two threads).
    pub fn next_step_ends_epoch(&self) -> bool {
        let Some(stage) = self.schedule.stage() else {
            return false;
        };
        let batches = if self.batch == 0 {
            batch_count(
                self.epoch_rows(stage).len(),
                self.ctx.config.optim.batch_size,
            )
        } else {
            self.bounds.len()
        };
        self.batch + 1 == batches
    }

    /// The rows the current epoch of `stage` trains on: the learner's, else all.
    fn epoch_rows(&self, stage: Stage) -> Vec<usize> {
        self.method
            .epoch_rows(stage, self.schedule.epoch())
            .unwrap_or_else(|| (0..self.ctx.labeled.len()).collect())
    }

    /// Shuffle the epoch's rows and cut them into mini-batches.
    fn start_epoch(&mut self, stage: Stage) -> Result<(), TrainError> {
        self.rows = self.epoch_rows(stage);
        if self.rows.is_empty() {
            return Err(TrainError::Config(format!(
                "The {} stage of {} has no training rows left of the {} it was given: too few \
                 rows for this learner (add rows, or choose another learner)",
                stage.label(),
                self.ctx.config.learner.name(),
                self.ctx.labeled.len()
            )));
        }
        self.batch_rng.shuffle(&mut self.rows);
        self.bounds = batch_bounds(self.rows.len(), self.ctx.config.optim.batch_size);
        self.epoch_started = Instant::now();
        Ok(())
    }

    /// The epoch's forward passes: the classifier's test-set logits on one
    /// thread, U's values and the validation rows' scores (for an epoch the
    /// checkpoint judges) on another where one is spare, else one after the
    /// other. The same values either way. With [`TestScoring::KeptAndLast`]
    /// U and the validation rows come first, and the test set is scored only
    /// if the checkpoint would keep this epoch or it is the last.
    async fn forward_passes(&mut self, stage: Stage) -> Result<EpochPasses, TrainError> {
        let stamp = self.ctx.classifier.weights_stamp();
        // The last epoch's logits, if the classifier has not changed since
        // (the policy's pre-training); the epoch stores them again when it
        // scores the test set.
        let cached = self
            .test_logits
            .take()
            .filter(|cached| cached.stamp == stamp)
            .map(|cached| cached.logits);
        let (source, viewer) = match self.method.unlabeled_viewer(stage) {
            Some(policy) => (ViewSource::Policy, policy),
            None => (ViewSource::Classifier, self.ctx.classifier.inference()),
        };
        let classifier = self.ctx.classifier.inference();
        let prior = self.prior.as_ref().map(|p| p.rho);
        let shift = self.method.output_shift();
        let (test_x, unlabeled_x, checkpoint) =
            (&self.ctx.data.test_x, &self.unlabeled_x, &self.checkpoint);
        let scoring = &classifier;
        let test_logits = move || async move {
            match cached {
                Some(logits) => Ok(logits),
                None => logits_of(scoring, test_x).await,
            }
        };
        let seen = || async {
            let u_values = probabilities(&viewer, unlabeled_x).await?;
            let validation = if stage.is_own_training() {
                checkpoint.score(&classifier, prior, shift).await?
            } else {
                None
            };
            Ok::<_, TrainError>((u_values, validation))
        };
        let (logits, (u_values, validation)) = match self.test_scoring {
            TestScoring::EveryEpoch if spare_thread(&self.ctx.data.device) => {
                let (logits, seen) = both(
                    || pollster::block_on(test_logits()),
                    || pollster::block_on(seen()),
                );
                (Some(logits?), seen?)
            }
            TestScoring::EveryEpoch => (Some(test_logits().await?), seen().await?),
            TestScoring::KeptAndLast => {
                let (u_values, validation) = seen().await?;
                let wanted = self.schedule.is_last_epoch()
                    || validation
                        .as_ref()
                        .is_some_and(|v| checkpoint.would_keep(v));
                let logits = if wanted {
                    Some(test_logits().await?)
                } else {
                    None
                };
                (logits, (u_values, validation))
            }
        };
        if let Some(logits) = &logits {
            check_finite(logits, "the classifier's test-set logits")?;
        }
        Ok(EpochPasses {
            stamp,
            classifier,
            logits,
            source,
            u_values,
            validation,
        })
    }

    /// Evaluate, report, let the learner act, and move the schedule on.
    async fn finish_epoch(&mut self, stage: Stage) -> Result<EpochReport, TrainError> {
        self.method.before_evaluation(&mut self.ctx, stage).await?;
        let passes = self.forward_passes(stage).await?;
        let tally = std::mem::take(&mut self.ctx.tally).means().await?;
        if tally.classifier_loss.is_some_and(|l| !l.is_finite())
            || tally.policy_loss.is_some_and(|l| !l.is_finite())
        {
            return Err(TrainError::Diverged(format!(
                "the {} loss is no longer a finite number",
                if tally.classifier_loss.is_some_and(|l| !l.is_finite()) {
                    "classifier"
                } else {
                    "policy"
                }
            )));
        }
        let epoch = self.schedule.epoch();
        let (test, curves) = match &passes.logits {
            Some(logits) => self.score_test(&passes, stage, epoch, logits).await?,
            None => (TestMetrics::default(), Curves::default()),
        };
        let report = EpochReport {
            validation: passes.validation,
            stage,
            epoch,
            test,
            curves,
            test_skipped: passes.logits.is_none(),
            classifier_loss: tally.classifier_loss,
            policy_loss: tally.policy_loss,
            mean_reward: tally.reward,
            threshold: tally.threshold,
            unlabeled: Some(UnlabeledView::of(
                passes.source,
                passes.u_values,
                self.unlabeled_truth.as_deref(),
                self.keep_values,
            )),
            epoch_ms: self.epoch_started.elapsed().as_secs_f64() * 1e3,
            elapsed_ms: self.run_started.elapsed().as_secs_f64() * 1e3,
        };
        if let Some(logits) = passes.logits {
            self.test_logits = Some(StampedLogits {
                stamp: passes.stamp,
                logits,
            });
        }
        self.batch = 0;
        self.method.end_epoch(&mut self.ctx, stage, epoch).await?;
        self.schedule.advance();
        Ok(report)
    }

    /// The epoch's test metrics and curves from the test-set `logits`;
    /// offers the classifier to the checkpoint and keeps its scores as the
    /// last epoch scored.
    async fn score_test(
        &mut self,
        passes: &EpochPasses,
        stage: Stage,
        epoch: usize,
        logits: &[f32],
    ) -> Result<(TestMetrics, Curves), TrainError> {
        let scores = sigmoid_of(logits);
        let mut test = TestMetrics::of_logits(logits, &self.test_y);
        // Without a truth column the test set is held-out labeled positives
        // alone: measure what needs no negatives, from the classifier's
        // probabilities on U. (With one, a test set that drew one class has
        // its accuracy, and the split's note says why no AUC.)
        let mut u_scores = Vec::new();
        if self.unlabeled_truth.is_none() {
            u_scores = match passes.source {
                ViewSource::Classifier => passes.u_values.clone(),
                ViewSource::Policy => probabilities(&passes.classifier, &self.unlabeled_x).await?,
            };
            test.pu = PuMetrics::of(&scores, &u_scores, self.prior.as_ref().map(|p| p.rho));
        }
        if let Some(v) = &passes.validation {
            self.checkpoint.offer(
                stage,
                epoch,
                v,
                || passes.classifier.clone(),
                &scores,
                &u_scores,
            );
        }
        self.last_test_scores = scores;
        self.last_unlabeled_scores = u_scores;
        Ok((test, Curves::of(logits, &self.test_y)))
    }
}

/// What an epoch's forward passes give ([`Trainer::forward_passes`]).
struct EpochPasses {
    /// The weights stamp of the classifier scored.
    stamp: u64,
    /// The classifier scored, for inference.
    classifier: Network,
    /// Its test-set logits; `None` when this epoch skips the test set.
    logits: Option<Vec<f32>>,
    /// Whose values U's are.
    source: ViewSource,
    /// The values of U's rows.
    u_values: Vec<f32>,
    /// The validation rows' PU-only scores, for an epoch the checkpoint judges.
    validation: Option<ValidationScores>,
}

/// The classifier's test-set logits and the weights they were computed with.
struct StampedLogits {
    stamp: u64,
    logits: Vec<f32>,
}

/// Drive a trainer to the end, calling `on_event` for each event.
/// For native callers; the browser worker steps it itself.
pub async fn run_to_end(
    trainer: &mut Trainer,
    mut on_event: impl FnMut(&TrainEvent),
) -> Result<Vec<EpochReport>, TrainError> {
    let mut reports = Vec::new();
    while !trainer.is_done() {
        for event in trainer.step().await? {
            on_event(&event);
            if let TrainEvent::Epoch(report) = event {
                reports.push(*report);
            }
        }
    }
    Ok(reports)
}

#[cfg(test)]
mod tests {
    use burn::tensor::{Device, Tensor, TensorData};

    use super::*;
    use crate::concurrent::on_threads;
    use crate::config::{Learner, VerdictThreshold};
    use crate::plan::prior::ESTIMATIONS;
    use crate::plan::workload::{RowCounts, stage_steps};
    use crate::priors::PriorMethod;
    use crate::report::{PriorSource, latest_scored};
    use crate::split::tiny_split;

    /// The plan of `config` on `split`, and its trainer on the CPU.
    fn planned(config: &RunConfig, split: &PuSplit) -> Result<Trainer, TrainError> {
        let plan = RunPlan::new(config, split)?;
        Trainer::new(&plan, split, &Device::flex())
    }

    /// `learner` for `epochs` epochs in mini-batches of 32.
    fn short_run(learner: Learner, epochs: usize) -> RunConfig {
        let mut config = RunConfig {
            learner,
            ..RunConfig::default()
        };
        config.optim.epochs = epochs;
        config.optim.batch_size = 32;
        config
    }

    /// `config` trained to the end on `split`: the trainer, its reports and their stages.
    fn trained(config: &RunConfig, split: &PuSplit) -> (Trainer, Vec<EpochReport>, Vec<Stage>) {
        let mut trainer = planned(config, split).unwrap();
        let reports = pollster::block_on(run_to_end(&mut trainer, |_| {})).unwrap();
        let stages = reports.iter().map(|r| r.stage).collect();
        (trainer, reports, stages)
    }

    #[test]
    fn a_stage_left_without_rows_names_the_learner_and_what_to_do() {
        // One labeled and one unlabeled row: RankPruning's first fold holds
        // both, and trains on none.
        let mut split = tiny_split();
        let dim = split.shape.len();
        let keep = [0, 40];
        split.train_x = keep
            .iter()
            .flat_map(|&r| split.train_x[r * dim..(r + 1) * dim].to_vec())
            .collect();
        split.train_labeled = keep.iter().map(|&r| split.train_labeled[r]).collect();
        split.train_truth = split
            .train_truth
            .map(|t| keep.iter().map(|&r| t[r]).collect());
        split.train_source = keep.to_vec();
        let config = short_run(Learner::RankPruning, 1);
        let mut trainer = planned(&config, &split).unwrap();
        let err = pollster::block_on(run_to_end(&mut trainer, |_| {})).unwrap_err();
        assert!(
            err.to_string().ends_with(
                "The cross-validate stage of RankPruning has no training rows left of the 2 it \
                 was given: too few rows for this learner (add rows, or choose another learner)"
            ),
            "{err}"
        );
    }

    #[test]
    fn the_trainer_knows_which_step_ends_an_epoch() {
        let split = tiny_split();
        let mut config = short_run(Learner::RankPruning, 2);
        config.baselines.rank_pruning_folds = 3;
        config.baselines.rank_pruning_fold_epochs = 1;
        config.policy.pretrain_epochs = 1;
        for learner in [Learner::RankPruning, Learner::Separator, Learner::DistPu] {
            config.learner = learner;
            let mut trainer = planned(&config, &split).unwrap();
            let (mut ends, mut middles) = (0, 0);
            while !trainer.is_done() {
                let expected = trainer.next_step_ends_epoch();
                let events = pollster::block_on(trainer.step()).unwrap();
                let ended = events.iter().any(|e| matches!(e, TrainEvent::Epoch(_)));
                assert_eq!(expected, ended, "{} after {ends} epochs", learner.name());
                if ended { ends += 1 } else { middles += 1 }
            }
            assert!(
                ends >= 2 && middles > ends,
                "{}: {ends} ends, {middles} others",
                learner.name()
            );
            assert!(!trainer.next_step_ends_epoch());
        }
    }

    #[test]
    fn every_learner_takes_the_steps_its_plan_counts() {
        let split = tiny_split();
        let mut config = RunConfig::default();
        config.optim.epochs = 2;
        config.optim.batch_size = 32;
        config.policy.pretrain_epochs = 1;
        config.baselines.rank_pruning_folds = 3;
        config.baselines.rank_pruning_fold_epochs = 1;
        config.baselines.pmpu_warmup_epochs = 2;
        for learner in Learner::trainable() {
            config.learner = learner;
            let plan = RunPlan::new(&config, &split).unwrap();
            let mut trainer = Trainer::new(&plan, &split, &Device::flex()).unwrap();
            let mut steps = 0u64;
            pollster::block_on(run_to_end(&mut trainer, |event| {
                if let TrainEvent::Batch(progress) = event {
                    steps += 1;
                    // Each mini-batch says how many the run has done (the page shows that).
                    assert_eq!(progress.done as u64, steps, "{}", learner.name());
                }
            }))
            .unwrap();
            let rows = RowCounts::of_split(&split);
            let expected: u64 = plan
                .stages
                .iter()
                .map(|span| match span.rows {
                    // What pruning kept is known once the run has pruned.
                    crate::config::EpochRows::Kept => {
                        let kept = RowCounts {
                            labeled: trainer.rows.len(),
                            unlabeled: 0,
                        };
                        stage_steps(span, kept, config.optim.batch_size)
                    }
                    _ => stage_steps(span, rows, config.optim.batch_size),
                })
                .sum();
            assert_eq!(steps, expected, "{}", learner.name());
            assert!(steps <= plan.workload.steps, "{}", learner.name());
            if learner != Learner::RankPruning {
                assert_eq!(steps, plan.workload.steps, "{}", learner.name());
            }
        }
    }

    #[test]
    fn the_run_keeps_the_epoch_its_validation_split_ranks_first() {
        let split = tiny_split();
        let mut config = RunConfig {
            learner: Learner::BiasedPu,
            ..RunConfig::default()
        };
        config.optim.epochs = 6;
        config.optim.batch_size = 32;
        let plan = RunPlan::new(&config, &split).unwrap();
        let mut trainer = Trainer::new(&plan, &split, &Device::flex()).unwrap();
        let reports = pollster::block_on(run_to_end(&mut trainer, |_| {})).unwrap();
        let validation: Vec<_> = reports.iter().map(|r| r.validation.as_ref()).collect();
        assert!(
            validation.iter().all(Option::is_some),
            "every training epoch is scored"
        );
        // The analysis score reads the rows' truth, half of U positive, so
        // it sits above the L-vs-U AUC of a classifier that separates them.
        let last = validation.last().unwrap().unwrap();
        assert!(last.truth_auc.unwrap() > 0.9, "{last:?}");
        assert!(last.truth_auc.unwrap() > last.lu_auc.unwrap() + 0.1);
        let best = crate::selection::select_epoch(validation, Criterion::LuAuc).unwrap();
        let selection = trainer.selection().unwrap();
        assert_eq!(selection.epoch, best + 1);
        assert_eq!(
            Some(selection.value),
            reports[best].validation.as_ref().unwrap().lu_auc
        );
        // What the run keeps, and exports, is that epoch's classifier.
        let kept_accuracy = TestMetrics::of(trainer.kept_test_scores(), &split.test_y).accuracy;
        assert_eq!(kept_accuracy, reports[best].test.accuracy);
        let model = pollster::block_on(trainer.export_model()).unwrap();
        let mut classifiers = model.classifiers(&Device::flex()).unwrap();
        assert_eq!(classifiers.len(), 1);
        let classifier = classifiers.remove(0);
        let test_x = Tensor::<2>::from_data(
            TensorData::new(split.test_x.clone(), [split.n_test(), 4]),
            &Device::flex(),
        );
        let rescored = pollster::block_on(probabilities(&classifier, &test_x)).unwrap();
        assert_eq!(rescored, trainer.kept_test_scores());
        // Choosing nothing keeps the last epoch.
        config.select_by = Criterion::LastEpoch;
        let plan = RunPlan::new(&config, &split).unwrap();
        let mut trainer = Trainer::new(&plan, &split, &Device::flex()).unwrap();
        let reports = pollster::block_on(run_to_end(&mut trainer, |_| {})).unwrap();
        assert_eq!(trainer.selection(), None);
        assert!(reports.iter().all(|r| r.validation.is_none()));
    }

    #[test]
    fn scoring_only_kept_and_last_epochs_changes_no_kept_or_last_figure() {
        let split = tiny_split();
        for learner in [Learner::Weighter, Learner::BiasedPu] {
            let mut config = short_run(learner, 6);
            config.policy.pretrain_epochs = 2;
            let (every, every_reports, _) = trained(&config, &split);
            let mut sparse = planned(&config, &split).unwrap();
            sparse.set_test_scoring(TestScoring::KeptAndLast);
            let sparse_reports = pollster::block_on(run_to_end(&mut sparse, |_| {})).unwrap();
            let name = learner.name();
            assert_eq!(every_reports.len(), sparse_reports.len(), "{name}");
            // An epoch is scored when the checkpoint keeps it, or it is the last.
            let mut best = None;
            for (i, (full, thin)) in every_reports.iter().zip(&sparse_reports).enumerate() {
                assert_eq!(full.validation, thin.validation, "{name} epoch {i}");
                let value = thin
                    .validation
                    .as_ref()
                    .and_then(|v| config.criterion().value(v));
                let kept = value.is_some_and(|v| crate::selection::improves(v, best));
                if kept {
                    best = value;
                }
                let last = i + 1 == sparse_reports.len();
                assert_eq!(thin.test_skipped, !(kept || last), "{name} epoch {i}");
                if thin.test_skipped {
                    assert_eq!(thin.test, TestMetrics::default(), "{name} epoch {i}");
                } else {
                    assert_eq!((&full.test, &full.curves), (&thin.test, &thin.curves));
                }
            }
            let skipped = sparse_reports.iter().filter(|r| r.test_skipped).count();
            assert!(
                skipped >= 2,
                "{name}: {skipped} epochs skipped the test set"
            );
            assert_eq!(every.selection(), sparse.selection(), "{name}");
            assert_eq!(every.test_scores(), sparse.test_scores(), "{name}");
            assert_eq!(
                latest_scored(&sparse_reports).map(|r| &r.test),
                every_reports.last().map(|r| &r.test)
            );
        }
    }

    #[test]
    fn the_checkpoint_judges_dist_pus_warm_up_but_not_pre_training() {
        let split = tiny_split();
        let mut config = short_run(Learner::DistPu, 6);
        config.policy.pretrain_epochs = 2;
        let (trainer, reports, stages) = trained(&config, &split);
        assert_eq!(stages, [[Stage::Warmup; 3], [Stage::Train; 3]].concat());
        assert!(reports.iter().all(|r| r.validation.is_some()));
        // The kept epoch is the best of all six by the run's own rule,
        // warm-up included.
        let best = crate::selection::select_epoch(
            reports.iter().map(|r| r.validation.as_ref()),
            config.criterion(),
        )
        .unwrap();
        let selection = trainer.selection().unwrap();
        assert_eq!(
            (selection.stage, selection.epoch),
            (reports[best].stage, reports[best].epoch)
        );
        assert_eq!(
            crate::report::kept_report(&reports, config.criterion()),
            Some(&reports[best])
        );
        assert_eq!(
            crate::report::selection_in(&reports, config.criterion()),
            Some(selection)
        );
        // policyPU's biased-PU pre-training is not judged.
        config.learner = Learner::Separator;
        let (trainer, reports, _) = trained(&config, &split);
        for r in &reports {
            assert_eq!(
                r.validation.is_some(),
                r.stage == Stage::Train,
                "{:?}",
                r.stage
            );
        }
        assert_eq!(trainer.selection().unwrap().stage, Stage::Train);
    }

    /// The tiny split without its truth, one value moved by `shift` so that
    /// no other test's estimates (kept process-wide) are its own.
    fn split_without_truth(shift: f32) -> PuSplit {
        let mut split = tiny_split();
        split.prior = None;
        split.train_truth = None;
        split.train_x[0] += shift;
        split
    }

    #[test]
    fn only_a_test_set_without_truth_gets_the_pu_figures() {
        // A test set of positives alone: held-out labeled rows without a
        // truth column, or a draw of one class with one.
        let one_class = |mut split: PuSplit| {
            let rows = split.test_y.len() / 2;
            split.test_y = vec![true; rows];
            split.test_x.truncate(rows * split.shape.len());
            split.test_source.truncate(rows);
            split
        };
        let config = short_run(Learner::BiasedPu, 1);
        for (split, pu_expected) in [
            (one_class(tiny_split()), false),
            (one_class(split_without_truth(3.0)), true),
        ] {
            let (_, reports, _) = trained(&config, &split);
            let test = &reports.last().unwrap().test;
            assert_eq!(test.pu.is_some(), pu_expected, "{test:?}");
            assert!(
                test.accuracy.is_some() && test.roc_auc.is_none(),
                "{test:?}"
            );
        }
    }

    #[test]
    fn the_prior_is_estimated_once_however_many_trainers_a_plan_makes() {
        // As the worker's Auto device choice does: one plan, a trainer on
        // each device to time, then the one that trains.
        let split = split_without_truth(1.0);
        let config = RunConfig {
            learner: Learner::TiceNnPu,
            ..RunConfig::default()
        };
        ESTIMATIONS.with(|n| n.set(0));
        let plan = RunPlan::new(&config, &split).unwrap();
        for _ in 0..3 {
            Trainer::new(&plan, &split, &Device::flex()).unwrap();
        }
        assert_eq!(ESTIMATIONS.with(|n| n.get()), 1);
        assert!(plan.prior.as_ref().is_some_and(|p| p.spread.is_some()));
    }

    #[test]
    fn the_runs_of_one_split_share_its_estimate() {
        // auto's candidates on a file without truth: the KM2+nnPU ones share
        // KM2's estimate, every other one the default estimate, each made
        // once; another seed estimates again.
        let split = split_without_truth(2.0);
        ESTIMATIONS.with(|n| n.set(0));
        let auto = RunConfig {
            learner: Learner::Auto,
            ..RunConfig::default()
        };
        let (km2, other): (Vec<_>, Vec<_>) = crate::auto_learner::candidate_configs(&auto)
            .iter()
            .map(|c| {
                let prior = RunPlan::new(c, &split).unwrap().prior.unwrap();
                (c.learner == Learner::Km2NnPu, prior.rho)
            })
            .partition(|(is_km2, _)| *is_km2);
        assert_eq!(ESTIMATIONS.with(|n| n.get()), 2);
        for group in [km2, other] {
            assert!(group.windows(2).all(|w| w[0].1 == w[1].1), "{group:?}");
        }
        let reseeded = RunConfig {
            seed: 2,
            learner: Learner::BiasedPu,
            ..RunConfig::default()
        };
        RunPlan::new(&reseeded, &split).unwrap();
        assert_eq!(ESTIMATIONS.with(|n| n.get()), 3);
    }

    #[test]
    fn a_diverged_run_stops_with_a_clear_message() {
        let mut split = tiny_split();
        split.train_x[0] = f32::NAN;
        let config = RunConfig {
            learner: Learner::BiasedPu,
            ..RunConfig::default()
        };
        let mut trainer = planned(&config, &split).unwrap();
        let err = pollster::block_on(run_to_end(&mut trainer, |_| {})).unwrap_err();
        assert!(matches!(err, TrainError::Diverged(_)), "{err:?}");
        assert!(
            err.to_string().contains("Lower the learning rates"),
            "{err}"
        );
    }

    #[test]
    fn estimated_priors_are_reported_with_their_error() {
        let split = tiny_split();
        for learner in [Learner::TiceNnPu, Learner::Km2NnPu, Learner::ElkanNotoNnPu] {
            let config = RunConfig {
                learner,
                ..RunConfig::default()
            };
            let trainer = planned(&config, &split).unwrap();
            let prior = trainer.prior().unwrap();
            assert_eq!(
                prior.source,
                PriorSource::Estimated(learner.prior_estimator().unwrap())
            );
            assert_eq!(prior.true_rho, Some(0.5));
            assert!(prior.rho > 0.0 && prior.rho < 1.0 && prior.error().is_some());
        }
        let truth = planned(
            &RunConfig {
                learner: Learner::NnPu,
                ..RunConfig::default()
            },
            &split,
        )
        .unwrap();
        assert_eq!(
            truth.prior().map(|p| (p.source, p.rho)),
            Some((PriorSource::Truth, 0.5))
        );
        assert!(
            planned(&RunConfig::default(), &split)
                .unwrap()
                .prior()
                .is_none()
        );
    }

    #[test]
    fn a_prior_verdict_takes_the_given_prior_else_km2_and_the_oracle_the_truth() {
        let mut split = tiny_split();
        let policy = |threshold, given| {
            let mut config = RunConfig::default();
            config.policy.verdict_threshold = threshold;
            config.nnpu.prior = given;
            config
        };
        let used = |config: &RunConfig, split: &PuSplit| {
            let trainer = planned(config, split)?;
            Ok::<_, TrainError>(trainer.prior().map(|p| (p.source, p.rho)))
        };
        let prior = VerdictThreshold::Prior;
        assert_eq!(
            used(&policy(prior, Some(0.2)), &split).unwrap(),
            Some((PriorSource::Given, 0.2))
        );
        assert!(matches!(
            used(&policy(prior, None), &split).unwrap(),
            Some((PriorSource::Estimated(PriorMethod::Km2), _))
        ));
        let oracle = VerdictThreshold::TruePrior;
        assert_eq!(
            used(&policy(oracle, Some(0.2)), &split).unwrap(),
            Some((PriorSource::Truth, 0.5)),
            "the oracle ignores a given prior"
        );
        split.prior = None;
        let err = used(&policy(oracle, None), &split).unwrap_err();
        assert!(err.to_string().contains("truth column"), "{err}");
    }

    #[test]
    fn too_much_work_on_a_csv_is_refused_before_training() {
        // 20 copies of the tiny split: 3,200 rows, 1,600 batches of 2 per epoch.
        let mut split = tiny_split();
        split.train_x = split.train_x.repeat(20);
        split.train_labeled = split.train_labeled.repeat(20);
        split.train_truth = split.train_truth.map(|t| t.repeat(20));
        let mut config = RunConfig::default();
        config.optim.batch_size = 2;
        config.optim.epochs = 2000;
        let Err(err) = planned(&config, &split) else {
            panic!("1,600 batches for 2,020 epochs must be refused")
        };
        assert!(err.to_string().starts_with("optim.epochs:"), "{err}");
        config.optim.epochs = 200;
        let plan = RunPlan::new(&config, &split).unwrap();
        assert_eq!(plan.warnings.len(), 1, "{:?}", plan.warnings);
    }

    #[test]
    fn rank_pruning_cross_validates_then_trains_on_fewer_rows() {
        let split = tiny_split();
        let mut config = short_run(Learner::RankPruning, 2);
        config.baselines.rank_pruning_fold_epochs = 1;
        let (trainer, _, stages) = trained(&config, &split);
        assert_eq!(
            stages,
            [vec![Stage::CrossValidate; 5], vec![Stage::Train; 2]].concat()
        );
        assert!(trainer.rows.len() < split.n_train(), "nothing was pruned");
        assert!(
            trainer
                .rows
                .iter()
                .all(|&i| i >= 40 || split.train_labeled[i])
        );
    }

    /// The test set scored beside U and the validation rows (a pool of two
    /// threads) and after them (one thread): the same reports, value for
    /// value, through policyPU's stages (where U is seen by the policy, and
    /// the test logits of an unchanged classifier are reused).
    #[test]
    fn scoring_the_test_set_beside_u_changes_no_value() {
        let mut config = short_run(Learner::Weighter, 2);
        config.policy.pretrain_epochs = 1;
        let split = tiny_split();
        let reports_on = |threads: usize| {
            on_threads(threads, || {
                let mut trainer = planned(&config, &split).unwrap();
                trainer.set_keep_values(true);
                let reports = pollster::block_on(run_to_end(&mut trainer, |_| {})).unwrap();
                reports
                    .into_iter()
                    .map(|r| (r.stage, r.test, r.curves, r.unlabeled, r.validation))
                    .collect::<Vec<_>>()
            })
        };
        let after = reports_on(1);
        assert_eq!(
            after.len(),
            4,
            "two pre-training epochs and two of training"
        );
        assert_eq!(reports_on(2), after);
    }
}

//! The step-wise [`Trainer`]: one mini-batch per [`Trainer::step`], so the
//! CLI can loop over it and the browser worker can pause, resume or stop
//! between steps. Every read from the device is asynchronous.

use std::sync::Mutex;

use burn::module::Module;
use burn::optim::decay::WeightDecayConfig;
use burn::optim::{AdamConfig, GradientsParams, ModuleOptimizer};
use burn::tensor::{Device, Tensor};
use web_time::Instant;

use super::TrainError;
use super::action::ActionDistribution;
use super::device_data::{DeviceData, probabilities, probability_tensor, read_vec};
use super::losses::{RiskEstimator, bce_with_logits, pu_risk};
use super::network::{Network, Role};
use super::reward::batch_reward;
use super::saved_classifier::record_bytes;
use super::schedule::{Schedule, batch_bounds};
use crate::config::{Learner, RunConfig};
use crate::report::{
    BatchProgress, Curves, EpochReport, Stage, TestMetrics, TrainEvent, UnlabeledView, ViewSource,
};
use crate::rng::{PortableRng, stream};
use crate::saved_model::{ModelHeader, ModelInput, SavedModel, created_by};
use crate::split::PuSplit;

/// Seeding the device and drawing initial weights must not interleave
/// between trainers built at the same time (the seed may be global).
static WEIGHT_INIT: Mutex<()> = Mutex::new(());

/// A network with its optimiser and learning rate.
struct Trained {
    net: Network,
    optimizer: ModuleOptimizer,
    lr: f64,
}

impl Trained {
    fn new(net: Network, lr: f64, weight_decay: f64) -> Self {
        let decay = (weight_decay > 0.0).then(|| WeightDecayConfig::new(weight_decay as f32));
        Trained {
            net,
            optimizer: AdamConfig::new().with_weight_decay(decay).init(),
            lr,
        }
    }

    /// One Adam step on `loss`, which must depend on this network.
    fn descend(&mut self, loss: Tensor<1>) {
        let grads = GradientsParams::from_grads(loss.backward(), &self.net);
        self.net = self.optimizer.step(self.lr, self.net.clone(), grads);
    }
}

/// The policy side of policyPU: online Θ, target Θ′, action distribution.
struct Policy {
    online: Trained,
    target: Network,
    distribution: ActionDistribution,
    update_every: usize,
}

/// Running sums over one epoch. Losses stay on the device until the epoch ends.
#[derive(Default)]
struct Tally {
    classifier_loss: Option<Tensor<1>>,
    classifier_batches: usize,
    policy_loss: Option<Tensor<1>>,
    policy_batches: usize,
    reward: f64,
    threshold: f64,
    reward_batches: usize,
}

fn add_to(sum: &mut Option<Tensor<1>>, value: Tensor<1>) {
    let value = value.detach().inner();
    *sum = Some(match sum.take() {
        Some(s) => s + value,
        None => value,
    });
}

async fn mean_of(sum: Option<Tensor<1>>, count: usize) -> Result<Option<f64>, TrainError> {
    match sum {
        Some(s) if count > 0 => Ok(read_vec(s).await?.first().map(|v| *v as f64 / count as f64)),
        _ => Ok(None),
    }
}

/// Trains one run of any learner, a mini-batch at a time.
pub struct Trainer {
    config: RunConfig,
    labeled: Vec<bool>,
    truth: Option<Vec<bool>>,
    test_y: Vec<bool>,
    input: ModelInput,
    unlabeled_truth: Option<Vec<bool>>,
    prior: Option<f64>,
    data: DeviceData,
    unlabeled_x: Tensor<2>,
    classifier: Trained,
    policy: Option<Policy>,
    schedule: Schedule,
    bounds: Vec<(usize, usize)>,
    order: Vec<usize>,
    batch: usize,
    batch_rng: PortableRng,
    action_rng: PortableRng,
    tally: Tally,
    keep_values: bool,
    run_started: Instant,
    epoch_started: Instant,
    last_test_scores: Vec<f32>,
}

impl Trainer {
    /// Prepare a run on `device` (a plain device; autodiff is added here).
    pub fn new(config: &RunConfig, split: &PuSplit, device: &Device) -> Result<Self, TrainError> {
        let problems = config.validate();
        if !problems.is_empty() {
            let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
            return Err(TrainError::Config(format!(
                "invalid settings: {}",
                listed.join("; ")
            )));
        }
        if split.n_train() < 2 || !split.train_labeled.iter().any(|s| *s) {
            return Err(TrainError::Config(
                "the training set needs labeled positives and at least two rows".into(),
            ));
        }
        if config.learner == Learner::OraclePn && split.train_truth.is_none() {
            return Err(TrainError::Config(
                "optimal PN trains on the true labels, and this data has no ground-truth column"
                    .into(),
            ));
        }
        let prior = config.nnpu.prior.or(split.prior);
        if config.learner.uses_prior() && prior.is_none() {
            return Err(TrainError::Config(format!(
                "{} needs the class prior (the share of positives in U); this data does not reveal it, \
                 so give it in the nnPU settings",
                config.learner.name()
            )));
        }

        let autodiff = device.clone().autodiff();
        let (classifier_net, policy_net) = {
            let _guard = WEIGHT_INIT.lock().unwrap_or_else(|p| p.into_inner());
            device.seed(config.seed);
            let classifier = Network::new(config.model, Role::Classifier, split.shape, &autodiff);
            let policy = config
                .learner
                .uses_policy()
                .then(|| Network::new(config.model, Role::Policy, split.shape, &autodiff))
                .transpose();
            (classifier, policy)
        };
        let classifier_net = classifier_net.map_err(TrainError::Config)?;
        let policy = policy_net.map_err(TrainError::Config)?.map(|net| Policy {
            target: net.valid(),
            online: Trained::new(net, config.policy.lr, config.policy.weight_decay),
            distribution: match config.learner {
                Learner::Separator => ActionDistribution::Bernoulli,
                _ => ActionDistribution::LogitNormal {
                    spread: config.policy.action_spread,
                },
            },
            update_every: config.policy.target_update_every,
        });

        let data = DeviceData::upload(split, device);
        let unlabeled = split.unlabeled_indices();
        let now = Instant::now();
        Ok(Trainer {
            unlabeled_x: data.train_rows(&unlabeled),
            unlabeled_truth: split
                .train_truth
                .as_ref()
                .map(|t| unlabeled.iter().map(|&i| t[i]).collect()),
            config: config.clone(),
            labeled: split.train_labeled.clone(),
            truth: split.train_truth.clone(),
            test_y: split.test_y.clone(),
            input: ModelInput::of_split(split),
            prior,
            data,
            classifier: Trained::new(classifier_net, config.optim.lr, config.optim.weight_decay),
            policy,
            schedule: Schedule::new(
                config.policy.pretrain_epochs,
                config.optim.epochs,
                config.learner.uses_policy(),
            ),
            bounds: batch_bounds(split.n_train(), config.optim.batch_size),
            order: Vec::new(),
            batch: 0,
            batch_rng: PortableRng::new(config.seed, stream::BATCHES),
            action_rng: PortableRng::new(config.seed, stream::ACTIONS),
            tally: Tally::default(),
            keep_values: false,
            run_started: now,
            epoch_started: now,
            last_test_scores: Vec::new(),
        })
    }

    /// Ask for every unlabeled example's value in each epoch report (for the
    /// app's assignment views); off by default to keep reports small.
    pub fn set_keep_values(&mut self, keep: bool) {
        self.keep_values = keep;
    }

    /// The run's configuration.
    pub fn config(&self) -> &RunConfig {
        &self.config
    }

    /// True once every epoch has run.
    pub fn is_done(&self) -> bool {
        self.schedule.stage().is_none()
    }

    /// Mini-batches in one epoch.
    pub fn batches_per_epoch(&self) -> usize {
        self.bounds.len()
    }

    /// Mini-batches in the whole run, pre-training included.
    pub fn total_batches(&self) -> usize {
        self.schedule.total_epochs() * self.bounds.len()
    }

    /// The class prior used by uPU and nnPU (given, or the split's truth).
    pub fn prior(&self) -> Option<f64> {
        self.prior
    }

    /// The classifier's test-set probabilities at the last epoch end.
    pub fn last_test_scores(&self) -> &[f32] {
        &self.last_test_scores
    }

    /// The test set's true classes.
    pub fn test_labels(&self) -> &[bool] {
        &self.test_y
    }

    /// The classifier as it is now, with the configuration and the input
    /// description (CSV feature columns and standardiser) needed to score new
    /// data as the test set is scored. Call it between steps, typically once
    /// [`Trainer::is_done`]; the classifier then is the one that gave
    /// [`Trainer::last_test_scores`].
    ///
    /// Safe on WebGPU: parameters are read with `into_data_async` and recorded
    /// on the host (see [`record_bytes`]), never read synchronously. From async
    /// code (the browser worker), `trainer.export_model().await` and then
    /// [`SavedModel::to_bytes`] give the model file's bytes.
    ///
    /// # Errors
    /// [`TrainError::Device`] if reading the parameters back fails,
    /// [`TrainError::Config`] if the split and configuration disagree on the
    /// data source (a built-in configuration with a CSV split, say).
    pub async fn export_model(&self) -> Result<SavedModel, TrainError> {
        let header = ModelHeader {
            created_by: created_by(),
            config: self.config.clone(),
            input: self.input.clone(),
        };
        header
            .check()
            .map_err(|e| TrainError::Config(format!("cannot export the model: {e}")))?;
        Ok(SavedModel {
            header,
            classifier_record: record_bytes(self.classifier.net.valid()).await?,
        })
    }

    /// Train one mini-batch; at an epoch's end also evaluate and report.
    pub async fn step(&mut self) -> Result<Vec<TrainEvent>, TrainError> {
        let Some(stage) = self.schedule.stage() else {
            return Ok(vec![TrainEvent::Done]);
        };
        if self.batch == 0 {
            self.order = (0..self.labeled.len()).collect();
            self.batch_rng.shuffle(&mut self.order);
            self.epoch_started = Instant::now();
        }
        let (start, end) = self.bounds[self.batch];
        let indices = self.order[start..end].to_vec();
        self.train_batch(stage, &indices).await?;
        self.batch += 1;
        let mut events = vec![TrainEvent::Batch(BatchProgress {
            stage,
            epoch: self.schedule.epoch(),
            batch: self.batch,
            batches: self.bounds.len(),
        })];
        if self.batch == self.bounds.len() {
            events.push(TrainEvent::Epoch(Box::new(self.finish_epoch(stage).await?)));
            if self.is_done() {
                events.push(TrainEvent::Done);
            }
        }
        Ok(events)
    }

    async fn train_batch(&mut self, stage: Stage, indices: &[usize]) -> Result<(), TrainError> {
        let x = self.data.train_rows(indices);
        let labeled: Vec<bool> = indices.iter().map(|&i| self.labeled[i]).collect();
        let as_target = |flags: &[bool]| {
            flags
                .iter()
                .map(|&f| if f { 1.0 } else { 0.0 })
                .collect::<Vec<f32>>()
        };
        match (stage, self.config.learner) {
            (Stage::PretrainClassifier, _) | (Stage::Train, Learner::BiasedPu) => {
                self.fit_classifier(x, as_target(&labeled));
            }
            (Stage::Train, Learner::OraclePn) => {
                let truth = self
                    .truth
                    .as_ref()
                    .ok_or_else(|| TrainError::Config("no ground truth".into()))?;
                let y: Vec<bool> = indices.iter().map(|&i| truth[i]).collect();
                self.fit_classifier(x, as_target(&y));
            }
            (Stage::Train, Learner::UPu | Learner::NnPu) => self.fit_risk(x, &labeled),
            (Stage::PretrainPolicy, _) => self.pretrain_policy(x),
            (Stage::Train, Learner::Weighter | Learner::Separator) => {
                self.policy_step(x, &labeled).await?
            }
        }
        Ok(())
    }

    /// One classifier step on binary cross-entropy against `targets`.
    fn fit_classifier(&mut self, x: Tensor<2>, targets: Vec<f32>) {
        let logits = self.classifier.net.forward(x.autodiff()).flatten::<1>(0, 1);
        let loss = bce_with_logits(logits, self.data.vector(targets).autodiff());
        add_to(&mut self.tally.classifier_loss, loss.clone());
        self.tally.classifier_batches += 1;
        self.classifier.descend(loss);
    }

    /// One classifier step on the uPU or nnPU risk.
    fn fit_risk(&mut self, x: Tensor<2>, labeled: &[bool]) {
        let n_labeled = labeled.iter().filter(|s| **s).count();
        let mask: Vec<f32> = labeled.iter().map(|&s| if s { 1.0 } else { 0.0 }).collect();
        let estimator = match self.config.learner {
            Learner::NnPu => RiskEstimator::NonNegative {
                beta: self.config.nnpu.beta,
                gamma: self.config.nnpu.gamma,
            },
            _ => RiskEstimator::Unbiased,
        };
        let logits = self.classifier.net.forward(x.autodiff()).flatten::<1>(0, 1);
        let (objective, risk) = pu_risk(
            logits,
            self.data.vector(mask).autodiff(),
            n_labeled,
            labeled.len() - n_labeled,
            self.prior.unwrap_or(0.5),
            estimator,
        );
        add_to(&mut self.tally.classifier_loss, risk);
        self.tally.classifier_batches += 1;
        self.classifier.descend(objective);
    }

    /// Pre-training of the policy: cross-entropy against the classifier's ŷ.
    fn pretrain_policy(&mut self, x: Tensor<2>) {
        let Some(policy) = self.policy.as_mut() else {
            return;
        };
        let y_hat = probability_tensor(self.classifier.net.valid().forward(x.clone())).autodiff();
        let logits = policy.online.net.forward(x.autodiff()).flatten::<1>(0, 1);
        let loss = bce_with_logits(logits, y_hat);
        add_to(&mut self.tally.policy_loss, loss.clone());
        self.tally.policy_batches += 1;
        policy.online.descend(loss);
    }

    /// Algorithm 1's inner loop: sample actions from Θ′, train the
    /// classifier on them (eq. 8 or 9), reward with eqs. (4)–(5), and update
    /// Θ by REINFORCE, eq. (7).
    async fn policy_step(&mut self, x: Tensor<2>, labeled: &[bool]) -> Result<(), TrainError> {
        let Some(policy) = self.policy.as_ref() else {
            return Ok(());
        };
        let target_logits = read_vec(policy.target.forward(x.clone()).flatten::<1>(0, 1)).await?;
        let actions = policy
            .distribution
            .sample(&target_logits, &mut self.action_rng);
        let targets = labeled
            .iter()
            .zip(&actions.action)
            .map(|(&s, &a)| if s { 1.0 } else { a })
            .collect();
        self.fit_classifier(x.clone(), targets);

        let y_hat = read_vec(probability_tensor(
            self.classifier.net.valid().forward(x.clone()),
        ))
        .await?;
        let reward = batch_reward(&y_hat, labeled);
        self.tally.reward +=
            reward.rewards.iter().map(|r| *r as f64).sum::<f64>() / reward.rewards.len() as f64;
        self.tally.threshold += reward.threshold as f64;
        self.tally.reward_batches += 1;

        let rewards = self.data.vector(reward.rewards).autodiff();
        let latent = self.data.vector(actions.latent).autodiff();
        let Some(policy) = self.policy.as_mut() else {
            return Ok(());
        };
        let logits = policy.online.net.forward(x.autodiff()).flatten::<1>(0, 1);
        let loss = (policy.distribution.log_prob(logits, latent) * rewards)
            .mean()
            .neg();
        add_to(&mut self.tally.policy_loss, loss.clone());
        self.tally.policy_batches += 1;
        policy.online.descend(loss);
        Ok(())
    }

    /// Evaluate, report, and move the schedule (and Θ′) on.
    async fn finish_epoch(&mut self, stage: Stage) -> Result<EpochReport, TrainError> {
        let classifier = self.classifier.net.valid();
        let scores = probabilities(&classifier, &self.data.test_x).await?;
        let policy_view = stage != Stage::PretrainClassifier && self.policy.is_some();
        let (source, view_net) = match (&self.policy, policy_view) {
            (Some(p), true) => (ViewSource::Policy, p.online.net.valid()),
            _ => (ViewSource::Classifier, classifier),
        };
        let u_values = probabilities(&view_net, &self.unlabeled_x).await?;
        let tally = std::mem::take(&mut self.tally);
        let batches = tally.reward_batches.max(1) as f64;
        let report = EpochReport {
            stage,
            epoch: self.schedule.epoch(),
            test: TestMetrics::of(&scores, &self.test_y),
            curves: Curves::of(&scores, &self.test_y),
            classifier_loss: mean_of(tally.classifier_loss, tally.classifier_batches).await?,
            policy_loss: mean_of(tally.policy_loss, tally.policy_batches).await?,
            mean_reward: (tally.reward_batches > 0).then(|| tally.reward / batches),
            threshold: (tally.reward_batches > 0).then(|| tally.threshold / batches),
            unlabeled: Some(UnlabeledView::of(
                source,
                u_values,
                self.unlabeled_truth.as_deref(),
                self.keep_values,
            )),
            epoch_ms: self.epoch_started.elapsed().as_secs_f64() * 1e3,
            elapsed_ms: self.run_started.elapsed().as_secs_f64() * 1e3,
        };
        self.last_test_scores = scores;
        self.batch = 0;
        let finished_epoch = self.schedule.epoch();
        let new_stage = self.schedule.advance();
        if let Some(policy) = self.policy.as_mut() {
            // Θ′ ← Θ when the interaction starts, and every k training epochs.
            let entering_training = new_stage && self.schedule.stage() == Some(Stage::Train);
            let every_k = stage == Stage::Train && finished_epoch % policy.update_every == 0;
            if entering_training || every_k {
                policy.target = policy.online.net.valid();
            }
        }
        Ok(report)
    }
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

//! What every learner trains with: the data on the device, the labeled
//! flags, the classifier that is evaluated and exported, the class prior
//! when one is used, the epoch's tally and the run's random streams.

use burn::tensor::{Device, Tensor};

use super::TrainError;
use super::device_data::DeviceData;
use super::losses::{bce_with_logits, weighted_bce_with_logits};
use super::network::{Network, Role};
use super::tally::Tally;
use super::trained::Trained;
use crate::config::RunConfig;
use crate::data::FeatureShape;
use crate::rng::{PortableRng, stream};
use crate::split::PuSplit;

/// The state shared by the trainer and the learner.
pub struct TrainContext {
    /// The run's settings.
    pub config: RunConfig,
    /// Training and test features on the device.
    pub data: DeviceData,
    /// s of every training row: true for labeled positives.
    pub labeled: Vec<bool>,
    /// y of every training row, where known (oracle PN only may read it).
    pub truth: Option<Vec<bool>>,
    /// The classifier F_Φ: what is evaluated, reported and exported.
    pub classifier: Trained,
    /// π, the fraction of positives in U, for the learners that need it.
    pub prior: Option<f64>,
    /// The epoch's running sums.
    pub tally: Tally,
    /// The learner's own random draws (folds, resampling, actions).
    pub rng: PortableRng,
    weights_rng: PortableRng,
    shape: FeatureShape,
    autodiff: Device,
}

/// One mini-batch: training-row indices, their features and labeled flags.
pub struct Batch {
    /// Rows of the training set.
    pub indices: Vec<usize>,
    /// Their features `[m, d]`, without autodiff.
    pub x: Tensor<2>,
    /// Their labeled flags s.
    pub labeled: Vec<bool>,
}

impl TrainContext {
    /// Upload `split` to `device` and draw the classifier's initial weights.
    pub fn new(
        config: &RunConfig,
        split: &PuSplit,
        prior: Option<f64>,
        device: &Device,
    ) -> Result<Self, TrainError> {
        let autodiff = device.clone().autodiff();
        let mut weights_rng = PortableRng::new(config.seed, stream::WEIGHTS);
        let net = Network::new(
            config.model,
            Role::Classifier,
            split.shape,
            &mut weights_rng,
            &autodiff,
        )
        .map_err(TrainError::Config)?;
        Ok(TrainContext {
            classifier: Trained::new(net, config.classifier_lr(), config.optim.weight_decay),
            config: config.clone(),
            data: DeviceData::upload(split, device),
            labeled: split.train_labeled.clone(),
            truth: split.train_truth.clone(),
            prior,
            tally: Tally::default(),
            rng: PortableRng::new(config.seed, stream::LEARNER),
            weights_rng,
            shape: split.shape,
            autodiff,
        })
    }

    /// A new network of the run's preset for `role`, weights drawn from the run's stream.
    pub fn new_network(&mut self, role: Role) -> Result<Network, TrainError> {
        Network::new(
            self.config.model,
            role,
            self.shape,
            &mut self.weights_rng,
            &self.autodiff,
        )
        .map_err(TrainError::Config)
    }

    /// Start the classifier afresh (new weights, new optimiser state).
    pub fn reset_classifier(&mut self) -> Result<(), TrainError> {
        let net = self.new_network(Role::Classifier)?;
        self.classifier = Trained::new(
            net,
            self.config.classifier_lr(),
            self.config.optim.weight_decay,
        );
        Ok(())
    }

    /// A float vector on the device.
    pub fn vector(&self, values: Vec<f32>) -> Tensor<1> {
        self.data.vector(values)
    }

    /// The classifier's logits of a batch, with autodiff (training mode).
    pub fn classifier_logits(&self, x: &Tensor<2>) -> Tensor<1> {
        self.classifier
            .net
            .forward(x.clone().autodiff())
            .flatten::<1>(0, 1)
    }

    /// One classifier step on mean cross-entropy against `targets` in [0, 1].
    pub fn fit_classifier(&mut self, x: &Tensor<2>, targets: Vec<f32>) {
        let logits = self.classifier_logits(x);
        let loss = bce_with_logits(logits, self.vector(targets).autodiff());
        self.tally.classifier_loss(loss.clone());
        self.classifier.descend(loss);
    }

    /// One classifier step on Σ wᵢ·BCE / `normaliser` for given logits.
    pub fn fit_weighted(
        &mut self,
        logits: Tensor<1>,
        targets: Vec<f32>,
        weights: Vec<f32>,
        normaliser: f64,
    ) {
        let loss = weighted_bce_with_logits(
            logits,
            self.vector(targets).autodiff(),
            self.vector(weights).autodiff(),
            normaliser,
        );
        self.tally.classifier_loss(loss.clone());
        self.classifier.descend(loss);
    }
}

/// 1 for true, 0 for false.
pub fn as_targets(flags: &[bool]) -> Vec<f32> {
    flags.iter().map(|&f| if f { 1.0 } else { 0.0 }).collect()
}

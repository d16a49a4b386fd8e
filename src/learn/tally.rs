//! Running sums over one epoch, reported when it ends. Losses stay on the
//! device until then, so an epoch reads each sum back once.

use burn::tensor::Tensor;

use super::TrainError;
use super::device_data::read_vec;

/// An epoch's sums.
#[derive(Default)]
pub struct Tally {
    classifier_loss: Sum,
    policy_loss: Sum,
    reward: f64,
    threshold: f64,
    reward_batches: usize,
}

/// A device-side sum of scalar losses and how many there were.
#[derive(Default)]
struct Sum {
    total: Option<Tensor<1>>,
    count: usize,
}

impl Sum {
    fn add(&mut self, value: Tensor<1>) {
        let value = value.detach().inner();
        self.total = Some(match self.total.take() {
            Some(s) => s + value,
            None => value,
        });
        self.count += 1;
    }

    async fn mean(self) -> Result<Option<f64>, TrainError> {
        match self.total {
            Some(s) if self.count > 0 => Ok(read_vec(s)
                .await?
                .first()
                .map(|v| *v as f64 / self.count as f64)),
            _ => Ok(None),
        }
    }
}

/// What an epoch's sums come to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TallyMeans {
    /// Mean classifier loss.
    pub classifier_loss: Option<f64>,
    /// Mean policy loss.
    pub policy_loss: Option<f64>,
    /// Mean reward.
    pub reward: Option<f64>,
    /// Mean threshold of the classifier's verdict.
    pub threshold: Option<f64>,
}

impl Tally {
    /// Count one classifier loss.
    pub fn classifier_loss(&mut self, loss: Tensor<1>) {
        self.classifier_loss.add(loss);
    }

    /// Count one policy loss.
    pub fn policy_loss(&mut self, loss: Tensor<1>) {
        self.policy_loss.add(loss);
    }

    /// Count one batch's mean reward and verdict threshold.
    pub fn reward(&mut self, mean_reward: f64, threshold: f64) {
        self.reward += mean_reward;
        self.threshold += threshold;
        self.reward_batches += 1;
    }

    /// The means, reading the device sums back.
    pub async fn means(self) -> Result<TallyMeans, TrainError> {
        let batches = self.reward_batches;
        let per_batch = |sum: f64| (batches > 0).then(|| sum / batches as f64);
        Ok(TallyMeans {
            classifier_loss: self.classifier_loss.mean().await?,
            policy_loss: self.policy_loss.mean().await?,
            reward: per_batch(self.reward),
            threshold: per_batch(self.threshold),
        })
    }
}

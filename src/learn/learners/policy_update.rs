//! The second half of a policyPU interaction step: once the classifier has
//! trained on the sampled actions, its predictions reward them and Θ learns
//! by REINFORCE (eqs. 6–7). Nothing here reads or writes the classifier, the
//! run's random numbers or Θ′, so the update of one step can run while the
//! classifier trains on the next (`policy_pu.rs`): the same operations on
//! the same values as one after the other, so the same run.

use burn::tensor::{Int, Tensor, TensorData};

use crate::config::PolicyConfig;
use crate::learn::action::ActionDistribution;
use crate::learn::device_data::{probability_tensor, read_vec};
use crate::learn::network::Network;
use crate::learn::reward::policy_signal;
use crate::learn::trained::Trained;
use crate::learn::{TrainError, check_finite};

/// One step's update of Θ, waiting to be applied.
pub struct PolicyUpdate {
    /// The classifier just after it trained on this step's actions (batch
    /// norm in inference mode): its ŷ rewards them.
    pub classifier: Network,
    /// The mini-batch's rows.
    pub x: Tensor<2>,
    /// s of each row.
    pub labeled: Vec<bool>,
    /// The rows whose ŷ the reward reads and their indices into the batch,
    /// when that is not every row (see [`PolicyConfig::reads_labeled_predictions`]).
    pub predicted: Option<(Vec<usize>, Tensor<1, Int>)>,
    /// The sampled action of each row.
    pub actions: Vec<f32>,
    /// The latent value each action was drawn as (its log-probability's input).
    pub latent: Vec<f32>,
    /// Θ′'s probability for each row.
    pub p_target: Vec<f32>,
}

/// What an applied update adds to the epoch's sums.
pub struct AppliedUpdate {
    /// The policy's loss.
    pub policy_loss: Tensor<1>,
    /// The batch's mean reward.
    pub mean_reward: f64,
    /// The verdict threshold the reward used.
    pub threshold: f64,
}

impl PolicyUpdate {
    /// Reward the actions with the classifier's ŷ and take Θ's step.
    pub async fn apply(
        self,
        online: &mut Trained,
        distribution: &ActionDistribution,
        settings: &PolicyConfig,
        prior: Option<f64>,
    ) -> Result<AppliedUpdate, TrainError> {
        let y_hat = self.predictions().await?;
        check_finite(&y_hat, "the classifier's predictions")?;
        let signal = policy_signal(
            settings,
            &y_hat,
            &self.labeled,
            &self.actions,
            &self.p_target,
            prior,
        )?;
        let device = self.x.device();
        let vector = |values: Vec<f32>| {
            let n = values.len();
            Tensor::<1>::from_data(TensorData::new(values, [n]), &device).autodiff()
        };
        let weights = vector(signal.weights);
        let latent = vector(self.latent);
        let logits = online.net.forward(self.x.autodiff()).flatten::<1>(0, 1);
        let policy_loss = (distribution.log_prob(logits, latent) * weights)
            .mean()
            .neg();
        online.descend(policy_loss.clone());
        Ok(AppliedUpdate {
            policy_loss,
            mean_reward: signal.mean_reward,
            threshold: signal.threshold,
        })
    }

    /// The classifier's ŷ on the batch. When the reward does not read
    /// labeled examples' ŷ, only the unlabeled rows are predicted and the
    /// labeled ones get 1, their verdict.
    pub async fn predictions(&self) -> Result<Vec<f32>, TrainError> {
        let Some((unlabeled, index)) = &self.predicted else {
            return read_vec(probability_tensor(self.classifier.forward(self.x.clone()))).await;
        };
        let mut y_hat = vec![1.0; self.labeled.len()];
        if unlabeled.is_empty() {
            return Ok(y_hat);
        }
        let rows = self.x.clone().select(0, index.clone());
        let predicted = read_vec(probability_tensor(self.classifier.forward(rows))).await?;
        for (&i, y) in unlabeled.iter().zip(predicted) {
            y_hat[i] = y;
        }
        Ok(y_hat)
    }
}

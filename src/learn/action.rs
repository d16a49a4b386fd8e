//! The policy's action distributions π_Θ(a | x), given the policy's logit μ(x)
//! and p(x) = sigmoid(μ).
//!
//! - Separator: a ~ Bernoulli(p), a hard assignment of U to P′ (a = 1) or N′.
//! - Weighter: the paper asks for a continuous action a ∈ (0, 1) used as the
//!   weight w of eq. (8), but does not name its distribution. We use a
//!   logit-normal: z ~ N(μ, σ²), a = sigmoid(z). It is centred on the policy's
//!   output (its median is exactly p), stays inside (0, 1) as a weight must,
//!   and its log-density gradient is the plain Gaussian one,
//!   ∇ log π = (z − μ)/σ² · ∇μ, which keeps REINFORCE's variance in check.
//!   σ (`policy.action_spread`) sets how much the Weighter explores.
//!
//! Actions are sampled on the host from read-back logits with the run's
//! seeded stream, so a seed reproduces them on every device.

use burn::tensor::Tensor;
use burn::tensor::activation::log_sigmoid;

use crate::rng::PortableRng;

/// The action distribution of a policyPU learner.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ActionDistribution {
    /// Bernoulli(p): the Separator.
    Bernoulli,
    /// sigmoid(N(μ, σ²)): the Weighter.
    LogitNormal {
        /// σ, the spread in logit space.
        spread: f64,
    },
}

/// Actions for a batch: `action` goes to the classifier, `latent` to log π.
#[derive(Clone, Debug, PartialEq)]
pub struct SampledActions {
    /// a: 0/1 for the Separator, a weight in (0, 1) for the Weighter.
    pub action: Vec<f32>,
    /// The variable whose density is π: a itself (Bernoulli) or z = logit a (logit-normal).
    pub latent: Vec<f32>,
}

impl ActionDistribution {
    /// Draw one action per logit.
    pub fn sample(self, logits: &[f32], rng: &mut PortableRng) -> SampledActions {
        match self {
            ActionDistribution::Bernoulli => {
                let action: Vec<f32> = logits
                    .iter()
                    .map(|&mu| {
                        if rng.unit() < sigmoid(mu as f64) {
                            1.0
                        } else {
                            0.0
                        }
                    })
                    .collect();
                SampledActions {
                    latent: action.clone(),
                    action,
                }
            }
            ActionDistribution::LogitNormal { spread } => {
                let latent: Vec<f32> = logits
                    .iter()
                    .map(|&mu| (mu as f64 + spread * rng.normal()) as f32)
                    .collect();
                let action = latent.iter().map(|&z| sigmoid(z as f64) as f32).collect();
                SampledActions { action, latent }
            }
        }
    }

    /// log π_Θ(latent | x) per example, differentiable in the logits.
    /// For the logit-normal this is the Gaussian log-density of z.
    pub fn log_prob(self, logits: Tensor<1>, latent: Tensor<1>) -> Tensor<1> {
        match self {
            ActionDistribution::Bernoulli => {
                let not_latent = latent.clone().neg().add_scalar(1.0);
                latent * log_sigmoid(logits.clone()) + not_latent * log_sigmoid(logits.neg())
            }
            ActionDistribution::LogitNormal { spread } => {
                let variance = spread * spread;
                let log_norm = -(spread * (std::f64::consts::TAU).sqrt()).ln();
                (latent - logits)
                    .powi_scalar(2)
                    .div_scalar(-2.0 * variance)
                    .add_scalar(log_norm)
            }
        }
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

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

#[cfg(test)]
mod tests {
    use burn::tensor::{Device, TensorData};

    use super::*;

    fn log_prob(distribution: ActionDistribution, logit: f32, latent: f32) -> f64 {
        let device = Device::flex();
        let t = |v: f32| Tensor::<1>::from_data(TensorData::new(vec![v], [1]), &device);
        distribution
            .log_prob(t(logit), t(latent))
            .into_data()
            .try_to_vec::<f32>()
            .unwrap()[0] as f64
    }

    #[test]
    fn bernoulli_log_density_is_log_p_or_log_one_minus_p() {
        let p = 1.0 / (1.0 + (-0.7f64).exp());
        assert!((log_prob(ActionDistribution::Bernoulli, 0.7, 1.0) - p.ln()).abs() < 1e-6);
        assert!((log_prob(ActionDistribution::Bernoulli, 0.7, 0.0) - (1.0 - p).ln()).abs() < 1e-6);
    }

    #[test]
    fn logit_normal_log_density_is_the_gaussian_of_the_latent() {
        // z = 1.3 around μ = 0.3 with σ = 0.5: −(1)²/(2·0.25) − ln(0.5·√(2π)).
        let spread = 0.5;
        let expected =
            -1.0 / (2.0 * spread * spread) - (spread * std::f64::consts::TAU.sqrt()).ln();
        let got = log_prob(ActionDistribution::LogitNormal { spread }, 0.3, 1.3);
        assert!((got - expected).abs() < 1e-5, "{got} vs {expected}");
    }

    #[test]
    fn samples_follow_the_policy() {
        let mut rng = PortableRng::new(1, 0);
        let logits = vec![2.0f32; 4000];
        let b = ActionDistribution::Bernoulli.sample(&logits, &mut rng);
        let share = b.action.iter().sum::<f32>() / 4000.0;
        assert!((share - 0.881).abs() < 0.02, "{share}");
        assert_eq!(b.action, b.latent);
        let w = ActionDistribution::LogitNormal { spread: 0.5 }.sample(&logits, &mut rng);
        let mean_latent = w.latent.iter().sum::<f32>() / 4000.0;
        assert!((mean_latent - 2.0).abs() < 0.05, "{mean_latent}");
        assert!(
            w.action
                .iter()
                .zip(&w.latent)
                .all(|(a, z)| (a - 1.0 / (1.0 + (-z).exp())).abs() < 1e-6)
        );
    }
}

//! The policy's reward on one mini-batch. Host code: it runs on read-back
//! predictions.
//!
//! - [`batch_reward`]: eqs. (4) and (5) as the paper writes them. R depends
//!   on the classifier's ŷ only, not on the action, so REINFORCE's expected
//!   gradient E[R·∇log π(a|x)] is zero but for the one classifier step that
//!   separates the action from ŷ: the policy hardly learns.
//! - [`coherence_reward`]: the action's agreement with the classifier's
//!   verdict v, R = a·v + (1 − a)·(1 − v), which depends on a; with the
//!   expected reward under the target policy as a baseline.

use super::TrainError;
use crate::config::{PolicyConfig, RewardRule, VerdictThreshold};

/// Rewards of one mini-batch and the thresholds behind them.
#[derive(Clone, Debug, PartialEq)]
pub struct BatchReward {
    /// R(xᵢ, aᵢ) for each example, eq. (4).
    pub rewards: Vec<f32>,
    /// thresh_min = min ŷ over the labeled examples (None without any).
    pub thresh_min: Option<f32>,
    /// threshold = mean ŷ over P ∪ U′, U′ = {x ∈ U : ŷ ≥ thresh_min}, eq. (5).
    pub threshold: f32,
}

/// Eqs. (4)–(5) for predictions ŷ of the classifier and the labeled flags s.
///
/// A labeled example earns ŷ. An unlabeled one earns ŷ if ŷ ≥ threshold
/// (the classifier calls it positive) and 1 − ŷ otherwise. A batch without
/// labeled examples has no thresh_min; then U′ = U.
pub fn batch_reward(y_hat: &[f32], labeled: &[bool]) -> BatchReward {
    let thresh_min = y_hat
        .iter()
        .zip(labeled)
        .filter(|(_, s)| **s)
        .map(|(y, _)| *y)
        .reduce(f32::min);
    let floor = thresh_min.unwrap_or(f32::NEG_INFINITY);
    let reference: Vec<f32> = y_hat
        .iter()
        .zip(labeled)
        .filter(|(y, s)| **s || **y >= floor)
        .map(|(y, _)| *y)
        .collect();
    let threshold = if reference.is_empty() {
        0.5
    } else {
        reference.iter().sum::<f32>() / reference.len() as f32
    };
    let rewards = paper_rewards(y_hat, labeled, threshold);
    BatchReward {
        rewards,
        thresh_min,
        threshold,
    }
}

/// The signal REINFORCE weighs each example's log π with, and what is reported.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicySignal {
    /// Per example: the reward, less the baseline when one is used.
    pub weights: Vec<f32>,
    /// Mean reward over the batch (before any baseline).
    pub mean_reward: f64,
    /// The verdict threshold used.
    pub threshold: f64,
}

/// The reward of `policy`'s rule for one batch: classifier probabilities
/// `y_hat`, labeled flags, the actions taken, the target policy's
/// probabilities `p_target` (for the baseline) and the run's class prior
/// (which [`VerdictThreshold::Prior`] needs: without one it is an error, not
/// a silent fallback to another threshold).
pub fn policy_signal(
    policy: &PolicyConfig,
    y_hat: &[f32],
    labeled: &[bool],
    actions: &[f32],
    p_target: &[f32],
    prior: Option<f64>,
) -> Result<PolicySignal, TrainError> {
    let threshold = match (policy.verdict_threshold, prior) {
        (VerdictThreshold::Paper, _) => batch_reward(y_hat, labeled).threshold,
        (VerdictThreshold::Half, _) => 0.5,
        (VerdictThreshold::ElkanNoto, _) => elkan_noto_threshold(y_hat, labeled),
        (VerdictThreshold::Prior | VerdictThreshold::TruePrior, Some(rho)) => {
            prior_threshold(y_hat, labeled, rho)
        }
        (VerdictThreshold::Prior | VerdictThreshold::TruePrior, None) => {
            return Err(TrainError::Config(
                "the prior verdict threshold needs a class prior, and this run has none: \
                 choose another verdict threshold"
                    .into(),
            ));
        }
    };
    let (rewards, expected): (Vec<f32>, Vec<f32>) = match policy.reward {
        RewardRule::Paper => {
            let rewards = paper_rewards(y_hat, labeled, threshold);
            let mean = rewards.iter().sum::<f32>() / rewards.len().max(1) as f32;
            let expected = vec![mean; rewards.len()];
            (rewards, expected)
        }
        RewardRule::Coherence => {
            let verdicts = verdicts(y_hat, labeled, threshold);
            (
                coherence_reward(actions, &verdicts),
                coherence_reward(p_target, &verdicts),
            )
        }
    };
    let mean_reward = rewards.iter().map(|r| *r as f64).sum::<f64>() / rewards.len().max(1) as f64;
    let weights = if policy.baseline {
        rewards.iter().zip(&expected).map(|(r, b)| r - b).collect()
    } else {
        rewards
    };
    Ok(PolicySignal {
        weights,
        mean_reward,
        threshold: threshold as f64,
    })
}

/// Eq. (4) with a given threshold: ŷ for labeled examples and for unlabeled
/// ones at or above it, 1 − ŷ below it.
fn paper_rewards(y_hat: &[f32], labeled: &[bool], threshold: f32) -> Vec<f32> {
    y_hat
        .iter()
        .zip(labeled)
        .map(|(&y, &s)| if s || y >= threshold { y } else { 1.0 - y })
        .collect()
}

/// Half of ĉ, the mean ŷ over the labeled examples (Elkan and Noto's
/// estimate of P(labeled | positive) for a classifier of labeled against
/// unlabeled): ŷ ≥ ĉ/2 means the estimated P(positive | x) = ŷ/ĉ is at
/// least 1/2. 0.5 without labeled examples.
fn elkan_noto_threshold(y_hat: &[f32], labeled: &[bool]) -> f32 {
    let (sum, count) = y_hat
        .iter()
        .zip(labeled)
        .filter(|(_, s)| **s)
        .fold((0.0, 0), |(sum, count), (y, _)| (sum + y, count + 1));
    if count == 0 {
        0.5
    } else {
        sum / count as f32 / 2.0
    }
}

/// The lowest ŷ among the ⌈ρ·n⌉ highest of the batch's n unlabeled
/// examples, so that with ties apart that share is called positive; above
/// every ŷ (nothing positive) when that count is 0, and 0.5 without
/// unlabeled examples.
fn prior_threshold(y_hat: &[f32], labeled: &[bool], rho: f64) -> f32 {
    let mut unlabeled: Vec<f32> = y_hat
        .iter()
        .zip(labeled)
        .filter(|(_, s)| !**s)
        .map(|(y, _)| *y)
        .collect();
    if unlabeled.is_empty() {
        return 0.5;
    }
    unlabeled.sort_by(|a, b| b.total_cmp(a));
    let positives = (rho.clamp(0.0, 1.0) * unlabeled.len() as f64).ceil() as usize;
    match positives {
        0 => f32::INFINITY,
        k => unlabeled[k.min(unlabeled.len()) - 1],
    }
}

/// The classifier's verdict: 1 for labeled examples, else whether ŷ ≥ threshold.
pub fn verdicts(y_hat: &[f32], labeled: &[bool], threshold: f32) -> Vec<f32> {
    y_hat
        .iter()
        .zip(labeled)
        .map(|(&y, &s)| if s || y >= threshold { 1.0 } else { 0.0 })
        .collect()
}

/// R(x, a) = a·v + (1 − a)·(1 − v): how far action a agrees with verdict v.
/// Linear in a, so for a probability p in place of a it is the expected reward.
pub fn coherence_reward(actions: &[f32], verdicts: &[f32]) -> Vec<f32> {
    actions
        .iter()
        .zip(verdicts)
        .map(|(&a, &v)| a * v + (1.0 - a) * (1.0 - v))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::PolicyVariant;

    #[test]
    fn coherence_rewards_agreement_and_its_baseline_centres_it() {
        // Labeled: verdict 1. Unlabeled ŷ 0.8 → 1, ŷ 0.2 → 0 at threshold 0.5.
        let policy = PolicyConfig::default();
        let s = policy_signal(
            &policy,
            &[0.9, 0.8, 0.2],
            &[true, false, false],
            &[1.0, 0.0, 0.0],
            &[0.5, 0.5, 0.5],
            None,
        )
        .unwrap();
        // Rewards 1, 0, 1; expected under p = 0.5: 0.5 each.
        assert_eq!(s.weights, vec![0.5, -0.5, 0.5]);
        assert!((s.mean_reward - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(s.threshold, 0.5);
        let no_baseline = PolicyConfig {
            baseline: false,
            ..policy
        };
        let s = policy_signal(
            &no_baseline,
            &[0.9, 0.8, 0.2],
            &[true, false, false],
            &[1.0, 0.0, 0.0],
            &[0.5; 3],
            None,
        )
        .unwrap();
        assert_eq!(s.weights, vec![1.0, 0.0, 1.0]);
    }

    #[test]
    fn elkan_noto_threshold_is_half_the_labeled_mean() {
        let policy = PolicyConfig {
            verdict_threshold: VerdictThreshold::ElkanNoto,
            ..PolicyConfig::default()
        };
        // Labeled ŷ 0.6 and 0.4: ĉ = 0.5, threshold 0.25; so the unlabeled
        // 0.3 is called positive (reward 1 for action 1) and 0.2 negative.
        let y = [0.6, 0.3, 0.4, 0.2];
        let s = [true, false, true, false];
        let signal =
            policy_signal(&policy, &y, &s, &[1.0, 1.0, 1.0, 1.0], &[0.5; 4], None).unwrap();
        assert!((signal.threshold - 0.25).abs() < 1e-6);
        assert_eq!(signal.weights, vec![0.5, 0.5, 0.5, -0.5]);
        let none_labeled = policy_signal(
            &policy,
            &[0.3, 0.7],
            &[false, false],
            &[1.0; 2],
            &[0.5; 2],
            None,
        )
        .unwrap();
        assert_eq!(none_labeled.threshold, 0.5);
    }

    #[test]
    fn prior_threshold_calls_the_prior_share_of_unlabeled_positive() {
        let policy = PolicyConfig {
            verdict_threshold: VerdictThreshold::Prior,
            ..PolicyConfig::default()
        };
        // Unlabeled ŷ 0.1, 0.3, 0.2, 0.05 (all below 0.5); ρ̂ = 0.5 calls the
        // top ⌈0.5·4⌉ = 2 positive: 0.3 and 0.2. The labeled 0.9 is positive.
        let y = [0.9, 0.1, 0.3, 0.2, 0.05];
        let s = [true, false, false, false, false];
        let signal = policy_signal(&policy, &y, &s, &[1.0; 5], &[0.5; 5], Some(0.5)).unwrap();
        assert!((signal.threshold - 0.2).abs() < 1e-6);
        assert_eq!(signal.weights, vec![0.5, -0.5, 0.5, 0.5, -0.5]);
        // ⌈0.3·4⌉ = 2 as well; ρ̂ = 0.2 calls one (0.3); ρ̂ = 0 none.
        let at = |rho| {
            policy_signal(&policy, &y, &s, &[1.0; 5], &[0.5; 5], Some(rho))
                .unwrap()
                .threshold
        };
        assert!((at(0.3) - 0.2).abs() < 1e-6);
        assert!((at(0.2) - 0.3).abs() < 1e-6);
        assert!(at(0.0).is_infinite());
        // Without a prior it is an error that says so; without unlabeled
        // examples the threshold is 0.5.
        let missing = policy_signal(&policy, &y, &s, &[1.0; 5], &[0.5; 5], None).unwrap_err();
        assert!(
            matches!(&missing, TrainError::Config(m) if m.contains("needs a class prior")),
            "{missing}"
        );
        let none_unlabeled =
            policy_signal(&policy, &[0.9], &[true], &[1.0], &[0.5], Some(0.5)).unwrap();
        assert_eq!(none_unlabeled.threshold, 0.5);
    }

    #[test]
    fn paper_rule_ignores_the_action() {
        let paper = PolicyConfig::default().with_variant(PolicyVariant::Paper);
        let y = [0.9, 0.8, 0.6, 0.7, 0.3, 0.1];
        let s = [true, false, true, false, false, false];
        let a = policy_signal(&paper, &y, &s, &[1.0; 6], &[0.5; 6], None).unwrap();
        let b = policy_signal(&paper, &y, &s, &[0.0; 6], &[0.5; 6], None).unwrap();
        assert_eq!(a, b);
        assert!((a.threshold - 0.75).abs() < 1e-6);
        let expected = [0.9, 0.8, 0.6, 0.3, 0.7, 0.9];
        for (got, want) in a.weights.iter().zip(expected) {
            assert!((got - want).abs() < 1e-6, "{:?}", a.weights);
        }
    }

    #[test]
    fn worked_mini_batch() {
        // Labeled ŷ: 0.9, 0.6 → thresh_min = 0.6.
        // Unlabeled ŷ: 0.8, 0.7, 0.3, 0.1 → U′ = {0.8, 0.7}.
        // threshold = (0.9 + 0.6 + 0.8 + 0.7) / 4 = 0.75.
        // Rewards: labeled 0.9, 0.6; U: 0.8 ≥ 0.75 → 0.8; 0.7 < 0.75 → 0.3; 0.3 → 0.7; 0.1 → 0.9.
        let y = [0.9, 0.8, 0.6, 0.7, 0.3, 0.1];
        let s = [true, false, true, false, false, false];
        let r = batch_reward(&y, &s);
        assert_eq!(r.thresh_min, Some(0.6));
        assert!((r.threshold - 0.75).abs() < 1e-6);
        let expected = [0.9, 0.8, 0.6, 0.3, 0.7, 0.9];
        for (got, want) in r.rewards.iter().zip(expected) {
            assert!((got - want).abs() < 1e-6, "{:?}", r.rewards);
        }
    }

    #[test]
    fn batch_without_labeled_uses_all_of_u() {
        let r = batch_reward(&[0.2, 0.6], &[false, false]);
        assert_eq!(r.thresh_min, None);
        assert!((r.threshold - 0.4).abs() < 1e-6);
        assert!((r.rewards[0] - 0.8).abs() < 1e-6 && (r.rewards[1] - 0.6).abs() < 1e-6);
    }
}

//! [`PolicyConfig`]: the policy network's optimisation and what policyPU's
//! policy is rewarded for, with the named variants of those settings.

use serde::{Deserialize, Serialize};

/// Policy network optimisation and the policyPU schedule (Algorithm 1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PolicyConfig {
    /// Adam learning rate η of the policy, eq. (7).
    pub lr: f64,
    /// L2 weight decay of the policy.
    pub weight_decay: f64,
    /// Pre-training epochs: classifier on P vs U, then the policy on its predictions.
    pub pretrain_epochs: usize,
    /// k: the target policy Θ′ is copied from Θ every k epochs.
    pub target_update_every: usize,
    /// Weighter only: spread σ of the logit-normal action around the policy's output.
    pub action_spread: f64,
    /// What the policy is rewarded for (eq. 4 as written, or coherence of the action).
    pub reward: RewardRule,
    /// Where the classifier's verdict on an unlabeled example switches to positive.
    pub verdict_threshold: VerdictThreshold,
    /// Subtract the reward expected under the target policy (REINFORCE baseline).
    pub baseline: bool,
    /// Ablation: keep the pre-trained policy for the whole run (no policy updates).
    pub frozen: bool,
}

/// The policy's reward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RewardRule {
    /// Eq. (4) as written: ŷ or 1 − ŷ by the classifier's verdict, whatever the action.
    Paper,
    /// R(x, a) = a·v + (1 − a)·(1 − v), v the classifier's verdict (1 for labeled
    /// examples): the action's agreement with the classifier, so R depends on a.
    Coherence,
}

/// The threshold of the classifier's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VerdictThreshold {
    /// Eq. (5): mean ŷ over the batch's labeled examples and the unlabeled ones
    /// scoring at least the lowest labeled one.
    Paper,
    /// 0.5: the classifier's own decision threshold.
    Half,
    /// Elkan and Noto's: half the mean ŷ over the batch's labeled examples,
    /// i.e. ŷ/ĉ ≥ 1/2 with ĉ = that mean estimating P(labeled | positive)
    /// (0.5 in a batch without labeled examples).
    ElkanNoto,
    /// The class prior's: of the mini-batch's unlabeled examples, the share
    /// ρ̂ with the highest ŷ are called positive, ρ̂ being KM2's estimate
    /// of the class prior (as KM2+nnPU's), or the prior given in the settings.
    Prior,
    /// As [`Self::Prior`] with the split's true ρ: an oracle ablation, which
    /// only a split that knows its truth can run.
    TruePrior,
}

impl VerdictThreshold {
    /// True when the verdict needs the class prior.
    pub fn needs_prior(self) -> bool {
        matches!(self, Self::Prior | Self::TruePrior)
    }
}

/// The policyPU variants, each a whole set of reward, threshold and baseline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PolicyVariant {
    /// The coherence reward, the verdict at ŷ = 0.5 and a baseline (the default).
    Coherent,
    /// The paper's Algorithm 1: eq. (4)'s reward, eq. (5)'s threshold, no baseline.
    Paper,
    /// Any other mix, as the CLI's modifiers or a hand-edited link make.
    Mixed,
}

impl PolicyVariant {
    /// The page's label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Coherent => "Coherence reward (default)",
            Self::Paper => "The paper's, eqs. (4)–(5)",
            Self::Mixed => "Another mix (from a link)",
        }
    }
}

impl PolicyConfig {
    /// These settings as one variant of reward, threshold and baseline;
    /// [`PolicyVariant::Mixed`] leaves them as they are.
    pub fn with_variant(self, variant: PolicyVariant) -> Self {
        let (reward, verdict_threshold, baseline) = match variant {
            PolicyVariant::Coherent => {
                let default = PolicyConfig::default();
                (default.reward, default.verdict_threshold, default.baseline)
            }
            PolicyVariant::Paper => (RewardRule::Paper, VerdictThreshold::Paper, false),
            PolicyVariant::Mixed => return self,
        };
        PolicyConfig {
            reward,
            verdict_threshold,
            baseline,
            ..self
        }
    }

    /// Which variant these settings are.
    pub fn variant(&self) -> PolicyVariant {
        [PolicyVariant::Coherent, PolicyVariant::Paper]
            .into_iter()
            .find(|&v| self.clone().with_variant(v) == *self)
            .unwrap_or(PolicyVariant::Mixed)
    }

    /// True when the reward reads the classifier's ŷ on labeled examples:
    /// eq. (4) pays them ŷ, and eq. (5)'s and Elkan and Noto's thresholds
    /// are taken from them. Otherwise a labeled example's verdict is 1
    /// whatever ŷ is, and only the unlabeled examples need predicting.
    pub fn reads_labeled_predictions(&self) -> bool {
        self.reward == RewardRule::Paper
            || matches!(
                self.verdict_threshold,
                VerdictThreshold::Paper | VerdictThreshold::ElkanNoto
            )
    }
}

impl Default for PolicyConfig {
    fn default() -> Self {
        PolicyConfig {
            lr: 1e-4,
            weight_decay: 1e-4,
            pretrain_epochs: 10,
            target_update_every: 3,
            action_spread: 0.5,
            reward: RewardRule::Coherence,
            verdict_threshold: VerdictThreshold::Half,
            baseline: true,
            frozen: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_is_read_back_as_set_and_a_mix_is_named_so() {
        let default = PolicyConfig::default();
        for variant in [PolicyVariant::Coherent, PolicyVariant::Paper] {
            let set = default.clone().with_variant(variant);
            assert_eq!(set.variant(), variant);
            assert_eq!(set.clone().with_variant(PolicyVariant::Mixed), set);
        }
        let paper = default.with_variant(PolicyVariant::Paper);
        assert_eq!(
            (paper.reward, paper.verdict_threshold, paper.baseline),
            (RewardRule::Paper, VerdictThreshold::Paper, false)
        );
        let mixed = PolicyConfig {
            verdict_threshold: VerdictThreshold::Prior,
            ..PolicyConfig::default()
        };
        assert_eq!(mixed.variant(), PolicyVariant::Mixed);
        assert_eq!(
            mixed.with_variant(PolicyVariant::Coherent).variant(),
            PolicyVariant::Coherent
        );
    }
}

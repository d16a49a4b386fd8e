//! A learner with variant modifiers, as `--learner` and `sweep --learners`
//! take it: `weighter`, `weighter/paper`, `separator/frozen`,
//! `weighter/eq5-threshold/no-baseline`, `km2/linear`. Each modifier changes
//! one setting (a policy setting, or `linear` the model preset), so an
//! ablation is a list of specs on one command line.

use policypu::config::{Learner, ModelPreset, PolicyVariant, RunConfig, VerdictThreshold};
use policypu::keyed::Keyed;

/// A learner and the policy settings it overrides.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnerSpec {
    /// The learner.
    pub learner: Learner,
    /// Modifiers, in the order given.
    pub modifiers: Vec<Modifier>,
}

/// One change to the policyPU settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    /// The paper's literal algorithm (eq. 4's reward, eq. 5's threshold, no baseline).
    Paper,
    /// Keep the pre-trained policy for the whole run.
    Frozen,
    /// The verdict threshold of eq. (5) instead of 0.5.
    Eq5Threshold,
    /// No REINFORCE baseline.
    NoBaseline,
    /// Elkan and Noto's verdict threshold (half the labeled examples' mean ŷ).
    EnThreshold,
    /// The verdict calls the share ρ̂ (KM2's prior, or `--prior`) of the batch's unlabeled examples positive.
    PriorThreshold,
    /// As `PriorThreshold` with the split's true ρ: an oracle ablation.
    TruePriorThreshold,
    /// Any learner: the linear model preset (as `auto` trains some candidates).
    Linear,
}

impl Keyed for Modifier {
    const ALL: &'static [Self] = &[
        Self::Paper,
        Self::Frozen,
        Self::Eq5Threshold,
        Self::NoBaseline,
        Self::EnThreshold,
        Self::PriorThreshold,
        Self::TruePriorThreshold,
        Self::Linear,
    ];
    const WHAT: &'static str = "modifier";

    fn key(self) -> &'static str {
        match self {
            Self::Paper => "paper",
            Self::Frozen => "frozen",
            Self::Eq5Threshold => "eq5-threshold",
            Self::NoBaseline => "no-baseline",
            Self::EnThreshold => "en-threshold",
            Self::PriorThreshold => "prior-threshold",
            Self::TruePriorThreshold => "true-prior-threshold",
            Self::Linear => "linear",
        }
    }
}

impl Modifier {
    /// True when it changes a policy setting, so applies to policyPU only.
    fn policy_only(self) -> bool {
        self != Self::Linear
    }

    /// What it changes, for `--help`.
    fn meaning(self) -> &'static str {
        match self {
            Self::Paper => "the paper's reward and threshold, no baseline",
            Self::Frozen => "keep the pre-trained policy",
            Self::Eq5Threshold => "eq. 5's verdict threshold",
            Self::NoBaseline => "no REINFORCE baseline",
            Self::EnThreshold => "Elkan and Noto's verdict threshold",
            Self::PriorThreshold => "the verdict calls KM2's prior, or --prior, positive",
            Self::TruePriorThreshold => "as prior-threshold with the split's true ρ: an oracle",
            Self::Linear => "any learner: a linear model",
        }
    }
}

/// `--learner`'s help: every learner of the table, then the modifiers.
pub fn help() -> String {
    let modifiers: Vec<String> = Modifier::ALL
        .iter()
        .map(|m| format!("/{} ({})", m.key(), m.meaning()))
        .collect();
    format!(
        "Learner (default: the --config file's, else {} for a CSV file and {} for images): {}; `policypu learners` says what each does. Modifiers follow a slash, e.g. weighter/paper or km2/linear (all but linear apply to policyPU only): {}",
        Learner::Auto.key(),
        RunConfig::default().learner.key(),
        Learner::help_list(),
        modifiers.join(", ")
    )
}

impl LearnerSpec {
    /// Apply the learner and its modifiers to a configuration.
    pub fn apply(&self, config: &mut RunConfig) {
        config.learner = self.learner;
        for modifier in &self.modifiers {
            let p = &mut config.policy;
            match modifier {
                Modifier::Paper => *p = p.clone().with_variant(PolicyVariant::Paper),
                Modifier::Frozen => p.frozen = true,
                Modifier::Eq5Threshold => p.verdict_threshold = VerdictThreshold::Paper,
                Modifier::NoBaseline => p.baseline = false,
                Modifier::EnThreshold => p.verdict_threshold = VerdictThreshold::ElkanNoto,
                Modifier::PriorThreshold => p.verdict_threshold = VerdictThreshold::Prior,
                Modifier::TruePriorThreshold => p.verdict_threshold = VerdictThreshold::TruePrior,
                Modifier::Linear => config.model = ModelPreset::Linear,
            }
        }
    }

    /// The row label: the learner's name and its modifiers.
    pub fn label(&self) -> String {
        if self.modifiers.is_empty() {
            return self.learner.name().to_string();
        }
        let keys: Vec<&str> = self.modifiers.iter().map(|m| m.key()).collect();
        format!("{} ({})", self.learner.name(), keys.join(", "))
    }
}

impl std::str::FromStr for LearnerSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let mut parts = s.split('/');
        let learner: Learner = parts.next().unwrap_or_default().parse()?;
        let modifiers = parts
            .map(|key| Modifier::parse_key(key).map_err(|e| format!("{e} (in '{s}')")))
            .collect::<Result<Vec<_>, _>>()?;
        if modifiers.iter().any(|m| m.policy_only()) && !learner.uses_policy() {
            return Err(format!(
                "'{s}': modifiers apply to the policyPU learners only"
            ));
        }
        Ok(LearnerSpec { learner, modifiers })
    }
}

impl From<Learner> for LearnerSpec {
    fn from(learner: Learner) -> Self {
        LearnerSpec {
            learner,
            modifiers: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use policypu::config::RewardRule;

    #[test]
    fn modifiers_change_the_policy_settings() {
        let spec: LearnerSpec = "weighter/eq5-threshold/no-baseline".parse().unwrap();
        let mut c = RunConfig::default();
        spec.apply(&mut c);
        assert_eq!(c.policy.verdict_threshold, VerdictThreshold::Paper);
        assert!(!c.policy.baseline && !c.policy.frozen);
        assert_eq!(c.policy.reward, RewardRule::Coherence);
        let paper: LearnerSpec = "separator/paper/frozen".parse().unwrap();
        paper.apply(&mut c);
        assert!(c.policy.variant() == PolicyVariant::Paper && c.policy.frozen);
        assert_eq!(paper.label(), "policyPU_separator (paper, frozen)");
        let elkan_noto: LearnerSpec = "weighter/en-threshold".parse().unwrap();
        let mut c = RunConfig::default();
        elkan_noto.apply(&mut c);
        assert_eq!(c.policy.verdict_threshold, VerdictThreshold::ElkanNoto);
        let prior: LearnerSpec = "weighter/prior-threshold".parse().unwrap();
        prior.apply(&mut c);
        assert_eq!(c.policy.verdict_threshold, VerdictThreshold::Prior);
        let oracle: LearnerSpec = "weighter/true-prior-threshold".parse().unwrap();
        oracle.apply(&mut c);
        assert_eq!(c.policy.verdict_threshold, VerdictThreshold::TruePrior);
    }

    #[test]
    fn every_learner_of_the_table_parses_labels_and_is_in_the_help() {
        let help = help();
        for spec in &policypu::config::LEARNERS {
            let parsed: LearnerSpec = spec.key.parse().unwrap();
            assert_eq!(parsed.learner, spec.learner);
            assert_eq!(parsed.label(), spec.name);
            assert!(
                help.contains(&format!("{} ({})", spec.key, spec.name)),
                "{help}"
            );
        }
        for modifier in Modifier::ALL {
            assert!(help.contains(&format!("/{}", modifier.key())), "{help}");
        }
    }

    #[test]
    fn bad_specs_say_why() {
        assert!(
            "weighter/fast"
                .parse::<LearnerSpec>()
                .unwrap_err()
                .contains("unknown modifier")
        );
        assert!(
            "nnpu/frozen"
                .parse::<LearnerSpec>()
                .unwrap_err()
                .contains("policyPU learners only")
        );
        assert_eq!(
            "tice".parse::<LearnerSpec>().unwrap().learner,
            Learner::TiceNnPu
        );
        let linear: LearnerSpec = "km2/linear".parse().unwrap();
        let mut c = RunConfig::default();
        linear.apply(&mut c);
        assert_eq!(
            (c.learner, c.model),
            (Learner::Km2NnPu, ModelPreset::Linear)
        );
        assert_eq!(linear.label(), "KM2+nnPU (linear)");
    }
}

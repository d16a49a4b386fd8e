//! [`Criterion`]: which PU-only score picks a run's epoch.

use serde::{Deserialize, Serialize};

use super::ValidationScores;
use crate::keyed::Keyed;

/// How a run chooses the epoch whose classifier it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Criterion {
    /// The learner's own rule (its [`crate::config::LearnerSpec::checkpoint`]),
    /// which [`crate::config::RunConfig::criterion`] names.
    LearnerDefault,
    /// The highest AUC of labeled against unlabeled validation rows.
    LuAuc,
    /// The lowest nnPU risk on the validation split.
    NnPuRisk,
    /// The lowest uPU risk on the validation split.
    UPuRisk,
    /// The highest estimated accuracy on the validation split.
    ProxyAccuracy,
    /// The largest gap between the shares of labeled and unlabeled
    /// validation rows called positive: balanced accuracy, without a prior.
    CallGap,
    /// The lowest variational loss on the validation split (VPU's authors'
    /// rule, and the own rule of the learners whose spec names it).
    VariationalLoss,
    /// No choice: the last epoch, as runs were reported before validation.
    LastEpoch,
}

impl Keyed for Criterion {
    const ALL: &'static [Self] = &[
        Self::LearnerDefault,
        Self::LuAuc,
        Self::NnPuRisk,
        Self::UPuRisk,
        Self::ProxyAccuracy,
        Self::CallGap,
        Self::VariationalLoss,
        Self::LastEpoch,
    ];
    const WHAT: &'static str = "selection criterion";

    /// The kebab-case key of JSON, links and `--select-by`.
    fn key(self) -> &'static str {
        match self {
            Self::LearnerDefault => "learner-default",
            Self::LuAuc => "lu-auc",
            Self::NnPuRisk => "nn-pu-risk",
            Self::UPuRisk => "u-pu-risk",
            Self::ProxyAccuracy => "proxy-accuracy",
            Self::CallGap => "call-gap",
            Self::VariationalLoss => "variational-loss",
            Self::LastEpoch => "last-epoch",
        }
    }
}

impl Criterion {
    /// The name the page and tables show.
    pub fn label(self) -> &'static str {
        match self {
            Self::LearnerDefault => "the learner's own rule",
            Self::LuAuc => "L-vs-U AUC",
            Self::NnPuRisk => "nnPU risk",
            Self::UPuRisk => "uPU risk",
            Self::ProxyAccuracy => "proxy accuracy",
            Self::CallGap => "L−U call gap",
            Self::VariationalLoss => "variational loss",
            Self::LastEpoch => "last epoch",
        }
    }

    /// True when it needs the class prior.
    pub fn needs_prior(self) -> bool {
        matches!(self, Self::NnPuRisk | Self::UPuRisk | Self::ProxyAccuracy)
    }

    /// A [`Criterion::value`] as the user reads it: the losses positive again.
    pub fn shown(self, value: f64) -> f64 {
        match self {
            Self::NnPuRisk | Self::UPuRisk | Self::VariationalLoss => -value,
            _ => value,
        }
    }

    /// Its value for one epoch's scores, higher better (losses negated);
    /// `None` for the last epoch, for the learner's own rule (name it first,
    /// [`crate::config::RunConfig::criterion`]), or where the score is unknown.
    pub fn value(self, s: &ValidationScores) -> Option<f64> {
        match self {
            Self::LuAuc => s.lu_auc,
            Self::NnPuRisk => s.nnpu_risk.map(|r| -r),
            Self::UPuRisk => s.upu_risk.map(|r| -r),
            Self::ProxyAccuracy => s.proxy_accuracy,
            Self::CallGap => s.call_gap(),
            Self::VariationalLoss => s.variational_loss.map(|l| -l),
            Self::LearnerDefault | Self::LastEpoch => None,
        }
    }
}

crate::keyed::from_str_by_key!(Criterion);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_parse_and_match_serde_and_risks_count_lower_as_better() {
        for &c in Criterion::ALL {
            assert_eq!(c.key().parse::<Criterion>(), Ok(c));
            assert_eq!(serde_json::to_value(c).unwrap().as_str(), Some(c.key()));
        }
        let s = ValidationScores {
            lu_auc: Some(0.8),
            nnpu_risk: Some(0.3),
            upu_risk: Some(-0.1),
            proxy_accuracy: Some(0.7),
            variational_loss: Some(-0.4),
            ..ValidationScores::default()
        };
        assert_eq!(Criterion::NnPuRisk.value(&s), Some(-0.3));
        assert_eq!(Criterion::VariationalLoss.value(&s), Some(0.4));
        assert_eq!(Criterion::VariationalLoss.shown(0.4), -0.4);
        assert_eq!(Criterion::NnPuRisk.shown(-0.3), 0.3);
        assert_eq!(Criterion::LuAuc.shown(0.8), 0.8);
        assert_eq!(Criterion::UPuRisk.value(&s), Some(0.1));
        assert_eq!(Criterion::LastEpoch.value(&s), None);
        assert_eq!(Criterion::CallGap.value(&s), None, "no shares, no gap");
        assert!("best".parse::<Criterion>().unwrap_err().contains("lu-auc"));
    }

    #[test]
    fn no_criterion_reads_the_validation_truth() {
        let s = ValidationScores::of_logits(&[2.0, 0.4], &[0.8, -1.4, -0.4], 0.0, Some(0.4));
        let knowing = ValidationScores {
            truth_auc: Some(1.0),
            ..s.clone()
        };
        for &c in Criterion::ALL {
            assert_eq!(c.value(&knowing), c.value(&s), "{}", c.key());
        }
    }
}

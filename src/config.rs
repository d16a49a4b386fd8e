//! [`RunConfig`]: the single description of a run.
//!
//! The CLI's flags and JSON files, the browser's share link and the worker
//! protocol all serialise this one struct. A run is reproducible from it plus
//! the dataset. Every field has a default, so a partial JSON object is valid.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::data::csv::CsvColumns;
use crate::data::tasks::BuiltinDataset;
use crate::workload::Workload;

/// Allowed Adam learning rates, of the classifier and of the policy.
const LEARNING_RATES: RangeInclusive<f64> = 1e-7..=1.0;
/// Allowed class priors π for uPU and nnPU.
const PRIORS: RangeInclusive<f64> = 0.001..=0.999;

/// The message for a value outside `range`.
fn between(range: &RangeInclusive<f64>) -> String {
    format!("must be between {:e} and {}", range.start(), range.end())
}

/// Everything that decides a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunConfig {
    /// Where the examples come from.
    pub data: DataConfig,
    /// How the PU training set is drawn.
    pub split: SplitConfig,
    /// Which learning method trains the classifier.
    pub learner: Learner,
    /// Network architectures for the classifier and the policy.
    pub model: ModelPreset,
    /// Classifier optimisation.
    pub optim: OptimConfig,
    /// Policy optimisation (policyPU learners only).
    pub policy: PolicyConfig,
    /// Settings of the risk-based baselines (uPU, nnPU).
    pub nnpu: NnPuConfig,
    /// Compute device preference.
    pub backend: BackendChoice,
    /// Seed of everything random: split, initial weights, batch order, actions.
    pub seed: u64,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig {
            data: DataConfig::default(),
            split: SplitConfig::default(),
            learner: Learner::Weighter,
            model: ModelPreset::Fast,
            optim: OptimConfig::default(),
            policy: PolicyConfig::default(),
            nnpu: NnPuConfig::default(),
            backend: BackendChoice::Auto,
            seed: 1,
        }
    }
}

/// The data source of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum DataConfig {
    /// A built-in image subset with a set of positive classes.
    Builtin {
        /// Which subset.
        dataset: BuiltinDataset,
        /// Class ids that form the positive class; the rest are negative.
        positive_classes: Vec<u8>,
    },
    /// A user CSV that already marks labeled positives.
    Csv {
        /// Which columns play which role.
        columns: CsvColumns,
    },
}

impl Default for DataConfig {
    fn default() -> Self {
        DataConfig::builtin(BuiltinDataset::Mnist)
    }
}

impl DataConfig {
    /// A built-in dataset with its standard positive classes.
    pub fn builtin(dataset: BuiltinDataset) -> Self {
        DataConfig::Builtin {
            positive_classes: dataset.default_positive_classes(),
            dataset,
        }
    }
}

/// How the PU training set is drawn (SCAR: labeled positives are a uniform
/// sample of all positives).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SplitConfig {
    /// n_l: labeled positives.
    pub n_labeled: usize,
    /// |U|; `None` means 3·n_l, the paper's choice.
    pub n_unlabeled: Option<usize>,
    /// ρ: fraction of positives in U.
    pub rho: f64,
    /// CSV only: fraction of rows held out as the test set.
    pub test_fraction: f64,
}

impl Default for SplitConfig {
    fn default() -> Self {
        SplitConfig {
            n_labeled: 300,
            n_unlabeled: None,
            rho: 0.3,
            test_fraction: 0.25,
        }
    }
}

impl SplitConfig {
    /// |U| after applying the default.
    pub fn unlabeled_count(&self) -> usize {
        self.n_unlabeled
            .unwrap_or_else(|| self.n_labeled.saturating_mul(3))
    }
}

/// A learning method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Learner {
    /// policyPU with continuous actions used as weights, eq. (8).
    Weighter,
    /// policyPU with hard assignments of U to P′ or N′, eq. (9).
    Separator,
    /// Non-negative PU risk (Kiryo et al. 2017).
    NnPu,
    /// Unbiased PU risk (du Plessis et al. 2015).
    UPu,
    /// Unlabeled treated as negative.
    BiasedPu,
    /// Trained on the true labels: the ceiling.
    OraclePn,
}

impl Learner {
    /// Every learner, policyPU first.
    pub const ALL: [Learner; 6] = [
        Self::Weighter,
        Self::Separator,
        Self::NnPu,
        Self::UPu,
        Self::BiasedPu,
        Self::OraclePn,
    ];

    /// True for the two policyPU variants, which train a policy network.
    pub fn uses_policy(self) -> bool {
        matches!(self, Self::Weighter | Self::Separator)
    }

    /// True for the learners that need the class prior.
    pub fn uses_prior(self) -> bool {
        matches!(self, Self::NnPu | Self::UPu)
    }

    /// The name used in tables and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Weighter => "policyPU_weighter",
            Self::Separator => "policyPU_separator",
            Self::NnPu => "nnPU",
            Self::UPu => "uPU",
            Self::BiasedPu => "biased PU",
            Self::OraclePn => "optimal PN",
        }
    }
}

impl std::str::FromStr for Learner {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "weighter" | "policypu-weighter" => Ok(Self::Weighter),
            "separator" | "policypu-separator" => Ok(Self::Separator),
            "nnpu" | "nn-pu" => Ok(Self::NnPu),
            "upu" | "u-pu" => Ok(Self::UPu),
            "biased" | "biased-pu" => Ok(Self::BiasedPu),
            "oracle" | "oracle-pn" | "pn" | "optimal-pn" => Ok(Self::OraclePn),
            other => Err(format!(
                "unknown learner '{other}': use weighter, separator, nnpu, upu, biased-pu or oracle-pn"
            )),
        }
    }
}

/// Network architectures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModelPreset {
    /// Small MLPs (classifier d-128-64-1, policy d-64-1): fast on any device.
    Fast,
    /// The paper's CNNs: classifier d-C(3×3,96)-C(3×3,192)-C(1×1,10)-100-1,
    /// policy d-C(3×3,96)-C(3×3,10)-100-1. Images only.
    PaperCnn,
    /// The paper's tabular classifier d-100-50-50-30-1 with a 4-layer policy d-50-30-1.
    PaperMlp4,
    /// The paper's tabular classifier d-100-50-50-30-1 with a 6-layer policy d-100-50-50-30-1.
    PaperMlp6,
}

impl ModelPreset {
    /// Every preset.
    pub const ALL: [ModelPreset; 4] =
        [Self::Fast, Self::PaperCnn, Self::PaperMlp4, Self::PaperMlp6];

    /// Hidden widths of the classifier and the policy, for the MLP presets.
    pub fn mlp_widths(self) -> Option<(&'static [usize], &'static [usize])> {
        match self {
            Self::Fast => Some((&[128, 64], &[64])),
            Self::PaperMlp4 => Some((&[100, 50, 50, 30], &[50, 30])),
            Self::PaperMlp6 => Some((&[100, 50, 50, 30], &[100, 50, 50, 30])),
            Self::PaperCnn => None,
        }
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Fast => "fast",
            Self::PaperCnn => "paper-cnn",
            Self::PaperMlp4 => "paper-mlp4",
            Self::PaperMlp6 => "paper-mlp6",
        }
    }
}

impl std::str::FromStr for ModelPreset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|m| m.name() == s.to_ascii_lowercase())
            .ok_or_else(|| {
                format!("unknown model '{s}': use fast, paper-cnn, paper-mlp4 or paper-mlp6")
            })
    }
}

/// Classifier optimisation: Adam with L2 weight decay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OptimConfig {
    /// Training epochs after pre-training.
    pub epochs: usize,
    /// Mini-batch size m.
    pub batch_size: usize,
    /// Adam learning rate of the classifier.
    pub lr: f64,
    /// L2 weight decay of the classifier.
    pub weight_decay: f64,
}

impl Default for OptimConfig {
    fn default() -> Self {
        OptimConfig {
            epochs: 20,
            batch_size: 128,
            lr: 1e-4,
            weight_decay: 1e-4,
        }
    }
}

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
}

impl Default for PolicyConfig {
    fn default() -> Self {
        PolicyConfig {
            lr: 1e-4,
            weight_decay: 1e-4,
            pretrain_epochs: 10,
            target_update_every: 3,
            action_spread: 0.5,
        }
    }
}

/// Settings of uPU and nnPU.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NnPuConfig {
    /// Class prior π of U; `None` uses the split's true fraction of positives in U.
    pub prior: Option<f64>,
    /// β: how far the negative risk may go below zero before nnPU corrects it.
    pub beta: f64,
    /// γ: the step size of nnPU's correction.
    pub gamma: f64,
}

impl Default for NnPuConfig {
    fn default() -> Self {
        NnPuConfig {
            prior: None,
            beta: 0.0,
            gamma: 1.0,
        }
    }
}

/// Which device trains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BackendChoice {
    /// A GPU when a real one is there, else the CPU (the browser default).
    Auto,
    /// Burn's CPU backend.
    Cpu,
    /// Burn's wgpu backend (WebGPU in the browser), even on a software adapter.
    Gpu,
}

/// A value refused at one field, for forms and command lines.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldError {
    /// Dotted path of the field, e.g. `split.rho`.
    pub field: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl RunConfig {
    /// The paper's settings (Section V) for a built-in dataset and learner:
    /// the CNNs, Adam at 1e-5, batch 128, weight decay 2.0 for classifiers,
    /// the policy's decay per dataset and variant, 5 pre-training epochs,
    /// 300 epochs, k = 3.
    pub fn paper(dataset: BuiltinDataset, learner: Learner) -> Self {
        let policy_decay = match (dataset, learner) {
            (BuiltinDataset::Cifar10, Learner::Weighter) => 0.005,
            (BuiltinDataset::Cifar10, _) => 1.0,
            (_, Learner::Separator) => 0.5,
            _ => 2.0,
        };
        RunConfig {
            data: DataConfig::builtin(dataset),
            learner,
            model: ModelPreset::PaperCnn,
            optim: OptimConfig {
                epochs: 300,
                batch_size: 128,
                lr: 1e-5,
                weight_decay: 2.0,
            },
            policy: PolicyConfig {
                lr: 1e-5,
                weight_decay: policy_decay,
                pretrain_epochs: 5,
                target_update_every: 3,
                ..PolicyConfig::default()
            },
            backend: BackendChoice::Cpu,
            ..RunConfig::default()
        }
    }

    /// Every field outside its allowed range, with a message saying the range.
    pub fn validate(&self) -> Vec<FieldError> {
        let mut errors = Vec::new();
        let mut check = |ok: bool, field: &str, message: String| {
            if !ok {
                errors.push(FieldError {
                    field: field.to_string(),
                    message,
                });
            }
        };
        let s = &self.split;
        check(
            (1..=20_000).contains(&s.n_labeled),
            "split.n_labeled",
            "must be between 1 and 20000".into(),
        );
        if let Some(n_u) = s.n_unlabeled {
            check(
                (1..=100_000).contains(&n_u),
                "split.n_unlabeled",
                "must be between 1 and 100000".into(),
            );
        }
        check(
            (0.0..=0.95).contains(&s.rho),
            "split.rho",
            "must be between 0 and 0.95".into(),
        );
        check(
            (0.05..=0.5).contains(&s.test_fraction),
            "split.test_fraction",
            "must be between 0.05 and 0.5".into(),
        );
        let o = &self.optim;
        check(
            (1..=2000).contains(&o.epochs),
            "optim.epochs",
            "must be between 1 and 2000".into(),
        );
        check(
            (2..=4096).contains(&o.batch_size),
            "optim.batch_size",
            "must be between 2 and 4096".into(),
        );
        check(
            LEARNING_RATES.contains(&o.lr),
            "optim.lr",
            between(&LEARNING_RATES),
        );
        check(
            (0.0..=10.0).contains(&o.weight_decay),
            "optim.weight_decay",
            "must be between 0 and 10".into(),
        );
        let p = &self.policy;
        check(
            LEARNING_RATES.contains(&p.lr),
            "policy.lr",
            between(&LEARNING_RATES),
        );
        check(
            (0.0..=10.0).contains(&p.weight_decay),
            "policy.weight_decay",
            "must be between 0 and 10".into(),
        );
        check(
            p.pretrain_epochs <= 100,
            "policy.pretrain_epochs",
            "must be at most 100".into(),
        );
        check(
            (1..=100).contains(&p.target_update_every),
            "policy.target_update_every",
            "must be between 1 and 100".into(),
        );
        check(
            p.action_spread > 0.0 && p.action_spread <= 5.0,
            "policy.action_spread",
            "must be above 0 and at most 5".into(),
        );
        let n = &self.nnpu;
        if let Some(prior) = n.prior {
            check(PRIORS.contains(&prior), "nnpu.prior", between(&PRIORS));
        }
        check(
            (0.0..=1.0).contains(&n.beta),
            "nnpu.beta",
            "must be between 0 and 1".into(),
        );
        check(
            n.gamma > 0.0 && n.gamma <= 1.0,
            "nnpu.gamma",
            "must be above 0 and at most 1".into(),
        );
        match &self.data {
            DataConfig::Builtin {
                dataset,
                positive_classes,
            } => {
                let distinct: std::collections::BTreeSet<_> = positive_classes.iter().collect();
                check(
                    !positive_classes.is_empty() && positive_classes.iter().all(|c| *c < 10),
                    "data.positive_classes",
                    "choose at least one class id between 0 and 9".into(),
                );
                check(
                    distinct.len() == positive_classes.len(),
                    "data.positive_classes",
                    "list each class id once".into(),
                );
                check(
                    positive_classes.len() < 10,
                    "data.positive_classes",
                    "leave at least one class negative (choose at most 9)".into(),
                );
                let rows = s.n_labeled.saturating_add(s.unlabeled_count());
                let workload = Workload::estimate(self, dataset.shape(), rows);
                for refusal in workload.verdict(self).refused {
                    check(false, &refusal.field, refusal.message);
                }
            }
            DataConfig::Csv { .. } => {
                check(
                    self.model != ModelPreset::PaperCnn,
                    "model",
                    "the CNN needs images; use an MLP preset for CSV data".into(),
                );
            }
        }
        errors
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_round_trip() {
        let c = RunConfig::default();
        assert!(c.validate().is_empty());
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<RunConfig>(&json).unwrap(), c);
        assert!(
            RunConfig::paper(BuiltinDataset::Cifar10, Learner::Separator)
                .validate()
                .is_empty()
        );
    }

    #[test]
    fn partial_json_fills_defaults() {
        let c: RunConfig =
            serde_json::from_str(r#"{"learner":"nn-pu","split":{"rho":0.5}}"#).unwrap();
        assert_eq!(c.learner, Learner::NnPu);
        assert_eq!(c.split.rho, 0.5);
        assert_eq!(c.split.n_labeled, 300);
        assert_eq!(c.split.unlabeled_count(), 900);
    }

    #[test]
    fn validation_names_fields() {
        let mut c = RunConfig::default();
        c.split.rho = 1.5;
        c.optim.batch_size = 0;
        let fields: Vec<String> = c.validate().into_iter().map(|e| e.field).collect();
        assert_eq!(fields, vec!["split.rho", "optim.batch_size"]);
    }

    #[test]
    fn class_lists_rates_and_priors_have_real_bounds() {
        let fields = |c: &RunConfig| -> Vec<(String, String)> {
            c.validate()
                .into_iter()
                .map(|e| (e.field, e.message))
                .collect()
        };
        let mut c = RunConfig {
            data: DataConfig::Builtin {
                dataset: BuiltinDataset::Mnist,
                positive_classes: vec![0; 1_000_000],
            },
            ..RunConfig::default()
        };
        assert_eq!(
            fields(&c),
            vec![
                (
                    "data.positive_classes".into(),
                    "list each class id once".into()
                ),
                (
                    "data.positive_classes".into(),
                    "leave at least one class negative (choose at most 9)".into()
                ),
            ]
        );
        c.data = DataConfig::Builtin {
            dataset: BuiltinDataset::Mnist,
            positive_classes: vec![3, 1, 3],
        };
        assert_eq!(fields(&c).len(), 1);
        let mut c = RunConfig::default();
        c.optim.lr = 5e-324;
        c.policy.lr = 1e-8;
        c.nnpu.prior = Some(5e-324);
        assert_eq!(
            fields(&c),
            vec![
                ("optim.lr".into(), "must be between 1e-7 and 1".into()),
                ("policy.lr".into(), "must be between 1e-7 and 1".into()),
                ("nnpu.prior".into(), "must be between 1e-3 and 0.999".into()),
            ]
        );
        c.optim.lr = 1e-7;
        c.policy.lr = 1.0;
        c.nnpu.prior = Some(0.999);
        assert!(c.validate().is_empty());
    }

    #[test]
    fn absurd_image_runs_are_refused_before_they_start() {
        let mut c = RunConfig::default();
        c.split.n_labeled = 1_750;
        c.optim.epochs = 2000;
        c.optim.batch_size = 2;
        let refused = c.validate();
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].field, "optim.epochs");
        let mut c = RunConfig::paper(BuiltinDataset::Cifar10, Learner::Weighter);
        c.optim.batch_size = 4096;
        let refused = c.validate();
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].field, "optim.batch_size");
    }

    #[test]
    fn paper_preset_has_papers_decays() {
        let w = RunConfig::paper(BuiltinDataset::Mnist, Learner::Weighter);
        assert_eq!(
            (w.optim.lr, w.optim.weight_decay, w.policy.weight_decay),
            (1e-5, 2.0, 2.0)
        );
        let s = RunConfig::paper(BuiltinDataset::Mnist, Learner::Separator);
        assert_eq!(s.policy.weight_decay, 0.5);
        assert_eq!(s.optim.epochs, 300);
    }

    #[test]
    fn names_parse() {
        for l in Learner::ALL {
            let cli = serde_json::to_value(l).unwrap();
            assert_eq!(cli.as_str().unwrap().parse::<Learner>(), Ok(l));
        }
        for m in ModelPreset::ALL {
            assert_eq!(m.name().parse::<ModelPreset>(), Ok(m));
        }
    }
}

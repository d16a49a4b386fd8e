//! [`RunConfig`]: the single description of a run.
//!
//! The CLI's flags and JSON files, the browser's share link and the worker
//! protocol all serialise this one struct. A run is reproducible from it plus
//! the dataset. Every field has a default, so a partial JSON object is valid.

use serde::{Deserialize, Serialize};

use crate::data::csv::CsvColumns;
use crate::data::tasks::BuiltinDataset;
use crate::selection::Criterion;

pub mod architecture;
pub mod learner;
pub mod model;
pub mod policy;
pub mod settings;
pub mod stage;
pub mod test_scoring;

pub use learner::{LEARNERS, Learner, LearnerSpec, PriorNeed};
pub use model::ModelPreset;
pub use policy::{PolicyConfig, PolicyVariant, RewardRule, VerdictThreshold};
pub use stage::{EpochRows, Stage, StageSpan};
pub use test_scoring::TestScoring;

/// Mini-batch size for CSV data (see [`RunConfig::use_csv`]).
const CSV_BATCH_SIZE: usize = 32;
/// Learning rate of both networks for CSV data (see [`RunConfig::use_csv`]).
const CSV_LEARNING_RATE: f64 = 1e-3;
/// Validation share for CSV data, whose validation rows are taken from the
/// training rows (see [`RunConfig::use_csv`]); the built-in images' default,
/// [`SplitConfig::default`]'s, costs them no training rows and is larger.
const CSV_VALIDATION_FRACTION: f64 = 0.2;

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
    /// Settings of the risk-based baselines (uPU, nnPU and the estimated-prior nnPUs).
    pub nnpu: NnPuConfig,
    /// Settings of RankPruning and PMPU.
    pub baselines: BaselineConfig,
    /// How the run chooses the epoch whose classifier it keeps (by default
    /// its learner's own rule: [`RunConfig::criterion`]).
    pub select_by: Criterion,
    /// What `auto` on CSV data does with its members once chosen, or that
    /// this run is a member trained again.
    pub refit: Refit,
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
            baselines: BaselineConfig::default(),
            select_by: Criterion::LearnerDefault,
            refit: Refit::Members,
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

/// What `auto` does once its validation split has chosen its members
/// (`auto_learner::refit`; CSV data only, whose validation rows are
/// training rows).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Refit {
    /// Train each again on the training and validation rows together, for
    /// the epochs it kept: the command line's default.
    #[default]
    Members,
    /// Keep them as trained (`--no-refit`, or `refit=off` in a page link).
    Off,
    /// This run is a member trained again: it estimates only the class
    /// prior it trains with, and no bootstrap spread (the leaderboard shows
    /// the candidates').
    MemberRun,
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
    /// PU validation rows, as a share of the training set's size; 0: none.
    /// The default, 1.0, is the built-in images' (drawn from unused images,
    /// so it takes nothing from training; docs/results.md, "Development
    /// study"); CSV data gets `CSV_VALIDATION_FRACTION`.
    pub validation_fraction: f64,
    /// Development studies only (`sweep --validation-fold`, CSV data): the
    /// training rows are dealt into folds of the validation share's size,
    /// each side (labeled, unlabeled) apart, and this fold (from 0) is the
    /// validation split; `None`, as every run of the product: one draw of
    /// that size.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validation_fold: Option<usize>,
}

impl Default for SplitConfig {
    fn default() -> Self {
        SplitConfig {
            n_labeled: 300,
            n_unlabeled: None,
            rho: 0.5,
            test_fraction: 0.25,
            validation_fraction: 1.0,
            validation_fold: None,
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

/// Settings of RankPruning and PMPU.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct BaselineConfig {
    /// RankPruning: folds of the cross-validation that scores every training row out of sample.
    pub rank_pruning_folds: usize,
    /// RankPruning: epochs each fold's classifier trains.
    pub rank_pruning_fold_epochs: usize,
    /// PMPU: warm-up epochs as biased PU before margins are trusted.
    pub pmpu_warmup_epochs: usize,
    /// PMPU: share of each mini-batch's unlabeled examples resampled into the loss.
    pub pmpu_resample: f64,
}

impl Default for BaselineConfig {
    fn default() -> Self {
        BaselineConfig {
            rank_pruning_folds: 5,
            rank_pruning_fold_epochs: 10,
            pmpu_warmup_epochs: 5,
            pmpu_resample: 0.75,
        }
    }
}

/// Which device trains.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum BackendChoice {
    /// The browser's default: on a real (hardware) WebGPU adapter, time the
    /// run's first steps there and on the CPU and keep the faster; else the
    /// CPU. The CLI takes the CPU (`--backend wgpu` for the GPU).
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
    /// The rule that keeps this run's epoch: `select_by`, or where that is
    /// the learner's own rule, the learner's ([`LearnerSpec::checkpoint`]).
    pub fn criterion(&self) -> Criterion {
        match self.select_by {
            Criterion::LearnerDefault => self.learner.spec().checkpoint,
            chosen => chosen,
        }
    }

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
                ..PolicyConfig::default().with_variant(PolicyVariant::Paper)
            },
            backend: BackendChoice::Cpu,
            ..RunConfig::default()
        }
    }

    /// The default configuration for CSV data with the default column
    /// roles: [`RunConfig::default`] after [`RunConfig::use_csv`]. Settings
    /// a link or a configuration file leaves out take its values.
    pub fn csv_default() -> Self {
        let mut config = RunConfig::default();
        config.use_csv(CsvColumns::default());
        config
    }

    /// Use a CSV file with these columns. Coming from image data, the
    /// settings change to what small tables need: the fast MLP (the CNNs need
    /// images), mini-batches of 32 and learning rates of 1e-3, as a few
    /// hundred rows give only a few optimisation steps per epoch, and a
    /// validation share of 0.2, as its rows are taken from training. Settings
    /// chosen for an earlier CSV are kept.
    pub fn use_csv(&mut self, columns: CsvColumns) {
        if !matches!(self.data, DataConfig::Csv { .. }) {
            self.model = ModelPreset::Fast;
            self.optim.batch_size = CSV_BATCH_SIZE;
            self.optim.lr = CSV_LEARNING_RATE;
            self.policy.lr = CSV_LEARNING_RATE;
            self.split.validation_fraction = CSV_VALIDATION_FRACTION;
        }
        self.data = DataConfig::Csv { columns };
    }

    /// Switch to a CSV file with these columns, as the page and the command
    /// line do for a file of the user's: [`RunConfig::use_csv`], and, coming
    /// from image data, `auto` as the learner. On the example files and the
    /// tables with known priors auto's mean accuracy and mean ROC-AUC are
    /// above every single PU learner's (`results/auto-summary.md`), at the
    /// cost of training its candidates. A link, a lesson or a configuration
    /// file that names a CSV run keeps its learner.
    pub fn switch_to_csv(&mut self, columns: CsvColumns) {
        if !matches!(self.data, DataConfig::Csv { .. }) {
            self.learner = Learner::Auto;
        }
        self.use_csv(columns);
    }

    /// The classifier's Adam step size: the settings' learning rate, scaled
    /// for the model preset ([`ModelPreset::learning_rate_scale`]).
    pub fn classifier_lr(&self) -> f64 {
        self.optim.lr * self.model.learning_rate_scale()
    }

    /// The prior given in the settings, when this run's learner uses it:
    /// uPU, nnPU, and a policy whose verdict follows the prior (which
    /// otherwise estimates it with KM2); the estimating learners ignore it.
    pub fn given_prior(&self) -> Option<f64> {
        let learner = self.learner;
        let risk = learner.uses_prior() && learner.prior_estimator().is_none();
        let verdict = self.policy_verdict() == Some(VerdictThreshold::Prior);
        self.nnpu.prior.filter(|_| risk || verdict)
    }

    /// The policy's verdict threshold, when this run's learner trains a policy.
    pub fn policy_verdict(&self) -> Option<VerdictThreshold> {
        self.learner
            .uses_policy()
            .then_some(self.policy.verdict_threshold)
    }

    /// The learner's name as this run uses it: a given prior replaces the
    /// truth a name promises ("nnPU (π = 0.2)"), and a policyPU run that is
    /// not the default variant says which it is ("policyPU_weighter (paper's
    /// algorithm, frozen policy)"), and auto's member trained again says so
    /// ("VPU (linear), trained again").
    pub fn learner_label(&self) -> String {
        let name = match self.given_prior() {
            Some(prior) => self
                .learner
                .name()
                .replace("true π", &format!("π = {prior}")),
            None => self.learner.name().to_string(),
        };
        // A linear model is named: auto trains some learners as one.
        let name = match self.model {
            ModelPreset::Linear => format!("{name} (linear)"),
            _ => name,
        };
        let variant = match self.policy.variant() {
            PolicyVariant::Coherent => None,
            PolicyVariant::Paper => Some("paper's algorithm"),
            PolicyVariant::Mixed => Some("mixed variant"),
        };
        let frozen = self.policy.frozen.then_some("frozen policy");
        let notes: Vec<&str> = variant.into_iter().chain(frozen).collect();
        let name = match notes.is_empty() || !self.learner.uses_policy() {
            true => name,
            false => format!("{name} ({})", notes.join(", ")),
        };
        // auto's member trained again on the training and validation rows.
        match self.refit {
            Refit::MemberRun => format!("{name}, trained again"),
            _ => name,
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
        for setting in settings::SETTINGS {
            if let Some(refusal) = (setting.get)(self).and_then(|v| setting.refusal(v)) {
                check(false, setting.path, refusal);
            }
        }
        match &self.data {
            DataConfig::Builtin {
                positive_classes, ..
            } => {
                let distinct: std::collections::BTreeSet<_> = positive_classes.iter().collect();
                let classes = BuiltinDataset::CLASSES;
                let last = classes - 1;
                check(
                    !positive_classes.is_empty(),
                    "data.positive_classes",
                    format!("choose at least one class id between 0 and {last}"),
                );
                if let Some(outside) = positive_classes
                    .iter()
                    .find(|c| usize::from(**c) >= classes)
                {
                    check(
                        false,
                        "data.positive_classes",
                        format!("{outside} is not a class id: they run from 0 to {last}"),
                    );
                }
                check(
                    distinct.len() == positive_classes.len(),
                    "data.positive_classes",
                    "list each class id once".into(),
                );
                check(
                    positive_classes.len() < classes,
                    "data.positive_classes",
                    format!("leave at least one class negative (choose at most {last})"),
                );
            }
            DataConfig::Csv { .. } => {
                check(
                    !self.model.is_convolutional(),
                    "model",
                    "the CNN presets need images; use an MLP preset for CSV data".into(),
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
    fn the_linear_model_takes_larger_steps() {
        let mut c = RunConfig::default();
        assert_eq!(c.classifier_lr(), c.optim.lr);
        c.model = ModelPreset::Linear;
        assert_eq!(c.classifier_lr(), 10.0 * c.optim.lr);
    }

    #[test]
    fn csv_data_gets_small_table_settings_once() {
        let mut c = RunConfig {
            model: ModelPreset::PaperCnn,
            ..RunConfig::default()
        };
        c.use_csv(CsvColumns::default());
        assert_eq!(
            (c.model, c.optim.batch_size, c.optim.lr, c.policy.lr),
            (ModelPreset::Fast, 32, 1e-3, 1e-3)
        );
        c.optim.batch_size = 64;
        c.use_csv(CsvColumns {
            labeled: "s".into(),
            ..CsvColumns::default()
        });
        assert_eq!(
            c.optim.batch_size, 64,
            "a second file keeps the user's choice"
        );
        assert!(c.validate().is_empty());
    }

    #[test]
    fn switching_to_a_csv_file_trains_auto_and_a_second_file_keeps_the_learner() {
        let mut c = RunConfig::default();
        assert_eq!(c.learner, Learner::Weighter);
        c.switch_to_csv(CsvColumns::default());
        assert_eq!(c.learner, Learner::Auto);
        c.learner = Learner::Vpu;
        c.switch_to_csv(CsvColumns::default());
        assert_eq!(c.learner, Learner::Vpu, "the user's choice for a CSV stays");
    }

    #[test]
    fn csv_data_starts_with_a_smaller_validation_share_than_images() {
        let mut c = RunConfig::default();
        assert_eq!(c.split.validation_fraction, 1.0);
        c.use_csv(CsvColumns::default());
        assert_eq!(c.split.validation_fraction, CSV_VALIDATION_FRACTION);
        // A share chosen for an earlier CSV is kept.
        c.split.validation_fraction = 0.3;
        c.use_csv(CsvColumns::default());
        assert_eq!(c.split.validation_fraction, 0.3);
    }

    #[test]
    fn the_validation_share_hint_names_the_csv_default() {
        let named = format!("a CSV file starts at {CSV_VALIDATION_FRACTION},");
        assert!(settings::VALIDATION_FRACTION.hint.contains(&named));
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
                (
                    "nnpu.prior".into(),
                    "must be between 0.001 and 0.999".into()
                ),
            ]
        );
        c.optim.lr = 1e-7;
        c.policy.lr = 1.0;
        c.nnpu.prior = Some(0.999);
        assert!(c.validate().is_empty());
    }

    #[test]
    fn paper_preset_has_papers_decays() {
        let w = RunConfig::paper(BuiltinDataset::Mnist, Learner::Weighter);
        assert_eq!(
            (w.optim.lr, w.optim.weight_decay, w.policy.weight_decay),
            (1e-5, 2.0, 2.0)
        );
        assert_eq!(w.policy.variant(), PolicyVariant::Paper);
        assert_eq!(
            RunConfig::default().policy.variant(),
            PolicyVariant::Coherent
        );
        let s = RunConfig::paper(BuiltinDataset::Mnist, Learner::Separator);
        assert_eq!(s.policy.weight_decay, 0.5);
        assert_eq!(s.optim.epochs, 300);
    }

    #[test]
    fn labels_name_a_given_prior_and_a_frozen_policy() {
        let mut c = RunConfig::default();
        assert_eq!(c.learner_label(), "policyPU_weighter");
        c.policy.frozen = true;
        c.nnpu.prior = Some(0.2);
        assert_eq!(c.learner_label(), "policyPU_weighter (frozen policy)");
        c.policy = c.policy.with_variant(PolicyVariant::Paper);
        assert_eq!(
            c.learner_label(),
            "policyPU_weighter (paper's algorithm, frozen policy)"
        );
        c.policy.baseline = true;
        c.policy.frozen = false;
        assert_eq!(c.learner_label(), "policyPU_weighter (mixed variant)");
        c.learner = Learner::NnPu;
        assert_eq!(c.learner_label(), "nnPU (π = 0.2)");
        c.learner = Learner::TiceNnPu;
        assert_eq!(c.learner_label(), "TIcE+nnPU");
        c.learner = Learner::Vpu;
        c.model = ModelPreset::Linear;
        c.refit = Refit::MemberRun;
        assert_eq!(c.learner_label(), "VPU (linear), trained again");
    }
}

//! How much work a run asks for, estimated before it starts: optimisation
//! steps and the activation memory of one mini-batch, from the
//! configuration, the shape of an example and the number of training rows.
//!
//! The estimate follows the learner's stages (its spec in
//! `config::learner`) and the networks of `learn`:
//! - steps: for each stage, its epochs times the mini-batches of the rows
//!   each of its epochs covers ([`batch_count`]); exact for every learner but
//!   RankPruning, whose last stage trains on the rows pruning keeps and is
//!   counted on all rows, an upper bound;
//! - activations: per example, every hidden layer's output kept three times
//!   for the backward pass (the layer's output, its batch norm's, its
//!   ReLU's), plus the input and the logit, in f32, for the classifier and,
//!   for policyPU, the policy, which train on the same mini-batch; times the
//!   batch size; the layers are the ones `architecture` lists.
//!
//! Limits: a run is refused above [`MAX_STEPS`] steps or
//! [`MAX_ACTIVATION_BYTES`] of activations, and warned about above
//! [`WARN_STEPS`] or [`WARN_ACTIVATION_BYTES`].

use super::batches::batch_count;
use crate::config::architecture::{Architecture, Role};
use crate::config::{EpochRows, FieldError, ModelPreset, RunConfig, StageSpan};
use crate::data::FeatureShape;
use crate::keyed::Keyed;
use crate::split::PuSplit;

/// Most optimisation steps a run may take (hours on a laptop CPU).
pub const MAX_STEPS: u64 = 2_000_000;
/// Steps above which a run is warned to be long.
pub const WARN_STEPS: u64 = 200_000;
/// Most activation memory a mini-batch may need (a browser tab's GPU budget).
pub const MAX_ACTIVATION_BYTES: u64 = 2 << 30;
/// Activation memory above which a run is warned to be heavy.
pub const WARN_ACTIVATION_BYTES: u64 = 512 << 20;

/// Copies of each hidden layer's output kept for the backward pass.
const COPIES_PER_LAYER: u64 = 3;
/// Bytes of one f32 value.
const VALUE_BYTES: u64 = 4;
/// The estimated work of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Workload {
    /// Optimisation steps (mini-batches) over the whole run.
    pub steps: u64,
    /// Activation memory of one mini-batch, in bytes.
    pub activation_bytes: u64,
}

/// What a workload calls for: refusals (the run must not start) and warnings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct WorkloadVerdict {
    /// Limits passed, by the field to change.
    pub refused: Vec<FieldError>,
    /// Heavy but allowed, by the field to change.
    pub warnings: Vec<FieldError>,
}

/// Training rows of a run, by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowCounts {
    /// Labeled positives.
    pub labeled: usize,
    /// Unlabeled rows.
    pub unlabeled: usize,
}

impl RowCounts {
    /// The training rows of a split.
    pub fn of_split(split: &PuSplit) -> Self {
        let labeled = split.train_labeled.iter().filter(|s| **s).count();
        RowCounts {
            labeled,
            unlabeled: split.n_train() - labeled,
        }
    }

    /// The training rows a built-in image run draws: n_l and |U| as the
    /// settings give them.
    pub fn of_config(config: &RunConfig) -> Self {
        RowCounts {
            labeled: config.split.n_labeled,
            unlabeled: config.split.unlabeled_count(),
        }
    }

    /// Every training row.
    pub fn total(self) -> usize {
        self.labeled.saturating_add(self.unlabeled)
    }

    /// Rows in fold `fold` of `folds` when each side is dealt into the folds
    /// in turn (as RankPruning deals them).
    fn in_fold(self, folds: usize, fold: usize) -> usize {
        let dealt = |n: usize| n / folds + usize::from(fold < n % folds);
        dealt(self.labeled).saturating_add(dealt(self.unlabeled))
    }
}

/// Optimisation steps one stage takes on `rows` in batches of `batch_size`
/// (for [`EpochRows::Kept`], on all rows: an upper bound).
pub fn stage_steps(span: &StageSpan, rows: RowCounts, batch_size: usize) -> u64 {
    let epochs_of =
        |epochs: usize, n: usize| (epochs as u64).saturating_mul(batch_count(n, batch_size) as u64);
    match span.rows {
        EpochRows::All | EpochRows::Kept => epochs_of(span.epochs, rows.total()),
        EpochRows::OutOfFold { folds, fold_epochs } => (0..folds)
            .map(|fold| epochs_of(fold_epochs, rows.total() - rows.in_fold(folds, fold)))
            .fold(0, u64::saturating_add),
    }
}

impl Workload {
    /// The work of `config`'s learner, through the stages its spec gives,
    /// on `rows` of this shape. Never panics: counts that overflow saturate.
    /// For fields that passed [`RunConfig::validate`] (its fold count bounds
    /// the loop over folds).
    pub fn of(config: &RunConfig, shape: FeatureShape, rows: RowCounts) -> Workload {
        let batch = config.optim.batch_size.max(1);
        let steps = (config.learner.spec().stages)(config)
            .iter()
            .map(|span| stage_steps(span, rows, batch))
            .fold(0, u64::saturating_add);
        let mut per_example = values_per_example(config.model, shape, Role::Classifier);
        if config.learner.uses_policy() {
            per_example =
                per_example.saturating_add(values_per_example(config.model, shape, Role::Policy));
        }
        Workload {
            steps,
            activation_bytes: per_example
                .saturating_mul(VALUE_BYTES)
                .saturating_mul(batch as u64),
        }
    }

    /// Refusals and warnings against the limits in the module's documentation.
    pub fn verdict(&self, config: &RunConfig) -> WorkloadVerdict {
        let mut verdict = WorkloadVerdict::default();
        let steps = format!(
            "{} epochs in batches of {} take about {} optimisation steps",
            config.optim.epochs, config.optim.batch_size, self.steps
        );
        let memory = format!(
            "a batch of {} on the {} model needs about {:.1} GiB of activations",
            config.optim.batch_size,
            config.model.key(),
            self.activation_bytes as f64 / f64::from(1u32 << 30)
        );
        if self.steps > MAX_STEPS {
            verdict.refused.push(field_error(
                "optim.epochs",
                format!(
                    "{steps}, over the limit of {MAX_STEPS}: use fewer epochs or a larger batch"
                ),
            ));
        } else if self.steps > WARN_STEPS {
            verdict.warnings.push(field_error(
                "optim.epochs",
                format!("{steps}; this will take a long time"),
            ));
        }
        if self.activation_bytes > MAX_ACTIVATION_BYTES {
            verdict.refused.push(field_error(
                "optim.batch_size",
                format!(
                    "{memory}, over the limit of {} GiB: use a smaller batch",
                    MAX_ACTIVATION_BYTES >> 30
                ),
            ));
        } else if self.activation_bytes > WARN_ACTIVATION_BYTES {
            verdict.warnings.push(field_error(
                "optim.batch_size",
                format!("{memory}; a smaller batch is safer on small GPUs"),
            ));
        }
        verdict
    }
}

/// A [`FieldError`] at `field`.
fn field_error(field: &str, message: String) -> FieldError {
    FieldError {
        field: field.to_owned(),
        message,
    }
}

/// Activation values one example costs in one network.
fn values_per_example(model: ModelPreset, shape: FeatureShape, role: Role) -> u64 {
    let input = shape.len() as u64;
    let hidden = match (model.architecture(role), shape) {
        (Architecture::Mlp(widths), _) => widths.iter().map(|&w| w as u64).sum(),
        (Architecture::Cnn(layout), FeatureShape::Image { height, width, .. }) => {
            let (mut h, mut w) = (height, width);
            let mut values = layout.dense as u64;
            for layer in layout.convs {
                h = layer.output_side(h).unwrap_or(0);
                w = layer.output_side(w).unwrap_or(0);
                values = values.saturating_add(
                    (layer.filters as u64)
                        .saturating_mul(h as u64)
                        .saturating_mul(w as u64),
                );
            }
            values
        }
        (Architecture::Cnn(_), FeatureShape::Vector { .. }) => 0,
    };
    hidden
        .saturating_mul(COPIES_PER_LAYER)
        .saturating_add(input)
        .saturating_add(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{DataConfig, Learner, ModelPreset};
    use crate::data::tasks::BuiltinDataset;

    /// `n` rows, a quarter of them labeled.
    fn rows(n: usize) -> RowCounts {
        RowCounts {
            labeled: n / 4,
            unlabeled: n - n / 4,
        }
    }

    #[test]
    fn long_runs_on_tiny_batches_are_refused() {
        let mut config = RunConfig::default();
        config.optim.epochs = 2000;
        config.optim.batch_size = 2;
        let shape = BuiltinDataset::Mnist.shape();
        let workload = Workload::of(&config, shape, rows(7_000));
        // 3,500 batches × (2000 epochs + 10 + 10 pre-training epochs).
        assert_eq!(workload.steps, 7_070_000);
        let verdict = workload.verdict(&config);
        assert_eq!(verdict.refused.len(), 1);
        assert_eq!(verdict.refused[0].field, "optim.epochs");
        assert!(
            verdict.refused[0]
                .message
                .contains("about 7070000 optimisation steps, over the limit of 2000000"),
            "{}",
            verdict.refused[0].message
        );
        // The baselines do not pre-train.
        config.learner = Learner::NnPu;
        assert_eq!(Workload::of(&config, shape, rows(7_000)).steps, 7_000_000);
    }

    #[test]
    fn rank_prunings_cross_validation_and_pmpus_warm_up_are_counted() {
        let mut config = RunConfig {
            learner: Learner::RankPruning,
            ..RunConfig::default()
        };
        let shape = BuiltinDataset::Mnist.shape();
        let rows = RowCounts {
            labeled: 300,
            unlabeled: 900,
        };
        // 5 folds × 10 epochs on the 960 rows outside a fold (7 batches of
        // 128), then 20 epochs on at most all 1,200 rows (9 batches).
        assert_eq!(
            Workload::of(&config, shape, rows).steps,
            5 * 10 * 7 + 20 * 9
        );
        // 301 labeled and 899 unlabeled rows dealt into 5 folds: 61 + 180
        // in fold 0, 60 + 179 in fold 4.
        let uneven = RowCounts {
            labeled: 301,
            unlabeled: 899,
        };
        assert_eq!(uneven.in_fold(5, 0), 241);
        assert_eq!(uneven.in_fold(5, 4), 239);
        config.learner = Learner::Pmpu;
        assert_eq!(Workload::of(&config, shape, rows).steps, (5 + 20) * 9);
    }

    #[test]
    fn large_batches_on_the_paper_cnn_are_refused() {
        let mut config = RunConfig::paper(BuiltinDataset::Cifar10, Learner::BiasedPu);
        config.optim.batch_size = 4096;
        let shape = BuiltinDataset::Cifar10.shape();
        let workload = Workload::of(&config, shape, rows(1_200));
        // Classifier on 3×32×32: 96×30×30 + 192×28×28 + 10×28×28 + 100 hidden
        // values, three copies each, plus 3072 inputs and one logit.
        let per_example = 3 * (86_400 + 150_528 + 7_840 + 100) + 3_072 + 1;
        assert_eq!(workload.activation_bytes, per_example * 4 * 4096);
        let verdict = workload.verdict(&config);
        assert_eq!(verdict.refused.len(), 1);
        assert_eq!(verdict.refused[0].field, "optim.batch_size");
        assert!(
            verdict.refused[0].message.starts_with(
                "a batch of 4096 on the paper-cnn model needs about 11.3 GiB of activations"
            ),
            "{}",
            verdict.refused[0].message
        );
        config.optim.batch_size = 512;
        let verdict = Workload::of(&config, shape, rows(1_200)).verdict(&config);
        assert!(verdict.refused.is_empty());
        assert_eq!(verdict.warnings.len(), 1);
        assert_eq!(verdict.warnings[0].field, "optim.batch_size");
    }

    #[test]
    fn counts_too_large_to_hold_saturate() {
        // A share link carried pretrain_epochs = 10^19 into validate(), and
        // doubling it overflowed (found by scripts/fuzz.sh).
        let mut config = RunConfig::default();
        config.policy.pretrain_epochs = usize::MAX;
        config.optim.epochs = usize::MAX;
        config.optim.batch_size = 1;
        let workload = Workload::of(&config, BuiltinDataset::Cifar10.shape(), rows(usize::MAX));
        assert_eq!(workload.steps, u64::MAX);
        let huge = FeatureShape::Image {
            channels: usize::MAX,
            height: usize::MAX,
            width: usize::MAX,
        };
        config.model = ModelPreset::PaperCnn;
        let workload = Workload::of(&config, huge, rows(10));
        assert_eq!(workload.activation_bytes, u64::MAX);
        assert_eq!(workload.verdict(&config).refused.len(), 2);
    }

    #[test]
    fn the_defaults_and_the_papers_settings_pass() {
        for config in [
            RunConfig::default(),
            RunConfig::paper(BuiltinDataset::Cifar10, Learner::Weighter),
            RunConfig::paper(BuiltinDataset::Mnist, Learner::Separator),
        ] {
            let DataConfig::Builtin { dataset, .. } = config.data else {
                panic!("built-in data expected")
            };
            let workload = Workload::of(&config, dataset.shape(), RowCounts::of_config(&config));
            assert_eq!(workload.verdict(&config), WorkloadVerdict::default());
        }
    }
}

//! Random valid run configurations, for the share-link property tests
//! (`tests/parsers.rs`) and the fuzz harness's round-trip count
//! (`examples/fuzz.rs`), which both include this file.
//!
//! Every field is drawn across its whole allowed range (rates log-uniformly),
//! texts from all of Unicode and from the characters that mean something in
//! a link (`~ , % & = + #`, spaces, empty texts); the few draws that
//! `RunConfig::validate` refuses (too much work for a built-in dataset) are
//! filtered out.

use policypu::config::settings::MAX_SEED;
use policypu::config::{
    BackendChoice, BaselineConfig, DataConfig, Learner, ModelPreset, NnPuConfig, OptimConfig,
    PolicyConfig, Refit, RewardRule, RunConfig, SplitConfig, VerdictThreshold,
};
use policypu::data::csv::{CsvColumns, DateOrderChoice, MissingValues};
use policypu::data::tasks::BuiltinDataset;
use policypu::keyed::Keyed;
use policypu::selection::Criterion;
use proptest::prelude::*;
use proptest::sample::{select, subsequence};

/// A configuration that `RunConfig::validate` accepts.
pub fn valid_run_config() -> impl Strategy<Value = RunConfig> {
    (
        data_config(),
        split_config(),
        select(Learner::all().collect::<Vec<_>>()),
        select(ModelPreset::ALL.to_vec()),
        optim_config(),
        policy_config(),
        nnpu_config(),
        baseline_config(),
        select(vec![
            BackendChoice::Auto,
            BackendChoice::Cpu,
            BackendChoice::Gpu,
        ]),
        0..=MAX_SEED,
        select(Criterion::ALL.to_vec()),
    )
        .prop_map(
            |(
                data,
                split,
                learner,
                model,
                optim,
                policy,
                nnpu,
                baselines,
                backend,
                seed,
                select_by,
            )| {
                let model = match (&data, model) {
                    (DataConfig::Csv { .. }, ModelPreset::PaperCnn) => ModelPreset::Fast,
                    _ => model,
                };
                RunConfig {
                    data,
                    split,
                    learner,
                    model,
                    optim,
                    policy,
                    nnpu,
                    baselines,
                    select_by,
                    // The page does not refit and its links do not say.
                    refit: Refit::default(),
                    backend,
                    seed,
                }
            },
        )
        .prop_filter("plan::check accepts it", |config| {
            policypu::plan::check(config).is_empty()
        })
}

/// Text of any kind, often short or made of characters a link treats specially.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[~,%&=+# .a-z0-9]{0,6}",
        Just(String::new()),
        "[0-9.e-]{1,5}",
    ]
}

fn data_config() -> impl Strategy<Value = DataConfig> {
    let classes: Vec<u8> = (0..10).collect();
    prop_oneof![
        (
            select(BuiltinDataset::ALL.to_vec()),
            subsequence(classes, 1..=9).prop_shuffle()
        )
            .prop_map(|(dataset, positive_classes)| DataConfig::Builtin {
                dataset,
                positive_classes,
            }),
        (
            text(),
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(text()),
            proptest::option::of(proptest::collection::vec(text(), 0..5)),
            select(MissingValues::ALL.to_vec()),
            select(DateOrderChoice::ALL.to_vec()),
        )
            .prop_map(
                |(labeled, labeled_value, truth, truth_value, features, missing, date_order)| {
                    DataConfig::Csv {
                        columns: CsvColumns {
                            labeled,
                            labeled_value,
                            truth,
                            truth_value,
                            features,
                            missing,
                            date_order,
                        },
                    }
                }
            ),
    ]
}

/// A real number drawn log-uniformly from `low..=high` (both above 0).
fn log_uniform(low: f64, high: f64) -> impl Strategy<Value = f64> {
    (low.ln()..=high.ln()).prop_map(move |x| x.exp().clamp(low, high))
}

fn split_config() -> impl Strategy<Value = SplitConfig> {
    (
        1usize..=20_000,
        proptest::option::of(1usize..=100_000),
        0.0f64..=0.95,
        0.05f64..=0.5,
        0.0f64..=0.5,
    )
        .prop_map(
            |(n_labeled, n_unlabeled, rho, test_fraction, validation_fraction)| SplitConfig {
                n_labeled,
                n_unlabeled,
                rho,
                test_fraction,
                validation_fraction,
                // Development studies' alone, never a user's setting.
                validation_fold: None,
            },
        )
}

fn optim_config() -> impl Strategy<Value = OptimConfig> {
    (
        1usize..=2000,
        2usize..=4096,
        log_uniform(1e-7, 1.0),
        0.0f64..=10.0,
    )
        .prop_map(|(epochs, batch_size, lr, weight_decay)| OptimConfig {
            epochs,
            batch_size,
            lr,
            weight_decay,
        })
}

fn policy_config() -> impl Strategy<Value = PolicyConfig> {
    (
        log_uniform(1e-7, 1.0),
        0.0f64..=10.0,
        0usize..=100,
        1usize..=100,
        log_uniform(0.001, 5.0),
        select(vec![RewardRule::Paper, RewardRule::Coherence]),
        select(vec![VerdictThreshold::Paper, VerdictThreshold::Half]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |(
                lr,
                weight_decay,
                pretrain_epochs,
                target_update_every,
                action_spread,
                reward,
                verdict_threshold,
                baseline,
                frozen,
            )| {
                PolicyConfig {
                    lr,
                    weight_decay,
                    pretrain_epochs,
                    target_update_every,
                    action_spread,
                    reward,
                    verdict_threshold,
                    baseline,
                    frozen,
                }
            },
        )
}

fn baseline_config() -> impl Strategy<Value = BaselineConfig> {
    (2usize..=10, 1usize..=500, 0usize..=100, 0.01f64..=1.0).prop_map(
        |(rank_pruning_folds, rank_pruning_fold_epochs, pmpu_warmup_epochs, pmpu_resample)| {
            BaselineConfig {
                rank_pruning_folds,
                rank_pruning_fold_epochs,
                pmpu_warmup_epochs,
                pmpu_resample,
            }
        },
    )
}

fn nnpu_config() -> impl Strategy<Value = NnPuConfig> {
    (
        proptest::option::of(0.001f64..=0.999),
        0.0f64..=1.0,
        log_uniform(1e-9, 1.0),
    )
        .prop_map(|(prior, beta, gamma)| NnPuConfig { prior, beta, gamma })
}

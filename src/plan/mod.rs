//! [`RunPlan`]: what a run will do, settled once between the settings and
//! the learning: the learner's stages (from its spec), the work they take
//! (checked against the limits), and the class prior the run uses
//! (estimated here, once). The trainer takes a plan; the worker builds one
//! plan and times devices against it; [`check`] is the page's and the CLI's
//! test of settings before there is a split.

pub mod batches;
pub mod known_estimates;
pub mod prior;
pub mod workload;

use crate::config::{DataConfig, FieldError, RunConfig, StageSpan};
use crate::report::PriorUsed;
use crate::split::PuSplit;

use workload::{RowCounts, Workload};

/// Why a run cannot start, in words for the user.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct PlanError(pub String);

/// A run, prepared: settings, stages, work and prior.
#[derive(Clone, Debug, PartialEq)]
pub struct RunPlan {
    /// The run's settings.
    pub config: RunConfig,
    /// The learner's stages, in order.
    pub stages: Vec<StageSpan>,
    /// The work those stages take on the split's rows.
    pub workload: Workload,
    /// Heavy but allowed (long, or memory-hungry), in words.
    pub warnings: Vec<String>,
    /// The class prior the run uses or shows; see [`prior::prior_for`].
    pub prior: Option<PriorUsed>,
}

impl RunPlan {
    /// Plan `config` on `split`: check the settings, count the work against
    /// the limits, estimate the prior.
    pub fn new(config: &RunConfig, split: &PuSplit) -> Result<RunPlan, PlanError> {
        let problems = config.validate();
        if !problems.is_empty() {
            let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
            return Err(PlanError(format!(
                "invalid settings: {}",
                listed.join("; ")
            )));
        }
        if config.learner.is_auto() {
            return Err(PlanError(
                "auto is not one run: plan each of its candidates \
                 (auto_learner::candidate_configs)"
                    .into(),
            ));
        }
        if split.n_train() < 2 || !split.train_labeled.iter().any(|s| *s) {
            return Err(PlanError(
                "the training set needs labeled positives and at least two rows".into(),
            ));
        }
        if split.train_truth.is_none()
            && let Some(need) = config.learner.truth_need(config.given_prior().is_some())
        {
            return Err(PlanError(need.refusal(config.learner)));
        }
        let workload = Workload::of(config, split.shape, RowCounts::of_split(split));
        let verdict = workload.verdict(config);
        if let Some(refusal) = verdict.refused.first() {
            return Err(PlanError(refusal.to_string()));
        }
        Ok(RunPlan {
            stages: (config.learner.spec().stages)(config),
            workload,
            warnings: verdict.warnings.iter().map(ToString::to_string).collect(),
            prior: prior::prior_for(config, split)?,
            config: config.clone(),
        })
    }
}

/// Every problem with `config` that can be seen before its data is split:
/// its fields ([`RunConfig::validate`]) and, for a built-in image subset,
/// whose rows the settings fix, the work it asks for.
pub fn check(config: &RunConfig) -> Vec<FieldError> {
    let mut problems = config.validate();
    if let (true, DataConfig::Builtin { dataset, .. }) = (problems.is_empty(), &config.data) {
        let workload = Workload::of(config, dataset.shape(), RowCounts::of_config(config));
        problems.extend(workload.verdict(config).refused);
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Learner, Stage};
    use crate::priors::DEFAULT_ESTIMATOR;
    use crate::report::PriorSource;
    use crate::selection::Criterion;

    #[test]
    fn choosing_by_a_criterion_that_needs_a_prior_estimates_one() {
        let split = crate::split::tiny_split();
        let mut c = RunConfig {
            learner: Learner::BiasedPu,
            ..RunConfig::default()
        };
        assert_eq!(RunPlan::new(&c, &split).unwrap().prior, None);
        c.select_by = Criterion::ProxyAccuracy;
        let prior = RunPlan::new(&c, &split).unwrap().prior.unwrap();
        assert_eq!(prior.source, PriorSource::Estimated(DEFAULT_ESTIMATOR));
        assert!(!prior.learner_uses && prior.spread.is_none());
        assert_eq!(prior.true_rho, split.prior);
    }

    /// A cross-fitted auto's fold estimates its prior without the bootstrap
    /// spread (its mean shows none), the same estimate as one split's.
    #[test]
    fn a_validation_folds_prior_has_no_spread() {
        // Without the truth, as a CSV file without a truth column.
        let split = crate::split::PuSplit {
            prior: None,
            ..crate::split::tiny_split()
        };
        let mut c = RunConfig {
            learner: Learner::TiceNnPu,
            ..RunConfig::default()
        };
        let one_split = RunPlan::new(&c, &split).unwrap().prior.unwrap();
        assert!(one_split.spread.is_some());
        c.split.validation_fold = Some(1);
        let fold = RunPlan::new(&c, &split).unwrap().prior.unwrap();
        assert_eq!(fold.spread, None);
        assert_eq!(fold.rho, one_split.rho);
    }
    use crate::data::tasks::BuiltinDataset;

    #[test]
    fn absurd_image_runs_are_refused_before_they_start() {
        let mut c = RunConfig::default();
        c.split.n_labeled = 1_750;
        c.optim.epochs = 2000;
        c.optim.batch_size = 2;
        assert!(c.validate().is_empty(), "each field alone is allowed");
        let refused = check(&c);
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].field, "optim.epochs");
        let mut c = RunConfig::paper(BuiltinDataset::Cifar10, Learner::Weighter);
        c.optim.batch_size = 4096;
        let refused = check(&c);
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].field, "optim.batch_size");
        c.optim.batch_size = 0;
        let refused = check(&c);
        assert_eq!(
            refused.iter().map(|p| p.field.as_str()).collect::<Vec<_>>(),
            ["optim.batch_size"],
            "a field out of range is reported alone"
        );
    }

    #[test]
    fn a_plan_holds_the_learners_stages_and_refuses_what_it_cannot_run() {
        let mut split = crate::split::tiny_split();
        let config = RunConfig {
            learner: Learner::RankPruning,
            ..RunConfig::default()
        };
        let plan = RunPlan::new(&config, &split).unwrap();
        let stages: Vec<(Stage, usize)> = plan.stages.iter().map(|s| (s.stage, s.epochs)).collect();
        assert_eq!(stages, [(Stage::CrossValidate, 50), (Stage::Train, 20)]);
        // 160 rows in batches of 128: one batch an epoch.
        assert_eq!(plan.workload.steps, 70);
        split.train_truth = None;
        let oracle = RunConfig {
            learner: Learner::OraclePn,
            ..RunConfig::default()
        };
        let err = RunPlan::new(&oracle, &split).unwrap_err();
        assert!(err.0.contains("no ground-truth column"), "{err}");
        // nnPU's true prior comes from a truth column, or from the settings.
        let mut nnpu = RunConfig {
            learner: Learner::NnPu,
            ..RunConfig::default()
        };
        let err = RunPlan::new(&nnpu, &split).unwrap_err();
        assert!(
            err.0
                .starts_with("nnPU (true π) trains with the true class prior")
                && err
                    .0
                    .contains("give the class prior π (the field \"Class prior π\""),
            "{err}"
        );
        nnpu.nnpu.prior = Some(0.3);
        let given = RunPlan::new(&nnpu, &split).unwrap().prior.unwrap();
        assert_eq!((given.source, given.rho), (PriorSource::Given, 0.3));
        let auto = RunConfig {
            learner: Learner::Auto,
            ..RunConfig::default()
        };
        let err = RunPlan::new(&auto, &split).unwrap_err();
        assert!(err.0.starts_with("auto is not one run"), "{err}");
        let mut c = RunConfig::default();
        c.optim.batch_size = 0;
        let err = RunPlan::new(&c, &split).unwrap_err();
        assert!(
            err.0.starts_with("invalid settings: optim.batch_size"),
            "{err}"
        );
    }
}

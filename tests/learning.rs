//! Learners on a synthetic PU problem whose answer is known, on the CPU backend.

mod common;

use burn::tensor::Device;
use policypu::config::Stage;
use policypu::config::{Learner, RunConfig};
use policypu::learn::Trainer;
use policypu::learn::trainer::run_to_end;
use policypu::plan::RunPlan;
use policypu::priors::DEFAULT_ESTIMATOR;
use policypu::report::{EpochReport, PriorSource, ViewSource};
use policypu::split::{PuSplit, split_builtin};

fn problem() -> (PuSplit, RunConfig) {
    let (train, test) = common::gaussian_blobs(3000, 1000, 10, 1.2, 7);
    let mut config = common::blob_config();
    config.split.n_labeled = 200;
    config.split.rho = 0.5;
    config.optim.epochs = 10;
    config.optim.lr = 1e-3;
    config.policy.lr = 1e-3;
    config.policy.pretrain_epochs = 3;
    (split_builtin(&train, &test, &config).unwrap(), config)
}

fn train(learner: Learner, seed: u64) -> Vec<EpochReport> {
    let (split, config) = problem();
    let config = RunConfig {
        learner,
        seed,
        ..config
    };
    let plan = RunPlan::new(&config, &split).unwrap();
    let mut trainer = Trainer::new(&plan, &split, &Device::flex()).unwrap();
    pollster::block_on(run_to_end(&mut trainer, |_| {})).unwrap()
}

fn final_accuracy(learner: Learner) -> f64 {
    let reports = train(learner, 1);
    reports.last().unwrap().test.accuracy.unwrap()
}

#[test]
fn every_pu_learner_beats_biased_pu() {
    let biased = final_accuracy(Learner::BiasedPu);
    let oracle = final_accuracy(Learner::OraclePn);
    assert!(oracle > 0.9, "oracle PN reached only {oracle}");
    for learner in [
        Learner::Weighter,
        Learner::Separator,
        Learner::NnPu,
        Learner::TiceNnPu,
        Learner::Km2NnPu,
        Learner::ElkanNotoNnPu,
        Learner::RankPruning,
        Learner::Pmpu,
    ] {
        let accuracy = final_accuracy(learner);
        eprintln!("{} {accuracy} (biased {biased})", learner.name());
        assert!(
            accuracy > biased + 0.03,
            "{} {accuracy} vs biased PU {biased}",
            learner.name()
        );
    }
}

#[test]
fn policypu_reports_pretraining_rewards_and_policy_view() {
    let reports = train(Learner::Separator, 1);
    let stages: Vec<Stage> = reports.iter().map(|r| r.stage).collect();
    assert_eq!(
        stages
            .iter()
            .filter(|s| **s == Stage::PretrainClassifier)
            .count(),
        3
    );
    assert_eq!(
        stages
            .iter()
            .filter(|s| **s == Stage::PretrainPolicy)
            .count(),
        3
    );
    assert_eq!(stages.iter().filter(|s| **s == Stage::Train).count(), 10);
    let last = reports.last().unwrap();
    let reward = last.mean_reward.unwrap();
    let threshold = last.threshold.unwrap();
    assert!(reward > 0.5 && reward < 1.0, "mean reward {reward}");
    assert!(threshold > 0.0 && threshold < 1.0, "threshold {threshold}");
    let view = last.unlabeled.as_ref().unwrap();
    assert_eq!(view.source, ViewSource::Policy);
    assert!(
        view.correct_rate.unwrap() > 0.7,
        "correct-assignment rate {:?}",
        view.correct_rate
    );
    assert!(view.mean_on_positives.unwrap() > view.mean_on_negatives.unwrap());
}

#[test]
fn same_seed_reproduces_the_run_exactly() {
    let a = train(Learner::Weighter, 5);
    let b = train(Learner::Weighter, 5);
    let metrics = |r: &[EpochReport]| {
        r.iter()
            .map(|e| (e.test.clone(), e.classifier_loss, e.mean_reward))
            .collect::<Vec<_>>()
    };
    assert_eq!(metrics(&a), metrics(&b));
    let c = train(Learner::Weighter, 6);
    assert_ne!(metrics(&a), metrics(&c));
}

/// Without a truth column, what the PU metrics assume is the default
/// estimate, with its spread.
#[test]
fn without_a_truth_column_the_prior_is_the_default_estimate_with_its_spread() {
    let (mut split, config) = problem();
    split.prior = None;
    split.train_truth = None;
    let config = RunConfig {
        learner: Learner::Weighter,
        ..config
    };
    let plan = RunPlan::new(&config, &split).unwrap();
    let prior = plan.prior.as_ref().unwrap();
    assert_eq!(prior.source, PriorSource::Estimated(DEFAULT_ESTIMATOR));
    assert_eq!(prior.true_rho, None);
    assert!((0.2..=0.8).contains(&prior.rho), "ρ = {}", prior.rho);
    assert!(
        prior.spread.is_some_and(|s| s > 0.0 && s < 0.2),
        "{:?}",
        prior.spread
    );
}

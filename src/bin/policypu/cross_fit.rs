//! `--learner auto --auto-folds K` on the command line: auto cross-fitted.
//! A CSV file's training rows are dealt into K validation folds of the
//! validation share's size; auto runs once per fold (its candidates trained
//! on the other rows, ranked on that fold), and the model kept is the mean
//! of the folds' means of their kept classifiers. On new draws of
//! development tables no reported file uses, with five folds, this was
//! more accurate than auto on one split (`results/dev-crossfit-confirmation.md`; the rule was written
//! before the runs), at five times the training. The folds train side by
//! side where threads are spare, and are reported in order.

use std::path::Path;

use burn::tensor::Device;
use policypu::auto_learner::average::{averaged, members_mean};
use policypu::auto_learner::{Leaderboard, prior_whose};
use policypu::concurrent::{map_items, spare_thread};
use policypu::config::RunConfig;
use policypu::learn::Trainer;
use policypu::report::{RunResult, TestScores, flag_string};
use policypu::saved_model::SavedModel;
use policypu::split::PuSplit;

use crate::auto::train_auto;
use crate::native::DataCache;

/// How many validation folds a validation share `share` deals: round(1 / share).
pub fn folds_dealt(share: f64) -> usize {
    if share > 0.0 {
        (1.0 / share).round() as usize
    } else {
        0
    }
}

/// `--auto-folds K`'s refusal, if any: cross-fitting is auto's, on a CSV
/// file, with at least two folds and at most the share's.
pub fn check_auto_folds(folds: usize, config: &RunConfig, csv: bool) -> Result<(), String> {
    let share = config.split.validation_fraction;
    let dealt = folds_dealt(share);
    if !config.learner.is_auto() {
        Err("--auto-folds cross-fits auto's choice: give --learner auto".into())
    } else if !csv {
        Err("--auto-folds deals a CSV file's training rows into folds: give --csv".into())
    } else if folds < 2 {
        Err(format!(
            "--auto-folds {folds}: cross-fitting needs at least 2 folds (1 is auto on one split, \
             without the flag)"
        ))
    } else if folds > dealt {
        Err(format!(
            "--auto-folds {folds}: a validation share of {share} deals {dealt} folds; give at \
             most {dealt}, or a smaller --validation-share"
        ))
    } else {
        Ok(())
    }
}

/// One fold's auto: its averaged run (its settings name the fold) and its
/// leaderboard.
pub struct Fold {
    /// The fold's averaged run.
    pub result: RunResult,
    /// Its candidates, ranked on the fold.
    pub board: Leaderboard,
}

/// Cross-fitted auto's run: the mean of the folds' means.
pub struct CrossFitted {
    /// The mean's run: `config`'s settings, the mean's test metrics.
    pub result: RunResult,
    /// Every fold's members, fold by fold, each in its fold's mean's order.
    pub trainers: Vec<Trainer>,
    /// Each member's share of the mean where the folds kept different
    /// numbers of members ([`fold_weights`]); none where they count alike.
    pub weights: Option<Vec<f64>>,
    /// Each fold's auto.
    pub folds: Vec<Fold>,
}

/// Run auto (`config`) once per fold of the CSV file `csv`, `folds` folds
/// ([`check_auto_folds`] has passed), and keep every fold's members,
/// weighed so that each fold counts alike ([`fold_weights`]); an error
/// saying why where a fold's auto cannot choose.
pub fn train_cross_fitted(
    config: &RunConfig,
    folds: usize,
    data: &mut DataCache,
    csv: &Path,
    device: &Device,
    device_name: &str,
) -> Result<CrossFitted, String> {
    let mut fold_splits = Vec::with_capacity(folds);
    for fold in 0..folds {
        let mut fold_config = config.clone();
        fold_config.split.validation_fold = Some(fold);
        let split = data.split(&fold_config, Some(csv))?;
        fold_splits.push((fold_config, split));
    }
    // The folds side by side where threads are spare (each trains its
    // candidates so too), then reported in order.
    eprintln!("auto: {folds} validation folds");
    let runs = map_items(
        fold_splits.iter().collect(),
        spare_thread(device),
        |(fold_config, split)| train_auto(fold_config, split, device, device_name),
    );
    let mut trainers = Vec::new();
    let mut kept_counts = Vec::with_capacity(folds);
    let mut fold_runs = Vec::with_capacity(folds);
    for (fold, ((fold_config, split), run)) in fold_splits.iter().zip(runs).enumerate() {
        println!("\nValidation fold {} of {folds}:\n", fold + 1);
        if let Some(note) = split.validation.note() {
            eprintln!("fold {}: {note}", fold + 1);
        }
        let run = run?;
        run.print(fold_config);
        if let Some(prior) = &run.result.prior {
            eprintln!("fold {}: class prior {}", fold + 1, prior.figure());
        }
        kept_counts.push(run.members.len());
        trainers.extend(run.members);
        fold_runs.push(Fold {
            result: run.result,
            board: run.board,
        });
    }
    let (_, split) = fold_splits
        .first()
        .ok_or("--auto-folds needs at least one fold")?;
    let weights = fold_weights(&kept_counts);
    let scores = mean_scores(config, &trainers, weights.as_deref(), split, device)
        .map_err(|e| e.to_string())?;
    if let Some(first) = fold_runs.iter().find_map(|f| f.result.prior.as_ref()) {
        eprintln!(
            "auto trains with no prior of its own: each fold's is {}, which that fold's mean's \
             estimates of precision and accuracy on U use.{}",
            prior_whose(first),
            first.spread_meaning().unwrap_or_default()
        );
    }
    let priors: Option<Vec<f64>> = fold_runs.iter().map(|f| f.board.prior).collect();
    let prior = priors.map(|p| p.iter().sum::<f64>() / p.len() as f64);
    if let Some(prior) = prior.filter(|_| split.train_truth.is_none()) {
        eprintln!(
            "The mean's estimates of precision and accuracy on U assume π = {prior:.3}, the mean \
             of the {folds} folds' estimates."
        );
    }
    // `scores` is already the members' mean, so it is scored as one run's;
    // the members are then named as each fold's (positions among its
    // candidates), fold by fold.
    let mut mean =
        averaged(vec![0], &[Some(&scores)], prior).ok_or("cross-fitted auto kept no classifier")?;
    mean.members = fold_runs
        .iter()
        .filter_map(|f| f.result.averaged.as_ref())
        .flat_map(|a| a.members.iter().copied())
        .collect();
    let result = RunResult::of_auto(config.clone(), device_name.to_string(), None, Some(mean));
    Ok(CrossFitted {
        result,
        trainers,
        weights,
        folds: fold_runs,
    })
}

/// Each member's share of the cross-fitted mean, given how many members
/// each fold kept (fold by fold, members in order): every fold counts
/// alike, as in the study that chose cross-fitting (the mean of the folds'
/// means), so a fold that averaged all its candidates (too few labeled
/// validation rows to rank) does not outweigh one that kept three. None
/// where every fold kept as many: the plain mean is then the same.
pub fn fold_weights(kept_counts: &[usize]) -> Option<Vec<f64>> {
    let first = *kept_counts.first()?;
    if kept_counts.iter().all(|&n| n == first) {
        return None;
    }
    let folds = kept_counts.len() as f64;
    Some(
        kept_counts
            .iter()
            .flat_map(|&n| std::iter::repeat_n(1.0 / (folds * n as f64), n))
            .collect(),
    )
}

/// The members' mean probabilities (weighted by `weights` where given) on
/// the test set (kept and last epochs), as one run's, with the test rows'
/// classes; without a truth column, also
/// the members' mean on every unlabeled training row of every fold (each
/// fold trained on some of them and validated on the others; the folds
/// share the standardiser, so `split`, any fold's, holds them all), from
/// which the mean's PU-only figures are computed; `config` is auto's.
fn mean_scores(
    config: &RunConfig,
    trainers: &[Trainer],
    weights: Option<&[f64]>,
    split: &PuSplit,
    device: &Device,
) -> Result<TestScores, Box<dyn std::error::Error>> {
    let each: Vec<TestScores> = trainers.iter().map(Trainer::test_scores).collect();
    let mean_of = |pick: fn(&TestScores) -> &[f32]| {
        members_mean(&each.iter().map(pick).collect::<Vec<_>>(), weights)
    };
    let (kept_unlabeled, last_unlabeled) = match split.train_truth {
        Some(_) => (Vec::new(), Vec::new()),
        None => {
            let rows = unlabeled_rows(split);
            let mut kept = Vec::with_capacity(trainers.len());
            let mut last = Vec::with_capacity(trainers.len());
            for trainer in trainers {
                kept.push(pollster::block_on(trainer.export_model())?);
                last.push(pollster::block_on(trainer.export_last_model())?);
            }
            let mut on_u = Vec::with_capacity(2);
            for models in [kept, last] {
                let mut model = SavedModel::averaging(config.clone(), models)?;
                if let Some(weights) = weights {
                    model = model.weighted(weights.to_vec())?;
                }
                let classifiers = model.classifiers(device)?;
                on_u.push(pollster::block_on(model.score_prepared(
                    &classifiers,
                    rows.clone(),
                    device,
                ))?);
            }
            let last = on_u.pop().unwrap_or_default();
            (on_u.pop().unwrap_or_default(), last)
        }
    };
    Ok(TestScores {
        kept: mean_of(|s| &s.kept),
        last: mean_of(|s| &s.last),
        truth: flag_string(split.test_y.iter().copied()),
        kept_unlabeled,
        last_unlabeled,
    })
}

/// Every unlabeled training row of `split`, those trained on and those
/// validated on, row-major.
fn unlabeled_rows(split: &PuSplit) -> Vec<f32> {
    let dim = split.shape.len();
    let trained = split.train_labeled.iter().enumerate();
    let validated = split.validation.labeled.iter().enumerate();
    let of = |x: &[f32], i: usize| x[i * dim..(i + 1) * dim].to_vec();
    trained
        .filter(|(_, labeled)| !**labeled)
        .flat_map(|(i, _)| of(&split.train_x, i))
        .chain(
            validated
                .filter(|(_, labeled)| !**labeled)
                .flat_map(|(i, _)| of(&split.validation.x, i)),
        )
        .collect()
}

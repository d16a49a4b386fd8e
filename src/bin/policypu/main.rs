//! `policypu`: train policyPU and its baselines from the command line,
//! reproduce the paper's tables, and benchmark the backends.

mod args;
mod auto;
mod auto_study;
mod bench;
mod column_names;
mod config_file;
mod cross_fit;
mod heap;
mod learner_spec;
mod learners;
mod native;
mod output_paths;
mod predict;
mod prior_study;
mod progress;
mod provenance;
mod row_scores;
mod seeds;
mod selection_study;
mod setting_flags;
mod shard;
mod sweep;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use policypu::auto_learner::average::members_mean;
use policypu::auto_learner::{Leaderboard, prior_sentence};
use policypu::config::Learner;
use policypu::export::AutoResult;
use policypu::plan::RunPlan;
use policypu::report::RunResult;
use policypu::saved_model::{SavedFrom, SavedModel};
use policypu::selection::{Criterion, ValidationScores};

use args::RunArgs;
use native::{DataCache, device_for};
use output_paths::{Named, check_outputs, run_inputs};
use progress::{Verbosity, train};

/// Positive-unlabeled learning with policy gradient (Li et al., ICDM 2019).
#[derive(Parser, Debug)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Train one configuration and write its per-epoch reports as JSON.
    Run {
        #[command(flatten)]
        run: RunArgs,
        /// Where to write the JSON result (config and per-epoch reports).
        #[arg(long, default_value = "policypu-run.json")]
        out: PathBuf,
        /// Also write the kept classifier's test-set scores and labels as CSV
        /// (`index,row,score,label`: `row` is a CSV file's 1-based data row,
        /// or the index in a built-in test set).
        #[arg(long)]
        dump_scores: Option<PathBuf>,
        /// Also save the trained classifier, to score new CSV rows with `policypu predict`.
        #[arg(long)]
        save_model: Option<PathBuf>,
        /// With --learner auto on a CSV file: cross-fit its choice over K
        /// validation folds (at most 1 / the validation share: 5 at the CSV
        /// default). auto runs once per fold and keeps the mean of every
        /// fold's kept classifiers: more accurate on development tables, at
        /// K times the training.
        #[arg(long, value_name = "K")]
        auto_folds: Option<usize>,
        /// Print only the progress bar and the summary, not a line per epoch.
        #[arg(long)]
        quiet: bool,
    },
    /// Run the paper's grid (n_l × ρ) for several learners and seeds; print the tables.
    Sweep(sweep::SweepArgs),
    /// Time one training step (ms per step, examples/s) of each model preset and learner, and peak memory.
    Bench(bench::BenchArgs),
    /// Score the rows of a CSV file with a classifier saved by `run --save-model`.
    Predict(predict::PredictArgs),
    /// Measure every class-prior estimator on CSV tables whose truth is known.
    Priors(prior_study::PriorStudyArgs),
    /// List the learners: key, name, other accepted names, what each needs, its stages.
    Learners {
        /// One JSON object a line instead of a table.
        #[arg(long)]
        json: bool,
    },
}

fn main() -> ExitCode {
    heap::keep_freed_memory();
    let outcome = match Cli::parse().command {
        Command::Run {
            run,
            out,
            dump_scores,
            save_model,
            auto_folds,
            quiet,
        } => run_once(
            &run.with_guessed_values(),
            &out,
            RunOutputs {
                dump_scores: dump_scores.as_deref(),
                save_model: save_model.as_deref(),
            },
            auto_folds,
            quiet,
        ),
        Command::Sweep(args) => sweep::sweep(&sweep::SweepArgs {
            run: args.run.with_guessed_values(),
            ..args
        }),
        Command::Bench(args) => bench::bench(&bench::BenchArgs {
            run: args.run.with_guessed_values(),
            ..args
        }),
        Command::Predict(args) => predict::predict(&args),
        Command::Priors(args) => prior_study::prior_study(&args),
        Command::Learners { json } => learners::learners(json),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// How the model a run keeps was chosen.
enum Chosen {
    /// The learner asked for trained it.
    Learner,
    /// auto chose it on the run's validation split.
    Auto(Leaderboard),
    /// auto chose on each validation fold (`--auto-folds`); the model is
    /// the mean of every fold's.
    CrossFitted(Vec<cross_fit::Fold>),
}

/// A cross-fitted auto run's JSON: the mean's run, then each fold's auto.
#[derive(serde::Serialize)]
struct CrossFittedResult<'a> {
    /// The mean of every fold's members: auto's settings, its test metrics.
    #[serde(flatten)]
    result: &'a RunResult,
    /// Each fold's auto, as a one-split auto run writes it; its settings
    /// name its validation fold.
    folds: Vec<AutoResult<'a>>,
}

/// The optional files `run` writes besides its JSON result.
struct RunOutputs<'a> {
    /// The kept model's test-set scores and labels as CSV.
    dump_scores: Option<&'a std::path::Path>,
    /// The kept model as a model file.
    save_model: Option<&'a std::path::Path>,
}

fn run_once(
    run: &RunArgs,
    out: &std::path::Path,
    outputs: RunOutputs<'_>,
    auto_folds: Option<usize>,
    quiet: bool,
) -> Result<(), String> {
    let config = run.to_config()?;
    if let Some(folds) = auto_folds {
        cross_fit::check_auto_folds(folds, &config, run.csv.is_some())?;
    }
    let written = [
        Named::given("--out", Some(out)),
        Named::given("--dump-scores", outputs.dump_scores),
        Named::given("--save-model", outputs.save_model),
    ];
    check_outputs(written.into_iter().flatten(), run_inputs(run))?;
    if run.select_by.is_some_and(|c| c != Criterion::LastEpoch)
        && config.split.validation_fraction == 0.0
    {
        eprintln!(
            "note: --select-by has no validation split to judge on (a validation share of 0): \
             the run keeps its last epoch."
        );
    }
    if let Some(prior) = config.nnpu.prior
        && config.given_prior().is_none()
    {
        eprintln!(
            "note: the class prior π = {prior} given (by --prior or the --config file) is not \
             used: {} takes no given prior (`policypu run --help` says which learners do).",
            config.learner.name()
        );
    }
    let mut data = DataCache::new(run.data_dir.as_deref());
    let split = data.split(&config, run.csv.as_deref())?;
    // Cross-fitting sets validation rows aside fold by fold, and says so.
    let fold_note = auto_folds.and(split.validation.note());
    for note in split
        .notes
        .iter()
        .filter(|n| fold_note.as_ref() != Some(*n))
    {
        eprintln!("{note}");
    }
    // Planned before anything is said of the training, so a learner this data
    // cannot train (nnPU without a prior) is refused first. auto plans its
    // candidates itself.
    let plan = (!config.learner.is_auto())
        .then(|| RunPlan::new(&config, &split))
        .transpose()
        .map_err(|e| e.to_string())?;
    let (device, device_name) = device_for(config.backend)?;
    // With its modifiers (km2/linear, weighter/paper) as the flag named it.
    let learner = run
        .learner
        .as_ref()
        .map_or_else(|| config.learner.name().to_string(), |spec| spec.label());
    eprintln!("{learner} on {device_name}");
    let verbosity = if quiet {
        Verbosity::Bar
    } else {
        Verbosity::Epochs
    };
    // The trainers of the model the run keeps: one, or auto's members (of
    // every fold where it is cross-fitted).
    let (result, trainers, weights, chosen) = match (&plan, auto_folds, run.csv.as_deref()) {
        (None, Some(folds), Some(csv)) => {
            let cross_fitted = cross_fit::train_cross_fitted(
                &config,
                folds,
                &mut data,
                csv,
                &device,
                &device_name,
            )?;
            let folds = Chosen::CrossFitted(cross_fitted.folds);
            let weights = cross_fitted.weights;
            (cross_fitted.result, cross_fitted.trainers, weights, folds)
        }
        (None, ..) => {
            let mut auto = auto::train_auto(&config, &split, &device, &device_name)?;
            let jobs = auto::refit_jobs(&auto.candidates);
            if let Some((_, first)) = jobs.first() {
                let all_rows = data.split(first, run.csv.as_deref())?;
                auto.refit(&config, jobs, &all_rows, &device, &device_name)?;
            }
            auto.print(&config);
            (auto.result, auto.members, None, Chosen::Auto(auto.board))
        }
        (Some(plan), ..) => {
            for warning in &plan.warnings {
                eprintln!("note: {warning}");
            }
            let (result, trainer) = train(plan, &split, &device, &device_name, verbosity, None)?;
            (result, vec![trainer], None, Chosen::Learner)
        }
    };
    if let Some(averaged) = &result.averaged {
        let mean = match &chosen {
            Chosen::CrossFitted(folds) => format!(
                "the mean of {} folds' means ({} classifiers)",
                folds.len(),
                averaged.members.len()
            ),
            _ => format!("the mean of {} classifiers", averaged.members.len()),
        };
        for (when, m) in [("kept:  ", &averaged.kept), ("final: ", &averaged.last)] {
            println!("{when}{mean}  {}", progress::test_figures(m));
        }
        if let Some(pu) = &averaged.kept.pu {
            println!("{}", pu.summary());
        }
    }
    if let Some(prior) = &result.prior {
        let sentence = if result.config.learner == Learner::Auto {
            prior_sentence(prior)
        } else {
            prior.sentence()
        };
        eprintln!("{sentence}");
    }
    if let (Some(selected), Some(kept)) = (result.selected, result.kept()) {
        println!(
            "kept: {}, chosen by {} on the PU validation split ({:.3})",
            selected.stage.epoch_name(selected.epoch),
            selected.criterion.label(),
            selected.criterion.shown(selected.value)
        );
        println!("kept:  {}", progress::epoch_line(kept));
        if let Some(caution) = kept
            .validation
            .as_ref()
            .and_then(ValidationScores::few_labeled_caution)
        {
            eprintln!("note: {caution}");
        }
    }
    if let Some(last) = result.last() {
        println!("final: {}", progress::epoch_line(last));
    }
    if let Some(pu) = result.kept().and_then(|kept| kept.test.pu.as_ref()) {
        println!("{}", pu.summary());
    }
    let json = match &chosen {
        Chosen::Auto(auto) => serde_json::to_string_pretty(&AutoResult {
            result: &result,
            auto,
            kept: auto.members_label(result.config.model),
        }),
        Chosen::CrossFitted(folds) => serde_json::to_string_pretty(&CrossFittedResult {
            result: &result,
            folds: folds
                .iter()
                .map(|fold| AutoResult {
                    result: &fold.result,
                    auto: &fold.board,
                    kept: fold.board.members_label(result.config.model),
                })
                .collect(),
        }),
        Chosen::Learner => serde_json::to_string_pretty(&result),
    }
    .map_err(|e| e.to_string())?;
    std::fs::write(out, json).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!("wrote {}", out.display());
    if let Some(path) = outputs.dump_scores {
        let mut csv = String::from("index,row,score,label\n");
        let each: Vec<&[f32]> = trainers.iter().map(|t| t.kept_test_scores()).collect();
        let scores = members_mean(&each, weights.as_deref());
        let rows = split.test_source.iter().map(|&s| split.source_row_shown(s));
        for (i, ((score, label), row)) in scores.iter().zip(&split.test_y).zip(rows).enumerate() {
            csv += &format!("{i},{row},{score},{}\n", u8::from(*label));
        }
        std::fs::write(path, csv).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if let Some(path) = outputs.save_model {
        let mut models = Vec::with_capacity(trainers.len());
        for trainer in &trainers {
            models.push(pollster::block_on(trainer.export_model()).map_err(|e| e.to_string())?);
        }
        let model = match models.len() {
            1 => models.remove(0),
            _ => {
                let model = SavedModel::averaging(config.clone(), models);
                match weights {
                    Some(weights) => model.and_then(|m| m.weighted(weights)),
                    None => model,
                }
                .map_err(|e| e.to_string())?
            }
        };
        let data_file = run.csv_file_name();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let bytes = model
            .stamped(SavedFrom::new(data_file.as_deref(), now))
            .to_bytes()
            .map_err(|e| e.to_string())?;
        std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

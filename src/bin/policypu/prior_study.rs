//! `policypu priors`: every class-prior estimator on PU tables whose truth is
//! known, over seeds: each estimate of ρ (the share of positives in U)
//! against the split's true share, the bootstrap spread the page shows
//! beside it and how often that spread covers the error. The default
//! estimator of CSV runs is the one this measures best
//! (`results/priors.md`, made by `scripts/results.sh priors`).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use policypu::concurrent::map_items;
use policypu::config::settings::{SEED, TEST_FRACTION, VALIDATION_FRACTION};
use policypu::priors::{DEFAULT_ESTIMATOR, PriorMethod, PuRows, bootstrap};

use crate::args::RunArgs;
use crate::native::DataCache;
use crate::output_paths::{Named, check_outputs, run_inputs};
use crate::sweep::mean_and_std;

/// Flags of `priors`.
#[derive(Args, Debug)]
pub struct PriorStudyArgs {
    /// Settings shared by every table (column names, test and validation shares).
    #[command(flatten)]
    pub run: RunArgs,
    /// The tables: CSV files with the columns named by --label-column and
    /// --truth-column.
    #[arg(long, value_delimiter = ',', required = true)]
    pub tables: Vec<PathBuf>,
    /// Seeds: 1..=N (each draws another test and validation hold-out).
    #[arg(long, default_value_t = 5, value_parser = crate::args::seed_count)]
    pub seeds: u64,
    /// Also write the tables to this markdown file, headed by the command and commit.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// One estimator's estimate on one seed of one table.
#[derive(Clone, Copy)]
struct Estimate {
    truth: f64,
    rho: f64,
    spread: f64,
    seconds: f64,
}

impl Estimate {
    fn error(&self) -> f64 {
        self.rho - self.truth
    }
}

/// The first flag given that the study has no use for: those of one run's
/// data, learner and training. It reads the tables' columns and the test
/// and validation shares.
fn unused_flag(run: &RunArgs) -> Option<String> {
    let named = [
        ("--csv (name the files with --tables)", run.csv.is_some()),
        ("--paper", run.paper),
        ("--dataset", run.dataset.is_some()),
        ("--positive", run.positive.is_some()),
        ("--learner", run.learner.is_some()),
        ("--variant", run.variant.is_some()),
        ("--freeze-policy", run.freeze_policy),
        ("--model", run.model.is_some()),
        ("--select-by", run.select_by.is_some()),
        ("--no-refit", run.no_refit),
        ("--backend", run.backend.is_some()),
        ("--data-dir", run.data_dir.is_some()),
    ]
    .into_iter()
    .find_map(|(flag, given)| given.then(|| flag.to_string()));
    named.or_else(|| {
        if run.settings.value(&SEED).is_some() {
            return Some("--seed (the study's splits are seeds 1 to --seeds)".to_string());
        }
        run.settings
            .given
            .iter()
            .find(|(setting, _)| {
                ![TEST_FRACTION.path, VALIDATION_FRACTION.path].contains(&setting.path)
            })
            .map(|(setting, _)| format!("--{}", setting.flag))
    })
}

/// Run every estimator on every table and seed; print the tables.
pub fn prior_study(args: &PriorStudyArgs) -> Result<(), String> {
    if let Some(flag) = unused_flag(&args.run) {
        return Err(format!(
            "priors estimates the class prior of each file of --tables and trains nothing, so \
             {flag} does not apply: remove it"
        ));
    }
    let tables = args.tables.iter().map(|path| Named {
        flag: "--tables",
        path,
    });
    check_outputs(
        Named::given("--out", args.out.as_deref()),
        run_inputs(&args.run).chain(tables),
    )?;
    if let Some(config) = &args.run.config {
        eprintln!(
            "note: priors reads the column roles, missing-values choice and test and \
             validation shares of {}; its learner and training settings are not used.",
            config.display()
        );
    }
    let mut cache = DataCache::new(None);
    let mut text = crate::provenance::provenance();
    text += "\nρ is the share of positives among the unlabeled training rows; each \
             estimator sees the training rows of the split (the test and validation \
             rows held out), as a run does. An estimate is its mean ± std over the \
             seeds, and \"mean error\" the mean of the seeds' signed errors (errors of \
             opposite signs cancel in it, not in the mean absolute error below); the \"±\" \
             column is the mean bootstrap spread (one standard deviation of the estimate \
             over 10 resamples, the \"±\" a CSV run shows), and \"covered\" counts the \
             seeds whose error lies within it.\n\n";
    text += "| table | training rows | true ρ |";
    for method in PriorMethod::ALL {
        text += &format!(" {}: estimate | mean error | ± | covered |", method.name());
    }
    text += "\n|---|---|---|";
    text += &"---|---|---|---|".repeat(PriorMethod::ALL.len());
    text += "\n";
    // Per estimator, every table's mean absolute error, mean signed error,
    // seeds covered and seconds.
    let mut per_method: Vec<Vec<(f64, f64, usize, f64)>> = vec![Vec::new(); PriorMethod::ALL.len()];
    // The splits first (cheap, one at a time), then every (split, estimator)
    // estimate on a pool of one thread a core.
    let mut splits = Vec::new();
    for table in &args.tables {
        let table_args = RunArgs {
            csv: Some(table.clone()),
            ..args.run.clone()
        }
        .with_guessed_values();
        for seed in 1..=args.seeds {
            let mut config = table_args.to_config()?;
            config.seed = seed;
            let split = cache.split(&config, Some(table))?;
            let truth = split.prior.ok_or_else(|| {
                format!(
                    "{}: the study needs each row's true class to measure an estimate \
                     against, and no column of the file was taken as it: name the column that \
                     holds it with --truth-column, or add one",
                    table.display()
                )
            })?;
            let rows = PuRows::new(
                split.train_x.clone(),
                split.shape.len(),
                split.train_labeled.clone(),
            );
            splits.push((seed, truth, split.n_train(), rows));
        }
    }
    let jobs: Vec<(usize, PriorMethod)> = (0..splits.len())
        .flat_map(|s| PriorMethod::ALL.into_iter().map(move |m| (s, m)))
        .collect();
    let done = map_items(jobs, true, |(s, method)| {
        let (seed, truth, _, rows) = &splits[s];
        let started = Instant::now();
        let rho = method
            .estimate_afresh(rows, *seed)
            .map_err(|e| e.to_string())?
            .rho;
        let seconds = started.elapsed().as_secs_f64();
        let spread = bootstrap::spread(method, rows, *seed, bootstrap::BOOTSTRAP_SAMPLES)
            .map_err(|e| e.to_string())?;
        Ok::<_, String>(Estimate {
            truth: *truth,
            rho,
            spread,
            seconds,
        })
    });
    let runs = done.len();
    let mut done = done.into_iter();
    for (t, table) in args.tables.iter().enumerate() {
        let name = table.file_stem().map_or_else(
            || table.display().to_string(),
            |s| s.to_string_lossy().to_string(),
        );
        let mut estimates: Vec<Vec<Estimate>> = vec![Vec::new(); PriorMethod::ALL.len()];
        let rows_line = splits[t * args.seeds as usize].2.to_string();
        for _ in 1..=args.seeds {
            for seeds in estimates.iter_mut() {
                seeds.push(done.next().ok_or("a prior estimate went missing")??);
            }
        }
        let truths: Vec<f64> = estimates[0].iter().map(|e| e.truth).collect();
        text += &format!("| {name} | {rows_line} | {:.3} |", mean_and_std(&truths).0);
        for (i, seeds) in estimates.iter().enumerate() {
            let rho = mean_and_std(&seeds.iter().map(|e| e.rho).collect::<Vec<_>>());
            let errors: Vec<f64> = seeds.iter().map(Estimate::error).collect();
            let abs = errors.iter().map(|e| e.abs()).sum::<f64>() / errors.len() as f64;
            let bias = mean_and_std(&errors).0;
            let spread = mean_and_std(&seeds.iter().map(|e| e.spread).collect::<Vec<_>>()).0;
            let covered = seeds.iter().filter(|e| e.error().abs() <= e.spread).count();
            let seconds = seeds.iter().map(|e| e.seconds).sum::<f64>() / seeds.len() as f64;
            text += &format!(
                " {:.3} ± {:.3} | {bias:+.3} | {spread:.3} | {covered}/{} |",
                rho.0,
                rho.1,
                seeds.len()
            );
            per_method[i].push((abs, bias, covered, seconds));
        }
        text += "\n";
    }
    text += &format!(
        "\nOver the {} tables (each table's mean over {} seeds, then the mean over tables; \
         an absolute error is each seed's, before the mean):\n\n",
        args.tables.len(),
        args.seeds
    );
    text += "| estimator | mean absolute error | mean signed error | worst table's mean absolute error | seeds covered by ± | seconds per estimate |\n|---|---|---|---|---|---|\n";
    for (i, method) in PriorMethod::ALL.into_iter().enumerate() {
        let tables = &per_method[i];
        let n = tables.len().max(1) as f64;
        let mae = tables.iter().map(|t| t.0).sum::<f64>() / n;
        let bias = tables.iter().map(|t| t.1).sum::<f64>() / n;
        let worst = tables.iter().map(|t| t.0).fold(0.0, f64::max);
        let covered: usize = tables.iter().map(|t| t.2).sum();
        let seconds = tables.iter().map(|t| t.3).sum::<f64>() / n;
        let default = if method == DEFAULT_ESTIMATOR {
            " (the default)"
        } else {
            ""
        };
        text += &format!(
            "| {}{default} | {mae:.3} | {bias:+.3} | {worst:.3} | {covered}/{} | {seconds:.2} |\n",
            method.name(),
            tables.len() as u64 * args.seeds
        );
    }
    println!("{text}");
    eprintln!("priors: {runs} estimates");
    if let Some(path) = &args.out {
        std::fs::write(path, &text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

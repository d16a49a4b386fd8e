//! `policypu sweep`: the paper's grid of n_l × ρ for several learners and
//! seeds, printed as tables in the paper's layout (mean ± std over seeds),
//! with the priors the estimators found. A CSV file has no grid: its table
//! has one column group, and seeds vary the held-out rows and the weights.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use burn::tensor::Device;
use clap::Args;
use indicatif::{MultiProgress, ProgressBar, ProgressStyle};
use policypu::auto_learner::candidate_configs;
use policypu::concurrent::{map_items, spare_thread};
use policypu::config::learner::TruthNeed;
use policypu::config::{DataConfig, Learner, RunConfig};
use policypu::learn::Trainer;
use policypu::plan::RunPlan;
use policypu::report::{PriorUsed, PuMetrics, RunResult, TestMetrics};
use policypu::split::PuSplit;
use policypu::user_text::{capitalised, counted, listed};

use crate::args::RunArgs;
use crate::cross_fit::folds_dealt;
use crate::learner_spec::LearnerSpec;
use crate::native::{DataCache, device_for};
use crate::output_paths::{Named, check_outputs, run_inputs};
use crate::progress::{Verbosity, train};
use crate::row_scores::RowScores;
use crate::seeds::Seeds;
use policypu::config::settings::{N_LABELED, PRIOR, RHO};

/// The rows of a sweep that names none: the paper's.
const DEFAULT_LEARNERS: &str =
    "biased-pu,tice,km2,rank-pruning,pmpu,separator,weighter,nnpu,oracle-pn";

/// Flags of `sweep`.
#[derive(Args, Clone, Debug)]
pub struct SweepArgs {
    /// Base settings shared by every run of the grid.
    #[command(flatten)]
    pub run: RunArgs,
    /// The `--learners` list, if given.
    #[arg(long = "learners", value_name = "LEARNERS", value_delimiter = ',', help = format!(
        "Learners to compare (table rows), with policyPU modifiers (e.g. weighter/frozen) \
         [default: {DEFAULT_LEARNERS}, less those that need a truth column a CSV file lacks]"
    ))]
    pub given_learners: Option<Vec<LearnerSpec>>,
    /// The rows the sweep trains: `given_learners`, or the default ones the
    /// data can train ([`learner_rows`]).
    #[arg(skip)]
    pub learners: Vec<LearnerSpec>,
    /// How many seeds, from --first-seed on (the paper averages 5 runs).
    #[arg(long, default_value_t = 5, value_parser = crate::args::seed_count)]
    pub seeds: u64,
    /// The first seed: a check on fresh draws starts past the seeds a
    /// result already used (say 11 after a study of seeds 1 to 10).
    #[arg(long, default_value_t = 1, value_parser = crate::seeds::first_seed)]
    pub first_seed: u64,
    /// n_l values (one table each), each within --n-labeled's bounds
    /// (default: 300,500,1000; built-in data only).
    #[arg(long, value_delimiter = ',',
          value_parser = |text: &str| N_LABELED.parse_given(text).map(|n| n as usize))]
    pub grid_n_labeled: Option<Vec<usize>>,
    /// ρ values (column groups), each within --rho's bounds (default:
    /// 0.3,0.5,0.7; built-in data only).
    #[arg(long, value_delimiter = ',', value_parser = |text: &str| RHO.parse_given(text))]
    pub grid_rho: Option<Vec<f64>>,
    /// Also write the tables to this markdown file, headed by the command and commit.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Which epoch's test metrics a table shows.
    #[arg(long, value_enum, default_value_t = Reported::Selected)]
    pub report: Reported,
    /// Analysis: after the tables, compare the epochs each PU-only
    /// criterion would keep with the last epoch and the test-set oracle,
    /// on the test set, averaged over the grid.
    #[arg(long)]
    pub selection_study: bool,
    /// Run only part I of N of the grid (I/N, e.g. 3/16) and write its runs
    /// as JSON to --out, for `--merge` to tabulate: a grid spread over N
    /// machines by a job scheduler.
    #[arg(long)]
    pub shard: Option<crate::shard::Shard>,
    /// Make the tables from these shard files (comma-separated) instead of
    /// training; give the same grid flags the shards had.
    #[arg(long, value_delimiter = ',', conflicts_with = "shard")]
    pub merge: Vec<PathBuf>,
    /// Development studies: also write each trained run's kept-epoch
    /// probabilities (test and validation rows) and auto's rankings to this
    /// JSON-lines file.
    #[arg(long, conflicts_with = "merge")]
    pub row_scores: Option<PathBuf>,
    /// Development studies, CSV data: deal the training rows into folds of
    /// the validation share's size and validate on this one (from 0), so
    /// that runs of every fold cross-fit a choice.
    #[arg(long)]
    pub validation_fold: Option<usize>,
}

/// Which epoch's test metrics a sweep reports.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reported {
    /// The epoch each run kept, chosen on its PU validation split by
    /// --select-by; the last epoch's table follows.
    Selected,
    /// The last training epoch's: nothing is selected.
    LastEpoch,
    /// Analysis only: each metric's best value at any epoch, pre-training
    /// included, as read on the test set. No rule that selects an epoch can
    /// do better, so it bounds what epoch selection could buy.
    TestOracle,
}

impl SweepArgs {
    /// The seeds every grid point runs: `--seeds` of them from `--first-seed`.
    pub fn seed_list(&self) -> Seeds {
        Seeds {
            first: self.first_seed,
            count: self.seeds,
        }
    }
}

/// What every seed of one cell (learner, n_l, ρ) gave.
#[derive(Default)]
pub struct Cell {
    /// The runs that finished, in seed order.
    pub results: Vec<RunResult>,
    /// The seeds that failed, and why.
    pub failures: Vec<String>,
    /// For `auto`: each finished seed's candidate runs, in candidate order.
    pub candidates: Vec<Vec<RunResult>>,
}

/// Runs already trained in this sweep, by their settings: `auto` and a row
/// of the same learner share one run of each candidate. A run that could
/// not train keeps why, so it is not tried again.
#[derive(Default)]
struct Trained(HashMap<String, Result<RunResult, String>>);

/// A run's key among the trained: its settings.
fn run_key(config: &RunConfig) -> Result<String, String> {
    serde_json::to_string(config).map_err(|e| e.to_string())
}

/// What draws a run's split: its data, split settings and seed.
fn split_key(config: &RunConfig) -> Option<String> {
    serde_json::to_string(&(&config.data, &config.split, config.seed)).ok()
}

impl Trained {
    /// The run of `config`, trained now unless it was already.
    fn get_or_train(
        &mut self,
        config: &RunConfig,
        split: &PuSplit,
        on: &OnDevice,
        row_scores: &mut Option<RowScores>,
    ) -> Result<RunResult, String> {
        let key = run_key(config)?;
        if let Some(result) = self.0.get(&key) {
            return result.clone();
        }
        let plan = RunPlan::new(config, split).map_err(|e| e.to_string())?;
        let (result, trainer) = on.train(&plan, split)?;
        if let Some(rows) = row_scores {
            rows.run(config, &trainer)?;
        }
        let result = crate::auto::with_test_scores(result, &trainer);
        self.0.insert(key, Ok(result.clone()));
        Ok(result)
    }

    /// Train side by side, one a thread, the runs one split's `rows` need
    /// (each row's settings, or why it has none: the row's own run, or
    /// auto's candidates) and have not trained yet, so that
    /// [`Trained::get_or_train`] then finds each. The split is the first
    /// row's; a row whose settings draw another trains later, on its own.
    /// The plans are made first, one after the other, so that the runs
    /// needing a class prior share one estimate.
    fn train_side_by_side(
        &mut self,
        rows: &[Result<RunConfig, String>],
        cache: &mut DataCache,
        csv: Option<&Path>,
        on: &OnDevice,
    ) {
        let Some(first) = rows.iter().flatten().next() else {
            return;
        };
        let Ok(split) = cache.split(first, csv) else {
            return;
        };
        let runs = rows.iter().flatten().flat_map(|config| {
            if config.learner.is_auto() {
                candidate_configs(config)
            } else {
                vec![config.clone()]
            }
        });
        let mut jobs = Vec::new();
        for config in runs.filter(|c| split_key(c) == split_key(first)) {
            let Ok(key) = run_key(&config) else { continue };
            if self.0.contains_key(&key) || jobs.iter().any(|(k, _)| *k == key) {
                continue;
            }
            jobs.push((
                key,
                RunPlan::new(&config, &split).map_err(|e| e.to_string()),
            ));
        }
        let trained = map_items(jobs, true, |(key, plan)| {
            let result = plan.and_then(|plan| on.train(&plan, &split));
            (
                key,
                result.map(|(result, trainer)| crate::auto::with_test_scores(result, &trainer)),
            )
        });
        self.0.extend(trained);
    }
}

/// Where a sweep's runs train, and the bars that show them.
struct OnDevice<'a> {
    device: &'a Device,
    device_name: &'a str,
    bars: &'a MultiProgress,
}

impl OnDevice<'_> {
    /// Train `plan` on `split`, its bar among the sweep's.
    fn train(&self, plan: &RunPlan, split: &PuSplit) -> Result<(RunResult, Trainer), String> {
        train(
            plan,
            split,
            self.device,
            self.device_name,
            Verbosity::Bar,
            Some(self.bars),
        )
    }
}

/// One column group: a grid point, or the CSV file's own split.
#[derive(Clone, Copy)]
struct Column {
    rho: Option<f64>,
}

/// Run the grid and print the tables.
pub fn sweep(args: &SweepArgs) -> Result<(), String> {
    let csv = args.run.csv.is_some();
    let settings = &args.run.settings;
    for (setting, grid) in [(&N_LABELED, "--grid-n-labeled"), (&RHO, "--grid-rho")] {
        if !csv && settings.value(setting).is_some() {
            return Err(format!(
                "a sweep's {} values are its grid's: give them with {grid}",
                setting.flag
            ));
        }
    }
    let grid_flags = [
        ("--grid-n-labeled", args.grid_n_labeled.is_some()),
        ("--grid-rho", args.grid_rho.is_some()),
    ];
    if let Some((flag, _)) = grid_flags.iter().find(|(_, given)| csv && *given) {
        return Err(format!(
            "{flag} sets the built-in image data's grid, and a CSV file is already PU: its \
             sweep runs the file's one split per learner. Remove it."
        ));
    }
    if let Some(fold) = args.validation_fold {
        check_fold(fold, csv, args.run.to_config()?.split.validation_fraction)?;
    }
    if args.run.learner.is_some() {
        return Err(
            "a sweep trains the learners of --learners; --learner names one run's: list them with --learners"
                .into(),
        );
    }
    let written = [
        Named::given("--out", args.out.as_deref()),
        Named::given("--row-scores", args.row_scores.as_deref()),
    ];
    let merged = args.merge.iter().map(|path| Named {
        flag: "--merge",
        path,
    });
    check_outputs(
        written.into_iter().flatten(),
        run_inputs(&args.run).chain(merged),
    )?;
    let args = &SweepArgs {
        learners: learner_rows(args)?,
        ..args.clone()
    };
    let mut cache = DataCache::new(args.run.data_dir.as_deref());
    let (device, device_name) = device_for(args.run.to_config()?.backend)?;
    let tables: Vec<Option<usize>> = if csv {
        vec![None]
    } else {
        let n_labeled = args.grid_n_labeled.as_deref().unwrap_or(&[300, 500, 1000]);
        n_labeled.iter().map(|&n| Some(n)).collect()
    };
    let columns: Vec<Column> = if csv {
        vec![Column { rho: None }]
    } else {
        let rhos = args.grid_rho.as_deref().unwrap_or(&[0.3, 0.5, 0.7]);
        rhos.iter().map(|&r| Column { rho: Some(r) }).collect()
    };
    // Every cell's settings, and the split each grid point draws, are
    // checked before any run trains (a seed changes neither's bounds).
    for &n_labeled in &tables {
        for column in &columns {
            let configs = args
                .learners
                .iter()
                .map(|spec| cell_config(args, spec, n_labeled, column.rho, 1))
                .collect::<Result<Vec<_>, _>>()?;
            if let (Some(config), true) = (configs.first(), args.merge.is_empty()) {
                cache
                    .split(config, args.run.csv.as_deref())
                    .map_err(|e| format!("at {}: {e}", heading(n_labeled, column)))?;
            }
        }
    }
    let labels: Vec<String> = args.learners.iter().map(|l| l.label()).collect();
    let rhos: Vec<Option<f64>> = columns.iter().map(|c| c.rho).collect();
    let grid_key = crate::shard::grid_key(&labels, &tables, &rhos, args.seed_list());
    let runs = tables.len() * columns.len() * args.learners.len() * args.seeds as usize;
    let head = crate::provenance::provenance();
    let (placed, timing) = if args.merge.is_empty() {
        let started = std::time::Instant::now();
        let placed = train_units(args, &tables, &columns, &mut cache, &device, &device_name)?;
        let minutes = started.elapsed().as_secs_f64() / 60.0;
        let trained = placed.len();
        if let Some(shard) = args.shard {
            let path = args
                .out
                .as_ref()
                .ok_or("--shard writes its runs to the file --out names")?;
            let file = crate::shard::ShardFile {
                grid: grid_key,
                shard: format!("{}/{}", shard.index, shard.count),
                provenance: head,
                device: device_name.clone(),
                minutes,
                runs: placed,
            };
            crate::shard::write(path, &file)?;
            eprintln!(
                "shard {}: {} in {minutes:.1} min, written to {}",
                file.shard,
                counted(trained, "run"),
                path.display()
            );
            return Ok(());
        }
        (
            placed,
            format!(
                "sweep of {} finished in {minutes:.1} min on {device_name}",
                counted(runs, "run")
            ),
        )
    } else {
        let size = crate::shard::GridSize {
            tables: tables.len(),
            columns: columns.len(),
            rows: args.learners.len(),
            seeds: args.seed_list(),
        };
        let files = crate::shard::load(&args.merge, &grid_key, size)?;
        let longest = files.iter().map(|f| f.minutes).fold(0.0, f64::max);
        let total: f64 = files.iter().map(|f| f.minutes).sum();
        let timing = format!(
            "sweep of {} merged from {} (on {}; {total:.1} min of shard time, the longest shard {longest:.1} min); the shards ran {}",
            counted(runs, "run"),
            counted(files.len(), "shard"),
            files.first().map_or("?", |f| f.device.as_str()),
            files.first().map_or(String::new(), |f| f
                .provenance
                .replace('\n', " ")
                .trim()
                .to_string())
        );
        let mut placed: Vec<crate::shard::Placed> =
            files.into_iter().flat_map(|f| f.runs).collect();
        choose_auto_again(&mut placed, args, &tables, &columns)?;
        (placed, timing)
    };
    let mut outcomes: HashMap<(usize, usize, u64, usize), crate::shard::Outcome> = placed
        .into_iter()
        .map(|p| ((p.table, p.column, p.seed, p.row), p.outcome))
        .collect();
    let mut markdown = String::new();
    let mut grid = Vec::new();
    for (t, &n_labeled) in tables.iter().enumerate() {
        let mut rows: Vec<(&LearnerSpec, Vec<Cell>)> = Vec::new();
        for (r, spec) in args.learners.iter().enumerate() {
            let mut cells = Vec::new();
            for c in 0..columns.len() {
                let mut cell = Cell::default();
                for seed in args.seed_list().range() {
                    match outcomes.remove(&(t, c, seed, r)) {
                        Some(Ok((result, mut candidates))) => {
                            cell.results.push(result);
                            // auto's runs are its candidates, then its refits.
                            candidates.truncate(Learner::Auto.spec().candidates.len());
                            if !candidates.is_empty() {
                                cell.candidates.push(candidates);
                            }
                        }
                        Some(Err(e)) => cell.failures.push(format!("seed {seed}: {e}")),
                        None => cell.failures.push(format!("seed {seed}: no shard ran it")),
                    }
                }
                cells.push(cell);
            }
            rows.push((spec, cells));
        }
        let title = match n_labeled {
            Some(n) => format!("n_l = {n}"),
            None => args
                .run
                .csv_file_name()
                .unwrap_or_else(|| "the CSV file".to_string()),
        };
        // Without validation rows in any run the selected table would repeat
        // the last epoch's under a heading that says a split chose it.
        let reported = if args.report == Reported::Selected && all_kept_their_last(&rows) {
            Reported::LastEpoch
        } else {
            args.report
        };
        let mut table = format_table(&title, &columns, &rows, args.seed_list(), reported);
        if reported == Reported::Selected {
            table += "\n";
            table += &format_table(
                &title,
                &columns,
                &rows,
                args.seed_list(),
                Reported::LastEpoch,
            );
        } else if reported != args.report {
            table += "\nNo run had PU validation rows to choose an epoch by (a validation \
                      fraction of 0, or too few labeled rows to set any aside), so each \
                      kept its last epoch.\n";
        }
        table += &format_notes(n_labeled, &columns, &rows);
        for (spec, cells) in &rows {
            if spec.learner.is_auto() {
                let headings: Vec<String> = columns.iter().map(|c| heading(n_labeled, c)).collect();
                table += &crate::auto_study::table(&headings, cells, args.run.to_config()?.model);
            }
        }
        println!("{table}");
        markdown += &table;
        markdown.push('\n');
        grid.push(rows);
    }
    if args.selection_study {
        let study = crate::selection_study::table(&grid, args.seed_list());
        println!("{study}");
        markdown += &study;
    }
    eprintln!("{timing}");
    if let Some(path) = &args.out {
        let text = format!("{head}\n{markdown}\n{timing}.\n");
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let failed: usize = grid
        .iter()
        .flatten()
        .flat_map(|(_, cells)| cells)
        .map(|cell| cell.failures.len())
        .sum();
    match failed {
        0 => Ok(()),
        1 if runs == 1 => {
            Err("the sweep's one run failed; the note under the table says why".into())
        }
        all if all == runs => Err(format!(
            "all {runs} runs failed; the notes under the tables say why"
        )),
        some => Err(format!(
            "{some} of {runs} runs failed: the tables average the seeds that ran and \
             say how many, and the notes under them say why the others failed"
        )),
    }
}

/// The learners a sweep trains: those `--learners` names, refused before
/// any run where one needs a truth column the CSV file lacks; without it,
/// [`DEFAULT_LEARNERS`], less those, with a note. Whether the file has a
/// truth column is the settings' choice, so a merge reads no file.
fn learner_rows(args: &SweepArgs) -> Result<Vec<LearnerSpec>, String> {
    let rows = match &args.given_learners {
        Some(given) => given.clone(),
        None => DEFAULT_LEARNERS
            .split(',')
            .map(str::parse)
            .collect::<Result<Vec<LearnerSpec>, _>>()?,
    };
    let config = args.run.to_config()?;
    let truth_named = match &config.data {
        DataConfig::Csv { columns } => columns.truth.is_some(),
        DataConfig::Builtin { .. } => true,
    };
    if truth_named {
        return Ok(rows);
    }
    let prior_given = config.nnpu.prior.is_some();
    let need = |spec: &LearnerSpec| spec.learner.truth_need(prior_given);
    let (trainable, lacking): (Vec<LearnerSpec>, Vec<LearnerSpec>) =
        rows.into_iter().partition(|spec| need(spec).is_none());
    if lacking.is_empty() {
        return Ok(trainable);
    }
    let reasons: Vec<String> = lacking
        .iter()
        .map(|spec| match need(spec) {
            Some(TruthNeed::Labels) => format!("{} trains on the true labels", spec.label()),
            _ => format!(
                "{} trains with the true class prior unless --{} gives one",
                spec.label(),
                PRIOR.flag
            ),
        })
        .collect();
    let file = args.run.csv_file_name().unwrap_or_default();
    let names: Vec<String> = lacking.iter().map(LearnerSpec::label).collect();
    let why = format!("{file} has no truth column, and {}", listed(&reasons));
    if args.given_learners.is_some() {
        let them = if lacking.len() == 1 { "it" } else { "them" };
        return Err(format!(
            "{why}: name the truth column with --truth-column, or leave {them} out of --learners."
        ));
    }
    eprintln!(
        "note: the sweep leaves out {}: {why}. Name the truth column with --truth-column to \
         compare them.",
        listed(&names)
    );
    Ok(trainable)
}

/// Train every unit of the grid this process owns (all, without --shard):
/// each split (n_l, ρ, seed) with every learner row on it, in the grid's order.
fn train_units(
    args: &SweepArgs,
    tables: &[Option<usize>],
    columns: &[Column],
    cache: &mut DataCache,
    device: &Device,
    device_name: &str,
) -> Result<Vec<crate::shard::Placed>, String> {
    let units: Vec<(usize, usize, u64)> = (0..tables.len())
        .flat_map(|t| {
            (0..columns.len()).flat_map(move |c| args.seed_list().range().map(move |s| (t, c, s)))
        })
        .enumerate()
        .filter(|(unit, _)| args.shard.is_none_or(|shard| shard.owns(*unit)))
        .map(|(_, u)| u)
        .collect();
    let runs = units.len() * args.learners.len();
    eprintln!("sweep: {} on {device_name}", counted(runs, "run"));
    let bars = MultiProgress::new();
    let bar = bars.add(ProgressBar::new(runs as u64));
    bar.set_style(
        ProgressStyle::with_template(
            "{msg:40} [{bar:30}] {pos}/{len} runs, {elapsed} elapsed, {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let on = OnDevice {
        device,
        device_name,
        bars: &bars,
    };
    let mut placed = Vec::with_capacity(runs);
    let mut row_scores = args
        .row_scores
        .as_deref()
        .map(RowScores::create)
        .transpose()?;
    // Side by side where threads are spare; row scores are written in the
    // order the runs train one after another.
    let side_by_side = spare_thread(device) && row_scores.is_none();
    for (table, column, seed) in units {
        // Runs are shared within a split only (auto's candidates and the rows).
        let mut trained = Trained::default();
        let configs: Vec<Result<RunConfig, String>> = args
            .learners
            .iter()
            .map(|spec| cell_config(args, spec, tables[table], columns[column].rho, seed))
            .collect();
        if side_by_side {
            trained.train_side_by_side(&configs, cache, args.run.csv.as_deref(), &on);
        }
        for ((row, spec), config) in args.learners.iter().enumerate().zip(configs) {
            bar.set_message(format!(
                "{} {} seed {seed}",
                heading(tables[table], &columns[column]),
                spec.label()
            ));
            let outcome = config.and_then(|config| {
                let split = cache.split(&config, args.run.csv.as_deref())?;
                if !config.learner.is_auto() {
                    let result = trained.get_or_train(&config, &split, &on, &mut row_scores)?;
                    return Ok((result, Vec::new()));
                }
                let mut runs = candidate_configs(&config)
                    .iter()
                    .map(|c| trained.get_or_train(c, &split, &on, &mut row_scores))
                    .collect::<Result<Vec<_>, String>>()?;
                // Its members trained again on the training and validation rows.
                let jobs = crate::auto::refit_jobs(&runs);
                if side_by_side {
                    let again: Vec<_> = jobs.iter().map(|(_, c)| Ok(c.clone())).collect();
                    trained.train_side_by_side(&again, cache, args.run.csv.as_deref(), &on);
                }
                let mut refitted = Vec::with_capacity(jobs.len());
                for (position, again) in jobs {
                    let all_rows = cache.split(&again, args.run.csv.as_deref())?;
                    // Row scores are the candidates' on their split: a
                    // refit has no validation rows, and would stand in.
                    let run = trained.get_or_train(&again, &all_rows, &on, &mut None)?;
                    refitted.push((position, run));
                }
                let (result, board) = crate::auto::averaged_run(&config, &runs, &refitted)?;
                if let Some(rows) = &mut row_scores {
                    rows.auto(&config, &board)?;
                }
                // Candidates first, then refits: a merge finds both.
                runs.extend(refitted.into_iter().map(|(_, run)| run));
                Ok((result, runs))
            });
            bar.inc(1);
            let outcome = outcome.map(|(result, candidates)| {
                let slim = crate::shard::slim;
                (slim(result), candidates.into_iter().map(slim).collect())
            });
            placed.push(crate::shard::Placed {
                table,
                column,
                seed,
                row,
                outcome,
            });
        }
    }
    bar.finish_and_clear();
    if let Some(rows) = row_scores {
        rows.finish()?;
    }
    Ok(placed)
}

/// A merge chooses auto's candidate again, with today's candidates and
/// ranking, from the runs its shards hold for the same split (auto's stored
/// candidates and the other rows), so a change to either needs no training
/// while every candidate's run is there.
fn choose_auto_again(
    placed: &mut [crate::shard::Placed],
    args: &SweepArgs,
    tables: &[Option<usize>],
    columns: &[Column],
) -> Result<(), String> {
    let mut runs: HashMap<(usize, usize, u64), Vec<RunResult>> = HashMap::new();
    for p in placed.iter() {
        if let Ok((result, candidates)) = &p.outcome {
            let split = runs.entry((p.table, p.column, p.seed)).or_default();
            split.push(result.clone());
            split.extend(candidates.iter().cloned());
        }
    }
    for p in placed.iter_mut() {
        let spec = &args.learners[p.row];
        if spec.learner.is_auto() && p.outcome.is_ok() {
            let config = cell_config(args, spec, tables[p.table], columns[p.column].rho, p.seed)?;
            let split = &runs[&(p.table, p.column, p.seed)];
            p.outcome = crate::auto::choose_from_runs(&config, split);
        }
    }
    Ok(())
}

/// `--validation-fold FOLD`'s refusal, if any: folds are a CSV file's, and
/// a validation share `share` deals round(1 / share) of them.
fn check_fold(fold: usize, csv: bool, share: f64) -> Result<(), String> {
    let folds = folds_dealt(share);
    if !csv {
        Err("--validation-fold deals a CSV file's training rows: give --csv".into())
    } else if fold >= folds {
        Err(format!(
            "--validation-fold {fold}: a validation share of {share} deals {folds} folds, \
             numbered from 0"
        ))
    } else {
        Ok(())
    }
}

/// The settings of one run: the base (the paper's for this learner with
/// `--paper`), the learner spec, the grid point and the seed.
fn cell_config(
    args: &SweepArgs,
    spec: &LearnerSpec,
    n_labeled: Option<usize>,
    rho: Option<f64>,
    seed: u64,
) -> Result<RunConfig, String> {
    let per_learner = RunArgs {
        learner: Some(spec.clone()),
        ..args.run.clone()
    };
    let mut c = per_learner.to_config()?;
    if let Some(n) = n_labeled {
        c.split.n_labeled = n;
    }
    if let Some(r) = rho {
        c.split.rho = r;
    }
    c.seed = seed;
    c.split.validation_fold = args.validation_fold;
    let at = heading(n_labeled, &Column { rho });
    crate::args::checked(c, &format!(" of {} at {at}", spec.label()))
}

/// The test metrics a run contributes to its cell: for `auto`, its averaged
/// model's (which has no epochs of its own, so no test-set oracle).
pub fn reported_metrics(result: &RunResult, reported: Reported) -> TestMetrics {
    if let Some(averaged) = &result.averaged {
        return match reported {
            Reported::Selected => averaged.kept.clone(),
            Reported::LastEpoch => averaged.last.clone(),
            Reported::TestOracle => TestMetrics::default(),
        };
    }
    match reported {
        Reported::Selected => result.kept().map(|r| r.test.clone()).unwrap_or_default(),
        Reported::LastEpoch => result.last().map(|r| r.test.clone()).unwrap_or_default(),
        Reported::TestOracle => {
            let best = |pick: fn(&TestMetrics) -> Option<f64>| {
                result
                    .reports
                    .iter()
                    .filter_map(|r| pick(&r.test))
                    .reduce(f64::max)
            };
            TestMetrics {
                accuracy: best(|m| m.accuracy),
                roc_auc: best(|m| m.roc_auc),
                pr_auc: best(|m| m.pr_auc),
                pu: None,
            }
        }
    }
}

/// Whether the table has finished runs and none of them, `auto`'s
/// candidates included, was scored on PU validation rows: each then kept
/// its last epoch.
fn all_kept_their_last(rows: &[(&LearnerSpec, Vec<Cell>)]) -> bool {
    let mut runs = rows
        .iter()
        .flat_map(|(_, cells)| cells)
        .flat_map(|cell| cell.results.iter().chain(cell.candidates.iter().flatten()))
        .peekable();
    runs.peek().is_some()
        && runs.all(|run| run.reports.iter().all(|report| report.validation.is_none()))
}

fn heading(n_labeled: Option<usize>, column: &Column) -> String {
    match (n_labeled, column.rho) {
        (Some(n), Some(r)) => format!("n_l={n} ρ={r}"),
        _ => "CSV".to_string(),
    }
}

/// One markdown table: rows are learners, column groups are ρ values with
/// ROC-AUC, accuracy and PR-AUC, as in the paper's Tables II–VII; then the
/// priors the estimators found, and the runs that failed. The title says
/// when the metrics are the test-set oracle's; `title` names the grid's
/// n_l or the CSV file.
fn format_table(
    title: &str,
    columns: &[Column],
    rows: &[(&LearnerSpec, Vec<Cell>)],
    seeds: Seeds,
    reported: Reported,
) -> String {
    let which = match reported {
        Reported::Selected => {
            "; each run at the epoch its PU validation split chose, with no negative seen"
        }
        Reported::LastEpoch => "; each run at its last epoch",
        Reported::TestOracle => {
            "; each metric at its best epoch on the test set, a bound for epoch selection, not a result"
        }
    };
    // Without a truth column the test set holds labeled positives alone:
    // its accuracy is the recall on them, and no AUC exists.
    let metrics: Vec<TestMetrics> = rows
        .iter()
        .flat_map(|(_, cells)| cells)
        .flat_map(|cell| &cell.results)
        .map(|result| reported_metrics(result, reported))
        .collect();
    let recall_only =
        metrics.iter().any(|m| m.accuracy.is_some()) && metrics.iter().all(|m| m.roc_auc.is_none());
    let accuracy = if recall_only {
        capitalised(PuMetrics::RECALL_NAME)
    } else {
        "Acc".to_string()
    };
    let mut t = format!("### {title} (mean ± std over {seeds}{which})\n\n| Model |");
    for column in columns {
        let at = column.rho.map(|r| format!(" ρ={r}")).unwrap_or_default();
        t += &format!(" ROC-AUC{at} | {accuracy}{at} | PR-AUC{at} |");
    }
    t += "\n|---|";
    t += &"---|".repeat(3 * columns.len());
    t.push('\n');
    for (spec, cells) in rows {
        t += &format!("| {} |", spec.label());
        for cell in cells {
            let metrics: [fn(&TestMetrics) -> Option<f64>; 3] =
                [|m| m.roc_auc, |m| m.accuracy, |m| m.pr_auc];
            for pick in metrics {
                t += &format!(" {} |", summary(cell, reported, pick));
            }
        }
        t.push('\n');
    }
    t
}

/// Under a table set: the priors the estimators found, and the runs that failed.
fn format_notes(
    n_labeled: Option<usize>,
    columns: &[Column],
    rows: &[(&LearnerSpec, Vec<Cell>)],
) -> String {
    let mut t = String::new();
    let mut notes = Vec::new();
    let mut priors = Vec::new();
    for (spec, cells) in rows {
        for (cell, column) in cells.iter().zip(columns) {
            for failure in &cell.failures {
                notes.push(format!(
                    "{} at {}: {failure}",
                    spec.label(),
                    heading(n_labeled, column)
                ));
            }
        }
        // Learners that use no prior also report TIcE's on a CSV; the table is about the ones that use it.
        if spec.learner.uses_prior()
            && cells.iter().any(|c| {
                c.results
                    .first()
                    .and_then(|r| r.prior.as_ref())
                    .is_some_and(|p| p.source != policypu::report::PriorSource::Truth)
            })
        {
            priors.push((
                spec.label(),
                cells.iter().map(prior_summary).collect::<Vec<_>>(),
            ));
        }
    }
    if !priors.is_empty() {
        let truth_known = rows.iter().flat_map(|(_, cells)| cells).any(|cell| {
            cell.results
                .iter()
                .any(|r| r.prior.as_ref().is_some_and(|p| p.error().is_some()))
        });
        let error = match truth_known {
            true => "; in brackets, the error against the split's true share of positives in U, ρ",
            false => "; no truth column to measure its error against",
        };
        t += &format!("\nClass prior π used (mean ± std over seeds{error}):\n\n| Model |");
        for column in columns {
            t += &format!(
                " {} |",
                column
                    .rho
                    .map_or("π used".to_string(), |r| format!("true ρ = {r}"))
            );
        }
        t += "\n|---|";
        t += &"---|".repeat(columns.len());
        t.push('\n');
        for (label, summaries) in priors {
            t += &format!("| {label} | {} |\n", summaries.join(" | "));
        }
    }
    for note in notes {
        t += &format!("\nfailed: {note}\n");
    }
    t
}

/// "0.912 ± 0.004" (population std) over the seeds that ran; "failed" when
/// none did; a count when only some did.
fn summary(cell: &Cell, reported: Reported, pick: fn(&TestMetrics) -> Option<f64>) -> String {
    let values: Vec<f64> = cell
        .results
        .iter()
        .filter_map(|r| pick(&reported_metrics(r, reported)))
        .collect();
    if values.is_empty() {
        return if cell.failures.is_empty() {
            "n/a".into()
        } else {
            "failed".into()
        };
    }
    let text = mean_std(&values);
    if cell.failures.is_empty() {
        text
    } else {
        format!(
            "{text} ({} of {} seeds)",
            values.len(),
            values.len() + cell.failures.len()
        )
    }
}

fn prior_summary(cell: &Cell) -> String {
    let priors: Vec<&PriorUsed> = cell
        .results
        .iter()
        .filter_map(|r| r.prior.as_ref())
        .collect();
    let rhos: Vec<f64> = priors.iter().map(|p| p.rho).collect();
    let errors: Vec<f64> = priors.iter().filter_map(|p| p.error()).collect();
    if rhos.is_empty() {
        return "n/a".into();
    }
    let mean_error = errors.iter().sum::<f64>() / errors.len().max(1) as f64;
    if errors.is_empty() {
        mean_std(&rhos)
    } else {
        format!("{} ({mean_error:+.3})", mean_std(&rhos))
    }
}

/// The mean and the population standard deviation (over n, not n − 1):
/// the "mean ± std over seeds" of every table the CLI writes.
pub fn mean_and_std(values: &[f64]) -> (f64, f64) {
    let n = values.len().max(1) as f64;
    let mean = values.iter().sum::<f64>() / n;
    let std = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt();
    (mean, std)
}

/// "mean ± std" ([`mean_and_std`]) to three decimals.
pub fn mean_std(values: &[f64]) -> String {
    let (mean, std) = mean_and_std(values);
    format!("{mean:.3} ± {std:.3}")
}

#[cfg(test)]
pub(crate) mod tests {
    use clap::Parser;
    use policypu::config::Stage;
    use policypu::config::{Learner, PolicyVariant};
    use policypu::report::EpochReport;

    use super::*;

    #[derive(Parser)]
    struct Command {
        #[command(flatten)]
        sweep: SweepArgs,
    }

    fn parse(args: &[&str]) -> SweepArgs {
        Command::parse_from(std::iter::once("sweep").chain(args.iter().copied())).sweep
    }

    #[test]
    fn a_validation_fold_is_a_csv_files_and_within_the_shares_folds() {
        assert_eq!(check_fold(4, true, 0.2), Ok(()));
        assert_eq!(
            check_fold(5, true, 0.2).unwrap_err(),
            "--validation-fold 5: a validation share of 0.2 deals 5 folds, numbered from 0"
        );
        assert!(check_fold(0, true, 0.0).is_err());
        assert!(
            check_fold(0, false, 0.2)
                .unwrap_err()
                .contains("give --csv")
        );
        let args = parse(&["--csv", "t.csv", "--validation-fold", "3"]);
        let spec = "km2".parse().unwrap();
        let config = cell_config(&args, &spec, None, None, 2).unwrap();
        assert_eq!(config.split.validation_fold, Some(3));
    }

    #[test]
    fn paper_settings_are_the_learners_own() {
        let args = parse(&["--paper", "--learners", "weighter,separator"]);
        let cell = |spec| cell_config(&args, spec, Some(300), Some(0.3), 1).unwrap();
        let [weighter, separator] = [0, 1].map(|i| cell(&args.given_learners.as_ref().unwrap()[i]));
        assert_eq!(
            (weighter.learner, weighter.policy.weight_decay),
            (Learner::Weighter, 2.0)
        );
        assert_eq!(
            (separator.learner, separator.policy.weight_decay),
            (Learner::Separator, 0.5)
        );
        assert_eq!(separator.policy.variant(), PolicyVariant::Paper);
    }

    #[test]
    fn grid_points_and_seeds_reach_the_config() {
        let args = parse(&["--learners", "weighter/frozen", "--epochs", "7"]);
        let c = cell_config(
            &args,
            &args.given_learners.as_ref().unwrap()[0],
            Some(500),
            Some(0.7),
            4,
        )
        .unwrap();
        assert_eq!(
            (c.split.n_labeled, c.split.rho, c.seed, c.optim.epochs),
            (500, 0.7, 4, 7)
        );
        assert!(c.policy.frozen);
        assert_eq!(
            args.seed_list().range().collect::<Vec<_>>(),
            vec![1, 2, 3, 4, 5]
        );
        let fresh = parse(&["--seeds", "2", "--first-seed", "11"]);
        assert_eq!(fresh.seed_list().range().collect::<Vec<_>>(), vec![11, 12]);
    }

    #[test]
    fn a_failed_seed_is_shown_not_averaged() {
        let cell = Cell {
            results: vec![result_with(&[(Stage::Train, 0.8, 0.9)])],
            failures: vec!["seed 2: training diverged".into()],
            ..Cell::default()
        };
        assert_eq!(
            summary(&cell, Reported::LastEpoch, |m| m.accuracy),
            "0.800 ± 0.000 (1 of 2 seeds)"
        );
        let failed = Cell {
            results: Vec::new(),
            failures: vec!["x".into()],
            ..Cell::default()
        };
        assert_eq!(
            summary(&failed, Reported::LastEpoch, |m| m.accuracy),
            "failed"
        );
    }

    /// A run whose epochs have these stages, test accuracies and ROC-AUCs.
    pub(crate) fn result_with(epochs: &[(Stage, f64, f64)]) -> RunResult {
        let report = |&(stage, accuracy, roc): &(Stage, f64, f64)| EpochReport {
            test: TestMetrics {
                accuracy: Some(accuracy),
                roc_auc: Some(roc),
                pr_auc: Some(accuracy / 2.0),
                pu: None,
            },
            ..EpochReport::blank(stage, 1)
        };
        RunResult {
            config: RunConfig::default(),
            device: String::new(),
            prior: None,
            reports: epochs.iter().map(report).collect(),
            selected: None,
            test_scores: None,
            averaged: None,
        }
    }

    #[test]
    fn the_oracle_takes_each_metrics_best_epoch_and_the_default_the_last() {
        let result = result_with(&[
            (Stage::PretrainClassifier, 0.90, 0.97),
            (Stage::Train, 0.93, 0.95),
            (Stage::Train, 0.88, 0.96),
        ]);
        let last = reported_metrics(&result, Reported::LastEpoch);
        assert_eq!((last.accuracy, last.roc_auc), (Some(0.88), Some(0.96)));
        let unselected = reported_metrics(&result, Reported::Selected);
        assert_eq!(
            unselected, last,
            "a run that selected nothing keeps its last epoch"
        );
        let oracle = reported_metrics(&result, Reported::TestOracle);
        assert_eq!(
            (oracle.accuracy, oracle.roc_auc, oracle.pr_auc),
            (Some(0.93), Some(0.97), Some(0.465))
        );
    }
}

//! `policypu sweep`: the paper's grid of n_l × ρ for several learners and
//! seeds, printed as tables in the paper's layout (mean ± std over seeds).

use std::path::PathBuf;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use policypu::config::{Learner, RunConfig};
use policypu::report::TestMetrics;

use crate::args::RunArgs;
use crate::native::{DataCache, device_for};
use crate::progress::{Verbosity, train};

/// Flags of `sweep`.
#[derive(Args, Debug)]
pub struct SweepArgs {
    /// Base settings shared by every run of the grid.
    #[command(flatten)]
    pub run: RunArgs,
    /// Learners to compare (table rows).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "biased-pu,nnpu,separator,weighter,oracle-pn"
    )]
    pub learners: Vec<Learner>,
    /// Seeds: 1..=N.
    #[arg(long, default_value_t = 3)]
    pub seeds: u64,
    /// n_l values (one table each).
    #[arg(long, value_delimiter = ',', default_value = "300,500,1000")]
    pub grid_n_labeled: Vec<usize>,
    /// ρ values (column groups).
    #[arg(long, value_delimiter = ',', default_value = "0.3,0.5,0.7")]
    pub grid_rho: Vec<f64>,
    /// Also write the tables to this markdown file.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Final test metrics of every seed of one cell (learner, n_l, ρ), or why it could not run.
type Cell = Result<Vec<TestMetrics>, String>;

/// Run the grid and print the tables.
pub fn sweep(args: &SweepArgs) -> Result<(), String> {
    let base = args.run.to_config()?;
    let mut cache = DataCache::new(args.run.data_dir.as_deref());
    let (device, device_name) = device_for(base.backend)?;
    let runs =
        args.grid_n_labeled.len() * args.grid_rho.len() * args.learners.len() * args.seeds as usize;
    eprintln!("sweep: {runs} runs on {device_name}");
    let bar = ProgressBar::new(runs as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{msg:40} [{bar:30}] {pos}/{len} runs, {elapsed} elapsed, {eta} left",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let started = std::time::Instant::now();
    let mut markdown = String::new();
    for &n_labeled in &args.grid_n_labeled {
        let mut rows: Vec<(Learner, Vec<Cell>)> = Vec::new();
        for &learner in &args.learners {
            let mut cells = Vec::new();
            for &rho in &args.grid_rho {
                bar.set_message(format!("n_l={n_labeled} ρ={rho} {}", learner.name()));
                let mut metrics = Vec::new();
                let mut failure = None;
                for seed in 1..=args.seeds {
                    let config = cell_config(&base, learner, n_labeled, rho, seed);
                    let outcome = cache
                        .split(&config, args.run.csv.as_deref())
                        .and_then(|split| {
                            train(&config, &split, &device, &device_name, Verbosity::Bar)
                        });
                    bar.inc(1);
                    match outcome {
                        Ok((result, _)) => {
                            metrics.push(result.last().map(|r| r.test.clone()).unwrap_or_default())
                        }
                        Err(e) => failure = Some(e),
                    }
                }
                cells.push(failure.map_or(Ok(metrics), Err));
            }
            rows.push((learner, cells));
        }
        let table = format_table(n_labeled, &args.grid_rho, &rows, args.seeds);
        bar.suspend(|| println!("{table}"));
        markdown += &table;
        markdown.push('\n');
    }
    bar.finish_and_clear();
    eprintln!(
        "sweep finished in {:.1} min",
        started.elapsed().as_secs_f64() / 60.0
    );
    if let Some(path) = &args.out {
        std::fs::write(path, &markdown)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

fn cell_config(
    base: &RunConfig,
    learner: Learner,
    n_labeled: usize,
    rho: f64,
    seed: u64,
) -> RunConfig {
    let mut c = base.clone();
    c.learner = learner;
    c.split.n_labeled = n_labeled;
    c.split.rho = rho;
    c.seed = seed;
    c
}

/// One markdown table: rows are learners, column groups are ρ values with
/// ROC-AUC, accuracy and PR-AUC, as in the paper's Tables II–VII.
fn format_table(
    n_labeled: usize,
    rhos: &[f64],
    rows: &[(Learner, Vec<Cell>)],
    seeds: u64,
) -> String {
    let mut t = format!("### n_l = {n_labeled} (mean ± std over {seeds} seeds)\n\n| Model |");
    for rho in rhos {
        t += &format!(" ROC-AUC ρ={rho} | Acc ρ={rho} | PR-AUC ρ={rho} |");
    }
    t += "\n|---|";
    t += &"---|".repeat(3 * rhos.len());
    t.push('\n');
    let mut notes = Vec::new();
    for (learner, cells) in rows {
        t += &format!("| {} |", learner.name());
        for cell in cells {
            match cell {
                Ok(metrics) => {
                    for pick in [
                        |m: &TestMetrics| m.roc_auc,
                        |m: &TestMetrics| m.accuracy,
                        |m: &TestMetrics| m.pr_auc,
                    ] {
                        t += &format!(" {} |", mean_std(metrics.iter().filter_map(pick).collect()));
                    }
                }
                Err(e) => {
                    t += " n/a | n/a | n/a |";
                    notes.push(format!("{}: {e}", learner.name()));
                }
            }
        }
        t.push('\n');
    }
    notes.sort();
    notes.dedup();
    for note in notes {
        t += &format!("\nn/a — {note}\n");
    }
    t
}

/// "0.912 ± 0.004" (population std), or "n/a" with no values.
fn mean_std(values: Vec<f64>) -> String {
    if values.is_empty() {
        return "n/a".to_string();
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let std = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n).sqrt();
    format!("{mean:.3} ± {std:.3}")
}

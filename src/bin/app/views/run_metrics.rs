//! What the comparison views read off a finished run: its final test
//! scores, its score per training epoch, and a line on its split.

use policypu::config::{DataConfig, Stage};
use policypu::page::test_figure::TestFigure;
use policypu::report::{EpochReport, TestMetrics, kept_report};
use policypu::user_text::clip;

use crate::state::RunRecord;

/// The run's test metrics at the epoch it kept (chosen on its PU
/// validation split; the last epoch when nothing was chosen).
pub fn kept_test(run: &RunRecord) -> TestMetrics {
    kept_report(&run.reports, run.config.criterion())
        .map(|r| r.test.clone())
        .unwrap_or_default()
}

/// The epoch a run kept, counted as its [`training_curve`] counts (1 = the
/// first epoch of its own training).
pub fn kept_curve_epoch(run: &RunRecord) -> Option<usize> {
    let kept = kept_report(&run.reports, run.config.criterion())?;
    run.reports
        .iter()
        .filter(|r| r.stage.is_own_training())
        .position(|r| std::ptr::eq(r, kept))
        .map(|i| i + 1)
}

/// The figure after each epoch of the learner's own training (epochs 1, 2,
/// …; Dist-PU's warm-up first), so runs with and without pre-training line
/// up, as in the paper's figures; `None` where an epoch did not score the
/// test set ([`EpochReport::scored_test`]).
pub fn training_curve(reports: &[EpochReport], figure: TestFigure) -> Vec<Option<Option<f64>>> {
    reports
        .iter()
        .filter(|r| r.stage.is_own_training())
        .map(|r| r.scored_test().map(|t| figure.of(t)))
        .collect()
}

/// The epochs a run trained, for the history's Epochs column.
pub struct EpochCount {
    /// Epochs of the learner's own training: the Epochs setting's count,
    /// fewer when stopped.
    pub own: usize,
    /// Epochs of each stage before it, in order (policyPU's pre-training,
    /// PMPU's warm-up, RankPruning's cross-validation folds).
    before: Vec<(Stage, usize)>,
}

impl EpochCount {
    /// Counted from a run's epoch reports.
    pub fn of(reports: &[EpochReport]) -> EpochCount {
        let own = reports.iter().filter(|r| r.stage.is_own_training()).count();
        let mut before: Vec<(Stage, usize)> = Vec::new();
        for report in reports.iter().filter(|r| !r.stage.is_own_training()) {
            match before.iter_mut().find(|(stage, _)| *stage == report.stage) {
                Some((_, count)) => *count += 1,
                None => before.push((report.stage, 1)),
            }
        }
        EpochCount { own, before }
    }

    /// "+ 50 before", or nothing when no stage came before the learner's own.
    pub fn before_note(&self) -> Option<String> {
        let total: usize = self.before.iter().map(|(_, count)| count).sum();
        (total > 0).then(|| format!("+ {total} before"))
    }

    /// "after 10 pre-train classifier and 10 pre-train policy epochs".
    pub fn before_detail(&self) -> String {
        let stages: Vec<String> = self
            .before
            .iter()
            .map(|(stage, count)| format!("{count} {}", stage.label()))
            .collect();
        format!("after {} epochs", stages.join(" and "))
    }
}

/// "MNIST, n_l = 300, |U| = 900, ρ = 0.3, seed 1" or "churn.csv, test share
/// 0.25, seed 1": what decides the split.
/// Each part's spaces and hyphens do not break ("Fashion-MNIST" stays
/// whole), so a narrow cell wraps between parts.
pub fn split_summary(run: &RunRecord) -> String {
    let c = &run.config;
    let parts = match &c.data {
        DataConfig::Builtin { dataset, .. } => vec![
            dataset.title().to_string(),
            format!("n_l = {}", c.split.n_labeled),
            format!("|U| = {}", c.split.unlabeled_count()),
            format!("ρ = {}", c.split.rho),
            format!("seed {}", c.seed),
        ],
        DataConfig::Csv { .. } => vec![
            format!("test share {}", c.split.test_fraction),
            format!("seed {}", c.seed),
        ],
    };
    let parts = parts
        .iter()
        .map(|part| part.replace(' ', "\u{a0}").replace('-', "\u{2011}"));
    // The CSV file's name (shortened) may wrap where it has spaces.
    let file = match &c.data {
        DataConfig::Csv { .. } => Some(run.data_file.as_deref().map_or("CSV".into(), clip)),
        DataConfig::Builtin { .. } => None,
    };
    file.into_iter().chain(parts).collect::<Vec<_>>().join(", ")
}

//! `sweep --selection-study`: what each PU-only rule for choosing the epoch
//! buys. For every run, the test metrics at the epoch each criterion would
//! keep (the same rule the trainer applies, replayed on the run's per-epoch
//! validation scores), at the last epoch, at the epoch the validation rows'
//! hidden truth ranks first (what a judge who knew them could buy from a
//! split of this size), and at the test-set oracle's best epoch, which reads
//! the test set and so only bounds what a rule can buy. Analysis only: no
//! choice is made here.

use policypu::keyed::Keyed;
use std::collections::BTreeMap;

use policypu::report::{EpochReport, RunResult, TestMetrics};
use policypu::selection::{Criterion, first_best, select_epoch};

use crate::learner_spec::LearnerSpec;
use crate::seeds::Seeds;
use crate::sweep::{Cell, Reported, mean_std, reported_metrics};

/// One way of choosing the epoch.
#[derive(Clone, Copy)]
enum Choice {
    /// A PU-only criterion (the last epoch among them).
    Rule(Criterion),
    /// The epoch with the highest AUC of the validation rows' true classes.
    ValidationTruth,
    /// Each metric's best epoch on the test set.
    Oracle,
}

impl Choice {
    fn label(self) -> &'static str {
        match self {
            Choice::Rule(c) => c.label(),
            Choice::ValidationTruth => "validation truth",
            Choice::Oracle => "test oracle",
        }
    }

    /// The run's test metrics under this choice; `None` where the criterion
    /// has no value in any epoch (a risk without a prior).
    fn metrics(self, run: &RunResult) -> Option<TestMetrics> {
        match self {
            Choice::Rule(Criterion::LastEpoch) => run.last().map(|r| r.test.clone()),
            Choice::Rule(criterion) => {
                let train = training_epochs(run);
                select_epoch(train.iter().map(|r| r.validation.as_ref()), criterion)
                    .map(|i| train[i].test.clone())
            }
            Choice::ValidationTruth => {
                let train = training_epochs(run);
                first_best(
                    train
                        .iter()
                        .map(|r| r.validation.as_ref().and_then(|v| v.truth_auc)),
                )
                .map(|i| train[i].test.clone())
            }
            Choice::Oracle => Some(reported_metrics(run, Reported::TestOracle)),
        }
    }
}

/// The run's epochs of its learner's own training, which the rules choose among.
fn training_epochs(run: &RunResult) -> Vec<&EpochReport> {
    run.reports
        .iter()
        .filter(|r| r.stage.is_own_training())
        .collect()
}

/// Every choice, the last epoch first and the two that read truth last.
fn choices() -> Vec<Choice> {
    std::iter::once(Choice::Rule(Criterion::LastEpoch))
        .chain(
            Criterion::ALL
                .iter()
                .copied()
                .filter(|c| !matches!(c, Criterion::LastEpoch | Criterion::LearnerDefault))
                .map(Choice::Rule),
        )
        .chain([Choice::ValidationTruth, Choice::Oracle])
        .collect()
}

/// Per seed, the mean over the grid's cells of `pick` under `choice`;
/// a seed missing a value in any cell is left out.
fn per_seed(cells: &[&Cell], choice: Choice, pick: fn(&TestMetrics) -> Option<f64>) -> Vec<f64> {
    let mut by_seed: BTreeMap<u64, Vec<Option<f64>>> = BTreeMap::new();
    for cell in cells {
        for run in &cell.results {
            let value = choice.metrics(run).and_then(|m| pick(&m));
            by_seed.entry(run.config.seed).or_default().push(value);
        }
    }
    by_seed
        .values()
        .filter(|values| values.len() == cells.len())
        .filter_map(|values| {
            let values: Option<Vec<f64>> = values.iter().copied().collect();
            values.map(|v| v.iter().sum::<f64>() / v.len() as f64)
        })
        .collect()
}

/// The study's table over every cell of the grid (`grid`: per n_l table,
/// per learner, its cells).
pub fn table(grid: &[Vec<(&LearnerSpec, Vec<Cell>)>], seeds: Seeds) -> String {
    let choices = choices();
    let mut learners: Vec<(&LearnerSpec, Vec<&Cell>)> = Vec::new();
    for rows in grid {
        // auto's averaged model has no epochs of its own to choose among.
        for (spec, cells) in rows.iter().filter(|(s, _)| !s.learner.is_auto()) {
            match learners.iter_mut().find(|(s, _)| std::ptr::eq(*s, *spec)) {
                Some((_, all)) => all.extend(cells),
                None => learners.push((spec, cells.iter().collect())),
            }
        }
    }
    let mut t = format!(
        "### Choosing the epoch on PU data (analysis; mean over the grid's cells, mean ± std over {seeds})\n\n\
         Test metrics of the epoch each rule keeps. The rules read only the PU validation split. \
         Two columns read truth, as no user can: validation truth keeps the epoch whose validation rows' \
         true classes have the highest AUC, what a judge who knew them could buy from a split of this size; \
         the test oracle reads the test set, each metric at its best epoch, and bounds what any rule can buy. \
         n/a: the rule has no value (the risks and the proxy accuracy need a class prior, which learners \
         without one do not have on the image grids).\n\n| Model |"
    );
    for metric in ["ROC-AUC", "Acc"] {
        for choice in &choices {
            t += &format!(" {metric}: {} |", choice.label());
        }
    }
    t += "\n|---|";
    t += &"---|".repeat(2 * choices.len());
    t.push('\n');
    let metrics: [fn(&TestMetrics) -> Option<f64>; 2] = [|m| m.roc_auc, |m| m.accuracy];
    for (spec, cells) in &learners {
        t += &format!("| {} |", spec.label());
        for pick in metrics {
            for &choice in &choices {
                let values = per_seed(cells, choice, pick);
                let shown = if values.is_empty() {
                    "n/a".to_string()
                } else {
                    mean_std(&values)
                };
                t += &format!(" {shown} |");
            }
        }
        t.push('\n');
    }
    t.push('\n');
    t + &gap_by_cell(&learners, seeds)
}

/// The ROC-AUC each learner's kept epoch gives up against the test oracle,
/// cell by cell: kept by the runs' own criterion, and by validation truth.
fn gap_by_cell(learners: &[(&LearnerSpec, Vec<&Cell>)], seeds: Seeds) -> String {
    let Some((_, first)) = learners.first() else {
        return String::new();
    };
    let mut t = format!(
        "### ROC-AUC given up against the test oracle, by cell (analysis; mean over {seeds})\n\n\
         Each entry: the test oracle's ROC-AUC minus that of the epoch the runs' own criterion kept, \
         then minus that of the epoch validation truth kept; the last column is the mean over the cells. \
         The first row gives each cell's validation split.\n\n| Model |"
    );
    for cell in first {
        let at = cell
            .results
            .first()
            .map(|r| format!("n_l={} ρ={}", r.config.split.n_labeled, r.config.split.rho));
        t += &format!(" {} |", at.unwrap_or_default());
    }
    t += " mean |\n|---|";
    t += &"---|".repeat(first.len() + 1);
    t += "\n| validation rows (labeled + unlabeled) |";
    for cell in first {
        let sizes = cell
            .results
            .first()
            .and_then(|r| r.reports.iter().find_map(|e| e.validation.as_ref()))
            .map(|v| format!("{} + {}", v.labeled, v.unlabeled));
        t += &format!(" {} |", sizes.unwrap_or_else(|| "none".into()));
    }
    t += " |\n";
    for (spec, cells) in learners {
        t += &format!("| {} |", spec.label());
        let mut means = [Vec::new(), Vec::new()];
        for cell in cells {
            let gaps: Vec<Option<f64>> = [Choice::Rule(kept_by(cell)), Choice::ValidationTruth]
                .into_iter()
                .map(|choice| mean_gap(cell, choice))
                .collect();
            for (mean, gap) in means.iter_mut().zip(&gaps) {
                mean.extend(*gap);
            }
            t += &format!(" {} |", shown_pair(gaps[0], gaps[1]));
        }
        let over =
            |v: &Vec<f64>| (v.len() == cells.len()).then(|| v.iter().sum::<f64>() / v.len() as f64);
        t += &format!(" {} |\n", shown_pair(over(&means[0]), over(&means[1])));
    }
    t
}

/// The criterion the cell's runs kept their epoch by.
fn kept_by(cell: &Cell) -> Criterion {
    cell.results
        .first()
        .map_or(Criterion::LastEpoch, |r| r.config.criterion())
}

/// The mean over the cell's runs of the oracle's test ROC-AUC minus that
/// of the epoch `choice` keeps; `None` where a run lacks either.
fn mean_gap(cell: &Cell, choice: Choice) -> Option<f64> {
    let gaps: Option<Vec<f64>> = cell
        .results
        .iter()
        .map(|run| {
            let oracle = Choice::Oracle.metrics(run)?.roc_auc?;
            Some(oracle - choice.metrics(run)?.roc_auc?)
        })
        .collect();
    gaps.filter(|g| !g.is_empty())
        .map(|g| g.iter().sum::<f64>() / g.len() as f64)
}

/// "0.0041 / 0.0012", a dash for a missing side.
fn shown_pair(a: Option<f64>, b: Option<f64>) -> String {
    let show = |v: Option<f64>| v.map_or("–".to_string(), |v| format!("{v:.4}"));
    format!("{} / {}", show(a), show(b))
}

#[cfg(test)]
mod tests {
    use policypu::config::Stage;
    use policypu::selection::ValidationScores;

    use super::*;
    use crate::sweep::tests::result_with;

    #[test]
    fn the_gap_by_cell_sets_the_kept_and_the_truth_kept_epoch_against_the_oracle() {
        let mut run = result_with(&[
            (Stage::Train, 0.80, 0.90),
            (Stage::Train, 0.85, 0.93),
            (Stage::Train, 0.84, 0.96),
            (Stage::Train, 0.84, 0.94),
        ]);
        for (report, (lu, truth)) in
            run.reports
                .iter_mut()
                .zip([(0.7, 0.9), (0.9, 0.91), (0.8, 0.92), (0.85, 0.99)])
        {
            report.validation = Some(ValidationScores {
                labeled: 10,
                unlabeled: 30,
                lu_auc: Some(lu),
                truth_auc: Some(truth),
                ..ValidationScores::default()
            });
        }
        let cell = Cell {
            results: vec![run],
            ..Cell::default()
        };
        let spec: LearnerSpec = "biased-pu".parse().unwrap();
        let table = gap_by_cell(&[(&spec, vec![&cell])], Seeds { first: 1, count: 1 });
        // L-vs-U AUC keeps the second epoch (0.96 - 0.93), truth the fourth
        // (0.96 - 0.94); the oracle is the third.
        assert!(table.contains("| 10 + 30 |"), "{table}");
        assert!(
            table.contains("| 0.0300 / 0.0200 | 0.0300 / 0.0200 |"),
            "{table}"
        );
    }
}

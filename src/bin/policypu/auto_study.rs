//! Under a sweep's `auto` row: each candidate's test scores at its kept
//! epoch, the candidate each PU-only criterion ranks first, auto's averaged
//! model, and, as analysis, the candidate a test-set reader would have
//! picked in hindsight.

use policypu::auto_learner::average::AVERAGED;
use policypu::auto_learner::{AUTO_CRITERION, Leaderboard};
use policypu::config::{ModelPreset, RunConfig};
use policypu::report::{EpochReport, PuMetrics, RunResult, TestMetrics};
use policypu::saved_model::Member;
use policypu::selection::Criterion;
use policypu::selection::scores::FEW_LABELED;

use crate::sweep::{Cell, mean_std};

/// The criteria the study ranks with (the default, [`AUTO_CRITERION`], among them).
const RULES: [Criterion; 4] = [
    Criterion::NnPuRisk,
    Criterion::ProxyAccuracy,
    Criterion::LuAuc,
    Criterion::CallGap,
];

/// The kept epoch's test metrics of candidate `i` in each seed.
fn candidate_tests(cell: &Cell, i: usize) -> Vec<TestMetrics> {
    cell.candidates
        .iter()
        .filter_map(|seed| seed.get(i))
        .map(|r| r.kept().map(|k| k.test.clone()).unwrap_or_default())
        .collect()
}

/// The test metrics of the candidate `criterion` ranks first in each seed.
fn chosen_tests(cell: &Cell, criterion: Criterion) -> Vec<TestMetrics> {
    cell.candidates
        .iter()
        .filter_map(|seed| {
            let runs: Vec<(&RunConfig, &[EpochReport])> = seed
                .iter()
                .map(|r: &RunResult| (&r.config, r.reports.as_slice()))
                .collect();
            // A board with nothing to rank by has no first candidate.
            let board = Leaderboard::rank(&runs, criterion);
            (!board.unranked())
                .then(|| board.chosen().map(|s| s.test.clone()))
                .flatten()
        })
        .collect()
}

fn summarise(tests: &[TestMetrics]) -> String {
    let pick = |f: fn(&TestMetrics) -> Option<f64>| {
        let values: Vec<f64> = tests.iter().filter_map(f).collect();
        if values.is_empty() {
            "n/a".to_string()
        } else {
            mean_std(&values)
        }
    };
    format!("{} | {}", pick(|m| m.accuracy), pick(|m| m.roc_auc))
}

fn mean_accuracy(tests: &[TestMetrics]) -> f64 {
    let values: Vec<f64> = tests.iter().filter_map(|m| m.accuracy).collect();
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

/// The study's markdown for the `auto` row's cells, one column group per heading.
pub fn table(headings: &[String], cells: &[Cell], own: ModelPreset) -> String {
    let Some(first) = cells.iter().find_map(|c| c.candidates.first()) else {
        return String::new();
    };
    let labels: Vec<String> = first
        .iter()
        .map(|r| Member::of(&r.config).label(own))
        .collect();
    // Without negatives in the test set, its accuracy is the recall on the
    // held-out positives, which calling every row positive would top.
    let tests: Vec<TestMetrics> = cells
        .iter()
        .flat_map(|c| c.candidates.iter().flatten())
        .filter_map(|r| r.kept().map(|k| k.test.clone()))
        .collect();
    let recall_only =
        tests.iter().any(|t| t.accuracy.is_some()) && tests.iter().all(|t| t.roc_auc.is_none());
    let (measure, short) = match recall_only {
        true => (PuMetrics::RECALL_NAME, "recall"),
        false => ("test accuracy", "acc"),
    };
    let mut t = format!(
        "\n#### auto: its candidates and its choice ({measure} | ROC-AUC at each candidate's kept epoch, mean ± std over seeds)\n\n| candidate or rule |"
    );
    for h in headings {
        // One column group (a CSV file's) needs no name.
        match headings.len() {
            1 => t += &format!(" {short} | ROC-AUC |"),
            _ => t += &format!(" {short} {h} | ROC-AUC {h} |"),
        }
    }
    t += "\n|---|";
    t += &"---|---|".repeat(headings.len());
    t.push('\n');
    let mut row = |label: String, f: &dyn Fn(&Cell) -> String| {
        t += &format!("| {label} |");
        for cell in cells {
            t += &format!(" {} |", f(cell));
        }
        t.push('\n');
    };
    for (i, label) in labels.iter().enumerate() {
        row(label.clone(), &|cell| summarise(&candidate_tests(cell, i)));
    }
    for criterion in RULES {
        let default = if criterion == AUTO_CRITERION {
            " (auto's ranking)"
        } else {
            ""
        };
        row(
            format!("first candidate by {}{default}", criterion.label()),
            &|cell| summarise(&chosen_tests(cell, criterion)),
        );
    }
    row(
        format!(
            "auto: the mean of the first {AVERAGED} by {} (of all under {FEW_LABELED} \
             labeled validation rows)",
            AUTO_CRITERION.label()
        ),
        &|cell| {
            let tests: Vec<TestMetrics> = cell
                .results
                .iter()
                .filter_map(|r| r.averaged.as_ref().map(|a| a.kept.clone()))
                .collect();
            summarise(&tests)
        },
    );
    row(
        format!("best candidate in hindsight (highest mean {measure}: analysis, not a rule)"),
        &|cell| {
            let best = (0..labels.len())
                .map(|i| candidate_tests(cell, i))
                .max_by(|a, b| mean_accuracy(a).total_cmp(&mean_accuracy(b)));
            best.map_or("n/a | n/a".into(), |tests| summarise(&tests))
        },
    );
    row("auto's members, first candidates first".into(), &|cell| {
        let mut counts: Vec<(String, usize, usize)> = Vec::new();
        for seed in &cell.candidates {
            let board = crate::auto::rank(seed);
            for (rank, member) in board.members().iter().enumerate() {
                let label = member.label(own);
                let first = usize::from(rank == 0 && !board.unranked());
                match counts.iter_mut().find(|(l, _, _)| *l == label) {
                    Some((_, n, f)) => {
                        *n += 1;
                        *f += first;
                    }
                    None => counts.push((label, 1, first)),
                }
            }
        }
        counts.sort_by_key(|&(_, n, first)| std::cmp::Reverse((first, n)));
        let listed: Vec<String> = counts
            .iter()
            .map(|(l, n, f)| format!("{l} ×{n} ({f} first)"))
            .collect();
        format!("{} | ", listed.join(", "))
    });
    t
}

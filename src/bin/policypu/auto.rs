//! `--learner auto` on the command line: train each of auto's candidates on
//! the one split, rank them on the PU validation split, keep the mean of
//! the first few.

use burn::tensor::Device;
use indicatif::MultiProgress;
use policypu::auto_learner::average::averaged;
use policypu::auto_learner::{AUTO_CRITERION, Leaderboard, candidate_configs, ranking_prior};
use policypu::concurrent::{map_items, spare_thread};
use policypu::config::RunConfig;
use policypu::keyed::Keyed;
use policypu::learn::Trainer;
use policypu::plan::RunPlan;
use policypu::report::{EpochReport, RunResult, TestScores};
use policypu::split::PuSplit;

use crate::progress::{Verbosity, train};

/// Rank finished candidate runs (in the order trained) by auto's criterion.
pub fn rank(results: &[RunResult]) -> Leaderboard {
    let runs: Vec<(&RunConfig, &[EpochReport])> = results
        .iter()
        .map(|r| (&r.config, r.reports.as_slice()))
        .collect();
    Leaderboard::rank(&runs, AUTO_CRITERION)
}

/// The run of `config` (an `auto` run) made from its finished candidates (in
/// the order trained, each with its test-set probabilities): the averaged
/// model's result, and the leaderboard; an error saying why when auto has
/// no member (none trained an epoch) or a member's probabilities are missing.
pub fn averaged_run(
    config: &RunConfig,
    candidates: &[RunResult],
) -> Result<(RunResult, Leaderboard), String> {
    let board = rank(candidates);
    if board.members().is_empty() {
        return Err(board.reason(config.model));
    }
    let scores: Vec<Option<&TestScores>> =
        candidates.iter().map(|c| c.test_scores.as_ref()).collect();
    let averaged = averaged(board.member_positions(), &scores, board.prior).ok_or(
        "a candidate's test-set probabilities were not kept: run the shards again with this binary",
    )?;
    let result = RunResult::of_auto(
        config.clone(),
        candidates
            .first()
            .map(|c| c.device.clone())
            .unwrap_or_default(),
        ranking_prior(
            candidates
                .iter()
                .map(|c| (c.config.learner, c.prior.as_ref())),
        ),
        Some(averaged),
    );
    Ok((result, board))
}

/// `result` with its test-set probabilities (`trainer` trained it).
pub fn with_test_scores(mut result: RunResult, trainer: &Trainer) -> RunResult {
    result.test_scores = Some(trainer.test_scores());
    result
}

/// auto's row of one split made from runs already trained (in a sweep's
/// merge: its stored candidates and the split's other rows), with today's
/// candidates and ranking: the averaged run and the candidates' runs; an
/// error naming a candidate none of `runs` is a run of.
pub fn choose_from_runs(
    config: &RunConfig,
    runs: &[RunResult],
) -> Result<(RunResult, Vec<RunResult>), String> {
    let key = |c: &RunConfig| serde_json::to_string(c).map_err(|e| e.to_string());
    let keys = runs
        .iter()
        .map(|r| key(&r.config))
        .collect::<Result<Vec<_>, _>>()?;
    let mut candidates = Vec::new();
    for candidate in candidate_configs(config) {
        let wanted = key(&candidate)?;
        let position = keys.iter().position(|k| *k == wanted).ok_or_else(|| {
            format!(
                "no stored run of auto's candidate {} ({}) for seed {}: run the shards again with this binary",
                candidate.learner.name(),
                candidate.model.key(),
                candidate.seed
            )
        })?;
        candidates.push(runs[position].clone());
    }
    let (result, _) = averaged_run(config, &candidates)?;
    Ok((result, candidates))
}

/// auto trained on one split: its averaged run, the trainers of its
/// members (in the mean's order), its leaderboard, and a note on each
/// candidate it left out.
pub struct AutoRun {
    /// The averaged model's run.
    pub result: RunResult,
    /// The members' trainers, in the mean's order.
    pub members: Vec<Trainer>,
    /// The candidates, ranked.
    pub board: Leaderboard,
    /// Why each candidate left out could not train.
    pub left_out: Vec<String>,
}

impl AutoRun {
    /// Print the leaderboard, the reason for the choice and the notes on
    /// the candidates left out; `config` is auto's.
    pub fn print(&self, config: &RunConfig) {
        println!("{}", leaderboard_table(&self.board, config));
        println!("{}", self.board.reason(config.model));
        for note in &self.left_out {
            println!("{note}");
        }
    }
}

/// Train every candidate of `config` (an `auto` run) on `split` and rank
/// them ([`AutoRun::print`] shows the outcome). A candidate that cannot
/// train on this split (too few rows for its stages, say) is left out with
/// a note saying why, and stands on the leaderboard without an epoch; the
/// others go on. On the CPU with threads to spare the candidates train
/// side by side, one a thread: the small models of a CSV file gain little
/// from threads within a step. Their plans are made first, one after the
/// other, so that the candidates that need a class prior share one
/// estimate rather than each making it.
pub fn train_auto(
    config: &RunConfig,
    split: &PuSplit,
    device: &Device,
    device_name: &str,
) -> Result<AutoRun, String> {
    let candidates = candidate_configs(config);
    let count = candidates.len();
    let plans: Vec<Result<RunPlan, String>> = candidates
        .iter()
        .map(|candidate| plan_candidate(candidate, split))
        .collect();
    let bars = MultiProgress::new();
    let jobs: Vec<(usize, Result<RunPlan, String>)> = plans.into_iter().enumerate().collect();
    let trained = map_items(jobs, spare_thread(device), |(i, plan)| {
        let plan = plan?;
        let name = candidate_name(&candidates[i]);
        let fold = config
            .split
            .validation_fold
            .map_or_else(String::new, |k| format!(", fold {}", k + 1));
        bars.suspend(|| eprintln!("auto{fold}: candidate {} of {count}: {name}", i + 1));
        train(
            &plan,
            split,
            device,
            device_name,
            Verbosity::Candidate,
            Some(&bars),
        )
    });
    let mut results = Vec::with_capacity(count);
    let mut trainers = Vec::with_capacity(count);
    let mut left_out = Vec::new();
    for (candidate, trained) in candidates.iter().zip(trained) {
        match trained {
            Ok((result, trainer)) => {
                results.push(with_test_scores(result, &trainer));
                trainers.push(Some(trainer));
            }
            Err(why) => {
                let note = format!("auto leaves {} out. {why}", candidate_name(candidate));
                eprintln!("{note}");
                left_out.push(note);
                results.push(untrained(candidate.clone(), device_name));
                trainers.push(None);
            }
        }
    }
    let (result, board) = averaged_run(config, &results).map_err(|why| {
        let mut text = why;
        for note in &left_out {
            text.push(' ');
            text.push_str(note);
        }
        text
    })?;
    let members = board
        .members()
        .iter()
        .filter_map(|s| trainers[s.candidate].take())
        .collect();
    Ok(AutoRun {
        result,
        members,
        board,
        left_out,
    })
}

/// "VPU (fast)": a candidate as auto's notes name it.
fn candidate_name(candidate: &RunConfig) -> String {
    format!("{} ({})", candidate.learner.name(), candidate.model.key())
}

/// A candidate's plan on `split`, its warnings printed, or why it has none.
fn plan_candidate(candidate: &RunConfig, split: &PuSplit) -> Result<RunPlan, String> {
    let plan = RunPlan::new(candidate, split).map_err(|e| e.to_string())?;
    for warning in &plan.warnings {
        eprintln!("note: {warning}");
    }
    Ok(plan)
}

/// The run of a candidate that could not train: no epoch, so the
/// leaderboard lists it unranked and auto's mean leaves it out.
fn untrained(config: RunConfig, device_name: &str) -> RunResult {
    RunResult {
        config,
        device: device_name.to_string(),
        prior: None,
        reports: Vec::new(),
        selected: None,
        test_scores: None,
        averaged: None,
    }
}

/// The leaderboard as a markdown table: PU-only scores, then what the test
/// set can measure ([`Leaderboard::test_columns`]), which the choice did not read.
pub fn leaderboard_table(board: &Leaderboard, config: &RunConfig) -> String {
    let metric = |v: Option<f64>| v.map_or("n/a".to_string(), |v| format!("{v:.3}"));
    let tests = board.test_columns();
    let test_heads: String = tests
        .headings()
        .iter()
        .map(|h| format!(" {h} (not used) |"))
        .collect();
    let mut text = format!(
        "| rank | candidate | kept epoch | {} {} | L-vs-U AUC |{test_heads}\n|---|---|---|---|---|{}\n",
        board.criterion.label(),
        board.criterion_note(),
        "---|".repeat(tests.headings().len())
    );
    for (rank, s) in board.standings.iter().enumerate() {
        let v = s.validation.as_ref();
        let test_cells: String = tests
            .values(&s.test)
            .into_iter()
            .map(|x| format!(" {} |", metric(x)))
            .collect();
        let place = board.place(rank).map_or("–".to_string(), |p| p.to_string());
        text += &format!(
            "| {place}{} | {} | {} | {} | {} |{test_cells}\n",
            if board.is_member(s) {
                " (in the mean)"
            } else {
                ""
            },
            s.label(config.model),
            s.kept_epoch(),
            metric(s.value.map(|v| board.criterion.shown(v))),
            metric(v.and_then(|v| v.lu_auc)),
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use policypu::config::Learner;

    #[test]
    fn a_merge_finds_each_candidate_by_its_settings_or_names_the_missing_one() {
        let auto = RunConfig {
            learner: Learner::Auto,
            seed: 3,
            ..RunConfig::default()
        };
        let mut runs: Vec<RunResult> = candidate_configs(&auto)
            .into_iter()
            .map(|c| untrained(c, "CPU"))
            .collect();
        // Every candidate is there, but none trained an epoch: no choice.
        let err = choose_from_runs(&auto, &runs).unwrap_err();
        assert!(err.contains("No candidate trained an epoch"), "{err}");
        // A run of another seed does not stand in for the missing VPU.
        let vpu = runs
            .iter()
            .position(|r| r.config.learner == Learner::Vpu)
            .unwrap();
        runs[vpu].config.seed = 4;
        let err = choose_from_runs(&auto, &runs).unwrap_err();
        assert!(err.contains("candidate VPU (fast) for seed 3"), "{err}");
    }
}

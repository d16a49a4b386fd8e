//! `--learner auto` on the command line: train each of auto's candidates on
//! the one split, rank them on the PU validation split, keep the mean of
//! the first few.

use burn::tensor::Device;
use indicatif::MultiProgress;
use policypu::auto_learner::refit::{averaged_refitted, refit_sentence, refits};
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
/// the order trained, each with its test-set probabilities) and its
/// members' refits (`refitted`: each a member's position and the run that
/// trained it again, `auto_learner::refit`): the averaged model's result,
/// and the leaderboard; an error saying why when auto has no member (none
/// trained an epoch) or a member's probabilities are missing.
pub fn averaged_run(
    config: &RunConfig,
    candidates: &[RunResult],
    refitted: &[(usize, RunResult)],
) -> Result<(RunResult, Leaderboard), String> {
    let board = rank(candidates);
    if board.members().is_empty() {
        return Err(board.reason(config.model));
    }
    let scores: Vec<Option<&TestScores>> =
        candidates.iter().map(|c| c.test_scores.as_ref()).collect();
    // A refit whose probabilities were not kept leaves its member as trained.
    let again: Vec<(usize, &TestScores)> = refitted
        .iter()
        .filter_map(|(position, run)| Some((*position, run.test_scores.as_ref()?)))
        .collect();
    let averaged = averaged_refitted(&board, &scores, &again).ok_or(
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

/// The members of the candidates' ranking to train again (their positions
/// and settings, `auto_learner::refit::refits`).
pub fn refit_jobs(candidates: &[RunResult]) -> Vec<(usize, RunConfig)> {
    let configs: Vec<&RunConfig> = candidates.iter().map(|c| &c.config).collect();
    refits(&rank(candidates), &configs)
}

/// `result` with its test-set probabilities (`trainer` trained it).
pub fn with_test_scores(mut result: RunResult, trainer: &Trainer) -> RunResult {
    result.test_scores = Some(trainer.test_scores());
    result
}

/// auto's row of one split made from runs already trained (in a sweep's
/// merge: its stored candidates and refits and the split's other rows),
/// with today's candidates and ranking: the averaged run and the runs it
/// was made from, candidates first, then refits; an error naming a run
/// none of `runs` is.
pub fn choose_from_runs(
    config: &RunConfig,
    runs: &[RunResult],
) -> Result<(RunResult, Vec<RunResult>), String> {
    let key = |c: &RunConfig| serde_json::to_string(c).map_err(|e| e.to_string());
    let keys = runs
        .iter()
        .map(|r| key(&r.config))
        .collect::<Result<Vec<_>, _>>()?;
    let find = |wanted: &RunConfig, what: &str| -> Result<RunResult, String> {
        let wanted_key = key(wanted)?;
        let position = keys.iter().position(|k| *k == wanted_key).ok_or_else(|| {
            format!(
                "no stored run of auto's {what} {} ({}) for seed {}: run the shards again with this binary",
                wanted.learner.name(),
                wanted.model.key(),
                wanted.seed
            )
        })?;
        Ok(runs[position].clone())
    };
    let candidates = candidate_configs(config)
        .iter()
        .map(|candidate| find(candidate, "candidate"))
        .collect::<Result<Vec<_>, _>>()?;
    let refitted = refit_jobs(&candidates)
        .into_iter()
        .map(|(position, again)| Ok((position, find(&again, "refitted member")?)))
        .collect::<Result<Vec<_>, String>>()?;
    let (result, _) = averaged_run(config, &candidates, &refitted)?;
    let mut made_from = candidates;
    made_from.extend(refitted.into_iter().map(|(_, run)| run));
    Ok((result, made_from))
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
    /// The candidates' runs, in the order trained.
    pub candidates: Vec<RunResult>,
    /// Why each candidate left out could not train.
    pub left_out: Vec<String>,
}

impl AutoRun {
    /// Print the leaderboard, the reason for the choice, what refitting
    /// did and the notes on the candidates left out; `config` is auto's.
    pub fn print(&self, config: &RunConfig) {
        println!("{}", leaderboard_table(&self.board, config));
        println!("{}", self.board.reason(config.model));
        let refitted = self.result.averaged.as_ref().map(|a| a.refitted.as_slice());
        let configs: Vec<&RunConfig> = self.candidates.iter().map(|c| &c.config).collect();
        if let Some(sentence) = refit_sentence(
            &self.board,
            &configs,
            refitted.unwrap_or_default(),
            config.model,
        ) {
            println!("{sentence}");
        }
        for note in &self.left_out {
            println!("{note}");
        }
    }

    /// Train the members `jobs` names (`refit_jobs`) again on `split`, the
    /// training and validation rows together, side by side where threads
    /// are spare, and make auto's model the mean of these; the leaderboard
    /// stays. A member whose refit cannot train stays as trained, with a
    /// note saying why.
    pub fn refit(
        &mut self,
        config: &RunConfig,
        jobs: Vec<(usize, RunConfig)>,
        split: &PuSplit,
        device: &Device,
        device_name: &str,
    ) -> Result<(), String> {
        let count = jobs.len();
        let bars = MultiProgress::new();
        let numbered: Vec<(usize, (usize, RunConfig))> = jobs.into_iter().enumerate().collect();
        let trained = map_items(numbered, spare_thread(device), |(k, (position, again))| {
            let name = candidate_name(&again);
            let plan = plan_candidate(&again, split).map_err(|why| (name.clone(), why))?;
            bars.suspend(|| {
                eprintln!(
                    "auto: member {} of {count} again on the training and validation rows: \
                     {name}, {} epochs",
                    k + 1,
                    again.optim.epochs
                )
            });
            let (result, trainer) = train_beside(&plan, split, device, device_name, &bars)
                .map_err(|why| (name, why))?;
            Ok((position, with_test_scores(result, &trainer), trainer))
        });
        let mut refitted = Vec::new();
        let mut trainers = Vec::new();
        for outcome in trained {
            match outcome {
                Ok((position, run, trainer)) => {
                    refitted.push((position, run));
                    trainers.push((position, trainer));
                }
                Err((name, why)) => eprintln!("note: auto keeps {name} as trained: {why}"),
            }
        }
        let (result, _) = averaged_run(config, &self.candidates, &refitted)?;
        self.result = result;
        let positions = self.board.member_positions();
        for (position, trainer) in trainers {
            if let Some(k) = positions.iter().position(|&p| p == position) {
                self.members[k] = trainer;
            }
        }
        Ok(())
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
        train_beside(&plan, split, device, device_name, &bars)
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
    let (result, board) = averaged_run(config, &results, &[]).map_err(|why| {
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
        candidates: results,
        left_out,
    })
}

/// Train `plan` on `split` as one of auto's runs: its bar among `bars`.
fn train_beside(
    plan: &RunPlan,
    split: &PuSplit,
    device: &Device,
    device_name: &str,
    bars: &MultiProgress,
) -> Result<(RunResult, Trainer), String> {
    train(
        plan,
        split,
        device,
        device_name,
        Verbosity::Candidate,
        Some(bars),
    )
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

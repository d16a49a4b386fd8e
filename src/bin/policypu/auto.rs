//! `--learner auto` on the command line: train each of auto's candidates on
//! the one split, rank them on the PU validation split, keep the first.

use burn::tensor::Device;
use policypu::config::{ModelPreset, RunConfig};
use policypu::learn::Trainer;
use policypu::plan::RunPlan;
use policypu::report::{EpochReport, RunResult};
use policypu::selection::auto::{AUTO_CRITERION, Leaderboard, candidate_configs};
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

/// The leaderboard of finished candidate runs and the position of the one
/// it keeps; an error saying why when none could be ranked.
pub fn choose(results: &[RunResult], own: ModelPreset) -> Result<(Leaderboard, usize), String> {
    let board = rank(results);
    match board.chosen().map(|s| s.candidate) {
        Some(chosen) => Ok((board, chosen)),
        None => Err(board.reason(own)),
    }
}

/// auto's row of one split chosen from runs already trained (in a sweep's
/// merge: its stored candidates and the split's other rows), with today's
/// candidates and ranking: the chosen run and the candidates' runs; an
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
                candidate.model.name(),
                candidate.seed
            )
        })?;
        candidates.push(runs[position].clone());
    }
    let (_, chosen) = choose(&candidates, config.model)?;
    Ok((candidates[chosen].clone(), candidates))
}

/// An `auto` run as `run --out` writes it: the chosen run's fields and the
/// leaderboard.
#[derive(serde::Serialize)]
pub struct AutoResult<'a> {
    /// The chosen candidate's run.
    #[serde(flatten)]
    pub result: &'a RunResult,
    /// Every candidate, ranked on the PU validation split.
    pub auto: &'a Leaderboard,
}

/// Train every candidate of `config` (an `auto` run) on `split`; the chosen
/// run, its trainer and the leaderboard.
pub fn train_auto(
    config: &RunConfig,
    split: &PuSplit,
    device: &Device,
    device_name: &str,
) -> Result<(RunResult, Trainer, Leaderboard), String> {
    let candidates = candidate_configs(config);
    let mut trained = Vec::with_capacity(candidates.len());
    for (i, candidate) in candidates.iter().enumerate() {
        eprintln!(
            "auto: candidate {} of {}: {} ({})",
            i + 1,
            candidates.len(),
            candidate.learner.name(),
            candidate.model.name()
        );
        let plan = RunPlan::new(candidate, split).map_err(|e| e.to_string())?;
        trained.push(train(&plan, split, device, device_name, Verbosity::Bar)?);
    }
    let results: Vec<RunResult> = trained.iter().map(|(r, _)| r.clone()).collect();
    let (board, chosen) = choose(&results, config.model)?;
    println!("{}", leaderboard_table(&board, config));
    println!("auto: {}", board.reason(config.model));
    let (result, trainer) = trained.swap_remove(chosen);
    Ok((result, trainer, board))
}

/// The leaderboard as a markdown table: PU-only scores, then the test set's,
/// which the choice did not read.
pub fn leaderboard_table(board: &Leaderboard, config: &RunConfig) -> String {
    let metric = |v: Option<f64>| v.map_or("n/a".to_string(), |v| format!("{v:.3}"));
    let mut text = format!(
        "| rank | candidate | kept epoch | {} (ranks) | L-vs-U AUC | test accuracy (not used) | test ROC-AUC (not used) |\n|---|---|---|---|---|---|---|\n",
        board.criterion.label()
    );
    for (rank, s) in board.standings.iter().enumerate() {
        let v = s.validation.as_ref();
        text += &format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            rank + 1,
            s.label(config.model),
            s.epoch.map_or("n/a".into(), |e| e.to_string()),
            metric(s.value.map(|v| board.criterion.shown(v))),
            metric(v.and_then(|v| v.lu_auc)),
            metric(s.test.accuracy),
            metric(s.test.roc_auc),
        );
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use policypu::config::Learner;

    fn run(config: RunConfig) -> RunResult {
        RunResult {
            config,
            device: "CPU".into(),
            prior: None,
            reports: Vec::new(),
            selected: None,
        }
    }

    #[test]
    fn a_merge_finds_each_candidate_by_its_settings_or_names_the_missing_one() {
        let auto = RunConfig {
            learner: Learner::Auto,
            seed: 3,
            ..RunConfig::default()
        };
        let mut runs: Vec<RunResult> = candidate_configs(&auto).into_iter().map(run).collect();
        // Every candidate is there, but none has an epoch to rank: no choice.
        let err = choose_from_runs(&auto, &runs).unwrap_err();
        assert!(err.contains("No candidate could be scored"), "{err}");
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

//! Comparing learners: several runs on the same split (same data, split
//! settings and seed), differing in learner (and, for `auto`, preset), one
//! after another in the worker, or two at a time where a second worker can
//! help (`side_worker`); their runs are then ticked for the comparison
//! view. An `auto` run is such a comparison of its candidates, ranked on the
//! PU validation split when it ends; on a CSV file a second one follows, of
//! its members trained again on the training and validation rows
//! (`policypu::auto_learner::refit`), whose end keeps auto's model. This is
//! the comparison's queue;
//! [`lifecycle`](crate::run::lifecycle) starts its runs.

use std::sync::Arc;

use leptos::prelude::*;
use policypu::auto_learner::refit::{averaged_refitted, refit_sentence, refits};
use policypu::auto_learner::{AUTO_CRITERION, Leaderboard, candidate_configs, ranking_prior};
use policypu::config::{Learner, RunConfig, TestScoring};
use policypu::report::{EpochReport, TestScores};
use policypu::saved_model::{Member, SavedModel};

use super::charted_run;
use crate::state::{
    AppState, AutoKept, AutoOutcome, ComparisonQueue, RunOutcome, RunRecord, RunStatus,
    TrainedCandidates,
};

/// The learners a comparison offers by default: the paper's Figs. 3–4.
pub const DEFAULT_LEARNERS: [Learner; 5] = [
    Learner::Weighter,
    Learner::Separator,
    Learner::NnPu,
    Learner::BiasedPu,
    Learner::OraclePn,
];

/// Queue `learners` on the form's settings as a new comparison, and give
/// the settings of its first run (none without a learner).
pub fn begin(state: AppState, learners: Vec<Learner>) -> Option<RunConfig> {
    let base = state.config.get_untracked();
    let configs = learners
        .into_iter()
        .map(|learner| RunConfig {
            learner,
            ..base.clone()
        })
        .collect();
    queue(state, configs, None)
}

/// Queue the candidates of `config` (an `auto` run) as a new comparison, and
/// give the settings of its first run.
pub fn begin_auto(state: AppState, config: &RunConfig) -> Option<RunConfig> {
    forget_auto(state);
    queue(state, candidate_configs(config), Some(config.clone()))
}

/// Put the latest `auto` run's leaderboard away, as another run starts, and
/// what its candidates kept for the charts with it (only its leaderboard
/// can show them, and on a large file they weigh megabytes a candidate).
pub fn forget_auto(state: AppState) {
    state.auto.set(None);
    state
        .runs
        .update(|runs| runs.iter_mut().for_each(|r| r.charts = None));
}

fn queue(state: AppState, configs: Vec<RunConfig>, auto: Option<RunConfig>) -> Option<RunConfig> {
    let (first, rest) = configs.split_first()?;
    let id = state.comparison.get_untracked().id + 1;
    state.comparison.set(ComparisonQueue {
        id,
        waiting: rest.to_vec(),
        planned: configs.clone(),
        auto,
        active: true,
        ..ComparisonQueue::default()
    });
    Some(first.clone())
}

/// Leave the live run, which failed with `why`, out of the `auto`
/// comparison running now, so auto goes on with its next candidate, where
/// another of its candidates has trained on the split: the failure is then
/// the candidate's own (a learner whose stages need more rows than the
/// split has), not the data's, which every candidate would meet. The
/// leaderboard says why it is missing. A member trained again that fails
/// stays as trained, and the leaderboard says so. False, leaving nothing
/// out, for any other comparison, a Stop, or auto's first run to end.
pub fn leave_out(state: AppState, why: &str) -> bool {
    let queue = state.comparison.get_untracked();
    let Some(auto) = queue.auto.as_ref().filter(|_| queue.active) else {
        return false;
    };
    let trained = queue.refitting.is_some()
        || state
            .runs
            .with_untracked(|runs| runs.iter().any(|r| r.comparison == Some(queue.id)));
    let Some(config) = state.run_config.get_untracked() else {
        return false;
    };
    if !trained || state.stop_asked.get_untracked() {
        return false;
    }
    let label = Member {
        learner: config.learner,
        model: config.model,
    }
    .label(auto.model);
    let note = match queue.refitting {
        Some(_) => format!("auto keeps {label} as trained: its second training failed. {why}"),
        None => format!("auto leaves {label} out. {why}"),
    };
    state.comparison.update(|q| q.left_out.push(note));
    true
}

/// When the run starting now scores the test set: `auto`'s candidates only
/// at the epochs they keep and at their last (their ranking never reads
/// the test set, and on the demo its passes cost as much as training);
/// every other run after every epoch, for its test curve.
pub fn test_scoring(state: AppState) -> TestScoring {
    let queue = state.comparison.get_untracked();
    if queue.active && queue.auto.is_some() {
        TestScoring::KeptAndLast
    } else {
        TestScoring::EveryEpoch
    }
}

/// Take the comparison's next run off the queue and give its settings
/// (none when no comparison is running or no run is left).
pub fn next(state: AppState) -> Option<RunConfig> {
    let mut queue = state.comparison.get_untracked();
    if !queue.active || queue.waiting.is_empty() {
        return None;
    }
    let config = queue.waiting.remove(0);
    state.comparison.set(queue);
    Some(config)
}

/// End the comparison, if one is running: clear its queue, put its runs
/// (already in the history) in the order it planned them, and tick them for
/// the comparison view. For `auto`'s candidates, once the last has trained
/// to its end, queue its members' refits as its second phase and give the
/// first's settings, to start now; where none refits (or a run stopped or
/// failed), and when the refits end, rank its candidates, keep the mean of
/// the first ones, and tick only those (eleven curves crowd the chart, and
/// the leaderboard already lists every candidate's test scores).
pub fn finish(state: AppState) -> Option<RunConfig> {
    let queue = state.comparison.get_untracked();
    if !queue.active {
        return None;
    }
    let id = queue.id;
    state.comparison.set(ComparisonQueue {
        id,
        ..ComparisonQueue::default()
    });
    state
        .runs
        .update(|runs| in_planned_order(runs, id, &queue.planned));
    let ids: Vec<u64> = state.runs.with_untracked(|runs| {
        runs.iter()
            .filter(|r| r.comparison == Some(id))
            .map(|r| r.id)
            .collect()
    });
    let auto = queue.auto.clone();
    match (auto, queue.refitting) {
        (Some(auto), Some(trained)) => {
            let mut failed = queue.left_out;
            if state.stop_asked.get_untracked() {
                failed.push("Stopped while its members trained again.".into());
            }
            rank_auto(state, &trained, Some(&ids), failed, auto);
        }
        _ if ids.is_empty() => {}
        (Some(auto), None) => {
            state.compared.set(ids.clone());
            let trained = TrainedCandidates {
                runs: ids,
                planned: queue.planned.len(),
                left_out: queue.left_out,
            };
            let ended_well = state.status.get_untracked() == RunStatus::Done
                && !state.stop_asked.get_untracked();
            let again = match ended_well {
                true => refit_configs(state, &trained.runs),
                false => Vec::new(),
            };
            if again.is_empty() {
                rank_auto(state, &trained, None, Vec::new(), auto);
                return None;
            }
            return queue_refits(state, again, trained, auto);
        }
        (None, _) => state.compared.set(ids),
    }
    None
}

/// The settings of the members of the candidates `runs` (history ids, in
/// the order planned) to train again (`policypu::auto_learner::refit`).
fn refit_configs(state: AppState, runs: &[u64]) -> Vec<RunConfig> {
    state.runs.with_untracked(|records| {
        let candidates = candidate_records(records, runs);
        let configs: Vec<&RunConfig> = candidates.iter().map(|r| &r.config).collect();
        refits(&ranked(&candidates), &configs)
            .into_iter()
            .map(|(_, again)| again)
            .collect()
    })
}

/// Queue the refits `again` of `trained`'s members as auto's second phase,
/// and give the first's settings.
fn queue_refits(
    state: AppState,
    again: Vec<RunConfig>,
    trained: TrainedCandidates,
    auto: RunConfig,
) -> Option<RunConfig> {
    let first = queue(state, again, Some(auto))?;
    state.comparison.update(|q| q.refitting = Some(trained));
    Some(first)
}

/// The history's records of the runs `ids`, in that order.
fn candidate_records<'a>(records: &'a [RunRecord], ids: &[u64]) -> Vec<&'a RunRecord> {
    ids.iter()
        .filter_map(|id| records.iter().find(|r| r.id == *id))
        .collect()
}

/// auto's leaderboard of its finished `candidates` (in the order planned).
fn ranked(candidates: &[&RunRecord]) -> Leaderboard {
    let runs: Vec<(&RunConfig, &[EpochReport])> = candidates
        .iter()
        .map(|r| (&r.config, r.reports.as_slice()))
        .collect();
    Leaderboard::rank(&runs, AUTO_CRITERION)
}

/// Put the runs of comparison `id` in the order `planned`, numbered in that
/// order too: two workers may finish them in another, and a link should
/// give the same table each time (and `auto`'s ties fall as in the CLI).
fn in_planned_order(runs: &mut [RunRecord], id: u64, planned: &[RunConfig]) {
    let slots: Vec<usize> = (0..runs.len())
        .filter(|&i| runs[i].comparison == Some(id))
        .collect();
    let numbers: Vec<u64> = slots.iter().map(|&i| runs[i].id).collect();
    let mut group: Vec<RunRecord> = slots.iter().map(|&i| runs[i].clone()).collect();
    group.sort_by_key(|r| planned.iter().position(|c| *c == r.config));
    for ((slot, number), mut run) in slots.into_iter().zip(numbers).zip(group) {
        run.id = number;
        runs[slot] = run;
    }
}

/// Rank the finished candidates `trained` of the `auto` run of `config`
/// and keep auto's model, the mean of the first candidates, each member
/// that trained again to the end (its refit among the runs `refit_ids`,
/// `None` where the members were not to train again) by its refit;
/// `refits_failed` says which stayed as trained as their refit failed.
fn rank_auto(
    state: AppState,
    trained: &TrainedCandidates,
    refit_ids: Option<&[u64]>,
    refits_failed: Vec<String>,
    config: RunConfig,
) {
    let outcome = state.runs.with_untracked(|runs| {
        let candidates = candidate_records(runs, &trained.runs);
        let ids: Vec<u64> = candidates.iter().map(|r| r.id).collect();
        let board = ranked(&candidates);
        let scores: Vec<Option<&TestScores>> = candidates
            .iter()
            .map(|r| r.test_scores.as_deref())
            .collect();
        let configs: Vec<&RunConfig> = candidates.iter().map(|r| &r.config).collect();
        // A member's refit, if it trained, by its settings.
        let refitted: Vec<(usize, u64, &TestScores)> = refits(&board, &configs)
            .into_iter()
            .filter_map(|(position, again)| {
                let run = runs.iter().find(|r| {
                    refit_ids.is_some_and(|ids| ids.contains(&r.id))
                        && r.config == again
                        && r.outcome == RunOutcome::Done
                })?;
                Some((position, run.id, run.test_scores.as_deref()?))
            })
            .collect();
        let again: Vec<(usize, &TestScores)> = refitted.iter().map(|(p, _, s)| (*p, *s)).collect();
        let averaged = averaged_refitted(&board, &scores, &again);
        let refitted: Vec<(usize, u64)> = refitted.iter().map(|(p, id, _)| (*p, *id)).collect();
        let positions: Vec<usize> = refitted.iter().map(|(p, _)| *p).collect();
        // A stopped or failed candidate ends auto before any member trains again.
        let refit_note =
            refit_ids.and_then(|_| refit_sentence(&board, &configs, &positions, config.model));
        let prior = ranking_prior(candidates.iter().map(|r| {
            let started = r.charts.as_ref().map(|c| &c.started);
            (r.config.learner, started.and_then(|s| s.prior.as_ref()))
        }));
        AutoOutcome {
            kept: match averaged {
                Some(_) => AutoKept::Averaged,
                None => board
                    .chosen()
                    .map_or(AutoKept::Nothing, |s| AutoKept::Candidate(ids[s.candidate])),
            },
            board,
            runs: ids.clone(),
            planned: trained.planned,
            left_out: trained.left_out.clone(),
            refits: refitted,
            refit_note,
            refits_failed,
            config,
            averaged,
            prior,
            charted: None,
        }
    });
    let members: Vec<u64> = outcome
        .board
        .members()
        .iter()
        .map(|s| outcome.runs[s.candidate])
        .collect();
    if !members.is_empty() {
        state.compared.set(members);
    }
    state.auto.set(Some(outcome.clone()));
    keep(state, &outcome, outcome.kept);
}

/// Make `kept` (auto's average, or one of `outcome`'s candidates) the model
/// the page exports and scores with, show its run in the charts (for the
/// average, its first member's), and tick a kept candidate for comparison. Should the average's model file fail
/// to build, the first candidate's is kept, and the console says why.
pub fn keep(state: AppState, outcome: &AutoOutcome, kept: AutoKept) {
    let model_of = |id: u64| {
        state.runs.with_untracked(|runs| {
            runs.iter()
                .find(|r| r.id == id)
                .and_then(|r| r.model.clone())
        })
    };
    let (kept, model) = match kept {
        AutoKept::Candidate(id) if outcome.runs.contains(&id) => (kept, model_of(id)),
        AutoKept::Averaged => match averaged_model(outcome, &model_of) {
            Ok(bytes) => (kept, Some(Arc::new(bytes))),
            Err(e) => {
                web_sys::console::warn_1(&format!("auto's averaged model: {e}").into());
                let first = outcome.board.chosen().map(|s| outcome.runs[s.candidate]);
                match first {
                    Some(id) => (AutoKept::Candidate(id), model_of(id)),
                    None => (AutoKept::Nothing, None),
                }
            }
        },
        _ => return,
    };
    state.model.set(model);
    // A candidate kept from outside the mean joins the comparison's curves.
    if let AutoKept::Candidate(id) = kept {
        state.compared.update(|ticked| {
            if !ticked.contains(&id) {
                ticked.push(id);
            }
        });
    }
    state.auto.update(|a| {
        if let Some(a) = a {
            a.kept = kept;
        }
    });
    charted_run::show_kept(state);
}

/// The model file of auto's average: its members' model files as one, a
/// refitted member's its refit's.
fn averaged_model(
    outcome: &AutoOutcome,
    model_of: &dyn Fn(u64) -> Option<Arc<Vec<u8>>>,
) -> Result<Vec<u8>, String> {
    let mut members = Vec::new();
    for standing in outcome.board.members() {
        let refit = outcome
            .refits
            .iter()
            .find(|(p, _)| *p == standing.candidate);
        let run = refit.map_or(outcome.runs[standing.candidate], |(_, id)| *id);
        let bytes =
            model_of(run).ok_or_else(|| format!("{} sent no model", standing.learner.name()))?;
        members.push(SavedModel::from_bytes(&bytes).map_err(|e| e.to_string())?);
    }
    if members.is_empty() {
        return Err("no candidate trained an epoch".into());
    }
    SavedModel::averaging(outcome.config.clone(), members)
        .and_then(|m| m.to_bytes())
        .map_err(|e| e.to_string())
}

//! Comparing learners: several runs one after another in the worker on the
//! same split (same data, split settings and seed), differing in learner
//! (and, for `auto`, preset); their runs are then ticked for the comparison
//! view. An `auto` run is such a comparison of its candidates, ranked on the
//! PU validation split when it ends. This is the comparison's queue;
//! [`lifecycle`](crate::run::lifecycle) starts its runs.

use leptos::prelude::*;
use policypu::config::{Learner, ModelPreset, RunConfig};
use policypu::report::EpochReport;
use policypu::selection::auto::{AUTO_CRITERION, Leaderboard, candidate_configs};

use crate::state::{AppState, AutoOutcome, ComparisonQueue};

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
    state.auto.set(None);
    queue(state, candidate_configs(config), Some(config.model))
}

fn queue(state: AppState, configs: Vec<RunConfig>, auto: Option<ModelPreset>) -> Option<RunConfig> {
    let (first, rest) = configs.split_first()?;
    let id = state.comparison.get_untracked().id + 1;
    state.comparison.set(ComparisonQueue {
        id,
        total: configs.len(),
        waiting: rest.to_vec(),
        auto,
        active: true,
    });
    Some(first.clone())
}

/// After a run of the comparison finished: take its next run off the
/// queue and give its settings (none when no comparison is running or no
/// run is left).
pub fn next(state: AppState) -> Option<RunConfig> {
    let mut queue = state.comparison.get_untracked();
    if !queue.active || queue.waiting.is_empty() {
        return None;
    }
    let config = queue.waiting.remove(0);
    state.comparison.set(queue);
    Some(config)
}

/// End the comparison, if one is running: clear its queue and tick its runs
/// (already in the history) for the comparison view; for `auto`, rank its
/// candidates and keep the first one's model.
pub fn finish(state: AppState) {
    let queue = state.comparison.get_untracked();
    if !queue.active {
        return;
    }
    let id = queue.id;
    state.comparison.set(ComparisonQueue {
        id,
        ..ComparisonQueue::default()
    });
    let ticked: Vec<u64> = state.runs.with_untracked(|runs| {
        runs.iter()
            .filter(|r| r.comparison == Some(id))
            .map(|r| r.id)
            .collect()
    });
    if ticked.is_empty() {
        return;
    }
    state.compared.set(ticked.clone());
    if let Some(model) = queue.auto {
        rank_auto(state, ticked, queue.total, model);
    }
}

/// Rank the finished candidate runs `ids` of an `auto` run on preset
/// `model` and keep the chosen one's model.
fn rank_auto(state: AppState, ids: Vec<u64>, planned: usize, model: ModelPreset) {
    let outcome = state.runs.with_untracked(|runs| {
        let candidates: Vec<(&RunConfig, &[EpochReport])> = runs
            .iter()
            .filter(|r| ids.contains(&r.id))
            .map(|r| (&r.config, r.reports.as_slice()))
            .collect();
        let board = Leaderboard::rank(&candidates, AUTO_CRITERION);
        let kept = board.chosen().map(|s| ids[s.candidate]);
        AutoOutcome {
            board,
            runs: ids.clone(),
            planned,
            model,
            kept,
        }
    });
    keep(state, &outcome, outcome.kept);
    state.auto.set(Some(outcome));
}

/// Make run `id` (one of `outcome`'s candidates) the one whose model the
/// page exports and scores with.
pub fn keep(state: AppState, outcome: &AutoOutcome, id: Option<u64>) {
    let Some(id) = id.filter(|id| outcome.runs.contains(id)) else {
        return;
    };
    let model = state.runs.with_untracked(|runs| {
        runs.iter()
            .find(|r| r.id == id)
            .and_then(|r| r.model.clone())
    });
    state.model.set(model);
    state.auto.update(|a| {
        if let Some(a) = a {
            a.kept = Some(id);
        }
    });
}

//! Comparing learners: several learners run one after another in the worker
//! on the same split (same data, split settings and seed), and their runs
//! are then ticked for the comparison view. This is the comparison's queue;
//! [`lifecycle`](crate::run::lifecycle) starts its runs.

use leptos::prelude::*;
use policypu::config::{Learner, RunConfig};

use crate::state::{AppState, ComparisonQueue};

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
    let (&first, rest) = learners.split_first()?;
    let base = state.config.get_untracked();
    let id = state.comparison.get_untracked().id + 1;
    state.comparison.set(ComparisonQueue {
        id,
        base: Some(base.clone()),
        waiting: rest.to_vec(),
        active: true,
    });
    Some(with_learner(&base, first))
}

/// After a run of the comparison finished: take its next learner off the
/// queue and give the settings of its run (none when no comparison is
/// running or no learner is left).
pub fn next(state: AppState) -> Option<RunConfig> {
    let mut queue = state.comparison.get_untracked();
    if !queue.active || queue.waiting.is_empty() {
        return None;
    }
    let learner = queue.waiting.remove(0);
    let config = with_learner(queue.base.as_ref()?, learner);
    state.comparison.set(queue);
    Some(config)
}

/// End the comparison, if one is running: clear its queue and tick its runs
/// (already in the history) for the comparison view.
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
    if !ticked.is_empty() {
        state.compared.set(ticked);
    }
}

fn with_learner(base: &RunConfig, learner: Learner) -> RunConfig {
    RunConfig {
        learner,
        ..base.clone()
    }
}

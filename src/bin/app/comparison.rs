//! Comparing learners: several learners run one after another in the worker
//! on the same split (same data, split settings and seed), and their runs
//! are then ticked for the comparison view.

use leptos::prelude::*;
use policypu::config::{Learner, RunConfig};

use crate::controls::start_with;
use crate::state::{AppState, ComparisonQueue, RunOutcome};

/// The learners a comparison offers by default: the paper's Figs. 3–4.
pub const DEFAULT_LEARNERS: [Learner; 5] = [
    Learner::Weighter,
    Learner::Separator,
    Learner::NnPu,
    Learner::BiasedPu,
    Learner::OraclePn,
];

/// Run `learners` one after another on the form's settings.
pub fn start(state: AppState, learners: Vec<Learner>) {
    let Some((&first, rest)) = learners.split_first() else {
        return;
    };
    let base = state.config.get_untracked();
    let id = state.comparison.get_untracked().id + 1;
    state.comparison.set(ComparisonQueue {
        id,
        base: Some(base.clone()),
        waiting: rest.to_vec(),
        active: true,
    });
    start_with(state, with_learner(&base, first));
}

fn with_learner(base: &RunConfig, learner: Learner) -> RunConfig {
    RunConfig {
        learner,
        ..base.clone()
    }
}

/// After a run ended (already in the history): start the comparison's next
/// learner, or, at its end, tick its runs for the comparison view.
pub fn after_run(state: AppState, outcome: Option<RunOutcome>) {
    let mut queue = state.comparison.get_untracked();
    if !queue.active {
        return;
    }
    let next = match outcome {
        Some(RunOutcome::Done) if !queue.waiting.is_empty() => Some(queue.waiting.remove(0)),
        _ => None,
    };
    match (next, queue.base.clone()) {
        (Some(learner), Some(base)) => {
            state.comparison.set(queue);
            start_with(state, with_learner(&base, learner));
        }
        _ => {
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
    }
}

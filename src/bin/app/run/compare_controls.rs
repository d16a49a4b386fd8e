//! "Compare learners": tick learners, then run them one after another (or
//! two at a time, `side_worker`) on the form's split (same data, split settings and seed). Folded to one line
//! (with the comparison's progress) until opened, so the results stay in view.

use leptos::prelude::*;
use policypu::config::{DataConfig, Learner};

use crate::run::comparison::DEFAULT_LEARNERS;
use crate::run::lifecycle;
use crate::state::use_app_state;

/// The learner checkboxes, the run button and the comparison's progress.
#[component]
pub fn CompareControls() -> impl IntoView {
    let state = use_app_state();
    let chosen = RwSignal::new(DEFAULT_LEARNERS.to_vec());
    let toggle = move |learner: Learner| {
        chosen.update(|c| match c.iter().position(|l| *l == learner) {
            Some(i) => {
                c.remove(i);
            }
            None => {
                c.push(learner);
                c.sort_by_key(|l| Learner::trainable().position(|a| a == *l));
            }
        })
    };
    // Why a learner cannot run on the form's data (it needs a truth column
    // the CSV run lacks), if so.
    let refusal = move |learner: Learner| {
        state.config.with(|c| {
            let no_truth =
                matches!(&c.data, DataConfig::Csv { columns } if columns.truth.is_none());
            no_truth
                .then(|| learner.truth_need(c.nnpu.prior.is_some()))
                .flatten()
                .map(|need| need.refusal(learner))
        })
    };
    let runnable = move || {
        chosen.with(|c| {
            c.iter()
                .copied()
                .filter(|l| refusal(*l).is_none())
                .collect::<Vec<_>>()
        })
    };
    let busy = move || state.status.with(|s| s.is_active());
    let progress = move || {
        let queue = state.comparison.get();
        queue.active.then(|| {
            let current = state
                .run_config
                .with(|c| c.as_ref().map(|c| queue.run_name(c)).unwrap_or_default());
            let total = queue.planned.len();
            let at = total - queue.waiting.len();
            let beside = queue
                .beside
                .as_ref()
                .map(|c| format!(" and {} in a second worker", queue.run_name(c)))
                .unwrap_or_default();
            match (queue.auto, queue.refitting) {
                (Some(_), Some(_)) => {
                    format!("auto: member {at} of {total} again, {current}{beside}.")
                }
                (Some(_), None) => format!("auto: candidate {at} of {total}, {current}{beside}."),
                (None, _) => format!(
                    "Comparing: now {current}{beside}, {} more to go.",
                    queue.waiting.len()
                ),
            }
        })
    };
    view! {
        <details class="panel compare-controls" id="compare-controls">
            <summary>
                <span id="compare-title">"Compare learners on the same split"</span>
                " "<span class="hint" id="compare-progress" aria-live="polite">{progress}</span>
            </summary>
            <div class="checks" role="group" aria-label="Learners to compare">
                {Learner::trainable().enumerate().map(|(i, learner)| {
                    view! {
                        <label class="check" title=move || refusal(learner).unwrap_or_default()>
                            <input type="checkbox" id=format!("compare-learner-{i}")
                                prop:checked=move || refusal(learner).is_none() && chosen.with(|c| c.contains(&learner))
                                prop:disabled=move || refusal(learner).is_some()
                                on:change=move |_| toggle(learner)/>
                            {learner.name()}
                        </label>
                    }
                }).collect_view()}
            </div>
            {move || {
                let left_out: Vec<&str> = Learner::trainable()
                    .filter(|l| refusal(*l).is_some())
                    .map(Learner::name)
                    .collect();
                (!left_out.is_empty()).then(|| view! {
                    <p class="hint" id="compare-needs-truth">
                        {format!(
                            "Not available without a truth column: {} (they need the true labels or the true class prior; hover for what to do).",
                            left_out.join(", ")
                        )}
                    </p>
                })
            }}
            <button id="compare-run" type="button"
                disabled=move || busy() || runnable().is_empty()
                on:click=move |_| lifecycle::start_comparison(state, runnable())>
                "Run the comparison"
            </button>
        </details>
    }
}

//! "Compare learners": tick learners, then run them one after another (or
//! two at a time, `side_worker`) on the form's split (same data, split settings and seed). Folded to one line
//! (with the comparison's progress) until opened, so the results stay in view.

use leptos::prelude::*;
use policypu::config::Learner;

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
    let busy = move || state.status.with(|s| s.is_active());
    let progress = move || {
        let queue = state.comparison.get();
        queue.active.then(|| {
            let current = state
                .run_config
                .with(|c| c.as_ref().map(|c| c.learner_label()).unwrap_or_default());
            let total = queue.planned.len();
            let at = total - queue.waiting.len();
            let beside = queue
                .beside
                .map(|c| format!(" and {} in a second worker", c.learner_label()))
                .unwrap_or_default();
            match queue.auto {
                Some(_) => format!("auto: candidate {at} of {total}, {current}{beside}."),
                None => format!(
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
                        <label class="check">
                            <input type="checkbox" id=format!("compare-learner-{i}")
                                prop:checked=move || chosen.with(|c| c.contains(&learner))
                                on:change=move |_| toggle(learner)/>
                            {learner.name()}
                        </label>
                    }
                }).collect_view()}
            </div>
            <button id="compare-run" type="button"
                disabled=move || busy() || chosen.with(Vec::is_empty)
                on:click=move |_| lifecycle::start_comparison(state, chosen.get_untracked())>
                "Run the comparison"
            </button>
        </details>
    }
}

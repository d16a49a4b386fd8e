//! Train, pause, resume, step and stop; the progress bar; the device badge.

use leptos::prelude::*;
use policypu::auto_learner::prior_sentence;
use policypu::page::pace::Pace;
use policypu::page::protocol::ToWorker;
use policypu::user_text::capitalised;

use crate::run::lifecycle;
use crate::run::skip_to_train::bring_run_into_view;
use crate::run::{worker_client, worker_kind};
use crate::state::{Charted, RunStatus, use_app_state};

/// The buttons, the progress bar and the device line.
#[component]
pub fn RunControls() -> impl IntoView {
    let state = use_app_state();
    let section = NodeRef::<leptos::html::Section>::new();
    let status = state.status;
    let active = move || status.get().is_active();
    let paused = move || status.get() == RunStatus::Paused;
    let fraction = move || {
        let total = state
            .started
            .with(|s| s.as_ref().map_or(0, |s| s.total_batches));
        let done = state.progress.with(|p| p.as_ref().map_or(0, |p| p.done));
        if total == 0 {
            0.0
        } else {
            done as f64 / total as f64
        }
    };
    // Once auto has ended, the last progress was whichever candidate ended
    // last, not the one the charts show: the auto line says what was kept.
    let auto_ended =
        move || !state.comparison.with(|q| q.active) && state.auto.with(Option::is_some);
    let stage_text = move || {
        if auto_ended() {
            return None;
        }
        state.progress.with(|p| {
            p.as_ref().map(|p| {
                format!(
                    "{} · epoch {} · batch {}/{}",
                    p.stage.label(),
                    p.epoch,
                    p.batch,
                    p.batches
                )
            })
        })
    };
    view! {
        <section class="controls" id="run-controls" aria-label="Training controls" tabindex="-1"
            node_ref=section>
            <div class="buttons">
                <button id="train" class="primary" disabled=active on:click=move |_| {
                    // Train is disabled next: focus waits on the controls, so
                    // Tab goes on to Pause and Stop, not from the page's top.
                    if let Some(section) = section.get_untracked() {
                        let _ = section.focus();
                    }
                    lifecycle::start_run(state);
                    bring_run_into_view("run-controls");
                }>
                    "Train"
                </button>
                <Show
                    when=paused
                    fallback=move || view! {
                        <button id="pause" on:click=move |_| lifecycle::pause(state)
                            disabled=move || status.get() != RunStatus::Running>"Pause"</button>
                    }
                >
                    <button id="resume" on:click=move |_| lifecycle::resume(state)>"Resume"</button>
                </Show>
                <button id="step" on:click=move |_| worker_client::send(state, ToWorker::Step) disabled=move || !paused()
                    title="Train exactly one mini-batch">"Step"</button>
                <button id="stop" on:click=move |_| lifecycle::stop(state)
                    disabled=move || !active() || state.stop_asked.get()>
                    "Stop"
                </button>
            </div>
            <div class="progress" role="progressbar" aria-label="Training progress"
                aria-valuemin="0" aria-valuemax="100" aria-valuenow=move || format!("{:.0}", fraction() * 100.0)>
                <div class="bar" style=move || format!("transform: scaleX({:.4})", fraction())></div>
            </div>
            <p class="stage" id="stage">{stage_text}</p>
            <TimeLeft/>
            <StatusLine/>
            <AutoLine/>
            <ComparedLine/>
            <DeviceLine/>
            <PriorLine/>
            <SplitNotes/>
        </section>
    }
}

/// How long the run has left at its pace since it last started running;
/// nothing for a short run.
#[component]
fn TimeLeft() -> impl IntoView {
    let state = use_app_state();
    let pace = StoredValue::new(None::<Pace>);
    // A pause, a new run or an auto candidate restarts the clock.
    Effect::new(move |_| {
        state.status.track();
        pace.set_value(None);
    });
    let left = move || {
        let progress = state.progress.get()?;
        if state.status.get() != RunStatus::Running {
            return None;
        }
        let total = state
            .started
            .with_untracked(|s| s.as_ref().map(|s| s.total_batches))?;
        let now = js_sys::Date::now();
        match pace.get_value() {
            Some(pace) => pace.left(now, progress.done, total),
            None => {
                pace.set_value(Some(Pace::start(now, progress.done)));
                None
            }
        }
    };
    view! { <p class="time-left" id="time-left">{left}</p> }
}

/// What the run is doing, in words; errors in an alert.
#[component]
fn StatusLine() -> impl IntoView {
    let state = use_app_state();
    move || {
        let download = state.download.get().map(|d| match d.total {
            Some(total) if total > 0 => format!(
                "Downloading {}: {:.0}%",
                d.label,
                100.0 * d.loaded as f64 / total as f64
            ),
            _ => format!("Downloading {}: {:.1} MB", d.label, d.loaded as f64 / 1e6),
        });
        // A refusal or failure stands until the settings or the file change.
        let status = match state.status.get() {
            RunStatus::Failed(_) if state.form_changed_since_run() => RunStatus::Idle,
            status => status,
        };
        // Between runs, what stops the next one matters more than how the last one ended.
        let blocked = match status {
            RunStatus::Idle | RunStatus::Done | RunStatus::Stopped => {
                state.config.with(|c| state.not_ready(c))
            }
            _ => None,
        };
        match (status, blocked) {
            (_, Some(problem)) | (RunStatus::Failed(problem), None) => {
                let problem = capitalised(&problem);
                view! { <p class="error" role="alert" id="status">{problem}</p> }.into_any()
            }
            (status, None) => {
                let stopping = state.stop_asked.get();
                let text = match status {
                    RunStatus::LoadingData if stopping => {
                        "Stopping: the run will not start once the data has loaded.".into()
                    }
                    RunStatus::Running | RunStatus::Paused if stopping => {
                        "Stopping after the current mini-batch…".into()
                    }
                    RunStatus::Idle => {
                        "Ready: press Train to start with these settings.".to_string()
                    }
                    RunStatus::LoadingData => {
                        download.unwrap_or_else(|| "Loading the dataset…".into())
                    }
                    RunStatus::Starting => "Preparing the run: the worker splits the data and \
                                             estimates the class prior π (a minute or more on a \
                                             file of thousands of rows; Stop ends it at once)…"
                        .into(),
                    RunStatus::Running => "Training.".into(),
                    RunStatus::Paused => "Paused. Resume, or Step one mini-batch at a time.".into(),
                    RunStatus::Waiting => {
                        "This run is done; waiting for the run in the second worker.".into()
                    }
                    RunStatus::Done | RunStatus::Stopped => {
                        let ended = if status == RunStatus::Done {
                            "Done."
                        } else {
                            "Stopped."
                        };
                        if state.form_changed_since_run() {
                            format!(
                                "{ended} The settings or the file have changed since: the \
                                 results shown are of the run before. Press Train to run these."
                            )
                        } else {
                            ended.to_string()
                        }
                    }
                    RunStatus::Failed(_) => String::new(),
                };
                view! { <p class="status" id="status" aria-live="polite">{text}</p> }.into_any()
            }
        }
    }
}

/// An `auto` run: which candidate trains now, then which model it kept
/// and which candidate the charts show.
#[component]
fn AutoLine() -> impl IntoView {
    let state = use_app_state();
    move || {
        let queue = state.comparison.get();
        let current = state
            .run_config
            .with(|c| c.as_ref().map(|c| queue.run_name(c)))
            .unwrap_or_default();
        let total = queue.planned.len();
        let at = total - queue.waiting.len();
        let beside = queue.beside.as_ref().map(|c| queue.run_name(c));
        let waiting = state.status.get() == RunStatus::Waiting;
        let text = match (queue.active, &queue.auto, state.auto.get()) {
            (true, Some(_), _) if queue.refitting.is_some() => match beside {
                Some(beside) if waiting => format!(
                    "auto: {current} has trained again; waiting for the last member, {beside}, \
                     training again in a second worker."
                ),
                Some(beside) => format!(
                    "auto: training members up to {at} of {total} again on the training and \
                     validation rows: {current}, which the charts follow, and {beside} beside it \
                     in a second worker."
                ),
                None => format!(
                    "auto: training member {at} of {total} again on the training and validation \
                     rows, {current}; the charts follow it."
                ),
            },
            (true, Some(_), _) => match beside {
                Some(beside) if waiting => format!(
                    "auto: {current} is done; waiting for the last candidate, {beside}, in a \
                     second worker."
                ),
                Some(beside) => format!(
                    "auto: training candidates up to {at} of {total}: {current}, which the charts \
                     follow, and {beside} beside it in a second worker."
                ),
                None => format!(
                    "auto: training candidate {at} of {total}, {current}; the charts follow it."
                ),
            },
            (false, _, Some(outcome)) => match outcome.kept_model() {
                Some((kept, _)) => format!(
                    "auto kept {kept} (its leaderboard is below); the charts show {}. The model \
                     download and scoring use the kept model.",
                    outcome.charted_in_words(&current)
                ),
                None => "auto kept no model: see its leaderboard below.".into(),
            },
            _ => return None,
        };
        Some(view! { <p class="auto-line" id="auto-line" aria-live="polite">{text}</p> })
    }
}

/// Once a comparison (not auto's) has ended: where its runs are, and that
/// the scores and charts above show one of them.
#[component]
fn ComparedLine() -> impl IntoView {
    let state = use_app_state();
    move || {
        let ended = matches!(state.status.get(), RunStatus::Done | RunStatus::Stopped);
        let queue = state.comparison.get();
        if !ended || queue.active || state.auto.with(Option::is_some) {
            return None;
        }
        let shown = state.run_config.get()?;
        let count = state.runs.with(|runs| {
            let id = runs.iter().rev().find(|r| r.config == shown)?.comparison?;
            (id == queue.id).then(|| runs.iter().filter(|r| r.comparison == Some(id)).count())
        })?;
        let (runs, are) = if count == 1 {
            ("run", "is")
        } else {
            ("runs", "are")
        };
        let text = format!(
            "The comparison's {count} {runs} {are} in the run history below, each at its kept \
             epoch; the scores and charts above show one of them, {}, the last to train in view.",
            shown.learner_label()
        );
        Some(view! { <p class="auto-line" id="compared-line">{text}</p> })
    }
}

/// Which device trains, and why.
#[component]
fn DeviceLine() -> impl IntoView {
    let state = use_app_state();
    move || {
        state.device().map(|d| {
            view! {
                <p class="device" id="device">
                    <span class="badge" class:gpu=d.gpu>{d.label()}</span>
                    " "
                    <span class="reason">
                        {d.reason.clone()}
                        {(!d.gpu).then(worker_kind::threads_failed_note).flatten()}
                    </span>
                </p>
            }
        })
    }
}

/// The run's class prior, where it came from, how far an estimate is from
/// the truth when the truth is known, and whether the learner uses it.
/// Beside auto's mean it is the prior the mean's PU figures assume (its
/// ranking candidate's, as the CLI says), not that of the member whose
/// epochs the charts show.
#[component]
fn PriorLine() -> impl IntoView {
    let state = use_app_state();
    move || {
        let beside_mean = state.auto.with(|a| {
            a.as_ref()
                .filter(|a| a.charted == Some(Charted::Mean))
                .map(|a| {
                    let members = a.board.members();
                    (
                        a.prior.clone(),
                        members.first().map(|s| s.label(a.config.model)),
                    )
                })
        });
        let started = state
            .started
            .with(|s| s.as_ref().and_then(|s| s.prior.clone()));
        let (prior, sentence) = match (beside_mean, started) {
            (Some((Some(ranking), _)), _) => {
                let sentence = prior_sentence(&ranking);
                (ranking, sentence)
            }
            (Some((None, Some(name))), Some(prior)) => {
                let sentence = prior.sentence_beside_auto(&name);
                (prior, sentence)
            }
            (_, Some(prior)) => {
                let sentence = prior.sentence();
                (prior, sentence)
            }
            (_, None) => return None,
        };
        Some(view! {
            <p class="prior" id="prior" data-value=format!("{}", prior.rho)>
                {sentence}
            </p>
        })
    }
}

/// What the split and the workload estimate say the run can and cannot do.
#[component]
fn SplitNotes() -> impl IntoView {
    let state = use_app_state();
    move || {
        let notes = state
            .started
            .with(|s| s.as_ref().map(|s| s.notes.clone()).unwrap_or_default());
        (!notes.is_empty()).then(|| {
            view! {
                <ul class="split-notes" id="split-notes">
                    {notes.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
            }
        })
    }
}

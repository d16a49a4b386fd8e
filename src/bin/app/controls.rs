//! Train, pause, resume, step and stop; the progress bar; the device badge.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use policypu::config::{DataConfig, RunConfig};
use policypu::data::pubin::parse_pubin;
use policypu::protocol::{DataPayload, ToWorker};
use policypu::report::PriorSource;
use serde_bytes::ByteBuf;

use crate::data_loader;
use crate::state::{AppState, NO_CSV, RunStatus, use_app_state};
use crate::worker_client;

/// Start a run of the form's settings.
pub fn start_run(state: AppState) {
    start_with(state, state.config.get_untracked());
}

/// Start a run of `config`: fetch or take its data, then hand both to the worker.
pub fn start_with(state: AppState, config: RunConfig) {
    if state.not_ready(&config).is_some() {
        // The status line shows the problem, and updates as it is fixed.
        state.status.set(RunStatus::Idle);
        return;
    }
    state.reset_run(config.clone());
    state.status.set(RunStatus::LoadingData);
    spawn_local(async move {
        let data = match &config.data {
            DataConfig::Builtin { dataset, .. } => {
                let loaded =
                    data_loader::load(*dataset, move |p| state.download.set(Some(p))).await;
                state.download.set(None);
                match loaded {
                    Ok(bytes) => {
                        state
                            .images
                            .set(parse_pubin(&bytes.train).ok().map(Arc::new));
                        DataPayload::Builtin {
                            train: ByteBuf::from(bytes.train.clone()),
                            test: ByteBuf::from(bytes.test.clone()),
                        }
                    }
                    Err(message) => return state.status.set(RunStatus::Failed(message)),
                }
            }
            DataConfig::Csv { .. } => match state.csv.get_untracked() {
                Some(file) => DataPayload::Csv {
                    bytes: ByteBuf::from(file.bytes.to_vec()),
                },
                None => {
                    return state.status.set(RunStatus::Failed(NO_CSV.into()));
                }
            },
        };
        state.status.set(RunStatus::Starting);
        worker_client::send(
            state,
            ToWorker::Start {
                config: Box::new(config),
                data,
            },
        );
    });
}

/// The buttons, the progress bar and the device line.
#[component]
pub fn RunControls() -> impl IntoView {
    let state = use_app_state();
    let status = state.status;
    let active = move || status.get().is_active();
    let paused = move || status.get() == RunStatus::Paused;
    let fraction = move || {
        let total = state
            .started
            .with(|s| s.as_ref().map_or(0, |s| s.total_batches));
        let done = state.progress.with(|p| p.batches_done);
        if total == 0 {
            0.0
        } else {
            done as f64 / total as f64
        }
    };
    let stage_text = move || {
        state.progress.with(|p| {
            p.latest.as_ref().map(|p| {
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
        <section class="controls" aria-label="Training controls">
            <div class="buttons">
                <button id="train" class="primary" on:click=move |_| start_run(state) disabled=active>
                    "Train"
                </button>
                <Show
                    when=paused
                    fallback=move || view! {
                        <button id="pause" on:click=move |_| worker_client::send(state, ToWorker::Pause)
                            disabled=move || status.get() != RunStatus::Running>"Pause"</button>
                    }
                >
                    <button id="resume" on:click=move |_| worker_client::send(state, ToWorker::Resume)>"Resume"</button>
                </Show>
                <button id="step" on:click=move |_| worker_client::send(state, ToWorker::Step) disabled=move || !paused()
                    title="Train exactly one mini-batch">"Step"</button>
                <button id="stop" on:click=move |_| worker_client::send(state, ToWorker::Stop) disabled=move || !active()>
                    "Stop"
                </button>
            </div>
            <div class="progress" role="progressbar" aria-label="Training progress"
                aria-valuemin="0" aria-valuemax="100" aria-valuenow=move || format!("{:.0}", fraction() * 100.0)>
                <div class="bar" style=move || format!("width: {:.1}%", fraction() * 100.0)></div>
            </div>
            <p class="stage" id="stage">{stage_text}</p>
            <StatusLine/>
            <DeviceLine/>
            <PriorLine/>
            <SplitNotes/>
        </section>
    }
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
        let status = state.status.get();
        // Between runs, what stops the next one matters more than how the last one ended.
        let blocked = match status {
            RunStatus::Idle | RunStatus::Done | RunStatus::Stopped => {
                state.config.with(|c| state.not_ready(c))
            }
            _ => None,
        };
        match (status, blocked) {
            (_, Some(problem)) | (RunStatus::Failed(problem), None) => {
                view! { <p class="error" role="alert" id="status">{problem}</p> }.into_any()
            }
            (status, None) => {
                let text = match status {
                    RunStatus::Idle => {
                        "Ready: press Train to start with these settings.".to_string()
                    }
                    RunStatus::LoadingData => {
                        download.unwrap_or_else(|| "Loading the dataset…".into())
                    }
                    RunStatus::Starting => "Starting the worker…".into(),
                    RunStatus::Running => "Training.".into(),
                    RunStatus::Paused => "Paused. Resume, or Step one mini-batch at a time.".into(),
                    RunStatus::Done => "Done.".into(),
                    RunStatus::Stopped => "Stopped.".into(),
                    RunStatus::Failed(_) => String::new(),
                };
                view! { <p class="status" id="status" aria-live="polite">{text}</p> }.into_any()
            }
        }
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
                    <span class="reason">{d.reason.clone()}</span>
                </p>
            }
        })
    }
}

/// The class prior the run's learner uses, where it came from, and how far
/// an estimate is from the truth when the truth is known.
#[component]
fn PriorLine() -> impl IntoView {
    let state = use_app_state();
    move || {
        let prior = state
            .started
            .with(|s| s.as_ref().and_then(|s| s.prior.clone()))?;
        let source = match prior.source {
            PriorSource::Truth => "the split's true value".to_string(),
            PriorSource::Given => "given in the settings".to_string(),
            PriorSource::Estimated(method) => format!("estimated by {}", method.name()),
        };
        let truth = match (prior.source, prior.true_rho) {
            (PriorSource::Truth, _) | (_, None) => String::new(),
            (_, Some(t)) => format!(" (true {t:.3}, error {:+.3})", prior.rho - t),
        };
        Some(view! {
            <p class="prior" id="prior" data-value=format!("{}", prior.rho)>
                {format!("Class prior ρ = {:.3}, {source}{truth}.", prior.rho)}
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

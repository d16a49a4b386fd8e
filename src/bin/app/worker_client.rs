//! The page's side of the worker: spawn it, wait for "ready", send
//! commands, and fold its messages into the state. A crashed worker is
//! replaced by a fresh one on the next start.

use std::cell::RefCell;
use std::sync::Arc;

use leptos::prelude::*;
use policypu::protocol::{FromWorker, ToWorker};
use serde::Serialize;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};

use crate::state::{AppState, RunOutcome, RunStatus};
use crate::{comparison, run_history};

/// A live worker and the messages waiting for its "ready".
struct Live {
    worker: Worker,
    ready: bool,
    queue: Vec<ToWorker>,
    // Kept alive as long as the worker.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

thread_local! {
    static LIVE: RefCell<Option<Live>> = const { RefCell::new(None) };
    /// When the worker last said anything (ms since the epoch).
    static LAST_HEARD: RefCell<f64> = const { RefCell::new(0.0) };
}

/// Silence after which a running worker is taken for hung (a lost GPU
/// device can leave a read-back waiting forever). Long enough for the
/// paper's CNN on a slow device.
const SILENCE_LIMIT_MS: f64 = 120_000.0;

/// Check every few seconds that a running worker still talks; end the run
/// with a clear message when it does not.
pub fn start_watchdog(state: AppState) {
    let check = Closure::<dyn FnMut()>::new(move || {
        let silent_for = js_sys::Date::now() - LAST_HEARD.with(|t| *t.borrow());
        let waiting = matches!(
            state.status.get_untracked(),
            RunStatus::Running | RunStatus::Starting
        );
        if waiting && silent_for > SILENCE_LIMIT_MS {
            discard();
            comparison::after_run(state, None);
            state.status.set(RunStatus::Failed(format!(
                "The training worker has not answered for {:.0} s: the GPU device may have been lost. \
                 Your settings are kept; choose the CPU backend and press Train to start again.",
                silent_for / 1000.0
            )));
        }
    });
    if let Some(window) = web_sys::window() {
        let _ = window.set_interval_with_callback_and_timeout_and_arguments_0(
            check.as_ref().unchecked_ref(),
            5_000,
        );
    }
    check.forget();
}

/// Let browser tests crash the worker on purpose: `window.policypuCrashWorkerForTest()`.
pub fn expose_crash_hook(state: AppState) {
    let crash = Closure::<dyn FnMut()>::new(move || send(state, ToWorker::CrashForTest));
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::set(
            &window,
            &"policypuCrashWorkerForTest".into(),
            crash.as_ref(),
        );
    }
    crash.forget();
}

fn heard_now() {
    LAST_HEARD.with(|t| *t.borrow_mut() = js_sys::Date::now());
}

/// Send a command, starting a worker first if there is none.
pub fn send(state: AppState, command: ToWorker) {
    // The silence clock starts from the command, not from the last run.
    heard_now();
    let needs_worker = LIVE.with(|l| l.borrow().is_none());
    if needs_worker && let Err(message) = spawn(state) {
        state.status.set(RunStatus::Failed(message));
        return;
    }
    LIVE.with(|l| {
        if let Some(live) = l.borrow_mut().as_mut() {
            if live.ready {
                post(&live.worker, &command);
            } else {
                live.queue.push(command);
            }
        }
    });
}

/// End the worker (used after a crash, so the next run gets a fresh one).
pub fn discard() {
    LIVE.with(|l| {
        if let Some(live) = l.borrow_mut().take() {
            live.worker.terminate();
        }
    });
}

fn post(worker: &Worker, command: &ToWorker) {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    match command.serialize(&serializer) {
        Ok(value) => {
            if let Err(e) = worker.post_message(&value) {
                web_sys::console::error_2(&"posting to the worker failed".into(), &e);
            }
        }
        Err(e) => web_sys::console::error_1(&format!("cannot encode a command: {e}").into()),
    }
}

fn spawn(state: AppState) -> Result<(), String> {
    let worker = Worker::new("./worker_loader.js")
        .map_err(|e| format!("The training worker could not start ({e:?}). Reload the page."))?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        heard_now();
        match serde_wasm_bindgen::from_value::<FromWorker>(event.data()) {
            Ok(FromWorker::Ready) => flush_queue(),
            Ok(message) => apply(state, message),
            Err(e) => web_sys::console::error_1(
                &format!("unreadable message from the worker: {e}").into(),
            ),
        }
    });
    let on_error = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
        event.prevent_default();
        discard();
        let detail = event.message();
        // The worker's panic hook may already have said more; keep that message.
        comparison::after_run(state, None);
        if !matches!(state.status.get_untracked(), RunStatus::Failed(_)) {
            state.status.set(RunStatus::Failed(format!(
                "The training worker stopped unexpectedly ({detail}). Your settings are kept: press Train \
                 to start again in a fresh worker."
            )));
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    heard_now();
    LIVE.with(|l| {
        *l.borrow_mut() = Some(Live {
            worker,
            ready: false,
            queue: Vec::new(),
            _on_message: on_message,
            _on_error: on_error,
        })
    });
    Ok(())
}

fn flush_queue() {
    LIVE.with(|l| {
        if let Some(live) = l.borrow_mut().as_mut() {
            live.ready = true;
            for command in live.queue.drain(..) {
                post(&live.worker, &command);
            }
        }
    });
}

/// Fold one worker message into the state.
fn apply(state: AppState, message: FromWorker) {
    match message {
        // The page never asks for a benchmark: scripts/bench-browser.sh talks to a worker itself.
        FromWorker::Ready | FromWorker::BenchDone { .. } => {}
        FromWorker::Started(started) => {
            state.started.set(Some(*started));
            state.status.set(RunStatus::Running);
        }
        FromWorker::Progress(progress) => state.progress.update(|p| {
            p.batches_done += 1;
            p.latest = Some(progress);
        }),
        FromWorker::Epoch(mut report) => {
            if let Some(values) = report.unlabeled.as_mut().and_then(|u| u.values.take()) {
                state.history.update(|h| h.push(values));
            }
            state.reports.update(|r| r.push(*report));
        }
        FromWorker::Paused => state.status.set(RunStatus::Paused),
        FromWorker::Resumed => state.status.set(RunStatus::Running),
        FromWorker::Model(bytes) => state.model.set(Some(Arc::new(bytes.into_vec()))),
        FromWorker::Done => end_run(state, RunStatus::Done, Some(RunOutcome::Done)),
        FromWorker::Stopped => end_run(state, RunStatus::Stopped, Some(RunOutcome::Stopped)),
        FromWorker::Error(message) => end_run(state, RunStatus::Failed(message), None),
        FromWorker::Crashed(message) => {
            discard();
            end_run(state, RunStatus::Failed(message), None);
        }
    }
}

/// Set the final status, keep a finished run in the history, and go on with
/// a comparison (or end it after a failure).
fn end_run(state: AppState, status: RunStatus, outcome: Option<RunOutcome>) {
    state.status.set(status);
    if let Some(outcome) = outcome {
        run_history::record(state, outcome);
    }
    comparison::after_run(state, outcome);
}

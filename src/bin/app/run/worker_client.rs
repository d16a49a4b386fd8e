//! The page's side of the worker: spawn the kind a command needs
//! (`worker_kind`), wait for "ready", send commands, and fold its progress
//! into the state. How a run ends (done,
//! stopped, failed, or the worker lost) is not acted on here: it is handed
//! to the function the run was started with. A lost worker is discarded,
//! and the next command starts a fresh one.

use std::cell::{Cell, RefCell};
use std::sync::Arc;

use leptos::prelude::*;
use policypu::config::{RunConfig, TestScoring};
use policypu::page::protocol::{DataPayload, FromWorker, ToWorker, Trained};

use super::known_estimates;
use super::watchdog::{self, Clock};
use super::worker_kind::{self, WorkerKind};
use super::worker_spawn::{self, Spawned, post};
use crate::state::{AppState, RunStatus};

/// How a run ended, as the worker client tells the run's owner.
#[derive(Clone, Debug, PartialEq)]
pub enum RunEnd {
    /// It trained all its epochs.
    Done,
    /// It was stopped on request.
    Stopped,
    /// It failed, or no worker could be started for it; the message says
    /// why and what to do.
    Failed(String),
    /// The worker was lost, and has been discarded.
    Crashed(Crash),
}

/// What the run's owner does when a run ends.
pub type OnEnd = fn(AppState, RunEnd);

/// What the run's owner does once the worker has prepared the run (its
/// split, plan and prior) and started training it.
pub type OnStarted = fn(AppState);

/// How the worker was lost.
#[derive(Clone, Debug, PartialEq)]
pub enum Crash {
    /// It panicked and said so (`FromWorker::Crashed`); the message, from
    /// its panic hook, says what happened and what to do.
    Panicked(String),
    /// It died without a word: the detail of its `error` event.
    Died(String),
    /// It has not answered for this many seconds while a run waited on it.
    Hung(f64),
}

/// A live worker and the messages waiting for its "ready".
struct Live {
    /// Which worker this is: 1 for the page's first, and so on.
    id: u64,
    kind: WorkerKind,
    spawned: Spawned,
    ready: bool,
    queue: Vec<ToWorker>,
}

thread_local! {
    static LIVE: RefCell<Option<Live>> = const { RefCell::new(None) };
    /// When the worker last said anything.
    static HEARD: Clock = const { Clock::new() };
    /// How many workers the page has spawned.
    static SPAWNED: Cell<u64> = const { Cell::new(0) };
    /// Where the latest run's end goes; none before the first run (a worker
    /// lost before then, which only the browser tests' hook can do, ends no run).
    static ON_END: Cell<Option<OnEnd>> = const { Cell::new(None) };
    /// Where the latest run's start goes.
    static ON_STARTED: Cell<Option<OnStarted>> = const { Cell::new(None) };
}

/// Check every few seconds that a running worker still talks; end the run
/// with a clear message when it does not.
pub fn start_watchdog(state: AppState) {
    watchdog::every_few_seconds(move || {
        if !is_training(state) {
            return;
        }
        if let Some(seconds) = HEARD.with(Clock::hung_for) {
            discard();
            tell_owner(state, RunEnd::Crashed(Crash::Hung(seconds)));
        }
    });
}

/// True while a run waits on the live worker: starting, or training.
fn is_training(state: AppState) -> bool {
    matches!(
        state.status.get_untracked(),
        RunStatus::Running | RunStatus::Starting
    )
}

/// Make the live worker's run, if one is training, stop answering, taken
/// for hung after `limit_ms` of silence (a browser test's hook); false
/// when none is.
pub fn hang_for_test(state: AppState, limit_ms: f64) -> bool {
    let training = is_training(state);
    if training {
        send(state, ToWorker::HangForTest);
        HEARD.with(|clock| clock.lower_limit_for_test(limit_ms));
    }
    training
}

fn heard_now() {
    HEARD.with(Clock::heard_now);
}

/// Start a run of `config` on `data` in the worker, scoring the test set
/// after the epochs `test_scoring` says; its start goes to `on_started`,
/// how it ends to `on_end`.
pub fn start(
    state: AppState,
    config: RunConfig,
    data: DataPayload,
    test_scoring: TestScoring,
    (on_started, on_end): (OnStarted, OnEnd),
) {
    ON_STARTED.set(Some(on_started));
    ON_END.set(Some(on_end));
    send(
        state,
        ToWorker::Start {
            config: Box::new(config),
            data,
            test_scoring,
            estimates: known_estimates::known(),
        },
    );
}

/// Send a command, starting a worker first if there is none, or if a run
/// needs the other kind.
pub fn send(state: AppState, command: ToWorker) {
    // The silence clock starts from the command, not from the last run.
    heard_now();
    let live_kind = LIVE.with(|l| l.borrow().as_ref().map(|live| live.kind));
    let wanted = match &command {
        ToWorker::Start { config, .. } => Some(WorkerKind::for_run(config.backend)),
        _ => live_kind.or(Some(WorkerKind::any())),
    };
    if let Some(kind) = wanted.filter(|&kind| live_kind != Some(kind)) {
        discard();
        if let Err(message) = spawn(state, kind) {
            return tell_owner(state, RunEnd::Failed(message));
        }
    }
    LIVE.with(|l| {
        if let Some(live) = l.borrow_mut().as_mut() {
            if live.ready {
                post(&live.spawned.worker, &command);
            } else {
                live.queue.push(command);
            }
        }
    });
}

/// Hand a run's end to the run's owner.
fn tell_owner(state: AppState, end: RunEnd) {
    if let Some(on_end) = ON_END.get() {
        on_end(state, end);
    }
}

/// End the live worker and the run it prepares, which ends stopped; the
/// next run starts a fresh worker.
pub fn abandon(state: AppState) {
    discard();
    tell_owner(state, RunEnd::Stopped);
}

/// End the live worker, if any, so that the next command starts a fresh one.
fn discard() {
    LIVE.with(|l| {
        if let Some(live) = l.borrow_mut().take() {
            live.spawned.worker.terminate();
        }
    });
}

/// True while the worker numbered `id` is the live one.
fn is_live(id: u64) -> bool {
    LIVE.with(|l| l.borrow().as_ref().is_some_and(|live| live.id == id))
}

fn spawn(state: AppState, kind: WorkerKind) -> Result<(), String> {
    let id = SPAWNED.get() + 1;
    let on_message = move |message: FromWorker| {
        // A worker ended (a Stop while it prepared, a crash) says nothing more.
        if !is_live(id) {
            return;
        }
        heard_now();
        match message {
            FromWorker::Ready => flush_queue(),
            message => apply(state, message),
        }
    };
    let on_error = move |message: String| {
        // The threaded worker failed before it was ready: the WebGPU worker,
        // which trains on the CPU on one thread too, takes over its commands.
        if kind == WorkerKind::Threads && is_live(id) && !is_ready() {
            return fall_back_from_threads(state, message);
        }
        // A worker already discarded has been reported (its panic hook spoke
        // first, or the watchdog gave up on it): its dying error adds nothing.
        if is_live(id) {
            discard();
            tell_owner(state, RunEnd::Crashed(Crash::Died(message)));
        }
    };
    let spawned = worker_spawn::spawn(kind, on_message, on_error)?;
    SPAWNED.set(id);
    heard_now();
    LIVE.with(|l| {
        *l.borrow_mut() = Some(Live {
            id,
            kind,
            spawned,
            ready: false,
            queue: Vec::new(),
        })
    });
    Ok(())
}

/// True when the live worker has said it is ready.
fn is_ready() -> bool {
    LIVE.with(|l| l.borrow().as_ref().is_some_and(|live| live.ready))
}

/// Replace a threaded worker that could not start with the WebGPU worker,
/// handing it the commands that waited.
fn fall_back_from_threads(state: AppState, why: String) {
    web_sys::console::warn_1(
        &format!("the threaded worker could not start ({why}); training on one thread").into(),
    );
    worker_kind::threads_failed();
    let queue = LIVE.with(|l| {
        l.borrow_mut().take().map(|live| {
            live.spawned.worker.terminate();
            live.queue
        })
    });
    if let Err(message) = spawn(state, WorkerKind::WebGpu) {
        return tell_owner(state, RunEnd::Failed(message));
    }
    LIVE.with(|l| {
        if let Some(live) = l.borrow_mut().as_mut() {
            live.queue = queue.unwrap_or_default();
        }
    });
}

fn flush_queue() {
    LIVE.with(|l| {
        if let Some(live) = l.borrow_mut().as_mut() {
            live.ready = true;
            for command in live.queue.drain(..) {
                post(&live.spawned.worker, &command);
            }
        }
    });
}

/// Fold one worker message into the state; a run's end goes to its owner.
fn apply(state: AppState, message: FromWorker) {
    match message {
        // The page never asks for a benchmark; a benchmark script talks to a worker itself.
        FromWorker::Ready | FromWorker::BenchDone { .. } => {}
        FromWorker::Scored(scores) => state.scored.set(Some(scores)),
        FromWorker::Started(started) => {
            known_estimates::learned(&started.estimates);
            state.started.set(Some(*started));
            state.status.set(RunStatus::Running);
            if let Some(on_started) = ON_STARTED.get() {
                on_started(state);
            }
        }
        FromWorker::Trained(trained) => {
            let Trained { mut epochs, batch } = *trained;
            let values: Vec<Vec<f32>> = epochs
                .iter_mut()
                .filter_map(|r| r.unlabeled.as_mut().and_then(|u| u.values.take()))
                .collect();
            // One update each, however many epochs: the page renders once.
            if !values.is_empty() {
                state.history.update(|h| h.extend(values));
            }
            if !epochs.is_empty() {
                state.reports.update(|r| r.extend(epochs));
            }
            if batch.is_some() {
                state.progress.set(batch);
            }
        }
        FromWorker::Paused => state.status.set(RunStatus::Paused),
        FromWorker::Resumed => state.status.set(RunStatus::Running),
        FromWorker::TestScores(scores) => state.test_scores.set(Some(Arc::from(scores))),
        FromWorker::Model(bytes) => state.model.set(Some(Arc::new(bytes.into_vec()))),
        FromWorker::Done => tell_owner(state, RunEnd::Done),
        FromWorker::Stopped => tell_owner(state, RunEnd::Stopped),
        FromWorker::Error(message) => tell_owner(state, RunEnd::Failed(message)),
        FromWorker::Crashed(message) => {
            discard();
            tell_owner(state, RunEnd::Crashed(Crash::Panicked(message)));
        }
    }
}

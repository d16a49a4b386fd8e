//! A run's lifecycle, owned here alone. A run starts from the Train button,
//! a link that starts training, or a comparison (its first learner, then
//! each next one). It ends when the worker client reports it done, stopped,
//! failed or crashed, or when it cannot start: then a finished run is kept
//! in the history, and a comparison goes on with its next learner or ends.
//! Where a second worker can help, a comparison's next run trains in it
//! beside the live one (on a CSV file, from when the live run has started,
//! with the file's prior estimated), and is kept in the history when it
//! ends. The worker clients know nothing of this: `start` hands them
//! `started`, `ended` and `ended_beside`.

use std::cell::RefCell;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use policypu::config::{DataConfig, Learner, RunConfig};
use policypu::data::pubin::parse_pubin;
use policypu::page::protocol::{DataPayload, ToWorker};
use serde_bytes::ByteBuf;

use crate::browser::data_loader;
use crate::run::side_worker::{self, SideEnd};
use crate::run::worker_client::{self, Crash, RunEnd};
use crate::run::{comparison, history, worker_kind};
use crate::state::{AppState, NO_CSV, RunOutcome, RunStatus};

thread_local! {
    /// The data of a comparison's next run for the second worker, kept
    /// while the live run estimates the prior that run will reuse.
    static SPARE: RefCell<Option<DataPayload>> = const { RefCell::new(None) };
}

/// Start a run of the form's settings; `auto` starts its candidates.
pub fn start_run(state: AppState) {
    state.note_trained_form();
    let config = state.config.get_untracked();
    if !config.learner.is_auto() {
        comparison::forget_auto(state);
        return start(state, config);
    }
    if state.not_ready(&config).is_some() {
        // The status line shows the problem, and updates as it is fixed.
        state.status.set(RunStatus::Idle);
        return;
    }
    if let Some(first) = comparison::begin_auto(state, &config) {
        start(state, first);
    }
}

/// Run `learners` on the form's settings, as one comparison.
pub fn start_comparison(state: AppState, learners: Vec<Learner>) {
    state.note_trained_form();
    comparison::forget_auto(state);
    if let Some(config) = comparison::begin(state, learners) {
        start(state, config);
    }
}

/// Start a run of `config`: fetch or take its data, then hand both to the
/// worker, and the comparison's next run to the second worker where it can help.
fn start(state: AppState, config: RunConfig) {
    if state.not_ready(&config).is_some() {
        // The status line shows the problem, and updates as it is fixed.
        state.status.set(RunStatus::Idle);
        end_comparison(state);
        return;
    }
    state.reset_run(config.clone());
    state.status.set(RunStatus::LoadingData);
    spawn_local(async move {
        match load_data(state, &config).await {
            // Stop pressed while the data loaded: the worker never gets the run.
            Ok(_) if state.stop_asked.get_untracked() => ended(state, RunEnd::Stopped),
            Ok(data) => {
                state.status.set(RunStatus::Starting);
                let scoring = comparison::test_scoring(state);
                // A run of this comparison has started before this one, so
                // the split's prior estimates are known.
                let (more, prior_known) = state.comparison.with_untracked(|q| {
                    let active = q.active && !q.waiting.is_empty();
                    (active, q.waiting.len() + 1 < q.planned.len())
                });
                let beside_now = more && side_worker::can_help(&config, prior_known);
                // On a CSV file's first run: the second worker starts now and
                // gets its run once this one has estimated the prior.
                let beside_later = more && !beside_now && side_worker::can_help(&config, true);
                let spare = (beside_now || beside_later).then(|| data.clone());
                // One that cannot start leaves every run to the live worker.
                if beside_later && side_worker::warm(state, &config, ended_beside).is_ok() {
                    SPARE.with(|s| *s.borrow_mut() = spare.clone());
                }
                worker_client::start(state, config, data, scoring, (started, ended));
                if let Some(data) = spare.filter(|_| beside_now) {
                    start_beside(state, data);
                }
            }
            Err(message) => ended(state, RunEnd::Failed(message)),
        }
    });
}

/// The live run has started: give the second worker the run that waited
/// for its prior estimates, if one did.
fn started(state: AppState) {
    if let Some(data) = SPARE.with(|s| s.borrow_mut().take()) {
        start_beside(state, data);
    }
}

/// Give the comparison's next run, if any, to the second worker when it is free.
fn start_beside(state: AppState, data: DataPayload) {
    if side_worker::busy() {
        return;
    }
    let Some(config) = comparison::next(state) else {
        return;
    };
    state.comparison.update(|q| q.beside = Some(config.clone()));
    let scoring = comparison::test_scoring(state);
    side_worker::start(state, config, data, scoring, ended_beside);
    if state.status.get_untracked() == RunStatus::Paused {
        side_worker::send(ToWorker::Pause);
    }
}

/// Pause the run, and the one in the second worker.
pub fn pause(state: AppState) {
    worker_client::send(state, ToWorker::Pause);
    side_worker::send(ToWorker::Pause);
}

/// Resume the run, and the one in the second worker.
pub fn resume(state: AppState) {
    worker_client::send(state, ToWorker::Resume);
    side_worker::send(ToWorker::Resume);
}

/// Stop the run, and the comparison it is part of; while the comparison
/// waits for its run in the second worker, stop that one. A run still being
/// prepared (its prior estimated, which takes a minute on a large file)
/// reads no message until it trains, so its worker is ended instead.
pub fn stop(state: AppState) {
    state.stop_asked.set(true);
    match state.status.get_untracked() {
        RunStatus::Waiting => {
            state.status.set(RunStatus::Stopped);
            end_comparison(state);
        }
        RunStatus::Starting => worker_client::abandon(state),
        _ => worker_client::send(state, ToWorker::Stop),
    }
}

/// The data of a run of `config`: its built-in dataset, fetched (and its
/// training images kept for thumbnails), or the loaded CSV file.
async fn load_data(state: AppState, config: &RunConfig) -> Result<DataPayload, String> {
    match &config.data {
        DataConfig::Builtin { dataset, .. } => {
            let loaded = data_loader::load(*dataset, move |p| state.download.set(Some(p))).await;
            state.download.set(None);
            let bytes = loaded?;
            state
                .images
                .set(parse_pubin(&bytes.train).ok().map(Arc::new));
            Ok(DataPayload::Builtin {
                train: ByteBuf::from(bytes.train.clone()),
                test: ByteBuf::from(bytes.test.clone()),
            })
        }
        DataConfig::Csv { .. } => match state.csv.get_untracked() {
            Some(file) => Ok(DataPayload::Csv {
                bytes: ByteBuf::from(file.bytes.to_vec()),
            }),
            None => Err(NO_CSV.into()),
        },
    }
}

/// A run ended: show how, keep it in the history if it finished, then start
/// the comparison's next learner after a run that trained to the end (or
/// wait for the second worker's), or end the comparison. An `auto`
/// candidate that could not train is left out, and auto goes on
/// ([`comparison::leave_out`]). A crash leaves the form's settings as they
/// are.
fn ended(state: AppState, end: RunEnd) {
    if let RunEnd::Failed(why) = &end
        && comparison::leave_out(state, why)
    {
        state.status.set(RunStatus::Done);
        return go_on(state);
    }
    let (status, finished) = match end {
        RunEnd::Done => (RunStatus::Done, Some(RunOutcome::Done)),
        RunEnd::Stopped => (RunStatus::Stopped, Some(RunOutcome::Stopped)),
        RunEnd::Failed(message) => (RunStatus::Failed(message), None),
        RunEnd::Crashed(crash) => (
            RunStatus::Failed(crash_message(crash, ran_on_gpu(state))),
            None,
        ),
    };
    // A Stop that crossed the run's last mini-batch: the run is done (its
    // history row says so), and the comparison it belongs to is stopped.
    let stopped_comparison =
        state.stop_asked.get_untracked() && state.comparison.with_untracked(|q| q.active);
    state.status.set(match status {
        RunStatus::Done if stopped_comparison => RunStatus::Stopped,
        status => status,
    });
    if let Some(outcome) = finished {
        history::record(state, outcome);
    }
    if finished != Some(RunOutcome::Done) || state.stop_asked.get_untracked() {
        return end_comparison(state);
    }
    go_on(state);
}

/// Start the comparison's next run, or wait for the second worker's, or
/// end the comparison.
fn go_on(state: AppState) {
    // A Pause that reached the live run only as it ended (or a Step that
    // trained its last batch) leaves the page unpaused: so is the second
    // worker's run, which would otherwise wait, silent, for a Resume.
    side_worker::send(ToWorker::Resume);
    match comparison::next(state) {
        Some(config) => start(state, config),
        None if side_worker::busy() => state.status.set(RunStatus::Waiting),
        None => end_comparison(state),
    }
}

/// A run in the second worker ended: keep it in the history and give that
/// worker the next run, or hand a failed run back to the live worker's
/// queue. A comparison that waited for it goes on, or ends.
fn ended_beside(state: AppState, end: SideEnd) {
    state.comparison.update(|q| q.beside = None);
    let waited = state.status.get_untracked() == RunStatus::Waiting;
    match end {
        SideEnd::Done(run, data) => {
            history::record_beside(state, run);
            if !waited {
                return start_beside(state, data);
            }
        }
        SideEnd::Failed(config, why) => {
            web_sys::console::warn_1(
                &format!("the second worker failed ({why}); its run trains in the live one").into(),
            );
            state.comparison.update(|q| q.waiting.insert(0, config));
        }
    }
    if waited {
        match comparison::next(state) {
            Some(config) => start(state, config),
            None => {
                state.status.set(RunStatus::Done);
                end_comparison(state);
            }
        }
    }
}

/// End the comparison, if one is running, and the second worker with it;
/// where a run follows it (`auto`'s first member to train again), start
/// that instead, and keep the second worker, idle now, for its queue.
fn end_comparison(state: AppState) {
    SPARE.with(|s| s.borrow_mut().take());
    match comparison::finish(state) {
        Some(next) => start(state, next),
        None => side_worker::discard(),
    }
}

/// True when the latest run trained, or was to train, on a GPU.
fn ran_on_gpu(state: AppState) -> bool {
    let started = state
        .started
        .with_untracked(|s| s.as_ref().map(|s| s.device.gpu));
    started.unwrap_or_else(|| {
        state.run_config.with_untracked(|c| {
            c.as_ref()
                .is_some_and(|c| !worker_kind::trains_on_cpu(c.backend))
        })
    })
}

/// What happened to a lost worker (on a GPU or not), and what to do.
fn crash_message(crash: Crash, on_gpu: bool) -> String {
    match crash {
        Crash::Panicked(message) => message,
        Crash::Died(detail) => format!(
            "The training worker stopped unexpectedly ({detail}). Your settings are kept: press Train \
             to start again in a fresh worker."
        ),
        Crash::Hung(seconds) if on_gpu => format!(
            "The training worker has not answered for {seconds:.0} s: the GPU device may have been lost. \
             Your settings are kept; choose the CPU backend and press Train to start again."
        ),
        Crash::Hung(seconds) => format!(
            "The training worker has not answered for {seconds:.0} s. Your settings are kept: press \
             Train to start again in a fresh worker."
        ),
    }
}

//! A run's lifecycle, owned here alone. A run starts from the Train button,
//! a link that starts training, or a comparison (its first learner, then
//! each next one). It ends when the worker client reports it done, stopped,
//! failed or crashed, or when it cannot start: then a finished run is kept
//! in the history, and a comparison goes on with its next learner or ends.
//! The worker client knows nothing of this: `start` hands it `ended`.

use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use policypu::config::{DataConfig, Learner, RunConfig};
use policypu::data::pubin::parse_pubin;
use policypu::page::protocol::DataPayload;
use serde_bytes::ByteBuf;

use crate::browser::data_loader;
use crate::run::worker_client::{self, Crash, RunEnd};
use crate::run::{comparison, history};
use crate::state::{AppState, NO_CSV, RunOutcome, RunStatus};

/// Start a run of the form's settings; `auto` starts its candidates.
pub fn start_run(state: AppState) {
    let config = state.config.get_untracked();
    if !config.learner.is_auto() {
        state.auto.set(None);
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

/// Run `learners` one after another on the form's settings, as one comparison.
pub fn start_comparison(state: AppState, learners: Vec<Learner>) {
    state.auto.set(None);
    if let Some(config) = comparison::begin(state, learners) {
        start(state, config);
    }
}

/// Start a run of `config`: fetch or take its data, then hand both to the worker.
fn start(state: AppState, config: RunConfig) {
    if state.not_ready(&config).is_some() {
        // The status line shows the problem, and updates as it is fixed.
        state.status.set(RunStatus::Idle);
        comparison::finish(state);
        return;
    }
    state.reset_run(config.clone());
    state.status.set(RunStatus::LoadingData);
    spawn_local(async move {
        match load_data(state, &config).await {
            Ok(data) => {
                state.status.set(RunStatus::Starting);
                let scoring = comparison::test_scoring(state);
                worker_client::start(state, config, data, scoring, ended);
            }
            Err(message) => ended(state, RunEnd::Failed(message)),
        }
    });
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
/// the comparison's next learner after a run that trained to the end, or
/// end the comparison. A crash leaves the form's settings as they are.
fn ended(state: AppState, end: RunEnd) {
    let (status, finished) = match end {
        RunEnd::Done => (RunStatus::Done, Some(RunOutcome::Done)),
        RunEnd::Stopped => (RunStatus::Stopped, Some(RunOutcome::Stopped)),
        RunEnd::Failed(message) => (RunStatus::Failed(message), None),
        RunEnd::Crashed(crash) => (RunStatus::Failed(crash_message(crash)), None),
    };
    state.status.set(status);
    if let Some(outcome) = finished {
        history::record(state, outcome);
    }
    let next = match finished {
        Some(RunOutcome::Done) => comparison::next(state),
        _ => None,
    };
    match next {
        Some(config) => start(state, config),
        None => comparison::finish(state),
    }
}

/// What happened to a lost worker, and what to do.
fn crash_message(crash: Crash) -> String {
    match crash {
        Crash::Panicked(message) => message,
        Crash::Died(detail) => format!(
            "The training worker stopped unexpectedly ({detail}). Your settings are kept: press Train \
             to start again in a fresh worker."
        ),
        Crash::Hung(seconds) => format!(
            "The training worker has not answered for {seconds:.0} s: the GPU device may have been lost. \
             Your settings are kept; choose the CPU backend and press Train to start again."
        ),
    }
}

//! The page's state, shared through Leptos context: the run configuration
//! (the form edits it) and what the current run has reported.

use std::sync::Arc;

use leptos::prelude::*;
use policypu::config::RunConfig;
use policypu::data::Dataset;
use policypu::protocol::{DeviceInfo, RunStarted};
use policypu::report::{BatchProgress, EpochReport};

/// Where a run stands.
#[derive(Clone, Debug, PartialEq)]
pub enum RunStatus {
    /// Nothing started yet.
    Idle,
    /// Downloading and unpacking the dataset.
    LoadingData,
    /// Sent to the worker, waiting for it to start.
    Starting,
    /// Training.
    Running,
    /// Paused between mini-batches.
    Paused,
    /// All epochs done.
    Done,
    /// Stopped by the user.
    Stopped,
    /// Failed; the message says why and what to do.
    Failed(String),
}

impl RunStatus {
    /// True while the worker holds a live run (running or paused).
    pub fn is_active(&self) -> bool {
        matches!(self, RunStatus::Starting | RunStatus::Running | RunStatus::Paused | RunStatus::LoadingData)
    }
}

/// Download progress of a dataset file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DownloadProgress {
    /// What is being fetched.
    pub label: String,
    /// Bytes received so far.
    pub loaded: u64,
    /// Bytes expected, when the server says.
    pub total: Option<u64>,
}

/// Everything the current run has told the page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunView {
    /// The run's configuration as started.
    pub config: Option<RunConfig>,
    /// The split and device, once started.
    pub started: Option<RunStarted>,
    /// Mini-batches done in the whole run.
    pub batches_done: usize,
    /// The latest mini-batch progress.
    pub progress: Option<BatchProgress>,
    /// Epoch reports in order, with per-example values removed (kept in `history`).
    pub reports: Vec<EpochReport>,
    /// Per epoch, the policy's (or classifier's) value for every unlabeled example.
    pub history: Vec<Vec<f32>>,
}

impl RunView {
    /// The device the run trains on.
    pub fn device(&self) -> Option<&DeviceInfo> {
        self.started.as_ref().map(|s| &s.device)
    }
}

/// The page's state; `Copy`, so every component can take it from context.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The settings in the form.
    pub config: RwSignal<RunConfig>,
    /// Status of the current run.
    pub status: RwSignal<RunStatus>,
    /// Reports of the current run.
    pub run: RwSignal<RunView>,
    /// Dataset download progress, while downloading.
    pub download: RwSignal<Option<DownloadProgress>>,
    /// The training images of the current run's dataset, for thumbnails.
    pub images: RwSignal<Option<Arc<Dataset>>>,
    /// The unlabeled example whose history is shown (index into U).
    pub selected: RwSignal<Option<usize>>,
}

impl AppState {
    /// Fresh state with the default configuration.
    pub fn new() -> Self {
        AppState {
            config: RwSignal::new(RunConfig::default()),
            status: RwSignal::new(RunStatus::Idle),
            run: RwSignal::new(RunView::default()),
            download: RwSignal::new(None),
            images: RwSignal::new(None),
            selected: RwSignal::new(None),
        }
    }
}

/// The state from context (provided by the root component).
pub fn use_app_state() -> AppState {
    expect_context::<AppState>()
}

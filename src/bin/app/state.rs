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
        matches!(
            self,
            RunStatus::Starting | RunStatus::Running | RunStatus::Paused | RunStatus::LoadingData
        )
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

/// Mini-batch progress of the current run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Mini-batches done in the whole run.
    pub batches_done: usize,
    /// The latest mini-batch.
    pub latest: Option<BatchProgress>,
}

/// The page's state; `Copy`, so every component can take it from context.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The settings in the form.
    pub config: RwSignal<RunConfig>,
    /// Status of the current run.
    pub status: RwSignal<RunStatus>,
    /// The current run's configuration, as started.
    pub run_config: RwSignal<Option<RunConfig>>,
    /// The current run's split and device, once started.
    pub started: RwSignal<Option<RunStarted>>,
    /// Mini-batch progress (changes every batch: keep heavy views off it).
    pub progress: RwSignal<Progress>,
    /// Epoch reports in order, per-example values removed (see `history`).
    pub reports: RwSignal<Vec<EpochReport>>,
    /// Per epoch, the value of every unlabeled example (policy's p(x), or the
    /// classifier's ŷ for baselines), in `RunStarted::unlabeled_sources` order.
    pub history: RwSignal<Vec<Vec<f32>>>,
    /// Dataset download progress, while downloading.
    pub download: RwSignal<Option<DownloadProgress>>,
    /// The training images of the current run's built-in dataset, for thumbnails.
    pub images: RwSignal<Option<Arc<Dataset>>>,
    /// The unlabeled example whose history is shown (index into U).
    pub selected: RwSignal<Option<usize>>,
    /// What a hand-edited share link had that could not be used.
    pub link_notices: RwSignal<Vec<String>>,
}

impl AppState {
    /// Clear the previous run's results for a new run of `config`.
    pub fn reset_run(&self, config: RunConfig) {
        self.run_config.set(Some(config));
        self.started.set(None);
        self.progress.set(Progress::default());
        self.reports.set(Vec::new());
        self.history.set(Vec::new());
        self.selected.set(None);
    }

    /// The device the current run trains on.
    pub fn device(&self) -> Option<DeviceInfo> {
        self.started.with(|s| s.as_ref().map(|s| s.device.clone()))
    }

    /// Fresh state with the default configuration.
    pub fn new() -> Self {
        AppState {
            config: RwSignal::new(RunConfig::default()),
            status: RwSignal::new(RunStatus::Idle),
            run_config: RwSignal::new(None),
            started: RwSignal::new(None),
            progress: RwSignal::new(Progress::default()),
            reports: RwSignal::new(Vec::new()),
            history: RwSignal::new(Vec::new()),
            download: RwSignal::new(None),
            images: RwSignal::new(None),
            selected: RwSignal::new(None),
            link_notices: RwSignal::new(Vec::new()),
        }
    }
}

/// The state from context (provided by the root component).
pub fn use_app_state() -> AppState {
    expect_context::<AppState>()
}

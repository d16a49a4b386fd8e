//! The page's state, shared through Leptos context: the run configuration
//! (the form edits it) and what the current run has reported.

use policypu::keyed::Keyed;
use std::sync::Arc;

use leptos::prelude::*;
use policypu::auto_learner::Leaderboard;
use policypu::config::settings::label_of;
use policypu::config::{DataConfig, FieldError, Learner, RunConfig};
use policypu::data::Dataset;
use policypu::data::csv::CsvColumns;
use policypu::page::lessons::{PageView, Part};
use policypu::page::protocol::{DeviceInfo, RunStarted};
use policypu::plan::check;
use policypu::report::{Averaged, PriorUsed};
use policypu::report::{BatchProgress, CsvScores, EpochReport, TestMetrics, TestScores};
use policypu::saved_model::Member;

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
    /// All epochs done; a comparison waits for its run in the second worker.
    Waiting,
    /// All epochs done.
    Done,
    /// Stopped by the user.
    Stopped,
    /// Failed; the message says why and what to do.
    Failed(String),
}

/// True unless the page's link hides `part`.
pub fn shows(state: AppState, part: Part) -> bool {
    state.view.with(|v| !v.hides(part))
}

impl RunStatus {
    /// True while a run or comparison is under way (the Train button waits).
    pub fn is_active(&self) -> bool {
        matches!(
            self,
            RunStatus::Starting
                | RunStatus::Running
                | RunStatus::Paused
                | RunStatus::LoadingData
                | RunStatus::Waiting
        )
    }
}

/// What to do when the data source is a CSV and no file is loaded.
pub const NO_CSV: &str =
    "No CSV file is loaded: drop one on the data panel, pick one, or try an example.";

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

/// A CSV file the user dropped, picked or opened from an example. It stays
/// in the page (and, when asked, in the share link), never on a server.
#[derive(Clone, Debug, PartialEq)]
pub struct CsvFile {
    /// The file's name, for the page.
    pub name: String,
    /// The file's bytes.
    pub bytes: Arc<Vec<u8>>,
    /// Its column roles came with it (a link's or an example's): they are
    /// kept for it where they fit, even the default ones a guess would change.
    pub roles_given: bool,
}

/// How a finished run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// All epochs done.
    Done,
    /// Stopped by the user before the end.
    Stopped,
}

/// A finished run kept in the session's history, for comparison and export.
#[derive(Clone, Debug, PartialEq)]
pub struct RunRecord {
    /// 1, 2, 3… in the order the runs finished (a comparison's, once it
    /// ends, in the order it planned them).
    pub id: u64,
    /// The settings it ran with.
    pub config: RunConfig,
    /// Its epoch reports (without per-example values).
    pub reports: Vec<EpochReport>,
    /// How it ended.
    pub outcome: RunOutcome,
    /// The trained classifier as a saved-model file, when the worker sent one.
    pub model: Option<Arc<Vec<u8>>>,
    /// Its test-set probabilities, when the worker sent them.
    pub test_scores: Option<Arc<TestScores>>,
    /// The comparison it was part of, if any (runs of one comparison share a split).
    pub comparison: Option<u64>,
    /// The name of the CSV file it trained on; none for a built-in dataset.
    pub data_file: Option<String>,
    /// What its charts need beyond its reports, kept for the latest `auto`
    /// run's candidates only (see [`RunCharts`]).
    pub charts: Option<RunCharts>,
}

impl RunRecord {
    /// "#3 policyPU_weighter", "#4 policyPU_weighter (frozen policy)", "#5 nnPU (π = 0.2)".
    pub fn label(&self) -> String {
        format!("#{} {}", self.id, self.config.learner_label())
    }

    /// What tells its row in a list apart: its number and what it trained,
    /// as a comparison renumbers its runs when it ends (a row keyed by the
    /// number alone would keep showing the run that had it before).
    pub fn row_key(&self) -> (u64, Learner, &'static str) {
        (self.id, self.config.learner, self.config.model.key())
    }
}

/// What a run's charts draw beyond its epoch reports: its split as it
/// started (U's rows, truth and projection, the prior), every epoch's
/// value of each unlabeled example, and its last mini-batch. Kept for `auto`'s candidates, so the
/// page can show any of them once auto has chosen; shared, never copied,
/// and equal only to itself (comparing the values would cost a pass over them).
#[derive(Clone, Debug)]
pub struct RunCharts {
    /// The run's split and device, as the worker reported them at its start.
    pub started: Arc<RunStarted>,
    /// Per epoch, the value of every unlabeled example (as `AppState::history`).
    pub values: Arc<Vec<Vec<f32>>>,
    /// Its last mini-batch, for the progress bar and stage line.
    pub progress: Option<BatchProgress>,
}

impl PartialEq for RunCharts {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.started, &other.started)
            && Arc::ptr_eq(&self.values, &other.values)
            && self.progress == other.progress
    }
}

/// Runs still to go in the current comparison, or of `auto`'s candidates.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ComparisonQueue {
    /// The comparison's id (runs record it).
    pub id: u64,
    /// Every run of the comparison, in order (they differ in learner and preset only).
    pub planned: Vec<RunConfig>,
    /// Runs not started yet, in order.
    pub waiting: Vec<RunConfig>,
    /// The run training unseen in the second worker (`side_worker`), if any.
    pub beside: Option<RunConfig>,
    /// For `auto`'s comparison, auto's own settings: its runs are ranked
    /// when it ends.
    pub auto: Option<RunConfig>,
    /// The comparison is running (cleared when its last run ends or one
    /// fails, but for an `auto` candidate left out).
    pub active: bool,
    /// For `auto`'s comparison, the candidates that could not train on the
    /// split and were left out (while its members train again, the members
    /// whose second training failed), each in a sentence saying why.
    pub left_out: Vec<String>,
    /// For `auto`'s second phase, its candidates as trained, while its
    /// members train again on the training and validation rows
    /// (`policypu::auto_learner::refit`); `None` while the candidates train.
    pub refitting: Option<TrainedCandidates>,
}

impl ComparisonQueue {
    /// The name of this comparison's run of `config`: its learner's label,
    /// or while `auto`'s members train again, the member's name as on the
    /// leaderboard.
    pub fn run_name(&self, config: &RunConfig) -> String {
        match (&self.refitting, &self.auto) {
            (Some(_), Some(auto)) => Member {
                learner: config.learner,
                model: config.model,
            }
            .label(auto.model),
            _ => config.learner_label(),
        }
    }
}

/// `auto`'s candidates once trained: what its second phase, the members'
/// refits, needs to rank them when it ends.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TrainedCandidates {
    /// Their runs' history ids, in the order planned.
    pub runs: Vec<u64>,
    /// How many auto meant to train.
    pub planned: usize,
    /// Those left out as they could not train on the split, each in a
    /// sentence saying why.
    pub left_out: Vec<String>,
}

/// What an `auto` run chose: its candidates ranked on PU data.
#[derive(Clone, Debug, PartialEq)]
pub struct AutoOutcome {
    /// The ranking.
    pub board: Leaderboard,
    /// The history id of each candidate's run, in the order planned.
    pub runs: Vec<u64>,
    /// Candidates auto meant to train (fewer ran if one failed).
    pub planned: usize,
    /// The candidates left out as they could not train on the split, each
    /// in a sentence saying why.
    pub left_out: Vec<String>,
    /// Each member trained again on the training and validation rows: its
    /// position among the candidates and its refit's history id. The mean
    /// and its model file take these in place of the members as trained.
    pub refits: Vec<(usize, u64)>,
    /// What refitting did, in a sentence (`refit_sentence`); `None` where
    /// no member trained again.
    pub refit_note: Option<String>,
    /// The members whose second training failed, kept as trained, each in
    /// a sentence saying why.
    pub refits_failed: Vec<String>,
    /// auto's own settings (candidates on its preset go unnamed).
    pub config: RunConfig,
    /// auto's own model, the mean of its first candidates, with its test
    /// metrics; `None` when it has no member or a member's test scores are
    /// missing.
    pub averaged: Option<Averaged>,
    /// The class prior its leaderboard assumed, as its ranking candidate
    /// used it (`ranking_prior`): its run file's prior.
    pub prior: Option<PriorUsed>,
    /// The model the page keeps.
    pub kept: AutoKept,
    /// What the charts show; `None` while they show the last candidate
    /// trained.
    pub charted: Option<Charted>,
}

/// What the charts show after an `auto` run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charted {
    /// auto's mean: its ROC and precision-recall curves, and the epochs of
    /// its first member, as the mean has none of its own.
    Mean,
    /// One candidate's run, by its history id: the one kept, or one asked
    /// for on the leaderboard.
    Candidate(u64),
}

impl AutoOutcome {
    /// "the mean of KM2+nnPU, VPU and PMPU": auto's own model, in words.
    pub fn averaged_label(&self) -> String {
        self.board.members_label(self.config.model)
    }

    /// The model the page keeps, in words ("the mean of …", or a
    /// candidate's name as on the leaderboard), and its test metrics; `None`
    /// when auto kept nothing.
    pub fn kept_model(&self) -> Option<(String, TestMetrics)> {
        match self.kept {
            AutoKept::Averaged => {
                let averaged = self.averaged.as_ref()?;
                Some((self.averaged_label(), averaged.kept.clone()))
            }
            AutoKept::Candidate(_) => {
                let position = self.kept_candidate()?;
                let standing = self
                    .board
                    .standings
                    .iter()
                    .find(|s| s.candidate == position)?;
                Some((standing.label(self.config.model), standing.test.clone()))
            }
            AutoKept::Nothing => None,
        }
    }

    /// The settings of the model kept: auto's for its mean, a candidate's
    /// where one is kept instead.
    pub fn kept_config(&self, runs: &[RunRecord]) -> RunConfig {
        self.kept_candidate()
            .and_then(|position| runs.iter().find(|r| r.id == self.runs[position]))
            .map_or_else(|| self.config.clone(), |run| run.config.clone())
    }

    /// The history id of the mean's first member, whose epochs the charts
    /// show for the mean.
    pub fn first_member_run(&self) -> Option<u64> {
        self.board.chosen().map(|s| self.runs[s.candidate])
    }

    /// What the charts show by default: the model kept (for the mean, its
    /// curves and its first member's epochs).
    pub fn charted_by_default(&self) -> Option<Charted> {
        match self.kept {
            AutoKept::Averaged => Some(Charted::Mean),
            AutoKept::Candidate(id) => Some(Charted::Candidate(id)),
            AutoKept::Nothing => None,
        }
    }

    /// The charts stand in for the mean: its curves, its first member's
    /// epochs.
    pub fn charts_stand_in_for_the_mean(&self) -> bool {
        self.charted == Some(Charted::Mean) && self.averaged.is_some()
    }

    /// The candidate the charts show and why, in words, named as on the
    /// leaderboard: "VPU, as asked on the leaderboard"; `last` names the
    /// last candidate trained, which they show until auto has chosen one.
    pub fn charted_in_words(&self, last: &str) -> String {
        let (id, because) = match self.charted {
            None => return format!("{last}, the last candidate trained"),
            Some(Charted::Mean) => (
                self.first_member_run(),
                "first of the mean's members (the mean has no epochs of its own)",
            ),
            Some(Charted::Candidate(id)) if self.kept == AutoKept::Candidate(id) => {
                (Some(id), "the candidate kept")
            }
            Some(Charted::Candidate(id)) => (Some(id), "as asked on the leaderboard"),
        };
        let name = id
            .and_then(|id| self.runs.iter().position(|&r| r == id))
            .and_then(|position| {
                self.board
                    .standings
                    .iter()
                    .find(|s| s.candidate == position)
            })
            .map_or_else(|| last.to_string(), |s| s.label(self.config.model));
        format!("{name}, {because}")
    }

    /// The position (among the candidates as trained) of the candidate kept
    /// instead of auto's mean, if one is.
    pub fn kept_candidate(&self) -> Option<usize> {
        match self.kept {
            AutoKept::Candidate(id) => self.runs.iter().position(|&r| r == id),
            _ => None,
        }
    }
}

/// The model the page keeps after an `auto` run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoKept {
    /// auto's own: the mean of its first candidates.
    Averaged,
    /// One candidate's, by its history id.
    Candidate(u64),
    /// None: auto has no member (no candidate trained an epoch).
    Nothing,
}

/// The page's state; `Copy`, so every component can take it from context.
#[derive(Clone, Copy)]
pub struct AppState {
    /// The settings in the form.
    pub config: RwSignal<RunConfig>,
    /// What is wrong with them (`plan::check`), worked out once per change
    /// and read by every field.
    pub problems: Memo<Vec<FieldError>>,
    /// Status of the current run.
    pub status: RwSignal<RunStatus>,
    /// Stop was pressed for the current run, which has not ended yet (a
    /// run still loading its data never starts).
    pub stop_asked: RwSignal<bool>,
    /// The current run's configuration, as started.
    pub run_config: RwSignal<Option<RunConfig>>,
    /// The current run's split and device, once started.
    pub started: RwSignal<Option<RunStarted>>,
    /// The latest mini-batch progress the worker posted (up to ten a
    /// second: keep heavy views off it).
    pub progress: RwSignal<Option<BatchProgress>>,
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
    /// The worker's answer to the latest "Score a CSV".
    pub scored: RwSignal<Option<Result<CsvScores, String>>>,
    /// The parts of the page the link hides and the lesson it shows.
    pub view: RwSignal<PageView>,
    /// The CSV file in use, when the data source is a CSV.
    pub csv: RwSignal<Option<CsvFile>>,
    /// The column roles and learner of the CSV file the data source last
    /// left for an image subset, by the file's name: coming back to the
    /// same file restores them.
    pub csv_left: StoredValue<Option<(String, CsvColumns, Learner)>>,
    /// Put the CSV itself into share links (off by default).
    pub share_csv: RwSignal<bool>,
    /// The CSV as share-link text while `share_csv` is on, or why it cannot be.
    pub csv_in_link: RwSignal<Option<Result<String, String>>>,
    /// The current run's trained classifier, once the worker sent it.
    pub model: RwSignal<Option<Arc<Vec<u8>>>>,
    /// The current run's test-set probabilities, once the worker sent them.
    pub test_scores: RwSignal<Option<Arc<TestScores>>>,
    /// Finished runs of this session, oldest first.
    pub runs: RwSignal<Vec<RunRecord>>,
    /// Ids of the runs ticked for comparison.
    pub compared: RwSignal<Vec<u64>>,
    /// The comparison in progress, if any.
    pub comparison: RwSignal<ComparisonQueue>,
    /// The latest `auto` run's leaderboard, once its candidates ended.
    pub auto: RwSignal<Option<AutoOutcome>>,
    /// Form fields whose text was refused (not a number, out of range), by
    /// id: no run starts while any is listed, as the settings would not be
    /// what the form shows.
    pub rejected_fields: RwSignal<Vec<&'static str>>,
    /// What the CSV reader says is wrong with the column choice, if anything.
    pub csv_problem: RwSignal<Option<String>>,
    /// Why the CSV file cannot be previewed at all (before any column choice), if so.
    pub csv_file_problem: RwSignal<Option<String>>,
    /// "Reading data.csv (25.6 MB)…" from a chosen file's arrival until its
    /// preview is made: a large file holds the page for seconds.
    pub csv_reading: RwSignal<Option<String>>,
    /// Set while a link that does not carry its file waits for it.
    pub link_awaits_file: RwSignal<Option<AwaitedFile>>,
    /// True from opening a link that carries its CSV file until the file is
    /// read and encoded for the link again: meanwhile the address stays as
    /// the link came, so a reload then loses nothing.
    pub reading_link_file: RwSignal<bool>,
    /// The form (settings and CSV file name) when Train or a comparison was
    /// last pressed: the results on screen are of it.
    pub trained_form: RwSignal<Option<(RunConfig, Option<String>)>>,
    /// The CSV file's bytes when Train or a comparison was last pressed on
    /// CSV data (shared with the file, not copied), to tell that file apart
    /// when it is scored.
    pub trained_bytes: RwSignal<Option<Arc<Vec<u8>>>>,
}

/// What a settings-only CSV link waits for: its file, which keeps the
/// link's column roles (where they fit) rather than having them guessed.
#[derive(Clone, Debug, PartialEq)]
pub struct AwaitedFile {
    /// The file the link was made on, if it names one: another file gets
    /// guessed roles, as the link's were chosen for this one.
    pub name: Option<String>,
    /// The link's roles are for a file: it names one, or they are not the
    /// default ones (a link made before any file was loaded has those).
    pub roles_chosen: bool,
    /// The notice is on screen (until dismissed).
    pub shown: bool,
    /// The address came from reloading the page, not from a link.
    pub reloaded: bool,
}

impl AwaitedFile {
    /// Whether a file called `name` is the one awaited and keeps the roles.
    pub fn keeps_roles_for(&self, name: &str) -> bool {
        self.roles_chosen && self.name.as_deref().is_none_or(|awaited| awaited == name)
    }

    /// The notice saying what to load.
    pub fn notice(&self) -> String {
        let (run, load) = match &self.name {
            Some(name) => (format!("“{name}”"), format!("load “{name}”")),
            None => ("a CSV file".to_string(), "load it".to_string()),
        };
        let roles = if self.roles_chosen {
            " (its column choices are set for it)"
        } else {
            ""
        };
        if self.reloaded {
            return format!(
                "The page was reloaded, which keeps its settings but not its file: {load}{roles} \
                 and press Train."
            );
        }
        format!(
            "This link describes a run on {run} but does not carry the file: {load}{roles} and \
             press Train."
        )
    }
}

impl AppState {
    /// The form as it is: its settings and, for CSV data, the file's name.
    fn form(&self) -> (RunConfig, Option<String>) {
        let config = self.config.get();
        let file = matches!(config.data, DataConfig::Csv { .. })
            .then(|| self.csv.with(|f| f.as_ref().map(|f| f.name.clone())))
            .flatten();
        (config, file)
    }

    /// The name of the CSV file the results on screen were trained on (none
    /// for a built-in dataset or before any run), for their downloads' names.
    pub fn trained_file(&self) -> Option<String> {
        self.trained_form
            .with_untracked(|form| form.as_ref().and_then(|(_, file)| file.clone()))
    }

    /// Remember the form as the one the next results are of (Train pressed).
    pub fn note_trained_form(&self) {
        let (config, file) = self.form();
        let bytes = file
            .is_some()
            .then(|| {
                self.csv
                    .with_untracked(|f| f.as_ref().map(|f| f.bytes.clone()))
            })
            .flatten();
        self.trained_form.set(Some((config, file)));
        self.trained_bytes.set(bytes);
    }

    /// Whether `name` and `bytes` are the CSV file the results on screen
    /// were trained on.
    pub fn trained_on(&self, name: &str, bytes: &[u8]) -> bool {
        self.trained_file().as_deref() == Some(name)
            && self
                .trained_bytes
                .with_untracked(|b| b.as_ref().is_some_and(|b| b.as_slice() == bytes))
    }

    /// Whether the form (settings or file, a file of the same name loaded
    /// again included) has changed since the results on screen were
    /// started; false before any run.
    pub fn form_changed_since_run(&self) -> bool {
        let other_bytes = || {
            self.csv.with(|file| {
                self.trained_bytes.with(|trained| match (file, trained) {
                    (Some(file), Some(trained)) => !Arc::ptr_eq(&file.bytes, trained),
                    _ => false,
                })
            })
        };
        self.trained_form
            .with(|trained| trained.as_ref().is_some_and(|t| *t != self.form()))
            || other_bytes()
    }

    /// Clear the previous run's results for a new run of `config`.
    pub fn reset_run(&self, config: RunConfig) {
        self.run_config.set(Some(config));
        self.stop_asked.set(false);
        self.started.set(None);
        self.progress.set(None);
        self.reports.set(Vec::new());
        self.history.set(Vec::new());
        self.selected.set(None);
        self.model.set(None);
        self.test_scores.set(None);
    }

    /// Why the form's settings cannot start a run now, if they cannot:
    /// refused fields, out-of-range settings, or an unreadable CSV.
    pub fn not_ready(&self, config: &RunConfig) -> Option<String> {
        let rejected = self.rejected_fields.get();
        if !rejected.is_empty() {
            let fields: Vec<&str> = rejected.iter().map(|path| label_of(path)).collect();
            return Some(format!(
                "Fix the fields marked in red first ({}): the run would not use what they show.",
                fields.join(", ")
            ));
        }
        let problems = check(config);
        if !problems.is_empty() {
            let fields: Vec<&str> = problems.iter().map(|p| label_of(&p.field)).collect();
            return Some(format!(
                "Some settings are out of range ({}). Fix the fields marked in red.",
                fields.join(", ")
            ));
        }
        if matches!(config.data, policypu::config::DataConfig::Csv { .. }) {
            if self.csv.with(Option::is_none) {
                return Some(NO_CSV.into());
            }
            if let Some(problem) = self
                .csv_file_problem
                .get()
                .or_else(|| self.csv_problem.get())
            {
                return Some(format!("The CSV file cannot be used yet: {problem}"));
            }
        }
        None
    }

    /// The settings of the classifier the page keeps, which downloads and
    /// scoring use: after `auto`, its kept model's (auto's own for its
    /// mean), not those of the candidate in the charts; otherwise the
    /// current run's.
    pub fn model_config(&self) -> Option<RunConfig> {
        match self.auto.get_untracked() {
            Some(outcome) => Some(self.runs.with_untracked(|runs| outcome.kept_config(runs))),
            None => self.run_config.get_untracked(),
        }
    }

    /// The device the current run trains on.
    pub fn device(&self) -> Option<DeviceInfo> {
        self.started.with(|s| s.as_ref().map(|s| s.device.clone()))
    }

    /// Fresh state with the default configuration.
    pub fn new() -> Self {
        let config = RwSignal::new(RunConfig::default());
        AppState {
            problems: Memo::new(move |_| config.with(check)),
            config,
            status: RwSignal::new(RunStatus::Idle),
            stop_asked: RwSignal::new(false),
            run_config: RwSignal::new(None),
            started: RwSignal::new(None),
            progress: RwSignal::new(None),
            reports: RwSignal::new(Vec::new()),
            history: RwSignal::new(Vec::new()),
            download: RwSignal::new(None),
            images: RwSignal::new(None),
            selected: RwSignal::new(None),
            link_notices: RwSignal::new(Vec::new()),
            view: RwSignal::new(PageView::default()),
            scored: RwSignal::new(None),
            csv: RwSignal::new(None),
            csv_left: StoredValue::new(None),
            share_csv: RwSignal::new(false),
            csv_in_link: RwSignal::new(None),
            model: RwSignal::new(None),
            test_scores: RwSignal::new(None),
            runs: RwSignal::new(Vec::new()),
            compared: RwSignal::new(Vec::new()),
            comparison: RwSignal::new(ComparisonQueue::default()),
            auto: RwSignal::new(None),
            rejected_fields: RwSignal::new(Vec::new()),
            csv_problem: RwSignal::new(None),
            csv_file_problem: RwSignal::new(None),
            csv_reading: RwSignal::new(None),
            link_awaits_file: RwSignal::new(None),
            reading_link_file: RwSignal::new(false),
            trained_form: RwSignal::new(None),
            trained_bytes: RwSignal::new(None),
        }
    }
}

/// The state from context (provided by the root component).
pub fn use_app_state() -> AppState {
    expect_context::<AppState>()
}

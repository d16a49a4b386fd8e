//! Messages between the page and the training worker. Burn-free, so the
//! page's bundle does not link tensor code. Both sides serialise these with
//! `serde-wasm-bindgen`; byte payloads travel as `Uint8Array`s.

use serde::{Deserialize, Serialize};
use serde_bytes::ByteBuf;

use crate::config::{RunConfig, TestScoring};
use crate::data::csv::{IdColumn, MissingValues};
use crate::plan::known_estimates::KnownEstimates;
use crate::report::{BatchProgress, CsvScores, EpochReport, TestScores};
use crate::step_timing::{StepPlan, StepTiming};

/// The data a run trains on, as raw bytes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum DataPayload {
    /// A built-in subset: the gunzipped `.pubin` training and test files.
    Builtin {
        /// `{stem}_train.pubin`, uncompressed.
        train: ByteBuf,
        /// `{stem}_test.pubin`, uncompressed.
        test: ByteBuf,
    },
    /// A user CSV file, as its bytes.
    Csv {
        /// The file's content.
        bytes: ByteBuf,
    },
}

/// Page → worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Start a run (ends any run in progress).
    Start {
        /// What to run.
        config: Box<RunConfig>,
        /// What to run it on.
        data: DataPayload,
        /// After which epochs to score the test set.
        #[serde(default)]
        test_scoring: TestScoring,
        /// Prior estimates the page's workers have made, so that this one
        /// does not make them again.
        #[serde(default)]
        estimates: KnownEstimates,
    },
    /// Stop after the current mini-batch and wait.
    Pause,
    /// Go on after a pause.
    Resume,
    /// While paused: train exactly one mini-batch.
    Step,
    /// End the run.
    Stop,
    /// Time training steps of a run (nothing is reported but the timing):
    /// the browser benchmark's entry point.
    Bench {
        /// What to time.
        config: Box<RunConfig>,
        /// What to time it on.
        data: DataPayload,
        /// How many steps.
        plan: StepPlan,
        /// On how many threads, in the threaded worker.
        #[serde(default)]
        threads: ThreadUse,
    },
    /// Score a CSV file's rows with a classifier saved from a CSV run (the
    /// page's "Score a CSV", as `policypu predict`); answered by `Scored`.
    Score {
        /// The saved-model file.
        model: ByteBuf,
        /// The CSV file.
        csv: ByteBuf,
        /// What to do with missing feature values.
        missing: MissingValues,
        /// Which column carries the rows' identifiers into the table.
        id: IdColumn,
    },
    /// Make the worker panic: a hook for the browser tests, which check
    /// that the page survives a crashed worker. The page sends it only when
    /// a test calls `window.policypuCrashWorkerForTest()`.
    CrashForTest,
    /// Make the worker stop answering (it spins for ever): a hook for the
    /// browser tests, which check that the page takes a silent worker for
    /// hung. Sent only when a test calls `window.policypuHangWorkerForTest`.
    HangForTest,
}

/// Which device the worker trains on, and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeviceInfo {
    /// True when training on WebGPU, false on the CPU backend.
    pub gpu: bool,
    /// Adapter vendor, when there is an adapter.
    pub vendor: Option<String>,
    /// Adapter architecture, when there is an adapter.
    pub architecture: Option<String>,
    /// True when the adapter is a software (fallback) one.
    pub fallback: bool,
    /// One sentence on why this device was chosen.
    pub reason: String,
    /// How many threads a CPU step runs on (1 on WebGPU).
    pub threads: u32,
}

impl DeviceInfo {
    /// Auto's choice between a real WebGPU adapter and the CPU backend, made
    /// by timing the run's first steps on both: the faster one trains.
    pub fn measured(vendor: String, architecture: String, gpu_ms: f64, cpu_ms: f64) -> Self {
        let gpu = gpu_ms < cpu_ms;
        let (winner, loser, fast, slow) = if gpu {
            ("WebGPU", "the CPU backend", gpu_ms, cpu_ms)
        } else {
            ("the CPU backend", "WebGPU", cpu_ms, gpu_ms)
        };
        DeviceInfo {
            gpu,
            vendor: Some(vendor),
            architecture: Some(architecture),
            fallback: false,
            threads: 1,
            reason: format!(
                "Timed on both: a step takes {fast:.1} ms on {winner} and {slow:.1} ms on {loser}, so \
                 {winner} trains. Choose a backend in the settings to force one."
            ),
        }
    }

    /// The threaded CPU worker's choice between its pool of `pool` threads
    /// and one thread, made by timing the run's first steps both ways: the
    /// pool trains only when it is at least 5 % faster (small steps gain
    /// nothing from threads, and must not lose to their overhead). Either
    /// way the pool scores each epoch's end (large forward passes).
    pub fn with_threads_measured(mut self, pool: u32, pool_ms: f64, one_ms: f64) -> Self {
        let pooled = pool_ms <= 0.95 * one_ms;
        self.threads = if pooled { pool } else { 1 };
        let verdict = if pooled {
            format!("so the steps run on {pool} threads")
        } else {
            format!(
                "no gain from threads, so the steps run on one (each epoch's scoring on {pool})"
            )
        };
        self.reason = format!(
            "{} Timed on {pool} threads and on one: {pool_ms:.1} ms against {one_ms:.1} ms a step, {verdict}.",
            self.reason
        );
        self
    }

    /// "WebGPU (nvidia ampere)", "CPU" or "CPU, 4 threads".
    pub fn label(&self) -> String {
        if !self.gpu {
            return match self.threads {
                0 | 1 => "CPU".to_string(),
                n => format!("CPU, {n} threads"),
            };
        }
        let parts: Vec<&str> = [self.vendor.as_deref(), self.architecture.as_deref()]
            .into_iter()
            .flatten()
            .filter(|s| !s.is_empty())
            .collect();
        if parts.is_empty() {
            "WebGPU".to_string()
        } else {
            format!("WebGPU ({})", parts.join(" "))
        }
    }
}

/// On how many threads the threaded worker runs a benchmark's steps (the
/// single-threaded worker always runs them on one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThreadUse {
    /// As a run would: the pool or one thread, whichever its first steps
    /// show to be faster.
    #[default]
    Measure,
    /// On the worker's own thread.
    One,
    /// On the pool.
    Pool,
}

/// What a started run looks like, for the page's views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunStarted {
    /// The device training it.
    pub device: DeviceInfo,
    /// Mini-batches in the whole run.
    pub total_batches: usize,
    /// Row in the source data of each unlabeled example, in report order:
    /// its index in a built-in subset, its 1-based data row in a CSV file
    /// ([`crate::split::PuSplit::source_row_shown`]).
    pub unlabeled_sources: Vec<u32>,
    /// True class of each unlabeled example, where known.
    pub unlabeled_truth: Option<Vec<bool>>,
    /// Number of labeled positives in the training set.
    pub n_labeled: usize,
    /// For tabular data: each unlabeled example's position on the first two
    /// principal axes of the features, in report order (for the scatter view).
    pub unlabeled_projection: Option<Vec<[f32; 2]>>,
    /// Notes on the split.
    pub notes: Vec<String>,
    /// The class prior the learner uses (estimated, given or true), if it uses one.
    pub prior: Option<crate::report::PriorUsed>,
    /// The prior estimates the worker has made, for the page to hand to
    /// its other worker.
    #[serde(default)]
    pub estimates: KnownEstimates,
}

/// What a run trained since the worker last posted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Trained {
    /// The epochs finished, in order, with per-example values on U.
    pub epochs: Vec<EpochReport>,
    /// The newest mini-batch finished, if one was.
    pub batch: Option<BatchProgress>,
}

/// Worker → page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is listening; the page may send.
    Ready,
    /// A run started.
    Started(Box<RunStarted>),
    /// What training did since the last post (see [`crate::page::outbox`]).
    Trained(Box<Trained>),
    /// Paused after a mini-batch.
    Paused,
    /// Going on.
    Resumed,
    /// The run's test-set probabilities at its kept and last epochs (sent
    /// just before `Model`), from which the page scores `auto`'s average.
    TestScores(Box<TestScores>),
    /// The trained classifier as a saved-model file (sent just before
    /// `Done` or `Stopped`), for download and `policypu predict`.
    Model(ByteBuf),
    /// The run finished all its epochs.
    Done,
    /// The run was stopped on request.
    Stopped,
    /// The run failed; the message says why and what to do.
    Error(String),
    /// A benchmark's timing, and the device it ran on.
    BenchDone {
        /// The median step.
        timing: StepTiming,
        /// The device.
        device: DeviceInfo,
    },
    /// The answer to `Score`: the scores, or what is wrong with the model
    /// or the file.
    Scored(Result<CsvScores, String>),
    /// The worker panicked: it is unusable and the page must start a fresh
    /// one. The message says what happened and what to do.
    Crashed(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_keeps_the_faster_device_and_says_why() {
        let gpu = DeviceInfo::measured("nvidia".into(), "hopper".into(), 4.0, 30.0);
        assert!(
            gpu.gpu && gpu.reason.contains("4.0 ms on WebGPU") && gpu.reason.contains("30.0 ms")
        );
        let cpu = DeviceInfo::measured("intel".into(), "gen12".into(), 50.0, 8.0);
        assert!(
            !cpu.gpu
                && cpu
                    .reason
                    .starts_with("Timed on both: a step takes 8.0 ms on the CPU backend")
        );
        assert_eq!(cpu.label(), "CPU");
    }

    #[test]
    fn threads_train_only_when_clearly_faster() {
        let pooled = DeviceInfo::measured("intel".into(), "gen12".into(), 50.0, 8.0)
            .with_threads_measured(4, 3.0, 8.0);
        assert_eq!(
            (pooled.threads, pooled.label().as_str()),
            (4, "CPU, 4 threads")
        );
        assert!(
            pooled
                .reason
                .ends_with("3.0 ms against 8.0 ms a step, so the steps run on 4 threads.")
        );
        // 3 % faster is within noise: one thread.
        let alone = pooled.with_threads_measured(4, 7.76, 8.0);
        assert_eq!((alone.threads, alone.label().as_str()), (1, "CPU"));
        assert!(alone.reason.ends_with(
            "no gain from threads, so the steps run on one (each epoch's scoring on 4)."
        ));
    }
}

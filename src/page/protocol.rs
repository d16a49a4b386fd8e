//! Messages between the page and the training worker. Burn-free, so the
//! page's bundle does not link tensor code. Both sides serialise these with
//! `serde-wasm-bindgen`; byte payloads travel as `Uint8Array`s.

use serde::{Deserialize, Serialize};
use serde_bytes::ByteBuf;

use crate::config::RunConfig;
use crate::report::{BatchProgress, CsvScores, EpochReport};
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
    },
    /// Score a CSV file's rows with a classifier saved from a CSV run (the
    /// page's "Score a CSV", as `policypu predict`); answered by `Scored`.
    Score {
        /// The saved-model file.
        model: ByteBuf,
        /// The CSV file.
        csv: ByteBuf,
    },
    /// Make the worker panic: a hook for the browser tests, which check
    /// that the page survives a crashed worker. The page sends it only when
    /// a test calls `window.policypuCrashWorkerForTest()`.
    CrashForTest,
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
            reason: format!(
                "Timed on both: a step takes {fast:.1} ms on {winner} and {slow:.1} ms on {loser}, so \
                 {winner} trains. Choose a backend in the settings to force one."
            ),
        }
    }

    /// "WebGPU (nvidia ampere)" or "CPU".
    pub fn label(&self) -> String {
        if !self.gpu {
            return "CPU".to_string();
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

/// What a started run looks like, for the page's views.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunStarted {
    /// The device training it.
    pub device: DeviceInfo,
    /// Mini-batches in the whole run.
    pub total_batches: usize,
    /// Row in the source data of each unlabeled example, in report order.
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
}

/// Worker → page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The worker is listening; the page may send.
    Ready,
    /// A run started.
    Started(Box<RunStarted>),
    /// One mini-batch done.
    Progress(BatchProgress),
    /// One epoch done, with per-example values on U.
    Epoch(Box<EpochReport>),
    /// Paused after a mini-batch.
    Paused,
    /// Going on.
    Resumed,
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
}

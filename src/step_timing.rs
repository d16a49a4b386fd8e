//! How training steps are timed and what the timing came to: plain data,
//! shared by the CLI's benchmark, the worker's benchmark and its choice of
//! device (`learn::bench` runs the steps).

use serde::{Deserialize, Serialize};

use crate::config::ModelPreset;

/// How many steps to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepPlan {
    /// Steps run first and not timed (allocations, shader compilation).
    pub warmup: usize,
    /// Steps timed.
    pub timed: usize,
}

impl StepPlan {
    /// The standard plan: 3 warm-ups, the median of 20.
    pub const STANDARD: StepPlan = StepPlan {
        warmup: 3,
        timed: 20,
    };
    /// For the paper's CNN, whose steps take seconds on a CPU: 1 warm-up, the median of 5.
    pub const SLOW: StepPlan = StepPlan {
        warmup: 1,
        timed: 5,
    };

    /// The standard plan, or the short one for the paper's CNN.
    pub fn for_model(model: ModelPreset) -> Self {
        if model == ModelPreset::PaperCnn {
            Self::SLOW
        } else {
            Self::STANDARD
        }
    }
}

/// What the timed steps came to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepTiming {
    /// The plan that was run.
    pub plan: StepPlan,
    /// Median wall time of one step, in milliseconds.
    pub median_ms: f64,
    /// Examples per second at the median step.
    pub examples_per_s: f64,
}

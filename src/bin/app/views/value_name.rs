//! What the values on U are called: the policy's action p(x) for policyPU
//! learners, the classifier's ŷ for baselines (and during classifier pre-training).

use policypu::report::{EpochReport, ViewSource};

/// Names of the latest values on U.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValueName {
    /// The symbol: `p(x)` or `ŷ`.
    pub symbol: &'static str,
    /// An axis title: "policy's action p(x)" or "classifier's ŷ".
    pub title: &'static str,
}

impl ValueName {
    /// The names of the values in the last report.
    pub fn of_latest(reports: &[EpochReport]) -> Self {
        let source = reports
            .last()
            .and_then(|r| r.unlabeled.as_ref())
            .map(|u| u.source);
        match source {
            Some(ViewSource::Policy) => ValueName {
                symbol: "p(x)",
                title: "policy's action p(x)",
            },
            _ => ValueName {
                symbol: "ŷ",
                title: "classifier's ŷ",
            },
        }
    }
}

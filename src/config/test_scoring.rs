//! When a run scores its test set: after every epoch (single runs and sweeps,
//! whose test curves and `--report test-oracle` read every epoch), or only
//! after the epochs its checkpoint keeps and its last (`auto`'s candidates in
//! the page and in `policypu run`, whose choice never reads the test set and
//! whose test passes cost as much as their training on the demo in the page).

use serde::{Deserialize, Serialize};

/// Which epochs score the test set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestScoring {
    /// After every epoch: a full test curve.
    #[default]
    EveryEpoch,
    /// Only after an epoch the run's checkpoint keeps (a new best on the PU
    /// validation split) and after the last: the kept and the last epoch's
    /// test scores are the same as with [`TestScoring::EveryEpoch`], and the
    /// other epochs' reports say they were not scored.
    KeptAndLast,
}

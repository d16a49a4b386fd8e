//! Prior estimates carried from one process to another. The page's two
//! workers each keep their own memo of the estimates they made (the plan's,
//! and KM2's inside it), so a run in the second worker would estimate again
//! what the live one already had: on a CSV file, KM2 and its bootstrap
//! resamples take longer than most runs train. A worker tells the page what
//! it has estimated when a run starts, and the page hands that to each
//! worker with its next run: the runs of one split estimate its prior once,
//! whichever worker trains them.

use serde::{Deserialize, Serialize};

use super::prior::{Estimated, MEMO};
use crate::memo::PRIOR_MEMO_KEPT;
use crate::priors::PriorEstimate;
use crate::priors::km2_memo::MADE;

/// Estimates of each kind kept at most when merging: as many as a memo keeps.
const KEPT: usize = PRIOR_MEMO_KEPT;

/// Estimates made in some process, by their memo keys. A key is written in
/// hexadecimal: a 64-bit integer does not survive JavaScript's numbers.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct KnownEstimates {
    /// Plans' estimates of ρ, with their spread where one was made.
    plans: Vec<(String, Estimated)>,
    /// KM2's estimates (the default estimator's slow half), on the rows and
    /// resamples it was run on.
    km2: Vec<(String, PriorEstimate)>,
}

impl KnownEstimates {
    /// The estimates this process has made or been given.
    pub fn made_here() -> Self {
        KnownEstimates {
            plans: hex_keys(MEMO.entries()),
            km2: hex_keys(MADE.entries()),
        }
    }

    /// Make these estimates known to this process, which then uses them
    /// instead of estimating again; an estimate it has made stays.
    pub fn remember(&self) {
        for (key, estimated) in &self.plans {
            if let Ok(key) = u64::from_str_radix(key, 16) {
                MEMO.put(key, *estimated);
            }
        }
        for (key, estimate) in &self.km2 {
            if let Ok(key) = u64::from_str_radix(key, 16) {
                MADE.put(key, estimate.clone());
            }
        }
    }

    /// Add the estimates of `other` that `self` lacks, keeping the newest
    /// few of each kind.
    pub fn merge(&mut self, other: &KnownEstimates) {
        add_new(&mut self.plans, &other.plans);
        add_new(&mut self.km2, &other.km2);
    }
}

fn hex_keys<V>(entries: Vec<(u64, V)>) -> Vec<(String, V)> {
    entries
        .into_iter()
        .map(|(key, value)| (format!("{key:016x}"), value))
        .collect()
}

/// Append `more`'s entries whose keys `kept` lacks, dropping the oldest beyond [`KEPT`].
fn add_new<V: Clone>(kept: &mut Vec<(String, V)>, more: &[(String, V)]) {
    for (key, value) in more {
        if !kept.iter().any(|(k, _)| k == key) {
            kept.push((key.clone(), value.clone()));
        }
    }
    let excess = kept.len().saturating_sub(KEPT);
    kept.drain(..excess);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::RunConfig;
    use crate::data::csv::CsvColumns;
    use crate::plan::RunPlan;
    use crate::plan::prior::{ESTIMATIONS, key};
    use crate::priors::DEFAULT_ESTIMATOR;
    use crate::split::tiny_split;

    #[test]
    fn estimates_made_elsewhere_are_used_not_made_again() {
        let mut split = tiny_split();
        // A file without truth, as a CSV run sees it: the default estimate, with its spread.
        split.prior = None;
        let mut config = RunConfig {
            seed: 71,
            ..RunConfig::default()
        };
        config.use_csv(CsvColumns::default());
        let elsewhere = KnownEstimates {
            plans: vec![(
                format!("{:016x}", key(&split, DEFAULT_ESTIMATOR, 71, true)),
                (0.123, Some(0.045)),
            )],
            km2: Vec::new(),
        };
        let wire: KnownEstimates =
            serde_json::from_str(&serde_json::to_string(&elsewhere).unwrap()).unwrap();
        assert_eq!(wire, elsewhere);
        wire.remember();
        ESTIMATIONS.with(|n| n.set(0));
        let prior = RunPlan::new(&config, &split).unwrap().prior.unwrap();
        assert_eq!((prior.rho, prior.spread), (0.123, Some(0.045)));
        assert_eq!(ESTIMATIONS.with(|n| n.get()), 0, "estimated again");
        assert!(
            KnownEstimates::made_here()
                .plans
                .contains(&elsewhere.plans[0])
        );
    }

    #[test]
    fn merging_adds_the_new_and_keeps_the_newest() {
        let known = |keys: std::ops::Range<usize>| KnownEstimates {
            plans: keys.map(|k| (format!("{k:016x}"), (0.5, None))).collect(),
            km2: Vec::new(),
        };
        let mut kept = known(0..3);
        kept.merge(&known(2..5));
        assert_eq!(kept, known(0..5));
        kept.merge(&known(0..KEPT + 10));
        assert_eq!(kept.plans.len(), KEPT);
        assert_eq!(kept.plans[0].0, format!("{:016x}", 10));
    }
}

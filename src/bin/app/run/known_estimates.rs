//! The prior estimates the page's workers have reported, handed to each
//! worker with its next run: the runs of one split, in either worker,
//! estimate its prior once (`policypu::plan::known_estimates`).

use std::cell::RefCell;

use policypu::plan::known_estimates::KnownEstimates;

thread_local! {
    static KNOWN: RefCell<KnownEstimates> = RefCell::new(KnownEstimates::default());
}

/// Add what a worker reported it has estimated.
pub fn learned(reported: &KnownEstimates) {
    KNOWN.with(|k| k.borrow_mut().merge(reported));
}

/// Every estimate the workers have reported, for a run's start.
pub fn known() -> KnownEstimates {
    KNOWN.with(|k| k.borrow().clone())
}

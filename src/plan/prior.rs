//! The class prior a run uses, settled once before it trains: the one its
//! learner needs (estimated from the split's training rows, given in the
//! settings, or the split's truth; for a policy whose verdict follows the
//! prior, the given one or else KM2's estimate, and the truth for the oracle
//! verdict), or, for CSV data, the default estimator's estimate with its
//! bootstrap spread for every other learner: without a truth column nothing
//! else knows the prior (the PU metrics assume one), and with one the user
//! sees how well it is estimated. A run that chooses its epoch by a
//! criterion that needs a prior gets the default estimate too.

use super::PlanError;
use crate::concurrent::both;
use crate::config::{DataConfig, Learner, Refit, RunConfig, VerdictThreshold};
use crate::memo::{Memo, PRIOR_MEMO_KEPT};
use crate::priors::{DEFAULT_ESTIMATOR, PriorError, PriorMethod, PuRows, bootstrap};
use crate::report::{PriorSource, PriorUsed};
use crate::split::PuSplit;

/// An estimate of ρ and, when asked for, its bootstrap spread.
pub(crate) type Estimated = (f64, Option<f64>);

/// Estimates made in this process, the last few, by rows, estimator, seed
/// and whether the spread was asked for: the runs of one split estimate its
/// prior once.
pub(crate) static MEMO: Memo<Estimated> = Memo::new(PRIOR_MEMO_KEPT);

/// The memo's key of `method`'s estimate on `split`'s training rows.
pub(crate) fn key(split: &PuSplit, method: PriorMethod, seed: u64, with_spread: bool) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    (method, seed, with_spread, split.shape.len()).hash(&mut hasher);
    split.train_labeled.hash(&mut hasher);
    for x in &split.train_x {
        x.to_bits().hash(&mut hasher);
    }
    hasher.finish()
}

/// `method`'s estimate of ρ on `split`'s training rows (seeded by `seed`),
/// with its bootstrap spread when `with_spread`, made side by side where a
/// thread is spare; made once per rows and settings in this process.
fn estimated(
    split: &PuSplit,
    method: PriorMethod,
    seed: u64,
    with_spread: bool,
) -> Result<Estimated, PlanError> {
    let key = key(split, method, seed, with_spread);
    if let Some(found) = MEMO.get(key) {
        return Ok(found);
    }
    #[cfg(test)]
    ESTIMATIONS.with(|n| n.set(n.get() + 1));
    let rows = PuRows::new(
        split.train_x.clone(),
        split.shape.len(),
        split.train_labeled.clone(),
    );
    let (rho, spread) = both(
        || method.estimate(&rows, seed).map(|e| e.rho),
        || {
            with_spread
                .then(|| bootstrap::spread(method, &rows, seed, bootstrap::BOOTSTRAP_SAMPLES))
                .transpose()
        },
    );
    let to_plan_error = |e: PriorError| PlanError(e.to_string());
    let (rho, spread) = (rho.map_err(to_plan_error)?, spread.map_err(to_plan_error)?);
    MEMO.put(key, (rho, spread));
    Ok((rho, spread))
}

#[cfg(test)]
thread_local! {
    /// Estimations made on this thread, so tests can count them.
    pub(crate) static ESTIMATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The run's class prior, with the true ρ when known; `None` for a learner
/// that needs none on data whose truth is known.
pub fn prior_for(config: &RunConfig, split: &PuSplit) -> Result<Option<PriorUsed>, PlanError> {
    let learner = config.learner;
    let csv = matches!(config.data, DataConfig::Csv { .. });
    let verdict = config.policy_verdict();
    let oracle = verdict == Some(VerdictThreshold::TruePrior);
    let member_refit = config.refit == Refit::MemberRun;
    // A policy whose verdict follows the prior and is given none estimates
    // it as KM2+nnPU does.
    let estimator = learner.prior_estimator().or_else(|| {
        (verdict == Some(VerdictThreshold::Prior) && config.given_prior().is_none())
            .then(|| Learner::Km2NnPu.prior_estimator())
            .flatten()
    });
    let method = match (estimator, config.given_prior(), split.prior) {
        (Some(method), _, _) => method,
        (None, Some(rho), truth) => {
            return Ok(Some(PriorUsed {
                source: PriorSource::Given,
                rho,
                true_rho: truth,
                spread: None,
                learner_uses: true,
            }));
        }
        (None, None, Some(truth)) if learner.uses_prior() || oracle => {
            return Ok(Some(PriorUsed {
                source: PriorSource::Truth,
                rho: truth,
                true_rho: Some(truth),
                spread: None,
                learner_uses: true,
            }));
        }
        (None, None, None) if oracle => {
            return Err(PlanError(
                "the true-prior verdict is an oracle ablation: it needs the share of positives \
                 in U, which this file cannot tell without a truth column; choose another verdict \
                 threshold or name the truth column"
                    .into(),
            ));
        }
        // A member's refit shows nothing: auto shows its candidates' prior.
        (None, None, _) if member_refit => return Ok(None),
        (None, None, truth) if csv || truth.is_none() || config.criterion().needs_prior() => {
            DEFAULT_ESTIMATOR
        }
        (None, None, _) => return Ok(None),
    };
    // On a CSV the spread is the user's check on the estimate (the only one
    // without a truth column); the built-in grids skip its cost, and so do a
    // cross-fitted auto's folds (the ten resamples took most of their time),
    // whose mean shows no spread, and auto's members trained again.
    let with_spread =
        (csv || split.prior.is_none()) && config.split.validation_fold.is_none() && !member_refit;
    let (rho, spread) = estimated(split, method, config.seed, with_spread)?;
    Ok(Some(PriorUsed {
        source: PriorSource::Estimated(method),
        rho,
        true_rho: split.prior,
        spread,
        learner_uses: estimator.is_some() || learner.uses_prior(),
    }))
}

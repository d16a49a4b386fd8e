//! The class prior a run uses, settled once before it trains: the one its
//! learner needs (estimated from the split's training rows, given in the
//! settings, or the split's truth; for a policy whose verdict follows the
//! prior, the given one or else KM2's estimate, and the truth for the oracle
//! verdict), or, for CSV data, TIcE's estimate with its bootstrap spread for
//! every other learner: without a truth column nothing else knows the prior
//! (the PU metrics assume one), and with one the user sees how well it is
//! estimated.

use super::PlanError;
use crate::config::{DataConfig, RunConfig, VerdictThreshold};
use crate::priors::{PriorMethod, PuRows, bootstrap};
use crate::report::{PriorSource, PriorUsed};
use crate::split::PuSplit;

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
    // A policy whose verdict follows the prior and is given none estimates
    // it as KM2+nnPU does.
    let estimator = learner.prior_estimator().or_else(|| {
        (verdict == Some(VerdictThreshold::Prior) && config.given_prior().is_none())
            .then_some(PriorMethod::Km2)
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
        (None, None, truth) if csv || truth.is_none() => PriorMethod::Tice,
        (None, None, _) => return Ok(None),
    };
    #[cfg(test)]
    ESTIMATIONS.with(|n| n.set(n.get() + 1));
    let rows = PuRows::new(
        split.train_x.clone(),
        split.shape.len(),
        split.train_labeled.clone(),
    );
    let estimate = method
        .estimate(&rows, config.seed)
        .map_err(|e| PlanError(e.to_string()))?;
    // On a CSV the spread is the user's check on the estimate (the only one
    // without a truth column); the built-in grids skip its cost.
    let spread = match csv || split.prior.is_none() {
        false => None,
        true => Some(
            bootstrap::spread(method, &rows, config.seed, bootstrap::BOOTSTRAP_SAMPLES)
                .map_err(|e| PlanError(e.to_string()))?,
        ),
    };
    Ok(Some(PriorUsed {
        source: PriorSource::Estimated(method),
        rho: estimate.rho,
        true_rho: split.prior,
        spread,
        learner_uses: estimator.is_some() || learner.uses_prior(),
    }))
}

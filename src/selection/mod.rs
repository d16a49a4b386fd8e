//! Choosing a model from PU data alone. Each epoch of the learner's own
//! training is scored on a PU validation split (labeled and unlabeled rows
//! set aside from the training data, never trained on, no truth read):
//! [`scores::ValidationScores`]. A [`Criterion`] turns those scores into one
//! number, higher better, and the run keeps the classifier of the epoch
//! that number ranks first ([`select_epoch`]). `auto` ranks whole learners
//! the same way ([`crate::auto_learner`]).

pub mod criterion;
pub mod scores;

pub use criterion::Criterion;
pub use scores::ValidationScores;

/// True when `value` beats `best` (strictly, so a tie keeps the earlier epoch).
pub fn improves(value: f64, best: Option<f64>) -> bool {
    value.is_finite() && best.is_none_or(|b| value > b)
}

/// The position, in `scores`, of the epoch `criterion` ranks first; `None`
/// when no epoch has a value for it (or the criterion is the last epoch,
/// which the caller reads directly).
pub fn select_epoch<'a>(
    scores: impl IntoIterator<Item = Option<&'a ValidationScores>>,
    criterion: Criterion,
) -> Option<usize> {
    first_best(
        scores
            .into_iter()
            .map(|s| s.and_then(|s| criterion.value(s))),
    )
}

/// The position of the first highest of `values` (gaps skipped); `None`
/// when none has one.
pub fn first_best(values: impl IntoIterator<Item = Option<f64>>) -> Option<usize> {
    let mut best: Option<(usize, f64)> = None;
    for (i, value) in values.into_iter().enumerate() {
        if let Some(value) = value
            && improves(value, best.map(|(_, b)| b))
        {
            best = Some((i, value));
        }
    }
    best.map(|(i, _)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auc(value: f64) -> ValidationScores {
        ValidationScores {
            lu_auc: Some(value),
            ..ValidationScores::default()
        }
    }

    #[test]
    fn the_first_best_epoch_is_chosen_and_gaps_are_skipped() {
        let epochs = [auc(0.7), auc(0.9), auc(0.8), auc(0.9)];
        let with_gap = [
            Some(&epochs[0]),
            None,
            Some(&epochs[1]),
            Some(&epochs[2]),
            Some(&epochs[3]),
        ];
        assert_eq!(select_epoch(with_gap, Criterion::LuAuc), Some(2));
        assert_eq!(
            select_epoch(epochs.iter().map(Some), Criterion::LastEpoch),
            None
        );
        assert_eq!(select_epoch([None, None], Criterion::LuAuc), None);
        assert!(!improves(f64::NAN, None));
        assert!(improves(0.1, None) && !improves(0.5, Some(0.5)));
    }
}

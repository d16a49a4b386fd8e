//! How far a prior estimate moves when the data is drawn again: the
//! estimator is rerun on bootstrap resamples of the rows (labeled and
//! unlabeled rows each drawn with replacement, so every resample keeps n_l
//! and |U|), and the spread of its estimates is their standard deviation.
//! Without a truth column this is the only check a user has on the prior.

use super::{PriorError, PriorMethod, PuRows};
use crate::concurrent::{map_items, threads_to_spare};
use crate::rng::{PortableRng, stream};

/// Resamples drawn for a spread: enough for a standard deviation to one
/// significant figure, few enough to stay under a few seconds.
pub const BOOTSTRAP_SAMPLES: usize = 10;

/// The standard deviation of `method`'s estimate of ρ over `samples`
/// bootstrap resamples of `rows`, each seeded from `seed`.
///
/// # Errors
/// The estimator's error on a resample, or [`PriorError`] for rows without
/// labeled or unlabeled examples.
pub fn spread(
    method: PriorMethod,
    rows: &PuRows,
    seed: u64,
    samples: usize,
) -> Result<f64, PriorError> {
    rows.check()?;
    let (labeled, unlabeled): (Vec<usize>, Vec<usize>) =
        (0..rows.len()).partition(|&i| rows.labeled[i]);
    // Every resample and its seed is drawn first, in order, so that the
    // estimates, made side by side where a thread is spare, are the same
    // however many threads make them.
    let mut rng = PortableRng::new(seed, stream::BOOTSTRAP);
    let resamples: Vec<(Vec<usize>, u64)> = (0..samples)
        .map(|_| {
            let mut drawn = Vec::with_capacity(rows.len());
            for group in [&labeled, &unlabeled] {
                drawn.extend(
                    (0..group.len()).map(|_| group[rng.below(group.len() as u64) as usize]),
                );
            }
            (drawn, rng.below(u64::MAX))
        })
        .collect();
    let estimates = map_items(resamples, threads_to_spare(), |(drawn, seed)| {
        method.estimate(&rows.subset(&drawn), seed).map(|e| e.rho)
    })
    .into_iter()
    .collect::<Result<Vec<f64>, PriorError>>()?;
    let n = estimates.len().max(1) as f64;
    let mean = estimates.iter().sum::<f64>() / n;
    Ok((estimates.iter().map(|e| (e - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::concurrent::on_threads;

    /// 1-D rows: positives near +2, negatives near −2, half of the positives labeled.
    fn rows(n: usize, seed: u64) -> PuRows {
        let mut rng = PortableRng::new(seed, 0);
        let mut x = Vec::new();
        let mut labeled = Vec::new();
        for i in 0..n {
            let positive = i % 2 == 0;
            x.push(if positive { 2.0 } else { -2.0 } + rng.normal() as f32);
            labeled.push(positive && i % 4 == 0);
        }
        PuRows::new(x, 1, labeled)
    }

    #[test]
    fn the_spread_shrinks_with_more_rows_and_repeats_with_the_seed() {
        let small = spread(PriorMethod::ElkanNoto, &rows(80, 1), 3, 8).unwrap();
        let large = spread(PriorMethod::ElkanNoto, &rows(1600, 1), 3, 8).unwrap();
        assert!(small > 0.0 && large < small, "{small} then {large}");
        assert_eq!(
            spread(PriorMethod::ElkanNoto, &rows(80, 1), 3, 8).unwrap(),
            small
        );
        let none = PuRows::new(vec![1.0, 2.0], 1, vec![false, false]);
        assert!(spread(PriorMethod::Tice, &none, 3, 8).is_err());
    }

    #[test]
    fn resamples_estimated_side_by_side_give_the_spread_of_one_thread() {
        let rows = rows(400, 2);
        let spread_on = |threads| {
            on_threads(threads, || {
                spread(PriorMethod::ElkanNoto, &rows, 5, 6).unwrap()
            })
        };
        let alone = spread_on(1);
        assert!(alone > 0.0);
        assert_eq!(spread_on(2).to_bits(), alone.to_bits());
    }
}

//! KM2's estimates made in this process, by rows and seed. KM2 is the slow
//! part of the default estimator, min(KM2, BBE), and `auto` on a CSV file
//! asks for it twice on the same rows and the same bootstrap resamples (for
//! its KM2+nnPU candidates, and inside the default for the others): each
//! estimate is made once, whichever thread asks (the resamples are
//! estimated side by side). The last few are kept.

use std::hash::{Hash, Hasher};

use super::{PriorError, PriorEstimate, PuRows, km};
use crate::memo::{Memo, PRIOR_MEMO_KEPT};

/// The estimates made, the last few.
pub(crate) static MADE: Memo<PriorEstimate> = Memo::new(PRIOR_MEMO_KEPT);

#[cfg(test)]
thread_local! {
    /// KM2 estimations actually run on this thread, so tests can count them.
    pub(crate) static RUNS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The key of `rows` and `seed`.
fn key(rows: &PuRows, seed: u64) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    (seed, rows.dim, &rows.labeled).hash(&mut hasher);
    for x in &rows.x {
        x.to_bits().hash(&mut hasher);
    }
    hasher.finish()
}

/// KM2's estimate on `rows` with `seed`, made once per rows and seed in this process.
pub fn estimate(rows: &PuRows, seed: u64) -> Result<PriorEstimate, PriorError> {
    let key = key(rows, seed);
    if let Some(made) = MADE.get(key) {
        return Ok(made);
    }
    #[cfg(test)]
    RUNS.with(|n| n.set(n.get() + 1));
    let made = km::estimate(rows, &km::KmSettings::default(), seed)?;
    MADE.put(key, made.clone());
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::concurrent::on_threads;
    use crate::priors::{PriorMethod, bootstrap};
    use crate::rng::PortableRng;

    /// 2-D rows: positives near +1.5, negatives near −1.5, a third of the positives labeled.
    fn rows(n: usize) -> PuRows {
        let mut rng = PortableRng::new(7, 0);
        let (mut x, mut labeled) = (Vec::new(), Vec::new());
        for i in 0..n {
            let centre = if i % 2 == 0 { 1.5 } else { -1.5 };
            x.extend([centre + rng.normal() as f32, rng.normal() as f32]);
            labeled.push(i % 6 == 0);
        }
        PuRows::new(x, 2, labeled)
    }

    #[test]
    fn the_default_reuses_km2s_estimates_and_spread_resamples() {
        // On one thread, which counts its own estimations.
        on_threads(1, reuses_estimates);
    }

    fn reuses_estimates() {
        let rows = rows(240);
        let runs = || RUNS.with(|n| n.get());
        let before = runs();
        let km2 = PriorMethod::Km2.estimate(&rows, 3).unwrap();
        let km2_spread = bootstrap::spread(PriorMethod::Km2, &rows, 3, 4).unwrap();
        assert_eq!(runs() - before, 5, "one estimate and four resamples");
        let default = PriorMethod::Km2Bbe.estimate(&rows, 3).unwrap();
        bootstrap::spread(PriorMethod::Km2Bbe, &rows, 3, 4).unwrap();
        assert_eq!(runs() - before, 5, "the default ran KM2 again");
        let bbe = PriorMethod::Bbe.estimate(&rows, 3).unwrap();
        assert_eq!(default.rho, km2.rho.min(bbe.rho));
        assert!(km2_spread > 0.0);
        // Other rows or another seed are estimated afresh.
        PriorMethod::Km2.estimate(&rows, 4).unwrap();
        assert_eq!(runs() - before, 6);
    }
}

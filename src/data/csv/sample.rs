//! A file of more data rows than a run trains on ([`MAX_ROWS`]) is read as a
//! random sample of that many: the same rows every time the same file is
//! read, whatever the run's seed, so a link to a run on it reproduces it.

use super::{MAX_ROWS, MAX_SCORED_ROWS};
use crate::rng::PortableRng;
use crate::user_text::counted;

/// The draw's seed and stream: fixed, so that a file's sample depends on the
/// file alone.
const SAMPLE_SEED: u64 = 0x524f_5753;
/// See [`SAMPLE_SEED`].
const SAMPLE_STREAM: u64 = 7;

/// Which of a file's data rows a sample keeps.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct RowSample {
    /// Data rows in the file.
    total: usize,
    /// Rows kept.
    kept: usize,
    /// Bit `i` set: data row `i + 1` is kept.
    bits: Vec<u64>,
}

impl RowSample {
    /// [`MAX_ROWS`] of a file's `total` data rows (all of them if there are
    /// no more), each set of them equally likely (Floyd's algorithm, which
    /// draws exactly as many as it keeps).
    pub(super) fn of(total: usize) -> Self {
        let kept = total.min(MAX_ROWS);
        let mut bits = vec![0u64; total.div_ceil(64)];
        let mut rng = PortableRng::new(SAMPLE_SEED, SAMPLE_STREAM);
        for last in (total - kept)..total {
            let drawn = rng.below(last as u64 + 1) as usize;
            let row = if is_set(&bits, drawn) { last } else { drawn };
            bits[row / 64] |= 1 << (row % 64);
        }
        RowSample { total, kept, bits }
    }

    /// Whether it keeps the 1-based data row `number`.
    pub(super) fn keeps(&self, number: usize) -> bool {
        number >= 1 && is_set(&self.bits, number - 1)
    }

    /// The sentence saying that the rows read are a sample, and which.
    pub(super) fn note(&self) -> String {
        format!(
            "The file has {}, more than the {} a run reads: a random sample of {} of them was \
             read (the same rows each time this file is read, whatever the seed), each under \
             its row number in the file, and the run's training, validation and test rows come \
             from it. To use other rows, make a file of them; scoring a file reads every row, \
             up to {MAX_SCORED_ROWS}.",
            counted(self.total, "data row"),
            MAX_ROWS,
            self.kept
        )
    }
}

/// Whether bit `index` of `bits` is set.
fn is_set(bits: &[u64], index: usize) -> bool {
    bits.get(index / 64)
        .is_some_and(|word| word & (1 << (index % 64)) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_as_many_rows_as_a_run_trains_on_spread_over_the_file() {
        let sample = RowSample::of(120_000);
        let kept: Vec<usize> = (1..=120_000).filter(|&n| sample.keeps(n)).collect();
        assert_eq!(kept.len(), MAX_ROWS);
        // Each fifth of the file holds about a fifth of the sample
        // (10,000 ± 5 standard deviations of a hypergeometric count).
        for fifth in 0..5 {
            let held = kept.iter().filter(|&&n| (n - 1) / 24_000 == fifth).count();
            assert!((9_500..=10_500).contains(&held), "fifth {fifth}: {held}");
        }
        assert!(!sample.keeps(0) && !sample.keeps(120_001));
        // The same file, the same sample.
        assert_eq!(RowSample::of(120_000), sample);
        assert_eq!(
            sample.note(),
            "The file has 120000 data rows, more than the 50000 a run reads: a random sample \
             of 50000 of them was read (the same rows each time this file is read, whatever \
             the seed), each under its row number in the file, and the run's training, \
             validation and test rows come from it. To use other rows, make a file of them; \
             scoring a file reads every row, up to 1000000."
        );
    }

    #[test]
    fn a_file_within_the_limit_is_kept_whole() {
        let sample = RowSample::of(3);
        assert!((1..=3).all(|n| sample.keeps(n)));
        assert!(!sample.keeps(4));
    }
}

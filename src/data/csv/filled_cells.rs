//! Which feature values a read filled in for missing ones
//! ([`MissingValues::ColumnMean`](super::MissingValues::ColumnMean)), so
//! that a run fills them again with its training rows' means: the mean the
//! standardiser fitted on those rows then holds, and scoring with the
//! trained model fills in the same value.

/// The values of a row-major matrix that were filled in, a bit each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilledCells {
    /// Bit `i` set: value `i` of the matrix was filled in; empty when none
    /// was.
    bits: Vec<u64>,
}

impl FilledCells {
    /// The missing values (NaN) of `features`.
    pub(super) fn missing_in(features: &[f32]) -> Self {
        Self::from_places(
            features.len(),
            (0..features.len()).filter(|&place| features[place].is_nan()),
        )
    }

    /// The values at `places` of a matrix of `len` values.
    pub(super) fn from_places(len: usize, places: impl Iterator<Item = usize>) -> Self {
        let mut bits = Vec::new();
        for place in places.filter(|&place| place < len) {
            if bits.is_empty() {
                bits = vec![0u64; len.div_ceil(64)];
            }
            bits[place / 64] |= 1 << (place % 64);
        }
        FilledCells { bits }
    }

    /// Whether no value was filled in.
    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// Whether value `place` was filled in.
    pub fn contains(&self, place: usize) -> bool {
        self.bits
            .get(place / 64)
            .is_some_and(|word| word & (1 << (place % 64)) != 0)
    }

    /// The places filled in, in order.
    pub(super) fn places(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter().enumerate().flat_map(|(at, &word)| {
            (0..64)
                .filter(move |bit| word & (1 << bit) != 0)
                .map(move |bit| at * 64 + bit)
        })
    }

    /// Each of the `dim` columns' mean over `rows` of `features` (row-major)
    /// of the values not filled in; None for a column with no such value
    /// there. Nothing when no value was filled in.
    pub fn means_over(&self, features: &[f32], dim: usize, rows: &[usize]) -> Vec<Option<f32>> {
        if self.is_empty() {
            return Vec::new();
        }
        let mut sums = vec![(0.0f64, 0usize); dim];
        for &row in rows {
            for (column, (sum, count)) in sums.iter_mut().enumerate() {
                let place = row * dim + column;
                if let Some(&value) = features.get(place).filter(|_| !self.contains(place)) {
                    *sum += f64::from(value);
                    *count += 1;
                }
            }
        }
        sums.into_iter()
            .map(|(sum, count)| (count > 0).then(|| (sum / count as f64) as f32))
            .collect()
    }

    /// Fills again, in `gathered` (rows `rows` of the matrix, in that order,
    /// `dim` values each), every value filled in whose column has a value
    /// in `means` ([`FilledCells::means_over`]).
    pub fn refill(&self, gathered: &mut [f32], dim: usize, rows: &[usize], means: &[Option<f32>]) {
        if self.is_empty() {
            return;
        }
        for (values, &row) in gathered.chunks_mut(dim.max(1)).zip(rows) {
            for ((column, value), mean) in values.iter_mut().enumerate().zip(means) {
                if let Some(mean) = mean.filter(|_| self.contains(row * dim + column)) {
                    *value = mean;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_go_in_and_come_out_in_order() {
        let filled = FilledCells::from_places(200, [3, 64, 199, 500].into_iter());
        assert_eq!(filled.places().collect::<Vec<_>>(), [3, 64, 199]);
        assert!(filled.contains(64) && !filled.contains(65) && !filled.contains(9_999));
        assert!(FilledCells::from_places(200, std::iter::empty()).is_empty());
        let nan = f32::NAN;
        let missing = FilledCells::missing_in(&[1.0, nan, 2.0, nan]);
        assert_eq!(missing.places().collect::<Vec<_>>(), [1, 3]);
    }

    #[test]
    fn refilling_takes_each_columns_mean_over_the_rows_trained_on_without_its_fills() {
        // Rows (1, 4.67), (3, 4), (3, 8), (5, 2): the second value of row 0
        // and the first of row 2 were filled in.
        let features = [1.0, 14.0 / 3.0, 3.0, 4.0, 3.0, 8.0, 5.0, 2.0];
        let filled = FilledCells::from_places(8, [1, 4].into_iter());
        // Trained on rows 1 and 0: column 0 holds 1 and 3, column 1 only 4.
        let means = filled.means_over(&features, 2, &[1, 0]);
        assert_eq!(means, [Some(2.0), Some(4.0)]);
        let rows = [2, 0];
        let mut gathered = vec![3.0, 8.0, 1.0, 14.0 / 3.0];
        filled.refill(&mut gathered, 2, &rows, &means);
        assert_eq!(gathered, [2.0, 8.0, 1.0, 4.0]);
        // A column with no value of its own in the rows keeps its fill.
        let means = filled.means_over(&features, 2, &[0]);
        assert_eq!(means, [Some(1.0), None]);
        let mut gathered = features.to_vec();
        filled.refill(&mut gathered, 2, &[0, 1, 2, 3], &means);
        assert_eq!(gathered, [1.0, 14.0 / 3.0, 3.0, 4.0, 1.0, 8.0, 5.0, 2.0]);
        // Nothing filled in: no means, nothing changed.
        let none = FilledCells::default();
        assert!(none.means_over(&features, 2, &[0]).is_empty());
        let mut gathered = features.to_vec();
        none.refill(&mut gathered, 2, &[0, 1, 2, 3], &[Some(0.0), Some(0.0)]);
        assert_eq!(gathered, features);
    }
}

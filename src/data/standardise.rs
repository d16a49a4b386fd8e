//! Feature standardisation: zero mean and unit variance, fitted on training rows only.

/// Per-feature mean and standard deviation fitted on training rows only.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Standardiser {
    /// Mean of each feature over the fitted rows.
    pub mean: Vec<f32>,
    /// Population standard deviation of each feature over the fitted rows; 1 where it was 0.
    pub std: Vec<f32>,
}

impl Standardiser {
    /// Fit on the given rows of a row-major matrix with `dim` columns. A zero std becomes 1.
    ///
    /// The standard deviation is the population one (divided by the number of rows).
    /// Row indices past the end of the matrix are skipped; with no rows left the
    /// result is the identity (mean 0, std 1).
    pub fn fit(features: &[f32], dim: usize, rows: &[usize]) -> Standardiser {
        let fitted: Vec<&[f32]> = rows
            .iter()
            .filter_map(|&row| matrix_row(features, dim, row))
            .collect();
        let count = fitted.len().max(1) as f64;
        let mut sums = vec![0.0f64; dim];
        for row in &fitted {
            for (sum, &value) in sums.iter_mut().zip(*row) {
                *sum += f64::from(value);
            }
        }
        let means: Vec<f64> = sums.iter().map(|sum| sum / count).collect();
        let mut squares = vec![0.0f64; dim];
        for row in &fitted {
            for ((square, &value), mean) in squares.iter_mut().zip(*row).zip(&means) {
                *square += (f64::from(value) - mean).powi(2);
            }
        }
        let std = squares
            .iter()
            .map(|square| {
                let std = (square / count).sqrt() as f32;
                if std > 0.0 { std } else { 1.0 }
            })
            .collect();
        Standardiser {
            mean: means.iter().map(|&mean| mean as f32).collect(),
            std,
        }
    }

    /// (x - mean) / std in place, for every row of the matrix, computed in
    /// f64 so that values near the ends of the f32 range do not overflow on
    /// the way.
    ///
    /// The matrix has `self.mean.len()` columns; a trailing partial row is
    /// standardised as far as it goes.
    ///
    /// # Errors
    /// [`NotFinite`] at the first value whose result is not a finite f32 (a
    /// value far outside the fitted rows' range when their spread is tiny).
    pub fn apply(&self, features: &mut [f32]) -> Result<(), NotFinite> {
        if self.mean.is_empty() {
            return Ok(());
        }
        for (row, values) in features.chunks_mut(self.mean.len()).enumerate() {
            let columns = values.iter_mut().zip(&self.mean).zip(&self.std);
            for (column, ((value, &mean), &std)) in columns.enumerate() {
                *value = ((f64::from(*value) - f64::from(mean)) / f64::from(std)) as f32;
                if !value.is_finite() {
                    return Err(NotFinite { row, column });
                }
            }
        }
        Ok(())
    }
}

/// Where standardising gave a value that is not a finite f32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotFinite {
    /// 0-based row of the matrix.
    pub row: usize,
    /// 0-based column.
    pub column: usize,
}

/// Row `row` of a row-major matrix with `dim` columns, if the matrix has it.
fn matrix_row(features: &[f32], dim: usize, row: usize) -> Option<&[f32]> {
    let start = row.checked_mul(dim)?;
    features.get(start..start.checked_add(dim)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three rows of two features: column 0 is 1, 2, 3 and column 1 is 10, 10, 40.
    const MATRIX: [f32; 6] = [1.0, 10.0, 2.0, 10.0, 3.0, 40.0];

    #[test]
    fn fits_population_mean_and_std() {
        let fitted = Standardiser::fit(&MATRIX, 2, &[0, 1, 2]);
        // Column 0: mean 2, variance (1 + 0 + 1) / 3. Column 1: mean 20, variance (100 + 100 + 400) / 3.
        assert_eq!(fitted.mean, vec![2.0, 20.0]);
        assert!((fitted.std[0] - (2.0f32 / 3.0).sqrt()).abs() < 1e-6);
        assert!((fitted.std[1] - 200.0f32.sqrt()).abs() < 1e-4);
    }

    #[test]
    fn fits_only_the_given_rows() {
        // Rows 0 and 2: column 0 is 1, 3 (mean 2, std 1); column 1 is 10, 40 (mean 25, std 15).
        let fitted = Standardiser::fit(&MATRIX, 2, &[2, 0]);
        assert_eq!(fitted.mean, vec![2.0, 25.0]);
        assert_eq!(fitted.std, vec![1.0, 15.0]);
    }

    #[test]
    fn zero_std_becomes_one() {
        // Rows 0 and 1: column 1 is 10 twice.
        let fitted = Standardiser::fit(&MATRIX, 2, &[0, 1]);
        assert_eq!(fitted.mean, vec![1.5, 10.0]);
        assert_eq!(fitted.std, vec![0.5, 1.0]);
    }

    #[test]
    fn missing_rows_are_skipped_and_no_rows_is_identity() {
        let fitted = Standardiser::fit(&MATRIX, 2, &[0, 2, 3, usize::MAX]);
        assert_eq!(fitted, Standardiser::fit(&MATRIX, 2, &[0, 2]));
        let identity = Standardiser::fit(&MATRIX, 2, &[]);
        assert_eq!(identity.mean, vec![0.0, 0.0]);
        assert_eq!(identity.std, vec![1.0, 1.0]);
    }

    #[test]
    fn applies_to_every_row() {
        let fitted = Standardiser::fit(&MATRIX, 2, &[2, 0]);
        let mut features = MATRIX;
        fitted.apply(&mut features).unwrap();
        // Column 0: (x - 2) / 1; column 1: (x - 25) / 15.
        assert_eq!(features, [-1.0, -1.0, 0.0, -1.0, 1.0, 1.0]);
    }

    #[test]
    fn applying_with_no_features_changes_nothing() {
        let fitted = Standardiser::fit(&[], 0, &[0, 1]);
        assert_eq!(fitted.mean, Vec::<f32>::new());
        let mut features = [1.0f32, 2.0];
        fitted.apply(&mut features).unwrap();
        assert_eq!(features, [1.0, 2.0]);
    }

    #[test]
    fn values_near_the_ends_of_the_f32_range_stay_finite() {
        // Mean 1e38, std 2√2·1e38: -3e38 - 1e38 overflowed f32 on the way.
        let column = [3e38f32, 3e38, -3e38];
        let fitted = Standardiser::fit(&column, 1, &[0, 1, 2]);
        let mut features = column;
        fitted.apply(&mut features).unwrap();
        let expected = [0.5f32.sqrt(), 0.5f32.sqrt(), -(2.0f32.sqrt())];
        for (got, want) in features.iter().zip(expected) {
            assert!((got - want).abs() < 1e-5, "{features:?}");
        }
    }

    #[test]
    fn a_result_that_is_not_finite_is_located() {
        let fitted = Standardiser {
            mean: vec![0.0, 0.0],
            std: vec![1.0, 1e-30],
        };
        let mut features = [1.0f32, 1.0, 2.0, 3e38];
        assert_eq!(
            fitted.apply(&mut features),
            Err(NotFinite { row: 1, column: 1 })
        );
    }
}

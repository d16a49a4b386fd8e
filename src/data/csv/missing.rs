//! Missing feature values: which cells count as missing, and what a read
//! does with them — refuse the file (the default, so nothing is changed
//! behind the user's back), drop the rows that have them, or fill each with
//! its column's mean over the rows a run trains on. The choice is part of
//! the run's settings, so a link reproduces it.

use super::filled_cells::FilledCells;
use crate::keyed::Keyed;
use crate::user_text::counted;
use serde::{Deserialize, Serialize};

/// What a read does with missing feature cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MissingValues {
    /// Refuse the file, naming the first empty cells.
    #[default]
    #[serde(rename = "refuse")]
    Refuse,
    /// Leave out every row with a missing feature value.
    #[serde(rename = "drop")]
    DropRows,
    /// Replace each missing value with its column's mean over the rows
    /// trained on (the values that are not missing), as scoring with the
    /// trained model does.
    #[serde(rename = "mean")]
    ColumnMean,
}

impl Keyed for MissingValues {
    const ALL: &'static [Self] = &[Self::Refuse, Self::DropRows, Self::ColumnMean];
    const WHAT: &'static str = "missing-values choice";

    /// The key in links and on the command line (`--missing drop`).
    fn key(self) -> &'static str {
        match self {
            Self::Refuse => "refuse",
            Self::DropRows => "drop",
            Self::ColumnMean => "mean",
        }
    }
}

impl MissingValues {
    /// The page's words for the choice.
    pub fn label(self) -> &'static str {
        match self {
            Self::Refuse => "refuse the file",
            Self::DropRows => "drop rows with missing values",
            Self::ColumnMean => "fill with the column mean",
        }
    }

    /// The page's words for the choice when scoring rows with a trained
    /// model, which fills with the model's training means.
    pub fn scoring_label(self) -> &'static str {
        match self {
            Self::ColumnMean => "fill with the training rows' mean",
            _ => self.label(),
        }
    }
}

crate::keyed::from_str_by_key!(MissingValues);

/// Texts that mean "no value" in a trimmed cell, besides the empty cell
/// (compared ignoring case): what R, pandas, spreadsheets and UCI files write.
/// Words written in a cell for a missing value, matched case-insensitively.
/// "None" is not one: it is as often a category ("Alcohol: None").
const MISSING_WORDS: [&str; 6] = ["NA", "N/A", "#N/A", "NaN", "null", "?"];

/// The cells that count as missing, in words for help texts: "empty, NA,
/// N/A, #N/A, NaN, null or ?".
pub fn missing_cells_text() -> String {
    let (last, others) = MISSING_WORDS.split_last().expect("missing words");
    format!("empty, {} or {last}", others.join(", "))
}

/// Whether a trimmed cell holds no value.
pub fn is_missing(cell: &str) -> bool {
    cell.is_empty() || MISSING_WORDS.iter().any(|w| w.eq_ignore_ascii_case(cell))
}

/// Where the missing values (read as NaN) of row-major features are.
pub(super) struct Gaps {
    /// Per row: does it hold a missing value.
    rows: Vec<bool>,
    /// The counts, for the user.
    pub report: MissingReport,
}

impl Gaps {
    /// The gaps of `features` (`dim` per row), or None if there are none.
    /// `column_of` gives each of the `dim` values' file column, so that a
    /// missing cell of a column of categories, missing in each of its
    /// inputs, counts once.
    pub fn find(features: &[f32], dim: usize, column_of: &[usize]) -> Option<Self> {
        let dim = dim.max(1);
        if !features.iter().any(|v| v.is_nan()) {
            return None;
        }
        let column = |input: usize| column_of.get(input).copied().unwrap_or(input);
        let mut gappy_columns: Vec<usize> = Vec::new();
        let mut cells = 0;
        let mut rows = Vec::with_capacity(features.len() / dim);
        for row in features.chunks(dim) {
            let mut last = None;
            for (input, _) in row.iter().enumerate().filter(|(_, v)| v.is_nan()) {
                let column = column(input);
                if last != Some(column) {
                    cells += 1;
                    last = Some(column);
                    if !gappy_columns.contains(&column) {
                        gappy_columns.push(column);
                    }
                }
            }
            rows.push(last.is_some());
        }
        let columns = gappy_columns.len();
        let report = MissingReport {
            cells,
            rows: rows.iter().filter(|g| **g).count(),
            of_rows: rows.len(),
            columns,
        };
        Some(Self { rows, report })
    }

    /// Leaves out the values (one per row) of the rows with a gap.
    pub fn drop_from<T>(&self, values: &mut Vec<T>) {
        let mut gaps = self.rows.iter();
        values.retain(|_| gaps.next() == Some(&false));
    }

    /// Leaves out the rows with a gap from row-major `features`.
    pub fn drop_rows(&self, features: &mut Vec<f32>, dim: usize) {
        let dim = dim.max(1);
        let mut kept = Vec::with_capacity(features.len() - self.report.rows * dim);
        for (row, gappy) in features.chunks(dim).zip(&self.rows) {
            if !gappy {
                kept.extend_from_slice(row);
            }
        }
        *features = kept;
    }
}

/// The mean of each column's values that are not missing; 0 for a column
/// with none (it becomes constant and is dropped later).
pub(super) fn column_means(features: &[f32], dim: usize) -> Vec<f32> {
    (0..dim)
        .map(|column| {
            let (sum, count) = features
                .iter()
                .skip(column)
                .step_by(dim)
                .filter(|v| !v.is_nan())
                .fold((0.0f64, 0usize), |(s, n), v| (s + f64::from(*v), n + 1));
            if count > 0 {
                (sum / count as f64) as f32
            } else {
                0.0
            }
        })
        .collect()
}

/// Replaces each missing value of row-major `features` with its column's
/// value in `fill` (one per column).
pub(super) fn fill_gaps(features: &mut [f32], fill: &[f32]) {
    let dim = fill.len().max(1);
    for (index, v) in features.iter_mut().enumerate() {
        if v.is_nan() {
            *v = fill.get(index % dim).copied().unwrap_or(0.0);
        }
    }
}

/// Rows read with NaN where a feature value was missing.
pub(super) struct Gappy<'a> {
    /// Feature values, row-major, `dim` per row; NaN marks a missing one.
    pub features: &'a mut Vec<f32>,
    /// Per row: is it a labeled positive.
    pub labeled: &'a mut Vec<bool>,
    /// Per row: the true class, when known.
    pub truth: &'a mut Option<Vec<bool>>,
    /// Per row: its 1-based data row in the file.
    pub numbers: &'a mut Vec<usize>,
    /// Features per row.
    pub dim: usize,
    /// Each feature's file column: see [`Gaps::find`].
    pub column_of: &'a [usize],
}

/// What was done about the missing values, for the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MissingReport {
    /// Missing cells found.
    pub cells: usize,
    /// Rows left out (dropping) or rows touched (filling).
    pub rows: usize,
    /// Rows read.
    pub of_rows: usize,
    /// Columns with at least one missing value.
    pub columns: usize,
}

impl Gappy<'_> {
    /// Drops or fills the missing values (marked NaN) as `choice` says,
    /// filling for now with each column's mean of the other rows (a run
    /// fills again with its training rows' mean: see [`FilledCells`]). With
    /// [`MissingValues::Refuse`] the read has already failed, so nothing is
    /// left to do.
    pub fn resolve(self, choice: MissingValues) -> Option<ResolvedGaps> {
        let gaps = Gaps::find(self.features, self.dim, self.column_of)?;
        let mut filled = FilledCells::default();
        match choice {
            MissingValues::Refuse => {}
            MissingValues::DropRows => {
                gaps.drop_from(self.labeled);
                gaps.drop_from(self.numbers);
                if let Some(truth) = self.truth.as_mut() {
                    gaps.drop_from(truth);
                }
                gaps.drop_rows(self.features, self.dim);
            }
            MissingValues::ColumnMean => {
                filled = FilledCells::missing_in(self.features);
                let means = column_means(self.features, self.dim);
                fill_gaps(self.features, &means);
            }
        }
        Some(ResolvedGaps {
            report: gaps.report,
            filled,
        })
    }
}

/// What a read did about its missing values.
pub(super) struct ResolvedGaps {
    /// The counts, for the user.
    pub report: MissingReport,
    /// Where a value was filled in; none unless filling.
    pub filled: FilledCells,
}

impl MissingReport {
    /// The sentence for the read's warnings; `filled_with` says what a
    /// filled value is, e.g. [`MEAN_OVER_ROWS_TRAINED_ON`].
    pub fn sentence(&self, choice: MissingValues, filled_with: &str) -> String {
        let cells = counted(self.cells, "missing feature value");
        match choice {
            MissingValues::DropRows => format!(
                "Dropped {} of {} with {cells}.",
                self.rows,
                counted(self.of_rows, "row"),
            ),
            _ => format!(
                "Filled {cells} in {} ({}) with {filled_with}.",
                counted(self.rows, "row"),
                counted(self.columns, "column"),
            ),
        }
    }
}

/// What a training read fills a missing value with.
pub(super) const MEAN_OVER_ROWS_TRAINED_ON: &str = "the column's mean over the rows trained on";

/// What scoring fills a missing value with.
pub(super) const MEAN_OF_TRAINING_ROWS: &str = "the column's mean over the model's training rows";

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> (Vec<f32>, Vec<bool>, Option<Vec<bool>>) {
        let nan = f32::NAN;
        (
            vec![1.0, nan, 3.0, 4.0, nan, 8.0, 5.0, 2.0],
            vec![true, false, false, true],
            Some(vec![true, false, true, true]),
        )
    }

    /// The table after `choice`, and what was done.
    fn resolved(choice: MissingValues) -> (Vec<f32>, Vec<bool>, Option<Vec<bool>>, ResolvedGaps) {
        let (mut features, mut labeled, mut truth) = table();
        let mut numbers = vec![1, 2, 3, 4];
        let resolved = Gappy {
            features: &mut features,
            labeled: &mut labeled,
            truth: &mut truth,
            numbers: &mut numbers,
            dim: 2,
            column_of: &[],
        }
        .resolve(choice)
        .unwrap();
        // Rows 1 and 3 have a gap: dropping keeps the others' numbers.
        let kept = match choice {
            MissingValues::DropRows => vec![2, 4],
            _ => vec![1, 2, 3, 4],
        };
        assert_eq!(numbers, kept);
        (features, labeled, truth, resolved)
    }

    #[test]
    fn dropping_leaves_out_whole_rows_with_their_labels() {
        let (features, labeled, truth, dropped) = resolved(MissingValues::DropRows);
        assert_eq!(features, vec![3.0, 4.0, 5.0, 2.0]);
        assert_eq!(labeled, vec![false, true]);
        assert_eq!(truth, Some(vec![false, true]));
        assert!(dropped.filled.is_empty());
        assert_eq!(
            dropped
                .report
                .sentence(MissingValues::DropRows, MEAN_OVER_ROWS_TRAINED_ON),
            "Dropped 2 of 4 rows with 2 missing feature values."
        );
    }

    #[test]
    fn filling_uses_each_columns_mean_of_the_other_rows() {
        let (features, labeled, _, filled) = resolved(MissingValues::ColumnMean);
        assert_eq!(
            features,
            vec![1.0, 14.0 / 3.0, 3.0, 4.0, 3.0, 8.0, 5.0, 2.0]
        );
        assert_eq!(labeled.len(), 4);
        assert_eq!(filled.filled.places().collect::<Vec<_>>(), [1, 4]);
        assert_eq!(
            filled
                .report
                .sentence(MissingValues::ColumnMean, MEAN_OVER_ROWS_TRAINED_ON),
            "Filled 2 missing feature values in 2 rows (2 columns) with the column's mean over the rows trained on."
        );
    }

    #[test]
    fn missing_cells_text_lists_every_word() {
        assert_eq!(missing_cells_text(), "empty, NA, N/A, #N/A, NaN, null or ?");
    }

    #[test]
    fn missing_words_and_keys() {
        for cell in ["", "NA", "n/a", "NaN", "null", "?", "#N/A"] {
            assert!(is_missing(cell), "{cell}");
        }
        for cell in ["0", "none", "nana", "-", "#N/A!"] {
            assert!(!is_missing(cell), "{cell}");
        }
        for &m in MissingValues::ALL {
            assert_eq!(m.key().parse::<MissingValues>(), Ok(m));
            assert_eq!(serde_json::to_value(m).unwrap(), m.key());
        }
    }
}

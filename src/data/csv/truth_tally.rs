//! What the truth column says about the labeled rows. A labeled row is a
//! positive, so a truth column with no positive is refused, and labeled rows
//! it calls negative are pointed out: a mistake in the file, or in the value
//! chosen to mean positive.

use super::error::{CellAt, ColumnSummary, CsvError, MAX_SHOWN_VALUES, SummarisedColumn};
use super::rows::Cell;
use super::value_rule::ValueRule;
use crate::user_text::clip;

/// The truth column's cells, counted as they are read.
#[derive(Default)]
pub(super) struct TruthTally {
    /// Rows read.
    rows: usize,
    /// Rows whose true class is positive.
    positives: usize,
    /// The first few distinct values of the column.
    values: Vec<String>,
    /// Labeled rows.
    labeled: usize,
    /// Labeled rows whose true class is negative.
    labeled_negatives: usize,
    /// Where the first of them is.
    first_labeled_negative: Option<CellAt>,
}

impl TruthTally {
    /// Counts one row: whether it is labeled, its truth cell and what the cell reads as.
    pub(super) fn observe(&mut self, labeled: bool, cell: &Cell<'_>, positive: bool) {
        self.rows += 1;
        self.positives += usize::from(positive);
        if self.values.len() < MAX_SHOWN_VALUES {
            let value = clip(cell.value);
            if !self.values.contains(&value) {
                self.values.push(value);
            }
        }
        if labeled {
            self.labeled += 1;
            if !positive {
                self.labeled_negatives += 1;
                self.first_labeled_negative.get_or_insert_with(|| cell.at());
            }
        }
    }

    /// The error for a truth column `column` read by `rule` with no positive row.
    pub(super) fn error(&self, column: &str, rule: &ValueRule<'_>) -> Option<CsvError> {
        (self.rows > 0 && self.positives == 0).then(|| {
            CsvError::NoTruePositives(ColumnSummary {
                role: SummarisedColumn::Truth,
                column: clip(column.trim()),
                rows: self.rows,
                left_out: 0,
                values: self.values.clone(),
                rule: rule.describe(),
            })
        })
    }

    /// The sentence for the read's warnings when labeled rows are called negative.
    pub(super) fn warning(&self, column: &str) -> Option<String> {
        let at = self.first_labeled_negative.as_ref()?;
        let most = if 2 * self.labeled_negatives > self.labeled {
            " Most labeled rows are negative by it, so it may name the wrong class."
        } else {
            ""
        };
        let has = if self.labeled_negatives == 1 {
            "has"
        } else {
            "have"
        };
        Some(format!(
            "{} of the {} labeled rows {has} a negative true class in column \"{}\", the first \
             on line {} (data row {}). A labeled row is a positive in PU learning: check those \
             rows, or the value that means positive.{most}",
            self.labeled_negatives,
            self.labeled,
            clip(column.trim()),
            at.line,
            at.row
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::data::csv::test_support::{read_err, strings};
    use crate::data::csv::{
        ColumnSummary, CsvColumns, CsvError, MissingValues, SummarisedColumn, read_csv,
    };

    /// Columns with a truth column "y" read by `value`.
    fn truth_by(value: Option<&str>) -> CsvColumns {
        CsvColumns {
            truth: Some("y".to_owned()),
            truth_value: value.map(str::to_owned),
            ..CsvColumns::default()
        }
    }

    #[test]
    fn a_truth_column_without_positives_is_refused() {
        let text = "x,labeled,y\n1,1,B\n2,0,B\n3,0,M\n";
        let (err, message) = read_err(text, &truth_by(Some("malignant")));
        assert_eq!(
            err,
            CsvError::NoTruePositives(ColumnSummary {
                role: SummarisedColumn::Truth,
                column: "y".to_owned(),
                rows: 3,
                left_out: 0,
                values: strings(&["B", "M"]),
                rule: "only \"malignant\" (any case)".to_owned(),
            })
        );
        assert_eq!(
            message,
            "No row's true class is positive, yet the labeled rows are positives. Column \"y\" \
             has 3 rows and its values include \"B\", \"M\"; only \"malignant\" (any case) \
             means a positive. Choose the value that means positive (for a column of class \
             names, the class the labeled rows belong to), or check the choice of truth column."
        );
        let (_, message) = read_err("x,labeled,y\n1,1,0\n2,0,no\n", &truth_by(None));
        assert!(message.contains("only 1, true, yes, y, P, pos or positive means a positive."));
    }

    #[test]
    fn rows_dropped_for_a_gap_are_not_counted() {
        let columns = CsvColumns {
            missing: MissingValues::DropRows,
            ..truth_by(Some("M"))
        };
        let text = "x,labeled,y\nNA,1,M\n2,1,B\n3,0,B\n4,0,B\n";
        let (err, _) = read_err(text, &columns);
        assert!(
            matches!(&err, CsvError::NoTruePositives(summary) if summary.rows == 3),
            "{err:?}"
        );
        let kept = "x,labeled,y\nNA,1,B\n2,1,M\n3,0,B\n4,0,M\n";
        let data = read_csv(kept.as_bytes(), &columns).unwrap();
        assert_eq!(data.truth, Some(vec![true, false, true]));
        assert!(
            data.warnings
                .iter()
                .all(|w| !w.contains("negative true class")),
            "{:?}",
            data.warnings
        );
    }

    #[test]
    fn labeled_rows_called_negative_are_pointed_out() {
        let text = "x,labeled,y\n1,1,M\n2,1,B\n3,0,B\n4,0,M\n5,1,m\n";
        let data = read_csv(text.as_bytes(), &truth_by(Some("M"))).unwrap();
        assert_eq!(data.truth, Some(vec![true, false, false, true, true]));
        assert_eq!(
            data.warnings,
            vec![
                "1 of the 3 labeled rows has a negative true class in column \"y\", the first \
                 on line 3 (data row 2). A labeled row is a positive in PU learning: check those \
                 rows, or the value that means positive."
                    .to_owned()
            ]
        );
        let swapped = read_csv(text.as_bytes(), &truth_by(Some("B"))).unwrap();
        assert!(swapped.warnings[0].starts_with("2 of the 3 labeled rows have"));
        assert!(swapped.warnings[0].ends_with("so it may name the wrong class."));
        let consistent = "x,labeled,y\n1,1,M\n2,0,B\n3,0,M\n";
        let data = read_csv(consistent.as_bytes(), &truth_by(Some("M"))).unwrap();
        assert!(data.warnings.is_empty(), "{:?}", data.warnings);
    }
}

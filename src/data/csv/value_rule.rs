//! How the two-valued columns read their cells: the labeled column marks
//! labeled positives and the truth column positives, each by a vocabulary
//! of words or by one value the user chose.

use super::error::CsvError;
use super::flags::{FlagWords, LABELED_FLAGS, TRUTH_VALUES};
use super::rows::Cell;
use crate::user_text::clip;

/// How a two-valued column's cells map to true and false.
pub(super) enum ValueRule<'a> {
    /// Cells are words of this vocabulary; any other cell is refused.
    Words(FlagWords),
    /// A cell equal to this value, ignoring case, or the same number ("1.0"
    /// for "1") is true; any other value is false.
    Equals(&'a str),
}

impl<'a> ValueRule<'a> {
    /// The labeled column's rule: [`LABELED_FLAGS`], or the value that means "labeled".
    pub(super) fn labeled(value: Option<&'a str>) -> Self {
        Self::new(LABELED_FLAGS, value)
    }

    /// The truth column's rule: [`TRUTH_VALUES`], or the value that means
    /// "positive" (a blank one is no choice: a class is never blank).
    pub(super) fn truth(value: Option<&'a str>) -> Self {
        Self::new(TRUTH_VALUES, value.filter(|value| !value.trim().is_empty()))
    }

    /// The words, unless a value is chosen.
    fn new(words: FlagWords, value: Option<&'a str>) -> Self {
        match value {
            Some(value) => ValueRule::Equals(value.trim()),
            None => ValueRule::Words(words),
        }
    }

    /// What the cell reads as, if the rule reads it.
    fn read(&self, value: &str) -> Option<bool> {
        match self {
            ValueRule::Words(words) => words.parse(value),
            ValueRule::Equals(chosen) => Some(same_value(value, chosen)),
        }
    }

    /// Whether the cell marks its row as labeled; with a chosen value, a blank
    /// cell marks an unlabeled row.
    pub(super) fn is_labeled(&self, cell: &Cell<'_>) -> Result<bool, CsvError> {
        self.read(cell.value)
            .ok_or_else(|| CsvError::InvalidLabeled {
                at: cell.at(),
                value: clip(cell.value),
            })
    }

    /// Whether the row's true class is positive; its readers leave out a
    /// missing cell (empty, NA, …) first, as an unknown class is no negative.
    pub(super) fn is_positive(&self, cell: &Cell<'_>) -> Result<bool, CsvError> {
        self.read(cell.value).ok_or_else(|| CsvError::InvalidTruth {
            at: cell.at(),
            value: clip(cell.value),
        })
    }

    /// Which values mean true, for messages: `only 1, true, yes, y or P`, `only "pos" (any case)`.
    pub(super) fn describe(&self) -> String {
        match self {
            ValueRule::Words(words) => format!("only {}", words.positives()),
            ValueRule::Equals(value) if value.parse::<f64>().is_ok() => {
                format!(
                    "only \"{}\" (or the same number written otherwise)",
                    clip(value)
                )
            }
            ValueRule::Equals(value) => format!("only \"{}\" (any case)", clip(value)),
        }
    }
}

/// The cell holds the chosen value: the same text ignoring case, or the same
/// number however written ("1.0", "1", "1e0").
fn same_value(cell: &str, chosen: &str) -> bool {
    if equal_ignoring_case(cell, chosen) {
        return true;
    }
    match (cell.parse::<f64>(), chosen.parse::<f64>()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The two texts are equal after lower-casing every character.
pub(super) fn equal_ignoring_case(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

#[cfg(test)]
mod tests {
    use crate::data::csv::IdColumn;
    use crate::data::csv::test_support::{REFUSE, at, numbers, read_err, strings};
    use crate::data::csv::{
        ColumnSummary, CsvColumns, CsvError, SummarisedColumn, read_csv, read_feature_rows,
    };

    #[test]
    fn invalid_labeled_flag() {
        let (err, message) = read_err("x,labeled\n1,1\n2,maybe\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::InvalidLabeled {
                at: at(3, 2, "labeled"),
                value: "maybe".to_owned()
            }
        );
        assert!(message.starts_with(
            "Line 3 (data row 2), column \"labeled\": \"maybe\" is not a labeled flag."
        ));
        assert!(message.contains("1/0, 1/-1, true/false, yes/no, y/n, P/U"));
        let (_, message) = read_err("x,labeled\n1,\n", &CsvColumns::default());
        assert!(message.contains("an empty cell is not a labeled flag"));
    }

    #[test]
    fn no_labeled_positives() {
        let (err, message) = read_err("x,labeled\n1,0\n2,no\n3,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoLabeledPositives(ColumnSummary {
                role: SummarisedColumn::Labeled,
                column: "labeled".to_owned(),
                rows: 3,
                left_out: 0,
                values: strings(&["0", "no"]),
                rule: "only 1, true, yes, y or P".to_owned(),
            })
        );
        assert_eq!(
            message,
            "No row is marked as a labeled positive. Column \"labeled\" has 3 rows and its \
             values include \"0\", \"no\"; only 1, true, yes, y or P marks a row as labeled. \
             Mark the known positives in this column, or choose the column or value that \
             marks them."
        );
        let columns = CsvColumns {
            labeled_value: Some("pos".to_owned()),
            ..CsvColumns::default()
        };
        let (_, message) = read_err("x,labeled\n1,a\n2,b\n3,c\n4,d\n5,e\n6,f\n", &columns);
        assert!(message.contains(
            "has 6 rows and its values include \"a\", \"b\", \"c\", \"d\", \"e\"; \
             only \"pos\" (any case) marks"
        ));
    }

    #[test]
    fn no_unlabeled_rows() {
        let (err, message) = read_err("x,labeled\n1,1\n2,P\n", &CsvColumns::default());
        assert!(matches!(
            &err,
            CsvError::NoUnlabeledRows(summary) if summary.rows == 2 && summary.values == strings(&["1", "P"])
        ));
        assert!(message.starts_with("Every row is marked as a labeled positive"));
        assert!(
            message.contains(
                "Column \"labeled\" has 2 rows, and each holds a value that marks a row as \
                 labeled (\"1\", \"P\")."
            ),
            "{message}"
        );
        assert!(!message.contains("only 1, true"), "{message}");
    }

    #[test]
    fn no_unlabeled_rows_once_rows_without_a_true_class_are_left_out() {
        let columns = CsvColumns {
            truth: Some("y".to_owned()),
            ..CsvColumns::default()
        };
        let text = "x,labeled,y\n1,1,1\n2,1,1\n3,0,\n4,0,NA\n";
        let (err, message) = read_err(text, &columns);
        assert!(matches!(
            &err,
            CsvError::NoUnlabeledRows(summary) if summary.rows == 2 && summary.left_out == 2
        ));
        assert!(message.contains(
            "Column \"labeled\" has 2 rows once 2 rows with a missing true class or feature \
             value are left out and its values include \"1\", \"0\"; only 1, true, yes, y or P \
             marks a row as labeled."
        ));
    }

    #[test]
    fn a_truth_value_reads_a_column_of_classes() {
        let names = CsvColumns {
            truth: Some("class".to_owned()),
            truth_value: Some(" Malignant ".to_owned()),
            ..CsvColumns::default()
        };
        let text = "x,labeled,class\n1,1,malignant\n2,0,benign\n3,0,MALIGNANT\n4,0,cyst\n";
        let data = read_csv(text.as_bytes(), &names).unwrap();
        assert_eq!(data.truth, Some(vec![true, false, true, false]));
        let words = CsvColumns {
            truth_value: None,
            ..names.clone()
        };
        let (err, message) = read_err(text, &words);
        assert!(matches!(err, CsvError::InvalidTruth { .. }));
        assert!(
            message.contains("for a column of class names, choose the value that means positive"),
            "{message}"
        );
    }

    #[test]
    fn a_chosen_number_matches_the_same_number_written_otherwise() {
        let columns = CsvColumns {
            labeled: "mark".to_owned(),
            labeled_value: Some("1".to_owned()),
            ..CsvColumns::default()
        };
        let text = "x,mark\n1,1.0\n2,0.0\n3,1\n4,\n5,1e0\n6,10\n";
        let data = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(data.labeled, vec![true, false, true, false, true, false]);
        let (_, message) = read_err("x,mark\n1,2\n2,0\n", &columns);
        assert!(
            message.contains("only \"1\" (or the same number written otherwise)"),
            "{message}"
        );
    }

    #[test]
    fn a_missing_true_class_is_unknown_whatever_the_rule() {
        let names = CsvColumns {
            truth: Some("class".to_owned()),
            truth_value: Some("m".to_owned()),
            ..CsvColumns::default()
        };
        let data = read_csv(b"x,labeled,class\n1,1,m\n2,0,NA\n3,0,b\n", &names).unwrap();
        assert_eq!(data.truth, Some(vec![true, false]));
        let words = CsvColumns {
            truth_value: None,
            ..names
        };
        let data = read_csv(b"x,labeled,class\n1,1,1\n2,0,\n3,0,0\n", &words).unwrap();
        assert_eq!(data.truth, Some(vec![true, false]));
        // Scoring reads a missing class as unknown: the row is still scored.
        let rows = read_feature_rows(
            b"x,class\n1,m\n2,b\n3,NA\n",
            &numbers(&["x"]),
            Some("class"),
            Some("M"),
            &IdColumn::Guessed,
            REFUSE,
        );
        assert_eq!(
            rows.unwrap().truth,
            Some(vec![Some(true), Some(false), None])
        );
    }
}

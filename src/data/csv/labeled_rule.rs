//! How the labeled column marks labeled positives: by the labeled flags, or
//! by one value the user chose.

use super::error::CsvError;
use super::flags::LABELED_FLAGS;
use super::layout::CsvColumns;
use super::rows::Cell;
use crate::user_text::clip;

/// How the labeled column marks labeled positives.
pub(super) enum LabeledRule<'a> {
    /// Cells are [`LABELED_FLAGS`].
    Flags,
    /// A cell equal to this value, ignoring case, is labeled; anything else is not.
    Equals(&'a str),
}

impl<'a> LabeledRule<'a> {
    /// The rule the column choice asks for.
    pub(super) fn new(columns: &'a CsvColumns) -> Self {
        match &columns.labeled_value {
            Some(value) => LabeledRule::Equals(value.trim()),
            None => LabeledRule::Flags,
        }
    }

    /// Whether the cell marks its row as labeled.
    pub(super) fn is_labeled(&self, cell: &Cell<'_>) -> Result<bool, CsvError> {
        match self {
            LabeledRule::Flags => {
                LABELED_FLAGS
                    .parse(cell.value)
                    .ok_or_else(|| CsvError::InvalidLabeled {
                        at: cell.at(),
                        value: clip(cell.value),
                    })
            }
            LabeledRule::Equals(value) => Ok(equal_ignoring_case(cell.value, value)),
        }
    }

    /// Which values mark a row as labeled, for messages.
    pub(super) fn describe(&self) -> String {
        match self {
            LabeledRule::Flags => format!("only {}", LABELED_FLAGS.positives()),
            LabeledRule::Equals(value) => format!("only \"{}\" (any case)", clip(value)),
        }
    }
}

/// The two texts are equal after lower-casing every character.
fn equal_ignoring_case(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

#[cfg(test)]
mod tests {
    use crate::data::csv::test_support::{at, read_err, strings};
    use crate::data::csv::{CsvColumns, CsvError, LabeledSummary};

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
        assert!(message.contains("1/0, true/false, yes/no, y/n, P/U"));
        let (_, message) = read_err("x,labeled\n1,\n", &CsvColumns::default());
        assert!(message.contains("an empty cell is not a labeled flag"));
    }

    #[test]
    fn no_labeled_positives() {
        let (err, message) = read_err("x,labeled\n1,0\n2,no\n3,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoLabeledPositives(LabeledSummary {
                column: "labeled".to_owned(),
                rows: 3,
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
            message.contains("Column \"labeled\" has 2 rows and its values include \"1\", \"P\"")
        );
    }
}

//! Two-valued cells: the spellings the labeled and truth columns accept,
//! and how the labeled column marks labeled positives.

use super::error::CsvError;
use super::layout::CsvColumns;
use super::rows::Cell;
use crate::user_text::clip;

/// Spellings accepted in the labeled column when no labeled value is set.
pub(super) const LABELED_FLAGS: FlagWords = FlagWords(&[
    ("1", "0"),
    ("true", "false"),
    ("yes", "no"),
    ("y", "n"),
    ("P", "U"),
]);

/// Spellings accepted in the ground-truth column.
pub(super) const TRUTH_VALUES: FlagWords = FlagWords(&[
    ("1", "0"),
    ("true", "false"),
    ("yes", "no"),
    ("y", "n"),
    ("P", "N"),
    ("pos", "neg"),
    ("positive", "negative"),
]);

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

/// A vocabulary of two-valued cells: (true, false) spelling pairs, matched ignoring ASCII case.
#[derive(Clone, Copy)]
pub(super) struct FlagWords(&'static [(&'static str, &'static str)]);

impl FlagWords {
    /// The value the cell spells, if it is one of the words.
    pub(super) fn parse(self, cell: &str) -> Option<bool> {
        self.0.iter().find_map(|&(yes, no)| {
            if cell.eq_ignore_ascii_case(yes) {
                Some(true)
            } else if cell.eq_ignore_ascii_case(no) {
                Some(false)
            } else {
                None
            }
        })
    }

    /// The pairs, for messages: "1/0, true/false, …".
    pub(super) fn accepted(self) -> String {
        let pairs: Vec<String> = self
            .0
            .iter()
            .map(|(yes, no)| format!("{yes}/{no}"))
            .collect();
        pairs.join(", ")
    }

    /// The true spellings, for messages: "1, true, … or P".
    fn positives(self) -> String {
        let words: Vec<&str> = self.0.iter().map(|&(yes, _)| yes).collect();
        match words.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => words.concat(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::LabeledSummary;
    use crate::data::csv::test_support::{at, read, read_err, strings};

    #[test]
    fn labeled_flags_ignore_case() {
        let text = "x,labeled\n1,TRUE\n2,false\n3,y\n4,N\n5,p\n6,u\n7,1\n8,0\n9,YES\n10,No\n";
        let data = read(text).unwrap();
        assert_eq!(
            data.labeled,
            vec![
                true, false, true, false, true, false, true, false, true, false
            ]
        );
    }

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
    fn invalid_truth_value() {
        let columns = CsvColumns {
            truth: Some("truth".to_owned()),
            ..CsvColumns::default()
        };
        let (err, message) = read_err("x,labeled,truth\n1,1,P\n2,0,U\n", &columns);
        assert_eq!(
            err,
            CsvError::InvalidTruth {
                at: at(3, 2, "truth"),
                value: "U".to_owned()
            }
        );
        assert!(message.starts_with(
            "Line 3 (data row 2), column \"truth\": \"U\" is not a ground-truth value."
        ));
        assert!(message.contains("P/N, pos/neg, positive/negative"));
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

//! The value that marks labeled rows in a column that leaves the other rows
//! empty ("1" and blank cells), which the flag words cannot read: guessed
//! over the whole file, so the page and the CLI read such a column as it is
//! meant without a choice from the user.

use super::flags::LABELED_FLAGS;
use super::kinds::CsvPreview;
use super::value_rule::equal_ignoring_case;

/// The value that means "labeled" in the column named `labeled` of the
/// previewed file, when that column has missing cells (empty, NA, …, which
/// no flag word reads) and one value marks rows: its only value, or its one
/// value the flag words read as labeled beside values they read as
/// unlabeled ("1" beside "0" and empty cells); never a word that means
/// unlabeled ("0", "no"). `None` otherwise: the reader then reads the flag
/// words, or names the cell it cannot read.
pub fn guess_labeled_value(preview: &CsvPreview, labeled: &str) -> Option<String> {
    let column = preview.header.iter().position(|h| h == labeled.trim())?;
    if !preview.missing.get(column).copied().unwrap_or(false) {
        return None;
    }
    let values = preview.values.get(column)?;
    if let [only] = values.as_slice() {
        return (LABELED_FLAGS.parse(only) != Some(false)).then(|| only.clone());
    }
    let (marks, others): (Vec<&String>, Vec<&String>) = values
        .iter()
        .partition(|v| LABELED_FLAGS.parse(v) == Some(true));
    let first = *marks.first()?;
    let one_mark = marks.iter().all(|m| equal_ignoring_case(m, first));
    let others_unlabeled = others.iter().all(|v| LABELED_FLAGS.parse(v) == Some(false));
    (one_mark && others_unlabeled).then(|| first.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::preview_csv;

    /// The guess for column `labeled` of `text`, previewing one row only.
    fn guess(text: &str) -> Option<String> {
        let preview = preview_csv(text.as_bytes(), 1).unwrap();
        guess_labeled_value(&preview, "labeled")
    }

    #[test]
    fn a_column_of_one_value_and_gaps_is_read_by_that_value() {
        // The gaps come after the rows a preview shows, as in a file sorted
        // with its labeled rows first.
        assert_eq!(guess("x,labeled\n1,1\n2,1\n3,\n4,\n").as_deref(), Some("1"));
        assert_eq!(
            guess("x,labeled\n1,\n2,\n3,known\n").as_deref(),
            Some("known")
        );
        assert_eq!(guess("x,labeled\n1,1\n2,0\n3,NA\n").as_deref(), Some("1"));
        assert_eq!(
            guess("x,labeled\n1,Yes\n2,yes\n3,no\n4,\n").as_deref(),
            Some("Yes")
        );
    }

    #[test]
    fn flags_without_gaps_or_with_two_marks_are_not_guessed() {
        assert_eq!(guess("x,labeled\n1,1\n2,0\n"), None);
        assert_eq!(guess("x,labeled\n1,1\n2,yes\n3,\n"), None);
        assert_eq!(guess("x,labeled\n1,1\n2,maybe\n3,\n"), None);
        assert_eq!(guess("x,labeled\n1,\n2,\n"), None);
        assert_eq!(guess("x,labeled\n1,0\n2,\n"), None);
        assert_eq!(guess("x,labeled\n1,no\n2,NA\n"), None);
        assert_eq!(guess("x,other\n1,1\n2,\n"), None);
    }
}

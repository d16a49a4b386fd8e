//! The value that marks labeled rows in a column the flag words cannot
//! read: one that leaves the other rows empty ("1" and blank cells), or one
//! of two other words ("known" and "unknown"). Guessed over the whole file,
//! so the page and the CLI read such a column as it is meant without a
//! choice from the user.

use std::cmp::Ordering;

use super::flags::LABELED_FLAGS;
use super::kinds::{ColumnKind, CsvPreview};
use super::value_rule::equal_ignoring_case;

/// The value that means "labeled" in the column named `labeled` of the
/// previewed file:
/// - when that column has missing cells (empty, NA, …, which no flag word
///   reads) and one value marks rows: its only value, or its one value the
///   flag words read as labeled beside values they read as unlabeled ("1"
///   beside "0" and empty cells); never a word that means unlabeled ("0",
///   "no");
/// - when it holds two words the flag words do not both read, and no gap:
///   the rarer, as labeled positives are in PU data ("known" in 40 rows
///   beside "unknown" in 160), unless it is a word that means unlabeled.
///
/// `None` otherwise: the reader then reads the flag words, or names the
/// cell it cannot read.
pub fn guess_labeled_value(preview: &CsvPreview, labeled: &str) -> Option<String> {
    let column = preview.header.iter().position(|h| h == labeled.trim())?;
    if !preview.missing.get(column).copied().unwrap_or(false) {
        return of_two_words(preview, column);
    }
    let values = preview.values.of(column);
    if let [only] = values.as_slice() {
        return (LABELED_FLAGS.parse(only) != Some(false)).then(|| (*only).to_owned());
    }
    let (marks, others): (Vec<&str>, Vec<&str>) = values
        .iter()
        .partition(|v| LABELED_FLAGS.parse(v) == Some(true));
    let first = *marks.first()?;
    let one_mark = marks.iter().all(|m| equal_ignoring_case(m, first));
    let others_unlabeled = others.iter().all(|v| LABELED_FLAGS.parse(v) == Some(false));
    (one_mark && others_unlabeled).then(|| first.to_owned())
}

/// [`guess_labeled_value`] for a column without gaps: its word that marks
/// the labeled rows where it holds two the flag words do not both read.
fn of_two_words(preview: &CsvPreview, column: usize) -> Option<String> {
    if preview.kinds.get(column) != Some(&ColumnKind::Text) {
        return None;
    }
    let [(first, first_count), (second, second_count)] = preview.two_classes(column)?;
    let rarer = match first_count.cmp(&second_count) {
        Ordering::Less => first,
        Ordering::Greater => second,
        Ordering::Equal => return None,
    };
    // Flag words the reader would read itself; "no" never marks.
    let flags = [first, second].map(|word| LABELED_FLAGS.parse(word));
    (flags.iter().any(Option::is_none) && LABELED_FLAGS.parse(rarer) != Some(false))
        .then(|| rarer.to_owned())
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
    fn of_two_words_the_rarer_marks_the_labeled_rows() {
        let text = "x,labeled\n1,unknown\n2,known\n3,unknown\n4,Unknown\n";
        assert_eq!(guess(text).as_deref(), Some("known"));
        // A rarer word that means unlabeled marks nothing.
        assert_eq!(guess("x,labeled\n1,known\n2,known\n3,no\n"), None);
        assert_eq!(
            guess("x,labeled\n1,no\n2,no\n3,known\n").as_deref(),
            Some("known")
        );
        // A tie, one word in two cases, or three words: no guess.
        assert_eq!(
            guess("x,labeled\n1,known\n2,unknown\n3,Known\n4,UNKNOWN\n"),
            None
        );
        assert_eq!(guess("x,labeled\n1,Known\n2,known\n3,known\n"), None);
        assert_eq!(guess("x,labeled\n1,a\n2,b\n3,c\n4,c\n"), None);
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

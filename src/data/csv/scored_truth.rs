//! The truth column of a file scored with a saved model, read as the
//! model's run read it. Where the file writes its classes otherwise (a word
//! the run's flags do not hold, or never the run's positive value among
//! several values), every row is still scored and the column is not
//! measured against, with a sentence saying why.

use super::flags::TRUTH_VALUES;
use super::missing::is_missing;
use super::rows::Cell;
use super::value_rule::ValueRule;
use crate::user_text::{clip, quoted_list};

/// The classes of a scored file's truth column, read row by row.
pub(super) struct ScoredTruth<'a> {
    /// The column's name.
    column: &'a str,
    /// The value the model's run took to mean positive, if it chose one.
    positive: Option<&'a str>,
    /// How the run read the column's cells.
    rule: ValueRule<'a>,
    /// Each row's class, None where the cell is missing; None once the
    /// column cannot be read as the run read it.
    classes: Option<Vec<Option<bool>>>,
    /// The first two distinct values, ignoring case, as the file writes them
    /// (clipped only in the message).
    seen: Vec<String>,
    /// Why the column is not measured against, once it is not.
    not_measured: Option<String>,
}

impl<'a> ScoredTruth<'a> {
    /// Column `column`, whose positive class the model's run wrote as
    /// `positive` (None: the truth words, 1/0, yes/no, …).
    pub(super) fn new(column: &'a str, positive: Option<&'a str>) -> Self {
        // As the run's rule reads it: trimmed, and a blank one is none.
        let positive = positive.map(str::trim).filter(|value| !value.is_empty());
        ScoredTruth {
            column,
            positive,
            rule: ValueRule::truth(positive),
            classes: Some(Vec::new()),
            seen: Vec::new(),
            not_measured: None,
        }
    }

    /// Takes the next row's cell of the column.
    pub(super) fn observe(&mut self, cell: &Cell<'_>) {
        let Some(classes) = self.classes.as_mut() else {
            return;
        };
        if is_missing(cell.value) {
            classes.push(None);
            return;
        }
        if self.seen.len() < 2 && !self.seen.iter().any(|v| v.eq_ignore_ascii_case(cell.value)) {
            self.seen.push(cell.value.to_owned());
        }
        match self.rule.is_positive(cell) {
            Ok(positive) => classes.push(Some(positive)),
            Err(_) => {
                self.not_measured = Some(format!(
                    "{}: \"{}\" is none of the classes the model's run read there ({}, any \
                     case)",
                    cell.at(),
                    clip(cell.value),
                    TRUTH_VALUES.accepted()
                ));
                self.classes = None;
            }
        }
    }

    /// Each row's class, or None with the sentence saying why the column is
    /// not measured against.
    pub(super) fn finish(mut self) -> (Option<Vec<Option<bool>>>, Option<String>) {
        if let (Some(positive), Some(classes)) = (self.positive, &self.classes)
            && self.seen.len() == 2
            && !classes.contains(&Some(true))
        {
            self.not_measured = Some(format!(
                "no row holds \"{}\", the value the model's run took to mean positive, though \
                 the column holds other values ({}): its classes are written otherwise than in \
                 the training file",
                clip(positive),
                quoted_list(&self.seen, 2)
            ));
            self.classes = None;
        }
        let sentence = self.not_measured.map(|why| {
            format!(
                "Column \"{}\" is not measured against: {why}. Every row is scored; to measure \
                 the scores, write its classes as the model's training file did.",
                clip(self.column)
            )
        });
        (self.classes, sentence)
    }
}

#[cfg(test)]
mod tests {
    use crate::data::csv::IdColumn;
    use crate::data::csv::read_feature_rows;
    use crate::data::csv::test_support::{REFUSE, numbers};

    /// The classes and notes of `text`'s column "y" scored with a run that
    /// took `positive` to mean positive.
    fn scored(text: &str, positive: Option<&str>) -> (Option<Vec<Option<bool>>>, Vec<String>) {
        let rows = read_feature_rows(
            text.as_bytes(),
            &numbers(&["x"]),
            Some("y"),
            positive,
            &IdColumn::Without,
            REFUSE,
        )
        .unwrap();
        (rows.truth, rows.warnings)
    }

    #[test]
    fn a_truth_column_written_as_the_run_wrote_it_is_read() {
        let (classes, notes) = scored("x,y\n1,M\n2,b\n3,NA\n", Some("m"));
        assert_eq!(classes, Some(vec![Some(true), Some(false), None]));
        assert!(notes.is_empty(), "{notes:?}");
        // One class alone is a file of negatives, measured as such.
        let (classes, _) = scored("x,y\n1,B\n2,B\n", Some("M"));
        assert_eq!(classes, Some(vec![Some(false), Some(false)]));
        let (classes, _) = scored("x,y\n1,1\n2,no\n", None);
        assert_eq!(classes, Some(vec![Some(true), Some(false)]));
        // A blank positive value is none, as the run's rule reads it; a
        // long class is one class, however the message clips it.
        let (classes, notes) = scored("x,y\n1,0\n2,no\n", Some(" "));
        assert_eq!(classes, Some(vec![Some(false), Some(false)]), "{notes:?}");
        let long = "b".repeat(60);
        let (classes, _) = scored(&format!("x,y\n1,{long}\n2,{long}\n"), Some("M"));
        assert_eq!(classes, Some(vec![Some(false), Some(false)]));
    }

    #[test]
    fn a_truth_column_written_otherwise_is_scored_but_not_measured_against() {
        // The run read "M" as positive; this file writes 1/0.
        let (classes, notes) = scored("x,y\n1,1\n2,0\n3,1\n", Some("M"));
        assert_eq!(classes, None);
        assert_eq!(
            notes,
            [
                "Column \"y\" is not measured against: no row holds \"M\", the value the \
              model's run took to mean positive, though the column holds other values (\"1\", \
              \"0\"): its classes are written otherwise than in the training file. Every row \
              is scored; to measure the scores, write its classes as the model's training file \
              did."
            ]
        );
        // The run read 1/0; this file writes M/B.
        let (classes, notes) = scored("x,y\n1,1\n2,B\n3,M\n", None);
        assert_eq!(classes, None);
        assert_eq!(
            notes,
            [
                "Column \"y\" is not measured against: Line 3 (data row 2), column \"y\": \"B\" \
              is none of the classes the model's run read there (1/0, 1/-1, true/false, yes/no, \
              y/n, P/N, pos/neg, positive/negative, any case). Every row is scored; to measure \
              the scores, write its classes as the model's training file did."
            ]
        );
    }
}

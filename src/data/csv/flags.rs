//! Two-valued cells: the spellings the labeled and truth columns accept.
//! A leaf module: the readers parse these words and the error messages
//! quote them.

/// Spellings accepted in the labeled column when no labeled value is set
/// (1/-1 as PU datasets often mark labeled and unlabeled rows).
pub(super) const LABELED_FLAGS: FlagWords = FlagWords(&[
    ("1", "0"),
    ("1", "-1"),
    ("true", "false"),
    ("yes", "no"),
    ("y", "n"),
    ("P", "U"),
]);

/// Spellings accepted in the ground-truth column when no value that means
/// positive is chosen.
pub(super) const TRUTH_VALUES: FlagWords = FlagWords(&[
    ("1", "0"),
    ("1", "-1"),
    ("true", "false"),
    ("yes", "no"),
    ("y", "n"),
    ("P", "N"),
    ("pos", "neg"),
    ("positive", "negative"),
]);

/// The labeled column's accepted pairs, "1/0, 1/-1, …", for the page's hints.
pub fn labeled_flag_pairs() -> String {
    LABELED_FLAGS.accepted()
}

/// The truth column's accepted pairs, "1/0, 1/-1, …", for the page's hints.
pub fn truth_value_pairs() -> String {
    TRUTH_VALUES.accepted()
}

/// A vocabulary of two-valued cells: (true, false) spelling pairs, matched ignoring ASCII case.
#[derive(Clone, Copy)]
pub(super) struct FlagWords(&'static [(&'static str, &'static str)]);

impl FlagWords {
    /// The value the cell spells, if it is one of the words; 1.0, 0.0 and
    /// -1.0 read as 1, 0 and -1, as pandas writes such a column that has
    /// gaps, and +1 as 1, as LIBSVM-style labels write it.
    pub(super) fn parse(self, cell: &str) -> Option<bool> {
        let cell = match cell {
            "1.0" | "+1" | "+1.0" => "1",
            "0.0" => "0",
            "-1.0" => "-1",
            cell => cell,
        };
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

    /// The pairs, for messages: "1/0, 1/-1, true/false, …".
    pub(super) fn accepted(self) -> String {
        let pairs: Vec<String> = self
            .0
            .iter()
            .map(|(yes, no)| format!("{yes}/{no}"))
            .collect();
        pairs.join(", ")
    }

    /// The true spellings, each once, for messages: "1, true, … or P".
    pub(super) fn positives(self) -> String {
        let mut words: Vec<&str> = Vec::new();
        for &(yes, _) in self.0 {
            if !words.contains(&yes) {
                words.push(yes);
            }
        }
        match words.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => words.concat(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::csv::test_support::{at, read, read_err};
    use crate::data::csv::{CsvColumns, CsvError};

    #[test]
    fn labeled_flags_ignore_case() {
        let text = "x,labeled\n1,TRUE\n2,false\n3,y\n4,N\n5,p\n6,u\n7,1\n8,0\n9,YES\n10,No\n\
                    11,1.0\n12,0.0\n";
        let data = read(text).unwrap();
        assert_eq!(
            data.labeled,
            vec![
                true, false, true, false, true, false, true, false, true, false, true, false
            ]
        );
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
}

//! A first guess of the value that means positive in a truth column of class
//! names ("M"/"B", "malignant"/"benign", "2"/"4"): the class most labeled
//! rows hold, as every labeled row is a positive. The user can change it.

use super::encoding::utf16_decoded;
use super::error::MAX_SHOWN_VALUES;
use super::flags::TRUTH_VALUES;
use super::layout::{CsvColumns, column_index};
use super::missing::{MissingValues, is_missing};
use super::role::ColumnRole;
use super::rows::{RowsParsed, for_each_row};
use super::table::{Table, Width};
use super::value_rule::{ValueRule, equal_ignoring_case};
use crate::user_text::{clip, quoted_list};

/// Most distinct values a class column holds; a column with more is not one.
const MAX_CLASSES: usize = 100;

/// The guessed value that means positive, with the count that backs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositiveGuess {
    /// The value, as first written in the file.
    pub value: String,
    /// Labeled rows holding it.
    pub holding: usize,
    /// Labeled rows with a true class.
    pub labeled: usize,
    /// The column's other values, which mean negative, as first written.
    pub others: Vec<String>,
}

impl PositiveGuess {
    /// The guess in a sentence, for the truth column `column`.
    pub fn sentence(&self, column: &str) -> String {
        let hold = if self.holding == 1 { "holds" } else { "hold" };
        let others = if self.others.is_empty() {
            "no other value is there".to_owned()
        } else {
            format!(
                "every other value there ({}) means negative",
                quoted_list(&self.others, MAX_SHOWN_VALUES)
            )
        };
        format!(
            "\"{}\" in column \"{}\" is taken to mean positive, as {} of the {} labeled rows \
             {hold} it; {others}.",
            clip(&self.value),
            clip(column.trim()),
            self.holding,
            self.labeled
        )
    }
}

/// The value of the truth column that most labeled rows hold (the first seen
/// on a tie), when that value is a class name rather than one of the words
/// the reader knows (1/0, yes/no, …) and no value is chosen yet. `None` when a
/// value is chosen, the labeled rows' class is such a word (a stray value in
/// a column of 1/0 is then refused by the read, naming its line), the truth
/// column is the labeled column, it holds more than `MAX_CLASSES` values,
/// no labeled row has a class, or the file cannot be read (the read itself
/// then says why).
pub fn guess_positive_value(bytes: &[u8], columns: &CsvColumns) -> Option<PositiveGuess> {
    if columns.truth_value.is_some() {
        return None;
    }
    let bytes = utf16_decoded(bytes).ok()?;
    let Table {
        decimal,
        header,
        mut rows,
        ..
    } = Table::open(&bytes, Width::AtLeastTwo).ok()?;
    let labeled = column_index(&header, &columns.labeled, ColumnRole::Labeled).ok()?;
    let truth = column_index(&header, columns.truth.as_deref()?, ColumnRole::Truth).ok()?;
    if truth == labeled {
        return None;
    }
    let rule = ValueRule::labeled(columns.labeled_value.as_deref());
    // Each class as first written, with the labeled rows holding it.
    let mut classes: Vec<(String, usize)> = Vec::new();
    let mut too_many = false;
    for_each_row(
        &mut rows,
        &header,
        decimal,
        MissingValues::Refuse,
        RowsParsed::Every,
        |row, _| {
            let class = row.cell(truth).value;
            if is_missing(class) || too_many {
                return Ok(());
            }
            let labeled = usize::from(rule.is_labeled(&row.cell(labeled))?);
            match classes
                .iter()
                .position(|(value, _)| equal_ignoring_case(value, class))
            {
                Some(index) => classes[index].1 += labeled,
                None if classes.len() < MAX_CLASSES => classes.push((class.to_owned(), labeled)),
                None => too_many = true,
            }
            Ok(())
        },
    )
    .ok()?;
    if too_many {
        return None;
    }
    let labeled_rows = classes.iter().map(|(_, count)| count).sum();
    let best = classes
        .iter()
        .enumerate()
        .reduce(|best, next| if next.1.1 > best.1.1 { next } else { best })
        .map(|(index, _)| index)?;
    let (value, holding) = classes.remove(best);
    if holding == 0 || TRUTH_VALUES.parse(&value).is_some() {
        return None;
    }
    Some(PositiveGuess {
        value,
        holding,
        labeled: labeled_rows,
        others: classes.into_iter().map(|(value, _)| clip(&value)).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Columns with the truth column "diagnosis".
    fn columns() -> CsvColumns {
        CsvColumns {
            truth: Some("diagnosis".to_owned()),
            ..CsvColumns::default()
        }
    }

    #[test]
    fn the_class_most_labeled_rows_hold_is_positive() {
        let text = "x,labeled,diagnosis\n1,0,B\n2,1,M\n3,0,M\n4,1,m\n5,1,B\n6,0,\n";
        let guess = guess_positive_value(text.as_bytes(), &columns()).unwrap();
        assert_eq!(
            guess,
            PositiveGuess {
                value: "M".to_owned(),
                holding: 2,
                labeled: 3,
                others: vec!["B".to_owned()],
            }
        );
        assert_eq!(
            guess.sentence("diagnosis"),
            "\"M\" in column \"diagnosis\" is taken to mean positive, as 2 of the 3 labeled \
             rows hold it; every other value there (\"B\") means negative."
        );
        let read = crate::data::csv::read_csv(
            text.replace("6,0,\n", "").as_bytes(),
            &CsvColumns {
                truth_value: Some(guess.value),
                ..columns()
            },
        )
        .unwrap();
        assert_eq!(read.truth, Some(vec![false, true, true, true, false]));
    }

    #[test]
    fn no_guess_without_need_or_evidence() {
        let words = "x,labeled,diagnosis\n1,1,yes\n2,0,no\n";
        assert_eq!(guess_positive_value(words.as_bytes(), &columns()), None);
        let names = "x,labeled,diagnosis\n1,1,M\n2,0,B\n";
        let chosen = CsvColumns {
            truth_value: Some("B".to_owned()),
            ..columns()
        };
        assert_eq!(guess_positive_value(names.as_bytes(), &chosen), None);
        let no_truth = CsvColumns::default();
        assert_eq!(guess_positive_value(names.as_bytes(), &no_truth), None);
        let unlabeled = "x,labeled,diagnosis\n1,0,M\n2,0,B\n";
        assert_eq!(guess_positive_value(unlabeled.as_bytes(), &columns()), None);
        let bad_flag = "x,labeled,diagnosis\n1,maybe,M\n2,1,B\n";
        assert_eq!(guess_positive_value(bad_flag.as_bytes(), &columns()), None);
        // A stray value in a column of 1/0 is left for the read to refuse.
        let typo = "x,labeled,diagnosis\n1,1,1\n2,0,O\n3,0,0\n";
        assert_eq!(guess_positive_value(typo.as_bytes(), &columns()), None);
        let itself = CsvColumns {
            truth: Some("labeled".to_owned()),
            labeled_value: Some("M".to_owned()),
            ..columns()
        };
        let own = "x,labeled\n1,M\n2,B\n";
        assert_eq!(guess_positive_value(own.as_bytes(), &itself), None);
        let ids: String = (0..=MAX_CLASSES)
            .map(|i| format!("{i},{},id{i}\n", i % 2))
            .collect();
        let ids = format!("x,labeled,diagnosis\n{ids}");
        assert_eq!(guess_positive_value(ids.as_bytes(), &columns()), None);
    }
}

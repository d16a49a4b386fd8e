//! How the rows of a CSV file become a model's inputs: which columns, in
//! which order, read as numbers or as categories, standardised with which
//! statistics.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::standardise::Standardiser;

/// What one model input reads from a row of the file.
///
/// Saved as the column's name for a number (as every input was before
/// columns of categories), as `{"column": …, "value": …}` for a category,
/// and as `{"column": …, "dates": "day first"}` for dates written day or
/// month first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Input {
    /// The number in this column.
    Number(String),
    /// 1 where the column holds this value, 0 where it holds another: one
    /// of the inputs a column of categories gives, one per value.
    Category {
        /// The column's name.
        column: String,
        /// The value, trimmed, as the file writes it.
        value: String,
    },
    /// The days since 1970-01-01 of the date in this column, written day or
    /// month first with a four-digit year ("15/01/2023"). A number
    /// reads dates written year first ("2023-01-15") as well.
    Date {
        /// The column's name.
        column: String,
        /// Which of a date's first two parts is the day.
        dates: DateOrder,
    },
}

/// Which of the first two parts of a date such as "05/01/2023" is the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DateOrder {
    /// Day, month, year: "15/01/2023", as most of the world writes.
    #[serde(rename = "day first")]
    DayFirst,
    /// Month, day, year: "01/15/2023", as the United States writes.
    #[serde(rename = "month first")]
    MonthFirst,
}

impl DateOrder {
    /// How messages name the order: "day first (day/month/year)".
    pub fn words(self) -> &'static str {
        match self {
            DateOrder::DayFirst => "day first (day/month/year)",
            DateOrder::MonthFirst => "month first (month/day/year)",
        }
    }

    /// What in a column shows the order: "a first part past 12".
    pub fn shown_by(self) -> &'static str {
        match self {
            DateOrder::DayFirst => "a first part past 12",
            DateOrder::MonthFirst => "a second part past 12",
        }
    }
}

impl Input {
    /// The file's column the input reads.
    pub fn column(&self) -> &str {
        match self {
            Input::Number(column) | Input::Category { column, .. } | Input::Date { column, .. } => {
                column
            }
        }
    }
}

impl fmt::Display for Input {
    /// The column's name for a number or dates; `colour = red` for a
    /// category.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Number(column) | Input::Date { column, .. } => f.write_str(column),
            Input::Category { column, value } => write!(f, "{column} = {value}"),
        }
    }
}

/// The inputs a model reads, in order, and the standardiser fitted on its
/// training rows. Scoring new rows exactly as in training means reading
/// these inputs in this order and applying this standardiser.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TabularFeatures {
    /// The model's inputs, in order (saved as `names`, as files from before
    /// columns of categories name their columns).
    #[serde(rename = "names")]
    pub inputs: Vec<Input>,
    /// Mean and standard deviation of each input over the training rows.
    pub standardiser: Standardiser,
}

impl TabularFeatures {
    /// Number of inputs, the model's input width.
    pub fn dim(&self) -> usize {
        self.inputs.len()
    }

    /// Whether an input reads a column of categories.
    pub fn has_categories(&self) -> bool {
        self.inputs
            .iter()
            .any(|input| matches!(input, Input::Category { .. }))
    }

    /// Whether an input reads dates written day or month first.
    pub fn has_dates(&self) -> bool {
        self.inputs
            .iter()
            .any(|input| matches!(input, Input::Date { .. }))
    }

    /// The file's columns the inputs read: see [`input_columns`].
    pub fn columns(&self) -> Vec<&str> {
        input_columns(&self.inputs)
    }
}

/// Each input's column, numbered from 0 in input order: neighbouring inputs
/// of one column (a column of categories') share a number.
pub fn column_numbers(inputs: &[Input]) -> Vec<usize> {
    let mut number = 0;
    inputs
        .iter()
        .enumerate()
        .map(|(at, input)| {
            if at > 0 && inputs[at - 1].column() != input.column() {
                number += 1;
            }
            number
        })
        .collect()
}

/// The file's columns `inputs` read, each once, in input order.
pub fn input_columns(inputs: &[Input]) -> Vec<&str> {
    let mut columns: Vec<&str> = Vec::new();
    for input in inputs {
        if !columns.contains(&input.column()) {
            columns.push(input.column());
        }
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_saves_as_its_column_s_name_and_a_category_as_column_and_value() {
        let inputs = vec![
            Input::Number("x".into()),
            Input::Category {
                column: "colour".into(),
                value: "red".into(),
            },
        ];
        let json = serde_json::to_string(&inputs).unwrap();
        assert_eq!(json, r#"["x",{"column":"colour","value":"red"}]"#);
        assert_eq!(serde_json::from_str::<Vec<Input>>(&json).unwrap(), inputs);
        assert_eq!(inputs[1].to_string(), "colour = red");
        assert_eq!(inputs[1].column(), "colour");
    }

    #[test]
    fn dates_save_as_column_and_order_and_show_as_the_column() {
        let inputs = vec![
            Input::Date {
                column: "visit".into(),
                dates: DateOrder::DayFirst,
            },
            Input::Category {
                column: "colour".into(),
                value: "red".into(),
            },
        ];
        let json = serde_json::to_string(&inputs).unwrap();
        assert_eq!(
            json,
            r#"[{"column":"visit","dates":"day first"},{"column":"colour","value":"red"}]"#
        );
        assert_eq!(serde_json::from_str::<Vec<Input>>(&json).unwrap(), inputs);
        assert_eq!(inputs[0].to_string(), "visit");
        assert_eq!(inputs[0].column(), "visit");
    }
}

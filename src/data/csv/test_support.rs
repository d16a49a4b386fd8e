//! Helpers shared by the tests of the CSV reader.

use super::{
    CellAt, CsvColumns, CsvError, FeatureRows, IdColumn, MissingValues, ScoringGaps, TabularData,
    read_csv, read_feature_rows,
};
use crate::data::tabular_features::Input;

/// Reads `text` with the default column choice.
pub(super) fn read(text: &str) -> Result<TabularData, CsvError> {
    read_csv(text.as_bytes(), &CsvColumns::default())
}

/// Reads `text`, expecting an error, and returns it with its message.
pub(super) fn read_err(text: &str, columns: &CsvColumns) -> (CsvError, String) {
    match read_csv(text.as_bytes(), columns) {
        Ok(data) => panic!("expected an error, got {data:?}"),
        Err(err) => {
            let message = err.to_string();
            (err, message)
        }
    }
}

/// Scoring that refuses missing values.
pub(super) const REFUSE: ScoringGaps<'static> = ScoringGaps {
    choice: MissingValues::Refuse,
    fill: &[],
};

/// Scores `bytes` with `inputs`, refusing missing values, with no truth
/// or identifier column.
pub(super) fn scored(bytes: &[u8], inputs: &[Input]) -> Result<FeatureRows, CsvError> {
    read_feature_rows(bytes, inputs, None, None, &IdColumn::Without, REFUSE)
}

/// Where a cell is, for an expected error.
pub(super) fn at(line: u64, row: usize, column: &str) -> CellAt {
    CellAt {
        line,
        row,
        column: column.to_owned(),
    }
}

/// The items as owned strings.
pub(super) fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|item| (*item).to_owned()).collect()
}

/// Inputs reading the numbers in these columns.
pub(super) fn numbers(columns: &[&str]) -> Vec<Input> {
    columns
        .iter()
        .map(|column| Input::Number((*column).to_owned()))
        .collect()
}

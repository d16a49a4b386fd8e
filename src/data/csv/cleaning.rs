//! Cleaning the features read: dropping the inputs that hold one value in
//! every row.

use super::filled_cells::FilledCells;
use crate::data::tabular_features::Input;

/// Inputs after dropping the constant ones.
pub(super) struct VaryingColumns {
    /// The inputs kept.
    pub(super) inputs: Vec<Input>,
    /// Their values, row-major.
    pub(super) features: Vec<f32>,
    /// Each dropped input and its one value.
    pub(super) dropped: Vec<(Input, f32)>,
    /// Per input read: was it kept.
    kept: Vec<bool>,
}

impl VaryingColumns {
    /// The inputs dropped.
    pub(super) fn dropped_inputs(&self) -> Vec<Input> {
        self.dropped
            .iter()
            .map(|(input, _)| input.clone())
            .collect()
    }

    /// The values of `filled` (in the features as read) whose input was
    /// kept, as values of [`Self::features`].
    pub(super) fn kept_cells(&self, filled: &FilledCells) -> FilledCells {
        let read_dim = self.kept.len().max(1);
        let dim = self.inputs.len();
        let mut next = 0;
        let place_in_row: Vec<Option<usize>> = self
            .kept
            .iter()
            .map(|&kept| {
                next += usize::from(kept);
                kept.then(|| next - 1)
            })
            .collect();
        let places = filled.places().filter_map(|place| {
            let input = place_in_row.get(place % read_dim).copied().flatten()?;
            Some(place / read_dim * dim + input)
        });
        FilledCells::from_places(self.features.len(), places)
    }
}

/// Drops the inputs (columns of a row-major matrix) that hold the same
/// value in every row, in place (the matrix is the largest thing a read
/// holds).
pub(super) fn drop_constant_columns(inputs: Vec<Input>, mut features: Vec<f32>) -> VaryingColumns {
    let dim = inputs.len();
    let first_row = features.get(..dim).unwrap_or_default();
    let mut varies = vec![false; dim];
    for (value, column) in features.iter().zip((0..dim).cycle()) {
        if let (Some(first), Some(varies)) = (first_row.get(column), varies.get_mut(column)) {
            *varies |= value != first;
        }
    }
    let dropped = inputs
        .iter()
        .zip(first_row)
        .zip(&varies)
        .filter(|&(_, &varies)| !varies)
        .map(|((name, &value), _)| (name.clone(), value))
        .collect();
    let mut kept = 0;
    for (read, &varies) in (0..features.len()).zip(varies.iter().cycle()) {
        if varies {
            features.swap(kept, read);
            kept += 1;
        }
    }
    features.truncate(kept);
    let kept = inputs
        .into_iter()
        .zip(&varies)
        .filter(|&(_, &varies)| varies)
        .map(|(name, _)| name)
        .collect();
    VaryingColumns {
        inputs: kept,
        features,
        dropped,
        kept: varies,
    }
}

#[cfg(test)]
mod tests {
    use crate::data::csv::test_support::{read, read_err, strings};
    use crate::data::csv::{CsvColumns, CsvError};

    #[test]
    fn constant_columns_are_dropped_with_a_warning() {
        let data = read("a,b,c,labeled\n1,7,2,1\n2,7,2,0\n3,7,2,0\n").unwrap();
        assert_eq!(data.feature_names(), strings(&["a"]));
        assert_eq!(data.features, vec![1.0, 2.0, 3.0]);
        assert_eq!(data.warnings.len(), 2);
        assert!(data.warnings[0].contains("\"b\" holds the same value (7)"));
        assert!(data.warnings[1].contains("\"c\" holds the same value (2)"));
    }

    #[test]
    fn no_feature_columns() {
        let columns = CsvColumns {
            truth: Some("truth".to_owned()),
            ..CsvColumns::default()
        };
        let (err, message) = read_err("labeled,truth\n1,1\n0,0\n", &columns);
        assert_eq!(
            err,
            CsvError::NoFeatures {
                constant: vec![],
                unchosen: vec![]
            }
        );
        assert!(message.contains("No feature columns are chosen"));
        // Every other column left out of a chosen list is named, not denied.
        let chosen_none = CsvColumns {
            features: Some(Vec::new()),
            ..CsvColumns::default()
        };
        let (err, message) = read_err(
            "name,city,labeled
A,B,1
C,D,0
",
            &chosen_none,
        );
        assert_eq!(
            err,
            CsvError::NoFeatures {
                constant: vec![],
                unchosen: strings(&["name", "city"])
            }
        );
        assert!(
            message.contains("none of the file's other columns (\"name\", \"city\") is a feature"),
            "{message}"
        );
        let (err, message) = read_err("a,b,labeled\n1,2,1\n1,2,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoFeatures {
                constant: strings(&["a", "b"]),
                unchosen: vec![]
            }
        );
        assert!(
            message.contains("every feature column holds one value in every row (\"a\", \"b\")")
        );
    }
}

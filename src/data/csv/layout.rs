//! Column roles: which columns are the labeled, truth and feature columns,
//! as the user chose them and as the header has them.

use super::date_order_choice::DateOrderChoice;
use super::error::CsvError;
use super::missing::MissingValues;
use super::role::ColumnRole;
use crate::user_text::clip;

/// Which columns of a CSV play which role. Serialisable: it is part of the run configuration.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct CsvColumns {
    /// Column that marks labeled positives. Default "labeled".
    pub labeled: String,
    /// If set, a row is labeled exactly when its `labeled` cell equals this value
    /// (case-insensitive, trimmed; a number also as the same number written
    /// otherwise, "1.0" for "1"); every other value means unlabeled. If None, cells
    /// are parsed as flags: 1/0, 1/-1, true/false, yes/no, y/n, P/U (case-insensitive,
    /// trimmed). Anything else is an error naming row and column.
    pub labeled_value: Option<String>,
    /// Optional ground-truth column (evaluation only).
    pub truth: Option<String>,
    /// If set (and not blank), a row is positive exactly when its `truth` cell
    /// equals this value (case-insensitive, trimmed), as for a column of class
    /// names ("malignant", "benign"); every other value means negative. If None, cells are parsed as
    /// 1/0, 1/-1, true/false, yes/no, y/n, P/N, pos/neg or positive/negative. Either way
    /// a missing cell (empty, NA, …) is an error naming row and column.
    pub truth_value: Option<String>,
    /// Feature columns by name; None means every other column (all must then be numeric).
    /// A name listed twice is used once.
    pub features: Option<Vec<String>>,
    /// What to do with missing feature values (the cells [`is_missing`](super::is_missing) finds).
    pub missing: MissingValues,
    /// The order of dates written day or month first (05/01/2023) in the
    /// chosen feature columns.
    pub date_order: DateOrderChoice,
}

impl CsvColumns {
    /// The default roles with this choice's reading settings: what a file
    /// gets when nobody chose its roles.
    pub fn unchosen_roles(&self) -> CsvColumns {
        CsvColumns::default().reading_as(self)
    }

    /// These roles, read as `other` says: with its settings on missing
    /// values and the order of dates, which stay whatever the roles become.
    pub fn reading_as(self, other: &CsvColumns) -> CsvColumns {
        CsvColumns {
            missing: other.missing,
            date_order: other.date_order,
            ..self
        }
    }
}

impl Default for CsvColumns {
    fn default() -> Self {
        CsvColumns {
            labeled: "labeled".to_owned(),
            labeled_value: None,
            truth: None,
            truth_value: None,
            features: None,
            missing: MissingValues::Refuse,
            date_order: DateOrderChoice::Shown,
        }
    }
}

/// Column indices for each role, checked against the header.
pub(super) struct Layout {
    /// Index of the labeled column.
    pub(super) labeled: usize,
    /// Index of the truth column, if any.
    pub(super) truth: Option<usize>,
    /// Indices of the feature columns, in the order chosen, none repeated, never empty.
    pub(super) features: Vec<usize>,
}

impl Layout {
    /// Finds the chosen columns in the header.
    pub(super) fn resolve(header: &[String], columns: &CsvColumns) -> Result<Self, CsvError> {
        let find = |name: &str, role: ColumnRole| column_index(header, name, role);
        let conflict = |name: &str, first: ColumnRole, second: ColumnRole| CsvError::RoleConflict {
            name: clip(name.trim()),
            first,
            second,
        };
        let labeled = find(&columns.labeled, ColumnRole::Labeled)?;
        let truth = match &columns.truth {
            Some(name) => {
                let index = find(name, ColumnRole::Truth)?;
                if index == labeled {
                    return Err(conflict(name, ColumnRole::Labeled, ColumnRole::Truth));
                }
                Some(index)
            }
            None => None,
        };
        let features = match &columns.features {
            None => (0..header.len())
                .filter(|&index| index != labeled && Some(index) != truth)
                .collect(),
            Some(names) => {
                let mut features = Vec::new();
                for name in names {
                    let index = find(name, ColumnRole::Feature)?;
                    if index == labeled {
                        return Err(conflict(name, ColumnRole::Labeled, ColumnRole::Feature));
                    }
                    if Some(index) == truth {
                        return Err(conflict(name, ColumnRole::Truth, ColumnRole::Feature));
                    }
                    if !features.contains(&index) {
                        features.push(index);
                    }
                }
                features
            }
        };
        if features.is_empty() {
            return Err(CsvError::NoFeatures {
                constant: Vec::new(),
                unchosen: (0..header.len())
                    .filter(|&index| index != labeled && Some(index) != truth)
                    .map(|index| clip(&header[index]))
                    .collect(),
            });
        }
        Ok(Layout {
            labeled,
            truth,
            features,
        })
    }
}

/// The index of the column named `name` (trimmed) in the header.
pub(super) fn column_index(
    header: &[String],
    name: &str,
    role: ColumnRole,
) -> Result<usize, CsvError> {
    let name = name.trim();
    header
        .iter()
        .position(|column| column == name)
        .ok_or_else(|| CsvError::MissingColumn {
            role,
            name: clip(name),
            available: header.iter().map(|column| clip(column)).collect(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reading_settings_stay_whatever_the_roles() {
        let chosen = CsvColumns {
            labeled: "s".into(),
            features: Some(vec!["a".into()]),
            missing: MissingValues::ColumnMean,
            date_order: DateOrderChoice::DayFirst,
            ..CsvColumns::default()
        };
        let reading = CsvColumns {
            missing: MissingValues::ColumnMean,
            date_order: DateOrderChoice::DayFirst,
            ..CsvColumns::default()
        };
        assert_eq!(chosen.unchosen_roles(), reading);
        assert_eq!(CsvColumns::default().reading_as(&chosen), reading);
    }
    use crate::data::csv::read_csv;
    use crate::data::csv::test_support::{read_err, strings};

    #[test]
    fn chosen_features_truth_and_labeled_value() {
        let columns = CsvColumns {
            labeled: " status ".to_owned(),
            labeled_value: Some("Known".to_owned()),
            truth: Some("class".to_owned()),
            features: Some(strings(&["b", "a", "b"])),
            ..CsvColumns::default()
        };
        let text = "id,a,b,status,class\nr1,1,2,known,pos\nr2,3,4,unknown,Negative\nr3,5,6,,P\n";
        let data = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(data.feature_names(), strings(&["b", "a"]));
        assert_eq!(data.features, vec![2.0, 1.0, 4.0, 3.0, 6.0, 5.0]);
        assert_eq!(data.labeled, vec![true, false, false]);
        assert_eq!(data.truth, Some(vec![true, false, true]));
    }

    #[test]
    fn missing_columns_list_the_header() {
        let text = "x,label\n1,1\n2,0\n";
        let (err, message) = read_err(text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::MissingColumn {
                role: ColumnRole::Labeled,
                name: "labeled".to_owned(),
                available: strings(&["x", "label"]),
            }
        );
        assert!(message.contains("no column \"labeled\", which was chosen as the labeled column"));
        assert!(message.contains("these columns: \"x\", \"label\"."));
        let columns = CsvColumns {
            labeled: "label".to_owned(),
            features: Some(strings(&["x", "z"])),
            ..CsvColumns::default()
        };
        let (err, message) = read_err(text, &columns);
        assert!(matches!(
            err,
            CsvError::MissingColumn {
                role: ColumnRole::Feature,
                ..
            }
        ));
        assert!(message.contains("no column \"z\", which was chosen as a feature"));
        let columns = CsvColumns {
            labeled: "label".to_owned(),
            truth: Some("y".to_owned()),
            ..CsvColumns::default()
        };
        let (_, message) = read_err(text, &columns);
        assert!(message.contains("no column \"y\", which was chosen as the truth column"));
        assert!(
            !message.contains("differs from it only in case"),
            "{message}"
        );
        let columns = CsvColumns {
            labeled: "LABEL".to_owned(),
            ..CsvColumns::default()
        };
        let (_, message) = read_err(text, &columns);
        assert!(
            message.contains(
                "no column \"LABEL\", which was chosen as the labeled column. Column \"label\" \
                 differs from it only in case."
            ),
            "{message}"
        );
    }

    #[test]
    fn role_conflicts() {
        let text = "x,labeled,y\n1,1,1\n2,0,0\n";
        let columns = CsvColumns {
            features: Some(strings(&["x", "labeled"])),
            ..CsvColumns::default()
        };
        let (err, message) = read_err(text, &columns);
        assert_eq!(
            err,
            CsvError::RoleConflict {
                name: "labeled".to_owned(),
                first: ColumnRole::Labeled,
                second: ColumnRole::Feature
            }
        );
        assert!(
            message.contains(
                "Column \"labeled\" is chosen as the labeled column and also as a feature."
            )
        );
        let columns = CsvColumns {
            truth: Some("labeled".to_owned()),
            ..CsvColumns::default()
        };
        let (err, _) = read_err(text, &columns);
        assert!(matches!(
            err,
            CsvError::RoleConflict {
                second: ColumnRole::Truth,
                ..
            }
        ));
    }

    #[test]
    fn columns_default_and_serde() {
        let columns: CsvColumns = serde_json::from_str("{\"truth\":\"y\"}").unwrap();
        assert_eq!(columns.labeled, "labeled");
        assert_eq!(columns.truth.as_deref(), Some("y"));
        assert_eq!(columns.features, None);
        let json = serde_json::to_string(&CsvColumns::default()).unwrap();
        let back: CsvColumns = serde_json::from_str(&json).unwrap();
        assert_eq!(back, CsvColumns::default());
    }
}

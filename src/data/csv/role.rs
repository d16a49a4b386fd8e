//! The roles a column can play (labeled, truth, feature, identifier), in the words the
//! error messages use. A leaf module: the column choice and the errors both
//! name roles.

use std::fmt;

/// The role a column plays, as named in error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnRole {
    /// The column marking labeled positives.
    Labeled,
    /// The optional ground-truth column.
    Truth,
    /// A feature column.
    Feature,
    /// The column that names each row in a table of scores.
    Identifier,
}

impl fmt::Display for ColumnRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColumnRole::Labeled => "the labeled column",
            ColumnRole::Truth => "the truth column",
            ColumnRole::Feature => "a feature",
            ColumnRole::Identifier => "the identifier column",
        })
    }
}

//! Scoring the rows of a CSV file with a classifier saved from a CSV run:
//! what `policypu predict` and the page's "Score a CSV" both do. The file
//! needs the model's feature columns, found by name in any order; with the
//! run's truth column it is also scored against it, on the rows whose class
//! that column holds, where it writes its classes as the run's file did
//! (else a note says why it is not). Its identifier column, guessed by name or named,
//! joins the scores to its rows. Missing feature values
//! are refused, their rows dropped, or filled with the model's training
//! means, as the caller chooses (by default as the model's run did).

use burn::tensor::Device;

use crate::config::DataConfig;
use crate::data::csv::{
    ColumnRole, CsvError, Dialect, IdColumn, MissingValues, NO_IDENTIFIER, ScoringGaps, case_twin,
    read_feature_rows,
};
use crate::metrics::{accuracy, roc_auc};
use crate::report::CsvScores;
use crate::saved_model::SavedModel;
use crate::user_text::counted;

/// Why a file could not be scored: the model file or the CSV file is at fault.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ScoreError {
    /// The model file cannot be read or does not score CSV rows.
    #[error("{0}")]
    Model(String),
    /// The CSV file lacks a feature column or holds a bad cell.
    #[error("{message}")]
    Rows {
        /// What is wrong, in the page's words.
        message: String,
        /// The command line's flag for the choice the message asks for, as a
        /// sentence (see [`CsvError::command_line_hint`]).
        command_line_hint: Option<&'static str>,
    },
}

/// Scores every row of `csv` with the model in `model` on `device`, doing
/// with missing feature values what `missing` says (None: what the model's
/// run did); a filled value is its feature's mean over the training rows.
/// The table carries the identifier column `id` chooses.
///
/// # Errors
/// [`ScoreError::Model`] for a file that is not a model of a CSV run (or
/// fails on the device), [`ScoreError::Rows`] for a CSV file the model
/// cannot read, saying which columns it needs.
pub async fn score_csv(
    model: &[u8],
    csv: &[u8],
    missing: Option<MissingValues>,
    id: &IdColumn,
    device: &Device,
) -> Result<CsvScores, ScoreError> {
    let in_model = |e: &dyn std::fmt::Display| ScoreError::Model(e.to_string());
    let model = SavedModel::from_bytes(model).map_err(|e| in_model(&e))?;
    let features = model.tabular_features().map_err(|e| in_model(&e))?;
    let (truth_column, truth_value, run_missing) = match &model.header.config.data {
        DataConfig::Csv { columns } => (
            columns.truth.as_deref(),
            columns.truth_value.as_deref(),
            columns.missing,
        ),
        DataConfig::Builtin { .. } => (None, None, MissingValues::Refuse),
    };
    let gaps = ScoringGaps {
        choice: missing.unwrap_or(run_missing),
        fill: &features.standardiser.mean,
    };
    let rows = read_feature_rows(csv, &features.inputs, truth_column, truth_value, id, gaps)
        .map_err(|e| {
            let needed = || {
                let names: Vec<String> = features
                    .columns()
                    .iter()
                    .map(|n| format!("\"{n}\""))
                    .collect();
                format!("The model reads the feature columns {}", names.join(", "))
            };
            let message = match &e {
                // The user, not the model, chose it: the error says which
                // columns the file has.
                CsvError::MissingColumn {
                    role: ColumnRole::Identifier,
                    ..
                } => e.to_string(),
                // The model, not the user, chose the features: the file must
                // have them all.
                CsvError::MissingColumn {
                    role: ColumnRole::Feature,
                    name,
                    available,
                } => format!(
                    "The file has no column \"{name}\", which the model reads as a feature.{} \
                     {}, as its training file named them: score a file that has them all.",
                    case_twin(name, available),
                    needed()
                ),
                _ => format!("{} {}.", e.when_scoring(), needed()),
            };
            ScoreError::Rows {
                message,
                command_line_hint: e.command_line_hint(),
            }
        })?;
    let classifiers = model.classifiers(device).map_err(|e| in_model(&e))?;
    let scores = model
        .score(&classifiers, &rows.features, device)
        .await
        .map_err(|e| in_model(&e))?;
    let table = scores_table(
        &rows.numbers,
        rows.identifiers.as_ref(),
        &scores,
        rows.dialect,
    );
    let known = rows
        .truth
        .as_ref()
        .map(|truth| KnownClasses::of(truth, &scores));
    let shown = |metric: Option<f64>| metric.map_or("n/a".to_string(), |v| format!("{v:.3}"));
    let against_truth = known
        .as_ref()
        .zip(truth_column)
        .filter(|(known, _)| !known.truth.is_empty())
        .map(|(known, column)| {
            format!(
                "against column \"{column}\" ({}): accuracy {}, ROC-AUC {}",
                counted(known.truth.len(), "row"),
                shown(accuracy(&known.scores, &known.truth)),
                shown(roc_auc(&known.scores, &known.truth))
            )
        });
    let mut notes = rows.warnings;
    notes.extend(rows.dialect.note("scores table"));
    if rows.identifiers.is_none() && *id == IdColumn::Guessed {
        notes.push(NO_IDENTIFIER.to_string());
    }
    if let (Some(known), Some(column)) = (&known, truth_column)
        && known.truth.len() < rows.rows
    {
        let unknown = rows.rows - known.truth.len();
        notes.push(if known.truth.is_empty() {
            format!(
                "Column \"{column}\" holds no true class: every row is scored, and none is \
                 measured against it."
            )
        } else {
            format!(
                "{} {} no true class in column \"{column}\": {} scored, and left out of \
                 the accuracy and ROC-AUC.",
                counted(unknown, "row"),
                if unknown == 1 { "has" } else { "have" },
                if unknown == 1 { "it is" } else { "they are" }
            )
        });
    }
    if let (Some(known), Some(column), Some(value)) = (&known, truth_column, truth_value)
        && !known.truth.is_empty()
        && !known.truth.contains(&true)
    {
        notes.push(format!(
            "No row of column \"{column}\" holds \"{value}\", the value the model's run took to \
             mean positive, so every row counts as negative against it."
        ));
    }
    Ok(CsvScores {
        table,
        rows: rows.rows,
        model: model.header.describe(),
        trained_on: model.header.saved.and_then(|saved| saved.data_file),
        identifier: rows.identifiers.map(|(name, _)| name),
        columns: rows.columns,
        against_truth,
        notes,
    })
}

/// The scores of the rows whose true class is known, with those classes.
struct KnownClasses {
    /// Each such row's score.
    scores: Vec<f32>,
    /// Its class (true = positive).
    truth: Vec<bool>,
}

impl KnownClasses {
    /// The rows of `truth` that hold a class, with their `scores`.
    fn of(truth: &[Option<bool>], scores: &[f32]) -> Self {
        let (scores, truth) = scores
            .iter()
            .zip(truth)
            .filter_map(|(score, class)| class.map(|class| (*score, class)))
            .unzip();
        Self { scores, truth }
    }
}

/// The table's own columns.
const OWN_COLUMNS: [&str; 3] = ["row", "score", "predicted"];

/// The `row,score,predicted` table, with the file's identifier column after
/// `row` when it has one (named "row (from the file)" where its name is one
/// of the table's own), written in the scored file's `dialect`.
fn scores_table(
    numbers: &[usize],
    identifiers: Option<&(String, Vec<String>)>,
    scores: &[f32],
    dialect: Dialect,
) -> String {
    let identifier_name = identifiers.map(|(name, _)| {
        if OWN_COLUMNS.contains(&name.as_str()) {
            format!("{name} (from the file)")
        } else {
            name.clone()
        }
    });
    let mut table = String::new();
    let mut line = |fields: &[String]| {
        let fields: Vec<String> = fields.iter().map(|f| dialect.field(f)).collect();
        table += &fields.join(&dialect.separator.to_string());
        table.push('\n');
    };
    let header: Vec<String> = ["row"]
        .into_iter()
        .map(str::to_owned)
        .chain(identifier_name)
        .chain(["score", "predicted"].map(str::to_owned))
        .collect();
    line(&header);
    for (index, (number, score)) in numbers.iter().zip(scores).enumerate() {
        let identifier = identifiers.and_then(|(_, cells)| cells.get(index).cloned());
        let fields: Vec<String> = [number.to_string()]
            .into_iter()
            .chain(identifier)
            .chain([dialect.number(*score), u8::from(*score >= 0.5).to_string()])
            .collect();
        line(&fields);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_identifier_column_follows_row_under_a_name_of_its_own() {
        let cells = |name: &str| (name.to_owned(), vec!["a,\"b\"".to_owned(), "7".to_owned()]);
        let commas = Dialect::default();
        assert_eq!(
            scores_table(&[2, 5], Some(&cells("Patient ID")), &[0.25, 0.5], commas),
            "row,Patient ID,score,predicted\n2,\"a,\"\"b\"\"\",0.25,0\n5,7,0.5,1\n"
        );
        let header = |name: &str| {
            let table = scores_table(&[1], Some(&cells(name)), &[0.5], commas);
            table.lines().next().unwrap_or_default().to_owned()
        };
        assert_eq!(header("row"), "row,row (from the file),score,predicted");
        assert_eq!(header("score"), "row,score (from the file),score,predicted");
        assert_eq!(
            scores_table(&[3], None, &[0.75], commas),
            "row,score,predicted\n3,0.75,1\n"
        );
    }

    #[test]
    fn a_file_with_semicolons_and_decimal_commas_gets_its_scores_so() {
        let semicolons = Dialect {
            separator: ';',
            decimal_comma: true,
        };
        let cells = ("Kunden-Nr".to_owned(), vec!["A;1".to_owned()]);
        assert_eq!(
            scores_table(&[4], Some(&cells), &[0.625], semicolons),
            "row;Kunden-Nr;score;predicted\n4;\"A;1\";0,625;1\n"
        );
    }
}

//! Scoring the rows of a CSV file with a classifier saved from a CSV run:
//! what `policypu predict` and the page's "Score a CSV" both do. The file
//! needs the model's feature columns, found by name in any order; with the
//! run's truth column it is also scored against it. Missing feature values
//! are refused, their rows dropped, or filled with the model's training
//! means, as the caller chooses (by default as the model's run did).

use burn::tensor::Device;

use crate::config::DataConfig;
use crate::data::csv::{ColumnRole, CsvError, MissingValues, ScoringGaps, read_feature_rows};
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
///
/// # Errors
/// [`ScoreError::Model`] for a file that is not a model of a CSV run (or
/// fails on the device), [`ScoreError::Rows`] for a CSV file the model
/// cannot read, saying which columns it needs.
pub async fn score_csv(
    model: &[u8],
    csv: &[u8],
    missing: Option<MissingValues>,
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
    let rows =
        read_feature_rows(csv, &features.names, truth_column, truth_value, gaps).map_err(|e| {
            let needed = || {
                let names: Vec<String> =
                    features.names.iter().map(|n| format!("\"{n}\"")).collect();
                format!("The model reads the feature columns {}", names.join(", "))
            };
            let message = match (&e, truth_column) {
                (CsvError::MissingTruth { at, .. }, Some(column)) => format!(
                    "{at}: the true class is missing. Scoring reads column \"{column}\" as the \
                     model's run did: fill in every class, or remove that column from the file \
                     to score without it."
                ),
                (CsvError::InvalidTruth { .. }, Some(column)) => {
                    format!(
                        "{e} Scoring reads column \"{column}\" as the model's run did; remove that \
                     column from the file to score without it."
                    )
                }
                // The model, not the user, chose the features: the file must
                // have them all.
                (
                    CsvError::MissingColumn {
                        role: ColumnRole::Feature,
                        name,
                        ..
                    },
                    _,
                ) => format!(
                    "The file has no column \"{name}\", which the model reads as a feature. {}, \
                 as its training file named them: score a file that has them all.",
                    needed()
                ),
                _ => format!("{} {}.", e.when_scoring(), needed()),
            };
            ScoreError::Rows {
                message,
                // Scoring reads every class the file's truth column holds.
                command_line_hint: e
                    .command_line_hint()
                    .filter(|_| !matches!(e, CsvError::MissingTruth { .. })),
            }
        })?;
    let classifiers = model.classifiers(device).map_err(|e| in_model(&e))?;
    let scores = model
        .score(&classifiers, &rows.features, device)
        .await
        .map_err(|e| in_model(&e))?;
    let mut table = String::from("row,score,predicted\n");
    for (number, score) in rows.numbers.iter().zip(&scores) {
        table += &format!("{number},{score},{}\n", u8::from(*score >= 0.5));
    }
    let shown = |metric: Option<f64>| metric.map_or("n/a".to_string(), |v| format!("{v:.3}"));
    let against_truth = rows
        .truth
        .as_ref()
        .zip(truth_column)
        .map(|(truth, column)| {
            format!(
                "against column \"{column}\" ({}): accuracy {}, ROC-AUC {}",
                counted(rows.rows, "row"),
                shown(accuracy(&scores, truth)),
                shown(roc_auc(&scores, truth))
            )
        });
    let mut notes = rows.warnings;
    if let (Some(truth), Some(column), Some(value)) = (&rows.truth, truth_column, truth_value)
        && !truth.contains(&true)
    {
        notes.push(format!(
            "No row of column \"{column}\" holds \"{value}\", the value the model's run took to \
             mean positive, so every row counts as negative against it."
        ));
    }
    Ok(CsvScores {
        table,
        rows: rows.rows,
        against_truth,
        notes,
    })
}

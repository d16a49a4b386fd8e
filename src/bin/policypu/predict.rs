//! `policypu predict`: score the rows of a CSV file with a classifier saved
//! by `policypu run --save-model`.

use std::io::Write;
use std::path::{Path, PathBuf};

use burn::tensor::Device;
use clap::Args;
use policypu::config::DataConfig;
use policypu::data::csv::read_feature_rows;
use policypu::metrics::{accuracy, roc_auc};
use policypu::saved_model::SavedModel;

/// Flags of `predict`.
#[derive(Args, Debug)]
pub struct PredictArgs {
    /// Model file written by `policypu run --save-model`.
    #[arg(long)]
    pub model: PathBuf,
    /// CSV file to score; it needs the model's feature columns, found by name.
    #[arg(long)]
    pub csv: PathBuf,
    /// Where to write the `row,score,predicted` table (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Score every row of the CSV file and write `row,score,predicted`: the
/// 1-based data row, the probability of the positive class, and 1 where it
/// is at least 0.5. With the model's truth column in the file, also print
/// accuracy and ROC-AUC to standard error.
pub fn predict(args: &PredictArgs) -> Result<(), String> {
    let model_bytes = read(&args.model)?;
    let in_model = |e: &dyn std::fmt::Display| format!("{}: {e}", args.model.display());
    let model = SavedModel::from_bytes(&model_bytes).map_err(|e| in_model(&e))?;
    let features = model.tabular_features().map_err(|e| in_model(&e))?;
    let truth_column = match &model.header.config.data {
        DataConfig::Csv { columns } => columns.truth.as_deref(),
        DataConfig::Builtin { .. } => None,
    };
    let csv_bytes = read(&args.csv)?;
    let rows = read_feature_rows(&csv_bytes, &features.names, truth_column).map_err(|e| {
        let names: Vec<String> = features.names.iter().map(|n| format!("\"{n}\"")).collect();
        format!(
            "{}: {e} The model reads the feature columns {}.",
            args.csv.display(),
            names.join(", ")
        )
    })?;

    let device = Device::flex();
    let classifier = model.classifier(&device).map_err(|e| in_model(&e))?;
    let scores = pollster::block_on(model.score(&classifier, &rows.features, &device))
        .map_err(|e| e.to_string())?;

    let mut table = String::from("row,score,predicted\n");
    for (index, score) in scores.iter().enumerate() {
        table += &format!("{},{score},{}\n", index + 1, u8::from(*score >= 0.5));
    }
    match &args.out {
        Some(path) => {
            std::fs::write(path, table)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            eprintln!("wrote {} scores to {}", scores.len(), path.display());
        }
        None => std::io::stdout()
            .write_all(table.as_bytes())
            .map_err(|e| format!("cannot write the scores: {e}"))?,
    }
    if let (Some(truth), Some(column)) = (&rows.truth, truth_column) {
        let shown = |metric: Option<f64>| metric.map_or("n/a".to_string(), |v| format!("{v:.3}"));
        eprintln!(
            "against column \"{column}\" ({} rows): accuracy {}  roc-auc {}",
            rows.rows,
            shown(accuracy(&scores, truth)),
            shown(roc_auc(&scores, truth))
        );
    }
    Ok(())
}

/// The bytes of a file, or a message naming it.
fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

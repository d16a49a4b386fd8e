//! `policypu predict`: score the rows of a CSV file with a classifier saved
//! by `policypu run --save-model`.

use std::io::Write;
use std::path::{Path, PathBuf};

use burn::tensor::Device;
use clap::Args;
use policypu::data::csv::{IdColumn, MissingValues, NO_IDENTIFIER, missing_cells_text};
use policypu::learn::score_csv::{ScoreError, score_csv};

use crate::output_paths::{Named, check_outputs};

/// Flags of `predict`.
#[derive(Args, Debug)]
pub struct PredictArgs {
    /// Model file written by `policypu run --save-model`.
    #[arg(long)]
    pub model: PathBuf,
    /// CSV file to score; it needs the model's feature columns, found by name.
    #[arg(long)]
    pub csv: PathBuf,
    /// Where to write the `row,score,predicted` table, with the file's
    /// identifier column after `row` if it has one, in the file's separator
    /// and decimal mark (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The column to carry after `row` in the table, to join the scores to
    /// your rows; "" for none (default: the first column whose name ends in
    /// the word id, uuid, guid, identifier, no or nr, or number after another
    /// word, such as `customer_id` or `account_no`, that the model does not
    /// read)
    #[arg(long, value_name = "NAME")]
    pub id_column: Option<String>,
    /// What to do with missing feature values (help text: `missing_help`)
    #[arg(long, help = missing_help())]
    pub missing: Option<MissingValues>,
}

/// Score every row of the CSV file and write `row,score,predicted`: the
/// 1-based data row, the probability of the positive class, and 1 where it
/// is at least 0.5, with the file's identifier column (`--id-column`, or one
/// named like `id` or `customer_id`) after `row`. It prints what model scored. With the model's truth column in the file,
/// also print accuracy and ROC-AUC over the rows whose class it holds to
/// standard error, and there too any note on the file (decimal marks read).
pub fn predict(args: &PredictArgs) -> Result<(), String> {
    let inputs = [
        Named::given("--model", Some(&args.model)),
        Named::given("--csv", Some(&args.csv)),
    ];
    check_outputs(
        Named::given("--out", args.out.as_deref()),
        inputs.into_iter().flatten(),
    )?;
    let model = read(&args.model)?;
    let csv = read(&args.csv)?;
    let device = Device::flex();
    let scores = pollster::block_on(score_csv(
        &model,
        &csv,
        args.missing,
        &IdColumn::from_flag(args.id_column.as_deref()),
        &device,
    ))
    .map_err(|e| match &e {
        ScoreError::Model(_) => format!("{}: {e}", args.model.display()),
        ScoreError::Rows {
            command_line_hint, ..
        } => {
            let hint = command_line_hint
                .map(|h| format!(" {h}"))
                .unwrap_or_default();
            format!("{}: {e}{hint}", args.csv.display())
        }
    })?;
    eprintln!("model: {}", scores.model);
    match &args.out {
        Some(path) => {
            std::fs::write(path, &scores.table)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            eprintln!("wrote {} scores to {}", scores.rows, path.display());
        }
        None => std::io::stdout()
            .write_all(scores.table.as_bytes())
            .map_err(|e| format!("cannot write the scores: {e}"))?,
    }
    if let Some(line) = &scores.against_truth {
        eprintln!("{line}");
    }
    for note in &scores.notes {
        if note == NO_IDENTIFIER {
            eprintln!(
                "note: {note} To carry one of its columns instead, name it with --id-column NAME."
            );
        } else {
            eprintln!("note: {note}");
        }
    }
    let scored_name = args.csv.file_name().map(|n| n.to_string_lossy());
    if let Some(name) =
        (scores.trained_on.as_deref()).filter(|name| Some(*name) == scored_name.as_deref())
        && scores.against_truth.is_some()
    {
        eprintln!(
            "note: the model was trained on a file named {name}: if it is this one, these \
             figures include its training rows and read higher than on new data."
        );
    }
    Ok(())
}

/// The help text of `--missing`, naming the cells that count as missing.
fn missing_help() -> String {
    format!(
        "What to do with missing feature values ({}): refuse the file, drop those rows (the \
         table keeps each row's number in the file), or fill each with its column's mean over \
         the model's training rows (default: what the model's run did)",
        missing_cells_text()
    )
}

/// The bytes of a file, or a message naming it.
fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

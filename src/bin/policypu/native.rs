//! Native plumbing: reading dataset files and choosing the device.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use burn::tensor::Device;
use policypu::config::{BackendChoice, DataConfig, RunConfig};
use policypu::data::Dataset;
use policypu::data::column_guess::{
    CHOOSE_AS_FEATURE, CHOOSE_MISSING, NAME_DATE_ORDER, usable_features,
};
use policypu::data::csv::{CsvColumns, preview_csv, read_csv};
use policypu::data::pubin::parse_pubin_gz;
use policypu::data::tasks::BuiltinDataset;
use policypu::split::{PuSplit, split_builtin, split_csv};

/// Built-in datasets read once and kept for later runs (sweeps), and the
/// notes on CSV reads already shown, so a sweep or a prior study names each
/// once; a note names its file, as a prior study reads several.
pub struct DataCache {
    dir: PathBuf,
    loaded: HashMap<BuiltinDataset, (Dataset, Dataset)>,
    shown_notes: HashSet<String>,
}

impl DataCache {
    /// Read `.pubin.gz` files from `dir`, or from `public/data` here or in the source tree.
    pub fn new(dir: Option<&Path>) -> Self {
        let dir = dir.map(Path::to_path_buf).unwrap_or_else(|| {
            let local = PathBuf::from("public/data");
            if local.is_dir() {
                local
            } else {
                Path::new(env!("CARGO_MANIFEST_DIR")).join("public/data")
            }
        });
        DataCache {
            dir,
            loaded: HashMap::new(),
            shown_notes: HashSet::new(),
        }
    }

    /// The training and test subsets of a built-in dataset.
    pub fn builtin(&mut self, dataset: BuiltinDataset) -> Result<&(Dataset, Dataset), String> {
        if !self.loaded.contains_key(&dataset) {
            let read = |part: &str| -> Result<Dataset, String> {
                let path = self
                    .dir
                    .join(format!("{}_{part}.pubin.gz", dataset.file_stem()));
                let bytes = std::fs::read(&path).map_err(|e| {
                    format!(
                        "cannot read {}: {e} (pass --data-dir to point at public/data)",
                        path.display()
                    )
                })?;
                let file =
                    parse_pubin_gz(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
                dataset
                    .check_file(part, &file)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                Ok(file)
            };
            let pair = (read("train")?, read("test")?);
            self.loaded.insert(dataset, pair);
        }
        self.loaded
            .get(&dataset)
            .ok_or_else(|| "dataset vanished from the cache".to_string())
    }

    /// The PU split a configuration describes (`csv` is the file for CSV runs).
    pub fn split(&mut self, config: &RunConfig, csv: Option<&Path>) -> Result<PuSplit, String> {
        match &config.data {
            DataConfig::Builtin { dataset, .. } => {
                let (train, test) = self.builtin(*dataset)?;
                split_builtin(train, test, config).map_err(|e| e.to_string())
            }
            DataConfig::Csv { columns } => {
                let path =
                    csv.ok_or("this configuration reads a CSV file: pass it with --csv FILE")?;
                let bytes = std::fs::read(path)
                    .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let (columns, notes) = with_usable_features(&bytes, columns);
                for note in &notes {
                    self.note(format!("{}: {note}", path.display()));
                }
                if !notes.is_empty() {
                    self.note(format!(
                        "{}: Name the features with --feature-columns to choose them yourself.",
                        path.display()
                    ));
                }
                let table = read_csv(&bytes, &columns).map_err(|e| {
                    let hint = e
                        .command_line_hint()
                        .map_or(String::new(), |h| format!(" {h}"));
                    format!("{}: {e}{hint}", path.display())
                })?;
                for warning in &table.warnings {
                    self.note(format!("{}: {warning}", path.display()));
                }
                split_csv(&table, config).map_err(|e| format!("{}: {e}", path.display()))
            }
        }
    }

    /// Print `note` on stderr unless this cache has shown it already.
    fn note(&mut self, note: String) {
        if !self.shown_notes.contains(&note) {
            eprintln!("note: {note}");
            self.shown_notes.insert(note);
        }
    }
}

/// `columns`, with the features the page would choose when none are named
/// (text columns are left out instead of failing the read), and the notes
/// on what was left out.
fn with_usable_features(bytes: &[u8], columns: &CsvColumns) -> (CsvColumns, Vec<String>) {
    let Ok(preview) = preview_csv(bytes, 0) else {
        return (columns.clone(), Vec::new()); // read_csv reports what is wrong
    };
    if columns.features.is_some() {
        return (columns.clone(), Vec::new());
    }
    let usable = usable_features(
        &preview,
        columns.labeled.trim(),
        columns.truth.as_deref().map(str::trim),
    );
    // Each choice a note offers (what to do with missing values, ...), with its flag.
    let notes = usable
        .notes()
        .into_iter()
        .map(|note| {
            note.replace(
                CHOOSE_MISSING,
                &format!("{CHOOSE_MISSING} (--missing drop or --missing mean)"),
            )
            .replace(
                CHOOSE_AS_FEATURE,
                &format!("{CHOOSE_AS_FEATURE} (name it in --feature-columns, with the others)"),
            )
            .replace(
                NAME_DATE_ORDER,
                "name their order (--date-order day-first or --date-order month-first)",
            )
        })
        .collect();
    let columns = CsvColumns {
        features: usable.chosen(),
        ..columns.clone()
    };
    (columns, notes)
}

/// The device a backend choice means natively, with a description.
pub fn device_for(choice: BackendChoice) -> Result<(Device, String), String> {
    match choice {
        BackendChoice::Cpu | BackendChoice::Auto => {
            Ok((Device::flex(), "CPU (Burn flex)".to_string()))
        }
        BackendChoice::Gpu => gpu_device(),
    }
}

#[cfg(feature = "wgpu")]
fn gpu_device() -> Result<(Device, String), String> {
    let device = Device::wgpu_options()
        .init()
        .map_err(|e| format!("no wgpu device: {e}"))?;
    Ok((device, "GPU (Burn wgpu)".to_string()))
}

#[cfg(not(feature = "wgpu"))]
fn gpu_device() -> Result<(Device, String), String> {
    Err(
        "this binary was built without wgpu: rebuild with `cargo build --release --features wgpu`"
            .to_string(),
    )
}

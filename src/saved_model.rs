//! A trained model saved to one file, to score new data later: one
//! classifier, or several whose probabilities are averaged (`auto`'s).
//!
//! The container is plain and versioned:
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `PPUMODEL` |
//! | 4 | format version, u32 little-endian ([`FORMAT_VERSION`]) |
//! | 4 | header length h, u32 little-endian |
//! | h | header: UTF-8 JSON of a [`ModelHeader`] (run configuration, input, members, writer) |
//! | 8 | record length r, u64 little-endian |
//! | r | a classifier's parameters as a Burn record (burnpack bytes) |
//! | 4 | CRC-32 of every byte before it, u32 little-endian (version 4 on) |
//!
//! The record's two parts repeat once per member classifier, in the
//! header's order; the checksum follows the last record, and nothing
//! follows it. Version 1 files, from before models could have several
//! members, hold one record and no member list. Version 2 files read as
//! version 3 files; most have no truth value (those written between be2862f
//! and 8ab6a21 may). Files before version 4 have no checksum: bytes changed
//! in their weights read without a word. Version 5 files have inputs read
//! from a column of categories ([`CATEGORIES_FROM`]), version 6 files an
//! input read from dates written day or month first ([`DATES_FROM`]); a
//! model without such inputs is still written as version 4, which earlier
//! builds read.
//!
//! This module reads and writes the container and prepares rows for
//! scoring; it needs no Burn (no `learn` feature). Building the network
//! from the record, and recording it, is in `learn::saved_classifier`.

use crate::keyed::Keyed;
use serde::{Deserialize, Serialize};

use crate::config::{DataConfig, Learner, ModelPreset, RunConfig};
use crate::data::FeatureShape;
use crate::data::tabular_features::{TabularFeatures, column_numbers};
use crate::split::PuSplit;
use crate::user_text::{clip, escaped, file_name, listed, mean_of, without_folders};

/// The bytes every model file starts with.
pub const MAGIC: &[u8; 8] = b"PPUMODEL";
/// The newest container version this build writes; it reads versions 1 on.
/// Version 3 may name the truth column's value that means positive
/// (`truth_value`), which changes how that column reads, so a build that
/// reads only version 2 refuses the file instead of misreading it. Version
/// 4 ends with a checksum ([`CHECKSUMMED_FROM`]); version 5 may read
/// columns of categories ([`CATEGORIES_FROM`]), version 6 dates written day
/// or month first ([`DATES_FROM`]), version 7 members weighted unequally
/// ([`WEIGHTS_FROM`]).
pub const FORMAT_VERSION: u32 = 7;
/// The first container version whose members may count unequally in the
/// mean (`ModelHeader::weights`): a build before it would average them
/// alike, so it must refuse the file.
pub const WEIGHTS_FROM: u32 = 7;
/// The first container version whose inputs may read dates written day or
/// month first: a build before it cannot read such an input, so it must
/// refuse the file as too new rather than as damaged.
pub const DATES_FROM: u32 = 6;
/// The first container version whose inputs may read a column of
/// categories, each value an input of its own: a build before it would
/// look for a column named after each input, so it must refuse the file.
pub const CATEGORIES_FROM: u32 = 5;
/// The first container version that ends with a CRC-32 of its bytes, so a
/// file damaged on its way (a download cut and resumed, a flipped bit) is
/// refused instead of scoring with changed weights.
pub const CHECKSUMMED_FROM: u32 = 4;

/// What a saved classifier reads, and how raw data is prepared for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ModelInput {
    /// Rows of a CSV file: these feature columns, in order, standardised with
    /// the training rows' statistics.
    Tabular(TabularFeatures),
    /// Examples of a built-in dataset as its reader gives them (images
    /// channel-major, pixels scaled to [0, 1]), not standardised.
    Builtin {
        /// Shape of one example.
        shape: FeatureShape,
    },
}

impl ModelInput {
    /// What a classifier trained on `split` reads: its CSV feature columns
    /// and standardiser, or the built-in dataset's examples as they are.
    pub fn of_split(split: &PuSplit) -> Self {
        match &split.tabular {
            Some(features) => ModelInput::Tabular(features.clone()),
            None => ModelInput::Builtin { shape: split.shape },
        }
    }

    /// Number of values the classifier reads per example.
    pub fn dim(&self) -> usize {
        match self {
            ModelInput::Tabular(features) => features.dim(),
            ModelInput::Builtin { shape } => shape.len(),
        }
    }

    /// Shape of one example as the network sees it.
    pub fn shape(&self) -> FeatureShape {
        match self {
            ModelInput::Tabular(features) => FeatureShape::Vector {
                dim: features.dim(),
            },
            ModelInput::Builtin { shape } => *shape,
        }
    }
}

/// Everything about a saved classifier except its parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ModelHeader {
    /// Program and version that wrote the file, e.g. "policypu 0.1.0".
    pub created_by: String,
    /// The run that trained the classifier; its model preset rebuilds the network.
    pub config: RunConfig,
    /// What the classifier reads, and how raw data is prepared for it.
    pub input: ModelInput,
    /// The member classifiers, whose probabilities the model averages.
    pub members: Vec<Member>,
    /// Each member's share of the mean, in member order, summing to 1; none
    /// (every file before version 7, and most after) for equal shares.
    /// Cross-fitted auto weighs each fold alike, however many members it kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weights: Option<Vec<f64>>,
    /// Where and when the file was saved, for whoever finds it later; none
    /// in files from before this was recorded, which read all the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved: Option<SavedFrom>,
}

/// What a model file says of its making beyond the run's settings: the
/// data file it was trained on and when it was saved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedFrom {
    /// The CSV file's name, without folders; none for a built-in dataset
    /// (the run's settings name it) or a file that came without a name.
    pub data_file: Option<String>,
    /// When it was saved, in UTC: "2026-12-01 20:31 UTC".
    pub at: String,
}

impl SavedFrom {
    /// Saved now (`unix_seconds` since 1970 in UTC, as the caller's clock
    /// says) from a run on `data_file`, given as a path or a bare name.
    pub fn new(data_file: Option<&str>, unix_seconds: u64) -> Self {
        let name = data_file
            .map(|path| without_folders(path).trim())
            .filter(|name| !name.is_empty());
        SavedFrom {
            data_file: name.map(str::to_owned),
            at: utc_minute(unix_seconds),
        }
    }
}

/// A moment as "YYYY-MM-DD hh:mm UTC" (the proleptic Gregorian calendar,
/// by the days-to-civil conversion of H. Hinnant's date algorithms).
fn utc_minute(unix_seconds: u64) -> String {
    let days = i64::try_from(unix_seconds / 86_400).unwrap_or(i64::MAX / 2);
    let minutes = unix_seconds % 86_400 / 60;
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        minutes / 60,
        minutes % 60
    )
}

/// One classifier of a saved model: the learner that trained it and the
/// preset that rebuilds its network.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// The learner that trained it.
    pub learner: Learner,
    /// Its model preset.
    pub model: ModelPreset,
}

impl Member {
    /// "KM2+nnPU (linear)", or the learner's name alone on the preset `own`
    /// (the run's).
    pub fn label(self, own: ModelPreset) -> String {
        if self.model == own {
            self.learner.name().to_string()
        } else {
            format!("{} ({})", self.learner.name(), self.model.key())
        }
    }

    /// The one classifier a run of `config` trains.
    pub fn of(config: &RunConfig) -> Self {
        Member {
            learner: config.learner,
            model: config.model,
        }
    }
}

/// Each name of `names` once, in the order first met, with "3 × " before
/// one met three times (a cross-fitted auto's members repeat a learner).
fn counted_names(names: impl Iterator<Item = String>) -> Vec<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for name in names {
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => *count += 1,
            None => counts.push((name, 1)),
        }
    }
    counts
        .into_iter()
        .map(|(name, count)| match count {
            1 => name,
            _ => format!("{count} × {name}"),
        })
        .collect()
}

/// A version 1 header: no member list, one classifier of the run's.
#[derive(Deserialize)]
struct HeaderV1 {
    created_by: String,
    config: RunConfig,
    input: ModelInput,
}

impl ModelHeader {
    /// The model in words for whoever scores with it: "the mean of VPU,
    /// PMPU and KM2+nnPU (linear), trained on churn.csv, saved 2026-12-01
    /// 20:31 UTC by policypu 0.1.0".
    pub fn describe(&self) -> String {
        // Each member's preset is named unless it is the one every run
        // starts with, as a mean's members or a kept candidate may differ
        // from it.
        let usual = RunConfig::default().model;
        let names = counted_names(self.members.iter().map(|m| m.label(usual)));
        let data_file = self.saved.as_ref().and_then(|s| s.data_file.as_deref());
        let data = match (data_file, &self.config.data) {
            (Some(file), _) => format!(", trained on {}", file_name(file)),
            (None, DataConfig::Builtin { dataset, .. }) => {
                format!(", trained on {}", dataset.title())
            }
            (None, DataConfig::Csv { .. }) => String::new(),
        };
        let made = match &self.saved {
            Some(saved) => format!("saved {}", saved.at),
            None => "made".to_string(),
        };
        let weighted = if self.weights.is_some() {
            "weighted "
        } else {
            ""
        };
        let mean = match (names.len() < self.members.len(), weighted) {
            (true, _) => format!(
                "the {weighted}mean of {} classifiers ({})",
                self.members.len(),
                listed(&names)
            ),
            (false, "") => mean_of(&names),
            (false, _) => format!("the weighted mean of {}", listed(&names)),
        };
        format!("{mean}{data}, {made} by {}", clip(&self.created_by))
    }

    /// The container version a file of this header is written as: the
    /// first that can hold it, so earlier builds read what they can.
    pub fn version(&self) -> u32 {
        match &self.input {
            _ if self.weights.is_some() => WEIGHTS_FROM,
            ModelInput::Tabular(features) if features.has_dates() => DATES_FROM,
            ModelInput::Tabular(features) if features.has_categories() => CATEGORIES_FROM,
            _ => CHECKSUMMED_FROM,
        }
    }

    /// Refuses a header whose parts disagree (input against data source,
    /// feature names against standardiser), so later use cannot fail on them.
    ///
    /// # Errors
    /// [`SavedModelError::Corrupt`] naming the disagreement.
    pub fn check(&self) -> Result<(), SavedModelError> {
        let corrupt = |what: String| Err(SavedModelError::Corrupt(what));
        if self.members.is_empty() {
            return corrupt("it names no classifier".into());
        }
        if let Some(weights) = &self.weights {
            let sum: f64 = weights.iter().sum();
            if weights.len() != self.members.len()
                || weights.iter().any(|w| !(w.is_finite() && *w > 0.0))
                || (sum - 1.0).abs() > 1e-6
            {
                return corrupt(format!(
                    "its {} member weights are not one positive share for each of its {} \
                     classifiers, summing to 1",
                    weights.len(),
                    self.members.len()
                ));
            }
        }
        let problems = self.config.validate();
        if !problems.is_empty() {
            let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
            return corrupt(format!(
                "its run configuration is not valid ({}); save the model again",
                listed.join("; ")
            ));
        }
        match (&self.input, &self.config.data) {
            (ModelInput::Tabular(features), DataConfig::Csv { .. }) => {
                let dim = features.dim();
                let standardiser = &features.standardiser;
                if dim == 0 {
                    return corrupt("the model reads no feature columns".into());
                }
                let runs = column_numbers(&features.inputs).last().map_or(0, |n| n + 1);
                if runs != features.columns().len() {
                    return corrupt(
                        "the inputs of one column are not next to each other, as a read \
                         writes them"
                            .into(),
                    );
                }
                if standardiser.mean.len() != dim || standardiser.std.len() != dim {
                    return corrupt(format!(
                        "the model reads {dim} features but its standardiser has {} means and {} \
                         standard deviations",
                        standardiser.mean.len(),
                        standardiser.std.len()
                    ));
                }
                let usable = standardiser.mean.iter().all(|m| m.is_finite())
                    && standardiser.std.iter().all(|s| s.is_finite() && *s > 0.0);
                if !usable {
                    return corrupt(
                        "the standardiser holds a mean or standard deviation that is not a \
                         finite number, or a standard deviation that is not positive"
                            .into(),
                    );
                }
            }
            (ModelInput::Builtin { shape }, DataConfig::Builtin { .. }) => {
                match shape.checked_len() {
                    None => {
                        return corrupt(format!(
                            "the model reads inputs of shape {shape}, more values than can be counted"
                        ));
                    }
                    Some(0) => return corrupt("the model's input has no values".into()),
                    Some(_) => {}
                }
            }
            _ => {
                return corrupt(
                    "the configuration's data source and the model's input do not match".into(),
                );
            }
        }
        Ok(())
    }
}

/// A trained model with what is needed to score new data as in training.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedModel {
    /// Configuration, input description, members and writer.
    pub header: ModelHeader,
    /// Each member classifier's parameters, batch-norm running statistics
    /// included, as Burn record bytes (burnpack), in the header's order.
    pub classifier_records: Vec<Vec<u8>>,
}

/// Why model bytes cannot be read or used. Messages are sentences for end users.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SavedModelError {
    /// The bytes do not start with [`MAGIC`].
    #[error(
        "this is not a policypu model file (it does not start with \"PPUMODEL\"); \
         save one with `policypu run --save-model FILE`"
    )]
    NotAModel,
    /// The bytes end before the container says they should.
    #[error(
        "the model file is truncated: its {part} needs {needed} more bytes than the file holds; \
         save the model again"
    )]
    Truncated {
        /// Which part is cut short.
        part: &'static str,
        /// How many bytes are missing.
        needed: u64,
    },
    /// The container version is not the one this build reads.
    #[error(
        "the model file has format version {found}, but this policypu reads version {supported} \
         at most; save the model again with this version"
    )]
    UnsupportedVersion {
        /// The file's version.
        found: u32,
        /// The version this build reads.
        supported: u32,
    },
    /// The header, the record or their agreement is damaged.
    #[error("the model file is damaged: {0}")]
    Corrupt(String),
    /// The file's bytes are not those its checksum was computed from.
    #[error(
        "the model file is damaged: its bytes have changed since it was saved (its checksum \
         does not match them), so its weights cannot be trusted; save the model again from \
         its run, or copy the file again"
    )]
    ChecksumMismatch,
    /// The model reads images of a built-in dataset, not CSV rows.
    #[error(
        "this model was trained on {dataset} images; only a model trained on a CSV file \
         can score CSV rows"
    )]
    NotTabular {
        /// The dataset's name, e.g. "MNIST".
        dataset: String,
    },
    /// Rows given for scoring do not have the model's number of features.
    #[error(
        "the model reads {expected} features per row, but {values} values were given, \
         which is not a whole number of rows"
    )]
    FeatureCount {
        /// Features per row the model reads.
        expected: usize,
        /// Values given.
        values: usize,
    },
    /// A value that standardising with the training statistics makes infinite.
    #[error(
        "row {row}, column \"{column}\": standardised with the training rows' statistics, this \
         value is not a finite number (it lies far outside their range); check the value"
    )]
    NotFinite {
        /// 1-based row of the values given.
        row: usize,
        /// Name of the feature column, shortened.
        column: String,
    },
    /// A row's probability is not a number: its values lie far outside the
    /// training rows' range, or the file's parameters are damaged.
    #[error(
        "row {row} of the rows scored gets a probability that is not a number: its values lie \
         far outside the range of the model's training rows, or the model file's parameters \
         are damaged; check that row, or save the model again from its run"
    )]
    NotANumber {
        /// 1-based row of the values given.
        row: usize,
    },
    /// The device failed while scoring.
    #[error("scoring failed: {0}")]
    Device(String),
}

impl SavedModel {
    /// The model file's bytes, in the container format above.
    ///
    /// # Errors
    /// [`SavedModelError::Corrupt`] if the header cannot be written as JSON or
    /// is longer than 4 GiB (neither happens for a header built by the trainer).
    pub fn to_bytes(&self) -> Result<Vec<u8>, SavedModelError> {
        let header = serde_json::to_vec(&self.header)
            .map_err(|e| SavedModelError::Corrupt(format!("the header cannot be written: {e}")))?;
        let header_len = u32::try_from(header.len())
            .map_err(|_| SavedModelError::Corrupt("the header is too long".into()))?;
        let records: usize = self.classifier_records.iter().map(|r| 8 + r.len()).sum();
        let mut bytes = Vec::with_capacity(MAGIC.len() + 8 + header.len() + records + 4);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&self.header.version().to_le_bytes());
        bytes.extend_from_slice(&header_len.to_le_bytes());
        bytes.extend_from_slice(&header);
        for record in &self.classifier_records {
            bytes.extend_from_slice(&(record.len() as u64).to_le_bytes());
            bytes.extend_from_slice(record);
        }
        let checksum = crc32fast::hash(&bytes);
        bytes.extend_from_slice(&checksum.to_le_bytes());
        Ok(bytes)
    }

    /// Read a model file's bytes, checking the container and that the header
    /// is consistent. Never panics.
    ///
    /// # Errors
    /// [`SavedModelError::NotAModel`], [`SavedModelError::Truncated`],
    /// [`SavedModelError::UnsupportedVersion`], [`SavedModelError::Corrupt`]
    /// or [`SavedModelError::ChecksumMismatch`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, SavedModelError> {
        let mut reader = ByteReader { rest: bytes };
        if !bytes.starts_with(MAGIC) {
            return Err(SavedModelError::NotAModel);
        }
        reader.take(MAGIC.len(), "signature")?;
        let version = u32::from_le_bytes(reader.array("format version")?);
        if !(1..=FORMAT_VERSION).contains(&version) {
            return Err(SavedModelError::UnsupportedVersion {
                found: version,
                supported: FORMAT_VERSION,
            });
        }
        let header_len = u32::from_le_bytes(reader.array("header length")?);
        let header_bytes = reader.take(header_len as usize, "header")?;
        // serde quotes the offending value, which may hold control characters.
        let invalid = |e: serde_json::Error| {
            SavedModelError::Corrupt(format!(
                "the header is not valid: {}",
                escaped(&e.to_string())
            ))
        };
        let header: ModelHeader = if version == 1 {
            let v1: HeaderV1 = serde_json::from_slice(header_bytes).map_err(invalid)?;
            ModelHeader {
                members: vec![Member::of(&v1.config)],
                weights: None,
                created_by: v1.created_by,
                config: v1.config,
                input: v1.input,
                saved: None,
            }
        } else {
            serde_json::from_slice(header_bytes).map_err(invalid)?
        };
        header.check()?;
        let mut classifier_records = Vec::with_capacity(header.members.len());
        for _ in &header.members {
            let record_len = u64::from_le_bytes(reader.array("record length")?);
            let record_len =
                usize::try_from(record_len).map_err(|_| SavedModelError::Truncated {
                    part: "classifier record",
                    needed: record_len,
                })?;
            classifier_records.push(reader.take(record_len, "classifier record")?.to_vec());
        }
        let checksummed = version >= CHECKSUMMED_FROM;
        let checksum = if checksummed {
            Some(u32::from_le_bytes(reader.array("checksum")?))
        } else {
            None
        };
        if !reader.rest.is_empty() {
            return Err(SavedModelError::Corrupt(format!(
                "{} unexpected bytes follow the {}",
                reader.rest.len(),
                if checksummed {
                    "checksum"
                } else {
                    "last classifier record"
                }
            )));
        }
        if checksum.is_some_and(|c| c != crc32fast::hash(&bytes[..bytes.len() - 4])) {
            return Err(SavedModelError::ChecksumMismatch);
        }
        Ok(SavedModel {
            header,
            classifier_records,
        })
    }

    /// One model averaging the classifiers of `models` (each a model saved
    /// from a run on the same data and split), made for the run `config`
    /// (`auto`'s): its members are theirs, in order.
    ///
    /// # Errors
    /// [`SavedModelError::Corrupt`] if there is no model, or they read
    /// different inputs.
    pub fn averaging(config: RunConfig, models: Vec<SavedModel>) -> Result<Self, SavedModelError> {
        let first = models
            .first()
            .ok_or_else(|| SavedModelError::Corrupt("a model needs a classifier".into()))?;
        if models.iter().any(|m| m.header.input != first.header.input) {
            return Err(SavedModelError::Corrupt(
                "the classifiers to average read different inputs".into(),
            ));
        }
        let header = ModelHeader {
            created_by: created_by(),
            config,
            input: first.header.input.clone(),
            members: models
                .iter()
                .flat_map(|m| m.header.members.clone())
                .collect(),
            weights: None,
            saved: None,
        };
        header.check()?;
        Ok(SavedModel {
            header,
            classifier_records: models
                .into_iter()
                .flat_map(|m| m.classifier_records)
                .collect(),
        })
    }

    /// The model with each member counting `weights[i]` in the mean
    /// (shares summing to 1, in member order) instead of alike.
    ///
    /// # Errors
    /// [`SavedModelError::Corrupt`] unless there is one positive share per
    /// member and they sum to 1.
    pub fn weighted(mut self, weights: Vec<f64>) -> Result<Self, SavedModelError> {
        self.header.weights = Some(weights);
        self.header.check()?;
        Ok(self)
    }

    /// The model with where and when it was saved written into its header.
    pub fn stamped(mut self, saved: SavedFrom) -> Self {
        self.header.saved = Some(saved);
        self
    }

    /// The feature columns and standardiser of a model trained on a CSV file.
    ///
    /// # Errors
    /// [`SavedModelError::NotTabular`] for a model trained on a built-in dataset.
    pub fn tabular_features(&self) -> Result<&TabularFeatures, SavedModelError> {
        match (&self.header.input, &self.header.config.data) {
            (ModelInput::Tabular(features), _) => Ok(features),
            (ModelInput::Builtin { .. }, DataConfig::Builtin { dataset, .. }) => {
                Err(SavedModelError::NotTabular {
                    dataset: dataset.title().to_owned(),
                })
            }
            (ModelInput::Builtin { .. }, DataConfig::Csv { .. }) => Err(SavedModelError::Corrupt(
                "the configuration reads a CSV file but the input is not tabular".into(),
            )),
        }
    }

    /// Raw rows (row-major, the model's input order) prepared as the training
    /// rows were: standardised for CSV models, unchanged for built-in data.
    ///
    /// # Errors
    /// [`SavedModelError::FeatureCount`] if the values are not whole rows;
    /// [`SavedModelError::NotFinite`] for a value standardising makes infinite.
    pub fn prepare_rows(&self, raw: &[f32]) -> Result<Vec<f32>, SavedModelError> {
        let dim = self.header.input.dim();
        if dim == 0 || !raw.len().is_multiple_of(dim) {
            return Err(SavedModelError::FeatureCount {
                expected: dim,
                values: raw.len(),
            });
        }
        let mut rows = raw.to_vec();
        if let ModelInput::Tabular(features) = &self.header.input {
            features
                .standardiser
                .apply(&mut rows)
                .map_err(|at| SavedModelError::NotFinite {
                    row: at.row + 1,
                    column: clip(
                        &features
                            .inputs
                            .get(at.column)
                            .map_or_else(String::new, ToString::to_string),
                    ),
                })?;
        }
        Ok(rows)
    }
}

/// The program and version written into new model files.
pub fn created_by() -> String {
    format!("policypu {}", env!("CARGO_PKG_VERSION"))
}

/// Reads the container's parts front to back, refusing to read past the end.
struct ByteReader<'a> {
    /// The bytes not read yet.
    rest: &'a [u8],
}

impl<'a> ByteReader<'a> {
    /// The next `len` bytes, which hold `part`.
    fn take(&mut self, len: usize, part: &'static str) -> Result<&'a [u8], SavedModelError> {
        if len > self.rest.len() {
            return Err(SavedModelError::Truncated {
                part,
                needed: (len - self.rest.len()) as u64,
            });
        }
        let (taken, rest) = self.rest.split_at(len);
        self.rest = rest;
        Ok(taken)
    }

    /// The next `N` bytes as an array, which hold `part`.
    fn array<const N: usize>(&mut self, part: &'static str) -> Result<[u8; N], SavedModelError> {
        let mut array = [0; N];
        array.copy_from_slice(self.take(N, part)?);
        Ok(array)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::CsvColumns;
    use crate::data::standardise::Standardiser;
    use crate::data::tabular_features::{DateOrder, Input};
    use crate::data::tasks::BuiltinDataset;

    /// A CSV model reading features a and b, with a made-up record.
    fn tabular_model() -> SavedModel {
        SavedModel {
            header: ModelHeader {
                created_by: created_by(),
                config: RunConfig {
                    data: DataConfig::Csv {
                        columns: CsvColumns::default(),
                    },
                    seed: 7,
                    ..RunConfig::default()
                },
                input: ModelInput::Tabular(TabularFeatures {
                    inputs: vec![Input::Number("a".into()), Input::Number("b".into())],
                    standardiser: Standardiser {
                        mean: vec![1.0, -2.0],
                        std: vec![2.0, 0.5],
                    },
                }),
                members: vec![Member {
                    learner: Learner::Weighter,
                    model: ModelPreset::Fast,
                }],
                weights: None,
                saved: None,
            },
            classifier_records: vec![vec![1, 2, 3, 4, 5]],
        }
    }

    fn error_of(bytes: &[u8]) -> SavedModelError {
        SavedModel::from_bytes(bytes).unwrap_err()
    }

    #[test]
    fn a_header_quoting_a_control_character_is_refused_in_one_readable_line() {
        // Found by tests/parsers.rs: an escaped tab in the model's name made
        // serde's message quote a real tab.
        let mut bytes = tabular_model().to_bytes().unwrap();
        let model = bytes.windows(6).position(|w| w == b"\"fast\"").unwrap();
        bytes[model..model + 6].copy_from_slice(b"\"fa\\t\"");
        let SavedModelError::Corrupt(message) = error_of(&bytes) else {
            panic!("a damaged header must be refused as corrupt")
        };
        assert!(message.contains("unknown variant `fa\\t`"), "{message}");
        assert!(!message.chars().any(char::is_control), "{message:?}");
    }

    #[test]
    fn round_trips_and_lays_out_the_container() {
        let model = tabular_model();
        let bytes = model.to_bytes().unwrap();
        assert_eq!(&bytes[..8], b"PPUMODEL");
        assert_eq!(bytes[8..12], 4u32.to_le_bytes());
        let header_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        let header: serde_json::Value =
            serde_json::from_slice(&bytes[16..16 + header_len]).unwrap();
        assert_eq!(header["input"]["tabular"]["names"][1], "b");
        assert_eq!(header["config"]["seed"], 7);
        assert_eq!(header["members"][0]["learner"], "weighter");
        assert_eq!(bytes[16 + header_len..24 + header_len], 5u64.to_le_bytes());
        assert_eq!(bytes[24 + header_len..29 + header_len], [1, 2, 3, 4, 5]);
        let checksum = crc32fast::hash(&bytes[..29 + header_len]);
        assert_eq!(bytes[29 + header_len..], checksum.to_le_bytes());
        assert_eq!(SavedModel::from_bytes(&bytes).unwrap(), model);
    }

    #[test]
    fn a_model_reading_day_first_dates_is_written_as_version_6_and_reads_back() {
        let mut model = tabular_model();
        if let ModelInput::Tabular(features) = &mut model.header.input {
            features.inputs[1] = Input::Date {
                column: "visit".into(),
                dates: DateOrder::DayFirst,
            };
        }
        let bytes = model.to_bytes().unwrap();
        assert_eq!(bytes[8..12], DATES_FROM.to_le_bytes());
        let read = SavedModel::from_bytes(&bytes).unwrap();
        assert_eq!(read, model);
        assert_eq!(read.tabular_features().unwrap().columns(), ["a", "visit"]);
    }

    #[test]
    fn a_model_reading_categories_is_written_as_version_5_and_reads_back() {
        let mut model = tabular_model();
        if let ModelInput::Tabular(features) = &mut model.header.input {
            features.inputs[1] = Input::Category {
                column: "colour".into(),
                value: "red".into(),
            };
        }
        let bytes = model.to_bytes().unwrap();
        assert_eq!(bytes[8..12], CATEGORIES_FROM.to_le_bytes());
        let read = SavedModel::from_bytes(&bytes).unwrap();
        assert_eq!(read, model);
        assert_eq!(read.tabular_features().unwrap().columns(), ["a", "colour"]);
        // A column's inputs apart, as no read writes them, are refused.
        if let ModelInput::Tabular(features) = &mut model.header.input {
            features.inputs[0] = features.inputs[1].clone();
            features.inputs.push(Input::Number("a".into()));
            features.inputs.push(features.inputs[0].clone());
            features.standardiser = Standardiser {
                mean: vec![0.0; 4],
                std: vec![1.0; 4],
            };
        }
        assert!(
            matches!(error_of(&model.to_bytes().unwrap()), SavedModelError::Corrupt(m) if m.contains("not next to each other"))
        );
    }

    #[test]
    fn a_changed_byte_is_refused_and_one_in_the_weights_by_the_checksum() {
        let bytes = tabular_model().to_bytes().unwrap();
        let header_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        // The record's length, the record and the checksum.
        let after_header = 16 + header_len;
        for at in MAGIC.len()..bytes.len() {
            for bit in [0, 7] {
                let mut changed = bytes.clone();
                changed[at] ^= 1 << bit;
                let error = SavedModel::from_bytes(&changed)
                    .expect_err("a changed byte must not read as a model");
                if at >= after_header + 8 {
                    assert_eq!(error, SavedModelError::ChecksumMismatch, "byte {at}");
                }
            }
        }
        let message = SavedModelError::ChecksumMismatch.to_string();
        assert!(message.contains("save the model again"), "{message}");
        // A version 3 file, without a checksum, still reads.
        let header = serde_json::to_value(&tabular_model().header).unwrap();
        assert_eq!(
            SavedModel::from_bytes(&container(3, &header)).unwrap(),
            tabular_model()
        );
    }

    /// A model file of `version` with `header` and one 5-byte record.
    fn container(version: u32, header: &serde_json::Value) -> Vec<u8> {
        let header = serde_json::to_vec(header).unwrap();
        let mut bytes = b"PPUMODEL".to_vec();
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.extend_from_slice(&(header.len() as u32).to_le_bytes());
        bytes.extend_from_slice(&header);
        bytes.extend_from_slice(&5u64.to_le_bytes());
        bytes.extend_from_slice(&[1, 2, 3, 4, 5]);
        bytes
    }

    #[test]
    fn reads_a_version_1_file_as_one_classifier_of_the_run_s() {
        let model = tabular_model();
        let mut header = serde_json::to_value(&model.header).unwrap();
        header.as_object_mut().unwrap().remove("members");
        let read = SavedModel::from_bytes(&container(1, &header)).unwrap();
        assert_eq!(read.header.members, vec![Member::of(&model.header.config)]);
        assert_eq!(read.classifier_records, model.classifier_records);
    }

    #[test]
    fn reads_a_version_2_file_as_one_without_a_truth_value() {
        let mut model = tabular_model();
        if let DataConfig::Csv { columns } = &mut model.header.config.data {
            columns.truth = Some("diagnosis".into());
        }
        let mut header = serde_json::to_value(&model.header).unwrap();
        let columns = &mut header["config"]["data"]["columns"];
        assert!(
            columns
                .as_object_mut()
                .unwrap()
                .remove("truth_value")
                .is_some()
        );
        let read = SavedModel::from_bytes(&container(2, &header)).unwrap();
        assert_eq!(read, model);
    }

    #[test]
    fn a_saved_model_says_what_it_averages_and_where_and_when_it_was_saved() {
        let mut second = tabular_model();
        second.header.members[0] = Member {
            learner: Learner::Vpu,
            model: ModelPreset::Linear,
        };
        let auto = RunConfig {
            learner: Learner::Auto,
            ..tabular_model().header.config
        };
        let model = SavedModel::averaging(auto, vec![tabular_model(), second.clone()]).unwrap();
        let made = format!("made by {}", created_by());
        assert_eq!(
            model.header.describe(),
            format!("the mean of policyPU_weighter and VPU (linear), {made}")
        );
        // 2026-12-01 20:31 UTC; folders are left out of the file's name.
        let model = model.stamped(SavedFrom::new(
            Some("/home/a/data\\churn.csv"),
            1_796_157_060,
        ));
        let bytes = model.to_bytes().unwrap();
        let read = SavedModel::from_bytes(&bytes).unwrap();
        assert_eq!(
            read.header.describe(),
            format!(
                "the mean of policyPU_weighter and VPU (linear), trained on churn.csv, saved \
                 2026-12-01 20:31 UTC by {}",
                created_by()
            )
        );
        // A learner met more than once (every fold of a cross-fitted auto
        // keeps its own) is counted.
        let auto = RunConfig {
            learner: Learner::Auto,
            ..tabular_model().header.config
        };
        let folds = vec![tabular_model(), second.clone(), tabular_model()];
        assert_eq!(
            SavedModel::averaging(auto, folds)
                .unwrap()
                .header
                .describe(),
            format!("the mean of 3 classifiers (2 × policyPU_weighter and VPU (linear)), {made}")
        );
        assert_eq!(utc_minute(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_minute(951_868_740), "2000-02-29 23:59 UTC");
        let image = SavedModel {
            header: ModelHeader {
                config: RunConfig::default(),
                input: ModelInput::Builtin {
                    shape: BuiltinDataset::Mnist.shape(),
                },
                members: vec![Member::of(&RunConfig::default())],
                weights: None,
                ..tabular_model().header
            },
            ..tabular_model()
        };
        assert_eq!(
            image.header.describe(),
            format!("policyPU_weighter, trained on MNIST, {made}")
        );
        let mut linear = tabular_model();
        linear.header.config.model = ModelPreset::Linear;
        linear.header.members[0].model = ModelPreset::Linear;
        assert_eq!(
            linear.header.describe(),
            format!("policyPU_weighter (linear), {made}")
        );
    }

    #[test]
    fn an_averaging_model_holds_every_member_and_round_trips() {
        let mut second = tabular_model();
        second.header.members[0].learner = Learner::Vpu;
        second.classifier_records = vec![vec![9, 8]];
        let auto = RunConfig {
            learner: Learner::Auto,
            ..tabular_model().header.config
        };
        let model = SavedModel::averaging(auto, vec![tabular_model(), second.clone()]).unwrap();
        let learners: Vec<Learner> = model.header.members.iter().map(|m| m.learner).collect();
        assert_eq!(learners, [Learner::Weighter, Learner::Vpu]);
        assert_eq!(model.classifier_records, [vec![1, 2, 3, 4, 5], vec![9, 8]]);
        assert_eq!(model.header.config.learner, Learner::Auto);
        let bytes = model.to_bytes().unwrap();
        assert_eq!(SavedModel::from_bytes(&bytes).unwrap(), model);
        assert_eq!(
            error_of(&bytes[..bytes.len() - 1]),
            SavedModelError::Truncated {
                part: "checksum",
                needed: 1
            }
        );
        assert_eq!(
            error_of(&bytes[..bytes.len() - 5]),
            SavedModelError::Truncated {
                part: "classifier record",
                needed: 1
            }
        );
        if let ModelInput::Tabular(features) = &mut second.header.input {
            features.inputs[0] = Input::Number("c".into());
        }
        assert!(
            SavedModel::averaging(RunConfig::default(), vec![tabular_model(), second]).is_err()
        );
        assert!(SavedModel::averaging(RunConfig::default(), Vec::new()).is_err());
        let mut none = tabular_model();
        none.header.members.clear();
        none.classifier_records.clear();
        assert!(
            matches!(error_of(&none.to_bytes().unwrap()), SavedModelError::Corrupt(m) if m.contains("names no classifier"))
        );
    }

    #[test]
    fn a_weighted_model_is_written_as_version_7_says_so_and_refuses_bad_shares() {
        let mut second = tabular_model();
        second.header.members[0].learner = Learner::Vpu;
        let auto = RunConfig {
            learner: Learner::Auto,
            ..tabular_model().header.config
        };
        let plain = SavedModel::averaging(auto, vec![tabular_model(), second]).unwrap();
        assert_eq!(plain.header.version(), CHECKSUMMED_FROM);
        let model = plain.clone().weighted(vec![0.75, 0.25]).unwrap();
        let bytes = model.to_bytes().unwrap();
        assert_eq!(bytes[8..12], WEIGHTS_FROM.to_le_bytes());
        let read = SavedModel::from_bytes(&bytes).unwrap();
        assert_eq!(read.header.weights, Some(vec![0.75, 0.25]));
        assert!(
            read.header
                .describe()
                .starts_with("the weighted mean of policyPU_weighter and VPU, made by"),
            "{}",
            read.header.describe()
        );
        for bad in [
            vec![0.5],
            vec![0.8, 0.8],
            vec![1.0, 0.0],
            vec![f64::NAN, 1.0],
        ] {
            let refused = plain.clone().weighted(bad.clone());
            assert!(
                matches!(&refused, Err(SavedModelError::Corrupt(m)) if m.contains("member weights")),
                "{bad:?}: {refused:?}"
            );
        }
    }

    #[test]
    fn refuses_other_files_and_truncation_at_every_length() {
        assert_eq!(error_of(b""), SavedModelError::NotAModel);
        assert_eq!(
            error_of(b"index,score\n1,0.5\n"),
            SavedModelError::NotAModel
        );
        let bytes = tabular_model().to_bytes().unwrap();
        for len in 8..bytes.len() {
            match error_of(&bytes[..len]) {
                SavedModelError::Truncated { needed, .. } => assert!(needed > 0),
                other => panic!("cut at {len}: {other:?}"),
            }
        }
        let header_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        assert_eq!(
            error_of(&bytes[..bytes.len() - 6]),
            SavedModelError::Truncated {
                part: "classifier record",
                needed: 2
            }
        );
        assert_eq!(
            error_of(&bytes[..20]),
            SavedModelError::Truncated {
                part: "header",
                needed: (header_len - 4) as u64
            }
        );
        let message = error_of(&bytes[..20]).to_string();
        assert!(message.contains("truncated"), "{message}");
    }

    #[test]
    fn refuses_other_versions_damage_and_trailing_bytes() {
        let bytes = tabular_model().to_bytes().unwrap();
        let mut newer = bytes.clone();
        newer[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
        assert_eq!(
            error_of(&newer),
            SavedModelError::UnsupportedVersion {
                found: FORMAT_VERSION + 1,
                supported: FORMAT_VERSION
            }
        );
        let mut damaged = bytes.clone();
        damaged[16] = b'[';
        assert!(matches!(error_of(&damaged), SavedModelError::Corrupt(m) if m.contains("header")));
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            error_of(&longer),
            SavedModelError::Corrupt("1 unexpected bytes follow the checksum".into())
        );
        let header = serde_json::to_value(&tabular_model().header).unwrap();
        let mut longer = container(3, &header);
        longer.push(0);
        assert_eq!(
            error_of(&longer),
            SavedModelError::Corrupt("1 unexpected bytes follow the last classifier record".into())
        );
        let mut huge_record = bytes;
        let at = huge_record.len() - 4 - 5 - 8;
        huge_record[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(matches!(
            error_of(&huge_record),
            SavedModelError::Truncated {
                part: "classifier record",
                ..
            }
        ));
    }

    #[test]
    fn refuses_a_header_whose_parts_disagree() {
        let mut model = tabular_model();
        if let ModelInput::Tabular(features) = &mut model.header.input {
            features.standardiser.std.pop();
        }
        let error = error_of(&model.to_bytes().unwrap());
        assert!(
            error
                .to_string()
                .contains("2 features but its standardiser has 2 means and 1"),
            "{error}"
        );
        let mut model = tabular_model();
        model.header.config.data = DataConfig::builtin(BuiltinDataset::Mnist);
        assert!(matches!(
            error_of(&model.to_bytes().unwrap()),
            SavedModelError::Corrupt(m) if m.contains("do not match")
        ));
    }

    #[test]
    fn prepares_rows_as_in_training() {
        let model = tabular_model();
        // (x - mean) / std with mean (1, -2) and std (2, 0.5).
        assert_eq!(
            model.prepare_rows(&[3.0, -2.0, 1.0, -1.0]).unwrap(),
            vec![1.0, 0.0, 0.0, 2.0]
        );
        assert_eq!(
            model.prepare_rows(&[1.0, 2.0, 3.0]),
            Err(SavedModelError::FeatureCount {
                expected: 2,
                values: 3
            })
        );
        assert_eq!(
            model.tabular_features().unwrap().inputs,
            [Input::Number("a".into()), Input::Number("b".into())]
        );
        assert_eq!(
            model.prepare_rows(&[1.0, -2.0, f32::MAX, 3e38]),
            Err(SavedModelError::NotFinite {
                row: 2,
                column: "b".into()
            })
        );
    }

    #[test]
    fn an_image_model_says_it_scores_images() {
        let model = SavedModel {
            header: ModelHeader {
                created_by: created_by(),
                config: RunConfig::default(),
                input: ModelInput::Builtin {
                    shape: BuiltinDataset::Mnist.shape(),
                },
                members: vec![Member::of(&RunConfig::default())],
                weights: None,
                saved: None,
            },
            classifier_records: vec![vec![0]],
        };
        let model = SavedModel::from_bytes(&model.to_bytes().unwrap()).unwrap();
        let error = model.tabular_features().unwrap_err();
        assert_eq!(
            error.to_string(),
            "this model was trained on MNIST images; only a model trained on a CSV file \
             can score CSV rows"
        );
        assert_eq!(model.prepare_rows(&[0.5; 1568]).unwrap(), vec![0.5; 1568]);
    }

    /// An MNIST model whose header says its input is `shape`.
    fn image_model_reading(shape: FeatureShape) -> Vec<u8> {
        SavedModel {
            header: ModelHeader {
                created_by: created_by(),
                config: RunConfig::default(),
                input: ModelInput::Builtin { shape },
                members: vec![Member::of(&RunConfig::default())],
                weights: None,
                saved: None,
            },
            classifier_records: vec![vec![0]],
        }
        .to_bytes()
        .unwrap()
    }

    #[test]
    fn refuses_image_shapes_whose_size_overflows() {
        // 2³² × 2³² × 1 values per image: counting them used to overflow
        // (a panic in debug builds, a wrapped zero in release ones).
        let huge = FeatureShape::Image {
            channels: 1 << 32,
            height: 1 << 32,
            width: 1,
        };
        assert_eq!(
            error_of(&image_model_reading(huge)).to_string(),
            "the model file is damaged: the model reads inputs of shape \
             4294967296×4294967296×1, more values than can be counted"
        );
        let empty = FeatureShape::Image {
            channels: 1 << 32,
            height: 0,
            width: 1 << 40,
        };
        assert_eq!(
            error_of(&image_model_reading(empty)),
            SavedModelError::Corrupt("the model's input has no values".into())
        );
    }

    #[test]
    fn refuses_a_configuration_that_does_not_validate() {
        let mut model = tabular_model();
        model.header.config.split.rho = 7.0;
        model.header.config.optim.epochs = 0;
        let error = error_of(&model.to_bytes().unwrap());
        assert_eq!(
            error.to_string(),
            "the model file is damaged: its run configuration is not valid \
             (split.rho: must be between 0 and 0.95; optim.epochs: must be between 1 and 2000); \
             save the model again"
        );
    }
}

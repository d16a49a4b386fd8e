//! Reading positive-unlabeled data from CSV text.
//!
//! [`read_csv`] turns the bytes of a comma-, semicolon- or tab-separated file
//! into a [`TabularData`]; [`preview_csv`] takes a first look at a file so the
//! user can pick its columns. Neither touches the file system and neither
//! panics: every problem with the input becomes a [`CsvError`] whose message
//! says what is wrong, where, and what to do.
//!
//! Reading rules shared by both:
//! - at most [`MAX_CSV_BYTES`] of UTF-8 text; a byte order mark at the start
//!   is ignored, and one inside the header is refused;
//! - the separator is detected from the header line (see [`read_csv`]);
//! - quoted fields follow RFC 4180, and whitespace around every cell is trimmed;
//! - rows whose cells are all blank (blank lines, `,,,`) are skipped;
//! - lines end at `\n`, `\r\n` or a lone `\r`; line numbers are 1-based
//!   physical lines, so the header is line 1 unless blank lines precede it;
//! - memory stays in proportion to the file: a record keeps at most one more
//!   field than [`MAX_COLUMNS`], and user text in messages is clipped.

use std::collections::HashMap;
use std::fmt;

use csv_core::{ReadFieldResult, Reader, ReaderBuilder};

use crate::user_text::{clip, plural_s, quoted_list};

mod missing;

use missing::Gappy;
pub use missing::{MissingValues, is_missing};

/// Largest file read, in bytes: the page's file drop, CSV data in share
/// links and the command line all stop here (browser memory).
pub const MAX_CSV_BYTES: usize = 32 * 1024 * 1024;
/// Most data rows accepted (documented limit; browser memory).
pub const MAX_ROWS: usize = 50_000;
/// Most columns accepted.
pub const MAX_COLUMNS: usize = 500;

/// Separators tried on the header line, in order of preference on ties, with their
/// names for the warning about a separator other than comma.
const DELIMITERS: [(u8, &str); 3] = [(b',', "commas"), (b';', "semicolons (;)"), (b'\t', "tabs")];
/// Most distinct labeled-column values quoted in a message.
const MAX_SHOWN_VALUES: usize = 5;
/// Most column names listed in a message.
const MAX_SHOWN_COLUMNS: usize = 30;
/// Most empty cells located in a message.
const MAX_SHOWN_CELLS: usize = 3;
/// Fields of a record kept in memory: one more than any header may have, so
/// a record that is too wide is still recognised but costs no more memory.
const FIELDS_KEPT: usize = MAX_COLUMNS + 1;
/// Bytes the parser unescapes at a time.
const PARSE_CHUNK: usize = 4096;

/// Spellings accepted in the labeled column when no labeled value is set.
const LABELED_FLAGS: FlagWords = FlagWords(&[
    ("1", "0"),
    ("true", "false"),
    ("yes", "no"),
    ("y", "n"),
    ("P", "U"),
]);
/// Spellings accepted in the ground-truth column.
const TRUTH_VALUES: FlagWords = FlagWords(&[
    ("1", "0"),
    ("true", "false"),
    ("yes", "no"),
    ("y", "n"),
    ("P", "N"),
    ("pos", "neg"),
    ("positive", "negative"),
]);

/// Which columns of a CSV play which role. Serialisable: it is part of the run configuration.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct CsvColumns {
    /// Column that marks labeled positives. Default "labeled".
    pub labeled: String,
    /// If set, a row is labeled exactly when its `labeled` cell equals this value
    /// (case-insensitive, trimmed); every other value means unlabeled. If None, cells
    /// are parsed as flags: 1/0, true/false, yes/no, y/n, P/U (case-insensitive,
    /// trimmed). Anything else is an error naming row and column.
    pub labeled_value: Option<String>,
    /// Optional ground-truth column (evaluation only): 1/0, true/false, yes/no, y/n,
    /// P/N, pos/neg, positive/negative.
    pub truth: Option<String>,
    /// Feature columns by name; None means every other column (all must then be numeric).
    /// A name listed twice is used once.
    pub features: Option<Vec<String>>,
    /// What to do with missing feature values (empty, NA, NaN, null, ?).
    pub missing: MissingValues,
}

impl Default for CsvColumns {
    fn default() -> Self {
        CsvColumns {
            labeled: "labeled".to_owned(),
            labeled_value: None,
            truth: None,
            features: None,
            missing: MissingValues::Refuse,
        }
    }
}

/// A parsed PU table. Features are raw (not standardised), row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct TabularData {
    /// Names of the feature columns kept, in file order (constant columns are dropped).
    pub feature_names: Vec<String>,
    /// `rows() × dim()` feature values, row-major, all finite.
    pub features: Vec<f32>,
    /// Whether each row is a labeled positive.
    pub labeled: Vec<bool>,
    /// Ground truth of each row (true = positive) when a truth column was given.
    pub truth: Option<Vec<bool>>,
    /// Field separator detected from the header: `b','`, `b';'` or `b'\t'`.
    pub delimiter: u8,
    /// Things the user should know that did not stop the read, as sentences.
    pub warnings: Vec<String>,
}

impl TabularData {
    /// Number of data rows.
    pub fn rows(&self) -> usize {
        self.labeled.len()
    }

    /// Number of feature columns.
    pub fn dim(&self) -> usize {
        self.feature_names.len()
    }
}

/// The role a column plays, as named in error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnRole {
    /// The column marking labeled positives.
    Labeled,
    /// The optional ground-truth column.
    Truth,
    /// A feature column.
    Feature,
}

impl fmt::Display for ColumnRole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ColumnRole::Labeled => "the labeled column",
            ColumnRole::Truth => "the truth column",
            ColumnRole::Feature => "a feature",
        })
    }
}

/// Where a data cell sits: its line in the file, its data row and its column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellAt {
    /// 1-based line of the file on which the row starts.
    pub line: u64,
    /// 1-based data row (the header and skipped blank rows not counted).
    pub row: usize,
    /// Name of the column.
    pub column: String,
}

impl fmt::Display for CellAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Line {} (data row {}), column \"{}\"",
            self.line, self.row, self.column
        )
    }
}

/// What the labeled column held, for the errors about one-sided labels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabeledSummary {
    /// Name of the labeled column.
    pub column: String,
    /// Number of data rows.
    pub rows: usize,
    /// The first few distinct values seen in the column.
    pub values: Vec<String>,
    /// Which values mark a row as labeled, e.g. `only "pos" (any case)`.
    pub rule: String,
}

impl fmt::Display for LabeledSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Column \"{}\" has {} row{} and its values include {}; {} marks a row as labeled.",
            self.column,
            self.rows,
            plural_s(self.rows),
            quoted_list(&self.values, MAX_SHOWN_VALUES),
            self.rule
        )
    }
}

/// Every way a CSV can be refused. Display messages are complete sentences for end users:
/// what is wrong, where, what to do.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CsvError {
    /// The file has no bytes, or only whitespace.
    #[error(
        "The file is empty. Choose a CSV file whose first line names the columns \
         and whose other lines hold one example each."
    )]
    Empty,
    /// The file is larger than [`MAX_CSV_BYTES`].
    #[error(
        "The file is {:.1} MiB, more than the limit of {} MiB. Use a sample of its rows, or \
         fewer columns.",
        *.bytes as f64 / (1024.0 * 1024.0),
        MAX_CSV_BYTES / (1024 * 1024)
    )]
    FileTooLarge {
        /// Size of the file in bytes.
        bytes: usize,
    },
    /// The bytes are not UTF-8 text.
    #[error(
        "The file is not UTF-8 text: line {line} (byte offset {byte}) holds bytes that are \
         not valid UTF-8. Save the file as UTF-8 (in Excel: \"CSV UTF-8\") and load it again."
    )]
    NotUtf8 {
        /// 1-based line holding the first invalid byte.
        line: u64,
        /// 0-based offset of the first invalid byte in the file.
        byte: usize,
    },
    /// A quote in the header line is never closed.
    #[error(
        "Line {line}, the header, opens a quote (\") that is never closed, so the rest of the \
         file would read as one column name. Close the quote, or remove it."
    )]
    UnclosedQuote {
        /// 1-based line of the header.
        line: u64,
    },
    /// A byte order mark inside the header, not at the start of the file.
    #[error(
        "Column {position} of the header (\"{name}\") holds a byte order mark, an invisible \
         character (U+FEFF) that belongs only at the very start of a file; joining two files \
         leaves one inside. Delete it (retype the column's name), or save the file again as \
         UTF-8."
    )]
    ByteOrderMark {
        /// 1-based position of the column.
        position: usize,
        /// The column's name, shortened, the mark shown as `\u{feff}`.
        name: String,
    },
    /// The header line holds no comma, semicolon or tab.
    #[error(
        "The first line (\"{first_line}\") holds no comma, semicolon or tab, so its columns \
         cannot be told apart. Only comma-, semicolon- or tab-separated files with at least \
         two columns are read: save the file as CSV with one of these separators."
    )]
    NoDelimiter {
        /// The header line, shortened.
        first_line: String,
    },
    /// The first row holds only numbers, so it is data rather than column names.
    #[error(
        "The first line (\"{first_line}\") holds only numbers, but the first line must name \
         the columns. Add a line with the column names at the top of the file, for example \
         \"x1,x2,labeled\"."
    )]
    NoHeader {
        /// The header line, shortened.
        first_line: String,
    },
    /// The header has more than [`MAX_COLUMNS`] columns.
    #[error(
        "The header has {found} columns, more than the limit of {limit}. Keep at most \
         {limit} columns in the file."
    )]
    TooManyColumns {
        /// Columns in the header.
        found: usize,
        /// The limit, [`MAX_COLUMNS`].
        limit: usize,
    },
    /// A header cell is empty.
    #[error(
        "Column {position} of the header has no name. Name every column in the first line, \
         or delete the empty column (a separator at the end of the line, or a spreadsheet's \
         index column, leaves one)."
    )]
    UnnamedColumn {
        /// 1-based position of the column.
        position: usize,
    },
    /// Two header cells hold the same name.
    #[error(
        "The header names two columns \"{name}\" (columns {first} and {second}). Give every \
         column its own name."
    )]
    DuplicateColumn {
        /// The repeated name.
        name: String,
        /// 1-based position of its first use.
        first: usize,
        /// 1-based position of its second use.
        second: usize,
    },
    /// A column named in [`CsvColumns`] is not in the header.
    #[error(
        "The file has no column \"{name}\", which was chosen as {role}. The header names \
         these columns: {}. Choose one of them, or rename the column in the file.",
        quoted_list(.available, MAX_SHOWN_COLUMNS)
    )]
    MissingColumn {
        /// What the column was chosen for.
        role: ColumnRole,
        /// The name looked for, shortened.
        name: String,
        /// The names the header holds, each shortened.
        available: Vec<String>,
    },
    /// One column was chosen for two roles.
    #[error(
        "Column \"{name}\" is chosen as {first} and also as {second}. Each column can play \
         only one role (a feature must not reveal the label, and the truth column is for \
         evaluation only): choose different columns."
    )]
    RoleConflict {
        /// The column.
        name: String,
        /// Its first role.
        first: ColumnRole,
        /// Its second role.
        second: ColumnRole,
    },
    /// A data row has a different number of fields than the header.
    #[error(
        "Line {line} has {found} field{} but the header has {expected}. Every row needs one \
         value per column: check that line for a missing or extra separator, or a quote (\") \
         that is not closed.",
        plural_s(*.found)
    )]
    Ragged {
        /// 1-based line on which the row starts.
        line: u64,
        /// Fields in the header.
        expected: usize,
        /// Fields in the row.
        found: usize,
    },
    /// Several feature cells are empty (a single empty cell is [`CsvError::NonNumeric`]).
    #[error(
        "{count} feature cells are empty or marked missing: {}. {MISSING_ADVICE}",
        located(.first, *.count)
    )]
    EmptyCells {
        /// How many feature cells are empty.
        count: usize,
        /// Where the first few are.
        first: Vec<CellAt>,
    },
    /// Every row has a missing feature value, so dropping them leaves none.
    #[error(
        "All {rows} rows have a missing feature value, so dropping them leaves nothing to learn \
         from. Fill the gaps with the column mean instead, or leave the columns with gaps out \
         of the features."
    )]
    EveryRowHasGaps {
        /// Rows read.
        rows: usize,
    },
    /// A feature cell is not a number (an empty cell included).
    #[error("{at}: {} is not a number.{}", shown(.value), non_numeric_advice(.value))]
    NonNumeric {
        /// Where the cell is.
        at: CellAt,
        /// The cell, shortened; empty for an empty cell.
        value: String,
    },
    /// A feature cell is NaN, infinite or too large for 32-bit floats.
    #[error(
        "{at}: \"{value}\" is not a finite number. NaN, infinite values and numbers beyond \
         ±3.4e38 cannot be used: replace it with a real value or remove the row."
    )]
    NonFinite {
        /// Where the cell is.
        at: CellAt,
        /// The cell, shortened.
        value: String,
    },
    /// A labeled cell is not one of the accepted flags.
    #[error(
        "{at}: {} is not a labeled flag. Accepted values are {} (any case). Fix the cell, \
         or choose the value that marks labeled rows so that every other value counts as \
         unlabeled.",
        shown(.value),
        LABELED_FLAGS.accepted()
    )]
    InvalidLabeled {
        /// Where the cell is.
        at: CellAt,
        /// The cell, shortened; empty for an empty cell.
        value: String,
    },
    /// A ground-truth cell is not one of the accepted values.
    #[error(
        "{at}: {} is not a ground-truth value. Accepted values are {} (any case). Fix the \
         cell, or leave out the truth column.",
        shown(.value),
        TRUTH_VALUES.accepted()
    )]
    InvalidTruth {
        /// Where the cell is.
        at: CellAt,
        /// The cell, shortened; empty for an empty cell.
        value: String,
    },
    /// The header is followed by no data.
    #[error("The file has a header but no data rows. Add one line per example below the header.")]
    NoDataRows,
    /// No row is a labeled positive.
    #[error(
        "No row is marked as a labeled positive. {0} Mark the known positives in this \
         column, or choose the column or value that marks them."
    )]
    NoLabeledPositives(LabeledSummary),
    /// Every row is a labeled positive.
    #[error(
        "Every row is marked as a labeled positive, so none is unlabeled. {0} PU learning \
         needs unlabeled rows too: add them, or check the choice of labeled column and value."
    )]
    NoUnlabeledRows(LabeledSummary),
    /// No feature column is chosen, or every one is constant.
    #[error("{}", no_features_message(.constant))]
    NoFeatures {
        /// The feature columns dropped for being constant; empty when none was chosen.
        constant: Vec<String>,
    },
    /// The file has more than [`MAX_ROWS`] data rows.
    #[error(
        "The file has {found} data rows, more than the limit of {limit}. Use a sample of at \
         most {limit} rows."
    )]
    TooManyRows {
        /// Data rows in the file.
        found: usize,
        /// The limit, [`MAX_ROWS`].
        limit: usize,
    },
}

/// Parse a whole CSV file.
///
/// The separator is the one of comma, semicolon and tab that splits the header line
/// into the most fields (ties prefer comma); a separator other than comma is reported
/// in the warnings. Feature columns holding one value in every row are dropped with a
/// warning.
///
/// # Errors
/// Any [`CsvError`]: the file is empty, not UTF-8, has no usable separator or header,
/// is too large, has ragged rows or bad cells, lacks a chosen column, has labels on
/// one side only, or leaves no varying feature column.
pub fn read_csv(bytes: &[u8], columns: &CsvColumns) -> Result<TabularData, CsvError> {
    let Table {
        delimiter,
        header,
        mut rows,
    } = Table::open(bytes)?;
    let layout = Layout::resolve(&header, columns)?;
    let rule = LabeledRule::new(columns);
    let mut parsed = parse_rows(&mut rows, &header, &layout, &rule, columns.missing)?;
    let gaps = Gappy {
        features: &mut parsed.features,
        labeled: &mut parsed.labeled,
        truth: &mut parsed.truth,
        dim: layout.features.len(),
    }
    .resolve(columns.missing);
    if parsed.labeled.is_empty() {
        return Err(CsvError::EveryRowHasGaps {
            rows: gaps.map_or(0, |g| g.of_rows),
        });
    }
    let positives = parsed.labeled.iter().filter(|&&labeled| labeled).count();
    if positives == 0 || positives == parsed.labeled.len() {
        let summary = LabeledSummary {
            column: clip(columns.labeled.trim()),
            rows: parsed.labeled.len(),
            values: parsed.labeled_values,
            rule: rule.describe(),
        };
        return Err(if positives == 0 {
            CsvError::NoLabeledPositives(summary)
        } else {
            CsvError::NoUnlabeledRows(summary)
        });
    }
    let names = layout
        .features
        .iter()
        .filter_map(|&index| header.get(index).cloned())
        .collect();
    let varying = drop_constant_columns(names, parsed.features);
    if varying.names.is_empty() {
        return Err(CsvError::NoFeatures {
            constant: varying.dropped.into_iter().map(|(name, _)| name).collect(),
        });
    }
    let warnings = delimiter_warning(delimiter)
        .into_iter()
        .chain(gaps.map(|g| g.sentence(columns.missing)))
        .chain(varying.dropped.iter().map(|(name, value)| {
            format!(
                "Feature column \"{}\" holds the same value ({value}) in every row, so it \
                 carries no information and was dropped.",
                clip(name)
            )
        }))
        .collect();
    Ok(TabularData {
        feature_names: varying.names,
        features: varying.features,
        labeled: parsed.labeled,
        truth: parsed.truth,
        delimiter,
        warnings,
    })
}

/// Rows to score: the feature columns a model reads, and the true class where known.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureRows {
    /// `rows() × names.len()` feature values, row-major, in the order the names
    /// were asked for, all finite. Nothing is dropped or standardised.
    pub features: Vec<f32>,
    /// Ground truth of each row (true = positive) when the file has the truth column.
    pub truth: Option<Vec<bool>>,
    /// Number of data rows.
    pub rows: usize,
}

/// Read the named feature columns of a CSV file (and its truth column, if the file
/// has one by that name) to score them with a trained model.
///
/// The file follows the same rules as for [`read_csv`], but needs no labeled column,
/// may hold other columns, and keeps columns that hold one value in every row (a
/// model expects all its inputs). A truth column the header lacks is not an error:
/// `truth` is then None.
///
/// # Errors
/// A [`CsvError`] for the file's encoding, separator, header, size, ragged rows or
/// bad cells; [`CsvError::MissingColumn`] naming the first feature column the
/// header lacks; [`CsvError::RoleConflict`] if the truth column is also a feature.
pub fn read_feature_rows(
    bytes: &[u8],
    feature_names: &[String],
    truth: Option<&str>,
) -> Result<FeatureRows, CsvError> {
    let Table {
        header, mut rows, ..
    } = Table::open(bytes)?;
    let features = feature_names
        .iter()
        .map(|name| column_index(&header, name, ColumnRole::Feature))
        .collect::<Result<Vec<usize>, CsvError>>()?;
    if features.is_empty() {
        return Err(CsvError::NoFeatures {
            constant: Vec::new(),
        });
    }
    let truth = truth.and_then(|name| column_index(&header, name, ColumnRole::Truth).ok());
    if let Some(index) = truth.filter(|index| features.contains(index)) {
        return Err(CsvError::RoleConflict {
            name: header
                .get(index)
                .map_or_else(String::new, |name| clip(name)),
            first: ColumnRole::Truth,
            second: ColumnRole::Feature,
        });
    }
    let mut read = FeatureRows {
        features: Vec::new(),
        truth: truth.map(|_| Vec::new()),
        rows: 0,
    };
    read.rows = for_each_row(&mut rows, &header, MissingValues::Refuse, |row, empty| {
        if let (Some(index), Some(truth)) = (truth, read.truth.as_mut()) {
            truth.push(row.cell(index).truth()?);
        }
        for &index in &features {
            read.features.push(empty.number(&row.cell(index))?);
        }
        Ok(())
    })?;
    Ok(read)
}

/// A quick look at a file before the user picks columns (for the app's preview).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CsvPreview {
    /// Field separator detected from the header: `b','`, `b';'` or `b'\t'`.
    pub delimiter: u8,
    /// Column names, trimmed.
    pub header: Vec<String>,
    /// The first data rows, trimmed cells.
    pub rows: Vec<Vec<String>>,
    /// Each column's kind, judged over the whole file.
    pub kinds: Vec<ColumnKind>,
    /// Per column: it has a value and every value is a finite number (0/1 flags
    /// included), so it can be a feature; missing cells do not count.
    pub numeric: Vec<bool>,
    /// Number of data rows in the whole file.
    pub total_rows: usize,
}

/// What a column holds, judged over all its non-blank cells.
///
/// Rule: a column with no non-blank cell is `Empty`; one whose cells all parse as
/// labeled flags (1/0, true/false, yes/no, y/n, P/U) or all as ground-truth values
/// (the same plus P/N, pos/neg, positive/negative) is `Flag`, even if they are also
/// numbers, as 0/1 are; one whose cells are all finite numbers is `Numeric`; anything
/// else is `Text`. Blank cells do not change the kind (but [`read_csv`] refuses blank
/// feature cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ColumnKind {
    /// Finite numbers that are not all flags: a feature candidate.
    Numeric,
    /// Two-valued flags such as 0/1, yes/no or P/U: a labeled or truth candidate.
    Flag,
    /// Anything else.
    Text,
    /// Only blank cells.
    Empty,
}

/// First `max_rows` rows plus each column's kind judged over the whole file.
///
/// # Errors
/// The same errors as [`read_csv`] for encoding, header, separator and ragged-row
/// problems. The row limit is not enforced here: compare `total_rows` with [`MAX_ROWS`].
pub fn preview_csv(bytes: &[u8], max_rows: usize) -> Result<CsvPreview, CsvError> {
    let Table {
        delimiter,
        header,
        mut rows,
    } = Table::open(bytes)?;
    let mut tallies = vec![KindTally::new(); header.len()];
    let mut shown_rows = Vec::new();
    let mut total_rows = 0;
    while let Some((_, record)) = rows.next_row()? {
        total_rows += 1;
        if shown_rows.len() < max_rows {
            shown_rows.push(record.iter().map(|cell| cell.trim().to_owned()).collect());
        }
        for (tally, cell) in tallies.iter_mut().zip(record.iter()) {
            tally.observe(cell.trim());
        }
    }
    Ok(CsvPreview {
        delimiter,
        header,
        rows: shown_rows,
        kinds: tallies.iter().map(KindTally::kind).collect(),
        numeric: tallies.iter().map(|t| !t.blank && t.numeric).collect(),
        total_rows,
    })
}

/// A CSV file whose header has been read and checked, with its data rows still to read.
struct Table<'a> {
    /// The detected separator.
    delimiter: u8,
    /// Column names, trimmed.
    header: Vec<String>,
    /// The data rows.
    rows: Rows<'a>,
}

impl<'a> Table<'a> {
    /// Checks size, encoding, separator and header, leaving the reader at the first data row.
    fn open(bytes: &'a [u8]) -> Result<Self, CsvError> {
        if bytes.len() > MAX_CSV_BYTES {
            return Err(CsvError::FileTooLarge { bytes: bytes.len() });
        }
        let text = utf8_text(bytes)?;
        if text.trim().is_empty() {
            return Err(CsvError::Empty);
        }
        let first = header_line(text);
        if !first.closed {
            return Err(CsvError::UnclosedQuote { line: first.line });
        }
        let delimiter = detect_delimiter(first.text)?;
        let mut rows = Rows::new(text, delimiter);
        let Some(_) = rows.next_row()? else {
            return Err(CsvError::Empty);
        };
        if rows.found > MAX_COLUMNS {
            return Err(CsvError::TooManyColumns {
                found: rows.found,
                limit: MAX_COLUMNS,
            });
        }
        let header: Vec<String> = rows
            .fields
            .iter()
            .map(|name| name.trim().to_owned())
            .collect();
        if let Some(at) = first.text.find('\u{feff}') {
            let position = count_unquoted(first.text.get(..at).unwrap_or_default(), delimiter) + 1;
            return Err(CsvError::ByteOrderMark {
                position,
                name: clip(header.get(position - 1).map_or("", String::as_str)),
            });
        }
        check_header(&header, first.text)?;
        rows.width = Some(header.len());
        Ok(Table {
            delimiter,
            header,
            rows,
        })
    }
}

/// Reads the non-blank records of a CSV text one at a time.
///
/// Quoted fields follow RFC 4180; a record ends at `\n`, `\r\n` or a lone
/// `\r` outside quotes. At most [`FIELDS_KEPT`] fields of a record are kept
/// (the rest are only counted), so no record costs more memory than the
/// widest file allowed.
struct Rows<'a> {
    /// The whole text.
    text: &'a str,
    /// Bytes of the text the parser has consumed.
    consumed: usize,
    /// The parser.
    parser: Reader,
    /// The fields of the record last read, untrimmed, at most [`FIELDS_KEPT`].
    fields: Vec<String>,
    /// Number of fields of the record last read.
    found: usize,
    /// Counts lines up to the record last read.
    lines: LineCounter,
    /// Field count every record must have; None while reading the header.
    width: Option<usize>,
}

impl<'a> Rows<'a> {
    /// A reader at the start of `text`.
    fn new(text: &'a str, delimiter: u8) -> Self {
        Rows {
            text,
            consumed: 0,
            parser: ReaderBuilder::new().delimiter(delimiter).build(),
            fields: Vec::new(),
            found: 0,
            lines: LineCounter::default(),
            width: None,
        }
    }

    /// The next record that is not blank, with the line it starts on.
    fn next_row(&mut self) -> Result<Option<(u64, &[String])>, CsvError> {
        loop {
            let start = self.consumed;
            let Some(blank) = self.read_record() else {
                return Ok(None);
            };
            if blank {
                continue;
            }
            let line = self
                .lines
                .line_of(self.text.as_bytes(), record_start(self.text, start));
            if let Some(expected) = self.width.filter(|&width| width != self.found) {
                return Err(CsvError::Ragged {
                    line,
                    expected,
                    found: self.found,
                });
            }
            return Ok(Some((line, &self.fields)));
        }
    }

    /// Reads one record into `fields` and `found`; whether all its cells
    /// are blank, or None at the end of the text.
    fn read_record(&mut self) -> Option<bool> {
        self.fields.clear();
        self.found = 0;
        let mut blank = true;
        let mut field = Vec::new();
        let mut chunk = [0u8; PARSE_CHUNK];
        loop {
            let input = self
                .text
                .as_bytes()
                .get(self.consumed..)
                .unwrap_or_default();
            let (result, read, written) = self.parser.read_field(input, &mut chunk);
            self.consumed += read;
            field.extend_from_slice(chunk.get(..written).unwrap_or_default());
            match result {
                ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => {}
                ReadFieldResult::End => return None,
                ReadFieldResult::Field { record_end } => {
                    // Fields split the text at ASCII bytes, so they are UTF-8.
                    let text = String::from_utf8(std::mem::take(&mut field))
                        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
                    blank &= text.trim().is_empty();
                    if self.found < FIELDS_KEPT {
                        self.fields.push(text);
                    }
                    self.found += 1;
                    if record_end {
                        return Some(blank);
                    }
                }
            }
        }
    }
}

/// Where a record whose reading started at byte `start` begins: the parser
/// skips empty lines before a record without reporting them.
fn record_start(text: &str, start: usize) -> usize {
    let skipped = text
        .as_bytes()
        .get(start..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&byte| byte == b'\n' || byte == b'\r')
        .count();
    start + skipped
}

/// Counts lines up to a byte offset, moving forward only, so reading a whole
/// file counts each byte once. A line ends at `\n`, `\r\n` or a lone `\r`.
#[derive(Default)]
struct LineCounter {
    /// Offset counted up to.
    offset: usize,
    /// Line breaks before `offset`.
    breaks: u64,
}

impl LineCounter {
    /// The 1-based line holding byte `offset` of `bytes` (not before the last one asked for).
    fn line_of(&mut self, bytes: &[u8], offset: usize) -> u64 {
        if offset > self.offset {
            self.breaks += line_breaks(bytes, self.offset, offset);
            self.offset = offset;
        }
        self.breaks + 1
    }
}

/// Line breaks (`\n`, `\r\n`, lone `\r`) that end in `bytes[from..to]`.
fn line_breaks(bytes: &[u8], from: usize, to: usize) -> u64 {
    let part = bytes.get(from..to).unwrap_or_default();
    part.iter()
        .enumerate()
        .filter(|&(at, &byte)| {
            byte == b'\n' || (byte == b'\r' && bytes.get(from + at + 1) != Some(&b'\n'))
        })
        .count() as u64
}

/// The bytes as text without a leading byte order mark, or where they stop being UTF-8.
fn utf8_text(bytes: &[u8]) -> Result<&str, CsvError> {
    let text = std::str::from_utf8(bytes).map_err(|err| CsvError::NotUtf8 {
        line: 1 + line_breaks(bytes, 0, err.valid_up_to()),
        byte: err.valid_up_to(),
    })?;
    Ok(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// The header line as found in the text.
struct HeaderLine<'a> {
    /// Its text, extended over line breaks inside quotes, trimmed.
    text: &'a str,
    /// Its 1-based line.
    line: u64,
    /// False when a quote opened in it is never closed.
    closed: bool,
}

/// The first non-blank line of the text, extended over line breaks inside quotes.
fn header_line(text: &str) -> HeaderLine<'_> {
    let rest = text.trim_start();
    let start = text.len() - rest.len();
    let line = 1 + line_breaks(text.as_bytes(), 0, start);
    let mut quoted = false;
    let mut end = rest.len();
    for (index, byte) in rest.bytes().enumerate() {
        match byte {
            b'"' => quoted = !quoted,
            b'\n' | b'\r' if !quoted => {
                end = index;
                break;
            }
            _ => {}
        }
    }
    HeaderLine {
        text: rest.get(..end).unwrap_or(rest).trim(),
        line,
        closed: !quoted,
    }
}

/// The separator that splits the header line into the most fields; ties prefer the earlier one.
fn detect_delimiter(first_line: &str) -> Result<u8, CsvError> {
    let mut best: Option<(u8, usize)> = None;
    for (delimiter, _) in DELIMITERS {
        let count = count_unquoted(first_line, delimiter);
        if count > best.map_or(0, |(_, most)| most) {
            best = Some((delimiter, count));
        }
    }
    best.map(|(delimiter, _)| delimiter)
        .ok_or_else(|| CsvError::NoDelimiter {
            first_line: clip(first_line),
        })
}

/// How often `delimiter` occurs in `line` outside double quotes.
fn count_unquoted(line: &str, delimiter: u8) -> usize {
    let mut quoted = false;
    let mut count = 0;
    for byte in line.bytes() {
        if byte == b'"' {
            quoted = !quoted;
        } else if byte == delimiter && !quoted {
            count += 1;
        }
    }
    count
}

/// Refuses a header that is really data, or has unnamed or repeated columns.
fn check_header(header: &[String], first_line: &str) -> Result<(), CsvError> {
    if header.iter().all(|name| is_finite_number(name)) {
        return Err(CsvError::NoHeader {
            first_line: clip(first_line),
        });
    }
    if let Some(index) = header.iter().position(String::is_empty) {
        return Err(CsvError::UnnamedColumn {
            position: index + 1,
        });
    }
    let mut first_positions = HashMap::new();
    for (index, name) in header.iter().enumerate() {
        if let Some(first) = first_positions.insert(name.as_str(), index + 1) {
            return Err(CsvError::DuplicateColumn {
                name: clip(name),
                first,
                second: index + 1,
            });
        }
    }
    Ok(())
}

/// The text is a number that is neither NaN nor infinite as an `f32`.
fn is_finite_number(text: &str) -> bool {
    text.parse::<f32>().is_ok_and(f32::is_finite)
}

/// Column indices for each role, checked against the header.
struct Layout {
    /// Index of the labeled column.
    labeled: usize,
    /// Index of the truth column, if any.
    truth: Option<usize>,
    /// Indices of the feature columns, in the order chosen, none repeated, never empty.
    features: Vec<usize>,
}

impl Layout {
    /// Finds the chosen columns in the header.
    fn resolve(header: &[String], columns: &CsvColumns) -> Result<Self, CsvError> {
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
fn column_index(header: &[String], name: &str, role: ColumnRole) -> Result<usize, CsvError> {
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

/// The columns of every data row, parsed.
struct ParsedRows {
    /// Feature values, row-major, in layout order.
    features: Vec<f32>,
    /// Labeled flag of each row.
    labeled: Vec<bool>,
    /// Ground truth of each row, if a truth column was chosen.
    truth: Option<Vec<bool>>,
    /// The first few distinct values of the labeled column.
    labeled_values: Vec<String>,
}

/// Parses every data row; past [`MAX_ROWS`] rows are only counted, for the error.
fn parse_rows(
    rows: &mut Rows<'_>,
    header: &[String],
    layout: &Layout,
    rule: &LabeledRule<'_>,
    missing: MissingValues,
) -> Result<ParsedRows, CsvError> {
    let mut parsed = ParsedRows {
        features: Vec::new(),
        labeled: Vec::new(),
        truth: layout.truth.map(|_| Vec::new()),
        labeled_values: Vec::new(),
    };
    for_each_row(rows, header, missing, |row, empty| {
        let labeled = row.cell(layout.labeled);
        if parsed.labeled_values.len() < MAX_SHOWN_VALUES {
            let value = clip(labeled.value);
            if !parsed.labeled_values.contains(&value) {
                parsed.labeled_values.push(value);
            }
        }
        parsed.labeled.push(rule.is_labeled(&labeled)?);
        if let (Some(index), Some(truth)) = (layout.truth, parsed.truth.as_mut()) {
            truth.push(row.cell(index).truth()?);
        }
        for &index in &layout.features {
            parsed.features.push(empty.number(&row.cell(index))?);
        }
        Ok(())
    })?;
    Ok(parsed)
}

/// Calls `parse` on each of the first [`MAX_ROWS`] data rows and counts the
/// rest; the number of data rows. Missing feature cells (which `parse` reads
/// through [`EmptyCells::number`], as NaN) are all counted; when `missing`
/// refuses them the file is refused at the end, and an error found after the
/// first of them reports them instead.
///
/// # Errors
/// The first error `parse` or the reader returns, [`CsvError::NonNumeric`] or
/// [`CsvError::EmptyCells`] for empty feature cells, or a row count outside
/// one to [`MAX_ROWS`].
fn for_each_row(
    rows: &mut Rows<'_>,
    header: &[String],
    missing: MissingValues,
    mut parse: impl FnMut(&DataRow<'_>, &mut EmptyCells) -> Result<(), CsvError>,
) -> Result<usize, CsvError> {
    let mut empty = EmptyCells {
        refused: missing == MissingValues::Refuse,
        ..EmptyCells::default()
    };
    let mut count = 0;
    loop {
        let (line, record) = match rows.next_row() {
            Ok(Some(next)) => next,
            Ok(None) => break,
            Err(error) => return Err(empty.before(error)),
        };
        count += 1;
        if count > MAX_ROWS {
            continue;
        }
        let row = DataRow {
            record,
            header,
            line,
            number: count,
        };
        if let Err(error) = parse(&row, &mut empty) {
            return Err(empty.before(error));
        }
    }
    if let Some(error) = empty.error() {
        return Err(error);
    }
    check_row_count(count)?;
    Ok(count)
}

/// The missing feature cells found so far.
#[derive(Default)]
struct EmptyCells {
    /// Whether they make the file fail.
    refused: bool,
    /// How many.
    count: usize,
    /// Where the first [`MAX_SHOWN_CELLS`] are.
    first: Vec<CellAt>,
    /// The first one's text (empty, NA, …).
    first_value: String,
}

impl EmptyCells {
    /// The cell as a feature value; a missing one is counted and read as NaN.
    fn number(&mut self, cell: &Cell<'_>) -> Result<f32, CsvError> {
        if !is_missing(cell.value) {
            return cell.number();
        }
        if self.count == 0 {
            self.first_value = clip(cell.value);
        }
        self.count += 1;
        if self.first.len() < MAX_SHOWN_CELLS {
            self.first.push(cell.at());
        }
        Ok(f32::NAN)
    }

    /// The error for the missing cells found, if they are refused.
    fn error(self) -> Option<CsvError> {
        let EmptyCells {
            refused,
            count,
            mut first,
            first_value,
        } = self;
        match count {
            _ if !refused => None,
            0 => None,
            1 => first.pop().map(|at| CsvError::NonNumeric {
                at,
                value: first_value,
            }),
            _ => Some(CsvError::EmptyCells { count, first }),
        }
    }

    /// `error`, unless empty cells were found before it.
    fn before(self, error: CsvError) -> CsvError {
        self.error().unwrap_or(error)
    }
}

/// One data record with what is needed to name its cells in messages.
struct DataRow<'a> {
    /// The record's fields, untrimmed.
    record: &'a [String],
    /// Column names.
    header: &'a [String],
    /// Line on which the record starts.
    line: u64,
    /// 1-based data row number.
    number: usize,
}

impl<'a> DataRow<'a> {
    /// The trimmed cell of column `index`.
    fn cell(&self, index: usize) -> Cell<'a> {
        Cell {
            value: self.record.get(index).map_or("", |cell| cell.trim()),
            column: self.header.get(index).map_or("", String::as_str),
            line: self.line,
            row: self.number,
        }
    }
}

/// One trimmed cell and where it is.
struct Cell<'a> {
    /// The trimmed text.
    value: &'a str,
    /// Column name.
    column: &'a str,
    /// Line on which its record starts.
    line: u64,
    /// 1-based data row number.
    row: usize,
}

impl Cell<'_> {
    /// The cell's position for an error message.
    fn at(&self) -> CellAt {
        CellAt {
            line: self.line,
            row: self.row,
            column: clip(self.column),
        }
    }

    /// The cell as a finite feature value.
    fn number(&self) -> Result<f32, CsvError> {
        match self.value.parse::<f32>() {
            Ok(number) if number.is_finite() => Ok(number),
            Ok(_) => Err(CsvError::NonFinite {
                at: self.at(),
                value: clip(self.value),
            }),
            Err(_) => Err(CsvError::NonNumeric {
                at: self.at(),
                value: clip(self.value),
            }),
        }
    }

    /// The cell as a ground-truth value (true = positive).
    fn truth(&self) -> Result<bool, CsvError> {
        TRUTH_VALUES
            .parse(self.value)
            .ok_or_else(|| CsvError::InvalidTruth {
                at: self.at(),
                value: clip(self.value),
            })
    }
}

/// How the labeled column marks labeled positives.
enum LabeledRule<'a> {
    /// Cells are [`LABELED_FLAGS`].
    Flags,
    /// A cell equal to this value, ignoring case, is labeled; anything else is not.
    Equals(&'a str),
}

impl<'a> LabeledRule<'a> {
    /// The rule the column choice asks for.
    fn new(columns: &'a CsvColumns) -> Self {
        match &columns.labeled_value {
            Some(value) => LabeledRule::Equals(value.trim()),
            None => LabeledRule::Flags,
        }
    }

    /// Whether the cell marks its row as labeled.
    fn is_labeled(&self, cell: &Cell<'_>) -> Result<bool, CsvError> {
        match self {
            LabeledRule::Flags => {
                LABELED_FLAGS
                    .parse(cell.value)
                    .ok_or_else(|| CsvError::InvalidLabeled {
                        at: cell.at(),
                        value: clip(cell.value),
                    })
            }
            LabeledRule::Equals(value) => Ok(equal_ignoring_case(cell.value, value)),
        }
    }

    /// Which values mark a row as labeled, for messages.
    fn describe(&self) -> String {
        match self {
            LabeledRule::Flags => format!("only {}", LABELED_FLAGS.positives()),
            LabeledRule::Equals(value) => format!("only \"{}\" (any case)", clip(value)),
        }
    }
}

/// The two texts are equal after lower-casing every character.
fn equal_ignoring_case(a: &str, b: &str) -> bool {
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}

/// A vocabulary of two-valued cells: (true, false) spelling pairs, matched ignoring ASCII case.
#[derive(Clone, Copy)]
struct FlagWords(&'static [(&'static str, &'static str)]);

impl FlagWords {
    /// The value the cell spells, if it is one of the words.
    fn parse(self, cell: &str) -> Option<bool> {
        self.0.iter().find_map(|&(yes, no)| {
            if cell.eq_ignore_ascii_case(yes) {
                Some(true)
            } else if cell.eq_ignore_ascii_case(no) {
                Some(false)
            } else {
                None
            }
        })
    }

    /// The pairs, for messages: "1/0, true/false, …".
    fn accepted(self) -> String {
        let pairs: Vec<String> = self
            .0
            .iter()
            .map(|(yes, no)| format!("{yes}/{no}"))
            .collect();
        pairs.join(", ")
    }

    /// The true spellings, for messages: "1, true, … or P".
    fn positives(self) -> String {
        let words: Vec<&str> = self.0.iter().map(|&(yes, _)| yes).collect();
        match words.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => words.concat(),
        }
    }
}

/// Whether a column's non-blank cells are all numbers, labeled flags or truth values.
#[derive(Clone)]
struct KindTally {
    /// No non-blank cell seen yet.
    blank: bool,
    /// Every non-blank cell is a finite number.
    numeric: bool,
    /// Every non-blank cell is a labeled flag.
    labeled_flags: bool,
    /// Every non-blank cell is a truth value.
    truth_values: bool,
}

impl KindTally {
    /// The tally of a column with no cells.
    fn new() -> Self {
        KindTally {
            blank: true,
            numeric: true,
            labeled_flags: true,
            truth_values: true,
        }
    }

    /// Takes one trimmed cell into account.
    fn observe(&mut self, cell: &str) {
        if is_missing(cell) {
            return;
        }
        self.blank = false;
        self.numeric &= is_finite_number(cell);
        self.labeled_flags &= LABELED_FLAGS.parse(cell).is_some();
        self.truth_values &= TRUTH_VALUES.parse(cell).is_some();
    }

    /// The column's kind, by the rule documented on [`ColumnKind`].
    fn kind(&self) -> ColumnKind {
        if self.blank {
            ColumnKind::Empty
        } else if self.labeled_flags || self.truth_values {
            ColumnKind::Flag
        } else if self.numeric {
            ColumnKind::Numeric
        } else {
            ColumnKind::Text
        }
    }
}

/// Feature columns after dropping the constant ones.
struct VaryingColumns {
    /// Names of the columns kept.
    names: Vec<String>,
    /// Their values, row-major.
    features: Vec<f32>,
    /// Each dropped column's name and its one value.
    dropped: Vec<(String, f32)>,
}

/// Drops the columns of a row-major matrix that hold the same value in every
/// row, in place (the matrix is the largest thing a read holds).
fn drop_constant_columns(names: Vec<String>, mut features: Vec<f32>) -> VaryingColumns {
    let dim = names.len();
    let first_row = features.get(..dim).unwrap_or_default();
    let mut varies = vec![false; dim];
    for (value, column) in features.iter().zip((0..dim).cycle()) {
        if let (Some(first), Some(varies)) = (first_row.get(column), varies.get_mut(column)) {
            *varies |= value != first;
        }
    }
    let dropped = names
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
    let kept_names = names
        .into_iter()
        .zip(&varies)
        .filter(|&(_, &varies)| varies)
        .map(|(name, _)| name)
        .collect();
    VaryingColumns {
        names: kept_names,
        features,
        dropped,
    }
}

/// The warning for a separator other than comma, if any.
fn delimiter_warning(delimiter: u8) -> Option<String> {
    DELIMITERS
        .iter()
        .find(|&&(byte, _)| byte == delimiter && byte != b',')
        .map(|(_, name)| {
            format!("Columns are separated by {name}, as detected from the header line.")
        })
}

/// A cell value quoted for a message, or "an empty cell".
fn shown(value: &str) -> String {
    if value.is_empty() {
        "an empty cell".to_owned()
    } else {
        format!("\"{value}\"")
    }
}

/// What to do about missing feature values.
const MISSING_ADVICE: &str = "Fill in the missing values, or choose what to do with them: drop \
     those rows, or fill each with its column's mean (\"Missing values\" in the page, \
     --missing drop or --missing mean on the command line).";

/// What to do about a feature cell that is not a number.
fn non_numeric_advice(value: &str) -> String {
    if is_missing(value) {
        format!(" {MISSING_ADVICE}")
    } else if is_finite_number(&value.replace(',', ".")) {
        " It looks like a decimal comma: save the file with decimal points (1.5, not 1,5).".into()
    } else {
        " Feature cells must hold numbers: fix the value, or leave this column out of the \
         features."
            .into()
    }
}

/// Where the first empty cells are, for [`CsvError::EmptyCells`].
fn located(first: &[CellAt], count: usize) -> String {
    let places: Vec<String> = first.iter().map(ToString::to_string).collect();
    let more = count.saturating_sub(first.len());
    if more > 0 {
        format!("{} and {more} more", places.join("; "))
    } else {
        places.join("; ")
    }
}

/// The message for [`CsvError::NoFeatures`].
fn no_features_message(constant: &[String]) -> String {
    if constant.is_empty() {
        "No feature columns are chosen: the file has none besides the labeled and truth \
         columns. Add at least one numeric feature column, or choose the feature columns."
            .to_owned()
    } else {
        format!(
            "No feature columns are left: every feature column holds one value in every row \
             ({}), so none carries information. Add features that vary between rows.",
            quoted_list(constant, MAX_SHOWN_COLUMNS)
        )
    }
}

/// A file must hold between one and [`MAX_ROWS`] data rows.
fn check_row_count(count: usize) -> Result<(), CsvError> {
    if count > MAX_ROWS {
        return Err(CsvError::TooManyRows {
            found: count,
            limit: MAX_ROWS,
        });
    }
    if count == 0 {
        return Err(CsvError::NoDataRows);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::user_text::MAX_SHOWN_CHARS;

    /// Reads `text` with the default column choice.
    fn read(text: &str) -> Result<TabularData, CsvError> {
        read_csv(text.as_bytes(), &CsvColumns::default())
    }

    /// Reads `text`, expecting an error, and returns it with its message.
    fn read_err(text: &str, columns: &CsvColumns) -> (CsvError, String) {
        match read_csv(text.as_bytes(), columns) {
            Ok(data) => panic!("expected an error, got {data:?}"),
            Err(err) => {
                let message = err.to_string();
                (err, message)
            }
        }
    }

    fn at(line: u64, row: usize, column: &str) -> CellAt {
        CellAt {
            line,
            row,
            column: column.to_owned(),
        }
    }

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| (*item).to_owned()).collect()
    }

    #[test]
    fn reads_a_comma_file() {
        let data = read("x1,labeled,x2\n1.5,1,-2\n0,0,3e2\n2,no,4\n").unwrap();
        assert_eq!(data.feature_names, strings(&["x1", "x2"]));
        assert_eq!(data.features, vec![1.5, -2.0, 0.0, 300.0, 2.0, 4.0]);
        assert_eq!(data.labeled, vec![true, false, false]);
        assert_eq!(data.truth, None);
        assert_eq!(data.delimiter, b',');
        assert!(data.warnings.is_empty());
        assert_eq!((data.rows(), data.dim()), (3, 2));
    }

    #[test]
    fn detects_semicolon_and_tab_with_a_warning() {
        let data = read("x;labeled\n1,5;1\n2;0\n");
        assert!(matches!(data, Err(CsvError::NonNumeric { .. })));
        let data = read("x;labeled\n1;1\n2;0\n").unwrap();
        assert_eq!(data.delimiter, b';');
        assert_eq!(data.features, vec![1.0, 2.0]);
        assert_eq!(
            data.warnings,
            vec!["Columns are separated by semicolons (;), as detected from the header line."]
        );
        let data = read("x\ty\tlabeled\n1\t2\tP\n3\t4\tU\n").unwrap();
        assert_eq!(data.delimiter, b'\t');
        assert_eq!(data.features, vec![1.0, 2.0, 3.0, 4.0]);
        assert!(data.warnings[0].contains("tabs"));
    }

    #[test]
    fn delimiter_ties_prefer_comma_and_quotes_are_ignored() {
        assert_eq!(detect_delimiter("a;b,c"), Ok(b','));
        assert_eq!(detect_delimiter("a\tb;c"), Ok(b';'));
        assert_eq!(detect_delimiter("\"a,b,c\";d"), Ok(b';'));
    }

    #[test]
    fn handles_bom_crlf_whitespace_quotes_and_blank_lines() {
        let text =
            "\u{feff}\"x, one\" , labeled\r\n\" 1.5 \" , Yes \r\n\r\n\"2\",N\r\n,\r\n  \r\n\r\n";
        let data = read(text).unwrap();
        assert_eq!(data.feature_names, strings(&["x, one"]));
        assert_eq!(data.features, vec![1.5, 2.0]);
        assert_eq!(data.labeled, vec![true, false]);
    }

    #[test]
    fn line_numbers_count_skipped_blank_lines() {
        let text = "\r\n\nx,labeled\r\n1,1\r\n\r\n \r\n,\n\n2,0\n\n\n3,x\n";
        let (err, message) = read_err(text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::InvalidLabeled {
                at: at(12, 3, "labeled"),
                value: "x".to_owned()
            }
        );
        assert!(message.starts_with("Line 12 (data row 3), column \"labeled\""));
    }

    #[test]
    fn quoted_field_may_span_lines() {
        let data = read("note,x,labeled\n\"two\nlines\",1,1\nplain,2,0\nlast,3,0\n");
        // The note column is text, so reading every other column fails on it...
        let err = data.unwrap_err();
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(2, 1, "note"),
                value: "two\\nlines".to_owned()
            }
        );
        // ...and the line count after the quoted break is right.
        let columns = CsvColumns {
            features: Some(strings(&["x"])),
            ..CsvColumns::default()
        };
        let text = "note,x,labeled\n\"two\nlines\",1,1\nplain,2,0\nlast,x,0\n";
        let (err, message) = read_err(text, &columns);
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(5, 3, "x"),
                value: "x".to_owned()
            }
        );
        assert!(message.starts_with("Line 5 (data row 3), column \"x\": \"x\" is not a number."));
    }

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
        assert_eq!(data.feature_names, strings(&["b", "a"]));
        assert_eq!(data.features, vec![2.0, 1.0, 4.0, 3.0, 6.0, 5.0]);
        assert_eq!(data.labeled, vec![true, false, false]);
        assert_eq!(data.truth, Some(vec![true, false, true]));
    }

    #[test]
    fn labeled_flags_ignore_case() {
        let text = "x,labeled\n1,TRUE\n2,false\n3,y\n4,N\n5,p\n6,u\n7,1\n8,0\n9,YES\n10,No\n";
        let data = read(text).unwrap();
        assert_eq!(
            data.labeled,
            vec![
                true, false, true, false, true, false, true, false, true, false
            ]
        );
    }

    #[test]
    fn constant_columns_are_dropped_with_a_warning() {
        let data = read("a,b,c,labeled\n1,7,2,1\n2,7,2,0\n3,7,2,0\n").unwrap();
        assert_eq!(data.feature_names, strings(&["a"]));
        assert_eq!(data.features, vec![1.0, 2.0, 3.0]);
        assert_eq!(data.warnings.len(), 2);
        assert!(data.warnings[0].contains("\"b\" holds the same value (7)"));
        assert!(data.warnings[1].contains("\"c\" holds the same value (2)"));
    }

    #[test]
    fn empty_file() {
        for text in ["", " \n\t\r\n ", "\u{feff}"] {
            let (err, message) = read_err(text, &CsvColumns::default());
            assert_eq!(err, CsvError::Empty);
            assert!(message.contains("The file is empty"));
        }
    }

    #[test]
    fn not_utf8_names_line_and_byte() {
        let bytes = b"x,labeled\n1,1\nGr\xf6\xdfe,0\n";
        let err = read_csv(bytes, &CsvColumns::default()).unwrap_err();
        assert_eq!(err, CsvError::NotUtf8 { line: 3, byte: 16 });
        let message = err.to_string();
        assert!(message.contains("line 3 (byte offset 16)"));
        assert!(message.contains("Save the file as UTF-8"));
        let utf16 = b"\xff\xfex\x00";
        let err = preview_csv(utf16, 5).unwrap_err();
        assert_eq!(err, CsvError::NotUtf8 { line: 1, byte: 0 });
    }

    #[test]
    fn no_delimiter() {
        let (err, message) = read_err("labeled\n1\n0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoDelimiter {
                first_line: "labeled".to_owned()
            }
        );
        assert!(message.contains("(\"labeled\")"));
        assert!(message.contains("Only comma-, semicolon- or tab-separated files"));
    }

    #[test]
    fn no_header() {
        let (err, message) = read_err("\n1.5,2,1\n3,4,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoHeader {
                first_line: "1.5,2,1".to_owned()
            }
        );
        assert!(message.contains("(\"1.5,2,1\") holds only numbers"));
        assert!(message.contains("the first line must name the columns"));
    }

    #[test]
    fn too_many_columns() {
        let names: Vec<String> = (0..=MAX_COLUMNS).map(|i| format!("c{i}")).collect();
        let text = format!("{}\n", names.join(","));
        let (err, message) = read_err(&text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::TooManyColumns {
                found: 501,
                limit: 500
            }
        );
        assert!(message.contains("has 501 columns, more than the limit of 500"));
    }

    #[test]
    fn unnamed_column() {
        let (err, message) = read_err(",x,labeled\n0,1,1\n1,2,0\n", &CsvColumns::default());
        assert_eq!(err, CsvError::UnnamedColumn { position: 1 });
        assert!(message.starts_with("Column 1 of the header has no name."));
    }

    #[test]
    fn duplicate_column() {
        let (err, message) = read_err("x,labeled,y,x\n1,1,2,3\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::DuplicateColumn {
                name: "x".to_owned(),
                first: 1,
                second: 4
            }
        );
        assert!(message.contains("two columns \"x\" (columns 1 and 4)"));
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
    }

    #[test]
    fn long_column_lists_are_shortened() {
        let names: Vec<String> = (0..40).map(|i| format!("c{i}")).collect();
        let listed = quoted_list(&names, MAX_SHOWN_COLUMNS);
        assert!(listed.starts_with("\"c0\", \"c1\""));
        assert!(listed.ends_with("\"c29\" and 10 more"));
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
    fn ragged_row() {
        let (err, message) = read_err("x,y,labeled\n1,2,1\n3,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::Ragged {
                line: 3,
                expected: 3,
                found: 2
            }
        );
        assert!(message.starts_with("Line 3 has 2 fields but the header has 3."));
        let (_, message) = read_err("x,y,labeled\n1,2,1\n\n3\n", &CsvColumns::default());
        assert!(message.starts_with("Line 4 has 1 field but the header has 3."));
    }

    #[test]
    fn non_numeric_feature() {
        let text = "x,labeled,y\n1,1,2\n3,0,abc\n";
        let (err, message) = read_err(text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(3, 2, "y"),
                value: "abc".to_owned()
            }
        );
        assert_eq!(
            message,
            "Line 3 (data row 2), column \"y\": \"abc\" is not a number. Feature cells must \
             hold numbers: fix the value, or leave this column out of the features."
        );
    }

    #[test]
    fn empty_feature_cell() {
        let (err, message) = read_err("x,labeled\n1,1\n ,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(3, 2, "x"),
                value: String::new()
            }
        );
        assert!(message.contains("column \"x\": an empty cell is not a number"));
        assert!(message.contains("Fill in the missing values, or choose"));
        assert!(message.contains("--missing drop or --missing mean"));
    }

    #[test]
    fn missing_values_are_dropped_or_filled_when_asked() {
        let text = "x,y,labeled,truth\n1,NA,1,1\n2,4,0,0\n,6,1,1\n4,8,1,1\n?,n/a,0,0\n";
        let mut columns = CsvColumns {
            truth: Some("truth".into()),
            ..CsvColumns::default()
        };
        let (err, _) = read_err(text, &columns);
        assert!(
            matches!(err, CsvError::EmptyCells { count: 4, .. }),
            "{err:?}"
        );
        columns.missing = MissingValues::DropRows;
        let dropped = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(dropped.features, vec![2.0, 4.0, 4.0, 8.0]);
        assert_eq!(dropped.labeled, vec![false, true]);
        assert_eq!(dropped.truth, Some(vec![false, true]));
        columns.missing = MissingValues::ColumnMean;
        let filled = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(
            filled.features,
            vec![1.0, 6.0, 2.0, 4.0, 7.0 / 3.0, 6.0, 4.0, 8.0, 7.0 / 3.0, 6.0]
        );
        assert_eq!(filled.labeled, vec![true, false, true, true, false]);
        assert!(
            filled.warnings.contains(
                &"Filled 4 missing feature values in 3 rows (2 columns) with the column's mean \
                  of the other rows."
                    .to_string()
            ),
            "{:?}",
            filled.warnings
        );
    }

    #[test]
    fn dropping_every_row_is_refused_with_the_way_out() {
        let columns = CsvColumns {
            missing: MissingValues::DropRows,
            ..CsvColumns::default()
        };
        let (err, message) = read_err("x,y,labeled\n1,,1\n,2,0\n", &columns);
        assert_eq!(err, CsvError::EveryRowHasGaps { rows: 2 });
        assert!(message.contains("Fill the gaps with the column mean instead"));
    }

    #[test]
    fn long_values_are_clipped_and_decimal_commas_explained() {
        let long = "v".repeat(100);
        let text = format!("x,labeled\n{long},1\n");
        let (err, message) = read_err(&text, &CsvColumns::default());
        let clipped = format!("{}…", "v".repeat(MAX_SHOWN_CHARS));
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(2, 1, "x"),
                value: clipped.clone()
            }
        );
        assert!(message.contains(&format!("\"{clipped}\" is not a number")));
        let (_, message) = read_err("x;labeled\n1,5;1\n", &CsvColumns::default());
        assert!(message.contains("\"1,5\" is not a number. It looks like a decimal comma"));
    }

    #[test]
    fn non_finite_values() {
        for value in ["inf", "-inf", "1e999", "4e38"] {
            let text = format!("x,labeled\n1,1\n{value},0\n");
            let (err, message) = read_err(&text, &CsvColumns::default());
            assert_eq!(
                err,
                CsvError::NonFinite {
                    at: at(3, 2, "x"),
                    value: value.to_owned()
                }
            );
            assert!(message.starts_with(&format!(
                "Line 3 (data row 2), column \"x\": \"{value}\" is not a finite number."
            )));
        }
    }

    #[test]
    fn invalid_labeled_flag() {
        let (err, message) = read_err("x,labeled\n1,1\n2,maybe\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::InvalidLabeled {
                at: at(3, 2, "labeled"),
                value: "maybe".to_owned()
            }
        );
        assert!(message.starts_with(
            "Line 3 (data row 2), column \"labeled\": \"maybe\" is not a labeled flag."
        ));
        assert!(message.contains("1/0, true/false, yes/no, y/n, P/U"));
        let (_, message) = read_err("x,labeled\n1,\n", &CsvColumns::default());
        assert!(message.contains("an empty cell is not a labeled flag"));
    }

    #[test]
    fn invalid_truth_value() {
        let columns = CsvColumns {
            truth: Some("truth".to_owned()),
            ..CsvColumns::default()
        };
        let (err, message) = read_err("x,labeled,truth\n1,1,P\n2,0,U\n", &columns);
        assert_eq!(
            err,
            CsvError::InvalidTruth {
                at: at(3, 2, "truth"),
                value: "U".to_owned()
            }
        );
        assert!(message.starts_with(
            "Line 3 (data row 2), column \"truth\": \"U\" is not a ground-truth value."
        ));
        assert!(message.contains("P/N, pos/neg, positive/negative"));
    }

    #[test]
    fn no_data_rows() {
        let (err, message) = read_err("x,labeled\n\n", &CsvColumns::default());
        assert_eq!(err, CsvError::NoDataRows);
        assert!(message.contains("no data rows"));
    }

    #[test]
    fn no_labeled_positives() {
        let (err, message) = read_err("x,labeled\n1,0\n2,no\n3,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoLabeledPositives(LabeledSummary {
                column: "labeled".to_owned(),
                rows: 3,
                values: strings(&["0", "no"]),
                rule: "only 1, true, yes, y or P".to_owned(),
            })
        );
        assert_eq!(
            message,
            "No row is marked as a labeled positive. Column \"labeled\" has 3 rows and its \
             values include \"0\", \"no\"; only 1, true, yes, y or P marks a row as labeled. \
             Mark the known positives in this column, or choose the column or value that \
             marks them."
        );
        let columns = CsvColumns {
            labeled_value: Some("pos".to_owned()),
            ..CsvColumns::default()
        };
        let (_, message) = read_err("x,labeled\n1,a\n2,b\n3,c\n4,d\n5,e\n6,f\n", &columns);
        assert!(message.contains(
            "has 6 rows and its values include \"a\", \"b\", \"c\", \"d\", \"e\"; \
             only \"pos\" (any case) marks"
        ));
    }

    #[test]
    fn no_unlabeled_rows() {
        let (err, message) = read_err("x,labeled\n1,1\n2,P\n", &CsvColumns::default());
        assert!(matches!(
            &err,
            CsvError::NoUnlabeledRows(summary) if summary.rows == 2 && summary.values == strings(&["1", "P"])
        ));
        assert!(message.starts_with("Every row is marked as a labeled positive"));
        assert!(
            message.contains("Column \"labeled\" has 2 rows and its values include \"1\", \"P\"")
        );
    }

    #[test]
    fn no_feature_columns() {
        let columns = CsvColumns {
            truth: Some("truth".to_owned()),
            ..CsvColumns::default()
        };
        let (err, message) = read_err("labeled,truth\n1,1\n0,0\n", &columns);
        assert_eq!(err, CsvError::NoFeatures { constant: vec![] });
        assert!(message.contains("No feature columns are chosen"));
        let (err, message) = read_err("a,b,labeled\n1,2,1\n1,2,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoFeatures {
                constant: strings(&["a", "b"])
            }
        );
        assert!(
            message.contains("every feature column holds one value in every row (\"a\", \"b\")")
        );
    }

    #[test]
    fn too_many_rows() {
        let mut text = String::from("x,labeled\n");
        for i in 0..=MAX_ROWS {
            text.push_str(&format!("{i},{}\n", i % 2));
        }
        let (err, message) = read_err(&text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::TooManyRows {
                found: 50_001,
                limit: 50_000
            }
        );
        assert!(message.contains("has 50001 data rows, more than the limit of 50000"));
        let preview = preview_csv(text.as_bytes(), 2).unwrap();
        assert_eq!(preview.total_rows, 50_001);
    }

    #[test]
    fn preview_judges_kinds_over_the_whole_file() {
        let text = "id;x;labeled;truth;blank;mixed\n\
                    a;1.5;1;pos;;1\n\
                    b;2;0;neg;;x\n\
                    c;;U;N; ;2\n";
        let preview = preview_csv(text.as_bytes(), 2).unwrap();
        assert_eq!(preview.delimiter, b';');
        assert_eq!(
            preview.header,
            strings(&["id", "x", "labeled", "truth", "blank", "mixed"])
        );
        assert_eq!(
            preview.rows,
            vec![
                strings(&["a", "1.5", "1", "pos", "", "1"]),
                strings(&["b", "2", "0", "neg", "", "x"]),
            ]
        );
        assert_eq!(
            preview.kinds,
            vec![
                ColumnKind::Text,
                ColumnKind::Numeric,
                ColumnKind::Flag,
                ColumnKind::Flag,
                ColumnKind::Empty,
                ColumnKind::Text,
            ]
        );
        assert_eq!(preview.total_rows, 3);
    }

    #[test]
    fn preview_flags_need_one_vocabulary() {
        // P/U are labeled flags and P/neg truth values, but U with neg is neither.
        let preview = preview_csv(b"a,b,c\nP,P,0\nU,neg,1\nP,U,2\n", 10).unwrap();
        assert_eq!(
            preview.kinds,
            vec![ColumnKind::Flag, ColumnKind::Text, ColumnKind::Numeric]
        );
    }

    #[test]
    fn preview_reports_the_same_file_errors() {
        assert_eq!(preview_csv(b"", 5), Err(CsvError::Empty));
        assert_eq!(
            preview_csv(b"a,b\n1,2\n3\n", 5),
            Err(CsvError::Ragged {
                line: 3,
                expected: 2,
                found: 1
            })
        );
        assert!(matches!(
            preview_csv(b"1,2\n3,4\n", 5),
            Err(CsvError::NoHeader { .. })
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

    #[test]
    fn carriage_return_line_endings_count_lines() {
        let (err, message) = read_err("x,labeled\r1,1\r\r2,maybe\r", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::InvalidLabeled {
                at: at(4, 2, "labeled"),
                value: "maybe".to_owned()
            }
        );
        assert!(message.starts_with("Line 4 (data row 2)"), "{message}");
        let (err, _) = read_err("x,y,labeled\r1,2,1\r3,0\r", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::Ragged {
                line: 3,
                expected: 3,
                found: 2
            }
        );
        // A quoted break counts too, whatever its ending.
        let text = "note,x,labeled\r\"a\rb\",1,1\rc,x,0\r";
        let columns = CsvColumns {
            features: Some(strings(&["x"])),
            ..CsvColumns::default()
        };
        let (err, _) = read_err(text, &columns);
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(4, 2, "x"),
                value: "x".to_owned()
            }
        );
        assert_eq!(
            read_csv(b"x,labeled\r1,1\r\xff,0", &CsvColumns::default()),
            Err(CsvError::NotUtf8 { line: 3, byte: 14 })
        );
    }

    #[test]
    fn an_unclosed_quote_in_the_header_is_named() {
        let (err, message) = read_err("\n\"x,labeled\n1,1\n2,0\n", &CsvColumns::default());
        assert_eq!(err, CsvError::UnclosedQuote { line: 2 });
        assert!(
            message.starts_with("Line 2, the header, opens a quote (\") that is never closed"),
            "{message}"
        );
        let (err, _) = read_err("x,\"labeled\n1,1\n2,0\n", &CsvColumns::default());
        assert_eq!(err, CsvError::UnclosedQuote { line: 1 });
    }

    #[test]
    fn one_row_is_one_row() {
        let (_, message) = read_err("x,labeled\n1,0\n", &CsvColumns::default());
        assert!(
            message.contains("Column \"labeled\" has 1 row and its values include \"0\""),
            "{message}"
        );
        let (_, message) = read_err("x,y,labeled\n1,2,1\n3\n", &CsvColumns::default());
        assert!(message.starts_with("Line 3 has 1 field but"), "{message}");
    }

    #[test]
    fn control_characters_in_quoted_text_are_escaped() {
        let (err, message) = read_err(
            "x,labeled\n1\u{0}2,1\n3,\u{1b}[31m\n",
            &CsvColumns::default(),
        );
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(2, 1, "x"),
                value: "1\\u{0}2".to_owned()
            }
        );
        assert!(!message.contains('\0'), "{message:?}");
        assert!(
            message.contains("\"1\\u{0}2\" is not a number"),
            "{message}"
        );
        let columns = CsvColumns {
            labeled: "a\tb".to_owned(),
            ..CsvColumns::default()
        };
        let (_, message) = read_err("x,labeled\n1,1\n", &columns);
        assert!(message.contains("no column \"a\\tb\""), "{message}");
    }

    #[test]
    fn a_second_byte_order_mark_is_refused_with_its_column() {
        for (text, position, name) in [
            ("\u{feff}\u{feff}x,labeled\n1,1\n2,0\n", 1, "x"),
            ("x;\u{feff}labeled\n1;1\n2;0\n", 2, "\\u{feff}labeled"),
            ("x,\"a,b\",\u{feff}labeled\n1,2,1\n", 3, "\\u{feff}labeled"),
        ] {
            let (err, message) = read_err(text, &CsvColumns::default());
            assert_eq!(
                err,
                CsvError::ByteOrderMark {
                    position,
                    name: name.to_owned()
                },
                "{text:?}"
            );
            assert!(message.contains("holds a byte order mark"), "{message}");
        }
    }

    #[test]
    fn several_empty_cells_are_counted_and_located() {
        let text = "x,y,labeled\n,1,1\n2,,0\n3,4,0\n,,1\n5,,0\n";
        let (err, message) = read_err(text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::EmptyCells {
                count: 5,
                first: vec![at(2, 1, "x"), at(3, 2, "y"), at(5, 4, "x")],
            }
        );
        assert_eq!(
            message,
            "5 feature cells are empty or marked missing: Line 2 (data row 1), column \"x\"; Line 3 \
             (data row 2), column \"y\"; Line 5 (data row 4), column \"x\" and 2 more. Fill in \
             the missing values, or choose what to do with them: drop those rows, or fill each \
             with its column's mean (\"Missing values\" in the page, --missing drop or \
             --missing mean on the command line)."
        );
        // Empty cells before another error are what is reported.
        let (err, _) = read_err("x,labeled\n,1\n,0\n1\n", &CsvColumns::default());
        assert!(
            matches!(err, CsvError::EmptyCells { count: 2, .. }),
            "{err:?}"
        );
        let rows = read_feature_rows(b"a,b\n,1\n2,\n", &strings(&["a", "b"]), None);
        assert!(
            matches!(rows, Err(CsvError::EmptyCells { count: 2, .. })),
            "{rows:?}"
        );
    }

    #[test]
    fn long_names_are_clipped_in_messages() {
        let long = "n".repeat(1_000_000);
        let clipped = format!("{}…", "n".repeat(MAX_SHOWN_CHARS));
        let text = format!("{long},labeled,{long}\n1,1,2\n");
        let (err, message) = read_err(&text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::DuplicateColumn {
                name: clipped.clone(),
                first: 1,
                second: 3
            }
        );
        assert!(message.len() < 300, "{}", message.len());
        let columns = CsvColumns {
            labeled: long.clone(),
            ..CsvColumns::default()
        };
        let text = format!("{long}x,y\n1,2\n");
        let (err, message) = read_err(&text, &columns);
        assert!(message.len() < 400, "{}", message.len());
        assert_eq!(
            err,
            CsvError::MissingColumn {
                role: ColumnRole::Labeled,
                name: clipped.clone(),
                available: vec![clipped, "y".to_owned()],
            }
        );
    }

    #[test]
    fn wide_records_are_refused_without_keeping_every_field() {
        let header = format!("a{}", ",".repeat(1_000_000));
        let (err, _) = read_err(&format!("{header}\n1\n"), &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::TooManyColumns {
                found: 1_000_001,
                limit: MAX_COLUMNS
            }
        );
        let text = format!("x,labeled\n1,1\n{}2\n", ",".repeat(100_000));
        let (err, _) = read_err(&text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::Ragged {
                line: 3,
                expected: 2,
                found: 100_001
            }
        );
        // A blank record of any width is skipped.
        let text = format!("{}\nx,labeled\n1,1\n2,0\n", ",".repeat(10_000));
        assert_eq!(read(&text).unwrap().rows(), 2);
    }

    #[test]
    fn files_over_the_size_limit_are_refused_before_reading() {
        let text = vec![b' '; MAX_CSV_BYTES + 1];
        let err = read_csv(&text, &CsvColumns::default()).unwrap_err();
        assert_eq!(
            err,
            CsvError::FileTooLarge {
                bytes: MAX_CSV_BYTES + 1
            }
        );
        assert!(
            err.to_string()
                .starts_with("The file is 32.0 MiB, more than the limit of 32 MiB.")
        );
    }

    #[test]
    fn feature_rows_follow_the_names_and_keep_constant_columns() {
        let text = "id;b;a;y;k\n1;2.5;-1;yes;7\n\n2;3;0;no;7\n";
        let rows =
            read_feature_rows(text.as_bytes(), &strings(&["a", "b", "k"]), Some("y")).unwrap();
        assert_eq!(rows.rows, 2);
        assert_eq!(rows.features, vec![-1.0, 2.5, 7.0, 0.0, 3.0, 7.0]);
        assert_eq!(rows.truth, Some(vec![true, false]));
        let without_truth =
            read_feature_rows(text.as_bytes(), &strings(&["a"]), Some("truth")).unwrap();
        assert_eq!(without_truth.features, vec![-1.0, 0.0]);
        assert_eq!(without_truth.truth, None);
    }

    #[test]
    fn feature_rows_name_a_missing_column_and_a_bad_cell() {
        let names = strings(&["a", "b"]);
        let err = read_feature_rows(b"a,c\n1,2\n", &names, None).unwrap_err();
        assert_eq!(
            err,
            CsvError::MissingColumn {
                role: ColumnRole::Feature,
                name: "b".into(),
                available: strings(&["a", "c"]),
            }
        );
        assert!(err.to_string().contains("no column \"b\""), "{err}");
        let err = read_feature_rows(b"a,b\n1,2\n3,x\n", &names, None).unwrap_err();
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(3, 2, "b"),
                value: "x".into()
            }
        );
        assert_eq!(
            read_feature_rows(b"a,b\n", &names, None),
            Err(CsvError::NoDataRows)
        );
        assert!(matches!(
            read_feature_rows(b"a,b\n1,2\n", &names, Some("b")),
            Err(CsvError::RoleConflict { .. })
        ));
    }
}

//! Reading positive-unlabeled data from CSV text.
//!
//! [`read_csv`] turns the bytes of a comma-, semicolon- or tab-separated file
//! into a [`TabularData`]; [`preview_csv`] takes a first look at a file so the
//! user can pick its columns. Neither touches the file system and neither
//! panics: every problem with the input becomes a [`CsvError`] whose message
//! says what is wrong, where, and what to do.
//!
//! Reading rules shared by both:
//! - at most [`MAX_CSV_BYTES`] of UTF-8 text, or of Windows-1252 where the
//!   bytes are not UTF-8 (said in a warning), or of UTF-16 with its byte
//!   order mark (Excel's "Unicode Text"), decoded to UTF-8 first; a byte
//!   order mark at the start is ignored, and one inside the header is
//!   refused;
//! - the separator is detected from the header line (see [`read_csv`]), or
//!   named by a first line such as `sep=;` (which Excel also reads); in a file
//!   separated by semicolons or tabs a number may use a decimal comma;
//! - quoted fields follow RFC 4180, and whitespace around every cell is trimmed;
//! - rows whose cells are all blank (blank lines, `,,,`) are skipped;
//! - lines end at `\n`, `\r\n` or a lone `\r`; line numbers are 1-based
//!   physical lines, so the header is line 1 unless blank lines precede it;
//! - memory stays in proportion to the file: a record keeps at most one more
//!   field than [`MAX_COLUMNS`], and user text in messages is clipped.
//!
//! Records are split by a reader of our own on `csv-core` rather than by the
//! `csv` crate, because that crate keeps every field of a record (one line of
//! 8 million commas costs it about 470 MB), ends lines only at `\n`, and
//! checks row lengths with blank rows counted (measurements in `reader.rs`).

mod categories;
mod cleaning;
mod date_order_choice;
mod decimal_marks;
mod dialect;
mod distinct;
mod duration;
mod encoding;
mod error;
mod filled_cells;
mod flags;
mod identifier;
mod iso_date;
mod kinds;
mod labeled_guess;
mod layout;
mod lines;
mod listed_values;
mod missing;
mod not_text;
mod number;
mod read;
mod reader;
mod role;
mod rows;
mod sample;
mod scored_truth;
mod shown_rows;
mod table;
#[cfg(test)]
mod test_support;
mod text_shape;
mod truth_guess;
mod truth_tally;
mod value_rule;
mod written_date;

pub use date_order_choice::DateOrderChoice;
pub use dialect::Dialect;
pub use error::{CellAt, ColumnSummary, CsvError, NotCategoriesWhy, SummarisedColumn, case_twin};
pub use filled_cells::FilledCells;
pub use flags::{labeled_flag_pairs, truth_value_pairs};
pub use identifier::{IdColumn, NO_IDENTIFIER, names_an_identifier};
pub use kinds::{ColumnKind, CsvPreview, MIN_AGREEING_ROWS, StrayCell, preview_csv};
pub use labeled_guess::guess_labeled_value;
pub use layout::CsvColumns;
pub use listed_values::ListedValues;
pub use missing::{MissingValues, is_missing, missing_cells_text};
pub use not_text::NotText;
pub use read::{FeatureRows, ScoringGaps, TabularData, read_csv, read_feature_rows};
pub use role::ColumnRole;
pub use shown_rows::ShownRows;
pub use table::{is_unnamed_column, unnamed_column_name};
pub use text_shape::{DatesShown, TextLook, TextShape};
pub use truth_guess::{PositiveGuess, guess_positive_value};

/// Largest file read, in bytes: the page's file drop, CSV data in share
/// links and the command line all stop here (browser memory).
pub const MAX_CSV_BYTES: usize = 32 * 1024 * 1024;

// The text of a file read decodes to at most three bytes of UTF-8 for each
// byte (a Windows-1252 byte to a character of three), so that every place
// in it fits the 32 bits the preview's packed rows and values count in.
const _: () = assert!(3 * MAX_CSV_BYTES <= u32::MAX as usize);

/// Most data rows a run trains on (browser memory): a file of more is read
/// as a random sample of this many.
pub const MAX_ROWS: usize = 50_000;

/// Most data rows a file to score may hold (a model of more than 25 inputs
/// scores fewer: [`max_scored_rows`]).
pub const MAX_SCORED_ROWS: usize = 1_000_000;

/// Most data rows a file to score may hold for a model of `inputs` inputs:
/// [`MAX_SCORED_ROWS`], and never more values than a training table may
/// hold ([`MAX_ROWS`] × [`MAX_COLUMNS`]), at least [`MAX_ROWS`].
pub fn max_scored_rows(inputs: usize) -> usize {
    (MAX_ROWS * MAX_COLUMNS / inputs.max(1)).clamp(MAX_ROWS, MAX_SCORED_ROWS)
}

/// Most columns accepted.
pub const MAX_COLUMNS: usize = 500;

/// Most distinct values a preview lists for a column
/// ([`CsvPreview::values`]): the classes or marks a labeled or truth column
/// may hold.
pub const MAX_LISTED_VALUES: usize = 12;

/// Most categories a chosen feature column of text may hold, each becoming
/// an input of its own: enough for a country of birth or a state.
pub const MAX_CATEGORIES: usize = 64;

/// Longest value, in bytes, a preview lists, and so longest category.
pub const MAX_LISTED_LENGTH: usize = 64;

/// Whether a column of text whose `cells` non-missing cells hold `distinct`
/// values (none longer than [`MAX_LISTED_LENGTH`] bytes) reads as
/// categories once chosen as a feature: up to [`MAX_LISTED_VALUES`] always,
/// and up to [`MAX_CATEGORIES`] where each value is held by two cells on
/// average; a column whose values each name about one row (a name, an
/// identifier) sorts no rows together.
pub fn are_categories(distinct: usize, cells: usize) -> bool {
    distinct <= MAX_LISTED_VALUES || (distinct <= MAX_CATEGORIES && 2 * distinct <= cells)
}

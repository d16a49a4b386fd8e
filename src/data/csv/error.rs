//! Why a file is refused: [`CsvError`], whose messages say what is wrong,
//! where, and what to do, and the pieces those messages are made of.

use std::fmt;

use super::flags::{LABELED_FLAGS, TRUTH_VALUES};
use super::missing::is_missing;
use super::not_text::NotText;
use super::number::DecimalMark;
use super::role::ColumnRole;
use super::{MAX_CATEGORIES, MAX_CSV_BYTES, MAX_LISTED_LENGTH, MAX_LISTED_VALUES};
use crate::data::tabular_features::DateOrder;
use crate::user_text::{counted, plural_s, quoted_list};

/// Most distinct labeled-column values quoted in a message.
pub(super) const MAX_SHOWN_VALUES: usize = 5;

/// Most column names listed in a message.
const MAX_SHOWN_COLUMNS: usize = 30;

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

/// The column a [`ColumnSummary`] is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SummarisedColumn {
    /// The labeled column, whose true values mark labeled rows.
    Labeled,
    /// The truth column, whose true values mean positives.
    Truth,
}

/// What the labeled or the truth column held, for the errors about one-sided
/// labels and a truth column without positives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ColumnSummary {
    /// Which column: labeled or truth.
    pub role: SummarisedColumn,
    /// Name of the column.
    pub column: String,
    /// Number of data rows counted.
    pub rows: usize,
    /// Data rows left out before counting: a missing true class, or a
    /// missing feature value where such rows are dropped.
    pub left_out: usize,
    /// The first few distinct values seen in the column.
    pub values: Vec<String>,
    /// Which values mean true, e.g. `only "pos" (any case)`.
    pub rule: String,
}

impl ColumnSummary {
    /// "Column "x" has N rows", with the rows left out before counting.
    fn counted_rows(&self) -> String {
        let left_out = match self.left_out {
            0 => String::new(),
            n => format!(
                " once {} with a missing true class or feature value {} left out",
                counted(n, "row"),
                if n == 1 { "is" } else { "are" }
            ),
        };
        format!(
            "Column \"{}\" has {} row{}{left_out}",
            self.column,
            self.rows,
            plural_s(self.rows)
        )
    }

    /// The summary of a labeled column whose every row is marked labeled.
    /// Its values are each row's where no row was left out; otherwise they
    /// include the left-out rows', which may mark nothing.
    fn every_row_marked(&self) -> String {
        if self.left_out > 0 {
            return self.to_string();
        }
        format!(
            "{}, and each holds a value that marks a row as labeled ({}).",
            self.counted_rows(),
            quoted_list(&self.values, MAX_SHOWN_VALUES)
        )
    }
}

impl fmt::Display for ColumnSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let meaning = match self.role {
            SummarisedColumn::Truth => "means a positive",
            SummarisedColumn::Labeled => "marks a row as labeled",
        };
        write!(
            f,
            "{} and its values include {}; {} {meaning}.",
            self.counted_rows(),
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
        "The file is empty, or holds nothing but spaces, tabs and line ends. Choose a CSV \
         file whose first line names the columns and whose other lines hold one example each."
    )]
    Empty,
    /// Every record is blank: each line holds nothing but separators and
    /// spaces.
    #[error(
        "Every line of the file is blank or holds only separators, so it names no columns \
         and holds no data. Choose a CSV file whose first line names the \
         columns and whose other lines hold one example each."
    )]
    OnlyBlankRecords,
    /// The file is larger than [`MAX_CSV_BYTES`].
    #[error(
        "The file is {:.1} MiB, more than the limit of {} MiB. {SMALLER_FILE_ADVICE}",
        *.bytes as f64 / (1024.0 * 1024.0),
        MAX_CSV_BYTES / (1024 * 1024)
    )]
    FileTooLarge {
        /// Size of the file in bytes.
        bytes: u64,
    },
    /// The bytes are neither UTF-8 nor Windows-1252 text.
    #[error(
        "The file is not UTF-8 text: line {line} (byte offset {byte}) holds bytes that are \
         not valid UTF-8, and not Windows-1252 either. Save the file as UTF-8 (in Excel: \
         \"CSV UTF-8\") and load it again."
    )]
    NotUtf8 {
        /// 1-based line holding the first invalid byte.
        line: u64,
        /// 0-based offset of the first invalid byte in the file.
        byte: usize,
    },
    /// The file is a workbook, an archive, a binary table or JSON, not text.
    #[error("{0}")]
    NotText(NotText),
    /// The bytes start as UTF-16 text (with its byte order mark) but end
    /// halfway through a character.
    #[error(
        "The file starts as UTF-16 text (Excel's \"Unicode Text\" writes it) but ends halfway \
         through a character, so it was cut short. Save it again, best as UTF-8 (in Excel: \
         \"CSV UTF-8\"), and load it again."
    )]
    Utf16CutShort,
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
    /// A first line such as `sep=;` names a separator the header line does not use.
    #[error(
        "The first line names the separator as {named}, but the header (line {line}) holds \
         none and is separated by {found}. Remove the first line, or make it name the \
         separator the file uses."
    )]
    SeparatorNotInHeader {
        /// 1-based line of the header.
        line: u64,
        /// The separator the first line names, e.g. "semicolons (;)".
        named: &'static str,
        /// The separator the header holds, e.g. "commas".
        found: &'static str,
    },
    /// The first row holds only numbers, so it is data rather than column names.
    #[error(
        "The first line (\"{first_line}\") holds only numbers, but the first line must name \
         the columns. Add a line with the column names at the top of the file, one name per \
         column, separated as the rows are: for its {columns} columns, for example \
         {example}."
    )]
    NoHeader {
        /// The header line, shortened.
        first_line: String,
        /// How many fields that line holds.
        columns: usize,
        /// Names for them, quoted: "x1", "x2" and "labeled".
        example: String,
    },
    /// The header has more than [`MAX_COLUMNS`](super::MAX_COLUMNS) columns.
    #[error(
        "The header has {found} columns, more than the limit of {limit}. Keep at most \
         {limit} columns in the file."
    )]
    TooManyColumns {
        /// Columns in the header.
        found: usize,
        /// The limit, [`MAX_COLUMNS`](super::MAX_COLUMNS).
        limit: usize,
    },
    /// A column named in [`CsvColumns`](super::CsvColumns) is not in the header.
    #[error(
        "The file has no column \"{name}\", which was chosen as {role}.{} The header names \
         these columns: {}. Choose one of them, or rename the column in the file.",
        case_twin(.name, .available),
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
    #[error("{at}: {}{}", cell_verdict(.value), non_numeric_advice(.value))]
    NonNumeric {
        /// Where the cell is.
        at: CellAt,
        /// The cell, shortened; empty for an empty cell.
        value: String,
    },
    /// A cell of a chosen feature column is not a number, and the column
    /// cannot be read as categories, for the reason `why` gives.
    #[error("{at}: \"{value}\" is not a number, {}", not_categories_reason(.why))]
    NotCategories {
        /// Where the first cell that is not a number is.
        at: CellAt,
        /// That cell, shortened.
        value: String,
        /// Why the column is not read as categories.
        why: NotCategoriesWhy,
    },
    /// A cell of a column of dates written day or month first is no date in
    /// the column's order.
    #[error("{at}: {}", not_a_date(.value, *.dates, *.chosen, *.time_wrong))]
    NotADate {
        /// Where the cell is.
        at: CellAt,
        /// The cell, shortened.
        value: String,
        /// The column's order.
        dates: DateOrder,
        /// The user named the order ([`DateOrderChoice`](super::DateOrderChoice)),
        /// the column did not show it, and the cell reads in the other one:
        /// the choice may be wrong.
        chosen: bool,
        /// Its date reads in that order, but not its time of day.
        time_wrong: bool,
    },
    /// The chosen columns of categories give the model too many inputs.
    #[error(
        "The chosen feature columns give {inputs} inputs (each column of categories one per \
         value), more than the limit of {limit}. Choose fewer columns of categories."
    )]
    TooManyInputs {
        /// Inputs the chosen columns give.
        inputs: usize,
        /// The limit, [`MAX_COLUMNS`](super::MAX_COLUMNS).
        limit: usize,
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
         cell; for a column of class names, choose the value that means positive, so that \
         every other value counts as negative; or leave out the truth column.",
        shown(.value),
        TRUTH_VALUES.accepted()
    )]
    InvalidTruth {
        /// Where the cell is.
        at: CellAt,
        /// The cell, shortened; empty for an empty cell.
        value: String,
    },
    /// Every ground-truth cell is missing (empty, NA, …).
    #[error(
        "Column \"{column}\" holds no true class in any of its {rows} rows, so it cannot be \
         the truth column: choose no truth column, or fill in the classes."
    )]
    NoTrueClass {
        /// The truth column, shortened.
        column: String,
        /// The data rows read.
        rows: usize,
    },
    /// The header is followed by no data.
    #[error("The file has a header but no data rows. Add one line per example below the header.")]
    NoDataRows,
    /// No row is a labeled positive.
    #[error(
        "No row is marked as a labeled positive. {0} Mark the known positives in this \
         column, or choose the column or value that marks them."
    )]
    NoLabeledPositives(ColumnSummary),
    /// Every row is a labeled positive.
    #[error(
        "Every row is marked as a labeled positive, so none is unlabeled. {} PU learning \
         needs unlabeled rows too: add them, or check the choice of labeled column and value.",
        .0.every_row_marked()
    )]
    NoUnlabeledRows(ColumnSummary),
    /// No row's true class is positive, although the labeled rows are positives.
    #[error(
        "No row's true class is positive, yet the labeled rows are positives. {0} Choose \
         the value that means positive (for a column of class names, the class the labeled \
         rows belong to), or check the choice of truth column."
    )]
    NoTruePositives(ColumnSummary),
    /// No feature column is chosen, or every one is constant.
    #[error("{}", no_features_message(.constant, .unchosen))]
    NoFeatures {
        /// The feature columns dropped for being constant; empty when none was chosen.
        constant: Vec<String>,
        /// When none was chosen: the file's columns besides the labeled and
        /// truth ones, which the choice left out.
        unchosen: Vec<String>,
    },
    /// A file to score has more data rows than a model scores at once
    /// ([`max_scored_rows`](super::max_scored_rows)); a file to train on is
    /// read as a sample instead.
    #[error(
        "The file has {found} data rows, more than the {limit} this model scores at once: split \
         it into files of at most {limit} rows, each with the header line and a column that \
         names its rows (each file's scores number its rows from 1), and score each."
    )]
    TooManyRows {
        /// Data rows in the file.
        found: usize,
        /// The limit.
        limit: usize,
    },
    /// An error in the random sample of a file of more than
    /// [`MAX_ROWS`](super::MAX_ROWS) data rows that a run reads: its counts
    /// are the sample's.
    #[error(
        "In the random sample of {} of the file's {total} data rows that a run reads: {error}",
        super::MAX_ROWS
    )]
    InSample {
        /// Data rows in the file.
        total: usize,
        /// What is wrong in the sample.
        error: Box<CsvError>,
    },
}

impl CsvError {
    /// True when what the error says was judged over every row of a
    /// sampled file, not over its sample alone: the order a column's dates
    /// show (see [`read_csv`](super::read_csv)); the cell it points at is
    /// the sample's.
    pub fn judged_over_every_row(&self) -> bool {
        matches!(
            self,
            Self::NotCategories {
                why: NotCategoriesWhy::DatesInNoOrder | NotCategoriesWhy::DatesInTwoOrders { .. },
                ..
            }
        )
    }

    /// True when the error asks the user to choose what to do with missing
    /// values (the page's "Missing values", the command line's `--missing`).
    pub fn is_about_missing_values(&self) -> bool {
        match self {
            Self::EmptyCells { .. } => true,
            Self::NonNumeric { value, .. } => is_missing(value),
            Self::InSample { error, .. } => error.is_about_missing_values(),
            _ => false,
        }
    }

    /// The command line's flag for the choice the message asks for in the
    /// page's words, as a sentence to add to it, if it asks for one.
    pub fn command_line_hint(&self) -> Option<&'static str> {
        match self {
            _ if self.is_about_missing_values() => {
                Some("On the command line: --missing drop or --missing mean.")
            }
            Self::EveryRowHasGaps { .. } => Some("On the command line: --missing mean."),
            Self::NotADate {
                chosen: true,
                time_wrong: false,
                dates: DateOrder::DayFirst,
                ..
            } => Some("On the command line: --date-order month-first."),
            Self::NotADate {
                chosen: true,
                time_wrong: false,
                dates: DateOrder::MonthFirst,
                ..
            } => Some("On the command line: --date-order day-first."),
            Self::NotCategories {
                why: NotCategoriesWhy::DatesInNoOrder | NotCategoriesWhy::DatesInTwoOrders { .. },
                ..
            } => Some("On the command line: --date-order day-first or --date-order month-first."),
            Self::NotADate { .. } => Some(
                "On the command line, once the cell is empty: --missing drop or --missing mean.",
            ),
            Self::NotCategories {
                why: NotCategoriesWhy::Infinite,
                ..
            } => Some(
                "On the command line, once those cells are empty: --missing drop or --missing \
                 mean.",
            ),
            Self::InvalidLabeled { .. } => {
                Some("On the command line: --labeled-value VALUE names the value.")
            }
            Self::InvalidTruth { .. } => Some(
                "On the command line: --truth-value VALUE names the value that means positive.",
            ),
            Self::InSample { error, .. } => error.command_line_hint(),
            _ => None,
        }
    }

    /// The message for scoring a file with a saved model: its choice for
    /// missing values fills with the model's training means, dropping every
    /// row leaves nothing to score, a text cell cannot be left out with its
    /// column, which the model reads, and a file too large is split, not
    /// sampled, for every row to be scored.
    pub fn when_scoring(&self) -> String {
        match self {
            Self::FileTooLarge { .. } => self.to_string().replace(
                SMALLER_FILE_ADVICE,
                "Split it into smaller files, each with the header line, and score each (or \
                 leave out the columns the model does not read).",
            ),
            Self::EveryRowHasGaps { rows } => format!(
                "All {rows} rows have a missing feature value, so dropping them leaves nothing \
                 to score. Fill the gaps with the training rows' mean instead, or fill them in."
            ),
            _ if self.is_about_missing_values() => self.to_string().replace(
                MISSING_ADVICE,
                "Fill in the missing values, or choose what to do with them under \"Missing \
                 values\": drop those rows, or fill each with its column's mean over the model's \
                 training rows.",
            ),
            Self::NonNumeric { .. } => self.to_string().replace(
                TEXT_IN_FEATURE_ADVICE,
                "The model reads this column as a feature, so every cell of it must hold a \
                 number: fix the value, or remove the row.",
            ),
            _ => self.to_string(),
        }
    }
}

/// " Column "MEAN_RADIUS" differs from it only in case." where one of
/// `available` is `name` but for the case of its letters; else nothing.
pub fn case_twin(name: &str, available: &[String]) -> String {
    available
        .iter()
        .find(|column| column.to_lowercase() == name.to_lowercase())
        .map(|column| format!(" Column \"{column}\" differs from it only in case."))
        .unwrap_or_default()
}

/// A cell value quoted for a message, or "an empty cell".
fn shown(value: &str) -> String {
    if value.is_empty() {
        "an empty cell".to_owned()
    } else {
        format!("\"{value}\"")
    }
}

/// What a feature cell that is not a number holds, as a sentence: "an
/// empty cell is not a number.", "\"NA\" marks a missing value.".
fn cell_verdict(value: &str) -> String {
    if !value.is_empty() && is_missing(value) {
        format!("\"{value}\" marks a missing value.")
    } else {
        format!("{} is not a number.", shown(value))
    }
}

/// What to do about missing feature values, in the page's words (the
/// command line adds its flag: [`CsvError::is_about_missing_values`]).
const MISSING_ADVICE: &str = "Fill in the missing values, or choose what to do with them under \
     \"Missing values\": drop those rows, or fill each with its column's mean.";

/// What to do about a file too large to train on.
const SMALLER_FILE_ADVICE: &str = "Use a sample of its rows, or fewer columns.";

/// What to do about a feature cell holding text, in training.
const TEXT_IN_FEATURE_ADVICE: &str =
    "Feature cells must hold numbers: fix the value, or leave this column out of the features.";

/// What to do about a feature cell that is not a number.
fn non_numeric_advice(value: &str) -> String {
    if is_missing(value) {
        format!(" {MISSING_ADVICE}")
    } else if DecimalMark::PointOrComma.is_finite_number(value) {
        " It looks like a decimal comma, which a file separated by commas cannot use: save it \
         with decimal points (1.5, not 1,5), or with semicolons between its columns."
            .into()
    } else {
        format!(" {TEXT_IN_FEATURE_ADVICE}")
    }
}

/// Why a chosen column of text is not read as categories
/// ([`CsvError::NotCategories`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotCategoriesWhy {
    /// It holds more than [`MAX_CATEGORIES`] values, or one longer than
    /// [`MAX_LISTED_LENGTH`] bytes.
    TooMany,
    /// Its `cells` cells (missing ones aside) hold `distinct` values, more
    /// than [`MAX_LISTED_VALUES`] and fewer than two cells a value on
    /// average ([`are_categories`](super::are_categories)), as names and
    /// identifiers do.
    Unrepeated {
        /// The distinct values.
        distinct: usize,
        /// The cells.
        cells: usize,
    },
    /// Its cells that are not numbers are dates, in a form not read.
    Dates,
    /// Its cells are dates written day or month first, and some show the
    /// one order, some the other (a first part past 12, a second).
    DatesInTwoOrders {
        /// The first cell written day first, shortened.
        day_first: String,
        /// The first cell written month first, shortened.
        month_first: String,
    },
    /// Its cells are dates written day or month first, none with a part
    /// past 12 to show which.
    DatesInNoOrder,
    /// Its cells that are not numbers are numbers with a unit ("12 kg"),
    /// too many different ones to be categories.
    Units,
    /// Its cells that are not numbers are infinite values ("inf", as
    /// pandas writes a division by zero), which no feature can hold.
    Infinite,
    /// It holds numbers, `numbers` of its `cells` cells (missing ones
    /// aside): the others are typos, not categories.
    MostlyNumbers {
        /// Its cells that are numbers.
        numbers: usize,
        /// Its cells.
        cells: usize,
    },
}

/// [`CsvError::NotADate`]'s message after the cell's place.
fn not_a_date(value: &str, dates: DateOrder, chosen: bool, time_wrong: bool) -> String {
    const FIX_OR_EMPTY: &str = "fix it, or empty it and choose what to do with missing values.";
    if time_wrong {
        return format!(
            "the time of day in \"{value}\" cannot be read (write it as 14:05, 14:05:30 or \
             2:05 PM): {FIX_OR_EMPTY}"
        );
    }
    let not_in_order = format!("\"{value}\" is not a date written {}", dates.words());
    if chosen {
        format!(
            "{not_in_order}, the order chosen for the file's dates: choose the order its column \
             is written in, or fix the cell."
        )
    } else {
        format!("{not_in_order}, as the column's dates are read: {FIX_OR_EMPTY}")
    }
}

/// The rest of [`CsvError::NotCategories`]' message, after "is not a
/// number": why, and what to do.
fn not_categories_reason(why: &NotCategoriesWhy) -> String {
    match why {
        NotCategoriesWhy::TooMany => format!(
            "and the column holds more than {MAX_CATEGORIES} different values (or one longer \
             than {MAX_LISTED_LENGTH} bytes), too many to read as categories, each its own 0/1 \
             input. Leave this column out of the features, or group its values into at most \
             {MAX_CATEGORIES} in the file."
        ),
        NotCategoriesWhy::Unrepeated { distinct, cells } => format!(
            "and the column's {cells} cells hold {distinct} different values, fewer than two \
             cells a value on average, as names and identifiers do: more than \
             {MAX_LISTED_VALUES} values are read as categories only where each is held by two \
             cells on average. Leave this column out of the features."
        ),
        NotCategoriesWhy::Dates => "and dates are read, as their days since 1970-01-01, only \
             when written year first (2023-01-10), or day or month first with a \
             four-digit year in a column where a part past 12 shows which is the day \
             (15/01/2023): write each year first, or as a number (the year, or the days since a \
             first date)."
            .to_owned(),
        NotCategoriesWhy::DatesInTwoOrders {
            day_first,
            month_first,
        } => format!(
            "and the column's dates are written in two orders, some day first (\"{day_first}\", \
             a first part past 12) and some month first (\"{month_first}\", a second part past \
             12): write each year first (2023-01-10) to read it as its days since 1970-01-01, or \
             fix the dates written in the other order and choose the order under \"Dates \
             written\"."
        ),
        NotCategoriesWhy::DatesInNoOrder => "and no date in the column has a part past 12 to \
             show whether it is written day or month first: choose the order the file's dates \
             are written in (\"Dates written\"), or write each year first (2023-01-10), to read \
             it as its days since 1970-01-01."
            .to_owned(),
        NotCategoriesWhy::Units => "and the column holds numbers with a unit, too many \
             different ones to read as categories: write the numbers alone in the file, the \
             unit in the column's name, to use it, or leave this column out of the features."
            .to_owned(),
        NotCategoriesWhy::Infinite => "but an infinity (what a division by zero gives), which \
             no feature can hold: empty the column's infinite cells and choose what to do with \
             missing values, or leave this column out of the features."
            .to_owned(),
        NotCategoriesWhy::MostlyNumbers { numbers, cells } => {
            let others = cells - numbers - 1;
            let fix = match others {
                0 => "fix it".to_owned(),
                1 => "fix it and the column's 1 other cell that is not a number".to_owned(),
                _ => format!("fix it and the column's {others} other cells that are not numbers"),
            };
            format!(
                "though {numbers} of the column's {cells} cells are: {fix}, or leave this \
                 column out of the features."
            )
        }
    }
}

/// Where the first empty cells are, for [`CsvError::EmptyCells`]: "line 2
/// (data row 1), column \"x\"; line 3 …", after a colon.
fn located(first: &[CellAt], count: usize) -> String {
    let places: Vec<String> = first
        .iter()
        .map(|at| at.to_string().replacen("Line", "line", 1))
        .collect();
    let more = count.saturating_sub(first.len());
    if more > 0 {
        format!("{} and {more} more", places.join("; "))
    } else {
        places.join("; ")
    }
}

/// The message for [`CsvError::NoFeatures`].
fn no_features_message(constant: &[String], unchosen: &[String]) -> String {
    if !unchosen.is_empty() {
        format!(
            "No feature columns are chosen: none of the file's other columns ({}) is a feature \
             (a note says why any was left out). A feature must be a number that varies between \
             rows: choose such a column as a feature, or add one to the file.",
            quoted_list(unchosen, MAX_SHOWN_COLUMNS)
        )
    } else if constant.is_empty() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::CsvColumns;
    use crate::data::csv::test_support::{at, read_err};
    use crate::user_text::MAX_SHOWN_CHARS;

    #[test]
    fn long_column_lists_are_shortened() {
        let names: Vec<String> = (0..40).map(|i| format!("c{i}")).collect();
        let listed = quoted_list(&names, MAX_SHOWN_COLUMNS);
        assert!(listed.starts_with("\"c0\", \"c1\""));
        assert!(listed.ends_with("\"c29\" and 10 more"));
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
        let (_, message) = read_err("x,labeled\n\"1,5\",1\n", &CsvColumns::default());
        assert!(
            message.contains("\"1,5\" is not a number. It looks like a decimal comma"),
            "{message}"
        );
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
    fn long_names_are_clipped_in_messages() {
        let long = "n".repeat(1_000_000);
        let clipped = format!("{}…", "n".repeat(MAX_SHOWN_CHARS));
        let text = format!("{long},labeled,{long}\n1,1,2\n2,0,x\n");
        let (err, message) = read_err(&text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(3, 2, &clipped),
                value: "x".to_owned(),
            }
        );
        assert!(message.len() < 300, "{}", message.len());
        let text = format!("{long},labeled,{long}\n1,1,2\n2,0,3\n");
        let data = crate::data::csv::read_csv(text.as_bytes(), &CsvColumns::default()).unwrap();
        assert!(data.warnings[0].len() < 400, "{}", data.warnings[0].len());
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
}

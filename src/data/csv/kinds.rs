//! Guessing what each column holds, for the preview the user picks the
//! columns from.

use super::date_order_choice::DateOrderChoice;
use super::distinct::DistinctValues;
use super::encoding::utf16_decoded;
use super::error::CsvError;
use super::flags::{LABELED_FLAGS, TRUTH_VALUES};
use super::listed_values::ListedValues;
use super::missing::is_missing;
use super::number::DecimalMark;
use super::reader::Rows;
use super::shown_rows::ShownRows;
use super::table::{Table, Width};
use super::text_shape::{DatesShown, TextLook, TextShape};
use super::value_rule::equal_ignoring_case;
use super::written_date::{OrderEvidence, ReadOrder};
use super::{MAX_LISTED_VALUES, are_categories};
use crate::user_text::clip;

/// A quick look at a file before the user picks columns (for the app's preview).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct CsvPreview {
    /// Field separator, detected from the header or named by a first line
    /// `sep=;`: `b','`, `b';'` or `b'\t'`.
    pub delimiter: u8,
    /// A comma inside a number is its decimal mark, as in files separated
    /// by semicolons or tabs ("1,5" is 1.5).
    pub decimal_comma: bool,
    /// Column names, trimmed.
    pub header: Vec<String>,
    /// The first data rows, trimmed cells.
    pub rows: ShownRows,
    /// Each column's kind, judged over the whole file.
    pub kinds: Vec<ColumnKind>,
    /// Per column: it has a value and every value is a finite number (0/1 flags
    /// included), so it can be a feature; missing cells do not count.
    pub numeric: Vec<bool>,
    /// Per column: its distinct values, missing ones (empty, NA, …) left
    /// out, in the order they first appear, each with how many cells hold
    /// it, when it has at most [`MAX_LISTED_VALUES`](super::MAX_LISTED_VALUES),
    /// none longer than [`MAX_LISTED_LENGTH`](super::MAX_LISTED_LENGTH)
    /// bytes (the classes or marks a labeled or truth column may hold);
    /// none otherwise.
    pub values: ListedValues,
    /// Per column: how many distinct values it holds, missing ones left
    /// out, where at most [`MAX_CATEGORIES`](super::MAX_CATEGORIES), none
    /// longer than [`MAX_LISTED_LENGTH`](super::MAX_LISTED_LENGTH) bytes
    /// (numbers included: see [`CsvPreview::categories`] for columns of
    /// text read as categories); None otherwise.
    #[serde(default)]
    pub distinct_values: Vec<Option<usize>>,
    /// Per column: some cell is missing (empty, NA, …), anywhere in the file.
    pub missing: Vec<bool>,
    /// Number of data rows in the whole file.
    pub total_rows: usize,
    /// Per column: where it holds numbers but for a few cells
    /// (`MOSTLY_NUMBERS`), the first of those, so that a typo is not
    /// taken for a text column.
    #[serde(default)]
    pub strays: Vec<Option<Box<StrayCell>>>,
    /// The columns that mark rows, each with the columns that agree with
    /// it: see [`CsvPreview::agreeing_columns`].
    #[serde(default)]
    agreeing: Vec<(usize, Vec<usize>)>,
    /// Per column: it counts the rows, its cells whole numbers going up by
    /// one from each row to the next over at least `MIN_COUNTED_ROWS`
    /// rows, as a row number or a written index does.
    #[serde(default)]
    pub counts_rows: Vec<bool>,
    /// Per column: what its cells that are not numbers look like, with the
    /// first of them; None where every cell is a number or missing.
    #[serde(default)]
    pub text_looks: Vec<Option<Box<TextLook>>>,
}

/// Fewest rows a column of whole numbers going up by one must have to be
/// taken for a row count rather than a feature that happens to climb.
pub const MIN_COUNTED_ROWS: usize = 20;

/// Most flag columns whose agreement with each other a preview works out
/// (and most columns of two classes it checks against them).
pub const MAX_AGREEING_FLAGS: usize = 16;

/// Fewest rows a flag column must mark, each holding a class, for a column
/// of two classes that holds one on all of them to count as agreeing with
/// it: a class that only happens to fall that way on every marked row is
/// then unlikely (one chance in 2⁹ for an even split).
pub const MIN_AGREEING_ROWS: usize = 10;

/// Share of a column's cells (missing ones aside) that must be finite
/// numbers for the others to be taken as stray cells in a column of numbers.
pub const MOSTLY_NUMBERS: f64 = 0.9;

/// Whether a column whose `cells` non-missing cells hold `numbers` finite
/// numbers holds numbers with a few stray cells ([`MOSTLY_NUMBERS`]): a
/// typo to fix, not a column of categories.
pub(super) fn mostly_numbers(numbers: usize, cells: usize) -> bool {
    numbers as f64 >= MOSTLY_NUMBERS * cells as f64
}

/// A column's non-missing cells counted, as the preview and the read of
/// categories count them: how many, how many are finite numbers, and what
/// the others look like.
#[derive(Clone)]
pub(super) struct CellCounts {
    /// The file's decimal mark.
    decimal: DecimalMark,
    /// Non-missing cells, and those that are finite numbers.
    pub(super) cells: usize,
    pub(super) numbers: usize,
    /// What the cells that are not numbers look like, once there is one.
    pub(super) shape: Option<TextShape>,
    /// What those cells show about the order of dates written day or
    /// month first.
    dates: OrderEvidence,
}

impl CellCounts {
    /// None counted yet, in a file with this decimal mark.
    pub(super) fn new(decimal: DecimalMark) -> Self {
        CellCounts {
            decimal,
            cells: 0,
            numbers: 0,
            shape: None,
            dates: OrderEvidence::default(),
        }
    }

    /// Counts a trimmed cell that is not missing; true where it is a
    /// finite number.
    pub(super) fn observe(&mut self, cell: &str) -> bool {
        self.cells += 1;
        let number = self.decimal.is_finite_number(cell);
        if number {
            self.numbers += 1;
        } else {
            let shape = TextShape::of(cell, self.decimal);
            self.shape = Some(self.shape.map_or(shape, |s| s.and(shape)));
            self.dates.observe(cell);
        }
        number
    }

    /// What the column's dates show of their order, where every cell is a
    /// date written day or month first with a four-digit year.
    pub(super) fn dates_shown(&self) -> Option<&DatesShown> {
        if self.numbers > 0 {
            return None;
        }
        self.dates.shown()
    }

    /// The order the column's dates are read in: the one they show
    /// ([`DatesShown::order`]), else (where they show none, or both) the
    /// one `choice` names; none where the column holds no such dates.
    pub(super) fn date_order(&self, choice: DateOrderChoice) -> Option<ReadOrder> {
        let shown = self.dates_shown()?;
        Some(match shown.order() {
            Some((order, _)) => ReadOrder {
                order,
                chosen: false,
            },
            None => ReadOrder {
                order: choice.order()?,
                chosen: true,
            },
        })
    }

    /// Takes a trimmed cell of a row outside the file's sample: where it is
    /// a date written day or month first, what it shows of their order.
    pub(super) fn observe_date_order(&mut self, cell: &str) {
        self.dates.observe_date(cell);
    }

    /// The cells are numbers but for a few ([`mostly_numbers`]).
    pub(super) fn mostly_numbers(&self) -> bool {
        mostly_numbers(self.numbers, self.cells)
    }
}

/// The first cell that is not a finite number in a column of numbers.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct StrayCell {
    /// The line of the file its row starts on, counted as the reader's
    /// messages count them.
    pub line: u64,
    /// Its text, trimmed, as messages quote it ([`clip`]).
    pub cell: String,
    /// The column's cells that are finite numbers.
    pub numbers: usize,
    /// The column's cells, missing ones aside.
    pub cells: usize,
}

/// What a column holds, judged over all its non-blank cells.
///
/// Rule: a column with no non-blank cell is `Empty`; one whose cells all parse as
/// labeled flags (1/0, 1/-1, true/false, yes/no, y/n, P/U) or all as ground-truth
/// values (the same plus P/N, pos/neg, positive/negative) is `Flag`, even if they are
/// also numbers, as 0/1 are, but one holding both 0 and -1 (a -1/0/1 scale) is not; one whose cells are all finite numbers is `Numeric`; anything
/// else is `Text`. Blank cells do not change the kind (but
/// [`read_csv`](super::read_csv) refuses blank feature cells).
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
/// The same errors as [`read_csv`](super::read_csv) for encoding, header,
/// separator and ragged-row problems, and for a file with no data rows.
/// A file of more than [`MAX_ROWS`](super::MAX_ROWS) rows is previewed
/// whole; `total_rows` counts them all. A file of many columns and few
/// bytes is read once for each group of columns whose tallies its size
/// pays for (a few dozen at the least), so that its preview costs memory
/// in proportion to its size.
pub fn preview_csv(bytes: &[u8], max_rows: usize) -> Result<CsvPreview, CsvError> {
    let bytes = utf16_decoded(bytes)?;
    let Table {
        delimiter,
        decimal,
        header,
        mut rows,
        ..
    } = Table::open(&bytes, Width::AtLeastTwo)?;
    let width = header.len();
    let mut preview = CsvPreview {
        delimiter,
        decimal_comma: decimal == DecimalMark::PointOrComma,
        header,
        rows: ShownRows::default(),
        kinds: Vec::with_capacity(width),
        numeric: Vec::with_capacity(width),
        values: ListedValues::with_capacity(width),
        distinct_values: Vec::with_capacity(width),
        missing: Vec::with_capacity(width),
        total_rows: 0,
        strays: Vec::with_capacity(width),
        agreeing: Vec::new(),
        counts_rows: Vec::with_capacity(width),
        text_looks: Vec::with_capacity(width),
    };
    let data_start = rows.mark();
    // The columns are tallied a group at a time, a pass over the rows
    // each, as many at once as the file's size pays for.
    let group = width.min(MIN_TALLIED_AT_ONCE.max(bytes.len() / TALLY_BYTES));
    for first in (0..width).step_by(group.max(1)) {
        let mut tallies = vec![KindTally::new(decimal); group.min(width - first)];
        rows.rewind(&data_start);
        while let Some((line, record)) = rows.next_row()? {
            if first == 0 {
                preview.total_rows += 1;
                if preview.rows.len() < max_rows {
                    preview.rows.push(record);
                }
            }
            let cells = record.get(first..).unwrap_or_default();
            for (tally, cell) in tallies.iter_mut().zip(cells) {
                tally.observe(line, cell.trim());
            }
        }
        // Every column's kind would be "empty", and guesses made of that wrong.
        if preview.total_rows == 0 {
            return Err(CsvError::NoDataRows);
        }
        for tally in tallies {
            preview.add_column(tally);
        }
    }
    rows.rewind(&data_start);
    preview.agreeing = agreeing_columns(&mut rows, &preview)?;
    Ok(preview)
}

/// Fewest columns a preview tallies in one pass over the rows.
const MIN_TALLIED_AT_ONCE: usize = 64;

/// Bytes of file that pay for one more column tallied in the same pass:
/// about what a column's tally holds while the rows are read.
const TALLY_BYTES: usize = 256;

impl CsvPreview {
    /// For a column that marks rows as a labeled column does (the first
    /// `MAX_AGREEING_FLAGS` flag columns, marking with 1, yes, true, y or
    /// P, the first as many text columns of two classes, marking with the
    /// rarer, and as many of one word beside blank cells, marking with the
    /// word), the other columns that hold one class on every row it marks,
    /// as a truth column does on the labeled rows: flag columns, and those
    /// text columns of two classes where it marks at least
    /// [`MIN_AGREEING_ROWS`] rows holding one; None for other columns.
    pub fn agreeing_columns(&self, column: usize) -> Option<&[usize]> {
        self.agreeing
            .iter()
            .find(|(marker, _)| *marker == column)
            .map(|(_, agreeing)| agreeing.as_slice())
    }

    /// Adds the next column, judged by its tally over every row.
    fn add_column(&mut self, tally: KindTally) {
        self.kinds.push(tally.kind());
        self.numeric.push(!tally.blank && tally.numeric);
        self.missing.push(tally.missing);
        self.counts_rows.push(tally.counts_rows());
        self.distinct_values
            .push(tally.values.as_ref().map(DistinctValues::len));
        self.values
            .push_column(tally.listed().into_iter().flatten());
        self.strays.push(tally.stray().map(Box::new));
        self.text_looks.push(tally.into_text_look().map(Box::new));
    }

    /// How many values column `column` holds where it is a column of words
    /// that reads as categories once chosen as a feature: more than one
    /// ([`are_categories`](super::are_categories)), and not numbers with a
    /// few stray cells (`MOSTLY_NUMBERS`); None otherwise.
    pub fn categories(&self, column: usize) -> Option<usize> {
        let look = self.text_looks.get(column)?.as_ref()?;
        let count = (*self.distinct_values.get(column)?)?;
        // Numbers with a unit are words here: a column of "4WD" and "2WD".
        let words = matches!(look.shape, TextShape::Words | TextShape::WithUnit)
            && !mostly_numbers(look.numbers, look.cells);
        (words && count > 1 && are_categories(count, look.cells)).then_some(count)
    }

    /// Whether a column holds dates written day or month first with a
    /// four-digit year, whose order a choice of it ([`DateOrderChoice`])
    /// settles.
    pub fn has_dates_day_or_month_first(&self) -> bool {
        self.text_looks
            .iter()
            .flatten()
            .any(|look| look.dates_shown.is_some())
    }

    /// The two classes a column holds ignoring case, each as first spelled
    /// and with how many cells hold it, where it holds two; None otherwise
    /// (or where its values are not listed).
    pub fn two_classes(&self, column: usize) -> Option<[(&str, usize); 2]> {
        two_of(&self.values.counted(column))
    }

    /// Whether the column is a flag column that spells one class in every
    /// row (`1` throughout, no gaps, as an export's `active` column may):
    /// it tells no row from another, so it can neither mark the labeled
    /// rows nor hold the true class.
    pub fn one_flag_everywhere(&self, column: usize) -> bool {
        let class = |value: &str| {
            LABELED_FLAGS
                .parse(value)
                .or_else(|| TRUTH_VALUES.parse(value))
        };
        let values = self.values.of(column);
        self.kinds.get(column) == Some(&ColumnKind::Flag)
            && !self.missing.get(column).copied().unwrap_or(true)
            && values
                .first()
                .is_some_and(|first| values.iter().all(|v| class(v) == class(first)))
    }
}

/// The distinct `values` (each with the cells that hold it) grouped
/// ignoring case, each as first spelled with its cells, where they are two
/// groups.
fn two_of<'a>(values: &[(&'a str, usize)]) -> Option<[(&'a str, usize); 2]> {
    let mut classes: Vec<(&str, usize)> = Vec::new();
    for &(value, count) in values {
        match classes
            .iter_mut()
            .find(|(class, _)| equal_ignoring_case(class, value))
        {
            Some((_, total)) => *total += count,
            None => classes.push((value, count)),
        }
    }
    <[_; 2]>::try_from(classes).ok()
}

/// The two classes of a text column that holds two, ignoring case.
struct TwoClasses {
    /// The classes, lower-cased, in the order they first appear.
    names: [String; 2],
    /// Which marks rows, as a labeled column's rarer word does: true for
    /// the second; None where both are as common.
    rarer: Option<bool>,
}

impl TwoClasses {
    /// The classes of a column whose values (as [`CsvPreview::values`]
    /// lists them, each with the cells that hold it) are two ignoring case.
    fn of(values: &[(&str, usize)]) -> Option<Self> {
        let [(first, first_count), (second, second_count)] = two_of(values)?;
        Some(TwoClasses {
            names: [first.to_lowercase(), second.to_lowercase()],
            rarer: (first_count != second_count).then_some(second_count < first_count),
        })
    }

    /// Which class the cell holds (true for the second); None where it
    /// holds neither (a missing cell).
    fn class_of(&self, cell: &str) -> Option<bool> {
        let [first, second] = &self.names;
        if equal_ignoring_case(cell, first) {
            Some(false)
        } else {
            equal_ignoring_case(cell, second).then_some(true)
        }
    }
}

/// A column [`agreeing_columns`] reads on the rows a column marks.
struct Compared {
    /// Its place in the file.
    column: usize,
    /// How its cells read.
    reading: Reading,
}

/// How [`agreeing_columns`] reads a column's cells.
enum Reading {
    /// A flag column; where it holds one class beside blank cells (`yes`
    /// or nothing), that class: its blank cells hold the other.
    Flags { marks_with_blanks: Option<bool> },
    /// A text column of two classes.
    Classes(TwoClasses),
    /// A text column of one word beside blank cells (`x` or nothing): it
    /// marks the rows holding the word, and is compared with nothing.
    Word(String),
}

impl Compared {
    /// The class a cell holds: a truth value for a flag column (a blank one
    /// the other class of a column that marks with one value and leaves
    /// the rest blank), else which of its two classes, or whether it holds
    /// a column's one word; None where missing.
    fn class_of(&self, cell: &str) -> Option<bool> {
        match &self.reading {
            Reading::Flags { marks_with_blanks } => TRUTH_VALUES
                .parse(cell)
                .or_else(|| marks_with_blanks.map(|class| !class)),
            Reading::Classes(two) => two.class_of(cell),
            Reading::Word(word) => Some(equal_ignoring_case(cell, word)),
        }
    }

    /// Whether the column marks the row of this cell, as a labeled column
    /// does: with a labeled flag's yes, the rarer of two classes, or a
    /// column's one word.
    fn marks(&self, cell: &str) -> bool {
        match &self.reading {
            Reading::Flags { .. } => LABELED_FLAGS.parse(cell) == Some(true),
            Reading::Classes(two) => two.rarer.is_some() && two.class_of(cell) == two.rarer,
            Reading::Word(word) => equal_ignoring_case(cell, word),
        }
    }

    /// Whether it can agree with a marker, as a truth column would: a flag
    /// column always, one of two classes on at least [`MIN_AGREEING_ROWS`]
    /// marked rows, one of one word never.
    fn can_agree(&self, rows: usize) -> bool {
        match self.reading {
            Reading::Flags { .. } => true,
            Reading::Classes(_) => rows >= MIN_AGREEING_ROWS,
            Reading::Word(_) => false,
        }
    }
}

/// The one class every value of a column holds, where it also has missing
/// cells and lists its `values`: a column that marks some rows (`yes`) and
/// leaves the others blank.
fn one_class(values: &[&str], missing: bool) -> Option<bool> {
    let mut classes = values.iter().map(|value| TRUTH_VALUES.parse(value));
    let first = classes.next().filter(|_| missing)??;
    classes.all(|class| class == Some(first)).then_some(first)
}

/// [`CsvPreview::agreeing_columns`] of every column that marks rows, from
/// a second pass over the data rows, which [`preview_csv`] has read once
/// without an error, for a `preview` whose columns are judged.
fn agreeing_columns(
    rows: &mut Rows<'_>,
    preview: &CsvPreview,
) -> Result<Vec<(usize, Vec<usize>)>, CsvError> {
    let of_kind = |kind: ColumnKind| {
        (0..preview.kinds.len()).filter(move |&column| preview.kinds[column] == kind)
    };
    let flags = of_kind(ColumnKind::Flag)
        .map(|column| Compared {
            column,
            reading: Reading::Flags {
                marks_with_blanks: one_class(&preview.values.of(column), preview.missing[column]),
            },
        })
        .take(MAX_AGREEING_FLAGS);
    let of_classes = of_kind(ColumnKind::Text)
        .filter_map(|column| {
            let classes = TwoClasses::of(&preview.values.counted(column))?;
            Some(Compared {
                column,
                reading: Reading::Classes(classes),
            })
        })
        .take(MAX_AGREEING_FLAGS);
    let of_one_word = of_kind(ColumnKind::Text)
        .filter_map(|column| match preview.values.of(column).as_slice() {
            [word] if preview.missing[column] => Some(Compared {
                column,
                reading: Reading::Word(word.to_lowercase()),
            }),
            _ => None,
        })
        .take(MAX_AGREEING_FLAGS);
    let compared: Vec<Compared> = flags.chain(of_classes).chain(of_one_word).collect();
    // Columns that mark rows: the flag columns, those of two classes where
    // one is the rarer, and those of one word.
    let markers: Vec<&Compared> = compared
        .iter()
        .filter(|c| match &c.reading {
            Reading::Classes(two) => two.rarer.is_some(),
            _ => true,
        })
        .collect();
    if markers.is_empty() || compared.len() < 2 {
        return Ok(Vec::new());
    }
    // seen[m][c]: the classes (first, second) compared column c held on the
    // rows marker m marks, and on how many of them it held one.
    let mut seen = vec![vec![(false, false, 0usize); compared.len()]; markers.len()];
    while let Some((_, record)) = rows.next_row()? {
        let cell = |i: usize| record.get(i).map_or("", |cell| cell.trim());
        for (m, marker) in markers.iter().enumerate() {
            if !marker.marks(cell(marker.column)) {
                continue;
            }
            for (c, column) in compared.iter().enumerate() {
                let held = &mut seen[m][c];
                match column.class_of(cell(column.column)) {
                    Some(true) => held.1 = true,
                    Some(false) => held.0 = true,
                    None => continue,
                }
                held.2 += 1;
            }
        }
    }
    let agreeing = markers.iter().enumerate().map(|(m, marker)| {
        let columns = compared
            .iter()
            .enumerate()
            .filter(|&(c, column)| {
                let (first, second, rows) = seen[m][c];
                column.column != marker.column && first != second && column.can_agree(rows)
            })
            .map(|(_, column)| column.column)
            .collect();
        (marker.column, columns)
    });
    Ok(agreeing.collect())
}

/// Whether a column's non-blank cells are all numbers, labeled flags or
/// truth values, and which they are while they are few.
#[derive(Clone)]
struct KindTally {
    /// No non-blank cell seen yet.
    blank: bool,
    /// A missing cell seen.
    missing: bool,
    /// Every non-blank cell is a finite number.
    numeric: bool,
    /// Every non-blank cell is a labeled flag.
    labeled_flags: bool,
    /// Every non-blank cell is a truth value.
    truth_values: bool,
    /// A 0 seen, and a -1: both spell "no" as flags, so a column holding
    /// both (a -1/0/1 scale) is numbers, not flags.
    zero: bool,
    minus_one: bool,
    /// The distinct non-blank cells in the order they first appear, until
    /// there are more than [`MAX_CATEGORIES`](super::MAX_CATEGORIES) or one
    /// is longer than [`MAX_LISTED_LENGTH`](super::MAX_LISTED_LENGTH).
    values: Option<DistinctValues>,
    /// How many cells hold each of `values`, by its place.
    counts: Vec<u32>,
    /// Non-blank cells, those that are finite numbers, and the others' look.
    cell_counts: CellCounts,
    /// The first non-blank cell that is not a finite number, with its line.
    first_not_number: Option<(u64, String)>,
    /// The whole number the next cell must hold for the column to go on
    /// counting the rows; `Some(None)` before the first cell, None once it stops.
    next_count: Option<Option<i64>>,
}

impl KindTally {
    /// The tally of a column with no cells, in a file with this decimal mark.
    fn new(decimal: DecimalMark) -> Self {
        KindTally {
            blank: true,
            missing: false,
            numeric: true,
            labeled_flags: true,
            truth_values: true,
            zero: false,
            minus_one: false,
            values: Some(DistinctValues::default()),
            counts: Vec::new(),
            cell_counts: CellCounts::new(decimal),
            first_not_number: None,
            next_count: Some(None),
        }
    }

    /// Takes one trimmed cell, on `line`, into account.
    fn observe(&mut self, line: u64, cell: &str) {
        self.next_count = match (self.next_count, cell.parse::<i64>()) {
            (Some(None), Ok(first)) => first.checked_add(1).map(Some),
            (Some(Some(next)), Ok(value)) if value == next => next.checked_add(1).map(Some),
            _ => None,
        };
        if is_missing(cell) {
            self.missing = true;
            return;
        }
        self.blank = false;
        if !self.cell_counts.observe(cell) {
            self.numeric = false;
            if self.first_not_number.is_none() {
                self.first_not_number = Some((line, clip(cell)));
            }
        }
        self.labeled_flags &= LABELED_FLAGS.parse(cell).is_some();
        self.truth_values &= TRUTH_VALUES.parse(cell).is_some();
        self.zero |= matches!(cell, "0" | "0.0");
        self.minus_one |= matches!(cell, "-1" | "-1.0");
        if let Some(values) = &mut self.values {
            match values.position(cell).or_else(|| values.add(cell)) {
                Some(at) if at < self.counts.len() => self.counts[at] += 1,
                Some(_) => self.counts.push(1),
                None => {
                    self.values = None;
                    self.counts = Vec::new();
                }
            }
        }
    }

    /// The column's first stray cell, where it holds numbers but for a few.
    fn stray(&self) -> Option<StrayCell> {
        let (line, cell) = self.first_not_number.clone()?;
        self.cell_counts.mostly_numbers().then_some(StrayCell {
            line,
            cell,
            numbers: self.cell_counts.numbers,
            cells: self.cell_counts.cells,
        })
    }

    /// The distinct non-blank cells in the order they first appear, with
    /// how many cells hold each, where they are at most
    /// [`MAX_LISTED_VALUES`]: see [`CsvPreview::values`].
    fn listed(&self) -> Option<impl Iterator<Item = (&str, u32)>> {
        let values = self
            .values
            .as_ref()
            .filter(|v| v.len() <= MAX_LISTED_VALUES)?;
        Some(values.iter().zip(self.counts.iter().copied()))
    }

    /// What the column's cells that are not numbers look like: see
    /// [`CsvPreview::text_looks`].
    fn into_text_look(self) -> Option<TextLook> {
        Some(TextLook {
            shape: self.cell_counts.shape?,
            dates_shown: self.cell_counts.dates_shown().cloned().map(Box::new),
            numbers: self.cell_counts.numbers,
            cells: self.cell_counts.cells,
            example: self.first_not_number?.1,
        })
    }

    /// Whether the column counts the rows: see [`CsvPreview::counts_rows`].
    fn counts_rows(&self) -> bool {
        self.next_count.is_some() && self.cell_counts.cells >= MIN_COUNTED_ROWS
    }

    /// The column's kind, by the rule documented on [`ColumnKind`].
    fn kind(&self) -> ColumnKind {
        if self.blank {
            ColumnKind::Empty
        } else if (self.labeled_flags || self.truth_values) && !(self.zero && self.minus_one) {
            ColumnKind::Flag
        } else if self.numeric {
            ColumnKind::Numeric
        } else {
            ColumnKind::Text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::test_support::strings;
    use crate::data::csv::{MAX_LISTED_LENGTH, MAX_LISTED_VALUES};

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
            preview.rows.iter().collect::<Vec<_>>(),
            [
                ["a", "1.5", "1", "pos", "", "1"],
                ["b", "2", "0", "neg", "", "x"],
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
        let values: Vec<Vec<&str>> = (0..6).map(|c| preview.values.of(c)).collect();
        assert_eq!(
            values,
            [
                &["a", "b", "c"][..],
                &["1.5", "2"],
                &["1", "0", "U"],
                &["pos", "neg", "N"],
                &[],
                &["1", "x", "2"],
            ]
        );
        // x's gap is in a row past the two shown.
        assert_eq!(preview.missing, [false, true, false, false, true, false]);
        assert_eq!(preview.total_rows, 3);
    }

    #[test]
    fn a_wide_small_file_is_judged_a_group_of_columns_at_a_time_in_place() {
        // Three groups of MIN_TALLIED_AT_ONCE columns and a part: numbers,
        // flags and words in turn, one stray cell in the last column.
        let width = 3 * MIN_TALLIED_AT_ONCE + 5;
        assert!(width * 16 < MIN_TALLIED_AT_ONCE * TALLY_BYTES);
        let cell = |row: usize, column: usize| match column % 3 {
            _ if column == width - 1 && row == 2 => "oops".to_owned(),
            0 => format!("{}.5", row + column),
            1 => ["1", "0"][row % 2].to_owned(),
            _ => ["red", "blue", "green"][row % 3].to_owned(),
        };
        let header: Vec<String> = (0..width).map(|c| format!("c{c}")).collect();
        let mut text = header.join(",") + "\n";
        for row in 0..30 {
            let cells: Vec<String> = (0..width).map(|c| cell(row, c)).collect();
            text += &(cells.join(",") + "\n");
        }
        let preview = preview_csv(text.as_bytes(), 2).unwrap();
        let kind = |column: usize| match column % 3 {
            _ if column == width - 1 => ColumnKind::Text,
            0 => ColumnKind::Numeric,
            1 => ColumnKind::Flag,
            _ => ColumnKind::Text,
        };
        assert_eq!(preview.kinds, (0..width).map(kind).collect::<Vec<_>>());
        assert_eq!(preview.total_rows, 30);
        assert_eq!(preview.rows.len(), 2);
        assert_eq!(preview.rows.row(1).unwrap()[width - 4], "0");
        assert_eq!(
            preview.values.counted(width - 3),
            [("red", 10), ("blue", 10), ("green", 10)]
        );
        assert_eq!(preview.distinct_values[0], Some(30));
        let stray = preview.strays[width - 1].as_deref().unwrap();
        assert_eq!((stray.line, stray.cell.as_str()), (4, "oops"));
        assert!(preview.strays[..width - 1].iter().all(Option::is_none));
        // Each flag column marks the rows every other one marks.
        assert_eq!(preview.agreeing_columns(1).unwrap()[..2], [4, 7]);
    }

    #[test]
    fn a_column_of_row_numbers_counts_the_rows() {
        let file = |rows: usize, counter: &dyn Fn(usize) -> String| {
            let body: String = (0..rows)
                .map(|i| format!("{},{}.5,{}\n", counter(i), i % 7, i % 2))
                .collect();
            format!("id,x,labeled\n{body}")
        };
        let counts = |text: String| preview_csv(text.as_bytes(), 1).unwrap().counts_rows;
        let rows = MIN_COUNTED_ROWS;
        assert_eq!(
            counts(file(rows, &|i| format!("{}", i + 1))),
            [true, false, false]
        );
        assert_eq!(
            counts(file(rows, &|i| format!("{}", i as i64 - 5))),
            [true, false, false]
        );
        // Too few rows, a skipped number, a decimal, a gap, counting down: a feature, maybe.
        let not_counting: [&dyn Fn(usize) -> String; 4] = [
            &|i| format!("{}", i + usize::from(i > 9)),
            &|i| format!("{i}.0"),
            &|i| {
                if i == 3 {
                    String::new()
                } else {
                    format!("{i}")
                }
            },
            &|i| format!("{}", rows - i),
        ];
        assert!(!counts(file(rows - 1, &|i| format!("{i}")))[0]);
        for counter in not_counting {
            assert!(!counts(file(rows, counter))[0]);
        }
    }

    #[test]
    fn preview_lists_few_values_only() {
        let rows: String = (0..=MAX_LISTED_VALUES)
            .map(|i| format!("{i},{}\n", i % 2))
            .collect();
        let preview = preview_csv(format!("many,two\n{rows}").as_bytes(), 1).unwrap();
        assert!(preview.values.of(0).is_empty());
        assert_eq!(
            preview.values.counted(1),
            [
                ("0", MAX_LISTED_VALUES / 2 + 1),
                ("1", MAX_LISTED_VALUES / 2)
            ]
        );
        let long = "x".repeat(MAX_LISTED_LENGTH + 1);
        let preview = preview_csv(format!("a,b\nM,1\n{long},2\n").as_bytes(), 1).unwrap();
        assert!(preview.values.counted(0).is_empty());
        assert_eq!(preview.values.of(1), ["1", "2"]);
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
}

//! Reading a whole file: [`read_csv`] for training and evaluation,
//! [`read_feature_rows`] for scoring rows with a trained model.

use super::categories::{CategoryCells, CategoryTally, TextCells, expand, read_note};
use super::cleaning::drop_constant_columns;
use super::date_order_choice::DateOrderChoice;
use super::decimal_marks::DecimalMarks;
use super::dialect::Dialect;
use super::encoding::utf16_decoded;
use super::error::{ColumnSummary, CsvError, MAX_SHOWN_VALUES, SummarisedColumn};
use super::filled_cells::FilledCells;
use super::identifier::{IdColumn, names_an_identifier};
use super::iso_date::shown_date;
use super::layout::{CsvColumns, Layout, column_index};
use super::missing::{
    Gappy, Gaps, MEAN_OF_TRAINING_ROWS, MEAN_OVER_ROWS_TRAINED_ON, MissingValues, fill_gaps,
    is_missing,
};
use super::number::DecimalMark;
use super::reader::Rows;
use super::role::ColumnRole;
use super::rows::{RowsParsed, for_each_row};
use super::sample::RowSample;
use super::scored_truth::ScoredTruth;
use super::table::{Table, Width, delimiter_warning};
use super::truth_tally::TruthTally;
use super::value_rule::ValueRule;
use super::written_date::scored_date;
use super::{MAX_COLUMNS, MAX_ROWS, max_scored_rows};
use crate::data::tabular_features::{DateOrder, Input, column_numbers, input_columns};
use crate::user_text::{clip, counted};

/// A parsed PU table. Features are raw (not standardised), row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct TabularData {
    /// The inputs kept, in file order (constant ones are dropped): a
    /// column of numbers gives one, a chosen column of categories one per
    /// value.
    pub inputs: Vec<Input>,
    /// `rows() × dim()` input values, row-major, all finite.
    pub features: Vec<f32>,
    /// Where a missing value was filled in, for now with its column's mean
    /// over every row: a run fills them again with the means over the rows
    /// it trains on ([`FilledCells::means_over`]). None unless
    /// [`MissingValues::ColumnMean`].
    pub filled: FilledCells,
    /// Whether each row is a labeled positive.
    pub labeled: Vec<bool>,
    /// Ground truth of each row (true = positive) when a truth column was given.
    pub truth: Option<Vec<bool>>,
    /// The 1-based data row in the file of each row kept, as the messages
    /// and the scores table number them.
    pub row_numbers: Vec<usize>,
    /// The file's count of data rows where these rows are a random sample
    /// of them (a file of more than [`MAX_ROWS`]), else `None`.
    pub sampled_from: Option<usize>,
    /// Field separator, detected from the header or named by a first line
    /// `sep=;`: `b','`, `b';'` or `b'\t'`.
    pub delimiter: u8,
    /// Things the user should know that did not stop the read, as sentences.
    pub warnings: Vec<String>,
}

impl TabularData {
    /// Number of data rows.
    pub fn rows(&self) -> usize {
        self.labeled.len()
    }

    /// Number of inputs.
    pub fn dim(&self) -> usize {
        self.inputs.len()
    }

    /// The inputs' names: a column's, or `colour = red` for a category.
    pub fn feature_names(&self) -> Vec<String> {
        self.inputs.iter().map(ToString::to_string).collect()
    }
}

/// Parse a whole CSV file.
///
/// The separator is the one a first line such as `sep=;` names, else the one of
/// comma, semicolon and tab that splits the header line into the most fields (ties
/// prefer comma); a separator other than comma is reported in the warnings. In a file
/// separated by semicolons or tabs a number may use a decimal comma ("1,5"), also
/// reported in the warnings. Feature columns holding one value in every row are
/// dropped with a warning. A feature column named in `columns` whose cells
/// are not all numbers is read as categories (see `categories.rs`), with a
/// warning.
///
/// # Errors
/// Any [`CsvError`]: the file is empty, not UTF-8, has no usable separator or header,
/// is too large, has ragged rows or bad cells, lacks a chosen column, has labels on
/// one side only, or leaves no varying feature column.
pub fn read_csv(bytes: &[u8], columns: &CsvColumns) -> Result<TabularData, CsvError> {
    let bytes = utf16_decoded(bytes)?;
    // A file of no more line ends than that holds no more data rows.
    let line_ends = bytes.iter().filter(|&&b| b == b'\n' || b == b'\r').count();
    let total = if line_ends <= MAX_ROWS {
        0
    } else {
        count_rows(&bytes)?
    };
    if total <= MAX_ROWS {
        return read_rows(&bytes, columns, RowsParsed::Every);
    }
    let sample = RowSample::of(total);
    let mut data = read_rows(&bytes, columns, RowsParsed::Sample(&sample)).map_err(|error| {
        if error.judged_over_every_row() {
            error
        } else {
            CsvError::InSample {
                total,
                error: Box::new(error),
            }
        }
    })?;
    data.warnings.insert(0, sample.note());
    data.sampled_from = Some(total);
    Ok(data)
}

/// The data rows of a file, counted by reading its records alone.
///
/// # Errors
/// The reader's: the file's encoding, header, separator or a ragged row.
fn count_rows(bytes: &[u8]) -> Result<usize, CsvError> {
    let Table { mut rows, .. } = Table::open(bytes, Width::AtLeastTwo)?;
    let mut count = 0;
    while rows.next_row()?.is_some() {
        count += 1;
    }
    Ok(count)
}

/// [`read_csv`] of the data rows `parsed_rows` names, of text already decoded
/// from UTF-16.
fn read_rows(
    bytes: &[u8],
    columns: &CsvColumns,
    parsed_rows: RowsParsed<'_>,
) -> Result<TabularData, CsvError> {
    let Table {
        delimiter,
        decimal,
        header,
        notes,
        mut rows,
    } = Table::open(bytes, Width::AtLeastTwo)?;
    let layout = match Layout::resolve(&header, columns) {
        Ok(layout) => layout,
        // A file of no rows says so, not what a choice of columns it cannot
        // inform lacks (blank records such as ",," are no rows).
        Err(e) => {
            return Err(match rows.next_row() {
                Ok(None) => CsvError::NoDataRows,
                _ => e,
            });
        }
    };
    let rules = Rules {
        labeled: ValueRule::labeled(columns.labeled_value.as_deref()),
        truth: ValueRule::truth(columns.truth_value.as_deref()),
    };
    let (mut parsed, text) = parse_rows(
        &mut rows,
        &header,
        decimal,
        &layout,
        &rules,
        columns,
        parsed_rows,
    )?;
    let names: Vec<String> = layout
        .features
        .iter()
        .filter_map(|&index| header.get(index).cloned())
        .collect();
    let categories = read_categories(
        bytes,
        &layout,
        &names,
        text,
        &mut parsed.features,
        parsed_rows,
        columns.date_order,
    )?;
    let inputs = categories.inputs;
    // Columns of numbers whose every cell is a date written year first: one
    // that holds a single value is named by its date when dropped.
    let dated: Vec<&str> = names
        .iter()
        .zip(&parsed.decimal_marks)
        .filter(|(_, marks)| marks.only_dates())
        .map(|(name, _)| name.as_str())
        .collect();
    // The cells of a column read as categories were no numbers after all.
    let decimal_marks = DecimalMarks::merged(
        std::mem::take(&mut parsed.decimal_marks)
            .into_iter()
            .enumerate()
            .filter(|(place, _)| !categories.places.contains(place))
            .map(|(_, marks)| marks),
    );
    let dim = inputs.len();
    let rows_read = parsed.labeled.len();
    let unknown_truth = parsed.drop_unknown_truth(dim);
    if unknown_truth == Some(rows_read) {
        return Err(CsvError::NoTrueClass {
            column: clip(columns.truth.as_deref().unwrap_or_default()),
            rows: rows_read,
        });
    }
    // Inputs whose every kept cell is missing: filled, they would seem to
    // hold a value.
    let blank: Vec<Input> = inputs
        .iter()
        .enumerate()
        .filter(|&(place, _)| {
            let mut cells = parsed.features.iter().skip(place).step_by(dim);
            cells.all(|value| value.is_nan())
        })
        .map(|(_, input)| input.clone())
        .collect();
    let gaps = Gappy {
        features: &mut parsed.features,
        labeled: &mut parsed.labeled,
        truth: &mut parsed.truth,
        numbers: &mut parsed.numbers,
        dim,
        column_of: &column_numbers(&inputs),
    }
    .resolve(columns.missing);
    if parsed.labeled.is_empty() {
        return Err(CsvError::EveryRowHasGaps {
            rows: gaps.map_or(0, |g| g.report.of_rows),
        });
    }
    let positives = parsed.labeled.iter().filter(|&&labeled| labeled).count();
    if positives == 0 || positives == parsed.labeled.len() {
        let summary = ColumnSummary {
            role: SummarisedColumn::Labeled,
            column: clip(columns.labeled.trim()),
            rows: parsed.labeled.len(),
            left_out: rows_read - parsed.labeled.len(),
            values: parsed.labeled_values,
            rule: rules.labeled.describe(),
        };
        return Err(if positives == 0 {
            CsvError::NoLabeledPositives(summary)
        } else {
            CsvError::NoUnlabeledRows(summary)
        });
    }
    let truth_column = columns.truth.as_deref().unwrap_or_default();
    if let Some(error) = parsed.truth_tally.error(truth_column, &rules.truth) {
        return Err(error);
    }
    let varying = drop_constant_columns(inputs, parsed.features);
    if varying.inputs.is_empty() {
        return Err(CsvError::NoFeatures {
            constant: input_columns(&varying.dropped_inputs())
                .into_iter()
                .map(str::to_owned)
                .collect(),
            unchosen: Vec::new(),
        });
    }
    let warnings = delimiter_warning(delimiter)
        .into_iter()
        .chain(notes)
        .chain(decimal_marks.sentence())
        .chain(categories.note)
        .chain(unknown_truth.map(|rows| {
            format!(
                "Dropped {} whose true class is missing in column \"{}\": a class cannot be \
                 filled in, and an unknown one is no negative. They are not trained on either: \
                 to train on every row, take no truth column (only held-out positives are then \
                 scored).",
                counted(rows, "row"),
                clip(truth_column)
            )
        }))
        .chain(parsed.truth_tally.warning(truth_column))
        .chain(gaps.as_ref().map(|g| {
            g.report
                .sentence(columns.missing, MEAN_OVER_ROWS_TRAINED_ON)
        }))
        .chain(varying.dropped.iter().map(|(input, value)| {
            let dates = dated.contains(&input.column());
            dropped_note(input, *value, blank.contains(input), dates)
        }))
        .collect();
    let filled = gaps.map_or_else(FilledCells::default, |g| varying.kept_cells(&g.filled));
    Ok(TabularData {
        inputs: varying.inputs,
        features: varying.features,
        filled,
        labeled: parsed.labeled,
        truth: parsed.truth,
        row_numbers: parsed.numbers,
        sampled_from: None,
        delimiter,
        warnings,
    })
}

/// The feature columns as read, columns of categories spread over their
/// inputs.
struct ReadCategories {
    /// The inputs, in column order.
    inputs: Vec<Input>,
    /// The sentence saying how the columns of categories were read.
    note: Option<String>,
    /// Those columns' places among the feature columns.
    places: Vec<usize>,
}

/// Reads the feature columns (`names`) that `text` found a cell that is not
/// a number in again, as categories or as dates (in the order `dates`
/// names, else the one each column shows over every row of the file, a
/// sample's or not), and spreads each over its inputs in `features`.
///
/// # Errors
/// Those of [`CategoryTally::checked`] for a column that holds no
/// categories; [`CsvError::TooManyInputs`] past [`MAX_COLUMNS`] inputs.
fn read_categories(
    bytes: &[u8],
    layout: &Layout,
    names: &[String],
    text: TextCells,
    features: &mut Vec<f32>,
    parsed_rows: RowsParsed<'_>,
    dates: DateOrderChoice,
) -> Result<ReadCategories, CsvError> {
    let columns = text.columns();
    if columns.is_empty() {
        return Ok(ReadCategories {
            inputs: names.iter().cloned().map(Input::Number).collect(),
            note: None,
            places: Vec::new(),
        });
    }
    let Table {
        decimal,
        header,
        mut rows,
        ..
    } = Table::open(bytes, Width::AtLeastTwo)?;
    let mut tallies: Vec<CategoryTally> = columns
        .iter()
        .map(|_| CategoryTally::new(decimal))
        .collect();
    // A sample's other rows are walked too, for the order of their dates.
    let walked = match parsed_rows {
        RowsParsed::Sample(_) => RowsParsed::Every,
        parsed => parsed,
    };
    for_each_row(
        &mut rows,
        &header,
        decimal,
        MissingValues::DropRows,
        walked,
        |row, _| {
            let parsed = parsed_rows.parses(row.number());
            for ((place, _), tally) in columns.iter().zip(&mut tallies) {
                if let Some(&index) = layout.features.get(*place) {
                    let cell = row.cell(index);
                    if parsed {
                        tally.observe(cell.value, || cell.at());
                    } else {
                        tally.observe_date_order(cell.value);
                    }
                }
            }
            Ok(())
        },
    )?;
    let mut checked = Vec::with_capacity(columns.len());
    for ((place, first), tally) in columns.into_iter().zip(tallies) {
        checked.push((place, tally.checked(first, dates)?));
    }
    // Counted before any input is made, so that a refused choice costs
    // no memory for them.
    let inputs =
        names.len() + checked.iter().map(|(_, t)| t.inputs()).sum::<usize>() - checked.len();
    if inputs > MAX_COLUMNS {
        return Err(CsvError::TooManyInputs {
            inputs,
            limit: MAX_COLUMNS,
        });
    }
    let mut read = Vec::with_capacity(checked.len());
    for (place, tally) in checked {
        read.push((place, tally.into_column()?));
    }
    let expanded = expand(names, features, &read);
    *features = expanded.features;
    Ok(ReadCategories {
        inputs: expanded.inputs,
        note: read_note(names, &read),
        places: read.iter().map(|(place, _)| *place).collect(),
    })
}

/// The warning for an input dropped for holding `value` in every row, or
/// no value at all (`blank`: every cell was missing, and filled); `dates`:
/// a column of numbers whose every cell is a date written year first.
fn dropped_note(input: &Input, value: f32, blank: bool, dates: bool) -> String {
    if blank {
        return format!(
            "Feature column \"{}\" holds no value in the rows kept (every cell is missing), so \
             it was dropped.",
            clip(input.column())
        );
    }
    let shown = match input {
        Input::Category {
            column,
            value: category,
        } if value == 0.0 => {
            return format!(
                "No row kept holds \"{}\" in column \"{}\", so that category's input was \
                 dropped.",
                clip(category),
                clip(column)
            );
        }
        Input::Category {
            value: category, ..
        } => clip(category),
        Input::Number(_) if !dates => value.to_string(),
        Input::Number(_) | Input::Date { .. } => shown_date(value),
    };
    format!(
        "Feature column \"{}\" holds the same value ({shown}) in every row, so it carries no \
         information and was dropped.",
        clip(input.column())
    )
}

/// Rows to score: the feature columns a model reads, and the true class where known.
#[derive(Clone, Debug, PartialEq)]
pub struct FeatureRows {
    /// `rows × names.len()` feature values, row-major, in the order the names
    /// were asked for, all finite. Nothing is standardised.
    pub features: Vec<f32>,
    /// Ground truth of each row (true = positive) when the file has the
    /// truth column written as the run read it (else a warning says why
    /// not); None for a row whose class is missing there.
    pub truth: Option<Vec<Option<bool>>>,
    /// Number of rows read (and kept, if rows with missing values were dropped).
    pub rows: usize,
    /// The 1-based data row number in the file of each row kept.
    pub numbers: Vec<usize>,
    /// The column chosen as the rows' identifier ([`IdColumn`]), with each
    /// kept row's cell, trimmed: what joins a row's score back to the file.
    pub identifiers: Option<(String, Vec<String>)>,
    /// The file's column names, in order: what an identifier column can be
    /// chosen from.
    pub columns: Vec<String>,
    /// Things the user should know that did not stop the read (decimal
    /// commas read, missing values dropped or filled), as sentences.
    pub warnings: Vec<String>,
    /// How the file writes its table, for a table written back for it.
    pub dialect: Dialect,
}

/// What scoring does with missing feature values: the choice, and for
/// [`MissingValues::ColumnMean`] the value of each feature to fill in (the
/// mean over the model's training rows).
#[derive(Clone, Copy, Debug)]
pub struct ScoringGaps<'a> {
    /// Refuse the file, drop the rows, or fill the values.
    pub choice: MissingValues,
    /// One value per feature asked for, in the same order.
    pub fill: &'a [f32],
}

/// Read a model's `inputs` from a CSV file (and its truth column, if the file
/// has one by that name, read with the value that means positive if one is given,
/// and the identifier column `id` chooses) to score them with a trained model.
/// A column of categories' cell holding a value the model has no input for
/// reads as 0 in each of the column's inputs, with a warning.
///
/// The file follows the same rules as for [`read_csv`], but needs no labeled column,
/// may hold other columns, and keeps columns that hold one value in every row (a
/// model expects all its inputs). A truth column the header lacks, or writes
/// otherwise than the run read it, is not an error: `truth` is then None (with
/// a warning for the latter); a row whose class is missing is scored all the same.
/// Missing feature values are refused, or their rows dropped, or they are
/// filled, as `gaps` says.
///
/// # Errors
/// A [`CsvError`] for the file's encoding, separator, header, size, ragged rows or
/// bad cells; [`CsvError::MissingColumn`] naming the first feature column the
/// header lacks, or the identifier column named; [`CsvError::RoleConflict`] if
/// the truth column is also a feature;
/// [`CsvError::EveryRowHasGaps`] if dropping leaves no row.
pub fn read_feature_rows(
    bytes: &[u8],
    inputs: &[Input],
    truth: Option<&str>,
    truth_value: Option<&str>,
    id: &IdColumn,
    gaps: ScoringGaps<'_>,
) -> Result<FeatureRows, CsvError> {
    let bytes = utf16_decoded(bytes)?;
    let Table {
        delimiter,
        decimal,
        header,
        notes,
        mut rows,
    } = Table::open(&bytes, Width::AtLeastOne)?;
    let mut sources = scoring_sources(&header, inputs)?;
    let features: Vec<usize> = sources.iter().map(|(index, _)| *index).collect();
    let dim = inputs.len();
    if features.is_empty() {
        return Err(CsvError::NoFeatures {
            constant: Vec::new(),
            unchosen: Vec::new(),
        });
    }
    let truth = truth.and_then(|name| column_index(&header, name, ColumnRole::Truth).ok());
    let mut classes = truth.map(|index| ScoredTruth::new(&header[index], truth_value));
    if let Some(index) = truth.filter(|index| features.contains(index)) {
        return Err(CsvError::RoleConflict {
            name: header
                .get(index)
                .map_or_else(String::new, |name| clip(name)),
            first: ColumnRole::Truth,
            second: ColumnRole::Feature,
        });
    }
    let identifier = match id {
        IdColumn::Guessed => (0..header.len()).find(|index| {
            Some(*index) != truth
                && !features.contains(index)
                && names_an_identifier(&header[*index])
        }),
        IdColumn::Named(name) => Some(column_index(&header, name, ColumnRole::Identifier)?),
        IdColumn::Without => None,
    };
    let mut read = FeatureRows {
        features: Vec::new(),
        truth: None,
        rows: 0,
        numbers: Vec::new(),
        identifiers: identifier.map(|index| (header[index].clone(), Vec::new())),
        columns: header.clone(),
        warnings: Vec::new(),
        dialect: Dialect::default(),
    };
    let mut decimal_marks = DecimalMarks::default();
    let parsed_rows = RowsParsed::UpTo(max_scored_rows(dim));
    let count = for_each_row(
        &mut rows,
        &header,
        decimal,
        gaps.choice,
        parsed_rows,
        |row, empty| {
            if let (Some(index), Some(classes)) = (truth, classes.as_mut()) {
                classes.observe(&row.cell(index));
            }
            if let (Some(index), Some((_, cells))) = (identifier, read.identifiers.as_mut()) {
                cells.push(row.cell(index).value.to_owned());
            }
            for (index, column) in &mut sources {
                let cell = row.cell(*index);
                match column {
                    ScoredColumn::Categories(categories) => {
                        categories.push(&cell, empty, &mut read.features);
                    }
                    ScoredColumn::Number => read.features.push(decimal_marks.read(empty, &cell)?),
                    ScoredColumn::Dates(order) => {
                        read.features.push(scored_date(&cell, *order, empty)?);
                    }
                }
            }
            Ok(())
        },
    )?;
    read.numbers = (1..=count).collect();
    read.warnings.extend(notes);
    if let Some(classes) = classes {
        let not_measured;
        (read.truth, not_measured) = classes.finish();
        read.warnings.extend(not_measured);
    }
    read.warnings.extend(decimal_marks.sentence());
    read.warnings
        .extend(sources.iter().filter_map(|(_, column)| match column {
            ScoredColumn::Categories(categories) => categories.unseen_note(),
            _ => None,
        }));
    read.dialect = decimal_marks.dialect(delimiter);
    if let Some(found) = Gaps::find(&read.features, dim, &column_numbers(inputs)) {
        match gaps.choice {
            MissingValues::Refuse => {}
            MissingValues::DropRows => {
                found.drop_from(&mut read.numbers);
                if let Some(truth) = read.truth.as_mut() {
                    found.drop_from(truth);
                }
                if let Some((_, cells)) = read.identifiers.as_mut() {
                    found.drop_from(cells);
                }
                found.drop_rows(&mut read.features, dim);
            }
            MissingValues::ColumnMean => fill_gaps(&mut read.features, gaps.fill),
        }
        if read.numbers.is_empty() {
            return Err(CsvError::EveryRowHasGaps { rows: count });
        }
        read.warnings
            .push(found.report.sentence(gaps.choice, MEAN_OF_TRAINING_ROWS));
    }
    read.rows = read.numbers.len();
    Ok(read)
}

/// The file's column each of `inputs` reads, by its index in `header`,
/// once per column: a column of numbers alone, a column of categories with
/// the values of its inputs (which follow each other).
///
/// # Errors
/// [`CsvError::MissingColumn`] for the first column the header lacks.
fn scoring_sources<'a>(
    header: &[String],
    inputs: &'a [Input],
) -> Result<Vec<(usize, ScoredColumn<'a>)>, CsvError> {
    let mut sources: Vec<(usize, ScoredColumn<'a>)> = Vec::new();
    for input in inputs {
        let index = |name: &str| column_index(header, name, ColumnRole::Feature);
        match input {
            Input::Category { column, value } => match sources.last_mut() {
                Some((_, ScoredColumn::Categories(cells))) if cells.column() == column => {
                    cells.add(value);
                }
                _ => sources.push((
                    index(column)?,
                    ScoredColumn::Categories(CategoryCells::new(column, value)),
                )),
            },
            Input::Number(name) => sources.push((index(name)?, ScoredColumn::Number)),
            Input::Date { column, dates } => {
                sources.push((index(column)?, ScoredColumn::Dates(*dates)));
            }
        }
    }
    Ok(sources)
}

/// How scoring reads a feature column the model reads.
enum ScoredColumn<'a> {
    /// A number, one input.
    Number,
    /// Categories, one input each.
    Categories(CategoryCells<'a>),
    /// Dates written in this order, one input.
    Dates(DateOrder),
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
    /// What the truth column says about the labeled rows.
    truth_tally: TruthTally,
    /// Per feature column, its cells read with a decimal comma or a point
    /// (counted apart, as a column read as categories holds none).
    decimal_marks: Vec<DecimalMarks>,
    /// Per row: its truth cell is missing, which leaves the row out.
    unknown_truth: Vec<bool>,
    /// The 1-based data row number of each row.
    numbers: Vec<usize>,
}

impl ParsedRows {
    /// Leaves out the rows whose true class is missing, of `dim` features
    /// each, in place; how many, if any.
    fn drop_unknown_truth(&mut self, dim: usize) -> Option<usize> {
        let dropped = self
            .unknown_truth
            .iter()
            .filter(|&&unknown| unknown)
            .count();
        if dropped == 0 {
            return None;
        }
        known_only(&mut self.labeled, &self.unknown_truth);
        known_only(&mut self.numbers, &self.unknown_truth);
        if let Some(truth) = self.truth.as_mut() {
            known_only(truth, &self.unknown_truth);
        }
        let mut kept = 0;
        for (row, &unknown) in self.unknown_truth.iter().enumerate() {
            if !unknown {
                self.features
                    .copy_within(row * dim..(row + 1) * dim, kept * dim);
                kept += 1;
            }
        }
        self.features.truncate(kept * dim);
        self.unknown_truth.clear();
        Some(dropped)
    }
}

/// Keeps the `values` of the rows whose true class is known.
fn known_only<T>(values: &mut Vec<T>, unknown_truth: &[bool]) {
    let mut unknown = unknown_truth.iter();
    values.retain(|_| unknown.next() == Some(&false));
}

/// How the labeled and the truth column read their cells.
struct Rules<'a> {
    /// The labeled column's.
    labeled: ValueRule<'a>,
    /// The truth column's.
    truth: ValueRule<'a>,
}

/// Parses the data rows `parsed_rows` names, doing with missing feature
/// values what `columns` says. Where `columns` names the feature columns, a
/// cell that is not a number is read as NaN and noted (the second part of
/// the result) for its column to be read as categories.
fn parse_rows(
    rows: &mut Rows<'_>,
    header: &[String],
    decimal: DecimalMark,
    layout: &Layout,
    rules: &Rules<'_>,
    columns: &CsvColumns,
    parsed_rows: RowsParsed<'_>,
) -> Result<(ParsedRows, TextCells), CsvError> {
    let named = columns.features.is_some();
    let mut text = TextCells::new(layout.features.len());
    let mut parsed = ParsedRows {
        features: Vec::new(),
        labeled: Vec::new(),
        truth: layout.truth.map(|_| Vec::new()),
        labeled_values: Vec::new(),
        truth_tally: TruthTally::default(),
        decimal_marks: layout
            .features
            .iter()
            .map(|_| DecimalMarks::default())
            .collect(),
        unknown_truth: Vec::new(),
        numbers: Vec::new(),
    };
    for_each_row(
        rows,
        header,
        decimal,
        columns.missing,
        parsed_rows,
        |row, empty| {
            let labeled = row.cell(layout.labeled);
            if parsed.labeled_values.len() < MAX_SHOWN_VALUES {
                let value = clip(labeled.value);
                if !parsed.labeled_values.contains(&value) {
                    parsed.labeled_values.push(value);
                }
            }
            let is_labeled = rules.labeled.is_labeled(&labeled)?;
            parsed.labeled.push(is_labeled);
            parsed.numbers.push(row.number());
            let truth_cell = layout.truth.map(|index| row.cell(index));
            // A row whose class is missing is left out whatever the choice for
            // missing feature values: a class cannot be filled in.
            let unknown = truth_cell
                .as_ref()
                .is_some_and(|cell| is_missing(cell.value));
            parsed.unknown_truth.push(unknown);
            let positive = match (&truth_cell, parsed.truth.as_mut()) {
                (Some(_), Some(truth)) if unknown => {
                    truth.push(false);
                    None
                }
                (Some(cell), Some(truth)) => {
                    let positive = rules.truth.is_positive(cell)?;
                    truth.push(positive);
                    Some(positive)
                }
                _ => None,
            };
            let mut gap = false;
            for (place, &index) in layout.features.iter().enumerate() {
                let cell = row.cell(index);
                let read = match parsed.decimal_marks[place].read(empty, &cell) {
                    // A word the number reader takes as infinite ("inf") may
                    // be one of a chosen column's categories, as any word may.
                    Err(CsvError::NonFinite { at, value })
                        if named && !value.contains(|c: char| c.is_ascii_digit()) =>
                    {
                        Err(CsvError::NonNumeric { at, value })
                    }
                    read => read,
                };
                let value = match read {
                    Err(CsvError::NonNumeric { at, value }) if named => {
                        text.note(place, at, value);
                        f32::NAN
                    }
                    read => {
                        let value = read?;
                        gap |= value.is_nan();
                        value
                    }
                };
                parsed.features.push(value);
            }
            // The tally counts the rows the read keeps: dropping drops rows with a gap.
            let dropped = columns.missing == MissingValues::DropRows && gap;
            if let (Some(cell), Some(positive), false) = (&truth_cell, positive, dropped) {
                parsed.truth_tally.observe(is_labeled, cell, positive);
            }
            Ok(())
        },
    )?;
    Ok((parsed, text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::test_support::{REFUSE, at, numbers, read, read_err, scored, strings};
    use crate::data::csv::{MAX_ROWS, NotCategoriesWhy, preview_csv};

    /// The named columns read to score, with no truth column, the guessed
    /// identifier and gaps refused.
    fn plain_rows(bytes: &[u8], names: &[Input]) -> Result<FeatureRows, CsvError> {
        read_feature_rows(bytes, names, None, None, &IdColumn::Guessed, REFUSE)
    }

    #[test]
    fn reads_a_comma_file() {
        let data = read("x1,labeled,x2\n1.5,1,-2\n0,0,3e2\n2,no,4\n").unwrap();
        assert_eq!(data.feature_names(), strings(&["x1", "x2"]));
        assert_eq!(data.features, vec![1.5, -2.0, 0.0, 300.0, 2.0, 4.0]);
        assert_eq!(data.labeled, vec![true, false, false]);
        assert_eq!(data.truth, None);
        assert_eq!(data.delimiter, b',');
        assert!(data.warnings.is_empty());
        assert_eq!((data.rows(), data.dim()), (3, 2));
    }

    #[test]
    fn scoring_reads_the_file_s_separator_and_decimal_mark() {
        let names = numbers(&["a", "b"]);
        let semicolons = plain_rows(b"a;b\n1,5;2\n3;4,25\n", &names).unwrap();
        assert_eq!(semicolons.features, vec![1.5, 2.0, 3.0, 4.25]);
        assert_eq!(
            semicolons.dialect,
            Dialect {
                separator: ';',
                decimal_comma: true
            }
        );
        let tabs = plain_rows(b"a\tb\n1.5\t2\n", &names).unwrap();
        assert_eq!(
            (tabs.dialect.separator, tabs.dialect.decimal_comma),
            ('\t', false)
        );
        let commas = plain_rows(b"a,b\n1.5,2\n", &names).unwrap();
        assert_eq!(commas.dialect, Dialect::default());
    }

    #[test]
    fn missing_values_are_dropped_or_filled_when_asked() {
        // Column k holds 5 where it holds a value: a constant, dropped.
        let text = "x,k,y,labeled,truth\n1,5,NA,1,1\n2,,4,0,0\n,5,6,1,1\n4,5,8,1,1\n?,5,n/a,0,0\n3,5,2,0,0\n";
        let mut columns = CsvColumns {
            truth: Some("truth".into()),
            ..CsvColumns::default()
        };
        let (err, _) = read_err(text, &columns);
        assert!(
            matches!(err, CsvError::EmptyCells { count: 5, .. }),
            "{err:?}"
        );
        columns.missing = MissingValues::DropRows;
        let dropped = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(dropped.features, vec![4.0, 8.0, 3.0, 2.0]);
        assert_eq!(dropped.labeled, vec![true, false]);
        assert_eq!(dropped.truth, Some(vec![true, false]));
        assert!(dropped.filled.is_empty());
        columns.missing = MissingValues::ColumnMean;
        let filled = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(
            filled.features,
            vec![1.0, 5.0, 2.0, 4.0, 2.5, 6.0, 4.0, 8.0, 2.5, 5.0, 3.0, 2.0]
        );
        assert_eq!(filled.labeled, vec![true, false, true, true, false, false]);
        // Where a value was filled in, k's gap dropped with its column.
        assert_eq!(filled.filled.places().collect::<Vec<_>>(), [1, 4, 8, 9]);
        assert!(
            filled.warnings.contains(
                &"Filled 5 missing feature values in 4 rows (3 columns) with the column's mean \
                  over the rows trained on."
                    .to_string()
            ),
            "{:?}",
            filled.warnings
        );
    }

    /// A missing class leaves its row out whatever the choice for missing
    /// feature values (a class cannot be filled in); a truth column with
    /// no class at all is refused, naming the way out.
    #[test]
    fn rows_whose_true_class_is_missing_are_left_out_whatever_the_choice() {
        let text = "x,y,labeled,truth\n1,5,1,1\n2,4,0,NA\n3,,1,1\n4,8,0,\n5,9,0,0\n";
        let mut columns = CsvColumns {
            truth: Some("truth".into()),
            ..CsvColumns::default()
        };
        let refused = read_csv(b"x,labeled,truth\n1,1,1\n2,0,\n3,0,0\n", &columns).unwrap();
        assert_eq!(refused.features, vec![1.0, 3.0]);
        assert_eq!(refused.truth, Some(vec![true, false]));
        let (err, message) = read_err("x,labeled,truth\n1,1,\n2,0,NA\n", &columns);
        assert_eq!(
            err,
            CsvError::NoTrueClass {
                column: "truth".into(),
                rows: 2
            }
        );
        assert_eq!(
            message,
            "Column \"truth\" holds no true class in any of its 2 rows, so it cannot be the \
             truth column: choose no truth column, or fill in the classes."
        );
        columns.missing = MissingValues::DropRows;
        let dropped = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(dropped.features, vec![1.0, 5.0, 5.0, 9.0]);
        assert_eq!(dropped.labeled, vec![true, false]);
        assert_eq!(dropped.truth, Some(vec![true, false]));
        assert!(
            dropped.warnings.contains(
                &"Dropped 2 rows whose true class is missing in column \"truth\": a class \
                  cannot be filled in, and an unknown one is no negative. They are not trained \
                  on either: to train on every row, take no truth column (only held-out \
                  positives are then scored)."
                    .to_string()
            ),
            "{:?}",
            dropped.warnings
        );
        columns.missing = MissingValues::ColumnMean;
        let filled = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(filled.features, vec![1.0, 5.0, 3.0, 7.0, 5.0, 9.0]);
        assert_eq!(filled.truth, Some(vec![true, true, false]));
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
    fn no_data_rows() {
        let (err, message) = read_err("x,labeled\n\n", &CsvColumns::default());
        assert_eq!(err, CsvError::NoDataRows);
        assert!(message.contains("no data rows"));
        // Said before any column choice is judged: here no feature is left.
        let only_labeled = CsvColumns {
            features: Some(Vec::new()),
            ..CsvColumns::default()
        };
        // Blank records, as spreadsheets export empty rows, are no rows.
        for text in [
            "x,labeled\n",
            "x,labeled\n,\n",
            "x,labeled\n\"\",\"\"\n , \n",
        ] {
            assert_eq!(
                read_err(text, &only_labeled).0,
                CsvError::NoDataRows,
                "{text:?}"
            );
        }
        assert_eq!(preview_csv(b"x,labeled\n \n", 5), Err(CsvError::NoDataRows));
        assert_eq!(preview_csv(b"x,labeled\n,\n", 5), Err(CsvError::NoDataRows));
        // A first row after blank records is found, and read.
        let data = read("x,labeled\n,\n1.5,1\n2.5,0\n").unwrap();
        assert_eq!(data.features, vec![1.5, 2.5]);
    }

    #[test]
    fn a_file_of_more_rows_than_a_run_trains_on_is_read_as_a_sample() {
        // Row i holds x = i and a category that is "odd" or "even" with it.
        let mut text = String::from("x,kind,labeled\n");
        for i in 1..=60_000 {
            let kind = if i % 2 == 1 { "odd" } else { "even" };
            text.push_str(&format!("{i},{kind},{}\n", i % 5 == 0));
        }
        let chosen = CsvColumns {
            features: Some(strings(&["x", "kind"])),
            ..CsvColumns::default()
        };
        let data = read_csv(text.as_bytes(), &chosen).unwrap();
        assert_eq!(data.rows(), MAX_ROWS);
        assert!(data.row_numbers.windows(2).all(|w| w[0] < w[1]));
        assert!(*data.row_numbers.last().unwrap() > 59_000);
        // Each row kept is read whole, its category by the same sample.
        assert_eq!(
            data.feature_names(),
            strings(&["x", "kind = even", "kind = odd"])
        );
        for (row, &number) in data.features.chunks(3).zip(&data.row_numbers) {
            let odd = number % 2 == 1;
            assert_eq!(row, [number as f32, f32::from(!odd), f32::from(odd)]);
        }
        let labeled: Vec<bool> = data.row_numbers.iter().map(|n| n % 5 == 0).collect();
        assert_eq!(data.labeled, labeled);
        assert!(
            data.warnings[0].starts_with(
                "The file has 60000 data rows, more than the 50000 a run reads: a random \
                 sample of 50000 of them was read"
            ),
            "{:?}",
            data.warnings
        );
        // The same file, the same rows.
        let again = read_csv(text.as_bytes(), &chosen).unwrap();
        assert_eq!(again.row_numbers, data.row_numbers);
        let preview = preview_csv(text.as_bytes(), 2).unwrap();
        assert_eq!(preview.total_rows, 60_000);
        // Scoring reads every row, up to its own limit.
        let scored = plain_rows(text.as_bytes(), &numbers(&["x"])).unwrap();
        assert_eq!(scored.rows, 60_000);
    }

    #[test]
    fn a_column_of_missing_cells_filled_is_dropped_as_holding_no_value() {
        let text = "x,notes,labeled\n1,,1\n2,NA,0\n3,,0\n";
        let columns = CsvColumns {
            missing: MissingValues::ColumnMean,
            ..CsvColumns::default()
        };
        let data = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(data.feature_names(), strings(&["x"]));
        assert!(
            data.warnings.contains(
                &"Feature column \"notes\" holds no value in the rows kept (every cell is \
                  missing), so it was dropped."
                    .to_owned()
            ),
            "{:?}",
            data.warnings
        );
    }

    #[test]
    fn the_order_of_a_sampled_files_dates_is_the_whole_files() {
        // The one row that shows the dates are day first is outside the
        // sample of 50000 of these 50001 rows.
        let total = MAX_ROWS + 1;
        let sample = RowSample::of(total);
        let left_out = (1..=total).find(|&n| !sample.keeps(n)).unwrap();
        let mut text = String::from("day,labeled\n");
        for number in 1..=total {
            let day = if number == left_out {
                13
            } else {
                1 + number % 12
            };
            text.push_str(&format!("{day:02}/01/2023,{}\n", number % 2));
        }
        let chosen = CsvColumns {
            features: Some(strings(&["day"])),
            ..CsvColumns::default()
        };
        let data = read_csv(text.as_bytes(), &chosen).unwrap();
        assert_eq!(data.rows(), MAX_ROWS);
        assert!(!data.row_numbers.contains(&left_out));
        assert_eq!(
            data.inputs,
            [Input::Date {
                column: "day".into(),
                dates: DateOrder::DayFirst
            }]
        );
        // Row n holds day 1 + n % 12 of January 2023 (19358 is its first).
        for (&days, &number) in data.features.iter().zip(&data.row_numbers) {
            assert_eq!(days, 19_357.0 + (1 + number % 12) as f32);
        }
        // With the first row's date month first, the column shows both
        // orders, over the whole file: the refusal is not the sample's.
        let both = text.replacen("\n02/01/2023,", "\n01/13/2023,", 1);
        let (err, message) = read_err(&both, &chosen);
        assert!(
            matches!(
                &err,
                CsvError::NotCategories {
                    why: NotCategoriesWhy::DatesInTwoOrders { day_first, month_first },
                    ..
                } if day_first == "13/01/2023" && month_first == "01/13/2023"
            ),
            "{err:?}"
        );
        assert!(message.starts_with("Line "), "{message}");
    }

    #[test]
    fn a_file_of_as_many_rows_as_a_run_reads_is_read_whole() {
        let rows = |count: usize, labeled: bool| -> String {
            std::iter::once("x,labeled\n".to_owned())
                .chain((1..=count).map(|i| format!("{i},{}\n", u8::from(labeled && i % 2 == 0))))
                .collect()
        };
        let whole = read(&rows(MAX_ROWS, true)).unwrap();
        assert_eq!(whole.rows(), MAX_ROWS);
        assert!(whole.warnings.is_empty(), "{:?}", whole.warnings);
        assert_eq!(whole.sampled_from, None);
        let sampled = read(&rows(MAX_ROWS + 1, true)).unwrap();
        assert_eq!(sampled.rows(), MAX_ROWS);
        assert_eq!(sampled.sampled_from, Some(MAX_ROWS + 1));
        assert!(sampled.warnings[0].starts_with("The file has 50001 data rows"));
        // An error in the sample says that its counts are the sample's.
        let (err, message) = read_err(&rows(MAX_ROWS + 1, false), &CsvColumns::default());
        assert!(
            matches!(&err, CsvError::InSample { total: 50_001, error }
                if matches!(**error, CsvError::NoLabeledPositives(_))),
            "{err:?}"
        );
        assert!(
            message.starts_with(
                "In the random sample of 50000 of the file's 50001 data rows that a run reads: \
                 No row"
            ),
            "{message}"
        );
        // Its advice on missing values is kept.
        let gap = rows(MAX_ROWS + 1, true).replacen("\n1,0\n", "\n,0\n", 1);
        let (err, _) = read_err(&gap, &CsvColumns::default());
        assert!(err.is_about_missing_values() && err.command_line_hint().is_some());
    }

    #[test]
    fn a_file_to_score_is_refused_past_what_a_model_scores_at_once() {
        assert_eq!(max_scored_rows(1), 1_000_000);
        assert_eq!(max_scored_rows(25), 1_000_000);
        assert_eq!(max_scored_rows(26), 961_538);
        assert_eq!(max_scored_rows(500), MAX_ROWS);
        let mut text = String::from("x\n");
        for i in 0..=1_000_000 {
            text.push_str(&format!("{}\n", i % 7));
        }
        let (head, last) = text.trim_end().rsplit_once('\n').unwrap();
        let whole = plain_rows(head.as_bytes(), &numbers(&["x"])).unwrap();
        assert_eq!(whole.rows, 1_000_000);
        let err = plain_rows(format!("{head}\n{last}\n").as_bytes(), &numbers(&["x"])).unwrap_err();
        assert_eq!(
            err,
            CsvError::TooManyRows {
                found: 1_000_001,
                limit: 1_000_000
            }
        );
        assert_eq!(
            err.to_string(),
            "The file has 1000001 data rows, more than the 1000000 this model scores at once: \
             split it into files of at most 1000000 rows, each with the header line and a \
             column that names its rows (each file's scores number its rows from 1), and score \
             each."
        );
    }

    #[test]
    fn feature_rows_follow_the_names_and_keep_constant_columns() {
        let text = "id;b;a;y;k\n1;2,5;-1;yes;7\n\n2;3;0;no;7\n";
        let rows = read_feature_rows(
            text.as_bytes(),
            &numbers(&["a", "b", "k"]),
            Some("y"),
            None,
            &IdColumn::Guessed,
            REFUSE,
        )
        .unwrap();
        assert_eq!(rows.rows, 2);
        assert_eq!(rows.features, vec![-1.0, 2.5, 7.0, 0.0, 3.0, 7.0]);
        assert_eq!(rows.warnings.len(), 1);
        assert!(rows.warnings[0].contains("the first, \"2,5\", as 2.5 (Line 2"));
        assert_eq!(rows.truth, Some(vec![Some(true), Some(false)]));
        assert_eq!(
            rows.identifiers,
            Some(("id".to_owned(), vec!["1".to_owned(), "2".to_owned()]))
        );
        let without_truth = read_feature_rows(
            text.as_bytes(),
            &numbers(&["a"]),
            Some("truth"),
            None,
            &IdColumn::Guessed,
            REFUSE,
        )
        .unwrap();
        assert_eq!(without_truth.features, vec![-1.0, 0.0]);
        assert_eq!(without_truth.truth, None);
        assert!(without_truth.warnings.is_empty());
    }

    #[test]
    fn feature_rows_carry_the_identifier_column_named_or_none() {
        let text = b"email,a,order_id\nA7,1,9\nB8,2,8\n";
        let read = |id: IdColumn| {
            read_feature_rows(text, &numbers(&["a"]), None, None, &id, REFUSE)
                .map(|rows| rows.identifiers)
        };
        let cells = |name: &str, cells: [&str; 2]| Ok(Some((name.to_owned(), strings(&cells))));
        assert_eq!(read(IdColumn::Guessed), cells("order_id", ["9", "8"]));
        assert_eq!(
            read(IdColumn::Named("email".into())),
            cells("email", ["A7", "B8"])
        );
        // A feature the model reads may also name the rows.
        assert_eq!(read(IdColumn::Named("a".into())), cells("a", ["1", "2"]));
        assert_eq!(read(IdColumn::Without), Ok(None));
        // Every column of the file is offered as another choice.
        let rows = scored(text, &numbers(&["a"]));
        assert_eq!(
            rows.map(|r| r.columns),
            Ok(strings(&["email", "a", "order_id"]))
        );
        assert!(matches!(
            read(IdColumn::Named("kundennummer".into())),
            Err(CsvError::MissingColumn {
                role: ColumnRole::Identifier,
                ..
            })
        ));
    }

    #[test]
    fn feature_rows_name_a_missing_column_and_a_bad_cell() {
        let names = numbers(&["a", "b"]);
        let err = plain_rows(b"a,c\n1,2\n", &names).unwrap_err();
        assert_eq!(
            err,
            CsvError::MissingColumn {
                role: ColumnRole::Feature,
                name: "b".into(),
                available: strings(&["a", "c"]),
            }
        );
        assert!(err.to_string().contains("no column \"b\""), "{err}");
        // A file of one column is read: it may hold a one-feature model's
        // rows, or lack the model's other columns.
        let err = plain_rows(b"a\n1\n", &names).unwrap_err();
        assert!(
            matches!(err, CsvError::MissingColumn { ref name, .. } if name == "b"),
            "{err}"
        );
        let one = plain_rows(b"a\n1.5\n-2\n", &names[..1]).unwrap();
        assert_eq!((one.features, one.numbers), (vec![1.5, -2.0], vec![1, 2]));
        let err = plain_rows(b"a,b\n1,2\n3,x\n", &names).unwrap_err();
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(3, 2, "b"),
                value: "x".into()
            }
        );
        assert_eq!(plain_rows(b"a,b\n", &names), Err(CsvError::NoDataRows));
        assert!(matches!(
            read_feature_rows(
                b"a,b\n1,2\n",
                &names,
                Some("b"),
                None,
                &IdColumn::Guessed,
                REFUSE
            ),
            Err(CsvError::RoleConflict { .. })
        ));
    }

    #[test]
    fn feature_rows_drop_or_fill_missing_values_as_asked() {
        let text = "a,b,y,Row ID\n1,NA,1,r1\n2,4,0,r2\n,6,1,r3\n";
        let names = numbers(&["a", "b"]);
        let gaps = |choice| ScoringGaps {
            choice,
            fill: &[10.0, 20.0],
        };
        let dropped = read_feature_rows(
            text.as_bytes(),
            &names,
            Some("y"),
            None,
            &IdColumn::Guessed,
            gaps(MissingValues::DropRows),
        )
        .unwrap();
        assert_eq!(dropped.features, vec![2.0, 4.0]);
        assert_eq!(dropped.numbers, vec![2]);
        assert_eq!(dropped.rows, 1);
        assert_eq!(dropped.truth, Some(vec![Some(false)]));
        assert_eq!(
            dropped.identifiers,
            Some(("Row ID".to_owned(), vec!["r2".to_owned()]))
        );
        assert_eq!(
            dropped.warnings,
            vec!["Dropped 2 of 3 rows with 2 missing feature values.".to_owned()]
        );
        let filled = read_feature_rows(
            text.as_bytes(),
            &names,
            Some("y"),
            None,
            &IdColumn::Guessed,
            gaps(MissingValues::ColumnMean),
        )
        .unwrap();
        assert_eq!(filled.features, vec![1.0, 20.0, 2.0, 4.0, 10.0, 6.0]);
        assert_eq!(filled.numbers, vec![1, 2, 3]);
        assert_eq!(
            filled.truth,
            Some(vec![Some(true), Some(false), Some(true)])
        );
        assert_eq!(
            filled.warnings,
            vec![
                "Filled 2 missing feature values in 2 rows (2 columns) with the column's mean \
                 over the model's training rows."
                    .to_owned()
            ]
        );
        let refused = plain_rows(text.as_bytes(), &names).unwrap_err();
        assert!(refused.is_about_missing_values(), "{refused:?}");
        assert!(
            refused
                .when_scoring()
                .contains("fill each with its column's mean over the model's training rows"),
            "{}",
            refused.when_scoring()
        );
        let none_left = read_feature_rows(
            b"a,b\n1,\n,2\n",
            &names,
            None,
            None,
            &IdColumn::Guessed,
            gaps(MissingValues::DropRows),
        )
        .unwrap_err();
        assert_eq!(none_left, CsvError::EveryRowHasGaps { rows: 2 });
        assert!(none_left.when_scoring().contains("leaves nothing to score"));
        let text = plain_rows(b"a,b\n1,x\n", &names).unwrap_err();
        assert!(
            text.when_scoring().ends_with(
                "The model reads this column as a feature, so every cell of it must hold a \
                 number: fix the value, or remove the row."
            ),
            "{}",
            text.when_scoring()
        );
    }
}

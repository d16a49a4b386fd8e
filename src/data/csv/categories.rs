//! Columns of categories: a feature column the user chose by name whose
//! cells are words (or numbers) from a short list, such as `colour` holding
//! red, green and blue. Each value becomes an input of its own, 1 where the
//! row holds it and 0 elsewhere; a missing cell is missing in each of its
//! column's inputs, for the choice on missing values to settle.
//!
//! A file is read for numbers first; only a chosen column with a cell that
//! is not a number is read again, for its values, so a file of numbers costs
//! what it did before. That pass also reads a chosen column of dates written
//! day or month first, whose order only the whole column shows
//! ([`DateCells`]).

use super::date_order_choice::DateOrderChoice;
use super::distinct::DistinctValues;
use super::error::{CellAt, CsvError, NotCategoriesWhy};
use super::kinds::CellCounts;
use super::missing::is_missing;
use super::number::DecimalMark;
use super::rows::{Cell, EmptyCells};
use super::text_shape::TextShape;
use super::written_date::{DateCells, ReadOrder};
use super::{MAX_LISTED_VALUES, are_categories};
use crate::data::tabular_features::Input;
use crate::user_text::{clip, counted, quoted_list};

/// The first cell that is not a number in each feature column, by the
/// column's place among the features.
pub(super) struct TextCells {
    /// Per place: that cell, if any (boxed, as few columns have one and a
    /// file may have hundreds of columns).
    first: Vec<Option<Box<TextCell>>>,
}

/// The first cell that is not a number in a column: where, and its text,
/// shortened.
pub(super) struct TextCell {
    /// Where the cell is.
    at: CellAt,
    /// Its text, shortened.
    value: String,
}

impl TextCells {
    /// None seen yet, among `features` columns.
    pub(super) fn new(features: usize) -> Self {
        TextCells {
            first: (0..features).map(|_| None).collect(),
        }
    }

    /// Takes note of a cell that is not a number in the column at `place`.
    pub(super) fn note(&mut self, place: usize, at: CellAt, value: String) {
        if let Some(first @ None) = self.first.get_mut(place) {
            *first = Some(Box::new(TextCell { at, value }));
        }
    }

    /// Each column holding such a cell, by its place, with the first.
    pub(super) fn columns(self) -> Vec<(usize, TextCell)> {
        self.first
            .into_iter()
            .enumerate()
            .filter_map(|(place, first)| first.map(|cell| (place, *cell)))
            .collect()
    }
}

/// A missing cell's code in a [`CategoryTally`]: no place a value can have.
const MISSING: u8 = u8::MAX;

/// The values a column of categories holds, as met, and each row's.
pub(super) struct CategoryTally {
    /// The distinct values, in the order met.
    values: DistinctValues,
    /// Each row's value, by its place in `values`; [`MISSING`] for a
    /// missing cell (a byte a cell, as the file may be mostly such cells).
    codes: Vec<u8>,
    /// The cells that are not missing, those that are finite numbers and
    /// the others' look, counted as a preview counts them.
    cell_counts: CellCounts,
    /// More than [`MAX_CATEGORIES`](super::MAX_CATEGORIES) values, or one
    /// longer than [`MAX_LISTED_LENGTH`](super::MAX_LISTED_LENGTH): not a
    /// column of categories.
    too_many: bool,
    /// The cells read as dates written day or month first.
    dates: DateCells,
    /// The column is read as dates written in this order, not categories.
    read_as_dates: Option<ReadOrder>,
}

impl CategoryTally {
    /// No row seen yet, in a file with this decimal mark.
    pub(super) fn new(decimal: DecimalMark) -> Self {
        CategoryTally {
            values: DistinctValues::default(),
            codes: Vec::new(),
            cell_counts: CellCounts::new(decimal),
            too_many: false,
            dates: DateCells::default(),
            read_as_dates: None,
        }
    }

    /// Takes the next row's trimmed cell, which `at` places.
    pub(super) fn observe(&mut self, cell: &str, at: impl Fn() -> CellAt) {
        let missing = is_missing(cell);
        self.dates.observe(cell, missing, at);
        if missing {
            if !self.too_many {
                self.codes.push(MISSING);
            }
            return;
        }
        self.cell_counts.observe(cell);
        if self.too_many {
            return;
        }
        // At most MAX_CATEGORIES (64) values, so a place fits a byte.
        let place = self.values.position(cell).or_else(|| self.values.add(cell));
        match place.and_then(|place| u8::try_from(place).ok()) {
            Some(code) => self.codes.push(code),
            None => {
                self.too_many = true;
                self.codes = Vec::new();
            }
        }
    }

    /// Takes the next cell of a row outside the file's sample, trimmed:
    /// what the column's dates show of their order is judged over the whole
    /// file, as its preview judges it (its other cells count in the sample
    /// only).
    pub(super) fn observe_date_order(&mut self, cell: &str) {
        if !is_missing(cell) {
            self.cell_counts.observe_date_order(cell);
        }
    }

    /// The tally of a column of categories, or of dates whose order the
    /// column shows or `dates` names, given the column's first cell that is
    /// not a number.
    ///
    /// # Errors
    /// [`CsvError::NotCategories`] at that cell where the column holds
    /// numbers and infinite values ("inf"), or numbers but for a few cells
    /// (typos), those cells are dates in no
    /// order the column shows, the column holds too many values or too long
    /// a one, or its values are held by fewer than two cells each on average
    /// ([`are_categories`]).
    pub(super) fn checked(
        mut self,
        first: TextCell,
        dates: DateOrderChoice,
    ) -> Result<Self, CsvError> {
        let TextCell { at, value } = first;
        if let Some(order) = self.cell_counts.date_order(dates) {
            self.read_as_dates = Some(order);
            return Ok(self);
        }
        let why = if self.cell_counts.shape == Some(TextShape::Infinite) {
            Some(NotCategoriesWhy::Infinite)
        } else if self.cell_counts.mostly_numbers() {
            Some(NotCategoriesWhy::MostlyNumbers {
                numbers: self.cell_counts.numbers,
                cells: self.cell_counts.cells,
            })
        } else if self.cell_counts.shape == Some(TextShape::Date) {
            Some(match self.cell_counts.dates_shown() {
                Some(shown) => match shown.both() {
                    Some((day, month)) => NotCategoriesWhy::DatesInTwoOrders {
                        day_first: day.to_owned(),
                        month_first: month.to_owned(),
                    },
                    None => NotCategoriesWhy::DatesInNoOrder,
                },
                None => NotCategoriesWhy::Dates,
            })
        } else if self.cell_counts.shape == Some(TextShape::WithUnit)
            && (self.too_many || !are_categories(self.values.len(), self.cell_counts.cells))
        {
            Some(NotCategoriesWhy::Units)
        } else if self.too_many {
            Some(NotCategoriesWhy::TooMany)
        } else if !are_categories(self.values.len(), self.cell_counts.cells) {
            Some(NotCategoriesWhy::Unrepeated {
                distinct: self.values.len(),
                cells: self.cell_counts.cells,
            })
        } else {
            None
        };
        if let Some(why) = why {
            return Err(CsvError::NotCategories { at, value, why });
        }
        Ok(self)
    }

    /// How many inputs the column gives: one per category, one for dates.
    pub(super) fn inputs(&self) -> usize {
        match self.read_as_dates {
            Some(_) => 1,
            None => self.values.len(),
        }
    }

    /// The column read: its dates, or its categories.
    ///
    /// # Errors
    /// [`CsvError::NotADate`] at a cell of a column of dates that is none
    /// in the column's order.
    pub(super) fn into_column(self) -> Result<TextColumn, CsvError> {
        match self.read_as_dates {
            Some(read) => Ok(TextColumn::Dates {
                read,
                days: self.dates.read_in(read)?,
            }),
            None => Ok(TextColumn::Categories(self.into_categories())),
        }
    }

    /// The column's categories in sorted order, with each row's.
    fn into_categories(mut self) -> Categories {
        let met: Vec<&str> = self.values.iter().collect();
        let mut order: Vec<usize> = (0..met.len()).collect();
        order.sort_by_key(|&place| met[place]);
        let mut new_code = vec![0u8; met.len()];
        for (sorted, &place) in order.iter().enumerate() {
            new_code[place] = u8::try_from(sorted).unwrap_or(u8::MAX);
        }
        let values = order.iter().map(|&place| met[place].to_owned()).collect();
        for code in self.codes.iter_mut().filter(|code| **code != MISSING) {
            *code = new_code[usize::from(*code)];
        }
        Categories {
            values,
            codes: self.codes,
        }
    }
}

/// A chosen column of text read.
pub(super) enum TextColumn {
    /// Categories, one input each.
    Categories(Categories),
    /// Dates written in `read.order`: each row's days since 1970-01-01, NaN
    /// for a missing cell.
    Dates {
        /// Which part of a date is the day, and who said so.
        read: ReadOrder,
        /// Each row's days.
        days: Vec<f32>,
    },
}

/// A column of categories read: its values in sorted order and each row's.
pub(super) struct Categories {
    /// The distinct values, sorted.
    values: Vec<String>,
    /// Each row's value, by its place in `values`; [`MISSING`] for a
    /// missing cell.
    codes: Vec<u8>,
}

/// The features with each column of categories spread over its inputs.
pub(super) struct Expanded {
    /// The inputs, in column order, a column of categories' in the order of
    /// its values.
    pub(super) inputs: Vec<Input>,
    /// `rows × inputs.len()` values, row-major.
    pub(super) features: Vec<f32>,
}

/// Spreads each column of categories (by its place among `names`, the
/// feature columns) over one input per value, 1 where the row holds it and
/// 0 elsewhere, NaN in each where the cell is missing; a column of dates
/// gives one input, its days; the other columns keep their numbers.
pub(super) fn expand(
    names: &[String],
    features: &[f32],
    columns: &[(usize, TextColumn)],
) -> Expanded {
    let mut of_place: Vec<Option<&TextColumn>> = vec![None; names.len()];
    for (place, column) in columns {
        if let Some(slot) = of_place.get_mut(*place) {
            *slot = Some(column);
        }
    }
    let inputs: Vec<Input> = names
        .iter()
        .zip(&of_place)
        .flat_map(|(name, column)| match column {
            Some(TextColumn::Categories(column)) => column
                .values
                .iter()
                .map(|value| Input::Category {
                    column: name.clone(),
                    value: value.clone(),
                })
                .collect(),
            Some(TextColumn::Dates { read, .. }) => vec![Input::Date {
                column: name.clone(),
                dates: read.order,
            }],
            None => vec![Input::Number(name.clone())],
        })
        .collect();
    let dim = names.len().max(1);
    let mut expanded = Vec::with_capacity(features.len() / dim * inputs.len());
    for (row, values) in features.chunks_exact(dim).enumerate() {
        for (&value, column) in values.iter().zip(&of_place) {
            match column {
                Some(TextColumn::Categories(column)) => {
                    let code = column.codes.get(row).copied().filter(|&c| c != MISSING);
                    expanded.extend((0..column.values.len()).map(|at| match code {
                        None => f32::NAN,
                        Some(code) if usize::from(code) == at => 1.0,
                        Some(_) => 0.0,
                    }));
                }
                Some(TextColumn::Dates { days, .. }) => {
                    expanded.push(days.get(row).copied().unwrap_or(f32::NAN));
                }
                None => expanded.push(value),
            }
        }
    }
    Expanded {
        inputs,
        features: expanded,
    }
}

/// The sentence saying how each column of categories or dates was read,
/// and which of a column's values differ only in case (two categories,
/// likely meant as one).
pub(super) fn read_note(names: &[String], columns: &[(usize, TextColumn)]) -> Option<String> {
    let sentences: Vec<String> = columns
        .iter()
        .map(|(place, column)| {
            let name = clip(names.get(*place).map_or("", String::as_str));
            let column = match column {
                TextColumn::Categories(column) => column,
                TextColumn::Dates { read, .. } => {
                    let why = match read.chosen {
                        true => "the order chosen for the file's dates".to_owned(),
                        false => format!("as {} shows", read.order.shown_by()),
                    };
                    return format!(
                        "Column \"{name}\" was read as dates written {}, {why}, each as its \
                         days since 1970-01-01.",
                        read.order.words(),
                    );
                }
            };
            let mut sentence = format!(
                "Column \"{name}\" was read as {} categor{}, each its own 0/1 input: {}.",
                column.values.len(),
                if column.values.len() == 1 { "y" } else { "ies" },
                quoted_list(&column.values, MAX_LISTED_VALUES)
            );
            if let Some((a, b)) = case_twins(&column.values) {
                sentence += &format!(
                    " \"{}\" and \"{}\" differ only in case, so they are two categories: \
                     write them alike in the file to make them one.",
                    clip(a),
                    clip(b)
                );
            }
            sentence
        })
        .collect();
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

/// The first two of `values` that differ only in case, if any.
fn case_twins(values: &[String]) -> Option<(&String, &String)> {
    values.iter().enumerate().find_map(|(at, a)| {
        values[at + 1..]
            .iter()
            .find(|b| b.to_lowercase() == a.to_lowercase())
            .map(|b| (a, b))
    })
}

/// A column of categories read for scoring: its cells become the model's
/// inputs for it, and values the model was not trained on are counted.
pub(super) struct CategoryCells<'a> {
    /// The column's name.
    column: &'a str,
    /// The values the model has an input for, in input order.
    values: Vec<&'a str>,
    /// How many cells hold another value.
    unseen: usize,
    /// The first of them: where, and its text, shortened.
    first_unseen: Option<(CellAt, String)>,
}

impl<'a> CategoryCells<'a> {
    /// The column `column`, whose first input is for `value`.
    pub(super) fn new(column: &'a str, value: &'a str) -> Self {
        CategoryCells {
            column,
            values: vec![value],
            unseen: 0,
            first_unseen: None,
        }
    }

    /// The column's name.
    pub(super) fn column(&self) -> &'a str {
        self.column
    }

    /// Adds the input for `value`, the next of the column's.
    pub(super) fn add(&mut self, value: &'a str) {
        self.values.push(value);
    }

    /// Pushes the cell's inputs: 1 for its value and 0 for the others, NaN
    /// in each for a missing cell (counted in `empty`), and 0 in each for a
    /// value the model was not trained on (which is counted here).
    pub(super) fn push(&mut self, cell: &Cell<'_>, empty: &mut EmptyCells, out: &mut Vec<f32>) {
        if is_missing(cell.value) {
            empty.count(cell);
            out.extend(self.values.iter().map(|_| f32::NAN));
            return;
        }
        let known = self.values.iter().position(|value| *value == cell.value);
        if known.is_none() {
            self.unseen += 1;
            if self.first_unseen.is_none() {
                self.first_unseen = Some((cell.at(), clip(cell.value)));
            }
        }
        out.extend((0..self.values.len()).map(|at| if known == Some(at) { 1.0 } else { 0.0 }));
    }

    /// The sentence on the values the model was not trained on, if any.
    pub(super) fn unseen_note(&self) -> Option<String> {
        let (at, value) = self.first_unseen.as_ref()?;
        let values: Vec<String> = self.values.iter().map(|v| (*v).to_owned()).collect();
        Some(format!(
            "Column \"{}\" holds a value the model was not trained on in {} (the first, \
             \"{value}\", {at}): such a cell reads as none of the column's categories ({}), 0 \
             in each of its inputs.",
            clip(self.column),
            counted(self.unseen, "cell"),
            quoted_list(&values, MAX_LISTED_VALUES)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::test_support::{at, read_err, scored, strings};
    use crate::data::csv::{
        CsvColumns, MAX_CATEGORIES, MAX_COLUMNS, MAX_LISTED_LENGTH, MissingValues, read_csv,
    };

    /// The file's columns `names` chosen as features, gaps handled by `missing`.
    fn chosen(names: &[&str], missing: MissingValues) -> CsvColumns {
        CsvColumns {
            features: Some(strings(names)),
            missing,
            ..CsvColumns::default()
        }
    }

    #[test]
    fn a_chosen_column_of_words_reads_as_one_input_per_word_and_scores_alike() {
        let text = "x,colour,smoker,labeled\n1,red,yes,1\n2,blue,no,0\n3,red,,0\n4,green,no,1\n";
        let columns = chosen(&["x", "colour", "smoker"], MissingValues::ColumnMean);
        let data = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(
            data.feature_names(),
            [
                "x",
                "colour = blue",
                "colour = green",
                "colour = red",
                "smoker = no",
                "smoker = yes"
            ]
        );
        // The missing smoker cell is filled with each input's mean over the
        // other rows: two of three say no.
        let third = 1.0 / 3.0;
        assert_eq!(
            data.features,
            [
                1.0,
                0.0,
                0.0,
                1.0,
                0.0,
                1.0, //
                2.0,
                1.0,
                0.0,
                0.0,
                1.0,
                0.0, //
                3.0,
                0.0,
                0.0,
                1.0,
                2.0 * third,
                third, //
                4.0,
                0.0,
                1.0,
                0.0,
                1.0,
                0.0,
            ]
        );
        let warnings = data.warnings.join(" ");
        assert!(
            warnings.contains(
                "Column \"colour\" was read as 3 categories, each its own 0/1 input: \"blue\", \
                 \"green\", \"red\". Column \"smoker\" was read as 2 categories"
            ),
            "{warnings}"
        );
        // The missing cell is one, though missing in two inputs.
        assert!(
            warnings.contains("Filled 1 missing feature value in 1 row (1 column)"),
            "{warnings}"
        );
        // Scoring reads the same inputs; a missing cell is refused as the
        // choice says…
        let gap = scored(b"colour,x,smoker\nred,6,\n", &data.inputs);
        assert!(
            gap.as_ref().is_err_and(CsvError::is_about_missing_values),
            "{gap:?}"
        );
        // …and a colour the model never saw is none of its categories, and
        // said so.
        let new = "colour,x,smoker\npurple,5,yes\nred,6,no\n";
        let rows = scored(new.as_bytes(), &data.inputs).unwrap();
        assert_eq!(
            rows.features,
            [5.0, 0.0, 0.0, 0.0, 0.0, 1.0, 6.0, 0.0, 0.0, 1.0, 1.0, 0.0]
        );
        assert_eq!(
            rows.warnings,
            [
                "Column \"colour\" holds a value the model was not trained on in 1 cell (the \
                 first, \"purple\", Line 2 (data row 1), column \"colour\"): such a cell reads \
                 as none of the column's categories (\"blue\", \"green\", \"red\"), 0 in each \
                 of its inputs."
            ]
        );
    }

    #[test]
    fn only_named_columns_of_few_values_read_as_categories() {
        // Every column by default: text is still refused.
        let text = "x,colour,labeled\n1,red,1\n2,blue,0\n";
        let (err, _) = read_err(text, &CsvColumns::default());
        assert!(matches!(err, CsvError::NonNumeric { ref value, .. } if value == "red"));
        // Named, but with more values than categories may have: its first
        // cell that is not a number is located.
        let names: String = (0..=2 * MAX_CATEGORIES)
            .map(|i| format!("{i},name{},{}\n", i / 2, i % 2))
            .collect();
        let (err, message) = read_err(
            &format!("x,name,labeled\n{names}"),
            &chosen(&["x", "name"], MissingValues::Refuse),
        );
        assert!(
            matches!(err, CsvError::NotCategories { ref value, .. } if value == "name0"),
            "{err:?}"
        );
        assert!(
            message.starts_with(
                "Line 2 (data row 1), column \"name\": \"name0\" is not a number, and the \
                 column holds more than 64 different values"
            ),
            "{message}"
        );
        // More than a preview lists, in about one row each: names, no
        // categories.
        let names: String = (0..=MAX_LISTED_VALUES)
            .map(|i| format!("{i},name{i},{}\n", i % 2))
            .collect();
        let (err, message) = read_err(
            &format!("x,name,labeled\n{names}"),
            &chosen(&["x", "name"], MissingValues::Refuse),
        );
        assert_eq!(
            message,
            "Line 2 (data row 1), column \"name\": \"name0\" is not a number, and the \
             column's 13 cells hold 13 different values, fewer than two cells a value on \
             average, as names and identifiers do: more than 12 values are read as categories \
             only where each is held by two cells on average. Leave this column out of the \
             features.",
            "{err:?}"
        );
        // Cells that read as numbers in a column read as categories are no
        // amounts, and no note says they were.
        let data = read_csv(
            b"x,size,labeled\n1,10%,1\n2,small,0\n3,20%,0\n",
            &chosen(&["x", "size"], MissingValues::Refuse),
        )
        .unwrap();
        assert_eq!(data.dim(), 4);
        assert!(
            !data.warnings.join(" ").contains("Percent signs"),
            "{:?}",
            data.warnings
        );
        // A column of one category carries nothing, and says so in its words.
        let data = read_csv(
            b"x,kind,labeled\n1,cat,1\n2,cat,0\n",
            &chosen(&["x", "kind"], MissingValues::Refuse),
        )
        .unwrap();
        assert_eq!(data.feature_names(), ["x"]);
        assert!(
            data.warnings.join(" ").contains(
                "Feature column \"kind\" holds the same value (cat) in every row, so it carries \
                 no information and was dropped."
            ),
            "{:?}",
            data.warnings
        );
    }

    /// The categories of a column of these cells.
    fn tally(cells: &[&str]) -> Result<Categories, CsvError> {
        let mut tally = CategoryTally::new(DecimalMark::Point);
        for cell in cells {
            tally.observe(cell, || at(2, 1, "c"));
        }
        let first = TextCell {
            at: at(2, 1, "c"),
            value: cells[0].to_owned(),
        };
        tally
            .checked(first, DateOrderChoice::Shown)
            .map(CategoryTally::into_categories)
    }

    #[test]
    fn a_word_the_number_reader_takes_as_infinite_is_a_category_where_words_are() {
        let units: String = (0..12)
            .map(|i| format!("{i},{},{}\n", ["inf", "art", "Infinity"][i % 3], i % 2))
            .collect();
        let data = read_csv(
            format!("x,unit,labeled\n{units}").as_bytes(),
            &chosen(&["x", "unit"], MissingValues::Refuse),
        )
        .unwrap();
        let inputs: Vec<String> = data.inputs.iter().map(ToString::to_string).collect();
        assert_eq!(inputs, ["x", "unit = Infinity", "unit = art", "unit = inf"]);
        assert_eq!(data.features[..4], [0.0, 0.0, 0.0, 1.0]);
        // Among numbers it is an infinity, as pandas writes a division by
        // zero, to be emptied; written in digits, a number too large for
        // the reader is no word.
        let numbers: String = (0..12).map(|i| format!("{i},{i},{}\n", i % 2)).collect();
        let (err, _) = read_err(
            &format!("x,y,labeled\n{numbers}1,inf,0\n"),
            &chosen(&["x", "y"], MissingValues::Refuse),
        );
        assert!(
            matches!(err, CsvError::NotCategories {
                ref value,
                why: NotCategoriesWhy::Infinite,
                ..
            } if value == "inf"),
            "{err:?}"
        );
        assert!(
            err.to_string().ends_with(
                "\"inf\" is not a number, but an infinity (what a division by zero gives), \
                 which no feature can hold: empty the column's infinite cells and choose what to \
                 do with missing values, or leave this column out of the features."
            ),
            "{err}"
        );
        assert_eq!(
            err.command_line_hint(),
            Some(
                "On the command line, once those cells are empty: --missing drop or --missing mean."
            )
        );
        // Among numbers and another word, it is a typo, counted.
        let more: String = (0..18).map(|i| format!("{i},{i},{}\n", i % 2)).collect();
        let (err, _) = read_err(
            &format!("x,y,labeled\n{more}1,inf,0\n1,x,0\n"),
            &chosen(&["x", "y"], MissingValues::Refuse),
        );
        assert!(
            matches!(
                err,
                CsvError::NotCategories {
                    why: NotCategoriesWhy::MostlyNumbers {
                        numbers: 18,
                        cells: 20
                    },
                    ..
                }
            ),
            "{err:?}"
        );
        let (err, _) = read_err(
            &format!("x,y,labeled\n{numbers}1,1e39,0\n"),
            &chosen(&["x", "y"], MissingValues::Refuse),
        );
        assert!(
            matches!(err, CsvError::NonFinite { ref value, .. } if value == "1e39"),
            "{err:?}"
        );
    }

    #[test]
    fn categories_are_sorted_and_each_row_keeps_its_own() {
        let column = tally(&["red", "blue", "", "red", "green"]).unwrap();
        assert_eq!(column.values, ["blue", "green", "red"]);
        assert_eq!(column.codes, [2, 0, MISSING, 2, 1]);
        let names = ["x".to_owned(), "colour".to_owned()];
        let features = [
            1.0,
            f32::NAN,
            2.0,
            f32::NAN,
            3.0,
            f32::NAN,
            4.0,
            f32::NAN,
            5.0,
            f32::NAN,
        ];
        let expanded = expand(&names, &features, &[(1, TextColumn::Categories(column))]);
        let shown: Vec<String> = expanded.inputs.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            ["x", "colour = blue", "colour = green", "colour = red"]
        );
        let rows: Vec<String> = expanded
            .features
            .chunks(4)
            .map(|row| format!("{row:?}"))
            .collect();
        assert_eq!(
            rows,
            [
                "[1.0, 0.0, 0.0, 1.0]",
                "[2.0, 1.0, 0.0, 0.0]",
                "[3.0, NaN, NaN, NaN]",
                "[4.0, 0.0, 0.0, 1.0]",
                "[5.0, 0.0, 1.0, 0.0]"
            ]
        );
    }

    #[test]
    fn values_differing_only_in_case_are_two_categories_and_said_to_be() {
        let column = tally(&["Male", "female", "male"]).unwrap();
        let note = read_note(&strings(&["sex"]), &[(0, TextColumn::Categories(column))]).unwrap();
        assert_eq!(
            note,
            "Column \"sex\" was read as 3 categories, each its own 0/1 input: \"Male\", \
             \"female\", \"male\". \"Male\" and \"male\" differ only in case, so they are two \
             categories: write them alike in the file to make them one."
        );
    }

    #[test]
    fn too_many_values_too_long_a_one_or_one_per_row_are_no_categories() {
        let kind = |result: Result<Categories, CsvError>| match result {
            Ok(column) => format!("{} categories", column.values.len()),
            Err(CsvError::NotCategories { why, .. }) => format!("{why:?}"),
            Err(other) => format!("{other:?}"),
        };
        // Each value twice: up to 64 categories.
        let twice: Vec<String> = (0..=MAX_CATEGORIES)
            .flat_map(|i| [format!("v{i}"), format!("v{i}")])
            .collect();
        let twice: Vec<&str> = twice.iter().map(String::as_str).collect();
        assert_eq!(kind(tally(&twice[..2 * MAX_CATEGORIES])), "64 categories");
        assert_eq!(kind(tally(&twice)), "TooMany");
        // Each value once: up to 12, a preview's list; more name the rows.
        let once: Vec<&str> = twice.iter().step_by(2).copied().collect();
        assert_eq!(kind(tally(&once[..MAX_LISTED_VALUES])), "12 categories");
        assert_eq!(
            kind(tally(&once[..=MAX_LISTED_VALUES])),
            "Unrepeated { distinct: 13, cells: 13 }"
        );
        let long = "x".repeat(MAX_LISTED_LENGTH + 1);
        assert_eq!(kind(tally(&["a", &long])), "TooMany");
        // Dates in a form not read are no categories, however few: with
        // no part past 12 to show their order, in two orders, with
        // two-digit years.
        assert_eq!(
            kind(tally(&["10/01/2023", "11/01/2023", "10/01/2023"])),
            "DatesInNoOrder"
        );
        assert_eq!(
            kind(tally(&["13/01/2023", "01/13/2023"])),
            "DatesInTwoOrders { day_first: \"13/01/2023\", month_first: \"01/13/2023\" }"
        );
        assert_eq!(kind(tally(&["10/01/23", "13/01/23"])), "Dates");
        // One word among nine numbers is a typo in a column of numbers; two
        // among nine are categories.
        let typo = ["oops", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
        assert_eq!(
            kind(tally(&typo)),
            "MostlyNumbers { numbers: 9, cells: 10 }"
        );
        let mixed = ["none", "none", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
        assert_eq!(kind(tally(&mixed)), "10 categories");
    }

    #[test]
    fn too_many_inputs_are_refused() {
        let names: Vec<String> = (0..=MAX_COLUMNS / 2).map(|i| format!("c{i}")).collect();
        let text = format!(
            "{},labeled\n{},1\n{},0\n",
            names.join(","),
            vec!["a"; names.len()].join(","),
            vec!["b"; names.len()].join(",")
        );
        let features: Vec<&str> = names.iter().map(String::as_str).collect();
        let (error, _) = read_err(&text, &chosen(&features, MissingValues::Refuse));
        assert_eq!(
            error,
            CsvError::TooManyInputs {
                inputs: names.len() * 2,
                limit: MAX_COLUMNS
            }
        );
    }
}

//! The data rows, one at a time: each cell named by its line, row and
//! column, read as a number, and missing feature cells counted.

use super::duration;
use super::error::{CellAt, CsvError};
use super::iso_date::days_since_1970;
use super::missing::{MissingValues, is_missing};
use super::number::DecimalMark;
use super::reader::Rows;
use super::sample::RowSample;
use super::text_shape::TextShape;
use crate::user_text::clip;

/// Most empty cells located in a message.
const MAX_SHOWN_CELLS: usize = 3;

/// Which of a file's data rows a read parses.
#[derive(Clone, Copy)]
pub(super) enum RowsParsed<'a> {
    /// Every row.
    Every,
    /// Every row, of a file of at most this many: past it, rows are only
    /// counted, and the file is refused ([`CsvError::TooManyRows`]).
    UpTo(usize),
    /// The rows a sample of a larger file keeps; the others are only counted.
    Sample(&'a RowSample),
}

impl RowsParsed<'_> {
    /// Whether the 1-based data row `number` is parsed.
    pub(super) fn parses(self, number: usize) -> bool {
        match self {
            RowsParsed::Every => true,
            RowsParsed::UpTo(limit) => number <= limit,
            RowsParsed::Sample(sample) => sample.keeps(number),
        }
    }
}

/// Calls `parse` on each data row that `parsed` names and counts the rest;
/// the number of data rows. Missing feature cells (which `parse` reads
/// through [`EmptyCells::number`], as NaN) are all counted; when `missing`
/// refuses them the file is refused at the end, and an error found after the
/// first of them reports them instead.
///
/// # Errors
/// The first error `parse` or the reader returns, [`CsvError::NonNumeric`] or
/// [`CsvError::EmptyCells`] for empty feature cells, [`CsvError::NoDataRows`],
/// or [`CsvError::TooManyRows`] past a [`RowsParsed::UpTo`] limit.
pub(super) fn for_each_row(
    rows: &mut Rows<'_>,
    header: &[String],
    decimal: DecimalMark,
    missing: MissingValues,
    parsed: RowsParsed<'_>,
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
        if !parsed.parses(count) {
            continue;
        }
        let row = DataRow {
            record,
            header,
            decimal,
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
    check_row_count(count, parsed)?;
    Ok(count)
}

/// The missing feature cells found so far.
#[derive(Default)]
pub(super) struct EmptyCells {
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
    pub(super) fn number(&mut self, cell: &Cell<'_>) -> Result<f32, CsvError> {
        if !is_missing(cell.value) {
            return cell.number();
        }
        self.count(cell);
        Ok(f32::NAN)
    }

    /// Counts a missing cell.
    pub(super) fn count(&mut self, cell: &Cell<'_>) {
        if self.count == 0 {
            self.first_value = clip(cell.value);
        }
        self.count += 1;
        if self.first.len() < MAX_SHOWN_CELLS {
            self.first.push(cell.at());
        }
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
pub(super) struct DataRow<'a> {
    /// The record's fields, untrimmed.
    record: &'a [String],
    /// Column names.
    header: &'a [String],
    /// The file's decimal mark.
    decimal: DecimalMark,
    /// Line on which the record starts.
    line: u64,
    /// 1-based data row number.
    number: usize,
}

impl<'a> DataRow<'a> {
    /// Its 1-based data row number.
    pub(super) fn number(&self) -> usize {
        self.number
    }

    /// The trimmed cell of column `index`.
    pub(super) fn cell(&self, index: usize) -> Cell<'a> {
        Cell {
            value: self.record.get(index).map_or("", |cell| cell.trim()),
            column: self.header.get(index).map_or("", String::as_str),
            decimal: self.decimal,
            line: self.line,
            row: self.number,
        }
    }
}

/// One trimmed cell and where it is.
pub(super) struct Cell<'a> {
    /// The trimmed text.
    pub(super) value: &'a str,
    /// Column name.
    column: &'a str,
    /// The file's decimal mark.
    decimal: DecimalMark,
    /// Line on which its record starts.
    line: u64,
    /// 1-based data row number.
    row: usize,
}

impl Cell<'_> {
    /// The cell's position for an error message.
    pub(super) fn at(&self) -> CellAt {
        CellAt {
            line: self.line,
            row: self.row,
            column: clip(self.column),
        }
    }

    /// The file's decimal mark.
    pub(super) fn decimal(&self) -> DecimalMark {
        self.decimal
    }

    /// The cell as a finite feature value: a number, an amount with a
    /// currency sign or a percentage without its sign ([`TextShape::amount`]),
    /// a date written year first as its days since 1970-01-01, or a
    /// duration or a time of day as its hours ([`duration::hours`]).
    fn number(&self) -> Result<f32, CsvError> {
        let amount = || TextShape::amount(self.value, self.decimal).map(|(number, _)| number);
        let date = || days_since_1970(self.value);
        let hours = || duration::hours(self.value);
        match (self.decimal.parse(self.value))
            .or_else(amount)
            .or_else(date)
            .or_else(hours)
        {
            Some(number) if number.is_finite() => Ok(number),
            Some(_) => Err(CsvError::NonFinite {
                at: self.at(),
                value: clip(self.value),
            }),
            None => Err(CsvError::NonNumeric {
                at: self.at(),
                value: clip(self.value),
            }),
        }
    }
}

/// A file must hold a data row, and no more than a [`RowsParsed::UpTo`]
/// limit.
fn check_row_count(count: usize, parsed: RowsParsed<'_>) -> Result<(), CsvError> {
    if let RowsParsed::UpTo(limit) = parsed
        && count > limit
    {
        return Err(CsvError::TooManyRows {
            found: count,
            limit,
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
    use crate::data::csv::IdColumn;
    use crate::data::csv::test_support::{REFUSE, at, numbers, read_err, scored};
    use crate::data::csv::{
        CsvColumns, DateOrderChoice, MissingValues, NotCategoriesWhy, TabularData, read_csv,
        read_feature_rows,
    };
    use crate::data::tabular_features::{DateOrder, Input};

    /// The default columns with `names` chosen as the features.
    fn chosen(names: &[&str]) -> CsvColumns {
        CsvColumns {
            features: Some(names.iter().map(|n| n.to_string()).collect()),
            ..CsvColumns::default()
        }
    }

    /// Scoring reads the columns `names` of `text` as the training read
    /// `data` did.
    fn assert_scored_alike(text: &str, names: &[&str], data: &TabularData) {
        let rows = scored(text.as_bytes(), &numbers(names)).unwrap();
        assert_eq!(rows.features, data.features);
    }

    #[test]
    fn chosen_negatives_in_parentheses_read_as_numbers_and_units_are_refused_with_advice() {
        let text = "net,x,labeled\n\"(1,543)\",1,1\n\"1,679\",2,0\n(2.5),3,0\n\"($1,207)\",4,1\n\
                    \"$ (2,000.50)\",5,0\n";
        let data = read_csv(text.as_bytes(), &chosen(&["net", "x"])).unwrap();
        assert_eq!(
            data.features,
            [
                -1543.0, 1.0, 1679.0, 2.0, -2.5, 3.0, -1207.0, 4.0, -2000.5, 5.0
            ]
        );
        let warnings = data.warnings.join(" ");
        assert!(
            warnings.contains(
                "Parentheses were read as minus signs in 2 cells of feature columns, as \
                 accounting writes negative numbers: the first, \"(1,543)\", as -1543 (Line 2 \
                 (data row 1), column \"net\")."
            ),
            "{warnings}"
        );
        assert!(
            !warnings.contains("A comma was read as the decimal mark"),
            "{warnings}"
        );
        assert_scored_alike(text, &["net", "x"], &data);
        // Numbers with a unit, too many to be categories, are refused with
        // what to do; a few are categories.
        let weights: String = (0..80)
            .map(|i| format!("{i}.5 kg,{},{}\n", i % 7, i % 2))
            .collect();
        let (err, message) = read_err(
            &format!("weight,x,labeled\n{weights}"),
            &chosen(&["weight", "x"]),
        );
        assert!(
            matches!(err, CsvError::NotCategories { ref value, why: NotCategoriesWhy::Units, .. }
                if value == "0.5 kg"),
            "{err:?}"
        );
        assert!(
            message.ends_with(
                "\"0.5 kg\" is not a number, and the column holds numbers with a unit, too many \
                 different ones to read as categories: write the numbers alone in the file, the \
                 unit in the column's name, to use it, or leave this column out of the features."
            ),
            "{message}"
        );
        let drives: String = (0..12)
            .map(|i| format!("{}WD,{i},{}\n", 2 + 2 * (i % 2), i % 2))
            .collect();
        let data = read_csv(
            format!("drive,x,labeled\n{drives}").as_bytes(),
            &chosen(&["drive", "x"]),
        )
        .unwrap();
        assert_eq!(data.dim(), 3, "{:?}", data.inputs);
    }

    #[test]
    fn chosen_durations_and_times_of_day_read_as_their_hours_and_say_so() {
        let text = "wait,start,labeled\n0 days 02:30:00,07:45,1\n-1 days +23:00:00,18:00:30,0\n\
                    2 days,00:00,0\n";
        let data = read_csv(text.as_bytes(), &chosen(&["wait", "start"])).unwrap();
        let hours = [2.5, 7.75, -1.0, 18.0 + 30.0 / 3600.0, 48.0, 0.0];
        assert_eq!(data.features, hours.map(|h: f64| h as f32));
        let warnings = data.warnings.join(" ");
        assert!(
            warnings.contains(
                "Durations and times of day were read as their hours in 6 cells of feature \
                 columns: the first, \"0 days 02:30:00\", as 2.5 (Line 2 (data row 1), column \
                 \"wait\")."
            ),
            "{warnings}"
        );
        assert_scored_alike(text, &["wait", "start"], &data);
    }

    #[test]
    fn chosen_amounts_percentages_and_dates_read_as_numbers_and_say_so() {
        let text = "price;rate;x;labeled\n\"1.200,50 €\";12%;1;1\n-3 €;-0,5 %;2;0\n$7;4;3;0\n";
        let data = read_csv(text.as_bytes(), &chosen(&["price", "rate", "x"])).unwrap();
        assert_eq!(
            data.features,
            [1200.5, 12.0, 1.0, -3.0, -0.5, 2.0, 7.0, 4.0, 3.0]
        );
        let warnings = data.warnings.join(" ");
        assert!(
            warnings.contains(
                "Currency signs were left out of 3 cells of feature columns, each read as its \
                 number: the first, \"1.200,50 €\", as 1200.5 (Line 2 (data row 1), \
                 column \"price\")."
            ),
            "{warnings}"
        );
        assert!(
            warnings.contains("Percent signs were left out of 2 cells"),
            "{warnings}"
        );
        // Scoring reads them the same way.
        assert_scored_alike(text, &["price", "rate", "x"], &data);
        // A number needs no note; a sign without a number is still refused.
        let plain = read_csv(b"x;labeled\n1,5;1\n2;0\n", &chosen(&["x"])).unwrap();
        assert!(!plain.warnings.join(" ").contains("signs were left out"));
        // A sign without a number, among numbers, is a typo: refused, with
        // the column's other cells that are not numbers counted.
        let signs: String = (0..13).map(|i| format!("{i},{}\n", i % 2)).collect();
        let (err, message) = read_err(&format!("x,labeled\n{signs}$,0\n"), &chosen(&["x"]));
        assert!(matches!(err, CsvError::NotCategories { ref value, .. } if value == "$"));
        assert_eq!(
            message,
            "Line 15 (data row 14), column \"x\": \"$\" is not a number, though 13 of the \
             column's 14 cells are: fix it, or leave this column out of the features."
        );
        let more: String = (0..30).map(|i| format!("{i},{}\n", i % 2)).collect();
        let (_, message) = read_err(
            &format!("x,labeled\n{more}$,0\n€,1\n%,0\n"),
            &chosen(&["x"]),
        );
        assert!(
            message.ends_with(
                "though 30 of the column's 33 cells are: fix it and the column's 2 other cells \
                 that are not numbers, or leave this column out of the features."
            ),
            "{message}"
        );
        // Dates written year first read as their days since 1970-01-01;
        // written day or month first, only where the column shows the
        // order (see the next test).
        let dated = "day,labeled\n2024-02-29,1\n1970-01-02 12:00,0\n1970/01/03,0\n";
        let data = read_csv(dated.as_bytes(), &chosen(&["day"])).unwrap();
        assert_eq!(data.features, [19_782.0, 1.5, 2.0]);
        let warnings = data.warnings.join(" ");
        assert!(
            warnings.contains(
                "Dates were read as their days since 1970-01-01 in 3 cells of feature columns: \
                 the first, \"2024-02-29\", as 19782 (Line 2 (data row 1), column \"day\")."
            ),
            "{warnings}"
        );
        // A column of one such date is dropped, with the date named.
        let same = "day,x,labeled\n2023-02-01,1,1\n2023-02-01,2,0\n";
        let data = read_csv(same.as_bytes(), &chosen(&["day", "x"])).unwrap();
        assert!(
            data.warnings.contains(
                &"Feature column \"day\" holds the same value (2023-02-01) in every row, so it \
                  carries no information and was dropped."
                    .to_owned()
            ),
            "{:?}",
            data.warnings
        );
        // Beside a number, the same day is a number.
        let mixed = same.replacen("2023-02-01,2", "19389,2", 1);
        let data = read_csv(mixed.as_bytes(), &chosen(&["day", "x"])).unwrap();
        assert!(
            data.warnings
                .iter()
                .any(|w| w.starts_with("Feature column \"day\" holds the same value (19389)")),
            "{:?}",
            data.warnings
        );
        // Not even three of them, which are few enough to be categories:
        // written with two-digit years, or with no part past 12.
        let days: String = (0..12)
            .map(|i| format!("{}/01/23,{}\n", 10 + i % 3, i % 2))
            .collect();
        let (err, message) = read_err(&format!("day,labeled\n{days}"), &chosen(&["day"]));
        assert!(
            matches!(err, CsvError::NotCategories { ref value, why: NotCategoriesWhy::Dates, .. }
                if value == "10/01/23"),
            "{err:?}"
        );
        assert_eq!(
            message,
            "Line 2 (data row 1), column \"day\": \"10/01/23\" is not a number, and dates are \
             read, as their days since 1970-01-01, only when written year first (2023-01-10), \
             or day or month first with a four-digit year in a column where a part past 12 \
             shows which is the day (15/01/2023): write each year first, or as a number (the \
             year, or the days since a first date)."
        );
        let (_, message) = read_err(
            &format!("day,labeled\n{}", days.replace("/23,", "/2023,")),
            &chosen(&["day"]),
        );
        assert_eq!(
            message,
            "Line 2 (data row 1), column \"day\": \"10/01/2023\" is not a number, and no date \
             in the column has a part past 12 to show whether it is written day or month \
             first: choose the order the file's dates are written in (\"Dates written\"), or \
             write each year first (2023-01-10), to read it as its days since 1970-01-01."
        );
    }

    #[test]
    fn dates_that_show_no_order_read_in_the_order_chosen_and_a_cell_it_rules_out_is_named() {
        // The first of each month: no part past 12.
        let text = "day,labeled
01/02/2023,1
01/03/2023,0
,0
01/12/2023 06:00,0
";
        let columns = |date_order| CsvColumns {
            date_order,
            missing: MissingValues::ColumnMean,
            ..chosen(&["day"])
        };
        let read_as = |date_order| read_csv(text.as_bytes(), &columns(date_order));
        let (err, _) = read_err(text, &columns(DateOrderChoice::Shown));
        assert!(
            matches!(
                err,
                CsvError::NotCategories {
                    why: NotCategoriesWhy::DatesInNoOrder,
                    ..
                }
            ),
            "{err:?}"
        );
        assert_eq!(
            err.command_line_hint(),
            Some("On the command line: --date-order day-first or --date-order month-first.")
        );
        let day_first = read_as(DateOrderChoice::DayFirst).unwrap();
        // 2023-02-01, 2023-03-01, the mean, 2023-12-01 06:00.
        let mean = (19_389.0 + 19_417.0 + 19_692.25) / 3.0;
        assert_eq!(day_first.features, [19_389.0, 19_417.0, mean, 19_692.25]);
        assert_eq!(
            day_first.inputs,
            [Input::Date {
                column: "day".into(),
                dates: DateOrder::DayFirst
            }]
        );
        assert!(
            day_first.warnings.contains(
                &"Column \"day\" was read as dates written day first (day/month/year), the \
                  order chosen for the file's dates, each as its days since 1970-01-01."
                    .to_owned()
            ),
            "{:?}",
            day_first.warnings
        );
        // 2023-01-02, 2023-01-03, the mean, 2023-01-12 06:00.
        let month_first = read_as(DateOrderChoice::MonthFirst).unwrap();
        let mean = (19_359.0 + 19_360.0 + 19_369.25) / 3.0;
        assert_eq!(month_first.features, [19_359.0, 19_360.0, mean, 19_369.25]);
        // A column of one date is dropped, with the date named.
        let same = "day,x,labeled\n01/02/2023,1,1\n01/02/2023,2,0\n";
        let columns = CsvColumns {
            date_order: DateOrderChoice::DayFirst,
            ..chosen(&["day", "x"])
        };
        let data = read_csv(same.as_bytes(), &columns).unwrap();
        assert!(
            data.warnings.contains(
                &"Feature column \"day\" holds the same value (2023-02-01) in every row, so it \
                  carries no information and was dropped."
                    .to_owned()
            ),
            "{:?}",
            data.warnings
        );
        // A column that shows its order is read in it, whatever the choice.
        let shown = "day,labeled\n01/02/2023,1\n13/03/2023,0\n";
        let month_first = CsvColumns {
            date_order: DateOrderChoice::MonthFirst,
            ..chosen(&["day"])
        };
        let data = read_csv(shown.as_bytes(), &month_first).unwrap();
        assert_eq!(data.features, [19_389.0, 19_429.0]);
        assert!(
            data.warnings
                .iter()
                .any(|w| w.contains("as a first part past 12 shows")),
            "{:?}",
            data.warnings
        );
        // One that shows both is read in the order chosen, and its first
        // cell in the other is named, the choice with it.
        let both = "day,labeled\n01/02/2023,1\n13/03/2023,0\n03/13/2023,0\n";
        let (err, message) = read_err(both, &month_first);
        assert_eq!(
            message,
            "Line 3 (data row 2), column \"day\": \"13/03/2023\" is not a date written month \
             first (month/day/year), the order chosen for the file's dates: choose the order \
             its column is written in, or fix the cell."
        );
        assert_eq!(
            err.command_line_hint(),
            Some("On the command line: --date-order day-first.")
        );
        // A cell no order reads is no sign of a wrong choice.
        let impossible = "day,labeled\n01/02/2023,1\n31/02/2023,0\n";
        let day_first = CsvColumns {
            date_order: DateOrderChoice::DayFirst,
            ..chosen(&["day"])
        };
        let (err, message) = read_err(impossible, &day_first);
        assert!(
            matches!(err, CsvError::NotADate { chosen: false, .. }),
            "{err:?}"
        );
        assert_eq!(
            message,
            "Line 3 (data row 2), column \"day\": \"31/02/2023\" is not a date written day \
             first (day/month/year), as the column's dates are read: fix it, or empty it and \
             choose what to do with missing values."
        );
    }

    #[test]
    fn chosen_dates_written_day_or_month_first_read_in_the_order_the_column_shows() {
        let missing = CsvColumns {
            missing: MissingValues::ColumnMean,
            ..chosen(&["day"])
        };
        // 13 can only be a day: day first, each cell read so.
        let text = "day,labeled\n13/01/2023,1\n02/01/1970 12:00,0\n,1\n01.02.1970,0\n";
        let data = read_csv(text.as_bytes(), &missing).unwrap();
        let read_mean = (19_370.0 + 1.5 + 31.0) / 3.0;
        assert_eq!(data.features, [19_370.0, 1.5, read_mean, 31.0]);
        assert_eq!(
            data.inputs,
            [Input::Date {
                column: "day".into(),
                dates: DateOrder::DayFirst
            }]
        );
        assert!(
            data.warnings.contains(
                &"Column \"day\" was read as dates written day first (day/month/year), as a \
                  first part past 12 shows, each as its days since 1970-01-01."
                    .to_owned()
            ),
            "{:?}",
            data.warnings
        );
        // Scoring reads the model's order, whatever the file shows.
        let rows = scored(b"day\n01/02/1970\n12/01/1970\n", &data.inputs).unwrap();
        assert_eq!(rows.features, [31.0, 11.0]);
        // Month first where the second part passes 12.
        let text = "day,labeled\n01/13/2023,1\n02/01/1970,0\n";
        let data = read_csv(text.as_bytes(), &chosen(&["day"])).unwrap();
        assert_eq!(data.features, [19_370.0, 31.0]);
        // A date the order rules out is named, in training and scoring.
        let text = "day,labeled\n13/01/2023,1\n31/02/2023,0\n01/01/2023,0\n";
        let (err, message) = read_err(text, &chosen(&["day"]));
        assert!(matches!(err, CsvError::NotADate { .. }), "{err:?}");
        assert_eq!(
            message,
            "Line 3 (data row 2), column \"day\": \"31/02/2023\" is not a date written day \
             first (day/month/year), as the column's dates are read: fix it, or empty it and \
             choose what to do with missing values."
        );
        let scored = read_feature_rows(
            b"day\n01/13/2023\n",
            &[Input::Date {
                column: "day".into(),
                dates: DateOrder::DayFirst,
            }],
            None,
            None,
            &IdColumn::Without,
            REFUSE,
        );
        assert!(
            matches!(scored, Err(CsvError::NotADate { ref value, .. }) if value == "01/13/2023"),
            "{scored:?}"
        );
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
        assert!(message.contains("under \"Missing values\": drop those rows"));
        assert!(
            !message.contains("--missing"),
            "the page's message names no flag"
        );
        assert!(err.is_about_missing_values());
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
            "5 feature cells are empty or marked missing: line 2 (data row 1), column \"x\"; line 3 \
             (data row 2), column \"y\"; line 5 (data row 4), column \"x\" and 2 more. Fill in \
             the missing values, or choose what to do with them under \"Missing values\": drop \
             those rows, or fill each with its column's mean."
        );
        // Empty cells before another error are what is reported.
        let (err, _) = read_err("x,labeled\n,1\n,0\n1\n", &CsvColumns::default());
        assert!(
            matches!(err, CsvError::EmptyCells { count: 2, .. }),
            "{err:?}"
        );
        let rows = read_feature_rows(
            b"a,b\n,1\n2,\n",
            &numbers(&["a", "b"]),
            None,
            None,
            &IdColumn::Guessed,
            REFUSE,
        );
        assert!(
            matches!(rows, Err(CsvError::EmptyCells { count: 2, .. })),
            "{rows:?}"
        );
    }
}

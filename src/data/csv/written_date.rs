//! Dates written day or month first with a four-digit year ("15/01/2023",
//! "01.15.2023 14:00"), read as their days since 1970-01-01 once a column
//! shows which of the first two parts is the day: a part past 12 can only
//! be a day. One cell rarely shows it, so a column's cells are judged
//! together, and a column that never shows it, or shows both, is not read.

use super::error::{CellAt, CsvError};
use super::iso_date::{DATE_MARKS, SECONDS_PER_DAY, days_of, digits, seconds_of_day, split_time};
use super::missing::is_missing;
use super::rows::{Cell, EmptyCells};
use super::text_shape::DatesShown;
use crate::data::tabular_features::DateOrder;
use crate::user_text::clip;

/// The first two parts, the year and the time of day of a trimmed cell
/// written `A/B/YYYY`, `A.B.YYYY` or `A-B-YYYY` (parts of one or two
/// digits), maybe followed by a space or `T` and a time.
fn parts(cell: &str) -> Option<(i64, i64, i64, Option<&str>)> {
    let (date, time) = split_time(cell);
    let mark = DATE_MARKS.into_iter().find(|&m| date.contains(m))?;
    let mut parts = date.split(mark);
    let first = digits(parts.next()?, 2)?;
    let second = digits(parts.next()?, 2)?;
    let year = digits(parts.next()?, 4)?;
    parts
        .next()
        .is_none()
        .then_some((first, second, year, time))
}

/// The days since 1970-01-01 (a fraction for a time of day) of a trimmed
/// cell written in `order`; none for another cell or an impossible date
/// (31/02/2023).
pub(super) fn days_since_1970_in(cell: &str, order: DateOrder) -> Option<f32> {
    let (first, second, year, time) = parts(cell)?;
    let (month, day) = match order {
        DateOrder::DayFirst => (second, first),
        DateOrder::MonthFirst => (first, second),
    };
    let seconds = match time {
        Some(time) => seconds_of_clock(time)?,
        None => 0.0,
    };
    days_of(year, month, day, seconds)
}

/// The seconds since midnight of a time of day on a 24-hour clock
/// ("14:05"), or on a 12-hour one ("2:05 PM", "12:00:00 am"), as
/// spreadsheets write it.
fn seconds_of_clock(time: &str) -> Option<f64> {
    let half_day = SECONDS_PER_DAY / 2.0;
    let twelve_hour = |suffix: &str| {
        let split = time.len().checked_sub(suffix.len())?;
        let (clock, marker) = (time.get(..split)?, time.get(split..)?);
        marker
            .eq_ignore_ascii_case(suffix)
            .then(|| clock.trim_end())
    };
    let (clock, after_noon) = match (twelve_hour("am"), twelve_hour("pm")) {
        (Some(clock), _) => (clock, false),
        (_, Some(clock)) => (clock, true),
        _ => return seconds_of_day(time),
    };
    let seconds = seconds_of_day(clock)?;
    // 12:xx is the first hour of its half of the day; 13:00 PM is none.
    if !(3600.0..13.0 * 3600.0).contains(&seconds) {
        return None;
    }
    let into_half = if seconds >= half_day {
        seconds - half_day
    } else {
        seconds
    };
    Some(into_half + if after_noon { half_day } else { 0.0 })
}

/// The order a column of dates is read in, and whether the user named it
/// ([`DateOrderChoice`](super::DateOrderChoice)) or the column showed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ReadOrder {
    /// Which part of a date is the day.
    pub(super) order: DateOrder,
    /// The user named it.
    pub(super) chosen: bool,
}

/// What a column's cells that are not numbers show about the order their
/// dates are written in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct OrderEvidence {
    /// Cells written as such a date.
    dates: usize,
    /// Cells that are not.
    others: usize,
    /// What the dates show.
    shown: DatesShown,
}

impl OrderEvidence {
    /// Takes a trimmed cell that is neither missing nor a number.
    pub(super) fn observe(&mut self, cell: &str) {
        if !self.observe_date(cell) {
            self.others += 1;
        }
    }

    /// Takes a trimmed cell where it is such a date, and says whether it
    /// is: what a row outside a file's sample adds to the sample's evidence.
    pub(super) fn observe_date(&mut self, cell: &str) -> bool {
        let Some((first, second, ..)) = parts(cell) else {
            return false;
        };
        self.dates += 1;
        if first > 12 && self.shown.day_first.is_none() {
            self.shown.day_first = Some(clip(cell));
        }
        if second > 12 && self.shown.month_first.is_none() {
            self.shown.month_first = Some(clip(cell));
        }
        true
    }

    /// What the cells show, where every one is such a date.
    pub(super) fn shown(&self) -> Option<&DatesShown> {
        (self.dates > 0 && self.others == 0).then_some(&self.shown)
    }
}

/// The orders a [`DateCells`] reads each cell in, by slot.
const ORDERS: [DateOrder; 2] = [DateOrder::DayFirst, DateOrder::MonthFirst];

/// A chosen feature column's cells read as dates in both orders, until the
/// column's order is known. A missing cell costs a bit, a date 8 bytes: no
/// more than the file's text of them.
#[derive(Debug, Default)]
pub(super) struct DateCells {
    /// Per row seen, bit set: its cell is missing.
    missing: Vec<u64>,
    /// Rows seen.
    rows: usize,
    /// Each date's days since 1970-01-01, read day first and month first
    /// (NaN where it is no date in that order), in row order.
    days: Vec<[f32; 2]>,
    /// The first cell that is no date in each order: where, and its text
    /// (boxed, as a read holds a tally for each chosen text column).
    first_wrong: [Option<Box<(CellAt, String)>>; 2],
    /// A cell is no such date in either order (words, a number): the column
    /// holds no dates to read, and nothing more is kept.
    gave_up: bool,
}

impl DateCells {
    /// Takes the next row's trimmed cell, which `at` places.
    pub(super) fn observe(&mut self, cell: &str, missing: bool, at: impl Fn() -> CellAt) {
        if self.gave_up {
            return;
        }
        if !missing && parts(cell).is_none() {
            self.gave_up = true;
            self.missing = Vec::new();
            self.days = Vec::new();
            return;
        }
        if self.rows.is_multiple_of(64) {
            self.missing.push(0);
        }
        let row = self.rows;
        self.rows += 1;
        if missing {
            if let Some(word) = self.missing.last_mut() {
                *word |= 1 << (row % 64);
            }
            return;
        }
        let mut days = [f32::NAN; 2];
        for (slot, &order) in ORDERS.iter().enumerate() {
            match days_since_1970_in(cell, order) {
                Some(read) => days[slot] = read,
                None if self.first_wrong[slot].is_none() => {
                    self.first_wrong[slot] = Some(Box::new((at(), clip(cell))));
                }
                None => {}
            }
        }
        self.days.push(days);
    }

    /// Each row's days since 1970-01-01 read in `read.order`, NaN for a
    /// missing cell.
    ///
    /// # Errors
    /// [`CsvError::NotADate`] at the first cell that is no date in that
    /// order (31/02/2023).
    pub(super) fn read_in(mut self, read: ReadOrder) -> Result<Vec<f32>, CsvError> {
        let slot = ORDERS.iter().position(|&o| o == read.order).unwrap_or(0);
        if let Some(wrong) = self.first_wrong[slot].take() {
            let (at, value) = *wrong;
            return Err(not_a_date(at, value, read));
        }
        let mut dates = self.days.iter().map(|days| days[slot]);
        Ok((0..self.rows)
            .map(|row| {
                let missing = self
                    .missing
                    .get(row / 64)
                    .is_some_and(|word| word & (1 << (row % 64)) != 0);
                if missing {
                    f32::NAN
                } else {
                    dates.next().unwrap_or(f32::NAN)
                }
            })
            .collect())
    }
}

/// A cell of a column of dates written in `order`, scored with a model
/// trained on such a column: its days since 1970-01-01, or NaN for a
/// missing cell (counted in `empty`).
///
/// # Errors
/// [`CsvError::NotADate`] for a cell that is no date in that order.
pub(super) fn scored_date(
    cell: &Cell<'_>,
    order: DateOrder,
    empty: &mut EmptyCells,
) -> Result<f32, CsvError> {
    if is_missing(cell.value) {
        empty.count(cell);
        return Ok(f32::NAN);
    }
    let read = ReadOrder {
        order,
        chosen: false,
    };
    days_since_1970_in(cell.value, order)
        .ok_or_else(|| not_a_date(cell.at(), clip(cell.value), read))
}

/// The error for `value`, at `at`, which is no date written in the order
/// `read`: where its date alone reads so, its time of day is what is wrong;
/// where it reads in the other order, and the order was chosen, not shown,
/// the choice may be.
fn not_a_date(at: CellAt, value: String, read: ReadOrder) -> CsvError {
    let (date, time) = split_time(&value);
    let time_wrong = time.is_some() && days_since_1970_in(date, read.order).is_some();
    let other = match read.order {
        DateOrder::DayFirst => DateOrder::MonthFirst,
        DateOrder::MonthFirst => DateOrder::DayFirst,
    };
    CsvError::NotADate {
        at,
        chosen: read.chosen && days_since_1970_in(&value, other).is_some(),
        value,
        dates: read.order,
        time_wrong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::test_support::at;

    #[test]
    fn a_date_reads_in_the_order_asked() {
        for (cell, day_first, month_first) in [
            ("15/01/2023", Some(19_372.0), None),
            ("01/15/2023", None, Some(19_372.0)),
            ("5.1.2023", Some(19_362.0), Some(19_478.0)),
            ("02-03-1970", Some(60.0), Some(33.0)),
            ("1/1/1970 12:00", Some(0.5), Some(0.5)),
            ("1/1/1970 6:00 PM", Some(0.75), Some(0.75)),
            ("1/1/1970 12:00:00 AM", Some(0.0), Some(0.0)),
            ("1/1/1970 12:30 pm", Some(0.520_833_3), Some(0.520_833_3)),
            ("1/1/1970 13:00 PM", None, None),
            ("1/1/1970 0:00 AM", None, None),
            ("31/02/2023", None, None),
            ("15/01/23", None, None),
            ("2023-01-15", None, None),
            ("15/01/2023/1", None, None),
            ("15 January 2023", None, None),
        ] {
            assert_eq!(
                days_since_1970_in(cell, DateOrder::DayFirst),
                day_first,
                "{cell}"
            );
            assert_eq!(
                days_since_1970_in(cell, DateOrder::MonthFirst),
                month_first,
                "{cell}"
            );
        }
    }

    fn evidence(cells: &[&str]) -> Option<DateOrder> {
        let mut evidence = OrderEvidence::default();
        for cell in cells {
            evidence.observe(cell);
        }
        Some(evidence.shown()?.order()?.0)
    }

    #[test]
    fn a_column_shows_its_order_by_a_part_past_twelve() {
        let day_first = Some(DateOrder::DayFirst);
        let month_first = Some(DateOrder::MonthFirst);
        assert_eq!(evidence(&["01/02/2023", "13/02/2023"]), day_first);
        let mut two = OrderEvidence::default();
        for cell in ["01/02/2023", "13/02/2023", "02/28/2023", "14/02/2023"] {
            two.observe(cell);
        }
        assert_eq!(
            two.shown().unwrap().both(),
            Some(("13/02/2023", "02/28/2023"))
        );
        assert_eq!(evidence(&["01/02/2023", "02/28/2023"]), month_first);
        // Nothing past 12, both past 12, or a cell of another kind.
        assert_eq!(evidence(&["01/02/2023", "12/11/2023"]), None);
        assert_eq!(evidence(&["13/02/2023", "02/28/2023"]), None);
        assert_eq!(evidence(&["13/02/2023", "2023-02-13"]), None);
        assert_eq!(evidence(&["13/02/2023", "soon"]), None);
        assert_eq!(evidence(&[]), None);
    }

    /// Day first, as a column shows it.
    const SHOWN_DAY_FIRST: ReadOrder = ReadOrder {
        order: DateOrder::DayFirst,
        chosen: false,
    };

    #[test]
    fn cells_read_in_the_order_found_and_the_first_wrong_one_is_named() {
        let mut cells = DateCells::default();
        let rows = ["13/01/2023", "", "02/28/2023", "01/02/1970"];
        for (row, cell) in rows.iter().enumerate() {
            cells.observe(cell, cell.is_empty(), || {
                at(row as u64 + 2, row + 1, "visit")
            });
        }
        let error = cells.read_in(SHOWN_DAY_FIRST).unwrap_err();
        assert_eq!(
            error.to_string(),
            "Line 4 (data row 3), column \"visit\": \"02/28/2023\" is not a date written day \
             first (day/month/year), as the column's dates are read: fix it, or empty it and \
             choose what to do with missing values."
        );
        let mut cells = DateCells::default();
        for cell in ["13/01/2023", "", "01/02/1970"] {
            cells.observe(cell, cell.is_empty(), || at(2, 1, "visit"));
        }
        let days = cells.read_in(SHOWN_DAY_FIRST).unwrap();
        // A date that reads with a time that does not.
        let mut late = DateCells::default();
        late.observe("04/03/2023 24:00", false, || at(2, 1, "visit"));
        assert_eq!(
            late.read_in(SHOWN_DAY_FIRST).unwrap_err().to_string(),
            "Line 2 (data row 1), column \"visit\": the time of day in \"04/03/2023 24:00\" \
             cannot be read (write it as 14:05, 14:05:30 or 2:05 PM): fix it, or empty it and \
             choose what to do with missing values."
        );
        assert_eq!(days[0], 19_370.0);
        assert!(days[1].is_nan());
        assert_eq!(days[2], 31.0);
        // A cell of another kind: nothing more is kept.
        let mut cells = DateCells::default();
        for cell in ["13/01/2023", "soon", "14/01/2023"] {
            cells.observe(cell, false, || at(2, 1, "visit"));
        }
        assert!(cells.gave_up && cells.days.is_empty() && cells.missing.is_empty());
    }
}

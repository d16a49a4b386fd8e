//! What the cells of a column that is not numbers look like: amounts with a
//! currency sign, percentages, dates, durations or other text. The column is
//! left out of the features either way; the look tells the user how to make
//! it a number.

use super::date_order_choice::DateOrderChoice;
use super::duration;
use super::iso_date::{DATE_MARKS, days_since_1970, split_time};
use super::number::DecimalMark;
use crate::data::tabular_features::DateOrder;

/// Longest cell, in bytes, whose shape is looked for: amounts, percentages
/// and dates are short.
const LONGEST_SHAPED: usize = 40;

/// Signs an amount may carry before or after its number.
const CURRENCY_SIGNS: [char; 6] = ['$', '€', '£', '¥', '₹', '₩'];

/// What a column's cells that are not numbers look like, judged over the
/// whole file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TextShape {
    /// Amounts with a currency sign: "$1,200", "12,50 €".
    Money,
    /// Percentages: "12%", "-0.5 %".
    Percent,
    /// Negative numbers in parentheses, as accounting writes them: "(1,200)".
    Parenthesised,
    /// Numbers with a unit: "12 kg", "3.5km", "20 m/s".
    WithUnit,
    /// Dates, maybe with a time: "2023-01-10", "10/01/2023 14:00".
    Date,
    /// Durations or times of day: "0 days 02:26:00", "36:15:00", "07:50".
    Duration,
    /// Numbers too large for a feature (beyond ±3.4e38, an `f32`'s range):
    /// "1e300".
    TooLarge,
    /// Infinite values, as pandas writes a division by zero: "inf", "-inf",
    /// "Infinity".
    Infinite,
    /// Anything else.
    Words,
}

/// A column's [`TextShape`] with its first cell that is not a number, as
/// messages quote it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct TextLook {
    /// What its cells that are not numbers look like.
    pub shape: TextShape,
    /// The first of them.
    pub example: String,
    /// The column's cells that are finite numbers.
    pub numbers: usize,
    /// The column's cells, missing ones aside.
    pub cells: usize,
    /// What its dates show of their order, where each cell is a date
    /// written day or month first with a four-digit year: where they show
    /// one order, they read as numbers once the column is chosen.
    #[serde(default)]
    pub dates_shown: Option<Box<DatesShown>>,
}

impl TextLook {
    /// Most of the column's cells are text, not numbers with a few others.
    pub fn mostly_text(&self) -> bool {
        2 * self.numbers < self.cells
    }

    /// Its dates read as numbers once the column is chosen as a feature,
    /// with `choice` for dates that show no order: its first cell that is
    /// not a number is a date written year first, or its dates
    /// ([`TextLook::dates_shown`]) show their order, or show none and
    /// `choice` names one.
    pub fn date_read_once_chosen(&self, choice: DateOrderChoice) -> bool {
        days_since_1970(&self.example).is_some()
            || self.dates_shown.as_ref().is_some_and(|shown| {
                shown.order().is_some() || (shown.both().is_none() && choice.order().is_some())
            })
    }
}

/// What a column of dates written day or month first with a four-digit
/// year shows of their order: the first cell with a first part past 12,
/// which only a day can be, and the first with a second part past 12.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DatesShown {
    /// The first date written day first, as a first part past 12 shows.
    pub day_first: Option<String>,
    /// The first date written month first, as a second part past 12 shows.
    pub month_first: Option<String>,
}

impl DatesShown {
    /// The one order the dates show, with the first cell that shows it;
    /// none where they show both or neither.
    pub fn order(&self) -> Option<(DateOrder, &str)> {
        match (&self.day_first, &self.month_first) {
            (Some(cell), None) => Some((DateOrder::DayFirst, cell)),
            (None, Some(cell)) => Some((DateOrder::MonthFirst, cell)),
            _ => None,
        }
    }

    /// Both orders, each with the first cell that shows it.
    pub fn both(&self) -> Option<(&str, &str)> {
        Some((self.day_first.as_deref()?, self.month_first.as_deref()?))
    }
}

impl TextShape {
    /// The shape of one trimmed cell that is not a number a feature can
    /// hold, in a file with this decimal mark; a cell longer than
    /// [`LONGEST_SHAPED`] is words.
    /// It allocates nothing, whatever the cell's length.
    pub(super) fn of(cell: &str, decimal: DecimalMark) -> Self {
        if cell.len() > LONGEST_SHAPED {
            return TextShape::Words;
        }
        match cell.parse::<f64>() {
            Ok(number) if number.is_finite() => return TextShape::TooLarge,
            Ok(number) if number.is_infinite() => return TextShape::Infinite,
            _ => {}
        }
        if let Some((_, shape)) = Self::amount(cell, decimal) {
            shape
        } else if is_date(cell) {
            TextShape::Date
        } else if duration::hours(cell).is_some() {
            TextShape::Duration
        } else if has_unit(cell, decimal) {
            TextShape::WithUnit
        } else {
            TextShape::Words
        }
    }

    /// The number an amount with a currency sign or a percentage spells
    /// without its sign ("-$5.50" is -5.5; "12,50 €" is 12.5 in a file with
    /// decimal commas; "12%" is 12), with [`TextShape::Money`] or
    /// [`TextShape::Percent`], if the trimmed cell is one and its number is
    /// finite; in parentheses, as accounting writes a negative number, the
    /// number or amount negated ("(1,200)" is -1200, with
    /// [`TextShape::Parenthesised`]; "($5)" and "$(5)" are -5, with
    /// [`TextShape::Money`]).
    /// A cell longer than [`LONGEST_SHAPED`] is none.
    /// It allocates nothing.
    pub(super) fn amount(cell: &str, decimal: DecimalMark) -> Option<(f32, TextShape)> {
        if cell.len() > LONGEST_SHAPED {
            return None;
        }
        let number = |text: &str| decimal.parse(text.trim()).filter(|n| n.is_finite());
        let sign = |c: char| CURRENCY_SIGNS.contains(&c);
        // "$(5)", "$ (1,200.00)": the sign outside, as spreadsheets'
        // accounting format writes a negative amount.
        let after_sign = cell.trim_start_matches(|c: char| sign(c) || c.is_whitespace());
        if after_sign.len() < cell.len() && after_sign.starts_with('(') {
            return match Self::amount(after_sign, decimal)? {
                (n, TextShape::Parenthesised) => Some((n, TextShape::Money)),
                _ => None,
            };
        }
        if let Some(inside) = cell.strip_prefix('(').and_then(|c| c.strip_suffix(')')) {
            let unsigned = !inside.contains(['-', '+']);
            return match number(inside) {
                Some(n) if unsigned => Some((-n, TextShape::Parenthesised)),
                _ => match Self::amount(inside.trim(), decimal) {
                    Some((n, TextShape::Money)) if unsigned && n >= 0.0 => {
                        Some((-n, TextShape::Money))
                    }
                    _ => None,
                },
            };
        }
        // "-$5", "$-5", "12,50 €": a sign before or after the number.
        let (negative, unsigned) = match cell.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, cell.strip_prefix('+').unwrap_or(cell)),
        };
        let before = unsigned.trim_start_matches(|c: char| sign(c) || c.is_whitespace());
        let after = cell.trim_end_matches(|c: char| sign(c) || c.is_whitespace());
        let money = (before.len() < unsigned.len())
            .then(|| number(before).map(|n| if negative { -n } else { n }))
            .flatten()
            .or_else(|| (after.len() < cell.len()).then(|| number(after)).flatten());
        match money {
            Some(n) => Some((n, TextShape::Money)),
            None => Some((number(cell.strip_suffix('%')?)?, TextShape::Percent)),
        }
    }

    /// The number inside an amount, a percentage or an accounting negative,
    /// without parentheses, signs and spaces ("($1,200)" is "1,200"), so
    /// that its decimal and grouping marks can be told; a plain number as it
    /// is.
    pub(super) fn number_text(cell: &str) -> &str {
        let after_sign =
            cell.trim_start_matches(|c: char| CURRENCY_SIGNS.contains(&c) || c.is_whitespace());
        let inside = after_sign
            .strip_prefix('(')
            .and_then(|c| c.strip_suffix(')'));
        inside.unwrap_or(cell).trim_matches(|c: char| {
            CURRENCY_SIGNS.contains(&c) || c.is_whitespace() || matches!(c, '%' | '-' | '+')
        })
    }

    /// The shape of a column whose cells so far had `self`, after a cell of
    /// `next`: the same shape, or words.
    pub(super) fn and(self, next: TextShape) -> TextShape {
        if self == next { self } else { TextShape::Words }
    }
}

/// Longest unit after a number, in bytes: "kg", "km/h", "Celsius".
const LONGEST_UNIT: usize = 12;

/// A finite number, a space and a unit: a letter or `°` first, maybe a `/`
/// or a sign such as `²` after, no digit and no space: "12 kg", "20 m/s",
/// "5 m²", "1.2e3 g". Without the space ("1001A", "4WD") a cell is more
/// likely a code than a measure.
fn has_unit(cell: &str, decimal: DecimalMark) -> bool {
    let Some((number, unit)) = cell.split_once(' ') else {
        return false;
    };
    let unit = unit.trim_start();
    decimal.parse(number).is_some_and(f32::is_finite)
        && unit.starts_with(|c: char| c.is_alphabetic() || c == '°')
        && unit.len() <= LONGEST_UNIT
        && !unit.contains(|c: char| c.is_ascii_digit() || c.is_whitespace())
}

/// Three groups of digits joined by one of `-`, `/` or `.`, a year of four
/// digits first or last and one or two digits in the others, maybe followed
/// by a time after a space or a `T`.
fn is_date(cell: &str) -> bool {
    let (day, _) = split_time(cell);
    let Some(mark) = DATE_MARKS.into_iter().find(|&m| day.contains(m)) else {
        return false;
    };
    let parts: Vec<&str> = day.split(mark).collect();
    let digits = |part: &str, lengths: &[usize]| {
        lengths.contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit())
    };
    match parts.as_slice() {
        [year, month, day] if digits(year, &[4]) => digits(month, &[1, 2]) && digits(day, &[1, 2]),
        [a, b, year] => digits(a, &[1, 2]) && digits(b, &[1, 2]) && digits(year, &[2, 4]),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_told_apart_by_what_they_hold() {
        let comma = DecimalMark::Point;
        let semicolon = DecimalMark::PointOrComma;
        for (cell, mark, shape) in [
            ("$1,200", comma, TextShape::Money),
            ("-$5.50", comma, TextShape::Money),
            ("12,50 €", semicolon, TextShape::Money),
            ("£ 1.200,00", semicolon, TextShape::Money),
            ("12%", comma, TextShape::Percent),
            ("-0,5 %", semicolon, TextShape::Percent),
            ("2023-01-10", comma, TextShape::Date),
            ("10/01/2023 14:00", comma, TextShape::Date),
            ("1.2.23", semicolon, TextShape::Date),
            ("2023-01-10T08:00:00Z", comma, TextShape::Date),
            ("0 days 02:26:00", comma, TextShape::Duration),
            ("-1 days +23:50:00.000000", comma, TextShape::Duration),
            ("2 days", comma, TextShape::Duration),
            ("07:50", semicolon, TextShape::Duration),
            ("2 weeks", comma, TextShape::WithUnit),
            ("12:30 pm", comma, TextShape::Words),
            ("1e300", comma, TextShape::TooLarge),
            ("-4e38", semicolon, TextShape::TooLarge),
            ("(1,200)", comma, TextShape::Parenthesised),
            ("( 0,5 )", semicolon, TextShape::Parenthesised),
            ("($5.50)", comma, TextShape::Money),
            ("12 kg", comma, TextShape::WithUnit),
            ("-1.543 kg", comma, TextShape::WithUnit),
            ("3,5 km", semicolon, TextShape::WithUnit),
            ("1.2e3 g", comma, TextShape::WithUnit),
            ("3.5km", comma, TextShape::Words),
            ("1001A", comma, TextShape::Words),
            ("20 m/s", comma, TextShape::WithUnit),
            ("5 m²", comma, TextShape::WithUnit),
            ("21 °C", comma, TextShape::WithUnit),
            ("4WD", comma, TextShape::Words),
            ("12 kg 300 g", comma, TextShape::Words),
            ("1 of 3", comma, TextShape::Words),
            ("(-5)", comma, TextShape::Words),
            ("(x)", comma, TextShape::Words),
            ("inf", comma, TextShape::Infinite),
            ("-Infinity", semicolon, TextShape::Infinite),
            ("+INF", comma, TextShape::Infinite),
            ("C1000", comma, TextShape::Words),
            ("$1$", comma, TextShape::Words),
            (
                "$ 1,000,000,000,000,000,000,000,000,000,000",
                comma,
                TextShape::Words,
            ),
            ("$", comma, TextShape::Words),
            ("%", comma, TextShape::Words),
            ("1-2", comma, TextShape::Words),
            ("2023-001-10", comma, TextShape::Words),
            ("benign", comma, TextShape::Words),
        ] {
            assert_eq!(TextShape::of(cell, mark), shape, "{cell}");
        }
        assert_eq!(TextShape::Date.and(TextShape::Date), TextShape::Date);
        for (cell, mark, amount) in [
            ("$1,200", comma, Some((1200.0, TextShape::Money))),
            ("-$5.50", comma, Some((-5.5, TextShape::Money))),
            ("$-5.50", comma, Some((-5.5, TextShape::Money))),
            ("+€3", comma, Some((3.0, TextShape::Money))),
            ("12,50 €", semicolon, Some((12.5, TextShape::Money))),
            ("£ 1.200,00", semicolon, Some((1200.0, TextShape::Money))),
            ("-12,5 €", semicolon, Some((-12.5, TextShape::Money))),
            ("12%", comma, Some((12.0, TextShape::Percent))),
            ("-0,5 %", semicolon, Some((-0.5, TextShape::Percent))),
            ("(1,200)", comma, Some((-1200.0, TextShape::Parenthesised))),
            ("(12,5)", semicolon, Some((-12.5, TextShape::Parenthesised))),
            ("($5.50)", comma, Some((-5.5, TextShape::Money))),
            ("$(5.50)", comma, Some((-5.5, TextShape::Money))),
            ("$ (1,200.00)", comma, Some((-1200.0, TextShape::Money))),
            ("€(12,5)", semicolon, Some((-12.5, TextShape::Money))),
            ("$($5)", comma, None),
            ("$(-5)", comma, None),
            ("(-$5)", comma, None),
            ("(+5)", comma, None),
            ("($+5)", comma, None),
            ("()", comma, None),
            ("(12%)", comma, None),
            ("$1$", comma, None),
            ("$", comma, None),
            ("%", comma, None),
            ("$1e39", comma, None),
            ("12", comma, None),
        ] {
            assert_eq!(TextShape::amount(cell, mark), amount, "{cell}");
        }
        assert_eq!(TextShape::Date.and(TextShape::Money), TextShape::Words);
    }

    #[test]
    fn dates_read_once_chosen_in_the_order_they_show_or_the_one_chosen() {
        let look = |example: &str, day_first: Option<&str>, month_first: Option<&str>| TextLook {
            shape: TextShape::Date,
            example: example.to_owned(),
            numbers: 0,
            cells: 3,
            dates_shown: Some(Box::new(DatesShown {
                day_first: day_first.map(str::to_owned),
                month_first: month_first.map(str::to_owned),
            })),
        };
        let none = look("01/02/2023", None, None);
        let day = look("01/02/2023", Some("13/02/2023"), None);
        let both = look("01/02/2023", Some("13/02/2023"), Some("02/13/2023"));
        let year_first = TextLook {
            dates_shown: None,
            ..look("2023-01-02", None, None)
        };
        use DateOrderChoice::{DayFirst, MonthFirst, Shown};
        for (look, read) in [
            (&none, [false, true, true]),
            (&day, [true, true, true]),
            (&both, [false, false, false]),
            (&year_first, [true, true, true]),
        ] {
            let choices = [Shown, DayFirst, MonthFirst];
            let found = choices.map(|choice| look.date_read_once_chosen(choice));
            assert_eq!(found, read, "{:?}", look.dates_shown);
        }
    }
}

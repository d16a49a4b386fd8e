//! Dates written year first ("2023-01-10", "2023/01/10", maybe with a
//! time) read as a number a feature can hold: the days since 1970-01-01.
//! Other orders ("10/01/2023") are left to the column's reading: a cell
//! alone does not say which of its first two parts is the day.

/// The marks that may stand between a date's parts, one of them in a date.
pub(super) const DATE_MARKS: [char; 3] = ['-', '/', '.'];

/// Seconds in a day.
pub(super) const SECONDS_PER_DAY: f64 = 86_400.0;

/// The days since 1970-01-01 (a fraction for a time of day) of a trimmed
/// cell written as `YYYY-MM-DD` (or with `/` or `.` between the parts),
/// maybe followed by a space or `T` and `HH:MM`, `HH:MM:SS` or
/// `HH:MM:SS.fff`, and a `Z`; none for any other cell or an impossible date
/// (2023-02-30). It allocates nothing.
pub(super) fn days_since_1970(cell: &str) -> Option<f32> {
    let (day, time) = split_time(cell);
    let mark = DATE_MARKS.into_iter().find(|&m| day.contains(m))?;
    let mut parts = day.split(mark);
    let year: i64 = digits(parts.next()?, 4)?;
    let month: i64 = digits(parts.next()?, 2)?;
    let date: i64 = digits(parts.next()?, 2)?;
    if parts.next().is_some() {
        return None;
    }
    let seconds = match time {
        Some(time) => seconds_of_day(time)?,
        None => 0.0,
    };
    days_of(year, month, date, seconds)
}

/// A trimmed cell's date and, after a space or `T`, its time of day
/// without a trailing `Z`.
pub(super) fn split_time(cell: &str) -> (&str, Option<&str>) {
    match cell.split_once([' ', 'T']) {
        Some((day, time)) => (day, Some(time.strip_suffix('Z').unwrap_or(time))),
        None => (cell, None),
    }
}

/// The days since 1970-01-01 of a date, with the fraction `seconds` into
/// the day adds; none for an impossible date.
pub(super) fn days_of(year: i64, month: i64, date: i64, seconds: f64) -> Option<f32> {
    if !(1..=12).contains(&month) || !(1..=days_in_month(year, month)).contains(&date) {
        return None;
    }
    let days = days_from_civil(year, month, date) as f64 + seconds / SECONDS_PER_DAY;
    Some(days as f32)
}

/// The number `text` spells in exactly `width` ASCII digits (one or two
/// for a month or day).
pub(super) fn digits(text: &str, width: usize) -> Option<i64> {
    let fits = if width == 2 {
        (1..=2).contains(&text.len())
    } else {
        text.len() == width
    };
    (fits && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// The seconds since midnight of `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`.
pub(super) fn seconds_of_day(time: &str) -> Option<f64> {
    let mut parts = time.split(':');
    let hours = digits(parts.next()?, 2)?;
    let minutes = digits(parts.next()?, 2)?;
    let seconds: f64 = match parts.next() {
        Some(text) => {
            let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
            let fine = !fraction.is_empty() && fraction.bytes().all(|b| b.is_ascii_digit());
            let whole = digits(whole, 2)?;
            if !fine || whole > 59 {
                return None;
            }
            with_fraction(whole, fraction)
        }
        None => 0.0,
    };
    if parts.next().is_some() || hours > 23 || minutes > 59 {
        return None;
    }
    Some((hours * 3600 + minutes * 60) as f64 + seconds)
}

/// `whole` seconds and the digits after the point, as seconds.
pub(super) fn with_fraction(whole: i64, fraction: &str) -> f64 {
    let tenths = fraction
        .bytes()
        .take(9)
        .rev()
        .fold(0.0, |acc, b| (acc + f64::from(b - b'0')) / 10.0);
    whole as f64 + tenths
}

/// Days in `month` of `year` in the Gregorian calendar.
fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a Gregorian date: counted in 400-year eras of
/// 146,097 days, with years starting in March so the leap day comes last.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The Gregorian date `days` after 1970-01-01, as year, month and day:
/// [`days_from_civil`] undone, era by era.
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // Months counted from March, as in `days_from_civil`.
    let march_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * march_month + 2) / 5 + 1;
    let month = if march_month < 10 {
        march_month + 3
    } else {
        march_month - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// A value read from a date, for a message: its date written year first
/// ("2023-01-13"), after its days since 1970-01-01 where it holds a time
/// of day too (as days, a time is kept only to a few minutes).
pub(super) fn shown_date(days: f32) -> String {
    let whole = days.floor();
    let (year, month, day) = civil_from_days(whole as i64);
    let date = format!("{year:04}-{month:02}-{day:02}");
    match days == whole {
        true => date,
        false => format!("{days} days since 1970-01-01, on {date}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_since_1970_show_as_their_date() {
        for cell in [
            "1970-01-01",
            "1969-12-31",
            "2000-02-29",
            "2000-03-01",
            "2023-12-31",
        ] {
            assert_eq!(shown_date(days_since_1970(cell).unwrap()), cell);
        }
        assert_eq!(
            shown_date(days_since_1970("2023-01-13 12:00").unwrap()),
            "19370.5 days since 1970-01-01, on 2023-01-13"
        );
        for days in -800_000..800_000 {
            let (year, month, day) = civil_from_days(days);
            assert_eq!(days_from_civil(year, month, day), days);
            assert!((1..=days_in_month(year, month)).contains(&day));
        }
    }

    #[test]
    fn year_first_dates_count_days_since_1970() {
        for (cell, days) in [
            ("1970-01-01", Some(0.0)),
            ("1970-01-02", Some(1.0)),
            ("1969-12-31", Some(-1.0)),
            ("2000-03-01", Some(11_017.0)),
            ("2024-02-29", Some(19_782.0)),
            ("2023-1-9", Some(19_366.0)),
            ("2023/01/10", Some(19_367.0)),
            ("2023.1.10 12:00", Some(19_367.5)),
            ("2023/01-10", None),
            ("1970-01-01 12:00", Some(0.5)),
            ("1970-01-01T06:00:00Z", Some(0.25)),
            ("1970-01-01T00:00:43.2", Some(0.0005)),
            ("2023-02-29", None),
            ("2023-13-01", None),
            ("2023-00-10", None),
            ("2023-01-10 24:00", None),
            ("2023-01-10T10:00+02:00", None),
            ("10/01/2023", None),
            ("2023-01-10-1", None),
            ("23-01-10", None),
            ("2023-01-", None),
            ("", None),
        ] {
            assert_eq!(days_since_1970(cell), days, "{cell}");
        }
    }
}

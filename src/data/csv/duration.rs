//! Durations and times of day read as a number a feature can hold: their
//! hours. pandas writes a column of durations as "0 days 02:26:00" (and a
//! negative one as "-1 days +23:50:00", a day back and 23 h 50 min on),
//! or "2 days" where all are whole days; Python writes "1 day, 2:26:00";
//! spreadsheets write elapsed times as "36:15:00" and times of day as
//! "07:50". A time of day reads as its hours since midnight.

use super::iso_date::with_fraction;

/// Longest run of digits read as hours or days: a spreadsheet's elapsed
/// hours ("1250:00:00") and pandas' days ("10000 days") are short.
const LONGEST_COUNT: usize = 6;

/// The hours of a trimmed cell written as a duration or a time of day:
/// `[-]H:MM`, `[-]H:MM:SS` or `[-]H:MM:SS.fff` (any number of hours, two
/// digits for minutes and seconds, each below 60), maybe after
/// `N days `, `N day, ` or `-N days +` (the days added to the time), or
/// `N days` alone; none for any other cell. It allocates nothing.
pub(super) fn hours(cell: &str) -> Option<f32> {
    let (days, clock) = match cell.split_once(" day") {
        Some((days, rest)) => {
            let rest = rest.strip_prefix('s').unwrap_or(rest);
            let rest = rest.strip_prefix(',').unwrap_or(rest);
            let clock = match rest {
                "" => None,
                _ => Some(rest.strip_prefix(' ')?.trim_start_matches('+')),
            };
            (Some(signed_count(days)?), clock)
        }
        None => (None, Some(cell)),
    };
    let clock_hours = match clock {
        Some(clock) => {
            let (negative, clock) = match clock.strip_prefix('-') {
                // A negative time after its days is no form either writes.
                Some(rest) if days.is_none() => (true, rest),
                Some(_) => return None,
                None => (false, clock),
            };
            let hours = clock_hours(clock)?;
            if negative { -hours } else { hours }
        }
        None => 0.0,
    };
    Some((days.unwrap_or(0.0) * 24.0 + clock_hours) as f32)
}

/// `[-]N`: a whole number of at most [`LONGEST_COUNT`] digits.
fn signed_count(text: &str) -> Option<f64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let count = count(digits)? as f64;
    Some(if negative { -count } else { count })
}

/// An unsigned whole number of one to [`LONGEST_COUNT`] ASCII digits.
fn count(text: &str) -> Option<u32> {
    let fits = (1..=LONGEST_COUNT).contains(&text.len());
    (fits && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// The hours of `H:MM`, `H:MM:SS` or `H:MM:SS.fff`.
fn clock_hours(clock: &str) -> Option<f64> {
    let mut parts = clock.split(':');
    let hours = count(parts.next()?)?;
    let minutes = below_60(parts.next()?)?;
    let seconds = match parts.next() {
        Some(text) => {
            let (whole, fraction) = text.split_once('.').unwrap_or((text, "0"));
            let fine = !fraction.is_empty() && fraction.bytes().all(|b| b.is_ascii_digit());
            if !fine {
                return None;
            }
            with_fraction(i64::from(below_60(whole)?), fraction)
        }
        None => 0.0,
    };
    if parts.next().is_some() {
        return None;
    }
    Some(f64::from(hours) + f64::from(minutes) / 60.0 + seconds / 3600.0)
}

/// Two ASCII digits below 60: a clock's minutes or seconds.
fn below_60(text: &str) -> Option<u32> {
    (text.len() == 2)
        .then(|| count(text))
        .flatten()
        .filter(|&n| n < 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `cell` reads as `expected` hours, to a millionth.
    fn reads(cell: &str, expected: f64) -> bool {
        hours(cell)
            .is_some_and(|h| (f64::from(h) - expected).abs() < 1e-6 * expected.abs().max(1.0))
    }

    #[test]
    fn pandas_and_python_durations_read_as_their_hours() {
        assert!(reads("0 days 02:26:00", 2.0 + 26.0 / 60.0));
        assert!(reads("1 days 12:15:00.000000", 36.25));
        assert!(reads("0 days 00:00:01.500000", 1.5 / 3600.0));
        assert!(reads("-1 days +23:50:00.000000", -10.0 / 60.0));
        assert!(reads("100 days 03:00:00", 2403.0));
        assert!(reads("2 days", 48.0));
        assert!(reads("1 day", 24.0));
        assert!(reads("1 day, 2:26:00", 26.0 + 26.0 / 60.0));
        assert!(reads("-1 day, 23:50:00", -10.0 / 60.0));
        assert!(reads("3 days, 0:00:00", 72.0));
    }

    #[test]
    fn clock_times_read_as_their_hours() {
        assert!(reads("07:50", 7.0 + 50.0 / 60.0));
        assert!(reads("7:50:30", 7.0 + 50.5 / 60.0));
        assert!(reads("36:15:00", 36.25));
        assert!(reads("-0:30", -0.5));
        assert!(reads("0:00:01.500000", 1.5 / 3600.0));
    }

    #[test]
    fn other_cells_are_no_durations() {
        for cell in [
            "",
            "12",
            "1.5",
            "2:1",
            "3:5",
            "12:60",
            "12:30:61",
            "12:30:",
            "12:30:00.",
            "12:30:0a",
            "a:30",
            ":30",
            "1:2:3",
            "12:30:00:00",
            "2 daysx",
            "two days",
            "2 days 3",
            "2 days -01:00:00",
            "1 days+01:00:00",
            "1234567:00",
            "12 kg",
            "2023-01-10",
            "10/01/2023 14:00",
            "12:30 pm",
        ] {
            assert_eq!(hours(cell), None, "{cell:?}");
        }
    }
}

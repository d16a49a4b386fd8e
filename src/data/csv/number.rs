//! What a cell must spell to count as a number. A leaf module: the column
//! kinds, the header check, the rows and the error messages' advice all ask
//! it.

/// How a file writes the decimal mark, which follows from its separator:
/// files separated by semicolons or tabs are what spreadsheets write where
/// the comma is the decimal mark, so there "1,5" is 1.5. The other mark may
/// group thousands: "1,250.5" is 1250.5 in a file separated by commas (a
/// comma can only group there), and "1.250,5" or "1.250.000" beside
/// semicolons or tabs ("1.250" alone stays 1.25 there, as it always was).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DecimalMark {
    /// Only a point: the file separates its columns by commas.
    Point,
    /// A point or a comma (one, with digits on both sides, and no point).
    PointOrComma,
}

impl DecimalMark {
    /// The decimal mark of a file separated by `delimiter`.
    pub(super) fn of_separator(delimiter: u8) -> Self {
        if delimiter == b',' {
            DecimalMark::Point
        } else {
            DecimalMark::PointOrComma
        }
    }

    /// The number the text spells (NaN and infinities included), if any.
    pub(super) fn parse(self, text: &str) -> Option<f32> {
        if let Ok(number) = text.parse::<f32>() {
            return Some(number);
        }
        match self {
            DecimalMark::Point => grouped(text, ',', '.'),
            DecimalMark::PointOrComma => {
                with_decimal_comma(text).or_else(|| self.grouped(text).map(|(number, _)| number))
            }
        }
    }

    /// The number the text spells with its thousands grouped, and the name
    /// of the marks that group them ("Commas", "Points", "Spaces"), if it
    /// is one: commas beside a decimal point; points or spaces (plain,
    /// no-break or narrow no-break, as French spreadsheets write them)
    /// beside a decimal comma.
    fn grouped(self, text: &str) -> Option<(f32, &'static str)> {
        match self {
            DecimalMark::Point => grouped(text, ',', '.').map(|number| (number, "Commas")),
            DecimalMark::PointOrComma => grouped(text, '.', ',')
                .map(|number| (number, "Points"))
                .or_else(|| {
                    SPACES
                        .iter()
                        .find_map(|&space| grouped(text, space, ','))
                        .map(|number| (number, "Spaces"))
                }),
        }
    }

    /// The name of the marks grouping the thousands of the number the text
    /// spells ("Commas", "Points", "Spaces"), if [`DecimalMark::parse`]
    /// reads it as such a number.
    pub(super) fn thousands_grouped_by(self, text: &str) -> Option<&'static str> {
        if text.parse::<f32>().is_ok()
            || (self == DecimalMark::PointOrComma && with_decimal_comma(text).is_some())
        {
            return None;
        }
        self.grouped(text).map(|(_, marks)| marks)
    }

    /// The text is a number that is neither NaN nor infinite as an `f32`.
    pub(super) fn is_finite_number(self, text: &str) -> bool {
        self.parse(text).is_some_and(f32::is_finite)
    }
}

/// The spaces that may group thousands beside a decimal comma: plain,
/// no-break (U+00A0) and narrow no-break (U+202F).
const SPACES: [char; 3] = [' ', '\u{a0}', '\u{202f}'];

/// "-1,234,567.5" as -1234567.5 with `group` ',' and `decimal` '.': the
/// group mark between groups of three digits before the decimal mark, one
/// to three digits before the first.
fn grouped(text: &str, group: char, decimal: char) -> Option<f32> {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = unsigned.split_once(decimal).unwrap_or((unsigned, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let mut groups = whole.split(group);
    let lead = groups.next()?;
    let mut grouped = false;
    for part in groups {
        if part.len() != 3 || !digits(part) {
            return None;
        }
        grouped = true;
    }
    if !grouped || lead.len() > 3 || !digits(lead) || !digits(fraction) {
        return None;
    }
    let sign = &text[..text.len() - unsigned.len()];
    format!("{sign}{}.{fraction}", whole.replace(group, ""))
        .parse()
        .ok()
}

/// "1,5" as 1.5: one comma with a digit on each side and no point.
fn with_decimal_comma(text: &str) -> Option<f32> {
    let (whole, fraction) = text.split_once(',')?;
    let digit_before = whole.ends_with(|c: char| c.is_ascii_digit());
    let digit_after = fraction.starts_with(|c: char| c.is_ascii_digit());
    if !digit_before || !digit_after || fraction.contains(',') || text.contains('.') {
        return None;
    }
    format!("{whole}.{fraction}").parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comma_is_a_decimal_mark_only_beside_semicolons_and_tabs() {
        let comma = DecimalMark::of_separator(b',');
        let semicolon = DecimalMark::of_separator(b';');
        let tab = DecimalMark::of_separator(b'\t');
        assert_eq!(comma.parse("1,5"), None);
        assert_eq!(semicolon.parse("1,5"), Some(1.5));
        assert_eq!(tab.parse("-0,25e2"), Some(-25.0));
        for mark in [comma, semicolon] {
            assert_eq!(mark.parse("2.5"), Some(2.5));
            assert_eq!(mark.parse("3e2"), Some(300.0));
        }
    }

    #[test]
    fn only_one_comma_between_digits_is_a_decimal_mark() {
        let mark = DecimalMark::PointOrComma;
        for text in ["1,2,3", "1.23,5", ",5", "5,", "1,e3", "a,5", ","] {
            assert_eq!(mark.parse(text), None, "{text}");
        }
        // A point before it groups thousands (see below), not a second mark.
        assert_eq!(mark.parse("1.234,5"), Some(1234.5));
    }

    #[test]
    fn commas_grouping_thousands_are_read_beside_commas_only() {
        let comma = DecimalMark::Point;
        assert_eq!(comma.parse("1,000"), Some(1000.0));
        assert_eq!(comma.parse("-12,345,678.25"), Some(-12_345_678.25));
        assert_eq!(comma.parse("+999,999.5"), Some(999_999.5));
        for text in [
            "1,5",
            "1,0000",
            "1234,567",
            ",123",
            "1,000,",
            "1,000.",
            "1,000.5e3",
            "1,00a",
            "a,000",
        ] {
            assert_eq!(comma.parse(text), None, "{text}");
        }
        assert_eq!(comma.thousands_grouped_by("1,000"), Some("Commas"));
        assert_eq!(comma.thousands_grouped_by("1000"), None);
        // Beside semicolons "1,000" has a decimal comma, and points group.
        let semicolon = DecimalMark::PointOrComma;
        assert_eq!(semicolon.parse("1,000"), Some(1.0));
        assert_eq!(semicolon.parse("1,000,000"), None);
        assert_eq!(semicolon.parse("-1.234,5"), Some(-1234.5));
        assert_eq!(semicolon.parse("1.234.567"), Some(1_234_567.0));
        assert_eq!(
            semicolon.parse("1.234"),
            Some(1.234),
            "a point alone is a decimal point"
        );
        for text in ["1.23,4", "1.2345,6", "1.234,", "1.234,5,6"] {
            assert_eq!(semicolon.parse(text), None, "{text}");
        }
        assert_eq!(semicolon.thousands_grouped_by("1.234,5"), Some("Points"));
        assert_eq!(semicolon.thousands_grouped_by("1,5"), None);
        assert_eq!(semicolon.thousands_grouped_by("1.234"), None);
        // Spaces group thousands beside a decimal comma too, as French
        // spreadsheets write them: plain, no-break or narrow no-break.
        for text in ["1 234,5", "1\u{a0}234,5", "-1\u{202f}234,5"] {
            assert_eq!(
                semicolon.parse(text).map(f32::abs),
                Some(1234.5),
                "{text:?}"
            );
            assert_eq!(semicolon.thousands_grouped_by(text), Some("Spaces"));
        }
        assert_eq!(semicolon.parse("12\u{a0}345\u{a0}678"), Some(12_345_678.0));
        for text in [
            "1 23,5",
            "1 2345",
            "1\u{a0}234.5",
            "1 234\u{a0}567",
            "1  234",
        ] {
            assert_eq!(semicolon.parse(text), None, "{text:?}");
        }
        assert_eq!(
            comma.parse("1 234"),
            None,
            "spaces group only beside a decimal comma"
        );
    }

    #[test]
    fn finite_numbers_only() {
        let mark = DecimalMark::PointOrComma;
        assert!(mark.is_finite_number("0,5"));
        assert!(!mark.is_finite_number("inf"));
        assert!(!mark.is_finite_number("NaN"));
        assert!(!DecimalMark::Point.is_finite_number("0,5"));
    }
}

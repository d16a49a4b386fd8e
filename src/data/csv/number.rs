//! What a cell must spell to count as a number. A leaf module: the column
//! kinds, the header check, the rows and the error messages' advice all ask
//! it.

/// How a file writes the decimal mark, which follows from its separator:
/// files separated by semicolons or tabs are what spreadsheets write where
/// the comma is the decimal mark, so there "1,5" is 1.5. In a file separated
/// by commas the point is the decimal mark, so a comma in a (quoted) number
/// can only group its thousands: "1,250.5" is 1250.5.
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
            DecimalMark::Point => without_thousands_commas(text),
            DecimalMark::PointOrComma => with_decimal_comma(text),
        }
    }

    /// The text is a number that is neither NaN nor infinite as an `f32`.
    pub(super) fn is_finite_number(self, text: &str) -> bool {
        self.parse(text).is_some_and(f32::is_finite)
    }
}

/// "-1,234,567.5" as -1234567.5: commas between groups of three digits
/// before the point, one to three digits before the first comma.
fn without_thousands_commas(text: &str) -> Option<f32> {
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    let (whole, fraction) = unsigned.split_once('.').unwrap_or((unsigned, "0"));
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let mut groups = whole.split(',');
    let lead = groups.next()?;
    let mut grouped = false;
    for group in groups {
        if group.len() != 3 || !digits(group) {
            return None;
        }
        grouped = true;
    }
    if !grouped || lead.len() > 3 || !digits(lead) || !digits(fraction) {
        return None;
    }
    text.replace(',', "").parse().ok()
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
        for text in ["1,2,3", "1.234,5", ",5", "5,", "1,e3", "a,5", ","] {
            assert_eq!(mark.parse(text), None, "{text}");
        }
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
        // Beside semicolons "1,000" has a decimal comma, and grouping is not read.
        assert_eq!(DecimalMark::PointOrComma.parse("1,000"), Some(1.0));
        assert_eq!(DecimalMark::PointOrComma.parse("1,000,000"), None);
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

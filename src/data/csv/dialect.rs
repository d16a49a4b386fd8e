//! How a file writes its table (its column separator and decimal mark), so
//! that a table written for it, such as its rows' scores, reads the same
//! way in the user's spreadsheet.

/// A file's column separator and decimal mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dialect {
    /// The column separator: a comma, semicolon or tab.
    pub separator: char,
    /// True where numbers take a decimal comma (only beside a separator
    /// other than the comma).
    pub decimal_comma: bool,
}

impl Default for Dialect {
    /// Commas between columns, points in numbers.
    fn default() -> Self {
        Dialect {
            separator: ',',
            decimal_comma: false,
        }
    }
}

impl Dialect {
    /// The dialect of a file separated by `delimiter` whose feature cells
    /// held `commas` numbers with a decimal comma and `points` with a point:
    /// decimal commas where they outnumber points, or, in a file separated by
    /// semicolons (the separator of decimal-comma spreadsheets), where no
    /// cell shows either.
    pub(super) fn of(delimiter: u8, commas: usize, points: usize) -> Self {
        let separator = char::from(delimiter);
        let decimal_comma = separator != ','
            && (commas > points || (separator == ';' && commas == 0 && points == 0));
        Dialect {
            separator,
            decimal_comma,
        }
    }

    /// `number` as this dialect writes it.
    pub fn number(&self, number: f32) -> String {
        let text = number.to_string();
        if self.decimal_comma {
            text.replace('.', ",")
        } else {
            text
        }
    }

    /// `text` as one field: quoted, its quotes doubled, when it holds the
    /// separator, a quote or a line break.
    pub fn field(&self, text: &str) -> String {
        if text.contains([self.separator, '"', '\n', '\r']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_owned()
        }
    }

    /// The note for a table written in this dialect, when it is not the
    /// default one.
    pub fn note(&self, table: &str) -> Option<String> {
        let separated = match self.separator {
            ',' => return None,
            ';' => "semicolons",
            '\t' => "tabs",
            _ => "the file's separator",
        };
        let numbers = if self.decimal_comma {
            " and numbers with a decimal comma"
        } else {
            ""
        };
        Some(format!(
            "The {table} is written as the file is: columns separated by {separated}{numbers}."
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_commas_follow_the_file() {
        assert_eq!(Dialect::of(b',', 0, 0), Dialect::default());
        assert!(Dialect::of(b';', 5, 1).decimal_comma);
        assert!(!Dialect::of(b';', 1, 5).decimal_comma);
        assert!(Dialect::of(b';', 0, 0).decimal_comma);
        assert!(!Dialect::of(b'\t', 0, 0).decimal_comma);
        assert!(Dialect::of(b'\t', 2, 0).decimal_comma);
    }

    #[test]
    fn numbers_and_fields_are_written_in_the_dialect() {
        let semicolons = Dialect::of(b';', 3, 0);
        assert_eq!(semicolons.number(0.25), "0,25");
        assert_eq!(semicolons.field("a,b"), "a,b");
        assert_eq!(semicolons.field("a;b"), "\"a;b\"");
        assert_eq!(Dialect::default().number(0.25), "0.25");
        assert_eq!(Dialect::default().field("a,\"b\""), "\"a,\"\"b\"\"\"");
        assert_eq!(Dialect::default().note("scores table"), None);
        assert_eq!(
            semicolons.note("scores table").as_deref(),
            Some(
                "The scores table is written as the file is: columns separated by semicolons \
                 and numbers with a decimal comma."
            )
        );
    }
}

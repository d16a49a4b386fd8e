//! Opening a file: its size, its encoding, its header line and the
//! separator that line uses, leaving a reader at the first data row.

use std::borrow::Cow;

use super::encoding::Text;
use super::error::{CsvError, MAX_SHOWN_VALUES};
use super::lines::line_breaks;
use super::not_text::NotText;
use super::number::DecimalMark;
use super::reader::Rows;
use super::{MAX_COLUMNS, MAX_CSV_BYTES};
use crate::user_text::{clip, counted};

/// Separators tried on the header line, in order of preference on ties, with their
/// names for the warning about a separator other than comma.
const DELIMITERS: [(u8, &str); 3] = [(b',', "commas"), (b';', "semicolons (;)"), (b'\t', "tabs")];

/// A CSV file whose header has been read and checked, with its data rows still to read.
pub(super) struct Table<'a> {
    /// The detected separator.
    pub(super) delimiter: u8,
    /// The decimal mark that separator implies.
    pub(super) decimal: DecimalMark,
    /// Column names, trimmed, a repeated one numbered ([`distinct_names`]).
    pub(super) header: Vec<String>,
    /// What the user should know about opening it: the encoding it was
    /// read in when not UTF-8, and the repeated names numbered.
    pub(super) notes: Vec<String>,
    /// The data rows.
    pub(super) rows: Rows<'a>,
}

/// How many columns a file must have: training needs a labeled column
/// beside its features, while scoring may read a file of one feature.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Width {
    /// A separator must split the header line.
    AtLeastTwo,
    /// A header line without a separator names one column.
    AtLeastOne,
}

impl<'a> Table<'a> {
    /// Checks size, encoding, separator and header, leaving the reader at
    /// the first data row; `bytes` are a file's as
    /// [`utf16_decoded`](super::encoding::utf16_decoded) gives them.
    pub(super) fn open(bytes: &'a [u8], width: Width) -> Result<Self, CsvError> {
        if bytes.len() > MAX_CSV_BYTES {
            return Err(CsvError::FileTooLarge {
                bytes: bytes.len() as u64,
            });
        }
        if let Some(format) = NotText::of(bytes) {
            return Err(CsvError::NotText(format));
        }
        let text = Text::of(bytes)?;
        if text.blank_from(0) == text.bytes().len() {
            return Err(CsvError::Empty);
        }
        let mut first = header_line(text, 0);
        // A `sep=` line is ASCII: in any other it names no separator.
        let first_line = text.bytes().get(first.start..first.end).unwrap_or_default();
        let hinted = separator_hint(std::str::from_utf8(first_line).unwrap_or_default());
        if hinted.is_some() {
            first = header_line(text, first.end);
        }
        if !first.closed {
            return Err(CsvError::UnclosedQuote { line: first.line });
        }
        let delimiter = match hinted {
            Some(named) => {
                check_named_separator(named, &first)?;
                named
            }
            None => match detect_delimiter(&first.text) {
                Err(CsvError::NoDelimiter { .. }) if width == Width::AtLeastOne => b',',
                found => found?,
            },
        };
        let mut rows = Rows::new(text, delimiter);
        if hinted.is_some() {
            rows.next_row()?;
        }
        let Some((_, names)) = rows.next_row()? else {
            // Nothing after a `sep=` line is an empty file too.
            let blank = first.start >= text.bytes().len();
            return Err(match blank {
                true => CsvError::Empty,
                false => CsvError::OnlyBlankRecords,
            });
        };
        let mut header: Vec<String> = names.iter().map(|name| name.trim().to_owned()).collect();
        let found = rows.found();
        if found > MAX_COLUMNS {
            return Err(CsvError::TooManyColumns {
                found,
                limit: MAX_COLUMNS,
            });
        }
        let row_names = leads_with_row_names(&mut rows, header.len());
        if row_names {
            // Not doubling the header's room, as a full vector would.
            header.reserve_exact(1);
            header.insert(0, String::new());
        }
        for (index, name) in header.iter_mut().enumerate() {
            if name.is_empty() {
                *name = unnamed_column_name(index + 1);
            }
        }
        // The row names' column may take the header over the limit.
        if header.len() > MAX_COLUMNS {
            return Err(CsvError::TooManyColumns {
                found: header.len(),
                limit: MAX_COLUMNS,
            });
        }
        if let Some(at) = first.text.find('\u{feff}') {
            let position = count_unquoted(first.text.get(..at).unwrap_or_default(), delimiter) + 1;
            return Err(CsvError::ByteOrderMark {
                position,
                // The header's cells follow the row names' column, if any.
                name: clip(
                    header
                        .get(position - 1 + usize::from(row_names))
                        .map_or("", String::as_str),
                ),
            });
        }
        let decimal = DecimalMark::of_separator(delimiter);
        check_header(&header, &first.text, decimal)?;
        let notes = text
            .note()
            .into_iter()
            .chain(row_names.then(|| ROW_NAMES_NOTE.to_owned()))
            .chain(distinct_names(&mut header))
            .collect();
        rows.require_width(header.len());
        Ok(Table {
            delimiter,
            decimal,
            header,
            notes,
            rows,
        })
    }
}

/// The header line as found in the text.
struct HeaderLine<'a> {
    /// Its text, extended over line breaks inside quotes, trimmed.
    text: Cow<'a, str>,
    /// Its 1-based line.
    line: u64,
    /// False when a quote opened in it is never closed.
    closed: bool,
    /// The byte offset in the text where it starts.
    start: usize,
    /// The byte offset in the text where it ends.
    end: usize,
}

/// The first non-blank line of the text from byte `from` on, extended over
/// line breaks inside quotes.
fn header_line(text: Text<'_>, from: usize) -> HeaderLine<'_> {
    let start = from + text.blank_from(from);
    let rest = text.bytes().get(start..).unwrap_or_default();
    let line = 1 + line_breaks(text.bytes(), 0, start);
    let mut quoted = false;
    let mut end = rest.len();
    for (index, &byte) in rest.iter().enumerate() {
        match byte {
            b'"' => quoted = !quoted,
            b'\n' | b'\r' if !quoted => {
                end = index;
                break;
            }
            _ => {}
        }
    }
    HeaderLine {
        text: text.part(start, start + end),
        line,
        closed: !quoted,
        start,
        end: start + end,
    }
}

/// The separator a first line such as `sep=;` names (Excel reads one as
/// how its file is split), if the untrimmed line is one, maybe quoted as a
/// tool that quotes every field writes it (`"sep=,"`).
fn separator_hint(line: &str) -> Option<u8> {
    let line = line.trim_matches(' ');
    let unquoted = line
        .strip_prefix('"')
        .and_then(|inner| inner.strip_suffix('"'))
        .unwrap_or(line);
    let named = unquoted.strip_prefix("sep=")?.as_bytes();
    DELIMITERS
        .iter()
        .map(|&(delimiter, _)| delimiter)
        .find(|&delimiter| named == [delimiter])
}

/// A separator named by a `sep=` line must be the header's: one the header
/// line lacks while it holds another is refused, naming both.
fn check_named_separator(named: u8, header: &HeaderLine<'_>) -> Result<(), CsvError> {
    if count_unquoted(&header.text, named) > 0 {
        return Ok(());
    }
    match detect_delimiter(&header.text) {
        Ok(found) => Err(CsvError::SeparatorNotInHeader {
            line: header.line,
            named: separator_name(named),
            found: separator_name(found),
        }),
        Err(_) => Ok(()),
    }
}

/// A separator's name in messages: "commas", "semicolons (;)", "tabs".
fn separator_name(delimiter: u8) -> &'static str {
    DELIMITERS
        .iter()
        .find(|&&(byte, _)| byte == delimiter)
        .map_or("", |&(_, name)| name)
}

/// The separator that splits the header line into the most fields; ties prefer the earlier one.
fn detect_delimiter(first_line: &str) -> Result<u8, CsvError> {
    let mut best: Option<(u8, usize)> = None;
    for (delimiter, _) in DELIMITERS {
        let count = count_unquoted(first_line, delimiter);
        if count > best.map_or(0, |(_, most)| most) {
            best = Some((delimiter, count));
        }
    }
    best.map(|(delimiter, _)| delimiter)
        .ok_or_else(|| CsvError::NoDelimiter {
            first_line: clip(first_line),
        })
}

/// How often `delimiter` occurs in `line` outside double quotes.
fn count_unquoted(line: &str, delimiter: u8) -> usize {
    let mut quoted = false;
    let mut count = 0;
    for byte in line.bytes() {
        if byte == b'"' {
            quoted = !quoted;
        } else if byte == delimiter && !quoted {
            count += 1;
        }
    }
    count
}

/// The name a column with an empty header cell goes by: `(column 4)`. A
/// spreadsheet's or pandas' row index leaves its header cell empty, and a
/// separator at the end of the header line leaves an empty last one.
pub fn unnamed_column_name(position: usize) -> String {
    format!("(column {position})")
}

/// Whether the header gave the column at 1-based `position` no name of its
/// own: an empty cell ([`unnamed_column_name`]), or pandas' name for one
/// read and written again, `Unnamed: 0`.
pub fn is_unnamed_column(name: &str, position: usize) -> bool {
    name == unnamed_column_name(position)
        || name
            .strip_prefix("Unnamed: ")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// What [`Table::open`] says of a file whose rows lead with a name the
/// header does not name ([`leads_with_row_names`]).
const ROW_NAMES_NOTE: &str = "The rows hold one field more than the header, as R's \
    write.table writes them with their row names first: that first field is read as a \
    column with no name, \"(column 1)\".";

/// Whether the first data row holds one field more than the header's
/// `header_width`, as R's `write.table` writes a table with its row names
/// first and no header cell above them; the reader is left where it was.
/// A row that cannot be read says nothing here: the read itself reports it.
fn leads_with_row_names(rows: &mut Rows<'_>, header_width: usize) -> bool {
    let data_start = rows.mark();
    let wider = matches!(rows.next_row(), Ok(Some(_))) && rows.found() == header_width + 1;
    rows.rewind(&data_start);
    wider
}

/// Refuses a header that is really data.
fn check_header(header: &[String], first_line: &str, decimal: DecimalMark) -> Result<(), CsvError> {
    if header.iter().all(|name| decimal.is_finite_number(name)) {
        return Err(CsvError::NoHeader {
            first_line: clip(first_line),
            columns: header.len(),
            example: header_example(header.len()),
        });
    }
    Ok(())
}

/// Names for a header of `columns` columns, quoted, as advice: features
/// `x1`, `x2`, … and `labeled` last ("x1", "x2", … "x9" and "labeled"
/// beyond five columns).
fn header_example(columns: usize) -> String {
    let features = columns.saturating_sub(1);
    let listed: Vec<String> = match features {
        0..=4 => (1..=features).map(|i| format!("\"x{i}\"")).collect(),
        _ => vec![
            "\"x1\"".to_owned(),
            "\"x2\"".to_owned(),
            format!("… \"x{features}\""),
        ],
    };
    match listed.as_slice() {
        [] => "\"labeled\"".to_owned(),
        _ => format!("{} and \"labeled\"", listed.join(", ")),
    }
}

/// Numbers each later use of a repeated column name, as spreadsheets let a
/// header repeat one: the second "notes" becomes "notes (2)", or the next
/// number no column is named with. Every file read the same way gets the
/// same names, so a model reads its columns again by them. The warning
/// saying what was renamed, if anything was.
fn distinct_names(header: &mut [String]) -> Option<String> {
    // The columns by name, each name's uses in order: sorted places, not
    // a set of names, so that a header of 500 repeats costs kilobytes.
    let mut by_name: Vec<usize> = (0..header.len()).collect();
    by_name.sort_by(|&a, &b| header[a].cmp(&header[b]));
    let taken = |candidate: &str| {
        by_name
            .binary_search_by(|&i| header[i].as_str().cmp(candidate))
            .is_ok()
    };
    // (column, its name's first column, its number), 1-based columns.
    let mut renamed = Vec::new();
    for uses in by_name.chunk_by(|&a, &b| header[a] == header[b]) {
        let name = &header[uses[0]];
        // The numbers a name's uses get go up, and each is the first free
        // one from its use's count on: every number below the last given
        // is taken by a column or given already.
        let mut last = 1;
        for (count, &index) in uses.iter().enumerate().skip(1) {
            let number = (last + 1).max(count + 1);
            last = (number..)
                .find(|&n| !taken(&numbered(name, n)))
                .unwrap_or(number);
            renamed.push((index, uses[0] + 1, last));
        }
    }
    renamed.sort_unstable();
    let mut sentences = Vec::new();
    for (shown, &(index, first, number)) in renamed.iter().enumerate() {
        let name = &mut header[index];
        let new_name = numbered(name, number);
        if shown < MAX_SHOWN_VALUES {
            sentences.push(format!(
                "Column {} repeats the name \"{}\" of column {first}, so it is read as \"{}\".",
                index + 1,
                clip(name),
                clip(&new_name)
            ));
        }
        *name = new_name;
    }
    if let Some(more) = renamed
        .len()
        .checked_sub(MAX_SHOWN_VALUES)
        .filter(|&n| n > 0)
    {
        let verb = if more == 1 { "is" } else { "are" };
        sentences.push(format!(
            "{} {verb} numbered the same way.",
            counted(more, "more repeated name")
        ));
    }
    (!sentences.is_empty()).then(|| sentences.join(" "))
}

/// `name` with `number` after it: "notes (2)".
fn numbered(name: &str, number: usize) -> String {
    format!("{name} ({number})")
}

/// The warning for a separator other than comma, if any.
pub(super) fn delimiter_warning(delimiter: u8) -> Option<String> {
    (delimiter != b',').then(|| format!("Columns are separated by {}.", separator_name(delimiter)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::IdColumn;
    use crate::data::csv::test_support::{numbers, read, read_err, strings};
    use crate::data::csv::{
        ColumnKind, CsvColumns, MissingValues, ScoringGaps, preview_csv, read_csv,
        read_feature_rows,
    };

    #[test]
    fn detects_semicolon_and_tab_with_a_warning() {
        let data = read("x;labeled\n1;1\n2;0\n").unwrap();
        assert_eq!(data.delimiter, b';');
        assert_eq!(data.features, vec![1.0, 2.0]);
        assert_eq!(
            data.warnings,
            vec!["Columns are separated by semicolons (;)."]
        );
        let data = read("x\ty\tlabeled\n1\t2\tP\n3\t4\tU\n").unwrap();
        assert_eq!(data.delimiter, b'\t');
        assert_eq!(data.features, vec![1.0, 2.0, 3.0, 4.0]);
        assert!(data.warnings[0].contains("tabs"));
    }

    #[test]
    fn a_first_line_sep_names_the_separator() {
        // Without the hint, the tie of two commas and two semicolons is a comma.
        let data = read("sep=;\nx;y,z,w;labeled\n1,5;2;1\n3;4;0\n").unwrap();
        assert_eq!(data.delimiter, b';');
        assert_eq!(data.feature_names(), strings(&["x", "y,z,w"]));
        assert_eq!(data.features, vec![1.5, 2.0, 3.0, 4.0]);
        let data = read("\nsep=\t\nx\tlabeled\n1\t1\n2\t0\n").unwrap();
        assert_eq!(data.delimiter, b'\t');
        // Lines are still counted from the top of the file.
        let err = read("sep=,\nx,labeled\n1,1\nfoo,0\n").unwrap_err();
        assert!(matches!(err, CsvError::NonNumeric { at, .. } if at.line == 4));
        assert_eq!(read("sep=;\n").unwrap_err(), CsvError::Empty);
        let err = read("sep=;\n\nx,labeled\n1,1\n2,0\n").unwrap_err();
        assert_eq!(
            err,
            CsvError::SeparatorNotInHeader {
                line: 3,
                named: "semicolons (;)",
                found: "commas",
            }
        );
        assert_eq!(
            err.to_string(),
            "The first line names the separator as semicolons (;), but the header (line 3) \
             holds none and is separated by commas. Remove the first line, or make it name the \
             separator the file uses."
        );
        // A header of one column has no separator to disagree with.
        assert!(matches!(
            read("sep=;\nx\n1\n"),
            Err(CsvError::MissingColumn { .. })
        ));
        assert_eq!(separator_hint("sep=|"), None);
        assert_eq!(separator_hint("sep=;;"), None);
        assert_eq!(separator_hint("sep="), None);
        assert_eq!(separator_hint("sep=\t"), Some(b'\t'));
        assert_eq!(separator_hint("\"sep=,\""), Some(b','));
        assert_eq!(separator_hint("\"sep=,"), None);
    }

    #[test]
    fn semicolon_and_tab_files_may_use_decimal_commas() {
        let text = "x;y;labeled\n1,5;-2.25;1\n0,125;3e1;0\n";
        let data = read(text).unwrap();
        assert_eq!(data.features, vec![1.5, -2.25, 0.125, 30.0]);
        assert_eq!(
            data.warnings[1],
            "A comma was read as the decimal mark in 2 cells, as files separated by semicolons \
             or tabs use it: the first, \"1,5\", as 1.5 (Line 2 (data row 1), column \"x\"). \
             Where a comma groups thousands instead, remove it from the file. 1 cell of the \
             same file holds a point, read as the decimal mark too: the first, \"-2.25\", as \
             -2.25 (Line 2 (data row 1), column \"y\"). Where a point groups thousands \
             (\"1.000\" beside decimal commas), remove it."
        );
        let commas_only = read("x;y;labeled\n1,5;2;1\n0,125;3e1;0\n").unwrap();
        assert!(commas_only.warnings[1].ends_with("remove it from the file."));
        let preview = preview_csv(text.as_bytes(), 5).unwrap();
        assert_eq!(
            preview.kinds,
            vec![ColumnKind::Numeric, ColumnKind::Numeric, ColumnKind::Flag]
        );
        let data = read("x\tlabeled\n1,5\tP\n2,5\tU\n").unwrap();
        assert_eq!(data.features, vec![1.5, 2.5]);
        // A header of numbers with decimal commas is data, not names.
        assert!(matches!(
            read("0,5;1;2\n1;0;3\n"),
            Err(CsvError::NoHeader { .. })
        ));
        // A comma file cannot hold a decimal comma outside quotes, nor inside.
        assert!(matches!(
            read("x,labeled\n\"1,5\",1\n2,0\n"),
            Err(CsvError::NonNumeric { .. })
        ));
    }

    #[test]
    fn comma_files_read_commas_grouping_thousands_and_say_so() {
        let text = "price,size,labeled\n\"1,250.5\",2.5,1\n\"12,000\",3,0\n900,4,0\n";
        let data = read(text).unwrap();
        assert_eq!(data.features, vec![1250.5, 2.5, 12000.0, 3.0, 900.0, 4.0]);
        assert_eq!(
            data.warnings,
            vec![
                "Commas were read as grouping thousands in 2 cells, as the point is the decimal \
                 mark in a file separated by commas: the first, \"1,250.5\", as 1250.5 (Line 2 \
                 (data row 1), column \"price\")."
            ]
        );
        let preview = preview_csv(text.as_bytes(), 5).unwrap();
        assert_eq!(preview.kinds[0], ColumnKind::Numeric);
        // Beside semicolons, points group and the comma is the decimal mark.
        let data = read("Betrag;w;labeled\n1.200,5;2;1\n3,5;1;0\n900;4;0\n").unwrap();
        assert_eq!(data.features, vec![1200.5, 2.0, 3.5, 1.0, 900.0, 4.0]);
        assert!(
            data.warnings[1].ends_with(
                "Points were read as grouping thousands in 1 cell, as the comma is the decimal \
                 mark in a file separated by semicolons or tabs: the first, \"1.200,5\", as \
                 1200.5 (Line 2 (data row 1), column \"Betrag\")."
            ),
            "{:?}",
            data.warnings
        );
        assert!(data.warnings[1].starts_with("A comma was read as the decimal mark in 2 cells"));
        // A French export groups by no-break spaces; the preview reads them too.
        let text = "Montant;w;labeled\n1\u{a0}200,5;2;1\n12\u{202f}000;1;0\n900;4;0\n";
        let data = read(text).unwrap();
        assert_eq!(data.features, vec![1200.5, 2.0, 12000.0, 1.0, 900.0, 4.0]);
        assert!(
            data.warnings[1].contains(
                "Spaces were read as grouping thousands in 2 cells, as the comma is the decimal \
                 mark in a file separated by semicolons or tabs: the first, \"1\u{a0}200,5\""
            ),
            "{:?}",
            data.warnings
        );
        let preview = preview_csv(text.as_bytes(), 5).unwrap();
        assert_eq!(preview.kinds[0], ColumnKind::Numeric);
    }

    #[test]
    fn delimiter_ties_prefer_comma_and_quotes_are_ignored() {
        assert_eq!(detect_delimiter("a;b,c"), Ok(b','));
        assert_eq!(detect_delimiter("a\tb;c"), Ok(b';'));
        assert_eq!(detect_delimiter("\"a,b,c\";d"), Ok(b';'));
    }

    #[test]
    fn handles_bom_crlf_whitespace_quotes_and_blank_lines() {
        let text =
            "\u{feff}\"x, one\" , labeled\r\n\" 1.5 \" , Yes \r\n\r\n\"2\",N\r\n,\r\n  \r\n\r\n";
        let data = read(text).unwrap();
        assert_eq!(data.feature_names(), strings(&["x, one"]));
        assert_eq!(data.features, vec![1.5, 2.0]);
        assert_eq!(data.labeled, vec![true, false]);
    }

    #[test]
    fn empty_file() {
        for text in ["", " \n\t\r\n ", "\u{feff}"] {
            let (err, message) = read_err(text, &CsvColumns::default());
            assert_eq!(err, CsvError::Empty);
            assert!(
                message.starts_with("The file is empty, or holds nothing but spaces, tabs"),
                "{message}"
            );
        }
        for text in [",,,\n,,,\n", "sep=;\n;;\n", " , \n\"\",\n"] {
            let (err, message) = read_err(text, &CsvColumns::default());
            assert_eq!(err, CsvError::OnlyBlankRecords, "{text:?}");
            assert!(
                message.starts_with("Every line of the file is blank or holds only separators"),
                "{message}"
            );
        }
    }

    #[test]
    fn windows_1252_reads_with_a_note_and_other_bytes_are_refused() {
        // As Excel saves "CSV" on German Windows: semicolons, decimal commas,
        // ä as 0xE4 and € as 0x80.
        let bytes = b"Gr\xf6\xdfe;Betrag \x80;labeled;y\n1,5;2;1;\xe4\n2,25;3;0;n\n";
        let columns = CsvColumns {
            features: Some(strings(&["Größe", "Betrag €"])),
            truth: None,
            ..CsvColumns::default()
        };
        let data = read_csv(bytes, &columns).unwrap();
        assert_eq!(data.feature_names(), strings(&["Größe", "Betrag €"]));
        assert_eq!(data.features, vec![1.5, 2.0, 2.25, 3.0]);
        assert!(
            data.warnings
                .iter()
                .any(|w| w.starts_with("The file is not UTF-8, so it was read as Windows-1252")),
            "{:?}",
            data.warnings
        );
        let preview = preview_csv(bytes, 5).unwrap();
        assert_eq!(preview.header[3], "y");
        assert_eq!(preview.rows.row(0).unwrap()[3], "ä");
        // The five bytes Windows-1252 leaves undefined are refused where the
        // file stops being UTF-8.
        let bytes = b"x,labeled\n1,1\nGr\xf6\x81e,0\n";
        let err = read_csv(bytes, &CsvColumns::default()).unwrap_err();
        assert_eq!(err, CsvError::NotUtf8 { line: 3, byte: 16 });
        let message = err.to_string();
        assert!(message.contains("line 3 (byte offset 16)"));
        assert!(message.contains("not Windows-1252 either. Save the file as UTF-8"));
    }

    #[test]
    fn a_workbook_or_binary_file_is_named_with_how_to_save_it_as_csv() {
        // The start of an .xlsx: a zip archive whose bytes are mostly not text.
        let mut xlsx = b"PK\x03\x04\x14\x00\x06\x00\x08\x00".to_vec();
        xlsx.extend((0..=255u8).cycle().take(4000));
        let err = preview_csv(&xlsx, 5).unwrap_err();
        assert_eq!(err, CsvError::NotText(NotText::Zip));
        assert!(err.to_string().contains("Excel (.xlsx)"));
        assert_eq!(
            read_csv(&xlsx, &CsvColumns::default()).unwrap_err(),
            CsvError::NotText(NotText::Zip)
        );
        let json = br#"[{"x": 1, "labeled": 1}, {"x": 2, "labeled": 0}]"#;
        assert_eq!(
            read_csv(json, &CsvColumns::default()).unwrap_err(),
            CsvError::NotText(NotText::Json)
        );
        // A signature wins over what looks like UTF-16 without its mark.
        let parquet = [&b"PAR1"[..], &b"\x00\x31".repeat(40)].concat();
        assert_eq!(
            read_csv(&parquet, &CsvColumns::default()).unwrap_err(),
            CsvError::NotText(NotText::Parquet)
        );
        // A zero byte in the first line: binary.
        let err = read_csv(b"x,lab\x00eled\n1,1\n2,0\n", &CsvColumns::default()).unwrap_err();
        assert_eq!(err, CsvError::NotText(NotText::Binary { byte: 5 }));
    }

    #[test]
    fn utf16_reads_as_excel_unicode_text_writes_it() {
        // Excel's "Unicode Text": UTF-16 with a byte order mark, tabs between
        // the fields; here with a name outside ASCII and beyond the BMP.
        let text = "Größe\tx\tlabeled\r\n1,5\t𝄞\t1\r\n2,5\ty\t0\r\n";
        let little: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let big: Vec<u8> = [0xfe, 0xff]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        // Without the mark, as pandas' "utf-16-le" writes it.
        let unmarked: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let unmarked_big: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        for bytes in [&little, &big, &unmarked, &unmarked_big] {
            let preview = preview_csv(bytes, 5).unwrap();
            assert_eq!(preview.header, ["Größe", "x", "labeled"]);
            assert_eq!(preview.rows.row(0).unwrap(), ["1,5", "𝄞", "1"]);
            let columns = CsvColumns {
                features: Some(vec!["Größe".to_owned()]),
                ..CsvColumns::default()
            };
            let data = read_csv(bytes, &columns).unwrap();
            assert_eq!(data.feature_names(), ["Größe"]);
            assert_eq!(data.features, [1.5, 2.5]);
        }
        // Cut halfway through a character: named, with what to do.
        let err = preview_csv(&little[..little.len() - 1], 5).unwrap_err();
        assert_eq!(err, CsvError::Utf16CutShort);
        assert!(err.to_string().contains("ends halfway through a character"));
    }

    #[test]
    fn no_delimiter() {
        let (err, message) = read_err("labeled\n1\n0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoDelimiter {
                first_line: "labeled".to_owned()
            }
        );
        assert!(message.contains("(\"labeled\")"));
        assert!(message.contains("Only comma-, semicolon- or tab-separated files"));
    }

    #[test]
    fn rows_led_by_names_the_header_lacks_read_as_r_writes_them() {
        // R's write.table(sep = ","): a name first on every row, none above.
        let text = "\"x\",\"labeled\"\n\"a\",1.5,1\n\"b\",2.5,0\n\"c\",3.5,0\n";
        let preview = preview_csv(text.as_bytes(), 5).unwrap();
        assert_eq!(preview.header, ["(column 1)", "x", "labeled"]);
        let columns = CsvColumns {
            features: Some(vec!["x".to_owned()]),
            ..CsvColumns::default()
        };
        let data = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(data.features, [1.5, 2.5, 3.5]);
        assert_eq!(data.labeled, [true, false, false]);
        assert!(data.warnings.iter().any(|w| w.starts_with(
            "The rows hold one field more than the header, as R's write.table writes them"
        )));
        // Only the first data row decides: a later row one field longer is ragged.
        let err = read_csv(b"x,labeled\n1.5,1\n2.5,0,7\n", &CsvColumns::default()).unwrap_err();
        assert_eq!(
            err,
            CsvError::Ragged {
                line: 3,
                expected: 2,
                found: 3
            }
        );
    }

    #[test]
    fn no_header() {
        let (err, message) = read_err("\n1.5,2,1\n3,4,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::NoHeader {
                first_line: "1.5,2,1".to_owned(),
                columns: 3,
                example: "\"x1\", \"x2\" and \"labeled\"".to_owned(),
            }
        );
        assert!(message.contains("(\"1.5,2,1\") holds only numbers"));
        assert!(message.contains("the first line must name the columns"));
        assert!(
            message.ends_with("for its 3 columns, for example \"x1\", \"x2\" and \"labeled\".")
        );
        assert_eq!(
            header_example(12),
            "\"x1\", \"x2\", … \"x11\" and \"labeled\""
        );
        assert_eq!(
            header_example(6),
            "\"x1\", \"x2\", … \"x5\" and \"labeled\""
        );
        assert_eq!(
            header_example(5),
            "\"x1\", \"x2\", \"x3\", \"x4\" and \"labeled\""
        );
        assert_eq!(header_example(1), "\"labeled\"");
    }

    #[test]
    fn too_many_columns() {
        let names: Vec<String> = (0..=MAX_COLUMNS).map(|i| format!("c{i}")).collect();
        let text = format!("{}\n", names.join(","));
        let (err, message) = read_err(&text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::TooManyColumns {
                found: 501,
                limit: 500
            }
        );
        assert!(message.contains("has 501 columns, more than the limit of 500"));
    }

    #[test]
    fn an_unnamed_column_is_named_by_its_place() {
        // A pandas index first, and a separator ending every line.
        let text = ",x,labeled,\n0,1.5,1,\n1,2.5,0,\n";
        let preview = preview_csv(text.as_bytes(), 5).unwrap();
        assert_eq!(
            preview.header,
            strings(&["(column 1)", "x", "labeled", "(column 4)"])
        );
        assert_eq!(preview.kinds[3], ColumnKind::Empty);
        let columns = CsvColumns {
            features: Some(strings(&["x"])),
            ..CsvColumns::default()
        };
        let data = read_csv(text.as_bytes(), &columns).unwrap();
        assert_eq!(data.features, vec![1.5, 2.5]);
    }

    #[test]
    fn a_repeated_column_name_is_numbered_with_a_warning() {
        let data = read("x,labeled,y,x\n1,1,2,3\n4,0,5,6\n").unwrap();
        assert_eq!(data.feature_names(), strings(&["x", "y", "x (2)"]));
        assert_eq!(data.features, vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        assert_eq!(
            data.warnings,
            vec!["Column 4 repeats the name \"x\" of column 1, so it is read as \"x (2)\"."]
        );
        // A number some column already goes by is skipped, and a third use
        // gets the next.
        let preview = preview_csv(b"a,a (2),a,a,labeled\n1,2,3,4,1\n", 5).unwrap();
        assert_eq!(
            preview.header,
            strings(&["a", "a (2)", "a (3)", "a (4)", "labeled"])
        );
        // Names taken twice over, and two names repeated in turn: each use
        // numbered past those taken and given, the warning in column order.
        let data =
            read("x,x (2),b,x,x (3),b,x,labeled\n1,2,3,4,5,6,7,1\n2,3,4,5,6,7,8,0\n").unwrap();
        assert_eq!(
            data.feature_names(),
            strings(&["x", "x (2)", "b", "x (4)", "x (3)", "b (2)", "x (5)"])
        );
        assert!(
            data.warnings[0].starts_with(
                "Column 4 repeats the name \"x\" of column 1, so it is read as \"x (4)\". \
                 Column 6 repeats the name \"b\" of column 3"
            ),
            "{:?}",
            data.warnings
        );
        // Past the first few, the warning counts the rest.
        let data = read("labeled,x,x,x,x,x,x,x,x\n1,1,2,3,4,5,6,7,8\n0,2,3,4,5,6,7,8,9\n").unwrap();
        assert_eq!(
            data.feature_names().last().map(String::as_str),
            Some("x (8)")
        );
        assert!(
            data.warnings[0].ends_with(
                "Column 7 repeats the name \"x\" of column 2, so it is read as \"x (6)\". 2 more \
                 repeated names are numbered the same way."
            ),
            "{:?}",
            data.warnings
        );
        // A model reads the same names again from a file with the same header.
        let rows = read_feature_rows(
            b"x,y,x\n1,2,3\n",
            &numbers(&["x (2)"]),
            None,
            None,
            &IdColumn::Guessed,
            ScoringGaps {
                choice: MissingValues::Refuse,
                fill: &[],
            },
        )
        .unwrap();
        assert_eq!(rows.features, vec![3.0]);
        assert_eq!(rows.warnings.len(), 1);
    }

    #[test]
    fn an_unclosed_quote_in_the_header_is_named() {
        let (err, message) = read_err("\n\"x,labeled\n1,1\n2,0\n", &CsvColumns::default());
        assert_eq!(err, CsvError::UnclosedQuote { line: 2 });
        assert!(
            message.starts_with("Line 2, the header, opens a quote (\") that is never closed"),
            "{message}"
        );
        let (err, _) = read_err("x,\"labeled\n1,1\n2,0\n", &CsvColumns::default());
        assert_eq!(err, CsvError::UnclosedQuote { line: 1 });
    }

    #[test]
    fn a_second_byte_order_mark_is_refused_with_its_column() {
        for (text, position, name) in [
            ("\u{feff}\u{feff}x,labeled\n1,1\n2,0\n", 1, "x"),
            ("x;\u{feff}labeled\n1;1\n2;0\n", 2, "\\u{feff}labeled"),
            ("x,\"a,b\",\u{feff}labeled\n1,2,1\n", 3, "\\u{feff}labeled"),
        ] {
            let (err, message) = read_err(text, &CsvColumns::default());
            assert_eq!(
                err,
                CsvError::ByteOrderMark {
                    position,
                    name: name.to_owned()
                },
                "{text:?}"
            );
            assert!(message.contains("holds a byte order mark"), "{message}");
        }
    }

    #[test]
    fn files_over_the_size_limit_are_refused_before_reading() {
        let text = vec![b' '; MAX_CSV_BYTES + 1];
        let err = read_csv(&text, &CsvColumns::default()).unwrap_err();
        assert_eq!(
            err,
            CsvError::FileTooLarge {
                bytes: MAX_CSV_BYTES as u64 + 1
            }
        );
        assert_eq!(
            err.to_string(),
            "The file is 32.0 MiB, more than the limit of 32 MiB. Use a sample of its rows, or \
             fewer columns."
        );
        // Scoring is for every row: a sample is no answer there.
        assert_eq!(
            err.when_scoring(),
            "The file is 32.0 MiB, more than the limit of 32 MiB. Split it into smaller files, \
             each with the header line, and score each (or leave out the columns the model does \
             not read)."
        );
    }
}

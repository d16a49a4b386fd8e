//! The record reader: splits a text into records with `csv-core`, skips
//! blank ones, checks each record's width against the header's, and counts
//! physical lines.
//!
//! It is not the `csv` crate's reader, though that one trims cells and
//! checks row lengths itself, because it could not keep three of the
//! module's rules (measured with `csv` 1.4.0):
//! - memory: a `csv` record keeps every field, so a line of 8 million
//!   commas (8 MB) costs it about 470 MB, and a data row of 4 million commas
//!   about 100 MB, where `tests/memory.rs` allows 4 bytes per input byte
//!   (34 MB and 17 MB); this reader keeps at most [`FIELDS_KEPT`] fields of
//!   a record and only counts the rest;
//! - line numbers: `csv` counts only `\n`, so every record of a file whose
//!   lines end in a lone `\r` is on its line 1, and a record's position is
//!   taken before the blank lines that precede it;
//! - row lengths: `csv` compares each record with the first one it read,
//!   blank records included, so a blank line of another width (`,,,`, or
//!   spaces) before or after the header would be refused instead of skipped.
//!
//! Cells are trimmed later, with [`str::trim`]: the same Unicode trimming
//! the `csv` crate applies to text records.

use csv_core::{ReadFieldResult, Reader, ReaderBuilder};

use super::MAX_COLUMNS;
use super::encoding::Text;
use super::error::CsvError;
use super::lines::LineCounter;

/// Fields of a record kept in memory: one more than any header may have, so
/// a record that is too wide is still recognised but costs no more memory.
const FIELDS_KEPT: usize = MAX_COLUMNS + 1;

/// Bytes the parser unescapes at a time.
const PARSE_CHUNK: usize = 4096;

/// Longest buffer a field hands on to the next field read: a number's
/// or a word's.
const REUSED_BYTES: usize = 64;

/// Reads the non-blank records of a CSV text one at a time.
///
/// Quoted fields follow RFC 4180; a record ends at `\n`, `\r\n` or a lone
/// `\r` outside quotes. At most [`FIELDS_KEPT`] fields of a record are kept
/// (the rest are only counted), so no record costs more memory than the
/// widest file allowed.
pub(super) struct Rows<'a> {
    /// The whole text.
    text: Text<'a>,
    /// Bytes of the text the parser has consumed.
    consumed: usize,
    /// The parser.
    parser: Reader,
    /// The field separator the parser splits on.
    delimiter: u8,
    /// The fields of the record last read, untrimmed: its first `kept`
    /// (at most [`FIELDS_KEPT`]); the rest are buffers whose memory the
    /// next records reuse.
    fields: Vec<String>,
    /// How many of `fields` the record last read filled.
    kept: usize,
    /// Number of fields of the record last read.
    found: usize,
    /// The field being read, unescaped; a buffer the fields hand back.
    field: Vec<u8>,
    /// The parser's output, copied into `field` as it comes.
    chunk: Vec<u8>,
    /// Counts lines up to the record last read.
    lines: LineCounter,
    /// Field count every record must have; None while reading the header.
    width: Option<usize>,
}

/// Where a [`Rows`] stands between two records, to read again from there
/// with [`Rows::rewind`].
pub(super) struct RowsMark {
    /// Bytes consumed.
    consumed: usize,
    /// The line count.
    lines: LineCounter,
    /// The width records must have.
    width: Option<usize>,
}

impl<'a> Rows<'a> {
    /// Where the reader stands now, between two records.
    pub(super) fn mark(&self) -> RowsMark {
        RowsMark {
            consumed: self.consumed,
            lines: self.lines.clone(),
            width: self.width,
        }
    }

    /// Goes back to `mark`, to read the same records again; the record
    /// buffer is kept, so a second pass costs no more memory. The parser
    /// starts afresh there, as between two records it holds no state (and
    /// `csv-core`'s `Reader::clone` does not copy its whole table).
    pub(super) fn rewind(&mut self, mark: &RowsMark) {
        self.consumed = mark.consumed;
        self.parser = ReaderBuilder::new().delimiter(self.delimiter).build();
        self.lines = mark.lines.clone();
        self.width = mark.width;
        self.kept = 0;
        self.found = 0;
    }

    /// A reader at the start of `text`.
    pub(super) fn new(text: Text<'a>, delimiter: u8) -> Self {
        Rows {
            text,
            consumed: 0,
            parser: ReaderBuilder::new().delimiter(delimiter).build(),
            delimiter,
            fields: Vec::new(),
            kept: 0,
            found: 0,
            field: Vec::new(),
            chunk: vec![0; PARSE_CHUNK],
            lines: LineCounter::default(),
            width: None,
        }
    }

    /// The next record that is not blank, with the line it starts on.
    pub(super) fn next_row(&mut self) -> Result<Option<(u64, &[String])>, CsvError> {
        loop {
            let start = self.consumed;
            let Some(blank) = self.read_record() else {
                return Ok(None);
            };
            if blank {
                continue;
            }
            let line = self
                .lines
                .line_of(self.text.bytes(), record_start(self.text.bytes(), start));
            if let Some(expected) = self.width.filter(|&width| width != self.found) {
                return Err(CsvError::Ragged {
                    line,
                    expected,
                    found: self.found,
                });
            }
            let kept = self.fields.get(..self.kept).unwrap_or_default();
            return Ok(Some((line, kept)));
        }
    }

    /// Number of fields of the record last read, kept or not.
    pub(super) fn found(&self) -> usize {
        self.found
    }

    /// Makes every later record need `width` fields, the header's.
    pub(super) fn require_width(&mut self, width: usize) {
        self.width = Some(width);
    }

    /// Reads one record into `fields`, `kept` and `found`; whether all its
    /// cells are blank, or None at the end of the text. A field's text
    /// takes the buffer it was unescaped into, and the buffer of the field
    /// it replaces is the next one's: records of short fields allocate
    /// nothing once the buffers have grown to the fields' lengths.
    fn read_record(&mut self) -> Option<bool> {
        // The last record's long fields go now, as they went before the
        // buffers were reused: two records never hold more than one's
        // memory plus the short buffers.
        for slot in self
            .fields
            .iter_mut()
            .filter(|f| f.capacity() > REUSED_BYTES)
        {
            *slot = String::new();
        }
        self.kept = 0;
        self.found = 0;
        let mut blank = true;
        self.field.clear();
        loop {
            let input = self.text.bytes().get(self.consumed..).unwrap_or_default();
            let (result, read, written) = self.parser.read_field(input, &mut self.chunk);
            self.consumed += read;
            self.field
                .extend_from_slice(self.chunk.get(..written).unwrap_or_default());
            match result {
                ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => {}
                ReadFieldResult::End => {
                    self.fields = Vec::new();
                    return None;
                }
                ReadFieldResult::Field { record_end } => {
                    let text = self.text.decode(std::mem::take(&mut self.field));
                    blank = blank && text.trim().is_empty();
                    let freed = if self.found < FIELDS_KEPT {
                        self.keep(text)
                    } else {
                        text
                    };
                    self.field = Self::reusable(freed);
                    self.found += 1;
                    if record_end {
                        return Some(blank);
                    }
                }
            }
        }
    }

    /// `freed`'s memory as the next field's buffer, emptied; none where it
    /// holds more than [`REUSED_BYTES`], as a long field is rare and the
    /// memory a file may cost is bounded (`tests/memory.rs`).
    fn reusable(freed: String) -> Vec<u8> {
        if freed.capacity() > REUSED_BYTES {
            return Vec::new();
        }
        let mut buffer = freed.into_bytes();
        buffer.clear();
        buffer
    }

    /// Makes `text` the next kept field; the String it replaces, to reuse.
    fn keep(&mut self, text: String) -> String {
        let freed = match self.fields.get_mut(self.kept) {
            Some(slot) => std::mem::replace(slot, text),
            None => {
                self.fields.push(text);
                String::new()
            }
        };
        self.kept += 1;
        freed
    }
}

/// Where a record whose reading started at byte `start` begins: the parser
/// skips empty lines before a record without reporting them.
fn record_start(bytes: &[u8], start: usize) -> usize {
    let skipped = bytes
        .get(start..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&byte| byte == b'\n' || byte == b'\r')
        .count();
    start + skipped
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::csv::test_support::{at, read, read_err, strings};
    use crate::data::csv::{CsvColumns, read_csv};

    #[test]
    fn line_numbers_count_skipped_blank_lines() {
        let text = "\r\n\nx,labeled\r\n1,1\r\n\r\n \r\n,\n\n2,0\n\n\n3,x\n";
        let (err, message) = read_err(text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::InvalidLabeled {
                at: at(12, 3, "labeled"),
                value: "x".to_owned()
            }
        );
        assert!(message.starts_with("Line 12 (data row 3), column \"labeled\""));
    }

    /// The records left, each with its line.
    fn every_record(rows: &mut Rows<'_>) -> Vec<(u64, Vec<String>)> {
        let mut records = Vec::new();
        while let Some((line, record)) = rows.next_row().unwrap() {
            records.push((line, record.to_vec()));
        }
        records
    }

    /// Rewound to a mark, the reader gives the same records on the same
    /// lines again, across CRLF and lone CR endings, blank lines and quotes.
    #[test]
    fn a_rewound_reader_reads_the_same_records_again() {
        let text = "x,labeled\r\n1,1\r\n\r\n\"a,\r\nb\",0\r2,1\n";
        let mut rows = Rows::new(Text::Utf8(text), b',');
        rows.next_row().unwrap();
        rows.require_width(2);
        let mark = rows.mark();
        let first = every_record(&mut rows);
        assert_eq!(
            first,
            vec![
                (2, strings(&["1", "1"])),
                (4, strings(&["a,\r\nb", "0"])),
                (6, strings(&["2", "1"])),
            ]
        );
        rows.rewind(&mark);
        let again = every_record(&mut rows);
        assert_eq!(again, first);
    }

    #[test]
    fn quoted_field_may_span_lines() {
        let data = read("note,x,labeled\n\"two\nlines\",1,1\nplain,2,0\nlast,3,0\n");
        // The note column is text, so reading every other column fails on it...
        let err = data.unwrap_err();
        assert_eq!(
            err,
            CsvError::NonNumeric {
                at: at(2, 1, "note"),
                value: "two\\nlines".to_owned()
            }
        );
        // ...and the line count after the quoted break is right.
        let columns = CsvColumns {
            features: Some(strings(&["x"])),
            ..CsvColumns::default()
        };
        let text = "note,x,labeled\n\"two\nlines\",1,1\nplain,2,0\nlast,1e39,0\n";
        let (err, message) = read_err(text, &columns);
        assert_eq!(
            err,
            CsvError::NonFinite {
                at: at(5, 3, "x"),
                value: "1e39".to_owned()
            }
        );
        assert!(message.starts_with("Line 5 (data row 3), column \"x\": \"1e39\" is not a finite"));
    }

    #[test]
    fn ragged_row() {
        let (err, message) = read_err("x,y,labeled\n1,2,1\n3,0\n", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::Ragged {
                line: 3,
                expected: 3,
                found: 2
            }
        );
        assert!(message.starts_with("Line 3 has 2 fields but the header has 3."));
        let (_, message) = read_err("x,y,labeled\n1,2,1\n\n3\n", &CsvColumns::default());
        assert!(message.starts_with("Line 4 has 1 field but the header has 3."));
    }

    #[test]
    fn carriage_return_line_endings_count_lines() {
        let (err, message) = read_err("x,labeled\r1,1\r\r2,maybe\r", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::InvalidLabeled {
                at: at(4, 2, "labeled"),
                value: "maybe".to_owned()
            }
        );
        assert!(message.starts_with("Line 4 (data row 2)"), "{message}");
        let (err, _) = read_err("x,y,labeled\r1,2,1\r3,0\r", &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::Ragged {
                line: 3,
                expected: 3,
                found: 2
            }
        );
        // A quoted break counts too, whatever its ending.
        let text = "note,x,labeled\r\"a\rb\",1,1\rc,1e39,0\r";
        let columns = CsvColumns {
            features: Some(strings(&["x"])),
            ..CsvColumns::default()
        };
        let (err, _) = read_err(text, &columns);
        assert_eq!(
            err,
            CsvError::NonFinite {
                at: at(4, 2, "x"),
                value: "1e39".to_owned()
            }
        );
        assert_eq!(
            read_csv(b"x,labeled\r1,1\r\x81,0", &CsvColumns::default()),
            Err(CsvError::NotUtf8 { line: 3, byte: 14 })
        );
    }

    #[test]
    fn wide_records_are_refused_without_keeping_every_field() {
        let header = format!("a{}", ",".repeat(1_000_000));
        let (err, _) = read_err(&format!("{header}\n1\n"), &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::TooManyColumns {
                found: 1_000_001,
                limit: MAX_COLUMNS
            }
        );
        let text = format!("x,labeled\n1,1\n{}2\n", ",".repeat(100_000));
        let (err, _) = read_err(&text, &CsvColumns::default());
        assert_eq!(
            err,
            CsvError::Ragged {
                line: 3,
                expected: 2,
                found: 100_001
            }
        );
        // A blank record of any width is skipped.
        let text = format!("{}\nx,labeled\n1,1\n2,0\n", ",".repeat(10_000));
        assert_eq!(read(&text).unwrap().rows(), 2);
    }
}

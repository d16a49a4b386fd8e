//! Files that are not a table of text: the workbooks, archives and binary
//! tables users drop in place of a CSV, told apart by their first bytes so
//! the message says what the file is and how to save it as CSV.

use std::fmt;

/// How far into a file's first line a zero byte is looked for: binary
/// formats have one near their start, and a header line has none.
const LOOKED_AT: usize = 1024;

/// What a file that is not text is, by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotText {
    /// A zip archive, as Excel's .xlsx and LibreOffice's .ods workbooks are.
    Zip,
    /// A compound file, as Excel's workbooks before 2007 (.xls) are.
    OldExcel,
    /// Compressed with gzip (.gz).
    Gzip,
    /// An Apache Parquet table.
    Parquet,
    /// A PDF document.
    Pdf,
    /// JSON: an array of records or one record per line.
    Json,
    /// Binary data of another kind: a zero byte in the first line.
    Binary {
        /// 0-based offset of the first zero byte.
        byte: usize,
    },
}

impl NotText {
    /// What `bytes` are, if their start shows they are not CSV text: a
    /// format's signature ([`NotText::signed`]) or a zero byte in the first
    /// line; the bytes of a UTF-16 file are given decoded.
    pub(super) fn of(bytes: &[u8]) -> Option<Self> {
        NotText::signed(bytes).or_else(|| {
            let byte = bytes
                .iter()
                .take(LOOKED_AT)
                .take_while(|&&b| b != b'\n')
                .position(|&b| b == 0)?;
            Some(NotText::Binary { byte })
        })
    }

    /// The format whose signature `bytes` start with, if any; JSON by its
    /// first characters: an array of records or a record.
    pub(super) fn signed(bytes: &[u8]) -> Option<Self> {
        let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let json = text.trim_ascii_start();
        let format = match bytes {
            [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => NotText::Zip,
            [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, ..] => NotText::OldExcel,
            [0x1F, 0x8B, ..] => NotText::Gzip,
            [b'P', b'A', b'R', b'1', ..] => NotText::Parquet,
            [b'%', b'P', b'D', b'F', b'-', ..] => NotText::Pdf,
            _ if json.starts_with(b"{\"")
                || json
                    .strip_prefix(b"[")
                    .is_some_and(|rest| rest.trim_ascii_start().starts_with(b"{")) =>
            {
                NotText::Json
            }
            _ => return None,
        };
        Some(format)
    }

    /// How to turn such a file into a CSV the reader takes.
    fn what_to_do(self) -> &'static str {
        match self {
            NotText::Zip => {
                "Save the sheet as CSV (Excel: File › Save As › \"CSV UTF-8\"; LibreOffice: \
                 File › Save As › \"Text CSV\"), or unzip an archive and load the CSV inside."
            }
            NotText::OldExcel => {
                "Open it in Excel or LibreOffice and save the sheet as CSV (Excel: \"CSV UTF-8\")."
            }
            NotText::Gzip => "Decompress it first (gunzip, or 7-Zip) and load the CSV inside.",
            NotText::Parquet => {
                "Write it as CSV first, for example in pandas: \
                 pd.read_parquet(path).to_csv(\"table.csv\", index=False)."
            }
            NotText::Pdf => {
                "Export the table from the program that made the PDF as CSV, or copy it into a \
                 spreadsheet and save that as CSV."
            }
            NotText::Json => {
                "Write it as CSV first, for example in pandas: \
                 pd.read_json(path).to_csv(\"table.csv\", index=False) (lines=True for one \
                 record per line)."
            }
            NotText::Binary { .. } => {
                "Only comma-, semicolon- or tab-separated text is read: save the table as CSV."
            }
        }
    }
}

impl fmt::Display for NotText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self {
            NotText::Zip => "a zip archive, as an Excel (.xlsx) or LibreOffice (.ods) workbook is",
            NotText::OldExcel => "an Excel workbook of the old kind (.xls)",
            NotText::Gzip => "compressed with gzip",
            NotText::Parquet => "a Parquet table",
            NotText::Pdf => "a PDF document",
            NotText::Json => "JSON",
            NotText::Binary { byte } => {
                return write!(
                    f,
                    "The file holds binary data (a zero byte at byte offset {byte}), not text. {}",
                    self.what_to_do()
                );
            }
        };
        write!(f, "The file is {what}, not CSV text. {}", self.what_to_do())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workbooks_archives_and_binary_tables_are_named_and_text_is_not() {
        for (bytes, format) in [
            (
                &b"PK\x03\x04\x14\x00\x06\x00[Content_Types].xml"[..],
                NotText::Zip,
            ),
            (
                b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00",
                NotText::OldExcel,
            ),
            (b"\x1F\x8B\x08\x00\x00\x00", NotText::Gzip),
            (b"PAR1\x15\x04\x15", NotText::Parquet),
            (b"%PDF-1.7\n", NotText::Pdf),
            (
                b"\xEF\xBB\xBF [\n  {\"a\": 1, \"labeled\": 1}]",
                NotText::Json,
            ),
            (b"{\"a\":1,\"labeled\":1}\n{\"a\":2}\n", NotText::Json),
            (
                b"\x93NUMPY\x01\x00v\x00{'descr'",
                NotText::Binary { byte: 7 },
            ),
        ] {
            assert_eq!(NotText::of(bytes), Some(format), "{bytes:?}");
        }
        for text in [
            &b"x,labeled\n1,1\n"[..],
            b"[mm],labeled\n1,1\n",
            b"{a},labeled\n1,1\n",
            b"PKa,labeled\n1,1\n",
            // A zero byte in a data row is a bad cell, named where it is.
            b"x,labeled\n1,1\n2\x00,0\n",
            b"",
        ] {
            assert_eq!(NotText::of(text), None, "{text:?}");
        }
        let message = NotText::Zip.to_string();
        assert!(message.starts_with("The file is a zip archive, as an Excel (.xlsx)"));
        assert!(message.contains("\"CSV UTF-8\""));
        let message = NotText::Binary { byte: 7 }.to_string();
        assert!(message.contains("a zero byte at byte offset 7"));
    }
}

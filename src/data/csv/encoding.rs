//! The file's bytes as text: UTF-8 (a leading byte order mark dropped);
//! UTF-16 with its byte order mark (Excel's "Unicode Text"); or, where the
//! bytes are none of those, Windows-1252, which Excel's "CSV (Comma
//! delimited)" writes on Windows, with a warning saying so. Bytes that are
//! not Windows-1252 text either (a NUL, one of its five unused bytes, a
//! UTF-8 byte order mark before bytes that are not UTF-8) are refused,
//! naming where UTF-8 stopped.

use std::borrow::Cow;

use super::MAX_CSV_BYTES;
use super::error::CsvError;
use super::reader::line_breaks;

/// Windows-1252's characters for the bytes 0x80 to 0x9F; from 0xA0 on a
/// byte is the Unicode character of the same number, as in Latin-1. The
/// five bytes the encoding leaves unused are NUL here and refused.
const FROM_0X80: [char; 32] = [
    '€', '\0', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\0', 'Ž', '\0', '\0', '‘',
    '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\0', 'ž', 'Ÿ',
];

/// A CSV file's text, decoded once for every reader of it.
pub(super) struct CsvText<'a> {
    /// The text, borrowed from the bytes where they are UTF-8.
    text: Cow<'a, str>,
    /// What the user should know about how it was decoded, if anything.
    pub(super) warning: Option<String>,
}

impl<'a> CsvText<'a> {
    /// The text of `bytes`, refusing a file over [`MAX_CSV_BYTES`].
    pub(super) fn decode(bytes: &'a [u8]) -> Result<Self, CsvError> {
        if bytes.len() > MAX_CSV_BYTES {
            return Err(CsvError::FileTooLarge { bytes: bytes.len() });
        }
        let not_utf8 = match std::str::from_utf8(bytes) {
            Ok(text) => {
                return Ok(CsvText {
                    text: Cow::Borrowed(text.strip_prefix('\u{feff}').unwrap_or(text)),
                    warning: None,
                });
            }
            Err(err) => err.valid_up_to(),
        };
        if let Some(text) = utf16(bytes) {
            return text.map(|text| CsvText {
                text: Cow::Owned(text),
                warning: None,
            });
        }
        let line = 1 + line_breaks(bytes, 0, not_utf8);
        let refused = || CsvError::NotUtf8 {
            line,
            byte: not_utf8,
        };
        if bytes.starts_with(b"\xef\xbb\xbf") {
            return Err(refused());
        }
        let text: Option<String> = bytes.iter().map(|&byte| windows_1252(byte)).collect();
        let (Some(text), Some(&first)) = (text, bytes.get(not_utf8)) else {
            return Err(refused());
        };
        let warning = format!(
            "The file is not UTF-8, so it was read as Windows-1252, as Excel's \"CSV (Comma \
             delimited)\" writes it: line {line} holds \"{}\", the first character UTF-8 \
             would not read. If names or values look wrong, save the file as \"CSV UTF-8\" and \
             load it again.",
            windows_1252(first).unwrap_or('?')
        );
        Ok(CsvText {
            text: Cow::Owned(text),
            warning: Some(warning),
        })
    }

    /// The text.
    pub(super) fn as_str(&self) -> &str {
        &self.text
    }
}

/// The character a byte is in Windows-1252; None for NUL and the unused bytes.
fn windows_1252(byte: u8) -> Option<char> {
    let c = match byte {
        0x80..=0x9f => FROM_0X80[usize::from(byte - 0x80)],
        _ => char::from(byte),
    };
    (c != '\0').then_some(c)
}

/// The text behind a UTF-16 byte order mark: None without one, an error
/// where the bytes after it are not UTF-16.
fn utf16(bytes: &[u8]) -> Option<Result<String, CsvError>> {
    let unit: fn([u8; 2]) -> u16 = match bytes.get(..2)? {
        [0xff, 0xfe] => u16::from_le_bytes,
        [0xfe, 0xff] => u16::from_be_bytes,
        _ => return None,
    };
    let pairs = bytes[2..].chunks_exact(2);
    if !pairs.remainder().is_empty() {
        return Some(Err(CsvError::NotUtf16));
    }
    let units = pairs.map(|pair| unit([pair[0], pair[1]]));
    let text: Result<String, _> = char::decode_utf16(units).collect();
    Some(text.map_err(|_| CsvError::NotUtf16))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_1252_bytes_are_read_with_a_warning() {
        let text = CsvText::decode(b"Gr\xf6\xdfe,labeled\n1,1\n\x80 5,0\n").unwrap();
        assert_eq!(text.as_str(), "Größe,labeled\n1,1\n€ 5,0\n");
        assert_eq!(
            text.warning.as_deref(),
            Some(
                "The file is not UTF-8, so it was read as Windows-1252, as Excel's \"CSV (Comma \
                 delimited)\" writes it: line 1 holds \"ö\", the first character UTF-8 would \
                 not read. If names or values look wrong, save the file as \"CSV UTF-8\" and \
                 load it again."
            )
        );
        let utf8 = CsvText::decode("\u{feff}Größe,labeled\n".as_bytes()).unwrap();
        assert_eq!((utf8.as_str(), &utf8.warning), ("Größe,labeled\n", &None));
    }

    #[test]
    fn bytes_no_encoding_reads_are_refused_where_utf8_stopped() {
        for (bytes, line, byte) in [
            (&b"x,labeled\n1,\x81\n"[..], 2, 12),
            (b"x,labeled\n\x00\xff", 2, 11),
            (b"\xef\xbb\xbfx\n\xe9", 2, 5),
        ] {
            assert!(
                matches!(CsvText::decode(bytes), Err(CsvError::NotUtf8 { line: l, byte: b }) if l == line && b == byte),
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn utf16_with_its_byte_order_mark_is_read() {
        let units: Vec<u16> = "x\tlabeled\n1\tP\n".encode_utf16().collect();
        let little: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain(units.iter().flat_map(|u| u.to_le_bytes()))
            .collect();
        let big: Vec<u8> = [0xfe, 0xff]
            .into_iter()
            .chain(units.iter().flat_map(|u| u.to_be_bytes()))
            .collect();
        for bytes in [little, big] {
            let text = CsvText::decode(&bytes).unwrap();
            assert_eq!(
                (text.as_str(), &text.warning),
                ("x\tlabeled\n1\tP\n", &None)
            );
        }
        assert!(matches!(
            CsvText::decode(b"\xff\xfex\x00y"),
            Err(CsvError::NotUtf16)
        ));
        assert!(matches!(
            CsvText::decode(b"\xff\xfe\x00\xd8x\x00"),
            Err(CsvError::NotUtf16)
        ));
    }
}

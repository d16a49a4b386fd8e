//! The text of a CSV file: UTF-8 (a byte order mark at its start left out),
//! or, where its bytes are not UTF-8, Windows-1252, which Excel on Western
//! European Windows writes when asked for plain "CSV". A Windows-1252 file
//! is decoded a field at a time (and its header line once), never as a
//! whole, so reading it costs no decoded copy of the file. A UTF-16 file
//! (Excel's "Unicode Text", with a byte order mark, or pandas' "utf-16-le",
//! without one), whose separators are two bytes wide, is first decoded as
//! a whole to UTF-8 ([`utf16_decoded`]).

use std::borrow::Cow;

use super::MAX_CSV_BYTES;
use super::error::CsvError;
use super::lines::line_breaks;
use super::not_text::NotText;

/// Bytes 0x80 to 0x9F as Windows-1252 reads them; it leaves five undefined.
/// (Every other byte is the Unicode character of the same number.)
const FROM_0X80: [Option<char>; 32] = [
    Some('€'),
    None,
    Some('‚'),
    Some('ƒ'),
    Some('„'),
    Some('…'),
    Some('†'),
    Some('‡'),
    Some('ˆ'),
    Some('‰'),
    Some('Š'),
    Some('‹'),
    Some('Œ'),
    None,
    Some('Ž'),
    None,
    None,
    Some('‘'),
    Some('’'),
    Some('“'),
    Some('”'),
    Some('•'),
    Some('–'),
    Some('—'),
    Some('˜'),
    Some('™'),
    Some('š'),
    Some('›'),
    Some('œ'),
    None,
    Some('ž'),
    Some('Ÿ'),
];

/// The character a byte stands for in Windows-1252, if it stands for one.
fn windows_1252(byte: u8) -> Option<char> {
    match byte {
        0x80..=0x9F => FROM_0X80[usize::from(byte - 0x80)],
        _ => Some(char::from(byte)),
    }
}

/// Windows-1252 bytes as text (an undefined byte, which [`Text::of`] lets
/// through in no file, as the replacement character).
fn decode_1252(bytes: &[u8]) -> String {
    let chars = || {
        bytes
            .iter()
            .map(|&byte| windows_1252(byte).unwrap_or(char::REPLACEMENT_CHARACTER))
    };
    exact_string(chars)
}

/// The characters `chars` gives, in a String sized to them exactly: one
/// that grew as they came would hold up to twice their bytes, and a field
/// or a whole file can be megabytes.
fn exact_string<I: Iterator<Item = char>>(chars: impl Fn() -> I) -> String {
    let mut text = String::with_capacity(chars().map(char::len_utf8).sum());
    text.extend(chars());
    text
}

/// How many characters at the start of a file without a byte order mark
/// are looked at to tell it is UTF-16.
const UTF16_SNIFFED: usize = 32;

/// The bytes the reader reads: a UTF-16 file (little- or big-endian,
/// told by its byte order mark or, without one, by a zero byte beside
/// most characters of its start) decoded to UTF-8, with a character it
/// cannot decode (half a pair) as the replacement character; any other
/// file as it is.
///
/// # Errors
/// [`CsvError::FileTooLarge`] for a UTF-16 file over
/// [`MAX_CSV_BYTES`], before it is decoded; [`CsvError::Utf16CutShort`]
/// for one of an odd number of bytes.
pub(super) fn utf16_decoded(bytes: &[u8]) -> Result<Cow<'_, [u8]>, CsvError> {
    let (unit, mark): (fn([u8; 2]) -> u16, usize) = match bytes {
        [0xff, 0xfe, ..] => (u16::from_le_bytes, 2),
        [0xfe, 0xff, ..] => (u16::from_be_bytes, 2),
        _ => match utf16_without_mark(bytes) {
            Some(unit) => (unit, 0),
            None => return Ok(Cow::Borrowed(bytes)),
        },
    };
    if bytes.len() > MAX_CSV_BYTES {
        return Err(CsvError::FileTooLarge {
            bytes: bytes.len() as u64,
        });
    }
    let (pairs, rest) = bytes[mark..].as_chunks::<2>();
    if !rest.is_empty() {
        return Err(CsvError::Utf16CutShort);
    }
    let chars = || {
        char::decode_utf16(pairs.iter().map(move |&pair| unit(pair)))
            .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
    };
    Ok(Cow::Owned(exact_string(chars).into_bytes()))
}

/// How the characters of a UTF-16 file without a byte order mark are
/// read (pandas writes one with `encoding="utf-16-le"`): of its first
/// [`UTF16_SNIFFED`] characters (at least two), three in four have a zero
/// byte on the same side and a byte that is not zero on the other, as the
/// Latin letters, digits and separators of a header have (a tab or
/// above), and none is two zero bytes; a file that starts as a binary
/// format does ([`NotText::signed`]) is not one. Text in any other
/// encoding holds no zero byte.
fn utf16_without_mark(bytes: &[u8]) -> Option<fn([u8; 2]) -> u16> {
    let (pairs, _) = bytes[..bytes.len().min(2 * UTF16_SNIFFED)].as_chunks::<2>();
    if pairs.len() < 2 || pairs.contains(&[0, 0]) || NotText::signed(bytes).is_some() {
        return None;
    }
    let mostly = |zero_at: usize| {
        let latin = pairs
            .iter()
            .filter(|pair| pair[zero_at] == 0 && pair[1 - zero_at] >= b'\t')
            .count();
        4 * latin >= 3 * pairs.len()
    };
    if mostly(1) {
        Some(u16::from_le_bytes)
    } else if mostly(0) {
        Some(u16::from_be_bytes)
    } else {
        None
    }
}

/// A file's text, as the reader splits it: separators, quotes and line
/// breaks are the same ASCII bytes in both encodings.
#[derive(Clone, Copy, Debug)]
pub(super) enum Text<'a> {
    /// UTF-8 text.
    Utf8(&'a str),
    /// Windows-1252 bytes, each byte one character.
    Windows1252(&'a [u8]),
}

impl<'a> Text<'a> {
    /// The text of `bytes` (UTF-16 already decoded by [`utf16_decoded`]):
    /// UTF-8 if they are, without a leading byte order mark; otherwise
    /// Windows-1252 if every byte has a meaning there.
    ///
    /// # Errors
    /// [`CsvError::NotUtf8`], naming where they stop being UTF-8, for bytes
    /// that are neither.
    pub(super) fn of(bytes: &'a [u8]) -> Result<Self, CsvError> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(Text::Utf8(text.strip_prefix('\u{feff}').unwrap_or(text))),
            Err(_) if bytes.iter().all(|&byte| windows_1252(byte).is_some()) => {
                Ok(Text::Windows1252(bytes))
            }
            Err(err) => Err(CsvError::NotUtf8 {
                line: 1 + line_breaks(bytes, 0, err.valid_up_to()),
                byte: err.valid_up_to(),
            }),
        }
    }

    /// The bytes the reader splits.
    pub(super) fn bytes(self) -> &'a [u8] {
        match self {
            Text::Utf8(text) => text.as_bytes(),
            Text::Windows1252(bytes) => bytes,
        }
    }

    /// A field's bytes as text. A UTF-8 file's fields are UTF-8, as they are
    /// split at ASCII bytes.
    pub(super) fn decode(self, field: Vec<u8>) -> String {
        match self {
            Text::Utf8(_) => String::from_utf8(field)
                .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
            Text::Windows1252(_) => decode_1252(&field),
        }
    }

    /// How many bytes of whitespace (blank lines included) start the text
    /// from byte `from` on.
    pub(super) fn blank_from(self, from: usize) -> usize {
        match self {
            Text::Utf8(text) => {
                let after = text.get(from..).unwrap_or_default();
                after.len() - after.trim_start().len()
            }
            Text::Windows1252(bytes) => bytes
                .get(from..)
                .unwrap_or_default()
                .iter()
                .take_while(|&&byte| windows_1252(byte).is_some_and(char::is_whitespace))
                .count(),
        }
    }

    /// The text between bytes `start` and `end` (both just after or before
    /// an ASCII byte), trimmed.
    pub(super) fn part(self, start: usize, end: usize) -> Cow<'a, str> {
        match self {
            Text::Utf8(text) => Cow::Borrowed(text.get(start..end).unwrap_or_default().trim()),
            Text::Windows1252(bytes) => {
                let part = decode_1252(bytes.get(start..end).unwrap_or_default());
                match part.trim() {
                    trimmed if trimmed.len() == part.len() => Cow::Owned(part),
                    trimmed => Cow::Owned(trimmed.to_owned()),
                }
            }
        }
    }

    /// What the user should know about how the file was read, if anything.
    pub(super) fn note(self) -> Option<String> {
        matches!(self, Text::Windows1252(_)).then(|| {
            "The file is not UTF-8, so it was read as Windows-1252 (what Excel on Western \
             European Windows saves as \"CSV\"). If names or values show odd characters, \
             save it as UTF-8 (in Excel: \"CSV UTF-8\") and load it again."
                .to_owned()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_not_utf8_read_as_windows_1252_where_each_has_a_meaning() {
        let latin = b"Gr\xf6\xdfe;\x80\x96\xa0";
        let text = Text::of(latin).unwrap();
        assert!(matches!(text, Text::Windows1252(_)));
        assert_eq!(text.decode(latin.to_vec()), "Größe;€–\u{a0}");
        assert_eq!(text.part(0, latin.len()), "Größe;€–");
        assert_eq!(Text::of(b"\xa0 \n\xe9").unwrap().blank_from(0), 3);
        assert!(text.note().unwrap().contains("read as Windows-1252"));
        // Bytes Windows-1252 leaves undefined (as Shift-JIS and GBK use) are
        // refused where UTF-8 stops.
        assert_eq!(
            Text::of(b"a\nb\x81c").unwrap_err(),
            CsvError::NotUtf8 { line: 2, byte: 3 }
        );
        let utf8 = Text::of("\u{feff}\u{a0}Größe".as_bytes()).unwrap();
        assert_eq!(utf8.bytes(), "\u{a0}Größe".as_bytes());
        assert_eq!(utf8.blank_from(0), 2);
        assert_eq!(utf8.note(), None);
    }
}

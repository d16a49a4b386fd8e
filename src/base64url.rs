//! Base64url without padding (RFC 4648 §5): bytes as text that is safe in a
//! URL hash, for CSV data carried inside share links.

use crate::user_text::clip;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Encode bytes, without `=` padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (*b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Decode base64url text (padding and surrounding whitespace allowed).
///
/// # Errors
/// The position and character of the first symbol outside the alphabet, or
/// a length no encoder produces.
pub fn decode(text: &str) -> Result<Vec<u8>, String> {
    let text = text.trim().trim_end_matches('=');
    if text.len() % 4 == 1 {
        return Err(format!(
            "{} characters cannot be base64url (the text was cut short)",
            text.len()
        ));
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for (c, chunk) in text.as_bytes().chunks(4).enumerate() {
        let mut n = 0u32;
        for (i, symbol) in chunk.iter().enumerate() {
            let value = ALPHABET.iter().position(|a| a == symbol).ok_or_else(|| {
                // Symbols are ASCII, so the first byte outside them starts a character.
                let at = c * 4 + i;
                let shown = text.get(at..).and_then(|rest| rest.chars().next());
                format!(
                    "character {} (\"{}\") is not base64url",
                    at + 1,
                    clip(&shown.map(String::from).unwrap_or_default())
                )
            })?;
            n |= (value as u32) << (18 - 6 * i);
        }
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_rfc_4648_vectors_without_padding() {
        let cases = [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in cases {
            assert_eq!(encode(plain.as_bytes()), encoded);
            assert_eq!(decode(encoded).unwrap(), plain.as_bytes());
        }
        // The URL-safe symbols replace + and /.
        assert_eq!(encode(&[0xfb, 0xff]), "-_8");
        assert_eq!(decode("-_8=").unwrap(), vec![0xfb, 0xff]);
    }

    #[test]
    fn round_trips_every_byte_and_refuses_damage() {
        let bytes: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&bytes)).unwrap(), bytes);
        assert!(decode("Zm9v!A").unwrap_err().contains("character 5"));
        assert!(decode("Zm9vY").unwrap_err().contains("cut short"));
    }

    #[test]
    fn names_a_wrong_character_as_it_is_written() {
        assert_eq!(
            decode("Zm9vé").unwrap_err(),
            "character 5 (\"é\") is not base64url"
        );
        assert_eq!(
            decode("Zm\u{0}v").unwrap_err(),
            "character 3 (\"\\u{0}\") is not base64url"
        );
    }
}
